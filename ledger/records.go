package ledger

import (
	"errors"
	"fmt"
	"time"

	"github.com/bytedance/sonic"
	"github.com/cockroachdb/pebble/v2"

	"svc/id"
)

// Record encodings written by Commit. FORMAT.md describes them byte by byte.

const (
	recordV1     = 1 // first byte of binary values (comments, usage)
	maxRecordStr = 64 << 10
	flagCacheHit = 1
	flagSandbox  = 2
)

// putRecords validates r, completes it from the hold and adds its keys to b.
// It reads Pebble only to refuse a comment id that already exists. It
// returns the comment as written (nil without one), for the comment index,
// and the usage record as written, for its totals (added by the caller
// under the account's lock: addTotals).
func (s *Store) putRecords(b *pebble.Batch, h *Hold, charged int64, r Records) (_ *Comment, _ Usage, err error) {
	claimed := "" // a comment id claimed in the index, released on error
	defer func() {
		if err != nil && claimed != "" {
			h.a.comments.unclaim(claimed)
		}
	}()
	now := s.nowUTC()
	u := r.Usage
	if u.Endpoint == "" || len(u.Endpoint) > 200 {
		return nil, Usage{}, fmt.Errorf("%w: usage endpoint required (at most 200 bytes)", ErrInvalid)
	}
	u.AccountID, u.KeyID, u.Sandbox, u.Charged = h.a.info.ID, h.keyID, h.kind == Sandbox, charged
	if u.ID == "" {
		u.ID = id.New("use", now)
	}
	if u.At.IsZero() {
		u.At = now
	}
	u.At = u.At.UTC().Round(0)
	b.Set(timeKey(pUse, u.AccountID, u.At, u.ID), encodeUsage(u), nil)
	if h.claim != nil {
		if err := CheckIdem(IdemKey{Key: h.claim.key}, r.Answer); err != nil {
			return nil, Usage{}, err
		}
		putAnswer(b, h.a.info.ID, h.claim, *r.Answer, now)
	}

	var written *Comment
	if c := r.Comment; c != nil {
		cv := *c
		if cv.ID == "" || len(cv.ID) > 100 {
			return nil, Usage{}, fmt.Errorf("%w: comment id required (at most 100 bytes)", ErrInvalid)
		}
		cv.AccountID = h.a.info.ID
		if cv.CreatedAt.IsZero() {
			cv.CreatedAt = now
		}
		if cv.ClassifiedAt.IsZero() {
			cv.ClassifiedAt = now
		}
		cv.CreatedAt, cv.ClassifiedAt = cv.CreatedAt.UTC().Round(0), cv.ClassifiedAt.UTC().Round(0)
		if cv.Intent == "" && len(cv.Intents) > 0 {
			cv.Intent = cv.Intents[0]
		}
		if len(cv.Text) > maxRecordStr {
			return nil, Usage{}, fmt.Errorf("%w: comment text too long", ErrInvalid)
		}
		pk := key(pCmt, cv.AccountID, "/", cv.ID)
		// The id is reserved in memory until the batch is applied (Commit
		// then indexes it) or fails (unclaimed here or by Commit). Only an
		// id whose hash is stored (a duplicate, or a rare hash collision)
		// reads Pebble.
		inFlight, mayExist := h.a.comments.claim(cv.ID)
		if inFlight {
			return nil, Usage{}, fmt.Errorf("%w: comment %s is being written", ErrInvalid, cv.ID)
		}
		claimed = cv.ID
		if mayExist {
			if _, err := s.get(pk); err == nil {
				return nil, Usage{}, fmt.Errorf("%w: comment %s exists", ErrInvalid, cv.ID)
			} else if !errors.Is(err, ErrNotFound) {
				return nil, Usage{}, err
			}
		}
		b.Set(pk, appendTime(nil, cv.CreatedAt), nil)
		b.Set(timeKey(pCmtTime, cv.AccountID, cv.CreatedAt, cv.ID), encodeComment(cv), nil)
		written = &cv
	}

	if f := r.Feedback; f != nil {
		fv := *f
		switch fv.Rating {
		case "correct", "incorrect", "partial":
		default:
			return nil, Usage{}, fmt.Errorf("%w: feedback rating %q", ErrInvalid, fv.Rating)
		}
		fv.AccountID = h.a.info.ID
		if fv.ID == "" {
			fv.ID = id.New("fb", now)
		}
		if fv.CreatedAt.IsZero() {
			fv.CreatedAt = now
		}
		fv.CreatedAt = fv.CreatedAt.UTC().Round(0)
		if len(fv.Text)+len(fv.Comment) > 2*maxRecordStr {
			return nil, Usage{}, fmt.Errorf("%w: feedback too long", ErrInvalid)
		}
		if err := s.putFeedback(b, fv); err != nil {
			return nil, Usage{}, err
		}
	}
	return written, u, nil
}

