package builtin

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"svc/engine/op"
)

// intentTable is a learned intent table of one word of no cue phrase,
// whose logit for class c is w (the other classes 0).
func intentTable(t *testing.T, word, c string, w float64) string {
	t.Helper()
	fs := Features(word)
	if len(fs) != 1 {
		t.Fatalf("Features(%q) = %v, want one word", word, fs)
	}
	var b strings.Builder
	b.WriteString("classes\t" + strings.Join(op.Intents, "\t") + "\nbias" + strings.Repeat("\t0", len(op.Intents)) + "\n" + fs[0])
	for _, k := range op.Intents {
		v := 0.0
		if k == c {
			v = w
		}
		fmt.Fprintf(&b, "\t%.3f", v)
	}
	return b.String() + "\n"
}

// The gates of the learned intent head (round 14, chosen by
// cross-validation, cmd/cvcomments): its answer stands alone from
// P >= learnedIntentAlone (0.55) when no cue phrase found an intent, and a
// very confident answer (P >= learnedIntentOverrule) replaces intents only
// weak cues found. A made-up word carries the head's whole evidence.
func TestLearnedIntentGates(t *testing.T) {
	const word = "زرنبطون"
	text := "المنتج " + word
	classify := func(c string, w float64, text string) []string {
		restore, err := SetLearnedTable("learned_intent.tsv", intentTable(t, word, c, w))
		if err != nil {
			t.Fatal(err)
		}
		defer restore()
		return Classify(op.ClassifyRequest{Text: text}).Intent
	}
	if got := classify("praise", 0, text); strings.Join(got, ",") != "other" {
		t.Fatalf("%q without the head's evidence: %v, want other (the word must be no cue)", text, got)
	}
	// P(praise) = e^w / (e^w + 5) = 0.58: from 0.55, not below 0.6 (the
	// gate before round 14)
	if got := classify("praise", math.Log(5*0.58/0.42), text); strings.Join(got, ",") != "praise" {
		t.Errorf("%q, head P(praise) 0.58: %v, want praise (learnedIntentAlone 0.55)", text, got)
	}
	if got := classify("praise", math.Log(5*0.5/0.5), text); strings.Join(got, ",") != "other" {
		t.Errorf("%q, head P(praise) 0.5: %v, want other", text, got)
	}
	// "بطيء" (slow) alone is a weak complaint cue: a head 97% sure the
	// comment asks, praises, proposes nothing overrules it
	q := text + " بطيء"
	if got := classify("other", 0, q); strings.Join(got, ",") != "complaint" {
		t.Fatalf("%q without the head's evidence: %v, want complaint", q, got)
	}
	if got := classify("other", 5, q); strings.Join(got, ",") != "other" {
		t.Errorf("%q, head P(other) 0.97: %v, want other (learnedIntentOverrule)", q, got)
	}
	if got := classify("other", math.Log(5*0.8/0.2), q); strings.Join(got, ",") != "complaint" {
		t.Errorf("%q, head P(other) 0.8: %v, want the complaint kept", q, got)
	}
}
