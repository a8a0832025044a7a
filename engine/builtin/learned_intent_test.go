package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// TestLearnedIntentGate: the learned intent head reads short Arabic
// comments only (withLearnedIntent): English, a tweet-length text and a
// hashtag keep the cue phrases' evidence alone.
func TestLearnedIntentGate(t *testing.T) {
	if learnedIntent == nil {
		t.Fatal("data/learned_intent.tsv did not load")
	}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"الطلب ما وصل لحد الحين", true},
		{"el order ma wesel lesa", true}, // Arabizi, read in Arabic script
		{"my order has not arrived yet", false},
		{strings.Repeat("الطلب ما وصل لحد الحين ", 8), false},
		{"الطلب ما وصل #خدمة", false},
	} {
		text := Reading(c.text)
		toks := tokenize(text)
		s := scoreSentiment(text, toks)
		var ev intentEv
		if applied := withLearnedIntent(&ev, text, "", toks, s.arabic); applied != c.want {
			t.Errorf("%q: head applied %v, want %v", c.text, applied, c.want)
		}
	}
}

// TestLearnedIntentAddsEvidence: the head's evidence reaches the intents.
// With the head off, some comments the cue phrases miss are "other"; with
// it on, the head must turn at least half of them into the intent the
// comment has, and break none the cues got right. The comments are written for this test (not in the corpus).
func TestLearnedIntentAddsEvidence(t *testing.T) {
	cases := []struct{ text, want string }{
		{"الشاشة طفت بعد يومين استخدام", "complaint"},
		{"فيديو بجنن والله", "praise"},
		{"ما رديتوا على رسالتي من اسبوع", "complaint"},
		{"الجهاز علق وما عاد يشتغل", "complaint"},
		{"ودي تسوون دورة للمبتدئين", "suggestion"},
		{"كمية الاكل قليلة بالنسبة للسعر", "complaint"},
		{"تسلم ايدك يا معلم على الشرح", "praise"},
		{"الحلقة دي تحفة", "praise"},
	}
	save := learnedIntent
	defer func() { learnedIntent = save }()
	otherOff, fixedOn := 0, 0
	for _, c := range cases {
		learnedIntent = nil
		off := Classify(op.ClassifyRequest{Text: c.text}).Intent
		learnedIntent = save
		on := Classify(op.ClassifyRequest{Text: c.text}).Intent
		if off[0] == "other" {
			otherOff++
			if on[0] == c.want {
				fixedOn++
			}
		}
		if off[0] == c.want && on[0] != c.want {
			t.Errorf("%q: %v without the head, %v with it", c.text, off, on)
		}
	}
	if otherOff == 0 || 2*fixedOn < otherOff {
		t.Errorf("the head fixed %d of the %d comments the cues left as other, want at least half", fixedOn, otherOff)
	}
}

// TestLearnedDialectGate: the learned dialect head answers only for a short
// Arabic comment whose detection is unsure; a confident detection, a long
// text and English keep the detector's answer.
func TestLearnedDialectGate(t *testing.T) {
	if learnedDialect == nil {
		t.Fatal("data/learned_dialect_comments.tsv did not load")
	}
	unsure := op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.3}
	sure := op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.95}
	en := op.Detection{Language: "en"}
	text := "وش رايكم نطلب منكم اليوم" // written for this test
	toks := tokenize(text)
	var p [4]float64
	if !learnedDialect.score(toks, p[:]) {
		t.Fatal("the head knows no word of the test comment")
	}
	if got := refineDialect(sure, text, toks); got != sure {
		t.Errorf("confident detection changed: %+v", got)
	}
	if got := refineDialect(en, "my order is late", tokenize("my order is late")); got != en {
		t.Errorf("English changed: %+v", got)
	}
	long := strings.Repeat(text+" ", 8)
	if got := refineDialect(unsure, long, tokenize(long)); got != unsure {
		t.Errorf("long text changed: %+v", got)
	}
	got := refineDialect(unsure, text, toks)
	best := 0
	for k := range p {
		if p[k] > p[best] {
			best = k
		}
	}
	want := unsure.Dialect
	if p[best] >= learnedDialectFromMSA {
		want = learnedDialect.classes[best]
	}
	if got.Dialect != want {
		t.Errorf("unsure short comment: dialect %q, want %q (head %v)", got.Dialect, want, p)
	}
}

// TestLearnedInsultGate: the comments' insult head reads only short Arabic
// comments with a lexicon hint or a second-person address, and does not
// flag praise addressed to the brand.
func TestLearnedInsultGate(t *testing.T) {
	if learnedInsult == nil || strings.Join(learnedInsult.classes, ",") != "clean,flagged" {
		t.Fatal("data/learned_insult_comments.tsv did not load with classes clean, flagged")
	}
	save := learnedInsult
	defer func() { learnedInsult = save }()
	for _, text := range []string{
		"انتو احسن متجر تعاملت معه والله", // written for this test: praise, addressed
		strings.Repeat("انت ما تفهم شي ولا تعرف تشتغل ", 6),
		"you are the worst shop ever",
	} {
		on := analyzeToxicity(text)
		learnedInsult = nil
		off := analyzeToxicity(text)
		learnedInsult = save
		long := len(text) >= learnedIntentMaxBytes
		if (long || !arabicMajority(tokenize(text))) && on.scores != off.scores {
			t.Errorf("%q: the head changed the scores of a text it must not read", text)
		}
	}
	if m := Moderate(op.ModerateRequest{Text: "انتو احسن متجر تعاملت معه والله", Strictness: "medium"}); !m.IsSafe {
		t.Errorf("praise addressed to the brand flagged: %v", m.Flags)
	}
}
