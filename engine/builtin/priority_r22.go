package builtin

import "strings"

// Priority classes of the fourteenth session (issue 23), the brief's urgent
// classes in the forms the rules before missed, read on six sets written for
// priority alone (prio1-2, 4-5, 7-8: 720 complaints, half high; prio3, 6 and
// 9 held out; docs/quality.md, "Fourteenth session"). r22Class finds the
// first; each but a fee beside "free" is a grievance whatever else the
// comment says (grievanceR22: a comment left "other" is a complaint), and
// the strong ones outweigh praise or a proposal (strongR22):
//
//   - charged after cancelling: a verb of cancelling (لغيت, ألغيت, كنسلت,
//     cancelled) and a verb of debiting by them (سحبوا, ينسحب, خُصمت,
//     خاصمين, ينقطعلي, فواتير, charged, taking) after it, or before it
//     with "after" (سحبوا ... بعد ما لغيت); "سحبت" (I withdrew) is not read.
//   - a balance or points vanished: a balance, a top-up or points (رصيد,
//     المحفظة, شحنت, النقاط, balance, wallet) within six words of a word
//     of vanishing (اختفى, صفر, اتمسحت, zero, emptied).
//   - an intruder in the account: someone (حدا, حد, شخص, someone) and,
//     within three words, a verb of getting in or stealing (فات, دخل,
//     سرق, هكر, got into, hacked), or "سرقة / اختراق حسابي", with the
//     account named.
//   - moving to a rival: a verb of moving (بحوّل, هنقل, سأنقل, رايح,
//     porting, switching) and "another" (ثانية, تانية, آخر, another) or
//     "my number".
//   - legal action: a lawyer, legal measures or "sue" after a word of will
//     (سأتخذ, رح, will), a complaint to a ministry (شكوى بوزارة), an
//     official complaint (بنشتكي رسمي, "we will not keep quiet"), "see
//     you in court".
//   - a driver endangering the passenger: a driver or a verb of driving
//     (السواق, الكابتن, المندوب يسوق, driver) and a danger (the phone while
//     driving, "like a madman", asleep, onto the pavement, reckless, 160).
//   - harm: swollen, bleeding, vomiting, short of breath, a body part
//     burnt or broken, an allergy broken out, taken to hospital, a child
//     fallen (not asleep or in love), someone else's medicine, "got really
//     sick", stranded with children at night (English).
//   - a hazard: a live wire down or exposed; fire or smoke out of an
//     appliance (طلع منه دخان).
//   - property damaged by the service with compensation at stake (كسرت ...
//     ما رضي يعوضني, "who is paying for this").
//   - a refund awaited for months: a span of months (شهرين, ثلاث شهور, شهر
//     ونص) and a verb or noun of giving money back (ترجعولي حق, استرجاع,
//     refund). An order awaited for months stays medium (the labels'
//     convention).
//   - a price quoted, then more charged (قلتولي بخمسين وبالاخر دفعتوني
//     ١٢٠).
//   - the same failure every day (كل يوم نفس القصة); charged twice (twice
//     beside a card or a charge; مرتين beside money); charged for what was
//     said to be free (a fee beside مجانية). Money asked for what was said
//     to be free (طلبوا مصاري) is a grievance of medium priority.
func r22Urgent(c uint8) bool { return c != 0 && c != r22FreeAsked }

// grievanceR22 reports a class of r22Urgent: a comment that names it
// complains.
// (not a fee beside "free", which offers also say)
func grievanceR22(c uint8) bool { return c != 0 && c != r22Free }

// moneyGoneR22 reports a balance vanished (a charge after cancelling may
// be asked about: "هتسحبوا فلوس بعد ما الغي؟").
func moneyGoneR22(c uint8) bool { return c == r22Vanished }

// chargedAfterCancelling reports money taken after the writer cancelled:
// a grievance beside spam words (an amount, "membership").
func chargedAfterCancelling(toks []token) bool { return r22Class(toks) == r22Cancelled }

// theyDebit: a verb of debiting whose subject is not the writer: a person
// prefix (بتسحبوا, يخصموا), a plural or object ending (سحبوا, سحبوه,
// خصمولي) or the passive (اتخصم, انسحب); not "سحبت" (I withdrew).
func theyDebit(k string) bool {
	if debitVerb(k) || hasDebitStem(k) {
		return true
	}
	if !debitAt(k) {
		return false
	}
	for _, e := range []string{"وا", "و", "وه", "وها", "ولي", "وني", "ه"} {
		if strings.HasSuffix(k, e) {
			return true
		}
	}
	return false
}

// nearAfter: the word w within n words after toks[i].
func nearAfter(toks []token, i, n int, w string) bool {
	for j := i + 1; j < len(toks) && j <= i+n; j++ {
		if toks[j].key == w {
			return true
		}
	}
	return false
}

// dayCount is the count of days a token names (٤٠, 45), 0 for none.
func dayCount(k string) int {
	n := 0
	for _, r := range k {
		switch {
		case r >= '0' && r <= '9':
			n = n*10 + int(r-'0')
		case r >= '٠' && r <= '٩':
			n = n*10 + int(r-'٠')
		default:
			return 0
		}
	}
	return n
}

// nearBefore: a word of set up to n words before toks[i].
func nearBefore(toks []token, i, n int, set map[string]bool) bool {
	for j := i - 1; j >= 0 && j >= i-n; j-- {
		if set[strings.TrimPrefix(toks[j].key, "و")] {
			return true
		}
	}
	return false
}

// strongR22 reports a class of r22Urgent that no praise or proposal
// outweighs: money taken after cancelling or vanished, an intruder, a
// move to a rival, harm, a hazard, a driver endangering.
func strongR22(c uint8) bool {
	switch c {
	case r22Cancelled, r22Vanished, r22Intruder, r22Switch, r22Harm, r22Hazard, r22Driver, r22Legal:
		return true
	}
	return false
}

const (
	r22Cancelled uint8 = 1 + iota
	r22Vanished
	r22Intruder
	r22Switch
	r22Legal
	r22Driver
	r22Harm
	r22Withheld
	r22Repeat
	r22Twice
	r22Free // charged for what was to be free
	r22Hazard
	r22Damage    // property damaged by the service, compensation at stake
	r22FreeAsked // money asked for what was said to be free: a grievance, medium
	r22Overcharged
)

// fromOther: toks[i], a word of "another", names where the writer moves
// from ("أنقل رقمي لكم من شركة ثانية": coming to the brand, not leaving
// it; twenty-first session).
func fromOther(toks []token, i int) bool {
	return i > 0 && (toks[i-1].key == "من" || toks[i-1].key == "from") || i > 1 && (toks[i-2].key == "من" || toks[i-2].key == "from")
}

