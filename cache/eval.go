package cache

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"svc/cache/internal/pairgen"
	"svc/engine/textnorm"
)

// EvalKind is the outcome for one kind of pair.
type EvalKind struct {
	Kind    string
	MustHit bool
	Pairs   int
	Hits    int // must-hit: correct hits; must-miss: false hits
	Wrong   int // must-hit pairs answered from a different, non-equivalent original (false hits)
}

// EvalResult is the outcome of EvalPairs.
type EvalResult struct {
	Originals    int
	HitPairs     int
	Hits         int
	MissPairs    int
	FalseHits    int // must-miss pairs that hit + must-hit pairs answered by a wrong original
	Kinds        []EvalKind
	HitCos       []float32 // cosine(query, original) of must-hit pairs, sorted
	AcceptCos    []float32 // the same, restricted to pairs the guards accept, sorted
	Threshold    float32
	ExamplesFail []string // a few must-hit pairs that missed
	ExamplesBad  []string // every false hit
	// provider embedder: calls made and failed (Stats)
	EmbedCalls, EmbedFallbacks uint64
}

func (r EvalResult) HitRate() float64 {
	if r.HitPairs == 0 {
		return 0
	}
	return float64(r.Hits) / float64(r.HitPairs)
}

func (r EvalResult) FalseHitRate() float64 {
	if r.MissPairs == 0 {
		return 0
	}
	return float64(r.FalseHits) / float64(r.MissPairs)
}

// EvalPairs stores every original in a fresh memory cache (one account, one
// operation: the worst case for distractors) and queries every pair. Used by
// cmd/pairs and the tests; not part of the serving path.
func EvalPairs(origs []string, pairs []pairgen.Pair) (EvalResult, error) {
	return EvalPairsThreshold(origs, pairs, NearThreshold)
}

// EvalPairsThreshold is EvalPairs with another cosine pre-check threshold
// (to show that the guards, not the threshold, keep false hits at 0).
func EvalPairsThreshold(origs []string, pairs []pairgen.Pair, threshold float32) (EvalResult, error) {
	return EvalPairsOptions(origs, pairs, EvalOptions{Threshold: threshold})
}

// EvalOptions selects the embedder and threshold of EvalPairsOptions.
type EvalOptions struct {
	// Threshold is the cosine pre-check; below -1 = the mode's default
	// (NearThreshold, or ProviderThreshold with an Embedder).
	Threshold float32
	// Embedder and EmbedderID as in Options (nil = the n-gram embedder).
	Embedder   func(ctx context.Context, text string) ([]float32, error)
	EmbedderID string
	// EmbedTimeout per call (default 2s: the evaluation is not latency-bound).
	EmbedTimeout time.Duration
}

