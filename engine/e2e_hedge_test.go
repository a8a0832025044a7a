package engine_test

import (
	"context"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/op"
	"svc/engine/provider/mock"
)

// When the primary wins the race with its hedge, the hedge's call is
// canceled and frees its in-flight slot (and connection) at once, although
// its upstream still hangs and its own deadline is minutes away.
//
// No timing is guessed: llm_a's answer is held back until the hedge has
// reached llm_b (mockllm's OnChat), so llm_a wins once the hedge runs.
// llm_a's latency samples (16 calls of 1 s, concurrent) set its hedge delay
// near 1 s and its attempt timeout near 3 s; llm_b, never called before,
// gets the rest of the 10-minute objective.
func TestHedgeLoserFreesSlot(t *testing.T) {
	var hold atomic.Bool          // llm_a's next call waits for the hedge
	hedged := make(chan struct{}) // closed when llm_b gets a call
	var once sync.Once
	am := mock.New(mock.Options{OnChat: func(string, string, string) {
		if hold.Load() {
			select {
			case <-hedged:
			case <-time.After(time.Minute):
			}
		}
	}})
	bm := mock.New(mock.Options{MaxHang: 2 * time.Minute, OnChat: func(string, string, string) { once.Do(func() { close(hedged) }) }})
	a, b := httptest.NewServer(am), httptest.NewServer(bm)
	t.Cleanup(a.Close)
	t.Cleanup(b.Close)
	t.Cleanup(b.CloseClientConnections) // runs first: a hang left behind (the defect) does not block Close
	e, err := engine.New(engine.Config{
		LLMA:    engine.ProviderConfig{BaseURL: a.URL + "/v1", Model: "a-main", FallbackModel: "a-main-fb"},
		LLMB:    engine.ProviderConfig{BaseURL: b.URL + "/v1", Model: "b-main", FallbackModel: "b-main-fb"},
		Timeout: 10 * time.Minute, Objectives: engine.UniformObjectives(10 * time.Minute), HedgeRatio: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	if err := am.Set(mock.Behaviour{LatencyMS: 1000}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ { // latency samples: no hedge yet (half of 5 minutes)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, ""); err != nil {
				t.Errorf("warm-up: %v", err)
			}
		}()
	}
	wg.Wait()
	if t.Failed() || bm.Stats().Chat != 0 {
		t.Fatalf("warm-up: llm_b calls %d", bm.Stats().Chat)
	}
	am.Reset()
	if err := bm.Set(mock.Behaviour{Mode: "timeout"}); err != nil {
		t.Fatal(err)
	}
	hold.Store(true)
	c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify", c.Usage, engine.LLMA, "a-main", false)
	if h, w := e.HedgeStats(); h != 1 || w != 0 || bm.Stats().Chat != 1 {
		t.Fatalf("hedges %d (won %d), llm_b calls %d: want one hedge, lost", h, w, bm.Stats().Chat)
	}
	for deadline := time.Now().Add(time.Minute); engine.InFlight(e, engine.LLMB) != 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the lost hedge still holds %d in-flight slot(s) of llm_b a minute after the answer", engine.InFlight(e, engine.LLMB))
		}
	}
	if n := engine.InFlight(e, engine.LLMA); n != 0 {
		t.Fatalf("llm_a in flight %d after its answer", n)
	}
}
