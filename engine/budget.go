package engine

import (
	"fmt"
	"strings"
	"time"
)

// opKind names an operation that calls a model; each has its own latency
// objective and its own latency samples per model.
type opKind uint8

const (
	opClassify opKind = iota
	opModerate
	opRubric
	opTranslate
	opReply
	opReport
	numOps
)

var opNames = [numOps]string{"classify", "moderate", "rubric", "translate", "reply", "report"}

// Objectives are the end-to-end latency objectives per operation: the whole
// fallback chain (every attempt, retry and hedge) ends within it, and a call
// that cannot be answered fails by then. Zero fields take the defaults:
// DefaultObjective, and DefaultReportObjective for Report.
type Objectives struct {
	Classify, Moderate, Rubric, Translate, Reply, Report time.Duration
}

const (
	DefaultObjective       = 2 * time.Second
	DefaultReportObjective = 30 * time.Second
)

// UniformObjectives sets every operation's objective, report's included, to d.
func UniformObjectives(d time.Duration) Objectives {
	return Objectives{Classify: d, Moderate: d, Rubric: d, Translate: d, Reply: d, Report: d}
}

func (o *Objectives) field(k opKind) *time.Duration {
	return [numOps]*time.Duration{&o.Classify, &o.Moderate, &o.Rubric, &o.Translate, &o.Reply, &o.Report}[k]
}

func (o *Objectives) fill() {
	for k := opKind(0); k < numOps; k++ {
		if f := o.field(k); *f <= 0 {
			*f = DefaultObjective
			if k == opReport {
				*f = DefaultReportObjective
			}
		}
	}
}

// Set parses "op=duration[,op=duration...]" (op one of classify, moderate,
// rubric, translate, reply, report, or "all" for every one but report) into
// o; later entries win.
func (o *Objectives) Set(s string) error {
	for _, kv := range strings.Split(s, ",") {
		name, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return fmt.Errorf("objective %q: want op=duration", kv)
		}
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 || d > maxObjective {
			return fmt.Errorf("objective %q: want a duration in (0, %v]", kv, maxObjective)
		}
		found := false
		for k := opKind(0); k < numOps; k++ {
			if name == opNames[k] || (name == "all" && k != opReport) {
				*o.field(k), found = d, true
			}
		}
		if !found {
			return fmt.Errorf("objective %q: unknown operation %q", kv, name)
		}
	}
	return nil
}

// String formats o as Set reads it.
func (o Objectives) String() string {
	parts := make([]string, numOps)
	for k := opKind(0); k < numOps; k++ {
		parts[k] = opNames[k] + "=" + o.field(k).String()
	}
	return strings.Join(parts, ",")
}

// maxObjective bounds a configured objective.
const maxObjective = 10 * time.Minute

// Attempt and hedge bounds.
const (
	// attemptFloor: an attempt timeout derived from observed latency is
	// never shorter (a model answering in 5 ms must not time out at 15 ms
	// because of one scheduling hiccup).
	attemptFloor = 500 * time.Millisecond
	// attemptMult times the observed p99 is an attempt's timeout.
	attemptMult = 3
	// hedgeFloor: a hedge never starts earlier than this after its step.
	hedgeFloor = 150 * time.Millisecond
)

// attemptTimeout is the deadline of one call to step s with remaining time
// left in the objective. Without samples it is Config.Timeout; with them
// attemptMult x the observed p99 (at least attemptFloor, at most
// Config.Timeout). reserve is what the next provider's step is expected to
// need: the attempt leaves it, but always gets at least half of what
// remains, and never more than remains.
//
// alt reports whether a later step of another provider (or the built-in
// engine) could still answer. Without one, cutting the call short buys
// nothing, so it gets everything that remains (at most Config.Timeout):
// otherwise a model that became slower than attemptMult x its old p99
// would time out on every call, and, since timeouts are not samples,
// never be given longer again (found by make soak: after fast warm-up
// calls, a 1-1.5 s upstream failed every translate until a restart).
func (e *Engine) attemptTimeout(s *candidate, k opKind, remaining, reserve time.Duration, alt bool) time.Duration {
	t := e.cfg.Timeout
	if !alt {
		return min(t, remaining)
	}
	if _, p99, ok := s.health.lat[k].quantiles(); ok {
		t = min(t, max(attemptFloor, attemptMult*p99))
	}
	if reserve > 0 {
		t = min(t, max(remaining-reserve, remaining/2))
	}
	return min(t, remaining)
}

// expected is what a call to s is expected to need: attemptMult x p99
// when observed, else half of remaining.
func (e *Engine) expected(s *candidate, k opKind, remaining time.Duration) time.Duration {
	if _, p99, ok := s.health.lat[k].quantiles(); ok {
		return min(max(attemptFloor, attemptMult*p99), e.cfg.Timeout)
	}
	return remaining / 2
}

// hedgeDelay is how long a call to s runs before a hedge may start: the
// observed p95 (at least hedgeFloor), or half the attempt timeout without
// samples.
func hedgeDelay(s *candidate, k opKind, attempt time.Duration) time.Duration {
	if p95, _, ok := s.health.lat[k].quantiles(); ok {
		return max(hedgeFloor, p95)
	}
	return max(hedgeFloor, attempt/2)
}
