package builtin

import (
	"testing"

	"svc/engine/dialect"
	"svc/engine/op"
)

// TestBareBias: the bare comments' log-prior (bareBias, the cvcomments
// knobs baregulf, bareegy, barelev, baremsa) tilts the head only for a
// comment with no marker at all, and ships as a no-op (every bias 0: the
// round 18 CV gain did not hold on the check sets; docs/quality.md).
func TestBareBias(t *testing.T) {
	if bareBias != [4]float64{} {
		t.Fatalf("bareBias %v: shipped as 0 (docs/quality.md, round 18)", bareBias)
	}
	classes := []string{"gulf", "egyptian", "levantine", "msa"}
	p := [4]float64{0.45, 0, 0, 0.55}
	bareSigns := dialect.MarkerSigns("المكيف صوته عالي")
	marked := dialect.MarkerSigns("المكيف صوته عالي كتير")
	if !bare(bareSigns) || bare(marked) {
		t.Fatalf("bare: %+v should be bare, %+v not", bareSigns, marked)
	}
	if got := bareTilt(bareSigns, classes, p); got != p {
		t.Errorf("no bias: %v, want %v unchanged", got, p)
	}
	restore, err := SetDialectKnob("baregulf", 0.6)
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	if got := bareTilt(bareSigns, classes, p); got[0] <= got[3] || got[0]+got[3] < 0.999 {
		t.Errorf("baregulf 0.6 on a bare comment: %v, want gulf ahead of msa, still summing to 1", got)
	}
	if got := bareTilt(marked, classes, p); got != p {
		t.Errorf("baregulf 0.6 on a marked comment: %v, want %v unchanged", got, p)
	}
	// through Classify: a bare comment the head leans formal on by a
	// little turns Gulf once its prior leans there
	const text = "الموظف تعامله راقي"
	restore()
	before := Classify(op.ClassifyRequest{Text: text}).Dialect
	r2, _ := SetDialectKnob("baregulf", 1.2)
	defer r2()
	if after := Classify(op.ClassifyRequest{Text: text}).Dialect; after == before || after != "gulf" {
		t.Errorf("%q: %s with no bias, %s with baregulf 1.2: want the bias to answer gulf", text, before, after)
	}
}
