// Command learnweights re-fits the dialect marker weights on the training
// split of arsarcasm-dialect (MIT licence; the only dialect set whose licence
// allows shipping a derived table) and writes engine/dialect/learned/weights.tsv.
//
// Usage (from the module root):
//
//	go run ./engine/dialect/cmd/learnweights [-data ../shared/data] [-out engine/dialect/learned/weights.tsv]
//
// Only rows with dialect.InTrainSplit(text) are used; the rest stay held out
// for `go run ./cmd/quality dialect`. The fit is deterministic.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"svc/engine/dialect"
	"svc/internal/datasets"
)

func main() {
	data := flag.String("data", datasets.DefaultDir, "directory of the labelled dev sets")
	out := flag.String("out", "engine/dialect/learned/weights.tsv", "output file")
	iters := flag.Int("iter", 0, "gradient steps (0: default)")
	l2 := flag.Float64("l2", 0, "pull towards the hand weights (0: default)")
	flag.Parse()
	if err := datasets.Require(*data, datasets.DevFile("arsarcasm-dialect")); err != nil {
		fail(err)
	}
	f, err := os.Open(filepath.Join(*data, "arsarcasm-dialect", "dev.jsonl"))
	if err != nil {
		fail(err)
	}
	defer f.Close()
	var texts, labels []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r struct{ Text, Label string }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			fail(err)
		}
		if dialect.InTrainSplit(r.Text) {
			texts = append(texts, r.Text)
			labels = append(labels, r.Label)
		}
	}
	if err := sc.Err(); err != nil {
		fail(err)
	}
	tsv, rep, err := dialect.LearnWeights(texts, labels, dialect.LearnOptions{Iterations: *iters, L2: *l2})
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(*out, []byte(tsv), 0o644); err != nil {
		fail(err)
	}
	fmt.Fprintln(os.Stderr, "learnweights:", rep)
	fmt.Fprintln(os.Stderr, "learnweights: wrote", *out)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "learnweights:", err)
	os.Exit(1)
}
