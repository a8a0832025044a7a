package dialect

import (
	"fmt"
	"io"
	"math"
)

// MarkerMixGrid is the grid FitMarkerMix searches.
var MarkerMixGrid = []float64{0.8, 0.9, 1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6}

// markerMixFolds is the number of folds of the out-of-fold word evidence.
const markerMixFolds = 5

// FitMarkerMix chooses markerMix, the weight of the marker scores against
// the learned word evidence and the MSA prior, on the training part of the
// ArSarcasm dev set (devTrain, MIT; never AOC, DART or the held-out 30%):
// the value of MarkerMixGrid with the highest macro-F1 there (ties: the
// first). The word evidence of a training-part text must not come from a
// table that saw it, so the table is re-trained markerMixFolds times, each
// time without one fold of devTrain (fold = FNV-1a(text) mod 5), and each
// fold is scored with the table that left it out. train is what
// TrainNgrams learns from (LoadTraining), o its options; mix, wmix and norm
// the word-evidence mix already chosen. Deterministic. It returns the
// chosen value and the macro-F1 per grid value.
func FitMarkerMix(train, devTrain []Sample, o TrainOptions, mix, wmix, norm float64, progress io.Writer) (float64, []float64, error) {
	if progress == nil {
		progress = io.Discard
	}
	fold := func(s string) int { return int(hashToken([]byte(s)) % markerMixFolds) }
	inDev := map[string]bool{}
	for _, s := range devTrain {
		inDev[s.Text] = true
	}
	d := PrepareDev("arsarcasm-train", []string{"gulf", "egyptian", "levantine", "msa"}, devTrain)
	oldNorm := ngramNorm
	defer func() { ngramNorm = oldNorm }()
	ngramNorm = norm
	for f := 0; f < markerMixFolds; f++ {
		var ss []Sample
		for _, s := range train {
			if inDev[s.Text] && fold(s.Text) == f {
				continue
			}
			ss = append(ss, s)
		}
		t, err := TrainNgrams(ss, o, nil)
		if err != nil {
			return 0, nil, err
		}
		tab := buildNgrams(ngramLines(t.Permissive), ngramLines(t.Wiki), wmix)
		for i, s := range devTrain {
			if fold(s.Text) != f || !d.arabic[i] {
				continue
			}
			var sum [nVar]int32
			nbEvidence(&d.ev[i], &sum, tab.score(d.bufs[i], &sum), mix)
		}
		fmt.Fprintf(progress, "train-dialect: marker mix: fold %d of %d re-trained on %d texts\n", f+1, markerMixFolds, len(ss))
	}
	best, bestF := 1.0, math.Inf(-1)
	var f1s []float64
	base := append([]evidence(nil), d.ev...)
	for _, a := range MarkerMixGrid {
		for i := range d.ev {
			d.ev[i] = base[i]
			d.ev[i].mscale = a
		}
		r := evaluateWith(d, nil, 0)
		f1s = append(f1s, r.MacroF1)
		fmt.Fprintf(progress, "train-dialect: marker mix %.2f: ArSarcasm training part (out-of-fold) acc %.4f macro-F1 %.4f\n", a, r.Accuracy, r.MacroF1)
		if r.MacroF1 > bestF {
			best, bestF = a, r.MacroF1
		}
	}
	return best, f1s, nil
}

// SetMarkerMix sets markerMix and returns the previous one. For the
// trainer and measurement tools only: not safe while other goroutines call
// Detect.
func SetMarkerMix(a float64) float64 {
	get()
	old := markerMix
	if a > 0 {
		markerMix = a
	}
	return old
}

// MarkerMix reports the marker mix of the embedded tables.
func MarkerMix() float64 {
	get()
	return markerMix
}
