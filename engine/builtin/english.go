package builtin

import (
	"math"
	"regexp"
	"strings"
)

// English comment rules (issue 23, round 9): concepts the cue phrases of
// data/intent.tsv miss in short English comments written to a brand or a
// channel. Each rule reads English text only (sent.arabic false).

// englishIntent adds the evidence of englishContrast and the other English
// patterns to ev (called by intentScores before the sentiment support).
//
// eb is enScan(toks): each pattern below runs only on a text that has its
// words (one lookup a token instead of a scan a pattern).
func englishIntent(text string, toks []token, sent *sentScore, ev *intentEv, spam spamResult, eb uint32) {
	if sent.arabic || spam.score >= 0.5 {
		return
	}
	sc := &ev.v
	// (praise conceded before "but" and a plain report after it: main's
	// concession rule, intent.go)
	// a threat to leave said outright ("deleting my account", "I'm
	// switching carriers"): a complaint (and urgent: englishUrgent)
	// (with some other sign of trouble: "im cancelling my membership
	// because I moved, any fee?" asks)
	// (not asked: a threat to leave needs no other sign of trouble)
	if eb&ewLeave != 0 && leavingThreat(toks) && (sc[iComplaint] > 0 || sent.compound < 0 || !strings.ContainsRune(text, '?')) {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
	}
	// irony: "oh great, another ...", an eye-roll emoji, "thanks a lot"
	// beside something that went wrong: the good words mock a failure
	// ("oh wonderful, another price increase": "another" after the good
	// word mocks a repeat without any bad word)
	// (or closed by a good word alone after a failure: closingMock)
	if closing := closingMock(text, toks); (ironic(text, toks) || closing) && (sent.rawNeg > 0 || ironicAnother(toks) || mockPraise(toks) || ev.cue[iComplaint] > 0 && closing) && !strings.ContainsAny(text, "?") {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// "smoothest app ever", "comfiest hoodie I've ever owned": a good
	// superlative with "ever" praises what it names, when nothing in the
	// comment is negative
	if sent.rawNeg == 0 && sent.rawPos > 0 && eb&ewEver != 0 && goodSuperlativeEver(toks) && ev.cue[iComplaint] < 0.6 && !strings.ContainsAny(text, "?") {
		sc[iPraise] = math.Max(sc[iPraise], intentThreshold[iPraise])
		ev.cue[iPraise] = math.Max(ev.cue[iPraise], enCueMin)
	}
	// a proposal (a decisive suggestion cue: "you should open", "can you
	// add") with only a weak complaint word beside it ("the drive is too
	// long", "lyrics that work offline") gives the reason for the
	// proposal; it reports no failure. Comments only (an @-addressed tweet
	// with "you should" is as often a reproach).
	// (a doubly cued proposal, "you should open", carries a reason with a
	// negation too: "we have nothing close")
	if ev.cue[iSuggestion] >= 1 && (ev.cue[iComplaint] < 1 || ev.cue[iSuggestion] >= 2 && ev.cue[iComplaint] < 1.5) && !ev.strong && !tweetShaped(text) && sent.compound > -0.5 {
		sc[iComplaint] = 0
	}
	// "open a branch on the north side pls", "add a kids menu please": a
	// verb of providing opening the comment as an imperative proposes
	// something new to the brand (as "please open ..." does in
	// brandProposal, the plea may close the comment)
	if ev.cue[iComplaint] < 1 && !ev.strong && imperativeProposal(toks) {
		sc[iSuggestion] = math.Max(sc[iSuggestion], 1)
		ev.cue[iSuggestion] = math.Max(ev.cue[iSuggestion], 1)
		ev.proposal = true
		if ev.cue[iComplaint] < 0.8 {
			sc[iComplaint] = 0 // its reason ("too far for us") reports no failure
		}
	} else if !strings.ContainsAny(text, "?") && ev.cue[iComplaint] < failureSeen && eb&ewFailure != 0 && failureDescribed(text, toks, sent, ev) {
		// a product or a service failing at what it is for, told without
		// a complaint word (english.go failureDescribed)
		sc[iComplaint] = math.Max(sc[iComplaint], failureSeen)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], failureSeen)
	}
	// "no issues at all, delivery was fast", "no problems with the
	// install": trouble said to be absent is no grievance (its noun is a
	// complaint cue; "still no", "no ... yet" and a contrast keep it)
	if ev.cue[iComplaint] < 1 && !ev.strong && sent.butAt < 0 && !strings.ContainsAny(text, "?") && eb&ewAbsent != 0 && troubleAbsent(toks) {
		sc[iComplaint], ev.cue[iComplaint] = 0, 0
		if sent.rawNeg == 0 { // a report that all went well
			sc[iPraise] = math.Max(sc[iPraise], intentThreshold[iPraise])
		}
	}
	// "my order has been 'on the way' since yesterday. where is it??": "where
	// is it" about the writer's own order asks for what is owed, as "where
	// is my order" (a cue) does
	if eb&ewWh != 0 && ev.cue[iComplaint] < 1 && whereIsIt(toks) && hasAnyKey(toks, awaitedNouns) {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
	}
	// "$28 for that??", "cold fries. seriously?": every question mark
	// closes indignation beside a complaint cue; nothing is asked
	if ev.cue[iComplaint] >= intentThreshold[iComplaint] && !ev.why && sc[iQuestion] > 0 && indignantMarks(text, toks) {
		sc[iQuestion] = 0
	}
	// "does the hotel offer airport transfer? Thank you": thanks closing a
	// question thank in advance for the answer; they praise nothing (the
	// question is the comment; "thanks for the fast reply! ..." thanks for
	// something and stays praise)
	if ev.cue[iPraise] <= thanksCue && sc[iQuestion] >= intentThreshold[iQuestion] && eb&ewThanks != 0 && thanksAfterQuestion(text, toks) {
		sc[iPraise], ev.cue[iPraise] = 0, 0
		ev.politeAsk = true
	}
	// "The agent was so patient with us ... Thank you dear": a report
	// closed by a sentence of thanks, with no complaint cue and no question,
	// thanks the people it told of
	if ev.cue[iComplaint] <= 0 && !strings.ContainsAny(text, "?") && sent.rawPos >= sent.rawNeg && eb&ewThanks != 0 && thanksAfter(toks, thanksClosing(text)) {
		sc[iPraise] = math.Max(sc[iPraise], intentThreshold[iPraise])
	}
	// "have you thought about opening on sundays?", "would you consider
	// adding a kids size?", "how about a loyalty card?": a proposal put
	// as a question asks nothing to answer
	if ev.cue[iComplaint] < 1 && !ev.strong && proposalQuestion(toks) {
		sc[iSuggestion] = math.Max(sc[iSuggestion], 1)
		ev.cue[iSuggestion] = math.Max(ev.cue[iSuggestion], 1)
		ev.proposal = true
		sc[iQuestion] = 0
	}
	// "please unbox the new phone next", "pls review the X next": a
	// request for the next video or episode is a proposal
	if n := len(toks); n >= 3 && toks[n-1].key == "next" && pleaseWords[toks[0].key] && ev.cue[iComplaint] < 0.6 {
		sc[iSuggestion] = math.Max(sc[iSuggestion], 1)
		ev.cue[iSuggestion] = math.Max(ev.cue[iSuggestion], 1)
	}
	if eb&ewSlang != 0 && slangWithJoy(text, toks) && ev.cue[iComplaint] < 0.6 && !strings.ContainsAny(text, "?") {
		sc[iPraise] = math.Max(sc[iPraise], 1)
		ev.cue[iPraise] = math.Max(ev.cue[iPraise], 1)
	}
	// "what happened to the free refills", "this channel used to be so
	// good": a lament for something lost or changed for the worse; the
	// good words tell what was lost
	if eb&ewLament != 0 && (whatHappenedTo(text, toks) || usedToBeGood(toks)) && ev.cue[iSuggestion] < 1 {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
		sc[iQuestion] = 0
	}
	// "the changing rooms need a clean", "the site needs an update": what
	// needs work reports its defect (after "but", the point of the comment)
	if j := needsWork(toks); j >= 0 && eb&ewLament != 0 && ev.cue[iComplaint] < 1 && !strings.ContainsAny(text, "?") {
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint])
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], failureSeen)
		if sent.butAt >= 0 && j > sent.butAt {
			ev.complaintAfter = math.Max(ev.complaintAfter, intentThreshold[iComplaint])
		}
	}
	// "can someone check the status", "could anyone help me": a request
	// to be served, put as a question without its mark
	if eb&ewWh == 0 && ev.cue[iSuggestion] < 1 && askSomeone(text, toks) {
		sc[iQuestion] = math.Max(sc[iQuestion], intentThreshold[iQuestion])
	}
	// "any discount for students", "any news on the sequel": a short
	// comment opening with "any" and a noun asks whether there is one
	if n := len(toks); n >= 2 && n <= 8 && toks[0].key == "any" && !toks[1].arabic && !anyNot[toks[1].key] && ev.cue[iComplaint] < 0.6 && !hasAnyKey(toks, anyStatement) {
		sc[iQuestion] = math.Max(sc[iQuestion], intentThreshold[iQuestion])
	}
	// "found chicken in it", "found a screw in my salad": something found
	// in what was bought
	if eb&ewFound != 0 && foundIn(toks) {
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint])
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], enCueMin)
	}
	// "can't stop smiling", "hasn't stopped laughing": enthusiasm
	if eb&ewStop != 0 && cantStop(toks) && ev.cue[iComplaint] < 0.6 {
		sc[iPraise] = math.Max(sc[iPraise], 1)
		ev.cue[iPraise] = math.Max(ev.cue[iPraise], 1)
	}
	// a rating: "10/10 service", "5 stars" praise; "1/10", "one star" complain
	// (comments only: a tweet's "1/5" is a card number or a thread)
	r := 0
	if !tweetShaped(text) {
		r = rating(text)
	}
	switch r {
	case 1:
		sc[iPraise] = math.Max(sc[iPraise], 1)
		ev.cue[iPraise] = math.Max(ev.cue[iPraise], 1)
		if ev.cue[iComplaint] < 1 && !ev.strong {
			sc[iComplaint] = 0
		}
	case -1:
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
		sc[iPraise] = 0
	}
	// "wish you opened earlier", "wish they sold bigger sizes": a wish
	// about what the business does is a proposal
	if eb&ewWish != 0 && wishYouDid(toks) {
		sc[iSuggestion] = math.Max(sc[iSuggestion], 1)
		ev.cue[iSuggestion] = math.Max(ev.cue[iSuggestion], 1)
		sc[iPraise] = 0
	}
	// "why not open a branch in the north": "why not" and a verb proposes;
	// it is no grievance and asks nothing (its own "not open" is no
	// failure: cue "why not" 0.5 and a negated service verb 0.5)
	if len(toks) >= 3 && toks[0].key == "why" && toks[1].key == "not" && proposeVerbs[toks[2].key] && ev.cue[iComplaint] < 1.2 && !ev.strong {
		sc[iComplaint] = 0
		ev.why = false
		sc[iSuggestion] = math.Max(sc[iSuggestion], 1)
		ev.cue[iSuggestion] = math.Max(ev.cue[iSuggestion], 1)
		ev.proposal = true
	}
	// "not what I paid for", "wasn't what we booked": what came is not
	// what was bought
	if eb&ewWh != 0 && notWhatPromised(toks) {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
	}
	// "what's the point of express delivery": a rhetorical question that
	// says a service fails its purpose
	if eb&ewPoint != 0 && pointless(toks) {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
		if !strings.ContainsAny(text, "?") {
			sc[iQuestion] = 0
		}
	}
	// "booked a sea view room and got one facing the car park": what came
	// is not what was booked or paid for (as "ordered ... got")
	// (not in a happy report: "booked the spa and got a free tea, lovely")
	if eb&ewBooked != 0 && sent.compound < 0.3 && bookedGot(toks) {
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint])
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], enCueMin)
	}
	// charged more than once ("billed 3 times for one pizza"): money
	// taken, a complaint (urgent: "billed" is an urgent word)
	if eb&ewCharge != 0 && chargedTimes(toks) {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
	}
	// a danger on the road or in the street ("speeding", "a kid fell off
	// his bike"): a complaint, urgent (englishUrgent)
	if eb&ewSafety != 0 && safetyRisk(toks) {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 1)
	}
	// "... subscribed" closing a short comment: the commenter followed
	// the channel for what they just saw
	if n := len(toks); n >= 3 && n <= plainPraiseMaxWords && toks[n-1].key == "subscribed" && sent.rawNeg < 1 && ev.cue[iComplaint] < 0.6 {
		sc[iPraise] = math.Max(sc[iPraise], 1)
		ev.cue[iPraise] = math.Max(ev.cue[iPraise], 1)
	}
	englishIntentR18(text, toks, sent, ev, eb) // english_r18.go
	// a question typed without its mark (english_r18.go bareQuestion;
	// an "or" offers a choice: "is it just me or" is a complaint)
	if ev.cue[iSuggestion] < 0.5 && ev.cue[iComplaint] < 0.6 && !ev.strong && sent.rawNeg < 1 && !negatedAny(toks) && !strings.ContainsRune(text, '?') && (bareQuestion(toks) || whatsThe(toks)) && !justMeOr(toks) {
		sc[iComplaint] = 0
		sc[iQuestion] = math.Max(sc[iQuestion], intentThreshold[iQuestion])
		ev.cue[iQuestion] = math.Max(ev.cue[iQuestion], intentThreshold[iQuestion])
		if ev.cue[iPraise] < 0.6 {
			sc[iPraise] = 0
			ev.enAsk = true
		}
	}
	// a question about what something costs, includes or lasts ("how many
	// days is the tour", "is the card free") with no complaint cue of
	// weight: its words describe what is asked about, they judge nothing
	// ("is it just me or the app is slow" is a complaint put as a question:
	// an "or" keeps it one)
	opens := opensQuestion(toks) || eb&ewWh != 0 && whNounQuestion(text, toks)
	if (opens || clauseOpensQuestion(text, toks)) && ev.cue[iComplaint] < 0.8 && !ev.strong && sent.rawNeg < 1 && !negatedAny(toks) && !hasKey(toks, "or") {
		sc[iComplaint] = 0
		sc[iQuestion] = math.Max(sc[iQuestion], intentThreshold[iQuestion])
		// (a question asked after a first sentence leaves that sentence
		// its say in the sentiment: "just finished the game, is there a
		// sequel")
		if ev.cue[iPraise] < 0.6 && opens {
			sc[iPraise] = 0
			ev.enAsk = true // labelWithIntent: neutral
		}
	}
	withLearnedIntentEn(ev, text, toks, sent) // learned_en_alone.go
}

