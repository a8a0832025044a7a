package builtin

import (
	"os"
	"strings"
	"testing"

	"svc/engine/textnorm"
)

// A reply to an Arabizi writer is the template of its dialect written in
// Latin letters (dialect.ToArabizi): every Arabic word of the templates has
// its Arabizi spelling in engine/dialect/translit/reverse.tsv, so none is
// spelled letter by letter ("wasfyn gedan" for "w asfeen gedan").
func TestReplyTemplatesSpelled(t *testing.T) {
	rev, err := os.ReadFile("../dialect/translit/reverse.tsv")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(rev), "\n") {
		if f := strings.Split(line, "\t"); len(f) == 2 && !strings.HasPrefix(line, "#") {
			known[textnorm.Fold(f[0])] = true
		}
	}
	tpl, err := os.ReadFile("data/reply_templates.tsv")
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string]bool{}
	for _, line := range strings.Split(string(tpl), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.FieldsFunc(line, func(r rune) bool { return !textnorm.IsArabicLetter(r) }) {
			if f := textnorm.Fold(w); !known[f] {
				missing[f] = true
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d template words without an Arabizi spelling in reverse.tsv: %v", len(missing), missing)
	}
}
