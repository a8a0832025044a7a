package httpapi

import (
	"svc/ledger"
)

// GET /admin/v1/accounts/{id}/usage?from&to&group_by: the account's usage in
// the shape of GET /v1/usage's result (group_by day, week, month or
// endpoint; default day; default period the start of the current month to
// now), for the console's chart.
func (s *Server) adminUsage(a *adminCall) {
	uq, lq, fail := s.usageQuery(a.ctx.QueryArgs())
	if fail != nil {
		a.fail(400, *fail)
		return
	}
	u, err := s.ledger.Usage(a.ctx, a.ctx.UserValue("id").(string), lq)
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
