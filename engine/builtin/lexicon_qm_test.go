package builtin

import (
	"strings"
	"testing"
)

// hasQuestionMark says what strings.ContainsAny(s, "?؟") says.
func TestHasQuestionMark(t *testing.T) {
	for _, s := range []string{"", "?", "؟", "وين الطلب؟", "where is it?", "no mark", "علامة ، فاصلة", "x?y", "؛؟!"} {
		if got, want := hasQuestionMark(s), strings.ContainsAny(s, "?؟"); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}
