package cache

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// The near-duplicate vector index: one HNSW graph (hierarchical navigable
// small world, Malkov & Yashunin) per (shard generation, partition), stored
// pointer-free: level-0 neighbour lists in the generation's chunk slabs
// (uint32 slot numbers, indexed by slot), upper-level lists (about 1/graphM
// of the nodes) in the shard generation's upNbr slab. It replaces
// github.com/coder/hnsw v0.6.1, whose nodes are a struct plus a
// map[key]*node of neighbours each (about 20 pointers and 3 objects per
// entry for the collector to mark; README "Why not coder/hnsw any more").
// Unlike v0.6.1 the layer-0 search keeps a beam of ef candidates (not k)
// and the entry point is the partition's top-level node, not a random one.
//
// All functions here run under the lock of the shard that owns the
// partition (write lock for insert, read lock for search).

const (
	graphM         = 8  // neighbours per node on levels >= 1
	graphM0        = 16 // neighbours per node on level 0
	efConstruction = 48 // beam width while inserting
	maxLevel       = 12
)

var levelMult = 1 / math.Log(graphM)

// levelOf draws a node's top level from a hash (deterministic, lock-free).
func levelOf(h uint64) uint8 {
	u := (float64(mix(h)>>11) + 0.5) / (1 << 53)
	l := int(-math.Log(u) * levelMult)
	if l > maxLevel {
		l = maxLevel
	}
	return uint8(l)
}

type scored struct {
	sim  float32
	slot uint32
}

// searcher holds the scratch of one search (pooled: no allocation per query).
type searcher struct {
	visited visitSet
	cand    []scored // max-heap by sim: next to expand
	res     []scored // min-heap by sim: the ef best so far
	out     []scored
}

var searchers = sync.Pool{New: func() any { return &searcher{visited: visitSet{t: make([]uint32, 1024)}} }}

func getSearcher() *searcher { return searchers.Get().(*searcher) }

func putSearcher(s *searcher) {
	if len(s.visited.t) > 1<<14 {
		s.visited = visitSet{t: make([]uint32, 1024)}
	}
	s.cand, s.res, s.out = s.cand[:0], s.res[:0], s.out[:0]
	searchers.Put(s)
}

// visitSet is a linear-probing set of slots (stored as slot+1; 0 = empty),
// kept at most half full: a few nanoseconds per test instead of a Go map's
// tens.
type visitSet struct {
	t []uint32
	n int
}

func (v *visitSet) reset() {
	clear(v.t)
	v.n = 0
}

// add inserts x and reports whether it was absent.
func (v *visitSet) add(x uint32) bool {
	if 2*(v.n+1) > len(v.t) {
		old := v.t
		v.t = make([]uint32, 2*len(old))
		v.n = 0
		for _, y := range old {
			if y != 0 {
				v.add(y - 1)
			}
		}
	}
	mask := uint32(len(v.t) - 1)
	k := x + 1
	for i := (k * 0x9E3779B1) >> 7 & mask; ; i = (i + 1) & mask {
		switch v.t[i] {
		case 0:
			v.t[i] = k
			v.n++
			return true
		case k:
			return false
		}
	}
}

// neighbours returns slot's neighbour list on level l (nil if none).
func (sg *shardGen) neighbours(slot uint32, l uint8) []uint32 {
	if l == 0 {
		ch := sg.gen.chunk(slot)
		b := int(slot&chunkMask) * (graphM0 + 1)
		n := ch.nbr0[b]
		return ch.nbr0[b+1 : b+1+int(n)]
	}
	off, ok := sg.upIdx[uint64(slot)<<8|uint64(l)]
	if !ok {
		return nil
	}
	n := sg.upNbr[off]
	return sg.upNbr[off+1 : off+1+n]
}

