package dialect

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

type learnFeat struct {
	id int32
	x  float64
}

func (f learnFeat) get() (int32, float64) { return f.id, f.x }

// LearnOptions tunes LearnWeights.
type LearnOptions struct {
	Iterations int     // gradient steps (full batch); default 400
	Rate       float64 // step size; default 0.05
	L2         float64 // pull of each weight towards its hand-written value; default 0.05
	MaxFactor  float64 // learned weight stays within [hand/MaxFactor, hand*MaxFactor]; default 3
}

// LearnWeights fits the marker weights and the MSA prior by class-balanced
// multinomial logistic regression on labelled texts (labels in op.Dialects),
// starting from, and regularised towards, the hand-written weights. Each
// marker keeps its variety; only its weight moves, within MaxFactor of the
// hand value, so the learned table stays a re-weighting of hand-written
// linguistic knowledge. It returns the content of learned/weights.tsv and a
// short report. Only use it on data whose licence allows shipping a derived
// table (ArSarcasm, MIT).
func LearnWeights(texts, labels []string, o LearnOptions) (tsv, report string, err error) {
	if o.Iterations == 0 {
		o.Iterations = 400
	}
	if o.Rate == 0 {
		o.Rate = 0.05
	}
	if o.L2 == 0 {
		o.L2 = 0.05
	}
	if o.MaxFactor == 0 {
		o.MaxFactor = 3
	}
	m, err := compile(markerFS, nil)
	if err != nil {
		return "", "", err
	}
	type feat = learnFeat
	type sample struct {
		f       []feat
		tanween float64
		maksura float64
		y       int
		w       float64
	}
	classCount := [nVar]int{}
	var data []sample
	for i, t := range texts {
		y := -1
		for v, d := range []string{"gulf", "egyptian", "levantine", "msa"} {
			if labels[i] == d {
				y = v
			}
		}
		if y < 0 {
			continue
		}
		var sc scan
		st := &state{}
		st.buf = encode(nil, t, &sc, &st.tmp)
		if sc.lat > 0 {
			st.buf = latinSkeleton(st.buf) // as Detect does
		}
		if sc.ar == 0 {
			continue
		}
		cnt := map[int32]int{}
		var ev evidence
		m.matchFn(st, &ev, func(id int32) { cnt[id]++ })
		s := sample{y: y, tanween: math.Min(float64(sc.tanween), 3), maksura: float64(sc.maksura)}
		for id, c := range cnt {
			if c > maxRepeat {
				c = maxRepeat
			}
			s.f = append(s.f, feat{id, 1 + defaultRepeatFactor*float64(c-1)})
		}
		data = append(data, s)
		classCount[y]++
	}
	for i := range data {
		data[i].w = float64(len(data)) / (4 * float64(classCount[data[i].y]))
	}
	// confidence of the MSA default for texts where nothing matched: the
	// (natural, not balanced) share of MSA among them, Laplace-smoothed
	noneN, noneMSA := 0, 0
	for _, s := range data {
		if len(s.f) == 0 && s.tanween == 0 && s.maksura == 0 {
			noneN++
			if s.y == msaIdx {
				noneMSA++
			}
		}
	}
	noneConf := (float64(noneMSA) + 1) / (float64(noneN) + 4)
	hand := make([]float64, m.nEntries)
	variety := make([]int, m.nEntries)
	for _, es := range m.entries {
		for _, e := range es {
			hand[e.id] = e.weight
			variety[e.id] = int(e.variety)
		}
	}
	w := append([]float64(nil), hand...)
	prior, tw, mw := defaultMsaPrior, defaultTanweenWeight, defaultMaksuraWeight
	loss := func() float64 {
		L := 0.0
		for _, s := range data {
			sc := scores(s.f, w, variety, prior, tw*s.tanween, mw*s.maksura, func(f feat) (int32, float64) { return f.id, f.x })
			L += s.w * -math.Log(softmax(sc)[s.y]+1e-12)
		}
		return L / float64(len(data))
	}
	l0 := loss()
	gw := make([]float64, len(w))
	for it := 0; it < o.Iterations; it++ {
		for i := range gw {
			gw[i] = 0
		}
		gp, gt, gm := 0.0, 0.0, 0.0
		for _, s := range data {
			sc := scores(s.f, w, variety, prior, tw*s.tanween, mw*s.maksura, func(f feat) (int32, float64) { return f.id, f.x })
			p := softmax(sc)
			var d [nVar]float64
			for v := 0; v < nVar; v++ {
				d[v] = p[v]
				if v == s.y {
					d[v]--
				}
				d[v] *= s.w
			}
			for _, f := range s.f {
				switch v := variety[f.id]; v {
				case dialIdx:
					gw[f.id] += (d[gulfIdx] + d[egyIdx] + d[levIdx]) * f.x
				case anyIdx, enIdx:
				case msaIdx:
					if !msaCapped(s.f, w, variety) {
						gw[f.id] += d[v] * f.x
					}
				default:
					gw[f.id] += d[v] * f.x
				}
			}
			gp += d[msaIdx]
			gt += d[msaIdx] * s.tanween
			gm += d[egyIdx] * s.maksura
		}
		n := float64(len(data))
		for i := range w {
			g := gw[i]/n + o.L2*(w[i]-hand[i])
			w[i] -= o.Rate * g * 10
			lo, hi := hand[i]/o.MaxFactor, hand[i]*o.MaxFactor
			w[i] = math.Max(lo, math.Min(hi, w[i]))
		}
		_ = gp // the MSA prior stays hand-set: the balanced objective on a set with few gulf/levantine rows drags it below what comment data needs
		tw = math.Max(0, tw-o.Rate*gt/n)
		mw = math.Max(0, mw-o.Rate*gm/n)
	}
	l1 := loss()
	var b strings.Builder
	b.WriteString("# Learned by `go run ./engine/dialect/cmd/learnweights` from the training split of\n")
	b.WriteString("# arsarcasm-dialect (ArSarcasm, Abu Farha & Magdy 2020, MIT licence; dialect.InTrainSplit).\n")
	b.WriteString("# Class-balanced logistic regression regularised towards the hand-written weights.\n")
	b.WriteString("# Do not edit by hand; regenerate. Lines: marker-key<TAB>weight, or param<TAB>name<TAB>value.\n")
	fmt.Fprintf(&b, "param\tmsaPrior\t%.4f\nparam\ttanweenWeight\t%.4f\nparam\tmaksuraWeight\t%.4f\nparam\ttemperature\t1\nparam\tnoEvidenceConf\t%.4f\n", prior, tw, mw, noneConf)
	keys := make([]int, 0, len(w))
	for i := range w {
		if math.Abs(w[i]-hand[i]) > 1e-3 {
			keys = append(keys, i)
		}
	}
	sort.Slice(keys, func(a, c int) bool { return m.markers[keys[a]].Key() < m.markers[keys[c]].Key() })
	for _, i := range keys {
		fmt.Fprintf(&b, "%s\t%.4f\n", m.markers[i].Key(), w[i])
	}
	report = fmt.Sprintf("samples %d (gulf %d, egyptian %d, levantine %d, msa %d); balanced log-loss %.4f -> %.4f; %d weights moved; msaPrior %.3f tanween %.3f maksura %.3f noEvidenceConf %.3f (%d texts)",
		len(data), classCount[gulfIdx], classCount[egyIdx], classCount[levIdx], classCount[msaIdx], l0, l1, len(keys), prior, tw, mw, noneConf, noneN)
	return b.String(), report, nil
}

