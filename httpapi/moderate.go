package httpapi

import (
	"context"

	"svc/engine/op"
	"svc/id"
	"svc/ledger"
)

// moderate: POST /v1/moderate. Body text (required, <= 5,000 characters),
// context (<= 2,000), strictness (low, medium, high; default medium), platform.
func (s *Server) moderate(c *call) {
	d, e := decodeBody(c.ctx.PostBody(), false)
	if e != nil {
		c.badRequest(e)
		return
	}
	req := op.ModerateRequest{Text: d.text("text", maxText)}
	req.Context = d.str("context", maxFreeText)
	req.Strictness = d.enum("strictness", op.Strictnesses, "medium")
	req.Platform = d.enum("platform", op.Platforms, "")
	if d.fail != nil {
		c.badRequest(d.fail)
		return
	}
	h, ok := c.reserve(priceModerate)
	if !ok {
		return
	}
	key := c.cacheKey("moderate", req.Text, req.Strictness, req.Context, req.Platform)
	res, hit, ok := lookup(c, h, &key, true, func(ctx context.Context) (op.Moderation, error) { return s.engine.Moderate(ctx, req) })
	if !ok || !settle(c, h, &key, &res, hit, ledger.Records{}) {
		return
	}
	c.provider = res.Usage.Provider
	c.ok(moderationOut(id.New("mod", s.clock.Now()), req.Text, &res, hit))
}
