package httpapi

import (
	"svc/id"
	"svc/ledger"
)

// detect: POST /v1/detect. Body text (required, at most 5,000 characters).
// Local rules only; no model call.
func (s *Server) detect(c *call) {
	d, e := decodeBody(c.ctx.PostBody(), false)
	if e != nil {
		c.badRequest(e)
		return
	}
	text := d.text("text", maxText)
	if d.fail != nil {
		c.badRequest(d.fail)
		return
	}
	key := c.cacheKey("detect", text)
	// Detection is deterministic and costs microseconds, so a hit (the same
	// or a near-duplicate text) is recomputed, not decoded: the answer is
	// exactly a miss's, and the cache decides only that the request is free.
	// The answer is known before the charge, so the reserve and the capture
	// are one step (ledger.Charge: one durable commit instead of two).
	// Under an Idempotency-Key the key is claimed (or its answer replayed)
	// first, and the capture waits for the answer it stores (ok).
	var h *ledger.Hold
	if c.idem != nil {
		var ok bool
		if h, ok = c.reserve(priceDetect); !ok {
			return
		}
	}
	var hit bool
	hit, key.probe = s.cache.Has(key.key)
	det := s.engine.Detect(text)
	if h != nil {
		if !settle(c, h, &key, &det, hit, ledger.Records{}) {
			return
		}
	} else {
		if !c.charge(priceDetect, !hit, ledger.Records{}) {
			return
		}
		if hit {
			c.cache = "HIT"
		} else {
			// Only the entry's presence is ever read (Has), so its value is
			// JSON null: encoding det was 3% of a node's CPU under the cluster
			// bench, for bytes nobody decodes.
			c.s.cachePut(&key, nil)
		}
	}
	c.ok(detectionJSON{
		ID: id.New("det", s.clock.Now()), Object: "detection", Text: text,
		Language: det.Language, Dialect: nullStr(det.Dialect), DialectConfidence: nullConf(det.Dialect, det.DialectConfidence),
		Script: det.Script, TextDirection: det.Direction, WordCount: det.WordCount,
		FallbackUsed: false, Cached: hit, CostUSD: usdf(priceDetect), CreditsUsed: priceDetect,
	})
}
