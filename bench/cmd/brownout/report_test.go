package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if p := pct([]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 95); p != 10 {
		t.Fatalf("p95 of 1..10: %v", p)
	}
	if !strings.HasPrefix(verdict(6, report{Requests: 10, Failures: 10, Max: 2600}, 8), "not met") {
		t.Fatal("both down with a 2.6 s request met the target")
	}
}
