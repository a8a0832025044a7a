package httpapi

import (
	"errors"
	"strconv"
	"time"

	"github.com/valyala/fasthttp"

	"svc/engine/op"
	"svc/ledger"
)

// query reads and validates query parameters; the first failure is kept.
type query struct {
	args *fasthttp.Args
	fail *apiError
}

func (q *query) invalid(name, msg string) {
	if q.fail == nil {
		e := errf(typeInvalidRequest, "invalid_value", name, msg)
		q.fail = &e
	}
}

func (q *query) str(name string, max int) string {
	v := string(q.args.Peek(name))
	if len(v) > max {
		q.invalid(name, "The parameter '"+name+"' is too long.")
		return ""
	}
	return v
}

func (q *query) enum(name string, set []string, def string) string {
	if !q.args.Has(name) {
		return def
	}
	v := string(q.args.Peek(name))
	if !inSet(v, set) {
		q.invalid(name, "The parameter '"+name+"' "+allowedValues(set))
		return def
	}
	return v
}

func (q *query) time(name string, end bool, def time.Time) time.Time {
	if !q.args.Has(name) {
		return def
	}
	t, ok := parseTime(string(q.args.Peek(name)), end)
	if !ok {
		q.invalid(name, "The parameter '"+name+"' must be an ISO 8601 time.")
		return def
	}
	return t
}

func (q *query) integer(name string, def, min, max int) int {
	if !q.args.Has(name) {
		return def
	}
	n, err := strconv.Atoi(string(q.args.Peek(name)))
	if err != nil || n < min || n > max {
		q.invalid(name, "The parameter '"+name+"' must be an integer from "+strconv.Itoa(min)+" to "+strconv.Itoa(max)+".")
		return def
	}
	return n
}

// period checks from <= to.
func (q *query) period(from, to time.Time) {
	if from.After(to) {
		q.invalid("from", "The parameter 'from' must not be after 'to'.")
	}
}

// listComments: GET /v1/comments. Free.
func (s *Server) listComments(c *call) {
	q := &query{args: c.ctx.QueryArgs()}
	f := ledger.CommentFilter{
		ChannelID: q.str("channel_id", maxShortString),
		Platform:  q.enum("platform", op.Platforms, ""),
		Intent:    q.enum("intent", op.Intents, ""),
		Sentiment: q.enum("sentiment", op.Sentiments, ""),
		Dialect:   q.enum("dialect", op.Dialects, ""),
		Toxicity:  q.enum("toxicity", op.Toxicities, ""),
		From:      q.time("from", false, time.Time{}),
		To:        q.time("to", true, time.Time{}),
		Limit:     q.integer("limit", 25, 1, 100),
		Cursor:    q.str("cursor", 1024),
	}
	if !f.From.IsZero() && !f.To.IsZero() {
		q.period(f.From, f.To)
	}
	if q.fail != nil {
		c.badRequest(q.fail)
		return
	}
	page, err := s.ledger.ListComments(c.ctx, c.p.Account.ID, f)
	if errors.Is(err, ledger.ErrBadCursor) {
		c.badRequest(invalidErrT("cursor", "The cursor is not valid for this listing."))
		return
	} else if err != nil {
		c.internal(err)
		return
	}
	out := make([]commentJSON, len(page.Comments))
	for i, cm := range page.Comments {
		out[i] = commentJSON{
			ID: cm.ID, Text: cm.Text, Platform: nullStr(cm.Platform), Intent: cm.Intent, Sentiment: cm.Sentiment,
			Dialect: nullStr(cm.Dialect), Toxicity: cm.Toxicity, CreatedAt: ts(cm.CreatedAt), ChannelID: nullStr(cm.ChannelID),
		}
	}
	c.ok(map[string]any{
		"comments": out,
		"pagination": map[string]any{
			"has_more": page.HasMore, "next_cursor": page.NextCursor, "total_count": page.TotalCount,
		},
	})
}

type trendJSON struct {
	Period         string  `json:"period"`
	Total          int     `json:"total"`
	SentimentScore float64 `json:"sentiment_score"`
	TopIntent      string  `json:"top_intent"`
}

