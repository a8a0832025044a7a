// Package stackfit fits the sentiment stackers' layer (engine/builtin
// stack.go, stack_en.go) for cmd/fitmix and cmd/fiten: weighted multinomial
// logistic regression by full-batch gradient descent on standardised
// inputs, deterministic, so that the tools rewrite their tables byte for
// byte.
package stackfit

import (
	"math"

	"svc/engine/builtin"
)

// Fit returns K rows of weights over the inputs of xs (xs[i][0] is the
// constant 1, the bias), fitted to the classes ys with per-example weights
// ws, L2 penalty l2 (not on the bias) and iters steps of rate 0.5. The
// inputs are standardised for the descent (the learned log-odds range far
// wider than the one-hots) and the standardisation is unfolded into the
// returned weights, which apply to raw inputs.
func Fit(xs [][]float64, ys []int, ws []float64, K int, l2 float64, iters int) [][]float64 {
	D := len(xs[0])
	mu, sd := make([]float64, D), make([]float64, D)
	for d := 1; d < D; d++ {
		for _, x := range xs {
			mu[d] += x[d]
		}
		mu[d] /= float64(len(xs))
		for _, x := range xs {
			sd[d] += (x[d] - mu[d]) * (x[d] - mu[d])
		}
		sd[d] = math.Sqrt(sd[d] / float64(len(xs)))
		if sd[d] == 0 {
			sd[d] = 1
		}
	}
	zs := make([][]float64, len(xs))
	for i, x := range xs {
		z := make([]float64, D)
		z[0] = 1
		for d := 1; d < D; d++ {
			z[d] = (x[d] - mu[d]) / sd[d]
		}
		zs[i] = z
	}
	w := make([][]float64, K)
	g := make([][]float64, K)
	for k := range w {
		w[k] = make([]float64, D)
		g[k] = make([]float64, D)
	}
	p := make([]float64, K)
	const lr = 0.5
	for it := 0; it < iters; it++ {
		for k := range g {
			for d := range g[k] {
				g[k][d] = 0
				if d > 0 {
					g[k][d] = l2 * w[k][d]
				}
			}
		}
		for i, x := range zs {
			for k := range p {
				p[k] = Dot(w[k], x)
			}
			builtin.Softmax(p)
			for k := range p {
				y := 0.0
				if k == ys[i] {
					y = 1
				}
				gr := (p[k] - y) * ws[i]
				for d, v := range x {
					g[k][d] += gr * v
				}
			}
		}
		for k := range w {
			for d := range w[k] {
				w[k][d] -= lr * g[k][d]
			}
		}
	}
	for k := range w {
		for d := 1; d < D; d++ {
			w[k][d] /= sd[d]
			w[k][0] -= w[k][d] * mu[d]
		}
	}
	return w
}

// Dot is the dot product of a and b (len(a) terms).
func Dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
