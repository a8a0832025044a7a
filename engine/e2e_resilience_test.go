package engine_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/op"
	"svc/engine/provider/mock"
)

// A hung primary opens its breakers after breakConsecutive timeouts per
// model; then requests skip it without a call, and once it answers again
// (its cooldown passed) it serves the next request.
func TestBreakerSkipsHungPrimaryAndRecovers(t *testing.T) {
	// Timeout cuts a-main's hung calls, and must let b-main answer on a
	// loaded machine: a second, not 300 ms (issue 14).
	e, a, b := twoProviders(t, func(c *engine.Config) { c.Timeout = time.Second })
	clk := engine.NewFakeClock(e)
	ctx := context.Background()
	a.set(t, "timeout", 0)
	for i := 0; i < 15; i++ {
		c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		wantUsage(t, "classify", c.Usage, "llm_b", "b-main", true)
	}
	// Requests 1-5 time out on a-main; a timeout is the endpoint's, so it
	// counts for a-main-fb too (the chain skips it as well), and both open
	// together: requests 6-15 call no llm_a.
	if a.chats() != 5 || b.chats() != 15 {
		t.Fatalf("calls a=%d b=%d, want 5 and 15", a.chats(), b.chats())
	}
	if got := e.Status(); got != "degraded: llm_a" {
		t.Fatalf("status %q", got)
	}
	for _, br := range e.Breakers() {
		want := "closed"
		if br.Provider == "llm_a" {
			want = "open"
		}
		if br.State != want || (want == "open") != (br.OpenUntil != nil) {
			t.Fatalf("breaker %+v, want %s", br, want)
		}
	}
	// Past the cooldown a-main is half-open and gets a probe, still hung:
	// the request hedges to llm_b without hedge budget (none was earned).
	clk.Advance(2 * time.Second)
	c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify", c.Usage, "llm_b", "b-main", true)
	if h, w := e.HedgeStats(); h != 1 || w != 1 {
		t.Fatalf("probe request: hedges %d wins %d, want 1 and 1", h, w)
	}
	for deadline := time.Now().Add(10 * time.Second); e.Breakers()[0].State != "open"; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) { // the probe times out after 1 s
			t.Fatalf("a-main after a failed probe: %+v", e.Breakers()[0])
		}
	}
	a.set(t, "ok", 0)
	clk.Advance(3 * time.Second) // past the doubled cooldown: half-open
	c, err = e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify", c.Usage, "llm_a", "a-main", false)
	if got := e.Breakers()[0].State; got != "closed" {
		t.Fatalf("a-main after a successful probe: %s", got)
	}
}

// With both providers failing, each request still makes a call (no request
// fails unseen), fails with ErrUpstream, and the classifier reads "down".
func TestBothDownProbesAndFails(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	engine.NewFakeClock(e)
	a.set(t, "error500", 0)
	b.set(t, "error500", 0)
	for i := 0; i < 12; i++ {
		n := a.chats() + b.chats()
		_, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
		if !errors.Is(err, engine.ErrUpstream) {
			t.Fatalf("request %d: %v", i, err)
		}
		if a.chats()+b.chats() == n {
			t.Fatalf("request %d failed without calling an upstream", i)
		}
	}
	if got := e.Status(); got != "down" {
		t.Fatalf("status %q, want down", got)
	}
	_, err := e.Rubric(context.Background(), op.RubricRequest{Text: en, Categories: []op.RubricCategory{{Name: "x"}}}, "")
	if !errors.Is(err, engine.ErrUnparseable) {
		t.Fatalf("rubric: %v, want ErrUnparseable", err)
	}
	b.set(t, "ok", 0)
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatalf("llm_b answers again, yet: %v", err)
	}
	wantUsage(t, "classify", c.Usage, "llm_b", "b-main", true)
}

