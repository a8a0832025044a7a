package ledger

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cockroachdb/pebble/v2"
)

// RecentFeedback returns up to max (capped at MaxFeedbackPerAccount) of the
// account's feedback, one per classification (the newest), newest first:
// fbt/ read backwards, each entry's fbl/ row.
func (s *Store) RecentFeedback(ctx context.Context, accountID string, max int) ([]Feedback, error) {
	if _, err := s.account(accountID); err != nil {
		return nil, err
	}
	if max <= 0 {
		return nil, nil
	}
	max = min(max, MaxFeedbackPerAccount)
	if err := s.enter(); err != nil {
		return nil, err
	}
	defer s.leave()
	p := acctPrefix(pFbTime, accountID)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: p, UpperBound: upperBound(p)})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	var out []Feedback
	for ok := it.Last(); ok && len(out) < max; ok = it.Prev() {
		cid, err := it.ValueAndErr()
		if err != nil {
			return nil, err
		}
		v, err := s.get(feedbackKey(accountID, string(cid)))
		if errors.Is(err, ErrNotFound) {
			continue // replaced after the iterator's snapshot
		} else if err != nil {
			return nil, err
		}
		var f Feedback
		if err := json.Unmarshal(v, &f); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, it.Error()
}

// feedbackKey is fbl/<accountID>/<classificationID>.
func feedbackKey(accountID, classificationID string) []byte {
	return key(pFbLast, accountID, "/", classificationID)
}

// putFeedback adds f (validated, completed) to b: its fbl/ row (replacing
// the classification's older feedback and its fbt/ entry) and fbt/ entry,
// and the account's fbn/ count when the classification is new. A new
// classification beyond MaxFeedbackPerAccount is ErrFeedbackLimit; an f
// older than the stored one writes nothing. The caller holds the account's
// fbMu until b is applied, so that reads here see every earlier feedback.
func (s *Store) putFeedback(b *pebble.Batch, f Feedback) error {
	if f.ClassificationID == "" || len(f.ClassificationID) > 200 {
		return fmt.Errorf("%w: feedback classification id required (at most 200 bytes)", ErrInvalid)
	}
	lk := feedbackKey(f.AccountID, f.ClassificationID)
	old, err := s.get(lk)
	switch {
	case errors.Is(err, ErrNotFound):
		ck := key(pFbCount, f.AccountID)
		n := uint64(0)
		if v, err := s.get(ck); err == nil && len(v) == 8 {
			n = binary.BigEndian.Uint64(v)
		} else if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		if n >= MaxFeedbackPerAccount {
			return ErrFeedbackLimit
		}
		b.Set(ck, binary.BigEndian.AppendUint64(nil, n+1), nil)
	case err != nil:
		return err
	default:
		var o Feedback
		if err := json.Unmarshal(old, &o); err != nil {
			return err
		}
		if o.CreatedAt.After(f.CreatedAt) || o.CreatedAt.Equal(f.CreatedAt) && o.ID >= f.ID {
			return nil // the stored feedback is newer: keep it
		}
		b.Delete(timeKey(pFbTime, o.AccountID, o.CreatedAt, o.ID), nil)
	}
	v, _ := json.Marshal(&f)
	b.Set(lk, v, nil)
	b.Set(timeKey(pFbTime, f.AccountID, f.CreatedAt, f.ID), []byte(f.ClassificationID), nil)
	return nil
}
