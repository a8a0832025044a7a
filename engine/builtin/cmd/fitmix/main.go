// Command fitmix fits the built-in sentiment stacker (engine/builtin/stack.go)
// on the sentiment dev sets and writes engine/builtin/data/sentiment_mix.tsv:
// a few tens of numbers per language, a setting chosen on the dev sets like
// the rules' thresholds (no text and no per-word weight is derived from
// them).
//
// Each dev set is split in two halves by a hash of the text (A: even, B:
// odd). The stacker is fitted on one half (-fit A, the default, or B) and
// macro-F1 is reported on both halves, beside the rules' own label, so the
// held-out half says what the mix is worth. The Arabic stacker is fitted
// on ArSAS and ASTD together (each set weighing the same, classes balanced
// within each set), the English one on TweetEval; only the texts the
// stacker decides (builtin.SentimentStackInput's Applies) take part. -tune
// then shifts the class biases to the fitted half's best mean macro-F1.
// The fit is deterministic (full-batch gradient descent from zero): the
// defaults reproduce the shipped table byte for byte.
//
// Usage: fitmix [-data DIR] [-fit A|B] [-l2 X] [-tune] [-ar-only] [-shape-min N] [-out FILE] [-write]
package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"strings"

	"svc/internal/scoring"

	"svc/engine/builtin"
	"svc/engine/builtin/cmd/internal/stackfit"
	"svc/internal/datasets"
)

type set struct {
	name    string
	arabic  bool
	classes []string
}

var sets = []set{
	{"arsas-sentiment", true, []string{"positive", "negative", "neutral", "mixed"}},
	{"astd-sentiment", true, []string{"positive", "negative", "neutral", "mixed"}},
	{"tweeteval-sentiment", false, []string{"positive", "negative", "neutral"}},
}

var iters *int

type ex struct {
	set    int
	half   byte // 'A' or 'B'
	x      []float64
	arabic bool
	rules  string
	gold   string
	stack  bool // the stacker decides this text (builtin.SentimentStackInput)
}

