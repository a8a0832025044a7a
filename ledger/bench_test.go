package ledger

import (
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
		if _, err := s.Purchase(f.acct.ID, 500); err != nil { // 10M credits
			b.Fatal(err)
		}
	}
	b.SetParallelism(16) // goroutines per CPU: requests in flight wait on fsync
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			h, err := s.Reserve(f.p, 6)
			if err != nil {
				b.Error(err)
				return
			}
			now := time.Now().UTC()
			r := Records{
				Usage:   Usage{Endpoint: "/v1/classify", ListCredits: 6, LatencyMicros: 1200},
				Comment: &Comment{ID: id.New("cls", now), Text: "مرحبا كيف الحال", Intent: "question", Sentiment: "neutral", Language: "ar", Dialect: "gulf", Toxicity: "none"},
			}
			if err := s.Commit(h, true, r); err != nil {
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
	if _, err := s.Purchase(f.acct.ID, 500); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		h, err := s.Reserve(f.p, 0)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Commit(h, true, Records{Usage: Usage{Endpoint: "/v1/feedback"}}); err != nil {
			b.Fatal(err)
		}
	}
}
