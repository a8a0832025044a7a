package mock

import (
	"sort"
	"testing"
	"time"
)

// p99_ms makes delays lognormal around the median latency_ms: 4,000 draws
// have their median near latency_ms and their 99th percentile near p99_ms
// (wide bounds: sampling error), none beyond the cap.
func TestLognormalDelay(t *testing.T) {
	b := Behaviour{LatencyMS: 300, P99MS: 6000}
	ds := make([]time.Duration, 4000)
	for i := range ds {
		ds[i] = b.delay()
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	p50, p99, top := ds[len(ds)/2], ds[len(ds)*99/100], ds[len(ds)-1]
	if p50 < 240*time.Millisecond || p50 > 375*time.Millisecond {
		t.Errorf("median %v, want about 300ms", p50)
	}
	if p99 < 3500*time.Millisecond || p99 > 10*time.Second {
		t.Errorf("p99 %v, want about 6s", p99)
	}
	if top > 24*time.Second {
		t.Errorf("max %v beyond the cap of 4 x p99_ms", top)
	}
	if d := (Behaviour{LatencyMS: 300}).delay(); d != 300*time.Millisecond {
		t.Errorf("without p99_ms: %v", d)
	}
}
