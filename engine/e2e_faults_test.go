package engine_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/builtin"
	"svc/engine/op"
)

// Each fault mode on the primary gives the documented retry and fallback.
func TestFaultModes(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		mode      string
		count     int
		model     string // answering model
		provider  string
		fallback  bool
		callsA    int64
		callsB    int64
		moreToken bool // tokens of a failed-output attempt are counted
	}{
		{"ok", 0, "a-main", "llm_a", false, 1, 0, false},
		{"bad_json", 1, "a-main", "llm_a", false, 2, 0, true}, // one retry, same model
		{"empty", 1, "a-main", "llm_a", false, 2, 0, true},
		{"invalid", 0, "a-main", "llm_a", false, 1, 0, false}, // checker repairs it
		{"bad_json", 2, "a-main-fb", "llm_a", true, 3, 0, true},
		{"error500", 1, "a-main-fb", "llm_a", true, 2, 0, false}, // no retry on a provider error
		{"error500", 2, "b-main", "llm_b", true, 2, 1, false},
		{"empty", 4, "b-main", "llm_b", true, 4, 1, true},
		{"timeout", 1, "b-main", "llm_b", true, 1, 1, false}, // a hung endpoint: its fallback model is skipped
	}
	for _, tc := range cases {
		t.Run(tc.mode+"x"+string(rune('0'+tc.count)), func(t *testing.T) {
			// Timeout caps every call, the ones that must answer too: it is
			// short only where a call hangs, and even then long enough for
			// a loaded machine (at 300 ms for every case, a slow answer
			// timed out at load 28 and moved a call to llm_b, issue 14).
			e, a, b := twoProviders(t, func(c *engine.Config) {
				c.Timeout = 10 * time.Second
				if tc.mode == "timeout" {
					c.Timeout = time.Second
				}
			})
			base, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
			if err != nil {
				t.Fatal(err)
			}
			a0 := a.chats()
			a.set(t, tc.mode, tc.count)
			c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
			if err != nil {
				t.Fatalf("classify: %v", err)
			}
			wantUsage(t, "classify", c.Usage, tc.provider, tc.model, tc.fallback)
			if got := a.chats() - a0; got != tc.callsA {
				t.Errorf("llm_a calls %d, want %d", got, tc.callsA)
			}
			if got := b.chats(); got != tc.callsB {
				t.Errorf("llm_b calls %d, want %d", got, tc.callsB)
			}
			if tc.moreToken && c.Usage.TokensUsed <= base.Usage.TokensUsed {
				t.Errorf("tokens %d not summed over attempts (single call %d)", c.Usage.TokensUsed, base.Usage.TokensUsed)
			}
			if !op.In(c.Intent[0], op.Intents) || c.DialectConfidence > 1 {
				t.Errorf("unchecked output: %+v", c)
			}
		})
	}
}

// Final failures: ErrUpstream everywhere, ErrUnparseable for rubric.
func TestFinalFailures(t *testing.T) {
	ctx := context.Background()
	cats := []op.RubricCategory{{Name: "shipping"}}
	for _, mode := range []string{"error500", "bad_json", "empty", "timeout"} {
		t.Run(mode, func(t *testing.T) {
			e, a, b := twoProviders(t, func(c *engine.Config) { c.Timeout = 150 * time.Millisecond })
			a.set(t, mode, 0)
			b.set(t, mode, 0)
			_, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
			if !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("classify: %v", err)
			}
			_, err = e.Rubric(ctx, op.RubricRequest{Text: en, Categories: cats, Threshold: 0.5}, "")
			if !errors.Is(err, engine.ErrUnparseable) {
				t.Fatalf("rubric: %v, want ErrUnparseable", err)
			}
			b0 := b.chats()
			if _, err = e.Translate(ctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("translate: %v", err)
			}
			if _, err = e.Moderate(ctx, op.ModerateRequest{Text: en, Strictness: "high"}); !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("moderate: %v", err)
			}
			if _, err = e.Report(ctx, reportReq("basic")); !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("report: %v", err)
			}
			if b.chats() != b0 {
				t.Fatalf("translate, moderate and report must not call llm_b")
			}
			if _, err = e.Reply(ctx, op.ReplyRequest{Text: en, Tone: "friendly", MaxLength: 100, Language: "auto"}); !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("reply: %v", err)
			}
			if b.chats() == b0 {
				t.Fatalf("reply must fall back to llm_b")
			}
		})
	}
}

