package cache

import (
	"math/rand"
	"testing"

	"github.com/coder/hnsw"
	"svc/cache/internal/pairgen"
	"svc/internal/testcorpus"
)

// loadOrigs samples n originals from the repository's corpus of real
// comments (internal/testcorpus: 3,200 Arabic and English texts); cmd/pairs
// runs the same evaluation on the full data sets.
func loadOrigs(t testing.TB, n int, seed int64) []string {
	origs := pairgen.Sample(testcorpus.Texts(""), n, seed)
	if len(origs) < n {
		t.Fatalf("the corpus gave %d originals, want %d", len(origs), n)
	}
	return origs
}

// TestPairSet: the generated pair set must give 0 false hits and a hit rate
// of at least 0.95 (cmd/pairs runs the bigger version for RESULTS.md).
func TestPairSet(t *testing.T) {
	n := 1500
	if testing.Short() || raceEnabled {
		n = 300
	}
	origs := loadOrigs(t, n, 7)
	res, err := EvalPairs(origs, pairgen.Generate(origs, 7))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("hit rate %.4f (%d/%d), false hits %d/%d", res.HitRate(), res.Hits, res.HitPairs, res.FalseHits, res.MissPairs)
	if res.FalseHits != 0 {
		t.Errorf("false hits: %v", res.ExamplesBad)
	}
	if res.HitRate() < 0.95 {
		t.Errorf("hit rate %.4f < 0.95; missed e.g. %v", res.HitRate(), res.ExamplesFail)
	}
}

// TestHNSWRecall measures recall@1 of the near-duplicate HNSW search (as
// deployed: the package's pointer-free partition graphs, beam SearchK,
// exact-cosine ranking, no backup list) against brute force over the whole
// bucket, on near-duplicate queries (meaning-preserving perturbations of
// stored texts). It also logs the recall of one unpartitioned
// github.com/coder/hnsw v0.6.1 graph (the library it replaced), the figure
// to re-measure if the library is reconsidered.
func TestHNSWRecall(t *testing.T) {
	n := 3000
	if testing.Short() || raceEnabled {
		n = 800
	}
	origs := loadOrigs(t, n, 11)
	c := open(t, Options{MaxEntries: 4 * n})
	c.noBackup = true
	var vecs [][]float32
	for _, o := range origs {
		c.Put(key("r", o), []byte(o))
		if f := analyze(o); f.nearEligible() {
			vecs = append(vecs, embed(f))
		}
	}
	var queries []string
	for _, p := range pairgen.Generate(origs, 11) {
		if p.MustHit && len(queries) < 3*n {
			queries = append(queries, p.Text)
		}
	}
	bucket := bucketKey("r", "classify", "p=1")
	flat := &hnsw.Graph[uint64]{M: 16, Ml: 0.25, EfSearch: SearchK, Distance: cosineDistance, Rng: rand.New(rand.NewSource(1))}
	for i, v := range vecs {
		flat.Add(hnsw.MakeNode(uint64(i), v))
	}
	own := flatGraph(vecs)
	sr := getSearcher()
	defer putSearcher(sr)
	total, good, flatGood, ownGood := 0, 0, 0, 0
	for _, q := range queries {
		f := analyze(q)
		if !f.nearEligible() {
			continue
		}
		qv := embed(f)
		// brute force over every vector of the bucket
		var best float32 = -2
		for _, v := range vecs {
			if d := dot(qv, v); d > best {
				best = d
			}
		}
		total++
		cands := c.searchCandidates(partKeyOf(bucket, f), qv, 0)
		if len(cands) > 0 && cands[0].cos >= best-1e-5 {
			good++
		}
		var fb float32 = -2
		for _, r := range flat.Search(qv, SearchK) {
			if d := dot(qv, r.Value); d > fb {
				fb = d
			}
		}
		if fb >= best-1e-5 {
			flatGood++
		}
		own.search(sr, 0, qv, SearchK, noStop)
		if len(sr.out) > 0 && sr.out[0].sim >= best-1e-5 {
			ownGood++
		}
	}
	recall := float64(good) / float64(total)
	ownRecall := float64(ownGood) / float64(total)
	t.Logf("recall@1 (partitioned, as deployed) = %.4f over %d near-duplicate queries, %d stored; one flat graph of this package: %.4f; one flat coder/hnsw v0.6.1 graph: %.4f",
		recall, total, len(vecs), ownRecall, float64(flatGood)/float64(total))
	if recall < 0.99 {
		t.Fatalf("recall@1 %.4f < 0.99", recall)
	}
	if ownRecall < 0.95 {
		t.Fatalf("recall@1 of one flat graph %.4f < 0.95", ownRecall)
	}
}

// flatGraph builds one unpartitioned graph (partition 0) of this package
// over vecs: the implementation's recall without the partitioning's help.
func flatGraph(vecs [][]float32) *shardGen {
	g := newGeneration(1, len(vecs))
	sg := newShardGen(g)
	sr := getSearcher()
	defer putSearcher(sr)
	var next uint64 = 1
	for _, v := range vecs {
		slot, seq, _ := g.alloc(nil, 0, &next)
		ch := g.chunk(slot)
		copy(ch.vec[int(slot&chunkMask)*Dims:], v)
		ch.level[slot&chunkMask] = levelOf(seq)
		sg.insert(sr, 0, slot)
	}
	return sg
}