// reliefAfter reports "gone", "went away", "disappeared", "cured" within
// three words after toks[j-1] ("the pain is basically gone"), with no
// negator between ("isn't gone" is no relief).
func reliefAfter(toks []token, j int) bool {
	for k := j; k < len(toks) && k < j+3; k++ {
		key := toks[k].key
		if negators[key] || ntNegation(key) {
			return false
		}
		if reliefWords[key] || key == "went" && k+1 < len(toks) && toks[k+1].key == "away" {
			return true
		}
	}
	return false
}

// reliefOf reports a relief word at toks[i] that ends a bad thing named
// up to three words before it ("headache disappeared").
func reliefOf(toks []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if badThings[toks[k].key] {
			return true
		}
	}
	return false
}

// badThings are what a customer is glad to see gone.
var badThings = wordSet("pain", "ache", "headache", "migraine", "acne", "rash", "itch", "stress", "anxiety", "noise", "smell", "stain", "stains", "bug", "lag", "problem", "issue")

var reliefWords = wordSet("gone", "disappeared", "vanished", "cured", "healed")

// slangWithJoy reports a slang intensity adjective ("insane", "sick",
// "unreal") in a comment that also carries a delighted emoji: "this scent
// is insane 😍" praises whatever it is said of.
func slangWithJoy(text string, toks []token) bool {
	found := false
	for i := range toks {
		if slangAdjectives[toks[i].key] {
			found = true
			break
		}
	}
	if !found {
		return false
	}
	for _, e := range []string{"😍", "🔥", "🤩", "😋", "💯", "🥰", "😻"} {
		if strings.Contains(text, e) {
			return true
		}
	}
	return false
}

var pleaseWords = wordSet("please", "pls", "plz", "plss")

// opensQuestion reports an English text that opens with a question word
// and an auxiliary or a measure ("how many", "what time", "is the", "do
// you"): it asks.
func opensQuestion(toks []token) bool {
	if len(toks) < 3 || toks[0].arabic {
		return false
	}
	a, b := toks[0].key, toks[1].key
	return whOpeners[a] && whSecond[b] || (a == "is" || a == "are" || a == "does" || a == "do") && inversionSubjects[b]
}

// clauseOpensQuestion is opensQuestion for a later sentence or a clause
// after a comma, "do you" too: "I run a small shop, do you have business
// plans".
func clauseOpensQuestion(text string, toks []token) bool {
	for i := 1; i+2 < len(toks); i++ {
		a := toks[i].key
		b := toks[i+1].key
		if (a == "is" || a == "are" || a == "does" || a == "do") && !toks[i].arabic && (inversionSubjects[b] || a == "do" && (b == "you" || b == "u")) && (clauseStart(text, toks, i) || sentenceStart(text, toks, i)) {
			return true
		}
	}
	return false
}

// negatedAny reports an English negator among toks.
func negatedAny(toks []token) bool {
	for i := range toks {
		if negators[toks[i].key] || ntNegation(toks[i].key) {
			return true
		}
	}
	return false
}

// ironic reports the marks of sarcasm in English: an eye-roll or
// unamused emoji, "oh great/wonderful/perfect" or "great, another" opening
// the comment, or "thanks a lot" / "thanks for nothing" closing it.
func ironic(text string, toks []token) bool {
	if strings.Contains(text, "🙄") || strings.Contains(text, "😒") {
		return true
	}
	if len(toks) >= 3 && !toks[0].arabic {
		a, b := toks[0].key, toks[1].key
		if (a == "oh" || a == "wow" || a == "just") && ironicGood[b] || ironicGood[a] && b == "another" {
			return true
		}
	}
	return mockPraise(toks)
}

