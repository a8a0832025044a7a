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