// Translate, moderate and report never fall back to llm_b; their fallback is
// llm_a's fallback model.
func TestLLMAOnlyFallback(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	ctx := context.Background()
	a.set(t, "error500", 1)
	tr, err := e.Translate(ctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar", Dialect: "gulf", Tone: "casual"})
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "translate", tr.Usage, "llm_a", "a-main-fb", true)
	if tr.TargetDialect != "gulf" || tr.SourceDialect != "" {
		t.Fatalf("translate: %+v", tr)
	}
	a.set(t, "error500", 1)
	m, err := e.Moderate(ctx, op.ModerateRequest{Text: en, Strictness: "low"})
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "moderate", m.Usage, "llm_a", "a-main-fb", true)
	a.set(t, "bad_json", 2)
	rep, err := e.Report(ctx, reportReq("pro"))
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "report", rep.Usage, "llm_a", "a-main-fb", true)
	if b.chats() != 0 {
		t.Fatal("llm_b called")
	}
}

// A provider without a base URL is the built-in analyzer under its name, and
// as a fallback it always answers.
func TestBuiltinAsFallback(t *testing.T) {
	a := startMock(t)
	e, err := engine.New(engine.Config{LLMA: engine.ProviderConfig{BaseURL: a.srv.URL + "/v1", Model: "a-main"},
		WhenProvidersDown: engine.ProvidersDownFail}) // moderate's failure below
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	a.set(t, "error500", 0)
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify", c.Usage, "llm_b", builtin.Model, true)
	if a.chats() != 1 { // no fallback model configured: one call, then llm_b
		t.Fatalf("llm_a calls %d", a.chats())
	}
	if _, err := e.Moderate(context.Background(), op.ModerateRequest{Text: en, Strictness: "low"}); !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("moderate: %v", err)
	}
}

// An endpoint that refuses connections is skipped as a whole (its fallback
// model is on the same endpoint) and the other provider answers.
func TestConnectFailureSkipsProvider(t *testing.T) {
	dead := httptest.NewServer(nil)
	deadURL := dead.URL
	dead.Close()
	b := startMock(t)
	e, err := engine.New(engine.Config{
		LLMA: engine.ProviderConfig{BaseURL: deadURL + "/v1", Model: "a-main", FallbackModel: "a-fb"},
		LLMB: b.cfg("b-main"), ConnectTimeout: 200 * time.Millisecond,
		WhenProvidersDown: engine.ProvidersDownFail, // translate's failure below
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify", c.Usage, "llm_b", "b-main", true)
	if _, err := e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("translate: %v", err)
	}
}

// Status names llm_a once its models' breakers open, a request whose every
// step is refused still probes one, and a provider that answers again is
// used at once.
func TestStatusDegraded(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	clk := engine.NewFakeClock(e)
	tr := op.TranslateRequest{Text: en, Source: "en", Target: "ar"}
	a.set(t, "error500", 0)
	for i := 0; i < 5; i++ { // a-main and a-main-fb fail five times each
		if _, err := e.Translate(context.Background(), tr); !errors.Is(err, engine.ErrUpstream) {
			t.Fatalf("translate %d: %v", i, err)
		}
	}
	if got := e.Status(); got != "degraded: llm_a" {
		t.Fatalf("status %q, want degraded: llm_a", got)
	}
	a0 := a.chats()
	if _, err := e.Translate(context.Background(), tr); !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("translate: %v", err)
	}
	if got := a.chats() - a0; got != 1 {
		t.Fatalf("every step refused: %d calls, want one forced probe", got)
	}
	a.set(t, "ok", 0)
	r, err := e.Translate(context.Background(), tr)
	if err != nil {
		t.Fatalf("a provider back must answer at once: %v", err)
	}
	wantUsage(t, "translate", r.Usage, "llm_a", "a-main", false)
	if got := e.Status(); got != "degraded: llm_a" { // a-main-fb is still open
		t.Fatalf("status %q", got)
	}
	clk.Advance(2 * time.Second) // its cooldown passes: half-open, not reported
	if got := e.Status(); got != "ok" {
		t.Fatalf("status %q, want ok", got)
	}
	if b.chats() != 0 {
		t.Fatal("translate called llm_b")
	}
}
