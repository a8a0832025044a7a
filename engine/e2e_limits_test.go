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
	// hang for minutes. The bound checked is "ends near that, far from a
	// hang", loose enough for a loaded shared machine (no timed assertions).
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("hung upstream held the call %v", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, err = e.Rubric(ctx, op.RubricRequest{Text: en, Categories: []op.RubricCategory{{Name: "x"}}}, "")
	if !errors.Is(err, engine.ErrUpstream) {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("caller deadline ignored: %v", d)
	}
}

// Over the in-flight bound, a call waits at most QueueWait and then fails
// with ErrUpstream without reaching the upstream.
func TestInFlightBound(t *testing.T) {
	a := startMock(t)
	e, err := engine.New(engine.Config{
		LLMA:        engine.ProviderConfig{BaseURL: a.srv.URL + "/v1", Model: "a-main"},
		MaxInFlight: 1, QueueWait: 50 * time.Millisecond, Timeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := a.m.Set(mock.Behaviour{Mode: "ok", LatencyMS: 400}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if _, err := e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); err != nil {
			t.Error(err)
		}
	}()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	_, err = e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
	if !errors.Is(err, engine.ErrUpstream) || time.Since(start) > 200*time.Millisecond {
		t.Fatalf("over the bound: %v after %v", err, time.Since(start))
	}
	wg.Wait()
	if a.chats() != 1 {
		t.Fatalf("upstream calls %d", a.chats())
	}
}