// closingMock reports a comment closed by a clause of one to three words
// with a good word alone after a first clause ("delivery was late again,
// great job guys", "the update broke my login. perfect"): the verdict on
// what came before, mocked (ironic's caller asks for a bad word or a
// failure). Thanks alone closing a complaint is courtesy, not irony.
func closingMock(text string, toks []token) bool {
	n := len(toks)
	for k := 1; k <= 3 && k < n-1; k++ {
		i := n - k // the closing clause is toks[i:]
		if !strings.ContainsAny(text[toks[i-1].end:toks[i].start], ".,!") {
			continue
		}
		good := false
		for _, t := range toks[i:] {
			if !closingWords[t.key] {
				return false
			}
			good = good || ironicGood[t.key] && t.key != "thanks" || t.key == "nice" || t.key == "cool" || t.key == "yay" || t.key == "bravo"
		}
		return good
	}
	return false
}

// closingWords: what a mocking closing clause is made of ("thanks devs",
// "great job guys", "nice").
var closingWords = wordSet("great", "wonderful", "perfect", "fantastic", "brilliant", "lovely", "amazing", "awesome", "thanks", "nice", "cool", "yay", "bravo", "good", "job", "well", "done", "guys", "devs", "team", "lol", "thank", "you", "u", "so", "very", "much")

// mockPraise reports praise or thanks for doing harm: "great job breaking
// the app again", "well done losing my parcel", "thanks for ruining my
// weekend", "thank you for nothing": a verb of harm in -ing (or
// "nothing") right after "job", "done", "going" or "for" after a good
// word or thanks (ironic, with no bad word needed).
func mockPraise(toks []token) bool {
	for i := 1; i+1 < len(toks); i++ {
		k := toks[i].key
		// ("thank you for nothing": thanks for nothing done)
		if !(harmIng[toks[i+1].key] || k == "for" && toks[i+1].key == "nothing") || !(k == "job" || k == "done" || k == "going" || k == "for") {
			continue
		}
		if p := toks[i-1].key; ironicGood[p] || p == "good" || p == "nice" || p == "well" || p == "thanks" || p == "you" && i > 1 && toks[i-2].key == "thank" {
			// (not with a word of liking after it: "thanks for breaking
			// my heart, beautiful film" is moved)
			for _, h := range sentM.find(toks[i+2:]) {
				if sentVal[h.id] >= 1.8 {
					return false
				}
			}
			return true
		}
	}
	return false
}

var harmIng = wordSet("breaking", "ruining", "losing", "ignoring", "deleting", "messing", "wasting", "cancelling", "canceling", "destroying", "overcharging", "scamming", "ghosting")

// ironicAnother reports "great, another", "oh wonderful, another" opening
// the comment: a repeat of something unwanted greeted with a good word.
// (no word of liking after it: "oh great another episode, love this
// series" is glad)
func ironicAnother(toks []token) bool {
	for i := 1; i < len(toks) && i <= 2; i++ {
		if toks[i].key == "another" && ironicGood[toks[i-1].key] && (i == 1 || toks[0].key == "oh" || toks[0].key == "wow" || toks[0].key == "just") {
			for _, h := range sentM.find(toks[i+1:]) {
				if sentVal[h.id] >= 1.8 { // a word of liking ("nice" and up; "increase" is no joy)
					return false
				}
			}
			return true
		}
	}
	return false
}

// medicineNouns: what a pharmacy or a clinic gives
var medicineNouns = wordSet("dose", "dosage", "medicine", "medication", "meds", "pills", "tablets", "injection", "vaccine", "insulin", "drug", "drugs")

// causedVerbs bring a harm on someone ("gave me", "got", "caused").
var causedVerbs = wordSet("gave", "given", "got", "get", "caused", "causing", "developed", "left", "from")

var ironicGood = wordSet("great", "wonderful", "perfect", "fantastic", "brilliant", "lovely", "amazing", "awesome", "thanks")

// goodSuperlativeEver reports "<adjective>-est ... ever" or "best ...
// ever" within four words (the caller checks that the comment's valence
// is positive only).
func goodSuperlativeEver(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if toks[i].arabic || !(len(k) > 5 && strings.HasSuffix(k, "est") || k == "best") {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+4; j++ {
			if toks[j].key == "ever" {
				return true
			}
		}
	}
	return false
}

// leavingThreat reports a customer saying they are leaving: "deleting my
// account", "I'm switching carriers", "im cancelling", "uninstalling".
func leavingThreat(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if !enLeaveVerbs[k] {
			continue
		}
		if k == "deleting" || k == "closing" || k == "withdrawing" {
			// of their own account or the app
			// (one withdraws an application; closing "the application" is
			// quitting a program)
			if i+2 < len(toks) && (toks[i+1].key == "my" || toks[i+1].key == "the" || toks[i+1].key == "this") && leaveObjects[toks[i+2].key] &&
				(toks[i+2].key != "application" || k == "withdrawing") {
				return true
			}
			continue
		}
		// "I'm switching to your plan" joins; it does not leave
		if i+1 < len(toks) && toks[i+1].key == "to" && i+2 < len(toks) && (toks[i+2].key == "your" || toks[i+2].key == "you") {
			continue
		}
		if k == "uninstalling" || i > 0 && firstPersonBe[toks[i-1].key] {
			return true
		}
		// the subject left out: "..., cancelling my plan tomorrow",
		// "switching to another carrier" (what is left is the writer's own)
		if i+2 < len(toks) && (toks[i+1].key == "my" || toks[i+1].key == "our") && (leaveObjects[toks[i+2].key] || planNouns[toks[i+2].key]) {
			return true
		}
		if k == "switching" && i+2 < len(toks) && toks[i+1].key == "to" && (toks[i+2].key == "another" || toks[i+2].key == "other" || toks[i+2].key == "a" && i+3 < len(toks) && toks[i+3].key == "different") {
			return true
		}
	}
	// "I'm done with this company", "we're done with you guys"
	for i := 0; i+2 < len(toks); i++ {
		if firstPersonBe[toks[i].key] && toks[i+1].key == "done" && toks[i+2].key == "with" && i+3 < len(toks) && doneWith[toks[i+3].key] {
			return true
		}
	}
	return false
}

var (
	planNouns = wordSet("plan", "contract", "line", "service", "card", "policy", "package", "bundle", "subscriptions", "orders")
	doneWith  = wordSet("you", "u", "this", "your", "ur", "yall", "y'all", "them", "these", "the")
)

var (
	enLeaveVerbs  = wordSet("switching", "cancelling", "canceling", "unsubscribing", "deleting", "closing", "uninstalling", "quitting", "withdrawing")
	leaveObjects  = wordSet("account", "app", "subscription", "membership", "profile", "application", "booking", "order", "deposit")
	firstPersonBe = wordSet("im", "i'm", "were", "we're", "am")
)

// englishUrgent reports the English urgency concepts of this file (a
// threat to leave said outright, a refund withheld).
func englishUrgent(text string, toks []token) bool {
	eb := enScan(toks)
	return englishUrgentR18(text, toks, eb) || eb&ewLeave != 0 && leavingThreat(toks) || eb&ewValue != 0 && moneyGone(toks) || eb&ewSafety != 0 && safetyRisk(toks) ||
		eb&ewSpan != 0 && monthsWaited(toks) || eb&ewNear != 0 && childNearMiss(toks) || eb&ewRefund != 0 && refundDenied(text, toks) || paidNoBooking(toks)
}

// paidNoBooking reports "paid" and "no booking / reservation / record"
// in one comment ("paid in full and the hotel says they have no booking
// under my name"): the money taken and nothing held for the payer, as
// noBooking reads it in Arabic.
func paidNoBooking(toks []token) bool {
	paid, none := false, false
	for i := range toks {
		switch k := toks[i].key; {
		case k == "paid":
			paid = true
		case (k == "booking" || k == "reservation" || k == "record") && i > 0 && toks[i-1].key == "no":
			none = true
		}
	}
	return paid && none
}

// monthsWaited reports a wait counted in months ("5 months and still no
// photos", "waiting two months for my refund"): a span noun of months
// after a number or "a", with "still" a few words after it
// or a verb of waiting just before it. Left waiting that long is urgent by
// the label conventions (a wait of days or weeks is not).
func monthsWaited(toks []token) bool {
	for i := 1; i < len(toks); i++ {
		if !enLongSpans[toks[i].key] || !spanCount(toks[i-1].key) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+6; j++ {
			if toks[j].key == "still" {
				return true
			}
		}
		for j := i - 2; j >= 0 && j >= i-4; j-- {
			if waitedVerbs[toks[j].key] {
				return true
			}
		}
	}
	return false
}

// spanCount: a number before a span noun ("5", "two", "a", "few").
func spanCount(k string) bool {
	if k == "" {
		return false
	}
	if k[0] >= '0' && k[0] <= '9' {
		return true
	}
	return countWords[k]
}

