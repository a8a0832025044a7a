// Command cvcomments cross-validates a learned comment head together with
// the rules: for each fold it trains the head (engine/builtin/cmd/train
// -only HEAD) on the project's comments (engine/builtin/corpus) without
// the fold's rows, puts that table in place of the shipped one
// (builtin.SetLearnedTable) and scores the whole pipeline (Classify and
// Moderate, as TestObviousComments judges a row) on the fold.
//
// The folds: each writer set of the corpus (or each set file of -sets) (a set written by one writer; its rows
// are held out of training by text), then -rest folds of the corpus rows
// in no set file (row i in fold i mod -rest). The rules were written from
// the set files' misses, so their folds flatter the rules; the rest of the
// corpus is the fairer half (docs/quality.md, "Cross-validating a head").
//
// Usage (from the repository root):
//
//	go run ./engine/builtin/cmd/cvcomments -head intent [-mix 0.6,0.2,0.6 -mix ...]
//	go run ./engine/builtin/cmd/cvcomments -head intent,sentiment -alone 0.55,0.3,0.3,0.3,0.4,0.1 -alone 0.55,0.55,0.55,0.55 [-diff]
//	go run ./engine/builtin/cmd/cvcomments -head sentiment [-smix 0.75,0.94 -smix ,,,0.6 ...]
//	go run ./engine/builtin/cmd/cvcomments -head dialect -field dialect -dmix shipped -dmix minp=0.7,below=0.9 [-trainflags "-min-count 2"]
//
// (without -sets the folds are the corpus rows' own writer sets, field
// "set", every one but "brief", whose rows make the -rest folds.)
//
// It prints, per mix (-mix: intent, -smix: sentiment, -dmix: the dialect decision's
// constants, builtin.SetDialectKnob; every combination; the shipped ones otherwise), the
// accuracy of -field and of every field per variety, over the set folds,
// the rest folds and both.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"svc/engine/builtin"
	"svc/internal/datasets"
)

// row is a labelled comment (the corpus, a set file).
type row = builtin.LabelledComment

// heads: -head -> the trainer's flag name, the table and the field it decides.
var heads = map[string]struct{ train, table, field string }{
	"intent":    {"intent", "learned_intent.tsv", "intent"},
	"sentiment": {"sent-comments", "learned_sentiment_comments.tsv", "sentiment"},
	"priority":  {"priority", "learned_priority.tsv", "priority"},
	"dialect":   {"dialect", "learned_dialect_comments.tsv", "dialect"},
	"insult":    {"insult", "learned_insult_comments.tsv", "moderation"},
	// the Latin spelling's intent head of Arabizi comments (learned_latin.go)
	"intent-latin": {"intent-latin", "learned_intent_latin.tsv", "intent"},
	// English comments' intent, alone where the rules found none (learned_en_alone.go)
	"intent-en": {"intent-en", "learned_intent_en.tsv", "intent"},
}

type mixes []builtin.IntentMix

func (m *mixes) String() string { return fmt.Sprint(*m) }
func (m *mixes) Set(v string) error {
	c := builtin.CurrentIntentMix()
	x := []float64{c.Mix, c.Base, c.Alone, c.Overrule, c.Weak}
	if err := parseFloats(v, x, 3, "mix,base,alone[,overrule[,weak]]"); err != nil {
		return err
	}
	c.Mix, c.Base, c.Alone, c.Overrule, c.Weak = x[0], x[1], x[2], x[3], x[4]
	*m = append(*m, c)
	return nil
}

// crossMixes is every mix of ms with the parts of each of xs set in it
// (ms unchanged when xs is empty).
func crossMixes[T any](ms mixes, xs []T, set func(*builtin.IntentMix, T)) mixes {
	if len(xs) == 0 {
		return ms
	}
	var out mixes
	for _, m := range ms {
		for _, x := range xs {
			set(&m, x)
			out = append(out, m)
		}
	}
	return out
}

// parseFloats reads v, comma-separated numbers, over x (the shipped values
// in order): at least lo and at most len(x) fields; an empty field keeps
// the shipped value.
func parseFloats(v string, x []float64, lo int, want string) error {
	f := strings.Split(v, ",")
	if len(f) < lo || len(f) > len(x) {
		return fmt.Errorf("want %s", want)
	}
	for i, s := range f {
		if s = strings.TrimSpace(s); s == "" {
			continue // the shipped value
		}
		var err error
		if x[i], err = strconv.ParseFloat(s, 64); err != nil {
			return err
		}
	}
	return nil
}

