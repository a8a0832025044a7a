package httpapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
)

// RedisLimits shares the per-minute rate limits of every node through one
// Redis (svc serve --redis-url): a node's limiter asks Redis, in one script
// (EVALSHA) per counted request, whether the subject is under its limit and
// counts the request there, so N nodes allow what one node would.
//
// The window semantics are the in-memory limiter's, to the second: a subject
// is a Redis hash whose fields are Unix seconds (buckets) and whose values
// are the requests allowed in them; a request in second s is counted while
// now < s+61, a request is allowed while fewer than limit are counted, and
// the reset is the oldest counted bucket + 61 s. "now" is the service clock
// of the node (test clocks included), not Redis's, so the headers are the
// ones a single node gives. A hash holds at most 61 fields (older ones are
// deleted by the script) and expires 62 s after its last counted request.
//
// Resilience: every call has a deadline (Timeout, a few milliseconds). A
// failed or late call falls back to the node's own limiter for that request
// (the limits become per node, as without Redis), counts
// svc_ratelimit_redis_fallbacks_total, and opens a breaker: for
// redisRetryAfter no request waits on Redis, then one request probes it.
// Every request is also counted in the node's own limiter, so a fallback
// starts from what this node served in the last minute, not from zero.
type RedisLimits struct {
	client  *redis.Client
	timeout time.Duration
	// openUntil is the Unix nanosecond until which Redis is skipped; 0 when
	// the breaker is closed. probing is set by the one request that probes.
	openUntil atomic.Int64
	probing   atomic.Bool
	fallbacks atomic.Int64 // decisions taken locally, as redisFallbacks
}

// Metrics of the shared limits, on the process's registry.
var (
	redisUp = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "svc_ratelimit_redis_up", Help: "1 while the shared rate limits answer from Redis (or no --redis-url), 0 while the breaker is open and limits are per node.",
	})
	redisFallbacks = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "svc_ratelimit_redis_fallbacks_total", Help: "Rate-limit decisions taken by the node's own limiter because Redis failed, was late or its breaker was open.",
	})
)

func init() {
	redisUp.Set(1)
	mx.reg.MustRegister(redisUp, redisFallbacks)
}

// DefaultRedisTimeout bounds every Redis call of the rate limiter. A call
// takes ~0.1 ms on loopback; the bound is wider because a late answer makes
// the decision local (per node, so N nodes allow up to N times the limit)
// and opens the breaker for redisRetryAfter, so one late call makes a whole
// second of decisions local. A 2-core node under load with PostgreSQL
// beside it was measured missing 25 ms, and at load average 16 under
// stress-ng missing 100 ms (TestCluster let 19 of 30 requests through a
// limit of 10). A hung Redis costs at most one such wait per second per
// node: the breaker skips Redis after the first.
const DefaultRedisTimeout = 500 * time.Millisecond

// redisRetryAfter is how long an open breaker skips Redis before a probe.
const redisRetryAfter = time.Second

// redisKeyPrefix namespaces the limiter's keys in a Redis shared with others.
const redisKeyPrefix = "svc:rl:"

// OpenRedisLimits parses url (redis://[user:password@]host:port[/db]) and
// returns the shared limits over a bounded pool. It does not wait for Redis:
// a Redis down at start means per-node limits until it answers.
func OpenRedisLimits(url string, timeout time.Duration) (*RedisLimits, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("--redis-url: %w", err)
	}
	if timeout <= 0 {
		timeout = DefaultRedisTimeout
	}
	opt.MaxRetries = -1 // a retry would exceed the deadline; the fallback is the retry
	opt.DialTimeout = 4 * timeout
	opt.ReadTimeout = timeout
	opt.WriteTimeout = timeout
	opt.PoolTimeout = timeout
	opt.ContextTimeoutEnabled = true
	opt.PoolSize = 64 // bounded: at most 64 calls in flight per node
	opt.MinIdleConns = 4
	opt.DisableIdentity = true // no CLIENT SETINFO round trips on connect
	opt.DialerRetries = 1      // one dial per call: a refused dial is a fallback, not 5 x 100 ms
	opt.DialerRetryTimeout = timeout
	quietRedis.Do(func() { redis.SetLogger(redisLog{}) })
	return &RedisLimits{client: redis.NewClient(opt), timeout: timeout}, nil
}

// quietRedis silences go-redis's own logging once per process: the breaker
// logs Redis going and coming back, once each, instead of every failed dial.
var quietRedis sync.Once

type redisLog struct{}

func (redisLog) Printf(context.Context, string, ...any) {}

// Close closes the pool.
func (r *RedisLimits) Close() error { return r.client.Close() }

// Check pings Redis within the call deadline; health reports its result.
// A success closes the breaker.
func (r *RedisLimits) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 4*r.timeout)
	defer cancel()
	err := r.client.Ping(ctx).Err()
	if err == nil {
		r.closeBreaker()
	}
	return err
}

func (r *RedisLimits) fellBack() {
	r.fallbacks.Add(1)
	redisFallbacks.Inc()
}

func (r *RedisLimits) closeBreaker() {
	if r.openUntil.Swap(0) != 0 {
		redisUp.Set(1)
		slog.Info("redis rate limits: back")
	}
}

