package engine

import (
	"sync"
	"time"
)

// breaker is the circuit breaker of one provider model (Envoy's outlier
// detection in miniature). Every method takes the current time, so tests
// drive it with an injected clock.
//
// States and transitions:
//
//	closed    --(breakConsecutive failures in a row, or at least
//	             breakWindowMin of the last breakWindow calls with half or
//	             more failed)-->                         open
//	open      --(cooldown passed)-->                     half-open
//	half-open --(a probe succeeds)-->                    closed
//	half-open --(a probe fails)-->                       open, cooldown doubled (at most maxCooldown)
//	any       --(429/503 with Retry-After d)-->          open until now+min(d, maxRetryAfter)
//
// A failure is what says the endpoint cannot serve: a call that did not
// answer within all the time its request could give it (a hard timeout), a
// refused connection, HTTP 5xx or 429. Output the checker rejects, other
// 4xx answers, a full in-flight queue and a caller's cancellation are
// neutral: the endpoint answered, or was never asked.
//
// A soft timeout (softFailure: a call still running past its per-try
// timeout, 3x the model's observed p99, while the run tries the other
// provider; see start in chain.go) is recorded at once, as Envoy records a
// hedged per-try timeout for outlier detection, but only toward the
// consecutive rule, never into the window: breakConsecutive of them in a
// row open the breaker (a hung model must be seen within about one per-try
// timeout), and a success of the same or any later call resets the count
// and closes the breaker again, so a model that became uniformly slower
// answers instead of staying open. When such a call then ends in a hard
// failure, that failure enters the window (confirmedFailure) without
// counting twice toward the consecutive rule.
//
// Half-open lets at most maxProbes calls through at once; the others see
// the breaker as open. A success seen while open (a forced probe: see
// run) closes it as a probe's would.
//
// Invariants (asserted by check): probes <= maxProbes; probes == 0 unless
// half-open; baseCooldown <= cooldown <= maxCooldown; the window's failure
// count equals its failed entries.
type breaker struct {
	mu       sync.Mutex
	state    breakerState
	until    time.Time // open: when it turns half-open
	retry    time.Time // a Retry-After in force until then (hard: not even forced probes)
	cooldown time.Duration
	probes   int // half-open calls in flight
	consec   int // consecutive failures (closed)
	window   [breakWindow]bool
	wlen     int // entries in window (<= breakWindow)
	wpos     int
	wfails   int
	opens    uint64 // transitions to open, for metrics
	seen     bool   // a call's outcome was recorded
}

type breakerState uint8

const (
	closed breakerState = iota
	open
	halfOpen
)

func (s breakerState) String() string { return [...]string{"closed", "open", "half_open"}[s] }

// breakerStates lists every state, in the order metrics export them.
var breakerStates = [...]breakerState{closed, open, halfOpen}

// Breaker tuning. A hung endpoint at 20 requests/s opens within about one
// attempt timeout (five calls time out together); recovery is seen within
// maxCooldown plus one call.
const (
	breakConsecutive = 5
	breakWindow      = 20
	breakWindowMin   = 10
	baseCooldown     = time.Second
	maxCooldown      = 2 * time.Second
	maxProbes        = 3
	maxRetryAfter    = 60 * time.Second
)

// admit reports whether a call may go to the model now. probe is true for
// a half-open probe: its caller must report the call's result (record) or,
// when the call is not made, call drop.
func (b *breaker) admit(now time.Time) (ok, probe bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.advance(now)
	switch b.state {
	case closed:
		return true, false
	case halfOpen:
		if b.probes < maxProbes {
			b.probes++
			return true, true
		}
	}
	return false, false
}

// forceable reports whether a forced probe may go to the model: it is open
// (or half-open and full) but no Retry-After is in force.
func (b *breaker) forceable(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return !now.Before(b.retry)
}

// advance moves open to half-open once the cooldown has passed.
func (b *breaker) advance(now time.Time) {
	if b.state == open && !now.Before(b.until) {
		b.state, b.probes = halfOpen, 0
	}
}

// outcome of one call, as the breaker sees it.
type outcome uint8

