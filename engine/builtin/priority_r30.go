package builtin

import "strings"

// enR30 reads English harms, leaks and deadlines the read sets of the
// twenty-second session told in words no earlier rule read (eng7,
// engprio6): each is urgent and a grievance.
//
//   - the body or a pet harmed ("face swelled up", "an abscess and is in
//     pain", "covered in bed bug bites", "at the vet now", "kidney
//     failure");
//   - another person's records sent to the writer, or the writer's to
//     another customer ("someone elses x-rays", "copies of my passport
//     ... to another customer"), a child's photo posted against a no;
//   - a danger in a car or a place for children ("smoke pouring from the
//     bonnet", "baby seat wobbles", "gate wide open ... toddlers");
//   - a report to a regulator ("filing a report with the FDA"), children
//     taken out of a nursery ("pulling both twins out");
//   - a deadline that cannot move: a wedding tomorrow, a flight at dawn
//     and no car, a shift and nobody for the baby, a last day of a
//     prescription.
//
// Not read: a refund inside the window the brand stated ("says 3-5
// working days": refundInWindow), a loud or rude ride.
func enR30(toks []token) (urgent, grievance bool) {
	var buf [512]byte
	s, ok := enPhrases(toks, enR30Keys, &buf) // priority_r28.go
	if !ok {
		return false, false
	}
	has := func(ps ...string) bool { return phraseIn(s, ps...) }
	switch {
	case has(" swelled up ", " swollen ", " abscess ", " bug bites ", " bed bug ", " bed bugs ", " bedbugs ", " at the vet ", " kidney failure ", " allergic reaction "),
		has(" someone elses ", " another customer ", " another patient ", " other customers ", " a stranger ") && has(" xrays ", " medical ", " notes ", " records ", " passport ", " licence ", " license ", " bank details ", " card details ", " my details ", " my data ", " my address "),
		has(" no photos ", " without my consent ", " without consent ", " without permission ") && has(" baby ", " child ", " kid ", " kids ", " daughter ", " son ", " public "),
		has(" smoke pouring ", " smoke coming ", " smoke from ", " sparks coming ", " sparks from "),
		has(" on the motorway ", " on the highway ") && has(" smoke ", " broke down ", " brakes ", " pedal ", " stalled ", " cut out "),
		has(" isofix ", " baby seat ", " car seat ") && has(" loose ", " wobbles ", " wobbly ", " broken ", " snapped "),
		has(" wide open ", " left open ", " unlocked ") && has(" toddlers ", " toddler ", " kids ", " children ", " baby "),
		has(" fda ", " trading standards ", " ombudsman ", " the regulator ", " ofcom ", " ofgem "),
		has(" pulling both ", " pulling my ", " pulling them out ", " taking my kids out ", " taking them out "),
		has(" wedding is tomorrow ", " wedding tomorrow ", " funeral is tomorrow ", " funeral tomorrow "),
		has(" flight at ", " flight in ", " catch a flight ") && has(" cancelled ", " canceled ", " no car ", " need a car ", " no driver "),
		has(" nobody for the baby ", " no one for the baby ", " nobody to watch ", " no childcare "),
		has(" 1 day left ", " one day left ", " last dose ", " runs out tomorrow ") && has(" prescription ", " medicine ", " insulin ", " medication ", " inhaler "),
		// (later in the session, engprio7) a night in a&e, a head split
		// open, a fall nearly had; a deposit to be lost or kept; money
		// taken twice, for what never came, or moved out unasked; points
		// vanished; someone in the account; a pension tricked away; a fake
		// listing; a passport the writer never gave; a lifeline alarm
		// dead; a job interview without internet
		has(" in a e ", " at a e ", " to a e ", " in the er ", " in hospital ", " to hospital ") && !has(" waited ", " waiting ", " wait "),
		has(" head open ", " split her head ", " split his head ", " split my head "),
		has(" nearly went down ", " nearly fell ", " almost fell ", " could have gone ", " could of been ", " could have been killed ", " could have fallen "),
		has(" lose the deposit ", " lose our deposit ", " lose my deposit "),
		has(" kept my ") && has(" refundable ", " deposit ", " money "),
		has(" deposit ") && has(" nobody answers ", " no one answers ", " giving it back ", " give it back ", " cancelled the "),
		has(" then another ", " and another ") && has(" next day ", " same day ", " card ", " account "),
		has(" took the ", " billed ", " charged ") && has(" never came ", " never had ", " never arrived ", " it wasnt ", " never received ", " never booked "),
		has(" out of my account ", " didnt authorise ", " did not authorise ", " didnt authorize ", " never authorised "),
		has(" points ") && has(" vanished ", " disappeared ", " wiped "),
		has(" in my account right now ", " is in my account ", " details got changed ", " login got changed ", " wasnt me "),
		has(" lost her pension ", " lost his pension ", " lost my pension ", " lost her savings ", " lost his savings ", " tricked my ", " tricked me "),
		has(" listing was fake ", " fake listing ", " listing is fake "),
		has(" my own passport ", " copy of my passport ", " copies of my passport "),
		has(" fall alarm ", " lifeline ", " medical alarm ", " if she falls ", " if he falls "),
		has(" job interview ", " interview is at ", " interview tomorrow ") && has(" dead ", " down ", " no internet ", " not working "),
		has(" promised ") && has(" back ") && has(" still nothing ", " still not ", " still no "),
		has(" no formula ", " no nappies ", " no milk for the baby ", " no food for the baby "),
		// (eng8) gas hissing, a chemical on the skin, a scammer using the
		// brand's name
		has(" hissing ", " smell gas ", " smelt gas ", " gas leak "),
		has(" weedkiller ", " bleach ", " chemical ", " chemicals ") && has(" hands ", " skin ", " eyes ", " face ", " burn ", " burns "),
		has(" scammer ", " scammers ", " fraudster "),
		// (blind154) money gone and nothing for it
		has(" left my account ", " out of my account ") && has(" but no ", " never ", " nothing "):
		return true, true
	case has(" in pain "):
		// urgent in a complaint; no grievance alone ("I am in pain from
		// my hip, but this helps")
		return true, false
	}
	return false, false
}

