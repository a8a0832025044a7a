package cache

import (
	"slices"

	"svc/engine/textnorm"
)

// Probe carries what a lookup computed about its key (the exact keys and,
// when the near-duplicate path ran, the text analysis), so that the Put
// after a miss does not normalise and analyse the text a second time.
// The zero Probe is valid (Put then computes everything).
type Probe struct {
	k      Key
	valid  bool
	ek, ev uint64
	f      *features // nil when the near path did not run
	// provider embedder only: the projected vector of the lookup (pvOK) or
	// the failure of its call (pvFailed), so that the Put does not call again
	pvec   []float32
	pstate uint8
}

// Get looks k up: the exact index first, then the near-duplicate index with
// the meaning guards. The returned value is a copy.
func (c *Cache) Get(k Key) ([]byte, bool) {
	v, ok, _ := c.lookup(k, false)
	return v, ok
}

// Lookup is Get that also returns a Probe for PutProbe after a miss.
func (c *Cache) Lookup(k Key) (value []byte, hit bool, p Probe) {
	return c.lookup(k, false)
}

// LookupExact consults the exact index only (for callers that accept only
// answers computed for the same normalised text; it skips the
// near-duplicate path's analysis and search).
func (c *Cache) LookupExact(k Key) (value []byte, hit bool, p Probe) {
	return c.lookup(k, true)
}

// Has is Lookup for callers that need only whether the request is a hit:
// the value is not copied.
func (c *Cache) Has(k Key) (hit bool, p Probe) {
	_, hit, p = c.find(k, false, false)
	return hit, p
}

func (c *Cache) lookup(k Key, exactOnly bool) ([]byte, bool, Probe) {
	return c.find(k, exactOnly, true)
}

// find is every lookup: the exact index (through the raw-key memo when the
// same raw key was seen), then, unless exactOnly, the near-duplicate index.
// With copyValue false a hit returns a nil value.
func (c *Cache) find(k Key, exactOnly, copyValue bool) ([]byte, bool, Probe) {
	if c.closed.Load() {
		c.misses.Add(1)
		return nil, false, Probe{}
	}
	now := c.now().UnixNano()
	acct := c.scopeAccount(k.Account)
	rk, rv := rawKeys(acct, k)
	ek, ev, memo := c.raw.get(rk, rv)
	var rest, folded string
	var urls, mentions []string
	analysed := false
	analyse := func() {
		rest, urls = extractURLs(k.Text)
		rest, mentions = extractMentions(rest)
		folded = textnorm.Fold(k.Text)
		analysed = true
	}
	if !memo {
		analyse()
		ek, ev = exactKeys(acct, k.Op, k.Params, folded, urls, mentions)
		c.raw.put(rk, rv, ek, ev)
	}
	p := Probe{k: k, valid: true, ek: ek, ev: ev}

	s := &c.shards[shardOf(ek)]
	s.mu.RLock()
	for _, sg := range s.g {
		if sg == nil {
			continue
		}
		loc, ok := sg.exact[ek]
		if !ok || loc.verify != ev || sg.gen.isDead(loc.slot) {
			continue
		}
		if sg.gen.expires(loc.slot) > now {
			var v []byte
			if copyValue {
				v = slices.Clone(sg.gen.value(loc.slot))
			}
			s.mu.RUnlock()
			c.hits.Add(1)
			c.exactHits.Add(1)
			return v, true, p
		}
		c.expired.Add(1)
		break
	}
	s.mu.RUnlock()

	if !exactOnly {
		if !analysed {
			analyse()
		}
		p.f = analyzeExtracted(k.Text, folded, rest, urls, mentions)
		if v, ok := c.near(k, acct, &p, now); ok {
			c.hits.Add(1)
			c.nearHits.Add(1)
			if !copyValue {
				v = nil
			}
			return v, true, p
		}
	}
	c.misses.Add(1)
	return nil, false, p
}

