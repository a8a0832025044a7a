package dialect

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// Sample is one labelled training or dev text.
type Sample struct {
	Text   string
	Label  string // gulf, egyptian, levantine, msa
	Source string // corpus name; Group says which table it feeds
	Group  string // "permissive" or "wiki" (CC BY-SA): the two tables never mix
}

// TrainOptions tunes TrainNgrams.
type TrainOptions struct {
	Alpha       float64 // add-alpha smoothing of the per-class document frequencies; default 1
	MinDF       int     // a feature must occur in at least MinDF texts of its group; default 5
	MaxFeatures int     // per table, strongest first; default 60000
	Bigrams     bool    // also learn word pairs
	// PerSourceCap limits how many texts one (source, label) pair may give,
	// so one big single-dialect corpus cannot dominate its class; 0: no cap.
	PerSourceCap int
	// Consistent keeps a permissive feature for a variety only when that
	// variety's single-dialect source and the mixed source (ArSarcasm) agree
	// on its sign: the topic-bias filter (README.md).
	Consistent bool
	// MaxWeight caps |log-odds| of one feature (in nats); default 3.
	MaxWeight float64
}

func (o *TrainOptions) defaults() {
	if o.Alpha == 0 {
		o.Alpha = 1
	}
	if o.MinDF == 0 {
		o.MinDF = 5
	}
	if o.MaxFeatures == 0 {
		o.MaxFeatures = 60000
	}
	if o.MaxWeight == 0 {
		o.MaxWeight = 3
	}
}

// NgramTables is the outcome of TrainNgrams: the two learned tables.
type NgramTables struct {
	Permissive []NgramFeature
	Wiki       []NgramFeature
}

// NgramFeature is one learned feature: folded text and its per-variety
// weights (op.Dialects order) in nats.
type NgramFeature struct {
	Text string
	W    [4]float64
	DF   int // texts of the group containing it
}

type dfCount struct {
	df [nVar]float64 // per-label document frequency (source-weighted)
	by map[string]*[nVar]float64
}

func labelIdx(l string) int {
	switch l {
	case "gulf":
		return gulfIdx
	case "egyptian":
		return egyIdx
	case "levantine":
		return levIdx
	case "msa":
		return msaIdx
	}
	return -1
}

// compactOf returns the compact folded form of text.
func compactOf(text string) []byte {
	var sc scan
	var tmp []byte
	return encode(nil, text, &sc, &tmp)
}

