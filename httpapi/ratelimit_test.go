package httpapi

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// at is a time t seconds (fractional) after 2026-01-01T12:00:00Z.
func at(t float64) time.Time {
	return time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC).Add(time.Duration(t * float64(time.Second)))
}

// size is the number of subjects l tracks.
func (l *limiter) size() int {
	n := 0
	for i := range l.shards {
		sh := &l.shards[i]
		sh.mu.Lock()
		n += len(sh.subs)
		sh.mu.Unlock()
	}
	return n
}

func (l *limiter) shardOf(subject string) int {
	for i := range l.shards {
		sh := &l.shards[i]
		sh.mu.Lock()
		_, ok := sh.subs[subject]
		sh.mu.Unlock()
		if ok {
			return i
		}
	}
	return -1
}

func requireDecision(t *testing.T, d decision, allowed bool, remaining int, reset time.Time) {
	t.Helper()
	require.Equal(t, allowed, d.allowed, "allowed")
	require.Equal(t, remaining, d.remaining, "remaining")
	require.Equal(t, reset, d.reset, "reset")
	require.Equal(t, time.UTC, d.reset.Location())
}

// Limit N: N allowed, the next refused until the first request's second has
// fully left the window (up to one second after the exact window would free
// it), then allowed again.
func TestLimiterBoundary(t *testing.T) {
	l := newLimiter()
	reset := at(61) // request second 12:00:00 ends at 12:00:01, plus the minute
	for i := range 3 {
		d := l.allow("k", 3, at(0.25+float64(i)*0.1))
		requireDecision(t, d, true, 2-i, reset)
		require.Equal(t, 3, d.limit)
	}
	requireDecision(t, l.allow("k", 3, at(0.6)), false, 0, reset)
	requireDecision(t, l.allow("k", 3, at(59.9)), false, 0, reset)
	// The exact window (12:00:00.25, 12:01:00.25] no longer holds the first
	// request, but its bucket has not fully left: still refused.
	requireDecision(t, l.allow("k", 3, at(60.25)), false, 0, reset)
	requireDecision(t, l.allow("k", 3, at(61).Add(-time.Nanosecond)), false, 0, reset)
	// Refused requests are not counted: all three leave together.
	requireDecision(t, l.allow("k", 3, at(61)), true, 2, at(122))
	requireDecision(t, l.allow("k", 3, at(61.5)), true, 1, at(122))
	requireDecision(t, l.allow("k", 3, at(100)), true, 0, at(122))
	requireDecision(t, l.allow("k", 3, at(100)), false, 0, at(122))

	// A limit below 1 is 1; subjects are independent.
	requireDecision(t, l.allow("z", 0, at(0)), true, 0, at(61))
	requireDecision(t, l.allow("z", -5, at(1)), false, 0, at(61))
	require.Equal(t, 1, l.allow("z", 0, at(2)).limit)
	requireDecision(t, l.allow("other", 1, at(1)), true, 0, at(62))
}

func TestLimiterRemainingAndReset(t *testing.T) {
	l := newLimiter()
	requireDecision(t, l.allow("k", 5, at(100.5)), true, 4, at(161))
	requireDecision(t, l.allow("k", 5, at(100.9)), true, 3, at(161))
	requireDecision(t, l.allow("k", 5, at(110.2)), true, 2, at(161))
	requireDecision(t, l.allow("k", 5, at(160.99)), true, 1, at(161))
	// Second 100 (two requests) leaves at 161: 110.2 is now the oldest.
	requireDecision(t, l.allow("k", 5, at(161)), true, 2, at(171))
	requireDecision(t, l.allow("k", 5, at(165)), true, 1, at(171))
	requireDecision(t, l.allow("k", 5, at(166)), true, 0, at(171))
	requireDecision(t, l.allow("k", 5, at(170.5)), false, 0, at(171))
	// Long idle: everything has left, the window starts afresh.
	requireDecision(t, l.allow("k", 5, at(1000.7)), true, 4, at(1061))
	// A clock that goes back counts into the newest bucket.
	requireDecision(t, l.allow("k", 5, at(990)), true, 3, at(1061))
	requireDecision(t, l.allow("k", 5, at(1060.5)), true, 2, at(1061))
	requireDecision(t, l.allow("k", 5, at(1061)), true, 3, at(1121)) // second 1000 (two) left
}

