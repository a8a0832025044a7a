// Command mockllm is an OpenAI-compatible upstream for tests and load tests:
// /v1/chat/completions answers in the requested schema, /v1/embeddings
// returns deterministic hashed vectors, /v1/models lists models, and POST
// /control injects latency and faults. See package svc/engine/provider/mock
// for the behaviour.
//
// It serves on fasthttp with answers encoded by appending bytes. By default
// (--answers builtin) every chat answer is computed from the input with
// svc's built-in analyzers, as the in-process mock of the tests does, so a
// praise and a complaint get different answers (what a user trying `make
// run-mock` expects); --answers fixed precomputes answers per operation
// where the schema's answer does not depend on the input, so the mock costs
// little CPU beside the process under test: benchmarks ask for it.
//
//	mockllm --addr 127.0.0.1:9000 --latency 50ms [--answers builtin|fixed]
//
// POST /control changes latency and faults at run time: docs/mockllm.md.
package main

import (
	"context"
	"flag"
	"log"
	"net"
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
	answers := flag.String("answers", mock.AnswersBuiltin, "chat answers: builtin (computed from the input by the built-in analyzers) or fixed (precomputed per operation, for benchmarks)")
	flag.Parse()
	if *answers != mock.AnswersFixed && *answers != mock.AnswersBuiltin {
		log.Fatalf("mockllm: --answers must be %s or %s", mock.AnswersFixed, mock.AnswersBuiltin)
	}

	h := mock.New(mock.Options{Latency: *latency, Models: strings.Split(*models, ","), Answers: *answers})
	srv := mock.NewFastServer(h)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("mockllm: %v", err)
	}
	log.Printf("mockllm: listening on http://%s (base latency %s, answers %s)", ln.Addr(), *latency, *answers)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.ShutdownWithContext(sctx)
	}()
	if err := srv.Serve(ln); err != nil {
		log.Fatalf("mockllm: %v", err)
	}
}
