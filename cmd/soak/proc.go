package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"svc/internal/freeport"
)

// proc is one running svc serve process.
type proc struct {
	cmd         *exec.Cmd
	addr, admin string // host:port of the public and admin listeners
	base, abase string // http://addr, http://admin
	log         *os.File
	exited      chan error
}

// nextAddr hands out the loopback addresses servers start on: from
// internal/freeport, the one allocator of the process (tests replace it).
var nextAddr = freeport.Addr

// errInUse marks a start whose port another process took first.
var errInUse = errors.New("address already in use")

// server is a process started by startServer.
type server struct {
	cmd    *exec.Cmd
	addrs  []string // the addresses it was given
	log    *os.File // its stdout and stderr (appended to)
	exited chan error
}

// startServer starts what command(addrs) makes on nAddrs fresh addresses,
// output appended to logPath, and waits (at most wait) until GET
// http://addrs[0]+readyPath answers 200 from it: not from another process
// holding the port. When it exits because a port was taken before it bound
// it, it starts again on new addresses, at most freeport.Attempts starts in
// all; then the error names the addresses and the log's tail.
func startServer(what string, nAddrs int, logPath, readyPath string, wait time.Duration, command func(addrs []string) *exec.Cmd) (*server, error) {
	var tried []string
	for {
		addrs := make([]string, nAddrs)
		for i := range addrs {
			a, err := nextAddr()
			if err != nil {
				return nil, err
			}
			addrs[i] = a
		}
		s, err := startOnce(what, addrs, logPath, readyPath, wait, command(addrs))
		if err == nil {
			return s, nil
		}
		tried = append(tried, strings.Join(addrs, " "))
		if !errors.Is(err, errInUse) {
			return nil, err
		}
		if len(tried) >= freeport.Attempts {
			return nil, fmt.Errorf("%s: gave up after %d starts, a port taken every time (%s); last: %w", what, len(tried), strings.Join(tried, ", "), err)
		}
		fmt.Printf("soak: %v; starting it again on new ports\n", err)
	}
}

func startOnce(what string, addrs []string, logPath, readyPath string, wait time.Duration, cmd *exec.Cmd) (*server, error) {
	lf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	var from int64 // this start's part of the log
	if st, err := lf.Stat(); err == nil {
		from = st.Size()
	}
	cmd.Stdout, cmd.Stderr = lf, lf
	if err := cmd.Start(); err != nil {
		lf.Close()
		return nil, err
	}
	s := &server{cmd: cmd, addrs: addrs, log: lf, exited: make(chan error, 1)}
	go func() { s.exited <- cmd.Wait() }()
	_, ps, _ := net.SplitHostPort(addrs[0])
	port, _ := strconv.Atoi(ps)
	c := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		select {
		case err := <-s.exited:
			lf.Close()
			b, _ := os.ReadFile(logPath)
			log := freeport.Tail(string(b[min(from, int64(len(b))):]), 2000)
			if freeport.InUse(log) {
				return nil, fmt.Errorf("%s: %w: %s taken before it bound it; log tail (%s):\n%s", what, errInUse, strings.Join(addrs, " or "), logPath, log)
			}
			return nil, fmt.Errorf("%s exited during start (%v); log tail (%s):\n%s", what, err, logPath, log)
		default:
		}
		if r, err := c.Get("http://" + addrs[0] + readyPath); err == nil {
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			// Another process holding the port would answer too.
			if r.StatusCode == 200 && freeport.Owns(cmd.Process.Pid, port) {
				return s, nil
			}
		}
		time.Sleep(30 * time.Millisecond)
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	<-s.exited
	lf.Close()
	return nil, fmt.Errorf("%s did not answer %s on %s within %s; see %s", what, readyPath, addrs[0], wait, logPath)
}

// startSvc starts `svc serve` on dataDir and waits until health answers 200.
// Its stdout and stderr go to logPath. env is added to the environment.
func startSvc(bin, dataDir, token, logPath string, env []string, wait time.Duration, extra ...string) (*proc, error) {
	s, err := startServer("svc", 2, logPath, "/v1/health", wait, func(a []string) *exec.Cmd {
		args := append([]string{"serve", "--no-demo", "--admin-token", token, "--data-dir", dataDir,
			"--addr", a[0], "--admin-addr", a[1], "--log-level", "warn"}, extra...)
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		return cmd
	})
	if err != nil {
		return nil, err
	}
	addr, admin := s.addrs[0], s.addrs[1]
	return &proc{cmd: s.cmd, addr: addr, admin: admin, base: "http://" + addr, abase: "http://" + admin, log: s.log, exited: s.exited}, nil
}

// startKillEarly starts svc and kills it -9 after d, whether or not it has
// finished opening the store (a crash during recovery).
func startKillEarly(bin, dataDir, token, logPath string, d time.Duration) error {
	addr, err := nextAddr()
	if err != nil {
		return err
	}
	admin, err := nextAddr()
	if err != nil {
		return err
	}
	lf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	defer lf.Close()
	cmd := exec.Command(bin, "serve", "--no-demo", "--admin-token", token, "--data-dir", dataDir, "--addr", addr, "--admin-addr", admin, "--log-level", "warn")
	cmd.Stdout, cmd.Stderr = lf, lf
	if err := cmd.Start(); err != nil {
		return err
	}
	time.Sleep(d)
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	return nil
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *proc) kill() {
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
	p.log.Close()
}

// term sends SIGTERM and waits up to d for a clean exit (status 0).
func (p *proc) term(d time.Duration) error {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-p.exited:
		p.log.Close()
		return err
	case <-time.After(d):
		p.kill()
		return fmt.Errorf("no exit within %s of SIGTERM", d)
	}
}

// procStatus reads Threads and VmRSS (KiB) of pid from /proc.
func procStatus(pid int) (threads int, rssKiB int, err error) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return 0, 0, err
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "Threads:":
			threads, _ = strconv.Atoi(f[1])
		case "VmRSS:":
			rssKiB, _ = strconv.Atoi(f[1])
		}
	}
	return threads, rssKiB, nil
}

// reply is a decoded response.
type reply struct {
	status int
	header http.Header
	body   map[string]any
	raw    []byte
}

func (r reply) result() map[string]any {
	m, _ := r.body["result"].(map[string]any)
	return m
}

func (r reply) errType() string {
	es, _ := r.body["errors"].([]any)
	if len(es) == 0 {
		return ""
	}
	m, _ := es[0].(map[string]any)
	s, _ := m["type"].(string)
	return s
}

// errTransport marks a request whose outcome is unknown (no response).
var errTransport = errors.New("transport")

// do sends one request; a body that is not []byte is JSON-encoded. A
// transport failure (no HTTP response) wraps errTransport.
func do(c *http.Client, method, url, bearer string, body any) (reply, error) {
	var rd io.Reader
	if body != nil {
		b, ok := body.([]byte)
		if !ok {
			var err error
			if b, err = json.Marshal(body); err != nil {
				return reply{}, err
			}
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return reply{}, err
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.Do(req)
	if err != nil {
		return reply{}, fmt.Errorf("%w: %v", errTransport, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return reply{}, fmt.Errorf("%w: read body: %v", errTransport, err)
	}
	r := reply{status: res.StatusCode, header: res.Header, raw: raw}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &r.body); err != nil {
			return r, fmt.Errorf("response is not JSON (status %d): %.200s", res.StatusCode, raw)
		}
	}
	return r, nil
}