// enR30Keys: a word of every phrase enR30 reads.
var enR30Keys = wordSet("swelled", "swollen", "abscess", "bites", "bug", "bugs", "bedbugs", "vet", "kidney", "allergic", "pain",
	"elses", "another", "other", "stranger", "photos", "consent", "permission",
	"smoke", "sparks", "motorway", "highway", "isofix", "seat", "open", "unlocked",
	"fda", "trading", "ombudsman", "regulator", "ofcom", "ofgem", "pulling", "taking",
	"wedding", "funeral", "flight", "nobody", "childcare", "left", "dose", "runs",
	"e", "er", "hospital", "head", "nearly", "almost", "could", "deposit", "kept", "took", "billed", "charged", "authorise", "authorize", "authorised",
	"points", "account", "details", "login", "wasnt", "lost", "tricked", "listing", "fake", "passport", "alarm", "lifeline", "falls",
	"interview", "promised", "formula", "nappies", "milk", "food",
	"hissing", "gas", "leak", "weedkiller", "bleach", "chemical", "chemicals", "scammer", "scammers", "fraudster")

// refundInWindow reports a refund the writer says is still inside the
// window the brand stated ("the app says 3-5 working days", "says up to 7
// days", "takes 10 working days, its day 5"): owed, not yet late, so no
// urgency; a refund past its window ("still", "never", "overdue", "weeks")
// is.
func refundInWindow(toks []token) bool {
	window := false
	for i := range toks {
		k := toks[i].key
		if toks[i].arabic {
			continue
		}
		switch k {
		case "still", "never", "overdue", "past", "weeks", "months":
			return false
		case "working", "business":
			window = window || i+1 < len(toks) && (toks[i+1].key == "days" || toks[i+1].key == "day")
		case "days":
			if i >= 2 && toks[i-2].key == "to" && i >= 3 && toks[i-3].key == "up" {
				window = true
			}
		}
	}
	return window
}