// toYou: "to you" after a number moved ("أنقل رقمي لكم"): the writer comes.
var toYou = wordSet("لكم", "ليكم", "الكم", "عندكم", "لكن", "الكن", "عندكن", "لكو", "ليكو", "عندكو", "لج", "لك", "لعندكم", "لعندكن", "لعندكو")

// r22Class is the first class of r22Urgent found in toks, 0 for none.
func r22Class(toks []token) uint8 {
	cancelAt, balanceAt, vanishAt, someone, intrude, account, move, other := -1, -100, -100, -1, false, false, false, false
	driver, danger := false, false
	debitBefore := -1
	twiceSeen, moneySeen, freeSeen, feeSeen := false, false, false, false
	damaged, compensate, askedCash := false, false, false
	billSeen, notUsed := false, false
	quotedAt := -1
	months, giveBack, same, every, twice, paidEn := false, false, false, false, false, false
	near := func(a, b int) bool { return a >= 0 && b >= 0 && a-b <= 6 && b-a <= 6 }
	for i := range toks {
		k := toks[i].key
		kb := strings.TrimPrefix(k, "و")
		m := r22Kind[k] // one lookup a token (two with a joined و)
		if kb != k {
			m |= r22Kind[kb]
		}
		ar := toks[i].arabic
		debit := m&rkDebit != 0 || ar && theyDebit(kb)
		back := ar && strings.Contains(kb, "رجع")
		if m == 0 && !debit && !back && !(ar && strings.HasSuffix(kb, "حسابي")) {
			continue
		}
		switch {
		case m&rkCancel != 0:
			if cancelAt < 0 {
				cancelAt = i
			}
			// "سحبوا الاشتراك تاني بعد ما لغيت": taken after cancelling
			if debitBefore >= 0 && i > 0 && (toks[i-1].key == "بعد" || i > 1 && toks[i-2].key == "بعد" || toks[i-1].key == "after") {
				return r22Cancelled
			}
		case debit:
			if cancelAt >= 0 {
				return r22Cancelled
			}
			debitBefore = i
		}
		// the balance and its vanishing within six words of each other
		if m&rkBalance != 0 {
			balanceAt = i
			if near(balanceAt, vanishAt) {
				return r22Vanished
			}
		}
		if m&rkVanish != 0 {
			vanishAt = i
			if near(balanceAt, vanishAt) {
				return r22Vanished
			}
			// paid, then the seller vanished ("دفعت مقدم الشقة والشركة
			// اختفت"): money taken
			if sellerGone[kb] && paidBefore(toks, i) && nearBefore(toks, i, 2, sellerNouns) {
				return r22Vanished
			}
		}
		if m&rkSomeone != 0 {
			someone = i
		}
		if someone >= 0 && i > someone && i <= someone+3 && (m&rkIntrude != 0 || kb == "got" && i+1 < len(toks) && toks[i+1].key == "into") {
			intrude = true
		}
		if m&rkAccount != 0 || ar && strings.HasSuffix(kb, "حسابي") {
			account = true
			// "تمت سرقة حسابي": the theft named
			if i > 0 && (toks[i-1].key == "سرقه" || toks[i-1].key == "اختراق") {
				intrude = true
			}
		}
		if m&rkMove != 0 {
			move = true
		}
		// "نزلت التطبيق المنافس": the rival's app downloaded (not "نزلت
		// ... من اخر مشترياتي": points posted)
		// (read at the rival word, which has a kind: "المنافس" is in
		// r22Other)
		if ar && rivalWords[kb] && precededBy(toks, i, 3, downloadWords) {
			return r22Switch
		}
		// a child or a car withdrawn "from you" (بسحب الولاد من عندكن،
		// هسحبه من عندكم): the customer leaves
		// (not money: "هسحب المبلغ من عندكم" withdraws cash)
		if m&rkWithdraw != 0 && nearAfterPair(toks, i, 4, fromWords, atYou) && !(i+1 < len(toks) && (moneyOwed[toks[i+1].key] || cashWords[toks[i+1].key] || toks[i+1].urgent() == uwMoney)) {
			return r22Switch
		}
		if move && (m&rkOther != 0 && !secondOfTime(toks, i) && !fromOther(toks, i) || (kb == "number" || kb == "رقمي" || kb == "الخط") && !nearAny(toks, i, 2, toYou) && !howAskedAr(toks)) {
			other = true
		}
		if m&rkLegal != 0 && nearAny(toks, i, 4, r22Will) || kb == "شكوى" && i+1 < len(toks) && strings.Contains(toks[i+1].key, "وزاره") {
			return r22Legal
		}
		if m&rkDriver != 0 {
			driver = true
		}
		// (not the phone a driver did not answer: "السواق ما رد على
		// التلفون" is a driver unreachable, not one on the phone)
		// (the traffic light only when run: "قطع الاشارة", not "وقف عند
		// الاشارة")
		if m&rkDanger != 0 && !(phoneWords[kb] && nearBefore(toks, i, 3, answerVerbs)) && !(lightWords[kb] && !(i > 0 && ranVerbs[strings.TrimPrefix(toks[i-1].key, "و")])) || kb == "زي" && i+1 < len(toks) && toks[i+1].key == "المجنون" {
			danger = true
		}
		if m&rkMonths != 0 || kb == "شهر" && i+1 < len(toks) && (toks[i+1].key == "ونص" || toks[i+1].key == "ونصف") || (kb == "شهور" || kb == "اشهر" || kb == "months") && i > 0 && (manyCounts[toks[i-1].key] || toks[i-1].key == "few" || toks[i-1].key == "2") {
			months = true
		}
		// ترجعولي, ترجعون + the money (فلوس, حق, المبلغ), or the money
		// named before it (دفعنا تأمين ... ولسه مرجعش); استرجاع
		if m&rkRefund != 0 || back && !strings.HasPrefix(kb, "ر") && (i+1 < len(toks) && moneyOwed[toks[i+1].key] || nearBefore(toks, i, 6, moneyOwed)) {
			giveBack = true
		}
		if kb == "نفس" && i+1 < len(toks) && sameStory[toks[i+1].key] {
			same = true
		}
		if (kb == "كل" || kb == "every") && i+1 < len(toks) && everyUnit[toks[i+1].key] {
			every = true
		}
		if kb == "twice" || kb == "double" || kb == "doubled" {
			twice = true
		}
		if m&rkPaidEn != 0 {
			paidEn = true
		}
		// "you took my money" (خدتوا فلوسي, أخذوا المبلغ, خذوا مني ١٢٠٠
		// درهم): money taken
		if m&rkTake != 0 && moneyTakenAfter(toks, i+1) {
			return r22Vanished
		}
		// an appliance that sparks, melts or shocks ("the heater you
		// installed sparks", "the charger melted overnight"; not "sparks
		// joy", "my heart melted")
		if m&rkHazardEn != 0 && !ar && nearBefore(toks, i, 5, applianceNouns) {
			return r22Hazard
		}
		// (not of laughter: "كان رح يموتني من الضحك")
		if m&rkHarm != 0 && !negatedBefore(toks, i) && !nearAny(toks, i, 3, joyNouns) {
			return r22Harm
		}
		if (kb == "ضيقه" || kb == "ضيق") && i+1 < len(toks) && (toks[i+1].key == "نفس" || toks[i+1].key == "تنفس" || toks[i+1].key == "بالتنفس") {
			return r22Harm
		}
		// "got really sick" (a pet "تعبت بعد ..." a product is medium in
		// the labelled sets: TestFresh12Classes)
		if kb == "sick" && i > 1 && (toks[i-1].key == "really" || toks[i-1].key == "so" || toks[i-1].key == "very") && toks[i-2].key == "got" {
			return r22Harm
		}
		// "burned down", "see you in court"
		if (kb == "burned" || kb == "burnt") && i+1 < len(toks) && toks[i+1].key == "down" || kb == "court" && i > 0 && (toks[i-1].key == "in" || toks[i-1].key == "claims" || toks[i-1].key == "to") {
			return r22Legal
		}
		if m&rkTwiceAr != 0 || kb == "مرات" && i > 0 && (toks[i-1].key == "تنين" || toks[i-1].key == "اتنين" || toks[i-1].key == "ثنتين") {
			twiceSeen = true
		}
		if m&rkMoneyAr != 0 {
			moneySeen = true
		}
		if m&rkFree != 0 {
			freeSeen = true
		}
		if m&rkFee != 0 {
			feeSeen = true
		}
		if m&rkBurn != 0 && i+1 < len(toks) && r22Body[toks[i+1].key] || m&rkSwell != 0 && i+1 < len(toks) && (r22Body[toks[i+1].key] || toks[i+1].key == "وجهه" || toks[i+1].key == "وجها") {
			return r22Harm
		}
		if (kb == "طلعتلي" || kb == "جاتلي" || kb == "طلعلي" || kb == "طلعت") && i+1 < len(toks) && (toks[i+1].key == "حساسيه" || toks[i+1].key == "حساسية") {
			return r22Harm
		}
		// (English: taken or rushed there, not "the nurses in the ER")
		if m&rkHospital != 0 && i > 0 && (ar && (enterWords[toks[i-1].key] || i > 1 && enterWords[toks[i-2].key]) || !ar && nearAny(toks, i, 3, enTakenTo)) {
			return r22Harm
		}
		// (not "fell asleep", "fell in love", "وقعت في حب")
		if m&rkFall != 0 && nearAny(toks, i, 3, childNouns) && !nearAny(toks, i, 3, fallNot) {
			return r22Harm
		}
		if m&rkWire != 0 && nearAny(toks, i, 4, wireDanger) && (ar || nearAny(toks, i, 4, elecWords)) {
			return r22Hazard
		}
		if m&rkComplain != 0 && (nearAny(toks, i, 3, officialWords) || nearAfter(toks, i, 6, "نسكت")) {
			return r22Legal
		}
		// "طلع منه ضو / نار / دخان": fire from an appliance
		if (kb == "ضو" || kb == "نار" || kb == "دخان" || kb == "شرار") && i > 1 && toks[i-1].key == "منه" && strings.HasPrefix(strings.TrimPrefix(toks[i-2].key, "و"), "طلع") {
			return r22Hazard
		}
		// "someone else's meds": a wrong medicine
		if (kb == "meds" || kb == "medicine" || kb == "medication") && i > 1 && toks[i-1].key == "elses" && toks[i-2].key == "someone" {
			return r22Harm
		}
		if m&rkQuoted != 0 && quotedAt < 0 {
			quotedAt = i
		}
		if m&rkCharged != 0 && quotedAt >= 0 && i > quotedAt+1 {
			return r22Overcharged
		}
		// charged above the price shown ("حاسبوني بسعر أعلى من العرض")
		if m&rkCharged != 0 && nearAfterPair(toks, i, 5, moreWords, thanWords) {
			return r22Overcharged
		}
		// days past a month ("مر ٤٠ يوم"): as months
		if (kb == "يوم" || kb == "days") && i > 0 && dayCount(toks[i-1].key) >= 30 {
			months = true
		}
		// an ordinal of three or more before what failed (ثالث طلبية,
		// ثالث موعد, سادس وحدة): repeated failures
		if m&rkOrdinal != 0 && i+1 < len(toks) && toks[i+1].arabic && !strings.HasPrefix(toks[i+1].key, "ال") {
			return r22Repeat
		}
		// rivals named cheaper or better (في مواقع أرخص, في منصات أحسن),
		// or the last time of dealing (آخر مرة أطلب, آخر شهر بدفعلكن)
		if (kb == "في" || kb == "فيه") && i+2 < len(toks) && rivalNouns[toks[i+1].key] && cheaperWords[toks[i+2].key] {
			return r22Switch
		}
		// "آخر تعامل معكم": the last dealing
		if (kb == "اخر" || kb == "آخر") && i+1 < len(toks) && (toks[i+1].key == "تعامل" || toks[i+1].key == "تعاملي") {
			return r22Switch
		}
		if (kb == "اخر" || kb == "آخر") && i+2 < len(toks) && (toks[i+1].key == "مره" || toks[i+1].key == "شهر") && lastDeal[strings.TrimPrefix(toks[i+2].key, "ب")] {
			return r22Switch
		}
		// a medicine other than the prescribed one (دوا غير اللي كتبو الدكتور)
		if m&rkMed != 0 && i+2 < len(toks) && toks[i+1].key == "غير" && otherThanRel[toks[i+2].key] {
			return r22Harm
		}
		// an account or a file hacked, stolen or leaked, told in the
		// passive (حساب ابني انهكر, ملفي الطبي تسرّب)
		if m&rkPassiveHack != 0 && nearAny(toks, i, 4, hackedThings) {
			return r22Intruder
		}
		// a password or a number changed without the owner (كلمة المرور
		// تغيرت, تغيير كلمة السر من غير علمي)
		// (not the reset feature the writer uses: "password reset link",
		// "the reset code never comes")
		if passwordNouns[kb] && !resetFeature(toks, i) && (nearAny(toks, i, 3, changedWords) || someoneChanged(toks, i)) {
			intrude, account = true, true
		}
		// a verb of stealing or entering before the account or the thief
		// (سُرق حسابي, دخل شخص مجهول إلى حسابي: the verb first)
		if m&rkIntrude != 0 && (i+1 < len(toks) && r22Account[toks[i+1].key] || nearAny(toks, i, 2, r22Someone)) {
			intrude = true
		}
		// "للمرة الرابعة": the fourth time (not "السابعة مساء", an hour)
		if (kb == "للمره" || kb == "المره") && i+1 < len(toks) && ordinalThe[toks[i+1].key] {
			return r22Repeat
		}
		// the same failure counted: "أربع مرات لنفس المشكلة", "ست مرات ...
		// الأخطاء نفسها"; "repeatedly" (مرارا)
		// (measured, not kept: without "the same" beside it, excepting calls
		// and messages counted, 201 of the read sets' complaints counting so
		// are high, but the corpus's earlier writers call "tried several
		// times", "spoke to them three times" medium: cvcomments -10 rows)
		if (kb == "مرات" || kb == "مره") && i > 0 && manyCounts[toks[i-1].key] && nearAny(toks, i, 6, sameWords) || repeatedlyWords[kb] {
			return r22Repeat
		}
		// a fall of a person (a student, a patient): harm
		if m&rkFall != 0 && nearAny(toks, i, 3, fallPersons) && !nearAny(toks, i, 3, fallNot) {
			return r22Harm
		}
		// a power bank or a battery swelling: a fire hazard
		if (kb == "نفخ" || kb == "انتفخ" || kb == "انتفخت" || kb == "swollen") && nearAny(toks, i, 4, batteryWords) {
			return r22Hazard
		}
		// a double dose given
		if (kb == "جرعه" || kb == "جرعة") && i+1 < len(toks) && (toks[i+1].key == "مضاعفه" || toks[i+1].key == "زايده" || toks[i+1].key == "زائده") {
			return r22Harm
		}
		// theft named (سرقة عيني عينك): money taken wrongly
		// ("ده سرقة", "سرقة عيني عينك"; not a story of a theft)
		if (kb == "سرقه" || kb == "سرقة") && (i+1 < len(toks) && toks[i+1].key == "عيني" || i > 0 && theftCalled[toks[i-1].key]) {
			return r22Overcharged
		}
		// half a year, since last year: as months
		if (kb == "سنه" || kb == "سنة" || kb == "العام" || kb == "year") && i > 0 && (toks[i-1].key == "نصف" || toks[i-1].key == "نص" || toks[i-1].key == "منذ" || toks[i-1].key == "من") {
			months = true
		}
		if m&rkDamage != 0 {
			damaged = true
		}
		// a bill for what the writer did not use at all, or while away
		// ("الفاتورة عليت وانا ما استعملت شي", "وانا مسافر"; not "nothing
		// more than usual": "ما استعملت شي زيادة" disputes the amount)
		if m&rkBill != 0 {
			billSeen = true
		}
		if m&rkUsed != 0 && (awayWords[kb] || (negatedBefore(toks, i) || strings.HasSuffix(kb, "ش")) && !nearAny(toks, i, 2, moreWords)) {
			notUsed = true
		}
		if m&rkCompensate != 0 || kb == "paying" && i > 1 && toks[i-1].key == "is" && toks[i-2].key == "who" {
			compensate = true
		}
		if m&rkAsked != 0 && i+1 < len(toks) && cashWords[toks[i+1].key] {
			askedCash = true
		}
		// stranded (English): "stuck with 2 kids at midnight", "stranded at
		// the airport"
		if (kb == "stranded" || kb == "stuck") && !ar && nearAny(toks, i, 5, strandedWith) {
			return r22Harm
		}
		if m&rkBroken != 0 && i+1 < len(toks) && bodyWords[toks[i+1].key] || m&rkSick != 0 && i+1 < len(toks) && fromIt[toks[i+1].key] {
			return r22Harm
		}
	}
	switch {
	case intrude && account:
		return r22Intruder
	case other:
		return r22Switch
	case driver && danger:
		return r22Driver
	case months && giveBack:
		return r22Withheld
	case same && every:
		return r22Repeat
	case twice && paidEn, twiceSeen && moneySeen:
		return r22Twice
	case freeSeen && feeSeen:
		return r22Free
	case damaged && compensate:
		return r22Damage
	case billSeen && notUsed:
		return r22Overcharged
	case freeSeen && askedCash:
		return r22FreeAsked
	}
	return 0
}

