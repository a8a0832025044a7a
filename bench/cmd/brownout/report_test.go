package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The section between the markers is replaced, the rest of the file kept;
// without markers it is appended.
func TestReplaceSection(t *testing.T) {
	p := filepath.Join(t.TempDir(), "RESULTS.md")
	if err := os.WriteFile(p, []byte("# head\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, md := range []string{"first\n", "second\n"} {
		if err := replaceSection(p, md); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := os.ReadFile(p)
	want := "# head\n\n" + beginMark + "\nsecond\n" + endMark + "\n"
	if string(b) != want {
		t.Fatalf("got %q, want %q", b, want)
	}
}

// Recovery is the start of the first 1 s window in which llm_a answered at
// least 90% (and at least 5) of the English requests.
func TestRecovery(t *testing.T) {
	var ss []sample
	for i := 0; i < 100; i++ { // 10 requests/s over 10 s from t=20
		s := sample{Phase: 1, T: 20 + float64(i)/10, Status: 200, Provider: "llm_b"}
		if s.T >= 23 {
			s.Provider = "llm_a"
		}
		ss = append(ss, s, sample{Phase: 1, T: s.T, Arabic: true, Status: 200, Provider: "llm_b"})
	}
	if got := recovery(ss, 1, 20); got < 2.85 || got > 3.05 {
		t.Fatalf("recovery %.2f s, want 2.9-3.0", got)
	}
	for i := range ss {
		ss[i].Provider = "llm_b"
	}
	if got := recovery(ss, 1, 20); got != -1 {
		t.Fatalf("recovery %.2f s, want -1 (never)", got)
	}
	var ph []sample
	for i := 1; i <= 100; i++ {
		ph = append(ph, sample{Phase: 0, LatMS: float64(i * 10), Status: 200, Provider: "llm_a"})
	}
	near := func(x, want float64) bool { return math.Abs(x-want) <= want/1000 } // HDR: 3 significant digits
	if r := summarise(phase{}, 0, ph, 0, time.Second); !near(r.P50, 500) || !near(r.P95, 950) || !near(r.P99, 990) || r.Max != 1000 || r.Requests != 100 {
		t.Fatalf("percentiles of 10..1000 ms: p50 %v p95 %v p99 %v max %v (%d requests)", r.P50, r.P95, r.P99, r.Max, r.Requests)
	}
	whenDown = "fail"
	if !strings.HasPrefix(verdict(6, report{Requests: 10, Failures: 10, Max: 2600}, 8), "not met") {
		t.Fatal("fail: both down with a 2.6 s request met the target")
	}
	whenDown = "builtin"
	if v := verdict(6, report{Requests: 10, Degraded: 10, AnsweredWhileDown: 10, P95: 400, Max: 2100}, 8); !strings.HasPrefix(v, "met") {
		t.Fatalf("builtin: every request degraded, p95 400 ms: %s", v)
	}
	for _, r := range []report{
		{Requests: 10, Failures: 1, Degraded: 9, AnsweredWhileDown: 9, P95: 400},
		{Requests: 10, Degraded: 10, AnsweredWhileDown: 10, P95: 1100},
		{Requests: 10, Degraded: 9, AnsweredWhileDown: 10, ProviderWhileDown: 1, P95: 400},
	} {
		if !strings.HasPrefix(verdict(6, r, 8), "not met") {
			t.Fatalf("builtin: %+v met the target", r)
		}
	}
}
