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
	e := func(x float64) float64 { return math.Exp(-x) }
	cases := []struct {
		name     string
		sg       dialect.Signs
		detected string
		want     [4]float64
	}{
		{"no sign: every variety at 1", dialect.Signs{}, "msa", [4]float64{1, 1, 1, 1}},
		{"one weak Egyptian word (0.5): the others kept, weighed down by the gap, msa still open",
			dialect.Signs{Dialect: [3]float64{0, 0.5, 0}, Clear: 0.5}, "msa",
			[4]float64{e(signsSoft * 0.5), 1, e(signsSoft * 0.5), 1}},
		{"Levantine 2 beside Egyptian 1.5 and nothing Gulf: gulf by its whole gap, msa closed",
			dialect.Signs{Dialect: [3]float64{0, 1.5, 2}, Clear: 2}, "levantine",
			[4]float64{e(signsSoft * 2), 1, 1, 0}},
		{"-uun plural: egyptian and levantine stay closed",
			dialect.Signs{Dialect: [3]float64{1, 0.6, 0.6}, Clear: 1, NotEgyLev: true}, "gulf",
			[4]float64{1, 0, 0, 0}},
		{"a formal sign (0.6) locks an msa detection softly",
			dialect.Signs{MSA: 0.6}, "msa",
			[4]float64{e(signsSoftMSA * 0.6), e(signsSoftMSA * 0.6), e(signsSoftMSA * 0.6), 1}},
	}
	for _, c := range cases {
		w := varietyWeights(c.sg, c.detected)
		for v := range w {
			if math.Abs(w[v]-c.want[v]) > 1e-12*math.Max(1, c.want[v]) {
				t.Errorf("%s: weight of %s = %.4g, want %.4g", c.name, op.Dialects[v], w[v], c.want[v])
			}
		}
	}
	// a strong marker lead still closes a dialect for any head short of
	// certainty, a weak one does not
	if w := varietyWeights(dialect.Signs{Dialect: [3]float64{0, 2, 0}, Clear: 2}, "egyptian"); w[0] > 1e-9 {
		t.Errorf("a lead of 2: gulf weight %.3g, want below 1e-9", w[0])
	}
	if w := varietyWeights(dialect.Signs{Dialect: [3]float64{0, 0.5, 0}, Clear: 0.5}, "egyptian"); w[0] < 1e-3 {
		t.Errorf("a lead of 0.5: gulf weight %.3g, want at least 1e-3", w[0])
	}
}

// A head certain of one dialect overrules a single weak word of another, not
// a strong one; and a formal lock gives way only to a head near certain.
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
		{"weak Egyptian word, head certain of gulf", op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.5},
			dialect.Signs{Dialect: [3]float64{0, 0.5, 0}, Clear: 0.5}, head(0.9999, 0.0001, 0, 0), "gulf"},
		{"weak Egyptian word, head leaning gulf", op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.5},
			dialect.Signs{Dialect: [3]float64{0, 0.5, 0}, Clear: 0.5}, head(0.97, 0.02, 0.005, 0.005), "egyptian"},
		{"strong Egyptian words, head certain of gulf", op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.7},
			dialect.Signs{Dialect: [3]float64{0, 2.5, 0.5}, Clear: 2.5}, head(0.9999, 0.0001, 0, 0), "egyptian"},
		{"a tanween, head certain of levantine", op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.7},
			dialect.Signs{MSA: 0.6}, head(0, 0, 1-1e-7, 1e-7), "levantine"},
		{"a tanween, head very sure of levantine", op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.7},
			dialect.Signs{MSA: 0.6}, head(0.0, 0.0, 0.999, 0.001), "msa"},
	}
	for _, c := range cases {
		if got := pickDialect(c.d, c.sg, classes, c.p).Dialect; got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
