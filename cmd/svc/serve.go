package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/ledger"
	"svc/ledger/pgledger"
)

// serveConfig is DESIGN.md's configuration table: each flag has an
// environment twin, and the defaults serve offline.
type serveConfig struct {
	addr, adminAddr, adminToken, dataDir, cacheScope, logLevel string
	cacheEmbedder                                              string
	objective                                                  string // engine.Objectives.Set syntax; "" = SVC_OBJECTIVE
	whenProvidersDown                                          string // engine.Config.WhenProvidersDown
	demo, testClock                                            bool
	databaseURL                                                string
	shutdownTimeout                                            time.Duration
	cluster                                                    clusterFlags
	trustedProxies                                             httpapi.TrustedProxies
}

func parseServe(args []string) (serveConfig, error) {
	var c serveConfig
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.StringVar(&c.addr, "addr", envOr("SVC_ADDR", "127.0.0.1:8080"), "public listener (SVC_ADDR)")
	fs.StringVar(&c.adminAddr, "admin-addr", envOr("SVC_ADMIN_ADDR", "127.0.0.1:8081"), "admin listener (SVC_ADMIN_ADDR)")
	fs.StringVar(&c.adminToken, "admin-token", envOr("SVC_ADMIN_TOKEN", ""), "admin token (SVC_ADMIN_TOKEN); default: generated at first start into <data-dir>/admin.token")
	fs.StringVar(&c.dataDir, "data-dir", envOr("SVC_DATA_DIR", "./data"), "data directory (SVC_DATA_DIR)")
	fs.BoolVar(&c.demo, "demo", envBool("SVC_DEMO", true), "create a demo account and keys on an empty store (SVC_DEMO)")
	noDemo := fs.Bool("no-demo", false, "do not create the demo account")
	fs.BoolVar(&c.testClock, "test-clock", envBool("SVC_TEST_CLOCK", false), "enable POST /admin/v1/clock; never in production (SVC_TEST_CLOCK)")
	fs.StringVar(&c.cacheScope, "cache-scope", envOr("SVC_CACHE_SCOPE", "account"), "semantic cache scope: account or global (SVC_CACHE_SCOPE)")
	fs.StringVar(&c.cacheEmbedder, "cache-embedder", envOr("SVC_CACHE_EMBEDDER", "ngram"), "near-duplicate embedder of the cache: ngram, llm_a or llm_b (the provider's SVC_LLM_X_EMBED_MODEL) (SVC_CACHE_EMBEDDER)")
	fs.StringVar(&c.databaseURL, "database-url", envOr("SVC_DATABASE_URL", ""), "PostgreSQL URL (postgres://...) of the ledger shared by every node; default: the embedded Pebble ledger in <data-dir>/ledger (SVC_DATABASE_URL)")
	fs.StringVar(&c.objective, "objective", "", `end-to-end latency objectives, e.g. "all=2s,report=30s" (ops: classify, moderate, rubric, translate, reply, report; "all" = every one but report); default 2s, report 30s (SVC_OBJECTIVE)`)
	fs.StringVar(&c.whenProvidersDown, "when-providers-down", envOr("SVC_WHEN_PROVIDERS_DOWN", engine.ProvidersDownBuiltin), "when no provider can answer within the objective: builtin (answer from the built-in engine, marked X-SVC-Degraded: builtin) or fail (500) (SVC_WHEN_PROVIDERS_DOWN)")
	fs.StringVar(&c.logLevel, "log-level", envOr("SVC_LOG_LEVEL", "info"), "debug, info, warn or error (SVC_LOG_LEVEL)")
	fs.DurationVar(&c.shutdownTimeout, "shutdown-timeout", 15*time.Second, "drain deadline on SIGTERM")
	trusted := fs.String("trusted-proxies", envOr("SVC_TRUSTED_PROXIES", ""), "CIDR,... of load balancers allowed to state the client address by a PROXY protocol header or X-Forwarded-For; default none (SVC_TRUSTED_PROXIES)")
	c.cluster.register(fs)
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	var err error
	if c.trustedProxies, err = httpapi.ParseTrustedProxies(*trusted); err != nil {
		return c, err
	}
	if *noDemo {
		c.demo = false
	}
	if c.cacheScope != "account" && c.cacheScope != "global" {
		return c, fmt.Errorf("--cache-scope must be account or global, not %q", c.cacheScope)
	}
	if c.cacheEmbedder != "ngram" && !engine.ValidProvider(c.cacheEmbedder) {
		return c, fmt.Errorf("--cache-embedder must be ngram, llm_a or llm_b, not %q", c.cacheEmbedder)
	}
	if c.whenProvidersDown != engine.ProvidersDownBuiltin && c.whenProvidersDown != engine.ProvidersDownFail {
		return c, fmt.Errorf("--when-providers-down must be builtin or fail, not %q", c.whenProvidersDown)
	}
	if c.objective != "" {
		var o engine.Objectives
		if err := o.Set(c.objective); err != nil {
			return c, fmt.Errorf("--objective: %w", err)
		}
	}
	return c, nil
}

