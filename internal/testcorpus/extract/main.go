// Command extract writes internal/testcorpus/comments.jsonl, the tests'
// fixture of real comment texts, from two data sets whose licences allow
// redistributing the texts: ArSarcasm (MIT; arsarcasm-dialect/dev.jsonl) and
// GoEmotions (CC BY 4.0; train/goemotions_sentiment.jsonl). Deterministic:
// texts of 3 to 60 words, de-duplicated, the N of each source with the
// smallest FNV-1a 64 hash of the text.
//
//	go run ./internal/testcorpus/extract [-data ../shared/data] [-n 1600]
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"svc/internal/datasets"
)

var sources = []struct{ name, file string }{
	{"arsarcasm", filepath.Join("arsarcasm-dialect", "dev.jsonl")},
	{"goemotions", filepath.Join("train", "goemotions_sentiment.jsonl")},
}

func main() {
	data := flag.String("data", datasets.DefaultDir, "directory of the data sets")
	n := flag.Int("n", 1600, "texts per source")
	out := flag.String("out", "internal/testcorpus/comments.jsonl", "output file")
	flag.Parse()
	var files []string
	for _, s := range sources {
		files = append(files, s.file)
	}
	if err := datasets.Require(*data, files...); err != nil {
		fail(err)
	}
	var b strings.Builder
	for _, s := range sources {
		texts, err := read(filepath.Join(*data, s.file))
		if err != nil {
			fail(err)
		}
		sort.Slice(texts, func(i, j int) bool {
			hi, hj := hash(texts[i]), hash(texts[j])
			if hi != hj {
				return hi < hj
			}
			return texts[i] < texts[j]
		})
		for _, t := range texts[:min(*n, len(texts))] {
			line, _ := json.Marshal(struct {
				Text   string `json:"text"`
				Source string `json:"source"`
			}{t, s.name})
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		fail(err)
	}
	fmt.Fprintln(os.Stderr, "extract: wrote", *out)
}

func hash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// read returns the distinct trimmed texts of 3 to 60 words of a JSONL file.
func read(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	seen := map[string]bool{}
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		t := strings.TrimSpace(r.Text)
		if w := len(strings.Fields(t)); w < 3 || w > 60 || seen[t] {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out, sc.Err()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "extract:", err)
	os.Exit(1)
}
