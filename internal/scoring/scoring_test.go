package scoring

import (
	"math"
	"testing"
)

// A hand-computed matrix: gold a a a b b, predicted a a b b x (x is outside
// the class list: wrong for every class). a: P 2/2, R 2/3, F1 0.8; b: P 1/2,
// R 1/2, F1 0.5; macro-F1 0.65, accuracy 3/5.
func TestMacroF1(t *testing.T) {
	c := New("a", "b")
	for _, gp := range [][2]string{{"a", "a"}, {"a", "a"}, {"a", "b"}, {"b", "b"}, {"b", "x"}} {
		c.Add(gp[0], gp[1])
	}
	if c.N() != 5 || math.Abs(c.Accuracy()-0.6) > 1e-9 || math.Abs(c.MacroF1()-0.65) > 1e-9 {
		t.Fatalf("n %d accuracy %v macro-F1 %v, want 5, 0.6, 0.65", c.N(), c.Accuracy(), c.MacroF1())
	}
	if _, _, f := c.PRF("a"); math.Abs(f-0.8) > 1e-9 {
		t.Fatalf("F1(a) %v, want 0.8", f)
	}
}
