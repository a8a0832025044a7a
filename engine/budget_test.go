package engine

import (
	"testing"
	"time"
)

// A model that answered fast and then became slow: while another provider
// can still answer, its attempt is cut at attemptMult x the old p99; when it
// is the last step that can answer, it gets all that remains, so a slower
// but working model is still used (make soak found every translate failing
// on a 1-1.5 s upstream after fast warm-up calls).
func TestAttemptTimeoutLastStepGetsTheRest(t *testing.T) {
	e := &Engine{cfg: Config{Timeout: 10 * time.Second}}
	s := &candidate{provider: LLMA, health: &modelHealth{}}
	for range latencyMin {
		s.health.lat[opTranslate].record(5 * time.Millisecond)
	}
	remaining := 2 * time.Second
	if got := e.attemptTimeout(s, opTranslate, remaining, 0, true); got != attemptFloor {
		t.Fatalf("with an alternative: attempt %v, want the floor %v", got, attemptFloor)
	}
	if got := e.attemptTimeout(s, opTranslate, remaining, 0, false); got != remaining {
		t.Fatalf("last step: attempt %v, want all that remains (%v)", got, remaining)
	}
	if got := e.attemptTimeout(s, opTranslate, 30*time.Second, 0, false); got != e.cfg.Timeout {
		t.Fatalf("last step, long objective: attempt %v, want Config.Timeout %v", got, e.cfg.Timeout)
	}
}
