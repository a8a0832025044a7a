package builtin

import (
	"testing"

	"svc/engine/op"
)

// The English intent head alone (learned_en_alone.go), on sentences written
// for this test: short comments no rule reads, answered by the head when
// the sentiment agrees; plain statements, questions and long texts left to
// the rules.
func TestLearnedIntentEnAlone(t *testing.T) {
	if learnedIntentEn == nil {
		t.Fatal("learned_intent_en.tsv not loaded")
	}
	byHead := []struct{ text, intent, sentiment, priority string }{
		{"the parcel sat at the depot all week", "complaint", "negative", "medium"},
		{"my internet has been crawling since monday", "complaint", "negative", "medium"},
		{"the lift in block b has been out since friday", "complaint", "negative", "medium"},
		{"your podcast keeps me sane on long drives", "praise", "positive", "low"},
	}
	leftAlone := []struct{ text, intent string }{
		{"we moved to the new branch on elm street", "other"},
		{"i bought the blue one last week", "other"},
		{"my daughter sleeps in this onesie every night", "other"},
	}
	check := func(text, intent, sentiment, priority string) {
		t.Helper()
		got := Classify(op.ClassifyRequest{Text: text})
		if len(got.Intent) != 1 || got.Intent[0] != intent || sentiment != "" && got.Sentiment != sentiment || priority != "" && got.Priority != priority {
			t.Errorf("%q: got %v %s %s; want %s %s %s", text, got.Intent, got.Sentiment, got.Priority, intent, sentiment, priority)
		}
	}
	for _, c := range byHead {
		check(c.text, c.intent, c.sentiment, c.priority)
	}
	for _, c := range leftAlone {
		check(c.text, c.intent, "", "")
	}
	// without the head the rules leave the same comments without intent:
	// the head decides them
	// (nor the negative comment left "other": classify.go's negativeOtherEn)
	saved, savedNeg := learnedIntentEn, negativeOtherEn
	learnedIntentEn, negativeOtherEn = nil, -2
	defer func() { learnedIntentEn, negativeOtherEn = saved, savedNeg }()
	for _, c := range byHead {
		check(c.text, "other", "", "")
	}
	learnedIntentEn = saved
	// a question mark (the rules: a question), or a comment longer than learnedIntentAloneEnWords,
	// is left to the rules
	check("the parcel sat at the depot all week?", "question", "", "")
	check("the parcel sat at the depot all week while we were away visiting my grandparents up north", "other", "", "")
}
