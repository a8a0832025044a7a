package builtin

import (
	"testing"

	"svc/engine/op"
)

// Round 13 English concepts, on sentences written for this test: an insult
// at a person named by a relative clause or joined by "and so is", a person
// called worthless, a refund told received, a refund withheld, what came
// denied to be what was paid for, a near miss or a hazard to a child,
// charged more than once, irony, a proposal put as a question, a letter's
// salutation, a lament for what was lost, upkeep needed, and "like" as a
// preposition.
func TestRound13English(t *testing.T) {
	cases := []struct {
		text, intent, priority string
		rr, flagged            bool
	}{
		// an insult at a person named by a relative clause, or joined to a
		// verdict on a thing by "and so is"
		{"the woman who owns this bakery is a complete clown", "other", "medium", false, true},
		{"the podcast is trash and so are the hosts", "other", "medium", false, true},
		{"honestly the manager is trash", "other", "medium", false, true},
		// a refund told received: no grievance
		{"my refund was processed the next morning, very smooth", "praise", "low", false, false},
		{"got a full refund in three days, great customer care", "praise", "low", false, false},
		// a refund withheld with a wait: urgent
		{"the gym still hasnt refunded my membership fee after 7 weeks", "complaint", "high", true, false},
		{"you never reimbursed the repair i paid for", "complaint", "high", true, false},
		// not what was paid for
		{"the kit that arrived is not what we ordered online", "complaint", "medium", true, false},
		{"the tour guide skipped half the stops, definitely not what we paid for", "complaint", "medium", true, false},
		// a near miss, a hazard to a child, a bite, sparks: safety
		{"the bus driver nearly ran over my grandmother outside the station", "complaint", "high", true, false},
		{"the rattle has loose beads, my baby might choke on them", "complaint", "high", true, false},
		{"stayed two nights and got bitten by something in the bed", "complaint", "high", true, false},
		{"the new kettle is sparking at the base", "complaint", "high", true, false},
		// charged more than once
		{"we were billed four times for one parking ticket", "complaint", "high", true, false},
		// booked, and the brand gave something else
		{"booked a window seat and they gave me the middle one", "complaint", "medium", true, false},
		// an insult to "you all"
		{"you are all lazy frauds", "other", "medium", false, true},
		// irony greeting a repeat; a regret about one part; a harm caused
		{"oh perfect, another delivery window missed", "complaint", "medium", true, false},
		{"lovely staff, shame about the cold rooms", "complaint", "medium", true, false},
		{"the face cream gave me blisters around my mouth", "complaint", "high", true, false},
		// the wrong medicine given: urgent; a request to whoever reads
		{"the clinic handed my dad the wrong pills last night", "complaint", "high", true, false},
		{"booking ref 7731, could someone confirm my seat", "question", "medium", true, false},
		// a lament for what was lost; what needs upkeep
		{"what happened to the sunday brunch menu, it was the best thing you had", "complaint", "medium", true, false},
		{"this bakery used to be amazing", "complaint", "medium", true, false},
		{"lovely teachers but the classrooms need a repaint and a clean", "complaint", "medium", true, false},
		// a proposal put as a question: noted, not answered
		{"have you thought about selling the sauce in jars?", "suggestion", "medium", false, false},
		{"would you ever consider a night market stall", "suggestion", "medium", false, false},
		// thanks or praise for harm: irony
		{"nice job losing my booking without a word", "complaint", "medium", true, false},
		{"thank you for nothing", "complaint", "medium", true, false},
		// "like" comparing: it likes nothing
		{"the lift breaks down every week, cant live like this", "complaint", "medium", true, false},
	}
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		m := Moderate(op.ModerateRequest{Text: c.text, Strictness: "medium"})
		if !op.In(c.intent, got.Intent) || got.Priority != c.priority || got.RequiresResponse != c.rr || !m.IsSafe != c.flagged {
			t.Errorf("%q: intent %v priority %s rr %v flagged %v; want %s %s rr %v flagged %v",
				c.text, got.Intent, got.Priority, got.RequiresResponse, !m.IsSafe, c.intent, c.priority, c.rr, c.flagged)
		}
	}
	// must not move: praise of a person in a relative clause, a verdict on
	// things joined by "and so is", a clause with its own subject, a
	// refund still awaited, a good surprise, "like" the verb
	keep := []struct {
		text, intent string
		flagged      bool
	}{
		{"the man who fixed our boiler is a legend", "", false},
		{"the pizza is trash and so is the crust", "", false},
		{"the guy who sold it told us it was a joke of a warranty", "complaint", false},
		{"still waiting on my refund from march", "complaint", false},
		{"refund never came, three emails and nothing", "complaint", false},
		{"not what i expected, honestly even better in person", "praise", false},
		{"i really like the new recipes section", "praise", false},
		{"almost hit 2k followers, thanks everyone", "", false},
		{"what about my replacement card?", "", false},
		{"what happened to the little girl in the first episode?", "", false},
		{"i need repair shop hours for saturday", "", false},
		{"they sent the wrong prescription sunglasses", "complaint", false},
		{"thanks for ruining my diet with these cookies, amazing recipe", "praise", false},
		{"dear team, loved every minute of the tour", "praise", false},
		{"oh great another recipe video, you guys are the best", "praise", false},
		{"the cream cleared my infection in a week, thank you", "praise", false},
		{"nearly choked laughing at the blooper reel", "", false},
		{"my twins could watch this show all day", "", false},
		{"booked the tasting menu and got a free dessert, lovely evening", "praise", false},
	}
	for _, c := range keep {
		got := Classify(op.ClassifyRequest{Text: c.text})
		m := Moderate(op.ModerateRequest{Text: c.text, Strictness: "medium"})
		if c.intent != "" && !op.In(c.intent, got.Intent) || c.intent != "complaint" && op.In("complaint", got.Intent) || !m.IsSafe != c.flagged {
			t.Errorf("%q: intent %v flagged %v, want %s flagged %v", c.text, got.Intent, !m.IsSafe, c.intent, c.flagged)
		}
	}
}

