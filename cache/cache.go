// Package cache is the semantic response cache: an exact index over
// (scope, operation, parameters, normalised text) and a near-duplicate index
// (character n-gram embeddings in pointer-free HNSW graphs, graph.go) whose hits
// are accepted only after meaning guards (see guard.go and README.md).
//
// Memory is bounded by generations: new entries go to the current
// generation; when it holds MaxEntries/2 entries the previous generation is
// dropped whole (its slabs, maps and graphs become garbage; nothing is
// deleted entry by entry) and the current one becomes the previous one. Entries persist in Pebble (NoSync
// writes) so a restart keeps the cache warm.
package cache

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"
)

// Options configure a Cache. Zero values take the documented defaults.
type Options struct {
	Dir        string           // Pebble directory for warm restart ("" = memory only)
	Scope      string           // "account" (default) or "global"
	MaxEntries int              // memory bound; evict beyond it (default 200_000)
	TTL        time.Duration    // default 24h
	Now        func() time.Time // injectable clock (test clocks); default time.Now

	// Embedder, when set, replaces the n-gram embedding of the near-duplicate
	// index by the provider's vector of the folded text, projected to Dims
	// (pembed.go). It is called with a deadline of EmbedTimeout; on an error
	// or timeout a lookup is exact-only and a Put stores its entry without a
	// graph node (Stats.EmbedFallbacks). The exact index and the guards are
	// the same in both modes.
	Embedder func(ctx context.Context, text string) ([]float32, error)
	// EmbedderID names the embedder's vector space (model and endpoint);
	// required with Embedder. Persisted vectors are reused at Open only when
	// it (and the projection) match; other entries load exact-only.
	EmbedderID       string
	EmbedTimeout     time.Duration // per call; default DefaultEmbedTimeout (200ms)
	EmbedMaxInFlight int           // concurrent calls; default DefaultEmbedMaxInFlight (64)
}

// Key identifies one cacheable request.
type Key struct {
	Account string // owning account id; ignored when Scope is "global"
	Op      string // "classify", "translate", "detect", "moderate", "reply"
	Params  string // canonical encoding of every parameter that changes the answer
	Text    string // the raw input text (the cache normalises it)
}

// Stats is a snapshot of the cache counters.
type Stats struct {
	Entries     int    // live entries held in memory
	Hits        uint64 // all hits (exact + near)
	ExactHits   uint64 // hits on the exact index
	NearHits    uint64 // near-duplicate hits (subset of Hits)
	NearHNSW    uint64 // near hits whose candidate came from the HNSW search
	NearBackup  uint64 // near hits found only by the core-skeleton list (HNSW missed it)
	Misses      uint64
	Evictions   uint64 // entries dropped by generation rotation
	Expired     uint64 // entries found expired (skipped at lookup or load)
	Forgotten   uint64 // entries dropped by Forget
	Bytes       int64  // approximate bytes held by entries (values, text, vectors, index)
	Generations uint64 // rotations so far

	// Provider embedder (Options.Embedder) only:
	EmbedCalls      uint64 // calls that returned a usable vector
	EmbedFallbacks  uint64 // calls failed, timed out, refused (in-flight bound) or unusable: lookup exact-only, Put without graph node
	ExactOnlyLoaded uint64 // entries loaded at Open without a vector of the configured space (exact hits only)
}

const (
	ScopeAccount = "account"
	ScopeGlobal  = "global"

	DefaultMaxEntries = 200_000
	DefaultTTL        = 24 * time.Hour
)