var (
	enLongSpans = wordSet("month", "months")
	countWords  = wordSet("a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "few", "several", "many", "couple")
	waitedVerbs = wordSet("waiting", "waited", "wait", "pending")
)

// childNearMiss reports a young child named ("my 3 year old", "my
// toddler", "the baby") beside "almost" or "nearly": a near miss on a
// child's safety (with a complaint, urgent: the label conventions make
// children's safety high).
func childNearMiss(toks []token) bool {
	child, near := false, false
	for i := range toks {
		switch k := toks[i].key; {
		case youngChild[k]:
			child = true
		case k == "old" && i > 1 && (toks[i-1].key == "year" || toks[i-1].key == "yr" || toks[i-1].key == "month") && spanCount(toks[i-2].key):
			child = true // "my 3 year old", "a two year old"
		case (k == "almost" || k == "nearly") && !(i+1 < len(toks) && spanCount(toks[i+1].key)):
			near = true // not "almost 10" (an age)
		}
	}
	return child && near
}

var youngChild = wordSet("toddler", "toddlers", "baby", "babies", "infant", "newborn", "kid", "kids", "child", "children", "son", "daughter")

// moneyGone reports money or stored value said to be gone ("money just
// gone", "all my miles gone", "my balance disappeared"): money taken.
func moneyGone(toks []token) bool {
	for i := range toks {
		if !valueNouns[toks[i].key] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if reliefWords[toks[j].key] || toks[j].key == "lost" {
				return true
			}
		}
		// "roaming ate my whole balance", "the app drained my credit",
		// "that is my money" (held and claimed)
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if drainVerbs[toks[j].key] || toks[i].key == "money" && j == i-2 && toks[j+1].key == "my" && (toks[j].key == "is" || toks[j].key == "its" || toks[j].key == "thats") {
				return true
			}
		}
	}
	return false
}

// drainVerbs take the writer's money or balance away.
var drainVerbs = wordSet("ate", "eats", "eating", "drained", "drains", "draining", "stole", "stolen", "steals", "swallowed", "wiped", "emptied", "emptying", "took", "taking")

var valueNouns = wordSet("money", "miles", "points", "balance", "credit", "credits", "savings", "funds", "deposit")

// pointless reports "what's the point" / "what is the point".
func pointless(toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		k := toks[i].key
		if k == "whats" && toks[i+1].key == "the" && toks[i+2].key == "point" || k == "what" && i+3 < len(toks) && toks[i+1].key == "is" && toks[i+2].key == "the" && toks[i+3].key == "point" {
			return true
		}
	}
	return false
}

// bookedGot reports "booked/paid for ..." then "got/received/gave ..."
// within ten words.
func bookedGot(toks []token) bool {
	for i := range toks {
		if k := toks[i].key; k != "booked" && k != "reserved" && !(k == "paid" && i+1 < len(toks) && toks[i+1].key == "for") {
			continue
		}
		for j := i + 2; j < len(toks) && j <= i+10; j++ {
			// (or a verb of giving with the brand as its subject: "they
			// gave us two singles")
			if k := toks[j].key; k == "got" || k == "received" || k == "given" || k == "gave" || k == "sent" || k == "brought" {
				return true
			}
		}
	}
	return false
}

// safetyRisk reports a danger named: reckless driving ("speeding",
// "reckless"), someone falling ("fell off", "fell down"), wires sparking,
// a near miss ("almost hit", "nearly choked") or a harm a child could
// come to ("my kid could swallow them").
func safetyRisk(toks []token) bool {
	for i := range toks {
		switch toks[i].key {
		case "rash", "hives":
			// a health reaction
			return true
		case "wrong":
			// the wrong medicine given ("gave my son the wrong dose", "the
			// wrong pills"): a person's health at risk ("the wrong
			// prescription glasses" is an order mixed up: not here)
			if i+1 < len(toks) && medicineNouns[toks[i+1].key] && !laughterIn(toks) {
				return true
			}
		case "infection", "blisters":
			// one caused ("gave me an eye infection", "got blisters"),
			// not one cured ("cleared my infection")
			for j := i - 1; j >= 0 && j >= i-4; j-- {
				if causedVerbs[toks[j].key] {
					return true
				}
			}
		case "court":
			// a customer taking the business to court ("the consumer
			// court", "take you to court"; not "the supreme court")
			if i > 0 && (toks[i-1].key == "consumer" || toks[i-1].key == "to" && i > 1 && toks[i-2].key == "you") {
				return true
			}
		case "gas":
			// "smells of gas", "gas leak": a danger in the home
			if i+1 < len(toks) && (toks[i+1].key == "smell" || toks[i+1].key == "leak" || toks[i+1].key == "leaking") || i > 0 && (toks[i-1].key == "of" || toks[i-1].key == "leaks" || toks[i-1].key == "leaking") {
				return true
			}
		case "speeding":
			// "speeding up the control" is no danger
			if i+1 == len(toks) || toks[i+1].key != "up" {
				return true
			}
		case "reckless", "recklessly":
			return true
		case "sparking":
			if i+1 == len(toks) || toks[i+1].key != "joy" {
				return true
			}
		case "almost", "nearly":
			// a near miss: "almost hit my daughter", "nearly choked"
			if (i+1 < len(toks) && harmAt(toks, i+1) || i+2 < len(toks) && harmAt(toks, i+2)) && !laughterIn(toks) {
				return true
			}
		case "could", "might":
			// a hazard to a child: "my kid could swallow them"
			if i+1 < len(toks) && harmAt(toks, i+1) && hasAnyKey(toks, youngChild) && !laughterIn(toks) {
				return true
			}
		case "fell":
			if i+1 < len(toks) && (toks[i+1].key == "off" || toks[i+1].key == "down" || toks[i+1].key == "over") && !laughterIn(toks) {
				return true
			}
		}
	}
	return false
}

// ntNegation reports a negated auxiliary written without its apostrophe
// ("dont", "cant", "wasnt", "shouldnt"): the folded form of "n't". Other
// words ending in "nt" ("appointment", "payment", "want", "went") negate
// nothing: read as negators they turned "an appointment smh" positive.
func ntNegation(k string) bool {
	if len(k) <= 3 || !strings.HasSuffix(k, "nt") {
		return false
	}
	return ntStems[k[:len(k)-2]]
}

var ntStems = wordSet("do", "does", "did", "ca", "can", "wo", "is", "are", "was", "were", "has", "have", "had", "should", "would", "could",
	"must", "need", "ai", "might", "dare", "aren", "isn", "wasn", "didn", "doesn", "don")

// hasKey reports a token whose key is k.
func hasKey(toks []token, k string) bool {
	for i := range toks {
		if toks[i].key == k {
			return true
		}
	}
	return false
}

// loveItIf reports "would love it if", "I'd like it if", "we'd love it
// if": a wish framed as a condition; its good word rates the proposal, as
// in hypothetical (concepts.go), not the brand.
func loveItIf(toks []token, i int) bool {
	if i < 1 || i+2 >= len(toks) || toks[i].arabic {
		return false
	}
	k := toks[i].key
	return (k == "love" || k == "like") && (toks[i-1].key == "would" || toks[i-1].key == "id" || toks[i-1].key == "wed") &&
		toks[i+1].key == "it" && toks[i+2].key == "if"
}

// greeting reports "good" in "good morning/afternoon/evening" opening a
// sentence: politeness before a request, not a judgement of anything.
// ("dear team", "dear sir" opening the comment: the salutation of a
// letter)
func greeting(toks []token, i int) bool {
	return i+1 < len(toks) && !toks[i].arabic && (toks[i].key == "good" && greetTimes[toks[i+1].key] || i == 0 && toks[i].key == "dear" && dearWhom[toks[i+1].key])
}

var dearWhom = wordSet("team", "sir", "sirs", "madam", "all", "customer", "support", "management", "manager", "staff", "admin", "admins", "friends", "colleagues", "hiring", "brand")

var greetTimes = wordSet("morning", "afternoon", "evening")

// anyNot are the words after an opening "any" that make no question
// ("anyway", "any time!": thanks).
var anyNot = wordSet("time", "way", "day", "more", "longer", "chance")

// anyStatement make "any ..." a statement ("any feedback is appreciated").
var anyStatement = wordSet("is", "are", "was", "were", "will", "would", "appreciated", "welcome", "helps")

// hasAnyKey reports a token whose key is in set.
func hasAnyKey(toks []token, set map[string]bool) bool {
	for i := range toks {
		if set[toks[i].key] {
			return true
		}
	}
	return false
}

// foundIn reports "found" followed within four words by "in it", "in my
// ..." or "inside".
func foundIn(toks []token) bool {
	for i := range toks {
		if toks[i].key != "found" || toks[i].arabic {
			continue
		}
		for j := i + 2; j < len(toks) && j <= i+5; j++ {
			if toks[j].key == "inside" || toks[j].key == "in" && j+1 < len(toks) && (toks[j+1].key == "it" || toks[j+1].key == "my" || toks[j+1].key == "our") {
				return true
			}
		}
	}
	return false
}

// cantStop reports a negated "stop" before a verb in -ing ("can't stop
// smiling", "haven't stopped listening"): the activity goes on and on.
func cantStop(toks []token) bool {
	for i := 1; i+1 < len(toks); i++ {
		k := toks[i].key
		if (k == "stop" || k == "stopped") && (negators[toks[i-1].key] || ntNegation(toks[i-1].key)) && strings.HasSuffix(toks[i+1].key, "ing") && enjoyVerbs[toks[i+1].key] {
			return true
		}
	}
	return false
}

var enjoyVerbs = wordSet("smiling", "laughing", "listening", "watching", "playing", "eating", "reading", "wearing", "using", "recommending", "thinking", "talking", "singing", "dancing", "rewatching")