// "support" naming the help desk ("called support", "your customer support
// bot") gives no praise or positive valence; support given still does.
func TestSupportDeskNoValence(t *testing.T) {
	for _, text := range []string{
		"ur customer support chat is a bot that repeats the same 3 answers",
		"contacted support",
	} {
		r := Classify(op.ClassifyRequest{Text: text})
		if op.In("praise", r.Intent) || r.Sentiment == "positive" {
			t.Errorf("%q: intent %v sentiment %s, want no praise and not positive", text, r.Intent, r.Sentiment)
		}
	}
	if r := Classify(op.ClassifyRequest{Text: "I really support this channel, keep going"}); r.Sentiment != "positive" {
		t.Errorf("support given: sentiment %s, want positive", r.Sentiment)
	}
}

// A threat to leave needs no other sign of trouble ("..., switching to
// another carrier", "I'm done with this company"); "keep <verb>ing" after
// a thing fails again and again, after a person it is a habit; a text
// whose only rated words are bad is not made positive by the stacker.
func TestLeavingAndKeepFailing(t *testing.T) {
	for _, text := range []string{
		"my calls keep dropping during meetings, switching to another carrier",
		"I'm done with this company, cancelling my plan tomorrow",
		"the printer keeps jamming and the cartridges keep leaking",
	} {
		r := Classify(op.ClassifyRequest{Text: text})
		if !op.In("complaint", r.Intent) || r.Sentiment != "negative" || !r.RequiresResponse {
			t.Errorf("%q: intent %v sentiment %s rr %v, want a negative complaint answered", text, r.Intent, r.Sentiment, r.RequiresResponse)
		}
	}
	for _, text := range []string{"I keep coming back to this channel", "my neighbours keep asking where I bought it, love it"} {
		if r := Classify(op.ClassifyRequest{Text: text}); op.In("complaint", r.Intent) {
			t.Errorf("%q: intent %v, want no complaint", text, r.Intent)
		}
	}
}
