package builtin

import (
	"testing"

	"svc/engine/op"
)

// A swear word written with asterisks for some letters is the word
// (moderate.go, maskedTerm): "f***ing" is profanity at every strictness, and
// high strictness flags mild profanity (SPEC); a star that masks no word
// ("rated 5*", "**great**", "*sigh*") and an initial that could be a slur
// ("k***") flag nothing. Sentences of our own.
func TestMaskedProfanity(t *testing.T) {
	for _, c := range []struct {
		text    string
		flagged bool
		term    string
	}{
		{"this is f***ing awesome", true, "f***ing"},
		{"worst sh*t service ever", true, "sh*t"},
		{"f*** this update", true, "f***"},
		{"b**** please, that's not how it works", true, "b****"},
		{"the hotel was rated 5* online", false, ""},
		{"**great** video as always", false, ""},
		{"*sigh* another delay", false, ""},
		{"k*** you", false, ""},
		{"2*3 is 6, easy", false, ""},
	} {
		for _, st := range []string{"medium", "high"} {
			m := Moderate(op.ModerateRequest{Text: c.text, Strictness: st})
			if m.IsSafe == c.flagged {
				t.Errorf("%q (%s): safe=%v flags=%v, want flagged=%v", c.text, st, m.IsSafe, m.Flags, c.flagged)
				continue
			}
			if c.flagged && (len(m.FlaggedTerms) != 1 || m.FlaggedTerms[0] != c.term || !op.In("profanity", m.Flags)) {
				t.Errorf("%q (%s): terms %q flags %v, want [%q] profanity", c.text, st, m.FlaggedTerms, m.Flags, c.term)
			}
		}
	}
}
