package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestCommentHeadsReproducible: the tables learned from the project's own
// comments (engine/builtin/corpus, in the repository) are what `make
// train-comments` writes from them today, byte for byte. A change to the
// corpus, the features or the transliterator that Arabizi comments are
// read through fails here until the tables are retrained (make
// train-comments) and committed with it.
func TestCommentHeadsReproducible(t *testing.T) {
	out := t.TempDir()
	args, cl := os.Args, flag.CommandLine
	defer func() { os.Args, flag.CommandLine = args, cl }()
	flag.CommandLine = flag.NewFlagSet("train", flag.ExitOnError)
	os.Args = []string{"train", "-only", "intent,intent-latin,dialect,dialect-latin,insult", "-corpus", "../../corpus", "-out", out}
	main()
	for _, name := range []string{"learned_intent.tsv", "learned_intent_latin.tsv", "learned_dialect_comments.tsv", "learned_dialect_latin.tsv", "learned_insult_comments.tsv"} {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("../../data", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what make train-comments writes today: run make train-comments and commit the table", name)
		}
	}
}

// -min-count, -alpha, -char-lo and -char-hi given on the command line
// overrule the dialect head's own (cmd/cvcomments -trainflags): a floor of
// 2 keeps fewer features than the head's own 1, and 3-4-grams are written
// in its features row.
func TestExplicitFlagsOverruleHead(t *testing.T) {
	out := t.TempDir()
	args, cl := os.Args, flag.CommandLine
	defer func() { os.Args, flag.CommandLine = args, cl }()
	flag.CommandLine = flag.NewFlagSet("train", flag.ExitOnError)
	os.Args = []string{"train", "-only", "dialect", "-corpus", "../../corpus", "-out", out, "-min-count", "2", "-char-lo", "3", "-char-hi", "4", "-alpha", "0.5"}
	main()
	got, err := os.ReadFile(filepath.Join(out, "learned_dialect_comments.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := os.ReadFile("../../data/learned_dialect_comments.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if n, m := bytes.Count(got, []byte("\n")), bytes.Count(shipped, []byte("\n")); n >= m {
		t.Errorf("-min-count 2: %d lines, the shipped head (min count 1) %d", n, m)
	}
	for _, want := range []string{"features\twords+pairs+char3-4\n", "add-0.5 smoothing"} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("explicit flags: table lacks %q", want)
		}
	}
}

// -dialect-prior: the licensed dialect corpora (here a made-up shami.jsonl
// of three rows) weigh into the dialect head beside the project's
// comments, named in the header; -prior-min-count lets a word only they
// have join the table, leaning to their class.
func TestDialectPrior(t *testing.T) {
	data, out := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(data, "train"), 0o755); err != nil {
		t.Fatal(err)
	}
	rows := `{"text": "زقزوقة الحلوة عم تغني كل يوم", "label": "levantine"}
{"text": "شفت زقزوقة عم تلعب بالحديقة", "label": "levantine"}
{"text": "زقزوقة نايمة هلق", "label": "levantine"}
`
	if err := os.WriteFile(filepath.Join(data, "train", "shami.jsonl"), []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	args, cl := os.Args, flag.CommandLine
	defer func() { os.Args, flag.CommandLine = args, cl; dialectPrior, priorMinCount, priorNewOnly = 0, 0, false }()
	flag.CommandLine = flag.NewFlagSet("train", flag.ExitOnError)
	os.Args = []string{"train", "-only", "dialect", "-corpus", "../../corpus", "-data", data, "-out", out,
		"-dialect", "comments-dialect,shami", "-dialect-prior", "0.5", "-prior-min-count", "3", "-prior-new-only"}
	main()
	got, err := os.ReadFile(filepath.Join(out, "learned_dialect_comments.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# Source: Shami corpus", "shami.jsonl, 3 rows used", "# Prior: the licensed corpora's counts added at 0.5 x the comments' own per class, to the features the comments lack only"} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("table lacks %q", want)
		}
	}
	var row []byte
	for _, l := range bytes.Split(got, []byte("\n")) {
		if bytes.HasPrefix(l, []byte("زقزوقه\t")) { // folded: ة -> ه
			row = l
		}
	}
	f := bytes.Split(row, []byte("\t"))
	if len(f) != 5 {
		t.Fatalf("no row for the corpora's own word: %q", row)
	}
	lev, _ := strconv.ParseFloat(string(f[3]), 64)
	for _, k := range []int{1, 2, 4} {
		if v, _ := strconv.ParseFloat(string(f[k]), 64); v >= lev {
			t.Errorf("the corpora's word: class %d weighs %g, levantine %g: want levantine ahead", k, v, lev)
		}
	}
}

// -topic-filter (clipTopic): a positive weight stays only for the classes
// whose writer-set rate reaches the factor x the mean rate; a feature the
// writer sets never saw keeps its weights; pooled and per set differ when
// one set's topic carries the feature.
func TestClipTopic(t *testing.T) {
	defer func(f float64) { topicFactor = f }(topicFactor)
	topicFactor = 1
	// pooled: rates 0.10, 0.02, 0.06, 0.06 (mean 0.06): class 1 under it
	lw := []float64{0.5, 0.7, 0.1, -1.3}
	clipTopic(lw, []float64{10, 2, 6, 6}, []float64{100, 100, 100, 100}, 4)
	if want := []float64{0.5, 0, 0.1, -1.3}; fmt.Sprint(lw) != fmt.Sprint(want) {
		t.Errorf("pooled: got %v, want %v", lw, want)
	}
	unseen := []float64{0.5, 0.7, 0.1, -1.3}
	clipTopic(unseen, []float64{0, 0, 0, 0}, []float64{100, 100, 100, 100}, 4)
	if unseen[1] != 0.7 {
		t.Errorf("unseen in the writer sets: got %v, want it unchanged", unseen)
	}
	// two sets of two classes: set 0 (class 0 5/10, class 1 1/10), set 1
	// (0/10, 0/10): per set class 0 0.25 and class 1 0.05 (mean 0.15)
	lw = []float64{0.4, 0.4}
	clipTopic(lw, []float64{5, 1, 0, 0}, []float64{10, 10, 10, 10}, 2)
	if lw[0] != 0.4 || lw[1] != 0 {
		t.Errorf("per set: got %v, want [0.4 0]", lw)
	}
	topicFactor = 0.1 // 0.05 >= 0.1 x 0.15: kept
	lw = []float64{0.4, 0.4}
	clipTopic(lw, []float64{5, 1, 0, 0}, []float64{10, 10, 10, 10}, 2)
	if lw[1] != 0.4 {
		t.Errorf("factor 0.1: got %v, want [0.4 0.4]", lw)
	}
}
