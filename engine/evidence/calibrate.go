package evidence

import (
	"math"

	"svc/engine/op"
)

// Per-account calibration: the account's own examples are a validation set
// of its model. For every example, the model without that example
// (leave-one-out: its counts subtracted) gives the terms of its posterior
// (terms). Over a small grid, calibrate chooses for each head the weights of
// the character n-grams and of the built-in answer (its label and its
// binned sentiment scores, Example.GivenScores) against the words, and
// the margin by which the learned label must beat the built-in one, under
// which those leave-one-out answers have the best macro-F1 on the account's
// own labels; then per-label offsets of the posterior (sentiment) the same
// way. The built-in answer alone (margin +Inf) is a candidate too, and wins
// unless a margin beats it by more than noise (zWins): a model that would
// not have helped the account on what it taught never changes an answer.
// An example with a near duplicate among the others is not a row: Decide
// answers such a text by its duplicate, never by the model (hasNear).
// Words, character n-grams and scores are three multinomials (fam), each
// with its own vocabulary and denominators.
// No dev set chooses these; the grids are wide and coarse.
//
// Invariant: cal[h] is the calibration of the calN examples held when it
// was computed; calDirty counts the learns and unlearns since. Decide
// recalibrates first when the model is stale: never calibrated, or changed
// by at least a sixteenth of its size since (every change below 16
// examples). Between two calibrations the counts are current and the
// weights those of a model at most 1/16 smaller or larger, so the cost
// (BenchmarkCalibrate: about 30 ms at MaxExamples on the 2-core CI
// machine) is paid once per 188 feedback at the cap.

// Grids searched per account.
var (
	marginGrid = []float64{0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7}
	gramGrid   = []float64{0, 0.1, 0.2, 0.35}
	confGrid   = []float64{1, 2, 3, 5}
	biasGrid   = []float64{-1, -0.5, -0.25, 0, 0.25, 0.5, 1}
)

// zWins: the chosen calibration's leave-one-out changes must fix more
// examples than they break by zWins standard deviations (a sign test:
// wins-losses > zWins*sqrt(wins+losses)). At 2 an ASTD account lost 0.03
// macro-F1 after 300 feedback on one split, and at 2.5 0.008 on the other
// once the built-in scores were features (docs/quality/adapt.md): the best
// of many candidates looks better on the account's own examples than it is.
const zWins = 3

// calib is one head's calibration.
type calib struct {
	margin float64 // +Inf: the learned label never replaces the built-in one
	gramW  float64 // weight of the character n-grams' log-likelihood
	confW  float64 // weight of log P(built-in answer | label)
	bias   [nInt]float64
}

var offCalib = calib{margin: math.Inf(1), confW: 3}

// terms are the parts of a naive-Bayes log posterior: the prior and the
// words, the character n-grams, and the built-in answer.
type terms struct{ base, gram, conf [nInt]float64 }

// combine fills post with softmax(base + gw*gram + cw*conf + bias).
func (t *terms) combine(k int, gw, cw float64, bias *[nInt]float64, post []float64) {
	mx := math.Inf(-1)
	for l := 0; l < k; l++ {
		post[l] = t.base[l] + gw*t.gram[l] + cw*t.conf[l] + bias[l]
		mx = max(mx, post[l])
	}
	sum := 0.0
	for l := 0; l < k; l++ {
		post[l] = math.Exp(post[l] - mx)
		sum += post[l]
	}
	for l := 0; l < k; l++ {
		post[l] /= sum
	}
}

// terms computes the terms of the labels [off, off+k) for feats, by the
// model without the example loo when loo is not nil (its counts
// subtracted; the vocabulary size is kept). Features the model never saw
// are skipped. Called with m.mu held.
func (m *Model) terms(feats []uint32, loo *entry, off, k int, n int32, given int, t *terms) {
	var ls [nLab]bool
	if loo != nil {
		ls = m.labels(loo)
		for l := 0; l < k; l++ {
			if ls[off+l] {
				n--
				break
			}
		}
	}
	var denom [nFam][nLab]float64
	var looN [nFam]int32
	if loo != nil {
		looN = famCounts(loo.feats)
	}
	for l := 0; l < k; l++ {
		sub := int32(0)
		if ls[off+l] {
			sub = 1
		}
		cn := float64(m.classN[off+l] - sub)
		t.base[l] = math.Log((cn + 1) / (float64(n) + float64(k)))
		t.gram[l], t.conf[l] = 0, 0
		if given >= 0 { // P(built-in answer | label), Laplace-smoothed
			c := m.conf[off+l][off+given]
			if sub == 1 && m.given(loo, off+l) == off+given {
				c--
			}
			t.conf[l] = math.Log((float64(c) + 1) / (cn + float64(k)))
		}
		for h := range nFam {
			fn := m.featN[h][off+l]
			if sub == 1 {
				fn -= looN[h]
			}
			denom[h][l] = math.Log(float64(fn) + alpha*(float64(m.vocab[h])+1))
		}
	}
	for _, f := range feats {
		c := m.counts[f]
		if c == nil {
			continue
		}
		var xs [nLab]int
		seen := false
		for l := 0; l < k; l++ {
			xs[l] = int(c[off+l])
			if ls[off+l] {
				xs[l]--
			}
			seen = seen || xs[l] > 0
		}
		if !seen && loo != nil { // only loo has it
			continue
		}
		h := fam(f)
		dst := &t.base
		switch h {
		case famGram:
			dst = &t.gram
		case famScore: // the built-in answer's scores
			dst = &t.conf
		}
		for l := 0; l < k; l++ {
			dst[l] += logCount[xs[l]] - denom[h][l]
		}
	}
}

