// Command adapt measures what an account's feedback teaches the built-in
// engine: it simulates a customer who classifies a stream of comments from a
// labelled dev set and sends feedback on each (rating correct when the
// answer was right, else incorrect with the right label), and reports the
// macro-F1 on the part of the set the account never sent, after 0, 100,
// 300, 1,000, 1,200, 1,500 and 3,000 corrections (fewer when the stream is
// shorter), for two customers: one who rates every answer (on two splits of
// each set), one who corrects wrong answers only. It writes
// docs/quality/adapt.md and docs/quality/adapt.png.
//
// Usage: adapt [-data DIR] [-out DIR]
//
// The splits are fixed: a comment is unseen when the FNV hash of its text
// (after a seed, for the second split) falls in the last 40% of the hash
// space; the stream is the rest, in hash order. The answers go through engine.Classify (built-in) and
// engine.ApplyEvidence with an evidence.Model built from the stream's
// feedback, as a classify on the API does.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"svc/internal/datasets"
	"svc/internal/scoring"

	"svc/engine"
	"svc/engine/evidence"
	"svc/engine/op"
)

type row struct {
	Text  string `json:"text"`
	Label string `json:"label"`
}

// set is one measured dev set: its head (sentiment, or one intent against
// the rest) and the classes its macro-F1 averages over.
type set struct {
	name    string
	head    string // "sentiment" or an intent
	classes []string
}

var sets = []set{
	{"arsas-sentiment", "sentiment", []string{"positive", "negative", "neutral", "mixed"}},
	{"astd-sentiment", "sentiment", []string{"positive", "negative", "neutral", "mixed"}},
	{"tweeteval-sentiment", "sentiment", []string{"positive", "negative", "neutral"}},
	{"complaints-intent", "complaint", []string{"complaint", "not_complaint"}},
	{"suggestions-intent", "suggestion", []string{"suggestion", "not_suggestion"}},
}

// steps are the numbers of feedback the curve reports.
var steps = []int{0, 100, 300, 1000, 1200, 1500, 3000}

func main() {
	dataDir := flag.String("data", "../shared/data", "directory of the labelled dev sets (see its README.md)")
	outDir := flag.String("out", "docs/quality", "directory adapt.md and adapt.png are written to")
	only := flag.String("sets", "", "comma-separated set names to run (default: all)")
	flag.Parse()
	if _, err := os.Stat(filepath.Join(*dataDir, "arsas-sentiment", "dev.jsonl")); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(os.Stderr, "adapt: no dev sets under %s: get the shared data directory (../shared/data next to the repository, with arsas-sentiment/dev.jsonl etc., see docs/quality.md) and pass it with -data\n", *dataDir)
		os.Exit(2)
	}
	e, err := engine.New(engine.Config{})
	if err != nil {
		fail(err)
	}
	var curves []curve
	for _, s := range sets {
		if *only != "" && !strings.Contains(","+*only+",", ","+s.name+",") {
			continue
		}
		rows, err := load(*dataDir, s.name)
		if err != nil {
			fail(err)
		}
		start := time.Now()
		for _, mode := range modes {
			c, err := run(e, s, rows, mode)
			if err != nil {
				fail(err)
			}
			curves = append(curves, c)
			fmt.Fprintf(os.Stderr, "adapt: %s %s: %s (%v)\n", s.name, mode, c.line(), time.Since(start).Round(time.Millisecond))
		}
	}
	if len(curves) == 0 {
		fail(fmt.Errorf("no set named in -sets %q", *only))
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(*outDir, "adapt.md"), []byte(markdown(curves)), 0o644); err != nil {
		fail(err)
	}
	if err := plotCurves(curves, filepath.Join(*outDir, "adapt.png")); err != nil {
		fail(err)
	}
	fmt.Fprintf(os.Stderr, "adapt: wrote %s and %s\n", filepath.Join(*outDir, "adapt.md"), filepath.Join(*outDir, "adapt.png"))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "adapt:", err)
	os.Exit(1)
}

func load(dataDir, name string) ([]row, error) {
	rows, err := datasets.ReadJSONL[row](filepath.Join(dataDir, datasets.DevFile(name)))
	if err != nil {
		return nil, fmt.Errorf("%w (get the shared data directory and pass it with -data)", err)
	}
	return rows, nil
}

// curve is one set's macro-F1 after each step (steps beyond the stream are
// left out).
type curve struct {
	set     set
	mode    string
	stream  int
	unseen  int
	n       []int
	f1      []float64
	changed []int // unseen answers the evidence changed
}