// EvalPairsOptions is EvalPairs with the given embedder and threshold. With
// a provider embedder the cosines reported are those of the projected
// provider vectors (one call per distinct text).
func EvalPairsOptions(origs []string, pairs []pairgen.Pair, o EvalOptions) (EvalResult, error) {
	if o.EmbedTimeout <= 0 {
		o.EmbedTimeout = 2 * time.Second
	}
	c, err := Open(Options{MaxEntries: 4*len(origs) + 16, Embedder: o.Embedder, EmbedderID: o.EmbedderID, EmbedTimeout: o.EmbedTimeout})
	if err != nil {
		return EvalResult{}, err
	}
	defer c.Close()
	if o.Threshold >= -1 {
		c.threshold = o.Threshold
	}
	threshold := c.threshold
	memo := map[string][]float32{}
	vecOf := func(f *features) []float32 {
		if c.pe == nil {
			return embed(f)
		}
		if v, ok := memo[f.folded]; ok {
			return v
		}
		v := make([]float32, Dims)
		if !c.providerVec(f.folded, v) {
			v = nil
		}
		memo[f.folded] = v
		return v
	}
	res := EvalResult{Originals: len(origs), Threshold: threshold}
	for i, t := range origs {
		c.Put(Key{Account: "eval", Op: "classify", Text: t}, []byte(strconv.Itoa(i)))
	}
	kinds := map[string]*EvalKind{}
	for _, p := range pairs {
		k := kinds[p.Kind]
		if k == nil {
			k = &EvalKind{Kind: p.Kind, MustHit: p.MustHit}
			kinds[p.Kind] = k
		}
		k.Pairs++
		v, hit := c.Get(Key{Account: "eval", Op: "classify", Text: p.Text})
		j := -1
		if hit {
			j, _ = strconv.Atoi(string(v))
		}
		if p.MustHit {
			res.HitPairs++
			qf, of := analyze(p.Text), analyze(origs[p.Orig])
			if of.nearEligible() && (c.pe == nil || qf.nearEligible()) {
				var cos float32 // a failed provider call counts as 0
				if qv, ov := vecOf(qf), vecOf(of); qv != nil && ov != nil {
					cos = dot(qv, ov)
				}
				res.HitCos = append(res.HitCos, cos)
				if guard(qf, of) {
					res.AcceptCos = append(res.AcceptCos, cos)
				}
			}
			switch {
			case hit && (j == p.Orig || textnorm.Fold(origs[j]) == textnorm.Fold(origs[p.Orig]) || guard(of, analyze(origs[j]))):
				res.Hits++
				k.Hits++
			case hit:
				res.FalseHits++
				k.Wrong++
				res.ExamplesBad = append(res.ExamplesBad, fmt.Sprintf("%s: %q answered by %q", p.Kind, p.Text, origs[j]))
			default:
				if len(res.ExamplesFail) < 40 {
					res.ExamplesFail = append(res.ExamplesFail, fmt.Sprintf("%s: %q missed %q", p.Kind, p.Text, origs[p.Orig]))
				}
			}
			continue
		}
		res.MissPairs++
		// A hit is legitimate only if the edit happens to reproduce another
		// original exactly (after textnorm.Fold).
		if hit && textnorm.Fold(origs[j]) != textnorm.Fold(p.Text) {
			res.FalseHits++
			k.Hits++
			res.ExamplesBad = append(res.ExamplesBad, fmt.Sprintf("%s: %q answered by %q", p.Kind, p.Text, origs[j]))
		}
	}
	for _, k := range kinds {
		res.Kinds = append(res.Kinds, *k)
	}
	sort.Slice(res.Kinds, func(a, b int) bool {
		if res.Kinds[a].MustHit != res.Kinds[b].MustHit {
			return res.Kinds[a].MustHit
		}
		return res.Kinds[a].Kind < res.Kinds[b].Kind
	})
	st := c.Stats()
	res.EmbedCalls, res.EmbedFallbacks = st.EmbedCalls, st.EmbedFallbacks
	sort.Slice(res.HitCos, func(a, b int) bool { return res.HitCos[a] < res.HitCos[b] })
	sort.Slice(res.AcceptCos, func(a, b int) bool { return res.AcceptCos[a] < res.AcceptCos[b] })
	return res, nil
}

// WriteMarkdown prints the result as the RESULTS.md tables.
func (r EvalResult) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "| originals | must-hit pairs | hits | hit rate | must-miss pairs | false hits | false-hit rate |\n|---|---|---|---|---|---|---|\n")
	fmt.Fprintf(w, "| %d | %d | %d | %.4f | %d | %d | %.4f |\n\n", r.Originals, r.HitPairs, r.Hits, r.HitRate(), r.MissPairs, r.FalseHits, r.FalseHitRate())
	fmt.Fprintf(w, "| kind | must | pairs | hits | rate |\n|---|---|---|---|---|\n")
	for _, k := range r.Kinds {
		must := "miss"
		if k.MustHit {
			must = "hit"
		}
		h := k.Hits + k.Wrong
		fmt.Fprintf(w, "| %s | %s | %d | %d | %.4f |\n", k.Kind, must, k.Pairs, h, float64(h)/float64(max(k.Pairs, 1)))
	}
	if n := len(r.HitCos); n > 0 {
		q := func(p float64) float32 { return r.HitCos[int(p*float64(n-1))] }
		fmt.Fprintf(w, "\nCosine(query, original) over must-hit pairs: min %.3f, p1 %.3f, p5 %.3f, median %.3f (threshold %.2f).\n",
			r.HitCos[0], q(0.01), q(0.05), q(0.5), r.Threshold)
	}
	if n := len(r.AcceptCos); n > 0 {
		q := func(p float64) float32 { return r.AcceptCos[int(p*float64(n-1))] }
		fmt.Fprintf(w, "Cosine over the %d must-hit pairs the guards accept: min %.3f, p0.1 %.3f, p1 %.3f, median %.3f.\n",
			n, r.AcceptCos[0], q(0.001), q(0.01), q(0.5))
	}
	if r.EmbedCalls+r.EmbedFallbacks > 0 {
		fmt.Fprintf(w, "Provider embedder: %d calls, %d fallbacks.\n", r.EmbedCalls, r.EmbedFallbacks)
	}
	if len(r.ExamplesBad) > 0 {
		fmt.Fprintf(w, "\nFalse hits:\n")
		for _, e := range r.ExamplesBad {
			fmt.Fprintf(w, "- %s\n", strings.ReplaceAll(e, "\n", " "))
		}
	}
}
