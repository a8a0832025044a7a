package ledgertest

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"svc/id"
	"svc/ledger"
)

// testUsageTotals: Usage is served from totals kept per hour and day
// (ledger/usagespans.go), so every query must equal the sum of the records
// it covers. The test writes records of several endpoints, prices, cache
// hits and latencies spread over days (At set by the caller, some on the
// hour and midnight boundaries), computes each query's answer from its own
// list of records, and compares it with Usage's for query bounds on and off
// those boundaries, closed and open-ended, in every grouping; then again
// after a restart.
func testUsageTotals(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Live, 100)
	_, sb, _ := e.account(ledger.Sandbox)
	now := e.clock.Now() // Monday 10:00
	base := now.Add(-50 * time.Hour)
	rng := rand.New(rand.NewPCG(26, 4))
	endpoints := []string{"/v1/classify", "/v1/detect", "/v1/report"}
	var recs []ledger.Usage
	for i := range 120 {
		at := base.Add(time.Duration(rng.Int64N(int64(50 * time.Hour))))
		switch i % 10 { // boundaries: on the hour, at midnight, just before
		case 1:
			at = at.Truncate(time.Hour)
		case 2:
			at = at.Truncate(24 * time.Hour)
		case 3:
			at = at.Truncate(time.Hour).Add(-time.Nanosecond)
		}
		u := ledger.Usage{ID: id.New("use", at), Endpoint: endpoints[i%3], At: at, CacheHit: i%4 == 0,
			LatencyMicros: int64(100 + i*37), ListCredits: int64(2 + i%3)}
		charge := !u.CacheHit
		h, err := e.l.Reserve(ctx, p, u.ListCredits)
		e.must(err)
		_, err = e.l.Commit(ctx, h, charge, ledger.Records{Usage: u})
		e.must(err)
		if charge {
			u.Charged = u.ListCredits
		}
		recs = append(recs, u)
	}
	// Another account's records count for it only.
	h, err := e.l.Reserve(ctx, sb, 0)
	e.must(err)
	_, err = e.l.Commit(ctx, h, true, ledger.Records{Usage: usage("/v1/detect", base.Add(time.Hour))})
	e.must(err)

	day := base.Truncate(24 * time.Hour)
	queries := []ledger.UsageQuery{
		{}, // this month up to now
		{From: base.Add(-time.Hour)},
		{From: day, To: day.Add(24*time.Hour - 1)},
		{From: day.Add(90 * time.Minute), To: now.Add(-7*time.Hour - 13*time.Minute), GroupBy: "day"},
		{From: day.Add(3*time.Hour + time.Nanosecond), To: day.Add(3*time.Hour + 40*time.Minute), GroupBy: "endpoint"},
		{From: day.Add(5 * time.Hour), To: day.Add(29 * time.Hour), GroupBy: "day"},
		{From: base, To: now, GroupBy: "week"},
		{From: base.Add(17 * time.Minute), To: now.Add(72 * time.Hour), GroupBy: "month"},
		{From: day.Add(-48 * time.Hour), To: day.Add(49*time.Hour + 59*time.Minute + 59*time.Second), GroupBy: "endpoint"},
	}
	check := func(when string) {
		for _, q := range queries {
			got, err := e.l.Usage(ctx, a.ID, q)
			e.must(err)
			want := expectUsage(recs, q, now)
			if g, w := summaryString(got), summaryString(want); g != w {
				t.Fatalf("%s: Usage(%+v):\n got %s\nwant %s (the sum of the records)", when, q, g, w)
			}
		}
	}
	check("before restart")
	e.l = e.reopen()
	check("after restart")
}

// expectUsage is Usage's answer computed from recs by hand.
func expectUsage(recs []ledger.Usage, q ledger.UsageQuery, now time.Time) ledger.UsageSummary {
	b, err := ledger.NewUsageBuilder(q, now)
	if err != nil {
		panic(err)
	}
	q = b.Query()
	for _, u := range recs {
		if u.At.Before(q.From) || u.At.After(q.To) {
			continue
		}
		hit := 0
		if u.CacheHit {
			hit = 1
		}
		b.Add(u.Endpoint, u.At, 1, u.Charged, hit, u.LatencyMicros)
	}
	return b.Result()
}

// summaryString prints the usage figures (not the balance), rounding the
// average latency so the order of additions does not matter.
func summaryString(s ledger.UsageSummary) string {
	eps := append([]ledger.EndpointUsage(nil), s.ByEndpoint...)
	sort.Slice(eps, func(i, j int) bool { return eps[i].Endpoint < eps[j].Endpoint })
	out := fmt.Sprintf("requests %d charged %d hits %d;", s.TotalRequests, s.TotalCharged, s.CacheHits)
	for _, e := range eps {
		out += fmt.Sprintf(" %s %d/%d/%d/%.3fms", e.Endpoint, e.Requests, e.Charged, e.CacheHits, e.AvgLatencyMs)
	}
	out += ";"
	for _, b := range s.Breakdown {
		out += fmt.Sprintf(" %s %d/%d/%d", b.Key, b.Requests, b.Charged, b.CacheHits)
	}
	return out
}
