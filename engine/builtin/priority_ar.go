package builtin

import "strings"

// Arabic priority patterns the phrase list (urgentM) cannot hold, because
// their words vary or stand apart (issue 23; Arabizi comments reach them
// through their Arabic reading):
//
//   - money taken: the passive verbs of being charged or debited that
//     urgentM lists as words (اتخصم, انخصم, اتسحب, انسحب) with a suffix
//     (اتخصملي "was charged to me", انسحبت, اتخصمت) or a conjunction
//     (واتخصم);
//   - a refund asked for (استرجاع, الاسترجاع), as the English "refund" is;
//   - a payment made twice: "I paid" (دفعت, دفعنا) and "twice" (مرتين),
//     the English "charged twice" said by the payer;
//   - a threat to stop dealing with the brand or ordering from it: a
//     negation or "no longer" (ما, مش, مو, مب, لن, عاد, ماعاد) up to three
//     words before a form of "to deal" (اتعامل, هتعامل, نتعامل, بتعامل) or
//     "to order / to buy" in the first person (اطلب, هطلب, رح اطلب, اشتري):
//     "ما عاد بدي اتعامل معكن", "مش هتعامل معاكو تاني", "ما عاد رح اطلب
//     منكن";
//   - a refund withheld: a money noun (المبلغ, الفلوس, فلوسي, المصاري ...)
//     up to three words after a form of "to return" (رجع, رد, ارجاع,
//     استرداد) that is negated: a negation up to three words before it
//     (ما, مش, لم, لسه ...) or the ma-...-sh circumfix ("لم يتم رد المبلغ",
//     "لسه مرجعوش الفلوس", "ما رجعتولي المصاري").
func arabicUrgent(toks []token) bool {
	paid, twice, extra, demand, arabic, deduct := false, false, false, false, false, false
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		arabic = true
		if debitedFromMe(toks, i) {
			return true
		}
		switch t.urgent() { // one lookup a token
		case uwPaid:
			paid = true
		case uwTwice:
			twice = true
		case uwRefund:
			// (not a refund asked within the period the writer knows it
			// takes: "عملت طلب استرجاع من يومين وعارفة ان المدة ١٤ يوم")
			if !refundNotDue(toks) {
				return true
			}
		case uwDeal:
			if negatedBefore(toks, i) || lastTimeBefore(toks, i) || stoppedBefore(toks, i) {
				return true
			}
		case uwOrder:
			if negatedBefore(toks, i) && againAfter(toks, i) || stoppedBefore(toks, i) {
				return true
			}
		case uwMoney:
			if refundWithheld(toks, i) {
				return true
			}
		case uwDeduct:
			if fromOwnMoney(toks, i) {
				return true
			}
			deduct = true // "ظهر الخصم مكرراً": a deduction twice
		case uwCollect:
			deduct = true // "تم تحصيل ثمن الطلب مرتين" (not "paid": extra fees collected are told, medium)
		case uwHarm:
			// "السيارة عاملة حادث قبل": an accident in a thing's past
			// (hidden from the buyer), nobody hurt now
			// (nor one denied: "وانا ما عملت ولا حادث", "بلا حادث")
			if !pastAccident(toks, i) && !(i > 0 && deniedBy[toks[i-1].key]) {
				return true
			}
		case uwClose:
			// ("منلغي كل التعامل معكن": "all" between)
			if i+1 < len(toks) && ownAccount[toks[i+1].key] || i+2 < len(toks) && toks[i+1].key == "كل" && ownAccount[toks[i+2].key] {
				return true
			}
		case uwExtra:
			extra = extra || moneyBeside(toks, i)
		case uwDemand:
			demand = true
		case uwOther:
			// "رح أتعامل مع شركة تانية": leaving for another company
			if i > 0 && companyNouns[toks[i-1].key] && !fromOther(toks, i) {
				return true
			}
		}
		if countedTimes(toks, i) || lookingElsewhere(toks, i) {
			return true
		}
	}
	if !arabic {
		return false // the scans below read Arabic words only
	}
	return (paid || deduct) && twice || extra && (paid || demand) || withheldLong(toks) || paid && notArrived(toks) && (stillNow(toks) || hasAnyKey(toks, longSpans)) || waitedLong(toks) || paid && noBooking(toks)
}

// secondOfTime: toks[j], a word of "another" (ثانية), is a second of time
// after في ("بحول لأمي في ثانية": I transfer to my mother in a second, a
// wallet praised), not another company.
func secondOfTime(toks []token, j int) bool {
	return j > 0 && (toks[j-1].key == "في" || toks[j-1].key == "ف")
}

// lookingElsewhere: a first-person verb of looking for or switching
// (سأبحث, رح دوّر, هدور, بحول) at toks[i] with "another / other than you" up to three words
// after it ("وسأبحث عن عيادة أخرى", "رح دور على محل غيركم"): the
// customer leaves, as "لشركة ثانية" does (priority_r19.go).
func lookingElsewhere(toks []token, i int) bool {
	if goVerbs[strings.TrimPrefix(toks[i].key, "و")] {
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if otherThanYou[toks[j].key] || j > i+1 && placeNouns[toks[j-1].key] && otherWords[toks[j].key] {
				return true
			}
		}
		return false
	}
	if !searchVerbs[strings.TrimPrefix(toks[i].key, "و")] {
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		if otherWords[toks[j].key] && !secondOfTime(toks, j) {
			return true
		}
	}
	return false
}