// TrainNgrams learns per-variety log-odds of Arabic words (and word pairs)
// from labelled samples, per group: class-balanced Bernoulli naive Bayes
// (document frequencies), centred over the varieties present in the group,
// features below MinDF dropped, the MaxFeatures strongest kept. Progress goes
// to progress (may be nil).
func TrainNgrams(samples []Sample, o TrainOptions, progress io.Writer) (*NgramTables, error) {
	o.defaults()
	if progress == nil {
		progress = io.Discard
	}
	out := &NgramTables{}
	// the mixed source's counts, kept from the permissive group for the
	// wiki group's consistency filter
	var mixedCounts map[string]*[nVar]float64
	var mixedDocs *[nVar]float64
	for _, group := range []string{"permissive", "wiki"} {
		var ss []Sample
		for _, s := range samples {
			if s.Group == group && labelIdx(s.Label) >= 0 {
				ss = append(ss, s)
			}
		}
		if len(ss) == 0 {
			continue
		}
		// per (source,label) caps and counts
		type key struct{ src, lab string }
		taken := map[key]int{}
		nDocs := [nVar]float64{}
		srcDocs := map[string]*[nVar]float64{}
		counts := map[string]*dfCount{}
		for i, s := range ss {
			if i%20000 == 0 {
				fmt.Fprintf(progress, "train-dialect: %s: counting %d/%d texts\n", group, i, len(ss))
			}
			k := key{s.Source, s.Label}
			if o.PerSourceCap > 0 && taken[k] >= o.PerSourceCap {
				continue
			}
			taken[k]++
			y := labelIdx(s.Label)
			nDocs[y]++
			if srcDocs[s.Source] == nil {
				srcDocs[s.Source] = &[nVar]float64{}
			}
			srcDocs[s.Source][y]++
			seen := map[string]bool{}
			eachFeature(compactOf(s.Text), func(f string) {
				if !o.Bigrams && strings.IndexByte(f, ' ') >= 0 {
					return
				}
				if seen[f] {
					return
				}
				seen[f] = true
				c := counts[f]
				if c == nil {
					c = &dfCount{by: map[string]*[nVar]float64{}}
					counts[f] = c
				}
				c.df[y]++
				if o.Consistent {
					b := c.by[s.Source]
					if b == nil {
						b = &[nVar]float64{}
						c.by[s.Source] = b
					}
					b[y]++
				}
			})
		}
		var present []int
		for v := 0; v < nVar; v++ {
			if nDocs[v] > 0 {
				present = append(present, v)
			}
		}
		fmt.Fprintf(progress, "train-dialect: %s: %d texts (gulf %.0f, egyptian %.0f, levantine %.0f, msa %.0f), %d distinct features\n",
			group, len(ss), nDocs[0], nDocs[1], nDocs[2], nDocs[3], len(counts))
		// the mixed source of the group: the one with the most varieties
		mixed := ""
		best := 0
		for src, d := range srcDocs {
			k := 0
			for _, x := range d {
				if x > 0 {
					k++
				}
			}
			if k > best || k == best && src < mixed {
				best, mixed = k, src
			}
		}
		var feats []NgramFeature
		for f, c := range counts {
			total := 0.0
			for _, x := range c.df {
				total += x
			}
			if int(total) < o.MinDF {
				continue
			}
			var lp [nVar]float64
			mean := 0.0
			for _, v := range present {
				lp[v] = math.Log((c.df[v] + o.Alpha) / (nDocs[v] + 2*o.Alpha))
				mean += lp[v]
			}
			mean /= float64(len(present))
			var w [4]float64
			for _, v := range present {
				x := lp[v] - mean
				w[v] = math.Max(-o.MaxWeight, math.Min(o.MaxWeight, x))
			}
			var m, md *[nVar]float64
			if o.Consistent && best > 1 && group == "permissive" {
				m, md = c.by[mixed], srcDocs[mixed]
			} else if o.Consistent && group == "wiki" && mixedDocs != nil {
				// Wikipedia's Egyptian and Arabic editions differ in topic
				// as much as in dialect: keep a lean only where the mixed
				// tweet source leans the same way
				m, md = mixedCounts[f], mixedDocs
			}
			if md != nil && m != nil {
				// a variety whose evidence comes from a single-dialect
				// source must not be contradicted inside the mixed source:
				// a positive weight stays only where the feature's rate in
				// that variety's texts of the mixed source is at least its
				// mean rate over the varieties (a feature the mixed source
				// never saw is not contradicted and stays)
				var rate [nVar]float64
				mean := 0.0
				for _, v := range present {
					if md[v] > 0 {
						rate[v] = m[v] / md[v]
					}
					mean += rate[v]
				}
				mean /= float64(len(present))
				for _, v := range present {
					if w[v] > 0 && md[v] > 0 && rate[v] < mean {
						w[v] = 0
					}
				}
				// re-centre
				s := 0.0
				for _, v := range present {
					s += w[v]
				}
				for _, v := range present {
					w[v] -= s / float64(len(present))
				}
			}
			strength := 0.0
			for _, v := range present {
				strength = math.Max(strength, math.Abs(w[v]))
			}
			if strength < 0.05 {
				continue
			}
			feats = append(feats, NgramFeature{Text: decompact(f), W: w, DF: int(total)})
		}
		sort.Slice(feats, func(i, j int) bool {
			si, sj := featStrength(feats[i]), featStrength(feats[j])
			if si != sj {
				return si > sj
			}
			return feats[i].Text < feats[j].Text
		})
		if len(feats) > o.MaxFeatures {
			feats = feats[:o.MaxFeatures]
		}
		sort.Slice(feats, func(i, j int) bool { return feats[i].Text < feats[j].Text })
		fmt.Fprintf(progress, "train-dialect: %s: kept %d features\n", group, len(feats))
		if group == "permissive" && o.Consistent && best > 1 {
			mixedDocs = srcDocs[mixed]
			mixedCounts = map[string]*[nVar]float64{}
			for f, c := range counts {
				if b := c.by[mixed]; b != nil {
					mixedCounts[f] = b
				}
			}
		}
		if group == "permissive" {
			out.Permissive = feats
		} else {
			out.Wiki = feats
		}
	}
	return out, nil
}

