package builtin

import (
	"math"
	"strings"
	"testing"
)

// The runtime scorer hashes the same feature strings Features returns (the
// trainer's view): scoring through Features gives the same probabilities.
func TestLearnedFeaturesAgree(t *testing.T) {
	if learnedSentAr == nil || learnedModAr == nil {
		t.Fatal("learned tables missing: run make train")
	}
	for _, text := range []string{"الخدمة سيئة جدا والتوصيل بطيء", "ما شاء الله فيديو رائع 😍", "انت حمار وما تفهم شي", "hello there", ""} {
		for _, h := range []*learnedHead{learnedSentAr, learnedModAr} {
			got := make([]float64, len(h.classes))
			ok := h.score(tokenize(text), got)
			want := make([]float64, len(h.classes))
			for k := range want {
				want[k] = float64(h.bias[k])
			}
			n := 0
			for _, f := range Features(text) {
				if w := h.weights(fnvString(f)); w != nil {
					n++
					for k := range want {
						want[k] += float64(w[k])
					}
				}
			}
			Softmax(want)
			if ok != (n > 0) {
				t.Errorf("%q: ok %v, %d features found", text, ok, n)
			}
			for k := range want {
				if math.Abs(got[k]-want[k]) > 1e-9 {
					t.Errorf("%q: class %s: %v, want %v", text, h.classes[k], got[k], want[k])
				}
			}
		}
	}
}

// The stacker's character n-gram head: its runtime logits are the sum of
// the weights of the trainer's feature strings (FeaturesCharsN).
func TestLearnedStackHeadAgrees(t *testing.T) {
	h := learnedSentArStack
	if h == nil || !h.chars {
		t.Fatal("data/learned_sentiment_ar_stack.tsv missing or without character n-grams: run make train")
	}
	for _, text := range []string{"الخدمة سيئة جدا والتوصيل بطيء", "ما شاء الله فيديو رائع 😍", "هو لية كل ما يبيقى فى مؤتمر", "hello there", ""} {
		got := make([]float64, len(h.classes))
		n := h.logits(tokenize(text), got)
		want := make([]float64, len(h.classes))
		for k := range want {
			want[k] = float64(h.bias[k])
		}
		m := 0
		for _, f := range FeaturesCharsN(text, h.lo, h.hi) {
			if w := h.weights(fnvString(f)); w != nil {
				m++
				for k := range want {
					want[k] += float64(w[k])
				}
			}
		}
		if n != m {
			t.Errorf("%q: %d features at runtime, %d from the trainer's strings", text, n, m)
		}
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-6 {
				t.Errorf("%q: class %s: %v, want %v", text, h.classes[k], got[k], want[k])
			}
		}
	}
}

// Each shipped table names its sources, licences and input hashes.
func TestLearnedHeaders(t *testing.T) {
	for _, name := range []string{"learned_sentiment_ar.tsv", "learned_sentiment_ar_stack.tsv", "learned_moderation_ar.tsv"} {
		head := mustRead(name)[:2000]
		for _, want := range []string{"make train", "licence", "sha256"} {
			if !strings.Contains(head, want) {
				t.Errorf("%s: header lacks %q", name, want)
			}
		}
	}
}

// TestCharGramsMatchStrings: the runtime's hashed character n-grams are the
// hashes of the trainer's feature strings, in the same order.
func TestCharGramsMatchStrings(t *testing.T) {
	for _, k := range []string{"ab", "a", "حلو", "وحش", "excellent", "😀x"} {
		for _, r := range [][2]int{{3, 4}, {2, 5}, {1, 1}} {
			var got []uint64
			charGrams(k, r[0], r[1], func(h uint64) { got = append(got, h) })
			want := charGramStrings(k, r[0], r[1])
			if len(got) != len(want) {
				t.Fatalf("%q: %d hashes, %d strings %q", k, len(got), len(want), want)
			}
			for i, s := range want {
				if got[i] != fnvString(s) {
					t.Errorf("%q: gram %d (%q) hash differs", k, i, s)
				}
			}
		}
	}
}