// The kinds of r22Kind's words (a word may have several).
const (
	rkCancel uint64 = 1 << iota
	rkDebit
	rkBalance
	rkVanish
	rkSomeone
	rkIntrude
	rkAccount
	rkMove
	rkOther
	rkLegal
	rkDriver
	rkDanger
	rkMonths
	rkRefund
	rkPaidEn
	rkHarm
	rkTwiceAr
	rkMoneyAr
	rkFree
	rkFee
	rkBurn
	rkSwell
	rkHospital
	rkFall
	rkWire
	rkComplain
	rkDamage
	rkCompensate
	rkAsked
	rkBroken
	rkSick
	rkQuoted
	rkCharged
	rkOrdinal
	rkMed
	rkPassiveHack
	rkTake
	rkWithdraw
	rkBill
	rkUsed
	rkHazardEn
	rkLit // a word one of r22Class's literal checks reads
)

// r22Kind maps each word of r22Class's sets to its kinds, so that a token
// costs one lookup (the sets stay the sources).
var r22Kind = func() map[string]uint64 {
	m := map[string]uint64{}
	add := func(set map[string]bool, kind uint64) { addKinds(m, set, kind) }
	add(tookMoneyAr, rkTake)
	add(withdrawVerbs, rkWithdraw)
	add(billNouns, rkBill)
	add(usedVerbs, rkUsed)
	add(cancelWords, rkCancel)
	add(enDebitWords, rkDebit)
	add(balanceWords, rkBalance)
	add(vanishWords, rkVanish)
	add(r22Someone, rkSomeone)
	add(intrudeWords, rkIntrude)
	add(r22Account, rkAccount)
	add(moveWords, rkMove)
	add(r22Other, rkOther)
	add(legalWords, rkLegal)
	add(driverWords, rkDriver)
	add(drivingVerbs, rkDriver)
	add(driverDanger, rkDanger)
	add(r22Months, rkMonths)
	add(r22Refund, rkRefund)
	add(enPaidWords, rkPaidEn)
	add(harmR22, rkHarm)
	add(twiceAr, rkTwiceAr)
	add(moneyAr, rkMoneyAr)
	add(freeWords, rkFree)
	add(feeWords, rkFee)
	add(burnVerbs, rkBurn)
	add(swellWords, rkSwell)
	add(hospitalWords, rkHospital)
	add(fallVerbs, rkFall)
	add(wireWords, rkWire)
	add(complainVerbs, rkComplain)
	add(damageWords, rkDamage)
	add(compensationWords, rkCompensate)
	add(askedVerbs, rkAsked)
	add(brokenWords, rkBroken)
	add(sickFrom, rkSick)
	add(quotedVerbs, rkQuoted)
	add(r22Ordinals, rkOrdinal)
	add(medNouns, rkMed)
	add(passiveHacked, rkPassiveHack)
	// the words of the literal checks added with the fourteenth session's
	// priority sets (passwords, repeated, swelling, doses, theft, years)
	add(passwordNouns, rkLit)
	add(hazardVerbsEn, rkHazardEn)
	add(repeatedlyWords, rkLit)
	add(wordSet("للمره", "المره", "نفخ", "انتفخ", "انتفخت", "swollen", "جرعه", "جرعة", "سرقه", "سرقة", "سنه", "سنة", "العام", "year", "مره"), rkLit)
	add(chargedVerbs, rkCharged)
	add(wordSet("got", "شكوى", "زي", "شهر", "شهور", "اشهر", "months", "نفس", "كل", "every", "twice", "double", "doubled", "ضيقه", "ضيق", "sick",
		"burned", "burnt", "court", "مرات", "طلعتلي", "جاتلي", "طلعلي", "طلعت", "ضو", "نار", "دخان", "شرار", "meds", "medicine", "medication",
		"paying", "stranded", "stuck", "number", "رقمي", "الخط", "يوم", "days", "في", "فيه", "اخر", "آخر"), rkLit)
	return m
}()