func (r *RedisLimits) openBreaker(err error) {
	if r.openUntil.Swap(time.Now().Add(redisRetryAfter).UnixNano()) == 0 {
		redisUp.Set(0)
		slog.Warn("redis rate limits: unavailable, per-node limits until it answers", "err", err)
	}
}

// usable reports whether this request should ask Redis: the breaker is
// closed, or it is open, its time is up and no other request is probing.
func (r *RedisLimits) usable() (ok, probe bool) {
	until := r.openUntil.Load()
	if until == 0 {
		return true, false
	}
	if time.Now().UnixNano() < until || !r.probing.CompareAndSwap(false, true) {
		return false, false
	}
	return true, true
}

// windowScript counts one request of the subject KEYS[1] at second ARGV[1]
// against limit ARGV[2]; it returns {allowed (0/1), counted requests after
// this one, oldest counted bucket (or now when none)}. Buckets older than
// now-60 are deleted; buckets newer than now (another node's clock ahead
// by under a second) are counted, which is conservative.
var windowScript = redis.NewScript(`
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local first = now - 60
local kv = redis.call('HGETALL', KEYS[1])
local total, oldest = 0, now
for i = 1, #kv, 2 do
  local b = tonumber(kv[i])
  if b < first then
    redis.call('HDEL', KEYS[1], kv[i])
  else
    total = total + tonumber(kv[i + 1])
    if b < oldest then oldest = b end
  end
end
local allowed = 0
if total < limit then
  redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
  redis.call('EXPIRE', KEYS[1], 62)
  total = total + 1
  allowed = 1
end
return {allowed, total, oldest}
`)

// sharedLimiter is one limit family (per key, or reports per account) over
// RedisLimits, with the node's own limiter as the fallback.
type sharedLimiter struct {
	r      *RedisLimits
	prefix string // redisKeyPrefix + the family
	local  *limiter
}

// rateLimiter is what a Server needs of a limit family.
type rateLimiter interface {
	allow(subject string, limit int, now time.Time) decision
}

// limiter implements rateLimiter.
var _ rateLimiter = (*limiter)(nil)

func (r *RedisLimits) limiter(family string) *sharedLimiter {
	return &sharedLimiter{r: r, prefix: redisKeyPrefix + family + ":", local: newLimiter()}
}

// allow counts a request of subject at now against limit per minute in
// Redis, or in the node's limiter when Redis does not answer in time.
func (l *sharedLimiter) allow(subject string, limit int, now time.Time) decision {
	limit = max(limit, 1)
	return l.r.decide(l.prefix+subject, limit, now, l.local.allow(subject, limit, now))
}

// sharedFailures is the failed-authentication count per client address
// (authfail.go) over RedisLimits, in the same window script as the limits
// (family "f"), with the node's failCounter as the fallback.
type sharedFailures struct {
	r     *RedisLimits
	local *failCounter
}

func (r *RedisLimits) failures() *sharedFailures {
	return &sharedFailures{r: r, local: newFailCounter()}
}

// fail counts one failure of a in Redis, or in the node's counter when Redis
// does not answer in time. Called on failures only: a valid key's request
// never reaches Redis for this.
func (f *sharedFailures) fail(a netip.Addr, limit int, now time.Time) decision {
	return f.r.decide(redisKeyPrefix+"f:"+a.String(), max(limit, 1), now, f.local.fail(a, limit, now))
}

// decide is Redis's decision for key, or local when Redis is skipped (open
// breaker), fails or is late.
func (r *RedisLimits) decide(key string, limit int, now time.Time, local decision) decision {
	ok, probe := r.usable()
	if !ok {
		r.fellBack()
		return local
	}
	d, err := r.remote(key, limit, now)
	if probe {
		r.probing.Store(false)
	}
	if err != nil {
		r.openBreaker(err)
		r.fellBack()
		return local
	}
	r.closeBreaker()
	return d
}

// remote runs windowScript for key within the call deadline.
func (r *RedisLimits) remote(key string, limit int, now time.Time) (decision, error) {
	ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
	defer cancel()
	sec := now.Unix()
	res, err := windowScript.Run(ctx, r.client, []string{key}, sec, limit).Int64Slice()
	if err != nil {
		return decision{}, err
	}
	if len(res) != 3 {
		return decision{}, errors.New("redis rate limit: script returned " + strconv.Itoa(len(res)) + " values")
	}
	d := decision{allowed: res[0] == 1, limit: limit, remaining: max(limit-int(res[1]), 0)}
	d.reset = time.Unix(res[2]+windowBuckets, 0).UTC()
	return d, nil
}

// redisState is health's redis member: "ok" when the limits are shared
// through a Redis that answers a PING, or when there is no --redis-url (the
// per-node limiter is the tier then); "unavailable" when Redis does not
// answer (limits are per node meanwhile; the service keeps serving, so
// health stays 200 with status "degraded").
func (s *Server) redisState() string {
	if s.cfg.Redis == nil {
		return "ok"
	}
	if err := s.cfg.Redis.Check(context.Background()); err != nil {
		s.cfg.Redis.openBreaker(err)
		return "unavailable"
	}
	return "ok"
}
