package httpapi

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/internal/testredis"
)

// openRedis returns shared limits on url with a deadline generous enough
// that a loaded test machine never falls back by accident.
func openRedis(t *testing.T, url string) *RedisLimits {
	t.Helper()
	r, err := OpenRedisLimits(url, 5*time.Second)
	require.NoError(t, err)
	t.Cleanup(func() { r.Close() })
	return r
}

// Two nodes sharing one Redis decide exactly as one node's limiter would:
// the same allowed, remaining and reset for every request of a random
// sequence spread over both nodes, with no decision taken locally.
func TestRedisLimiterMatchesOneNode(t *testing.T) {
	srv := testredis.Start(t)
	a, b := openRedis(t, srv.URL), openRedis(t, srv.URL)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, limit := range []int{1, 3, 10} {
		one := newLimiter()
		nodes := []*sharedLimiter{a.limiter("k"), b.limiter("k")}
		subject := "key_model_" + string(rune('a'+limit))
		now := at(0)
		for i := range 800 {
			switch rng.IntN(10) {
			case 0:
				now = now.Add(time.Duration(rng.Int64N(int64(90 * time.Second))))
			case 1, 2, 3:
			default:
				now = now.Add(time.Duration(rng.Int64N(int64(3 * time.Second))))
			}
			want := one.allow(subject, limit, now)
			got := nodes[rng.IntN(2)].allow(subject, limit, now)
			require.Equal(t, want, got, "request %d at %v, limit %d", i, now, limit)
		}
	}
	require.Zero(t, a.fallbacks.Load()+b.fallbacks.Load(), "no decision may be local while Redis answers")
	require.Equal(t, "ok", (&Server{cfg: Config{Redis: a}}).redisState())
}

// The script keeps at most the window's 61 buckets of a subject and lets
// the hash expire: Redis memory per subject is bounded whatever the traffic.
func TestRedisLimiterBoundedKeys(t *testing.T) {
	srv := testredis.Start(t)
	r := openRedis(t, srv.URL)
	l := r.limiter("k")
	for s := range 200 { // one request a second for 200 s
		require.True(t, l.allow("key_b", 1000, at(float64(s))).allowed)
	}
	ctx := context.Background()
	n, err := r.client.HLen(ctx, redisKeyPrefix+"k:key_b").Result()
	require.NoError(t, err)
	require.Equal(t, int64(windowBuckets), n)
	ttl, err := r.client.TTL(ctx, redisKeyPrefix+"k:key_b").Result()
	require.NoError(t, err)
	require.Greater(t, ttl, time.Duration(0))
	require.LessOrEqual(t, ttl, 62*time.Second)
}

// Redis stopped: every decision is still taken (per node), counted as a
// fallback, health says unavailable; Redis back: decisions are shared again.
func TestRedisLimiterFallbackAndRecovery(t *testing.T) {
	srv := testredis.Start(t)
	r, err := OpenRedisLimits(srv.URL, 0) // the production deadline
	require.NoError(t, err)
	defer r.Close()
	s := &Server{cfg: Config{Redis: r}}
	l := r.limiter("k")
	now := time.Now()
	// Against Redis: 3 of limit 5 (a slow machine may fall back; then the
	// local count is the same here, as one node serves them all).
	for i := range 3 {
		require.True(t, l.allow("key_f", 5, now).allowed, "request %d", i)
	}
	srv.Stop()
	before := r.fallbacks.Load()
	for i := range 2 { // the local limiter counted the first three
		d := l.allow("key_f", 5, now)
		require.True(t, d.allowed, "request %d", 3+i)
		require.Equal(t, 5-4-i, d.remaining)
	}
	require.False(t, l.allow("key_f", 5, now).allowed, "the per-node limit holds while Redis is down")
	require.Equal(t, before+3, r.fallbacks.Load())
	require.Equal(t, "unavailable", s.redisState())

	srv.Restart(t)
	deadline := time.Now().Add(30 * time.Second)
	for s.redisState() != "ok" {
		require.True(t, time.Now().Before(deadline), "redis state never came back")
		time.Sleep(50 * time.Millisecond)
	}
	f := r.fallbacks.Load()
	d := l.allow("key_g", 2, now)
	require.True(t, d.allowed)
	require.Equal(t, 1, d.remaining)
	require.Equal(t, f, r.fallbacks.Load(), "after recovery the decision comes from Redis")
	v, err := r.client.HGetAll(context.Background(), redisKeyPrefix+"k:key_g").Result()
	require.NoError(t, err)
	require.Len(t, v, 1, "the request is counted in Redis")
}

// One shared decision: an EVALSHA round trip to a loopback Redis (make
// bench-cluster measures it inside the whole request).
func BenchmarkRedisLimiterAllow(b *testing.B) {
	srv := testredis.Start(b)
	r, err := OpenRedisLimits(srv.URL, time.Second)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	l := r.limiter("k")
	now := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			i++
			l.allow("key_"+strconv.Itoa(i%1000), 1<<30, now)
		}
	})
	if f := r.fallbacks.Load(); f != 0 {
		b.Fatalf("%d fallbacks", f)
	}
}
