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
	"errors"
	"flag"
	"fmt"
	"io"
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

// options are the command's flags.
type options struct {
	bin, mockBin, workDir      string
	cycles, clients, faultsN   int
	minLoad, maxLoad, startMax time.Duration
	seed                       uint64
	faults, keep               bool
}

// Bounds of the flags (every input has a limit).
const (
	maxCycles  = 100_000
	maxClients = 1024
	maxLoadCap = 10 * time.Minute
)

// parseFlags reads args (without the command name); a flag out of its
// range is an error, after a line naming it and the usage on out.
func parseFlags(args []string, out io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("soak", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&o.bin, "bin", "bin/svc", "svc binary")
	fs.StringVar(&o.mockBin, "mockllm", "bin/mockllm", "mockllm binary (fault phase)")
	fs.IntVar(&o.cycles, "cycles", envInt("SOAK_CYCLES", 50), fmt.Sprintf("kill -9 cycles, 1 to %d (SOAK_CYCLES)", maxCycles))
	fs.IntVar(&o.clients, "clients", envInt("SOAK_CLIENTS", 8), fmt.Sprintf("concurrent clients, 1 to %d (SOAK_CLIENTS)", maxClients))
	fs.DurationVar(&o.minLoad, "min-load", 300*time.Millisecond, "shortest load before the kill (> 0)")
	fs.DurationVar(&o.maxLoad, "max-load", 2500*time.Millisecond, "longest load before the kill (>= min-load, <= 10m)")
	fs.StringVar(&o.workDir, "dir", "", "work directory (data and logs); default a temp dir, removed when clean")
	fs.Uint64Var(&o.seed, "seed", 0, "random seed (0: from the clock)")
	fs.BoolVar(&o.faults, "faults", os.Getenv("SOAK_FAULTS") != "0", "run the upstream-fault phase with mockllm (SOAK_FAULTS=0 to skip)")
	fs.IntVar(&o.faultsN, "fault-requests", 24, fmt.Sprintf("concurrent requests per fault mode, 1 to %d", maxClients))
	fs.BoolVar(&o.keep, "keep", false, "keep the work directory")
	fs.DurationVar(&o.startMax, "start-timeout", 30*time.Second, "bound on one start (health answering; > 0)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case o.cycles < 1 || o.cycles > maxCycles:
		err = fmt.Errorf("-cycles %d: want 1 to %d", o.cycles, maxCycles)
	case o.clients < 1 || o.clients > maxClients:
		err = fmt.Errorf("-clients %d: want 1 to %d", o.clients, maxClients)
	case o.minLoad <= 0:
		err = fmt.Errorf("-min-load %s: want > 0", o.minLoad)
	case o.maxLoad < o.minLoad || o.maxLoad > maxLoadCap:
		err = fmt.Errorf("-max-load %s: want -min-load (%s) to %s", o.maxLoad, o.minLoad, maxLoadCap)
	case o.faultsN < 1 || o.faultsN > maxClients:
		err = fmt.Errorf("-fault-requests %d: want 1 to %d", o.faultsN, maxClients)
	case o.startMax <= 0:
		err = fmt.Errorf("-start-timeout %s: want > 0", o.startMax)
	}
	if err != nil {
		fmt.Fprintln(out, "soak:", err)
		fs.Usage()
	}
	return o, err
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		os.Exit(2)
	}
	if o.seed == 0 {
		o.seed = uint64(time.Now().UnixNano())
	}
	dir := o.workDir
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
	rng := mrand.New(mrand.NewPCG(o.seed, 1))
	fmt.Printf("soak: %d cycles, %d clients, kill after %s..%s, seed %d, work dir %s\n", o.cycles, o.clients, o.minLoad, o.maxLoad, o.seed, dir)

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

	p, err := startSvc(o.bin, dataDir, token, logf(0), nil, o.startMax)
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

	for cycle = 1; cycle <= o.cycles; cycle++ {
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
		tr := &http.Transport{MaxIdleConnsPerHost: o.clients + 2}
		l := &load{p: p, c: &http.Client{Timeout: 30 * time.Second, Transport: tr}, token: token,
			main: mainA, small: small, hold: hold, sbx: sbx, cnt: cnt, report: report}
		var wg sync.WaitGroup
		for i := 0; i < o.clients; i++ {
			wg.Add(1)
			go l.client(rng.Uint64(), &wg)
		}
		wg.Add(1)
		go l.admin(rng.Uint64(), &wg)

		run := o.minLoad + time.Duration(rng.Int64N(int64(o.maxLoad-o.minLoad)+1))
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
			if err := startKillEarly(o.bin, dataDir, token, logf(cycle), d); err != nil {
				report("start for an early kill: %v", err)
			}
			early = fmt.Sprintf(", killed again %s into the restart", d)
		}
		p, err = startSvc(o.bin, dataDir, token, logf(cycle), nil, o.startMax)
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
			cycle, o.cycles, run.Round(time.Millisecond), cnt.sent.Load()-sent0, cnt.acked.Load()-acked0, cnt.unknown.Load()-unk0,
			len(accounts), time.Since(t0).Round(time.Millisecond), restart.Round(time.Millisecond), checkDur.Round(time.Millisecond), d, early)
	}
	cycle--

	// Graceful shutdown: SIGTERM exits 0, and the store reopens with every invariant.
	if p != nil {
		// SIGTERM under load: in-flight requests drain, the process exits 0
		// within the shutdown deadline, and every acknowledged request is durable.
		unk0, acked0 := cnt.unknown.Load(), cnt.acked.Load()
		tr := &http.Transport{MaxIdleConnsPerHost: o.clients + 2}
		l := &load{p: p, c: &http.Client{Timeout: 30 * time.Second, Transport: tr}, token: token,
			main: mainA, small: small, hold: accounts[len(accounts)-2], sbx: accounts[len(accounts)-1], cnt: cnt, report: report, stopOnError: true}
		var wg sync.WaitGroup
		for i := 0; i < o.clients; i++ {
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
		if q, err := startSvc(o.bin, dataDir, token, logf(9999), nil, o.startMax); err != nil {
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

	if o.faults {
		runFaults(o.bin, o.mockBin, filepath.Join(dir, "faults"), token, o.faultsN, o.startMax, report, cnt)
	}

	mu.Lock()
	d := discrepancies
	mu.Unlock()
	fmt.Printf("soak: %d cycles, %d requests acknowledged, %d discrepancies\n", cycle, cnt.acked.Load(), d)
	if d > 0 {
		fmt.Printf("soak: work directory kept for inspection: %s\n", dir)
		os.Exit(1)
	}
	if o.workDir == "" && !o.keep {
		os.RemoveAll(dir)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "soak:", err)
	os.Exit(2)
}
