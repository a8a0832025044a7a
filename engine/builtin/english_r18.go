package builtin

import (
	"math"
	"strings"
)

// English comment rules of round 18: word classes and shapes a comment
// typed by hand carries where english.go's patterns looked for one
// wording only. Each reads English tokens only (the caller checks
// sent.arabic).

// englishIntentR18 adds the evidence of this file's patterns to ev
// (called at the end of englishIntent).
//
// eb is enScan(toks): each pattern runs only on a text that has its words.
func englishIntentR18(text string, toks []token, sent *sentScore, ev *intentEv, eb uint32) {
	sc := &ev.v
	q := strings.ContainsRune(text, '?')
	complain := func(w float64) {
		sc[iComplaint] = math.Max(sc[iComplaint], w)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], w)
	}
	// a plan to leave said in other words than leavingThreat's ("taking my
	// business elsewhere", "switching carriers next week", "I'm done,
	// cancelling today"): a grievance, urgent (englishUrgentR18)
	if !q && eb&ewPlan != 0 && leavingPlan(text, toks) {
		complain(1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// the same failure met again ("third time this month my calls drop",
	// "charged 4 times this week and nothing works"), nothing good said
	if !q && sent.rawPos == 0 && eb&ewRepeat != 0 && repeatedFailure(toks, sent.rawNeg > 0 || ev.cue[iComplaint] > 0) > 0 {
		complain(1)
	}
	// a wait counted in months for the writer's own case ("my claim has
	// been pending for four months"; monthsWaited): a grievance, urgent
	if !q && eb&ewSpan != 0 && monthsWaited(toks) && hasAnyKey(toks, ownDets) {
		complain(1)
	}
	// a danger to the writer or their children ("the brakes were grinding
	// ... scary with 3 kids in the back"): a grievance, urgent
	if !q && eb&ewDanger != 0 && dangerTold(toks) {
		complain(1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// a service that came late by a counted span, or left things worse
	// than it found them, or money refused ("showed up 2 hrs late", "left
	// the kitchen dirtier than before", "my card got declined")
	if !q && ev.cue[iComplaint] < 1 && sent.compound < 0.5 && eb&ewServed != 0 && serviceFailed(toks) {
		complain(intentThreshold[iComplaint])
		if sent.rawPos == 0 {
			sc[iPraise], ev.cue[iPraise] = 0, 0
		}
	}
	// a formula of praise closing a report of what went wrong, with no
	// good word before it ("flight delayed 4 hours and not even water.
	// great job guys 👏"): the praise mocks the failure
	if !q && eb&ewMock != 0 && mockingClose(text, toks) {
		complain(1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// "this is how you treat loyal customers": a reproach
	if eb&ewTreat != 0 && treatReproach(toks) {
		complain(1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// "you just lost a loyal customer": the writer leaves (urgent)
	if eb&ewPlan != 0 && customerLost(toks) {
		complain(1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// "the pool was closed our entire stay": a failure lasting all the
	// time paid for
	if !q && ev.cue[iComplaint] < 1 && eb&ewServed != 0 && failedThroughout(toks) {
		complain(intentThreshold[iComplaint])
	}
	// "wish the app had a dark mode": a proposal
	if eb&ewWish != 0 && ev.cue[iComplaint] < 1 && wishItHad(toks) {
		sc[iSuggestion] = math.Max(sc[iSuggestion], 1)
		ev.cue[iSuggestion] = math.Max(ev.cue[iSuggestion], 1)
		sc[iPraise] = 0
	}
	// "fixed my car in an hour, top guy", "..., legend": praise of the
	// person the comment tells of
	if !q && ev.cue[iComplaint] <= 0 && sent.rawNeg == 0 && eb&ewMock != 0 && praiseNounClosing(text, toks) {
		sc[iPraise] = math.Max(sc[iPraise], intentThreshold[iPraise])
		ev.cue[iPraise] = math.Max(ev.cue[iPraise], thanksCue)
	}
	// "renewed without warning and took £120": money taken unasked
	if eb&ewTaken != 0 && takenUnasked(toks) {
		complain(1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// "amazing how you manage to lose every parcel": wonder at how the
	// brand does something bad mocks it
	if !q && eb&ewMock != 0 && sent.rawNeg > 0 && wonderHow(toks) {
		complain(1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// "the night nurses were angels": a noun of praise said of people
	// (its praise outweighs the bad words of the matter it names, "the
	// cancer ward nurses", which the sentiment support would subtract)
	if !q && ev.cue[iComplaint] <= 0 && eb&ewMock != 0 && praiseNounSaid(toks) {
		sc[iPraise] = math.Max(sc[iPraise], intentThreshold[iPraise]+0.6)
		ev.cue[iPraise] = math.Max(ev.cue[iPraise], thanksCue)
	}
	// "why do you keep raising prices?", "why does your app always
	// crash?": a why-question about a habit of the brand's holds a
	// grievance (asked in words, not for an answer)
	if ev.cue[iComplaint] < 1 && whyHabit(toks) {
		complain(1)
		sc[iPraise], ev.cue[iPraise] = 0, 0
	}
	// "... Much appreciated.", "appreciate it!": a closing sentence of
	// appreciation thanks for what the comment told
	if ev.cue[iComplaint] <= 0 && !q && sent.rawPos > 0 && eb&ewAppreciate != 0 && formulaAfter(toks, thanksClosing(text), appreciateWords, appreciateFormula) {
		sc[iPraise] = math.Max(sc[iPraise], intentThreshold[iPraise])
		ev.cue[iPraise] = math.Max(ev.cue[iPraise], thanksCue)
	}
}

var (
	appreciateWords   = wordSet("appreciated", "appreciate")
	appreciateFormula = wordSet("much", "very", "really", "greatly", "truly", "so", "it", "i", "we", "all", "your", "help", "guys", "a", "lot", "thanks", "thank", "you")
)

// englishUrgentR18 reports this file's urgent concepts: a plan to leave,
// a failure met again, a danger, money taken more than once or unasked.
func englishUrgentR18(text string, toks []token, eb uint32) bool {
	return eb&ewCharge != 0 && chargedTimes(toks) || eb&ewTaken != 0 && takenUnasked(toks) || eb&ewPlan != 0 && (leavingPlan(text, toks) || customerLost(toks)) || eb&ewRepeat != 0 && repeatedFailure(toks, true) == 2 || eb&ewDanger != 0 && dangerTold(toks)
}

// leavingPlan reports a customer saying they leave in words leavingThreat
// does not know:
//   - a verb of going or spending before "elsewhere" ("taking my business
//     elsewhere", "will shop elsewhere");
//   - a verb of leaving before a plural of providers ("switching carriers",
//     "changing banks", "moving to another provider");
//   - a verb of leaving in -ing with a time adverb and no object
//     ("cancelling today", "unsubscribing now"): a decision about the
//     writer's own subscription;
//   - "I'm done" closing a clause ("I'm done, cancelling"; "I'm done with
//     ..." is leavingThreat's);
//   - "this is the last time I ...";
//   - a verb of switching before the writer's goods and "another" or
//     "different" and a provider ("moving my savings to another bank").
func leavingPlan(text string, toks []token) bool {
	for i := range toks {
		if toks[i].arabic {
			continue
		}
		k := toks[i].key
		switch {
		case k == "elsewhere":
			for j := i - 1; j >= 0 && j >= i-4; j-- {
				if goElsewhereVerbs[toks[j].key] {
					return true
				}
			}
		case switchVerbs[k]:
			j := i + 1
			if j < len(toks) && (toks[j].key == "to" || toks[j].key == "over") {
				j++
			}
			if j < len(toks) && (toks[j].key == "another" || toks[j].key == "a" || toks[j].key == "other" || toks[j].key == "new" || toks[j].key == "different") {
				j++
			}
			if j < len(toks) && leaveProviders[toks[j].key] {
				return true
			}
			// "moving my savings to another bank": the writer's own
			// goods taken to another provider (not "from another
			// network": the writer comes to the brand)
			for j := i + 2; j+1 < len(toks) && j <= i+5; j++ {
				if (toks[j].key == "another" || toks[j].key == "different") && leaveProviders[toks[j+1].key] && toks[j-1].key != "from" {
					return true
				}
			}
		case k == "last" && i >= 2 && i+2 < len(toks) && toks[i-1].key == "the" && lastTimeSaid[toks[i-2].key] && toks[i+1].key == "time" && lastTimeWho[toks[i+2].key]:
			// "this is the last time i fly with you"
			return true
		case enLeaveVerbs[k] && k != "deleting" && k != "closing" && k != "withdrawing" && k != "switching":
			if i+1 < len(toks) && leaveWhen[toks[i+1].key] {
				return true
			}
		case firstPersonBe[k] && i+1 < len(toks) && toks[i+1].key == "done":
			if i+2 == len(toks) || strings.ContainsAny(text[toks[i+1].end:toks[i+2].start], ",.!;") {
				return true
			}
		}
	}
	return false
}

var (
	goElsewhereVerbs = wordSet("taking", "take", "took", "go", "going", "shop", "shopping", "spend", "spending", "moving", "move", "bring", "bringing", "order", "ordering", "bank", "banking")
	switchVerbs      = wordSet("switching", "switch", "changing", "change", "moving", "leaving", "ditching", "transferring", "transfer", "taking")
	leaveProviders   = wordSet("carrier", "carriers", "provider", "providers", "bank", "banks", "network", "networks", "company", "companies", "supplier", "suppliers",
		"insurer", "insurers", "airline", "airlines", "isp", "isps", "gym", "gyms", "broker", "brokers", "operator", "operators", "courier", "couriers", "brand", "brands")
	lastTimeSaid = wordSet("is", "was", "thats", "that's", "be")
	lastTimeWho  = wordSet("i", "we", "im", "i'm", "ill", "i'll", "were", "we're", "ever")
	leaveWhen    = wordSet("today", "tonight", "tomorrow", "now", "asap", "immediately", "next", "this")
)

// repeatedFailure reports the same thing gone wrong again: an ordinal of
// two or more before "time" opening what happened ("third time this month
// my calls drop", "2nd time the order came wrong"), not before a verb in
// -ing ("third time watching this" is a choice) nor after one ("rewatching
// for the 4th time"), or a count of three or more before "times" with a
// span after it ("dropped 4 times this week"). The ordinal two ("second
// time") and a count are a repeat only with bad (a negative word or a
// complaint cue). A count of three or more before "in a row" is one too
// ("4th cancelled appointment in a row"; not urgent: fresh7a's writer
// calls "cancelled 3 sessions in a row" medium). It returns 2 for an
// ordinal of three or more before "time" (urgent by the label
// conventions: "third time"), 1 for another repeat, else 0.
func repeatedFailure(toks []token, bad bool) int {
	for i := 0; i+1 < len(toks); i++ {
		k, n := toks[i].key, toks[i+1].key
		switch {
		case n == "time" && (repeatOrdinals[k] || k == "second" && bad):
			if i > 0 && (toks[i-1].key == "first" || toks[i-1].key == "a") {
				continue // "a second time" is a retry
			}
			if i+2 == len(toks) && !bad {
				continue // nothing told after it
			}
			if i+2 < len(toks) && (strings.HasSuffix(toks[i+2].key, "ing") || toks[i+2].key == "round" || toks[i+2].key == "lucky") {
				continue
			}
			if i+3 < len(toks) && toks[i+2].key == "i" && choiceVerbs[toks[i+3].key] {
				continue // "third time i ordered here" tells a habit
			}
			if ingBefore(toks, i) {
				continue
			}
			if k == "second" {
				return 1
			}
			return 2
		case n == "times" && bad && manyCount(k) && i+2 < len(toks) && repeatSpan[toks[i+2].key]:
			return 1
		}
	}
	// "4th cancelled appointment in a row", "3 times in a row": a
	// repeat counted from three
	for i := 2; i < len(toks); i++ {
		if toks[i].key != "row" || toks[i-1].key != "a" || toks[i-2].key != "in" {
			continue
		}
		for j := i - 3; j >= 0 && j >= i-6; j-- {
			if k := toks[j].key; repeatOrdinals[k] || manyCount(k) {
				return 1
			}
		}
	}
	return 0
}

// ingBefore reports a verb in -ing within the four words before toks[i]
// ("rewatching for the 4th time", "watching this for the third time").
func ingBefore(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		if k := toks[j].key; len(k) > 4 && strings.HasSuffix(k, "ing") {
			return true
		}
	}
	return false
}

var (
	repeatSpan     = wordSet("this", "in", "today", "now", "already", "yesterday", "since", "last")
	repeatOrdinals = wordSet("third", "3rd", "fourth", "4th", "fifth", "5th", "sixth", "6th", "tenth", "umpteenth", "nth", "hundredth", "millionth")
	choiceVerbs    = wordSet("ordered", "order", "visited", "visit", "came", "come", "bought", "buy", "stayed", "watched", "tried", "booked", "used")
)

// manyCount: a count of three or more ("3", "four", "several", "multiple").
func manyCount(k string) bool {
	if isNumber(k) {
		return k != "" && k != "0" && k != "1" && k != "2"
	}
	return manyWords[k]
}

var manyWords = wordSet("three", "four", "five", "six", "seven", "eight", "nine", "ten", "several", "multiple", "many", "countless", "numerous")

// dangerTold reports a danger to someone's body: a word of danger
// ("dangerous", "unsafe") beside a child or a part of a vehicle or a home
// whose failure hurts ("brakes", "wiring"), a word of fright ("scary")
// beside such a part, or such a part failing ("the brakes were grinding",
// "steering locked up"). A scary film names no part.
func dangerTold(toks []token) bool {
	danger, fear, child, part := false, false, false, false
	for i := range toks {
		k := toks[i].key
		switch {
		case dangerWords[k]:
			danger = true
		case fearSeen[k]:
			fear = true
		case youngChild[k]:
			child = true
		case safetyParts[k]:
			part = true
			for j := i + 1; j < len(toks) && j <= i+3; j++ {
				if partFails[toks[j].key] {
					return true
				}
			}
		}
	}
	return danger && (child || part) || fear && part || harmForeseen(toks) || bodyHarmed(toks)
}

// harmForeseen reports "someone will get hurt", "a kid could get killed":
// a person, a modal, then a verb of harm.
func harmForeseen(toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		if k := toks[i].key; !(k == "someone" || k == "somebody" || k == "people" || k == "kids" || k == "children" || youngChild[k] && i > 0 && toks[i-1].key == "a") {
			continue
		}
		j := i + 1
		if !foreseeModals[toks[j].key] {
			continue
		}
		j++
		if j < len(toks) && (toks[j].key == "get" || toks[j].key == "be") {
			j++
		}
		if j < len(toks) && hurtWords[toks[j].key] {
			return true
		}
	}
	return false
}

var (
	foreseeModals = wordSet("will", "could", "might", "gonna", "would", "can")
	hurtWords     = wordSet("hurt", "killed", "injured", "burned", "burnt", "electrocuted", "crushed", "seriously")
)

// bodyHarmed reports a verb of injury before a possessive and a part of
// the body ("my son cut his hand on the packaging", "burned my mouth",
// "broke her wrist"): someone hurt.
func bodyHarmed(toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		if injuryVerbs[toks[i].key] && possessives[toks[i+1].key] && bodyParts[toks[i+2].key] && !laughterIn(toks) {
			return true
		}
	}
	return false
}

var (
	injuryVerbs = wordSet("cut", "burned", "burnt", "scalded", "bruised", "broke", "sprained", "twisted", "injured", "hurt", "scratched", "sliced", "trapped", "pinched", "chipped")
	bodyParts   = wordSet("hand", "hands", "finger", "fingers", "thumb", "arm", "arms", "leg", "legs", "foot", "feet", "head", "face", "mouth", "tongue", "lip", "lips",
		"eye", "eyes", "back", "knee", "knees", "ankle", "wrist", "skin", "tooth", "teeth", "nose", "toe", "toes", "shoulder", "neck")
)

// wonderHow reports "amazing how you ...", "impressive how they ...",
// "love how you ..." opening the comment: wonder at how the brand acts
// (the caller asks for a bad word after it: irony).
func wonderHow(toks []token) bool {
	return len(toks) >= 4 && wonderWords[toks[0].key] && toks[1].key == "how" && (toks[2].key == "you" || toks[2].key == "u" || toks[2].key == "they" || toks[2].key == "your")
}

var wonderWords = wordSet("amazing", "impressive", "incredible", "funny", "love", "wonderful", "brilliant", "fascinating", "cute")

// praiseNounSaid reports a noun of praise after a copula ("the nurses were
// angels", "you guys are legends", "she is a gem"): said of people.
func praiseNounSaid(toks []token) bool {
	for i := 1; i < len(toks); i++ {
		if !praiseNouns[toks[i].key] {
			continue
		}
		j := i - 1
		if j > 0 && (toks[j].key == "a" || toks[j].key == "absolute" || toks[j].key == "such" || toks[j].key == "real" || toks[j].key == "total") {
			j--
		}
		if j > 0 && (toks[j].key == "a" || toks[j].key == "such") {
			j--
		}
		if copulas[toks[j].key] {
			return true
		}
	}
	return false
}

var copulas = wordSet("is", "are", "was", "were", "youre", "you're", "ur", "theyre", "they're", "shes", "she's", "hes", "he's")

var (
	// dangerWords name a risk to the body; fearSeen words only the
	// writer's fright ("scary for a toddler channel" is about a picture):
	// a danger only beside a part that fails
	dangerWords = wordSet("dangerous", "unsafe", "hazard", "hazardous", "deathtrap", "lethal")
	fearSeen    = wordSet("scary", "terrifying", "frightening", "scared", "terrified")
	safetyParts = wordSet("brakes", "brake", "steering", "airbag", "airbags", "seatbelt", "seatbelts", "tyre", "tyres", "tire", "tires", "wiring", "smoke", "socket", "outlet")
	partFails   = wordSet("grinding", "failed", "fail", "failing", "squealing", "smoking", "sparked", "sparks", "locked", "blew", "burst", "exploded", "melted", "jammed", "stuck")
)

// serviceFailed reports a service failing in words no complaint cue lists:
// late by a counted span ("showed up 2 hrs late", "an hour late"), a place
// left worse than before ("dirtier than before", "worse than when we
// arrived"), or a payment refused ("card got declined", "payment was
// rejected").
func serviceFailed(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		switch {
		case k == "late" && i >= 2:
			if lateSpans[toks[i-1].key] && (spanCount(toks[i-2].key) || toks[i-2].key == "an") {
				return true
			}
		case k == "than" && i >= 1 && i+1 < len(toks):
			p := toks[i-1].key
			if (p == "worse" || strings.HasSuffix(p, "ier") && len(p) > 5 && badComparatives[p]) && (toks[i+1].key == "before" || toks[i+1].key == "when") {
				return true
			}
		case k == "declined" || k == "rejected":
			for j := i - 1; j >= 0 && j >= i-4; j-- {
				if paidWith[toks[j].key] {
					return true
				}
			}
		}
	}
	return false
}

var (
	lateSpans       = wordSet("hrs", "hr", "hours", "hour", "mins", "min", "minutes", "days", "day", "weeks", "week")
	badComparatives = wordSet("dirtier", "messier", "noisier", "smellier", "dustier", "greasier", "sloppier", "buggier", "slower", "laggier")
	paidWith        = wordSet("card", "payment", "transaction", "debit", "visa", "mastercard", "amex", "purchase", "order")
)

// mockingClose reports a formula of praise ("great job guys 👏", "well
// done", "bravo", "slow clap") closing the comment after a report of what
// went wrong: the words before it hold a negative word or "not even" and
// no good word, and no contrast word stands between (a genuine "... but
// the staff were great, good job" concedes).
func mockingClose(text string, toks []token) bool {
	n := len(toks)
	if n < 5 {
		return false
	}
	// the formula: the last sentence, made of praise-formula words and
	// emoji only, with a job/work/done word
	at := thanksClosing(text)
	if at < 0 {
		return false
	}
	start, job := -1, false
	for i := range toks {
		if toks[i].start < at {
			continue
		}
		if start < 0 {
			start = i
		}
		k := toks[i].key
		if toks[i].emoji {
			continue
		}
		if !mockFormula[k] {
			return false
		}
		if k == "job" || k == "done" || k == "bravo" || k == "work" || k == "clap" || k == "congrats" {
			job = true
		}
	}
	if start < 2 || !job {
		return false
	}
	bad := false
	for i := 0; i < start; i++ {
		k := toks[i].key
		if contrastEn[k] {
			return false
		}
		if k == "not" && i+1 < start && toks[i+1].key == "even" {
			bad = true
		}
	}
	for _, h := range sentM.find(toks[:start]) {
		if sentVal[h.id] > 0 {
			return false
		}
		if sentVal[h.id] < 0 {
			bad = true
		}
	}
	return bad
}

var (
	mockFormula = wordSet("great", "good", "nice", "awesome", "amazing", "fantastic", "brilliant", "excellent", "job", "work", "well", "done", "bravo", "guys", "team",
		"folks", "everyone", "again", "as", "usual", "slow", "clap", "congrats", "keep", "it", "up", "way", "to", "go", "real", "really", "so", "proud", "of", "you", "lol", "👏")
	contrastEn = wordSet("but", "though", "although", "however", "still", "yet")
)

// bareQuestion reports an English question typed without its mark: an
// auxiliary opening the comment before its subject, in the inverted order
// of a question ("can you ship to canada", "did anyone else get charged"),
// or before a noun and a word of what is offered ("is breakfast included
// in the price", "are pets allowed"); a question word misspelled as typed
// by hand ("wat time does the store open", "wen is the sale"); "any
// chance of ..."; "(was) wondering if ..." opening the comment. A comment
// whose subject is left out ("would recommend", "was amazing", "does the
// job") opens with the auxiliary before a verb or an adjective: no
// question.
func bareQuestion(toks []token) bool {
	if len(toks) < 3 || toks[0].arabic {
		return false
	}
	// "hi when does the new collection drop": a greeting before the question
	if greetingsEn[toks[0].key] && len(toks) > 3 {
		return bareQuestion(toks[1:])
	}
	a, b := toks[0].key, toks[1].key
	// "what brand is the blender", "which size does he wear": what or which
	// and a noun before an auxiliary
	if (a == "what" || a == "which") && !questionAux[b] && !askSubjects[b] && b != "to" && questionAux[toks[2].key] && len(toks) >= 4 {
		return true
	}
	if a == "r" { // "r u open", "r the rooms pet friendly": are
		a = "are"
	}
	// "any chance of a discount", "any chance you could ...": asks
	if a == "any" && b == "chance" && len(toks) > 2 && (toks[2].key == "of" || toks[2].key == "to" || askSubjects[toks[2].key] || toks[2].key == "that") {
		return true
	}
	// "was wondering if you ship to norway", "just wondering whether ...":
	// a question put as a report of the writer's wondering
	for i := 0; i+1 < len(toks) && i <= 3; i++ {
		if (toks[i].key == "wondering" || toks[i].key == "wonder") && (toks[i+1].key == "if" || toks[i+1].key == "whether" || whOpeners[toks[i+1].key]) {
			return true
		}
	}
	if misspelledWh[a] && (whSecond[b] || questionAux[b]) {
		return true
	}
	// "why is the shop closed today", "why does the app need my location":
	// why before an auxiliary asks (a grievance in it is the complaint
	// rules' to add: whyHabit, ownThing)
	if (a == "why" || a == "y") && questionAux[b] && len(toks) >= 4 {
		return true
	}
	if !bareAux[a] {
		return false
	}
	// "can my dog come", "will the pool be open": a modal before a
	// determiner (not do/does/did: "does the job", "do the refund now")
	if modalAux[a] && (inversionSubjects[b] && b != "it" && b != "that" || b == "my" || b == "our") {
		return true
	}
	if askSubjects[b] || b == "anyone" || b == "anybody" || b == "someone" || b == "somebody" || b == "there" && a != "does" && a != "do" && a != "did" {
		return true
	}
	if a != "is" && a != "are" {
		return false
	}
	if inversionSubjects[b] { // (opensQuestion's, for "r the ...")
		return true
	}
	// "is breakfast included", "are the rooms heated", "is a deposit
	// required": a word of what is offered within four words
	for j := 2; j < len(toks) && j <= 5; j++ {
		if offeredWords[toks[j].key] {
			return !sentimentWord(toks[1])
		}
	}
	return false
}

// sentimentWord reports a token the lexicon rates ("is amazing", "are
// terrible": a predicate with the subject left out).
func sentimentWord(t token) bool {
	return len(sentM.find([]token{t})) > 0
}

var (
	misspelledWh = wordSet("wat", "wut", "wht", "whta", "wen", "whn", "wher", "whr", "hw", "hws", "hows", "whats", "wheres", "whens")
	bareAux      = wordSet("is", "are", "does", "do", "did", "can", "could", "will", "would", "was", "were", "has", "have", "should", "r")
	modalAux     = wordSet("can", "could", "will", "would", "should")
	greetingsEn  = wordSet("hi", "hey", "hello", "hiya", "salam", "salaam", "yo", "bro", "guys", "sis", "mate", "sir")
	offeredWords = wordSet("included", "include", "available", "open", "free", "allowed", "required", "needed", "refundable", "provided", "extra", "supported", "compatible",
		"possible", "ok", "okay", "permitted", "accepted", "valid", "still", "back", "coming", "restocked", "heated", "shipped", "delivered")
)

// justMeOr reports "me or" ("is it just me or the app is slow"): a
// complaint put as a question.
func justMeOr(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].key == "me" && toks[i+1].key == "or" {
			return true
		}
	}
	return false
}

// treatReproach reports "this is how you treat ..." or "is this how you
// treat ...", "the way you treat ...": the writer reproaches the brand for
// how it dealt with them (after a claim of loyalty, "been a customer 10
// years and this is how you treat me", the good words are the loyalty
// betrayed).
func treatReproach(toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i+1].key != "you" && toks[i+1].key != "u" || !treatVerbs[toks[i+2].key] {
			continue
		}
		if k := toks[i].key; k == "how" && i >= 2 && (toks[i-1].key == "is" && toks[i-2].key == "this" || toks[i-1].key == "this" && toks[i-2].key == "is") || k == "way" && i >= 1 && toks[i-1].key == "the" {
			return true
		}
	}
	return false
}

var treatVerbs = wordSet("treat", "treated", "treating", "speak", "talk")

// customerLost reports "you (just) lost a (loyal) customer", "lost my
// business": the brand told that the writer leaves.
func customerLost(toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].key != "lost" {
			continue
		}
		j := i + 1
		if !lostDets[toks[j].key] {
			continue
		}
		j++
		if j < len(toks) && lostAdj[toks[j].key] {
			j++
		}
		if j < len(toks) && lostWhom[toks[j].key] {
			return true
		}
	}
	return false
}

var (
	lostDets = wordSet("a", "an", "another", "my", "our", "one", "two", "yet", "this")
	lostAdj  = wordSet("loyal", "regular", "longtime", "long-time", "faithful", "good", "paying", "repeat")
	lostWhom = wordSet("customer", "customers", "client", "clients", "business", "member", "subscriber", "patron", "fan")
)

// wishItHad reports "wish the app had a dark mode", "wish this came in
// black", "wish your menu offered ...": a wish that the product or the
// business had or did something is a proposal (as wishYouDid's "wish you
// opened earlier").
func wishItHad(toks []token) bool {
	for i := 0; i+3 < len(toks); i++ {
		if toks[i].key != "wish" || !wishThing[toks[i+1].key] {
			continue
		}
		for j := i + 2; j < len(toks) && j <= i+4; j++ {
			if wishHave[toks[j].key] {
				return true
			}
		}
	}
	return false
}

var (
	wishThing = wordSet("the", "this", "your", "ur", "these", "it", "they")
	wishHave  = wordSet("had", "came", "offered", "sold", "included", "supported", "allowed", "let", "stocked", "opened", "delivered")
)

// whatsThe reports a contracted question word before a determiner opening
// the comment ("whats the return policy", "where's your nearest shop"):
// a question typed without its mark.
func whatsThe(toks []token) bool {
	return len(toks) >= 3 && !toks[0].arabic && whContracted[toks[0].key] && (toks[1].key == "the" || toks[1].key == "your" || toks[1].key == "ur")
}

var whContracted = wordSet("whats", "what's", "wheres", "where's", "whens", "when's", "hows", "how's", "wats")

// failedThroughout reports a state of failure lasting a whole span the
// writer paid for ("the pool was closed our entire stay", "the wifi was
// down the whole weekend"): a failure word, then within three words
// "entire", "whole" or "all" before a span noun.
func failedThroughout(toks []token) bool {
	for i := range toks {
		if !failStates[toks[i].key] {
			continue
		}
		for j := i + 1; j+1 < len(toks) && j <= i+3; j++ {
			if k := toks[j].key; (k == "entire" || k == "whole" || k == "all") && wholeSpans[toks[j+1].key] {
				return true
			}
		}
	}
	return false
}

var (
	failStates = wordSet("closed", "broken", "down", "dead", "offline", "out", "freezing", "filthy", "dirty", "noisy", "leaking", "flooded", "unavailable", "blocked", "locked")
	wholeSpans = wordSet("stay", "trip", "time", "week", "weekend", "day", "night", "holiday", "vacation", "visit", "flight", "ride", "way", "month", "evening", "morning", "match", "game")
)

// praiseNounClosing reports a clause closed by a noun of praise for a
// person ("carried our bags up, legend", "fixed it in an hour, top guy",
// "what a star"): a word of praise no lexicon rates, said to the one the
// comment tells of.
func praiseNounClosing(text string, toks []token) bool {
	n := len(toks)
	for i := n - 1; i >= 1 && i >= n-2; i-- {
		k := toks[i].key
		if toks[i].emoji {
			continue
		}
		if !praiseNouns[k] && !(k == "guy" || k == "man" || k == "lad" || k == "bloke" || k == "team") || !praiseNouns[k] && toks[i-1].key != "top" {
			return false
		}
		j := i
		if toks[i-1].key == "top" || toks[i-1].key == "absolute" || toks[i-1].key == "a" || toks[i-1].key == "real" || toks[i-1].key == "total" {
			j = i - 1
		}
		if j >= 1 && toks[j-1].key == "what" {
			j--
		}
		return j > 0 && strings.ContainsAny(text[toks[j-1].end:toks[j].start], ",.!-") && (i == n-1 || i == n-2 && toks[n-1].emoji)
	}
	return false
}

var praiseNouns = wordSet("legend", "legends", "hero", "heroes", "star", "stars", "gem", "lifesaver", "lifesavers", "champ", "superstar", "angel", "angels", "gems", "champs", "rockstar", "rockstars", "bargain", "steal")

// takenUnasked reports money taken or a plan renewed without the writer's
// leave: a verb of taking or charging and "without" before a word of
// consent ("renewed without warning and took £120", "charged my card
// without asking"): money taken wrongly, urgent by the label conventions.
func takenUnasked(toks []token) bool {
	took, unasked := false, false
	for i := range toks {
		switch k := toks[i].key; {
		case moneyTakeVerbs[k]:
			took = true
		case k == "without" && i+1 < len(toks) && consentWords[toks[i+1].key]:
			unasked = true
		}
	}
	return took && unasked
}

var (
	moneyTakeVerbs = wordSet("took", "taken", "charged", "charging", "deducted", "debited", "billed", "withdrew", "withdrawn", "renewed", "auto-renewed", "renews", "charges")
	consentWords   = wordSet("warning", "asking", "permission", "consent", "notice", "telling", "notifying", "authorisation", "authorization", "approval", "informing", "my")
)

// whyHabit reports "why" then, within six words, the one asked about (you,
// they, your app, it) and a word of habit (keep, always, never,
// constantly): "why do you keep raising prices", "why does the app always
// log me out", "y do u never answer".
func whyHabit(toks []token) bool {
	for i := range toks {
		if k := toks[i].key; k != "why" && k != "y" && k != "whyy" {
			continue
		}
		subject := false
		for j := i + 1; j < len(toks) && j <= i+6; j++ {
			k := toks[j].key
			switch {
			case habitSubjects[k]:
				subject = true
			case habitWords[k]:
				return subject
			}
		}
	}
	return false
}

var (
	habitSubjects = wordSet("you", "u", "ya", "they", "your", "ur", "it", "the", "this")
	habitWords    = wordSet("keep", "keeps", "always", "never", "constantly")
)