// Cache is safe for concurrent use.
type Cache struct {
	opts   Options
	global bool
	now    func() time.Time
	genCap int // entries per generation = MaxEntries/2

	// genMu: Put holds it for reading from slot allocation to publication;
	// rotation, the expiry drop and Close hold it for writing. Get never
	// takes it (only shard read locks).
	genMu   sync.RWMutex
	cur     atomic.Pointer[generation]
	prev    atomic.Pointer[generation]
	nextSeq uint64 // under genMu (read) + cur.amu, or genMu (write)

	shards [nShards]shard
	raw    rawMemo

	db *pebble.DB

	hits, exactHits, nearHits, nearHNSW, nearBackup, misses, evictions, expired, forgotten, rotations atomic.Uint64

	pe                                          *pembedder // nil: n-gram embedder
	embedCalls, embedFallbacks, exactOnlyLoaded atomic.Uint64

	closed atomic.Bool

	threshold   float32 // cosine pre-check (NearThreshold; EvalPairs may lower it)
	noPrefilter bool    // tests: always search the graphs
	noBackup    bool    // tests: HNSW only, no core-skeleton backup
}

// Open creates a cache; with Dir set it opens (or creates) the Pebble store
// there and reloads the unexpired entries.
func Open(opts Options) (*Cache, error) {
	switch opts.Scope {
	case "":
		opts.Scope = ScopeAccount
	case ScopeAccount, ScopeGlobal:
	default:
		return nil, fmt.Errorf("cache: scope %q: want %q or %q", opts.Scope, ScopeAccount, ScopeGlobal)
	}
	if opts.MaxEntries <= 0 {
		opts.MaxEntries = DefaultMaxEntries
	}
	if opts.MaxEntries < 2 {
		opts.MaxEntries = 2
	}
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Embedder != nil {
		if opts.EmbedderID == "" {
			return nil, errors.New("cache: EmbedderID is required with Embedder")
		}
		if opts.EmbedTimeout <= 0 {
			opts.EmbedTimeout = DefaultEmbedTimeout
		}
		if opts.EmbedMaxInFlight <= 0 {
			opts.EmbedMaxInFlight = DefaultEmbedMaxInFlight
		}
	}
	c := &Cache{
		opts:      opts,
		global:    opts.Scope == ScopeGlobal,
		now:       opts.Now,
		genCap:    opts.MaxEntries / 2,
		nextSeq:   1,
		threshold: NearThreshold,
	}
	if opts.Embedder != nil {
		c.pe = newPembedder(opts)
		c.threshold = ProviderThreshold
	}
	g := newGeneration(c.nextSeq, c.genCap)
	c.cur.Store(g)
	for i := range c.shards {
		c.shards[i].g[0] = newShardGen(g)
	}
	if opts.Dir != "" {
		if err := c.openStore(); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// Close flushes and closes the store. The cache must not be used afterwards.
func (c *Cache) Close() error {
	if !c.closed.CompareAndSwap(false, true) {
		return nil
	}
	c.genMu.Lock() // waits for Puts in flight
	defer c.genMu.Unlock()
	if c.db != nil {
		err := c.db.Close()
		c.db = nil
		return err
	}
	return nil
}

// Stats returns a snapshot of the counters.
func (c *Cache) Stats() Stats {
	var n, b int64
	for _, g := range [2]*generation{c.cur.Load(), c.prev.Load()} {
		if g != nil {
			n += g.live.Load()
			b += g.bytes.Load()
		}
	}
	return Stats{
		Entries:     int(n),
		Hits:        c.hits.Load(),
		ExactHits:   c.exactHits.Load(),
		NearHits:    c.nearHits.Load(),
		NearHNSW:    c.nearHNSW.Load(),
		NearBackup:  c.nearBackup.Load(),
		Misses:      c.misses.Load(),
		Evictions:   c.evictions.Load(),
		Expired:     c.expired.Load(),
		Forgotten:   c.forgotten.Load(),
		Bytes:       b,
		Generations: c.rotations.Load(),

		EmbedCalls:      c.embedCalls.Load(),
		EmbedFallbacks:  c.embedFallbacks.Load(),
		ExactOnlyLoaded: c.exactOnlyLoaded.Load(),
	}
}

// scopeAccount is the account part of every key: "" in global scope.
func (c *Cache) scopeAccount(account string) string {
	if c.global {
		return ""
	}
	return account
}