// featStrength ranks features: the largest |weight| times log document frequency.
func featStrength(f NgramFeature) float64 {
	m := 0.0
	for _, x := range f.W {
		m = math.Max(m, math.Abs(x))
	}
	return m * math.Log1p(float64(f.DF))
}

// decompact turns compact bytes back into folded UTF-8.
func decompact(c string) string {
	var b strings.Builder
	for i := 0; i < len(c); i++ {
		x := c[i]
		switch {
		case x < utf8.RuneSelf:
			b.WriteByte(x)
		case x >= codeArabicBase && x < codeArabicBase+0x40:
			b.WriteRune(rune(0x0620 + int(x) - codeArabicBase))
		case x == codePeh:
			b.WriteRune('پ')
		case x == codeTcheh:
			b.WriteRune('چ')
		case x == codeVeh:
			b.WriteRune('ڤ')
		case x == codeGaf:
			b.WriteRune('گ')
		default:
			b.WriteRune('�')
		}
	}
	return b.String()
}

// lines converts features to the integer file form.
func ngramLines(fs []NgramFeature) []ngramLine {
	out := make([]ngramLine, 0, len(fs))
	for _, f := range fs {
		l := ngramLine{feature: f.Text}
		for v := 0; v < nVar; v++ {
			l.w[v] = int8(math.Max(-127, math.Min(127, math.Round(f.W[v]*ngramUnit))))
		}
		out = append(out, l)
	}
	return out
}

// TSV renders a table file. header lines are written as comments first.
func NgramTSV(fs []NgramFeature, header []string, params map[string]float64) string {
	var b strings.Builder
	for _, h := range header {
		b.WriteString("# " + h + "\n")
	}
	var keys []string
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "param\t%s\t%.4f\n", k, params[k])
	}
	for _, l := range ngramLines(fs) {
		fmt.Fprintf(&b, "%s\t%d\t%d\t%d\t%d\n", l.feature, l.w[0], l.w[1], l.w[2], l.w[3])
	}
	return b.String()
}

// DevSet is a labelled set prepared for fast repeated evaluation: the
// marker evidence of each text is computed once.
type DevSet struct {
	Name    string
	Classes []string
	labels  []int
	ev      []evidence
	arabic  []bool
	bufs    [][]byte
}

// PrepareDev computes the marker evidence of each sample once.
func PrepareDev(name string, classes []string, ss []Sample) *DevSet {
	m := get()
	d := &DevSet{Name: name, Classes: classes}
	for _, s := range ss {
		st := &state{}
		var sc scan
		st.buf = encode(nil, s.Text, &sc, &st.tmp)
		if sc.lat > 0 {
			st.buf = latinSkeleton(st.buf) // as Detect does
		}
		var ev evidence
		if sc.ar > 0 {
			m.match(st, &ev)
			ev.none = ev.hits == 0 && sc.tanween == 0 && sc.maksura == 0
			ev.score[msaIdx] += sc.tanweenEvidence()
			ev.score[egyIdx] += sc.maksuraEvidence()
		}
		d.labels = append(d.labels, labelIdx(s.Label))
		d.ev = append(d.ev, ev)
		d.arabic = append(d.arabic, sc.ar > 0)
		d.bufs = append(d.bufs, st.buf)
	}
	return d
}

// DevResult is the outcome of Evaluate.
type DevResult struct {
	N        int
	Accuracy float64
	MacroF1  float64
	LogLoss  float64 // mean negative log of the confidence-implied probability of the gold class (calibration check)
	ECE      float64 // expected calibration error over ten confidence buckets
}

