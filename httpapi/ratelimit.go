package httpapi

import (
	"hash/maphash"
	"math"
	"strings"
	"sync"
	"time"
)

// window is the length of every rate-limit window.
const window = time.Minute

// limiter is a sliding-window rate limiter over one-second buckets.
//
// Each subject keeps, for each whole second of Unix time (a bucket), how many
// of its requests were allowed in it. A request is allowed when fewer than
// limit allowed requests are counted, and a request stays counted until its
// bucket has fully left the window: a request in second s (at s <= t < s+1)
// is counted while now < s+1+60s. Every request of the exact window
// (now-60s, now] is therefore counted, so no 60-second window ever holds more
// than limit allowed requests; the limiter is conservative by at most one
// bucket (a request is counted for between 60 s and 61 s). Because the
// window's start falls inside a bucket, 61 buckets are kept, not 60.
// One-second buckets also make decision.reset a whole second, so the
// RFC 3339 X-RateLimit-Reset header is exact, not truncated.
//
// Memory per subject is a fixed 256 bytes whatever the limit (61 uint32
// counts, their total and the newest bucket), plus its map entry; changing a
// subject's limit keeps its counts. Subjects live in shards, each a mutex and
// a map, chosen by a seeded hash of the subject: there is no process-wide
// lock, and the lookup of an existing subject does not allocate. Only
// authenticated subjects (keys, accounts) are tracked; failed
// authentications are counted per address by a failCounter (authfail.go).
type limiter struct {
	seed     maphash.Seed
	shardCap int // subjects per shard before a sweep; maxSubjects/limiterShards
	shards   [limiterShards]limiterShard
}

// limiterShards is the number of shards, a power of two.
const limiterShards = 64

type limiterShard struct {
	mu   sync.Mutex
	subs map[string]*subjectWindow
	_    [64 - 16]byte // a cache line per shard: no false sharing of the locks
}

// maxSubjects bounds the memory of a limiter, a failCounter and a blocklist. A limiter's
// shard holds at most maxSubjects/limiterShards subjects: past it, the
// shard's subjects with no request counted are swept, and if every one is
// active the shard is reset (a burst of that many distinct subjects within a
// minute is itself an attack, and forgetting them only relaxes their limits).
const maxSubjects = 100_000

// windowBuckets is the number of one-second buckets a subject keeps: the 60
// of the window and the one its start falls in.
const windowBuckets = int64(window/time.Second) + 1

// subjectWindow is one subject's counts: counts[slot(b)] is the number of
// allowed requests in second b, for b in (newest-windowBuckets, newest].
type subjectWindow struct {
	newest int64  // the newest bucket (Unix second) the counts are advanced to
	total  uint32 // sum of counts
	counts [windowBuckets]uint32
}

func newLimiter() *limiter {
	l := &limiter{seed: maphash.MakeSeed(), shardCap: maxSubjects / limiterShards}
	for i := range l.shards {
		l.shards[i].subs = make(map[string]*subjectWindow)
	}
	return l
}

// decision is the outcome of one check.
type decision struct {
	allowed   bool
	limit     int
	remaining int
	reset     time.Time // when the oldest counted request leaves the window
}

// allow records a request of subject at now against limit per minute.
func (l *limiter) allow(subject string, limit int, now time.Time) decision {
	if limit < 1 {
		limit = 1
	}
	lim := uint64(limit)
	if lim > math.MaxUint32 { // counts are uint32; 4e9 a minute is no limit
		lim = math.MaxUint32
	}
	sh := &l.shards[maphash.String(l.seed, subject)&(limiterShards-1)]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	w := sh.subs[subject]
	if w == nil {
		if len(sh.subs) >= l.shardCap {
			sh.sweep(now.Unix(), l.shardCap)
		}
		w = &subjectWindow{newest: now.Unix()}
		sh.subs[strings.Clone(subject)] = w // do not pin the caller's buffer
	}
	w.advance(now.Unix())
	d := decision{limit: limit}
	if uint64(w.total) < lim {
		w.counts[slot(w.newest)]++
		w.total++
		d.allowed = true
	}
	d.remaining = max(limit-int(w.total), 0)
	d.reset = time.Unix(w.oldest()+windowBuckets, 0).UTC()
	return d
}

// advance moves the window to second now, dropping the buckets that leave it.
// A clock that went back counts into the newest bucket (conservative).
func (w *subjectWindow) advance(now int64) {
	if now <= w.newest {
		return
	}
	if now-w.newest >= windowBuckets {
		w.counts, w.total = [windowBuckets]uint32{}, 0
	} else {
		for b := w.newest + 1; b <= now; b++ {
			i := slot(b)
			w.total -= w.counts[i]
			w.counts[i] = 0
		}
	}
	w.newest = now
}

// oldest is the oldest bucket with a counted request, or newest if none.
func (w *subjectWindow) oldest() int64 {
	if w.total != 0 {
		for b := w.newest - windowBuckets + 1; b < w.newest; b++ {
			if w.counts[slot(b)] != 0 {
				return b
			}
		}
	}
	return w.newest
}

// idle reports whether w counts no request at second now.
func (w *subjectWindow) idle(now int64) bool {
	return w.total == 0 || now-w.newest >= windowBuckets
}

func slot(b int64) int {
	i := b % windowBuckets
	if i < 0 {
		i += windowBuckets
	}
	return int(i)
}

// sweep drops the shard's subjects with no request counted at second now; if
// capacity subjects remain, all are dropped. Called with mu held.
func (sh *limiterShard) sweep(now int64, capacity int) {
	for k, w := range sh.subs {
		if w.idle(now) {
			delete(sh.subs, k)
		}
	}
	if len(sh.subs) >= capacity {
		sh.subs = make(map[string]*subjectWindow)
	}
}
