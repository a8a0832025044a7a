// Package testcorpus is the tests' fixture of real comment texts, inside the
// repository so that no test reads a path outside it: 1,600 Arabic tweets
// of ArSarcasm (MIT) and 1,600 English Reddit comments of GoEmotions
// (CC BY 4.0), both licences allowing redistribution with attribution (see
// README.md here and NOTICE). Test input only: nothing in it is an expected
// answer, and no non-test package imports it, so it never enters the
// binary. Regenerate with `go run ./internal/testcorpus/extract`.
package testcorpus

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

//go:embed comments.jsonl
var raw string

// Text is one fixture text and the data set it comes from.
type Text struct {
	Text   string `json:"text"`
	Source string `json:"source"` // "arsarcasm" or "goemotions"
}

// All returns every fixture text in file order (each source's texts
// together, ArSarcasm first). It panics on a malformed line: the file is
// part of the build.
func All() []Text {
	lines := strings.Split(strings.TrimSuffix(raw, "\n"), "\n")
	out := make([]Text, len(lines))
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &out[i]); err != nil {
			panic(fmt.Sprintf("testcorpus: line %d: %v", i+1, err))
		}
	}
	return out
}

// Texts returns the texts of All, optionally only those of the named source.
func Texts(source string) []string {
	var out []string
	for _, t := range All() {
		if source == "" || t.Source == source {
			out = append(out, t.Text)
		}
	}
	return out
}