// setNeighbours replaces slot's list on level l (len(ns) <= capacity).
func (sg *shardGen) setNeighbours(slot uint32, l uint8, ns []uint32) {
	if l == 0 {
		ch := sg.gen.chunk(slot)
		b := int(slot&chunkMask) * (graphM0 + 1)
		ch.nbr0[b] = uint32(copy(ch.nbr0[b+1:b+1+graphM0], ns))
		return
	}
	k := uint64(slot)<<8 | uint64(l)
	off, ok := sg.upIdx[k]
	if !ok {
		off = uint32(len(sg.upNbr))
		var zero [graphM + 1]uint32
		sg.upNbr = append(sg.upNbr, zero[:]...)
		sg.upIdx[k] = off
	}
	sg.upNbr[off] = uint32(copy(sg.upNbr[off+1:off+1+graphM], ns))
}

// heap helpers: cand is a max-heap, res a min-heap on sim.
func pushMax(h []scored, x scored) []scored {
	h = append(h, x)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if h[p].sim >= h[i].sim {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
	return h
}

func popMax(h []scored) (scored, []scored) {
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && h[l].sim > h[m].sim {
			m = l
		}
		if r < n && h[r].sim > h[m].sim {
			m = r
		}
		if m == i {
			break
		}
		h[m], h[i] = h[i], h[m]
		i = m
	}
	return top, h
}

func pushMin(h []scored, x scored) []scored {
	h = append(h, x)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if h[p].sim <= h[i].sim {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
	return h
}

func popMin(h []scored) []scored {
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && h[l].sim < h[m].sim {
			m = l
		}
		if r < n && h[r].sim < h[m].sim {
			m = r
		}
		if m == i {
			break
		}
		h[m], h[i] = h[i], h[m]
		i = m
	}
	return h
}

// searchLayer is HNSW's SEARCH-LAYER: a best-first beam search of width ef
// on level l from the entry points eps. It leaves the results, best first,
// in s.out. If a live node with similarity >= stop is found the search ends
// at once (that node is then first in s.out) and it reports true.
func (sg *shardGen) searchLayer(s *searcher, q []float32, eps []scored, ef int, l uint8, stop float32) (stopped bool) {
	g := sg.gen
	s.visited.reset()
	s.cand, s.res = s.cand[:0], s.res[:0]
	for _, e := range eps {
		if !s.visited.add(e.slot) {
			continue
		}
		s.cand = pushMax(s.cand, e)
		s.res = pushMin(s.res, e)
		if len(s.res) > ef {
			s.res = popMin(s.res)
		}
	}
	for len(s.cand) > 0 {
		var c scored
		c, s.cand = popMax(s.cand)
		if len(s.res) >= ef && c.sim < s.res[0].sim {
			break
		}
		for _, n := range sg.neighbours(c.slot, l) {
			if !s.visited.add(n) {
				continue
			}
			sim := dot(q, g.vec(n))
			if sim >= stop && !g.isDead(n) {
				s.res = pushMin(s.res, scored{sim, n})
				stopped = true
				s.cand = s.cand[:0]
				break
			}
			if len(s.res) < ef || sim > s.res[0].sim {
				x := scored{sim, n}
				s.cand = pushMax(s.cand, x)
				s.res = pushMin(s.res, x)
				if len(s.res) > ef {
					s.res = popMin(s.res)
				}
			}
		}
	}
	s.out = append(s.out[:0], s.res...)
	slices.SortFunc(s.out, bySimDesc)
	return stopped
}

// search returns (in s.out, best first) up to ef nearest nodes of the
// partition's graph. With stop <= 1 it may end early, as soon as it meets a
// node at least that similar (reported by stopped). Shard read lock held.
func (sg *shardGen) search(s *searcher, part uint64, q []float32, ef int, stop float32) (stopped bool) {
	s.out = s.out[:0]
	pi, ok := sg.parts[part]
	if !ok {
		return false
	}
	if int(pi.n) < ef {
		ef = int(pi.n)
	}
	ep := []scored{{dot(q, sg.gen.vec(pi.entry)), pi.entry}}
	for l := pi.top; l > 0; l-- {
		sg.searchLayer(s, q, ep, 1, l, noStop)
		ep = append(ep[:0], s.out[0])
	}
	return sg.searchLayer(s, q, ep, ef, 0, stop)
}

