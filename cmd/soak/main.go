// Command soak is the crash-consistency soak of svc (make soak): it loops N
// cycles of "drive paid load from concurrent clients, kill -9 the server at a
// random moment, restart it on the same data directory, check the ledger's
// invariants against what was acknowledged", then optionally an upstream-fault
// phase with cmd/mockllm. It prints one line per cycle and a final line
//
//	soak: N cycles, M requests acknowledged, D discrepancies
//
// and exits non-zero on any discrepancy. See docs/reliability.md.
package main

import (
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func main() {
	var (
		bin      = flag.String("bin", "bin/svc", "svc binary")
		mockBin  = flag.String("mockllm", "bin/mockllm", "mockllm binary (fault phase)")
		cycles   = flag.Int("cycles", envInt("SOAK_CYCLES", 50), "kill -9 cycles (SOAK_CYCLES)")
		clients  = flag.Int("clients", envInt("SOAK_CLIENTS", 8), "concurrent clients (SOAK_CLIENTS)")
		minLoad  = flag.Duration("min-load", 300*time.Millisecond, "shortest load before the kill")
		maxLoad  = flag.Duration("max-load", 2500*time.Millisecond, "longest load before the kill")
		workDir  = flag.String("dir", "", "work directory (data and logs); default a temp dir, removed when clean")
		seed     = flag.Uint64("seed", 0, "random seed (0: from the clock)")
		faults   = flag.Bool("faults", os.Getenv("SOAK_FAULTS") != "0", "run the upstream-fault phase with mockllm (SOAK_FAULTS=0 to skip)")
		faultsN  = flag.Int("fault-requests", 24, "concurrent requests per fault mode")
		keep     = flag.Bool("keep", false, "keep the work directory")
		startMax = flag.Duration("start-timeout", 30*time.Second, "bound on one start (health answering)")
	)
	flag.Parse()
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	dir := *workDir
	if dir == "" {
		d, err := os.MkdirTemp("", "svc-soak-")
		if err != nil {
			fatal(err)
		}
		dir = d
	}
	dataDir, logDir := filepath.Join(dir, "data"), filepath.Join(dir, "logs")
	if err := os.MkdirAll(logDir, 0o700); err != nil {
		fatal(err)
	}
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	token := "soak_admin_" + hex.EncodeToString(raw[:])
	rng := mrand.New(mrand.NewPCG(*seed, 1))
	fmt.Printf("soak: %d cycles, %d clients, kill after %s..%s, seed %d, work dir %s\n", *cycles, *clients, *minLoad, *maxLoad, *seed, dir)

	var (
		mu            sync.Mutex
		discrepancies int
		cycle         int
	)
	report := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		discrepancies++
		fmt.Printf("  DISCREPANCY (cycle %d): %s\n", cycle, fmt.Sprintf(format, args...))
	}
	cnt := &counters{}
	started := time.Now()
	logf := func(n int) string { return filepath.Join(logDir, fmt.Sprintf("svc-%03d.log", n)) }

	p, err := startSvc(*bin, dataDir, token, logf(0), nil, *startMax)
	if err != nil {
		fatal(err)
	}
	cc := &http.Client{Timeout: 30 * time.Second}
	mainA, err := setupAccount(cc, p, token, "main", true, 2, 500)
	if err != nil {
		fatal(err)
	}
	small, err := setupAccount(cc, p, token, "small", true, 0, 25)
	if err != nil {
		fatal(err)
	}
	accounts := []*acct{mainA, small}
	checkAll := func(p *proc) {
		k := &checker{c: cc, p: p, token: token, report: report}
		for _, a := range accounts {
			k.check(a)
		}
	}

	for cycle = 1; cycle <= *cycles; cycle++ {
		t0 := time.Now()
		hold, err := setupAccount(cc, p, token, fmt.Sprintf("hold-%03d", cycle), true, 0, 25)
		if err != nil {
			fatal(err)
		}
		hold.holdCheck = true
		sbx, err := setupAccount(cc, p, token, fmt.Sprintf("sandbox-%03d", cycle), false, 2, 0)
		if err != nil {
			fatal(err)
		}
		accounts = append(accounts, hold, sbx)

		sent0, acked0, unk0 := cnt.sent.Load(), cnt.acked.Load(), cnt.unknown.Load()
		tr := &http.Transport{MaxIdleConnsPerHost: *clients + 2}
		l := &load{p: p, c: &http.Client{Timeout: 30 * time.Second, Transport: tr}, token: token,
			main: mainA, small: small, hold: hold, sbx: sbx, cnt: cnt, report: report}
		var wg sync.WaitGroup
		for i := 0; i < *clients; i++ {
			wg.Add(1)
			go l.client(rng.Uint64(), &wg)
		}
		wg.Add(1)
		go l.admin(rng.Uint64(), &wg)

		run := *minLoad + time.Duration(rng.Int64N(int64(*maxLoad-*minLoad)+1))
		time.Sleep(run)
		// kill -9 at a random moment with requests in flight; clients stop
		// sending at once so that only those in flight are unanswered.
		_ = p.cmd.Process.Signal(syscall.SIGKILL)
		l.stopped.Store(true)
		p.kill()
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(45 * time.Second):
			report("clients did not finish within 45s of the kill")
			<-done
		}
		tr.CloseIdleConnections()

		early := ""
		if cycle%5 == 0 {
			// every fifth cycle also crashes during recovery (store opening)
			d := time.Duration(rng.IntN(150)) * time.Millisecond
			if err := startKillEarly(*bin, dataDir, token, logf(cycle), d); err != nil {
				report("start for an early kill: %v", err)
			}
			early = fmt.Sprintf(", killed again %s into the restart", d)
		}
		p, err = startSvc(*bin, dataDir, token, logf(cycle), nil, *startMax)
		if err != nil {
			report("restart after kill -9: %v", err)
			break
		}
		restart := time.Since(t0) - run
		t1 := time.Now()
		checkAll(p)
		checkDur := time.Since(t1)
		mu.Lock()
		d := discrepancies
		mu.Unlock()
		fmt.Printf("soak: cycle %d/%d: load %s, sent %d, acknowledged %d, unanswered at the kill %d, accounts %d, cycle %s (setup+kill+restart %s, check %s), discrepancies %d%s\n",
			cycle, *cycles, run.Round(time.Millisecond), cnt.sent.Load()-sent0, cnt.acked.Load()-acked0, cnt.unknown.Load()-unk0,
			len(accounts), time.Since(t0).Round(time.Millisecond), restart.Round(time.Millisecond), checkDur.Round(time.Millisecond), d, early)
	}
	cycle--

	// Graceful shutdown: SIGTERM exits 0, and the store reopens with every invariant.
	if p != nil {
		// SIGTERM under load: in-flight requests drain, the process exits 0
		// within the shutdown deadline, and every acknowledged request is durable.
		unk0, acked0 := cnt.unknown.Load(), cnt.acked.Load()
		tr := &http.Transport{MaxIdleConnsPerHost: *clients + 2}
		l := &load{p: p, c: &http.Client{Timeout: 30 * time.Second, Transport: tr}, token: token,
			main: mainA, small: small, hold: accounts[len(accounts)-2], sbx: accounts[len(accounts)-1], cnt: cnt, report: report, stopOnError: true}
		var wg sync.WaitGroup
		for i := 0; i < *clients; i++ {
			wg.Add(1)
			go l.client(rng.Uint64(), &wg)
		}
		time.Sleep(time.Second)
		t0 := time.Now()
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		err := p.term(20 * time.Second)
		took := time.Since(t0)
		l.stopped.Store(true)
		wg.Wait()
		tr.CloseIdleConnections()
		if err != nil {
			report("SIGTERM under load: %v", err)
		}
		fmt.Printf("soak: SIGTERM under load: exit %v after %s; %d acknowledged, %d unanswered (cut at the close, or sent after it)\n",
			err, took.Round(time.Millisecond), cnt.acked.Load()-acked0, cnt.unknown.Load()-unk0)
		if q, err := startSvc(*bin, dataDir, token, logf(9999), nil, *startMax); err != nil {
			report("restart after SIGTERM: %v", err)
		} else {
			checkAll(q)
			if err := q.term(20 * time.Second); err != nil {
				report("SIGTERM: %v", err)
			}
		}
	}
	nu := 0
	for _, v := range mainA.usage {
		nu += v
	}
	fmt.Printf("soak: crash cycles done in %s; account main holds %d comments and %d usage records, %d accounts in all\n",
		time.Since(started).Round(time.Second), len(mainA.comments), nu, len(accounts))

	if *faults {
		runFaults(*bin, *mockBin, filepath.Join(dir, "faults"), token, *faultsN, *startMax, report, cnt)
	}

	mu.Lock()
	d := discrepancies
	mu.Unlock()
	fmt.Printf("soak: %d cycles, %d requests acknowledged, %d discrepancies\n", cycle, cnt.acked.Load(), d)
	if d > 0 {
		fmt.Printf("soak: work directory kept for inspection: %s\n", dir)
		os.Exit(1)
	}
	if *workDir == "" && !*keep {
		os.RemoveAll(dir)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "soak:", err)
	os.Exit(2)
}
