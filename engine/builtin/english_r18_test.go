package builtin

import (
	"testing"

	"svc/engine/op"
)

// Round 18 English classes (english_r18.go), on sentences written for this
// test: a plan to leave in other words, a failure met again, a danger, a
// service failed without a complaint word, a formula of praise mocking a
// failure, a closing of appreciation, a question typed without its mark, a
// reproach of treatment, a customer lost, a failure lasting a whole stay, a
// wish that the product had something, a noun of praise closing a clause;
// and the sentences each rule must leave alone.
func TestRound18English(t *testing.T) {
	cases := []struct {
		text, intent, sentiment, priority string
		rr                                bool
	}{
		// a plan to leave: a complaint, high
		{"after the way your staff spoke to me, my family will shop elsewhere", "complaint", "negative", "high", true},
		{"internet down all weekend again. we are switching providers on monday", "complaint", "negative", "high", true},
		{"nobody answers the phone, changing banks this week", "complaint", "negative", "high", true},
		{"the app logged me out for the tenth day, unsubscribing tonight", "complaint", "negative", "high", true},
		{"app keeps freezing on the login page. I'm done.", "complaint", "negative", "high", true},
		// a failure met again: a complaint; from the third time, high
		{"fourth time this year the parcel went to the wrong address", "complaint", "negative", "high", true},
		{"3rd time the delivery guy left my groceries in the rain", "complaint", "negative", "high", true},
		{"second time the locker code failed, had to wait outside for an hour", "complaint", "negative", "medium", true},
		// (a repeat by choice is no failure)
		{"fifth time visiting this museum and still love it", "praise", "positive", "low", false},
		{"watching this for the third time", "other", "neutral", "low", false},
		// a danger to the body: a complaint, high
		{"the stroller wheel locked on the escalator, dangerous with a baby inside", "complaint", "negative", "high", true},
		{"picked up the rental and the steering locked up on the motorway", "complaint", "negative", "high", true},
		{"the tyres were bald when they handed me the car, terrifying on wet roads", "complaint", "negative", "high", true},
		// (a scary film is no danger)
		{"that last episode was so scary, loved every minute", "praise", "positive", "low", false},
		// a service failed in plain words: a complaint
		{"the plumber arrived 3 hours late and did not even apologise", "complaint", "negative", "medium", true},
		{"movers came a day late and the flat was messier than before they started", "complaint", "negative", "medium", true},
		{"my payment keeps getting declined at checkout even with a new card", "complaint", "negative", "medium", true},
		// a formula of praise after a failure mocks it
		{"waited 50 minutes for a cold pizza. well done team", "complaint", "negative", "medium", true},
		{"luggage lost and not even a call back. great work everyone 👏", "complaint", "negative", "medium", true},
		// (after something good it thanks)
		{"the driver helped my dad with his bags. great job guys", "praise", "positive", "low", false},
		// a closing of appreciation praises what was told
		{"the nurse explained every step of the surgery to my mum. Really appreciated.", "praise", "positive", "low", false},
		{"you sorted my lost baggage claim in a day, appreciate it!", "praise", "positive", "low", false},
		// a question typed without its mark: answered
		{"is parking included with the hotel room", "question", "neutral", "medium", true},
		{"are dogs allowed on the terrace", "question", "neutral", "medium", true},
		{"can you deliver to the airport hotels", "question", "neutral", "medium", true},
		{"is there a student discount for the gym", "question", "neutral", "medium", true},
		{"wen does the summer menu start", "question", "neutral", "medium", true},
		{"wat days is the pool closed for cleaning", "question", "neutral", "medium", true},
		{"any chance of a late checkout on sunday", "question", "neutral", "medium", true},
		{"was wondering if you do group bookings for twelve", "question", "neutral", "medium", true},
		// (the subject left out: a statement)
		{"would recommend this cafe to anyone", "praise", "positive", "low", false},
		{"was amazing from start to finish", "praise", "positive", "low", false},
		{"would buy again, fits perfectly", "praise", "positive", "low", false},
		// a reproach of how the writer was treated, a customer lost
		{"twelve years with this bank and this is how you treat me", "complaint", "negative", "medium", true},
		{"the call centre hung up on me twice, you just lost a loyal customer", "complaint", "negative", "high", true},
		// a failure lasting the whole span paid for
		{"the sauna was closed our whole holiday", "complaint", "negative", "medium", true},
		// a wish that the product had something: a proposal
		{"wish the planner had a weekly view", "suggestion", "neutral", "medium", false},
		// a contracted question word before a determiner: a question
		{"whats the baggage allowance on the cheap fares", "question", "neutral", "medium", true},
		// a noun of praise closing the clause
		{"the courier carried the sofa up four floors, legend", "praise", "positive", "low", false},
		{"the locksmith came out at midnight, top guy", "praise", "positive", "low", false},
		// (without it the same report is no praise)
		{"the locksmith came out at midnight", "other", "neutral", "low", false},
		// more leaving: the last time, savings moved to another provider
		{"that was the last time we book a holiday with you", "complaint", "negative", "high", true},
		{"transferring my pension to a different provider after this", "complaint", "negative", "high", true},
		// money taken more than once: high
		{"you billed me twice for the same gym month", "complaint", "negative", "high", true},
		// wonder at how the brand does something bad: irony
		{"impressive how you lose a parcel every single month", "complaint", "negative", "medium", true},
		// (a good word after it is wonder)
		{"love how you always reply within minutes", "praise", "positive", "low", false},
		// a noun of praise said of people
		{"the lifeguards at the lido are absolute heroes", "praise", "positive", "low", false},
		// harm foreseen, a body part hurt: high
		{"the playground gate doesnt close, a kid will get hurt", "complaint", "negative", "high", true},
		{"my daughter burned her tongue on the kids meal", "complaint", "negative", "high", true},
		// (laughter: a figure of speech)
		{"nearly cut my finger laughing at this video lol", "praise", "positive", "low", false},
		// a repeat in a row: a complaint (medium)
		{"fifth late train in a row this week", "complaint", "negative", "medium", true},
		// a modal before a determiner, "r u": questions
		{"will the pool be heated in october", "question", "neutral", "medium", true},
		{"r u open on easter sunday", "question", "neutral", "medium", true},
		// money taken without the writer's leave: high
		{"the magazine renewed itself without asking and took 60 dollars", "complaint", "negative", "high", true},
		// a wait counted in months on a pending case: high
		{"my warranty claim has been pending for three months", "complaint", "negative", "high", true},
	}
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		intent := ""
		if len(got.Intent) > 0 {
			intent = got.Intent[0]
		}
		if intent != c.intent || got.Sentiment != c.sentiment || got.Priority != c.priority || got.RequiresResponse != c.rr {
			t.Errorf("%q: got intent=%v sentiment=%s priority=%s rr=%v; want %s %s %s %v", c.text, got.Intent, got.Sentiment, got.Priority, got.RequiresResponse, c.intent, c.sentiment, c.priority, c.rr)
		}
	}
}