// encodeComment is the value of cmtt/: the filterable fields first (so lists
// and analytics filter without decoding JSON), then the whole comment as JSON.
func encodeComment(c Comment) []byte {
	j, _ := sonic.ConfigStd.Marshal(&c)
	b := make([]byte, 0, len(j)+64)
	b = append(b, recordV1)
	for _, f := range commentFields(&c) {
		b = appendStr(b, f)
	}
	return append(b, j...)
}

// commentFields is c's filterable fields in the order encodeComment writes
// them (the f* constants).
func commentFields(c *Comment) [nFields]string {
	return [nFields]string{c.Platform, c.Intent, c.Sentiment, c.Dialect, c.Toxicity, c.ChannelID}
}

// commentHeader is the filterable part of a comment value; the strings alias
// the value (valid while it is).
type commentHeader struct {
	platform, intent, sentiment, dialect, toxicity, channel []byte
	json                                                    []byte
}

func decodeCommentHeader(v []byte) (commentHeader, error) {
	if len(v) == 0 || v[0] != recordV1 {
		return commentHeader{}, errShort
	}
	r := reader{b: v[1:]}
	h := commentHeader{platform: r.bytes(), intent: r.bytes(), sentiment: r.bytes(), dialect: r.bytes(), toxicity: r.bytes(), channel: r.bytes()}
	h.json = r.b
	return h, r.err
}

// fields is the header's filterable fields in encodeComment's order.
func (h *commentHeader) fields() [nFields]string {
	return [nFields]string{string(h.platform), string(h.intent), string(h.sentiment), string(h.dialect), string(h.toxicity), string(h.channel)}
}

func decodeComment(v []byte) (Comment, error) {
	h, err := decodeCommentHeader(v)
	if err != nil {
		return Comment{}, err
	}
	var c Comment
	err = sonic.ConfigStd.Unmarshal(h.json, &c)
	return c, err
}

// encodeUsage is the value of use/ (At is in the key).
func encodeUsage(u Usage) []byte {
	b := make([]byte, 0, 96)
	b = append(b, recordV1)
	b = appendStr(b, u.ID)
	b = appendStr(b, u.KeyID)
	b = appendStr(b, u.Endpoint)
	b = binaryAppendVarint(b, u.ListCredits)
	b = binaryAppendVarint(b, u.Charged)
	var fl byte
	if u.CacheHit {
		fl |= flagCacheHit
	}
	if u.Sandbox {
		fl |= flagSandbox
	}
	b = append(b, fl)
	return binaryAppendVarint(b, u.LatencyMicros)
}

// decodeUsage decodes a use/ value; accountID and at come from the key.
func decodeUsage(accountID string, at time.Time, v []byte) (Usage, error) {
	if len(v) == 0 || v[0] != recordV1 {
		return Usage{}, errShort
	}
	r := reader{b: v[1:]}
	u := Usage{AccountID: accountID, At: at, ID: r.str(), KeyID: r.str(), Endpoint: r.str()}
	u.ListCredits = r.varint()
	u.Charged = r.varint()
	fl := r.byte()
	u.CacheHit, u.Sandbox = fl&flagCacheHit != 0, fl&flagSandbox != 0
	u.LatencyMicros = r.varint()
	return u, r.err
}
