// Command inproc runs svc's httpapi in this process, on the real Pebble
// ledger (synced commits), the real cache and the engine configured from the
// environment (built-in analyzers unless SVC_LLM_* are set), and calls the
// public handler directly, without a network or a client on the same cores:
//
//   - latency: serial (and then concurrent) calls per scenario, recording in
//     HDR histograms the handler's whole time (what X-SVC-Latency measures,
//     in µs instead of ms), the time inside ledger.Commit (the durable write)
//     and the difference (the gateway's own work), plus allocations per request.
//
//   - profile: hammers one scenario from N goroutines for a duration with
//     runtime/pprof CPU, mutex and block profiles written to files.
//
//   - serve: serves the handler on --addr with net/http/pprof on --pprof-addr
//     (for go tool pprof while an external load runs), keys written to --keys.
//
//     inproc latency --n 5000 --out bench/results/inproc.json
//     inproc profile --scenario detect-miss --duration 10s --conc 32 --cpuprofile cpu.prof
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"github.com/valyala/fasthttp"

	"svc/bench/loadgen"
	"svc/bench/scenario"
	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/ledger"
)

// timedLedger records how long each durable commit takes.
type timedLedger struct {
	ledger.Ledger
	mu     sync.Mutex
	commit *hdrhistogram.Histogram
	auth   *hdrhistogram.Histogram
	resv   *hdrhistogram.Histogram
}

func newHist() *hdrhistogram.Histogram { return hdrhistogram.New(1, 60_000_000_000, 3) } // ns

func (t *timedLedger) rec(h *hdrhistogram.Histogram, d time.Duration) {
	t.mu.Lock()
	_ = h.RecordValue(max(d.Nanoseconds(), 1))
	t.mu.Unlock()
}

func (t *timedLedger) Commit(ctx context.Context, h *ledger.Hold, charge bool, r ledger.Records) (ledger.Receipt, error) {
	s := time.Now()
	rc, err := t.Ledger.Commit(ctx, h, charge, r)
	t.rec(t.commit, time.Since(s))
	return rc, err
}

func (t *timedLedger) Charge(ctx context.Context, p ledger.Principal, price int64, charge bool, r ledger.Records) (ledger.Receipt, error) {
	s := time.Now()
	rc, err := t.Ledger.Charge(ctx, p, price, charge, r)
	t.rec(t.commit, time.Since(s))
	return rc, err
}

func (t *timedLedger) Authenticate(ctx context.Context, secret string) (ledger.Principal, error) {
	s := time.Now()
	p, err := t.Ledger.Authenticate(ctx, secret)
	t.rec(t.auth, time.Since(s))
	return p, err
}

func (t *timedLedger) Reserve(ctx context.Context, p ledger.Principal, price int64) (*ledger.Hold, error) {
	s := time.Now()
	h, err := t.Ledger.Reserve(ctx, p, price)
	t.rec(t.resv, time.Since(s))
	return h, err
}

func (t *timedLedger) reset() {
	t.mu.Lock()
	t.commit, t.auth, t.resv = newHist(), newHist(), newHist()
	t.mu.Unlock()
}

type node struct {
	dir     string
	led     *timedLedger
	handler fasthttp.RequestHandler
	keys    []string
	close   func()
}

func start(dir string, accounts int) (*node, error) {
	clk := clock.New()
	l, err := ledger.Open(filepath.Join(dir, "ledger"), clk.Now)
	if err != nil {
		return nil, err
	}
	ch, err := cache.Open(cache.Options{Dir: filepath.Join(dir, "cache"), Scope: "account", Now: clk.Now})
	if err != nil {
		return nil, err
	}
	ecfg, err := engine.ConfigFromEnv(os.Getenv)
	if err != nil {
		return nil, err
	}
	eng, err := engine.New(ecfg)
	if err != nil {
		return nil, err
	}
	tl := &timedLedger{Ledger: l}
	tl.reset()
	n := &node{dir: dir, led: tl}
	for a := 0; a < accounts; a++ {
		acc, err := l.CreateAccount(context.Background(), fmt.Sprintf("bench-%d", a), 1_000_000)
		if err != nil {
			return nil, err
		}
		for p := 0; p < 10; p++ {
			if _, err := l.Purchase(context.Background(), acc.ID, 500); err != nil {
				return nil, err
			}
		}
		_, key, err := l.CreateKey(context.Background(), acc.ID, ledger.Live)
		if err != nil {
			return nil, err
		}
		n.keys = append(n.keys, key)
	}
	srv := httpapi.New(httpapi.Config{AdminToken: "T"}, tl, eng, ch, clk)
	n.handler = srv.Handler()
	n.close = func() { eng.Close(); ch.Close(); l.Close() }
	return n, nil
}

