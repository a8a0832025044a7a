package cache

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

func unit(v []float32) []float32 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
	return v
}

func TestProjection(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const d = 1536
	var errSum, errMax float64
	const n = 400
	for i := 0; i < n; i++ {
		a, b := make([]float32, d), make([]float32, d)
		mixw := r.Float64()
		for j := range a {
			a[j] = float32(r.NormFloat64())
			b[j] = float32(mixw)*a[j] + float32(1-mixw)*float32(r.NormFloat64())
		}
		unit(a)
		unit(b)
		pa, pb := make([]float32, Dims), make([]float32, Dims)
		if !project(pa, a) || !project(pb, b) {
			t.Fatal("project failed")
		}
		if got := dot(pa, pa); math.Abs(float64(got)-1) > 1e-5 {
			t.Fatalf("not unit: %v", got)
		}
		e := math.Abs(float64(dot(pa, pb) - dot(a, b)))
		errSum += e
		errMax = max(errMax, e)
	}
	// a JL projection to 128 dimensions: spread about 1/sqrt(128) = 0.09
	if mean := errSum / n; mean > 0.1 || errMax > 0.4 {
		t.Fatalf("cosine distortion mean %.3f max %.3f", mean, errMax)
	}
	t.Logf("cosine distortion %d->%d: mean %.3f, max %.3f", d, Dims, errSum/n, errMax)
	// deterministic, and a zero vector is refused
	a := unit([]float32{1, 2, 3})
	p1, p2 := make([]float32, Dims), make([]float32, Dims)
	project(p1, a)
	project(p2, a)
	for i := range p1 {
		if p1[i] != p2[i] {
			t.Fatal("projection not deterministic")
		}
	}
	if project(p1, make([]float32, 8)) {
		t.Fatal("zero vector projected")
	}
}

func TestRecordVersion2(t *testing.T) {
	key := Key{Account: "a", Op: "classify", Params: "p", Text: "hello world"}
	rec, _ := encodeRecord(key, []byte("value"), 12345)
	vec := make([]float32, Dims)
	for i := range vec {
		vec[i] = float32(i) / 7
	}
	b := withVector(rec, 0xABCDEF, 1536, vec)
	k2, v2, exp, sv, err := decodeEntry(b)
	if err != nil || k2 != key || string(v2) != "value" || exp != 12345 || sv.space != 0xABCDEF || sv.srcDim != 1536 {
		t.Fatalf("%v %+v %q %d %+v", err, k2, v2, exp, sv)
	}
	for i, x := range sv.vector() {
		if x != vec[i] {
			t.Fatal("vector differs")
		}
	}
	_, _, _, sv1, err := decodeEntry(rec)
	if err != nil || sv1.raw != nil {
		t.Fatal("version 1 record")
	}
	if _, _, _, _, err := decodeEntry(b[:20]); err == nil {
		t.Fatal("short version 2 record accepted")
	}
}

// The embedder's bounds: a call ignoring its context is abandoned at
// EmbedTimeout; calls beyond EmbedMaxInFlight are not made; a vector of
// another dimension than the first is refused.
func TestEmbedderBounds(t *testing.T) {
	release := make(chan struct{})
	var mu sync.Mutex
	calls := 0
	dim := 64
	fn := func(ctx context.Context, text string) ([]float32, error) {
		mu.Lock()
		calls++
		d := dim
		mu.Unlock()
		if text == "stuck" {
			<-release // ignores ctx
		}
		v := make([]float32, d)
		v[len(text)%d] = 1
		return v, nil
	}
	c, err := Open(Options{Embedder: fn, EmbedderID: "t", EmbedTimeout: 50 * time.Millisecond, EmbedMaxInFlight: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	v := make([]float32, Dims)
	// The embedder is stuck until release: the call returning at all shows
	// it was abandoned at EmbedTimeout; the minute only bounds a hang (no
	// assertion on elapsed time).
	abandoned := make(chan bool, 1)
	go func() { abandoned <- c.providerVec("stuck", v) }()
	select {
	case ok := <-abandoned:
		if ok {
			t.Fatal("stuck call succeeded")
		}
	case <-time.After(time.Minute):
		t.Fatal("the call waited on the stuck embedder past its timeout")
	}
	// the stuck call still holds the only slot: the next is refused at once
	if c.providerVec("other", v) {
		t.Fatal("call beyond the in-flight bound made")
	}
	close(release)
	deadline := time.Now().Add(time.Minute) // the loop ends once released
	for !c.providerVec("other", v) {
		if time.Now().After(deadline) {
			t.Fatal("slot never released")
		}
		time.Sleep(5 * time.Millisecond)
	}
	mu.Lock()
	dim = 32
	mu.Unlock()
	if c.providerVec("other", v) {
		t.Fatal("vector of another dimension accepted")
	}
	if s := c.Stats(); s.EmbedFallbacks < 3 || s.EmbedCalls < 1 {
		t.Fatalf("%+v", s)
	}
	if _, err := Open(Options{Embedder: fn}); err == nil {
		t.Fatal("Embedder without EmbedderID accepted")
	}
}
