package cache

import (
	"math/rand"
	"testing"

	"github.com/coder/hnsw"
	"svc/cache/internal/pairgen"
)

func loadOrigs(t testing.TB, n int, seed int64) []string {
	texts, err := pairgen.LoadTexts(pairgen.DefaultDataDir, "dev.jsonl")
	if err != nil {
		t.Skipf("datasets not available: %v", err)
	}
	return pairgen.Sample(texts, n, seed)
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
// deployed: partition graphs, k = SearchK, exact-cosine re-rank, no backup
// list) against brute force over the whole bucket, on near-duplicate queries
// (meaning-preserving perturbations of stored texts). It also logs the recall
// of one unpartitioned coder/hnsw graph, the figure to re-measure when the
// library is upgraded.
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
	flat := &hnsw.Graph[uint64]{M: graphM, Ml: 0.25, EfSearch: SearchK, Distance: cosineDistance, Rng: rand.New(rand.NewSource(1))}
	for i, v := range vecs {
		flat.Add(hnsw.MakeNode(uint64(i), v))
	}
	total, good, flatGood := 0, 0, 0
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
		c.mu.RLock()
		cands := c.candidates(partKeyOf(bucket, f), qv, 0)
		c.mu.RUnlock()
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
	}
	recall := float64(good) / float64(total)
	t.Logf("recall@1 (partitioned, as deployed) = %.4f over %d near-duplicate queries, %d stored; one flat coder/hnsw graph: %.4f",
		recall, total, len(vecs), float64(flatGood)/float64(total))
	if recall < 0.99 {
		t.Fatalf("recall@1 %.4f < 0.99", recall)
	}
}
