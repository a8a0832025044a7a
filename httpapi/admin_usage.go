package httpapi

import (
	"time"

	"svc/ledger"
)

// GET /admin/v1/accounts/{id}/usage?from&to&group_by: the account's usage in
// the shape of GET /v1/usage's result (group_by day, week, month or
// endpoint; default day; default period the start of the current month to
// now), for the console's chart.
func (s *Server) adminUsage(a *adminCall) {
	now := s.clock.Now()
	q := &query{args: a.ctx.QueryArgs()}
	uq := ledger.UsageQuery{
		From:    q.time("from", false, time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)),
		To:      q.time("to", true, now),
		GroupBy: q.enum("group_by", []string{"day", "week", "month", "endpoint"}, "day"),
	}
	q.period(uq.From, uq.To)
	if q.fail != nil {
		a.fail(400, *q.fail)
		return
	}
	u, err := s.ledger.Usage(a.ctx.UserValue("id").(string), uq)
	if err != nil {
		a.ledgerErr(err, "account")
		return
	}
	a.ok(usageResult(uq, u))
}

// usageResult shapes a usage summary as GET /v1/usage does.
func usageResult(uq ledger.UsageQuery, u ledger.UsageSummary) map[string]any {
	by := make([]endpointUsageJSON, len(u.ByEndpoint))
	for i, e := range u.ByEndpoint {
		by[i] = endpointUsageJSON{Endpoint: e.Endpoint, Requests: e.Requests, Cost: usdf(e.Charged), CacheHits: e.CacheHits, AvgLatencyMs: float64(int64(e.AvgLatencyMs*1000)) / 1000}
	}
	br := make([]usageBucketJSON, len(u.Breakdown))
	for i, b := range u.Breakdown {
		br[i] = usageBucketJSON{Key: b.Key, Requests: b.Requests, Cost: usdf(b.Charged), CacheHits: b.CacheHits}
	}
	rate := 0.0
	if u.TotalRequests > 0 {
		rate = float64(int64(float64(u.CacheHits)/float64(u.TotalRequests)*10000)) / 10000
	}
	return map[string]any{
		"period":         map[string]string{"from": ts(uq.From), "to": ts(uq.To)},
		"group_by":       uq.GroupBy,
		"total_requests": u.TotalRequests,
		"total_cost":     usdf(u.TotalCharged),
		"cache_hit_rate": rate,
		"by_endpoint":    by,
		"breakdown":      br,
		"balance": map[string]float64{
			"current": usdf(u.BalanceCredits), "credits_purchased": usdf(u.CreditsPurchased), "credits_used": usdf(u.CreditsUsed),
		},
	}
}