var (
	searchVerbs = wordSet("سأبحث", "سابحث", "سنبحث", "ابحث", "بدور", "هدور", "حدور", "ادور", "بدوّر", "بندور", "هندور", "ندور", "ادوّر",
		// switching: "خلاص بحول على غيركم"
		"بحول", "هحول", "احول", "نحول", "بنحول", "حنحول")
	// goVerbs: a first-person "I'll go", leaving only toward "other than
	// you" or a place noun then "another" ("رح روح على شركة غيركم", "هروح
	// لمحل تاني"; "هروح تاني" is "I'll go again")
	goVerbs      = wordSet("روح", "بروح", "هروح", "حروح", "نروح", "بنروح", "هنروح")
	otherThanYou = wordSet("غيركم", "غيركن", "غيركو")
	placeNouns   = wordSet("شركه", "شركة", "محل", "مكان", "مطعم", "صيدليه", "صيدلية", "لشركه", "لشركة", "لمحل", "لمكان", "لمطعم")
	otherWords   = wordSet("اخرى", "أخرى", "ثانيه", "تانيه", "ثاني", "تاني", "غيركم", "غيركن", "غيرها", "غيره", "بديله", "بديل")
)

// noBooking: "there is no booking" (مفيش حجز, ما في حجز, لا يوجد حجز): with
// "I paid" in the text, the money taken and nothing held for the payer
// ("دفعت فلوس الأوضة ولما وصلت قالولي مفيش حجز باسمك").
func noBooking(toks []token) bool {
	for i := 1; i < len(toks); i++ {
		if k := toks[i].key; k != "حجز" && k != "حجزي" && k != "حجوزات" {
			continue
		}
		a := strings.TrimPrefix(toks[i-1].key, "و")
		if noneWords[a] || i > 1 && (a == "في" || a == "فيه" || a == "يوجد") && (toks[i-2].key == "ما" || toks[i-2].key == "لا" || toks[i-2].key == "مو") {
			return true
		}
	}
	return false
}

var noneWords = wordSet("مفيش", "مافيش", "مافي", "مافيه", "مفي", "ماكو", "مكو")

// leavingOrDebited reports a customer leaving ("never/not ordering
// again", a negated or "last time" verb of dealing, closing the account)
// or money taken from the writer (a passive debit verb with a suffix,
// "خصملي", "سحبوا مني"): arabicUrgent's and neverAgain's narrowest cues,
// which no news or question text carries.
func leavingOrDebited(toks []token) bool {
	if againThreat(toks, true) {
		return true
	}
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		if debitedFromMe(toks, i) || withdrawnFromYou(toks, i) {
			return true
		}
		if followVerb(t.key) && stoppedBefore(toks, i) {
			return true // "رح بطّل اتابعكن"
		}
		switch t.urgent() {
		case uwDeal:
			if negatedBefore(toks, i) || lastTimeBefore(toks, i) || stoppedBefore(toks, i) {
				return true
			}
		case uwOrder:
			if stoppedBefore(toks, i) {
				return true
			}
		case uwClose:
			if i+1 < len(toks) && ownAccount[toks[i+1].key] {
				return true
			}
		}
	}
	return false
}

// stoppedBefore: the verb "to stop doing" (stopDoing: هبطل, رح بطّل,
// بطلت) right before the verb toks[i]: "هبطل اشتري منكم", "رح بطّل
// اتعامل معكن", "بطلنا نطلب من عندكن" leave the brand.
func stoppedBefore(toks []token, i int) bool {
	return i > 0 && toks[i-1].arabic && stopDoing(toks, i-1)
}

// stoppedDealing reports a verb of dealing, ordering, buying or following
// right after "to stop doing" (stoppedBefore): the customer says they
// leave ("هبطل اشتري منكم"), as "لن اشتري" does. Its complaint weight is
// that of the phrase list's "ما رح اشتري" (intent.tsv).
func stoppedDealing(toks []token) bool {
	for i := 1; i < len(toks); i++ {
		if !stoppedBefore(toks, i) {
			continue
		}
		if u := toks[i].urgent(); u == uwDeal || u == uwOrder || followVerb(toks[i].key) {
			return true
		}
	}
	return false
}

const stoppedDealingWeight = 1.0

// followVerb: a first-person imperfect of "to follow" (اتابع, نتابع,
// اتابعكن): with stoppedBefore, a viewer leaving the channel.
func followVerb(k string) bool {
	k = strings.TrimPrefix(k, "ه")
	return strings.HasPrefix(k, "اتابع") || strings.HasPrefix(k, "نتابع")
}

// withdrawnFromYou reports a first-person verb of taking someone or
// something away (هسحب, بنقل, رح اطلع) with its object, then "from you"
// (من عندكم, منكم): "أنا هسحبه من عندكم", "رح انقل ابني من عندكن" leaves
// the brand, as "not ordering again" does.
func withdrawnFromYou(toks []token, i int) bool {
	k := strings.TrimPrefix(toks[i].key, "و")
	ok := false
	for _, p := range withdrawStems {
		if strings.HasPrefix(k, p) {
			ok = true
			break
		}
	}
	if !ok {
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		switch toks[j].key {
		case "منكم", "منكن", "منكو":
			return true
		case "من":
			if j+1 < len(toks) && (toks[j+1].key == "عندكم" || toks[j+1].key == "عندكن" || toks[j+1].key == "عندكو") {
				return true
			}
		}
	}
	return false
}

