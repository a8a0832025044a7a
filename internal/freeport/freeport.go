// Package freeport is the one allocator of loopback TCP ports of a process:
// every test helper and program here that starts a server on a port of its
// own choosing (testproc, testpg, testredis, cmd/soak, the scripts' test,
// cmd/mockllm's test, the cluster tests' haproxy) takes the port from it.
//
// The contract: a port handed out was free on 127.0.0.1 a moment ago (a
// probe bound it and closed it), and no earlier call of this process handed
// it out (the kernel may hand a port just closed out again: two processes
// of one test given the same port fail to start, "address already in use",
// as a CI run did with three svc nodes started at once). Ports are taken
// below the kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range)
// when there is room there, so neither a listener on ":0" (httptest, the
// in-process harness) nor the source port of an outgoing connection (a
// pgx pool, a Redis client) can take a port between the probe and the
// server's bind; each process starts at a random point of that range, so
// two test binaries running at once rarely probe the same ports.
//
// Nothing makes a port stay free after the probe: another program may bind
// it first. A starter therefore checks that its server, not another one,
// answers on the port (Owns), and when the server fails to bind (InUse
// reads its log) starts it again on a new port, at most Attempts times in
// all, then gives up with an error naming the ports and the log's tail.
package freeport

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
)

// Attempts bounds the starts of one server (the first and the retries) when
// its port was taken between the probe and its bind.
const Attempts = 3

// minPort is the lowest port handed out (below are the well-known and
// commonly configured ports).
const minPort = 10000

var (
	mu       sync.Mutex
	lo, hi   int              // the range handed out from, inclusive; lo == 0: the kernel picks (":0")
	next     int              // the next port to probe, in [lo, hi]
	handed   = map[int]bool{} // ports handed out by this process
	probe    = probeFree      // tests replace it
	inited   bool
	kernelFn = kernelPort // the kernel's choice, when there is no range of our own
)

// Port returns a loopback port free a moment ago that this process never
// handed out before.
func Port() (int, error) {
	mu.Lock()
	defer mu.Unlock()
	return blockLocked(0)
}

// Addr is Port as "127.0.0.1:port".
func Addr() (string, error) {
	p, err := Port()
	if err != nil {
		return "", err
	}
	return "127.0.0.1:" + strconv.Itoa(p), nil
}

// Block returns a port p such that p+off was free a moment ago for every
// offset (ascending, from 0) and hands them all out: none of them is handed
// out again by this process.
func Block(offs ...int) (int, error) {
	mu.Lock()
	defer mu.Unlock()
	return blockLocked(offs...)
}

func blockLocked(offs ...int) (int, error) {
	initLocked()
	if len(offs) == 0 {
		offs = []int{0}
	}
	span := offs[len(offs)-1]
	if lo == 0 { // no room outside the ephemeral range: the kernel picks the base
		for range 1000 {
			p, err := kernelFn()
			if err != nil {
				return 0, err
			}
			if p+span <= 65535 && freeLocked(p, offs) {
				return p, nil
			}
		}
		return 0, fmt.Errorf("freeport: no free loopback port (block %v) that this process did not hand out already", offs)
	}
	for range hi - lo + 1 {
		p := next
		if next++; next > hi {
			next = lo
		}
		if p+span > hi {
			continue
		}
		if freeLocked(p, offs) {
			next = p + span + 1
			if next > hi {
				next = lo
			}
			return p, nil
		}
	}
	return 0, fmt.Errorf("freeport: no free loopback port (block %v) in %d-%d that this process did not hand out already", offs, lo, hi)
}

// freeLocked hands out p+off for every offset if none was handed out and
// every one is free now.
func freeLocked(p int, offs []int) bool {
	for _, off := range offs {
		if handed[p+off] || !probe(p+off) {
			return false
		}
	}
	for _, off := range offs {
		handed[p+off] = true
	}
	return true
}

func probeFree(port int) bool {
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		return false
	}
	l.Close()
	return true
}

func kernelPort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("freeport: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// initLocked picks the range: the larger of the two sides of the ephemeral
// range, if it holds at least 1000 ports; else the kernel picks.
func initLocked() {
	if inited {
		return
	}
	inited = true
	elo, ehi := 32768, 60999 // Linux's default
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) == 2 {
			a, err1 := strconv.Atoi(f[0])
			b, err2 := strconv.Atoi(f[1])
			if err1 == nil && err2 == nil && a <= b {
				elo, ehi = a, b
			}
		}
	}
	below, above := elo-minPort, 65535-ehi
	switch {
	case below >= above && below >= 1000:
		setRange(minPort, elo-1)
	case above >= 1000:
		setRange(ehi+1, 65535)
	default:
		lo, hi = 0, 0
	}
}

// setRange makes the allocator hand out ports from lo..hi, starting at a
// random one.
func setRange(l, h int) {
	lo, hi = l, h
	next = l + rand.IntN(h-l+1)
}

// InUse reports whether a server's log or error says its port was taken
// ("Address already in use": PostgreSQL, Redis, haproxy; "address already
// in use": Go's net.Listen, so svc and mockllm).
func InUse(log string) bool {
	return strings.Contains(strings.ToLower(log), "address already in use")
}

// Owns reports whether process pid holds a socket listening on 127.0.0.1
// (or any address) at port: the server a starter launched answers there,
// not another process that bound the port first.
func Owns(pid, port int) bool {
	inodes := listening(port)
	if len(inodes) == 0 {
		return false
	}
	dir := "/proc/" + strconv.Itoa(pid) + "/fd"
	fds, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, fd := range fds {
		l, err := os.Readlink(dir + "/" + fd.Name())
		if err == nil && strings.HasPrefix(l, "socket:[") && inodes[strings.TrimSuffix(l[len("socket:["):], "]")] {
			return true
		}
	}
	return false
}

// listening returns the inodes of the sockets listening at port (from
// /proc/net/tcp and tcp6).
func listening(port int) map[string]bool {
	hexPort := fmt.Sprintf(":%04X", port)
	out := map[string]bool{}
	for _, name := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			// sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
			fs := strings.Fields(sc.Text())
			if len(fs) > 9 && fs[3] == "0A" && strings.HasSuffix(fs[1], hexPort) {
				out[fs[9]] = true
			}
		}
		f.Close()
	}
	return out
}

// Tail is the last n bytes of s (a log's tail for an error).
func Tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
