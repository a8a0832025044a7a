package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestEnglishAimedInsults: an insult noun said of a person named by their
// job, across "of this ..." / "at this ...", after an insulting adjective,
// or closing the comment as an exclamation, is flagged; the same nouns said
// of things or of oneself are not. An English insult is not answered as a
// grievance (requires_response false).
func TestEnglishAimedInsults(t *testing.T) {
	for _, s := range []string{
		"the mechanic at this garage is a clown",
		"the cashiers here are lazy idiots",
		"the narrator of this audiobook is a total moron",
		"she keeps mispronouncing every word, complete idiot",
		"our couriers are rude fools",
	} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); m.IsSafe {
			t.Errorf("%q not flagged", s)
		}
		if c := Classify(op.ClassifyRequest{Text: s}); c.RequiresResponse {
			t.Errorf("%q: requires_response for an insult", s)
		}
	}
	for _, s := range []string{
		"I felt like such a fool waiting at the wrong gate",
		"the guide at this museum is a legend",
		"this patch is a total mess, absolute joke",
		"my april fools prank went great",
		"the teachers at this school are heroes",
	} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.IsSafe {
			t.Errorf("%q flagged: %v", s, m.Flags)
		}
	}
}

// TestEnglishPraiseButReport: praise conceded before "but" and a plain
// report after it is a complaint (mixed) even without a negative word; a
// wish or a question after "but" is not.
func TestEnglishPraiseButReport(t *testing.T) {
	for _, s := range []string{
		"love the app but the map takes forever to load every morning",
		"great pizza but it got here forty minutes after we ordered",
		"nice hotel but the pool was closed the whole week",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("complaint", c.Intent) || c.Sentiment != "mixed" || !c.RequiresResponse {
			t.Errorf("%q: got %v %s rr=%v, want a mixed complaint", s, c.Intent, c.Sentiment, c.RequiresResponse)
		}
	}
	for _, s := range []string{
		"great app but I wish it had a widget",
		"love the recipes but could you add a vegan one",
		"love it and my kids love it too",
	} {
		if c := Classify(op.ClassifyRequest{Text: s}); op.In("complaint", c.Intent) {
			t.Errorf("%q: complaint %v", s, c.Intent)
		}
	}
}

// TestNtNegation: only "n't" written without its apostrophe negates;
// "appointment", "payment" and "want" do not.
func TestNtNegation(t *testing.T) {
	for k, want := range map[string]bool{"dont": true, "cant": true, "wasnt": true, "shouldnt": true, "appointment": false, "payment": false, "want": false, "went": false} {
		if ntNegation(k) != want {
			t.Errorf("ntNegation(%q) = %v", k, !want)
		}
	}
}

// TestEnglishCommentConcepts: the English concepts of english.go, on
// sentences written for this test: irony, a good superlative with "ever",
// a proposal with its reason, a request for the next video, a question
// about what something costs or lasts, a threat to leave, relief, slang
// with a delighted emoji, an insult beside a verdict.
func TestEnglishCommentConcepts(t *testing.T) {
	for _, c := range []struct {
		text, intent, sentiment string
		rr                      bool
		priority                string
	}{
		{"oh wonderful, the update wiped my playlists again 🙄", "complaint", "negative", true, ""},
		{"friendliest nurses we have ever met", "praise", "positive", false, ""},
		{"you should add a night mode, the screen is too bright", "suggestion", "neutral", false, ""},
		{"please review the new electric scooter next", "suggestion", "neutral", false, ""},
		{"how long is the warranty on the blender", "question", "neutral", true, ""},
		{"is the parking free", "question", "neutral", true, ""},
		{"waited two hours for a technician who never came. im switching providers", "complaint", "negative", true, "high"},
		{"my migraine disappeared after one session, thank you", "praise", "positive", false, ""},
		{"this perfume is unreal 😍", "praise", "positive", false, ""},
		{"worst airline ever, run by clueless morons", "other", "negative", false, ""},
	} {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if len(got.Intent) == 0 || got.Intent[0] != c.intent || got.Sentiment != c.sentiment || got.RequiresResponse != c.rr || c.priority != "" && got.Priority != c.priority {
			t.Errorf("%q: got %v %s rr=%v %s, want %s %s rr=%v %s", c.text, got.Intent, got.Sentiment, got.RequiresResponse, got.Priority, c.intent, c.sentiment, c.rr, c.priority)
		}
	}
	// not over-firing
	for _, c := range []struct{ text, notIntent string }{
		{"oh great, the new season is finally out!", "complaint"},
		{"the slowest delivery ever", "praise"},
		{"I'm switching to your family plan next month, what do I need?", "complaint"},
		{"is it just me or is the app slow today", "other"},
		{"the traffic near your branch is insane 😡", "praise"},
	} {
		if got := Classify(op.ClassifyRequest{Text: c.text}); op.In(c.notIntent, got.Intent) {
			t.Errorf("%q: %v", c.text, got.Intent)
		}
	}
}

