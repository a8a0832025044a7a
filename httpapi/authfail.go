package httpapi

import (
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"
)

// The failed-authentication limit (docs/operations.md, "What is limited").
//
// Per client address (clientAddr: the TCP peer, or the address a trusted
// proxy states), at most maxAuthFailuresPerMinute requests whose key does
// not authenticate (missing, malformed, unknown, revoked, expired) are
// answered 401 in a window; past that they are answered 429
// too_many_auth_failures until the window ends. With --redis-url the count
// is Redis's, shared by every node, in the per-key limits' sliding window
// (61 one-second buckets, family "f"); without it (or while Redis fails)
// each node counts in a fixed one-minute window from the address's first
// failure (failCounter: a few dozen bytes per address, where a sliding
// window would cost 256).
//
// Invariants:
//   - A key that authenticates is never refused for failures: the key is
//     looked up first, and the limit is consulted only once it failed.
//   - Only failures are counted, and the address's count is touched (one
//     Redis call with Redis) only on a failure while the address is not
//     already known to be over: a flood from an address over its limit costs
//     a SHA-256 and a map lookup per request, no Redis call.
//   - With a ledger whose key lookup is a database round trip (pgledger), an
//     address over its limit sends the lookup to the database only for keys
//     the ledger's filter of existing keys admits (keyFilter): random keys
//     from it cost no round trip. The in-memory Pebble ledger looks keys up
//     without I/O and offers no filter.
//   - The hot path of a valid key adds no allocation: the blocklist is read
//     without a lock while it is empty, and with one map lookup otherwise.

// keyFilter is offered by a ledger that can tell, without I/O, that a
// secret is not a key it holds (false) or may be (true).
type keyFilter interface {
	MayHaveKey(secret string) bool
}

// mayHaveKey is the ledger's filter, or true without one.
func (s *Server) mayHaveKey(secret string) bool {
	if f, ok := s.ledger.(keyFilter); ok {
		return f.MayHaveKey(secret)
	}
	return true
}

// authFailed answers a request whose key did not authenticate: 401 with
// code and msg, or 429 too_many_auth_failures when client is over its limit.
func (c *call) authFailed(client netip.Addr, code, msg string) {
	s := c.s
	if until, over := s.blocked.until(client, c.now); over {
		c.tooManyFailures(until)
		return
	}
	d := s.authFail.fail(client, maxAuthFailuresPerMinute, c.now)
	if !d.allowed {
		s.blocked.block(client, d.reset, c.now)
		c.tooManyFailures(d.reset)
		return
	}
	c.fail(fasthttp.StatusUnauthorized, errf(typeAuthentication, code, "", msg))
}

// tooManyFailures writes the 429 of an address over its failure limit,
// with Retry-After until a slot frees.
func (c *call) tooManyFailures(until time.Time) {
	wait := 1
	if until.After(c.now) {
		wait = int(until.Sub(c.now).Seconds()) + 1
	}
	c.ctx.Response.Header.Set("Retry-After", strconv.Itoa(wait))
	c.fail(fasthttp.StatusTooManyRequests, errf(typeRateLimit, "too_many_auth_failures", "",
		"Too many failed authentications from this address; a valid key is still served. Retry after the Retry-After seconds."))
}

// failLimiter counts failed authentications per client address: the
// decision is allowed while fewer than limit failures are counted (a
// refused failure is not counted), and reset is when the count next drops.
type failLimiter interface {
	fail(a netip.Addr, limit int, now time.Time) decision
}

// failCounter is the node's failLimiter: fixed one-minute windows, each
// starting at an address's first failure after the previous one ended.
// Bounded like a limiter: past maxSubjects addresses the ended windows are
// swept, and if none has ended all are dropped (only relaxing the limit).
type failCounter struct {
	mu   sync.Mutex
	subs map[netip.Addr]*failCount
}

type failCount struct {
	start int64 // unix nanos of the window's start
	n     int
}

func newFailCounter() *failCounter { return &failCounter{subs: make(map[netip.Addr]*failCount)} }

func (c *failCounter) fail(a netip.Addr, limit int, now time.Time) decision {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := now.UnixNano()
	e := c.subs[a]
	if e == nil {
		if len(c.subs) >= maxSubjects {
			for k, v := range c.subs {
				if t-v.start >= int64(window) {
					delete(c.subs, k)
				}
			}
			if len(c.subs) >= maxSubjects {
				clear(c.subs)
			}
		}
		e = &failCount{start: t}
		c.subs[a] = e
	}
	if t-e.start >= int64(window) {
		e.start, e.n = t, 0
	}
	d := decision{limit: limit}
	if e.n < limit {
		e.n++
		d.allowed = true
	}
	d.remaining = max(limit-e.n, 0)
	d.reset = time.Unix(0, e.start+int64(window)).UTC()
	return d
}

// blocklist remembers, per node, the client addresses found over their
// failure limit and until when (the limiter's reset: when a slot frees), so
// that their further failures are answered without counting them again and,
// with a keyFilter, without a database lookup. Bounded like a limiter: past
// maxSubjects the ended entries are swept, and if none has ended all are
// dropped (only relaxing the shortcut: the limiter still counts).
type blocklist struct {
	mu   sync.Mutex
	m    map[netip.Addr]int64 // unix nanos until which the address is over
	size atomic.Int64         // len(m), for the lock-free empty check
}

func newBlocklist() *blocklist { return &blocklist{m: make(map[netip.Addr]int64)} }

// until reports whether a is over its limit at now, and until when.
func (b *blocklist) until(a netip.Addr, now time.Time) (time.Time, bool) {
	if b.size.Load() == 0 {
		return time.Time{}, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	u, ok := b.m[a]
	if !ok {
		return time.Time{}, false
	}
	if now.UnixNano() >= u { // ended: forget it, so an empty list is lock-free again
		delete(b.m, a)
		b.size.Store(int64(len(b.m)))
		return time.Time{}, false
	}
	return time.Unix(0, u), true
}

// block records a as over its limit until u.
func (b *blocklist) block(a netip.Addr, u, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.m[a]; !ok && len(b.m) >= maxSubjects {
		t := now.UnixNano()
		for k, v := range b.m {
			if t >= v {
				delete(b.m, k)
			}
		}
		if len(b.m) >= maxSubjects {
			clear(b.m)
		}
	}
	b.m[a] = u.UnixNano()
	b.size.Store(int64(len(b.m)))
}
