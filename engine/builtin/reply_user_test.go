package builtin

import (
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
