package httpapi

import (
	"context"
	"time"

	"github.com/valyala/fasthttp"

	"svc/engine"
	"svc/engine/op"
	"svc/id"
	"svc/ledger"
)

// maxHints is how many recent corrections reach the engine as examples.
const maxHints = 20

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
	key := c.cacheKey("classify", req.Text, provider)
	res, hit, ok := lookup(c, h, &key, false, func(ctx context.Context) (op.Classification, error) {
		req.Hints = s.hints(c.p.Account.ID)
		r, err := s.engine.Classify(ctx, req, provider)
		if err == nil {
			s.applyCorrection(c.p.Account.ID, req.Text, &r)
		}
		return r, err
	})
	if !ok {
		return
	}
	now := s.clock.Now()
	cid := id.New("cls", now)
	cm.ID, cm.AccountID, cm.Text = cid, c.p.Account.ID, req.Text
	cm.Intent, cm.Intents, cm.Sentiment = res.Intent[0], res.Intent, res.Sentiment
	cm.Language, cm.Dialect, cm.Toxicity, cm.ClassifiedAt = res.Language, res.Dialect, res.Toxicity, now
	if cm.CreatedAt.IsZero() {
		cm.CreatedAt = now
	}
	if !settle(c, h, &key, &res, hit, ledger.Records{Comment: &cm}) {
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

// hintTTL bounds how long a node keeps an account's hints: a correction
// committed on another node (a shared PostgreSQL ledger) reaches this
// node's classifications within it. This node's own feedback drops them at
// once (forgetHints).
const hintTTL = 2 * time.Second

// hintMemo is one account's memoized hints and when they were read.
type hintMemo struct {
	hs []op.Hint
	at time.Time
}

// hints returns the account's recent corrections as engine hints. They are
// read from the ledger once per account and kept until the account's next
// feedback (s.forgetHints) or for hintTTL, so a classify miss does not read
// the ledger.
func (s *Server) hints(account string) []op.Hint {
	if v, ok := s.hintCache.Load(account); ok {
		if m := v.(*hintMemo); time.Since(m.at) < hintTTL {
			return m.hs
		}
	}
	at := time.Now()
	s.hintMu.Lock()
	gen := s.hintGen
	s.hintMu.Unlock()
	hs := s.loadHints(account)
	s.hintMu.Lock()
	if s.hintGen == gen { // no feedback committed during the load: not stale
		s.hintCache.Store(account, &hintMemo{hs: hs, at: at})
	}
	s.hintMu.Unlock()
	return hs
}

// forgetHints drops the account's memoized hints; called after a feedback commit.
func (s *Server) forgetHints(account string) {
	s.hintMu.Lock()
	s.hintGen++
	s.hintCache.Delete(account)
	s.hintMu.Unlock()
}

func (s *Server) loadHints(account string) []op.Hint {
	fbs, err := s.ledger.RecentFeedback(context.Background(), account, maxHints)
	if err != nil || len(fbs) == 0 {
		return nil
	}
	hs := make([]op.Hint, 0, len(fbs))
	for _, f := range fbs {
		if f.Rating == "correct" {
			continue
		}
		hs = append(hs, op.Hint{Text: f.Text, Intent: validIntents(f.CorrectedIntent), Sentiment: f.CorrectedSentiment})
	}
	return hs
}

// applyCorrection overrides intent and sentiment with the account's newest
// correction of the same normalised text.
func (s *Server) applyCorrection(account, text string, r *op.Classification) {
	if len(s.hints(account)) == 0 {
		return // the account has no correction at all: nothing to look up
	}
	fb, ok, err := s.ledger.Correction(context.Background(), account, correctionKey(text))
	if err != nil || !ok {
		return
	}
	if in := validIntents(fb.CorrectedIntent); len(in) > 0 {
		r.Intent = in
	}
	if fb.CorrectedSentiment != "" {
		r.Sentiment = fb.CorrectedSentiment
	}
	r.Reasoning = "Corrected by this account's feedback on the same text. " + r.Reasoning
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
