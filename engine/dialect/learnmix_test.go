package dialect

import (
	"slices"
	"testing"
)

// TestMarkerMixScalesMarkers: mscale multiplies the marker scores against
// the MSA prior (a weak Gulf marker below the prior wins once scaled), and
// 0 (word evidence off) keeps the hand scale.
func TestMarkerMixScalesMarkers(t *testing.T) {
	get()
	ev := evidence{hits: 1, dialectHits: 1}
	ev.score[gulfIdx] = msaPrior * 0.9
	if lab, _ := decide(&ev, false); lab != "msa" {
		t.Fatalf("scale 1: got %q, want msa (marker %.2f < prior %.2f)", lab, ev.score[gulfIdx], msaPrior)
	}
	ev.mscale = 1.2
	if lab, _ := decide(&ev, false); lab != "gulf" {
		t.Fatalf("scale 1.2: got %q, want gulf", lab)
	}
	// the MSA markers are capped after scaling: the cap holds
	ev = evidence{hits: 1, mscale: 1.6}
	ev.score[msaIdx] = 10
	ev.score[egyIdx] = msaCap + msaPrior - 0.01
	if lab, _ := decide(&ev, false); lab != "egyptian" {
		t.Fatalf("capped MSA: got %q, want egyptian", lab)
	}
}

// TestFitMarkerMix: on a small labelled set the fit returns a grid value,
// one macro-F1 per grid value, and the same answer twice (deterministic).
func TestFitMarkerMix(t *testing.T) {
	var train, dev []Sample
	texts := map[string][]string{
		"egyptian":  {"انا مش عارف ايه اللي حصل ده", "هو فين الاوردر بتاعي", "عايز افهم ليه كده"},
		"gulf":      {"ابغى اعرف وش صار", "شلونك يا خوي", "وايد زين الحين"},
		"levantine": {"شو صار معك هلق", "كيفك حبيبي شو الاخبار", "بدي افهم ليش هيك"},
		"msa":       {"لقد تم ارسال الطلب الى العميل", "نود ان نعرف سبب التاخير", "هذا المنتج ممتاز جدا"},
	}
	for lab, ts := range texts {
		for i, x := range ts {
			for k := 0; k < 6; k++ {
				s := Sample{Text: x + " " + string(rune('ا'+k)), Label: lab, Source: "arsarcasm", Group: "permissive"}
				train = append(train, s)
				if i == 0 {
					dev = append(dev, s)
				}
			}
		}
	}
	o := TrainOptions{MinDF: 1}
	a, f1s, err := FitMarkerMix(train, dev, o, 0.35, 0, 0.5, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(MarkerMixGrid, a) || len(f1s) != len(MarkerMixGrid) {
		t.Fatalf("got %v with %d F1 values, want a value of %v and %d values", a, len(f1s), MarkerMixGrid, len(MarkerMixGrid))
	}
	for i, f := range f1s {
		if f < 0 || f > 1 || f > f1s[slices.Index(MarkerMixGrid, a)] {
			t.Fatalf("F1[%d] = %v: out of range or above the chosen value's", i, f)
		}
	}
	b, g1s, _ := FitMarkerMix(train, dev, o, 0.35, 0, 0.5, nil)
	if a != b || !slices.Equal(f1s, g1s) {
		t.Fatalf("not deterministic: %v %v vs %v %v", a, f1s, b, g1s)
	}
}
