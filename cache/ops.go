package cache

import (
	"slices"

	"svc/engine/textnorm"
)

// Get looks k up: the exact index first, then the near-duplicate index with
// the meaning guards. The returned value is a copy.
func (c *Cache) Get(k Key) ([]byte, bool) {
	if c.closed.Load() {
		c.misses.Add(1)
		return nil, false
	}
	now := c.now().UnixNano()
	acct := c.scopeAccount(k.Account)
	rest, urls := extractURLs(k.Text)
	_, mentions := extractMentions(rest)
	folded := textnorm.Fold(k.Text)
	ek, ev := exactKeys(acct, k.Op, k.Params, folded, urls, mentions)

	c.mu.RLock()
	if e := c.exact[ek]; e != nil && e.verify == ev && !e.dead {
		if e.expires > now {
			v := slices.Clone(e.value)
			c.mu.RUnlock()
			c.hits.Add(1)
			c.exactHits.Add(1)
			return v, true
		}
		c.expired.Add(1)
	}
	c.mu.RUnlock()

	if v, ok := c.near(k, acct, folded, now); ok {
		c.hits.Add(1)
		c.nearHits.Add(1)
		return v, true
	}
	c.misses.Add(1)
	return nil, false
}

// near is the near-duplicate path of Get: HNSW candidates of the query's
// partition (both generations), re-ranked by exact cosine, then the guards;
// when HNSW returned no acceptable candidate, the core-skeleton list is
// checked the same way (recall safety net, counted in Stats.NearBackup).
func (c *Cache) near(k Key, acct, folded string, now int64) ([]byte, bool) {
	f := analyzeFolded(k.Text, folded)
	if !f.nearEligible() {
		return nil, false
	}
	bucket := bucketKey(acct, k.Op, k.Params)
	ck := coreKeyOf(bucket, f.core)
	if !c.noPrefilter {
		c.mu.RLock()
		n := len(c.core[ck])
		c.mu.RUnlock()
		if n == 0 {
			return nil, false
		}
	}
	vec := embed(f)

	c.mu.RLock()
	defer c.mu.RUnlock()
	for _, cd := range c.candidates(partKeyOf(bucket, f), vec, now) {
		if cd.cos < c.threshold {
			break
		}
		if cd.e.coreKey != ck && !c.noPrefilter {
			continue // cannot pass the guards
		}
		if guard(f, cd.e.features()) {
			c.nearHNSW.Add(1)
			return slices.Clone(cd.e.value), true
		}
	}
	if c.noBackup {
		return nil, false
	}
	list := c.core[ck]
	for i := len(list) - 1; i >= 0 && i >= len(list)-maxBackup; i-- { // newest first
		e := list[i]
		if e.dead || e.expires <= now || dot(vec, e.vec) < c.threshold {
			continue
		}
		if guard(f, e.features()) {
			c.nearBackup.Add(1)
			return slices.Clone(e.value), true
		}
	}
	return nil, false
}

// maxBackup bounds the guard checks of the backup path.
const maxBackup = 16

type candidate struct {
	e   *entry
	cos float32
}

// candidates searches the partition's graphs of both generations (k =
// SearchK, the beam width in coder/hnsw v0.6.1) and re-ranks the live,
// unexpired results by exact cosine, best first. c.mu held for reading.
func (c *Cache) candidates(part uint64, vec []float32, now int64) []candidate {
	var out []candidate
	for _, g := range [2]*generation{c.cur, c.prev} {
		if g == nil {
			continue
		}
		gr := g.graphs[part]
		if gr == nil || gr.Len() == 0 {
			continue
		}
		k := SearchK
		if n := gr.Len(); n < k {
			k = n // the beam covers the whole (small) graph; smaller heaps
		}
		for _, n := range gr.Search(vec, k) {
			e := g.bySeq[n.Key]
			if e == nil || e.dead || e.expires <= now {
				continue
			}
			out = append(out, candidate{e: e, cos: dot(vec, e.vec)})
		}
	}
	slices.SortFunc(out, func(a, b candidate) int {
		switch {
		case a.cos > b.cos:
			return -1
		case a.cos < b.cos:
			return 1
		}
		return 0
	})
	return out
}

// Put stores value (copied) under k, replacing an entry with the same exact key.
func (c *Cache) Put(k Key, value []byte) {
	if c.closed.Load() {
		return
	}
	now := c.now()
	e := c.newEntry(k, slices.Clone(value), now.Add(c.opts.TTL).UnixNano())
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed.Load() {
		return
	}
	c.dropExpired(now.UnixNano())
	c.insert(e)
	c.store(e)
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
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range slices.Clone(c.forget[fk]) {
		if e.dead || (!c.global && e.account != account) {
			continue
		}
		ef := analyze(e.text)
		if ef.folded == f.folded || (f.nearEligible() && ef.nearEligible() && ef.core == f.core) {
			c.kill(e)
			c.deleteStored(e.seq)
			c.forgotten.Add(1)
		}
	}
}
