package ledger

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"svc/id"
)

// BenchmarkCommitParallel measures Reserve + Commit (a classify: capture,
// usage record, comment; one synced batch) from parallel goroutines on one
// account, i.e. the group-commit path. Run with -cpu or -benchtime to vary.
func BenchmarkCommitParallel(b *testing.B) {
	s, err := Open(b.TempDir(), func() time.Time { return time.Now().UTC() })
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	f := newFixture(b, s, Live)
	for range 20 {
		if _, err := s.Purchase(ctx, f.acct.ID, 500); err != nil { // 10M credits
			b.Fatal(err)
		}
	}
	b.SetParallelism(16) // goroutines per CPU: requests in flight wait on fsync
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			h, err := s.Reserve(ctx, f.p, 6)
			if err != nil {
				b.Error(err)
				return
			}
			now := time.Now().UTC()
			r := Records{
				Usage:   Usage{Endpoint: "/v1/classify", ListCredits: 6, LatencyMicros: 1200},
				Comment: &Comment{ID: id.New("cls", now), Text: "مرحبا كيف الحال", Intent: "question", Sentiment: "neutral", Language: "ar", Dialect: "gulf", Toxicity: "none"},
			}
			if err := s.commitErr(h, true, r); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkCommitSerial is the same path from one goroutine: one fsync per
// commit, for comparison with the parallel (group commit) figure.
func BenchmarkCommitSerial(b *testing.B) {
	s, err := Open(b.TempDir(), func() time.Time { return time.Now().UTC() })
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	f := newFixture(b, s, Live)
	if _, err := s.Purchase(ctx, f.acct.ID, 500); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		h, err := s.Reserve(ctx, f.p, 0)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.commitErr(h, true, Records{Usage: Usage{Endpoint: "/v1/feedback"}}); err != nil {
			b.Fatal(err)
		}
	}
}

// GET /v1/comments and /v1/analytics on an account of 20,000 comments: the
// first page with total_count (unfiltered and filtered), the 20th page, and
// a 30-day weekly analytics.
func BenchmarkListCommentsLargeAccount(b *testing.B) {
	s := openStore(b, "", newClock())
	f := fundedLive(b, s)
	base := s.nowUTC()
	var wg sync.WaitGroup
	for w := range 32 { // 32 writers: group commit keeps the setup short
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < 20_000; i += 32 {
				h, err := s.Reserve(ctx, f.p, 0)
				if err != nil {
					panic(err)
				}
				r := use("/v1/classify")
				r.Comment = &Comment{ID: fmt.Sprintf("cls_bench_%06d", i), Text: "a comment of ordinary length, forty-odd chars",
					Intent: IntentLabels[i%6], Sentiment: Sentiments[i%4], Dialect: Dialects[i%4], Toxicity: "none",
					Platform: "youtube", ChannelID: "ch1", CreatedAt: base.Add(-time.Duration(i) * time.Minute)}
				if err := s.commitErr(h, false, r); err != nil {
					panic(err)
				}
			}
		}()
	}
	wg.Wait()
	b.Run("first-page", func(b *testing.B) {
		for b.Loop() {
			if p, err := s.ListComments(ctx, f.acct.ID, CommentFilter{}); err != nil || p.TotalCount != 20_000 {
				b.Fatal(err, p.TotalCount)
			}
		}
	})
	b.Run("first-page-filtered", func(b *testing.B) {
		for b.Loop() {
			if p, err := s.ListComments(ctx, f.acct.ID, CommentFilter{Dialect: "gulf", Intent: "praise"}); err != nil || p.TotalCount == 0 {
				b.Fatal(err)
			}
		}
	})
	b.Run("page-20", func(b *testing.B) {
		q := CommentFilter{}
		for range 19 {
			p, err := s.ListComments(ctx, f.acct.ID, q)
			if err != nil {
				b.Fatal(err)
			}
			q.Cursor = p.NextCursor
		}
		for b.Loop() {
			if _, err := s.ListComments(ctx, f.acct.ID, q); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("analytics-30d-week", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Analytics(ctx, f.acct.ID, AnalyticsQuery{GroupBy: "week"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkCommitOnceParallel is BenchmarkCommitParallel under an
// Idempotency-Key (a fresh key per request): ReserveOnce (the key checked
// in Pebble and claimed) and a Commit that also writes a 1 KiB answer and
// its expiry entry in the same synced batch.
func BenchmarkCommitOnceParallel(b *testing.B) {
	s, err := Open(b.TempDir(), func() time.Time { return time.Now().UTC() })
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	f := newFixture(b, s, Live)
	for range 20 {
		if _, err := s.Purchase(ctx, f.acct.ID, 500); err != nil { // 10M credits
			b.Fatal(err)
		}
	}
	body := make([]byte, 1024)
	var n sync.Mutex
	seq := 0
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			n.Lock()
			seq++
			k := IdemKey{Key: fmt.Sprintf("bench-%d", seq)}
			n.Unlock()
			h, _, err := s.ReserveOnce(ctx, f.p, 6, k)
			if err != nil {
				b.Error(err)
				return
			}
			now := time.Now().UTC()
			r := Records{
				Usage:   Usage{Endpoint: "/v1/classify", ListCredits: 6, LatencyMicros: 1200},
				Comment: &Comment{ID: id.New("cls", now), Text: "مرحبا كيف الحال", Intent: "question", Sentiment: "neutral", Language: "ar", Dialect: "gulf", Toxicity: "none"},
				Answer:  &Answer{Status: 200, RequestID: "req_bench", Header: []string{"X-SVC-Cache", "MISS"}, Body: body},
			}
			if err := s.commitErr(h, true, r); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