// arR30 reads Arabic harms, leaks and strandings the Arabizi read sets of
// the twenty-second session told in words no earlier rule read (azprio6,
// azprio7; read in the Arabic spelling the transliterator gives): each is
// urgent and a grievance.
//
//   - an account drained (الحساب اتشفط), a fake account taking money in
//     the brand's name (طلع وهمي);
//   - a child's tests or file sent to others (تحاليل ابني لرقم تاني,
//     تسريب معلومات);
//   - an old mother in 50 degrees without power;
//   - a fever of 40 (سخنه 40), a dose above the child's age (عيار دوا
//     اكبر من عمرها);
//   - a car about to overturn (كانت بتقلب فينا), a pole or a wire down
//     where children play (السلك على الارض);
//   - stranded: at the airport abroad with a blocked card, in the street
//     at three at night with a locked car;
//   - an exam or an interview (r28Exam) with the line down, a flight
//     today with the line cut, a shock, an appointment tomorrow cancelled,
//     a medicine wanted tonight.
//
// A breathing machine without power and a report to an authority are
// r28Classes' (r28Device, auxComplainTo).
func arR30(toks []token) (urgent, grievance bool) {
	var drained, fake, childData, leak, fever40, dose, overturn, wire, ground, kids, abroad, blocked, night, street bool
	var oldParent, heat, exam, netDown, flightToday, shockHit, tomorrowCut, medTonight bool
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		k := strings.TrimPrefix(t.key, "و")
		kind := r30Words[k] // one lookup a token
		if kind == 0 && (t.key == "وهمي" || t.key == "وهميه") {
			kind = r30Fake // (وهمي as written: its و is its own)
		}
		if kind == 0 {
			continue
		}
		next := ""
		if i+1 < len(toks) {
			next = strings.TrimPrefix(toks[i+1].key, "و")
		}
		switch kind {
		case r30Drained:
			drained = true
		case r30Fake:
			fake = true
		case r30Record:
			childData = childData || nearAny(toks, i, 3, childNouns)
		case r30Leak:
			// of data, not of water ("تسريب موية")
			leak = leak || dataLeaked[next]
		case r30Fever:
			fever40 = fever40 || next == "40" || next == "41" || next == "39"
		case r30Dose:
			dose = dose || nearAny(toks, i, 5, largerWords)
		case r30Overturn:
			// a car about to overturn with the writer in it ("كانت بتقلب
			// فينا"), not facts or a stomach turned
			overturn = overturn || next == "فينا" || next == "فيني" || next == "بينا"
		case r30Wire:
			wire = true
		case r30Ground:
			ground = true
		case r30Kids:
			kids = true
		case r30Airport:
			abroad = true
		case r30Blocked:
			blocked = true
		case r30Night:
			night = true
		case r30Street:
			street = true
		case r30Parent:
			oldParent = oldParent || nearAny(toks, i, 4, oldWords)
		case r30Heat:
			heat = heat || next == "50" || next == "49" || next == "48"
		case r30Line:
			netDown = netDown || lineDownNext[next] || next == "ما" && i+2 < len(toks) && strings.Contains(toks[i+2].key, "شتغل")
		case r30Flight:
			flightToday = flightToday || next == "اليوم" || next == "الليله" || next == "بكره" || next == "بكرة"
		case r30Shock:
			shockHit = shockHit || next == "كهربا" || next == "كهرباء"
		case r30Tomorrow:
			tomorrowCut = tomorrowCut || nearAny(toks, i, 4, cancelledWords)
		case r30Tonight:
			medTonight = medTonight || nearAny(toks, i, 4, medNouns)
		// (later) an exam or a job interview online with the line down
		case r30Exam:
			exam = true
		}
	}
	if drained || fake && inNameOf(toks) || childData || leak || fever40 || dose || overturn ||
		wire && ground && kids || abroad && blocked || blocked && night && street || oldParent && heat ||
		exam && netDown || flightToday && netDown || shockHit || tomorrowCut || medTonight {
		return true, true
	}
	return false, false
}

