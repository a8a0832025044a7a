package pgledger

import (
	"testing"
	"unicode/utf8"
)

func FuzzEscRoundTrip(f *testing.F) {
	for _, s := range []string{"", "plain", "a\x00b", `back\slash`, "\xff\xfe", `\0`, `\x41`, "日本\x00\\\xc3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := esc(s)
		if !utf8.ValidString(e) {
			t.Fatalf("esc(%q) = %q: not UTF-8", s, e)
		}
		for i := 0; i < len(e); i++ {
			if e[i] == 0 {
				t.Fatalf("esc(%q) = %q holds NUL", s, e)
			}
		}
		if got := unesc(e); got != s {
			t.Fatalf("unesc(esc(%q)) = %q", s, got)
		}
	})
}
