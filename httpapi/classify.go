package httpapi

import (
	"context"

	"github.com/valyala/fasthttp"

	"svc/engine"
	"svc/engine/op"
	"svc/id"
	"svc/ledger"
)

// classify: POST /v1/classify. Body text (required), platform, and the
// optional comment metadata channel_id, author, created_at stored with the
// comment. Query provider (llm_a or llm_b).
func (c *call) classifyReq() (op.ClassifyRequest, ledger.Comment, string, bool) {
	provider, ok := c.providerQuery(typeInvalidRequest)
	if !ok {
		return op.ClassifyRequest{}, ledger.Comment{}, "", false
	}
	d, e := decodeBody(c.ctx.PostBody(), false)
	if e != nil {
		c.badRequest(e)
		return op.ClassifyRequest{}, ledger.Comment{}, "", false
	}
	req := op.ClassifyRequest{Text: d.text("text", maxText), Platform: d.enum("platform", op.Platforms, "")}
	cm := ledger.Comment{
		Platform:  req.Platform,
		ChannelID: d.str("channel_id", maxShortString),
		Author:    d.str("author", maxShortString),
		CreatedAt: d.timestamp("created_at"),
	}
	if d.fail != nil {
		c.badRequest(d.fail)
		return op.ClassifyRequest{}, ledger.Comment{}, "", false
	}
	return req, cm, provider, true
}

func (s *Server) classify(c *call) {
	c.calib = true
	req, cm, provider, ok := c.classifyReq()
	if !ok {
		return
	}
	h, ok := c.reserve(priceClassify)
	if !ok {
		return
	}
	m := s.evidenceOf(c.ctx, c.p.Account.ID)
	hints, evParams := s.evidenceParams(m, c.p.Account.ID, req.Text)
	key := c.cacheKey("classify", req.Text, append([]string{provider}, evParams...)...)
	raw, hit, ok := lookup(c, h, &key, false, func(ctx context.Context) (op.Classification, error) {
		req.Hints = hints
		return s.engine.Classify(ctx, req, provider)
	})
	if !ok {
		return
	}
	// The account's evidence applies after the cache, to this answer only:
	// raw (what the cache holds) stays as computed.
	res := raw
	engine.ApplyEvidence(op.ClassifyRequest{Text: req.Text, Platform: req.Platform}, &res, m)
	now := s.clock.Now()
	cid := id.New("cls", now)
	cm.ID, cm.AccountID, cm.Text = cid, c.p.Account.ID, req.Text
	cm.Intent, cm.Intents, cm.Sentiment = res.Intent[0], res.Intent, res.Sentiment
	cm.Language, cm.Dialect, cm.Toxicity, cm.ClassifiedAt = res.Language, res.Dialect, res.Toxicity, now
	if cm.CreatedAt.IsZero() {
		cm.CreatedAt = now
	}
	if !settle(c, h, &key, &raw, hit, ledger.Records{Comment: &cm}) {
		return
	}
	c.provider = res.Usage.Provider
	c.ok(classificationOut(cid, &res, hit))
}

// providerQuery reads the optional provider query parameter.
func (c *call) providerQuery(errType string) (string, bool) {
	args := c.ctx.QueryArgs()
	if !args.Has("provider") {
		return "", true
	}
	p := string(args.Peek("provider"))
	if !engine.ValidProvider(p) {
		c.fail(fasthttp.StatusBadRequest, errf(errType, "invalid_value", "provider", "The provider must be llm_a or llm_b."))
		return "", false
	}
	return p, true
}

// validIntents keeps the standard intent labels of a free-form correction.
func validIntents(xs []string) []string {
	var out []string
	for _, x := range xs {
		if op.In(x, op.Intents) && !op.In(x, out) {
			out = append(out, x)
		}
	}
	return out
}

// engineFailed writes the response of a failed engine call (nothing charged).
func (c *call) engineFailed(err error) {
	c.charged = 0
	c.internal(err)
}
