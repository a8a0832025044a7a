package freeport

import (
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Many goroutines asking at once get distinct ports, each free when handed
// out, outside the kernel's ephemeral range (where it has room here).
func TestConcurrentPortsDistinct(t *testing.T) {
	const goroutines, each = 32, 16
	var wg sync.WaitGroup
	got := make(chan int, goroutines*each)
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				p, err := Port()
				if err != nil {
					t.Error(err)
					return
				}
				got <- p
			}
		}()
	}
	wg.Wait()
	close(got)
	seen := map[int]bool{}
	for p := range got {
		if seen[p] {
			t.Fatalf("port %d handed out twice", p)
		}
		seen[p] = true
	}
	if len(seen) != goroutines*each {
		t.Fatalf("%d ports, want %d", len(seen), goroutines*each)
	}
	mu.Lock()
	l, h := lo, hi
	mu.Unlock()
	if l != 0 {
		for p := range seen {
			if p < l || p > h {
				t.Fatalf("port %d outside the range %d-%d", p, l, h)
			}
		}
	}
}

// with runs f with the allocator's state replaced (range, kernel, probe)
// and restores it after.
func with(t *testing.T, l, h int, kernel func() (int, error), f func()) {
	mu.Lock()
	initLocked()
	sl, sh, sn, sk, sp, sm := lo, hi, next, kernelFn, probe, handed
	lo, hi, next, handed = l, h, l, map[int]bool{}
	if kernel != nil {
		kernelFn = kernel
	}
	mu.Unlock()
	defer func() {
		mu.Lock()
		lo, hi, next, kernelFn, probe, handed = sl, sh, sn, sk, sp, sm
		mu.Unlock()
	}()
	f()
}

// A kernel that hands the same port out again (what made node2 get node1's
// admin port) does not make the allocator repeat itself: it refuses.
func TestKernelRepeatingItselfIsNotRepeated(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	same := l.Addr().(*net.TCPAddr).Port
	l.Close()
	with(t, 0, 0, func() (int, error) { return same, nil }, func() {
		p, err := Port()
		if err != nil || p != same {
			t.Fatalf("first call: %d, %v; want %d", p, err, same)
		}
		if p, err := Port(); err == nil {
			t.Fatalf("second call handed out %d again (first was %d)", p, same)
		}
	})
}

// A range runs out rather than hand a port out twice; a taken port (a
// listener holds it) is skipped.
func TestRangeSkipsTakenAndNeverRepeats(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	taken := l.Addr().(*net.TCPAddr).Port
	base := taken - 1
	free := map[int]bool{base: true, base + 2: true}
	with(t, base, base+2, nil, func() {
		probe = func(p int) bool { return p == taken && probeFree(p) || free[p] }
		got := map[int]bool{}
		for range 2 {
			p, err := Port()
			if err != nil {
				t.Fatal(err)
			}
			got[p] = true
		}
		if !got[base] || !got[base+2] {
			t.Fatalf("got %v, want %d and %d (the listener's %d skipped)", got, base, base+2, taken)
		}
		if p, err := Port(); err == nil {
			t.Fatalf("handed out %d from an exhausted range", p)
		}
	})
}

// Block hands out every port of the block, and none of them again.
func TestBlock(t *testing.T) {
	offs := []int{0, 1, 10, 11, 20, 21}
	b, err := Block(offs...)
	if err != nil {
		t.Fatal(err)
	}
	mine := map[int]bool{}
	for _, off := range offs {
		mine[b+off] = true
	}
	for range 200 {
		p, err := Port()
		if err != nil {
			t.Fatal(err)
		}
		if mine[p] {
			t.Fatalf("port %d of block %d handed out again", p, b)
		}
	}
}

// Owns tells the process that listens from another one; InUse reads the
// bind failures of the servers started here.
func TestOwnsAndInUse(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	sleep := exec.Command("sleep", "30")
	if err := sleep.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { sleep.Process.Kill(); sleep.Wait() }()
	if !Owns(os.Getpid(), port) {
		t.Fatalf("this process listens on %d but Owns says no", port)
	}
	if Owns(sleep.Process.Pid, port) {
		t.Fatalf("sleep does not listen on %d but Owns says it does", port)
	}
	p, _ := Port()
	if Owns(os.Getpid(), p) {
		t.Fatalf("nothing listens on %d but Owns says this process does", p)
	}
	for _, log := range []string{
		`LOG:  could not bind IPv4 address "127.0.0.1": Address already in use`,                                // PostgreSQL
		`# Warning: Could not create server TCP listening socket 127.0.0.1:6379: bind: Address already in use`, // Redis
		`[ALERT]    (1) : Binding [h.cfg:13] for frontend public: cannot bind socket (Address already in use) for [127.0.0.1:8080]`,
		`svc: listen tcp 127.0.0.1:` + strconv.Itoa(p) + `: bind: address already in use`, // Go
	} {
		if !InUse(log) {
			t.Errorf("InUse(%q) = false", log)
		}
	}
	if InUse(strings.Repeat("FATAL: data directory has wrong ownership\n", 3)) {
		t.Error("InUse of another failure")
	}
}
