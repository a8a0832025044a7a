package builtin

import (
	"testing"

	"svc/engine/op"
)

// A why-question about a habit of the brand's is a grievance: complaint
// first, negative, a reply owed, and the apology, never "Great question!"
// (a read-through's find: "why do you keep raising prices every month??").
// A why-question about anything else stays what it was. Sentences of our
// own.
func TestWhyHabitIsComplaint(t *testing.T) {
	for _, text := range []string{
		"why do you keep raising prices every month??",
		"why does your app always log me out",
		"y do u never answer ur phone",
		"why do they keep cancelling my bookings",
	} {
		c := Classify(op.ClassifyRequest{Text: text})
		if c.Intent[0] != "complaint" || c.Sentiment != "negative" || !c.RequiresResponse {
			t.Errorf("%q: %v %s rr=%v, want complaint negative rr", text, c.Intent, c.Sentiment, c.RequiresResponse)
		}
	}
	for _, text := range []string{"why do people love this recipe so much?", "why did the chef add sugar here?"} {
		if c := Classify(op.ClassifyRequest{Text: text}); op.In("complaint", c.Intent) {
			t.Errorf("%q: %v, want no complaint", text, c.Intent)
		}
	}
}

// "why" before an auxiliary asks even without its question mark: a reply
// is owed, never the welcome of a plain remark ("why is the shop closed
// today" was other / "Great to have you here"). Sentences of our own.
func TestWhyWithoutMarkAsks(t *testing.T) {
	for _, text := range []string{"why is the shop closed today", "why are the prices different in the app", "why does the hotel charge for parking"} {
		c := Classify(op.ClassifyRequest{Text: text})
		if !c.RequiresResponse || !(op.In("question", c.Intent) || op.In("complaint", c.Intent)) {
			t.Errorf("%q: %v rr=%v, want a question or complaint owed a reply", text, c.Intent, c.RequiresResponse)
		}
	}
}
