package loadgen

import (
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"
)

// serve starts a fasthttp server on an in-memory listener; the handler
// stalls for stall on the request numbered stallAt.
func serve(t *testing.T, stallAt int64, stall time.Duration) *fasthttp.HostClient {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	var n atomic.Int64
	srv := &fasthttp.Server{Handler: func(ctx *fasthttp.RequestCtx) {
		if n.Add(1) == stallAt {
			time.Sleep(stall)
		}
		ctx.SetBodyString(`{"ok":true}`)
	}}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = ln.Close() })
	return &fasthttp.HostClient{Addr: "mem", MaxConns: 1, Dial: func(string) (net.Conn, error) { return ln.Dial() }}
}

func get(_ uint64, req *fasthttp.Request) { req.SetRequestURI("http://mem/") }

// A server that stalls once for 300 ms while requests keep arriving at
// 200/s on one connection: open loop must charge the wait to every request
// scheduled during the stall (about 60 of them), not to one.
func TestOpenLoopCountsQueueing(t *testing.T) {
	hc := serve(t, 20, 300*time.Millisecond)
	res, err := Run(Config{Name: "t", Addr: "mem", Rate: 200, Duration: time.Second, MaxInFlight: 1, Request: get, Client: hc})
	if err != nil {
		t.Fatal(err)
	}
	if res.Completed != 200 || res.Errors != 0 {
		t.Fatalf("completed %d errors %d, want 200 and 0", res.Completed, res.Errors)
	}
	if res.Latency.P90 < 50_000 {
		t.Fatalf("p90 %d µs: queueing behind the stall was not counted", res.Latency.P90)
	}
	if res.Latency.Max < 250_000 {
		t.Fatalf("max %d µs, want the 300 ms stall", res.Latency.Max)
	}
}

func TestClosedLoopAndSummary(t *testing.T) {
	hc := serve(t, -1, 0)
	var runs []*Result
	for i := 0; i < 3; i++ {
		r, err := Run(Config{Name: "t", Addr: "mem", Duration: 200 * time.Millisecond, MaxInFlight: 1, Request: get, Client: hc})
		if err != nil {
			t.Fatal(err)
		}
		if r.Completed == 0 || r.Errors != 0 || r.Mode != "closed" {
			t.Fatalf("run %+v", r)
		}
		runs = append(runs, r)
	}
	s := Summarize(runs)
	if s.Runs != 3 || s.Throughput <= 0 || s.P50 <= 0 || len(s.Spectrum) == 0 {
		t.Fatalf("summary %+v", s)
	}
}
