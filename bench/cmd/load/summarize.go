package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"svc/bench/loadgen"
	"svc/bench/scenario"
)

// inprocFile is what `inproc latency` writes.
type inprocFile struct {
	Stages []struct {
		Scenario    string  `json:"scenario"`
		Concurrency int     `json:"concurrency"`
		N           int64   `json:"n"`
		Errors      int64   `json:"errors"`
		Throughput  float64 `json:"throughput_rps"`
		Handler     pcts    `json:"handler_us"`
		Commit      pcts    `json:"commit_us"`
		NonCommit   pcts    `json:"handler_minus_commit_us"`
		AllocsPer   float64 `json:"allocs_per_req"`
		BytesPer    float64 `json:"bytes_per_req"`
		CPUPerReqUS float64 `json:"cpu_us_per_req"`
	} `json:"stages"`
}

type pcts struct {
	P50, P90, P99, P999, Max, Mean float64
}

func summarize(args []string) error {
	fs := flag.NewFlagSet("summarize", flag.ExitOnError)
	in := fs.String("in", "bench/results", "directory of run outputs")
	out := fs.String("out", "bench/RESULTS.md", "Markdown to write")
	machine := fs.String("machine", "", "machine description (Markdown lines)")
	commands := fs.String("commands", "", "file listing the commands run")
	loadBefore := fs.String("load-before", "", "/proc/loadavg before the whole run")
	loadAfter := fs.String("load-after", "", "/proc/loadavg after the whole run")
	elapsed := fs.Duration("elapsed", 0, "wall time of the whole run")
	at := fs.String("at", "", "when the run ended (RFC 3339; default now)")
	_ = fs.Parse(args)

	files := map[string]*File{}
	for _, sc := range scenario.All {
		b, err := os.ReadFile(filepath.Join(*in, sc.Name+".json"))
		if err != nil {
			continue
		}
		var f File
		if err := json.Unmarshal(b, &f); err != nil {
			return fmt.Errorf("%s: %w", sc.Name, err)
		}
		files[sc.Name] = &f
	}
	var inp inprocFile
	if b, err := os.ReadFile(filepath.Join(*in, "inproc.json")); err == nil {
		_ = json.Unmarshal(b, &inp)
	}
	med := func(name, variant string) *loadgen.Summary {
		f := files[name]
		if f == nil || f.Variants[variant] == nil {
			return nil
		}
		return &f.Variants[variant].Median
	}

	var b strings.Builder
	fmt.Fprintf(&b, "# svc load test results\n\nWritten by `make bench` (`scripts/bench.sh`) on %s; the whole run took %s. Raw runs: `bench/results/*.json` (every run), per-scenario tables `bench/results/<scenario>.md`, charts `bench/results/<scenario>.png`.\n\n",
		atOr(*at), elapsed.Round(time.Second))
	b.WriteString("## Machine\n\n")
	b.WriteString(*machine)
	fmt.Fprintf(&b, "\n- load average before: `%s`, after: `%s`\n", *loadBefore, *loadAfter)
	if lb := firstField(*loadBefore); lb > 1.0 {
		fmt.Fprintf(&b, "\n> **Other work was running on this machine during the run** (1-minute load average %.2f before it started, on %s cores). Load generator, svc, cmd/mockllm and the other work shared the same cores: every figure below is pessimistic, and the ratios against the targets are only indicative. Rerun `make bench` on a quiet machine for numbers to quote.\n", lb, strings.TrimSpace(nprocStr()))
	}
	b.WriteString(`
## Method

- Load generator: ` + "`bench/cmd/load`" + ` (package ` + "`svc/bench/loadgen`" + `) on the fasthttp client (github.com/valyala/fasthttp). **Open loop**: requests are scheduled at a fixed arrival rate and each latency is measured from the request's *intended* start time, so queueing in the server (or in the client waiting for a free connection) is counted and coordinated omission cannot hide it. Concurrency is bounded (at most *max in flight* requests outstanding; a request waiting for a slot keeps its intended start). ` + "`-max`" + ` scenarios run **closed loop** (N connections sending back to back, like wrk) to find the saturation throughput; their latency is from actual start.
- Latency histograms: github.com/HdrHistogram/hdrhistogram-go (1 µs..120 s, 3 significant digits). Charts: gonum.org/v1/plot (percentile spectrum, log latency axis).
- Each scenario is repeated (interleaving the svc and direct variants) after an unmeasured warm-up; tables show the **median** of each figure over the repeats. The *direct* variant sends the same load straight to cmd/mockllm as the chat completion svc would send (same system prompt, schema and input), so **gateway overhead = svc − direct, per percentile, measured in the same run**.
- CPU per request: ` + "`/proc/<pid>/stat`" + ` utime+stime delta over the run ÷ completed requests. Memory: highest VmRSS sampled each second, and VmHWM at the end.
- Every paid request is committed to Pebble with a synced write before its response (svc's design); nothing here turns that off.
- All processes (client, svc, mockllm) share the machine's cores: client CPU is in every end-to-end figure, including the bare ceiling.

`)
	// Targets.
	b.WriteString("## Targets (issue 7)\n\n| target | measured (median of repeats) | ratio / verdict |\n|---|---|---|\n")
	bare := med("bare-max", "svc")
	for _, name := range []string{"detect-miss-max", "detect-hit-max"} {
		if s := med(name, "svc"); s != nil && bare != nil && bare.Throughput > 0 {
			r := s.Throughput / bare.Throughput
			fmt.Fprintf(&b, "| detect throughput ≥ 0.5× bare fasthttp (%s) | %.0f req/s vs bare %.0f req/s | %.3f× %s |\n", name, s.Throughput, bare.Throughput, r, verdict(r >= 0.5))
		}
	}
	if wb, wd := wrkSummary(filepath.Join(*in, "wrk-bare.txt")), wrkSummary(filepath.Join(*in, "wrk-detect-hit.txt")); wb != nil && wd != nil && wb.rps > 0 {
		r := wd.rps / wb.rps
		fmt.Fprintf(&b, "| same, measured with wrk (a C client: less client CPU on the shared cores, so a higher ceiling) | detect hit %.0f req/s vs bare %.0f req/s | %.3f× %s |\n", wd.rps, wb.rps, r, verdict(r >= 0.5))
	}
	if s := med("detect-hit-1k", "svc"); s != nil {
		fmt.Fprintf(&b, "| X-SVC-Latency p99 ≤ 100 µs (detect hit, 1k req/s; read from X-SVC-Latency-Us, the same span in µs) | p50 %d µs, p99 %d µs | %s |\n", s.ServerP50, s.ServerP99, verdict(s.ServerP99 <= 100))
	}
	if s := med("detect-miss-1k", "svc"); s != nil && s.ServerP99 > 0 {
		fmt.Fprintf(&b, "| same, detect misses (each debit durable), 1k req/s | p50 %d µs, p99 %d µs | %s |\n", s.ServerP50, s.ServerP99, verdict(s.ServerP99 <= 100))
	}
	for _, st := range inp.Stages {
		if st.Concurrency == 1 && (st.Scenario == "detect-hit" || st.Scenario == "detect-miss") {
			fmt.Fprintf(&b, "| server-side latency p99 ≤ 100 µs, in process, µs resolution (%s, serial) | handler p99 %.0f µs (p50 %.0f); of which durable commit p99 %.0f µs; handler − commit p99 %.0f µs | %s (without the fsync wait: %s) |\n",
				st.Scenario, st.Handler.P99, st.Handler.P50, st.Commit.P99, st.NonCommit.P99, verdict(st.Handler.P99 <= 100), verdict(st.NonCommit.P99 <= 100))
		}
	}
	if s, d := med("classify-miss-1k", "svc"), med("classify-miss-1k", "direct"); s != nil && d != nil {
		o50, o99 := s.P50-d.P50, s.P99-d.P99
		fmt.Fprintf(&b, "| gateway overhead p50 ≤ 100 µs at 1k req/s (classify miss, 300 ms upstream) | svc %s − direct %s = %s | %s |\n", loadgen.FmtUS(s.P50), loadgen.FmtUS(d.P50), loadgen.FmtSigned(o50), verdict(o50 <= 100))
		fmt.Fprintf(&b, "| gateway overhead p99 ≤ 1 ms at 1k req/s (classify miss, 300 ms upstream) | svc %s − direct %s = %s | %s |\n", loadgen.FmtUS(s.P99), loadgen.FmtUS(d.P99), loadgen.FmtSigned(o99), verdict(o99 <= 1000))
	}
	if s, d := med("classify-miss-1k-0ms", "svc"), med("classify-miss-1k-0ms", "direct"); s != nil && d != nil {
		fmt.Fprintf(&b, "| same, 0 ms upstream (less timer noise) | p50 %s − %s = %s; p99 %s − %s = %s | p50 %s, p99 %s |\n",
			loadgen.FmtUS(s.P50), loadgen.FmtUS(d.P50), loadgen.FmtSigned(s.P50-d.P50), loadgen.FmtUS(s.P99), loadgen.FmtUS(d.P99), loadgen.FmtSigned(s.P99-d.P99), verdict(s.P50-d.P50 <= 100), verdict(s.P99-d.P99 <= 1000))
	}
	if s, d := med("classify-miss-max", "svc"), med("classify-miss-max", "direct"); s != nil {
		dt := 0.0
		if d != nil {
			dt = d.Throughput
		}
		fmt.Fprintf(&b, "| ≥ 15k req/s through the gateway (classify miss, closed loop) | %.0f req/s (straight to mockllm: %.0f req/s) | %.2f× of 15k %s |\n", s.Throughput, dt, s.Throughput/15000, verdict(s.Throughput >= 15000))
	}
	if s := med("classify-hit-max", "svc"); s != nil {
		fmt.Fprintf(&b, "| (for reference) classify cache hits, closed loop | %.0f req/s | %.2f× of 15k |\n", s.Throughput, s.Throughput/15000)
	}
	for _, name := range []string{"classify-miss-1k", "classify-miss-max"} {
		if s := med(name, "svc"); s != nil {
			c := s.CPUPerReq["svc"]
			fmt.Fprintf(&b, "| ≤ 150 µs CPU per proxied request (%s) | svc %.0f µs/req (mockllm %.0f µs/req) | %.2f× %s |\n", name, c, s.CPUPerReq["mock"], c/150, verdict(c > 0 && c <= 150))
		}
	}
	if s, d := med("classify-miss-10k", "svc"), med("classify-miss-10k", "direct"); s != nil {
		fmt.Fprintf(&b, "| 10,000 concurrent upstream calls (300 ms), bounded memory, no error | client in flight (peak) %d; %.0f req/s, so ≈ %.0f upstream calls in flight (Little: req/s × 0.3 s; the rest wait inside svc: ledger locks and CPU, see P16 below); errors %d; svc VmHWM %.0f MiB (max RSS %.0f MiB); p99 %s | %s |\n",
			s.PeakInFlight, s.Throughput, s.Throughput*0.3, s.Errors, float64(s.HWMKB["svc"])/1024, float64(s.RSSMaxKB["svc"])/1024, loadgen.FmtUS(s.P99), verdict(s.Errors == 0 && s.PeakInFlight >= 10000)+fdNote(s.PeakInFlight))
		if d != nil {
			fmt.Fprintf(&b, "| (same load straight to mockllm) | peak in flight %d, %.0f req/s, errors %d, p99 %s | |\n", d.PeakInFlight, d.Throughput, d.Errors, loadgen.FmtUS(d.P99))
		}
	}
	if s := med("report-500", "svc"); s != nil {
		fmt.Fprintf(&b, "| report with 500 comments, built-in engine: p99 ≤ 50 ms | p50 %s, p99 %s (%d reports) | %.2f× %s |\n", loadgen.FmtUS(s.P50), loadgen.FmtUS(s.P99), s.Completed, float64(s.P99)/50000, verdict(s.P99 <= 50000))
	}

	if nf := med("bare-1k", "svc"); nf != nil {
		fmt.Fprintf(&b, "\nNoise floor of this run: the bare fasthttp handler at 1,000 req/s answered in p50 %s, p99 %s, p99.9 %s (client, kernel and the machine's other work; no application code).\n", loadgen.FmtUS(nf.P50), loadgen.FmtUS(nf.P99), loadgen.FmtUS(nf.P999))
	}

	// Side by side with another Go gateway on the same upstream.
	var side strings.Builder
	for _, name := range []string{"classify-miss-1k", "classify-miss-1k-0ms", "classify-miss-max"} {
		s, c, d := med(name, "svc"), med(name, "caddy"), med(name, "direct")
		if s == nil || c == nil || d == nil {
			continue
		}
		fmt.Fprintf(&side, "| %s | %.0f | %s / %s | %.0f | %s / %s | %.0f | %s / %s | %.0f | %.0f |\n", name,
			d.Throughput, loadgen.FmtUS(d.P50), loadgen.FmtUS(d.P99),
			c.Throughput, loadgen.FmtSigned(c.P50-d.P50), loadgen.FmtSigned(c.P99-d.P99),
			s.Throughput, loadgen.FmtSigned(s.P50-d.P50), loadgen.FmtSigned(s.P99-d.P99),
			c.CPUPerReq["caddy"], s.CPUPerReq["svc"])
	}
	if side.Len() > 0 {
		b.WriteString("\n## Side by side: another Go gateway on the same upstream\n\n" +
			"Caddy (Go; `reverse_proxy` to the same cmd/mockllm, Debian's caddy package) forwards the very request the *direct* variant sends; svc receives the public API request, authenticates, reserves, calls the provider, validates, stores the comment and commits the debit durably. Overheads are each variant's median minus direct's, per percentile, in the same run. Caddy is a general reverse proxy, not an LLM gateway: no auth, billing, schema or cache work — it is the floor a Go proxy hop costs on this machine.\n\n" +
			"| scenario | direct req/s | direct p50 / p99 | caddy req/s | caddy overhead p50 / p99 | svc req/s | svc overhead p50 / p99 | caddy CPU µs/req | svc CPU µs/req |\n|---|---|---|---|---|---|---|---|---|\n")
		b.WriteString(side.String())
	}

	// Scenario table.
	b.WriteString("\n## Scenarios (medians)\n\n| scenario | what | svc req/s | svc p50 | svc p99 | svc p99.9 | errors | hits | svc CPU µs/req | direct req/s | direct p50 | direct p99 | overhead p50 | overhead p99 |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, sc := range scenario.All {
		f := files[sc.Name]
		if f == nil {
			continue
		}
		s := med(sc.Name, "svc")
		if s == nil {
			continue
		}
		row := fmt.Sprintf("| [%s](results/%s.md) | %s | %.0f | %s | %s | %s | %d | %.0f%% | %s |", sc.Name, sc.Name, f.About, s.Throughput, loadgen.FmtUS(s.P50), loadgen.FmtUS(s.P99), loadgen.FmtUS(s.P999), s.Errors, 100*s.HitRatio, cpuOf(s, f.Target))
		if d := med(sc.Name, "direct"); d != nil {
			row += fmt.Sprintf(" %.0f | %s | %s | %s | %s |", d.Throughput, loadgen.FmtUS(d.P50), loadgen.FmtUS(d.P99), loadgen.FmtSigned(s.P50-d.P50), loadgen.FmtSigned(s.P99-d.P99))
		} else {
			row += " | | | | |"
		}
		b.WriteString(row + "\n")
	}
	b.WriteString("\nError kinds, when any: ")
	anyErr := false
	for _, sc := range scenario.All {
		for v, vr := range filesVariants(files[sc.Name]) {
			if len(vr.Median.ErrorKinds) > 0 {
				anyErr = true
				fmt.Fprintf(&b, "%s/%s %v; ", sc.Name, v, vr.Median.ErrorKinds)
			}
		}
	}
	if !anyErr {
		b.WriteString("none.")
	}
	b.WriteString("\n\n![latency percentile spectra](results/latency.png)\n")

	if len(inp.Stages) > 0 {
		b.WriteString("\n## Server-side latency in process (`bench/cmd/inproc latency`)\n\nThe public handler called directly (no network, no client on the cores), on the real Pebble ledger with synced commits: *handler* is the span X-SVC-Latency reports (in µs instead of ms), *commit* the time inside `ledger.Commit` (the durable batch), *handler − commit* the gateway's own work (percentile by percentile, an estimate).\n\n| scenario | goroutines | req/s | handler p50 | handler p99 | commit p50 | commit p99 | handler − commit p50 | handler − commit p99 | allocs/req | bytes/req | CPU µs/req |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
		for _, st := range inp.Stages {
			fmt.Fprintf(&b, "| %s | %d | %.0f | %.0f µs | %.0f µs | %.0f µs | %.0f µs | %.0f µs | %.0f µs | %.0f | %.0f | %.0f |\n", st.Scenario, st.Concurrency, st.Throughput,
				st.Handler.P50, st.Handler.P99, st.Commit.P50, st.Commit.P99, st.NonCommit.P50, st.NonCommit.P99, st.AllocsPer, st.BytesPer, st.CPUPerReqUS)
		}
	}

	// Profiles.
	profs, _ := filepath.Glob(filepath.Join(*in, "profile-*.txt"))
	sort.Strings(profs)
	if len(profs) > 0 {
		b.WriteString("\n## CPU profiles (go tool pprof -top)\n\n`profile-cpu-*`: `bench/cmd/inproc profile` (handler called in process, 32 goroutines, no network). `profile-svc-*`: the real svc under the load generator, from its admin listener's `/debug/pprof/profile` (2 s during the first measured run). `-cum` views are in `bench/results/`.\n")
		for _, p := range profs {
			if strings.Contains(filepath.Base(p), "-cum-") {
				continue // kept in bench/results for reading; flat views here
			}
			raw, _ := os.ReadFile(p)
			lines := strings.Split(string(raw), "\n")
			if len(lines) > 32 {
				lines = lines[:32]
			}
			fmt.Fprintf(&b, "\n### %s\n\n```\n%s\n```\n", strings.TrimSuffix(filepath.Base(p), ".txt"), strings.Join(lines, "\n"))
		}
	}
	if wb, wd := wrkSummary(filepath.Join(*in, "wrk-bare.txt")), wrkSummary(filepath.Join(*in, "wrk-detect-hit.txt")); wb != nil && wd != nil {
		b.WriteString("\n## Cross-check with wrk (closed loop, 1 thread, 64 connections, 3 s)\n\n| target | req/s | p50 | p99 | non-2xx |\n|---|---|---|---|---|\n")
		for _, w := range []*wrkResult{wb, wd} {
			fmt.Fprintf(&b, "| %s | %.0f | %s | %s | %s |\n", w.name, w.rps, w.p50, w.p99, w.non2xx)
		}
		if wb.rps > 0 {
			fmt.Fprintf(&b, "\nwrk's ratio detect-hit / bare: %.2f×.\n", wd.rps/wb.rps)
		}
	}
	if raw, err := os.ReadFile(filepath.Join(*in, "walbench.jsonl")); err == nil {
		b.WriteString("\n## Pebble synced commits alone (`bench/cmd/walbench`)\n\nsvc's ledger commit pattern (ApplyNoSyncWait + SyncWait, 3 keys, 1.5 KB per batch) with nothing else running in the process: the floor under every paid request's latency on this disk.\n\n| rate | goroutines | memtable | WAL min sync interval | commits/s | p50 | p90 | p99 | p99.9 | max | flushes | CPU µs/commit |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
		for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
			var w struct {
				Rate    float64 `json:"rate"`
				Conc    int     `json:"conc"`
				Mem     int     `json:"memtable_mb"`
				CPS     float64 `json:"commits_per_s"`
				P50     int64   `json:"p50_us"`
				P90     int64   `json:"p90_us"`
				P99     int64   `json:"p99_us"`
				P999    int64   `json:"p999_us"`
				Max     int64   `json:"max_us"`
				Flushes int64   `json:"flushes"`
				MinSync string  `json:"wal_min_sync"`
				CPU     float64 `json:"cpu_us_per_commit"`
			}
			if json.Unmarshal([]byte(l), &w) != nil {
				continue
			}
			rate, mem := "closed loop", "4 MiB (default)"
			if w.Rate > 0 {
				rate = fmt.Sprintf("%.0f/s", w.Rate)
			}
			if w.Mem > 0 {
				mem = fmt.Sprintf("%d MiB", w.Mem)
			}
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %.0f | %s | %s | %s | %s | %s | %d | %.0f |\n", rate, w.Conc, mem, w.MinSync, w.CPS, loadgen.FmtUS(w.P50), loadgen.FmtUS(w.P90), loadgen.FmtUS(w.P99), loadgen.FmtUS(w.P999), loadgen.FmtUS(w.Max), w.Flushes, w.CPU)
		}
	}
	if raw, err := os.ReadFile(filepath.Join(*in, "micro.txt")); err == nil {
		var keep []string
		for _, l := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(l, "Benchmark") {
				keep = append(keep, l)
			}
		}
		if len(keep) > 0 {
			b.WriteString("\n## Micro-benchmarks behind the proposals (`bench/micro_test.go`)\n\n```\n" + strings.Join(keep, "\n") + "\n```\n")
		}
	}
	if *commands != "" {
		if raw, err := os.ReadFile(*commands); err == nil {
			b.WriteString("\n## Commands\n\n```sh\n" + string(raw) + "```\n")
		}
	}
	if notes, err := os.ReadFile(filepath.Join(filepath.Dir(*out), "NOTES.md")); err == nil {
		b.WriteString("\n" + string(notes))
	}

	// Combined chart: svc medians of the main scenarios.
	var series []loadgen.Series
	for _, name := range []string{"bare-1k", "detect-hit-1k", "detect-miss-1k", "classify-hit-1k", "classify-miss-1k-0ms"} {
		if s := med(name, "svc"); s != nil {
			series = append(series, loadgen.Series{Name: name + " (svc)", Spectrum: s.Spectrum})
		}
		if d := med(name, "direct"); d != nil && name == "classify-miss-1k-0ms" {
			series = append(series, loadgen.Series{Name: name + " (direct to mockllm)", Spectrum: d.Spectrum})
		}
	}
	if len(series) > 0 {
		if err := loadgen.SpectrumChart(filepath.Join(*in, "latency.png"), "svc at 1,000 req/s: latency by percentile (median runs, from intended start)", series); err != nil {
			return err
		}
	}
	return os.WriteFile(*out, []byte(b.String()), 0o644)
}

