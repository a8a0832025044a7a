package cache

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
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
	// SearchK is the beam width (ef) of the graph search and the number of
	// candidates re-ranked by exact cosine.
	SearchK = 64

	// entryOverhead approximates the per-entry bytes beyond the record (key
	// strings and value) and the vector: slab fields, neighbour list, map
	// slots; measured by the heapB/entry metric of the lookup benchmarks.
	entryOverhead = 330
)

// Layout (README "Memory layout"): the many small things are pointer-free so
// that the garbage collector's mark phase does not walk millions of
// pointers. An entry is a slot number (uint32) in its generation; its fixed
// fields live in chunked slabs (chunk: arrays of numbers, no pointers), its
// record (account, op, params, text, value: the Pebble record bytes) in a
// byte arena, its vector in the chunk's float32 slab and its level-0 graph
// neighbours in the chunk's uint32 slab. The indexes are maps from uint64
// keys to integer locations, also pointer-free.

const (
	chunkBits = 9
	chunkSize = 1 << chunkBits
	chunkMask = chunkSize - 1

	blockSize = 1 << 20 // record arena block; larger records get their own block
)

// chunk holds the fixed fields of chunkSize consecutive slots. Every field is
// written once by the Put that allocated the slot, before the slot is
// published in an index (under a shard lock), except nbr0 (mutated under the
// lock of the shard owning the slot's partition) and dead (atomic).
type chunk struct {
	vec      [chunkSize * Dims]float32
	nbr0     [chunkSize * (graphM0 + 1)]uint32 // [count, neighbours...] per slot
	seq      [chunkSize]uint64
	expires  [chunkSize]int64
	exactKey [chunkSize]uint64
	verify   [chunkSize]uint64
	coreKey  [chunkSize]uint64 // 0 = not near-eligible
	part     [chunkSize]uint64
	fkey     [chunkSize]uint64
	recBlock [chunkSize]uint32
	recOff   [chunkSize]uint32
	recLen   [chunkSize]uint32
	valOff   [chunkSize]uint32 // value offset inside the record
	level    [chunkSize]uint8
	coreNext [chunkSize]uint32 // next (older) slot+1 in the same core list; 0 = end
	fgtNext  [chunkSize]uint32 // next (older) slot+1 in the same forget list
	dead     [chunkSize / 32]atomic.Uint32
}

// generation: a batch of consecutive entries (seq order) with their own
// slabs, arena and per-shard indexes and graphs. A generation is dropped
// whole (its maps and slabs become garbage), so nothing is ever deleted from
// a graph and eviction never scans entries.
type generation struct {
	id    uint64
	start uint64 // first seq of the generation
	cap   int

	amu      sync.Mutex // slot and arena allocation
	n        int        // allocated slots
	curBlock []byte     // arena block being filled (under amu)
	curIdx   uint32

	chunks []atomic.Pointer[chunk]  // fixed length: ceil(cap/chunkSize)
	blocks atomic.Pointer[[][]byte] // copy-on-grow block table

	maxExpires atomic.Int64
	live       atomic.Int64
	bytes      atomic.Int64
}

var genIDs atomic.Uint64

func newGeneration(start uint64, capacity int) *generation {
	g := &generation{id: genIDs.Add(1), start: start, cap: capacity}
	g.chunks = make([]atomic.Pointer[chunk], (capacity+chunkSize-1)/chunkSize)
	b := make([][]byte, 0, 8)
	g.blocks.Store(&b)
	return g
}

func (g *generation) chunk(slot uint32) *chunk { return g.chunks[slot>>chunkBits].Load() }

// alloc reserves a slot and len(rec) arena bytes and copies rec there. It
// returns ok=false when the generation is full. Unless given (load), seq is
// assigned under the same lock from *next so that seqs grow with slots.
func (g *generation) alloc(rec []byte, seq uint64, next *uint64) (slot uint32, _ uint64, ok bool) {
	g.amu.Lock()
	if g.n >= g.cap {
		g.amu.Unlock()
		return 0, 0, false
	}
	slot = uint32(g.n)
	g.n++
	if seq == 0 {
		seq = *next
	}
	*next = max(*next, seq+1)
	ci := slot >> chunkBits
	ch := g.chunks[ci].Load()
	if ch == nil {
		ch = new(chunk)
		g.chunks[ci].Store(ch)
	}
	var blk []byte
	var bi uint32
	if len(rec) > blockSize/4 {
		blk = make([]byte, len(rec))
		bi = g.addBlock(blk)
		copy(blk, rec)
		blk = blk[:0]
	} else {
		if g.curBlock == nil || len(g.curBlock)+len(rec) > cap(g.curBlock) {
			g.curBlock = make([]byte, 0, blockSize)
			g.curIdx = g.addBlock(g.curBlock[:blockSize])
		}
		bi = g.curIdx
		blk = g.curBlock
		g.curBlock = append(g.curBlock, rec...)
	}
	i := slot & chunkMask
	ch.recBlock[i] = bi
	ch.recOff[i] = uint32(len(blk))
	ch.recLen[i] = uint32(len(rec))
	g.amu.Unlock()
	return slot, seq, true
}