// alones are -alone values: the intent head's thresholds alone with
// evidence (builtin.IntentMix Gated, Sent, Margin; learned_alone.go).
type alones []builtin.IntentMix

func (a *alones) String() string { return fmt.Sprint(*a) }
func (a *alones) Set(v string) error {
	c := builtin.CurrentIntentMix()
	x := []float64{c.Gated[0], c.Gated[1], c.Gated[2], c.Gated[3], c.Sent, c.Margin, c.Cover}
	if err := parseFloats(v, x, 4, "question,complaint,praise,suggestion[,sent[,margin[,cover]]]"); err != nil {
		return err
	}
	c.Gated, c.Sent, c.Margin, c.Cover = [4]float64{x[0], x[1], x[2], x[3]}, x[4], x[5], x[6]
	*a = append(*a, c)
	return nil
}

// zalones are -zalone values: the intent head's thresholds alone for an
// Arabizi comment (builtin.IntentMix ArabiziAlone, ArabiziGated).
type zalones []builtin.IntentMix

func (a *zalones) String() string { return fmt.Sprint(*a) }
func (a *zalones) Set(v string) error {
	const want = "alone[,question,complaint,praise,suggestion[,mix[,latinweight]]]"
	if n := len(strings.Split(v, ",")); n > 1 && n < 5 {
		return fmt.Errorf("want %s", want)
	}
	c := builtin.CurrentIntentMix()
	x := []float64{c.ArabiziAlone, c.ArabiziGated[0], c.ArabiziGated[1], c.ArabiziGated[2], c.ArabiziGated[3], c.ArabiziMix, c.LatinWeight}
	if err := parseFloats(v, x, 1, want); err != nil {
		return err
	}
	c.ArabiziAlone, c.ArabiziGated, c.ArabiziMix, c.LatinWeight = x[0], [4]float64{x[1], x[2], x[3], x[4]}, x[5], x[6]
	*a = append(*a, c)
	return nil
}

type sentMixes []builtin.SentMix

func (m *sentMixes) String() string { return fmt.Sprint(*m) }
func (m *sentMixes) Set(v string) error {
	c := builtin.CurrentSentMix()
	x := []float64{c.Ar, c.En, c.Free, c.Latin, c.Mixed, c.Loose, c.FlipEn}
	if err := parseFloats(v, x, 1, "ar[,en[,free[,latin[,mixed[,loose[,flipen]]]]]]"); err != nil {
		return err
	}
	*m = append(*m, builtin.SentMix{Ar: x[0], En: x[1], Free: x[2], Latin: x[3], Mixed: x[4], Loose: x[5], FlipEn: x[6]})
	return nil
}

// dmix is one setting of the dialect decision's constants (-dmix
// name=value,...; builtin.DialectKnobs), the others as shipped.
type dmix struct {
	names []string
	vals  []float64
}

func (d dmix) String() string {
	if len(d.names) == 0 {
		return "shipped"
	}
	var b []string
	for i, n := range d.names {
		b = append(b, fmt.Sprintf("%s=%g", n, d.vals[i]))
	}
	return strings.Join(b, ",")
}

type dmixes []dmix

func (m *dmixes) String() string { return fmt.Sprint(*m) }
func (m *dmixes) Set(v string) error {
	var d dmix
	for _, f := range strings.Split(v, ",") {
		if f = strings.TrimSpace(f); f == "" || f == "shipped" {
			continue
		}
		k, x, ok := strings.Cut(f, "=")
		if !ok {
			return fmt.Errorf("want name=value,... (names %v)", builtin.DialectKnobs())
		}
		if _, known := builtin.DialectKnob(k); !known {
			return fmt.Errorf("no dialect knob %q (names %v)", k, builtin.DialectKnobs())
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			return err
		}
		d.names, d.vals = append(d.names, k), append(d.vals, f)
	}
	*m = append(*m, d)
	return nil
}

// set puts d in place and returns a function that restores the shipped constants.
func (d dmix) set() func() {
	var rs []func()
	for i, n := range d.names {
		r, err := builtin.SetDialectKnob(n, d.vals[i])
		fail(err)
		rs = append(rs, r)
	}
	return func() {
		for i := len(rs) - 1; i >= 0; i-- {
			rs[i]()
		}
	}
}

