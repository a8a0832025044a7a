package httpapi

import (
	"encoding/json"
	"fmt"
	"testing"

	"svc/engine/op"
)

// TestOpenAPIAgreesWithCode: the document's prices and enumerations are the
// ones the code uses (prices.go, engine/op), so the hand-kept prose cannot
// drift from them: every enum of a property or parameter with a known name
// equals the code's list, every result's list price equals prices.go.
func TestOpenAPIAgreesWithCode(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	lists := map[string][][]string{
		"intent": {op.Intents}, "original_intent": {op.Intents}, "top_intent": {op.Intents},
		"sentiment": {op.Sentiments}, "corrected_sentiment": {op.Sentiments},
		"dialect": {op.Dialects}, "source_dialect": {op.Dialects}, "target_dialect": {op.Dialects},
		"reply_dialect": {op.Dialects}, "original_dialect": {op.Dialects},
		"toxicity": {op.Toxicities}, "platform": {op.Platforms}, "priority": {op.Priorities},
		"severity": {op.Severities}, "strictness": {op.Strictnesses},
		"tone": {op.TranslateTones, op.ReplyTones}, "flags": {op.ModerationCategories},
	}
	checked := 0
	check := func(where, name string, schema map[string]any) {
		want, ok := lists[name]
		if !ok || schema == nil {
			return
		}
		if items, ok := schema["items"].(map[string]any); ok {
			schema = items
		}
		raw, ok := schema["enum"].([]any)
		if !ok {
			return
		}
		var got []string
		for _, v := range raw {
			if v != nil {
				got = append(got, v.(string))
			}
		}
		for _, w := range want {
			if fmt.Sprint(got) == fmt.Sprint(w) {
				checked++
				return
			}
		}
		t.Errorf("%s: %s is %v in openapi.json, the code has %v", where, name, got, want)
	}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch n := v.(type) {
		case map[string]any:
			if ps, ok := n["properties"].(map[string]any); ok {
				for name, p := range ps {
					s, _ := p.(map[string]any)
					check(path, name, s)
				}
			}
			if ps, ok := n["parameters"].([]any); ok {
				for _, p := range ps {
					pm, _ := p.(map[string]any)
					name, _ := pm["name"].(string)
					s, _ := pm["schema"].(map[string]any)
					check(path, name, s)
				}
			}
			for k, c := range n {
				walk(c, path+"/"+k)
			}
		case []any:
			for _, c := range n {
				walk(c, path)
			}
		}
	}
	walk(doc, "")
	if checked < 30 {
		t.Fatalf("only %d enumerations checked: the walk is broken", checked)
	}

	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	prop := func(schema, name string) map[string]any {
		return schemas[schema].(map[string]any)["properties"].(map[string]any)[name].(map[string]any)
	}
	for schema, price := range map[string]int64{
		"Classification": priceClassify, "Translation": priceTranslate, "Detection": priceDetect,
		"Moderation": priceModerate, "RubricClassification": priceRubric,
	} {
		if got := prop(schema, "credits_used")["const"]; got != float64(price) {
			t.Errorf("%s.credits_used is %v in openapi.json, prices.go says %d", schema, got, price)
		}
		if got := prop(schema, "cost_usd")["const"]; got != float64(price)/1000 {
			t.Errorf("%s.cost_usd is %v in openapi.json, prices.go says %v", schema, got, float64(price)/1000)
		}
	}
	if got := fmt.Sprint(prop("IntelligenceReport", "credits_used")["enum"]); got != fmt.Sprint([]any{float64(priceReportBasic), float64(priceReportPro)}) {
		t.Errorf("IntelligenceReport.credits_used is %s in openapi.json", got)
	}
	if got := fmt.Sprint(prop("Moderation", "categories")["required"]); got != fmt.Sprint(op.ModerationCategories) {
		t.Errorf("Moderation.categories keys are %s, the code has %v", got, op.ModerationCategories)
	}
	if got := fmt.Sprint(prop("IntelligenceReport", "sections")["required"]); got != fmt.Sprint(op.ReportSectionsBasic) {
		t.Errorf("IntelligenceReport.sections requires %s, the code has %v", got, op.ReportSectionsBasic)
	}
}
