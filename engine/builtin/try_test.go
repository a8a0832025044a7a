package builtin

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"svc/engine/op"
)

func TestTryData(t *testing.T) {
	set := os.Getenv("SET")
	if set == "" {
		t.Skip()
	}
	f, _ := os.Open("/work/shared/data/" + set + "/dev.jsonl")
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	cnt := map[string]int{}
	for sc.Scan() {
		var r struct{ Text, Label string }
		json.Unmarshal(sc.Bytes(), &r)
		m := Moderate(op.ModerateRequest{Text: r.Text, Strictness: os.Getenv("ST")})
		if r.Label == os.Getenv("GOLD") && !m.IsSafe {
			cnt[strings.Join(m.Flags, ",")+" "+strings.Join(m.FlaggedTerms, "|")]++
		}
	}
	type kv struct {
		k string
		v int
	}
	var xs []kv
	for k, v := range cnt {
		xs = append(xs, kv{k, v})
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i].v > xs[j].v })
	for i, x := range xs {
		if i < 40 {
			fmt.Println(x.v, x.k)
		}
	}
}