// variant is one decision tried per fold: an intent mix, a sentiment mix and a
// dialect setting.
type variant struct {
	im      builtin.IntentMix
	sm      builtin.SentMix
	dialect dmix
}

func main() {
	head := flag.String("head", "intent", "comment heads to refit per fold, comma-separated: intent, sentiment, priority, dialect, insult; or shipped (no refit: the shipped tables, which saw every fold). Heads not refit are the shipped ones, which saw the fold: every field is flattered unless all five are refit")
	field := flag.String("field", "", "field to report beside every field (default: the first head's)")
	corpus := flag.String("corpus", "engine/builtin/corpus/comments.jsonl", "the project's comments")
	sets := flag.String("sets", "", "comma-separated globs of the set files (one writer each), each a fold (default: the corpus rows' own set, every set but brief)")
	rest := flag.Int("rest", 5, "folds of the corpus rows in no set file (0: none)")
	trainBin := flag.String("train", "", "a built engine/builtin/cmd/train (default: go build it into a temporary directory)")
	diff := flag.Bool("diff", false, "print the rows whose -field judgement differs between the first two mixes (label, first, second, text)")
	confusion := flag.Bool("confusion", false, "print the confusions (label -> reported) of the first mix over the rest folds: of the dialect with -field dialect, else of the intent")
	byHalf := flag.Bool("byhalf", false, "also report each variety per half (rest-<variety>, sets-<variety>)")
	misses := flag.Bool("misses", false, "print the first mix's misses of -field over the rest folds (label, answer, text)")
	trainFlags := flag.String("trainflags", "", "further flags of the trainer, space-separated (e.g. \"-epochs 8 -nb intent\"), to try other features or regularisation")
	only := flag.String("only", "", "varieties to score, comma-separated (default: all)")
	var ms mixes
	flag.Var(&ms, "mix", "intent head mix mix,base,alone[,overrule[,weak]] for Arabic-script comments (repeatable; default: the shipped one)")
	var as alones
	flag.Var(&as, "alone", "intent head thresholds alone with evidence question,complaint,praise,suggestion[,sent[,margin[,cover]]] (learned_alone.go; repeatable, each tried with every -mix)")
	var zs zalones
	flag.Var(&zs, "zalone", "intent head thresholds alone for Arabizi comments alone[,question,complaint,praise,suggestion] (the gated ones with evidence, learned_alone.go; 1: none; repeatable, each tried with every -mix and -alone)")
	var ss sentMixes
	flag.Var(&ss, "smix", "sentiment head mix ar[,en[,free[,latin[,mixed[,loose[,flipen]]]]]] (thresholds; an empty value keeps the shipped one, 0 turns a part off; repeatable, each tried with each -mix; default: the shipped one)")
	var ds dmixes
	flag.Var(&ds, "dmix", "dialect decision constants name=value,... (builtin.DialectKnobs: below, minp, frommsa, open, share, clear, outweigh, soft, softmsa, gulfodds, fi, fiother, bal; the others as shipped; \"shipped\" for none); repeatable, each tried with every -mix")
	flag.Parse()
	var hs []string // the heads refit per fold
	if *head != "shipped" {
		hs = strings.Split(*head, ",")
	}
	var trainNames []string
	for _, x := range hs {
		h, ok := heads[x]
		if !ok {
			fail(fmt.Errorf("unknown -head %q", x))
		}
		trainNames = append(trainNames, h.train)
		if *field == "" {
			*field = h.field
		}
	}
	if *field == "" {
		*field = "intent"
	}
	if len(ms) == 0 {
		ms = mixes{builtin.CurrentIntentMix()}
	}
	ms = crossMixes(ms, as, func(m *builtin.IntentMix, a builtin.IntentMix) {
		m.Gated, m.Sent, m.Margin, m.Cover = a.Gated, a.Sent, a.Margin, a.Cover
	})
	ms = crossMixes(ms, zs, func(m *builtin.IntentMix, z builtin.IntentMix) {
		m.ArabiziAlone, m.ArabiziGated, m.ArabiziMix, m.LatinWeight = z.ArabiziAlone, z.ArabiziGated, z.ArabiziMix, z.LatinWeight
	})
	if len(ss) == 0 {
		ss = sentMixes{builtin.CurrentSentMix()}
	}
	if len(ds) == 0 {
		ds = dmixes{{}}
	}
	var vs []variant
	for _, m := range ms {
		for _, sm := range ss {
			for _, d := range ds {
				vs = append(vs, variant{m, sm, d})
			}
		}
	}
	all, err := datasets.ReadJSONL[row](*corpus)
	fail(err)
	var folds []fold
	inSet := map[string]bool{}
	for _, g := range strings.Split(*sets, ",") {
		if g = strings.TrimSpace(g); g == "" {
			continue
		}
		files, err := filepath.Glob(g)
		fail(err)
		sort.Strings(files)
		for _, f := range files {
			rs, err := datasets.ReadJSONL[row](f)
			fail(err)
			fd := fold{name: filepath.Base(f), set: true, rows: rs, out: map[string]bool{}}
			for _, r := range rs {
				fd.out[r.Text], inSet[r.Text] = true, true
			}
			folds = append(folds, fd)
		}
	}
	if strings.TrimSpace(*sets) == "" { // the corpus names each row's writer set
		bySet := map[string]*fold{}
		var names []string
		for _, r := range all {
			if r.Set == "" || r.Set == "brief" {
				continue
			}
			fd := bySet[r.Set]
			if fd == nil {
				fd = &fold{name: r.Set, set: true, out: map[string]bool{}}
				bySet[r.Set] = fd
				names = append(names, r.Set)
			}
			fd.rows = append(fd.rows, r)
			fd.out[r.Text], inSet[r.Text] = true, true
		}
		sort.Strings(names)
		for _, n := range names {
			folds = append(folds, *bySet[n])
		}
	}
	if *rest > 0 {
		rf := make([]fold, *rest)
		for k := range rf {
			rf[k] = fold{name: fmt.Sprintf("rest%d", k+1), out: map[string]bool{}}
		}
		i := 0
		for _, r := range all {
			if inSet[r.Text] {
				continue
			}
			k := i % *rest
			rf[k].rows = append(rf[k].rows, r)
			rf[k].out[r.Text] = true
			i++
		}
		folds = append(folds, rf...)
	}
	keep := map[string]bool{}
	for _, v := range strings.Split(*only, ",") {
		if v = strings.TrimSpace(v); v != "" {
			keep[v] = true
		}
	}
	tmp, err := os.MkdirTemp("", "cvcomments")
	fail(err)
	defer os.RemoveAll(tmp)
	if len(hs) > 0 && *trainBin == "" {
		*trainBin = filepath.Join(tmp, "train")
		cmd := exec.Command("go", "build", "-o", *trainBin, "./engine/builtin/cmd/train")
		cmd.Stderr = os.Stderr
		fail(cmd.Run())
	}
	// tallies[mix][group][field]
	conf := map[string]int{}
	first := map[string]string{} // -diff: the first mix's intents per text
	tl := make([]tallies, len(vs))
	for i := range tl {
		tl[i] = tallies{}
	}
	for _, fd := range folds {
		var restores []func()
		if len(hs) > 0 {
			dir, err := trainWithout(*trainBin, tmp, *corpus, strings.Join(trainNames, ","), strings.Fields(*trainFlags), fd.out)
			fail(err)
			for _, x := range hs {
				table, err := os.ReadFile(filepath.Join(dir, heads[x].table))
				fail(err)
				restore, err := builtin.SetLearnedTable(heads[x].table, string(table))
				fail(err)
				restores = append(restores, restore)
			}
		}
		for i, v := range vs {
			old, oldS := builtin.CurrentIntentMix(), builtin.CurrentSentMix()
			builtin.SetIntentMix(v.im)
			builtin.SetSentMix(v.sm)
			restoreD := v.dialect.set()
			for _, r := range fd.rows {
				if len(keep) > 0 && !keep[r.Variety] {
					continue
				}
				ok, got, gotDialect := judge(r)
				if *misses && i == 0 && !fd.set {
					if v, has := ok[*field]; has && !v {
						_, c, _ := builtin.Judge(r)
						fmt.Printf("miss %-9s %-6s label %-7s got %-7s intent %-10s %s\n", r.Variety, fd.name, r.Priority, c.Priority, strings.Join(c.Intent, "+"), r.Text)
					}
				}
				if *diff && i < 2 {
					if i == 0 {
						first[r.Text] = got
					} else if got != first[r.Text] {
						fmt.Printf("diff %-5s %-10s %-22s %-22s %s\n", fd.name, r.Intent, first[r.Text], got, r.Text)
					}
				}
				if *confusion && i == 0 && !fd.set {
					if *field == "dialect" && !ok["dialect"] {
						conf[r.Variety+": "+r.Dialect+" -> "+gotDialect]++
					} else if *field != "dialect" && !ok["intent"] {
						conf[r.Intent+" -> "+got]++
					}
				}
				half := "rest"
				if fd.set {
					half = "sets"
				}
				groups := []string{r.Variety, "total", half}
				if *byHalf {
					groups = append(groups, half+"-"+r.Variety)
				}
				for _, g := range groups {
					for _, f := range []string{*field, "all"} {
						if v, has := ok[f]; has {
							tl[i].bump(g, f, v)
						}
					}
				}
			}
			restoreD()
			builtin.SetIntentMix(old)
			builtin.SetSentMix(oldS)
		}
		for _, restore := range restores {
			restore()
		}
		fmt.Fprintf(os.Stderr, "cvcomments: %s (%d rows) done\n", fd.name, len(fd.rows))
	}
	if *confusion {
		var ks []string
		for k := range conf {
			ks = append(ks, k)
		}
		sort.Slice(ks, func(a, b int) bool { return conf[ks[a]] > conf[ks[b]] })
		for _, k := range ks {
			fmt.Printf("confusion %5d  %s\n", conf[k], k)
		}
	}
	for i, v := range vs {
		m, s := v.im, v.sm
		fmt.Printf("mix %g,%g,%g,%g,%g alone %v,%g,%g,%g zalone %g,%v,%g,%g smix %g,%g,%g,%g,%g,%g,%g dialect %s (%s head refit per fold; %s and every field)\n", m.Mix, m.Base, m.Alone, m.Overrule, m.Weak, m.Gated, m.Sent, m.Margin, m.Cover, m.ArabiziAlone, m.ArabiziGated, m.ArabiziMix, m.LatinWeight,
			s.Ar, s.En, s.Free, s.Latin, s.Mixed, s.Loose, s.FlipEn, v.dialect, *head, *field)
		var groups []string
		for g := range tl[i] {
			groups = append(groups, g)
		}
		sort.Strings(groups)
		for _, g := range groups {
			t := tl[i][g]
			fmt.Printf("  %-10s %s  all %s\n", g, t[*field], t["all"])
		}
	}
}