func main() {
	data := flag.String("data", datasets.DefaultDir, "directory of the labelled dev sets")
	fit := flag.String("fit", "A", "half the stacker is fitted on: A or B (AB: both, no held-out half)")
	l2 := flag.Float64("l2", 0.003, "L2 penalty (per example, mean loss)")
	out := flag.String("out", "engine/builtin/data/sentiment_mix.tsv", "table written with -write")
	iters = flag.Int("iters", 2000, "gradient steps")
	tune := flag.Bool("tune", false, "after the fit, shift the class biases to maximise the fitted half's mean macro-F1 (calibrated thresholds)")
	arOnly := flag.Bool("ar-only", true, "fit and write the Arabic stacker only (English keeps the rules' label)")
	write := flag.Bool("write", false, "write the fitted table to -out")
	flag.IntVar(&builtin.StackShapeMin, "shape-min", builtin.StackShapeMin, "the stacker decides texts with a hashtag, a link, or this many bytes (a table fitted with another value must ship with it)")
	flag.BoolVar(&builtin.StackOtherOnly, "other-only", builtin.StackOtherOnly, "the stacker leaves texts with an intent other than spam to the rules")
	flag.IntVar(&builtin.StackIntentMin, "intent-min", builtin.StackIntentMin, "with -other-only, texts with an intent are decided from this many bytes")
	flag.StringVar(&builtin.StackIntents, "intents", builtin.StackIntents, "with -other-only, the intents (comma-separated) of texts decided from -intent-min bytes; texts with another intent keep the rules' label")
	flag.StringVar(&builtin.StackTagIntents, "tag-intents", builtin.StackTagIntents, "with -other-only, the intents of texts decided only when they have a hashtag or link (-intent-tags)")
	flag.BoolVar(&builtin.StackIntentTags, "intent-tags", builtin.StackIntentTags, "with -other-only, texts with an intent are decided when they have a hashtag or link")
	flag.BoolVar(&builtin.StackShortOther, "short-other", builtin.StackShortOther, "texts without an intent are decided at any length")
	flag.Float64Var(&builtin.StackMargin, "margin", builtin.StackMargin, "the stacker overrules the rules only by this probability margin")
	tuneMargin := flag.Bool("tune-margin", false, "choose -margin on the fitted half (grid 0..0.5)")
	mask := flag.String("mask", "", "comma-separated stacker inputs left out (zeroed), for ablations")
	obvious := flag.String("obvious", "engine/builtin/testdata/obvious.jsonl", "the project's obvious-comment set: report the Arabic rows' sentiment accuracy, rules and stacked")
	flag.Parse()
	var files []string
	for _, s := range sets {
		files = append(files, datasets.DevFile(s.name))
	}
	if err := datasets.Require(*data, files...); err != nil {
		fmt.Fprintln(os.Stderr, "fitmix:", err)
		os.Exit(2)
	}
	var exs []ex
	for si, s := range sets {
		rows, err := load(filepath.Join(*data, datasets.DevFile(s.name)))
		if err != nil {
			fmt.Fprintln(os.Stderr, "fitmix:", err)
			os.Exit(1)
		}
		for _, r := range rows {
			in := builtin.SentimentStackInput(r.Text)
			maskX(in.X, *mask)
			h := fnv.New32a()
			h.Write([]byte(r.Text))
			half := byte('A')
			if h.Sum32()%2 == 1 {
				half = 'B'
			}
			exs = append(exs, ex{si, half, in.X, in.Arabic, in.Rules, r.Label, in.Applies})
		}
	}
	fitHalf := (*fit + "A")[0]
	if *fit == "AB" {
		fitHalf = '*' // both halves: the held-out figures come from -fit A and -fit B
	}
	arClasses := []string{"positive", "negative", "neutral", "mixed"}
	enClasses := []string{"positive", "negative", "neutral"}
	wAr := train(exs, true, arClasses, fitHalf, *l2)
	wEn := train(exs, false, enClasses, fitHalf, *l2)
	if *tune {
		tuneBias(exs, wAr, arClasses, true, fitHalf)
		if !*arOnly {
			tuneBias(exs, wEn, enClasses, false, fitHalf)
		}
	}
	if *tuneMargin {
		best, bm := -1.0, 0.0
		for m := 0.0; m <= 0.5001; m += 0.025 {
			builtin.StackMargin = m
			if v := halfScore(exs, wAr, arClasses, true, fitHalf); v > best+1e-9 {
				best, bm = v, m
			}
		}
		builtin.StackMargin = bm
	}
	var report strings.Builder
	fmt.Fprintf(&report, "fitted on half %c (l2 %g, bias tuning %v, Arabic only %v, shape %d bytes, intents %q from %d bytes, %q with tags, intent tags %v, short other %v, margin %.3f, masked %q); macro-F1 rules -> stacked:\n",
		fitHalf, *l2, *tune, *arOnly, builtin.StackShapeMin, builtin.StackIntents, builtin.StackIntentMin, builtin.StackTagIntents, builtin.StackIntentTags, builtin.StackShortOther, builtin.StackMargin, *mask)
	for si, s := range sets {
		for _, half := range []byte{'A', 'B'} {
			rc, sc := scoring.New(s.classes...), scoring.New(s.classes...)
			for _, e := range exs {
				if e.set != si || e.half != half {
					continue
				}
				rc.Add(e.gold, e.rules)
				pred := e.rules
				switch {
				case !e.stack:
				case e.arabic:
					pred = decideM(wAr, arClasses, e.x, e.rules)
				case !*arOnly:
					pred = decideM(wEn, enClasses, e.x, e.rules)
				}
				sc.Add(e.gold, pred)
			}
			tag := "held out"
			if half == fitHalf || fitHalf == '*' {
				tag = "fitted"
			}
			fmt.Fprintf(&report, "  %-20s half %c (%s, n=%d): %.3f -> %.3f\n", s.name, half, tag, rc.N(), rc.MacroF1(), sc.MacroF1())
		}
	}
	if *obvious != "" {
		obviousReport(&report, *obvious, wAr, arClasses, *mask)
	}
	fmt.Print(report.String())
	if !*write {
		return
	}
	var b strings.Builder
	b.WriteString("# Sentiment stacker weights (engine/builtin/stack.go), fitted by `go run ./engine/builtin/cmd/fitmix -write`.\n")
	b.WriteString("# A setting chosen on the dev sets, like the rules' thresholds: multinomial logistic weights over the rules'\n")
	b.WriteString("# verdict and scores and the learned head's log-odds; no text or word weight comes from the dev sets.\n")
	for _, l := range strings.Split(strings.TrimSpace(report.String()), "\n") {
		b.WriteString("# " + l + "\n")
	}
	b.WriteString("# columns: lang, class, " + strings.Join(builtin.StackFeatureNames[:], ", ") + "\n")
	for _, lw := range []struct {
		lang    string
		classes []string
		w       [][]float64
	}{{"ar", arClasses, wAr}, {"en", enClasses, wEn}} {
		if *arOnly && lw.lang == "en" {
			continue
		}
		for k, c := range lw.classes {
			b.WriteString(lw.lang + "\t" + c)
			for _, v := range lw.w[k] {
				fmt.Fprintf(&b, "\t%.4f", v)
			}
			b.WriteString("\n")
		}
	}
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "fitmix:", err)
		os.Exit(1)
	}
	fmt.Fprintln(os.Stderr, "fitmix: wrote", *out)
}

