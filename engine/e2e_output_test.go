package engine_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/op"
)

// Output as real providers send it, from mockllm over loopback HTTP: JSON in
// a fenced code block or after prose, enum values in upper case, and a
// server without json_schema (or without any response_format) all answer
// from llm_a as plain JSON would, with the same result; output cut at the
// token limit (finish_reason length) is unusable, so llm_b answers.
func TestRealProviderOutput(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	const spam = "buy followers at cheap.example, DM me now!!! cheap followers"
	creq := op.ClassifyRequest{Text: en}
	want, err := e.Classify(ctx, creq, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "plain", want.Usage, engine.LLMA, "a-main", false)
	wantMod, err := e.Moderate(ctx, op.ModerateRequest{Text: spam})
	if err != nil {
		t.Fatal(err)
	}
	if len(wantMod.Flags) == 0 {
		t.Fatalf("the spam text is not flagged: %+v", wantMod)
	}
	for _, mode := range []string{"fenced", "prose", "upper_enums", "no_json_schema", "no_response_format"} {
		a.set(t, mode, 0)
		before := b.chats()
		got, err := e.Classify(ctx, creq, "")
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		wantUsage(t, mode, got.Usage, engine.LLMA, "a-main", false)
		got.Usage, got.Reasoning = want.Usage, want.Reasoning
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: classify %+v, want %+v", mode, got, want)
		}
		mod, err := e.Moderate(ctx, op.ModerateRequest{Text: spam})
		if err != nil {
			t.Fatalf("%s: moderate: %v", mode, err)
		}
		mod.Usage = wantMod.Usage
		if !reflect.DeepEqual(mod, wantMod) {
			t.Fatalf("%s: moderate %+v, want %+v", mode, mod, wantMod)
		}
		if n := b.chats() - before; n != 0 {
			t.Fatalf("%s: %d calls to llm_b", mode, n)
		}
		// The mode switch is visible (admin API, /metrics): a-main moves
		// on, the others keep the configured json_schema.
		want := map[string]string{"no_json_schema": "json_object", "no_response_format": "instructions"}[mode]
		if want == "" {
			want = "json_schema"
		}
		for _, br := range e.Breakers() {
			if w := map[bool]string{true: want, false: "json_schema"}[br.Model == "a-main"]; br.OutputMode != w {
				t.Fatalf("%s: %s/%s output mode %q, want %q", mode, br.Provider, br.Model, br.OutputMode, w)
			}
		}
	}
	// tokens_used counts what every call of the answer billed, the
	// cut-short ones included (doc.go, tokens_used).
	a.set(t, "length", 0)
	billedA, billedB, callsA := a.m.Stats().Tokens, b.m.Stats().Tokens, a.chats()
	got, err := e.Classify(ctx, creq, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "length", got.Usage, engine.LLMB, "b-main", true)
	billedA, billedB = a.m.Stats().Tokens-billedA, b.m.Stats().Tokens-billedB
	if a.chats() == callsA || billedA <= 0 || int64(got.Usage.TokensUsed) != billedA+billedB {
		t.Fatalf("length: tokens_used %d, billed: llm_a %d (%d calls), llm_b %d", got.Usage.TokensUsed, billedA, a.chats()-callsA, billedB)
	}
}
