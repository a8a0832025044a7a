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
)

// proc is one running svc serve process.
type proc struct {
	cmd         *exec.Cmd
	addr, admin string // host:port of the public and admin listeners
	base, abase string // http://addr, http://admin
	log         *os.File
	exited      chan error
}

// freeAddr returns a loopback address with a free port.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// startSvc starts `svc serve` on dataDir and waits until health answers 200.
// Its stdout and stderr go to logPath. env is added to the environment.
func startSvc(bin, dataDir, token, logPath string, env []string, wait time.Duration, extra ...string) (*proc, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	admin, err := freeAddr()
	if err != nil {
		return nil, err
	}
	lf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	p := &proc{addr: addr, admin: admin, base: "http://" + addr, abase: "http://" + admin, log: lf, exited: make(chan error, 1)}
	args := append([]string{"serve", "--no-demo", "--admin-token", token, "--data-dir", dataDir,
		"--addr", addr, "--admin-addr", admin, "--log-level", "warn"}, extra...)
	p.cmd = exec.Command(bin, args...)
	p.cmd.Env = append(os.Environ(), env...)
	p.cmd.Stdout, p.cmd.Stderr = lf, lf
	if err := p.cmd.Start(); err != nil {
		lf.Close()
		return nil, err
	}
	go func() { p.exited <- p.cmd.Wait() }()
	c := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		select {
		case err := <-p.exited:
			lf.Close()
			return nil, fmt.Errorf("svc exited during start (%v); see %s", err, logPath)
		default:
		}
		if r, err := c.Get(p.base + "/v1/health"); err == nil {
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode == 200 {
				return p, nil
			}
		}
		time.Sleep(30 * time.Millisecond)
	}
	p.kill()
	return nil, fmt.Errorf("svc did not answer health within %s; see %s", wait, logPath)
}

// startKillEarly starts svc and kills it -9 after d, whether or not it has
// finished opening the store (a crash during recovery).
func startKillEarly(bin, dataDir, token, logPath string, d time.Duration) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	admin, err := freeAddr()
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
