package engine

import (
	"errors"
	"strings"
	"sync/atomic"
	"time"

	"svc/engine/provider"
)

// modelHealth is what the engine knows of one configured provider model:
// its circuit breaker and, per operation, the latency of recent calls.
type modelHealth struct {
	provider, model string
	br              breaker
	lat             [numOps]latency
	skipped         atomic.Uint64 // steps skipped because the breaker refused them
	forced          atomic.Uint64 // forced probes (every step of a run refused)
	aside           asideState    // probes off the request path (degrade.go)
}

func (e *Engine) modelHealth(provider, model string) *modelHealth {
	for _, h := range e.health {
		if h.provider == provider && h.model == model {
			return h
		}
	}
	return nil
}

// observe feeds one finished call to step s's breaker and latency samples
// (and, for a Retry-After, a timeout or a refused connection, to the
// breakers of the provider's other model).
// at is the attempt's hard timeout (all the time its request could give
// it): a call canceled after running that long counts as timed out, as it
// would have. lost: the call was canceled because another call of its run
// answered first; a probe that lost (it answered neither within its hedge
// delay nor before the other provider's whole call) fails, so a hung model's
// breaker opens again instead of staying half-open with every probe hedged
// away; another lost call is neutral (a per-try timeout it passed was
// counted then: observeSoft). soft: the call passed its per-try timeout and
// observeSoft counted it, so a hard failure now is confirmedFailure (not
// counted twice), and a success closes the breaker that soft timeouts may
// have opened, with the call's latency as a sample: the per-try timeout
// learns that the model became slower.
func (e *Engine) observe(s *candidate, k opKind, err error, took, at time.Duration, probe, lost, soft bool) {
	h := s.health
	o, ra, endpoint := neutral, time.Duration(0), false
	var pe *provider.Error
	switch {
	case err == nil:
		o = success
		h.lat[k].record(took)
	case errors.As(err, &pe):
		switch pe.Kind {
		case provider.Timeout, provider.Connect:
			o, endpoint = failure, true
		case provider.Transport:
			o = failure
		case provider.Canceled:
			switch {
			case took >= at:
				o, endpoint = failure, true
			case lost && probe:
				o = failure
			}
		case provider.Status:
			if pe.Code >= 500 || pe.Code == 429 {
				o = failure
			}
			ra = retryAfter(pe)
		}
	}
	if soft && o == failure {
		o = confirmedFailure
	}
	e.feed(h, o, probe, ra, endpoint)
}

// observeSoft counts a call still running past its per-try timeout
// (softFailure) against its model and, the endpoint being the same, the
// provider's other model, which the run skips as well.
func (e *Engine) observeSoft(s *candidate) {
	e.feed(s.health, softFailure, false, 0, true)
}

// feed records outcome o on h's breaker and, for a Retry-After (ra > 0) or
// an endpoint failure, on the breakers of the provider's other models; it
// wakes the runs waiting for a breaker to open (degrade.go) when one did.
func (e *Engine) feed(h *modelHealth, o outcome, probe bool, ra time.Duration, endpoint bool) {
	now := e.now()
	opened := h.br.view(now).Opens
	h.br.record(now, o, probe, ra)
	if e.degrade && h.br.view(now).Opens != opened {
		defer e.down.fire() // after the provider's other model was told too
	}
	if ra == 0 && (!endpoint || o == neutral || o == success) {
		return
	}
	// A Retry-After holds every model of the provider (one key, one
	// limit); a timeout or refused connection is the endpoint's, which
	// serves its other model too (the chain skips that one as well).
	for _, other := range e.health {
		if other == h || other.provider != h.provider {
			continue
		}
		if ra > 0 {
			other.br.hold(now, ra)
		} else {
			other.br.record(now, o, false, 0)
		}
	}
}

// retryAfter is the Retry-After of a 429 or 503 answer (0 when absent).
func retryAfter(pe *provider.Error) time.Duration {
	if pe.Kind != provider.Status || (pe.Code != 429 && pe.Code != 503) {
		return 0
	}
	return pe.RetryAfter
}