func (c curve) line() string {
	var b strings.Builder
	for i := range c.n {
		fmt.Fprintf(&b, "%d:%.3f ", c.n[i], c.f1[i])
	}
	return strings.TrimSpace(b.String())
}

type item struct {
	text, gold string
	res        op.Classification
}

// modes are the simulated customers (see feedback); splitMode is "all"
// on a second split of the set (texts hashed with a seed), to check that
// what helps on one split is not an accident of it.
var modes = []string{"all", splitMode, "wrong-only"}

const splitMode = "all, split 2"

// hashText orders and splits a set: FNV-1a of the text, after the seed's
// bytes when seed is not empty.
func hashText(seed, s string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(seed))
	h.Write([]byte(s))
	return h.Sum32()
}

// run builds the stream and the unseen part, classifies both once, and
// measures the unseen part with the feedback of the stream's first n.
func run(e *engine.Engine, s set, rows []row, mode string) (curve, error) {
	seed := ""
	if mode == splitMode {
		seed = "split2\x00"
	}
	sort.SliceStable(rows, func(i, j int) bool { return hashText(seed, rows[i].Text) < hashText(seed, rows[j].Text) })
	var stream, unseen []item
	for _, r := range rows {
		it := item{text: r.Text, gold: r.Label}
		res, err := e.Classify(context.Background(), op.ClassifyRequest{Text: r.Text}, "")
		if err != nil {
			return curve{}, err
		}
		it.res = res
		if hashText(seed, r.Text) >= unseenFrom {
			unseen = append(unseen, it)
		} else {
			stream = append(stream, it)
		}
	}
	c := curve{set: s, mode: mode, stream: len(stream), unseen: len(unseen)}
	for _, n := range steps {
		if n > len(stream) {
			break
		}
		var exs []evidence.Example
		for i, it := range stream[:n] {
			if ex, ok := feedback(s, it, mode); ok {
				ex.Key, ex.ID = fmt.Sprintf("cls_%06d", i), fmt.Sprintf("fb_%06d", i)
				ex.At = time.Unix(int64(i), 0)
				exs = append(exs, ex)
			}
		}
		m := evidence.Build(exs)
		conf := scoring.New(s.classes...)
		changed := 0
		for _, it := range unseen {
			res := it.res
			if engine.ApplyEvidence(op.ClassifyRequest{Text: it.text}, &res, m) {
				changed++
			}
			conf.Add(it.gold, predicted(s, res))
		}
		c.n = append(c.n, n)
		c.f1 = append(c.f1, conf.MacroF1())
		c.changed = append(c.changed, changed)
	}
	return c, nil
}

// predicted maps a classification to the set's label.
func predicted(s set, c op.Classification) string {
	if s.head == "sentiment" {
		return c.Sentiment
	}
	if op.In(s.head, c.Intent) {
		return s.head
	}
	return "not_" + s.head
}

// feedback is what the simulated customer sends for one streamed comment:
// in mode "all" a confirmation (rating correct: the answer's labels) when
// the answer was right and a correction when wrong; in "wrong-only" the
// corrections alone. An intent correction adds the missing intent, or
// removes the wrong one (leaving "other" when nothing remains).
func feedback(s set, it item, mode string) (evidence.Example, bool) {
	right := predicted(s, it.res) == it.gold
	if right && mode == "wrong-only" {
		return evidence.Example{}, false
	}
	ex := evidence.Example{Text: it.text, GivenIntents: it.res.Intent, GivenSentiment: it.res.Sentiment, GivenScores: engine.ScoreTokens(it.res.SentimentScores)}
	if s.head == "sentiment" {
		ex.Sentiment = it.gold
		if right {
			ex.Intents = it.res.Intent
		}
		return ex, true
	}
	if right {
		ex.Intents, ex.Sentiment = it.res.Intent, it.res.Sentiment
		return ex, true
	}
	if it.gold == s.head {
		ex.Intents = append([]string{s.head}, it.res.Intent...)
	} else {
		for _, in := range it.res.Intent {
			if in != s.head {
				ex.Intents = append(ex.Intents, in)
			}
		}
		if len(ex.Intents) == 0 {
			ex.Intents = []string{"other"}
		}
	}
	return ex, true
}

// unseenFrom: texts whose hash is at least this (the last 40% of the hash
// space) are never sent as feedback.
const unseenFrom uint32 = 6 * (1 << 32 / 10)
