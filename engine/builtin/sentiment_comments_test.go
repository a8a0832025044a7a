package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestCommentSentimentHead: the comment sentiment head reads slang praise
// the lexicon takes literally ("خطير" dangerous, the Gulf and Levantine
// "awesome"): with the head the comment is positive, without it negative.
// Written for this test (not in the corpus).
func TestCommentSentimentHead(t *testing.T) {
	if learnedSentComments == nil {
		t.Fatal("data/learned_sentiment_comments.tsv did not load")
	}
	const text = "الاكل عندكم خطير والله"
	if got := Classify(op.ClassifyRequest{Text: text}).Sentiment; got != "positive" {
		t.Errorf("%q: sentiment %s, want positive (the head)", text, got)
	}
	h := learnedSentComments
	learnedSentComments = nil
	defer func() { learnedSentComments = h }()
	if got := Classify(op.ClassifyRequest{Text: text}).Sentiment; got == "positive" {
		t.Errorf("%q: positive without the head: the test no longer shows the head at work", text)
	}
}

// TestCommentSentimentGate: the head chooses only among the labels the
// intents allow and leaves mixed, spam, insults and the stacker's
// decisions alone. The text is one the head reads as positive (0.98), so
// each case fails if its gate is removed.
func TestCommentSentimentGate(t *testing.T) {
	base := analyseText("الاكل عندكم خطير والله")
	var p [4]float64
	learnedSentComments.score(base.toks, p[:])
	if p[2] < 0.9 {
		t.Fatalf("the head's P(positive) %.2f: pick another text", p[2])
	}
	for _, c := range []struct {
		name    string
		intents []string
		label   string
		stacked bool
		want    string
	}{
		{"no intent: the head answers", []string{"other"}, "negative", false, "positive"},
		{"complaint stays negative", []string{"complaint"}, "negative", false, "negative"},
		{"complaint and praise: mixed by convention", []string{"complaint", "praise"}, "mixed", false, "mixed"},
		{"a mixed label is kept", []string{"other"}, "mixed", false, "mixed"},
		{"a question is moved to neutral only", []string{"question"}, "negative", false, "negative"},
		{"a suggestion is moved to neutral only", []string{"suggestion"}, "neutral", false, "neutral"},
		{"spam stays neutral", []string{"spam"}, "neutral", false, "neutral"},
		{"the stacker's decision stays", []string{"other"}, "negative", true, "negative"},
	} {
		a := base
		a.intents, a.label, a.stackOK = c.intents, c.label, c.stacked
		if got := withCommentSentiment(&a); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
