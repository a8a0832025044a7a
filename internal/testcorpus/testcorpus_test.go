package testcorpus

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The fixture holds 1,600 distinct texts of each source, 3 to 60 words, valid UTF-8.
func TestFixture(t *testing.T) {
	seen := map[string]bool{}
	count := map[string]int{}
	for _, x := range All() {
		if seen[x.Text] {
			t.Errorf("duplicate text %q", x.Text)
		}
		seen[x.Text] = true
		count[x.Source]++
		if w := len(strings.Fields(x.Text)); w < 3 || w > 60 || !utf8.ValidString(x.Text) {
			t.Errorf("text of %d words or invalid UTF-8: %q", w, x.Text)
		}
	}
	if count["arsarcasm"] != 1600 || count["goemotions"] != 1600 || len(count) != 2 {
		t.Errorf("sources %v, want 1600 arsarcasm and 1600 goemotions", count)
	}
	if n := len(Texts("arsarcasm")); n != 1600 {
		t.Errorf("Texts(arsarcasm) = %d texts", n)
	}
}
