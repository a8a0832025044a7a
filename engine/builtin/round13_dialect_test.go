package builtin

import (
	"math"
	"testing"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Round 13: the markers weigh against the learned head (varietyWeights)
// instead of closing a dialect outright when their lead is small.
func TestVarietyWeights(t *testing.T) {
	cases := []struct {
		name     string
		sg       dialect.Signs
		detected string
		lo, hi   [4]float64 // bounds of each weight
	}{
		{"no sign: every variety at 1", dialect.Signs{}, "msa",
			[4]float64{1, 1, 1, 1}, [4]float64{1, 1, 1, 1}},
		{"one weak Egyptian word (0.5): the others kept, weighed down, msa still open",
			dialect.Signs{Dialect: [3]float64{0, 0.5, 0}, Clear: 0.5}, "msa",
			[4]float64{0.05, 1, 0.05, 1}, [4]float64{0.15, 1, 0.15, 1}},
		{"a strong Levantine lead (2.0): gulf as good as closed, msa closed",
			dialect.Signs{Dialect: [3]float64{0, 1.5, 2}, Clear: 2}, "levantine",
			[4]float64{0, 1, 1, 0}, [4]float64{1e-4, 1, 1, 0}},
		{"-uun plural: egyptian and levantine stay closed",
			dialect.Signs{Dialect: [3]float64{1, 0.6, 0.6}, Clear: 1, NotEgyLev: true}, "gulf",
			[4]float64{1, 0, 0, 0}, [4]float64{1, 0, 0, 0}},
		{"a formal sign (0.6) locks an msa detection softly",
			dialect.Signs{MSA: 0.6}, "msa",
			[4]float64{0.01, 0.01, 0.01, 1}, [4]float64{0.05, 0.05, 0.05, 1}},
		{"strong formal evidence (1.5): the dialects as good as closed",
			dialect.Signs{MSA: 1.5}, "msa",
			[4]float64{0, 0, 0, 1}, [4]float64{1e-3, 1e-3, 1e-3, 1}},
	}
	for _, c := range cases {
		w := varietyWeights(c.sg, c.detected)
		for v := range w {
			if w[v] < c.lo[v] || w[v] > c.hi[v] {
				t.Errorf("%s: weight of %s = %.4g, want in [%g, %g]", c.name, op.Dialects[v], w[v], c.lo[v], c.hi[v])
			}
		}
	}
}

// A head sure of one dialect overrules a single weak word of another, not a
// strong one; and a formal lock gives way only to a head near certain.
func TestSoftMarkerGate(t *testing.T) {
	classes := []string{"gulf", "egyptian", "levantine", "msa"}
	head := func(g, e, l, m float64) [4]float64 { return [4]float64{g, e, l, m} }
	cases := []struct {
		name string
		d    op.Detection
		sg   dialect.Signs
		p    [4]float64
		want string
	}{
		{"weak Egyptian word, head sure of gulf", op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.5},
			dialect.Signs{Dialect: [3]float64{0, 0.5, 0}, Clear: 0.5}, head(0.97, 0.02, 0.005, 0.005), "gulf"},
		{"weak Egyptian word, head leaning gulf", op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.5},
			dialect.Signs{Dialect: [3]float64{0, 0.5, 0}, Clear: 0.5}, head(0.7, 0.28, 0.01, 0.01), "egyptian"},
		{"strong Egyptian words, head sure of gulf", op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.7},
			dialect.Signs{Dialect: [3]float64{0, 2.5, 0.5}, Clear: 2.5}, head(0.97, 0.02, 0.005, 0.005), "egyptian"},
		{"a tanween, head certain of levantine", op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.7},
			dialect.Signs{MSA: 0.6}, head(0.0, 0.0, 0.9999, 0.0001), "levantine"},
		{"a tanween, head fairly sure of levantine", op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.7},
			dialect.Signs{MSA: 0.6}, head(0.02, 0.02, 0.9, 0.06), "msa"},
	}
	for _, c := range cases {
		if got := pickDialect(c.d, c.sg, classes, c.p).Dialect; got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	if w := varietyWeights(dialect.Signs{Dialect: [3]float64{0, 0.5, 0}, Clear: 0.5}, "egyptian"); math.Abs(w[0]-math.Exp(-signsSoft*0.5)) > 1e-9 {
		t.Errorf("gap 0.5: weight %.4g, want e^(-%g x 0.5)", w[0], signsSoft)
	}
}
