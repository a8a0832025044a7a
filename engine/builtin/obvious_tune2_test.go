package builtin

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// TestObviousTune2 runs testdata/obvious_tune2.jsonl: further obvious
// comments written after the issue-23 rules by concept, each batch measured
// once and then used to fix what it showed: split tune2, 60 comments (12 per
// Arabic variety and Arabizi; all fields but dialect 83.3% at first), and
// split tune3, 40 less plain ones (8 per variety; 57.5% at first), and
// split tune4, 40 on telecom, banks, travel and safety (67.5% at first),
// and split tune5, 40 on hotels, courses, appliances and unauthorised
// charges (55.0% at first), and split tune6, 40 on pharmacies, car
// service, airlines and recipes (57.5% at first); split check7, 30 plain
// ones written last and not tuned on (96.7% at first). Every variety must
// keep at least 85% of its
// comments right in every field but dialect (dialect is engine/dialect's;
// measured: Arabizi 43 of 50, the others 48 to 50 of 50).
// OBVIOUS_FILE=testdata/obvious_tune2.jsonl with TestObviousComments prints
// its table and misses.
func TestObviousTune2(t *testing.T) {
	f, err := os.Open("testdata/obvious_tune2.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	right, n := map[string]int{}, map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r obviousRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		ok, got := judgeObvious(r)
		n[r.Variety]++
		if ok["all_but_dialect"] {
			right[r.Variety]++
		} else {
			t.Logf("miss [%s] %q: got %s", r.Variety, r.Text, got)
		}
	}
	if len(n) != 5 {
		t.Fatalf("%d varieties, want 5", len(n))
	}
	for v, k := range n {
		if 100*right[v] < 85*k {
			t.Errorf("%s: %d of %d right in every field but dialect, want >= 85%%", v, right[v], k)
		}
	}
}
