//go:build linux

package dialect

import (
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// TestCPUTimePerOp reports the CPU time (not wall time) of Detect per call
// for 60, 300 and 5,000 characters, best of 5 rounds, on a locked OS thread.
// On a shared, loaded machine wall-clock benchmarks mostly measure the
// queue; CPU time is the better figure. Run with DIALECT_CPUTIME=1 -v.
func TestCPUTimePerOp(t *testing.T) {
	if os.Getenv("DIALECT_CPUTIME") == "" {
		t.Skip("set DIALECT_CPUTIME=1")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := func() time.Duration {
		var r syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_THREAD, &r)
		return time.Duration(r.Utime.Nano() + r.Stime.Nano())
	}
	for _, n := range []int{60, 300, 5000} {
		s := benchText(n)
		Detect(s)
		it := 6_000_000 / n
		best := time.Hour
		for round := 0; round < 5; round++ {
			c0 := cpu()
			for i := 0; i < it; i++ {
				Detect(s)
			}
			if d := (cpu() - c0) / time.Duration(it); d < best {
				best = d
			}
		}
		t.Logf("%5d characters (%d bytes): %v CPU per Detect", n, len(s), best)
	}
	// start-up: what the first Detect pays once (best of 3)
	var bestC, bestN time.Duration = time.Hour, time.Hour
	for round := 0; round < 3; round++ {
		c0 := cpu()
		m, err := compile(markerFS, learnedWeights())
		c1 := cpu()
		if err != nil {
			t.Fatal(err)
		}
		if m.ng, err = loadNgrams(); err != nil {
			t.Fatal(err)
		}
		c2 := cpu()
		bestC, bestN = min(bestC, c1-c0), min(bestN, c2-c1)
	}
	t.Logf("start-up: markers and automaton %v CPU, word tables %v CPU", bestC, bestN)
}
