package ledger

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUsageAggregation(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := fundedLive(t, s)
	sb := addKey(t, s, f.acct, Sandbox)
	g := fundedLive(t, s)

	rec := func(fx fixture, at time.Time, ep string, price int64, hit bool, latencyMs int64) {
		h, err := s.Reserve(ctx, fx.p, price)
		require.NoError(t, err)
		r := Records{Usage: Usage{Endpoint: ep, ListCredits: price, CacheHit: hit, LatencyMicros: latencyMs * 1000, At: at}}
		require.NoError(t, s.commitErr(h, !hit, r))
	}
	rec(f, day(2026, 3, 2, 1), "/v1/classify", 6, false, 10)
	rec(f, day(2026, 3, 2, 2), "/v1/classify", 6, true, 2)
	rec(f, day(2026, 3, 3, 2), "/v1/detect", 2, false, 1)
	rec(sb, day(2026, 3, 10, 2), "/v1/classify", 6, false, 30)
	rec(f, day(2026, 3, 31, 23), "/v1/report", 500, false, 1000)
	rec(f, day(2026, 4, 1, 0), "/v1/detect", 2, false, 1) // after To
	rec(g, day(2026, 3, 2, 1), "/v1/classify", 6, false, 10)

	u, err := s.Usage(ctx, f.acct.ID, UsageQuery{From: day(2026, 3, 1, 0), To: day(2026, 3, 31, 23), GroupBy: "week"})
	require.NoError(t, err)
	assert.Equal(t, 5, u.TotalRequests)
	assert.Equal(t, int64(6+2+500), u.TotalCharged)
	assert.Equal(t, 1, u.CacheHits)
	assert.Equal(t, []EndpointUsage{
		{Endpoint: "/v1/classify", Requests: 3, Charged: 6, CacheHits: 1, AvgLatencyMs: 14},
		{Endpoint: "/v1/detect", Requests: 1, Charged: 2, AvgLatencyMs: 1},
		{Endpoint: "/v1/report", Requests: 1, Charged: 500, AvgLatencyMs: 1000},
	}, u.ByEndpoint)
	assert.Equal(t, []UsageBucket{
		{Key: "2026-03-01/2026-03-01"},
		{Key: "2026-03-02/2026-03-08", Requests: 3, Charged: 8, CacheHits: 1},
		{Key: "2026-03-09/2026-03-15", Requests: 1},
		{Key: "2026-03-16/2026-03-22"},
		{Key: "2026-03-23/2026-03-29"},
		{Key: "2026-03-30/2026-03-31", Requests: 1, Charged: 500},
	}, u.Breakdown)
	assert.Equal(t, int64(500_000-510), u.BalanceCredits)
	assert.Equal(t, int64(500_000), u.CreditsPurchased)
	assert.Equal(t, int64(510), u.CreditsUsed)

	u, err = s.Usage(ctx, f.acct.ID, UsageQuery{From: day(2026, 3, 1, 0), To: day(2026, 4, 30, 0), GroupBy: "endpoint"})
	require.NoError(t, err)
	assert.Equal(t, []UsageBucket{
		{Key: "/v1/classify", Requests: 3, Charged: 6, CacheHits: 1},
		{Key: "/v1/detect", Requests: 2, Charged: 4},
		{Key: "/v1/report", Requests: 1, Charged: 500},
	}, u.Breakdown)

	u, err = s.Usage(ctx, f.acct.ID, UsageQuery{From: day(2026, 3, 1, 0), To: day(2026, 4, 30, 0), GroupBy: "month"})
	require.NoError(t, err)
	assert.Equal(t, []UsageBucket{
		{Key: "2026-03-01/2026-03-31", Requests: 5, Charged: 508, CacheHits: 1},
		{Key: "2026-04-01/2026-04-30", Requests: 1, Charged: 2},
	}, u.Breakdown)

	// Defaults: start of the current month to now (clock: 2026-03-02 10:00).
	u, err = s.Usage(ctx, f.acct.ID, UsageQuery{})
	require.NoError(t, err)
	assert.Equal(t, 2, u.TotalRequests)
	require.Len(t, u.Breakdown, 2)
	assert.Equal(t, "2026-03-01/2026-03-01", u.Breakdown[0].Key)

	_, err = s.Usage(ctx, f.acct.ID, UsageQuery{GroupBy: "hour"})
	assert.ErrorIs(t, err, ErrInvalid)
	_, err = s.Usage(ctx, "acct_nope", UsageQuery{})
	assert.ErrorIs(t, err, ErrNotFound)
}
