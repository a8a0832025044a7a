// Package scripts holds the shell scripts behind the Makefile's targets;
// its test checks that the targets which start servers stop all of them.
package scripts

import (
	"bytes"
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"svc/internal/freeport"
	"svc/internal/testproc"
)

// The make targets that start servers leave nothing behind when they are
// stopped: make killed (SIGTERM to its pid alone, as `kill <pid>` does: make
// forwards it to its child), Ctrl-C (SIGINT to the process group) and a
// closed terminal (SIGHUP to the process group). Each run is its own session
// (setsid), so every process it started is found by session id; after make
// exits, none may remain and no port may still listen. Deadlines bound
// hangs only (the first run builds the binaries).
func TestMakeTargetsStopEveryServer(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Fatal("make is not installed (apt-get install make)")
	}
	for _, tc := range []run{
		{"run-mock", syscall.SIGTERM, false},
		{"run-mock", syscall.SIGINT, true},
		{"run-mock", syscall.SIGHUP, true},
		{"run", syscall.SIGTERM, false},
		{"run-cluster", syscall.SIGTERM, false},
	} {
		t.Run(fmt.Sprintf("%s %v", tc.target, tc.sig), func(t *testing.T) { tc.check(t) })
	}
}

// make run given a public port another server holds (and answers health
// on) is run again on new ports: the health that counts is its own.
func TestMakeRunStartsAgainOnTakenPort(t *testing.T) {
	a := testproc.TakenAddr(t)
	_, taken, _ := net.SplitHostPort(a)
	calls := 0
	runPorts = func(t *testing.T) []string {
		p := freePorts(t, 3)
		if calls++; calls == 1 {
			p[0] = taken
		}
		return p
	}
	defer func() { runPorts = func(t *testing.T) []string { return freePorts(t, 3) } }()
	run{"run", syscall.SIGTERM, false}.check(t)
	if calls != 2 {
		t.Fatalf("%d runs, want 2 (the first on the taken port %s)", calls, taken)
	}
}

// runPorts gives a run's svc, admin and mockllm ports (tests replace it).
var runPorts = func(t *testing.T) []string { return freePorts(t, 3) }

// check runs stops; a port taken by another process before a server bound
// it ends the run early, and it is made again on new ports, at most
// freeport.Attempts runs in all.
func (tc run) check(t *testing.T) {
	t.Helper()
	for attempt := 1; ; attempt++ {
		ports, taken := tc.stops(t)
		if taken == "" {
			return
		}
		if attempt >= freeport.Attempts {
			t.Fatalf("make %s: gave up after %d runs, a port taken every time; last run's ports %v: %s", tc.target, attempt, ports, taken)
		}
		t.Logf("make %s on %v: %s; running it again on new ports", tc.target, ports, taken)
	}
}

// run is a make target and how it is stopped.
type run struct {
	target string
	sig    syscall.Signal
	group  bool // to the process group (a terminal), else to make's pid alone
}