// inprocScenarios maps a name to a load scenario whose requests it replays.
var inprocScenarios = []string{"detect-hit", "detect-miss", "classify-hit", "classify-miss", "report-500"}

func builder(name string, n *node, keys []string) (loadgen.Request, error) {
	full := map[string]string{"detect-hit": "detect-hit-1k", "detect-miss": "detect-miss-1k", "classify-hit": "classify-hit-1k", "classify-miss": "classify-miss-1k", "report-500": "report-500"}[name]
	sc, err := scenario.Get(full)
	if err != nil {
		return nil, err
	}
	return sc.Build("svc", &scenario.Env{Host: "svc", Keys: keys, Nonce: uint64(time.Now().UnixNano())})
}

// call runs one request through the handler and returns its duration.
func call(h fasthttp.RequestHandler, ctx *fasthttp.RequestCtx, req *fasthttp.Request, addr net.Addr) (time.Duration, int) {
	ctx.Response.Reset()
	ctx.Init(req, addr, nil)
	s := time.Now()
	h(ctx)
	return time.Since(s), ctx.Response.StatusCode()
}

// Stage is one scenario's in-process figures (µs).
type Stage struct {
	Scenario    string  `json:"scenario"`
	Concurrency int     `json:"concurrency"`
	N           int64   `json:"n"`
	Errors      int64   `json:"errors"`
	Throughput  float64 `json:"throughput_rps"`
	Handler     Pcts    `json:"handler_us"` // whole handler (X-SVC-Latency's span)
	Commit      Pcts    `json:"commit_us"`  // inside ledger.Commit (durable write)
	NonCommit   Pcts    `json:"handler_minus_commit_us"`
	Auth        Pcts    `json:"authenticate_us"`
	Reserve     Pcts    `json:"reserve_us"`
	AllocsPer   float64 `json:"allocs_per_req"`
	BytesPer    float64 `json:"bytes_per_req"`
	CPUPerReqUS float64 `json:"cpu_us_per_req"` // process CPU / requests
}

// Pcts are percentiles in µs (fractional).
type Pcts struct {
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	P999 float64 `json:"p999"`
	Max  float64 `json:"max"`
	Mean float64 `json:"mean"`
}

func pcts(h *hdrhistogram.Histogram) Pcts {
	us := func(v int64) float64 { return float64(v) / 1000 }
	return Pcts{P50: us(h.ValueAtQuantile(50)), P90: us(h.ValueAtQuantile(90)), P99: us(h.ValueAtQuantile(99)),
		P999: us(h.ValueAtQuantile(99.9)), Max: us(h.Max()), Mean: h.Mean() / 1000}
}

func cpuNow() float64 {
	var ru [2]int64
	b, _ := os.ReadFile("/proc/self/stat")
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	f := strings.Fields(s[i+1:])
	fmt.Sscan(f[11], &ru[0])
	fmt.Sscan(f[12], &ru[1])
	return float64(ru[0]+ru[1]) / 100
}

