// Package datasets names the labelled data sets the measuring tools read
// (cmd/quality, make train-dialect, the dialect and cache tools) and turns
// their absence into an error that says how to obtain them. The data is not
// part of the repository (most of it may not be redistributed);
// docs/quality.md, section "Data sets", lists every set's source (owner/repo
// @ commit), licence and how to build the directory. No test reads it: the
// tests use fixtures inside the repository (internal/testcorpus).
package datasets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// DefaultDir is where the tools look when -data is not given: a directory
// beside the checkout (the Makefile's DATA).
const DefaultDir = "../shared/data"

// DevSets are the labelled dev sets, each DIR/<name>/dev.jsonl.
var DevSets = []string{
	"aoc-dialect", "arsarcasm-dialect", "dart-dialect",
	"arsas-sentiment", "astd-sentiment", "tweeteval-sentiment",
	"osact2022-moderation", "lhsab-moderation", "davidson-moderation", "youtube-spam",
	"complaints-intent", "suggestions-intent",
}

// DevFile is the path of a dev set's file relative to the data directory.
func DevFile(set string) string { return filepath.Join(set, "dev.jsonl") }

// DevFiles is DevFile of every name.
func DevFiles(sets ...string) []string {
	out := make([]string, len(sets))
	for i, s := range sets {
		out[i] = DevFile(s)
	}
	return out
}

// Hint is the sentence every missing-data error ends with.
const Hint = "The labelled data sets are not part of this repository: docs/quality.md, section \"Data sets\", " +
	"names each one's source (owner/repo @ commit, file) and licence and how to obtain them. " +
	"Put them in one directory (<dir>/<set>/dev.jsonl, <dir>/train/*.jsonl) and pass it: " +
	"make quality DATA=<dir>, make train-dialect DATA=<dir>, or -data <dir>."

// MissingError reports data files absent from Dir.
type MissingError struct {
	Dir     string
	Missing []string // relative to Dir
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("data sets missing in %s: %s. %s", e.Dir, strings.Join(e.Missing, ", "), Hint)
}

// Require returns a *MissingError naming every one of files (relative to
// dir) that is not a readable regular file, or nil when all are.
func Require(dir string, files ...string) error {
	var missing []string
	for i, f := range files {
		if slices.Contains(files[:i], f) {
			continue
		}
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil || !st.Mode().IsRegular() {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		return &MissingError{Dir: dir, Missing: missing}
	}
	return nil
}

// IsMissing reports whether err is (or wraps) a *MissingError.
func IsMissing(err error) bool {
	var m *MissingError
	return errors.As(err, &m)
}