func scores[F any](fs []F, w []float64, variety []int, prior, tan, mak float64, get func(F) (int32, float64)) [nVar]float64 {
	var s [nVar]float64
	gen := 0.0
	for _, f := range fs {
		id, x := get(f)
		switch v := variety[id]; v {
		case dialIdx:
			gen += w[id] * x
		case anyIdx, enIdx: // Arabizi-only and English words are no variety evidence
		default:
			s[v] += w[id] * x
		}
	}
	for v := 0; v < msaIdx; v++ {
		s[v] += gen
	}
	if s[msaIdx] > msaCap {
		s[msaIdx] = msaCap
	}
	s[msaIdx] += prior + tan
	s[egyIdx] += mak
	return s
}

// msaCapped reports whether the MSA marker evidence of a sample is at msaCap
// (then MSA marker weights get no gradient from it).
func msaCapped[F any](fs []F, w []float64, variety []int) bool {
	t := 0.0
	for _, f := range fs {
		id, x := any(f).(interface{ get() (int32, float64) }).get()
		if variety[id] == msaIdx {
			t += w[id] * x
		}
	}
	return t > msaCap
}

func softmax(s [nVar]float64) [nVar]float64 {
	mx := s[0]
	for _, v := range s {
		mx = math.Max(mx, v)
	}
	var p [nVar]float64
	z := 0.0
	for i, v := range s {
		p[i] = math.Exp(v - mx)
		z += p[i]
	}
	for i := range p {
		p[i] /= z
	}
	return p
}
