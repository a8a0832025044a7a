package datasets

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A missing data set is an error that names the files and says where to
// read how to obtain them; present files pass.
func TestRequire(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "youtube-spam"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, DevFile("youtube-spam")), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Require(dir, DevFile("youtube-spam")); err != nil {
		t.Fatalf("present file: %v", err)
	}
	err := Require(dir, DevFiles("youtube-spam", "aoc-dialect")...)
	if !IsMissing(err) {
		t.Fatalf("want a MissingError, got %v", err)
	}
	msg := err.Error()
	for _, want := range []string{"aoc-dialect/dev.jsonl", dir, "docs/quality.md", "make quality DATA=<dir>"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q: %s", want, msg)
		}
	}
	if strings.Contains(msg, "youtube-spam") {
		t.Errorf("message names a present file: %s", msg)
	}
	// a directory where a file is expected is missing too
	if err := os.MkdirAll(filepath.Join(dir, "train", "shami.jsonl"), 0o755); err != nil {
		t.Fatal(err)
	}
	if !IsMissing(Require(dir, "train/shami.jsonl")) {
		t.Error("a directory passed for a file")
	}
}