// The limiter against a reference model over random request times: refused
// exactly when limit allowed requests lie in the buckets not fully out of the
// window, remaining and reset as documented, and never more than limit
// allowed requests in any exact 60-second window (t-60s, t].
func TestLimiterSlidingWindowModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, limit := range []int{1, 2, 3, 10, 50} {
		l := newLimiter()
		var allowed []time.Time
		now := at(0)
		for range 4000 {
			// Bursts and gaps, nanosecond resolution.
			switch rng.IntN(10) {
			case 0:
				now = now.Add(time.Duration(rng.Int64N(int64(90 * time.Second))))
			case 1, 2, 3:
			default:
				now = now.Add(time.Duration(rng.Int64N(int64(3 * time.Second))))
			}
			counted := 0
			var oldest int64
			for _, a := range allowed {
				if a.Unix() >= now.Unix()-60 {
					if counted == 0 {
						oldest = a.Unix()
					}
					counted++
				}
			}
			d := l.allow("k", limit, now)
			wantAllowed := counted < limit
			require.Equal(t, wantAllowed, d.allowed, "at %v with %d counted", now, counted)
			if wantAllowed {
				allowed = append(allowed, now)
				if counted == 0 {
					oldest = now.Unix()
				}
				counted++
			}
			require.Equal(t, limit-counted, d.remaining)
			require.Equal(t, time.Unix(oldest+61, 0).UTC(), d.reset)
			inExact := 0
			for _, a := range allowed {
				if a.After(now.Add(-window)) {
					inExact++
				}
			}
			require.LessOrEqual(t, inExact, limit, "exact window at %v", now)
		}
		require.Greater(t, len(allowed), limit)
	}
}

// An admin changing an account's ceiling must not forget the window.
func TestLimiterLimitChangeKeepsCounts(t *testing.T) {
	l := newLimiter()
	for i := range 6 {
		requireDecision(t, l.allow("k", 10, at(float64(i))), true, 9-i, at(61))
	}
	requireDecision(t, l.allow("k", 20, at(10)), true, 13, at(61))
	requireDecision(t, l.allow("k", 5, at(11)), false, 0, at(61))
	requireDecision(t, l.allow("k", 7, at(12)), false, 0, at(61))
	requireDecision(t, l.allow("k", 10, at(13)), true, 2, at(61))
	// Seconds 0..5 leave one by one; lowering to 3 keeps refusing until
	// fewer than 3 remain counted (10, 13 and one of 0..5).
	requireDecision(t, l.allow("k", 3, at(65)), false, 0, at(66))
	requireDecision(t, l.allow("k", 3, at(66)), true, 0, at(71))
}

// Per-subject state is a fixed size: a subject at 1,000,000/min costs what
// one at 10/min does (the old ring of timestamps cost 8 MB).
func TestLimiterMemoryIndependentOfLimit(t *testing.T) {
	require.LessOrEqual(t, unsafe.Sizeof(subjectWindow{}), uintptr(256))
	const n = 2000
	names := make([]string, n)
	for i := range names {
		names[i] = "key_" + strconv.Itoa(i)
	}
	perSubject := func(limit int) float64 {
		l := newLimiter()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for _, s := range names {
			l.allow(s, limit, at(0))
			l.allow(s, limit, at(30)) // touch two buckets
		}
		runtime.ReadMemStats(&after)
		require.Equal(t, n, l.size())
		runtime.KeepAlive(l)
		return float64(after.TotalAlloc-before.TotalAlloc) / n
	}
	small, big := perSubject(10), perSubject(1_000_000)
	t.Logf("bytes allocated per subject: %.0f at 10/min, %.0f at 1,000,000/min", small, big)
	// 256 bytes of state, the key's copy and the map entry; the slack is for
	// other goroutines of the test binary.
	require.Less(t, small, 1024.0)
	require.Less(t, big, 1024.0)
}

// Many goroutines on one subject never get more than limit allowed requests
// in total within one window. Run with -race.
func TestLimiterConcurrentOneSubject(t *testing.T) {
	l := newLimiter()
	const limit, workers, tries = 1000, 32, 100
	var ok atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for range tries {
				// Anywhere in seconds 0..59: all in one window, clock
				// going back and forth between goroutines.
				if l.allow("hot", limit, at(rng.Float64()*59.999)).allowed {
					ok.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	require.Equal(t, int64(limit), ok.Load())
	d := l.allow("hot", limit, at(59))
	require.False(t, d.allowed)
	require.Equal(t, 0, d.remaining)
}

// Concurrent subjects with sweeps and shard resets racing lookups.
func TestLimiterConcurrentSweep(t *testing.T) {
	l := newLimiter()
	l.shardCap = 8
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				l.allow(fmt.Sprintf("k%d_%d", w, i%300), 3, at(float64(i/20)))
			}
		}()
	}
	wg.Wait()
	require.LessOrEqual(t, l.size(), limiterShards*8)
}