// rating reads a score given out of ten or five, or in stars: 1 for a high
// one (8-10/10, 5/5, "five stars"), -1 for a low one (0-2/10, 0-1/5, "one
// star", "zero stars"), 0 when there is none ("4.5 stars", "1/50", "50/50"
// are no such score).
func rating(text string) int {
	if !strings.Contains(text, "/") && !strings.Contains(text, "star") && !strings.Contains(text, "Star") && !strings.Contains(text, "STAR") {
		return 0
	}
	switch {
	case reRatingHigh.MatchString(text):
		return 1
	case reRatingLow.MatchString(text):
		return -1
	}
	return 0
}

var (
	reRatingHigh = regexp.MustCompile(`(?i)(?:^|[^\d./])(?:(?:8|9|10|11)/10|5/5|(?:5|five) stars?)(?:$|[^\d/])`)
	reRatingLow  = regexp.MustCompile(`(?i)(?:^|[^\d./])(?:(?:0|1|2)/10|(?:0|1)/5|(?:one|zero|0|1) stars?)(?:$|[^\d/])`)
)

// wishYouDid reports "wish you/they/u" before a verb in the past, or
// would/could/had/sold ("wish you opened earlier"); "wish you all the
// best" is a greeting.
func wishYouDid(toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].key != "wish" || !wishWho[toks[i+1].key] {
			continue
		}
		n := toks[i+2].key
		if n == "guys" && i+3 < len(toks) {
			n = toks[i+3].key
		}
		if wishVerbs[n] || len(n) > 4 && strings.HasSuffix(n, "ed") {
			return true
		}
	}
	return false
}

var (
	wishWho   = wordSet("you", "u", "yall", "they", "ya")
	wishVerbs = wordSet("would", "could", "had", "sold", "made", "did", "brought", "kept", "did", "got", "ran", "gave")
)

// proposeVerbs name what a business could do for its customers ("why not
// open", "why not add"); "why not refund me" asks for what is owed.
var proposeVerbs = wordSet("open", "add", "make", "do", "bring", "offer", "try", "have", "start", "include", "create", "sell", "stock", "launch", "host", "film", "cover", "extend", "hire", "partner", "introduce")

// whNounQuestion reports an English question put without a question mark:
// "which" or "what", a noun phrase of one to three words, then an
// auxiliary and its subject in the inverted order of a question ("which
// camera do you use", "what brand of pan are you using"; after "which" any
// auxiliary: a sentence-initial "which" and a noun only ask). "what a ..."
// exclaims, and an expletive ("what the hell are you doing") is outrage.
func whNounQuestion(text string, toks []token) bool {
	for i := 0; i+3 < len(toks); i++ {
		if k := toks[i].key; k != "which" && k != "what" || toks[i].arabic || !sentenceStart(text, toks, i) {
			continue
		}
		if n := toks[i+1].key; n == "a" || n == "an" || expletives[n] || questionAux[n] {
			continue
		}
		for j := i + 2; j+1 < len(toks) && j <= i+4; j++ {
			k := toks[j].key
			if questionAux[k] {
				// "which" opening a sentence only asks ("which one is
				// better for beginners"); "what kind of person does that"
				// needs its subject ("what brand is your jacket")
				if askSubjects[toks[j+1].key] || toks[i].key == "which" || toks[j+1].key == "your" || toks[j+1].key == "ur" {
					return true
				}
				break
			}
			if expletives[k] || negators[k] || ntNegation(k) || strings.ContainsAny(text[toks[j-1].end:toks[j].start], ",.!?;:") {
				break
			}
		}
	}
	return false
}

var (
	questionAux = wordSet("do", "does", "did", "are", "is", "was", "were", "can", "could", "would", "will", "should", "have", "has")
	askSubjects = wordSet("you", "u", "ya", "yall", "i", "we", "they", "he", "she")
	expletives  = wordSet("hell", "heck", "fuck", "fck", "f", "frick", "heck")
)

// imperativeProposal reports a verb of providing (enProvideVerbs: open,
// add, bring, make) opening the comment as an imperative, with a plea word
// anywhere ("open a branch on the north side plz") or an object of
// something new after it ("add more sizes", "bring back the old menu");
// "open my account please" is the customer's own case (enOwnCase).
func imperativeProposal(toks []token) bool {
	// "kindly add arabic subtitles", "maybe put grams in the description":
	// a plea or a hedge before the verb
	opened := false
	if len(toks) > 3 && !toks[0].arabic && proposalOpeners[toks[0].key] {
		toks, opened = toks[1:], true
	}
	if len(toks) < 3 || toks[0].arabic || enOwnCase[toks[1].key] {
		return false
	}
	// "do a ramadan series with easy meal prep": content proposed to a
	// creator (enDoContent)
	if toks[0].key == "do" && newObject[toks[1].key] && enDoContent(toks, 0) {
		return true
	}
	if !enProvideVerbs[toks[0].key] && toks[0].key != "put" {
		return false
	}
	// ("please open the link in the description" points the reader
	// somewhere: no proposal)
	if opened && pointsElsewhere(toks, 0) {
		return false
	}
	return newObject[toks[1].key] || hasAnyKey(toks, pleaseWords) || opened
}

// proposalOpeners: a plea or a hedge that may open a proposal.
var proposalOpeners = wordSet("kindly", "pls", "plz", "please", "maybe", "perhaps", "also", "pleaseee")

var newObject = wordSet("a", "an", "more", "some", "back")

// failureSeen is the complaint evidence of failureDescribed.
const failureSeen = 0.6

// failureDescribed reports a product or a service failing at what it is
// for, in words no complaint cue lists: an excess ("cut way too short",
// "is too tight": too before a word that is not good), a sense that fails
// ("i can barely hear the guest"), a likeness denied to what was shown
// before buying ("nothing like the tester", "doesn't look like the
// pictures"), or a plea to check or fix something after bad words
// ("pressure has been weak all week, please check": the service owed).
func failureDescribed(text string, toks []token, sent *sentScore, ev *intentEv) bool {
	for i := 1; i < len(toks); i++ {
		k := toks[i].key
		if toks[i].arabic {
			continue
		}
		switch {
		case k == "too":
			if tooExcess(text, toks, i) {
				return true
			}
		case k == "hear" || k == "see" || k == "read" || k == "understand":
			// "can barely hear", "hardly see"; "can't hear anything"
			if p := toks[i-1].key; p == "barely" || p == "hardly" || k == "hear" && (p == "cant" || p == "cannot" || p == "couldnt") {
				return true
			}
		case k == "like":
			if likenessDenied(toks, i) {
				return true
			}
		case repairVerbs[k]:
			// ("please check out my channel", "please check these links"
			// point the reader somewhere: no service asked)
			if pleaseWords[toks[i-1].key] && (sent.rawNeg > 0 || ev.cue[iComplaint] > 0) && !pointsElsewhere(toks, i) {
				return true
			}
		}
	}
	return false
}

// tooExcess: "too" at toks[i] after a copula, a verb of seeming or a degree
// word ("is too tight", "cut way too short", "tastes too salty") before a
// word that is not good and not a function word: an excess, a defect of
// what is described. Not in "too X to Y" ("too tired to cook" tells why),
// not said of oneself ("I was too busy"), not before it happens ("before
// it's too late"), and not the "too" of "promotions too!" or the "too" that
// stands for "to" ("drive too Kentucky": no copula before it).
func tooExcess(text string, toks []token, i int) bool {
	if i+1 >= len(toks) || toks[i+1].emoji || toks[i+1].arabic || !excessBefore[toks[i-1].key] ||
		strings.TrimSpace(text[toks[i].end:toks[i+1].start]) != "" {
		return false
	}
	a := toks[i+1].key
	if len(a) < 3 || notExcess[a] || i+2 < len(toks) && toks[i+2].key == "to" {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		if k := toks[j].key; k == "before" || j >= i-2 && (k == "i" || k == "im" || k == "we") {
			return false
		}
	}
	for _, h := range sentM.find(toks[i+1 : i+2]) {
		if sentVal[h.id] > 0 {
			return false // "too good", "too cute"
		}
	}
	return true
}

var (
	// excessBefore: a copula, a verb of seeming or a degree word before "too"
	excessBefore = wordSet("is", "was", "are", "were", "be", "been", "being", "its", "way", "far", "much", "waaay", "wayy", "just", "bit", "little", "all",
		"got", "gets", "getting", "feel", "feels", "felt", "look", "looks", "looked", "seem", "seems", "seemed", "taste", "tastes", "tasted", "smell", "smells",
		"sound", "sounds", "cut", "fit", "fits", "run", "runs", "became", "kinda", "slightly", "abit", "rather", "simply", "still", "now", "always", "definitely")
	notExcess = wordSet("much", "many", "the", "and", "but", "lol", "lmao", "haha", "was", "were", "are", "is", "will", "would", "shall", "can", "have", "has", "had", "you", "for", "with", "all", "bad")
	// repairVerbs: the service owed when something is wrong
	repairVerbs = wordSet("check", "fix", "repair", "sort", "investigate", "resolve")
	// promiseNouns name what showed the product before it was bought
	promiseNouns = wordSet("picture", "pictures", "pic", "pics", "photo", "photos", "image", "images", "tester", "sample", "description", "ad", "ads", "advert", "advertised", "listing", "website", "menu", "trailer", "original", "display", "catalog", "catalogue")
)

