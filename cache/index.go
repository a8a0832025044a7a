package cache

import (
	"hash/maphash"
	"math/rand"
	"slices"
	"sync/atomic"

	"github.com/coder/hnsw"
)

// Near-duplicate search parameters (see README.md for how they were chosen).
const (
	// NearThreshold is the minimum exact cosine between the query embedding
	// and a candidate's before the guards are consulted. It is a cheap
	// pre-check, not the safety mechanism: chosen below the minimum cosine of
	// every guard-accepted must-hit pair measured (0.577 over 20,000
	// originals, 0.696 over 3 x 4,000) with margin; the pair set shows 0
	// false hits even at 0.
	NearThreshold = 0.4
	// SearchK is the k asked of coder/hnsw: v0.6.1 bounds its layer-0 beam
	// by k (EfSearch is ignored there), so k is the beam width.
	SearchK = 64
	// graphM is the HNSW neighbour count.
	graphM = 16
	// efSearch bounds coder/hnsw's candidate heap (its beam is k, not this).
	efSearch = 32

	// entryOverhead approximates the per-entry bytes beyond the strings,
	// the value and the vector (entry struct, map slots, HNSW node and
	// neighbour map); measured by BenchmarkMemoryPerEntry.
	entryOverhead = 1050
)

type entry struct {
	seq      uint64
	exactKey uint64 // key in Cache.exact
	verify   uint64 // second, independent hash of the exact key
	bucket   uint64 // (scope account, op, params)
	coreKey  uint64 // (bucket, core skeleton) in Cache.core; 0 = not near-eligible
	part     uint64 // HNSW partition: (bucket, first and last non-stopword token)
	fkey     uint64 // key in Cache.forget
	expires  int64  // unix nanoseconds
	account  string
	op       string
	params   string
	text     string // raw text, as given
	value    []byte
	vec      []float32 // nil when not near-eligible
	gen      *generation
	dead     bool
	// feat caches the analysis of text once the entry has been a near-hit
	// candidate (hot entries only; set under the read lock, hence atomic).
	feat atomic.Pointer[features]
}

func (e *entry) features() *features {
	if f := e.feat.Load(); f != nil {
		return f
	}
	f := analyze(e.text)
	e.feat.Store(f)
	return f
}

func (e *entry) size() int64 {
	return int64(len(e.account)+len(e.op)+len(e.params)+len(e.text)+len(e.value)+4*len(e.vec)) + entryOverhead
}

// generation: a batch of consecutive entries with their own HNSW graphs, one
// per bucket. A generation is dropped whole, so no graph ever sees Delete.
type generation struct {
	start      uint64 // first seq of the generation
	n          int
	maxExpires int64 // latest expiry of its entries
	graphs     map[uint64]*hnsw.Graph[uint64]
	bySeq      map[uint64]*entry
}

func newGeneration(start uint64) *generation {
	return &generation{start: start, graphs: make(map[uint64]*hnsw.Graph[uint64]), bySeq: make(map[uint64]*entry)}
}

func (g *generation) add(e *entry) {
	g.bySeq[e.seq] = e
	g.n++
	g.maxExpires = max(g.maxExpires, e.expires)
	e.gen = g
	if e.vec == nil {
		return
	}
	gr := g.graphs[e.part]
	if gr == nil {
		gr = &hnsw.Graph[uint64]{
			M:        graphM,
			Ml:       0.25,
			EfSearch: efSearch,
			Distance: cosineDistance,
			Rng:      rand.New(&splitmix{e.part ^ g.start}), // 8-byte state: rand.NewSource costs 4.9 KB per graph
		}
		g.graphs[e.part] = gr
	}
	gr.Add(hnsw.MakeNode(e.seq, e.vec))
}

// ---- keys ----

var seedA, seedB = maphash.MakeSeed(), maphash.MakeSeed()

func writeStrs(h *maphash.Hash, parts ...string) {
	for _, p := range parts {
		h.WriteString(p)
		h.WriteByte(0xff) // separator byte never found in UTF-8
	}
}

// exactKeys hashes (scope account, op, params, folded text, raw-case URLs,
// mentions)
// twice with independent seeds: 128 bits, so a collision is negligible
// without keeping the folded text in memory.
func exactKeys(acct, op, params, folded string, urls, mentions []string) (uint64, uint64) {
	var a, b maphash.Hash
	a.SetSeed(seedA)
	b.SetSeed(seedB)
	writeStrs(&a, acct, op, params, folded)
	writeStrs(&b, acct, op, params, folded)
	writeStrs(&a, urls...)
	writeStrs(&b, urls...)
	a.WriteByte('m')
	b.WriteByte('m')
	writeStrs(&a, mentions...)
	writeStrs(&b, mentions...)
	return a.Sum64(), b.Sum64()
}

func bucketKey(acct, op, params string) uint64 {
	var h maphash.Hash
	h.SetSeed(seedA)
	h.WriteByte('b')
	writeStrs(&h, acct, op, params)
	return h.Sum64()
}

func coreKeyOf(bucket, core uint64) uint64 {
	k := mix(bucket ^ mix(core+0x632BE59BD9B4E019))
	if k == 0 {
		k = 1
	}
	return k
}