// withdrawStems: first-person (future) verbs of taking away or moving.
var withdrawStems = []string{"هسحب", "حسحب", "بسحب", "هنسحب", "هنقل", "حنقل", "بنقل", "هطلع", "حطلع", "بطلع"}

// debitAt reports "خصم" or "سحب" at byte 0, 2 or 4 of k: where the stems
// debitedFromMe reads stand (bare, or after debitVerb's one or two
// two-byte prefixes); most words fail on their first bytes.
func debitAt(k string) bool {
	for o := 0; o <= 4 && o+6 <= len(k); o += 2 {
		if k[o] == 0xD8 && (k[o+1] == 0xAE || k[o+1] == 0xB3) && (strings.HasPrefix(k[o:], "خصم") || strings.HasPrefix(k[o:], "سحب")) {
			return true
		}
	}
	return false
}

// debitVerb: a present or past form of "to deduct / to withdraw" with a
// person prefix (تخصمون, يخصموا, بتسحبوا): before "مني" money taken.
func debitVerb(k string) bool {
	k = strings.TrimPrefix(k, "ب")
	for _, p := range []string{"ت", "ي", "ن"} {
		if s := strings.TrimPrefix(k, p); s != k && (strings.HasPrefix(s, "خصم") || strings.HasPrefix(s, "سحب")) {
			return true
		}
	}
	return false
}

// countedTimes: a count of three or more before "times" after a verb of
// happening or "this" ("صار تلت مرات", "حصلت كذا مرة", "دي تالت مرة"):
// the same failure again and again (round 11 label convention: repeated
// failures are high). Contacting many times ("كلمتهم ثلاث مرات") or trying
// many times ("جربت كذا مرة") stays medium in the labelled sets, so the
// count must follow a word of the failure recurring.
func countedTimes(toks []token, i int) bool {
	if !toks[i].isW(clTimesNouns) || i < 2 {
		return false
	}
	if !manyCounts[strings.TrimPrefix(toks[i-1].key, "و")] {
		return false
	}
	// "ثلاث مرات متتالية", "تلت مرات ورا بعض": in a row, the failure
	// recurring whatever verb tells it
	if recurWords[strings.TrimPrefix(toks[i-2].key, "و")] || i+1 < len(toks) && inRowWords[toks[i+1].key] {
		return true
	}
	if i+2 < len(toks) && (toks[i+1].key == "على" || toks[i+1].key == "علي") && toks[i+2].key == "التوالي" {
		return true
	}
	// "ثلاث مرات والعطل نفسه ما زال": the count beside "the same fault"
	// (نفس العطل, المشكلة نفسها): one failure come back again and again,
	// whatever verb tells it (sent for repair, reported)
	return sameFault(toks)
}

// sameFault reports "the same fault / problem": نفس before a fault noun, or
// a fault noun before نفسه / نفسها.
func sameFault(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		a, b := strings.TrimPrefix(toks[i].key, "و"), strings.TrimPrefix(toks[i+1].key, "و")
		if a == "نفس" && faultNouns[b] || faultNouns[a] && (b == "نفسه" || b == "نفسها") {
			return true
		}
	}
	return false
}

var faultNouns = wordSet("العطل", "المشكله", "الخلل", "العيب", "الخطا", "الغلط", "بالعطل", "بالمشكله")

var inRowWords = wordSet("متتاليه", "متتالية", "متتالين", "متواصله", "ورا", "وراء", "بالتوالي", "متتابعه")

var (
	timesNouns = wordSet("مرات", "مره", "مرّات", "مرار")
	recurWords = wordSet("صار", "صارت", "حصل", "حصلت", "تكرر", "تكررت", "بيتكرر", "يتكرر", "هاي", "هذي", "هذه", "هادي", "دي", "ده", "هيك")
	manyCounts = wordSet("ثلاث", "ثلاثه", "تلت", "تلات", "تلاته", "تالت", "ثالث", "اربع", "اربعه", "رابع", "خمس", "خمسه", "خامس", "ست", "سته", "عشر", "عشره", "كذا", "عده", "كم", "عشرين",
		"3", "4", "5", "6", "10", "٣", "٤", "٥", "٦", "١٠")
)