// likenessDenied: "nothing like", "not like" or a negated "look/taste/smell
// like" at toks[i] before what showed the product (promiseNouns) within
// three words: not what was promised.
func likenessDenied(toks []token, i int) bool {
	p := toks[i-1].key
	denied := p == "nothing" || p == "not"
	if !denied && (p == "look" || p == "looks" || p == "taste" || p == "smell" || p == "feel") && i > 1 {
		denied = negators[toks[i-2].key] || ntNegation(toks[i-2].key)
	}
	if !denied {
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		if promiseNouns[toks[j].key] {
			return true
		}
	}
	return false
}

// enNegatedBefore reports an English negator ("not", "no", "never",
// "weren't") within the three words before toks[i].
func enNegatedBefore(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if k := toks[j].key; negators[k] || ntNegation(k) {
			return true
		}
	}
	return false
}

// absentBad are nouns of trouble whose absence a customer reports as a
// good thing ("no issues", "no bugs", "no hiccups").
var absentBad = wordSet("problem", "problems", "issue", "issues", "bugs", "glitches", "hiccups", "complaints", "errors", "lag", "delays",
	"stain", "stains", "scratch", "scratches", "dents", "mistakes", "crashes", "hassle", "fees")

// troubleAbsent reports "no" (or "zero", "without any") right before a noun
// of trouble (absentBad), with no "still" or "yet" in the comment ("still no
// issues fixed" waits).
func troubleAbsent(toks []token) bool {
	found := false
	for i := 0; i+1 < len(toks); i++ {
		switch k := toks[i].key; k {
		case "still", "yet":
			return false
		case "no", "zero", "any":
			if absentBad[toks[i+1].key] && (k != "any" || i > 0 && toks[i-1].key == "without") {
				found = true
			}
		}
	}
	return found
}

// English word kinds: enScan looks each token up once and tells which of
// this file's patterns a text can hold; a pattern runs only when its word
// kind is there (each pattern returns false without that word).
const (
	ewLeave      uint32 = 1 << iota // leavingThreat: enLeaveVerbs
	ewEver                          // goodSuperlativeEver: "ever"
	ewFailure                       // failureDescribed: too, hear, like, repairVerbs
	ewAbsent                        // troubleAbsent: absentBad
	ewSlang                         // slangWithJoy: slangAdjectives
	ewFound                         // foundIn: "found"
	ewStop                          // cantStop: stop, stopped
	ewWish                          // wishYouDid: "wish"
	ewPoint                         // pointless: "point"
	ewBooked                        // bookedGot: booked, reserved, paid
	ewSafety                        // safetyRisk: its cases
	ewWh                            // whNounQuestion: which, what; whereIsIt: where
	ewValue                         // moneyGone: valueNouns
	ewSpan                          // monthsWaited: enLongSpans
	ewNear                          // childNearMiss: almost, nearly
	ewRepair                        // repairedDamage: repairedVerbs
	ewThanks                        // thanksAfter: thanks, thank, thx, ty, tia
	ewRefund                        // refundReceived, refundDenied: refundNouns, refundedVerbs
	ewCharge                        // chargedTimes: chargeVerbs
	ewLament                        // whatHappenedTo, usedToBeGood, needsWork: happened, used, need, needs
	ewPlan                          // leavingPlan (english_r18.go): elsewhere, switchVerbs, enLeaveVerbs, done
	ewRepeat                        // repeatedFailure: time, times
	ewDanger                        // dangerTold: dangerWords, fearSeen, safetyParts
	ewServed                        // serviceFailed: late, than, declined, rejected
	ewMock                          // mockingClose: job, work, done, bravo, clap, congrats
	ewAppreciate                    // appreciateWords
	ewTreat                         // treatReproach: treatVerbs
	ewTaken                         // takenUnasked: "without"
)

var enKinds = func() map[string]uint32 {
	m := map[string]uint32{}
	put := func(bit uint32, sets ...map[string]bool) {
		for _, set := range sets {
			for w := range set {
				m[w] |= bit
			}
		}
	}
	put(ewLeave, enLeaveVerbs, wordSet("done"))
	put(ewEver, wordSet("ever"))
	put(ewFailure, wordSet("too", "hear", "see", "read", "understand", "like"), repairVerbs)
	put(ewAbsent, absentBad)
	put(ewSlang, slangAdjectives)
	put(ewFound, wordSet("found"))
	put(ewStop, wordSet("stop", "stopped"))
	put(ewWish, wordSet("wish"))
	put(ewPoint, wordSet("point"))
	put(ewBooked, wordSet("booked", "reserved", "paid"))
	put(ewSafety, wordSet("rash", "hives", "infection", "blisters", "wrong", "court", "gas", "speeding", "reckless", "recklessly", "fell", "sparking", "almost", "nearly", "could", "might"))
	put(ewWh, wordSet("which", "what", "where", "wheres"))
	put(ewValue, valueNouns)
	put(ewSpan, enLongSpans)
	put(ewNear, wordSet("almost", "nearly"))
	put(ewRepair, repairedVerbs)
	put(ewThanks, wordSet("thanks", "thank", "thx", "ty", "tia"))
	put(ewRefund, refundNouns, refundedVerbs)
	put(ewCharge, chargeVerbs)
	put(ewLament, wordSet("happened", "used", "need", "needs"))
	put(ewPlan, wordSet("elsewhere", "done"), switchVerbs, enLeaveVerbs)
	put(ewRepeat, wordSet("time", "times", "row"))
	put(ewDanger, dangerWords, fearSeen, safetyParts)
	put(ewServed, wordSet("late", "than", "declined", "rejected"))
	put(ewMock, wordSet("job", "work", "done", "bravo", "clap", "congrats"))
	put(ewAppreciate, appreciateWords)
	put(ewTreat, treatVerbs)
	put(ewTaken, wordSet("without"))
	put(ewPlan, wordSet("lost"))
	put(ewServed, failStates)
	put(ewMock, praiseNouns, wordSet("top"), wonderWords)
	put(ewPlan, wordSet("last"), leaveProviders)
	put(ewDanger, foreseeModals, injuryVerbs)
	return m
}()

// enScan returns the English word kinds of toks (Arabic tokens have none).
func enScan(toks []token) uint32 {
	var bits uint32
	for i := range toks {
		if !toks[i].arabic {
			bits |= enKinds[toks[i].key]
		}
	}
	return bits
}

// repairedDamage finds a repair told done: a verb of repair in the past
// ("fixed", "repaired", "replaced") before the thing it repaired, its damage
// named within four words ("fixed my cracked screen", "repaired the broken
// zip"): the damage is what the customer brought, the service ended it; its
// complaint cue ("cracked") is no grievance. Not when negated ("never fixed
// my cracked screen", "still haven't repaired the leak") or asked. It
// returns the token range [lo, hi) of the verb and its object, lo < 0 when
// there is none.
func repairedDamage(text string, toks []token) (lo, hi int) {
	if hasQuestionMark(text) {
		return -1, -1
	}
	for i := 0; i+2 < len(toks); i++ {
		if !repairedVerbs[toks[i].key] || toks[i].arabic || enNegatedBefore(toks, i) || i > 0 && toks[i-1].key == "still" {
			continue
		}
		if d := toks[i+1].key; d != "my" && d != "the" && d != "our" && d != "his" && d != "her" && d != "a" {
			continue
		}
		return i, min(len(toks), i+6) // the verb too ("repaired" alone is a cue)
	}
	return -1, -1
}

var repairedVerbs = wordSet("fixed", "repaired", "replaced", "patched", "mended", "saved", "rescued")

// pointsElsewhere: the words after a verb of checking at toks[i] send the
// reader somewhere ("check out", "check these links", "check my channel").
func pointsElsewhere(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		if k := toks[j].key; j == i+1 && (k == "out" || k == "these" || k == "those") || readerPlaces[k] {
			return true
		}
	}
	return false
}

var readerPlaces = wordSet("link", "links", "website", "site", "channel", "profile", "bio", "page", "video", "videos", "post", "blog", "article", "thread")

// thanksCue is the weight of the cue "thank you" (data/intent.tsv).
const thanksCue = 0.8

// thanksAfterQuestion reports a text whose words after its last question
// mark are only a formula of thanks ("? thanks", "? Thank you so much",
// "? thanks in advance 🙏").
func thanksAfterQuestion(text string, toks []token) bool {
	return thanksAfter(toks, strings.LastIndexByte(text, '?'))
}

// thanksClosing reports a last sentence that is only a formula of thanks
// ("... never rushed. Thank you dear", "... for the kids! thanks so much").
func thanksClosing(text string) int {
	t := strings.TrimRight(text, " .!\n🙏❤️😊")
	return strings.LastIndexAny(t, ".!\n")
}

// thanksAfter reports tokens after byte q (q >= 0) that are only a formula
// of thanks.
func thanksAfter(toks []token, q int) bool {
	return formulaAfter(toks, q, enThanksWords, thanksFormula)
}

