package ledger

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/stretchr/testify/require"

	"svc/id"
)

// putRawUsage writes n usage records of the account spread evenly over
// [from, to) in one batch, without their totals (as a version 1 store
// has them).
func putRawUsage(t testing.TB, s *Store, acct string, n int, from, to time.Time) {
	t.Helper()
	b := s.db.NewBatch()
	step := to.Sub(from) / time.Duration(n)
	eps := []string{"/v1/classify", "/v1/detect", "/v1/translate", "/v1/moderate"}
	for i := range n {
		at := from.Add(time.Duration(i) * step)
		u := Usage{ID: id.New("use", at), AccountID: acct, KeyID: "key_x", Endpoint: eps[i%len(eps)], ListCredits: 6,
			Charged: int64(6 * (i % 2)), CacheHit: i%2 == 0, LatencyMicros: int64(i % 1000), At: at}
		b.Set(timeKey(pUse, acct, at, u.ID), encodeUsage(u), nil)
	}
	require.NoError(t, b.Commit(pebble.NoSync))
	b.Close()
}

// fillUsage commits n usage records of p's account (cache hits and
// charged, two endpoints) with At spread over [from, to), from 64
// goroutines (group commit), as requests write them: each rewrites its two
// totals.
func fillUsage(tb testing.TB, s *Store, p Principal, n int, from, to time.Time) {
	step := to.Sub(from) / time.Duration(n)
	var wg sync.WaitGroup
	for w := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += 64 {
				u := Usage{Endpoint: []string{"/v1/detect", "/v1/classify"}[i%2], CacheHit: i%3 == 0,
					LatencyMicros: int64(i % 900), At: from.Add(time.Duration(i) * step)}
				if _, err := s.Charge(ctx, p, 0, false, Records{Usage: u}); err != nil {
					panic(err)
				}
			}
		}()
	}
	wg.Wait()
}

// A version 1 store (records, no totals) opens as version 2 with totals
// equal to its records' sums, and every ust/ key is the sum of its records.
func TestUpgradeV1BuildsTotals(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := openStore(t, dir, c)
	f := fundedLive(t, s)
	now := c.Now()
	putRawUsage(t, s, f.acct.ID, 500, now.Add(-40*time.Hour), now)
	require.NoError(t, s.db.Set(kVersion, []byte("1"), pebble.Sync))
	require.NoError(t, s.Close())

	s = openStore(t, dir, c)
	v, err := s.get(kVersion)
	require.NoError(t, err)
	require.Equal(t, formatVersion, string(v))
	requireTotalsMatchRecords(t, s)
	// Commits after the upgrade keep them so.
	for i := range 10 {
		h, err := s.Reserve(ctx, f.p, 6)
		require.NoError(t, err)
		require.NoError(t, s.commitErr(h, i%3 != 0, Records{Usage: Usage{Endpoint: "/v1/detect", CacheHit: i%3 == 0, LatencyMicros: 7}}))
	}
	requireTotalsMatchRecords(t, s)
	u, err := s.Usage(ctx, f.acct.ID, UsageQuery{From: now.Add(-48 * time.Hour)})
	require.NoError(t, err)
	require.Equal(t, 510, u.TotalRequests)
}

