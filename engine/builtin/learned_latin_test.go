package builtin

import (
	"sort"
	"strings"
	"testing"

	"svc/engine/op"
)

// The Latin words are folded as documented: lowercase, a repeated
// character once, apostrophes dropped, digits kept.
func TestLatinFold(t *testing.T) {
	got := LatinFeatures("El ORDER et2a55ar w mafeeesh 7ad t'6eefoon!!", "words+pairs")
	want := []string{"z:el", "z:order", "z:el order", "z:et2a5ar", "z:order et2a5ar", "z:w", "z:et2a5ar w",
		"z:mafesh", "z:w mafesh", "z:7ad", "z:mafesh 7ad", "z:t6efon", "z:7ad t6efon"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if g := LatinFeatures("ab", "words+char2-3"); strings.Join(g, "|") != "z:ab|y:<a|y:ab|y:b>|y:<ab|y:ab>" {
		t.Errorf("grams: %q", g)
	}
	if ArabiziLatinFeatures("the order is late and nobody answers", "words") != nil {
		t.Error("an English comment has Latin features")
	}
}

// The runtime hashes exactly the trainer's feature strings (latinLogits
// against a table built from LatinFeatures), and allocates nothing.
func TestLatinLogitsMatchStrings(t *testing.T) {
	text := "ana talabt men 3andkom we lessa mawsalsh, leh keda ya gama3a??"
	for _, spec := range []string{"words", "words+pairs", "words+pairs+char3-4"} {
		fs := LatinFeatures(text, spec)
		sort.Strings(fs)
		h := &learnedHead{latin: parseLatinSpec(spec), classes: []string{"a"}, idx: map[uint64]uint32{}}
		for _, f := range fs {
			if _, ok := h.idx[fnvString(f)]; !ok {
				h.idx[fnvString(f)] = uint32(len(h.w))
				h.w = append(h.w, 1)
			}
		}
		var p [1]float64
		if n := h.latinLogits(text, p[:]); n != len(fs) || p[0] != float64(len(fs)) {
			t.Errorf("%s: %d features found (sum %v), want %d", spec, n, p[0], len(fs))
		}
	}
	if learnedIntentLatin == nil {
		t.Fatal("learned_intent_latin.tsv not loaded")
	}
	var p [numIntents]float64
	if a := testing.AllocsPerRun(100, func() { latinIntentLogits(text, p[:]) }); a != 0 {
		t.Errorf("latinIntentLogits allocates %v times", a)
	}
}

// The Latin head reads what the transliteration loses: comments of our own
// whose intent its words alone give, and the head's evidence reaches the
// decision only for Arabizi (an Arabic-script comment has no Latin words).
func TestLatinIntentHead(t *testing.T) {
	for _, c := range []struct{ text, intent string }{
		{"el order et2a5ar w mafeesh 7ad byrod 3alaya", "complaint"},
		{"betwa9lo lel bet wala la2?", "question"},
		{"ya reet t3amlo 5a9m lel tollab", "suggestion"},
		{"tislam ideikom, el akl kan ktir tayeb", "praise"},
	} {
		var p [numIntents]float64
		if latinIntentLogits(c.text, p[:]) == 0 {
			t.Errorf("%q: no Latin feature known", c.text)
			continue
		}
		if got := op.Intents[argmax(p[:])]; got != c.intent {
			t.Errorf("%q: Latin head says %s, want %s", c.text, got, c.intent)
		}
	}
	// withLearnedIntent with and without the original spelling: the head's
	// evidence differs for an Arabizi comment
	orig := "el mandoob mesh byrod w el shohna et2a5aret"
	text := Reading(orig)
	toks := tokenize(text)
	s := scoreSentiment(text, toks)
	var a, b intentEv
	withLearnedIntent(&a, text, "", toks, s.arabic)
	withLearnedIntent(&b, text, orig, toks, s.arabic)
	if a.v == b.v {
		t.Errorf("%q: the Latin head changes nothing (%v)", orig, a.v)
	}
}

// The Latin dialect head reads the spelling conventions of each dialect
// (comments of our own): its log-likelihoods alone pick the dialect, and
// they reach the decision for Arabizi only.
func TestLatinDialectHead(t *testing.T) {
	h := learnedDialectLatin
	if h == nil {
		t.Fatal("learned_dialect_latin.tsv not loaded")
	}
	for _, c := range []struct{ text, dialect string }{
		{"3ayez a3raf el se3r kam law sama7t", "egyptian"},
		{"shu ra2yak b hal mawdoo3, ktir 7elo", "levantine"},
		{"wayed 7ilo el ma6'3am, ab3a arooh marra thanya", "gulf"},
	} {
		var q [4]float64
		if h.latinLogits(c.text, q[:]) == 0 {
			t.Errorf("%q: no Latin feature known", c.text)
			continue
		}
		if got := h.classes[argmax(q[:])]; got != c.dialect {
			t.Errorf("%q: Latin dialect head says %s, want %s", c.text, got, c.dialect)
		}
	}
	orig := "el 5edma kwayesa bas el taw9eel mit2a5ar shwaya"
	toks := tokenize(Reading(orig))
	var with, without [4]float64
	scoreDialect(learnedDialect, op.Detection{Arabizi: true}, orig, toks, &with)
	scoreDialect(learnedDialect, op.Detection{}, orig, toks, &without)
	if with == without {
		t.Errorf("%q: the Latin dialect head changes nothing", orig)
	}
	var p [4]float64
	if a := testing.AllocsPerRun(100, func() { scoreDialect(learnedDialect, op.Detection{Arabizi: true}, orig, toks, &p) }); a != 0 {
		t.Errorf("scoreDialect allocates %v times", a)
	}
}
