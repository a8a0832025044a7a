// Command mockllm is an OpenAI-compatible upstream for tests and load tests:
// /v1/chat/completions answers from svc's built-in analyzers in the requested
// schema, /v1/embeddings returns deterministic hashed vectors, /v1/models
// lists models, and POST /control injects latency and faults. See package
// svc/engine/provider/mock for the behaviour.
//
//	mockllm --addr 127.0.0.1:9000 --latency 50ms
package main

import (
	"context"
	"errors"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"svc/engine/provider/mock"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9000", "listen address")
	latency := flag.Duration("latency", 0, "base latency of every chat completion (e.g. 50ms)")
	models := flag.String("models", "mock-large,mock-small", "comma-separated model ids listed by /v1/models")
	flag.Parse()

	h := mock.New(mock.Options{Latency: *latency, Models: strings.Split(*models, ",")})
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("mockllm: %v", err)
	}
	log.Printf("mockllm: listening on http://%s (base latency %s)", ln.Addr(), *latency)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatalf("mockllm: %v", err)
	}
}
