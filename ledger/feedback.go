package ledger

import (
	"context"
	"encoding/json"

	"github.com/cockroachdb/pebble/v2"
)

// maxRecentFeedback caps RecentFeedback.
const maxRecentFeedback = 100

// RecentFeedback returns up to max (capped at 100) of the account's
// corrections (rating incorrect or partial), newest first, from fbc/.
func (s *Store) RecentFeedback(ctx context.Context, accountID string, max int) ([]Feedback, error) {
	if _, err := s.account(accountID); err != nil {
		return nil, err
	}
	if max <= 0 {
		return nil, nil
	}
	max = min(max, maxRecentFeedback)
	if err := s.enter(); err != nil {
		return nil, err
	}
	defer s.leave()
	p := acctPrefix(pFbCorr, accountID)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: p, UpperBound: upperBound(p)})
	if err != nil {
		return nil, err
	}
	defer it.Close()
	var out []Feedback
	for ok := it.Last(); ok && len(out) < max; ok = it.Prev() {
		v, err := it.ValueAndErr()
		if err != nil {
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

// Correction returns the account's newest correction (rating incorrect or
// partial) whose TextKey equals textKey, from fbk/. An empty textKey matches
// corrections stored with an empty TextKey.
func (s *Store) Correction(ctx context.Context, accountID, textKey string) (Feedback, bool, error) {
	if _, err := s.account(accountID); err != nil {
		return Feedback{}, false, nil
	}
	if err := s.enter(); err != nil {
		return Feedback{}, false, err
	}
	defer s.leave()
	h := textKeyHash(textKey)
	p := append(acctPrefix(pFbText, accountID), h[:]...)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: p, UpperBound: upperBound(p)})
	if err != nil {
		return Feedback{}, false, err
	}
	defer it.Close()
	for ok := it.Last(); ok; ok = it.Prev() {
		v, err := it.ValueAndErr()
		if err != nil {
			return Feedback{}, false, err
		}
		var f Feedback
		if json.Unmarshal(v, &f) == nil && f.TextKey == textKey {
			return f, true, nil
		}
	}
	return Feedback{}, false, nil
}