// pastAccident: an accident (حادث) told as past, "before" or "earlier"
// right after it.
func pastAccident(toks []token, i int) bool {
	if k := toks[i].key; k != "حادث" && k != "حادثه" {
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+2; j++ {
		if earlierWords[toks[j].key] {
			return true
		}
	}
	return false
}

var earlierWords = wordSet("قبل", "سابق", "سابقا", "سابقه", "قديم", "زمان", "قبلا")

// lastTimeBefore: "آخر مرة" just before a verb of dealing ("آخر مرة
// بتعامل معكن"): the customer leaves.
func lastTimeBefore(toks []token, i int) bool {
	return i >= 2 && timesNouns[toks[i-1].key] && toks[i-2].key == "اخر"
}

// stillNow: a word of "still / until now" (لهلأ, للحين, لسه, حتى الآن):
// the wait goes on. "دفعت مصاري وما وصلني شي" alone is labelled medium;
// paid and still nothing ("دفعت حق الطلبية ولهلأ ما وصلت") high, and so
// (twenty-second session) paid and nothing for weeks (longSpans: "طلبت
// من اسبوعين ودفعت ... وما وصلني شي").
func stillNow(toks []token) bool {
	for i := range toks {
		if waitStillWords[toks[i].key] {
			return true
		}
	}
	return false
}

var waitStillWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"لهلأ", "لهلا", "للحين", "لسه", "لسا", "لساتو", "الان", "الآن", "دلوقتي", "لحد الان", "لليوم", "اليوم"} {
		m[foldKey(w)] = true
		m[foldKey("و"+w)] = true
	}
	return m
}()

// notArrived: a negated verb of arriving (ما وصلت, لم يصل, موصلش): with
// "I paid" in the text, money taken and nothing received.
func notArrived(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if strings.HasPrefix(k, "و") && !strings.HasPrefix(k, "وصل") {
			k = k[len("و"):] // "وما وصلت": the conjunction, not the root's و
		}
		if k == "موصلش" || k == "موصلتش" {
			return true
		}
		if (strings.HasPrefix(k, "وصل") || strings.HasPrefix(k, "يصل") || strings.HasPrefix(k, "تصل")) && i > 0 && refundNegations[toks[i-1].key] {
			return true
		}
	}
	return false
}

// waitedLong: a span of months (not weeks: an order two weeks late stays
// medium in the labelled sets) counted from its start (منذ
// شهرين, بقالي ٣ اسابيع, صار لي شهرين) in a text that negates something
// (لم, ما, مش, لا) and names money owed (owedWords): money withheld for
// long (round 11 label convention; a service or a thing awaited months
// without money named is medium since the sixteenth session).
func waitedLong(toks []token) bool {
	span, neg, wait, money, owed := false, false, false, false, false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if toks[i].isW(clMonthSpans) && i > 0 && toks[i-1].isW(clSpanStarts) {
			span = true
		}
		if k == "لم" || k == "ما" || k == "مش" || k == "لا" || k == "مو" || k == "محد" || k == "محدش" {
			neg = true
		}
		wait = wait || waitingWords[k]
		u := toks[i].urgent()
		money = money || toks[i].isW(clHeldMoney) || u == uwMoney
		owed = owed || owedWords[k] || u == uwPaid || u == uwRefund || u == uwDeduct || u == uwClose
	}
	// (or waiting for money that long: "بقالي شهرين مستني فلوس الأوردر
	// اللي اتلغى"; concepts.go's waitingWords)
	return span && (neg && (money || owed) || wait && money)
}

// owedWords: what a writer waits months for that is owed, beside the money
// nouns (heldMoney) and the paid, refund, deduction and closing verbs
// (urgentWords): fees, a refund, its value, a visa paid for, a membership
// still charged; or the wait chased again and again ("رغم المراجعات",
// "رغم الاتصالات": repeated contact, high in itself). Without one, a wait of months for a thing or a service
// ("طلبت كنب من شهرين وللحين ما وصل", "وعدتنا بالجزء التاني من شهرين ولسا
// ما نزل") is medium: 11 of 11 such complaints of the read and corpus sets
// are, and 50 of 50 with one are high.
var owedWords = wordSet("رسوم", "الرسوم", "الريفاند", "ريفاند", "refund", "تسحب", "تقتطع", "يسحب", "يقتطع", "تخصم", "يخصم", "قرش", "ليره", "ليرة", "قيمه", "قيمة", "حق", "ثمن", "التعويض", "تعويض", "الاسترداد", "استرداد", "تاشيره", "عضويتي", "اشتراكي",
	"المراجعات", "مراجعات", "المتابعات", "متابعات", "الاتصالات", "اتصالات", "الشكاوى", "شكاوي", "الشكاوي")

// deniedBy: a word that denies the noun after it ("ولا حادث", "بلا
// حادث", "بدون حادث").
var deniedBy = wordSet("لا", "ولا", "بلا", "بدون", "دون", "مافي", "مفيش", "ما-في")

var monthSpans = wordSet("شهرين", "اشهر", "شهور", "شهرين!!", "سنه", "سنين")

var spanStarts = wordSet("منذ", "من", "بقالي", "بقالنا", "صارلي", "صارلنا", "لي", "لنا", "الي", "الو", "له", "صار", "بقاله", "بقالها", "ل")

