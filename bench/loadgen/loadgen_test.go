package loadgen

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"

	"svc/engine/provider/mock"
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

// Control drives a real mockllm's /control (the load and brownout benches
// both use it); a refused behaviour is an error holding the answer.
func TestControl(t *testing.T) {
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	if err := Control(addr, map[string]any{"mode": "error500", "count": 2}); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(srv.URL+"/v1/chat/completions", "application/json", strings.NewReader(`{"model":"m","messages":[{"role":"user","content":"hi"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 500 {
		t.Fatalf("after Control(error500): HTTP %d", resp.StatusCode)
	}
	if err := Control(addr, map[string]any{"mode": "no_such_mode"}); err == nil || !strings.Contains(err.Error(), "HTTP 400") {
		t.Fatalf("a bad mode: %v, want an HTTP 400 error", err)
	}
}

// SummariseMS gives the same percentiles as a run's Summarise, p95 included.
func TestSummariseMS(t *testing.T) {
	var ms []float64
	for i := 1000; i >= 1; i-- {
		ms = append(ms, float64(i))
	}
	st := SummariseMS(ms)
	near := func(x, want int64) bool { return x >= want && x <= want+want/1000 }
	if st.Count != 1000 || !near(st.P50, 500_000) || !near(st.P95, 950_000) || !near(st.P99, 990_000) || !near(st.Max, 1_000_000) {
		t.Fatalf("%+v", st)
	}
}