// TestEnglishPoliteFrames: a greeting ("good morning") and a wish framed
// as a condition ("would love it if") voice no opinion of the brand.
func TestEnglishPoliteFrames(t *testing.T) {
	for _, c := range []struct{ text, sentiment string }{
		{"Good afternoon. My parcel was marked delivered but it never arrived. Can someone check?", "negative"},
		{"I would love it if the library opened on Sundays", "neutral"},
		{"we'd like it if you posted the slides after class", "neutral"},
	} {
		if got := Classify(op.ClassifyRequest{Text: c.text}); got.Sentiment != c.sentiment {
			t.Errorf("%q: %s %v, want %s", c.text, got.Sentiment, got.Intent, c.sentiment)
		}
	}
	if !greeting(tokenize("good morning team"), 0) || greeting(tokenize("good food"), 0) {
		t.Error("greeting")
	}
}

// TestEnglishMoreConcepts: "any <noun>" asks, something found inside what
// was bought, "can't stop <enjoying>", a rating, "wish you <did>", comment
// slang that praises, damp in a room, "shut up" opening a comment.
func TestEnglishMoreConcepts(t *testing.T) {
	for _, c := range []struct{ text, intent, sentiment string }{
		{"any vegan options on the new menu", "question", "neutral"},
		{"bought a bag of rice and found a small stone inside", "complaint", "negative"},
		{"my son can't stop playing with the robot kit you sent", "praise", "positive"},
		{"5/5 for the installers, tidy and quick", "praise", "positive"},
		{"1/10 experience, the room key never worked", "complaint", "negative"},
		{"wish you stocked the large sizes in store", "suggestion", "neutral"},
		{"the fries here are top tier", "praise", "positive"},
		{"the bathroom wall was covered in mould", "complaint", "negative"},
		{"two years with this laptop and never had an issue", "praise", "positive"},
		{"why not host a workshop for beginners", "suggestion", "neutral"},
		{"the spare batteries were missing from the kit", "complaint", "negative"},
		{"why not just give me my money back", "complaint", "negative"},
		{"this vlogger is a fraud and a complete idiot", "other", "negative"},
		{"the bus driver was speeding through red lights with kids on board", "complaint", "negative"},
		{"reserved a double room and got two single beds pushed together", "complaint", "negative"},
		{"what is the point of a priority lane that takes an hour", "complaint", "negative"},
		{"sofa cushions are super comfy", "praise", "positive"},
		{"the burgers were late and the buns were soggy", "complaint", "negative"},
		{"a student discount would be amazing", "suggestion", "neutral"},
	} {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if len(got.Intent) == 0 || got.Intent[0] != c.intent || got.Sentiment != c.sentiment {
			t.Errorf("%q: got %v %s, want %s %s", c.text, got.Intent, got.Sentiment, c.intent, c.sentiment)
		}
	}
	for _, c := range []struct{ text, notIntent string }{
		{"any feedback is welcome, thanks", "question"},
		{"rated it 4.5 stars on the store", "complaint"},
		{"found my old receipts in the drawer, still kept them", "complaint"},
		{"wish you all the best with the new branch", "suggestion"},
		{"the car hasn't stopped making that noise since the service", "praise"},
		{"speeding up the checkout would help a lot", "complaint"},
	} {
		if got := Classify(op.ClassifyRequest{Text: c.text}); op.In(c.notIntent, got.Intent) {
			t.Errorf("%q: %v", c.text, got.Intent)
		}
	}
	for _, c := range []struct {
		text string
		high bool
	}{
		{"the kitchen smells of gas since your technician left", true},
		{"my son broke out in a rash after using your sunscreen", true},
		{"refund my deposit this week or I'll see you in consumer court", true},
		{"the basketball court at your gym is too slippery", false},
	} {
		if got := Classify(op.ClassifyRequest{Text: c.text}); (got.Priority == "high") != c.high {
			t.Errorf("%q: priority %s %v", c.text, got.Priority, got.Intent)
		}
	}
	for _, s := range []string{"what a clown that host is", "the support team are lazy morons"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); m.IsSafe {
			t.Errorf("%q not flagged", s)
		}
	}
	if leavingThreat(tokenize("closing the application fixed the lag")) || !leavingThreat(tokenize("withdrawing my application today")) {
		t.Error("leavingThreat: application")
	}
	if m := Moderate(op.ModerateRequest{Text: "shut up and go back to your kitchen videos", Strictness: "medium"}); m.IsSafe {
		t.Error("opening 'shut up' not flagged")
	}
}