// withheldLong reports money withheld for long: a negated verb of giving
// back (ما رجعوه, لم أسترد, مش راضية ترجعلي, لم تُعد) with a money noun
// (المبلغ, التأمين, العربون ...) and a span of weeks or months (منذ شهرين,
// بقالي ٣ شهور, من شهرين) in the text.
func withheldLong(toks []token) bool {
	ret, money, span := false, false, false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		switch {
		case toks[i].isW(clHeldMoney) || toks[i].urgent() == uwMoney:
			money = true
		case toks[i].isW(clLongSpans):
			span = true
		case stalling[k]:
			// "والشركة تماطل في رد أموالنا", "المبلغ المحتجز": held back
			ret = true
		case returnVerb(k) || strings.Contains(k, "سترد") || k == "تعد" || k == "يعيد" || k == "تعيد" || k == "يعيدوا" || k == "يصرف" || k == "تصرف":
			if strings.HasPrefix(k, "م") && strings.HasSuffix(k, "ش") || negatedBefore(toks, i) ||
				i > 0 && (refundNegations[toks[i-1].key] || unwilling[toks[i-1].key]) || i > 1 && (unwilling[toks[i-2].key] || refundNegations[toks[i-2].key]) {
				ret = true
			}
		}
	}
	// "لم يصلني المبلغ", "ما وصلتني الفلوس": the money owed has not
	// reached the writer, as a refund not given back
	return (ret || money && notArrived(toks)) && money && span
}

var (
	heldMoney = wordSet("مبلغ", "المبلغ", "التامين", "تاميني", "العربون", "عربون", "الديبوزت", "المقدم", "فلوسي", "مصاريي", "حقي", "الفلوس", "المصاري", "فلوس", "مصاري", "اموالنا", "مبالغنا", "اموالي", "التعويض", "تعويض",
		"بالمصاري", "بالمبلغ", "بالفلوس", "حقو", "حقه", "حقها", "ثمنه", "ثمنها", "تمنه", "تمنو", "تمنها")
	// (formal: the dual شهران, عام and its dual and accusative)
	longSpans = wordSet("شهر", "شهرين", "اشهر", "شهور", "اسبوعين", "اسابيع", "سنه", "شهرين!!", "شهران", "عام", "عامين", "عاما", "سنتين")
	// stalling: the company stalls over the money, or the money is "held"
	// or the money promised back (وعدتوني بالمصاري ... صرلنا شهرين)
	stalling = wordSet("تماطل", "يماطل", "تماطلون", "يماطلون", "مماطله", "المماطله", "المحتجز", "محتجز", "محتجزه", "محجوز", "محجوزه",
		"وعدتوني", "وعدوني", "وعدتونا", "وعدونا", "ووعدتوني", "ووعدوني", "ووعدتونا", "ووعدونا")
	unwilling    = wordSet("راضي", "راضيه", "راضيين", "رافض", "رافضه", "رافضين", "يرفض", "ترفض", "يرفضون")
	companyNouns = wordSet("شركه", "شركة", "مكان", "محل", "مطعم", "تطبيق", "بنك", "متجر", "موقع")
)

// moneyBeside: a money noun up to two words from toks[i] ("مصاري زيادة",
// "زيادة بالسعر", "رسوم إضافية").
func moneyBeside(toks []token, i int) bool {
	for j := i - 2; j <= i+2; j++ {
		if j >= 0 && j < len(toks) && j != i && extraMoney[toks[j].key] {
			return true
		}
	}
	return false
}

var (
	// ownAccount: what a customer threatens to close
	ownAccount = wordSet("التعامل", "تعاملي", "تعاملنا", "حسابي", "اشتراكي", "الحساب", "الاشتراك", "حسابنا", "اشتراكنا", "التطبيق", "الابليكيشن", "الابلكيشن", "الأبلكيشن", "الأبليكيشن", "الاب", "اشتراكاتنا", "اشتراكاتي")
	extraMoney = wordSet("مصاري", "فلوس", "رسوم", "مبلغ", "السعر", "بالسعر", "سعر", "المبلغ", "الرسوم", "فلوسي", "مصاريف", "دفع", "تدفع", "ادفع", "ندفع")
)

// The kinds of the words of urgentWords.
const (
	uwNone = iota
	uwPaid
	uwTwice
	uwRefund
	uwDeal
	uwOrder
	uwMoney
	uwDeduct
	uwHarm    // harm to the writer or their things: مرضت, يحرق
	uwClose   // a verb of closing or cancelling (before حسابي: a threat to leave)
	uwExtra   // "extra" (زيادة, إضافية): beside a money noun, more money asked
	uwDemand  // "you want / you ask" (بدكن, عايزين, تبون)
	uwOther   // "another" (تانية, ثانية, أخرى) after a company noun
	uwCollect // formal "collected", "swiped the card" (تحصيل, مرر): twice, a double charge
)

// urgent is urgentWords[t.key], looked up once per token.
func (t *token) urgent() uint8 {
	if !t.uwDone {
		t.uw, t.uwDone = urgentWords[t.key], true
	}
	return t.uw
}

