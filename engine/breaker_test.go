package engine

import (
	"testing"
	"time"
)

// Each transition of the breaker, driven by an injected clock.

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

func wantState(t *testing.T, b *breaker, now time.Time, want breakerState) {
	t.Helper()
	if got := b.view(now).State; got != want {
		t.Fatalf("state at %v: %v, want %v", now.Sub(t0), got, want)
	}
}

func TestBreakerOpensOnConsecutiveFailures(t *testing.T) {
	var b breaker
	for i := 0; i < breakConsecutive-1; i++ {
		b.record(t0, failure, false, 0)
	}
	wantState(t, &b, t0, closed)
	b.record(t0, success, false, 0) // a success resets the run
	for i := 0; i < breakConsecutive-1; i++ {
		b.record(t0, failure, false, 0)
	}
	wantState(t, &b, t0, closed)
	b.record(t0, failure, false, 0)
	wantState(t, &b, t0, open)
	if ok, _ := b.admit(t0); ok {
		t.Fatal("open breaker admitted a call")
	}
	if v := b.view(t0); v.Opens != 1 || !v.Until.Equal(at(baseCooldown)) {
		t.Fatalf("view %+v", v)
	}
}

func TestBreakerOpensOnFailureRate(t *testing.T) {
	var b breaker
	// Alternating failure and success never makes a run of failures, but
	// half of the window failed.
	for i := 0; i < breakWindowMin-1; i++ {
		o := success
		if i%2 == 0 {
			o = failure
		}
		b.record(t0, o, false, 0)
	}
	wantState(t, &b, t0, closed) // 9 calls: below breakWindowMin
	b.record(t0, success, false, 0)
	b.record(t0, failure, false, 0) // 11 calls, 6 failed
	wantState(t, &b, t0, open)
}

func TestBreakerThirtyPercentStaysClosed(t *testing.T) {
	var b breaker
	for i := 0; i < 200; i++ {
		o := success
		if i%10 < 3 && i%10 != 1 || i%10 == 5 { // 3 of 10 fail, never 5 in a row
			o = failure
		}
		b.record(t0, o, false, 0)
	}
	wantState(t, &b, t0, closed)
}

func TestBreakerNeutralOutcomesDoNotCount(t *testing.T) {
	var b breaker
	for i := 0; i < 100; i++ {
		b.record(t0, neutral, false, 0)
	}
	wantState(t, &b, t0, closed)
	if b.wlen != 0 {
		t.Fatalf("neutral outcomes entered the window: %d", b.wlen)
	}
}

func trip(b *breaker, now time.Time) {
	for i := 0; i < breakConsecutive; i++ {
		b.record(now, failure, false, 0)
	}
}

func TestBreakerHalfOpenProbes(t *testing.T) {
	var b breaker
	trip(&b, t0)
	wantState(t, &b, at(baseCooldown-time.Millisecond), open)
	now := at(baseCooldown)
	wantState(t, &b, now, halfOpen)
	for i := 0; i < maxProbes; i++ {
		ok, probe := b.admit(now)
		if !ok || !probe {
			t.Fatalf("probe %d refused", i)
		}
	}
	if ok, _ := b.admit(now); ok {
		t.Fatal("more than maxProbes probes admitted")
	}
	b.drop() // one probe was never sent
	if ok, probe := b.admit(now); !ok || !probe {
		t.Fatal("a dropped probe slot was not given back")
	}
	b.record(now, neutral, true, 0) // a neutral probe frees its slot, stays half-open
	wantState(t, &b, now, halfOpen)
	b.record(now, success, true, 0)
	wantState(t, &b, now, closed)
	if ok, probe := b.admit(now); !ok || probe {
		t.Fatal("closed breaker: want a plain call")
	}
	// The late results of the other probes change nothing.
	b.record(now, failure, true, 0)
	b.record(now, failure, true, 0)
	wantState(t, &b, now, closed)
}

func TestBreakerFailedProbeBacksOff(t *testing.T) {
	var b breaker
	trip(&b, t0)
	now := at(baseCooldown)
	for want := 2 * baseCooldown; ; want *= 2 {
		want = min(want, maxCooldown)
		if ok, probe := b.admit(now); !ok || !probe {
			t.Fatal("no probe")
		}
		b.record(now, failure, true, 0)
		v := b.view(now)
		if v.State != open || !v.Until.Equal(now.Add(want)) {
			t.Fatalf("after a failed probe: %+v, want open for %v", v, want)
		}
		now = v.Until
		if want == maxCooldown {
			break
		}
	}
	// A failure of a call that was not a probe (admitted before the
	// breaker opened) does not extend the cooldown.
	ok, _ := b.admit(now)
	if !ok {
		t.Fatal("no probe")
	}
	b.record(now, failure, false, 0)
	wantState(t, &b, now, halfOpen)
	// Success closes and resets the cooldown.
	b.record(now, success, true, 0)
	trip(&b, now)
	if v := b.view(now); !v.Until.Equal(now.Add(baseCooldown)) {
		t.Fatalf("cooldown not reset: %+v", v)
	}
}

func TestBreakerSuccessWhileOpenCloses(t *testing.T) {
	// A forced probe (every step of a run refused) that succeeds closes the
	// breaker at once: no request fails afterwards because of its memory.
	var b breaker
	trip(&b, t0)
	if !b.forceable(t0) {
		t.Fatal("open without Retry-After must be forceable")
	}
	b.record(t0, success, false, 0)
	wantState(t, &b, t0, closed)
}