// measure runs n requests of a scenario from conc goroutines.
func measure(nd *node, name string, n int64, conc int, dur time.Duration) (Stage, error) {
	keys := nd.keys
	if name != "report-500" {
		keys = keys[:1]
	}
	build, err := builder(name, nd, keys)
	if err != nil {
		return Stage{}, err
	}
	// warm up (fills the hit entry, opens the ledger's caches)
	{
		var ctx fasthttp.RequestCtx
		req := fasthttp.AcquireRequest()
		for i := 0; i < 50 && (name != "report-500" || i < 2); i++ {
			req.Reset()
			build(uint64(1_000_000_000+i), req)
			call(nd.handler, &ctx, req, nil)
		}
	}
	nd.led.reset()
	total := newHist()
	var mu sync.Mutex
	var done, errs atomic.Int64
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	cpu0 := cpuNow()
	start := time.Now()
	deadline := start.Add(dur)
	var next atomic.Uint64
	var wg sync.WaitGroup
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 40000}
	for g := 0; g < conc; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ctx fasthttp.RequestCtx
			req := fasthttp.AcquireRequest()
			local := newHist()
			for {
				i := next.Add(1) - 1
				if (n > 0 && int64(i) >= n) || (dur > 0 && time.Now().After(deadline)) {
					break
				}
				req.Reset()
				build(i, req)
				d, code := call(nd.handler, &ctx, req, addr)
				if code != 200 {
					errs.Add(1)
					if errs.Load() < 3 {
						fmt.Fprintf(os.Stderr, "inproc %s: HTTP %d: %s\n", name, code, ctx.Response.Body())
					}
				}
				_ = local.RecordValue(max(d.Nanoseconds(), 1))
				done.Add(1)
			}
			mu.Lock()
			total.Merge(local)
			mu.Unlock()
		}()
	}
	wg.Wait()
	el := time.Since(start)
	cpu := cpuNow() - cpu0
	runtime.ReadMemStats(&ms1)
	cnt := done.Load()
	st := Stage{Scenario: name, Concurrency: conc, N: cnt, Errors: errs.Load(), Throughput: float64(cnt) / el.Seconds(),
		Handler: pcts(total), AllocsPer: float64(ms1.Mallocs-ms0.Mallocs) / float64(cnt), BytesPer: float64(ms1.TotalAlloc-ms0.TotalAlloc) / float64(cnt),
		CPUPerReqUS: cpu * 1e6 / float64(cnt)}
	nd.led.mu.Lock()
	st.Commit, st.Auth, st.Reserve = pcts(nd.led.commit), pcts(nd.led.auth), pcts(nd.led.resv)
	nd.led.mu.Unlock()
	// handler − commit per percentile (an estimate: both distributions' own percentiles)
	st.NonCommit = Pcts{P50: st.Handler.P50 - st.Commit.P50, P90: st.Handler.P90 - st.Commit.P90, P99: st.Handler.P99 - st.Commit.P99,
		P999: st.Handler.P999 - st.Commit.P999, Mean: st.Handler.Mean - st.Commit.Mean}
	return st, nil
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: inproc latency|profile|serve [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "latency":
		err = latency(os.Args[2:])
	case "profile":
		err = profile(os.Args[2:])
	case "serve":
		err = serve(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "inproc:", err)
		os.Exit(1)
	}
}

func tempNode(dirFlag string, accounts int) (*node, func(), error) {
	dir := dirFlag
	if dir == "" {
		d, err := os.MkdirTemp("", "svc-inproc-")
		if err != nil {
			return nil, nil, err
		}
		dir = d
	}
	nd, err := start(dir, accounts)
	if err != nil {
		return nil, nil, err
	}
	return nd, func() {
		nd.close()
		if dirFlag == "" {
			os.RemoveAll(dir)
		}
	}, nil
}

func latency(args []string) error {
	fs := flag.NewFlagSet("latency", flag.ExitOnError)
	n := fs.Int64("n", 3000, "serial requests per scenario")
	conc := fs.Int("conc", 16, "goroutines of the concurrent pass (0 = skip)")
	dur := fs.Duration("conc-duration", 3*time.Second, "duration of the concurrent pass")
	only := fs.String("scenarios", strings.Join(inprocScenarios, ","), "scenarios")
	out := fs.String("out", "", "JSON output file")
	dir := fs.String("data-dir", "", "data directory (default: a temp dir, removed)")
	_ = fs.Parse(args)
	nd, done, err := tempNode(*dir, 130)
	if err != nil {
		return err
	}
	defer done()
	var stages []Stage
	for _, name := range strings.Split(*only, ",") {
		nn := *n
		if name == "report-500" {
			nn = 100 // 5 reports/min/account: 130 accounts
		}
		st, err := measure(nd, name, nn, 1, 0)
		if err != nil {
			return err
		}
		stages = append(stages, st)
		printStage(st)
		if *conc > 0 && name != "report-500" {
			st, err := measure(nd, name, 0, *conc, *dur)
			if err != nil {
				return err
			}
			stages = append(stages, st)
			printStage(st)
		}
	}
	if *out != "" {
		b, _ := json.MarshalIndent(map[string]any{"stages": stages, "gomaxprocs": runtime.GOMAXPROCS(0), "at": time.Now().UTC()}, "", " ")
		return os.WriteFile(*out, b, 0o644)
	}
	return nil
}

