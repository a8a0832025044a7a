package builtin

import (
	"testing"

	"svc/engine/op"
)

// Sentences of our own (issue 23, twenty-second session), each failing
// before the change it tests unless marked as a near sentence or as kept.

// TestR30ArabiziSharedWords: e7na (إحنا) and kteer (كتير) are written by
// more than one dialect's Arabizi, so they no longer decide the dialect
// alone: a Gulf -oon plural beside e7na is Gulf, an Egyptian future
// beside kteer Egyptian (Egyptian and Levantine before).
func TestR30ArabiziSharedWords(t *testing.T) {
	cases := []struct{ text, dialect string }{
		{"lo tsawoon 5a9m lel mudarriseen e7na nidfa3 wayed", "gulf"},
		{"lo t6awwloon dawam el ma7al e7na nishtaghil lel fajr", "gulf"},
		{"el 3ard ba2a 7elw kteer w el se3r mesh ghaly", "egyptian"},
		// kept: a word only one dialect writes still decides
		{"el 2amees bta3y etghasal w loono ra7", "egyptian"},
	}
	for _, c := range cases {
		if got := Classify(op.ClassifyRequest{Text: c.text}).Dialect; got != c.dialect {
			t.Errorf("%q: dialect %s, want %s", c.text, got, c.dialect)
		}
	}
	for _, w := range []string{"e7na kteer", "kteer", "e7na"} {
		if got := arabiziWordDialect(w); got != "" {
			t.Errorf("%q: %q, want no dialect from words two dialects write", w, got)
		}
	}
}