var (
	cancelWords  = wordSet("الغاء", "إلغاء", "جمدت", "جمدنا", "وقفت", "وقفنا", "لغيت", "ألغيت", "الغيت", "لغينا", "ألغينا", "الغينا", "كنسلت", "كانسلت", "كنسلنا", "لغيتها", "ألغيتها", "الغيته", "لغيته", "cancelled", "canceled", "unsubscribed", "لعيت")
	enDebitWords = wordSet("منزول", "منزل", "فواتير", "الفواتير", "خاصمين", "خاصم", "ساحبين", "ساحب", "ينقطعلي", "بينقطعلي", "انقطعلي", "عمينقطعلي", "charged", "charging", "charge", "taking", "took", "billed", "billing", "deducted", "deducting", "debited", "خصمت", "خصمتوا", "خصموا", "سحبوا", "سحبو", "سحبتوا", "ينسحب", "بينسحب", "عمينسحب", "انسحب", "اتسحب")
	balanceWords = wordSet("النقط", "النقاط", "نقاطي", "نقطي", "points", "miles", "الاميال", "رصيد", "الرصيد", "رصيدي", "رصيدى", "المحفظه", "المحفظة", "محفظتي", "شحنت", "شحنا", "balance", "wallet", "credit", "credits", "topped", "recharged")
	sellerNouns  = wordSet("الشركه", "الشركة", "المحل", "البائع", "البياع", "التاجر", "المقاول", "الموقع", "الصفحه", "الصفحة", "الراجل", "الرجال", "الشخص", "المكتب", "المعلن", "contractor", "seller", "company", "shop", "store", "guy", "he", "they")
	sellerGone   = wordSet("اختفى", "اختفت", "اختفوا", "اختفو", "هربوا", "هربو", "disappeared", "vanished")
	vanishWords  = wordSet("هربوا", "هربو", "اتمسحت", "انمسحت", "اتمسح", "انمسح", "emptied", "drained", "wiped", "اختفى", "اختفت", "اختفي", "اختفوا", "اختفو", "صفر", "zero", "0", "disappeared", "vanished", "راحوا", "طار", "طاروا", "تبخر", "تبخرت")
	r22Someone   = wordSet("حدا", "حد", "احد", "أحد", "شخص", "حدن", "واحد", "someone", "somebody", "hacker", "هكر")
	intrudeWords = wordSet("استولى", "استولوا", "استولي", "فات", "يفوت", "بيفوت", "فايت", "يدخل", "بيدخل", "دخل", "سرق", "سارق", "سرقوا", "سرقو", "هاك", "هكر", "هكرو", "هكروا", "اخترق", "هكر", "تهكر", "hacked", "stole", "accessed", "logged", "entered",
		"خطف", "خطفلي", "خطفوا", "خطفو", "خطفولي", "hijacked") // (session 22: a hijacked account, خطفلي حسابي)
	r22Account = wordSet("wallet", "حساب", "حسابي", "الحساب", "الاكونت", "اكونت", "اكونتي", "الأكونت", "account", "عحسابي", "لحسابي", "بحسابي",
		"ايميل", "ايميلي", "الايميل", "عالايميل", "عايميلي", "email", "صفحتي", "صفحتنا", "بيجي", "page")
	moveWords = wordSet("انتقل", "سانتقل", "سأنتقل", "الانتقال", "انقله", "انقلها", "هنقله", "هنقلها", "رايح", "رايحين", "بحول", "حول", "هحول", "احول", "نحول", "رح-حول", "انقل", "هنقل", "سانقل", "سأنقل", "بنقل", "حنقل", "نقلت", "بنقل", "porting", "switching", "moving", "port", "switch")
	// downloadWords, rivalWords: a download of the competitor's app
	downloadWords = wordSet("نزلت", "نزلنا", "حملت", "حملنا", "نزلتو", "نزلتوا")
	rivalWords    = wordSet("المنافس", "منافس", "المنافسه", "منافسه", "المنافسة", "منافسة")
	r22Other      = wordSet("المنافس", "منافس", "منافسه", "منافسة", "المنافسه", "المنافسة", "ثانيه", "ثانية", "تانيه", "تانية", "التانيه", "التانية", "الثانيه", "الثانية", "اخرى", "أخرى", "آخر", "اخر", "تاني", "ثاني", "another", "competitor", "rival")
	// legalWords: legal action (a lawsuit named alone, قضية, is also "a
	// cause" in the news: priority_classes.go reads it after a verb of
	// filing); the writer's own, after a word of will (r22Will)
	legalWords  = wordSet("محام", "دعوى", "دعوي", "القانونيه", "القانونية", "قانونيه", "قانونية", "قانونيا", "محامي", "المحامي", "محاميي", "محاميا", "lawyer", "lawsuit", "sue", "suing")
	r22Will     = wordSet("وكلت", "لرفع", "سنرفع", "سارفع", "سأرفع", "هرفع", "برفع", "هنرفع", "سالجا", "سألجأ", "ساتوجه", "سأتوجه", "سوف", "رح", "راح", "ح", "will", "ill", "gonna", "going", "هوكل", "بوكل", "سأوكل", "ساوكل", "بكلم", "هكلم", "سأتخذ", "ساتخذ", "سنتخذ", "هاخد", "باخذ", "بتخذ")
	driverWords = wordSet("السواق", "سواق", "السايق", "السائق", "سائق", "الكابتن", "كابتن", "الشوفير", "شوفير", "driver", "uber", "السواقين", "الكبتين")
	// driverDanger: on the phone, speeding, reckless, asleep, off the road
	phoneWords   = wordSet("جواله", "جوالو", "موبايله", "الموبايل", "التلفون", "تلفونه", "phone")
	answerVerbs  = wordSet("رد", "يرد", "بيرد", "ترد", "ردوا", "ردو", "جاوب", "يجاوب", "بيجاوب", "رفع", "يرفع", "answer", "answered", "answering", "pick", "picked")
	driverDanger = wordSet("مجنونه", "مجنونة", "جواله", "جوالو", "موبايله", "الموبايل", "التلفون", "تلفونه", "بالهاتف", "بالجوال", "بالتلفون", "بالموبايل", "phone", "texting", "بتهور", "متهور", "reckless", "speeding",
		"نعسان", "نايم", "بينام", "ينام", "الرصيف", "عالرصيف", "جنونيه", "جنونية", "المجنون", "١٦٠", "160", "140", "١٤٠", "180", "١٨٠", "200", "٢٠٠", "drunk", "سكران",
		// (twenty-first session) a red light run (read with ranVerbs)
		"الاشاره", "الإشارة", "الاشارة")
	lightWords = wordSet("الاشاره", "الإشارة", "الاشارة")
	ranVerbs   = wordSet("قطع", "يقطع", "بيقطع", "قاطع", "كسر", "يكسر", "بيكسر", "ran")
	// drivingVerbs: someone driving (the driver named by the verb: "مندوب
	// التوصيل يسوق بسرعة جنونية")
	drivingVerbs = wordSet("يسوق", "بيسوق", "سايق", "يقود", "بيقود", "driving", "drove")
	brokenWords  = wordSet("انكسرت", "انكسر", "اتكسرت", "اتكسر", "تكسرت", "broke")
	bodyWords    = wordSet("ايدها", "ايده", "ايدو", "ايدي", "يدها", "يده", "يدي", "رجلها", "رجله", "رجلو", "رجلي", "سنه", "سنها", "راسه", "راسها", "دراعه", "دراعها", "ذراعه", "ذراعها", "his", "her", "my")
	r22Months    = wordSet("شهرين", "شهرين", "months", "شهرينن")
	r22Refund    = wordSet("التعويض", "تعويض", "المطالبه", "مطالبه", "يعاد", "يعادلي", "اعاده", "إعادة", "بارجاع", "ارجاع", "إرجاع", "بإرجاع", "استرجاع", "باسترجاع", "الاسترجاع", "استرداد", "باسترداد", "refund", "ريفند", "الريفند", "refunded")
	moneyOwed    = wordSet("تامين", "التامين", "تأمين", "التأمين", "مبلغ", "الفرق", "العربون", "عربون", "فلوس", "فلوسي", "الفلوس", "مصاري", "المصاري", "مصاريي", "حق", "حقي", "المبلغ", "مبلغ", "فلوسنا", "مصارينا", "ثمن", "تمن",
		// fees paid (ترجعولنا رسوم التسجيل)
		"رسوم", "الرسوم")
	sameStory   = wordSet("القصه", "القصة", "الشي", "الشيء", "السالفه", "السالفة", "المشكله", "المشكلة", "الموال", "المعاناه", "المعاناة")
	everyUnit   = wordSet("يوم", "مره", "مرة", "اسبوع", "ليله", "day", "time", "week", "night")
	enPaidWords = wordSet("card", "account", "charged", "billed", "debited", "paid", "payment", "deducted", "bank")
	// tookMoneyAr: "you (plural) / they took" (خدتوا, أخذوا), before the
	// writer's money
	tookMoneyAr = wordSet("خدتوا", "خدتو", "اخدتوا", "اخدتو", "أخدتوا", "أخدتو", "اخذتوا", "اخذتو", "أخذتوا", "أخذتم", "اخذتم", "خدوا", "خدو", "اخدوا", "اخدو", "أخدوا", "اخذوا", "أخذوا", "اخذو", "سرقتوا", "سرقتو", "سرقوا", "سرقو", "اكلتوا", "اكلوا", "ماكلين", "واكلين", "خذوا", "خذو", "خذيتوا", "خذيتو", "اخذيتوا")
	// usedVerbs: a bill (billNouns) for what was not used (usedVerbs
	// negated) or while away (awayWords, priority_classes.go)
	usedVerbs = wordSet("عملناها", "عملناه", "عملتها", "عملته", "تعملت", "اتعملت", "ماتعملتش", "اتعملتش", "استلمناها", "استلمتها", "طلبناها", "طلبتها", "استعملت", "استخدمت", "استهلكت", "استعملنا", "استخدمنا", "استهلكنا", "مستعمل", "مستخدم", "مسافر", "مسافره", "مسافرين", "مسافرة")
	// withdrawVerbs: "I'll withdraw" (him, her, them), before "from you"
	withdrawVerbs = wordSet("بسحب", "هسحب", "حسحب", "اسحب", "سأسحب", "ساسحب", "بنسحب", "هنسحب", "سنسحب", "هسحبه", "هسحبها", "هسحبهم", "بسحبه", "بسحبها", "بسحبهم", "حسحبه", "اسحبه", "اسحبها", "سأسحبه", "سأسحبها")
	fromWords     = wordSet("من")
	atYou         = wordSet("عندكم", "عندكن", "عندكو", "عندك", "مدرستكم", "مدرستكن", "حضانتكم")
	// fromMe: "from me / us" between the verb of taking and the money
	fromMe     = wordSet("مني", "منا", "مننا", "منى")
	currencies = wordSet("درهم", "ريال", "دينار", "جنيه", "ليره", "ليرة", "دولار", "دراهم", "ريالات", "دنانير", "جنيهات", "شيكل")
	// harmR22: swollen, bleeding, vomiting, burnt, poisoned (MSA, dialects,
	// English)
	harmR22 = wordSet("غيبوبه", "غيبوبة", "يموتني", "هيموتني", "تموتني", "يقتلني", "هيقتلني", "اشتعل", "اشتعلت", "مورم", "مورمه", "متورم", "متورمه", "وارم", "وارمه", "بنزف", "بينزف", "بتنزف", "نزيف", "ينزف", "تنزف",
		"يستفرغ", "بيستفرغ", "استفرغ", "بتستفرغ", "تستفرغ", "يتقيا", "تقيؤ", "اتسمم", "اتسممت", "اتسمموا", "تسممت", "لحرق", "بحرق", "حروق",
		"swollen", "vomiting", "vomited", "bleeding")
	twiceAr   = wordSet("مرتين", "مرّتين", "twice")
	moneyAr   = wordSet("حق", "المبلغ", "فلوس", "مصاري", "الفاتوره", "فاتوره", "بطاقتي", "كارتي", "الكارت", "رسوم", "انقطعلي", "انقطع", "اتخصم", "خصم", "سحب", "سحبوا", "دفعت", "ندفع", "ادفع")
	freeWords = wordSet("مجاني", "مجانيه", "مجانية", "مجانا", "مجانًا", "ببلاش", "free")
	feeWords  = wordSet("رسوم", "احتساب", "خصم", "fee", "fees", "charged", "billed", "charge")
	// burnVerbs and r22Body: "حرقت رقبتي" (burned my neck)
	burnVerbs = wordSet("حرقت", "حرقتلي", "حرقوا", "حرقو", "حرقتني", "burned", "burnt")
	r22Body   = wordSet("رقبتي", "ايدي", "وجهي", "جلدي", "شعري", "راسي", "رجلي", "ضهري", "ظهري", "عيني", "my")
	// swellWords: a face or a body part swelling, an allergy breaking out
	swellWords = wordSet("انتفخ", "انتفخت", "تورم", "تورمت", "اتورم", "اتورمت", "ورم", "حساسيه", "حساسية", "allergic")
	// hospitalWords after a verb of going in: someone taken to hospital
	hospitalWords = wordSet("المستشفى", "المستشفي", "مستشفى", "الطوارئ", "عالطوارئ", "للطوارئ", "بالطوارئ", "الطوارىء", "hospital", "er")
	enterWords    = wordSet("دخل", "دخلت", "ودخل", "ودخلت", "دخلنا", "رحت", "رحنا", "ورحت", "ورحنا", "ودينا", "وديناه", "وديناها", "نقلوه", "نقلوها")
	enTakenTo     = wordSet("ended", "rushed", "taken", "admitted", "landed")
	fallNot       = wordSet("asleep", "love", "حب", "بحب", "نايم", "نوم", "للنوم", "behind")
	fallVerbs     = wordSet("انقلبت", "انقلب", "يدعس", "دعس", "دعسه", "دعسها", "يدعسه", "يدعسها", "انضرب", "انضربت", "اتضرب", "اتضربت", "سقط", "سقطت", "وقع", "وقعت", "طاح", "طاحت", "fell",
		"يدعم", "بيدعم") // (session 22) Gulf دعم: hit with a car ("كان بيدعم ولدي"), near a child only
	// wires: a live wire down or exposed
	wireWords  = wordSet("سلك", "اسلاك", "شريط", "wire", "wires", "cable")
	wireDanger = wordSet("مقطوع", "مكشوف", "مرمي", "عريان", "hanging", "exposed", "live", "sparking", "down")
	elecWords  = wordSet("live", "electric", "power", "كهربا", "كهرباء")
	// official complaint: a verb of complaining and "officially" or "we
	// will not keep quiet"
	complainVerbs = wordSet("بنشتكي", "نشتكي", "بشتكي", "هشتكي", "هنشتكي", "حشتكي", "سأشتكي", "ساشتكي", "سنشتكي", "اشتكي")
	officialWords = wordSet("رسمي", "رسميا", "رسمياً", "officially")
	// damageWords and compensationWords: property damaged by the service
	// and compensation demanded or refused ("المغسلة كسرت المراية وما أحد
	// رضى يعوضني", "left scratches ... who is paying for this??")
	damageWords       = wordSet("كسرت", "كسروا", "كسرو", "خدش", "لخدش", "خدوش", "خدشوا", "خربوا", "خربت", "بوظوا", "بوظت", "scratches", "scratched", "dented", "damaged", "broke", "cracked")
	compensationWords = wordSet("يعوضني", "يعوضوني", "تعوضوني", "تعويض", "التعويض", "بالتعويض", "تعويضي", "compensate", "compensation", "reimburse")
	// askedMoney: money asked for (طلبوا مصاري) beside "free": a grievance,
	// not money taken
	askedVerbs   = wordSet("طلبوا", "طلبو", "بدهم", "عايزين", "يبون", "يبغون", "asked", "asking", "want")
	cashWords    = wordSet("مصاري", "فلوس", "مبلغ", "رسوم", "money", "pay", "payment", "fee")
	strandedWith = wordSet("kids", "midnight", "night", "airport", "baby", "highway", "road", "nowhere")
	// quotedVerbs and chargedVerbs: a price quoted, then more charged
	// ("قلتولي التصليح بخمسين وبالاخر دفعتوني ١٢٠", "quoted 50 and charged
	// 120")
	quotedVerbs  = wordSet("قلتولي", "قالولي", "قلتوا", "قالوا", "قلتلي", "قالي", "قلتلنا", "قالولنا", "وعدتوني", "quoted", "told")
	chargedVerbs = wordSet("دفعتوني", "دفعوني", "حاسبوني", "حاسبتوني", "حسبولي", "حسبتولي", "charged", "billed",
		"سحبوا", "سحبو", "خصموا", "خصمو") // (session 22: "قالوا ٣٥٠ وسحبوا ٧٠٠")
	// r22Ordinals: third and on (ثالث طلبية, خامس مرة)
	r22Ordinals  = wordSet("ثالث", "تالت", "تالث", "رابع", "خامس", "سادس", "سابع", "ثامن", "تامن", "تاسع", "عاشر")
	rivalNouns   = wordSet("مواقع", "منصات", "شركات", "محلات", "مطاعم", "صيدليات", "تطبيقات", "اماكن", "غيركم", "غيركن")
	cheaperWords = wordSet("ارخص", "أرخص", "احسن", "أحسن", "افضل", "أفضل")
	lastDeal     = wordSet("طلب", "اشتريت", "اطلب", "أطلب", "دفعلكن", "دفعلكم", "دفع", "اشتري", "أشتري", "شتري", "تعامل", "اتعامل", "جدد", "اجدد")
	// medNouns and otherThanRel: "a medicine other than the one written"
	medNouns     = wordSet("دوا", "دواء", "الدوا", "الدواء", "دوااء", "ابره", "حبوب", "علاج")
	otherThanRel = wordSet("الذي", "التي", "اللي", "الي", "يلي", "الموجود", "المكتوب", "الموصوف", "يلي", "المطلوب")
	// passiveHacked and hackedThings: "حساب ابني انهكر", "ملفي تسرّب"
	passiveHacked = wordSet("مخترق", "مخترقه", "مهكر", "مهكره", "انهكر", "اتهكر", "تهكر", "انهكرت", "اتهكرت", "تسرب", "تسربت", "انسرق", "اتسرق", "انسرقت", "اتسرقت", "اخترق")
	hackedThings  = wordSet("حساب", "حسابي", "الحساب", "ملفي", "ملف", "بياناتي", "معلوماتي", "صوري", "حساب-ابني")
	ordinalThe    = wordSet("الثالثه", "الرابعه", "الخامسه", "السادسه", "السابعه", "العاشره", "التالته", "الرابعة", "الخامسة")
	theftCalled   = wordSet("ده", "دي", "هاي", "هذي", "هذه", "هذا", "هاد", "هيدي", "هيدا", "اسمها", "اسمه", "يعني")
	passwordNouns = wordSet("مروري", "السر", "المرور", "الباسورد", "الباسوورد", "باسوردي", "password", "رقم-الجوال")
	changedWords  = wordSet("تغيرت", "تغير", "تغيير", "بتغيير", "اتغير", "اتغيرت", "غيروا", "غيرلي", "غيرولي", "غيرو", "changed", "reset",
		"مغيرين", "مغيره", "انغير", "انغيرت") // (the participle: "ومغيرين الباسورد", someone has changed it)
	hazardVerbsEn  = wordSet("sparks", "sparking", "sparked", "melted", "melting", "melts", "shocks", "shocked", "smoking", "smoked", "sizzling")
	applianceNouns = wordSet("heater", "charger", "cable", "plug", "socket", "outlet", "battery", "phone", "laptop", "oven", "kettle", "iron", "adapter", "fan", "wire", "wires", "microwave", "toaster", "appliance", "device", "powerbank", "bulb", "lamp", "stove", "dryer", "washer", "fridge", "heaters", "chargers", "cord", "extension", "ac", "boiler", "blender", "hairdryer", "straightener")
	// moreWords, thanWords: "more / higher (than)": after a verb of charging
	// (charged above the price shown), beside "did not use" (nothing more
	// than usual)
	moreWords       = wordSet("اعلى", "أعلى", "اكتر", "أكتر", "اكثر", "أكثر", "ازيد", "زياده", "زيادة")
	thanWords       = wordSet("من", "عن")
	sameWords       = wordSet("نفس", "لنفس", "نفسها", "نفسه", "ذاتها", "ذاته", "same")
	repeatedlyWords = wordSet("مرارا", "مراراً", "مرارًا", "تكرارا", "تكراراً", "repeatedly")
	fallPersons     = wordSet("طالب", "طالبه", "طالبة", "مريض", "مريضه", "عامل", "شخص", "امي", "ابوي", "ابويا", "والدي", "والدتي", "جدي", "جدتي", "مولودي", "رضيعي", "طفله", "طفلة")
	batteryWords    = wordSet("باور", "الباور", "بطاريه", "البطاريه", "بطارية", "البطارية", "battery", "powerbank")
	sickFrom        = wordSet("تعب", "تعبت", "تعبنا", "تعبوا", "مرض", "مرضت", "مرضنا")
	fromIt          = wordSet("منه", "منها", "منو", "مني", "منهم", "منا")
)

