package builtin

import (
	"fmt"
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

// TestLogitsInlineGrams: logits, which walks the character grams inline,
// sums the same weights in the same order as reading them through
// charGrams (bit for bit).
func TestLogitsInlineGrams(t *testing.T) {
	ref := func(h *learnedHead, toks []token, p []float64) (n int) {
		for k := range p {
			p[k] = float64(h.bias[k])
		}
		add := func(w []float32) {
			for k := range p {
				p[k] += float64(w[k])
			}
			n++
		}
		prev := false
		var prevSp uint64
		for i := range toks {
			tk := &toks[i]
			if !wordTok(tk) || tk.key == "" {
				prev = false
				continue
			}
			wh := fnvString(tk.key)
			f := wh
			if h.neg && negatedWord(toks, i) {
				f = fnvAdd(fnvString(negPrefix), tk.key)
			}
			if w := h.weights(f); w != nil {
				add(w)
			}
			if prev {
				if w := h.weights(fnvAdd(prevSp, tk.key)); w != nil {
					add(w)
				}
			}
			prev, prevSp = true, fnvAdd(wh, " ")
			if h.chars {
				charGrams(tk.key, h.lo, h.hi, func(f uint64) {
					if w := h.weights(f); w != nil {
						add(w)
					}
				})
			}
		}
		return n
	}
	texts := []string{arabic300, tweet300, arabicMod300, englishMod300, "الخدمة ممتازة والتوصيل سريع 😍", "not good at all, never again", "wallahi el service 7elw"}
	for _, h := range []*learnedHead{learnedSentAr, learnedSentEn, learnedSentArStack, learnedModAr, learnedIntent, learnedDialect, learnedInsult, learnedSentComments} {
		if h == nil {
			continue
		}
		for _, s := range texts {
			toks := tokenizeComment(s)
			got, want := make([]float64, len(h.classes)), make([]float64, len(h.classes))
			if n, m := h.logits(toks, got), ref(h, toks, want); n != m {
				t.Fatalf("%q: %d features, want %d", s, n, m)
			}
			for k := range got {
				if got[k] != want[k] {
					t.Fatalf("%q: logit %d %v, want %v", s, k, got[k], want[k])
				}
			}
		}
	}
}

// TestFeatTable: the open-addressing table finds every key of the map it
// was built from, with its offset, and no other key.
func TestFeatTable(t *testing.T) {
	for _, n := range []int{0, 1, 7, 100, 5000} {
		m := map[uint64]uint32{}
		for i := 0; i < n; i++ {
			m[fnvString(fmt.Sprint("w", i))] = uint32(3 * i)
		}
		tab := newFeatTable(n)
		for f, o := range m {
			tab.put(f, o+7) // replaced below, as a map assignment replaces
		}
		for f, o := range m {
			tab.put(f, o)
		}
		for f, o := range m {
			if got, ok := tab.get(f); !ok || got != o {
				t.Fatalf("n=%d: %x -> %d %v, want %d", n, f, got, ok, o)
			}
		}
		for i := 0; i < 2*n+10; i++ {
			f := fnvString(fmt.Sprint("x", i))
			if _, ok := tab.get(f); ok != (m[f] != 0 || func() bool { _, in := m[f]; return in }()) {
				t.Fatalf("n=%d: %x found", n, f)
			}
		}
	}
}
