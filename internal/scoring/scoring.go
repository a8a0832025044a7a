// Package scoring holds the accuracy measures the measuring tools share
// (cmd/quality, cmd/adapt, engine/builtin/cmd/fitmix): a confusion matrix
// with accuracy, per-class precision, recall and F1, macro-F1 and its
// Markdown table, so that every figure in docs/quality is computed one way.
package scoring

import (
	"fmt"
	"strings"
)

// Confusion counts (gold, predicted) pairs over a fixed class list. The
// zero value is not usable: make one with New.
type Confusion struct {
	classes []string
	m       map[[2]string]int
	n       int
}

// New returns an empty confusion over classes.
func New(classes ...string) *Confusion {
	return &Confusion{classes: classes, m: map[[2]string]int{}}
}

// Add counts one prediction.
func (c *Confusion) Add(gold, pred string) { c.m[[2]string{gold, pred}]++; c.n++ }

// N is the number of predictions counted.
func (c *Confusion) N() int { return c.n }

// Accuracy is the share of predictions equal to the gold label.
func (c *Confusion) Accuracy() float64 {
	ok := 0
	for _, k := range c.classes {
		ok += c.m[[2]string{k, k}]
	}
	return ratio(ok, c.n)
}

// PRF returns precision, recall and F1 of class k (predictions outside the
// class list count as wrong for every class).
func (c *Confusion) PRF(k string) (p, r, f float64) {
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

// MacroF1 is the mean F1 over the class list (a prediction outside it
// counts as wrong for every class).
func (c *Confusion) MacroF1() float64 {
	s := 0.0
	for _, k := range c.classes {
		_, _, f := c.PRF(k)
		s += f
	}
	return s / float64(len(c.classes))
}

// Markdown renders per-class precision/recall/F1 and the confusion matrix.
func (c *Confusion) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "n = %d, accuracy **%.4f**, macro-F1 **%.4f**\n\n", c.n, c.Accuracy(), c.MacroF1())
	b.WriteString("| class | precision | recall | F1 | support |\n|---|---|---|---|---|\n")
	for _, k := range c.classes {
		p, r, f := c.PRF(k)
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