var urgentWords = func() map[string]uint8 {
	m := map[string]uint8{}
	for _, w := range []string{"دفعت", "ودفعت", "دفعنا", "ودفعنا"} {
		m[w] = uwPaid
	}
	// (formal: "collected", "swiped the card"; "repeated")
	for _, w := range []string{"تحصيل", "بتحصيل", "حصلتم", "مرر", "مرروا", "مررتم"} {
		m[foldKey(w)] = uwCollect
		m[foldKey("و"+w)] = uwCollect
	}
	for _, w := range []string{"مرتين", "مرتان"} {
		m[w] = uwTwice
	}
	for _, w := range []string{"مكرر", "مكررا", "مكررة", "مكرره", "مكرراً"} {
		m[foldKey(w)] = uwTwice
	}
	for _, w := range []string{"استرجاع", "الاسترجاع", "واسترجاع"} {
		m[w] = uwRefund
	}
	for w := range dealVerbs {
		m[w] = uwDeal
	}
	for w := range orderVerbs {
		m[w] = uwOrder
	}
	for _, w := range []string{"المبلغ", "مبلغي", "الفلوس", "فلوسي", "فلوسنا", "المصاري", "مصرياتي", "مصاريي", "الاموال", "اموالي", "حقي"} {
		m[foldKey(w)] = uwMoney
		m[foldKey("و"+w)] = uwMoney
	}
	// harm: the writer or their family fell ill, a device burned or was
	// about to (safety, urgent)
	for _, w := range []string{"حادثه", "حادث", "امرض", "إمرض", "نمرض", "خطرا", "خطراً", "الاكسجين", "اكسجين", "يطيحون", "طاحوا", "مرضت", "مرضنا", "ومرضت", "ومرضنا", "مرضو", "مرضوا", "ومرضو", "اتسممنا", "تسممنا", "انتسممنا", "انتسمموا", "انتسممو", "وانتسممنا", "وانتسمموا", "وانتسممو", "وتسممنا", "واتسممنا", "تسمموا", "تسممو", "اتسمموا", "اتسممو", "يحرق", "بيحرق", "يحرقلي", "حرق", "حرقت", "انحرق", "انحرقت", "اتحرق", "اتحرقت", "تكهربت", "اتكهربت", "انكهربت",
		// an appliance that gives shocks ("الفرن بيكهرب كل ما لمسته")
		"يكهرب", "بيكهرب", "بتكهرب", "كهربني", "كهربتني", "بيكهربني", "يكهربني", "بتكهربني", "كهربها", "كهربه",
		// an infection or bleeding after a treatment (تعرضت لالتهاب بعد الحشوة)
		"التهاب", "لالتهاب", "بالتهاب", "التهب", "التهبت", "عدوى", "بعدوى", "نزيف", "بنزيف"} {
		m[foldKey(w)] = uwHarm
	}
	// closing or cancelling: "رح سكّر حسابي", "هلغي اشتراكي", "بحذف حسابي"
	for _, w := range []string{"سكر", "اسكر", "بسكر", "نسكر", "قفل", "اقفل", "هقفل", "بقفل", "الغي", "هلغي", "بلغي", "منلغي", "نلغي", "هنلغي", "بنلغي", "احذف", "بحذف", "هحذف", "امسح", "بمسح", "همسح", "سأغلق", "ساغلق", "سالغي", "سألغي", "اغلق",
		// stopping it: "بوقّف الاشتراك", "هوقف اشتراكي", "سأوقف حسابي"
		"بوقف", "هوقف", "اوقف", "أوقف", "نوقف", "بنوقف", "سأوقف", "ساوقف", "راح اوقف", "بيوقف",
		// the loan "cancel" (بكنسل الاشتراك) and the MSA verbal noun after
		// a verb of intent (سأقوم بإلغاء اشتراكي)
		"كنسل", "بكنسل", "هكنسل", "اكنسل", "نكنسل", "بنكنسل", "بالغاء", "بإلغاء",
		// cutting it off: "هقطع الاشتراك" (Arabizi ha2ta3 read هاقطع)
		"هقطع", "هاقطع", "حقطع", "حاقطع", "اقطع", "راح اقطع"} {
		m[foldKey(w)] = uwClose
	}
	for _, w := range []string{"تانيه", "تانية", "ثانيه", "ثانية", "اخرى", "أخرى", "اخري", "غير"} {
		m[foldKey(w)] = uwOther
	}
	for _, w := range []string{"زيادة", "زياده", "زيد", "اضافي", "اضافية", "إضافية", "إضافي", "اضافيه", "زيادة،"} {
		m[foldKey(w)] = uwExtra
	}
	for _, w := range []string{"بدكن", "بدكم", "بدهم", "بدهن", "عايزين", "عاوزين", "تبون", "تبغون", "طالبين", "تطلبون", "بتطلبوا", "بيطلبوا", "يطلبون", "تطالبون", "طلبوا", "طلبو", "بقولولنا", "قالولنا",
		// "took" beside extra money: more than the price taken ("أخد مصاري زيادة")
		"أخد", "اخد", "واخد", "وأخد", "أخذ", "اخذ", "وأخذ", "واخذ", "خدوا", "خدو", "أخذوا", "اخذوا", "اخدوا", "اخدو", "أخدوا", "ياخدوا", "ياخذون"} {
		m[foldKey(w)] = uwDemand
	}
	// (the passive present: "وتُخصم عمولات غير مبررة من أرباحي")
	for _, w := range []string{"خصم", "الخصم", "سحب", "اقتطاع", "استقطاع", "تخصم", "يخصم", "تقتطع", "يقتطع"} {
		m[foldKey(w)] = uwDeduct
		m[foldKey("و"+w)] = uwDeduct
	}
	return m
}()