func serve(args []string) error {
	cfg, err := parseServe(args)
	if err != nil {
		return err
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.logLevel)); err != nil {
		return fmt.Errorf("--log-level: %w", err)
	}
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level})))
	if err := os.MkdirAll(cfg.dataDir, 0o700); err != nil {
		return err
	}
	clk := clock.New()
	led, err := openLedger(cfg, clk.Now)
	if err != nil {
		return fmt.Errorf("open ledger: %w", err)
	}
	defer led.Close()
	ecfg, err := engine.ConfigFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	if cfg.objective != "" { // the flag wins over SVC_OBJECTIVE, entry by entry
		if err := ecfg.Objectives.Set(cfg.objective); err != nil {
			return fmt.Errorf("--objective: %w", err)
		}
	}
	ecfg.WhenProvidersDown = cfg.whenProvidersDown
	eng, err := engine.New(ecfg)
	if err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	defer eng.Close()
	copts := cache.Options{Dir: filepath.Join(cfg.dataDir, "cache"), Scope: cfg.cacheScope, Now: clk.Now}
	if cfg.cacheEmbedder != "ngram" {
		fn, id, err := eng.Embedder(cfg.cacheEmbedder)
		if err != nil {
			return fmt.Errorf("--cache-embedder %s: %w", cfg.cacheEmbedder, err)
		}
		copts.Embedder, copts.EmbedderID = fn, id
	}
	ch, err := cache.Open(copts)
	if err != nil {
		return fmt.Errorf("open cache: %w", err)
	}
	defer ch.Close()

	token, err := adminToken(cfg)
	if err != nil {
		return err
	}
	if cfg.demo {
		if err := bootstrapDemo(led, cfg.dataDir); err != nil {
			return err
		}
	}

	rl, stopCluster, err := openCluster(cfg, clk)
	if err != nil {
		return err
	}
	defer stopCluster()
	srv := httpapi.New(httpapi.Config{AdminToken: token, TestClock: cfg.testClock, DataDir: cfg.dataDir, Redis: rl, TrustedProxies: cfg.trustedProxies}, led, eng, ch, clk)
	pub := httpapi.NewHTTPServer(srv.Handler(), "svc")
	adm := httpapi.NewHTTPServer(srv.AdminHandler(), "svc-admin")
	pl, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	pl = httpapi.ProxyListener(pl, cfg.trustedProxies) // PROXY headers from trusted peers only
	al, err := net.Listen("tcp", cfg.adminAddr)
	if err != nil {
		pl.Close()
		return err
	}
	if host, _, _ := net.SplitHostPort(cfg.adminAddr); !isLoopback(host) {
		slog.Warn("admin listener is not on loopback", "addr", cfg.adminAddr)
	}
	errc := make(chan error, 2)
	go func() { errc <- pub.Serve(pl) }()
	go func() { errc <- adm.Serve(al) }()
	fmt.Printf("svc %s serving /v1 on http://%s and the admin API on http://%s (data in %s)\n", httpapi.Version, pl.Addr(), al.Addr(), cfg.dataDir)
	slog.Info("serving", "addr", pl.Addr().String(), "admin_addr", al.Addr().String(), "test_clock", cfg.testClock,
		"trusted_proxies", cfg.trustedProxies.String())

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	select {
	case s := <-sig:
		slog.Info("shutting down", "signal", s.String())
	case err := <-errc:
		slog.Error("listener failed", "err", err)
	}
	// Stop accepting, drain in-flight requests within the deadline; the
	// deferred closes then close the cache, the engine and Pebble cleanly.
	ctx, cancel := context.WithTimeout(context.Background(), cfg.shutdownTimeout)
	defer cancel()
	if err := pub.ShutdownWithContext(ctx); err != nil {
		slog.Warn("drain deadline passed", "err", err)
	}
	_ = adm.ShutdownWithContext(ctx)
	slog.Info("stopped")
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// adminToken returns the configured token, or the one kept in
// <data-dir>/admin.token, generating and printing it on first start.
func adminToken(cfg serveConfig) (string, error) {
	if cfg.adminToken != "" {
		return cfg.adminToken, nil
	}
	path := filepath.Join(cfg.dataDir, "admin.token")
	if b, err := os.ReadFile(path); err == nil {
		if t := strings.TrimSpace(string(b)); t != "" {
			return t, nil
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", err
	}
	var raw [24]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", err
	}
	t := "svc_admin_" + hex.EncodeToString(raw[:])
	if err := os.WriteFile(path, []byte(t+"\n"), 0o600); err != nil {
		return "", err
	}
	if err := revealSecrets(cfg.dataDir, fmt.Sprintf("admin token (kept in %s): %s\n", path, t)); err != nil {
		return "", err
	}
	return t, nil
}