// moneyTakenAfter reports the writer's money right after a verb of taking,
// at toks[j]: a money noun (فلوسي, المبلغ), or "from me" then a money
// noun or an amount with its currency ("خذوا مني ١٢٠٠ درهم").
func moneyTakenAfter(toks []token, j int) bool {
	if j < len(toks) && fromMe[toks[j].key] {
		j++
	}
	if j >= len(toks) {
		return false
	}
	if toks[j].urgent() == uwMoney || moneyOwed[toks[j].key] {
		return true
	}
	return j+1 < len(toks) && countWord(toks[j].key) && currencies[toks[j+1].key]
}

// someoneChanged reports "someone changed" (حدا غير, حد غير) within three
// words before the password noun at toks[i]: غير alone is also "other
// than", so only after a word for someone.
func someoneChanged(toks []token, i int) bool {
	// "وغيّر الباسوورد": "and changed" joined to the noun's verb, after
	// what someone did (not "غير الباسورد", "other than" or "change it")
	if i > 0 && (toks[i-1].key == "وغير" || toks[i-1].key == "وغيرو" || toks[i-1].key == "وغيروا") {
		return true
	}
	for j := max(1, i-3); j < i; j++ {
		if toks[j].key == "غير" && r22Someone[strings.TrimPrefix(toks[j-1].key, "و")] {
			return true
		}
	}
	return false
}

// resetFeature reports "reset" or "reset" + link, email, code, page or
// button right after or before the password noun at toks[i]: the feature a
// customer uses, no intruder.
func resetFeature(toks []token, i int) bool {
	for _, j := range [...]int{i + 1, i - 1} {
		if j >= 0 && j < len(toks) && toks[j].key == "reset" {
			return j+1 < len(toks) && resetParts[toks[j+1].key] || j == i-1
		}
	}
	return false
}

var resetParts = wordSet("link", "links", "email", "emails", "code", "codes", "page", "button", "option", "form", "sms", "text")

// nearAfterPair reports a word of first followed by a word of second among
// the n tokens after toks[i] ("بسعر أعلى من").
func nearAfterPair(toks []token, i, n int, first, second map[string]bool) bool {
	for j := i + 1; j+1 < len(toks) && j <= i+n; j++ {
		if first[toks[j].key] && second[toks[j+1].key] {
			return true
		}
	}
	return false
}

// paidBefore reports "I paid" (دفعت, دفعنا) before toks[i].
func paidBefore(toks []token, i int) bool {
	for j := 0; j < i; j++ {
		if toks[j].urgent() == uwPaid || toks[j].key == "paid" {
			return true
		}
	}
	return false
}