// addBlock appends b to the block table (copy-on-grow: readers never see a
// table being modified). g.amu held.
func (g *generation) addBlock(b []byte) uint32 {
	old := *g.blocks.Load()
	nb := append(old[:len(old):len(old)], b)
	g.blocks.Store(&nb)
	return uint32(len(old))
}

// record returns the stored record of slot (account, op, params, text,
// value; the Pebble encoding). Read-only.
func (g *generation) record(slot uint32) []byte {
	ch := g.chunk(slot)
	i := slot & chunkMask
	blk := (*g.blocks.Load())[ch.recBlock[i]]
	off := ch.recOff[i]
	return blk[off : off+ch.recLen[i]]
}

func (g *generation) value(slot uint32) []byte {
	ch := g.chunk(slot)
	return g.record(slot)[ch.valOff[slot&chunkMask]:]
}

func (g *generation) vec(slot uint32) []float32 {
	i := int(slot&chunkMask) * Dims
	return g.chunk(slot).vec[i : i+Dims : i+Dims]
}

func (g *generation) isDead(slot uint32) bool {
	ch := g.chunk(slot)
	i := slot & chunkMask
	return ch.dead[i>>5].Load()&(1<<(i&31)) != 0
}

// markDead sets the dead bit; it reports whether this call set it.
func (g *generation) markDead(slot uint32) bool {
	ch := g.chunk(slot)
	i := slot & chunkMask
	bit := uint32(1) << (i & 31)
	return ch.dead[i>>5].Or(bit)&bit == 0
}

func (g *generation) expires(slot uint32) int64 { return g.chunk(slot).expires[slot&chunkMask] }

func (g *generation) bumpMaxExpires(t int64) {
	for {
		m := g.maxExpires.Load()
		if t <= m || g.maxExpires.CompareAndSwap(m, t) {
			return
		}
	}
}

// ---- shards ----

// nShards: the index maps and graphs are split over nShards locks. An entry
// is in three of them: its exact key's (exact map), its partition's (core
// list and graph) and its forget key's (forget list).
const nShards = 64

type shard struct {
	mu sync.RWMutex
	g  [2]*shardGen // [0] current generation, [1] previous (nil if none)

	hotMu sync.Mutex
	hot   map[uint64]*features // analyses of recent near-hit candidates (bounded)
}

// shardGen is one shard's part of one generation's indexes. Every map is
// pointer-free (uint64 keys, integer values).
type shardGen struct {
	gen    *generation
	exact  map[uint64]exactLoc
	core   map[uint64]coreList
	forget map[uint64]uint32 // fkey -> newest slot+1 (chain through fgtNext)
	parts  map[uint64]partInfo
	upIdx  map[uint64]uint32 // slot<<8|level (level >= 1) -> offset in upNbr
	upNbr  []uint32          // [count, neighbours...] blocks of graphM+1
}

type exactLoc struct {
	verify uint64
	slot   uint32
}

type coreList struct {
	head uint32 // newest slot+1 (chain through coreNext)
	live uint32
}

type partInfo struct {
	entry uint32 // graph entry point (slot)
	top   uint8  // its level
	n     uint32
}

func newShardGen(g *generation) *shardGen {
	return &shardGen{
		gen:    g,
		exact:  make(map[uint64]exactLoc),
		core:   make(map[uint64]coreList),
		forget: make(map[uint64]uint32),
		parts:  make(map[uint64]partInfo),
		upIdx:  make(map[uint64]uint32),
	}
}

func shardOf(k uint64) int { return int(mix(k^0x5EED) % nShards) }

const maxHot = 256

// features of a stored slot, from the shard's bounded hot cache or by
// analysing the stored text.
func (s *shard) features(g *generation, slot uint32) *features {
	k := g.id<<32 | uint64(slot)
	s.hotMu.Lock()
	f := s.hot[k]
	s.hotMu.Unlock()
	if f != nil {
		return f
	}
	_, _, _, text, _ := splitRecord(g.record(slot))
	f = analyze(string(text))
	s.hotMu.Lock()
	if len(s.hot) >= maxHot || s.hot == nil {
		s.hot = make(map[uint64]*features, maxHot)
	}
	s.hot[k] = f
	s.hotMu.Unlock()
	return f
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

// partKeyOf names the graph an entry goes to: its bucket, its first and
// last non-stopword tokens and its number of non-stopword tokens. All three
// are invariant under every difference the guards accept (a function of the
// core skeleton), so partitioning never separates a query from an acceptable
// candidate; it keeps each graph small.
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