// analytics: GET /v1/analytics. Free. Default period: the last 30 days.
func (s *Server) analytics(c *call) {
	now := s.clock.Now()
	q := &query{args: c.ctx.QueryArgs()}
	aq := ledger.AnalyticsQuery{
		ChannelID: q.str("channel_id", maxShortString),
		Platform:  q.enum("platform", op.Platforms, ""),
		From:      q.time("from", false, now.Add(-30*24*time.Hour)),
		To:        q.time("to", true, now),
		GroupBy:   q.enum("group_by", []string{"day", "week", "month"}, "day"),
	}
	q.period(aq.From, aq.To)
	if q.fail != nil {
		c.badRequest(q.fail)
		return
	}
	a, err := s.ledger.Analytics(c.ctx, c.p.Account.ID, explicit(aq))
	if err != nil {
		c.queryFailed(err)
		return
	}
	trends := make([]trendJSON, len(a.Trends))
	for i, t := range a.Trends {
		trends[i] = trendJSON{
			Period: t.Start.Format("2006-01-02") + "/" + t.End.Format("2006-01-02"),
			Total:  t.Total, SentimentScore: float64(int64(t.SentimentScore*1000)) / 1000, TopIntent: t.TopIntent,
		}
	}
	c.ok(map[string]any{
		"period":         map[string]string{"from": ts(aq.From), "to": ts(aq.To)},
		"total_comments": a.Total,
		"summary": map[string]any{
			"intent": a.Intent, "sentiment": a.Sentiment, "dialect": a.Dialect, "toxicity": a.Toxicity,
		},
		"trends": trends,
	})
}

// usage: GET /v1/usage. Free. Default period: start of the current month to now.
func (s *Server) usage(c *call) {
	uq, lq, fail := s.usageQuery(c.ctx.QueryArgs())
	if fail != nil {
		c.badRequest(fail)
		return
	}
	u, err := s.ledger.Usage(c.ctx, c.p.Account.ID, lq)
	if err != nil {
		c.queryFailed(err)
		return
	}
	c.ok(usageResult(uq, u))
}

// usageQuery reads from, to and group_by of a usage request. It returns the
// query as asked (for the response's period) and as given to the ledger
// (zero bounds made explicit).
func (s *Server) usageQuery(args *fasthttp.Args) (asked, lq ledger.UsageQuery, fail *apiError) {
	now := s.clock.Now()
	q := &query{args: args}
	asked = ledger.UsageQuery{
		From:    q.time("from", false, time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)),
		To:      q.time("to", true, now),
		GroupBy: q.enum("group_by", []string{"day", "week", "month", "endpoint"}, "day"),
	}
	q.period(asked.From, asked.To)
	lq = asked
	lq.From, lq.To = notZero(asked.From), notZero(asked.To)
	if !args.Has("to") {
		// Up to now: the ledger's own now, so it reads the totals of the
		// current hour and day whole instead of the records of this hour
		// up to a moment just past (ledger/usagespans.go).
		lq.To = time.Time{}
	}
	return asked, lq, q.fail
}

// notZero maps the zero time (a client's "0001-01-01T00:00:00Z") to the
// Unix epoch: the ledger reads a zero bound as "absent, use the default",
// and no record predates 1970.
func notZero(t time.Time) time.Time {
	if t.IsZero() {
		return time.Unix(0, 0).UTC()
	}
	return t
}

func explicit(q ledger.AnalyticsQuery) ledger.AnalyticsQuery {
	q.From, q.To = notZero(q.From), notZero(q.To)
	return q
}

// queryFailed answers a refused ledger query: a period the ledger will not
// aggregate (more than ledger.MaxPeriods buckets) is the caller's 400.
func (c *call) queryFailed(err error) {
	if errors.Is(err, ledger.ErrInvalid) {
		c.badRequest(invalidErrT("from", "The period is too long for this group_by (at most 3,660 periods)."))
		return
	}
	c.internal(err)
}

// health: GET /v1/health. No authentication; a bare object. 503 when the
// store does not accept a synced write.
func (s *Server) health(ctx *fasthttp.RequestCtx) {
	newRequestID(ctx)
	db, status, code := "ok", "ok", fasthttp.StatusOK
	if err := s.ledger.Check(ctx); err != nil {
		db, status, code = "unavailable", "degraded", fasthttp.StatusServiceUnavailable
	}
	cls := s.engine.Status()
	if cls != "ok" && status == "ok" {
		status = "degraded"
	}
	rd := s.redisState()
	if rd != "ok" && status == "ok" {
		status = "degraded"
	}
	writeJSON(ctx, code, map[string]string{
		"status": status, "database": db, "redis": rd, "classifier": cls, "version": Version,
	})
}
