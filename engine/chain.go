package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/bytedance/sonic"

	"svc/engine/builtin"
	"svc/engine/op"
	"svc/engine/provider"
)

// task is one operation ready to run along a fallback chain.
type task[T any] struct {
	op         opKind
	schemaName string
	system     string          // prompt
	input      any             // marshalled as the user message
	schema     json.RawMessage // structured-output schema
	maxTokens  int
	// check turns raw model output into a result, or rejects it as unusable.
	check func(content string) (T, error)
	// local computes the built-in result (its Usage.TokensUsed filled).
	local func() T
	// usage points at the result's Usage.
	usage func(*T) *op.Usage
	// unparseable: the chain's final failure is ErrUnparseable instead of
	// ErrUpstream (rubric), unless no call reached an upstream (every step
	// found its in-flight queue full) or the caller's context ended.
	unparseable bool
}

// errUnusable marks model output the checker rejected.
var errUnusable = errors.New("unusable model output")

func unusable(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errUnusable, fmt.Sprintf(format, a...))
}

// verdict is what the chain does after one attempt (doc.go's table).
type verdict uint8

const (
	answered     verdict = iota // usable output: the answer
	retrySame                   // unusable output or body: the same model once more, then nextStep
	nextStep                    // an HTTP error status or I/O failure: the next step
	skipProvider                // timeout, refused connection, full queue, Retry-After: the provider's other steps too
)

// judge sorts a failed attempt's error; tried reports whether the call
// reached an upstream (a full in-flight queue sends nothing).
func judge(err error) (v verdict, tried bool) {
	var pe *provider.Error
	if errors.Is(err, errUnusable) {
		return retrySame, true
	}
	if !errors.As(err, &pe) {
		return nextStep, true
	}
	switch pe.Kind {
	case provider.BadBody:
		return retrySame, true
	case provider.Busy:
		return skipProvider, false
	case provider.Connect, provider.Timeout, provider.Canceled:
		return skipProvider, true
	case provider.Status:
		if retryAfter(pe) > 0 {
			return skipProvider, true
		}
	}
	return nextStep, true
}

// attemptDone is one finished call.
type attemptDone struct {
	step int
	n    int // the attempt's index in runner.cancels
	resp provider.Response
	err  error
}

// Bounds of one run: a chain has at most maxSteps steps (two models per
// provider); each step is called at most twice (the retry; a forced probe
// only calls a step never called), so at most maxAttempts calls start.
const (
	maxSteps    = 4
	maxAttempts = 2 * maxSteps
)

// providerSet is a set of the two provider names.
type providerSet [2]bool

func providerIndex(p string) int {
	if p == LLMA {
		return 0
	}
	return 1
}

func (ps *providerSet) add(p string)     { ps[providerIndex(p)] = true }
func (ps providerSet) has(p string) bool { return ps[providerIndex(p)] }

// stepState is where a step of one run stands.
type stepState uint8

const (
	pending stepState = iota
	started
	finished
	breakerOpen // skipped because its breaker refused it; a forced probe may still call it
)

// runner is one run of a task along a chain. Only run's goroutine touches
// it; attempts report on results.
type runner[T any] struct {
	e        *Engine
	t        *task[T]
	steps    []candidate
	user     string
	ctx      context.Context // ends at the objective or with the caller
	deadline time.Time
	results  chan attemptDone // capacity: every attempt a run can start
	state    [maxSteps]stepState
	probing  [maxSteps]bool // the step's call is a probe of a breaker not closed
	retried  [maxSteps]bool
	skip     providerSet // providers whose remaining steps are skipped
	running  int
	hedged   bool        // the one hedge of this run started
	hedge    int         // its step
	forced   providerSet // providers that had their forced probe in this run
	tokens   int
	tried    bool
	lastErr  error
	timer    *time.Timer
	cancels  [maxAttempts]context.CancelFunc
	softs    [maxAttempts]*time.Timer // per-try timers (nil: the attempt had none)
	ncancel  int
	softC    chan int // an attempt (its index) passed its per-try timeout (capacity: every attempt)
	ended    [maxAttempts]bool
	stepOf   [maxAttempts]int
	grace    time.Time // from then a call on a breaker not closed no longer holds the run (allDown)
	graceT   *time.Timer
	// answered is set before the calls still running are canceled because
	// the run has its answer: they lost the race (observe).
	answered atomic.Bool
}