// train fits class-balanced multinomial logistic regression by full-batch
// gradient descent (deterministic) on the examples of one language and half.
func train(exs []ex, arabic bool, classes []string, half byte, l2 float64) [][]float64 {
	ci := map[string]int{}
	for i, c := range classes {
		ci[c] = i
	}
	var xs [][]float64
	var ys []int
	var ws []float64
	// weights: each set the same total, each class the same within a set
	cnt := map[[2]int]int{}
	nsets := map[int]bool{}
	for _, e := range exs {
		if e.arabic != arabic || !inHalf(e, half) || !e.stack {
			continue
		}
		if _, ok := ci[e.gold]; !ok {
			continue
		}
		cnt[[2]int{e.set, ci[e.gold]}]++
		nsets[e.set] = true
	}
	for _, e := range exs {
		if e.arabic != arabic || !inHalf(e, half) || !e.stack {
			continue
		}
		y, ok := ci[e.gold]
		if !ok {
			continue
		}
		ncl := 0
		for k := range classes {
			if cnt[[2]int{e.set, k}] > 0 {
				ncl++
			}
		}
		xs = append(xs, e.x)
		ys = append(ys, y)
		ws = append(ws, 1/float64(len(nsets)*ncl*cnt[[2]int{e.set, y}]))
	}
	return stackfit.Fit(xs, ys, ws, len(classes), l2, *iters)
}

// tuneBias shifts each class's bias (coordinate ascent over a grid, a few
// rounds) to maximise the mean macro-F1 of the fitted half's sets of one
// language.
func tuneBias(exs []ex, w [][]float64, classes []string, arabic bool, half byte) {
	score := func() float64 {
		cs := map[int]*scoring.Confusion{}
		for _, e := range exs {
			if e.arabic != arabic || !inHalf(e, half) || sets[e.set].arabic != arabic {
				continue
			}
			if cs[e.set] == nil {
				cs[e.set] = scoring.New(sets[e.set].classes...)
			}
			pred := e.rules
			if e.stack {
				pred = decideM(w, classes, e.x, e.rules)
			}
			cs[e.set].Add(e.gold, pred)
		}
		t := 0.0
		for _, c := range cs {
			t += c.MacroF1()
		}
		return t / float64(len(cs))
	}
	best := score()
	for round := 0; round < 3; round++ {
		for k := range w {
			orig := w[k][0]
			bestD := 0.0
			for d := -1.0; d <= 1.0001; d += 0.1 {
				w[k][0] = orig + d
				if v := score(); v > best+1e-9 {
					best, bestD = v, d
				}
			}
			w[k][0] = orig + bestD
		}
	}
}