// formulaAfter reports tokens after byte q (q >= 0) that are only a
// formula: at least one of words, the rest emoji or of formula (a joined
// "and" dropped: "وشكرا").
func formulaAfter(toks []token, q int, words, formula map[string]bool) bool {
	if q < 0 {
		return false
	}
	found := false
	for i := range toks {
		if toks[i].start < q || toks[i].emoji {
			continue
		}
		k := strings.TrimPrefix(toks[i].key, "و")
		switch {
		case words[k]:
			found = true
		case !formula[k]:
			return false
		}
	}
	return found
}

var enThanksWords = wordSet("thanks", "thank", "thx", "ty", "tia")

var thanksFormula = wordSet("you", "u", "so", "much", "in", "advance", "a", "lot", "guys", "dear", "again", "very", "all")

// indignantMarks reports a text whose every question mark closes
// indignation: "for that?" / "like this?" (a price or a treatment
// disbelieved) or a word of disbelief alone in its sentence ("seriously?",
// "really?").
func indignantMarks(text string, toks []token) bool {
	n := 0
	for i := range toks {
		end := len(text)
		if i+1 < len(toks) {
			end = toks[i+1].start
		}
		if !strings.Contains(text[toks[i].end:end], "?") {
			continue
		}
		n++
		k := toks[i].key
		switch {
		case (k == "this" || k == "that") && i > 0 && (toks[i-1].key == "for" || toks[i-1].key == "like"):
		case disbelief[k] && (i == 0 || strings.ContainsAny(text[toks[i-1].end:toks[i].start], ".!?,")):
		default:
			return false
		}
	}
	return n > 0
}

var disbelief = wordSet("seriously", "really", "srsly", "wtf", "fr", "bruh")

// whereIsIt reports "where is it" / "wheres it" / "where's it".
func whereIsIt(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		switch toks[i].key {
		case "where":
			if i+2 < len(toks) && (toks[i+1].key == "is" || toks[i+1].key == "s") && toks[i+2].key == "it" {
				return true
			}
		case "wheres":
			if toks[i+1].key == "it" {
				return true
			}
		}
	}
	return false
}

// awaitedNouns name what a customer waits to receive.
var awaitedNouns = wordSet("order", "package", "parcel", "delivery", "shipment", "prescription", "refund", "money", "item", "tracking", "delivered")

// refundReceived finds a refund told received: the refund noun then,
// within three words, a verb of arrival ("refund came in 2 days", "the
// refund was processed the same day"), or a verb of getting before "my/a
// (full) refund" ("got a full refund"). The refund, asked for in a
// complaint, was given: its cue is no grievance. Not when negated or
// waited for ("still", "yet", "never", "finally": "finally got my refund
// after 3 months" tells of the wait), nor when only part came back
// ("half", "partial", "only"), nor asked. It returns the token range
// [lo, hi) of the pattern, lo < 0 when there is none.
func refundReceived(text string, toks []token) (lo, hi int) {
	if hasQuestionMark(text) {
		return -1, -1
	}
	for i := range toks {
		if k := toks[i].key; refundWaited[k] || negators[k] || ntNegation(k) {
			return -1, -1
		}
	}
	for i := range toks {
		if !refundNouns[toks[i].key] || toks[i].arabic {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if refundArrived[toks[j].key] {
				return i, j + 1
			}
		}
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if k := toks[j].key; k == "got" || k == "received" || k == "get" {
				return j, i + 1
			}
			if k := toks[j].key; k != "my" && k != "a" && k != "the" && k != "full" && k != "our" && k != "your" {
				break
			}
		}
	}
	return -1, -1
}

var (
	refundNouns = wordSet("refund", "refunds", "reimbursement")
	// refundArrived: the refund came ("came", "arrived", "processed",
	// "went through", "hit my account")
	refundArrived = wordSet("came", "arrived", "landed", "processed", "credited", "cleared", "approved", "went", "hit", "showed", "appeared", "reached")
	// refundWaited: the refund came late, in part or not at all
	refundWaited = wordSet("still", "yet", "never", "finally", "only", "half", "partial", "partially", "nothing", "waiting", "waited")
)

// refundDenied reports a refund said not given: a negated "refunded" or
// "reimbursed" ("still hasn't refunded it", "never reimbursed me") with
// a sign that it was waited for or paid (refundInsisted): a refund
// withheld, urgent by the label conventions (as "still no refund" is).
func refundDenied(text string, toks []token) bool {
	for i := range toks {
		if refundedVerbs[toks[i].key] && !toks[i].arabic && enNegatedBefore(toks, i) {
			return refundInsisted(text, toks)
		}
	}
	return false
}

var refundedVerbs = wordSet("refunded", "reimbursed")

// notWhatPromised reports "not what" ("isn't what", "wasn't what") before a
// verb of buying or promising within three words ("not what I paid for",
// "not what was advertised", "wasn't what we booked"), with no good word
// after it: what came is not what was bought, as "not what I ordered" (a
// cue) says.
func notWhatPromised(toks []token) bool {
	for i := 1; i+1 < len(toks); i++ {
		if toks[i].key != "what" || toks[i].arabic {
			continue
		}
		if p := toks[i-1].key; p != "not" && !ntNegation(p) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if promisedVerbs[toks[j].key] {
				// (a good word after it: "not what I expected, way
				// better": the surprise was a good one)
				for _, h := range sentM.find(toks[j+1:]) {
					if sentVal[h.id] > 0 {
						return false
					}
				}
				return true
			}
		}
	}
	return false
}

var promisedVerbs = wordSet("paid", "payed", "ordered", "asked", "booked", "bought", "purchased", "advertised", "promised", "described", "shown", "requested", "agreed", "signed", "listed", "pictured")

// helpDesk reports "support" at toks[i] naming the help desk: after a word
// that makes it a noun of a service ("customer support", "tech support",
// "your support", "called support") or before what such a desk does or is
// ("support team", "support says", "support never answers").
func helpDesk(toks []token, i int) bool {
	if toks[i].key != "support" {
		return false
	}
	return i > 0 && deskBefore[toks[i-1].key] || i+1 < len(toks) && deskAfter[toks[i+1].key]
}

var (
	deskBefore = wordSet("customer", "customers", "tech", "technical", "it", "ur", "your", "yours", "their", "call", "called", "calling", "calls", "contact", "contacted",
		"contacting", "email", "emailed", "emailing", "mail", "mailed", "chat", "chatted", "live", "phone", "phoned", "ring", "rang", "app", "online", "24/7")
	deskAfter = wordSet("team", "teams", "agent", "agents", "staff", "bot", "line", "lines", "ticket", "tickets", "desk", "center", "centre", "chat", "email", "number",
		"says", "said", "told", "tells", "keeps", "kept", "never", "doesnt", "didnt", "wont", "won't", "doesn't", "didn't", "can't", "cant", "just", "is", "was", "are", "hung", "closed")
)

// genreAt reports a word of fear or crime (horror, scary, creepy, crime,
// killer) naming the genre of the content after it (games, movies,
// stories, series, videos): "can you stream more horror games", "love
// your scary stories". The word's bad valence is the genre's, not the
// writer's verdict.
func genreAt(toks []token, ti, tj int) bool {
	return tj == ti+1 && genreWords[toks[ti].key] && tj < len(toks) && genreNouns[toks[tj].key]
}

var (
	genreWords = wordSet("horror", "scary", "creepy", "crime", "murder", "killer", "zombie", "zombies", "war", "disaster", "survival", "haunted", "ghost", "spooky", "dark", "sad", "tragic")
	genreNouns = wordSet("game", "games", "movie", "movies", "film", "films", "story", "stories", "series", "videos", "video", "content", "genre", "books", "book", "novels", "novel",
		"podcast", "podcasts", "episodes", "episode", "documentary", "documentaries", "maps", "map", "mode", "streams", "stream", "anime", "manga", "comics", "playthrough", "playthroughs", "theme", "themes", "music", "songs")
)

// pleaForHelp reports "help" asked for, or the "please" asking it:
// "please help", "pls help me", "help us urgently", "need help asap". The
// lexicon's good valence of both words is for help given ("the staff
// helped a lot", "thanks for the help"); a customer crying for it rates
// nothing well.
func pleaForHelp(toks []token, i int) bool {
	k := toks[i].key
	if pleaseWords[k] || k == "plz" {
		return i+1 < len(toks) && toks[i+1].key == "help"
	}
	if k != "help" {
		return false
	}
	return i > 0 && (pleaseWords[toks[i-1].key] || helpAskBefore[toks[i-1].key]) || i+1 < len(toks) && helpAskAfter[toks[i+1].key]
}

var (
	helpAskBefore = wordSet("plzz", "pleaseee", "need", "needs", "someone", "somebody", "anyone", "anybody", "urgent", "urgently", "asap")
	helpAskAfter  = wordSet("me", "us", "urgently", "asap", "now", "please", "pls", "plz", "immediately", "quickly", "fast")
)

// likePreposition reports that "like" at toks[i] is the preposition or the
// filler ("freelancer like this", "looks like rain", "it was, like, cold"),
// not the verb: no subject, auxiliary or adverb of the verb right before it
// ("I like", "would like", "don't like", "really like"). Opening the
// comment it is the verb with its subject left out ("like the new
// layout").
func likePreposition(toks []token, i int) bool {
	return i > 0 && !likeVerbBefore[toks[i-1].key] && !ntNegation(toks[i-1].key)
}

