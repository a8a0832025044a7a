package builtin

import "strings"

// enR29 reads English harms, frauds and threats the read sets of the
// twenty-first session told in words no earlier rule read (engprio5,
// eng6): each is urgent and a grievance (a comment left "other" that
// tells one is a complaint):
//
//   - a complaint taken to an authority or a court ("filing a complaint
//     with", "report you to", "legal action", "my solicitor");
//   - the writer or their family injured ("needed stitches", "went
//     flying", "broke my wrist", "sprained");
//   - a young child endangered ("nearly hit my 4 yr old", "dropped on my
//     6yo's foot");
//   - money gone from an account ("₹30,000 gone from his account", "my
//     account got emptied", "lost 40k"), taken again ("charged me again")
//     or still taken after a cancellation ("still pulling $39");
//   - someone posing as the brand ("pretending to be your bank", "asked
//     for my OTP"), a seller vanished with the money ("number is switched
//     off"), a listing that does not exist;
//   - the writer's data in strangers' hands ("strangers ... who know my
//     name", "sharing my number", "patient files ... in the bin");
//   - a home full of smoke or fumes.
//
// Not read: a price found dear, a delay, a refund not yet due, a repeated
// failure (the labelled corpus and the briefs disagree on it).
func enR29(toks []token) (urgent, grievance bool) {
	var buf [512]byte
	s, ok := enPhrases(toks, enR29Keys, &buf) // priority_r28.go
	if !ok {
		return false, false
	}
	child, lostSum := false, false
	for i := range toks {
		t := &toks[i]
		if t.arabic {
			continue
		}
		child = child || youngChild[t.key] || yearsOld(t.key) || (t.key == "yr" || t.key == "yrs" || t.key == "year") && i+1 < len(toks) && (toks[i+1].key == "old" || toks[i+1].key == "olds")
		if t.key == "lost" {
			next, next2 := nextKeys(toks, i)
			lostSum = lostSum || moneySum(next, next2)
		}
	}
	has := func(ps ...string) bool { return phraseIn(s, ps...) }
	switch {
	case has(" complaint with ", " report you to ", " reporting you to ", " report una to ", " report them to ", " legal action ", " my solicitor ", " my lawyer ", " to court ", " small claims "),
		has(" stitches ", " went flying ", " sprained ", " fractured ", " concussion ", " broke my wrist ", " broke my arm ", " broke my leg ", " broke my ankle ", " broke my tooth ", " scalded "),
		child && has(" nearly hit ", " almost hit ", " nearly ran ", " almost ran ", " injured ", " hurt ", " dropped ", " drank ", " swallowed "),
		has(" gone from my ", " gone from his ", " gone from her ", " gone from our ", " account got emptied ", " emptied my ", " drained my ", " charged me again ", " charge me again ", " still pulling ", " still taking money ", " still charging "),
		lostSum,
		has(" pretending to be ", " for my otp ", " number is switched off ", " phone is switched off ", " doesnt even exist "),
		has(" know my name ", " knew my name ", " knew all my details ", " know my address ", " sharing my number ", " sharing my details ", " sharing my address ", " patient files ", " names and addresses "),
		has(" full of smoke ", " smoke in the house ", " fumes in "),
		// (later in the session) a cut or a swelling on the body, money
		// taken for what never came, a refund or a fee owed that never
		// came back, a baby's food without power
		has(" a cut on ", " cut on his ", " cut on her ", " cut on my ", " face is swelling ", " face swelling ", " lip is swelling ", " eye is swelling "),
		has(" off my card ", " from my card ", " from my account ") && has(" never ", " didnt ", " not "),
		has(" refund never came ", " refund never arrived ", " money never came back ", " never got my refund "),
		has(" no power ", " no electricity ", " power cut ") && has(" baby ", " formula ", " insulin ", " oxygen "):
		return true, true
	}
	return false, false
}

// yearsOld reports a child's age written as one word ("6yo", "4yr").
func yearsOld(k string) bool {
	n := 0
	for n < len(k) && k[n] >= '0' && k[n] <= '9' {
		n++
	}
	return n > 0 && n <= 2 && (k[n:] == "yo" || k[n:] == "yr" || k[n:] == "yrs")
}

// moneySum reports a sum of money in next (and next2, its unit): "40k",
// "£200", "3000 rupees" (not "10 kg").
func moneySum(next, next2 string) bool {
	if next == "" || next[0] < '0' && !strings.ContainsAny(next[:1], "£$€₹₦") || next[0] > '9' && !strings.ContainsAny(next, "£$€₹₦") {
		return false
	}
	return strings.ContainsAny(next, "£$€₹₦") || strings.HasSuffix(next, "k") && len(next) > 1 && next[len(next)-2] >= '0' && next[len(next)-2] <= '9' || enCurrency[next2]
}

// enCurrency: currencies named after a number.
var enCurrency = wordSet("rupees", "rs", "naira", "dollars", "usd", "aed", "dirhams", "dhs", "riyals", "sar", "dinars", "kd", "jd", "bucks", "quid", "euros", "egp", "lakh", "lakhs")

// enR29Keys: a word of every phrase enR29 reads.
var enR29Keys = wordSet("complaint", "report", "reporting", "legal", "solicitor", "lawyer", "court", "claims",
	"stitches", "flying", "sprained", "fractured", "concussion", "broke", "scalded",
	"hit", "ran", "injured", "hurt", "dropped", "drank", "swallowed", "gone", "emptied", "drained", "again", "pulling", "taking", "charging", "lost",
	"pretending", "otp", "switched", "exist", "name", "details", "address", "number", "files", "addresses", "smoke", "fumes",
	"cut", "swelling", "card", "account", "refund", "money", "power", "electricity")
