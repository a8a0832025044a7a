package engine_test

import (
	"context"
	"testing"

	"svc/engine"
	"svc/engine/builtin"
	"svc/engine/op"
)

// With no provider configured every operation is served by the built-in
// analyzers under the routed provider's name.
func TestBuiltinPath(t *testing.T) {
	e, err := engine.New(engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()

	c, err := e.Classify(ctx, op.ClassifyRequest{Text: "Where is my order?"}, "")
	if err != nil || c.Usage.Provider != "llm_a" || c.Usage.Model != builtin.Model || c.Usage.FallbackUsed {
		t.Fatalf("classify en: %+v %v", c.Usage, err)
	}
	c, err = e.Classify(ctx, op.ClassifyRequest{Text: "وين طلبي؟"}, "")
	if err != nil || c.Usage.Provider != "llm_b" {
		t.Fatalf("classify ar: %+v %v", c.Usage, err)
	}
	c, err = e.Classify(ctx, op.ClassifyRequest{Text: "وين طلبي؟"}, "llm_a")
	if err != nil || c.Usage.Provider != "llm_a" {
		t.Fatalf("classify ar explicit: %+v %v", c.Usage, err)
	}
	r, err := e.Rubric(ctx, op.RubricRequest{Text: "refund please", Categories: []op.RubricCategory{{Name: "billing"}}, Threshold: 0.5}, "llm_b")
	if err != nil || r.Usage.Provider != "llm_b" || r.Usage.Model != builtin.Model {
		t.Fatalf("rubric: %+v %v", r.Usage, err)
	}
	tr, err := e.Translate(ctx, op.TranslateRequest{Text: "مرحبا", Source: "auto", Target: "en", Tone: "formal"})
	if err != nil || tr.Usage.Provider != "llm_a" {
		t.Fatalf("translate: %+v %v", tr.Usage, err)
	}
	m, err := e.Moderate(ctx, op.ModerateRequest{Text: "مرحبا", Strictness: "medium"})
	if err != nil || m.Usage.Provider != "llm_a" {
		t.Fatalf("moderate: %+v %v", m.Usage, err)
	}
	rp, err := e.Reply(ctx, op.ReplyRequest{Text: "شكرا", Tone: "friendly", MaxLength: 100, Language: "auto"})
	if err != nil || rp.Usage.Provider != "llm_b" {
		t.Fatalf("reply: %+v %v", rp.Usage, err)
	}
	comments := make([]op.ReportComment, 10)
	for i := range comments {
		comments[i] = op.ReportComment{Text: "great video"}
	}
	rep, err := e.Report(ctx, op.ReportRequest{Comments: comments, Tier: "basic"})
	if err != nil || rep.Usage.Provider != "llm_a" || len(rep.Sections) != len(op.ReportSectionsBasic) {
		t.Fatalf("report: %+v %v", rep.Usage, err)
	}
	if e.Status() != "ok" {
		t.Fatal("status")
	}
}

func TestValidProvider(t *testing.T) {
	for p, want := range map[string]bool{"llm_a": true, "llm_b": true, "llm_c": false, "": false, "LLM_A": false, "llm_a ": false, "openai": false} {
		if engine.ValidProvider(p) != want {
			t.Errorf("ValidProvider(%q) != %v", p, want)
		}
	}
}

// An explicit provider other than llm_a or llm_b is never served, and llm_c
// cannot be a route.
func TestInvalidProviderNeverServed(t *testing.T) {
	e, err := engine.New(engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"llm_c", "LLM_A", "x"} {
		if _, err := e.Classify(context.Background(), op.ClassifyRequest{Text: "hi"}, p); err == nil {
			t.Fatalf("classify served provider %q", p)
		}
		if _, err := e.Rubric(context.Background(), op.RubricRequest{Text: "hi", Categories: []op.RubricCategory{{Name: "a"}}}, p); err == nil {
			t.Fatalf("rubric served provider %q", p)
		}
	}
	if _, err := engine.New(engine.Config{RouteAR: "llm_c"}); err == nil {
		t.Fatal("route to llm_c accepted")
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{"SVC_LLM_A_BASE_URL": "http://x/v1", "SVC_LLM_A_MODEL": "m", "SVC_LLM_A_FALLBACK_MODEL": "f", "SVC_LLM_TIMEOUT": "3s", "SVC_LLM_MAX_IN_FLIGHT": "7", "SVC_ROUTE_AR": "llm_a", "SVC_LLM_B_OUTPUT_MODE": "json_object"}
	cfg, err := engine.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil || cfg.LLMA.BaseURL != "http://x/v1" || cfg.LLMA.FallbackModel != "f" || cfg.LLMB.OutputMode != "json_object" || cfg.LLMA.OutputMode != "" || cfg.Timeout.Seconds() != 3 || cfg.MaxInFlight != 7 || cfg.RouteAR != "llm_a" || cfg.LLMB.BaseURL != "" {
		t.Fatalf("%+v %v", cfg, err)
	}
	if _, err := engine.New(engine.Config{LLMA: engine.ProviderConfig{BaseURL: "http://x/v1", Model: "m", OutputMode: "yaml"}}); err == nil {
		t.Fatal("output mode yaml accepted")
	}
	env["SVC_LLM_TIMEOUT"] = "soon"
	if _, err := engine.ConfigFromEnv(func(k string) string { return env[k] }); err == nil {
		t.Fatal("bad duration accepted")
	}
}
