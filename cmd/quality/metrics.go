package main

import (
	"path/filepath"

	"svc/internal/datasets"
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
	return datasets.ReadJSONL[row](filepath.Join(dataDir, datasets.DevFile(set)))
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
