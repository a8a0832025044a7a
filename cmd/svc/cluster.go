package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"svc/clock"
	"svc/httpapi"
)

// clusterFlags are the flags of a node that shares state with others
// besides the ledger (docs/scaling.md): the rate limits in Redis.
type clusterFlags struct {
	redisURL     string
	redisTimeout time.Duration
}

func (c *clusterFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.redisURL, "redis-url", envOr("SVC_REDIS_URL", ""), "Redis URL (redis://host:port/db) of the per-minute rate limits shared by every node; default: limits per node (SVC_REDIS_URL)")
	fs.DurationVar(&c.redisTimeout, "redis-timeout", httpapi.DefaultRedisTimeout, "deadline of one Redis rate-limit call; past it the node decides alone")
}

// clockPoll is how often a node reads the shared test clock: an advance on
// one node holds on every node within one second.
const clockPoll = 250 * time.Millisecond

// openCluster opens what a node shares besides the ledger: the Redis rate
// limits (nil without --redis-url) and, with --test-clock and
// --database-url, the test clock's offset in PostgreSQL. stop releases them.
func openCluster(cfg serveConfig, clk *clock.Clock) (rl *httpapi.RedisLimits, stop func(), err error) {
	ctx, cancel := context.WithCancel(context.Background())
	var closers []func()
	stop = func() {
		cancel()
		for _, c := range closers {
			c()
		}
	}
	if cfg.cluster.redisURL != "" {
		if rl, err = httpapi.OpenRedisLimits(cfg.cluster.redisURL, cfg.cluster.redisTimeout); err != nil {
			stop()
			return nil, nil, err
		}
		closers = append(closers, func() { rl.Close() })
	}
	if cfg.testClock && cfg.databaseURL != "" {
		octx, ocancel := context.WithTimeout(ctx, 30*time.Second)
		store, err := clock.OpenPGOffset(octx, cfg.databaseURL)
		ocancel()
		if err != nil {
			stop()
			return nil, nil, err
		}
		closers = append(closers, store.Close)
		if err := clk.Share(ctx, store, clockPoll); err != nil {
			stop()
			return nil, nil, fmt.Errorf("shared clock: %w", err)
		}
	}
	return rl, stop, nil
}
