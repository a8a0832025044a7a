package pgledger_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

// totalsMismatch is the rows where usage_totals differs from the sums of
// the usage rows (both directions); empty when they agree.
const totalsMismatch = `WITH want AS (
	SELECT account_id, w.level, at_ns - ((at_ns % w.width) + w.width) % w.width AS bucket_ns, endpoint,
		count(*) AS requests, sum(charged)::bigint AS charged, count(*) FILTER (WHERE cache_hit) AS cache_hits,
		sum(latency_us)::bigint AS latency_us
	FROM usage, (VALUES ('h', 3600000000000::bigint), ('d', 86400000000000::bigint)) w(level, width) GROUP BY 1, 2, 3, 4
), got AS (
	SELECT account_id, level, bucket_ns, endpoint, requests, charged, cache_hits, latency_us FROM usage_totals
)
SELECT count(*) FROM ((SELECT * FROM want EXCEPT SELECT * FROM got) UNION ALL (SELECT * FROM got EXCEPT SELECT * FROM want)) d`

// Every total equals the sum of its usage rows, row by row, whatever path
// wrote them: Commit, Charge, several ops of one account in one group
// commit (one statement each), cache hits, sandbox keys; and a version 2
// database (usage rows, no totals) is upgraded to totals equal to them.
func TestUsageTotalsEqualRows(t *testing.T) {
	url := testpg.DB(t)
	clock := ledgertest.NewClock()
	l := open(t, url, pgledger.Options{Now: clock.Now})
	p, _ := fixture(t, l)
	c := conn(t, url)
	rec := func(ep string, at time.Time, hit bool) ledger.Records {
		return ledger.Records{Usage: ledger.Usage{ID: id.New("use", at), Endpoint: ep, At: at, CacheHit: hit, LatencyMicros: at.UnixMicro() % 997}}
	}
	at := clock.Now().Add(-30 * time.Hour)
	for i := range 40 {
		at = at.Add(47 * time.Minute)
		r := rec([]string{"/v1/detect", "/v1/classify"}[i%2], at, i%3 == 0)
		if i%2 == 0 {
			_, err := l.Charge(ctx, p, 2, !r.Usage.CacheHit, r)
			must(t, err)
			continue
		}
		h, err := l.Reserve(ctx, p, 6)
		must(t, err)
		_, err = l.Commit(ctx, h, !r.Usage.CacheHit, r)
		must(t, err)
	}
	// One group commit with three ops of one account on one total.
	var ops []pgledger.BatchOp
	for i := range 3 {
		ops = append(ops, pgledger.BatchOp{P: p, Price: 2, Charge: true, R: rec("/v1/detect", at.Add(time.Duration(i)*time.Second), false)})
	}
	for _, r := range pgledger.RunOneBatch(l, ops) {
		must(t, r.Err)
	}
	var bad, n int
	must(t, c.QueryRow(ctx, totalsMismatch).Scan(&bad))
	must(t, c.QueryRow(ctx, "SELECT count(*) FROM usage_totals").Scan(&n))
	if bad != 0 || n == 0 {
		t.Fatalf("%d totals differ from the usage rows (%d totals)", bad, n)
	}
	before, err := l.Usage(ctx, p.Account.ID, ledger.UsageQuery{From: clock.Now().Add(-48 * time.Hour), GroupBy: "endpoint"})
	must(t, err)
	if before.TotalRequests != 43 {
		t.Fatalf("usage %d requests, want 43", before.TotalRequests)
	}
	l.Close()

	// Back to version 2: totals gone; Open sums them again.
	_, err = c.Exec(ctx, "DELETE FROM usage_totals; UPDATE svc_meta SET v = '2' WHERE k = 'schema_version'")
	must(t, err)
	l = open(t, url, pgledger.Options{Now: clock.Now})
	must(t, c.QueryRow(ctx, totalsMismatch).Scan(&bad))
	must(t, c.QueryRow(ctx, "SELECT count(*) FROM usage_totals").Scan(&n))
	if bad != 0 || n == 0 {
		t.Fatalf("after the upgrade from version 2: %d totals differ (%d totals)", bad, n)
	}
	var v string
	must(t, c.QueryRow(ctx, "SELECT v FROM svc_meta WHERE k = 'schema_version'").Scan(&v))
	after, err := l.Usage(ctx, p.Account.ID, ledger.UsageQuery{From: clock.Now().Add(-48 * time.Hour), GroupBy: "endpoint"})
	must(t, err)
	if v != "3" || fmt.Sprint(after.Breakdown) != fmt.Sprint(before.Breakdown) {
		t.Fatalf("version %s, usage %+v, want 3 and %+v", v, after.Breakdown, before.Breakdown)
	}
}

// BenchmarkUsageRead is GET /v1/usage's ledger read on PostgreSQL (the
// default query: this month up to now, by day) after n usage rows spread
// over the month so far, committed as requests commit them (64 callers,
// group commit; each upserts its two totals); served from usage_totals,
// the same at 100 and 100,000 rows.
func BenchmarkUsageRead(b *testing.B) {
	now := time.Date(2026, 3, 28, 15, 30, 0, 0, time.UTC)
	for _, n := range []int{100, 100_000} {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			url := testpg.SharedDurable(b).Database(b)
			l := open(b, url, pgledger.Options{Now: func() time.Time { return now }})
			a, err := l.CreateAccount(ctx, "bench", 1_000_000)
			must(b, err)
			_, secret, err := l.CreateKey(ctx, a.ID, ledger.Live)
			must(b, err)
			p, err := l.Authenticate(ctx, secret)
			must(b, err)
			from := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
			step := now.Sub(from) / time.Duration(n)
			var wg sync.WaitGroup
			for w := range 64 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := w; i < n; i += 64 {
						at := from.Add(time.Duration(i) * step)
						u := ledger.Usage{ID: id.New("use", at), Endpoint: []string{"/v1/detect", "/v1/classify"}[i%2],
							CacheHit: i%3 == 0, LatencyMicros: int64(i % 900), At: at}
						if _, err := l.Charge(ctx, p, 0, false, ledger.Records{Usage: u}); err != nil {
							panic(err)
						}
					}
				}()
			}
			wg.Wait()
			b.ResetTimer()
			for b.Loop() {
				u, err := l.Usage(ctx, a.ID, ledger.UsageQuery{})
				if err != nil || u.TotalRequests != n {
					b.Fatalf("%d requests, %v", u.TotalRequests, err)
				}
			}
		})
	}
}