// sameShard returns n distinct subjects that land in one shard of l.
func sameShard(l *limiter, n int) []string {
	probe := newLimiter()
	probe.seed = l.seed
	byShard := map[int][]string{}
	for i := 0; ; i++ {
		s := "sub_" + strconv.Itoa(i)
		probe.allow(s, 1, at(0))
		sh := probe.shardOf(s)
		byShard[sh] = append(byShard[sh], s)
		if len(byShard[sh]) == n {
			return byShard[sh]
		}
	}
}

func TestLimiterSweep(t *testing.T) {
	t.Run("idle subjects go, active ones keep their counts", func(t *testing.T) {
		l := newLimiter()
		l.shardCap = 4
		s := sameShard(l, 5)
		sh := &l.shards[func() int { l.allow(s[0], 1, at(0)); return l.shardOf(s[0]) }()]
		l.allow(s[1], 1, at(0.5))
		l.allow(s[2], 1, at(0.9))
		requireDecision(t, l.allow(s[3], 1, at(30)), true, 0, at(91))
		require.Len(t, sh.subs, 4)
		// At 61 the second-0 subjects have nothing counted; s[3] has.
		requireDecision(t, l.allow(s[4], 1, at(61)), true, 0, at(122))
		require.Len(t, sh.subs, 2)
		requireDecision(t, l.allow(s[3], 1, at(61)), false, 0, at(91))
		requireDecision(t, l.allow(s[0], 1, at(62)), true, 0, at(123))
	})
	t.Run("a shard of active subjects is reset", func(t *testing.T) {
		l := newLimiter()
		l.shardCap = 4
		s := sameShard(l, 5)
		for _, k := range s[:4] {
			require.True(t, l.allow(k, 1, at(0)).allowed)
		}
		require.False(t, l.allow(s[0], 1, at(1)).allowed)
		require.True(t, l.allow(s[4], 1, at(2)).allowed)
		require.Equal(t, 1, l.size())
		require.True(t, l.allow(s[0], 1, at(3)).allowed, "forgotten: the limit relaxes")
	})
	t.Run("bounded by maxSubjects", func(t *testing.T) {
		if testing.Short() {
			t.Skip("inserts 130,000 subjects")
		}
		l := newLimiter()
		for i := range maxSubjects * 13 / 10 {
			l.allow("key_"+strconv.Itoa(i), 600, at(float64(i%50)))
			if i%10_000 == 0 {
				require.LessOrEqual(t, l.size(), maxSubjects)
			}
		}
		require.LessOrEqual(t, l.size(), maxSubjects)
		require.Greater(t, l.size(), 0)
	})
}

func TestLimiterAllowDoesNotAllocate(t *testing.T) {
	l := newLimiter()
	key := "key_" + strconv.Itoa(42)
	l.allow(key, 600, at(0))
	i := 0
	allocs := testing.AllocsPerRun(1000, func() {
		i++
		l.allow(key, 600, at(float64(i)*0.1))
	})
	require.Zero(t, allocs)
}

// BenchmarkLimiterAllow measures allow on existing subjects from parallel
// goroutines. A shared tick drives the clock at 1,000,000 requests per minute
// of fake time, exactly the limit, so in steady state a request is allowed and
// one leaves the window. "same-key": every goroutine hits one subject (worst
// contention); "key-per-goroutine": distinct subjects, as many keys would.
func BenchmarkLimiterAllow(b *testing.B) {
	const limit = 1_000_000
	step := time.Minute / limit
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b.Run("same-key", func(b *testing.B) {
		l := newLimiter()
		l.allow("key_bench", limit, base)
		var tick atomic.Int64
		b.ReportAllocs()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				l.allow("key_bench", limit, base.Add(time.Duration(tick.Add(1))*step))
			}
		})
	})
	b.Run("key-per-goroutine", func(b *testing.B) {
		l := newLimiter()
		keys := make([]string, 64)
		for i := range keys {
			keys[i] = "key_bench_" + strconv.Itoa(i)
			l.allow(keys[i], limit, base)
		}
		var tick, next atomic.Int64
		b.ReportAllocs()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			key := keys[int(next.Add(1)-1)%len(keys)]
			for pb.Next() {
				l.allow(key, limit, base.Add(time.Duration(tick.Add(1))*step))
			}
		})
	})
}
