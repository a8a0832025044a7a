// Command load is svc's load generator (see package svc/bench/loadgen).
//
//	load setup --admin http://127.0.0.1:18082 --token T --accounts 1 --packs 20 --out keys.txt
//	load run --scenario detect-miss-max --variants svc,direct --addr 127.0.0.1:18081 \
//	    --direct-addr 127.0.0.1:18090 --keys keys.txt --repeat 3 --pid svc=123 --pid mock=456 --out bench/results
//	load summarize --in bench/results --out bench/RESULTS.md
//	load list
//
// run writes <out>/<scenario>.json (every run and the medians),
// <out>/<scenario>.md and <out>/<scenario>.png (percentile spectra).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"svc/bench/loadgen"
	"svc/bench/scenario"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "setup":
		err = setup(os.Args[2:])
	case "run":
		err = run(os.Args[2:])
	case "summarize":
		err = summarize(os.Args[2:])
	case "list":
		for _, s := range scenario.All {
			fmt.Printf("%-22s %s\n", s.Name, s.About)
		}
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: load setup|run|summarize|list [flags]  (load <cmd> -h for flags)")
	os.Exit(2)
}

// ---- setup ----

func setup(args []string) error {
	fs := flag.NewFlagSet("setup", flag.ExitOnError)
	admin := fs.String("admin", "http://127.0.0.1:18082", "admin base URL")
	token := fs.String("token", "", "admin token")
	accounts := fs.Int("accounts", 1, "accounts to create, one live key each")
	packs := fs.Int("packs", 4, "500 USD packs per account")
	rate := fs.Int("rate-limit", 1_000_000, "rate_limit_per_minute of each account")
	out := fs.String("out", "", "write the keys here, one a line (default stdout)")
	_ = fs.Parse(args)
	var keys []string
	for a := 0; a < *accounts; a++ {
		_, key, err := loadgen.NewAccount(*admin, *token, fmt.Sprintf("bench-%d", a), *rate, *packs)
		if err != nil {
			return err
		}
		keys = append(keys, key)
	}
	s := strings.Join(keys, "\n") + "\n"
	if *out == "" {
		fmt.Print(s)
		return nil
	}
	return os.WriteFile(*out, []byte(s), 0o600)
}

// ---- run ----

type pidFlags map[string]int

func (p pidFlags) String() string { return fmt.Sprint(map[string]int(p)) }
func (p pidFlags) Set(v string) error {
	name, n, ok := strings.Cut(v, "=")
	pid, err := strconv.Atoi(n)
	if !ok || err != nil {
		return errors.New("want name=pid")
	}
	p[name] = pid
	return nil
}

// File is what run writes to <scenario>.json.
type File struct {
	Scenario    string                `json:"scenario"`
	About       string                `json:"about"`
	Target      string                `json:"target"`
	Command     string                `json:"command"`
	MockLatency string                `json:"mock_latency,omitempty"`
	Rate        float64               `json:"rate"`
	MaxInFlight int                   `json:"max_in_flight"`
	DurationS   float64               `json:"duration_s"`
	Variants    map[string]*VariantRS `json:"variants"`
	At          time.Time             `json:"at"`
	LoadAvg     [2]string             `json:"loadavg"` // before, after
}

// VariantRS is every run of one variant and their medians.
type VariantRS struct {
	Addr   string            `json:"addr"`
	Runs   []*loadgen.Result `json:"runs"`
	Median loadgen.Summary   `json:"median"`
}

func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return strings.TrimSpace(string(b))
}