// stops runs the target on free ports (internal/freeport's) until it
// serves, stops it and checks that nothing of it is left. When a port was
// taken before its server bound it (make ended before serving, saying so,
// or a port answers from a process not of the run) it returns at once,
// after killing the run, with what says so; ports are the run's ports.
func (tc run) stops(t *testing.T) (ports []string, taken string) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	pp := runPorts(t)
	svc, admin, mock := "127.0.0.1:"+pp[0], "127.0.0.1:"+pp[1], "127.0.0.1:"+pp[2]
	cmd := exec.Command("make", "-s", tc.target)
	cmd.Dir = root
	cmd.Env = append(cleanEnv(), "SVC_ADDR="+svc, "SVC_ADMIN_ADDR="+admin, "MOCKLLM_ADDR="+mock,
		"SVC_DATA_DIR="+t.TempDir(), "SVC_LOG_LEVEL=warn")
	var clusterPorts, logDirs []string
	var pgData string
	if tc.target == "run-cluster" {
		// haproxy on svc (admin: +1), three nodes from a free block
		// (node i: base+10*i, admin +1), PostgreSQL and Redis: the
		// script's own ports, all moved off the defaults.
		hp := freeBlock(t, 0, 1)
		base := freeBlock(t, 0, 1, 10, 11, 20, 21)
		pr := freePorts(t, 2)
		pgPort, redisPort := pr[0], pr[1]
		svc, admin = "127.0.0.1:"+strconv.Itoa(hp), "127.0.0.1:"+strconv.Itoa(hp+1)
		for _, off := range []int{0, 1, 10, 11, 20, 21} {
			clusterPorts = append(clusterPorts, "127.0.0.1:"+strconv.Itoa(base+off))
		}
		clusterPorts = append(clusterPorts, "127.0.0.1:"+pgPort, "127.0.0.1:"+redisPort)
		dir := t.TempDir()
		os.Chmod(dir, 0o755) // PostgreSQL runs as the postgres user when the test is root
		// cluster.sh moves PostgreSQL's data out of a folder the
		// postgres user cannot reach, to /tmp/svc-cluster-pg-<md5>
		sum := md5.Sum([]byte(filepath.Join(dir, "cluster") + "\n"))
		pgData = "/tmp/svc-cluster-pg-" + hex.EncodeToString(sum[:])[:8]
		t.Cleanup(func() { os.RemoveAll(pgData) })
		logDirs = []string{filepath.Join(dir, "cluster"), pgData}
		cmd.Env = append(cmd.Env, "CLUSTER_DIR="+filepath.Join(dir, "cluster"), "CLUSTER_PORT="+strconv.Itoa(hp),
			"CLUSTER_NODE_PORT="+strconv.Itoa(base), "CLUSTER_PG_PORT="+pgPort, "CLUSTER_REDIS_PORT="+redisPort)
	}
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sid := cmd.Process.Pid
	exited := make(chan error, 1)
	done := make(chan struct{}) // closed when make has exited
	go func() { exited <- cmd.Wait(); close(done) }()
	defer func() { // whatever happened, nothing of this run outlives the test
		// SIGTERM first: cluster.sh stops PostgreSQL, which pg_ctl ran in a
		// session of its own, out of reach of the SIGKILL below.
		select {
		case <-done:
		default:
			cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-done:
			case <-time.After(time.Minute):
			}
		}
		syscall.Kill(-sid, syscall.SIGKILL)
		for _, p := range inSession(sid) {
			syscall.Kill(p, syscall.SIGKILL)
		}
	}()
	listening := append([]string{svc, admin}, clusterPorts...)
	if tc.target == "run-mock" {
		listening = append(listening, mock)
	}
	deadline := time.Now().Add(5 * time.Minute)
	for !up("http://"+svc+"/v1/health") || (tc.target == "run-mock" && !up("http://"+mock+"/v1/models")) {
		select {
		case err := <-exited:
			text := out.String() + logs(logDirs)
			if freeport.InUse(text) {
				return listening, "make ended before serving: " + inUseLines(text)
			}
			t.Fatalf("make %s ended before serving: %v\n%s", tc.target, err, text)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("make %s did not serve in 5 minutes\n%s", tc.target, out.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Every port answers from a process of this run, not another one that
	// holds it (the health above could be another server's).
	before := inSession(sid)
	owners := before
	if pgData != "" { // the postmaster runs in a session of its own (pg_ctl)
		b, _ := os.ReadFile(filepath.Join(pgData, "postmaster.pid"))
		if pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])); err == nil {
			owners = append(owners, pid)
		}
	}
	for _, addr := range listening {
		if !ownedByAny(owners, addr) {
			return listening, addr + " is held by a process not of this run"
		}
	}
	if len(before) < 2 {
		t.Fatalf("session %d: processes %v, want make and its servers", sid, before)
	}
	if tc.group {
		err = syscall.Kill(-sid, tc.sig)
	} else {
		err = cmd.Process.Signal(tc.sig)
	}
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(2 * time.Minute):
		t.Fatalf("make %s still running 2 minutes after %v; session: %v\n%s", tc.target, tc.sig, inSession(sid), out.String())
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		left := inSession(sid)
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after %v to make %s (processes were %v), still running: %v\n%s", tc.sig, tc.target, before, describe(left), out.String())
		}
	}
	t.Logf("make %s output:\n%s", tc.target, out.String())
	for _, addr := range listening {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			t.Errorf("%s still listening after make %s got %v", addr, tc.target, tc.sig)
		}
	}
	return listening, ""
}

// ownedByAny reports whether one of pids listens on addr.
func ownedByAny(pids []int, addr string) bool {
	_, ps, _ := net.SplitHostPort(addr)
	port, _ := strconv.Atoi(ps)
	for _, p := range pids {
		if freeport.Owns(p, port) {
			return true
		}
	}
	return false
}

// logs is the text of every *.log file under dirs (run-cluster's servers
// log to files, not to make's output).
func logs(dirs []string) string {
	var b strings.Builder
	for _, d := range dirs {
		filepath.WalkDir(d, func(path string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(path, ".log") {
				c, _ := os.ReadFile(path)
				fmt.Fprintf(&b, "\n--- %s\n%s", path, freeport.Tail(string(c), 2000))
			}
			return nil
		})
	}
	return b.String()
}

// inUseLines is the lines of text that say a port was taken.
func inUseLines(text string) string {
	var l []string
	for _, line := range strings.Split(text, "\n") {
		if freeport.InUse(line) {
			l = append(l, strings.TrimSpace(line))
		}
	}
	return strings.Join(l, "; ")
}

// cleanEnv is the test's environment without make's own variables (the
// outer make of `make test` must not pass its jobserver on).
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "SVC_ADDR", "SVC_ADMIN_ADDR", "SVC_DATA_DIR":
			continue
		}
		env = append(env, kv)
	}
	return env
}

func up(url string) bool {
	c := http.Client{Timeout: 2 * time.Second}
	r, err := c.Get(url)
	if err != nil {
		return false
	}
	r.Body.Close()
	return r.StatusCode == 200
}

// freeBlock returns a port p such that p+off is free for every offset,
// from internal/freeport, the one allocator of the process: none of them is
// handed out again.
func freeBlock(t *testing.T, offs ...int) int {
	p, err := freeport.Block(offs...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// freePorts returns n ports free on 127.0.0.1 now (from internal/freeport).
func freePorts(t *testing.T, n int) []string {
	var out []string
	for range n {
		p, err := freeport.Port()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, strconv.Itoa(p))
	}
	return out
}

// inSession lists the processes of session sid (from /proc), zombies
// excluded (already dead, waiting for their parent).
func inSession(sid int) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:])) // state ppid pgrp session ...
		if len(f) > 3 && f[0] != "Z" && f[3] == strconv.Itoa(sid) {
			out = append(out, pid)
		}
	}
	return out
}

func describe(pids []int) string {
	var s []string
	for _, p := range pids {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", p))
		s = append(s, fmt.Sprintf("%d %s", p, strings.ReplaceAll(string(b), "\x00", " ")))
	}
	return strings.Join(s, "; ")
}

// syncBuffer is a bytes.Buffer safe for the two writers of a command.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
