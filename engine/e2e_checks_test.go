package engine_test

import (
	"context"
	"strings"
	"testing"

	"svc/engine/op"
	"svc/engine/provider/mock"
)

// Output naming categories outside the rubric, out-of-range confidences,
// invalid intents and flagged terms absent from the text never reach the caller.
func TestCheckedOutput(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	ctx := context.Background()
	a.set(t, "invalid", 0)
	b.set(t, "invalid", 0)
	cats := []op.RubricCategory{{Name: "Shipping ✈"}, {Name: "فواتير"}}
	for _, multi := range []bool{false, true} {
		r, err := e.Rubric(ctx, op.RubricRequest{Text: en, Categories: cats, MultiLabel: multi, Threshold: 0.3}, "")
		if err != nil {
			t.Fatal(err)
		}
		wantUsage(t, "rubric", r.Usage, "llm_a", "a-main", false)
		if len(r.Categories) == 0 || (!multi && len(r.Categories) != 1) {
			t.Fatalf("rubric multi=%v: %+v", multi, r.Categories)
		}
		for _, c := range r.Categories {
			if c.Name != cats[0].Name && c.Name != cats[1].Name {
				t.Fatalf("name outside the rubric reached the caller: %q", c.Name)
			}
			if c.Name == mock.NotInRubric || c.Confidence < 0 || c.Confidence > 1 {
				t.Fatalf("category %+v", c)
			}
		}
	}
	c, err := e.Classify(ctx, op.ClassifyRequest{Text: ar}, "")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, in := range c.Intent {
		if !op.In(in, op.Intents) || seen[in] {
			t.Fatalf("intents %v", c.Intent)
		}
		seen[in] = true
	}
	if c.DialectConfidence < 0 || c.DialectConfidence > 1 {
		t.Fatalf("dialect confidence %v", c.DialectConfidence)
	}
	const text = "you are an idiot"
	m, err := e.Moderate(ctx, op.ModerateRequest{Text: text, Strictness: "high"})
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range m.FlaggedTerms {
		if !strings.Contains(text, term) {
			t.Fatalf("flagged term %q not in the text", term)
		}
	}
	for _, f := range m.Flags {
		if !op.In(f, op.ModerationCategories) {
			t.Fatalf("flag %q", f)
		}
	}
}