// run walks the chain (doc.go, "Fallback chain" and "Time"): it starts the
// first step its breaker admits, and after each attempt acts on its verdict
// (judge); a step still running after its hedge delay gets one hedge
// (budget permitting); the whole run ends within the operation's objective;
// before it fails it calls, per provider, one step skipped for its open
// breaker (a forced probe). A
// built-in step answers at once when nothing else is running.
//
// Usage of the answer: Provider and Model of the step that answered (Model as
// the endpoint reports it, else as requested), FallbackUsed when that step is
// not the first, TokensUsed the sum of prompt+completion tokens of every
// upstream call that returned for this answer (failed-output attempts and a
// hedge's other call included: they were spent on it), plus the built-in
// count when a built-in step answered.
func run[T any](ctx context.Context, e *Engine, steps []candidate, t task[T]) (T, error) {
	var zero T
	user, err := sonic.ConfigStd.Marshal(t.input) // encoding/json-compatible (HTML escaped, sorted keys), faster
	if err != nil {
		return zero, fmt.Errorf("%w: marshal input: %v", ErrUpstream, err)
	}
	if len(steps) > maxSteps {
		panic("engine: a chain longer than maxSteps")
	}
	if steps[0].client != nil {
		e.hedges.request()
	}
	begun := time.Now()
	objective := *e.cfg.Objectives.field(t.op)
	deadline := begun.Add(objective)
	rctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	r := &runner[T]{
		e: e, t: &t, steps: steps, user: string(user), ctx: rctx, deadline: deadline,
		results: make(chan attemptDone, maxAttempts), softC: make(chan int, maxAttempts),
		grace: begun.Add(objective / degradeGraceDiv),
	}
	defer r.stop()
	if res, ok := r.advance(); ok {
		return res, nil
	}
	for r.running > 0 {
		var hedgeC <-chan time.Time
		if r.timer != nil {
			hedgeC = r.timer.C
		}
		var down <-chan struct{} // a breaker opened (degrade.go)
		var graceC <-chan time.Time
		if e.degrade {
			down = e.down.wait()
			if r.graceT != nil {
				graceC = r.graceT.C
			}
		}
		select {
		case <-down:
			if r.allDown() {
				return r.degraded(), nil
			}
		case <-graceC:
			r.graceT = nil
			if r.allDown() {
				return r.degraded(), nil
			}
		case d := <-r.results:
			r.running--
			r.ended[d.n] = true
			if res, ok := r.finish(d); ok {
				return res, nil
			}
			if r.running == 0 || (r.running == 1 && r.hedged) {
				if res, ok := r.advance(); ok {
					return res, nil
				}
			}
			if e.degrade && r.running > 0 && r.allDown() {
				return r.degraded(), nil
			}
		case n := <-r.softC:
			// Attempt n passed its per-try timeout (counted: observeSoft)
			// and goes on. Its provider's other steps are skipped, as after a
			// timeout, and the next step of the other provider starts now.
			i := r.stepOf[n]
			if r.ended[n] || r.state[i] != started {
				break
			}
			r.skip.add(r.steps[i].provider)
			if res, ok := r.advance(); ok {
				return res, nil
			}
			if e.degrade && r.allDown() {
				return r.degraded(), nil
			}
		case <-hedgeC:
			r.timer = nil
			r.startHedge()
		case <-rctx.Done():
			if ctx.Err() != nil {
				return r.end(ctx) // the caller left: fails
			}
			// The objective passed. Every running call's context derives
			// from rctx, and each of its phases (slot wait, connection
			// wait, dial, I/O) ends by its deadline, so they end now: their
			// verdicts say whether one reached an upstream (a call still
			// waiting for an in-flight slot did not: Busy).
			for ; r.running > 0; r.running-- {
				if _, tried := judge((<-r.results).err); tried {
					r.tried = true
				}
			}
			r.lastErr = fmt.Errorf("objective of %v exceeded", *e.cfg.Objectives.field(t.op))
			return r.end(ctx)
		}
	}
	return r.end(ctx)
}

