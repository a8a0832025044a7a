package httpapi

import (
	"context"
	"encoding/binary"
	"strings"

	"github.com/bytedance/sonic"

	"svc/cache"
	"svc/ledger"
)

// cacheKey wraps the cache's key for one operation call, and the probe the
// lookup returns so that the Put after a miss does not analyse the text again.
type cacheKey struct {
	key   cache.Key
	probe cache.Probe
}

// cacheKey builds the key of an operation: every parameter that changes the
// answer goes into params, joined unambiguously.
func (c *call) cacheKey(op string, text string, params ...string) cacheKey {
	return cacheKey{key: cache.Key{Account: c.p.Account.ID, Op: op, Params: strings.Join(params, "\x1f"), Text: text}}
}

// A cache entry is framed as uvarint(len(text)) | text | result JSON: the
// result and the exact text it was computed for (a near-duplicate hit may
// have been computed for other text). One pass each way, no envelope to parse.

// cacheGet fills v from the cache and reports a hit. With exact, a
// near-duplicate of different raw text does not count (results that quote
// positions in the text, like moderation's spans, need the same text), so
// the near-duplicate search is skipped.
func (s *Server) cacheGet(k *cacheKey, v any, exact bool) bool {
	var b []byte
	var ok bool
	if exact {
		b, ok, k.probe = s.cache.LookupExact(k.key)
	} else {
		b, ok, k.probe = s.cache.Lookup(k.key)
	}
	if !ok {
		return false
	}
	n, w := binary.Uvarint(b)
	if w <= 0 || uint64(len(b)-w) < n {
		return false
	}
	text, result := b[w:w+int(n)], b[w+int(n):]
	if exact && string(text) != k.key.Text {
		return false
	}
	return sonic.ConfigStd.Unmarshal(result, v) == nil
}

func (s *Server) cachePut(k *cacheKey, v any) {
	r, err := sonic.ConfigStd.Marshal(v)
	if err != nil {
		return
	}
	b := make([]byte, 0, binary.MaxVarintLen64+len(k.key.Text)+len(r))
	b = binary.AppendUvarint(b, uint64(len(k.key.Text)))
	b = append(b, k.key.Text...)
	s.cache.PutProbe(k.key, append(b, r...), k.probe)
}

// lookup is the middle of a cached paid operation: the cache first, then
// compute (the engine bounds it by the operation's objective). On an engine failure the hold is
// released, the error response written, and ok is false.
func lookup[T any](c *call, h *ledger.Hold, key *cacheKey, exact bool, compute func(ctx context.Context) (T, error)) (res T, hit, ok bool) {
	if c.s.cacheGet(key, &res, exact) {
		return res, true, true
	}
	res, err := compute(context.Background())
	if err != nil {
		c.s.ledger.Release(c.ctx, h)
		c.engineFailed(err)
		return res, false, false
	}
	return res, false, true
}

// settle ends a cached paid operation: commit (charging unless hit), then
// fill the cache on a miss or mark the hit. ok is false when the commit failed
// (the 500 is written).
func settle[T any](c *call, h *ledger.Hold, key *cacheKey, res *T, hit bool, r ledger.Records) bool {
	if !c.commit(h, !hit, r) {
		return false
	}
	switch {
	case hit:
		c.cache = "HIT"
	case c.degradedResult(res): // degraded.go: never cached
	case c.pending != nil: // committed by ok (an Idempotency-Key): fill the cache after
		c.pending.after = func() { c.s.cachePut(key, res) }
	default:
		c.s.cachePut(key, res)
	}
	return true
}
