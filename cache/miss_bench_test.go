package cache

import (
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time (includes GC work).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, t0 time.Duration) {
	b.ReportMetric(float64(cpuTime()-t0)/float64(b.N), "cpu_ns/op")
}

// Per-miss CPU: the cache holds missFill entries of one bucket; every
// iteration uses a text not stored yet. Run with -benchtime Nx, N <= 40000.
const missFill = 20_000

func missSetup(b *testing.B) (*Cache, []string) {
	corpus := benchCorpus(b, missFill+40_000)
	c, err := Open(Options{MaxEntries: 400_000})
	if err != nil {
		b.Fatal(err)
	}
	val := []byte(benchValue)
	parallel(missFill, func(i int) { c.Put(key("acct_bench", corpus[i]), val) })
	return c, corpus[missFill:]
}

// BenchmarkMissGet: a Get that misses (exact and near path).
func BenchmarkMissGet(b *testing.B) {
	c, q := missSetup(b)
	defer c.Close()
	b.ReportAllocs()
	b.ResetTimer()
	t0 := cpuTime()
	defer reportCPU(b, t0)
	for i := 0; i < b.N; i++ {
		c.Get(key("acct_bench", q[i%len(q)]))
	}
}

// BenchmarkMissGetPut: the miss path of a cached operation: Get, then Put.
func BenchmarkMissGetPut(b *testing.B) {
	c, q := missSetup(b)
	defer c.Close()
	val := []byte(benchValue)
	b.ReportAllocs()
	b.ResetTimer()
	t0 := cpuTime()
	defer reportCPU(b, t0)
	for i := 0; i < b.N; i++ {
		k := key("acct_bench", q[i%len(q)])
		if _, ok, p := c.Lookup(k); !ok {
			c.PutProbe(k, val, p)
		}
	}
}

// BenchmarkMixedParallel: 16 goroutines per core; 3 of 4 operations are
// hits on stored texts, 1 of 4 is a miss followed by a Put (P6 contention).
func BenchmarkMixedParallel(b *testing.B) {
	c, q := missSetup(b)
	defer c.Close()
	stored := benchCorpus(b, missFill)
	val := []byte(benchValue)
	var n atomic.Int64
	b.SetParallelism(16)
	b.ReportAllocs()
	b.ResetTimer()
	t0 := cpuTime()
	defer reportCPU(b, t0)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1)
			if i%4 != 0 {
				c.Get(key("acct_bench", stored[int(i)%len(stored)]))
				continue
			}
			k := key("acct_bench", q[int(i/4)%len(q)])
			if _, ok, p := c.Lookup(k); !ok {
				c.PutProbe(k, val, p)
			}
		}
	})
}
