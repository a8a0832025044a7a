package builtin

import (
	"math"

	"svc/engine/dialect"
)

// A short Arabic-script comment with no marker at all (no dialect word, no
// formal sign: "المكيف صوته عالي") is decided by the learned
// dialect head alone, whose uniform class prior was fitted on comments
// that mostly carry markers. bareBias is the head's log-prior (nats) for
// such bare comments, per variety (op.Dialects order, then msa), chosen by
// leave-one-writer-out cross-validation (cmd/cvcomments -dmix
// baregulf=...; docs/quality.md, "Round 18: dialect of short Gulf and Levantine comments").
// Round 18: gulf 0.6 and levantine 0.3 gained 1 + 3 rows of the CV (a
// plateau: gulf 0.45-1.2, levantine 0.15-0.6 within a row) and lost an
// Egyptian row on fresh7a and fresh7b each (an Egyptian answer falling
// under learnedDialectFromMSA): not kept, every bias 0 (no-op).
var bareBias = [4]float64{0, 0, 0, 0}

// bare reports marker evidence sg with no dialect and no formal sign.
func bare(sg dialect.Signs) bool {
	return sg.Dialect == [3]float64{} && sg.MSA == 0 && !sg.NotEgyLev
}

// bareTilt is the head's answer p (over classes) with bareBias added to
// its log-odds, for a bare comment (bare); p otherwise.
func bareTilt(sg dialect.Signs, classes []string, p [4]float64) [4]float64 {
	if !bare(sg) || bareBias == [4]float64{} {
		return p
	}
	var sum float64
	for k, c := range classes {
		p[k] *= math.Exp(bareBias[varietyIndex(c)])
		sum += p[k]
	}
	for k := range p {
		p[k] /= sum
	}
	return p
}
