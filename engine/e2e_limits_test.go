package engine_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/op"
	"svc/engine/provider/mock"
)

// A hung upstream cannot hold a call past the timeouts, and the caller's
// context ends a call at once.
func TestHungUpstream(t *testing.T) {
	e, a, b := twoProviders(t, func(c *engine.Config) { c.Timeout = 200 * time.Millisecond })
	a.set(t, "timeout", 0)
	b.set(t, "timeout", 0)
	start := time.Now()
	_, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if !errors.Is(err, engine.ErrUpstream) {
		t.Fatal(err)
	}
	// Each attempt times out after Timeout (a-main, then b-main: its
	// provider's fallback model is skipped), about 400ms; the mock would
	// hang for 10 minutes. The bound checked is "ends far from a hang",
	// loose enough for a loaded shared machine (no timed assertions).
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("hung upstream held the call %v", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, err = e.Rubric(ctx, op.RubricRequest{Text: en, Categories: []op.RubricCategory{{Name: "x"}}}, "")
	if !errors.Is(err, engine.ErrUpstream) {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("caller deadline ignored: %v", d)
	}
}

// Over the in-flight bound, a call waits at most QueueWait and then fails
// with ErrUpstream without reaching the upstream.
func TestInFlightBound(t *testing.T) {
	a := startMock(t)
	e, err := engine.New(engine.Config{
		LLMA:        engine.ProviderConfig{BaseURL: a.srv.URL + "/v1", Model: "a-main"},
		MaxInFlight: 1, QueueWait: 50 * time.Millisecond, Timeout: time.Minute,
		// the hung call holds the slot until the test drops it, whatever
		// the machine's speed: the objective must not end it first
		Objectives:        engine.UniformObjectives(time.Minute),
		WhenProvidersDown: engine.ProvidersDownFail,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	// The one slot is held by a call hung upstream (no sleep guessed long
	// enough: the upstream has received it), until the upstream drops it.
	if err := a.m.Set(mock.Behaviour{Mode: "timeout", Count: 1}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if _, err := e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); !errors.Is(err, engine.ErrUpstream) {
			t.Errorf("the hung call: %v", err)
		}
	}()
	for deadline := time.Now().Add(time.Minute); a.chats() < 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first call did not reach the upstream within a minute")
		}
	}
	_, err = e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
	if !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("over the bound: %v", err)
	}
	if a.chats() != 1 {
		t.Fatalf("upstream calls %d: the call over the bound reached the upstream", a.chats())
	}
	a.srv.CloseClientConnections()
	wg.Wait()
}

// Every in-flight slot busy until the attempt's deadline (QueueWait longer
// than the objective) is a local queueing limit, not the provider's fault:
// every operation fails with ErrUpstream (500 api_error; rubric too, not its
// 502 rubric_unparseable: no model output was asked for), nothing reaches
// the upstreams, and no breaker counts it.
func TestSlotWaitUntilDeadline(t *testing.T) {
	a, b := startMock(t), startMock(t)
	t.Cleanup(a.srv.CloseClientConnections)
	t.Cleanup(b.srv.CloseClientConnections)
	e, err := engine.New(engine.Config{
		LLMA: a.cfg("a-main"), LLMB: b.cfg("b-main"),
		MaxInFlight: 1, QueueWait: 10 * time.Minute, Timeout: 10 * time.Minute,
		// the holders' calls outlive the test; the waiting calls end at
		// their 300 ms objective
		Objectives:        engine.Objectives{Translate: 10 * time.Minute, Classify: 10 * time.Minute, Rubric: 300 * time.Millisecond, Moderate: 300 * time.Millisecond},
		HedgeRatio:        -1,
		WhenProvidersDown: engine.ProvidersDownFail,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	a.set(t, "timeout", 0)
	b.set(t, "timeout", 0)
	hctx, hcancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { hcancel(); wg.Wait() }()
	wg.Add(2)
	go func() {
		defer wg.Done()
		_, _ = e.Translate(hctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
	}() // llm_a's slot
	go func() { defer wg.Done(); _, _ = e.Classify(hctx, op.ClassifyRequest{Text: ar}, "") }() // llm_b's slot
	for deadline := time.Now().Add(time.Minute); a.chats() < 1 || b.chats() < 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the holders did not reach the upstreams within a minute")
		}
	}
	for i := 0; i < 6; i++ { // more than breakConsecutive
		_, err := e.Rubric(context.Background(), op.RubricRequest{Text: en, Categories: []op.RubricCategory{{Name: "x"}}}, "")
		if !errors.Is(err, engine.ErrUpstream) || errors.Is(err, engine.ErrUnparseable) {
			t.Fatalf("rubric %d: %v, want ErrUpstream (500)", i, err)
		}
		if _, err := e.Moderate(context.Background(), op.ModerateRequest{Text: en}); !errors.Is(err, engine.ErrUpstream) {
			t.Fatalf("moderate %d: %v, want ErrUpstream", i, err)
		}
	}
	if a.chats() != 1 || b.chats() != 1 {
		t.Fatalf("upstream calls a=%d b=%d: a waiting call was sent", a.chats(), b.chats())
	}
	for _, br := range e.Breakers() {
		if br.State != "closed" || br.Opens != 0 {
			t.Fatalf("breaker %+v: slot waits counted against the provider", br)
		}
	}
}
