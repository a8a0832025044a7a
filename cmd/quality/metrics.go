package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// row is one labelled example of a dev set (../shared/data/<set>/dev.jsonl).
type row struct {
	Text       string   `json:"text"`
	Label      string   `json:"label"`
	Lang       string   `json:"lang"`
	Categories []string `json:"categories"`
	Sentiment  string   `json:"sentiment"`
}

// load reads dataDir/<set>/dev.jsonl.
func load(dataDir, set string) ([]row, error) {
	f, err := os.Open(filepath.Join(dataDir, set, "dev.jsonl"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r row
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s: %w", set, err)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
