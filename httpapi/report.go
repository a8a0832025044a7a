package httpapi

import (
	"context"
	"encoding/json"
	"strconv"

	"svc/engine/op"
	"svc/id"
	"svc/ledger"
)

// Report limits.
const (
	minReportComments    = 10
	maxReportComments    = 500
	reportRatePerMinute  = 5
	maxReportCommentText = maxText
)

// report: POST /v1/report. Body comments (10..500 objects with text, and
// optional author, likes, created_at), tier (basic, pro), title,
// channel_context. At most 5 reports per minute per account. Never cached.
func (s *Server) report(c *call) {
	c.provider = "llm_a"
	d, e := decodeBody(c.ctx.PostBody(), false)
	if e != nil {
		c.badRequest(e)
		return
	}
	req := op.ReportRequest{
		Tier:           d.enum("tier", []string{"basic", "pro"}, "basic"),
		Title:          d.str("title", maxFreeText),
		ChannelContext: d.str("channel_context", maxFreeText),
	}
	raw, present := d.get("comments")
	if d.fail != nil {
		c.badRequest(d.fail)
		return
	}
	if !present {
		d.missing("comments")
		c.badRequest(d.fail)
		return
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		c.badRequest(invalidErrT("comments", "The field 'comments' must be an array of objects."))
		return
	}
	if len(items) < minReportComments || len(items) > maxReportComments {
		c.badRequest(invalidErrT("comments", "A report needs from 10 to 500 comments."))
		return
	}
	req.Comments = make([]op.ReportComment, len(items))
	for i, it := range items {
		p := "comments[" + strconv.Itoa(i) + "]"
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(it, &obj); err != nil || obj == nil {
			c.badRequest(invalidErrT(p, "Each comment must be an object with a 'text'."))
			return
		}
		cd := &body{raw: obj, missingType: typeInvalidRequest, invalidType: typeInvalidRequest}
		rc := op.ReportComment{
			Text:   cd.text("text", maxReportCommentText),
			Author: cd.str("author", maxShortString),
			Likes:  cd.integer("likes", 0, 0, 1<<31-1),
		}
		if t := cd.timestamp("created_at"); !t.IsZero() {
			rc.CreatedAt = ts(t)
		}
		if cd.fail != nil {
			f := *cd.fail
			f.Param = strp(p + "." + deref(f.Param))
			c.badRequest(&f)
			return
		}
		req.Comments[i] = rc
	}
	price := priceReportBasic
	if req.Tier == "pro" {
		price = priceReportPro
	}
	c.tier = req.Tier
	if rd := s.reports.allow(c.p.Account.ID, reportRatePerMinute, s.clock.Now()); !rd.allowed {
		c.rateLimited(rd, "report_rate_limited", "At most 5 reports per minute per account.")
		return
	}
	h, ok := c.reserve(price)
	if !ok {
		return
	}
	res, err := s.engine.Report(context.Background(), req) // bounded by the engine's objective
	if err != nil {
		s.ledger.Release(c.ctx, h)
		c.engineFailed(err)
		return
	}
	if !c.commit(h, true, ledger.Records{}) {
		return
	}
	c.degraded("report", &res.Usage)
	c.ok(reportJSON{
		ID: id.New("rpt", s.clock.Now()), Object: "intelligence_report", Tier: req.Tier,
		ReportMarkdown: res.Markdown, Sections: res.Sections, CommentsAnalyzed: res.CommentsAnalyzed,
		CostUSD: usdf(price), CreditsUsed: price,
	})
}

func invalidErrT(param, msg string) *apiError {
	e := errf(typeInvalidRequest, "invalid_value", param, msg)
	return &e
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
