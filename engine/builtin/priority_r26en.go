package builtin

import "strings"

// enR26 reads the English forms of the eighteenth session's urgent classes
// (the read set engprio1, written to the spec's classes: 60 high, 60
// medium), each a grievance too (a comment left "other" that tells one is
// a complaint):
//
//   - money owed and withheld: a refund, a deposit or "the money back"
//     and a refusal or a wait ("wont give the money back", "still hasnt
//     returned my deposit"); not once it came ("refund came through");
//   - fraud named ("this is fraud", "fraudulent"), a contract or a seller
//     found fake, a mileage clocked;
//   - identity or data taken: "in my name", an account "taken over",
//     data "leaking" or sent to "a stranger", a card "being used";
//   - gas smelt ("smelling gas", "gas leak"), brakes failing, "nearly"
//     crashing;
//   - an authority named to report to (health department, police,
//     trading standards, ombudsman, regulator);
//   - a child left at the wrong stop or with nobody there;
//   - a deadline: an event (wedding, flight, boarding, appointment,
//     interview, exam, client call, guests, opening) and a time close by
//     ("tomorrow", "tonight", "in an hour", "in 2 hrs", "closes at 6"), or
//     the writer's own ("my flight") today;
//   - a medicine needed now ("need my insulin today", "inhaler tonight");
//   - paid and never received ("paid for the gems and they never showed
//     up", "money left my card"); the writer or their family fallen ("my
//     mom fell", "i slipped"; not "fell asleep").
func enR26(toks []token) (urgent, grievance bool) {
	var money, refusal, came, event, eventMine, soon, today, medicine, now, child, leftAlone, paid, neverGot bool
	recent, yet := false, false // "sent it back monday, refund not in yet": not yet due
	for i := range toks {
		t := &toks[i]
		if t.arabic {
			continue
		}
		k := t.key
		next, next2 := nextKeys(toks, i)
		switch {
		case k == "refund" || k == "deposit" || k == "money" && next == "back":
			money = true
		case enPaidR26[k] || k == "took" && (next == "payment" || next == "money" || next == "my") || k == "money" && next == "left":
			paid = true // "paid for", "billed me", "took payment", "money left my card"
		case k == "never" && enNeverGot[next], k == "nothing" && (next == "received" || next == "arrived" || next == "came"):
			neverGot = true // "never showed up", "never signed up for", "nothing received"
		case k == "direct" && (next == "debits" || next == "debit" && enTwice(toks, i)), k == "debited" && enTwice(toks, i):
			return true, true // "took 2 direct debits"
		case (k == "gone" || k == "vanished" || k == "disappeared") && enMoneyBefore(toks, i):
			return true, true // "3k was gone in minutes"
		case (k == "hacked" || k == "hijacked") && enOwnedNear(toks, i):
			return true, true // "airline account hacked" (not "hacked to get views")
		case (k == "closing" || k == "cancelling" || k == "canceling" || k == "closed") && next == "my" && enAccountNear(toks, i):
			return true, true // "closing my business account after 8 years"
		case k == "for" && next == "good" && i > 0 && enLeaveR26[toks[i-1].key]:
			return true, true // "logging off for good"
		case enRefusal[k]:
			refusal = true
		case enRecentDays[k]:
			recent = true
		case k == "yet":
			yet = true
		case k == "came" && next == "through", k == "got" && (next == "it" || next == "my") && next2 == "back":
			came = true
		case k == "fraud" || k == "fraudulent" || k == "clocked" || k == "fake" && i >= 2 && toks[i-1].key == "be" && toks[i-2].key == "to":
			return true, true // "this is fraud", "turns out to be fake"
		case k == "in" && next == "my" && next2 == "name", k == "taken" && next == "over",
			(k == "leaking" || k == "leaked") && enNearData(toks, i, 3), k == "being" && next == "used" && enNearCard(toks, i),
			k == "stranger" && enNearData(toks, i, 8):
			return true, true
		case (k == "smelling" || k == "smell" || k == "smelled" || k == "smells") && next == "gas", k == "gas" && (next == "leak" || next == "smell" || next == "leaking"):
			return true, true
		case k == "brakes" || k == "nearly" && enCrash[next]:
			// (a grievance when told of the brand's work: "your garage")
			urgent, grievance = true, grievance || enYours(toks)
		case enAuthority[k] && (k != "health" || next == "department" || next == "inspector") && enReportNear(toks, i):
			return true, true
		case enChildNouns[k] || k == "yr" || k == "year" && next == "old":
			child = true
		case k == "wrong" && next == "stop", k == "nobody" && next == "there", k == "alone":
			leftAlone = true
		case k == "swallowed", (k == "a&e" || k == "er" && prevKey(toks, i) == "the" || k == "emergency" && next == "room" || k == "hospital") && enHospitalVisit(toks):
			return true, true // "my son swallowed the button battery. night in a&e", "we ended up in the ER"
		case k == "nowhere" && next == "to" && (next2 == "sleep" || next2 == "stay" || next2 == "go"):
			return true, true // "2 kids in the car, nowhere to sleep tonight"
		case enFell[k] && !fellFigurative[next] && i > 0 && (toks[i-1].key == "i" || enChildNouns[toks[i-1].key] || enFamily[toks[i-1].key]):
			return true, true // "my mom fell", "i slipped"
		case enEvents[k]:
			event = true
			// "my wedding", "our flight": the writer's own (not "my call
			// got dropped 5 times today")
			eventMine = eventMine || enOwnEvents[k] && i > 0 && (toks[i-1].key == "my" || toks[i-1].key == "our")
		case enMedicine[k]:
			medicine = true
		case k == "today":
			today, now = true, true
		case k == "urgently" || k == "asap" || k == "now":
			now = true
		case k == "tomorrow" || k == "tonight" || k == "in" && (next == "an" || next == "a") && enHours[next2] || k == "in" && dayCount(next) > 0 && enHours[next2] || k == "closes" && next == "at":
			soon, now = true, true
		}
	}
	if money && refusal && !came && !(recent && yet) || child && leftAlone || paid && neverGot {
		return true, true
	}
	return urgent || event && soon || eventMine && today || medicine && now, grievance
}

