package cache

import (
	"hash/maphash"
	"sync"
)

// rawMemo remembers which exact-index keys a raw key normalises to, so that
// a repeated request (the common hit) skips URL and mention extraction and
// textnorm.Fold, which are most of an exact hit's cost.
//
// Invariant: an entry maps the 128-bit hash of (scope account, op, params,
// raw text) to exactKeys of the same key's folded form. Both sides are pure
// functions of the key, so an entry can never be stale; it is only ever
// dropped (a shard is cleared when full), never updated.
type rawMemo struct {
	shards [rawMemoShards]rawShard
}

const (
	rawMemoShards   = 64
	rawMemoPerShard = 4096 // 256k keys in all, about 40 B each
)

type rawShard struct {
	mu sync.RWMutex
	m  map[uint64]rawEntry
	_  [32]byte // keep neighbouring shards' locks off one cache line
}

type rawEntry struct {
	verify uint64 // the raw key's second hash
	ek, ev uint64 // exactKeys of the folded form
}

func rawKeys(acct string, k Key) (uint64, uint64) {
	var a, b maphash.Hash
	a.SetSeed(seedA)
	b.SetSeed(seedB)
	a.WriteByte('r')
	b.WriteByte('r')
	writeStrs(&a, acct, k.Op, k.Params, k.Text)
	writeStrs(&b, acct, k.Op, k.Params, k.Text)
	return a.Sum64(), b.Sum64()
}

func (m *rawMemo) get(rk, rv uint64) (ek, ev uint64, ok bool) {
	s := &m.shards[rk%rawMemoShards]
	s.mu.RLock()
	e, found := s.m[rk]
	s.mu.RUnlock()
	if !found || e.verify != rv {
		return 0, 0, false
	}
	return e.ek, e.ev, true
}

func (m *rawMemo) put(rk, rv, ek, ev uint64) {
	s := &m.shards[rk%rawMemoShards]
	s.mu.Lock()
	if s.m == nil {
		s.m = make(map[uint64]rawEntry, 64)
	} else if len(s.m) >= rawMemoPerShard {
		clear(s.m)
	}
	s.m[rk] = rawEntry{verify: rv, ek: ek, ev: ev}
	s.mu.Unlock()
}