type fold struct {
	name string
	set  bool
	rows []row
	out  map[string]bool // texts held out of training
}

type tally struct{ right, n int }

func (t *tally) String() string {
	if t == nil || t.n == 0 {
		return "      -        "
	}
	return fmt.Sprintf("%5d/%-5d %5.2f%%", t.right, t.n, 100*float64(t.right)/float64(t.n))
}

type tallies map[string]map[string]*tally

func (ts tallies) bump(g, f string, right bool) {
	if ts[g] == nil {
		ts[g] = map[string]*tally{}
	}
	if ts[g][f] == nil {
		ts[g][f] = &tally{}
	}
	ts[g][f].n++
	if right {
		ts[g][f].right++
	}
}

// judge is TestObviousComments' judgement of a row (builtin.Judge), the
// intents reported and the dialect.
func judge(r row) (map[string]bool, string, string) {
	ok, c, _ := builtin.Judge(r)
	return ok, strings.Join(c.Intent, "+"), c.Dialect
}

// trainWithout trains heads (the trainer's flag names, comma-separated) on
// the corpus rows whose text is not in out and returns the directory of
// their tables.
func trainWithout(bin, tmp, corpus, heads string, extra []string, out map[string]bool) (string, error) {
	src, err := os.ReadFile(corpus)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, line := range strings.Split(string(src), "\n") {
		var r row
		if line == "" || json.Unmarshal([]byte(line), &r) != nil || out[r.Text] {
			continue
		}
		b.WriteString(line + "\n")
	}
	dir := filepath.Join(tmp, "fold")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.Base(corpus)), []byte(b.String()), 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command(bin, append([]string{"-only", heads, "-corpus", dir, "-out", dir}, extra...)...)
	if o, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("train: %v: %s", err, o)
	}
	return dir, nil
}

func fail(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "cvcomments:", err)
		os.Exit(1)
	}
}
