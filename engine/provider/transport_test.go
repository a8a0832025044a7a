package provider

import (
	"context"
	"net"
	"net/http"
	"syscall"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"
	"github.com/valyala/fasthttp"
)

// cpuTime is this process's user+system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// fixedServer starts a loopback fasthttp server answering every request
// with benchResp until the test ends; it returns its http:// URL.
func fixedServer(tb testing.TB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	srv := &fasthttp.Server{Handler: func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType("application/json")
		ctx.SetBody(benchResp)
	}}
	go func() { _ = srv.Serve(ln) }()
	tb.Cleanup(func() {
		// Shutdown waits for every open connection to be closed by its
		// client (an idle one it closes itself): the bound keeps a client
		// the test left open from hanging the run.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.ShutdownWithContext(ctx)
	})
	return "http://" + ln.Addr().String()
}

// BenchmarkTransport: one chat completion against a loopback server
// answering a fixed completion, from 16 goroutines: go-openai as Complete
// used it before (encoding/json per call, net/http), then Complete with the
// template body and sonic over net/http (P1) and over fasthttp (P1 + P15).
// The server's work is the same in each, so differences in CPU per call are
// the client's. Reports the process CPU per call as cpu-µs/op.
func BenchmarkTransport(b *testing.B) {
	base := fixedServer(b) + "/v1"
	for _, tr := range []string{"go-openai", TransportNet, TransportFast} {
		b.Run(tr, func(b *testing.B) {
			var complete func(ctx context.Context) error
			if tr == "go-openai" { // what Complete did before: go-openai over net/http
				oc := openai.DefaultConfig("k")
				oc.BaseURL = base
				ht := &http.Transport{MaxIdleConns: 64, MaxIdleConnsPerHost: 64}
				defer ht.CloseIdleConnections()
				oc.HTTPClient = &http.Client{Transport: limitTransport{ht}}
				api := openai.NewClientWithConfig(oc)
				complete = func(ctx context.Context) error {
					_, err := api.CreateChatCompletion(ctx, goOpenAIRequest(benchReq))
					return err
				}
			} else {
				c, err := New(Config{Name: "llm_a", BaseURL: base, Model: "m",
					MaxInFlight: 64, QueueWait: time.Second, ConnectTimeout: time.Second, Transport: tr})
				if err != nil {
					b.Fatal(err)
				}
				defer c.Close()
				complete = func(ctx context.Context) error {
					_, err := c.Complete(ctx, benchReq)
					return err
				}
			}
			b.SetParallelism(8) // 16 goroutines on 2 cores
			b.ReportAllocs()
			cpu0 := cpuTime()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
					if err := complete(ctx); err != nil {
						b.Error(err)
					}
					cancel()
				}
			})
			b.StopTimer()
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}
