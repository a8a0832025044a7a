package builtin

import (
	"math"
	"strings"
	"testing"

	"svc/engine/op"
)

// The learned intent head alone with evidence (learned_alone.go): a made-up
// word carries the head's whole evidence, P(intent) 0.45, below the plain
// threshold (learnedIntentAlone 0.55), above the gated one (0.3). The
// intent stands only with evidence of its kind and no shape against it.
func TestLearnedIntentAloneGated(t *testing.T) {
	const word = "زرنبطون"
	w := math.Log(5 * 0.45 / 0.55) // P(c) = e^w / (e^w + 5) = 0.45
	classify := func(c, text string) string {
		restore, err := SetLearnedTable("learned_intent.tsv", intentTable(t, word, c, w))
		if err != nil {
			t.Fatal(err)
		}
		defer restore()
		return strings.Join(Classify(op.ClassifyRequest{Text: strings.ReplaceAll(text, "W", word)}).Intent, ",")
	}
	for _, tc := range []struct{ head, text, want, why string }{
		// a span of time waited: a matter complaints are about
		{"complaint", "المنتج W ساعتين", "complaint", "a time word is evidence"},
		{"complaint", "المنتج W", "other", "no evidence"},
		{"complaint", "المنتج W ساعتين، شو الطريقة", "other", "a question word asks"},
		{"complaint", "ممكن المنتج W ساعتين", "other", "a plea requests"},
		{"suggestion", "ممكن المنتج W", "suggestion", "a plea is a proposal's shape"},
		{"suggestion", "المنتج W", "other", "no evidence"},
		{"suggestion", "المبلغ W، شو الطريقة", "other", "a question word without a proposal asks"},
		{"praise", "المنتج W ساعتين", "other", "no positive evidence"},
		{"praise", "ممكن المنتج W", "other", "a plea is no praise"},
	} {
		if got := classify(tc.head, tc.text); got != tc.want {
			t.Errorf("%q, head P(%s) 0.45: %s, want %s (%s)", tc.text, tc.head, got, tc.want, tc.why)
		}
	}
	// the lower threshold does the work: at the plain one the head's
	// 0.45 stays silent
	old := learnedIntentAloneGated
	learnedIntentAloneGated = [iSuggestion + 1]float64{0.55, 0.55, 0.55, 0.55}
	defer func() { learnedIntentAloneGated = old }()
	for _, tc := range []struct{ head, text string }{{"complaint", "المنتج W ساعتين"}, {"suggestion", "ممكن المنتج W"}} {
		if got := classify(tc.head, tc.text); got != "other" {
			t.Errorf("%q, head P(%s) 0.45, alone thresholds 0.55: %s, want other", tc.text, tc.head, got)
		}
	}
}

// aloneEvidence of praise: positive valence and nothing against it.
func TestAloneEvidencePraise(t *testing.T) {
	text := "المنتج زرنبطون"
	toks := tokenizeComment(text)
	ev := intentEv{pos: 1}
	if !aloneEvidence(&ev, text, toks, iPraise) {
		t.Errorf("%q with positive valence: no praise evidence", text)
	}
	if ev.neg = 1; aloneEvidence(&ev, text, toks, iPraise) {
		t.Errorf("%q with negative valence beside: praise evidence", text)
	}
	ev.neg = 0
	if q := text + "؟"; aloneEvidence(&ev, q, tokenizeComment(q), iPraise) {
		t.Errorf("%q: a question is no praise evidence", q)
	}
	if ev.howTo = true; aloneEvidence(&ev, text, toks, iPraise) {
		t.Errorf("%q, a how-to: praise evidence", text)
	}
}

// Comments of the shipped heads: the head (P(complaint) near 0.45-0.47)
// would report these statements as complaints from a plain 0.3 threshold;
// the evidence gate keeps them other: a visit told with no negative word
// or sentiment, a money word in a comment the sentiment head reads
// positive (the money came the same day).
func TestLearnedIntentAloneStatements(t *testing.T) {
	for _, text := range []string{
		"الصبح رحت الفرع واستلمت الكرت",
		"البنك حول الفلوس في نفس اليوم",
	} {
		if got := Classify(op.ClassifyRequest{Text: text}).Intent; op.In("complaint", got) {
			t.Errorf("%q: %v, want no complaint", text, got)
		}
	}
}
