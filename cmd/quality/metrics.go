package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// row is one labelled example of a dev set (../shared/data/<set>/dev.jsonl).
type row struct {
	Text       string   `json:"text"`
	Label      string   `json:"label"`
	Lang       string   `json:"lang"`
	Categories []string `json:"categories"`
	Sentiment  string   `json:"sentiment"`
}

// load reads dataDir/<set>/dev.jsonl.
func load(dataDir, set string) ([]row, error) {
	f, err := os.Open(filepath.Join(dataDir, set, "dev.jsonl"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r row
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s: %w", set, err)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// confusion counts (gold, predicted) pairs over a fixed class list.
type confusion struct {
	classes []string
	m       map[[2]string]int
	n       int
}

func newConfusion(classes ...string) *confusion {
	return &confusion{classes: classes, m: map[[2]string]int{}}
}

func (c *confusion) add(gold, pred string) { c.m[[2]string{gold, pred}]++; c.n++ }

func (c *confusion) accuracy() float64 {
	ok := 0
	for _, k := range c.classes {
		ok += c.m[[2]string{k, k}]
	}
	return ratio(ok, c.n)
}

// prf returns precision, recall and F1 of class k (predictions outside the
// class list count as wrong for every class).
func (c *confusion) prf(k string) (p, r, f float64) {
	tp, predK, goldK := c.m[[2]string{k, k}], 0, 0
	for key, v := range c.m {
		if key[1] == k {
			predK += v
		}
		if key[0] == k {
			goldK += v
		}
	}
	p, r = ratio(tp, predK), ratio(tp, goldK)
	if p+r > 0 {
		f = 2 * p * r / (p + r)
	}
	return
}

func (c *confusion) macroF1() float64 {
	s := 0.0
	for _, k := range c.classes {
		_, _, f := c.prf(k)
		s += f
	}
	return s / float64(len(c.classes))
}

// markdown renders per-class precision/recall/F1 and the confusion matrix.
func (c *confusion) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "n = %d, accuracy **%.4f**, macro-F1 **%.4f**\n\n", c.n, c.accuracy(), c.macroF1())
	b.WriteString("| class | precision | recall | F1 | support |\n|---|---|---|---|---|\n")
	for _, k := range c.classes {
		p, r, f := c.prf(k)
		sup := 0
		for key, v := range c.m {
			if key[0] == k {
				sup += v
			}
		}
		fmt.Fprintf(&b, "| %s | %.3f | %.3f | %.3f | %d |\n", k, p, r, f, sup)
	}
	b.WriteString("\nconfusion (rows gold, columns predicted):\n\n| gold \\ pred |")
	preds := append([]string{}, c.classes...)
	for key := range c.m {
		if !contains(preds, key[1]) {
			preds = append(preds, key[1])
		}
	}
	for _, p := range preds {
		b.WriteString(" " + p + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(preds)) + "\n")
	for _, g := range c.classes {
		b.WriteString("| " + g + " |")
		for _, p := range preds {
			fmt.Fprintf(&b, " %d |", c.m[[2]string{g, p}])
		}
		b.WriteString("\n")
	}
	return b.String()
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