func TestBreakerRetryAfter(t *testing.T) {
	var b breaker
	b.record(t0, failure, false, 30*time.Second)
	v := b.view(t0)
	if v.State != open || !v.Until.Equal(at(30*time.Second)) || !v.RetryUntil.Equal(at(30*time.Second)) {
		t.Fatalf("after Retry-After 30s: %+v", v)
	}
	if b.forceable(at(29 * time.Second)) {
		t.Fatal("forced probe allowed inside Retry-After")
	}
	if ok, _ := b.admit(at(29 * time.Second)); ok {
		t.Fatal("admitted inside Retry-After")
	}
	if ok, probe := b.admit(at(30 * time.Second)); !ok || !probe {
		t.Fatal("no probe once Retry-After passed")
	}
	// An absurd Retry-After is capped.
	var c breaker
	c.record(t0, failure, false, 24*time.Hour)
	if v := c.view(t0); !v.Until.Equal(at(maxRetryAfter)) {
		t.Fatalf("Retry-After not capped: %+v", v)
	}
}

func TestBreakerInvariantCheck(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a broken invariant was not caught")
		}
	}()
	var b breaker
	b.probes = 1 // probes while closed
	b.record(t0, success, false, 0)
}

func TestLatencyQuantiles(t *testing.T) {
	var l latency
	for i := 1; i < latencyMin; i++ {
		l.record(time.Duration(i) * time.Millisecond)
	}
	if _, _, ok := l.quantiles(); ok {
		t.Fatal("quantiles before latencyMin samples")
	}
	l.record(latencyMin * time.Millisecond)
	if p95, p99, ok := l.quantiles(); !ok || p95 != 16*time.Millisecond || p99 != 16*time.Millisecond {
		t.Fatalf("16 samples 1..16ms: p95 %v p99 %v", p95, p99)
	}
	for i := 0; i < latencyWindow; i++ { // the window forgets the old samples
		l.record(time.Duration(100+i%100) * time.Millisecond)
	}
	if p95, p99, _ := l.quantiles(); p95 < 190*time.Millisecond || p99 < p95 || p99 > 199*time.Millisecond {
		t.Fatalf("p95 %v p99 %v", p95, p99)
	}
}

func TestHedgeBudget(t *testing.T) {
	h := hedgeBudget{ratio: DefaultHedgeRatio * tokenUnit}
	if h.take() {
		t.Fatal("a fresh budget hedged")
	}
	n := 0
	for i := 0; i < 1000; i++ {
		h.request()
		if h.take() {
			n++
		}
	}
	if n != 50 {
		t.Fatalf("hedges %d over 1000 requests at 5%%", n)
	}
	for i := 0; i < 10_000; i++ {
		h.request()
	}
	n = 0
	for h.take() {
		n++
	}
	if n != hedgeBurst {
		t.Fatalf("burst %d, want %d", n, hedgeBurst)
	}
	off := hedgeBudget{}
	off.request()
	if off.take() {
		t.Fatal("ratio 0 hedged")
	}
}

func TestObjectivesSet(t *testing.T) {
	var o Objectives
	o.fill()
	if o.Classify != DefaultObjective || o.Report != DefaultReportObjective {
		t.Fatalf("defaults %v", o)
	}
	if err := o.Set("all=3s,report=45s,rubric=1500ms"); err != nil {
		t.Fatal(err)
	}
	want := Objectives{Classify: 3 * time.Second, Moderate: 3 * time.Second, Rubric: 1500 * time.Millisecond,
		Translate: 3 * time.Second, Reply: 3 * time.Second, Report: 45 * time.Second}
	if o != want {
		t.Fatalf("got %v, want %v", o, want)
	}
	var back Objectives
	if err := back.Set(o.String()); err != nil || back != o {
		t.Fatalf("String does not round-trip: %q %v", o.String(), err)
	}
	for _, bad := range []string{"classify", "classify=fast", "detect=1s", "classify=-1s", "classify=0s", "report=11m"} {
		if err := o.Set(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A soft timeout (a call past its per-try timeout, still running) counts
// toward the consecutive rule only: breakConsecutive of them open the
// breaker (a hung model is seen within a per-try timeout), but soft
// timeouts followed by the same calls' late answers never fill the window
// (a model that became slower stays closed), a late answer closes a breaker
// they opened, and a soft-timed-out call that then fails for good
// (confirmedFailure) enters the window without counting twice.
func TestBreakerSoftTimeouts(t *testing.T) {
	var b breaker
	for i := 0; i < 40; i++ { // every call past its per-try timeout, then answering
		b.record(t0, softFailure, false, 0)
		b.record(t0, success, false, 0)
	}
	wantState(t, &b, t0, closed)
	for i := 0; i < breakConsecutive-1; i++ {
		b.record(t0, softFailure, false, 0)
	}
	wantState(t, &b, t0, closed)
	b.record(t0, softFailure, false, 0)
	wantState(t, &b, t0, open)
	b.record(t0, success, false, 0) // one of them answers late
	wantState(t, &b, t0, closed)
	if b.consec != 0 || b.wfails != 0 {
		t.Fatalf("after a late answer: consec %d, window failures %d", b.consec, b.wfails)
	}
	// Soft timeouts confirmed as failures: each counts once.
	for i := 0; i < breakConsecutive-1; i++ {
		b.record(t0, softFailure, false, 0)
		b.record(t0, confirmedFailure, false, 0)
	}
	if b.consec != breakConsecutive-1 || b.wfails != breakConsecutive-1 {
		t.Fatalf("consec %d, window failures %d, want %d each", b.consec, b.wfails, breakConsecutive-1)
	}
	wantState(t, &b, t0, closed)
}