const (
	neutral outcome = iota
	success
	failure
	softFailure      // past its per-try timeout, still running: the consecutive rule only
	confirmedFailure // a hard failure of a call already counted as softFailure: the window only
)

// record feeds one call's outcome; probe says whether admit returned it as
// a probe. retryAfter > 0 holds the breaker open at least that long.
func (b *breaker) record(now time.Time, o outcome, probe bool, retryAfter time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if probe && b.probes > 0 {
		b.probes--
	}
	b.seen = b.seen || o != neutral || retryAfter > 0
	if o == softFailure && probe {
		panic("engine: a soft timeout recorded as a probe's outcome")
	}
	b.advance(now)
	if retryAfter > 0 {
		b.holdLocked(now, retryAfter)
		return
	}
	switch o {
	case success:
		if b.state != closed {
			b.reset()
		}
		b.consec = 0
		b.push(false)
	case failure, confirmedFailure:
		switch b.state {
		case closed:
			if o == failure {
				b.consec++
			}
			b.push(true)
			if b.consec >= breakConsecutive || (b.wlen >= breakWindowMin && 2*b.wfails >= b.wlen) {
				b.trip(now)
			}
		case halfOpen:
			if probe {
				b.cooldown = min(2*b.cooldown, maxCooldown)
				b.trip(now)
			}
		}
	case softFailure:
		if b.state == closed {
			b.consec++
			if b.consec >= breakConsecutive {
				b.trip(now)
			}
		}
	}
	b.check()
}

// hold keeps the breaker open for retryAfter (at most maxRetryAfter): the
// model's provider asked for it (Retry-After on another of its models).
func (b *breaker) hold(now time.Time, retryAfter time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.holdLocked(now, retryAfter)
}

func (b *breaker) holdLocked(now time.Time, retryAfter time.Duration) {
	if r := now.Add(min(retryAfter, maxRetryAfter)); r.After(b.retry) {
		b.retry = r
	}
	b.seen = true
	b.trip(now)
	if b.until.Before(b.retry) {
		b.until = b.retry
	}
	b.check()
}

// drop returns a probe slot that admit granted for a call never made.
func (b *breaker) drop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.probes > 0 {
		b.probes--
	}
}

func (b *breaker) trip(now time.Time) {
	if b.cooldown == 0 {
		b.cooldown = baseCooldown
	}
	if b.state != open {
		b.opens++
	}
	b.state, b.probes, b.until = open, 0, now.Add(b.cooldown)
}

func (b *breaker) reset() {
	b.state, b.probes, b.cooldown, b.consec = closed, 0, baseCooldown, 0
	b.wlen, b.wpos, b.wfails = 0, 0, 0
}

func (b *breaker) push(failed bool) {
	if b.wlen == breakWindow {
		if b.window[b.wpos] {
			b.wfails--
		}
	} else {
		b.wlen++
	}
	b.window[b.wpos] = failed
	if failed {
		b.wfails++
	}
	b.wpos = (b.wpos + 1) % breakWindow
}

// check asserts the invariants listed on the type.
func (b *breaker) check() {
	n := 0
	for i := 0; i < b.wlen; i++ {
		if b.window[i] {
			n++
		}
	}
	if b.probes < 0 || b.probes > maxProbes || (b.probes > 0 && b.state != halfOpen) ||
		(b.cooldown != 0 && (b.cooldown < baseCooldown || b.cooldown > maxCooldown)) || n != b.wfails {
		panic("engine: breaker invariant broken")
	}
}

// breakerView is a breaker's state at one instant.
type breakerView struct {
	State      breakerState
	Until      time.Time // open: when it turns half-open
	RetryUntil time.Time // zero unless a Retry-After is in force
	Opens      uint64
	Seen       bool // an outcome was ever recorded
}

func (b *breaker) view(now time.Time) breakerView {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.advance(now)
	v := breakerView{State: b.state, Opens: b.opens, Seen: b.seen}
	if b.state == open {
		v.Until = b.until
	}
	if now.Before(b.retry) {
		v.RetryUntil = b.retry
	}
	return v
}
