// Package loadgen is svc's load generator: open loop at a fixed arrival rate
// (every request has an intended start time on a fixed schedule and its
// latency is measured from that time, so a slow server cannot hide queueing
// by slowing the client down: no coordinated omission), bounded concurrency
// (at most MaxInFlight requests outstanding; requests that wait for a slot
// keep their intended start), latency in an HDR histogram
// (github.com/HdrHistogram/hdrhistogram-go), a progress line per second on
// stderr, and per-process CPU and memory read from /proc.
//
// With Rate 0 it runs closed loop instead: MaxInFlight workers send back to
// back as fast as the server answers (a saturation test, like wrk); latency
// is then measured from each request's actual start.
package loadgen

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"github.com/valyala/fasthttp"
)

// Request fills req with the i-th request of a run (method, URI, headers,
// body). It must be safe for concurrent use and cheap: it runs on the client
// side of the same machine as the server.
type Request func(i uint64, req *fasthttp.Request)

// Config is one run.
type Config struct {
	Name        string        // label, e.g. "detect-miss/svc"
	Addr        string        // host:port of the target (one HostClient)
	Rate        float64       // requests per second; 0 = closed loop at MaxInFlight
	Duration    time.Duration // measured duration
	MaxInFlight int           // bound on outstanding requests (workers, connections)
	Timeout     time.Duration // per request; default 30s
	Drain       time.Duration // after Duration, wait this long for outstanding requests; default Timeout
	Request     Request
	// ServerLatencyHeader, when set, names a response header carrying the
	// server's own latency in milliseconds (svc: X-SVC-Latency), or in
	// microseconds when ServerLatencyMicros (svc: X-SVC-Latency-Us).
	ServerLatencyHeader string
	ServerLatencyMicros bool
	// CacheHeader, when set, names a response header whose value HIT counts
	// as a cache hit (svc: X-SVC-Cache).
	CacheHeader string
	// Procs are the processes whose CPU time and memory are measured over the run.
	Procs    map[string]int
	Progress io.Writer // nil = no progress line
	// Ramp staggers the start of closed-loop workers over this duration, so
	// thousands of connections are not opened in one burst (a burst beyond
	// the listen backlog costs 1 s SYN retransmits).
	Ramp time.Duration
	// Client, when set, is used (and kept open) instead of a new one: a
	// warm-up run and the measured run then share their connections.
	Client *fasthttp.HostClient
}

// NewClient returns the HostClient Run uses for cfg.
func NewClient(cfg Config) *fasthttp.HostClient {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	return &fasthttp.HostClient{
		Addr:                     cfg.Addr,
		Name:                     "svc-bench",
		MaxConns:                 cfg.MaxInFlight + 16,
		MaxIdleConnDuration:      time.Minute,
		ReadTimeout:              cfg.Timeout,
		WriteTimeout:             cfg.Timeout,
		MaxConnWaitTimeout:       cfg.Timeout,
		ReadBufferSize:           16 << 10,
		WriteBufferSize:          16 << 10,
		NoDefaultUserAgentHeader: true,
		MaxResponseBodySize:      64 << 20,
	}
}

// Result is what one run measured. Latencies are in microseconds.
type Result struct {
	Name        string    `json:"name"`
	Start       time.Time `json:"start"`
	Mode        string    `json:"mode"` // "open" (fixed rate) or "closed"
	Rate        float64   `json:"rate"`
	DurationS   float64   `json:"duration_s"`
	ElapsedS    float64   `json:"elapsed_s"` // first intended start to last completion
	MaxInFlight int       `json:"max_in_flight"`

	Scheduled  int64            `json:"scheduled"` // intended requests (open loop)
	Completed  int64            `json:"completed"` // answered with 2xx
	Errors     int64            `json:"errors"`    // non-2xx, transport errors, never sent
	ErrorKinds map[string]int64 `json:"error_kinds,omitempty"`
	CacheHits  int64            `json:"cache_hits"`
	Throughput float64          `json:"throughput_rps"` // completed / measured duration

	PeakInFlight int64 `json:"peak_in_flight"`
	Latency      Stats `json:"latency_us"`
	// ServerLatency is the ServerLatencyHeader (ms, converted to µs).
	ServerLatency *Stats           `json:"server_latency_us,omitempty"`
	Procs         map[string]*Proc `json:"procs,omitempty"`
	Timeline      []Second         `json:"timeline"`
}

// Stats summarises a histogram. Spectrum is the percentile spectrum for charts.
type Stats struct {
	Count    int64   `json:"count"`
	Mean     float64 `json:"mean"`
	P50      int64   `json:"p50"`
	P90      int64   `json:"p90"`
	P95      int64   `json:"p95"`
	P99      int64   `json:"p99"`
	P999     int64   `json:"p999"`
	Max      int64   `json:"max"`
	Spectrum []Point `json:"spectrum,omitempty"`
}

