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
// answered 401 in any 60 s; past that they are answered 429
// too_many_auth_failures until the window frees a slot. The window is the
// rate limiter's (61 one-second buckets), in Redis when --redis-url is set
// (family "f": one count for all nodes, as the per-key limits), else per
// node.
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
	d := s.authFail.allow(client.String(), maxAuthFailuresPerMinute, c.now)
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
