package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"svc/engine/builtin"
	"svc/engine/provider"
)

// When both providers are down (Config.WhenProvidersDown).
//
// With "builtin" (the default) a run that cannot get an answer from any
// provider answers from the built-in analyzers instead of failing, with
// Usage.Degraded (and FallbackUsed) set and Usage.Model builtin.Model. It
// happens in one place, the failure exit of run (end), plus two shortcuts
// that keep a request from waiting on a provider known to be down:
//   - every step left refused by its breaker: the forced probes go off the
//     request path (probeAside) and the request is answered at once;
//   - a half-open breaker's probe likewise runs aside, never under a
//     request (the run goes on to its next step, or degrades);
//   - a breaker that opens while runs wait on its model wakes them (down):
//     a run whose every remaining step is on a breaker not closed answers
//     from built-in then, instead of at its objective, once a third of its
//     objective has passed (degradeGraceDiv): a call already running may
//     be one that is only slower, whose answer closes the breaker again.
//
// Rubric's 502 stays when a model answered unusable output: that is not a
// provider being down. With "fail" nothing of this happens: the run fails
// at its objective (ErrUpstream), forced probes run under the request.
const (
	ProvidersDownBuiltin = "builtin"
	ProvidersDownFail    = "fail"
)

// Aside probes: per model at most maxAside in flight, started at least
// asideEvery apart (at most 10 a second; a request used to carry one each).
// A hung model, each probe held about one attempt timeout (~1 s at a
// 300 ms p99), still sees a new probe every ~125 ms, so a provider that
// comes back closes its breaker within about that plus one call: the
// brownout bench's recovery target (its traffic back within a second).
const (
	maxAside   = 8
	asideEvery = 100 * time.Millisecond
)

// asideState bounds a model's aside probes (guarded by its mutex).
type asideState struct {
	mu       sync.Mutex
	inFlight int
	last     time.Time
}

func (a *asideState) begin(now time.Time) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.inFlight >= maxAside || now.Sub(a.last) < asideEvery {
		return false
	}
	a.inFlight++
	a.last = now
	return true
}

func (a *asideState) end() {
	a.mu.Lock()
	a.inFlight--
	a.mu.Unlock()
}

// downSignal wakes runs when a breaker opens: the channel is closed and
// replaced at each opening.
type downSignal struct {
	mu sync.Mutex
	ch chan struct{}
}

func (d *downSignal) wait() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ch == nil {
		d.ch = make(chan struct{})
	}
	return d.ch
}

func (d *downSignal) fire() {
	d.mu.Lock()
	if d.ch != nil {
		close(d.ch)
		d.ch = nil
	}
	d.mu.Unlock()
}

// probeAside calls step s with req off the request path, for its breaker
// only (probe: admit granted it as a half-open probe, which this reports
// or drops). Bounded per model (asideState); Close cancels those running.
func (e *Engine) probeAside(s *candidate, k opKind, req provider.Request, probe, forced bool) {
	if !s.health.aside.begin(time.Now()) {
		if probe {
			s.health.br.drop()
		}
		return
	}
	e.asideMu.Lock() // no Add once Close waits
	if e.asideCtx.Err() != nil {
		e.asideMu.Unlock()
		s.health.aside.end()
		if probe {
			s.health.br.drop()
		}
		return
	}
	e.asideWG.Add(1)
	e.asideMu.Unlock()
	if forced {
		s.health.forced.Add(1)
	}
	// A probe asks whether the model answers within what a request could
	// wait for it (its objective, at most Config.Timeout), not within 3x
	// its p99 of before: cut there, a model that became slower would fail
	// every probe and stay open although it answers (finding 17).
	at := min(*e.cfg.Objectives.field(k), e.cfg.Timeout)
	go func() {
		defer e.asideWG.Done()
		defer s.health.aside.end()
		ctx, cancel := context.WithTimeout(e.asideCtx, at)
		defer cancel()
		begin := time.Now()
		_, err := s.client.Complete(ctx, req)
		if e.asideCtx.Err() != nil {
			if probe {
				s.health.br.drop()
			}
			return // closing: not the model's fault
		}
		e.observe(s, k, err, time.Since(begin), at, probe, false, false)
	}()
}

// request is the provider request of the run's task on step i.
func (r *runner[T]) request(i int) provider.Request {
	return provider.Request{Model: r.steps[i].model, System: r.t.system, User: r.user,
		SchemaName: r.t.schemaName, Schema: r.t.schema, MaxTokens: r.t.maxTokens}
}

// end is the run's failure exit: the built-in answer when the policy
// degrades and the caller still waits, unless rubric's last answer was
// unusable model output (its 502); else fail's error.
func (r *runner[T]) end(ctx context.Context) (T, error) {
	err := r.fail(ctx)
	if r.e.degrade && ctx.Err() == nil && !(r.t.unparseable && errors.Is(r.lastErr, errUnusable)) {
		return r.degraded(), nil
	}
	var zero T
	return zero, err
}

// degraded answers from the built-in analyzers for the routed provider.
func (r *runner[T]) degraded() T {
	res := r.t.local()
	u := r.t.usage(&res)
	u.Provider, u.Model, u.FallbackUsed, u.Degraded = r.steps[0].provider, builtin.Model, true, true
	u.TokensUsed += r.tokens
	r.answered.Store(true) // calls still running lost: canceled by stop
	return res
}

// degradeGraceDiv: a call already running keeps its run waiting for it,
// although its model's breaker opened, until a third of the run's
// objective has passed (allDown). A breaker opened by per-try timeouts
// cannot tell a hung model from one that became slower; the late answers
// of the latter close it again (breaker.go). Measured: with both providers
// hung the breakers open about one per-try timeout in (0.5-1.2 s at the
// default 2 s objective) and the waiting requests then end within the
// brownout bench's target (built-in answers, p95 <= half the objective);
// with both providers 1-2 s slow after instant answers and a 5 s objective
// (the soak's slow mode) the first late answers come before a third of the
// objective (1.67 s) and every request is answered by a provider.
const degradeGraceDiv = 3

// allDown reports whether no step of the run can still answer soon: every
// step not finished (running or pending) is on a breaker that is not
// closed, and the run has waited past its grace for the calls still
// running (degradeGraceDiv). When only the grace is missing it arms the
// run's grace timer, and run asks again when it fires.
func (r *runner[T]) allDown() bool {
	now := r.e.now()
	waiting := false
	for i := range r.steps {
		s := &r.steps[i]
		switch {
		case r.state[i] == finished:
		case r.state[i] == started:
			if s.health.br.view(now).State == closed {
				return false
			}
			waiting = true
		case r.skip.has(s.provider):
		case s.client == nil || s.health.br.view(now).State == closed:
			return false
		}
	}
	if wait := time.Until(r.grace); waiting && wait > 0 {
		if r.graceT == nil {
			r.graceT = time.NewTimer(wait)
		}
		return false
	}
	return true
}

// checkProvidersDown validates Config.WhenProvidersDown ("" is builtin).
func checkProvidersDown(v string) (string, error) {
	switch v {
	case "":
		return ProvidersDownBuiltin, nil
	case ProvidersDownBuiltin, ProvidersDownFail:
		return v, nil
	}
	return "", fmt.Errorf("engine: when providers are down: want %s or %s, got %q", ProvidersDownBuiltin, ProvidersDownFail, v)
}