// nextKeys are the keys of the two tokens after toks[i] ("" past the end).
func nextKeys(toks []token, i int) (next, next2 string) {
	if i+1 < len(toks) {
		next = toks[i+1].key
	}
	if i+2 < len(toks) {
		next2 = toks[i+2].key
	}
	return next, next2
}

// enYours: "your" or "you" in the text (told of the brand's work).
func enYours(toks []token) bool {
	for i := range toks {
		if k := toks[i].key; k == "your" || k == "you" || k == "ur" || k == "u" {
			return true
		}
	}
	return false
}

// enNearData: a noun of personal data within n words of toks[i].
func enNearData(toks []token, i, n int) bool {
	for j := max(0, i-n); j < len(toks) && j <= i+n; j++ {
		if enDataNouns[toks[j].key] {
			return true
		}
	}
	return false
}

// enNearCard: a card, an account or an identity up to four words before
// toks[i] ("my card is being used").
func enNearCard(toks []token, i int) bool {
	for j := max(0, i-4); j < i; j++ {
		if k := toks[j].key; k == "card" || k == "account" || k == "identity" || k == "details" || k == "number" {
			return true
		}
	}
	return false
}

// enHospitalVisit: the writer's people taken to or kept in hospital
// ("ended up in hospital", "rushed to hospital", "a night in hospital").
func enHospitalVisit(toks []token) bool {
	for i := range toks {
		switch toks[i].key {
		case "ended", "rushed", "admitted", "took", "taken", "spent":
			return true
		case "night":
			// (not a night shift: "a sweets box to the hospital for our
			// night shift team")
			if i+1 >= len(toks) || !nightWork[toks[i+1].key] {
				return true
			}
		}
	}
	return false
}

// nightWork: the words after "night" that name work, not a night spent.
var nightWork = wordSet("shift", "shifts", "staff", "nurse", "nurses", "team", "workers")

// enTwice: "twice", "2", "two" or "double" within three words of toks[i].
func enTwice(toks []token, i int) bool {
	for j := max(0, i-3); j < len(toks) && j <= i+3; j++ {
		if k := toks[j].key; k == "twice" || k == "2" || k == "two" || k == "double" || k == "3" || k == "three" {
			return true
		}
	}
	return false
}

