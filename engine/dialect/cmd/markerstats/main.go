// Command markerstats is an error-analysis aid: for every marker it counts,
// per data set and gold class, the texts it fires on, and how often it fired
// for the predicted variety when that prediction was wrong. It prints
// aggregate counts only (no text), sorted by wrong firings.
//
// Usage (from the module root):
//
//	go run ./engine/dialect/cmd/markerstats [-data ../shared/data] [-set aoc-dialect] [-variety egyptian] [-gold gulf] [-n 40]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"svc/engine/dialect"
	"svc/internal/datasets"
)

type stat struct {
	mk    dialect.Marker
	gold  map[string]int // texts fired on, by gold class
	wrong map[string]int // fired for the predicted (wrong) variety, by gold class
}

func main() {
	data := flag.String("data", datasets.DefaultDir, "directory of the labelled dev sets")
	set := flag.String("set", "aoc-dialect", "data set")
	variety := flag.String("variety", "", "only markers of this variety")
	gold := flag.String("gold", "", "sort by wrong firings on this gold class (default: all)")
	n := flag.Int("n", 40, "rows to print")
	train := flag.Bool("train", false, "arsarcasm: only the learnweights training split")
	groups := flag.Bool("groups", false, "print gold x predicted counts per evidence group (none, msa only, dial only, specific) instead")
	flag.Parse()
	if err := datasets.Require(*data, datasets.DevFile(*set)); err != nil {
		fmt.Fprintln(os.Stderr, "markerstats:", err)
		os.Exit(1)
	}
	f, err := os.Open(filepath.Join(*data, *set, "dev.jsonl"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	stats := map[string]*stat{}
	grp := map[string]map[[2]string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r struct{ Text, Label string }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if *train && !dialect.InTrainSplit(r.Text) {
			continue
		}
		a := dialect.Analyze(r.Text)
		g := evidenceGroup(a)
		if grp[g] == nil {
			grp[g] = map[[2]string]int{}
		}
		grp[g][[2]string{r.Label, a.Dialect}]++
		for _, h := range a.Hits {
			k := h.Key()
			s := stats[k]
			if s == nil {
				s = &stat{mk: h, gold: map[string]int{}, wrong: map[string]int{}}
				stats[k] = s
			}
			s.gold[r.Label]++
			if a.Dialect != r.Label && (h.Variety == a.Dialect || h.Variety == "dial" && a.Dialect != "msa") {
				s.wrong[r.Label]++
			}
		}
	}
	if *groups {
		classes := []string{"gulf", "egyptian", "levantine", "msa"}
		for _, g := range []string{"none", "msa-only", "dial-only", "specific"} {
			fmt.Printf("%s (rows gold g/e/l/m, columns predicted g/e/l/m)\n", g)
			for _, gc := range classes {
				var row []string
				for _, pc := range classes {
					row = append(row, fmt.Sprintf("%5d", grp[g][[2]string{gc, pc}]))
				}
				fmt.Printf("  %-10s %s\n", gc, strings.Join(row, " "))
			}
		}
		return
	}
	var list []*stat
	for _, s := range stats {
		if *variety == "" || s.mk.Variety == *variety {
			list = append(list, s)
		}
	}
	key := func(s *stat) int {
		if *gold != "" {
			return s.wrong[*gold]
		}
		t := 0
		for _, v := range s.wrong {
			t += v
		}
		return t
	}
	sort.Slice(list, func(i, j int) bool {
		if key(list[i]) != key(list[j]) {
			return key(list[i]) > key(list[j])
		}
		return list[i].mk.Key() < list[j].mk.Key()
	})
	classes := []string{"gulf", "egyptian", "levantine", "msa"}
	fmt.Printf("%-28s %6s  fired(g/e/l/m)            wrong(g/e/l/m)\n", "marker", "weight")
	for i, s := range list {
		if i >= *n {
			break
		}
		var fa, wa []string
		for _, c := range classes {
			fa = append(fa, fmt.Sprint(s.gold[c]))
			wa = append(wa, fmt.Sprint(s.wrong[c]))
		}
		fmt.Printf("%-28s %6.2f  %-25s %s\n", s.mk.Key(), s.mk.Weight, strings.Join(fa, "/"), strings.Join(wa, "/"))
	}
}

// evidenceGroup classifies the evidence of one analysis: nothing matched,
// only MSA markers, only "some dialect" markers (besides MSA), or a marker of
// a particular dialect.
func evidenceGroup(a dialect.Analysis) string {
	if len(a.Hits) == 0 {
		return "none"
	}
	if a.Scores[0] > 0 || a.Scores[1] > 0 || a.Scores[2] > 0 {
		return "specific"
	}
	for _, h := range a.Hits {
		if h.Variety == "dial" {
			return "dial-only"
		}
	}
	return "msa-only"
}
