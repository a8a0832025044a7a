package engine

import (
	"testing"
	"time"
)

// The per-call cost of the resilience bookkeeping on the hot path: a
// breaker's admit and record, a latency sample, and the hedge budget.
// go test ./engine/ -run XXX -bench 'Breaker|Latency|HedgeBudget' -benchmem

func BenchmarkBreakerAdmitRecord(b *testing.B) {
	var br breaker
	now := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		ok, probe := br.admit(now)
		if !ok {
			b.Fatal("refused")
		}
		br.record(now, success, probe, 0)
	}
}

func BenchmarkLatencyRecord(b *testing.B) {
	var l latency
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		l.record(time.Duration(i%1000) * time.Millisecond)
		l.quantiles()
	}
}

func BenchmarkHedgeBudget(b *testing.B) {
	h := hedgeBudget{ratio: DefaultHedgeRatio * tokenUnit}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			h.request()
			h.take()
		}
	})
}
