package httpapi

import (
	"sync"
	"time"
)

// window is the length of every rate-limit window.
const window = time.Minute

// limiter is an exact sliding-window rate limiter: a request is allowed when
// fewer than limit requests were allowed in the last minute. Each subject
// keeps the times of its last limit allowed requests in a ring, so memory per
// subject is bounded by its limit, and the number of subjects by the number of
// keys and accounts (only authenticated subjects are tracked).
type limiter struct {
	mu   sync.Mutex
	subs map[string]*ring
}

// maxSubjects bounds a limiter's memory: past it, subjects with no request in
// the window are swept; if every subject is active the map is reset (a burst
// of that many distinct subjects within a minute is itself an attack).
const maxSubjects = 100_000

type ring struct {
	t    []int64 // unix nanos of allowed requests, oldest at head
	head int
	n    int
}

func newLimiter() *limiter { return &limiter{subs: make(map[string]*ring)} }

// decision is the outcome of one check.
type decision struct {
	allowed   bool
	limit     int
	remaining int
	reset     time.Time // when the oldest counted request leaves the window
}

// allow records a request of subject at now against limit per minute.
func (l *limiter) allow(subject string, limit int, now time.Time) decision {
	if limit < 1 {
		limit = 1
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	r := l.subs[subject]
	if r == nil && len(l.subs) >= maxSubjects {
		l.sweep(now)
	}
	if r == nil || len(r.t) != limit {
		r = &ring{t: make([]int64, limit)}
		l.subs[subject] = r
	}
	cut := now.Add(-window).UnixNano()
	for r.n > 0 && r.t[r.head] <= cut { // drop requests older than the window
		r.head = (r.head + 1) % limit
		r.n--
	}
	d := decision{limit: limit}
	if r.n < limit {
		r.t[(r.head+r.n)%limit] = now.UnixNano()
		r.n++
		d.allowed = true
	}
	d.remaining = limit - r.n
	d.reset = time.Unix(0, r.t[r.head]).Add(window).UTC()
	return d
}

// blocked reports, without recording anything, whether subject has used its
// limit in the current window.
func (l *limiter) blocked(subject string, limit int, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	r := l.subs[subject]
	if r == nil {
		return false
	}
	cut := now.Add(-window).UnixNano()
	n := 0
	for i := 0; i < r.n; i++ {
		if r.t[(r.head+i)%len(r.t)] > cut {
			n++
		}
	}
	return n >= limit
}

// sweep drops subjects whose newest request left the window. Called with mu held.
func (l *limiter) sweep(now time.Time) {
	cut := now.Add(-window).UnixNano()
	for k, r := range l.subs {
		if r.n == 0 || r.t[(r.head+r.n-1)%len(r.t)] <= cut {
			delete(l.subs, k)
		}
	}
	if len(l.subs) >= maxSubjects {
		l.subs = make(map[string]*ring)
	}
}