// near is the near-duplicate path of Get: graph candidates of the query's
// partition (both generations), ranked by exact cosine, then the guards;
// when the graph search returned no acceptable candidate, the core-skeleton
// list is checked the same way (recall safety net, counted in
// Stats.NearBackup). With the provider embedder, the provider is called
// only when the prefilter finds a candidate, outside every lock; a failed
// call makes the lookup exact-only (the miss is returned).
func (c *Cache) near(k Key, acct string, p *Probe, now int64) ([]byte, bool) {
	f := p.f
	if !f.nearEligible() {
		return nil, false
	}
	bucket := bucketKey(acct, k.Op, k.Params)
	ck := coreKeyOf(bucket, f.core)
	part := partKeyOf(bucket, f)
	s := &c.shards[shardOf(part)]
	if c.pe != nil {
		s.mu.RLock()
		live := c.noPrefilter || s.coreLive(ck)
		s.mu.RUnlock()
		if !live {
			return nil, false // proven miss: no call (the Put embeds)
		}
		vec := make([]float32, Dims)
		if !c.providerVec(f.folded, vec) {
			p.pstate = pvFailed
			return nil, false
		}
		p.pvec, p.pstate = vec, pvOK
		s.mu.RLock()
		defer s.mu.RUnlock()
		return c.nearSearch(s, f, ck, part, vec, now)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if !c.noPrefilter && !s.coreLive(ck) {
		return nil, false // no entry with this core skeleton: the guards cannot pass
	}
	var vb [Dims]float32
	vec := vb[:]
	embedInto(vec, f)
	return c.nearSearch(s, f, ck, part, vec, now)
}

// coreLive reports whether a generation holds a live entry of core list ck.
// s.mu held.
func (s *shard) coreLive(ck uint64) bool {
	for _, sg := range s.g {
		if sg != nil && sg.core[ck].live > 0 {
			return true
		}
	}
	return false
}

// nearSearch is near's search with the query vector; s.mu held for reading.
func (c *Cache) nearSearch(s *shard, f *features, ck, part uint64, vec []float32, now int64) ([]byte, bool) {
	sr := getSearcher()
	defer putSearcher(sr)
	// First a search that ends at the first candidate with cosine ~1 (the
	// usual near duplicate: same canonical tokens), which is then the top-1;
	// only if no candidate of it passes the guards, the full search.
	for _, stop := range [2]float32{earlyStop, noStop} {
		cands, stopped := c.candidates(s, sr, part, vec, now, stop)
		for _, cd := range cands {
			if cd.cos < c.threshold {
				break
			}
			g := s.g[cd.gi].gen
			if g.chunk(cd.slot).coreKey[cd.slot&chunkMask] != ck && !c.noPrefilter {
				continue // cannot pass the guards
			}
			if guard(f, s.features(g, cd.slot)) {
				c.nearHNSW.Add(1)
				return slices.Clone(g.value(cd.slot)), true
			}
		}
		if !stopped {
			break
		}
	}
	if c.noBackup {
		return nil, false
	}
	checked := 0
	for _, sg := range s.g { // current generation first, newest first
		if sg == nil {
			continue
		}
		g := sg.gen
		next := sg.core[ck].head
		for visited := 0; next != 0 && checked < maxBackup && visited < 4*maxBackup; visited++ {
			slot := next - 1
			ch := g.chunk(slot)
			next = ch.coreNext[slot&chunkMask]
			if g.isDead(slot) || ch.expires[slot&chunkMask] <= now {
				continue
			}
			checked++
			if dot(vec, g.vec(slot)) < c.threshold {
				continue
			}
			if guard(f, s.features(g, slot)) {
				c.nearBackup.Add(1)
				return slices.Clone(g.value(slot)), true
			}
		}
	}
	return nil, false
}

// maxBackup bounds the guard checks of the backup path.
const maxBackup = 16

// earlyStop: a graph node at least this similar to the query ends the first
// search (cosine of unit vectors; 1 up to float32 rounding).
const earlyStop = 0.9999

type candidate struct {
	gi   int // index in shard.g
	slot uint32
	cos  float32
}

// candidates searches the partition's graphs of both generations (beam
// SearchK) and returns the live, unexpired results by exact cosine, best
// first. With stop <= 1 the search ends at the first live node at least
// that similar (stopped reports it). s.mu held for reading.
func (c *Cache) candidates(s *shard, sr *searcher, part uint64, vec []float32, now int64, stop float32) (out []candidate, stopped bool) {
	for gi, sg := range s.g {
		if sg == nil || stopped {
			continue
		}
		stopped = sg.search(sr, part, vec, SearchK, stop)
		for _, r := range sr.out {
			if sg.gen.isDead(r.slot) || sg.gen.expires(r.slot) <= now {
				continue
			}
			out = append(out, candidate{gi: gi, slot: r.slot, cos: r.sim})
		}
	}
	slices.SortStableFunc(out, func(a, b candidate) int {
		switch {
		case a.cos > b.cos:
			return -1
		case a.cos < b.cos:
			return 1
		}
		return 0
	})
	return out, stopped
}

// searchCandidates is candidates with the shard lock taken (tests).
func (c *Cache) searchCandidates(part uint64, vec []float32, now int64) []candidate {
	s := &c.shards[shardOf(part)]
	s.mu.RLock()
	defer s.mu.RUnlock()
	sr := getSearcher()
	defer putSearcher(sr)
	out, _ := c.candidates(s, sr, part, vec, now, noStop)
	return out
}

// Put stores value (copied) under k, replacing an entry with the same exact key.
func (c *Cache) Put(k Key, value []byte) { c.PutProbe(k, value, Probe{}) }

// PutProbe is Put reusing the Probe that Lookup returned for the same key
// (a probe of another key is ignored).
func (c *Cache) PutProbe(k Key, value []byte, p Probe) {
	if c.closed.Load() {
		return
	}
	now := c.now()
	var pp *Probe
	if p.valid && p.k == k {
		pp = &p
	}
	prep := c.prepare(k, value, now.Add(c.opts.TTL).UnixNano(), pp, false, nil)
	c.dropExpired(now.UnixNano())
	c.insert(prep, 0)
}

// prepared is an entry built outside every lock.
type prepared struct {
	rec      []byte
	valOff   int
	expires  int64
	ek, ev   uint64
	fk, ck   uint64
	part     uint64
	vec      [Dims]float32
	eligible bool
	pvec     bool // vec is a projected provider vector (persisted with the record)
}

// prepare analyses and embeds (reusing p's analysis when given) and
// encodes the record. No lock held. With the provider embedder the vector
// is, in order: lvec (a stored vector of the configured space, at load),
// none when loading (the entry is exact-only: no provider call at Open),
// the probe's, none when the probe's call failed, else one provider call;
// without a vector the entry gets no graph node and no core list (exact
// hits only), so the graphs never hold vectors of two spaces.
func (c *Cache) prepare(k Key, value []byte, expires int64, p *Probe, loading bool, lvec []float32) *prepared {
	var f *features
	if p != nil {
		f = p.f
	}
	if f == nil {
		f = analyze(k.Text)
	}
	acct := c.scopeAccount(k.Account)
	e := &prepared{expires: expires, fk: forgetKey(acct, f)}
	e.rec, e.valOff = encodeRecord(k, value, expires)
	if p != nil {
		e.ek, e.ev = p.ek, p.ev
	} else {
		e.ek, e.ev = exactKeys(acct, k.Op, k.Params, f.folded, f.urls, f.mentions)
	}
	if f.nearEligible() {
		switch {
		case c.pe == nil:
			embedInto(e.vec[:], f)
			e.eligible = true
		case lvec != nil:
			copy(e.vec[:], lvec)
			e.eligible, e.pvec = true, true
		case loading:
			c.exactOnlyLoaded.Add(1)
		case p != nil && p.pstate == pvOK:
			copy(e.vec[:], p.pvec)
			e.eligible, e.pvec = true, true
		case p != nil && p.pstate == pvFailed:
		default:
			e.eligible = c.providerVec(f.folded, e.vec[:])
			e.pvec = e.eligible
		}
		if e.eligible {
			bucket := bucketKey(acct, k.Op, k.Params)
			e.ck = coreKeyOf(bucket, f.core)
			e.part = partKeyOf(bucket, f)
		}
	}
	return e
}

func (e *prepared) size() int64 {
	n := int64(len(e.rec)) + entryOverhead
	if e.eligible {
		n += 4 * Dims
	}
	return n
}

// insert allocates a slot in the current generation (rotating when it is
// full), writes the entry's slab fields, stores the record in Pebble (unless
// seq is given: load) and publishes the entry in the indexes.
func (c *Cache) insert(e *prepared, seq uint64) {
	loading := seq != 0
	c.genMu.RLock()
	if c.closed.Load() {
		c.genMu.RUnlock()
		return
	}
	var g *generation
	var slot uint32
	for {
		g = c.cur.Load()
		var ok bool
		slot, seq, ok = g.alloc(e.rec, seq, &c.nextSeq)
		if ok {
			break
		}
		c.genMu.RUnlock()
		c.rotate(g)
		c.genMu.RLock()
		// Close may have run while the lock was released: rotate does
		// nothing then, and the full generation stays current, so without
		// this check the loop spins for ever (it did, in TestCloseWhileBusy
		// under stress-ng, for 19 minutes).
		if c.closed.Load() {
			c.genMu.RUnlock()
			return
		}
	}
	ch := g.chunk(slot)
	i := slot & chunkMask
	ch.seq[i] = seq
	ch.expires[i] = e.expires
	ch.exactKey[i] = e.ek
	ch.verify[i] = e.ev
	ch.fkey[i] = e.fk
	ch.valOff[i] = uint32(e.valOff)
	if e.eligible {
		ch.coreKey[i] = e.ck
		ch.part[i] = e.part
		copy(ch.vec[int(i)*Dims:], e.vec[:])
		ch.level[i] = levelOf(seq ^ g.id<<40)
	}
	g.bumpMaxExpires(e.expires)
	if !loading {
		// the record reaches Pebble before the entry is findable, so a
		// Forget's or a replacement's Delete can never precede its Set
		if e.pvec {
			c.store(seq, withVector(e.rec, c.pe.space, c.pe.srcDim.Load(), e.vec[:]))
		} else {
			c.store(seq, e.rec)
		}
	}

	if e.eligible {
		s := &c.shards[shardOf(e.part)]
		sr := getSearcher()
		s.mu.Lock()
		sg := s.g[0]
		sg.insert(sr, e.part, slot)
		cl := sg.core[e.ck]
		ch.coreNext[i] = cl.head
		cl.head = slot + 1
		cl.live++
		sg.core[e.ck] = cl
		s.mu.Unlock()
		putSearcher(sr)
	}
	{
		s := &c.shards[shardOf(e.fk)]
		s.mu.Lock()
		sg := s.g[0]
		ch.fgtNext[i] = sg.forget[e.fk]
		sg.forget[e.fk] = slot + 1
		s.mu.Unlock()
	}
	var old *generation
	var oldSlot uint32
	{
		s := &c.shards[shardOf(e.ek)]
		s.mu.Lock()
		if loc, ok := s.g[0].exact[e.ek]; ok && loc.verify == e.ev {
			old, oldSlot = s.g[0].gen, loc.slot
		} else if sg := s.g[1]; sg != nil {
			if loc, ok := sg.exact[e.ek]; ok && loc.verify == e.ev {
				old, oldSlot = sg.gen, loc.slot
				delete(sg.exact, e.ek)
			}
		}
		s.g[0].exact[e.ek] = exactLoc{verify: e.ev, slot: slot}
		s.mu.Unlock()
	}
	g.live.Add(1)
	g.bytes.Add(e.size())
	if old != nil && c.kill(old, oldSlot) {
		c.deleteStored(old.chunk(oldSlot).seq[oldSlot&chunkMask])
	}
	c.genMu.RUnlock() // Close waits for this: the store stays open until here
}

// kill marks an entry dead and unlinks it from the exact map and its core
// list (its graph node stays until the generation is dropped; searches skip
// it). It reports whether this call killed it.
func (c *Cache) kill(g *generation, slot uint32) bool {
	if !g.markDead(slot) {
		return false
	}
	ch := g.chunk(slot)
	i := slot & chunkMask
	if ck := ch.coreKey[i]; ck != 0 {
		s := &c.shards[shardOf(ch.part[i])]
		s.mu.Lock()
		for _, sg := range s.g {
			if sg != nil && sg.gen == g {
				if cl, ok := sg.core[ck]; ok {
					if cl.live--; cl.live == 0 {
						delete(sg.core, ck)
					} else {
						sg.core[ck] = cl
					}
				}
			}
		}
		s.mu.Unlock()
	}
	ek := ch.exactKey[i]
	s := &c.shards[shardOf(ek)]
	s.mu.Lock()
	for _, sg := range s.g {
		if sg != nil && sg.gen == g {
			if loc, ok := sg.exact[ek]; ok && loc.slot == slot {
				delete(sg.exact, ek)
			}
		}
	}
	s.mu.Unlock()
	g.live.Add(-1)
	n := int64(ch.recLen[i]) + entryOverhead
	if ch.coreKey[i] != 0 {
		n += 4 * Dims
	}
	g.bytes.Add(-n)
	return true
}

// rotate drops the previous generation whole (maps, graphs, slabs, stored
// records) and starts a new current generation, if full is still current.
// O(nShards): no entry is visited.
func (c *Cache) rotate(full *generation) {
	c.genMu.Lock()
	defer c.genMu.Unlock()
	if c.cur.Load() != full || c.closed.Load() {
		return // another Put rotated, or closed (Flush)
	}
	old := c.prev.Load()
	ng := newGeneration(c.nextSeq, c.genCap)
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		s.g[1] = s.g[0]
		s.g[0] = newShardGen(ng)
		s.mu.Unlock()
	}
	if old != nil {
		c.evictions.Add(uint64(max(old.live.Load(), 0)))
		c.deleteStoredRange(old.start, full.start)
	}
	c.prev.Store(full)
	c.cur.Store(ng)
	c.rotations.Add(1)
}

