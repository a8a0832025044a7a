package httpapi

import (
	"net/netip"
	"sync"
	"sync/atomic"
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

// counter counts events per subject in fixed one-minute windows: the cheap
// structure for throttling failed authentications, where a subject (a client
// address) costs a few dozen bytes instead of a ring of timestamps, and
// precision at the window edge does not matter.
type counter struct {
	mu   sync.Mutex
	subs map[netip.Addr]*count
	size atomic.Int64 // len(subs), for over's lock-free fast path
}

type count struct {
	start int64 // unix nanos of the window's start
	n     int
}

func newCounter() *counter { return &counter{subs: make(map[netip.Addr]*count)} }

// add records one event of subject at now.
func (c *counter) add(subject netip.Addr, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := now.UnixNano()
	e := c.subs[subject]
	if e == nil {
		if len(c.subs) >= maxSubjects {
			c.sweep(t)
		}
		e = &count{start: t}
		c.subs[subject] = e
		c.size.Store(int64(len(c.subs)))
	}
	if t-e.start >= int64(window) {
		e.start, e.n = t, 0
	}
	e.n++
}

// over reports whether subject has at least limit events in its current
// window. While no address has failed (the common case) it takes no lock.
func (c *counter) over(subject netip.Addr, limit int, now time.Time) bool {
	if c.size.Load() == 0 {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.subs[subject]
	return e != nil && now.UnixNano()-e.start < int64(window) && e.n >= limit
}

// sweep drops subjects whose window has ended; called with mu held. If all
// are current the map is reset (that many failing addresses in one minute is
// itself an attack, and forgetting them only relaxes the throttle).
func (c *counter) sweep(t int64) {
	for k, e := range c.subs {
		if t-e.start >= int64(window) {
			delete(c.subs, k)
		}
	}
	if len(c.subs) >= maxSubjects {
		c.subs = make(map[netip.Addr]*count)
	}
	c.size.Store(int64(len(c.subs)))
}
