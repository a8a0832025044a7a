// Package testredis starts a throwaway redis-server on loopback for tests:
// no persistence, its own port and folder, stopped when the test ends.
// When redis-server is missing it is installed from Debian (apt-get), and
// the test says so; a test never skips for want of Redis.
package testredis

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/freeport"
)

// Server is one redis-server process.
type Server struct {
	Addr string // 127.0.0.1:port
	URL  string // redis://127.0.0.1:port/0

	bin, dir string
	mu       sync.Mutex
	cmd      *exec.Cmd
	exited   chan struct{}
}

// startTimeout bounds the wait for a fresh redis-server to answer PING.
const startTimeout = 20 * time.Second

// Start runs redis-server on a free loopback port (from internal/freeport,
// the allocator every test helper shares); t.Cleanup stops it. A port taken
// by another process between the probe and redis-server's bind is replaced
// by a new one, at most freeport.Attempts starts in all.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary(t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	s, err := launch(bin, t.TempDir(), t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// nextPort hands out the ports of launch (tests replace it).
var nextPort = freeport.Port

// errInUse marks a start whose port another process took first.
var errInUse = errors.New("address already in use")

// launch starts redis-server in dir on a port of nextPort, again on a new
// port when it fails to bind (at most freeport.Attempts starts).
func launch(bin, dir string, logf func(string, ...any)) (*Server, error) {
	s := &Server{bin: bin, dir: dir}
	var tried []string
	for {
		port, err := nextPort()
		if err != nil {
			return nil, fmt.Errorf("testredis: %w", err)
		}
		s.Addr = "127.0.0.1:" + strconv.Itoa(port)
		s.URL = "redis://" + s.Addr + "/0"
		err = s.start()
		if err == nil {
			return s, nil
		}
		tried = append(tried, s.Addr)
		if !errors.Is(err, errInUse) {
			return nil, fmt.Errorf("testredis: %w", err)
		}
		if len(tried) >= freeport.Attempts {
			return nil, fmt.Errorf("testredis: gave up after %d starts, every port taken before redis-server bound it (%s); last: %w",
				len(tried), strings.Join(tried, ", "), err)
		}
		logf("testredis: %v; starting it again on a new port", err)
	}
}

// Binary returns the path of redis-server, installing Debian's package when
// it is missing (logging that it does).
func Binary(logf func(string, ...any)) (string, error) {
	if p, err := exec.LookPath("redis-server"); err == nil {
		return p, nil
	}
	logf("testredis: redis-server is missing; installing it from Debian (apt-get update; apt-get install -y redis-server)")
	for _, args := range [][]string{{"update", "-qq"}, {"install", "-y", "-qq", "redis-server"}} {
		cmd := exec.Command("apt-get", args...)
		cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("testredis: redis-server is missing and apt-get %s failed: %v\n%s", args[0], err, out)
		}
	}
	p, err := exec.LookPath("redis-server")
	if err != nil {
		return "", fmt.Errorf("testredis: redis-server still missing after apt-get install: %v", err)
	}
	return p, nil
}

// start launches redis-server on s.Addr and waits for PING.
func (s *Server) start() error {
	_, port, _ := net.SplitHostPort(s.Addr)
	portN, _ := strconv.Atoi(port)
	cmd := exec.Command(s.bin, "--bind", "127.0.0.1", "--port", port, "--save", "", "--appendonly", "no",
		"--dir", s.dir, "--daemonize", "no", "--protected-mode", "yes", "--loglevel", "warning")
	log, err := os.Create(s.dir + "/redis-" + port + ".log")
	if err != nil {
		return err
	}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		log.Close()
		return err
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); log.Close(); close(exited) }()
	s.mu.Lock()
	s.cmd, s.exited = cmd, exited
	s.mu.Unlock()
	deadline := time.Now().Add(startTimeout)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			b, _ := os.ReadFile(s.dir + "/redis-" + port + ".log")
			log := freeport.Tail(strings.TrimSpace(string(b)), 2000)
			if freeport.InUse(log) {
				return fmt.Errorf("%w: port %s taken before redis-server bound it; log tail: %s", errInUse, port, log)
			}
			return fmt.Errorf("redis-server on %s exited: %s", s.Addr, log)
		default:
		}
		// Another server holding the port would answer PING too.
		if Ping(s.Addr) == nil && freeport.Owns(cmd.Process.Pid, portN) {
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.Stop()
	return fmt.Errorf("redis-server on %s did not answer PING within %s", s.Addr, startTimeout)
}

// Stop kills the server (SIGKILL: as a crash) and waits for it to exit.
// Stopping a stopped server does nothing.
func (s *Server) Stop() {
	s.mu.Lock()
	cmd, exited := s.cmd, s.exited
	s.cmd = nil
	s.mu.Unlock()
	if cmd == nil {
		return
	}
	cmd.Process.Kill()
	<-exited
}

// Restart starts a stopped server again on the same address (empty: it
// keeps no data).
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.Stop()
	var err error
	for range 50 { // the port may linger briefly
		if err = s.start(); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("testredis: restart on %s: %v", s.Addr, err)
}

// Ping sends PING to addr and expects +PONG, within a second.
func Ping(addr string) error {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if strings.TrimSpace(line) != "+PONG" {
		return fmt.Errorf("PING answered %q", line)
	}
	return nil
}