// advance starts the next pending step (or, with none left, the run's one
// forced probe). A built-in step reached with nothing running answers: ok.
func (r *runner[T]) advance() (T, bool) {
	now := r.e.now()
	for i := range r.steps {
		if r.state[i] != pending {
			continue
		}
		s := &r.steps[i]
		if r.skip.has(s.provider) {
			r.state[i] = finished
			continue
		}
		if s.client == nil {
			if r.running > 0 {
				break // a built-in step only answers when nothing else can
			}
			return r.local(i), true
		}
		if !r.deadline.After(time.Now()) {
			break
		}
		ok, probe := s.health.br.admit(now)
		if !ok {
			r.state[i] = breakerOpen
			s.health.skipped.Add(1)
			continue
		}
		if probe && r.e.degrade {
			// A half-open breaker's probe runs aside (degrade.go): no
			// request waits on a model that was down a moment ago.
			r.e.probeAside(s, r.t.op, r.request(i), true, false)
			r.state[i] = finished
			r.forced.add(s.provider)
			continue
		}
		r.probing[i] = probe
		r.start(i, probe)
		return *new(T), false
	}
	if r.running == 0 && r.e.degrade {
		// Every step left refused or probed aside: the probes of the
		// refused ones go aside too, and run degrades at once (end).
		for i := range r.steps {
			s := &r.steps[i]
			if r.state[i] == breakerOpen && !r.skip.has(s.provider) && !r.forced.has(s.provider) && s.health.br.forceable(now) {
				r.forced.add(s.provider)
				r.e.probeAside(s, r.t.op, r.request(i), false, true)
			}
		}
		return *new(T), false
	}
	if r.running == 0 {
		// Every step left was refused by its breaker: rather than fail
		// unseen, call the first refused step of each provider in turn
		// (unless a Retry-After holds it), so that a provider back up
		// answers although its breaker has not seen it yet.
		for i := range r.steps {
			s := &r.steps[i]
			if r.state[i] == breakerOpen && !r.skip.has(s.provider) && !r.forced.has(s.provider) && r.deadline.After(time.Now()) && s.health.br.forceable(now) {
				r.forced.add(s.provider)
				s.health.forced.Add(1)
				r.probing[i] = true
				r.start(i, false)
				break
			}
		}
	}
	return *new(T), false
}

// startHedge starts the run's one hedge when the running step has not
// answered by its hedge delay: the next pending step of another provider
// (the same endpoint is likely as slow), else of the same one; never a
// built-in step. The hedge budget must allow it, unless the running call
// probes a breaker that is not closed: the request that carries a probe
// does not pay for it.
func (r *runner[T]) startHedge() {
	if r.running != 1 || r.hedged {
		return
	}
	cur := -1
	for i, st := range r.state[:len(r.steps)] {
		if st == started {
			cur = i
		}
	}
	now := r.e.now()
	for _, sameProvider := range []bool{false, true} {
		for i := range r.steps {
			s := &r.steps[i]
			if r.state[i] != pending || s.client == nil || r.skip.has(s.provider) || (s.provider == r.steps[cur].provider) != sameProvider {
				continue
			}
			ok, probe := s.health.br.admit(now)
			if !ok {
				continue
			}
			if !r.probing[cur] && !r.e.hedges.take() {
				if probe {
					s.health.br.drop()
				}
				return
			}
			r.hedged, r.hedge = true, i
			r.probing[i] = probe
			if r.probing[cur] {
				r.e.hedges.hedges.Add(1)
			}
			r.start(i, probe)
			return
		}
	}
}

// start calls step i in its own goroutine. The call may take all that
// remains of the objective (at most Config.Timeout): its hard timeout.
// When another provider's step (or the built-in engine) comes after it,
// the call also has a per-try timeout (attemptTimeout: 3x the model's
// observed p99) at which it is not canceled but passed over: it counts as
// a soft timeout against its model (observeSoft), and the run starts the
// other provider's step while the call goes on (Envoy's
// hedge_on_per_try_timeout; gRPC's hedging keeps every attempt to the
// call's deadline). The first usable answer wins and the calls still
// running are canceled; a call that answers late is a success and a
// latency sample, so a provider that became uniformly slower is not
// abandoned for it (docs/reliability.md, finding 17).
func (r *runner[T]) start(i int, probe bool) {
	s := &r.steps[i]
	now := time.Now()
	remaining := r.deadline.Sub(now)
	reserve, alt := r.reserveAfter(i, remaining)
	hard := min(r.e.cfg.Timeout, remaining)
	perTry := min(r.e.attemptTimeout(s, r.t.op, remaining, reserve, alt), hard)
	actx, cancel := context.WithTimeout(r.ctx, hard)
	n := r.ncancel
	r.stepOf[n] = i
	r.cancels[n] = cancel // at most maxAttempts: two per step, one forced probe per provider
	r.ncancel++
	r.state[i] = started
	r.running++
	if r.running == 1 && !r.hedged {
		if r.timer != nil {
			r.timer.Stop()
		}
		r.timer = time.NewTimer(hedgeDelay(s, r.t.op, perTry))
	}
	// soft: 0 running, 1 passed its per-try timeout (counted), 2 ended,
	// 3 passed it still waiting for an in-flight slot (not the endpoint's
	// time: passed over, not counted).
	soft, sending := new(atomic.Int32), new(atomic.Bool)
	if perTry < hard {
		softC := r.softC
		e := r.e
		answered := &r.answered
		r.softs[n] = time.AfterFunc(perTry, func() {
			if answered.Load() {
				return
			}
			if sending.Load() && soft.CompareAndSwap(0, 1) {
				e.observeSoft(s)
			} else if !soft.CompareAndSwap(0, 3) {
				return
			}
			softC <- n // buffered for every attempt: never blocks
		})
	}
	req := r.request(i)
	req.Sending = func() { sending.Store(true) }
	e, op := r.e, r.t.op
	go func() {
		begin := time.Now()
		resp, err := s.client.Complete(actx, req)
		took := time.Since(begin)
		softed := soft.Swap(2) == 1
		e.observe(s, op, err, took, hard, probe, r.answered.Load(), softed)
		r.results <- attemptDone{step: i, n: n, resp: resp, err: err}
	}()
}

