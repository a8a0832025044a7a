package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"svc/internal/datasets"
)

// Without the data sets, quality measures and writes nothing and says which
// files are missing and where to read how to obtain them.
func TestRunWithoutData(t *testing.T) {
	data, out := t.TempDir(), filepath.Join(t.TempDir(), "quality")
	err := run(data, out, nil)
	if !datasets.IsMissing(err) {
		t.Fatalf("want a missing-data error, got %v", err)
	}
	for _, want := range []string{"youtube-spam/dev.jsonl", "train/shami.jsonl", "docs/quality.md", "make quality DATA=<dir>"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message lacks %q: %v", want, err)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output directory written without data: %v", err)
	}
	// an unknown suite is named before the data is looked for
	if err := run(data, out, []string{"nope"}); err == nil || !strings.Contains(err.Error(), `unknown suite "nope"`) {
		t.Errorf("unknown suite: %v", err)
	}
}
