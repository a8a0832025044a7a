package engine

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// latency keeps the durations of one operation's recent successful calls to
// one model (the last latencyWindow) and their 95th and 99th percentiles,
// recomputed every latencyEvery samples so that reads are two atomic loads.
// Calls that failed or timed out are not samples: a timeout only says the
// call took longer than its limit, and counting it would let a hung
// endpoint raise its own limit.
type latency struct {
	mu   sync.Mutex
	ring [latencyWindow]time.Duration
	n    int // samples ever recorded
	p95  atomic.Int64
	p99  atomic.Int64
}

const (
	latencyWindow = 128
	latencyEvery  = 8
	latencyMin    = 16 // samples before the percentiles are used
)

func (l *latency) record(d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ring[l.n%latencyWindow] = d
	l.n++
	if l.n < latencyMin || l.n%latencyEvery != 0 && l.n != latencyMin {
		return
	}
	var s [latencyWindow]time.Duration
	k := min(l.n, latencyWindow)
	copy(s[:], l.ring[:k])
	slices.Sort(s[:k])
	l.p95.Store(int64(s[(k*95-1)/100]))
	l.p99.Store(int64(s[(k*99-1)/100]))
}

// quantiles returns the 95th and 99th percentiles, ok false until
// latencyMin samples were recorded.
func (l *latency) quantiles() (p95, p99 time.Duration, ok bool) {
	p99 = time.Duration(l.p99.Load())
	return time.Duration(l.p95.Load()), p99, p99 > 0
}