// inHalf reports an example of half ('*': either).
func inHalf(e ex, half byte) bool { return half == '*' || e.half == half }

// decideM is the runtime's decision (builtin.DecideMargin at
// builtin.StackMargin).
func decideM(w [][]float64, classes []string, x []float64, rules string) string {
	ps := make([]float64, len(w))
	for k := range w {
		ps[k] = stackfit.Dot(w[k], x)
	}
	return builtin.DecideMargin(ps, classes, rules, builtin.StackMargin)
}

// halfScore is the mean macro-F1 of one language's sets on one half.
func halfScore(exs []ex, w [][]float64, classes []string, arabic bool, half byte) float64 {
	cs := map[int]*scoring.Confusion{}
	for _, e := range exs {
		if e.arabic != arabic || !inHalf(e, half) || sets[e.set].arabic != arabic {
			continue
		}
		if cs[e.set] == nil {
			cs[e.set] = scoring.New(sets[e.set].classes...)
		}
		pred := e.rules
		if e.stack {
			pred = decideM(w, classes, e.x, e.rules)
		}
		cs[e.set].Add(e.gold, pred)
	}
	t := 0.0
	for _, c := range cs {
		t += c.MacroF1()
	}
	return t / float64(len(cs))
}

// maskX zeroes the inputs named in mask (comma-separated StackFeatureNames).
func maskX(x []float64, mask string) {
	if mask == "" {
		return
	}
	for _, m := range strings.Split(mask, ",") {
		for i, n := range builtin.StackFeatureNames {
			if n == strings.TrimSpace(m) {
				x[i] = 0
			}
		}
	}
}

// obviousReport adds the sentiment accuracy of the obvious-comment set's
// Arabic rows (every variety but english), rules alone and stacked, and
// the texts whose label the stacker changes.
func obviousReport(b *strings.Builder, path string, w [][]float64, classes []string, mask string) {
	type orow struct {
		Variety   string `json:"variety"`
		Text      string `json:"text"`
		Sentiment string `json:"sentiment"`
	}
	rows, err := datasets.ReadJSONL[orow](path)
	if err != nil {
		fmt.Fprintln(b, "  obvious set:", err)
		return
	}
	n, rok, sok, dec := 0, 0, 0, 0
	var changed []string
	for _, r := range rows {
		if r.Variety == "english" {
			continue
		}
		in := builtin.SentimentStackInput(r.Text)
		maskX(in.X, mask)
		pred := in.Rules
		if in.Applies && in.Arabic {
			dec++
			pred = decideM(w, classes, in.X, in.Rules)
		}
		n++
		if in.Rules == r.Sentiment {
			rok++
		}
		if pred == r.Sentiment {
			sok++
		}
		if pred != in.Rules {
			changed = append(changed, fmt.Sprintf("%s -> %s (want %s): %s", in.Rules, pred, r.Sentiment, r.Text))
		}
	}
	fmt.Fprintf(b, "  obvious set, Arabic rows (n=%d, %d decided by the stacker): sentiment right %d -> %d\n", n, dec, rok, sok)
	for _, c := range changed {
		fmt.Fprintln(os.Stderr, "  changed:", c)
	}
}

func decide(w [][]float64, classes []string, x []float64) string {
	best, bi := math.Inf(-1), 0
	for k := range w {
		if s := stackfit.Dot(w[k], x); s > best {
			best, bi = s, k
		}
	}
	return classes[bi]
}

type row struct {
	Text  string `json:"text"`
	Label string `json:"label"`
}

func load(path string) ([]row, error) { return datasets.ReadJSONL[row](path) }