func run(args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	name := fs.String("scenario", "", "scenario (load list)")
	variants := fs.String("variants", "svc", "comma-separated: svc (the scenario's target), direct (straight to mockllm), caddy (the direct request through another Go gateway, --caddy-addr); repeats interleave")
	addr := fs.String("addr", "127.0.0.1:18081", "target host:port (svc, builtin svc or bare)")
	directAddr := fs.String("direct-addr", "127.0.0.1:18090", "cmd/mockllm host:port (direct variant, and /control; \"\" = no mockllm)")
	caddyAddr := fs.String("caddy-addr", "", "host:port of a Go reverse proxy (Caddy) in front of mockllm (caddy variant)")
	keysFile := fs.String("keys", "", "file of API keys, one a line")
	repeat := fs.Int("repeat", 3, "repeated runs per variant")
	warmup := fs.Duration("warmup", 0, "unmeasured warm-up before each run, on the same connections (default: 500ms; 3s for closed loop above 1,000 in flight)")
	duration := fs.Duration("duration", 0, "override the scenario's duration per run")
	rate := fs.Float64("rate", -1, "override the scenario's rate (0 = closed loop)")
	inflight := fs.Int("max-inflight", 0, "override the scenario's max in flight")
	mockLatency := fs.Duration("mock-latency", -1, "override the scenario's upstream latency (set via mockllm /control)")
	out := fs.String("out", "bench/results", "output directory")
	prompts := fs.String("prompts", "engine/prompts", "engine prompt directory (direct chat bodies)")
	model := fs.String("model", "mock-large", "model id of direct chat bodies")
	quiet := fs.Bool("quiet", false, "no progress line")
	pids := pidFlags{}
	fs.Var(pids, "pid", "name=pid of a process to measure (CPU, memory); repeatable")
	_ = fs.Parse(args)

	pids["load"] = os.Getpid() // the client's own CPU, for scale
	sc, err := scenario.Get(*name)
	if err != nil {
		return err
	}
	if *duration > 0 {
		sc.Duration = *duration
	}
	if *rate >= 0 {
		sc.Rate = *rate
	}
	if *inflight > 0 {
		sc.MaxInFlight = *inflight
	}
	if *mockLatency >= 0 {
		sc.MockLatency = *mockLatency
	}
	if *warmup == 0 {
		*warmup = 500 * time.Millisecond
		if sc.Rate == 0 && sc.MaxInFlight > 1000 {
			*warmup = 3 * time.Second
		}
	}
	var keys []string
	if *keysFile != "" {
		b, err := os.ReadFile(*keysFile)
		if err != nil {
			return err
		}
		for _, l := range strings.Fields(string(b)) {
			keys = append(keys, l)
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	if sc.MockLatency >= 0 && *directAddr != "" {
		if err := mockControl(*directAddr, sc.MockLatency); err != nil {
			return fmt.Errorf("mockllm /control: %w", err)
		}
	}
	f := &File{Scenario: sc.Name, About: sc.About, Target: sc.Target, Command: "load run " + strings.Join(args, " "),
		Rate: sc.Rate, MaxInFlight: sc.MaxInFlight, DurationS: sc.Duration.Seconds(), Variants: map[string]*VariantRS{}, At: time.Now().UTC()}
	if sc.MockLatency >= 0 {
		f.MockLatency = sc.MockLatency.String()
	}
	f.LoadAvg[0] = loadavg()
	vs := strings.Split(*variants, ",")
	var progress io.Writer = os.Stderr
	if *quiet {
		progress = nil
	}
	for rep := 0; rep < *repeat; rep++ {
		for _, v := range vs {
			target, build := *addr, v
			switch v {
			case "direct":
				target = *directAddr
			case "caddy":
				// The direct request, through the other gateway.
				target, build = *caddyAddr, "direct"
			}
			env := &scenario.Env{Host: target, Keys: keys, PromptsDir: *prompts, Model: *model}
			cfg := loadgen.Config{
				Addr: target, Rate: sc.Rate, MaxInFlight: sc.MaxInFlight, Procs: pids, Progress: progress,
				Timeout: 30 * time.Second, Drain: 15 * time.Second,
			}
			if v == "svc" && sc.Target != "bare" {
				cfg.ServerLatencyHeader, cfg.ServerLatencyMicros, cfg.CacheHeader = "X-SVC-Latency-Us", true, "X-SVC-Cache"
			}
			cfg.Client = loadgen.NewClient(cfg)
			if *warmup > 0 {
				env.Nonce = uint64(time.Now().UnixNano())
				req, err := sc.Build(build, env)
				if err != nil {
					return err
				}
				wc := cfg
				wc.Name, wc.Duration, wc.Request, wc.Procs, wc.Progress = sc.Name+"/"+v+" warm-up", *warmup, req, nil, nil
				if sc.MaxInFlight > 1000 && sc.Rate == 0 {
					// Open every connection, staggered, before the measured run.
					wc.Ramp = *warmup * 2 / 3
				}
				if _, err := loadgen.Run(wc); err != nil {
					return err
				}
			}
			env.Nonce = uint64(time.Now().UnixNano())
			req, err := sc.Build(build, env)
			if err != nil {
				return err
			}
			cfg.Name = fmt.Sprintf("%s/%s #%d", sc.Name, v, rep+1)
			cfg.Duration, cfg.Request = sc.Duration, req
			res, err := loadgen.Run(cfg)
			cfg.Client.CloseIdleConnections()
			if err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "%-28s => %.0f req/s  p50=%s p99=%s p99.9=%s max=%s errors=%d hits=%d peak_in_flight=%d\n",
				cfg.Name, res.Throughput, loadgen.FmtUS(res.Latency.P50), loadgen.FmtUS(res.Latency.P99), loadgen.FmtUS(res.Latency.P999),
				loadgen.FmtUS(res.Latency.Max), res.Errors, res.CacheHits, res.PeakInFlight)
			vr := f.Variants[v]
			if vr == nil {
				vr = &VariantRS{Addr: target}
				f.Variants[v] = vr
			}
			vr.Runs = append(vr.Runs, res)
		}
	}
	f.LoadAvg[1] = loadavg()
	for _, vr := range f.Variants {
		vr.Median = loadgen.Summarize(vr.Runs)
	}
	b, _ := json.MarshalIndent(f, "", " ")
	base := filepath.Join(*out, sc.Name)
	if err := os.WriteFile(base+".json", b, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(base+".md", []byte(scenarioMarkdown(f)), 0o644); err != nil {
		return err
	}
	var series []loadgen.Series
	for _, v := range vs {
		for i, r := range f.Variants[v].Runs {
			series = append(series, loadgen.Series{Name: fmt.Sprintf("%s #%d", v, i+1), Spectrum: r.Latency.Spectrum})
		}
	}
	return loadgen.SpectrumChart(base+".png", sc.Name+": latency by percentile (from intended start)", series)
}

func mockControl(addr string, latency time.Duration) error {
	return loadgen.Control(addr, map[string]any{"latency_ms": latency.Milliseconds(), "mode": "ok", "count": 0})
}

func scenarioMarkdown(f *File) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s. Target %s", f.Scenario, f.About, f.Target)
	if f.MockLatency != "" {
		fmt.Fprintf(&b, ", upstream latency %s", f.MockLatency)
	}
	mode := "closed loop"
	if f.Rate > 0 {
		mode = fmt.Sprintf("open loop at %.0f req/s", f.Rate)
	}
	fmt.Fprintf(&b, ", %s, at most %d in flight, %.0f s per run. Load average before/after: `%s` / `%s`.\n\n", mode, f.MaxInFlight, f.DurationS, f.LoadAvg[0], f.LoadAvg[1])
	fmt.Fprintf(&b, "`%s`\n\n", f.Command)
	b.WriteString("| variant | run | req/s | p50 | p90 | p99 | p99.9 | max | errors | hits | peak in flight | CPU µs/req |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, v := range []string{"svc", "direct", "caddy"} {
		vr := f.Variants[v]
		if vr == nil {
			continue
		}
		for i, r := range vr.Runs {
			fmt.Fprintf(&b, "| %s | %d | %.0f | %s | %s | %s | %s | %s | %d | %d | %d | %s |\n", v, i+1, r.Throughput,
				loadgen.FmtUS(r.Latency.P50), loadgen.FmtUS(r.Latency.P90), loadgen.FmtUS(r.Latency.P99), loadgen.FmtUS(r.Latency.P999), loadgen.FmtUS(r.Latency.Max),
				r.Errors, r.CacheHits, r.PeakInFlight, cpuCell(r.Procs))
		}
		m := vr.Median
		fmt.Fprintf(&b, "| **%s median** | %d | **%.0f** | **%s** | %s | **%s** | %s | %s | %d | %.0f%% | %d | %s |\n", v, m.Runs, m.Throughput,
			loadgen.FmtUS(m.P50), loadgen.FmtUS(m.P90), loadgen.FmtUS(m.P99), loadgen.FmtUS(m.P999), loadgen.FmtUS(m.Max), m.Errors, 100*m.HitRatio, m.PeakInFlight, cpuMap(m.CPUPerReq))
	}
	if s := f.Variants["svc"]; s != nil && s.Median.ServerP99 > 0 {
		fmt.Fprintf(&b, "\nServer-side latency (X-SVC-Latency-Us, the span X-SVC-Latency reports in whole ms): p50 %d µs, p99 %d µs.\n", s.Median.ServerP50, s.Median.ServerP99)
	}
	if s, d := f.Variants["svc"], f.Variants["direct"]; s != nil && d != nil {
		fmt.Fprintf(&b, "\nGateway overhead (svc median − direct median, per percentile): p50 %s, p90 %s, p99 %s, p99.9 %s.\n",
			loadgen.FmtSigned(s.Median.P50-d.Median.P50), loadgen.FmtSigned(s.Median.P90-d.Median.P90), loadgen.FmtSigned(s.Median.P99-d.Median.P99), loadgen.FmtSigned(s.Median.P999-d.Median.P999))
	}
	if c, d := f.Variants["caddy"], f.Variants["direct"]; c != nil && d != nil {
		fmt.Fprintf(&b, "\nCaddy's overhead on the same request (caddy median − direct median): p50 %s, p90 %s, p99 %s, p99.9 %s.\n",
			loadgen.FmtSigned(c.Median.P50-d.Median.P50), loadgen.FmtSigned(c.Median.P90-d.Median.P90), loadgen.FmtSigned(c.Median.P99-d.Median.P99), loadgen.FmtSigned(c.Median.P999-d.Median.P999))
	}
	fmt.Fprintf(&b, "\n![%s](%s.png)\n", f.Scenario, f.Scenario)
	return b.String()
}

func cpuCell(ps map[string]*loadgen.Proc) string {
	m := map[string]float64{}
	for k, p := range ps {
		m[k] = p.CPUPerReq
	}
	return cpuMap(m)
}

func cpuMap(m map[string]float64) string {
	var parts []string
	for _, k := range []string{"svc", "builtin", "caddy", "mock", "bare", "load"} {
		if v, ok := m[k]; ok && v > 0 {
			parts = append(parts, fmt.Sprintf("%s %.0f", k, v))
		}
	}
	return strings.Join(parts, ", ")
}