func printStage(st Stage) {
	fmt.Fprintf(os.Stderr, "%-14s conc=%-3d n=%-6d err=%d %7.0f req/s  handler p50=%.0fµs p99=%.0fµs  commit p50=%.0fµs p99=%.0fµs  handler−commit p50=%.0fµs p99=%.0fµs  %.0f allocs/req %.0f B/req  %.0f µs CPU/req\n",
		st.Scenario, st.Concurrency, st.N, st.Errors, st.Throughput, st.Handler.P50, st.Handler.P99, st.Commit.P50, st.Commit.P99, st.NonCommit.P50, st.NonCommit.P99, st.AllocsPer, st.BytesPer, st.CPUPerReqUS)
}

func profile(args []string) error {
	fs := flag.NewFlagSet("profile", flag.ExitOnError)
	name := fs.String("scenario", "detect-miss", "scenario: "+strings.Join(inprocScenarios, ", "))
	dur := fs.Duration("duration", 10*time.Second, "duration")
	conc := fs.Int("conc", 32, "goroutines")
	cpuprof := fs.String("cpuprofile", "cpu.prof", "CPU profile output")
	mutexprof := fs.String("mutexprofile", "", "mutex profile output")
	blockprof := fs.String("blockprofile", "", "block profile output")
	memprof := fs.String("memprofile", "", "allocation profile output")
	dir := fs.String("data-dir", "", "data directory (default: a temp dir, removed)")
	_ = fs.Parse(args)
	accounts := 1
	if *name == "report-500" {
		accounts = 130 // 5 reports per minute per account
	}
	nd, done, err := tempNode(*dir, accounts)
	if err != nil {
		return err
	}
	defer done()
	if *mutexprof != "" {
		runtime.SetMutexProfileFraction(5)
	}
	if *blockprof != "" {
		runtime.SetBlockProfileRate(10_000) // one sample per 10 µs blocked
	}
	f, err := os.Create(*cpuprof)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	st, err := measure(nd, *name, 0, *conc, *dur)
	pprof.StopCPUProfile()
	f.Close()
	if err != nil {
		return err
	}
	printStage(st)
	for _, p := range []struct{ name, file string }{{"mutex", *mutexprof}, {"block", *blockprof}, {"allocs", *memprof}} {
		if p.file == "" {
			continue
		}
		w, err := os.Create(p.file)
		if err != nil {
			return err
		}
		_ = pprof.Lookup(p.name).WriteTo(w, 0)
		w.Close()
	}
	return nil
}

func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	addr := fs.String("addr", "127.0.0.1:18085", "public listener")
	pprofAddr := fs.String("pprof-addr", "127.0.0.1:18086", "net/http/pprof listener")
	keysOut := fs.String("keys", "", "write the API keys here")
	accounts := fs.Int("accounts", 1, "accounts (one live key each)")
	dir := fs.String("data-dir", "", "data directory (default: a temp dir, removed)")
	_ = fs.Parse(args)
	nd, done, err := tempNode(*dir, *accounts)
	if err != nil {
		return err
	}
	defer done()
	runtime.SetMutexProfileFraction(5)
	if *keysOut != "" {
		if err := os.WriteFile(*keysOut, []byte(strings.Join(nd.keys, "\n")+"\n"), 0o600); err != nil {
			return err
		}
	}
	// /debug/ledger: percentiles of the ledger calls since the last read.
	http.HandleFunc("/debug/ledger", func(w http.ResponseWriter, r *http.Request) {
		nd.led.mu.Lock()
		m := map[string]Pcts{"commit_us": pcts(nd.led.commit), "authenticate_us": pcts(nd.led.auth), "reserve_us": pcts(nd.led.resv)}
		counts := map[string]int64{"commit": nd.led.commit.TotalCount()}
		nd.led.mu.Unlock()
		nd.led.reset()
		_ = json.NewEncoder(w).Encode(map[string]any{"pcts": m, "counts": counts})
	})
	go func() { _ = http.ListenAndServe(*pprofAddr, nil) }()
	srv := httpapi.NewHTTPServer(nd.handler, "svc-inproc")
	fmt.Fprintf(os.Stderr, "inproc: serving on http://%s, pprof on http://%s/debug/pprof/\n", *addr, *pprofAddr)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sig
		_ = srv.Shutdown() // then the deferred close removes the temp data
	}()
	return srv.ListenAndServe(*addr)
}
