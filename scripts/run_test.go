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
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		target string
		sig    syscall.Signal
		group  bool // to the process group (a terminal), else to make's pid alone
	}{
		{"run-mock", syscall.SIGTERM, false},
		{"run-mock", syscall.SIGINT, true},
		{"run-mock", syscall.SIGHUP, true},
		{"run", syscall.SIGTERM, false},
		{"run-cluster", syscall.SIGTERM, false},
	} {
		t.Run(fmt.Sprintf("%s %v", tc.target, tc.sig), func(t *testing.T) {
			ports := freePorts(t, 3)
			svc, admin, mock := "127.0.0.1:"+ports[0], "127.0.0.1:"+ports[1], "127.0.0.1:"+ports[2]
			cmd := exec.Command("make", "-s", tc.target)
			cmd.Dir = root
			cmd.Env = append(cleanEnv(), "SVC_ADDR="+svc, "SVC_ADMIN_ADDR="+admin, "MOCKLLM_ADDR="+mock,
				"SVC_DATA_DIR="+t.TempDir(), "SVC_LOG_LEVEL=warn")
			var clusterPorts []string
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
				pgData := "/tmp/svc-cluster-pg-" + hex.EncodeToString(sum[:])[:8]
				t.Cleanup(func() { os.RemoveAll(pgData) })
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
			go func() { exited <- cmd.Wait() }()
			defer func() { // whatever happened, nothing of this run outlives the test
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
					t.Fatalf("make %s ended before serving: %v\n%s", tc.target, err, out.String())
				default:
				}
				if time.Now().After(deadline) {
					t.Fatalf("make %s did not serve in 5 minutes\n%s", tc.target, out.String())
				}
				time.Sleep(100 * time.Millisecond)
			}
			before := inSession(sid)
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
		})
	}
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

// freePorts returns n ports free on 127.0.0.1 now.
// freeBlock returns a port p such that p+off is free for every offset.
func freeBlock(t *testing.T, offs ...int) int {
	for range 200 {
		p, _ := strconv.Atoi(freePorts(t, 1)[0])
		if p+offs[len(offs)-1] > 65535 {
			continue
		}
		ok := true
		var ls []net.Listener
		for _, off := range offs {
			l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p+off))
			if err != nil {
				ok = false
				break
			}
			ls = append(ls, l)
		}
		for _, l := range ls {
			l.Close()
		}
		if ok {
			return p
		}
	}
	t.Fatal("no free block of ports")
	return 0
}

func freePorts(t *testing.T, n int) []string {
	var out []string
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		out = append(out, strconv.Itoa(l.Addr().(*net.TCPAddr).Port))
	}
	for _, l := range ls {
		l.Close()
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