// Evaluate scores d with the tables merged at wmix and the word evidence at mix.
func (t *NgramTables) Evaluate(d *DevSet, mix, wmix, norm float64) DevResult {
	ngramNorm = norm
	tab := buildNgrams(ngramLines(t.Permissive), ngramLines(t.Wiki), wmix)
	return evaluateWith(d, tab, mix)
}

func evaluateWith(d *DevSet, tab *ngramTable, mix float64) DevResult {
	var conf [nVar][nVar]int
	n := 0
	ll := 0.0
	var bn, bok [10]int
	var bsum [10]float64
	for i := range d.labels {
		y := d.labels[i]
		if y < 0 {
			continue
		}
		n++
		if !d.arabic[i] {
			continue
		}
		ev := d.ev[i]
		if tab != nil && mix != 0 {
			var sum [nVar]int32
			nbEvidence(&ev, &sum, tab.score(d.bufs[i], &sum), mix)
		}
		lab, c := decide(&ev, false)
		p := labelIdx(lab)
		conf[y][p]++
		k := min(int(c*10), 9)
		bn[k]++
		bsum[k] += c
		if p == y {
			bok[k]++
		}
		if p == y {
			ll -= math.Log(math.Max(c, 1e-3))
		} else {
			ll -= math.Log(math.Max((1-c)/3, 1e-3))
		}
	}
	r := DevResult{N: n}
	ok := 0
	for v := 0; v < nVar; v++ {
		ok += conf[v][v]
	}
	r.Accuracy = float64(ok) / float64(max(n, 1))
	f1s, k := 0.0, 0
	for _, cl := range d.Classes {
		v := labelIdx(cl)
		tp, fp, fn := 0, 0, 0
		for u := 0; u < nVar; u++ {
			if u == v {
				tp += conf[v][v]
				continue
			}
			fp += conf[u][v]
			fn += conf[v][u]
		}
		p := float64(tp) / math.Max(1, float64(tp+fp))
		rc := float64(tp) / math.Max(1, float64(tp+fn))
		if p+rc > 0 {
			f1s += 2 * p * rc / (p + rc)
		}
		k++
	}
	r.MacroF1 = f1s / float64(max(k, 1))
	r.LogLoss = ll / float64(max(n, 1))
	for k := range bn {
		if bn[k] > 0 {
			r.ECE += math.Abs(float64(bok[k])-bsum[k]) / float64(max(n, 1))
		}
	}
	return r
}

// Candidate is a learned word that no marker covers: a candidate marker
// for review (make train-dialect writes them to learned/candidates.tsv).
type Candidate struct {
	Word    string
	Variety string
	Weight  float64 // log-odds for Variety, nats
	DF      int     // texts of the permissive corpora containing it
}

// Candidates returns, per dialect, the n strongest single words of the
// permissive table (weight x log df) that no marker matches on its own.
func (t *NgramTables) Candidates(n int) []Candidate {
	var out []Candidate
	for v := 0; v < nVar; v++ {
		var cs []Candidate
		for _, f := range t.Permissive {
			if strings.IndexByte(f.Text, ' ') >= 0 || f.W[v] < 1 || f.DF < 20 {
				continue
			}
			if a := Analyze(f.Text); len(a.Hits) > 0 {
				continue
			}
			cs = append(cs, Candidate{Word: f.Text, Variety: labelName(v), Weight: f.W[v], DF: f.DF})
		}
		sort.Slice(cs, func(i, j int) bool {
			si, sj := cs[i].Weight*math.Log1p(float64(cs[i].DF)), cs[j].Weight*math.Log1p(float64(cs[j].DF))
			if si != sj {
				return si > sj
			}
			return cs[i].Word < cs[j].Word
		})
		if len(cs) > n {
			cs = cs[:n]
		}
		out = append(out, cs...)
	}
	return out
}

func labelName(v int) string { return [...]string{"gulf", "egyptian", "levantine", "msa"}[v] }