// reserveAfter is the time the first later step of another provider is
// expected to need (0 for the built-in engine), and whether there is such a
// step at all (alt): a timeout of step i skips its provider, and that step
// must still fit in the objective.
func (r *runner[T]) reserveAfter(i int, remaining time.Duration) (reserve time.Duration, alt bool) {
	for j := i + 1; j < len(r.steps); j++ {
		s := &r.steps[j]
		if s.provider == r.steps[i].provider || r.state[j] != pending || r.skip.has(s.provider) {
			continue
		}
		if s.client == nil {
			return 0, true // built-in: instant
		}
		return r.e.expected(s, r.t.op, remaining), true
	}
	return 0, false
}

// finish acts on one attempt: the answer (ok), or the verdict's next move.
func (r *runner[T]) finish(d attemptDone) (T, bool) {
	var zero T
	s := &r.steps[d.step]
	err := d.err
	r.tokens += d.resp.PromptTokens + d.resp.CompletionTokens // a failed call's too (cut short: billed)
	if err == nil {
		res, cerr := r.t.check(d.resp.Content)
		if cerr == nil {
			u := r.t.usage(&res)
			u.Provider, u.Model, u.FallbackUsed, u.TokensUsed = s.provider, s.model, d.step > 0, r.tokens
			if d.resp.Model != "" {
				u.Model = d.resp.Model
			}
			if r.hedged && d.step == r.hedge {
				r.e.hedges.wins.Add(1)
			}
			r.answered.Store(true)
			return res, true
		}
		err = cerr
	}
	r.lastErr = err
	v, tried := judge(err)
	r.tried = r.tried || tried
	r.state[d.step] = finished
	switch v {
	case retrySame:
		if !r.retried[d.step] && r.deadline.After(time.Now()) {
			r.retried[d.step] = true
			r.start(d.step, false)
		}
	case skipProvider:
		r.skip.add(s.provider)
	}
	return zero, false
}

// local answers with built-in step i.
func (r *runner[T]) local(i int) T {
	res := r.t.local()
	u := r.t.usage(&res)
	u.Provider, u.Model, u.FallbackUsed = r.steps[i].provider, builtin.Model, i > 0
	u.TokensUsed += r.tokens
	return res
}

// fail is the run's final error: ErrUnparseable for rubric when a call
// reached an upstream and the caller's context did not end (nor its
// deadline pass), else ErrUpstream.
func (r *runner[T]) fail(ctx context.Context) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%w: %v", ErrUpstream, ctx.Err())
	}
	if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
		// The caller's deadline ended the last call a moment before its
		// timer fired (fasthttp ends a call at the deadline itself).
		return fmt.Errorf("%w: %v", ErrUpstream, context.DeadlineExceeded)
	}
	if r.lastErr == nil {
		r.lastErr = errors.New("every step refused by its circuit breaker or a Retry-After")
	}
	if r.t.unparseable && r.tried {
		return fmt.Errorf("%w: %v", ErrUnparseable, r.lastErr)
	}
	return fmt.Errorf("%w: %v", ErrUpstream, r.lastErr)
}

// stop cancels the calls still running (a hedge's other call); their
// goroutines end with their calls and report to the buffered results.
// r.answered must be set first when the run answered.
func (r *runner[T]) stop() {
	if r.timer != nil {
		r.timer.Stop()
	}
	if r.graceT != nil {
		r.graceT.Stop()
	}
	for i, c := range r.cancels[:r.ncancel] {
		if r.softs[i] != nil {
			r.softs[i].Stop()
		}
		c()
	}
}
