package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/pgledger"
)

// benchServer is a server on a Pebble ledger in a temp dir with one funded
// live key, called in process (no sockets): what a benchmark of the
// authenticated path measures is the handler, not the loopback.
func benchServer(b *testing.B) (fasthttp.RequestHandler, string) {
	return benchServerOn(b, "pebble")
}

// benchTrusted is the trusted proxy list of benchServerOn's servers, set by
// a benchmark before it starts one.
var benchTrusted httpapi.TrustedProxies

// benchServerOn is benchServer on the named ledger: "pebble", or
// "postgres" (a database on the package's PostgreSQL, internal/testpg).
func benchServerOn(b *testing.B, kind string) (fasthttp.RequestHandler, string) {
	b.Helper()
	dir := b.TempDir()
	clk := clock.New()
	var led ledger.Ledger
	var err error
	if kind == "postgres" {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		led, err = pgledger.Open(ctx, testpg.DB(b), pgledger.Options{Now: clk.Now})
	} else {
		led, err = ledger.Open(filepath.Join(dir, "ledger"), clk.Now)
	}
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { led.Close() })
	ch, err := cache.Open(cache.Options{Dir: filepath.Join(dir, "cache"), Scope: "account", Now: clk.Now})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ch.Close() })
	eng, err := engine.New(engine.Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(eng.Close)
	ctx := context.Background()
	acc, err := led.CreateAccount(ctx, "bench", 1<<30)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := led.Purchase(ctx, acc.ID, 500); err != nil {
		b.Fatal(err)
	}
	_, key, err := led.CreateKey(ctx, acc.ID, ledger.Live)
	if err != nil {
		b.Fatal(err)
	}
	srv := httpapi.New(httpapi.Config{AdminToken: "t", TrustedProxies: benchTrusted}, led, eng, ch, clk)
	return srv.Handler(), key
}

// BenchmarkAuthedPath is the authenticated path up to the operation: bearer
// parsing, the failed-authentication check, the key lookup, the per-key rate
// limit and the response headers (the access log is set to warn, as a busy
// node logs successes at debug). The body's text is not a string, so the
// operation answers 400 at once: what is measured is everything around it.
func BenchmarkAuthedPath(b *testing.B) {
	h, key := benchServer(b)
	quietLog(b)
	var ctx fasthttp.RequestCtx
	addr := &net.TCPAddr{IP: net.IPv4(203, 0, 113, 7), Port: 40000}
	req := fasthttp.AcquireRequest()
	req.Header.SetMethod("POST")
	req.SetRequestURI("/v1/detect")
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.SetContentType("application/json")
	req.SetBodyString(`{"text":1}`)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ctx.Init(req, addr, nil)
		h(&ctx)
		if ctx.Response.StatusCode() != 400 {
			b.Fatalf("status %d: %s", ctx.Response.StatusCode(), ctx.Response.Body())
		}
	}
}

// BenchmarkAuthedPathBehindProxy is BenchmarkAuthedPath through a trusted
// proxy: the client address from X-Forwarded-For (three entries, two of
// them trusted proxies).
func BenchmarkAuthedPathBehindProxy(b *testing.B) {
	tp, err := httpapi.ParseTrustedProxies("10.0.0.0/8")
	if err != nil {
		b.Fatal(err)
	}
	benchTrusted = tp
	h, key := benchServer(b)
	benchTrusted = nil
	quietLog(b)
	var ctx fasthttp.RequestCtx
	addr := &net.TCPAddr{IP: net.IPv4(10, 0, 0, 1), Port: 40000}
	req := fasthttp.AcquireRequest()
	req.Header.SetMethod("POST")
	req.SetRequestURI("/v1/detect")
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("X-Forwarded-For", "198.51.100.1, 203.0.113.7, 10.1.2.3")
	req.Header.SetContentType("application/json")
	req.SetBodyString(`{"text":1}`)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ctx.Init(req, addr, nil)
		h(&ctx)
		if ctx.Response.StatusCode() != 400 {
			b.Fatalf("status %d: %s", ctx.Response.StatusCode(), ctx.Response.Body())
		}
	}
}

// quietLog sets the default logger to warn for the benchmark (401 and 429
// lines are info).
func quietLog(b *testing.B) {
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})))
	b.Cleanup(func() { slog.SetDefault(prev) })
}

// unknownKeyRequest is a detect with a well-formed key no store holds.
func unknownKeyRequest(i int) *fasthttp.Request {
	req := fasthttp.AcquireRequest()
	req.Header.SetMethod("POST")
	req.SetRequestURI("/v1/detect")
	req.Header.Set("Authorization", fmt.Sprintf("Bearer svc_live_sk_%032d", i))
	req.Header.SetContentType("application/json")
	req.SetBodyString(`{"text":"x"}`)
	return req
}

// BenchmarkUnknownKeyFlood is a flood of unknown keys from one address over
// its failure limit (600 failures first): every request is 429 without a
// store lookup (pgledger: its key filter answers; Pebble: the lookup is in
// memory anyway). The handler's cost per request; ns/op x 10,000 is the CPU
// share of one core that 10k unknown keys a second cost the node.
func BenchmarkUnknownKeyFlood(b *testing.B) {
	for _, kind := range []string{"pebble", "postgres"} {
		b.Run(kind, func(b *testing.B) {
			h, _ := benchServerOn(b, kind)
			quietLog(b)
			if kind == "postgres" {
				time.Sleep(500 * time.Millisecond) // the listener loads the key filter
			}
			addr := &net.TCPAddr{IP: net.IPv4(203, 0, 113, 9), Port: 40000}
			reqs := make([]*fasthttp.Request, 1024)
			for i := range reqs {
				reqs[i] = unknownKeyRequest(i)
			}
			var ctx fasthttp.RequestCtx
			for i := range 601 {
				ctx.Init(reqs[i%len(reqs)], addr, nil)
				h(&ctx)
			}
			if ctx.Response.StatusCode() != 429 {
				b.Fatalf("after 601 failures: %d", ctx.Response.StatusCode())
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ctx.Init(reqs[i%len(reqs)], addr, nil)
				h(&ctx)
				if ctx.Response.StatusCode() != 429 {
					b.Fatalf("status %d", ctx.Response.StatusCode())
				}
			}
		})
	}
}

// BenchmarkUnknownKeyLookup is what the filter saves: unknown keys from
// addresses under their limit (a new address each time), each looked up in
// the store (pgledger: a database round trip) and answered 401.
func BenchmarkUnknownKeyLookup(b *testing.B) {
	for _, kind := range []string{"pebble", "postgres"} {
		b.Run(kind, func(b *testing.B) {
			h, _ := benchServerOn(b, kind)
			quietLog(b)
			reqs := make([]*fasthttp.Request, 1024)
			for i := range reqs {
				reqs[i] = unknownKeyRequest(i)
			}
			var ctx fasthttp.RequestCtx
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				addr := &net.TCPAddr{IP: net.IP{10, byte(i >> 16), byte(i >> 8), byte(i)}, Port: 40000}
				ctx.Init(reqs[i%len(reqs)], addr, nil)
				h(&ctx)
				if ctx.Response.StatusCode() != 401 {
					b.Fatalf("status %d", ctx.Response.StatusCode())
				}
			}
		})
	}
}
