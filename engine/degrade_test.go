package engine_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/builtin"
	"svc/engine/op"
)

// wantDegraded asserts a built-in answer given because no provider could.
func wantDegraded(t *testing.T, what string, u op.Usage, provider string) {
	t.Helper()
	if !u.Degraded || !u.FallbackUsed || u.Model != builtin.Model || u.Provider != provider {
		t.Fatalf("%s: usage %+v, want degraded, fallback_used, model %s, provider %s", what, u, builtin.Model, provider)
	}
}

// Both providers hung, the default policy ("builtin"): every operation is
// answered by the built-in engine under the routed provider's name, marked
// Degraded; once every breaker is open the answers come without waiting for
// an upstream (the objective here is ten minutes, the upstreams never
// answer: a request that waited on one would hang the test); probes off
// the request path see a provider come back, and its answers follow.
func TestBothDownDegradesToBuiltin(t *testing.T) {
	e, a, b := twoProviders(t, func(c *engine.Config) {
		c.WhenProvidersDown = "" // the default
		c.Timeout = time.Second  // the probes' bound
		c.HedgeRatio = -1
	})
	engine.NewFakeClock(e) // breakers stay open: no cooldown passes
	ctx := context.Background()
	// Open every breaker with fast failures (each degraded already).
	a.set(t, "error500", 0)
	b.set(t, "error500", 0)
	for i := 0; i < 6; i++ {
		c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
		if err != nil {
			t.Fatalf("classify %d with both providers failing: %v", i, err)
		}
		wantDegraded(t, "classify en", c.Usage, engine.LLMA)
		c, err = e.Classify(ctx, op.ClassifyRequest{Text: ar}, "")
		if err != nil {
			t.Fatalf("classify %d: %v", i, err)
		}
		wantDegraded(t, "classify ar", c.Usage, engine.LLMB)
	}
	if got := e.Status(); got != "down" {
		t.Fatalf("status %q, want down", got)
	}
	// Now hung: nothing may wait on them.
	a.set(t, "timeout", 0)
	b.set(t, "timeout", 0)
	c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantDegraded(t, "classify", c.Usage, engine.LLMA)
	if c.Intent == nil || c.Sentiment == "" {
		t.Fatalf("degraded classify without an answer: %+v", c)
	}
	m, err := e.Moderate(ctx, op.ModerateRequest{Text: en, Strictness: "low"})
	if err != nil {
		t.Fatal(err)
	}
	wantDegraded(t, "moderate", m.Usage, engine.LLMA)
	rb, err := e.Rubric(ctx, op.RubricRequest{Text: ar, Categories: []op.RubricCategory{{Name: "Shipping"}, {Name: "Billing"}}}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantDegraded(t, "rubric", rb.Usage, engine.LLMB)
	rp, err := e.Reply(ctx, op.ReplyRequest{Text: en, Tone: "friendly", MaxLength: 100, Language: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	wantDegraded(t, "reply", rp.Usage, engine.LLMA)
	rep, err := e.Report(ctx, reportReq("basic"))
	if err != nil {
		t.Fatal(err)
	}
	wantDegraded(t, "report", rep.Usage, engine.LLMA)
	tr, err := e.Translate(ctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
	if err != nil {
		t.Fatal(err)
	}
	wantDegraded(t, "translate", tr.Usage, engine.LLMA)
	if tr.TranslatedText == "" {
		t.Fatal("degraded translate without a translation")
	}
	// The probes reach the upstreams although no request waits on them.
	for deadline := time.Now().Add(time.Minute); a.chats() == 0 || b.chats() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no probe reached the hung upstreams")
		}
		if _, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, ""); err != nil {
			t.Fatal(err)
		}
	}
	// llm_a back: a probe sees it, and its answers follow.
	a.set(t, "ok", 0)
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
		if err != nil {
			t.Fatal(err)
		}
		if !c.Usage.Degraded {
			wantUsage(t, "classify after recovery", c.Usage, engine.LLMA, "a-main", false)
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("llm_a back for a minute, still degraded")
		}
	}
}

// A provider hung while its breaker is still closed: the request waits at
// most its objective, then is answered by the built-in engine (not failed).
func TestObjectiveEndDegrades(t *testing.T) {
	e, a, b := twoProviders(t, func(c *engine.Config) {
		c.WhenProvidersDown = engine.ProvidersDownBuiltin
		c.Objectives = engine.UniformObjectives(300 * time.Millisecond)
	})
	a.set(t, "timeout", 0)
	b.set(t, "timeout", 0)
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: ar}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantDegraded(t, "classify", c.Usage, engine.LLMB)
	if a.chats()+b.chats() == 0 {
		t.Fatal("degraded without asking a provider")
	}
}

// Rubric's 502 stays for what it means: models that answered unusable
// output. Under "fail" both providers down is ErrUpstream, as before.
func TestDegradeLimits(t *testing.T) {
	e, a, b := twoProviders(t, func(c *engine.Config) { c.WhenProvidersDown = engine.ProvidersDownBuiltin })
	a.set(t, "bad_json", 0)
	b.set(t, "bad_json", 0)
	_, err := e.Rubric(context.Background(), op.RubricRequest{Text: en, Categories: []op.RubricCategory{{Name: "x"}}}, "")
	if !errors.Is(err, engine.ErrUnparseable) {
		t.Fatalf("rubric on unusable output: %v, want ErrUnparseable", err)
	}
	f, fa, fb := twoProviders(t, nil) // the helper's "fail"
	fa.set(t, "error500", 0)
	fb.set(t, "error500", 0)
	if _, err := f.Classify(context.Background(), op.ClassifyRequest{Text: en}, ""); !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("fail policy: %v, want ErrUpstream", err)
	}
	if _, err := engine.New(engine.Config{WhenProvidersDown: "maybe"}); err == nil {
		t.Fatal("an unknown policy was accepted")
	}
}