// The kinds of words arR30 reads, one a word (r30Words).
const (
	r30Drained uint8 = iota + 1
	r30Fake
	r30Record
	r30Leak
	r30Fever
	r30Dose
	r30Overturn
	r30Wire
	r30Ground
	r30Kids
	r30Airport
	r30Blocked
	r30Night
	r30Street
	r30Parent
	r30Heat
	r30Line
	r30Flight
	r30Shock
	r30Tomorrow
	r30Tonight
	r30Exam
)

// r30Words maps each word arR30 reads to its kind (the first kind listed
// wins, as the cases of a switch would).
var r30Words = wordKinds(func(add func(kind uint8, ws ...string)) {
	add(r30Drained, "اتشفط", "انشفط", "اتشفطت", "انشفطت")
	add(r30Fake, "وهمي", "وهميه", "مزيف", "مزيفه")
	add(r30Record, "تحاليل", "تحليل", "ملف", "بيانات")
	add(r30Leak, "تسريب", "تسرب")
	add(r30Fever, "سخنه", "سخن", "حرارته", "حرارتها")
	add(r30Dose, "عيار", "جرعه")
	add(r30Overturn, "بتقلب", "تقلب", "انقلبت", "بتنقلب")
	add(r30Wire, "السلك", "سلك", "عمود")
	add(r30Ground, "الارض", "طايح", "واقع")
	add(r30Kids, "اليهال", "العيال", "الاولاد", "الولاد", "الاطفال")
	add(r30Airport, "المطار", "بالمطار")
	add(r30Blocked, "مسكر", "مقفول", "موقوف", "اتقفلت", "اتقفل")
	add(r30Night, "الفجر", "بالليل")
	add(r30Street, "الشارع", "بالشارع")
	add(r30Parent, "امي", "ابي", "ابوي", "امه")
	add(r30Heat, "الحراره")
	// (later in the twenty-second session) the line down, a flight today,
	// a shock (اتخبط كهربا), an appointment tomorrow cancelled, a medicine
	// wanted tonight, an exam or a job interview
	add(r30Line, "النت", "الانترنت", "الخط")
	add(r30Flight, "طياره", "طيارتي", "رحلتي")
	add(r30Shock, "اتخبط", "اتخبطت", "انخبط")
	add(r30Tomorrow, "باكر", "بكره", "بكرا")
	add(r30Tonight, "الليله")
	add(r30Exam, "مقابلات")
	for w, c := range r28Words { // priority_r28.go
		if c == r28Exam {
			add(r30Exam, w)
		}
	}
})

// inNameOf reports "in the name of" (باسم): a page or a message posing as
// someone.
func inNameOf(toks []token) bool {
	for i := range toks {
		if k := toks[i].key; k == "باسم" || k == "بإسم" || k == "بأسم" {
			return true
		}
	}
	return false
}

var (
	lineDownNext   = wordSet("قطع", "قاطع", "مقطوع", "مفصول", "فاصل", "واقف", "وقف", "طافي")
	cancelledWords = wordSet("انلغي", "انلغى", "اتلغي", "اتلغى", "الغوه", "لغوه", "لغوا", "كنسلوه", "انكنسل", "اتكنسل")
	dataLeaked     = wordSet("معلومات", "بيانات", "ملفات", "صور", "معلوماتي", "بياناتي")
	largerWords    = wordSet("اكبر", "أكبر", "اكتر", "زياده", "غلط")
	oldWords       = wordSet("كبيره", "كبير", "كبيرة", "عجوز", "مسن", "مسنه", "سنه", "70", "80")
)