// Point is one point of a percentile spectrum.
type Point struct {
	Percentile float64 `json:"p"`
	Value      int64   `json:"v"`
}

// Second is one second of the run's timeline.
type Second struct {
	T         float64 `json:"t"`
	Completed int64   `json:"completed"`
	Errors    int64   `json:"errors"`
	InFlight  int64   `json:"in_flight"`
	P50       int64   `json:"p50_us"`
	P99       int64   `json:"p99_us"`
	Max       int64   `json:"max_us"`
}

// Proc is the CPU and memory of one process over the run.
type Proc struct {
	PID        int     `json:"pid"`
	CPUSeconds float64 `json:"cpu_s"`          // user+system over the run
	CPUPerReq  float64 `json:"cpu_us_per_req"` // CPU µs per completed request
	CPUCores   float64 `json:"cpu_cores"`      // average cores busy
	RSSMaxKB   int64   `json:"rss_max_kb"`     // highest VmRSS sampled once a second
	HWMKB      int64   `json:"vm_hwm_kb"`      // VmHWM at the end (process lifetime peak)
	Threads    int64   `json:"threads"`
}

const (
	histMin   = 1
	histMax   = 120_000_000 // 120 s in µs
	histSigFi = 3
	shards    = 32
)

type shard struct {
	mu       sync.Mutex
	total    *hdrhistogram.Histogram
	interval *hdrhistogram.Histogram
	server   *hdrhistogram.Histogram
}

type recorder struct {
	sh        [shards]shard
	completed atomic.Int64
	errors    atomic.Int64
	hits      atomic.Int64
	inflight  atomic.Int64
	peak      atomic.Int64
	kindsMu   sync.Mutex
	kinds     map[string]int64
}

func newRecorder() *recorder {
	r := &recorder{kinds: map[string]int64{}}
	for i := range r.sh {
		r.sh[i].total = hdrhistogram.New(histMin, histMax, histSigFi)
		r.sh[i].interval = hdrhistogram.New(histMin, histMax, histSigFi)
		r.sh[i].server = hdrhistogram.New(histMin, histMax, histSigFi)
	}
	return r
}

func (r *recorder) record(w int, lat time.Duration, server int64) {
	us := max(lat.Microseconds(), 1)
	s := &r.sh[w%shards]
	s.mu.Lock()
	_ = s.total.RecordValue(us)
	_ = s.interval.RecordValue(us)
	if server >= 0 {
		_ = s.server.RecordValue(max(server, 1))
	}
	s.mu.Unlock()
}

func (r *recorder) fail(kind string) {
	r.errors.Add(1)
	r.kindsMu.Lock()
	r.kinds[kind]++
	r.kindsMu.Unlock()
}

// takeInterval merges and resets the per-second histograms.
func (r *recorder) takeInterval() *hdrhistogram.Histogram {
	h := hdrhistogram.New(histMin, histMax, histSigFi)
	for i := range r.sh {
		s := &r.sh[i]
		s.mu.Lock()
		h.Merge(s.interval)
		s.interval.Reset()
		s.mu.Unlock()
	}
	return h
}

func (r *recorder) merged(server bool) *hdrhistogram.Histogram {
	h := hdrhistogram.New(histMin, histMax, histSigFi)
	for i := range r.sh {
		s := &r.sh[i]
		s.mu.Lock()
		if server {
			h.Merge(s.server)
		} else {
			h.Merge(s.total)
		}
		s.mu.Unlock()
	}
	return h
}

// Summarise turns a histogram into Stats with a percentile spectrum.
func Summarise(h *hdrhistogram.Histogram) Stats {
	st := Stats{Count: h.TotalCount(), Mean: h.Mean(), P50: h.ValueAtQuantile(50), P90: h.ValueAtQuantile(90),
		P95: h.ValueAtQuantile(95), P99: h.ValueAtQuantile(99), P999: h.ValueAtQuantile(99.9), Max: h.Max()}
	if st.Count == 0 {
		return st
	}
	for _, p := range []float64{0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 92.5, 95, 96, 97, 97.5, 98, 98.5, 99, 99.25, 99.5, 99.75, 99.9, 99.95, 99.99, 99.999, 100} {
		st.Spectrum = append(st.Spectrum, Point{p, h.ValueAtQuantile(p)})
	}
	return st
}

// SummariseMS summarises latencies in milliseconds (any order) as
// Summarise does a run's: an HDR histogram of microseconds (3 significant
// digits), so every bench reports percentiles the same way.
func SummariseMS(ms []float64) Stats {
	h := hdrhistogram.New(histMin, histMax, histSigFi)
	for _, x := range ms {
		_ = h.RecordValue(max(int64(x*1000), histMin))
	}
	return Summarise(h)
}