// Flush drops every entry, stored ones included: two rotations, O(nShards).
// Entries put while it runs may stay. For a node that may have missed a
// Forget (a shared ledger's feedback listener reconnecting).
func (c *Cache) Flush() {
	if c.closed.Load() {
		return
	}
	c.rotate(c.cur.Load())
	c.rotate(c.cur.Load())
}

// dropExpired drops the previous generation early once all its entries have
// expired (memory follows the TTL, not only MaxEntries). O(nShards).
func (c *Cache) dropExpired(now int64) {
	old := c.prev.Load()
	if old == nil || old.maxExpires.Load() > now {
		return
	}
	c.genMu.Lock()
	defer c.genMu.Unlock()
	if c.prev.Load() != old {
		return
	}
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		s.g[1] = nil
		s.mu.Unlock()
	}
	c.deleteStoredRange(old.start, c.cur.Load().start)
	c.prev.Store(nil)
}

// Forget drops every entry of account whose text normalises to text's, for
// every operation and parameter set; near-equivalent texts (same core
// skeleton: differing only in case, diacritics, tatweel, elongation,
// punctuation, spacing or one stopword) are dropped too, since they could
// otherwise still answer for the corrected text. In global scope the account
// is ignored (the entries are shared).
func (c *Cache) Forget(account, text string) {
	if c.closed.Load() {
		return
	}
	acct := c.scopeAccount(account)
	f := analyze(text)
	fk := forgetKey(acct, f)
	c.genMu.RLock() // keeps the store open (Close) while deleting
	defer c.genMu.RUnlock()
	if c.closed.Load() {
		return
	}
	type ref struct {
		g    *generation
		slot uint32
	}
	var refs []ref
	s := &c.shards[shardOf(fk)]
	s.mu.RLock()
	for _, sg := range s.g {
		if sg == nil {
			continue
		}
		for next := sg.forget[fk]; next != 0; {
			slot := next - 1
			refs = append(refs, ref{sg.gen, slot})
			next = sg.gen.chunk(slot).fgtNext[slot&chunkMask]
		}
	}
	s.mu.RUnlock()
	for _, r := range refs {
		if r.g.isDead(r.slot) {
			continue
		}
		a, _, _, t, _ := splitRecord(r.g.record(r.slot))
		if !c.global && string(a) != account {
			continue
		}
		ef := analyze(string(t))
		if ef.folded == f.folded || (f.nearEligible() && ef.nearEligible() && ef.core == f.core) {
			if c.kill(r.g, r.slot) {
				c.deleteStored(r.g.chunk(r.slot).seq[r.slot&chunkMask])
				c.forgotten.Add(1)
			}
		}
	}
}
