package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// The reply to a stored comment follows all its stored intents, as
// classify's draft does: a question that is also a complaint ("where is
// my refund? it's been a month") gets the apology, not "Great question!"
// (the comments endpoint passed only the first intent). Comments of our
// own.
func TestReplyFollowsStoredIntents(t *testing.T) {
	for _, text := range []string{
		"where is my refund? it's been a month",
		"when will my order arrive? it's been 3 weeks",
	} {
		c := Classify(op.ClassifyRequest{Text: text})
		if len(c.Intent) < 2 || !op.In("complaint", c.Intent) {
			t.Fatalf("%q: intents %v, want a complaint beside another (the case tested)", text, c.Intent)
		}
		r := Reply(op.ReplyRequest{Text: text, Intent: c.Intent[0], Intents: c.Intent, Language: "auto"})
		if r.ReplyText != c.ReplyText {
			t.Errorf("%q (%v): reply %q, classify drafted %q", text, c.Intent, r.ReplyText, c.ReplyText)
		}
		if want := draftReply("complaint", "english", "friendly"); r.ReplyText != want {
			t.Errorf("%q: reply %q, want the complaint draft %q", text, r.ReplyText, want)
		}
	}
}

// A reply cut to max_length ends after a whole sentence when one fits in
// at least a quarter of it, not on a dangling word ("... ونرد عليك في").
func TestReplyCutAtSentence(t *testing.T) {
	for _, c := range []struct {
		text string
		max  int
		lang string
	}{
		{"where is the next episode?", 40, "ar"},
		{"الطلب اتأخر أسبوع ومحدش بيرد", 40, "auto"},
		{"When is the next episode coming out?", 30, "auto"},
	} {
		r := Reply(op.ReplyRequest{Text: c.text, Language: c.lang, MaxLength: c.max})
		rs := []rune(r.ReplyText)
		if len(rs) > c.max || len(rs) == 0 {
			t.Fatalf("%q: %q is over %d runes", c.text, r.ReplyText, c.max)
		}
		if last := rs[len(rs)-1]; !strings.ContainsRune(".!?؟", last) {
			t.Errorf("%q (max %d): %q does not end a sentence", c.text, c.max, r.ReplyText)
		}
	}
}