// Run performs one run.
func Run(cfg Config) (*Result, error) {
	if cfg.MaxInFlight <= 0 {
		return nil, fmt.Errorf("loadgen: MaxInFlight must be > 0")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Drain <= 0 {
		cfg.Drain = cfg.Timeout
	}
	hc := cfg.Client
	if hc == nil {
		hc = NewClient(cfg)
		defer hc.CloseIdleConnections()
	}

	rec := newRecorder()
	res := &Result{Name: cfg.Name, Rate: cfg.Rate, DurationS: cfg.Duration.Seconds(), MaxInFlight: cfg.MaxInFlight, Procs: map[string]*Proc{}}
	procs := map[string]procSample{}
	for name, pid := range cfg.Procs {
		if s, err := readProc(pid); err == nil {
			procs[name] = s
			res.Procs[name] = &Proc{PID: pid, RSSMaxKB: s.rssKB}
		}
	}

	var wg sync.WaitGroup
	var seq atomic.Uint64
	serverHdr := cfg.ServerLatencyHeader
	serverUnit := int64(1000)
	if cfg.ServerLatencyMicros {
		serverUnit = 1
	}
	cacheHdr := cfg.CacheHeader
	do := func(w int, req *fasthttp.Request, resp *fasthttp.Response, intended time.Time) {
		n := rec.inflight.Add(1)
		for {
			p := rec.peak.Load()
			if n <= p || rec.peak.CompareAndSwap(p, n) {
				break
			}
		}
		req.Reset()
		resp.Reset()
		cfg.Request(seq.Add(1)-1, req)
		err := hc.DoTimeout(req, resp, cfg.Timeout)
		lat := time.Since(intended)
		rec.inflight.Add(-1)
		if err != nil {
			rec.fail(errKind(err))
			rec.record(w, lat, -1)
			return
		}
		if code := resp.StatusCode(); code < 200 || code > 299 {
			rec.fail("http_" + strconv.Itoa(code))
			rec.record(w, lat, -1)
			return
		}
		server := int64(-1)
		if serverHdr != "" {
			if v := resp.Header.Peek(serverHdr); len(v) > 0 {
				if n, err := strconv.ParseInt(string(v), 10, 64); err == nil {
					server = n * serverUnit
				}
			}
		}
		if cacheHdr != "" && bytes.Equal(resp.Header.Peek(cacheHdr), []byte("HIT")) {
			rec.hits.Add(1)
		}
		rec.completed.Add(1)
		rec.record(w, lat, server)
	}

	start := time.Now()
	res.Start = start
	end := start.Add(cfg.Duration)
	stopProgress := make(chan struct{})
	progressDone := make(chan struct{})
	go progress(cfg, rec, res, start, stopProgress, progressDone)

	var dropped atomic.Int64
	if cfg.Rate > 0 {
		res.Mode = "open"
		interval := float64(time.Second) / cfg.Rate
		total := int64(cfg.Duration.Seconds() * cfg.Rate)
		res.Scheduled = total
		queue := make(chan time.Time, 1<<16)
		hardStop := end.Add(cfg.Drain)
		for w := 0; w < cfg.MaxInFlight; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
				defer fasthttp.ReleaseRequest(req)
				defer fasthttp.ReleaseResponse(resp)
				for t := range queue {
					if time.Now().After(hardStop) {
						// Never sent in time: count it, with the time it waited.
						dropped.Add(1)
						rec.fail("not_sent")
						rec.record(w, time.Since(t), -1)
						continue
					}
					do(w, req, resp, t)
				}
			}(w)
		}
		for i := int64(0); i < total; i++ {
			t := start.Add(time.Duration(float64(i) * interval))
			if d := time.Until(t); d > 0 {
				time.Sleep(d)
			}
			queue <- t
		}
		close(queue)
	} else {
		res.Mode = "closed"
		for w := 0; w < cfg.MaxInFlight; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				if cfg.Ramp > 0 {
					time.Sleep(time.Duration(int64(cfg.Ramp) * int64(w) / int64(cfg.MaxInFlight)))
				}
				req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
				defer fasthttp.ReleaseRequest(req)
				defer fasthttp.ReleaseResponse(resp)
				for time.Now().Before(end) {
					do(w, req, resp, time.Now())
				}
			}(w)
		}
	}
	wg.Wait()
	finished := time.Now()
	close(stopProgress)
	<-progressDone

	res.ElapsedS = finished.Sub(start).Seconds()
	res.Completed = rec.completed.Load()
	res.Errors = rec.errors.Load()
	res.CacheHits = rec.hits.Load()
	res.PeakInFlight = rec.peak.Load()
	if res.Mode == "closed" {
		res.Scheduled = res.Completed + res.Errors
	}
	if len(rec.kinds) > 0 {
		res.ErrorKinds = rec.kinds
	}
	// Throughput over the measured window: the schedule's duration for open
	// loop (the rate it kept up with), the wall time for closed loop.
	res.Throughput = float64(res.Completed) / max(cfg.Duration.Seconds(), res.ElapsedS)
	if res.Mode == "open" {
		res.Throughput = float64(res.Completed) / max(cfg.Duration.Seconds(), 1e-9)
	}
	res.Latency = Summarise(rec.merged(false))
	if serverHdr != "" {
		s := Summarise(rec.merged(true))
		res.ServerLatency = &s
	}
	for name, before := range procs {
		after, err := readProc(before.pid)
		if err != nil {
			continue
		}
		p := res.Procs[name]
		p.CPUSeconds = after.cpu - before.cpu
		if res.Completed > 0 {
			p.CPUPerReq = p.CPUSeconds * 1e6 / float64(res.Completed)
		}
		p.CPUCores = p.CPUSeconds / res.ElapsedS
		p.HWMKB = after.hwmKB
		p.Threads = after.threads
		p.RSSMaxKB = max(p.RSSMaxKB, after.rssKB)
	}
	return res, nil
}