// exclusiveLedger is a ledger shared by several nodes that runs a function
// under a lock all of them take (pgledger.Ledger.Exclusive).
type exclusiveLedger interface {
	Exclusive(ctx context.Context, fn func() error) error
}

// bootstrapDemo makes the demo account if the ledger has no account, once
// even when several nodes start at once on one empty database: the check
// and the creation run under the shared ledger's lock.
func bootstrapDemo(led ledger.Ledger, dataDir string) error {
	run := func() error {
		empty, err := led.Empty(context.Background())
		if err != nil {
			return fmt.Errorf("ledger: %w", err)
		}
		if empty {
			if err := createDemo(led, dataDir); err != nil {
				return fmt.Errorf("demo account: %w", err)
			}
		}
		return nil
	}
	if x, ok := led.(exclusiveLedger); ok {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		return x.Exclusive(ctx, run)
	}
	return run() // one process per Pebble ledger
}

// createDemo makes the demo account with a sandbox key and a live key holding
// a 25 USD pack, and reveals both keys once (revealSecrets).
func createDemo(l ledger.Ledger, dataDir string) error {
	ctx := context.Background()
	acc, err := l.CreateAccount(ctx, "demo", ledger.DefaultRateLimit)
	if err != nil {
		return err
	}
	_, sandbox, err := l.CreateKey(ctx, acc.ID, ledger.Sandbox)
	if err != nil {
		return err
	}
	_, live, err := l.CreateKey(ctx, acc.ID, ledger.Live)
	if err != nil {
		return err
	}
	if _, err := l.Purchase(ctx, acc.ID, 25); err != nil {
		return err
	}
	return revealSecrets(dataDir, fmt.Sprintf("demo account %s created\n  sandbox key: %s\n  live key:    %s (25.000 USD of credits)\nThese keys are shown once.\n", acc.ID, sandbox, live))
}

// openLedger opens the PostgreSQL ledger when a database URL is set, else
// the embedded Pebble ledger in <data-dir>/ledger.
func openLedger(cfg serveConfig, now func() time.Time) (ledger.Ledger, error) {
	if cfg.databaseURL == "" {
		return ledger.Open(filepath.Join(cfg.dataDir, "ledger"), now)
	}
	host, _ := os.Hostname()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return pgledger.Open(ctx, cfg.databaseURL, pgledger.Options{Now: now, Node: fmt.Sprintf("%s/%d/%s", host, os.Getpid(), cfg.addr)})
}