// negatedBefore: a negation or "no longer" up to three words before toks[i]
// ("ما" not after "كل" or "لما": كل ما is "whenever").
func negatedBefore(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		k := toks[j].key
		if len(k) > len("و") && strings.HasPrefix(k, "و") && stopNegations[k[len("و"):]] {
			k = k[len("و"):] // ومش, وما: "and not"
		}
		if stopNegations[k] && !(k == "ما" && j > 0 && (toks[j-1].key == "كل" || toks[j-1].key == "لما")) {
			return true
		}
	}
	return false
}

// againAfter: "no longer" (عاد) before toks[i], or "again / ever" after it
// (تاني, ابدا, مره تانيه, بعد اليوم): ordering is refused for good, not
// once.
func againAfter(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if k := toks[j].key; k == "عاد" || k == "ماعاد" {
			return true
		}
	}
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		if againWords[toks[j].key] {
			return true
		}
	}
	return false
}

// debitedFromMe reports money taken from the writer at toks[i]: a passive
// verb of debiting (hasDebitStem), a verb with the writer as its object
// (debitedMe: خصملي), or a verb of debiting before "مني"/"منا" ("خصم مني ٥٠
// جنيه", "سحبوا مني", "تخصمون مني"). arabicUrgent and leavingOrDebited read
// it alike.
func debitedFromMe(toks []token, i int) bool {
	if withoutBefore(toks, i) {
		return false // "بدون ما يخصموا مني": a debit that did not happen
	}
	k := toks[i].key
	kb := strings.TrimPrefix(k, "و")
	if hasDebitStem(k) || toks[i].isW(clDebitedMe) {
		return true
	}
	if !debitAt(kb) || !(strings.HasPrefix(kb, "خصم") || strings.HasPrefix(kb, "سحب") || debitVerb(kb)) || i+1 >= len(toks) {
		return false
	}
	if toks[i+1].key == "مني" || toks[i+1].key == "منا" {
		return true
	}
	// "التطبيق سحب من حسابي", "خصموا من بطاقتي": from the writer's own
	// account or card; not a withdrawal the writer means to make ("كيف
	// اسوي سحب من حسابي", "بدي اسحب من رصيدي")
	return i+2 < len(toks) && toks[i+1].key == "من" && ownMoney[toks[i+2].key] && !precededBy(toks, i, 2, meanToWords)
}

// debitedAny reports money taken from the writer anywhere in toks
// (debitedFromMe, or a deduction from the writer's own balance a few
// words on: "وتُخصم عمولات غير مبررة من أرباحي", fromOwnMoney).
func debitedAny(toks []token) bool {
	for i := range toks {
		if toks[i].arabic && (debitedFromMe(toks, i) || toks[i].urgent() == uwDeduct && fromOwnMoney(toks, i)) {
			return true
		}
	}
	return false
}

// meanToWords: a wish, a plan or a "how" before a verb of withdrawing: the
// writer's own withdrawal, not money taken.
var meanToWords = wordSet("ابي", "ابغى", "ابغي", "بدي", "عايز", "عاوز", "اريد", "اسوي", "اعمل", "كيف", "ازاي", "شلون", "اقدر", "بقدر", "ممكن", "حابب", "نبي", "بدنا", "عايزين", "اعرف", "طريقه")

// hasDebitStem: k is a passive verb of debiting with a suffix or a
// conjunction (the bare word is urgentM's).
func hasDebitStem(k string) bool {
	if len(k) <= len("اتخصم") {
		return false // the bare word is urgentM's
	}
	k = strings.TrimPrefix(k, "و")
	for _, s := range []string{"اتخصم", "انخصم", "اتسحب", "انسحب"} {
		if strings.HasPrefix(k, s) {
			return true
		}
	}
	return false
}

var (
	dealVerbs     = map[string]bool{"اتعامل": true, "هتعامل": true, "هاتعامل": true, "نتعامل": true, "هنتعامل": true, "بتعامل": true, "اتعاملو": true}
	orderVerbs    = map[string]bool{"اطلب": true, "هطلب": true, "نطلب": true, "هنطلب": true, "اشتري": true, "هشتري": true, "نشتري": true}
	againWords    = map[string]bool{"تاني": true, "تانيه": true, "ثاني": true, "ثانيه": true, "ابدا": true, "بعد": true, "مره": true}
	stopNegations = map[string]bool{"ما": true, "مش": true, "مو": true, "مب": true, "لن": true, "عاد": true, "ماعاد": true, "ماراح": true, "مارح": true, "مابدي": true,
		// "no longer" (Egyptian بقى negated, بطّل "stopped"): "ضرسي مبقاش بيوجعني" is relief
		"مبقاش": true, "مابقاش": true, "مبقتش": true, "مابقتش": true, "بطل": true, "بطلت": true}
)

// fromOwnMoney: the deduction noun toks[i] (خصم, سحب, اقتطاع) is followed,
// within four words, by "from" and the writer's own balance, account or
// card ("رغم خصم قيمتها من رصيدي", "سحب المبلغ من بطاقتي"): money taken,
// not a discount offered ("خصم 20% على كل المنتجات").
func fromOwnMoney(toks []token, i int) bool {
	for j := i + 1; j+1 < len(toks) && j <= i+4; j++ {
		if toks[j].key == "من" && ownMoney[toks[j+1].key] {
			return true
		}
	}
	return false
}

