package cache

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
	"time"
)

// Provider embeddings (Options.Embedder). The near-duplicate index keeps its
// layout (Dims float32 per entry in the chunk slabs, pointer-free graphs);
// only the vector's source changes: the provider's vector of the entry's
// folded text, projected to Dims by a fixed, seeded sparse random projection
// and L2-normalised. The exact index, the core-skeleton prefilter, the
// partitions and every guard are unchanged: the embedding only proposes
// candidates, the guards decide. See README.md ("Provider embeddings").

const (
	// ProviderThreshold is the cosine pre-check for projected provider
	// vectors (NearThreshold is the n-gram embedder's): -1, i.e. none.
	// Measured with the pair tool against mockllm's embeddings, the
	// guard-accepted must-hit pairs reach cosine 0.014 (seed 2), 0.020
	// (seed 3), 0.101 (seed 1) over 4,000 originals and -0.158 over 20,000
	// (seed 4), p0.1 about 0.43: a provider embeds the punctuation, emoji
	// and interjections the guards ignore. Every positive threshold only
	// lost hits (seed 1: 0.5 -35, 0.3 -10, 0.2 -3) and none removed a false
	// hit (0 at any threshold): the core-key check and the guards decide,
	// the vector only ranks the candidates of the query's partition.
	ProviderThreshold = -1

	// DefaultEmbedTimeout bounds one provider embedding call of the cache.
	DefaultEmbedTimeout = 200 * time.Millisecond
	// DefaultEmbedMaxInFlight bounds the cache's concurrent embedding calls;
	// a call that finds them all busy is not made (counted as a fallback).
	DefaultEmbedMaxInFlight = 64

	// projSeed fixes the projection. Changing it (or projNNZ, or Dims)
	// changes the vector space: the space identifier stored with each
	// persisted vector includes them, so stored vectors of another
	// projection are never mixed in.
	projSeed = 0x9E6C63D0676A9A99
	// projNNZ: non-zero entries (+1 or -1) per input coordinate.
	projNNZ = 4
)

// The projection takes 7 bits of output index per non-zero entry.
var _ = [1]int{}[128-Dims]

// project writes the projection of src (any length) into dst (len Dims) and
// L2-normalises it: dst = R·src / |R·src| where R is the Dims × len(src)
// matrix whose column i holds projNNZ entries ±1 at rows and signs drawn
// from one 64-bit hash of (projSeed, i), a sparse Johnson-Lindenstrauss
// (count-sketch) projection: inner products are preserved in expectation,
// with a spread of about 1/sqrt(Dims) per pair for dense unit inputs. It
// reports false when the result is zero or not finite.
func project(dst, src []float32) bool {
	clear(dst)
	for i, x := range src {
		h := mix(projSeed + uint64(i)*0x9E3779B97F4A7C15)
		for r := 0; r < projNNZ; r++ {
			b := h >> (8 * r)
			j := b & 0x7f
			if b&0x80 != 0 {
				dst[j] -= x
			} else {
				dst[j] += x
			}
		}
	}
	var s float64
	for _, x := range dst {
		s += float64(x) * float64(x)
	}
	if s == 0 || math.IsInf(s, 0) || math.IsNaN(s) {
		return false
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range dst {
		dst[i] *= inv
	}
	return true
}

// pembedder is the cache's side of Options.Embedder.
type pembedder struct {
	fn      func(ctx context.Context, text string) ([]float32, error)
	space   uint64 // vector space: EmbedderID, Dims, projection
	timeout time.Duration
	slots   chan struct{}
	// srcDim is the provider's vector length, fixed by the first vector seen
	// (loaded or embedded): a vector of another length is another space and
	// is refused (fallback) rather than mixed into the graphs.
	srcDim atomic.Uint32
}

func newPembedder(o Options) *pembedder {
	return &pembedder{
		fn:      o.Embedder,
		space:   spaceOf(o.EmbedderID),
		timeout: o.EmbedTimeout,
		slots:   make(chan struct{}, o.EmbedMaxInFlight),
	}
}

// spaceOf identifies the vector space of embedder id (never 0).
func spaceOf(id string) uint64 {
	h := mix(fnv(id) ^ uint64(Dims)<<32 ^ projNNZ)
	h = mix(h ^ projSeed)
	if h == 0 {
		h = 1
	}
	return h
}

// pinDim fixes the source dimension at n if none is fixed yet and reports
// whether n is the fixed one.
func (pe *pembedder) pinDim(n int) bool {
	if n <= 0 || uint64(n) > math.MaxUint32 {
		return false
	}
	if pe.srcDim.CompareAndSwap(0, uint32(n)) {
		return true
	}
	return pe.srcDim.Load() == uint32(n)
}

var errEmbedBusy = errors.New("cache: embedder in-flight limit reached")

// providerVec embeds text with the provider and projects it into dst. Bounded:
// at most EmbedMaxInFlight calls at a time (none waits for a slot), each
// abandoned after EmbedTimeout even if the embedder ignores its context (the
// call then finishes on its own goroutine, still holding its slot). Every
// failure is counted in Stats.EmbedFallbacks and reported as false.
func (c *Cache) providerVec(text string, dst []float32) bool {
	pe := c.pe
	select {
	case pe.slots <- struct{}{}:
	default:
		c.embedFallbacks.Add(1)
		return false
	}
	type result struct {
		v   []float32
		err error
	}
	ctx, cancel := context.WithTimeout(context.Background(), pe.timeout)
	defer cancel()
	done := make(chan result, 1)
	go func() {
		defer func() { <-pe.slots }()
		v, err := pe.fn(ctx, text)
		done <- result{v, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		r.err = ctx.Err()
	}
	if r.err != nil || !pe.pinDim(len(r.v)) || !project(dst, r.v) {
		c.embedFallbacks.Add(1)
		return false
	}
	c.embedCalls.Add(1)
	return true
}

// probe vector states (Probe.pstate): what the lookup learnt from the
// provider embedder for the Put after it.
const (
	pvNone   uint8 = iota // not asked (n-gram mode, or a proven miss)
	pvOK                  // Probe.pvec holds the projected vector
	pvFailed              // the call failed: the Put stores no graph node
)
