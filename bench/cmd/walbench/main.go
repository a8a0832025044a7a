// Command walbench measures Pebble synced-commit latency the way svc's ledger
// commits (ApplyNoSyncWait + SyncWait from many goroutines: group commit), at
// a fixed arrival rate (open loop, latency from intended start) or closed
// loop, for a set of Pebble options, so a ledger tuning proposal is a
// measured difference:
//
//	walbench --rate 1000 --duration 5s --value 1500 --memtable-mb 4    # Pebble defaults
//	walbench --rate 1000 --duration 5s --value 1500 --memtable-mb 64
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
	"github.com/cockroachdb/pebble/v2"
)

func main() {
	rate := flag.Float64("rate", 1000, "commits per second (0 = closed loop)")
	conc := flag.Int("conc", 256, "goroutines (max commits in flight)")
	dur := flag.Duration("duration", 5*time.Second, "duration")
	value := flag.Int("value", 1500, "bytes per batch (svc's classify: usage + comment + result records)")
	keys := flag.Int("keys", 3, "keys per batch")
	memMB := flag.Int("memtable-mb", 0, "MemTableSize in MiB (0 = Pebble default, 4)")
	minSync := flag.Duration("wal-min-sync", 0, "WALMinSyncInterval (0 = off)")
	l0 := flag.Int("l0-threshold", 0, "L0CompactionThreshold (0 = default)")
	dir := flag.String("dir", "", "data directory (default: a temp dir under the working directory's filesystem)")
	out := flag.String("json", "", "append the result as one JSON line here")
	flag.Parse()

	d := *dir
	if d == "" {
		var err error
		d, err = os.MkdirTemp("", "walbench-")
		if err != nil {
			panic(err)
		}
		defer os.RemoveAll(d)
	}
	opts := &pebble.Options{}
	if *memMB > 0 {
		opts.MemTableSize = uint64(*memMB) << 20
	}
	if *minSync > 0 {
		ms := *minSync
		opts.WALMinSyncInterval = func() time.Duration { return ms }
	}
	if *l0 > 0 {
		opts.L0CompactionThreshold = *l0
	}
	db, err := pebble.Open(d, opts)
	if err != nil {
		panic(err)
	}
	defer db.Close()

	h := hdrhistogram.New(1, 60_000_000, 3)
	var mu sync.Mutex
	var n atomic.Int64
	val := make([]byte, *value / *keys)
	_, _ = rand.Read(val)
	commit := func(i int64) {
		b := db.NewBatch()
		for k := 0; k < *keys; k++ {
			b.Set(fmt.Appendf(nil, "k/%016d/%d", i, k), val, nil)
		}
		if err := db.ApplyNoSyncWait(b, pebble.Sync); err != nil {
			panic(err)
		}
		if err := b.SyncWait(); err != nil {
			panic(err)
		}
		b.Close()
	}
	cpu0 := cpuSeconds()
	start := time.Now()
	end := start.Add(*dur)
	var wg sync.WaitGroup
	if *rate > 0 {
		q := make(chan time.Time, 1<<16)
		for g := 0; g < *conc; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for t := range q {
					commit(n.Add(1))
					mu.Lock()
					_ = h.RecordValue(max(time.Since(t).Microseconds(), 1))
					mu.Unlock()
				}
			}()
		}
		total := int64(dur.Seconds() * *rate)
		iv := float64(time.Second) / *rate
		for i := int64(0); i < total; i++ {
			t := start.Add(time.Duration(float64(i) * iv))
			if w := time.Until(t); w > 0 {
				time.Sleep(w)
			}
			q <- t
		}
		close(q)
	} else {
		for g := 0; g < *conc; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(end) {
					t := time.Now()
					commit(n.Add(1))
					mu.Lock()
					_ = h.RecordValue(max(time.Since(t).Microseconds(), 1))
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	el := time.Since(start)
	cpu := cpuSeconds() - cpu0
	m := db.Metrics()
	res := map[string]any{
		"rate": *rate, "conc": *conc, "memtable_mb": *memMB, "wal_min_sync": minSync.String(), "l0_threshold": *l0,
		"commits": n.Load(), "commits_per_s": float64(n.Load()) / el.Seconds(),
		"p50_us": h.ValueAtQuantile(50), "p90_us": h.ValueAtQuantile(90), "p99_us": h.ValueAtQuantile(99), "p999_us": h.ValueAtQuantile(99.9), "max_us": h.Max(),
		"flushes": m.Flush.Count, "compactions": m.Compact.Count,
		"cpu_us_per_commit": cpu * 1e6 / float64(max(n.Load(), 1)),
	}
	b, _ := json.Marshal(res)
	fmt.Println(string(b))
	if *out != "" {
		f, err := os.OpenFile(*out, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			f.Write(append(b, '\n'))
			f.Close()
		}
	}
}

// cpuSeconds is this process's user+system CPU time (USER_HZ 100).
func cpuSeconds() float64 {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0
	}
	f := bytes.Fields(b[bytes.LastIndexByte(b, ')')+1:])
	ut, _ := strconv.ParseInt(string(f[11]), 10, 64)
	st, _ := strconv.ParseInt(string(f[12]), 10, 64)
	return float64(ut+st) / 100
}