// enMoneyBefore: a sum or a word of money up to four words before toks[i]
// ("3k was gone", "my savings are gone", "the balance vanished").
func enMoneyBefore(toks []token, i int) bool {
	for j := max(0, i-4); j < i; j++ {
		if k := toks[j].key; enMoneyNouns[k] || priceFigure(k) && (strings.HasSuffix(k, "k") || strings.ContainsAny(toks[j].key, "$£€")) {
			return true
		}
	}
	return false
}

// enAccountNear: "account" up to three words after toks[i].
func enAccountNear(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		if toks[j].key == "account" || toks[j].key == "membership" {
			return true
		}
	}
	return false
}

// enOwnedNear: an account, an e-mail, a card or a phone within four words
// of toks[i].
func enOwnedNear(toks []token, i int) bool {
	for j := max(0, i-4); j < len(toks) && j <= i+4; j++ {
		if enOwnedThings[toks[j].key] {
			return true
		}
	}
	return false
}

// prevKey is the key of the token before toks[i], "" at the start.
func prevKey(toks []token, i int) string {
	if i == 0 {
		return ""
	}
	return toks[i-1].key
}

// enDataBefore: "my test results / details / info ... to a stranger".
func enDataBefore(toks []token, i int) bool {
	for j := max(0, i-8); j < i; j++ {
		if enDataNouns[toks[j].key] {
			return true
		}
	}
	return false
}

// enReportNear: a verb of reporting up to six words before toks[i].
func enReportNear(toks []token, i int) bool {
	for j := max(0, i-6); j < i; j++ {
		if enReportVerbs[toks[j].key] {
			return true
		}
	}
	return false
}

var (
	enRefusal     = wordSet("wont", "won't", "refuse", "refused", "refusing", "hasnt", "hasn't", "havent", "haven't", "never", "still", "weeks", "months")
	enCrash       = wordSet("crashed", "hit", "went", "died", "killed", "crashing")
	enAuthority   = wordSet("health", "police", "ombudsman", "regulator", "standards", "bbb", "council", "authorities")
	enReportVerbs = wordSet("report", "reporting", "reported", "calling", "contacting", "complain", "complaining")
	enDataNouns   = wordSet("results", "details", "info", "information", "address", "addresses", "data", "records", "invoice", "documents", "photos", "names")
	enOwnedThings = wordSet("account", "accounts", "email", "profile", "page", "card", "phone", "wallet", "instagram", "facebook", "whatsapp", "id")
	enPaidR26     = wordSet("paid", "billed", "charged", "debited", "payment")
	enNeverGot    = wordSet("showed", "arrived", "received", "came", "signed", "ordered", "agreed", "asked", "got", "delivered", "turned", "shipped", "appeared")
	enOwnEvents   = wordSet("wedding", "flight", "exam", "interview", "surgery", "funeral")
	enMedicine    = wordSet("medicine", "medication", "meds", "insulin", "prescription", "inhaler")
	// enFell: a fall; enFamily: the writer's family named
	enFell   = wordSet("fell", "slipped", "tripped")
	enFamily = wordSet("mom", "mum", "mother", "dad", "father", "grandma", "grandpa", "grandmother", "grandfather", "wife", "husband", "sister", "brother")
	enHours  = wordSet("hours", "hour", "hrs", "hr", "minutes", "mins")
	// fellFigurative: "fell asleep", "fell in love", "fell for it"
	fellFigurative = wordSet("asleep", "in", "for", "apart", "behind", "short", "silent", "through")
	enMoneyNouns   = wordSet("money", "savings", "balance", "funds", "cash", "salary", "wages", "credit", "points", "miles")
	enLeaveR26     = wordSet("leaving", "logging", "quitting", "gone", "done", "off", "cancelling", "canceling", "unsubscribing")
	enEvents       = wordSet("wedding", "flight", "boarding", "appointment", "interview", "exam", "surgery", "funeral", "guests", "call", "opening", "meeting",
		// (twenty-first session) a treatment that cannot be moved
		"chemo", "chemotherapy", "dialysis", "operation", "treatment", "medical")
)

// enRecentDays: a day this week ("sent it back monday"): a refund asked
// that recently is not yet due (medium, as the labelling rules say).
var enRecentDays = wordSet("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "yesterday")