func errKind(err error) string {
	switch err {
	case fasthttp.ErrTimeout:
		return "timeout"
	case fasthttp.ErrNoFreeConns:
		return "no_free_conns"
	case fasthttp.ErrConnectionClosed:
		return "conn_closed"
	}
	s := err.Error()
	if len(s) > 60 {
		s = s[:60]
	}
	return "transport: " + s
}

func progress(cfg Config, rec *recorder, res *Result, start time.Time, stop, done chan struct{}) {
	defer close(done)
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	var lastC, lastE int64
	for {
		select {
		case <-stop:
			return
		case now := <-tk.C:
			h := rec.takeInterval()
			c, e := rec.completed.Load(), rec.errors.Load()
			s := Second{T: now.Sub(start).Seconds(), Completed: c - lastC, Errors: e - lastE, InFlight: rec.inflight.Load(),
				P50: h.ValueAtQuantile(50), P99: h.ValueAtQuantile(99), Max: h.Max()}
			lastC, lastE = c, e
			res.Timeline = append(res.Timeline, s)
			for name, p := range res.Procs {
				if ps, err := readProc(p.PID); err == nil {
					p.RSSMaxKB = max(p.RSSMaxKB, ps.rssKB)
				}
				_ = name
			}
			if cfg.Progress != nil {
				fmt.Fprintf(cfg.Progress, "%-28s t=%4.0fs done=%-8d err=%-6d in_flight=%-6d %7d/s  p50=%s p99=%s max=%s\n",
					cfg.Name, s.T, c, e, s.InFlight, s.Completed, FmtUS(s.P50), FmtUS(s.P99), FmtUS(s.Max))
			}
		}
	}
}

// FmtUS formats microseconds for humans.
func FmtUS(us int64) string {
	switch {
	case us >= 1_000_000:
		return strconv.FormatFloat(float64(us)/1e6, 'f', 2, 64) + "s"
	case us >= 1000:
		return strconv.FormatFloat(float64(us)/1e3, 'f', 2, 64) + "ms"
	default:
		return strconv.FormatInt(us, 10) + "µs"
	}
}

type procSample struct {
	pid          int
	cpu          float64 // seconds
	rssKB, hwmKB int64
	threads      int64
}

// clkTck is USER_HZ; 100 on every Linux this runs on.
const clkTck = 100

func readProc(pid int) (procSample, error) {
	s := procSample{pid: pid}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return s, err
	}
	// Fields after the ")" closing comm: state is field 3; utime 14, stime 15.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return s, fmt.Errorf("bad stat")
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 13 {
		return s, fmt.Errorf("bad stat")
	}
	ut, _ := strconv.ParseInt(string(f[11]), 10, 64)
	st, _ := strconv.ParseInt(string(f[12]), 10, 64)
	s.cpu = float64(ut+st) / clkTck
	b, err = os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return s, err
	}
	for _, line := range bytes.Split(b, []byte("\n")) {
		k, v, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue
		}
		fs := bytes.Fields(v)
		if len(fs) == 0 {
			continue
		}
		n, _ := strconv.ParseInt(string(fs[0]), 10, 64)
		switch string(k) {
		case "VmRSS":
			s.rssKB = n
		case "VmHWM":
			s.hwmKB = n
		case "Threads":
			s.threads = n
		}
	}
	return s, nil
}

// FmtSigned is FmtUS with a sign.
func FmtSigned(us int64) string {
	if us < 0 {
		return "−" + FmtUS(-us)
	}
	return "+" + FmtUS(us)
}
