package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"testing"

	"github.com/valyala/fasthttp"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/ledger"
)

// benchServer is a server on a Pebble ledger in a temp dir with one funded
// live key, called in process (no sockets): what a benchmark of the
// authenticated path measures is the handler, not the loopback.
func benchServer(b *testing.B) (fasthttp.RequestHandler, string) {
	b.Helper()
	dir := b.TempDir()
	clk := clock.New()
	led, err := ledger.Open(filepath.Join(dir, "ledger"), clk.Now)
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
	srv := httpapi.New(httpapi.Config{AdminToken: "t"}, led, eng, ch, clk)
	return srv.Handler(), key
}

// BenchmarkAuthedPath is the authenticated path up to the operation: bearer
// parsing, the failed-authentication check, the key lookup, the per-key rate
// limit and the response headers (the access log is set to warn, as a busy
// node logs successes at debug). The body's text is not a string, so the
// operation answers 400 at once: what is measured is everything around it.
func BenchmarkAuthedPath(b *testing.B) {
	h, key := benchServer(b)
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})))
	b.Cleanup(func() { slog.SetDefault(prev) })
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