// noStop disables searchLayer's early end.
const noStop = 2

// insert links slot (vector already in the slab, level set) into its
// partition's graph. Shard write lock held.
func (sg *shardGen) insert(s *searcher, part uint64, slot uint32) {
	g := sg.gen
	q := g.vec(slot)
	level := g.chunk(slot).level[slot&chunkMask]
	pi, ok := sg.parts[part]
	if !ok {
		sg.parts[part] = partInfo{entry: slot, top: level, n: 1}
		for l := uint8(0); l <= level; l++ {
			sg.setNeighbours(slot, l, nil)
		}
		return
	}
	ep := []scored{{dot(q, g.vec(pi.entry)), pi.entry}}
	for l := pi.top; l > level; l-- {
		sg.searchLayer(s, q, ep, 1, l, noStop)
		ep = append(ep[:0], s.out[0])
	}
	var sel [graphM0]uint32
	for l := min(level, pi.top); ; l-- {
		sg.searchLayer(s, q, ep, efConstruction, l, noStop)
		m := graphM
		if l == 0 {
			m = graphM0
		}
		ns := sg.selectNeighbours(sel[:0], s.out, m)
		sg.setNeighbours(slot, l, ns)
		for _, n := range ns {
			sg.link(s, n, slot, l, m)
		}
		if l == 0 {
			break
		}
		ep = append(ep[:0], s.out...)
	}
	for l := pi.top + 1; l <= level; l++ {
		sg.setNeighbours(slot, l, nil)
	}
	if level > pi.top {
		pi.entry, pi.top = slot, level
	}
	pi.n++
	sg.parts[part] = pi
}

// selectNeighbours is HNSW's neighbour-selection heuristic with kept pruned
// connections: candidates (best first, similarity to the base node) are
// taken when they are closer to the base than to every neighbour already
// taken (so links spread in different directions); remaining places are
// filled with the best of the rest.
func (sg *shardGen) selectNeighbours(dst []uint32, cands []scored, m int) []uint32 {
	g := sg.gen
	var skipped [efConstruction + graphM0 + 1]uint32
	ns := 0
	for _, c := range cands {
		if len(dst) == m {
			break
		}
		cv := g.vec(c.slot)
		keep := true
		for _, r := range dst {
			if dot(cv, g.vec(r)) > c.sim {
				keep = false
				break
			}
		}
		if keep {
			dst = append(dst, c.slot)
		} else if ns < len(skipped) {
			skipped[ns] = c.slot
			ns++
		}
	}
	for i := 0; i < ns && len(dst) < m; i++ {
		dst = append(dst, skipped[i])
	}
	return dst
}

// link adds to to from's list on level l; when the list is full the
// selection heuristic picks the m kept.
func (sg *shardGen) link(s *searcher, from, to uint32, l uint8, m int) {
	cur := sg.neighbours(from, l)
	var buf [graphM0 + 1]uint32
	ns := append(buf[:0], cur...)
	ns = append(ns, to)
	if len(ns) > m {
		g := sg.gen
		fv := g.vec(from)
		var sc [graphM0 + 1]scored
		for i, n := range ns {
			sc[i] = scored{dot(fv, g.vec(n)), n}
		}
		all := sc[:len(ns)]
		slices.SortFunc(all, bySimDesc)
		var sel [graphM0]uint32
		ns = append(buf[:0], sg.selectNeighbours(sel[:0], all, m)...)
	}
	sg.setNeighbours(from, l, ns)
}

// bySimDesc orders scored nodes by similarity, highest first.
func bySimDesc(a, b scored) int { return cmp.Compare(b.sim, a.sim) }