// A primary slower than its hedge delay gets a hedge on the other provider,
// which answers; the hedge is counted.
func TestHedgeAnswers(t *testing.T) {
	e, a, b := twoProviders(t, func(c *engine.Config) { c.HedgeRatio, c.Objectives = 1, engine.Objectives{} }) // default objectives: 2 s
	if err := a.m.Set(mock.Behaviour{Mode: "ok", LatencyMS: 1500}); err != nil {
		t.Fatal(err)
	}
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	// No latency samples yet: the hedge starts at half of a-main's attempt
	// timeout (1 s of the 2 s objective), before a-main's 1.5 s answer.
	wantUsage(t, "classify", c.Usage, "llm_b", "b-main", true)
	if h, w := e.HedgeStats(); h != 1 || w != 1 {
		t.Fatalf("hedges %d wins %d", h, w)
	}
	if a.chats() != 1 || b.chats() != 1 {
		t.Fatalf("calls a=%d b=%d", a.chats(), b.chats())
	}
	// Translate hedges only on llm_a (its fallback model).
	tr, err := e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Usage.Provider != "llm_a" || b.chats() != 1 {
		t.Fatalf("translate: %+v, llm_b calls %d", tr.Usage, b.chats())
	}
	if h, _ := e.HedgeStats(); h != 2 {
		t.Fatalf("hedges %d, want 2", h)
	}
}

// Without hedge budget (a fresh engine at the default ratio) a slow primary
// is not hedged: it answers.
func TestNoHedgeWithoutBudget(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	if err := a.m.Set(mock.Behaviour{Mode: "ok", LatencyMS: 400}); err != nil {
		t.Fatal(err)
	}
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify", c.Usage, "llm_a", "a-main", false)
	if h, _ := e.HedgeStats(); h != 0 || b.chats() != 0 {
		t.Fatalf("hedged without budget: hedges %d, llm_b calls %d", h, b.chats())
	}
}

// Both providers hung: every operation fails within its objective (the
// bound checked is loose: far from the hang, not a timing assertion).
func TestObjectiveBoundsHungChain(t *testing.T) {
	e, a, b := twoProviders(t, func(c *engine.Config) {
		c.Timeout = 10 * time.Second
		c.Objectives = engine.Objectives{}
		if err := c.Objectives.Set("all=400ms"); err != nil {
			t.Fatal(err)
		}
	})
	a.set(t, "timeout", 0)
	b.set(t, "timeout", 0)
	start := time.Now()
	if _, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, ""); !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("classify: %v", err)
	}
	if _, err := e.Rubric(context.Background(), op.RubricRequest{Text: en, Categories: []op.RubricCategory{{Name: "x"}}}, ""); !errors.Is(err, engine.ErrUnparseable) {
		t.Fatalf("rubric: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("two calls under a 400ms objective took %v", d)
	}
}

// A 429 with Retry-After holds every model of that provider: no call
// reaches it before the time is up, not even when every step is refused
// (translate then fails at once); afterwards it is called again.
func TestRetryAfterHoldsProvider(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	clk := engine.NewFakeClock(e)
	ctx := context.Background()
	if err := a.m.Set(mock.Behaviour{Mode: "rate_limited", RetryAfterS: 30}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
		if err != nil {
			t.Fatal(err)
		}
		wantUsage(t, "classify", c.Usage, "llm_b", "b-main", true)
	}
	if a.chats() != 1 || b.chats() != 3 {
		t.Fatalf("calls a=%d b=%d, want 1 (the 429) and 3", a.chats(), b.chats())
	}
	for _, br := range e.Breakers()[:2] {
		if br.State != "open" || br.RetryAfterUntil == nil || !br.RetryAfterUntil.Equal(*br.OpenUntil) {
			t.Fatalf("llm_a breaker %+v, want open until the Retry-After", br)
		}
	}
	if _, err := e.Translate(ctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("translate inside Retry-After: %v", err)
	}
	if a.chats() != 1 {
		t.Fatalf("llm_a called inside its Retry-After (%d calls)", a.chats())
	}
	a.set(t, "ok", 0)
	clk.Advance(31 * time.Second)
	tr, err := e.Translate(ctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "translate", tr.Usage, "llm_a", "a-main", false)
}