var likeVerbBefore = wordSet("i", "we", "you", "u", "ya", "yall", "they", "he", "she", "people", "ppl", "everyone", "everybody", "guys", "who", "kids", "i'd", "id", "wed", "youd",
	"would", "do", "does", "did", "not", "never", "to", "really", "just", "also", "actually", "totally", "all", "both", "still", "definitely", "def", "honestly", "personally",
	"genuinely", "truly", "always", "kinda", "kind", "sorta", "lowkey", "lowkey", "much", "even", "too", "especially", "and", "or", "but", "i'll", "ill", "we'll", "gonna", "will", "may", "might", "dont", "didnt", "doesnt")

// harmAt reports a verb of harm at toks[j] said of a person: "hit",
// "ran (over)", "killed" need a person after them ("almost hit my son",
// not "almost hit 1M subs" or "killed my productivity"); "fell" and "fall"
// not "asleep" or "in love".
func harmAt(toks []token, j int) bool {
	k := toks[j].key
	if !harmVerbs[k] {
		return false
	}
	next, after := "", ""
	if j+1 < len(toks) {
		next = toks[j+1].key
	}
	if j+2 < len(toks) {
		after = toks[j+2].key
	}
	switch k {
	case "hit", "ran", "run", "killed", "kill", "crushed":
		if next == "over" || next == "into" {
			next, after = after, ""
			if j+3 < len(toks) {
				after = toks[j+3].key
			}
		}
		return personObject[next] || possessives[next] && (youngChild[after] || familyNouns[after] || personSubj[after])
	case "fell", "fall":
		return next != "asleep" && next != "in" && next != "for" && next != "behind" && next != "apart"
	}
	return true
}

// laughterIn reports a word of laughter ("nearly choked laughing",
// "almost fell off my chair lol"): the harm is a figure of speech.
func laughterIn(toks []token) bool {
	for i := range toks {
		if k := toks[i].key; laughWords[k] || isLaughter(k) {
			return true
		}
	}
	return false
}

var (
	// harmVerbs: what hurts someone
	harmVerbs = wordSet("hit", "ran", "run", "killed", "kill", "fell", "fall", "choked", "choke", "burned", "burnt", "burn", "drowned", "drown",
		"electrocuted", "swallowed", "swallow", "poisoned", "injured", "hurt", "crushed", "crashed", "trapped")
	personObject = wordSet("me", "us", "him", "her", "them", "someone", "somebody", "people", "pedestrians", "kids", "children")
	possessives  = wordSet("my", "our", "his", "her", "their", "a", "the", "your")
	familyNouns  = wordSet("mom", "mum", "mother", "dad", "father", "wife", "husband", "sister", "brother", "grandma", "grandmother", "grandpa", "grandfather",
		"family", "friend", "boy", "girl", "dog", "cat", "car", "bike", "grandson", "granddaughter", "niece", "nephew")
	laughWords = wordSet("laughing", "laughed", "laugh", "laughter", "lol", "lmao", "lmfao", "rofl", "haha", "😂", "🤣")
)

// chargedTimes reports a verb of charging before "twice", "double" or a
// count of times within three words ("billed 3 times for one pizza",
// "charged me three times"): money taken more than once.
func chargedTimes(toks []token) bool {
	for i := range toks {
		if !chargeVerbs[toks[i].key] || toks[i].arabic {
			continue
		}
		// the customer charged ("charged me", "I was billed"), not a
		// battery ("charged my phone twice")
		if i+1 < len(toks) && possessives[toks[i+1].key] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			k := toks[j].key
			if k == "twice" || k == "double" || k == "times" && j > i+1 && (spanCount(toks[j-1].key) || toks[j-1].key == "multiple") && toks[j-1].key != "a" {
				return true
			}
		}
	}
	return false
}

var chargeVerbs = wordSet("charged", "billed", "debited", "deducted", "charging", "billing")

// proposalQuestion reports a proposal put as a question opening the
// comment: "have you (ever) thought about / considered" or "would you
// (ever) consider" before a verb in -ing or a noun phrase, "how about" or
// "what about" before a verb in -ing or "a/an/some/more" ("what about my
// refund" asks after the writer's own case).
func proposalQuestion(toks []token) bool {
	if len(toks) < 4 || toks[0].arabic {
		return false
	}
	i := 0
	a := toks[i].key
	switch {
	case a == "have" && (toks[1].key == "you" || toks[1].key == "u"):
		i = 2
		if toks[i].key == "ever" {
			i++
		}
		if i+1 < len(toks) && (toks[i].key == "thought" && (toks[i+1].key == "about" || toks[i+1].key == "of") || toks[i].key == "considered") {
			return true
		}
	case a == "would" && (toks[1].key == "you" || toks[1].key == "u"):
		i = 2
		if toks[i].key == "ever" {
			i++
		}
		return i < len(toks) && toks[i].key == "consider"
	case (a == "how" || a == "what") && toks[1].key == "about":
		n := toks[2].key
		return newObject[n] || len(n) > 4 && strings.HasSuffix(n, "ing")
	}
	return false
}

// askSomeone reports "can/could/will someone/anyone/somebody" opening a
// sentence or a clause after a comma, before a verb: a request for help
// or service addressed to whoever reads it.
func askSomeone(text string, toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		if k := toks[i].key; k != "can" && k != "could" && k != "will" || toks[i].arabic {
			continue
		}
		if w := toks[i+1].key; w != "someone" && w != "anyone" && w != "somebody" && w != "anybody" {
			continue
		}
		if i == 0 || sentenceStart(text, toks, i) || clauseStart(text, toks, i) {
			return true
		}
	}
	return false
}

// whatHappenedTo reports "what happened to" opening a sentence before a
// thing ("the", "this", "my", "your" and a noun that names no person:
// "what happened to the guy in the video" asks after someone).
func whatHappenedTo(text string, toks []token) bool {
	for i := 0; i+4 < len(toks); i++ {
		if toks[i].key != "what" || toks[i+1].key != "happened" || toks[i+2].key != "to" || toks[i].arabic || !sentenceStart(text, toks, i) {
			continue
		}
		// (asked with a question mark, only of one's own or the brand's:
		// "what happened to my order?"; "what happened to the puppy at the
		// end?" asks about the story)
		if d := toks[i+3].key; !lamentDets[d] || hasQuestionMark(text) && !ownDets[d] {
			continue
		}
		for j := i + 4; j < len(toks) && j <= i+6; j++ {
			if k := toks[j].key; personSubj[k] || peopleSubj[k] || youngChild[k] || familyNouns[k] {
				return false
			}
		}
		return true
	}
	return false
}

var (
	lamentDets = wordSet("the", "this", "my", "your", "our", "all", "these", "those", "ur")
	ownDets    = wordSet("my", "your", "our", "ur")
)

// usedToBeGood reports "used to be" before a good word within two words
// ("used to be so good", "this place used to be great"): a decline.
func usedToBeGood(toks []token) bool {
	for i := 0; i+3 < len(toks); i++ {
		if toks[i].key != "used" || toks[i+1].key != "to" || toks[i+2].key != "be" || toks[i].arabic {
			continue
		}
		end := min(len(toks), i+6)
		for _, h := range sentM.find(toks[i+3 : end]) {
			if sentVal[h.id] > 0 {
				return true
			}
		}
	}
	return false
}

// needsWork returns the index of "need(s)" before (a/an/some) a noun or a
// verb in -ing of upkeep ("need a clean", "needs fixing", "needs an
// update"), said of a thing (not after "i", "we", "you": "i need a
// repair quote" asks), or -1.
func needsWork(toks []token) int {
	for i := 1; i+1 < len(toks); i++ {
		if k := toks[i].key; k != "need" && k != "needs" || toks[i].arabic {
			continue
		}
		if p := toks[i-1].key; askSubjects[p] || p == "would" || p == "dont" || p == "doesnt" || p == "not" || p == "might" || p == "may" {
			continue
		}
		j := i + 1
		if k := toks[j].key; (k == "a" || k == "an" || k == "some" || k == "serious" || k == "urgent") && j+1 < len(toks) {
			j++
		}
		// (the upkeep word is the object, not the modifier of a noun:
		// "need service center info" asks for an address)
		if upkeepWords[toks[j].key] && (j+1 == len(toks) || upkeepAfter[toks[j+1].key] || toks[j+1].emoji) {
			return i
		}
	}
	return -1
}

// upkeepAfter may follow the object of "needs" ("needs a clean asap",
// "needs fixing, the door ...": punctuation is dropped by the tokenizer, so
// the next word is checked).
var upkeepAfter = wordSet("asap", "badly", "urgently", "now", "and", "but", "please", "pls", "plz", "lol", "so", "because", "since", "already", "again", "too",
	"the", "its", "it's", "half", "honestly", "seriously", "tbh", "guys", "in", "on", "at", "there", "here", "every", "for", "before", "like", "big", "time", "really")

var upkeepWords = wordSet("clean", "cleaning", "fixing", "fix", "repair", "repairs", "repairing", "update", "updating", "replacing", "replacement",
	"paint", "repaint", "repainting", "service", "servicing", "maintenance", "refurb", "renovation", "renovating", "tidy")
