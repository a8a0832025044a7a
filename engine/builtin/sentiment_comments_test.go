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

// TestCommentSentimentEnglish: round 15 lowered the English threshold
// 0.97 -> 0.94 (cross-validated on both halves of the corpus, TweetEval
// within 0.0005). Comments written for this test (not in the corpus) that
// the rules leave neutral and the head reads at 0.94-0.97: each fails
// at the old threshold.
func TestCommentSentimentEnglish(t *testing.T) {
	// (round 18: the English intent head alone, learned_en_alone.go, now
	// reads the same comments as praise or a complaint, whose sentiment
	// follows at any threshold: it is set aside to show the threshold)
	saved := learnedIntentEn
	learnedIntentEn = nil
	defer func() { learnedIntentEn = saved }()
	for _, c := range []struct{ text, want string }{
		{"the waiter really made our night", "positive"},
		{"the staff made our night", "positive"},
		// ("the driver was on his phone the entire ride" was the negative
		// one; a driver on the phone is now a danger, a grievance whatever
		// the head says: priority_r22.go)
	} {
		if got := Classify(op.ClassifyRequest{Text: c.text}).Sentiment; got != c.want {
			t.Errorf("%q: sentiment %s, want %s (the head at the English threshold %g)", c.text, got, c.want, commentSentMinEn)
		}
		old := commentSentMinEn
		commentSentMinEn = 0.97
		got := Classify(op.ClassifyRequest{Text: c.text}).Sentiment
		commentSentMinEn = old
		if got == c.want {
			t.Errorf("%q: %s at the old threshold 0.97 too: the test no longer shows the change", c.text, got)
		}
	}
	// a word the head never saw: it reads the rest as praise (0.96), the
	// rules' negative stands because turning polarity needs 0.97
	const text = "dumbest thing I've seen all day"
	if got := Classify(op.ClassifyRequest{Text: text}).Sentiment; got != "negative" {
		t.Errorf("%q: %s, want the rules' negative", text, got)
	}
	old := commentSentFlipEn
	commentSentFlipEn = 0
	got := Classify(op.ClassifyRequest{Text: text}).Sentiment
	commentSentFlipEn = old
	if got == "negative" {
		t.Errorf("%q: negative without the flip threshold too: the test no longer shows it", text)
	}
}

// TestSentMixHooks: the parts of the mix cmd/cvcomments tries (SetSentMix)
// act where they say: the Arabizi threshold on an Arabizi comment's
// reading, mixed for a complaint, a label the intents do not allow.
func TestSentMixHooks(t *testing.T) {
	old := CurrentSentMix()
	defer SetSentMix(old)
	m := old
	m.Latin, m.Mixed, m.Loose = 0.5, 0.6, 0.7
	if SetSentMix(m); CurrentSentMix() != m {
		t.Fatalf("SetSentMix(%+v): %+v", m, CurrentSentMix())
	}
	SetSentMix(old)
	base := analyseText("الاكل عندكم خطير والله") // P(positive) 0.98
	base.intents, base.label = []string{"other"}, "negative"
	a := base
	a.arabizi = true
	commentSentMinLatin = 0
	if got := withCommentSentiment(&a); got != "negative" {
		t.Errorf("Arabizi threshold 0 (off): %s, want the rules' negative", got)
	}
	commentSentMin = 0
	commentSentMinLatin = old.Latin
	if got := withCommentSentiment(&a); got != "positive" {
		t.Errorf("Arabizi threshold %g with the Arabic one off: %s, want the head's positive", old.Latin, got)
	}
	SetSentMix(old)
	a = base
	a.intents, a.label = []string{"question"}, "neutral"
	if got := withCommentSentiment(&a); got != "neutral" {
		t.Errorf("a question, Loose off: %s, want neutral", got)
	}
	commentSentLoose = 0.9
	if got := withCommentSentiment(&a); got != "positive" {
		t.Errorf("a question, Loose 0.9: %s, want the head's positive", got)
	}
	SetSentMix(old)
	c := analyseText("the battery dies before lunch every day") // P(mixed) 0.93
	c.intents, c.label, c.stackOK = []string{"complaint"}, "negative", false
	if got := withCommentSentiment(&c); got != "negative" {
		t.Errorf("a complaint, Mixed off: %s, want negative", got)
	}
	commentSentMixed = 0.9
	if got := withCommentSentiment(&c); got != "mixed" {
		t.Errorf("a complaint, Mixed 0.9: %s, want the head's mixed", got)
	}
}