// debitedMe: "they deducted / withdrew (money) from me", the object on the
// verb ("خصملي ٤٠ جنيه", "سحبولي المبلغ"): money taken.
var debitedMe = wordSet("خصملي", "خصمولي", "خصمتولي", "خصمني", "سحبولي", "سحبتولي", "سحبلي", "اقتطعوا")

var ownMoney = map[string]bool{"رصيدي": true, "حسابي": true, "بطاقتي": true, "كارتي": true, "فيزتي": true, "راتبي": true, "محفظتي": true, "ارباحي": true, "مستحقاتي": true, "اجري": true}

// refundWithheld: the money noun toks[i] follows, within three words, a
// negated form of "to return" (see arabicUrgent).
func refundWithheld(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		k := toks[j].key
		if !returnVerb(k) {
			continue
		}
		if strings.HasPrefix(k, "م") && strings.HasSuffix(k, "ش") { // مرجعوش
			return true
		}
		for n := j - 1; n >= 0 && n >= j-3; n-- {
			// (or unwilling: "رافضين يرجعوا الفلوس", "ومش راضيين ترجعوا")
			if refundNegations[toks[n].key] || unwilling[strings.TrimPrefix(toks[n].key, "و")] {
				return true
			}
		}
	}
	return false
}

// returnVerb: a form of رجع (رجعولي, يرجعوا, مرجعوش, ترجعوا) or رد/ارجاع/
// استرجاع/استرداد.
func returnVerb(k string) bool {
	k = strings.TrimPrefix(k, "و")
	return strings.Contains(k, "رجع") || returnNouns[k]
}

var (
	returnNouns     = map[string]bool{"رد": true, "ارجاع": true, "استرجاع": true, "استرداد": true, "يردوا": true, "ردوا": true, "يرد": true}
	refundNegations = map[string]bool{"ولا": true, "ما": true, "وما": true, "مش": true, "ومش": true, "مو": true, "ومو": true, "مب": true, "ومب": true, "لم": true, "ولم": true, "لسه": true, "ولسه": true, "لسا": true, "ولسا": true, "للحين": true, "لحد": true, "بعد": true}
)

// anyRefundWithheld reports a refund withheld anywhere in toks: a complaint
// whatever other cue it has ("لسه مرجعوش الفلوس").
func anyRefundWithheld(toks []token) bool {
	for i := range toks {
		if toks[i].arabic && toks[i].urgent() == uwMoney && refundWithheld(toks, i) {
			return true
		}
	}
	return false
}

// refundNotDue reports a refund the writer asks about before it is due:
// asked a day or two ago (recentRequest), inside a time the writer knows or
// was told (knownPeriod), or only to make sure ("بس عايز اتأكد", "ابي
// اتأكد"), unless weeks or months have gone by.
func refundNotDue(toks []token) bool {
	if recentRequest(toks) || knownPeriod(toks) {
		return true
	}
	sure := false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if refundLate[k] {
			return false
		}
		sure = sure || makeSureAr[k]
	}
	return sure
}

var (
	makeSureAr = wordSet("اتاكد", "اتءكد", "اتأكد", "أتأكد", "نتاكد", "نتأكد", "اطمن", "اتطمن", "أطمن", "اطمئن")
	refundLate = wordSet("اسابيع", "أسابيع", "اسبوعين", "أسبوعين", "شهر", "شهرين", "اشهر", "أشهر", "شهور")
)

// recentRequest: a refund asked yesterday or a day or two ago (امبارح, أمس,
// من يومين): not yet due, medium by the labelling rules ("2addamt 3ala
// refund mbare7 ... ya ret tshoufo"), unless the writer says the money
// was taken wrongly (read by the other classes).
func recentRequest(toks []token) bool {
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if recentDays[k] || (k == "يومين" || k == "يوم") && i > 0 && toks[i-1].key == "من" {
			return true
		}
	}
	return false
}

var recentDays = wordSet("امبارح", "مبارح", "مبارحه", "امس", "أمس", "البارحه", "البارحة", "البارح", "امبارحه")

// knownPeriod reports the writer knowing or told how long a refund takes:
// a verb of knowing or being told (عارفة, بعرف, ادري, قالولي) and, within
// five words after it, a count of days or a week ("عارفة ان المدة ١٤ يوم",
// "بعرف انو بياخد اسبوع", "قالولي ٧ أيام عمل"): a refund asked and not yet
// due, medium by the writers' convention.
func knownPeriod(toks []token) bool {
	for i := range toks {
		if !periodKnow[strings.TrimPrefix(toks[i].key, "و")] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+5; j++ {
			if periodWords[toks[j].key] {
				return true
			}
		}
	}
	return false
}

var (
	periodKnow = wordSet("عارف", "عارفه", "عارفة", "بعرف", "ادري", "أدري", "اعرف", "عرفت", "فاهم", "فاهمه", "قالولي", "قالوا", "قالو", "قلتولي", "حكولي", "قالولنا",
		// (twenty-third session) the Arabizi readings of 3aref and 2alu,
		// and what the app or the site says
		"عرف", "الو", "يقول", "بيقول", "مكتوب")
	periodWords = wordSet("يوم", "ايام", "أيام", "اسبوع", "أسبوع", "اسبوعين", "يومين", "عمل")
)