// calibrate recomputes m.cal for both heads. Called with m.mu held for
// writing. Cost: one set of terms per example per head, then the grids over
// them (a few ms at MaxExamples), paid by the first Decide after a change.
func (m *Model) calibrate() {
	m.cal[0] = m.calibrateHead(0, 0, nSent, m.nSent)
	m.cal[1] = m.calibrateHead(1, nSent, nInt, m.nInt)
	m.calDirty, m.calN = 0, len(m.byKey)
}

// stale reports whether Decide must recalibrate first (see the invariant).
// Called with m.mu held.
func (m *Model) stale() bool {
	return m.calN < 0 || m.calDirty > 0 && 16*m.calDirty >= max(m.calN, 16)
}

// looRow is one example's leave-one-out view of a head.
type looRow struct {
	gold, given uint16 // label bit sets
	cur         []int  // the built-in labels' indexes
	t           terms
}

func (m *Model) calibrateHead(head, off, k int, n int32) calib {
	if n < minExamples || !m.unbiased(head) {
		return offCalib
	}
	rows := make([]looRow, 0, n)
	for _, e := range m.slots {
		// An example with a near duplicate among the others would be
		// answered by it, not by the model: it says nothing of the
		// model's answers (and its duplicate's features make its
		// leave-one-out answer look better than the model's on new text).
		if m.hasNear(e) {
			continue
		}
		r := looRow{}
		g := -1
		if head == 0 {
			if e.sent < 0 || e.gSent < 0 {
				continue
			}
			r.gold, r.given = 1<<uint(e.sent), 1<<uint(e.gSent)
			r.cur = []int{int(e.gSent)}
			g = int(e.gSent)
		} else {
			if e.ints == 0 || e.gInt < 0 {
				continue
			}
			r.gold = uint16(e.ints)
			for _, in := range e.ex.GivenIntents {
				if i := index(op.Intents, in); i >= 0 {
					r.given |= 1 << uint(i)
					r.cur = append(r.cur, i)
				}
			}
			g = int(e.gInt)
		}
		m.terms(e.feats, e, off, k, n, g, &r.t)
		rows = append(rows, r)
	}
	if len(rows) < minExamples {
		return offCalib
	}
	var zero [nInt]float64
	bestScore := score(rows, k, &offCalib, nil)
	chosen := offCalib
	post := make([][nInt]float64, len(rows))
	for _, gw := range gramGrid {
		for _, cw := range confGrid {
			c := calib{gramW: gw, confW: cw}
			for i := range rows {
				rows[i].t.combine(k, gw, cw, &zero, post[i][:k])
			}
			for i := len(marginGrid) - 1; i >= 0; i-- { // largest first: a tie keeps the safer
				c.margin = marginGrid[i]
				s := score(rows, k, &c, post)
				if s > bestScore && significant(rows, k, &c, post) {
					bestScore, chosen = s, c
				}
			}
		}
	}
	if head == 0 && !math.IsInf(chosen.margin, 1) {
		c := chosen
		for range 2 { // coordinate ascent
			for l := 0; l < k; l++ {
				keep := c.bias[l]
				for _, x := range biasGrid {
					c.bias[l] = x
					for i := range rows {
						rows[i].t.combine(k, c.gramW, c.confW, &c.bias, post[i][:k])
					}
					if s := score(rows, k, &c, post); s > bestScore+1e-9 && significant(rows, k, &c, post) {
						bestScore, keep = s, x
					}
				}
				c.bias[l] = keep
			}
		}
		chosen = c
	}
	return chosen
}

// answer is the label set the blended answer takes for a row: the learned
// label when its posterior beats the built-in labels' by more than margin
// (pick), else the built-in labels.
func (r *looRow) answer(k int, c *calib, post *[nInt]float64) uint16 {
	if post == nil || math.IsInf(c.margin, 1) {
		return r.given
	}
	if best, ok := pick(post[:k], r.cur, c.margin); ok {
		return 1 << uint(best)
	}
	return r.given
}

// score is the macro-F1 over the head's labels (those in a gold or an
// answered set) of the leave-one-out answers under c (post: the rows'
// posteriors under c; nil for the built-in answers).
func score(rows []looRow, k int, c *calib, post [][nInt]float64) float64 {
	var tp, fp, fn [nLab]int
	for i := range rows {
		var pp *[nInt]float64
		if post != nil {
			pp = &post[i]
		}
		p := rows[i].answer(k, c, pp)
		for l := 0; l < k; l++ {
			b := uint16(1) << uint(l)
			switch {
			case p&b != 0 && rows[i].gold&b != 0:
				tp[l]++
			case p&b != 0:
				fp[l]++
			case rows[i].gold&b != 0:
				fn[l]++
			}
		}
	}
	sum, labels := 0.0, 0
	for l := 0; l < k; l++ {
		if tp[l]+fp[l]+fn[l] == 0 {
			continue
		}
		labels++
		sum += 2 * float64(tp[l]) / float64(2*tp[l]+fp[l]+fn[l])
	}
	if labels == 0 {
		return 0
	}
	return sum / float64(labels)
}

// significant reports whether the answers c changes fix more examples than
// they break by zWins standard deviations (wins-losses >
// zWins*sqrt(wins+losses)).
func significant(rows []looRow, k int, c *calib, post [][nInt]float64) bool {
	wins, losses := 0, 0
	for i := range rows {
		r := &rows[i]
		p := r.answer(k, c, &post[i])
		switch {
		case p == r.given:
		case p == r.gold:
			wins++
		case r.given == r.gold:
			losses++
		}
	}
	return float64(wins-losses) > zWins*math.Sqrt(float64(wins+losses))
}