// forgetKey groups the entries Forget must find: per scope account, the core
// skeleton (near-eligible texts) or the folded text (the rest).
func forgetKey(acct string, f *features) uint64 {
	var h maphash.Hash
	h.SetSeed(seedB)
	writeStrs(&h, acct)
	if f.nearEligible() {
		h.WriteByte('c')
		var b [8]byte
		for i := range b {
			b[i] = byte(f.core >> (8 * i))
		}
		h.Write(b[:])
	} else {
		h.WriteByte('f')
		h.WriteString(f.folded)
	}
	return h.Sum64()
}

// ---- mutation (c.mu held for writing) ----

// newEntry builds an entry (outside the lock).
func (c *Cache) newEntry(k Key, value []byte, expires int64) *entry {
	f := analyze(k.Text)
	acct := c.scopeAccount(k.Account)
	e := &entry{
		expires: expires,
		account: k.Account,
		op:      k.Op,
		params:  k.Params,
		text:    k.Text,
		value:   value,
		bucket:  bucketKey(acct, k.Op, k.Params),
		fkey:    forgetKey(acct, f),
	}
	e.exactKey, e.verify = exactKeys(acct, k.Op, k.Params, f.folded, f.urls, f.mentions)
	if f.nearEligible() {
		e.coreKey = coreKeyOf(e.bucket, f.core)
		e.part = partKeyOf(e.bucket, f)
		e.vec = embed(f)
	}
	return e
}

// insert adds e to the current generation (seq assigned unless set) and
// rotates generations when the current one is full.
func (c *Cache) insert(e *entry) {
	if old := c.exact[e.exactKey]; old != nil && old.verify == e.verify {
		c.kill(old)
		c.deleteStored(old.seq)
	}
	if e.seq == 0 {
		e.seq = c.nextSeq
	}
	if e.seq >= c.nextSeq {
		c.nextSeq = e.seq + 1
	}
	c.cur.add(e)
	c.exact[e.exactKey] = e
	c.forget[e.fkey] = append(c.forget[e.fkey], e)
	if e.coreKey != 0 {
		c.core[e.coreKey] = append(c.core[e.coreKey], e)
	}
	c.live++
	c.bytes += e.size()
	if c.cur.n >= c.genCap {
		c.rotate()
	}
}

// kill unlinks e from every index. Its HNSW node stays in its generation's
// graph (searches skip dead entries) until the generation is dropped.
func (c *Cache) kill(e *entry) {
	if e.dead {
		return
	}
	e.dead = true
	if c.exact[e.exactKey] == e {
		delete(c.exact, e.exactKey)
	}
	if e.coreKey != 0 {
		unlist(c.core, e.coreKey, e)
	}
	unlist(c.forget, e.fkey, e)
	c.live--
	c.bytes -= e.size()
	e.value = nil
}

func unlist(m map[uint64][]*entry, k uint64, e *entry) {
	l := m[k]
	if i := slices.Index(l, e); i >= 0 {
		l[i] = l[len(l)-1]
		l[len(l)-1] = nil
		l = l[:len(l)-1]
	}
	if len(l) == 0 {
		delete(m, k)
	} else {
		m[k] = l
	}
}

// partKeyOf names the HNSW graph an entry goes to: its bucket, its first and
// last non-stopword tokens and its number of non-stopword tokens. All three
// are invariant under every difference the guards accept (a function of the
// core skeleton), so partitioning never separates a query from an acceptable
// candidate; it keeps each graph small enough for coder/hnsw v0.6.1's greedy
// search (recall@1 on one flat graph of 3k dataset texts: 0.35, see
// TestHNSWRecall).
func partKeyOf(bucket uint64, f *features) uint64 {
	first, last, n := -1, -1, 0
	for i, t := range f.toks {
		if t.kind == kindWord && stopwords[t.canon] {
			continue
		}
		if first < 0 {
			first = i
		}
		last = i
		n++
	}
	h := mix(bucket + 0x51ED27 + uint64(n)<<32)
	if first >= 0 {
		h = mix(h ^ fnv(f.toks[first].canon) ^ uint64(f.toks[first].kind))
		h = mix(h ^ fnv(f.toks[last].canon) ^ uint64(f.toks[last].kind)<<8)
	}
	return h
}

// dropExpired drops the previous generation early once all its entries have
// expired (memory follows the TTL, not only MaxEntries).
func (c *Cache) dropExpired(now int64) {
	if old := c.prev; old != nil && old.maxExpires <= now {
		for _, e := range old.bySeq {
			if !e.dead {
				c.kill(e)
			}
		}
		c.deleteStoredRange(old.start, c.cur.start)
		c.prev = nil
	}
}

// rotate drops the previous generation whole (entries, graphs, stored
// records) and starts a new current generation.
func (c *Cache) rotate() {
	if old := c.prev; old != nil {
		for _, e := range old.bySeq {
			if !e.dead {
				c.kill(e)
				c.evictions.Add(1)
			}
		}
		c.deleteStoredRange(old.start, c.cur.start)
	}
	c.prev = c.cur
	c.cur = newGeneration(c.nextSeq)
	c.rotations.Add(1)
}

// splitmix is a tiny rand.Source64 for the per-partition graphs' level draws.
type splitmix struct{ s uint64 }

func (x *splitmix) Uint64() uint64 {
	x.s += 0x9E3779B97F4A7C15
	return mix(x.s)
}
func (x *splitmix) Int63() int64    { return int64(x.Uint64() >> 1) }
func (x *splitmix) Seed(seed int64) { x.s = uint64(seed) }
