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
		Objectives: engine.UniformObjectives(time.Minute),
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