// Status is the classifier's health as /v1/health reports it: "ok";
// "degraded: <providers>" naming each configured provider with a model
// whose breaker is open ("degraded: llm_a" or "degraded: llm_a, llm_b");
// "down" when both providers are configured and each has an open model and
// no other model known to answer (each other model open or never called
// yet). A built-in provider is always up; a half-open breaker (probing) is
// not reported.
func (e *Engine) Status() string {
	now := e.now()
	var named []string
	down := 0
	for _, name := range []string{LLMA, LLMB} {
		if e.providers[name] == nil {
			continue
		}
		any, all := false, true
		for _, h := range e.health {
			if h.provider != name {
				continue
			}
			switch v := h.br.view(now); {
			case v.State == open:
				any = true
			case v.Seen:
				all = false
			}
		}
		if any {
			named = append(named, name)
		}
		if any && all {
			down++
		}
	}
	switch {
	case down == 2:
		return "down"
	case len(named) > 0:
		return "degraded: " + strings.Join(named, ", ")
	}
	return "ok"
}

// BreakerState is one provider model's circuit breaker at one instant.
type BreakerState struct {
	Provider string `json:"provider"`
	Model    string `json:"model"`
	// State is "closed" (calls go through), "open" (steps skipped until
	// OpenUntil) or "half_open" (a few probe calls go through).
	State string `json:"state"`
	// OpenUntil: when an open breaker lets probes through (null unless open).
	OpenUntil *time.Time `json:"open_until"`
	// RetryAfterUntil: the end of an upstream's Retry-After in force (null
	// when none); not even a forced probe calls the model before it.
	RetryAfterUntil *time.Time `json:"retry_after_until"`
	Opens           uint64     `json:"opens"`          // transitions to open since start
	Skipped         uint64     `json:"skipped"`        // steps skipped because it refused them
	ForcedProbes    uint64     `json:"forced_probes"`  // calls made although open (every step of a run refused)
	LatencyP95MS    float64    `json:"latency_p95_ms"` // classify's recent calls (0 before 16 samples)
	// OutputMode is how the model is asked for structured output now:
	// "json_schema", "json_object" or "instructions" (the configured mode,
	// or a later one a 400 naming response_format switched it to).
	OutputMode string `json:"output_mode"`
}

// Breakers lists every configured provider model's breaker, in chain
// order (llm_a's models, then llm_b's).
func (e *Engine) Breakers() []BreakerState {
	now := e.now()
	out := make([]BreakerState, 0, len(e.health))
	for _, h := range e.health {
		v := h.br.view(now)
		b := BreakerState{Provider: h.provider, Model: h.model, State: v.State.String(), Opens: v.Opens,
			Skipped: h.skipped.Load(), ForcedProbes: h.forced.Load(), OutputMode: e.providers[h.provider].OutputMode(h.model)}
		if !v.Until.IsZero() {
			t := v.Until.UTC()
			b.OpenUntil = &t
		}
		if !v.RetryUntil.IsZero() {
			t := v.RetryUntil.UTC()
			b.RetryAfterUntil = &t
		}
		if p95, _, ok := h.lat[opClassify].quantiles(); ok {
			b.LatencyP95MS = float64(p95.Microseconds()) / 1000
		}
		out = append(out, b)
	}
	return out
}

// OutputModes lists the values of BreakerState.OutputMode.
func OutputModes() []string { return provider.OutputModes() }

// BreakerStates lists the values of BreakerState.State.
func BreakerStates() []string {
	out := make([]string, len(breakerStates))
	for i, s := range breakerStates {
		out[i] = s.String()
	}
	return out
}

// HedgeStats are the hedged calls started since start and how many of them
// gave the answer.
func (e *Engine) HedgeStats() (hedges, wins uint64) {
	return e.hedges.hedges.Load(), e.hedges.wins.Load()
}