type wrkResult struct {
	name, p50, p99, non2xx string
	rps                    float64
}

func wrkSummary(path string) *wrkResult {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	w := &wrkResult{name: strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "wrk-"), ".txt"), non2xx: "0"}
	for _, l := range strings.Split(string(raw), "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 2 && f[0] == "Requests/sec:":
			fmt.Sscan(f[1], &w.rps)
		case len(f) == 2 && f[0] == "50%":
			w.p50 = f[1]
		case len(f) == 2 && f[0] == "99%":
			w.p99 = f[1]
		case strings.HasPrefix(strings.TrimSpace(l), "Non-2xx"):
			w.non2xx = f[len(f)-1]
		}
	}
	return w
}

func filesVariants(f *File) map[string]*VariantRS {
	if f == nil {
		return nil
	}
	return f.Variants
}

func cpuOf(s *loadgen.Summary, target string) string {
	name := "svc"
	if target == "bare" {
		name = "bare"
	} else if target == "builtin" {
		name = "builtin"
	}
	if v, ok := s.CPUPerReq[name]; ok {
		return fmt.Sprintf("%.0f", v)
	}
	return ""
}

func fdNote(peak int64) string {
	if peak >= 10000 {
		return ""
	}
	b, _ := os.ReadFile("/proc/self/limits")
	lim := ""
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "Max open files") {
			lim = strings.Join(strings.Fields(l)[3:5], "/")
		}
	}
	return fmt.Sprintf(" (ran at %d in flight: svc needs 2 descriptors per proxied call and this machine's open-file limit is %s (soft/hard), not raisable without CAP_SYS_RESOURCE; at 10,000 the upstream dials fail with EMFILE)", peak, lim)
}

func verdict(ok bool) string {
	if ok {
		return "**met**"
	}
	return "**not met**"
}

func firstField(s string) float64 {
	var f float64
	fmt.Sscan(s, &f)
	return f
}

func nprocStr() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "?"
	}
	return fmt.Sprint(strings.Count(string(b), "processor\t:"))
}

func atOr(at string) string {
	if at != "" {
		return at
	}
	return time.Now().UTC().Format(time.RFC3339)
}