// requireTotalsMatchRecords recomputes every total of the store from its
// records and compares the two, key by key.
func requireTotalsMatchRecords(t *testing.T, s *Store) {
	t.Helper()
	want := map[string]UsageTotal{}
	require.NoError(t, s.scan([]byte(pUse), func(k, v []byte) error {
		acct := string(k[len(pUse) : len(pUse)+len("acct_")+26])
		at, _ := readTime(k[len(pUse)+len(acct)+1:])
		u, err := decodeUsage(acct, at, v)
		if err != nil {
			return err
		}
		for _, tk := range totalKeys(acct, u.Endpoint, at) {
			tt := want[string(tk)]
			tt.Add(&u)
			want[string(tk)] = tt
		}
		return nil
	}))
	got := map[string]UsageTotal{}
	require.NoError(t, s.scan([]byte(pUseTot), func(k, v []byte) error {
		tt, err := decodeTotal(v)
		got[string(k)] = tt
		return err
	}))
	require.NotEmpty(t, want)
	require.Equal(t, want, got)
	// The day totals in memory are the ust/ day keys.
	mem := map[string]UsageTotal{}
	for id, a := range s.accounts {
		a.mu.Lock()
		a.eachDayTotal(time.Time{}, time.Unix(1<<40, 0), func(endpoint string, day time.Time, t UsageTotal) {
			mem[string(totalKey(id, UsageDays, day, endpoint))] = t
		})
		a.mu.Unlock()
	}
	for k, tot := range got {
		if k[len(pUseTot)+len("acct_")+26+1] == byte(UsageDays) {
			require.Equal(t, tot, mem[k], "day total %q in memory", k)
			delete(mem, k)
		}
	}
	require.Empty(t, mem, "day totals in memory without a ust/ key")
}

// The spans of a query cover [From, To] exactly, in order, and only the
// pieces shorter than an hour at its ends are read from records.
func TestUsageSpans(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)
	at := func(d, h, m int) time.Time { return time.Date(2026, 3, d, h, m, 0, 0, time.UTC) }
	for _, tc := range []struct {
		from, to time.Time
		want     string
	}{
		{at(1, 0, 0), now, "d 03-01T00:00-03-03T00:00"},
		{at(1, 0, 0), now.Add(time.Hour), "d 03-01T00:00-03-03T00:00"},
		{at(1, 0, 10), now, "r 03-01T00:10-03-01T01:00 h 03-01T01:00-03-02T00:00 d 03-02T00:00-03-03T00:00"},
		{at(1, 0, 0), at(2, 4, 20), "d 03-01T00:00-03-02T00:00 h 03-02T00:00-03-02T04:00 r 03-02T04:00-03-02T04:20"},
		{at(1, 3, 10), at(1, 3, 50), "r 03-01T03:10-03-01T03:50"},
		{at(1, 3, 10), at(1, 5, 50), "r 03-01T03:10-03-01T04:00 h 03-01T04:00-03-01T05:00 r 03-01T05:00-03-01T05:50"},
	} {
		b, err := NewUsageBuilder(UsageQuery{From: tc.from, To: tc.to}, now)
		require.NoError(t, err)
		got := ""
		for i, sp := range b.Spans() {
			if i > 0 {
				got += " "
			}
			// Records spans end 1 ns after To (inclusive To); print minutes.
			got += fmt.Sprintf("%c %s-%s", sp.Level, sp.From.Format("01-02T15:04"), sp.To.Format("01-02T15:04"))
		}
		require.Equal(t, tc.want, got, "%v..%v", tc.from, tc.to)
	}
}

// BenchmarkUsageRead is GET /v1/usage's ledger read (the default query:
// this month up to now, by day) after n usage records spread over the
// month so far, committed as requests commit them (each rewrites its
// totals, so the memtable holds many versions of each). Served from totals,
// it costs the same at 100 and 100,000 records (docs/performance.md has the
// numbers).
func BenchmarkUsageRead(b *testing.B) {
	for _, n := range []int{100, 100_000} {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			c := newClock()
			c.t = time.Date(2026, 3, 28, 15, 30, 0, 0, time.UTC)
			s := openStore(b, "", c)
			f := fundedLive(b, s)
			fillUsage(b, s, f.p, n, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), c.Now())
			b.ResetTimer()
			for b.Loop() {
				u, err := s.Usage(ctx, f.acct.ID, UsageQuery{})
				if err != nil || u.TotalRequests != n {
					b.Fatalf("%d requests, %v", u.TotalRequests, err)
				}
			}
		})
	}
}
