package builtin

import "strings"

// Urgent classes read in issue 23's nineteenth session from new read sets
// (lev25, az5, engprio3) and the sets of the eighteenth session, each a
// form of the spec's urgency the rules before missed (read, like
// r26Classes, only for a complaint no other rule made high):
//
//   - paid and not given what was paid for: a payment (دفعت, قبض,
//     اشتريت, the money cut from the account) and a receipt denied
//     outright or cut short ("ما وصلني ولا رابط", "ما اعطوني غير ١٢",
//     "ما وصلت أبداً"), or an order the writer cancelled ("لغيت الطلب
//     ومع هيك قطعولي ٢٥$");
//   - money promised back and not paid after weeks: a promise (وعد,
//     قالولي) of a return (يرجعه, ترجعولي) and a wait of weeks or months
//     ("وعد يرجعه من شهر ونص");
//   - a fake page or account in the brand's name (صفحة مزورة باسمكم):
//     fraud;
//   - shut out of home by the brand's lock ("نحنا برا البيت والقفل
//     معطل"): stranded;
//   - a wound: a body part split open ("ركبتي اتفتحت"), wounds or burns
//     named (جروح, حروق, انجرحت): harm;
//   - a balance gone unused ("رصيدي راح في يوم واحد وأنا ما استخدمت
//     شي"): money taken;
//   - breathing hard or impossible ("تنفسه صار صعب", "مش قادر يتنفس"):
//     harm;
//   - a sum paid to the writer judged too small ("التعويض اللي عطوني ياه
//     قليل"): a grievance (a complaint where the head read none), not
//     urgent.
//
// r26Classes reads more of them, with this session's words: a family
// wedding or an operation tomorrow, points at zero, results leaked
// (تسريب), privacy invoked (لخصوصيتي).
//
// English (enR27): an authority a complaint is taken to ("taking this to
// the ombudsman", "lodging a complaint with the ACCC"), a bill due today
// or tomorrow, flying tomorrow, someone who got into the writer's account,
// a driver drunk or smelling of alcohol, a payout or a credit still owed.
func r27Classes(toks []token) (urgent, harm bool) {
	balance, gone, unused := false, false, false
	paid, denied, promise, back, span, fake, page, out, home, lock, body, split := false, false, false, false, false, false, false, false, false, false, false, false
	cancelled, sum, small := false, false, false
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			// the credit of an Arabizi comment, kept Latin ("3abbayt 10$
			// credit w khilis kello")
			balance = balance || t.key == "credit" || t.key == "balance" || latinBalance[t.key]
			gone = gone || t.key == "zero"
			lock = lock || t.key == "lock"
			continue
		}
		k := strings.TrimPrefix(t.key, "و")
		kind := r27Words[k]
		if kind == 0 && (strings.HasPrefix(k, "استخدمت") || strings.HasPrefix(k, "استعملت")) {
			kind = r27Used // "ما استخدمتهاش", "ما استعملتها"
		}
		switch kind {
		case r27Paid:
			paid = true
		case r27Cancel:
			cancelled = true
		case r27Not:
			// "ما وصلني ولا رابط", "ما اعطوني غير ١٢", "ما وصلت أبداً"
			if i+2 < len(toks) && r27Words[toks[i+1].key] == r27Got && receiptCut(toks, i+2) {
				denied = true
			}
		case r27Promise:
			promise = true
		case r27Back:
			back = true
		case r27Span:
			span = true
		case r27Fake:
			fake = true
		case r27Page:
			page = true
		case r27Outside:
			out = true
		case r27Home:
			home = home || out
		case r27Lock:
			lock = true
		case r27Body:
			body = true
		case r27Split:
			split = split || body
		case r27Wound:
			return true, true
		case r27Breathing:
			// "تنفسه صار صعب", "نفسها ضيق", "مش قادر يتنفس": breathing
			// hard or impossible (the allergy after a food, the smoke)
			if hardNear(toks, i) {
				return true, true
			}
		case r27Used:
			// "ما استخدمت شي", "بلا ما استعمل": unused
			// (the negation with a joined و too: "وما استعملت النت")
			if i > 0 {
				p := strings.TrimPrefix(toks[i-1].key, "و")
				unused = unused || p == "ما" || p == "بلا" || p == "بدون"
			}
		}
		if r26Words[k] == r26Balance {
			balance = true
		}
		// a sum paid to the writer, then judged too small ("التعويض اللي
		// عطوني ياه قليل"): a grievance, not urgent
		sum = sum || paidSums[k]
		small = small || sum && tooLittle[k]
		// "رصيدي راح في يوم", "خلص كلو": gone (not the future راح before
		// a verb: "راح يخلص")
		if (k == "راح" || k == "خلص") && (i+1 == len(toks) || !imperfectAr(toks[i+1].key)) || r26Words[k] == r26Gone || k == "زيرو" {
			gone = true
		}
	}
	grievance := balance && gone && (unused || paid) || paid && (denied || cancelled) || promise && back && span || fake && page || out && home && lock || split
	return grievance, grievance || small
}

// paidSums: a sum paid to the writer (compensation, a salary, a reward);
// tooLittle: judged too small.
var (
	paidSums  = wordSet("التعويض", "تعويض", "تعويضي", "الراتب", "راتبي", "المكافاه", "المكافأة", "مكافاتي", "الاسترداد")
	tooLittle = wordSet("قليل", "قليله", "قليلة", "زهيد", "زهيده", "بسيط")
)

// receiptCut reports, at toks[j] or the word after it, "ولا" + a word,
// "غير" + a count, or "أبداً": what was paid for denied outright or cut
// short ("ما وصلني ولا رابط", "ما اعطوني غير ١٢", "ما وصلني منه ولا شي").
func receiptCut(toks []token, j int) bool {
	for end := j + 2; j < len(toks) && j < end; j++ {
		k := toks[j].key
		switch {
		case k == "ولا" && j+1 < len(toks):
			return true
		case cutShort[k]:
			return j+1 < len(toks) && (dayCount(toks[j+1].key) > 0 || countNounAr[toks[j+1].key])
		case neverAr[k]:
			return true
		}
	}
	return false
}

var (
	cutShort = wordSet("غير", "الا", "إلا", "بس")
	neverAr  = wordSet("ابدا", "أبداً", "أبدا", "نهائي", "نهائيا", "نهائياً", "خالص", "اصلا", "أصلاً", "اصلاً", "اصلن")
)

// countNounAr: a count written as a word ("غير حصتين", "غير وحدة").
var countNounAr = wordSet("حصتين", "حصه", "حصة", "وحده", "وحدة", "واحد", "واحده", "قطعه", "قطعة", "قطعتين", "نص", "نصها", "نصهم", "شوي", "شوية", "جزء")

// The kinds of the words of r27Words.
const (
	r27Paid = iota + 1
	r27Not
	r27Got
	r27Promise
	r27Back
	r27Span
	r27Fake
	r27Page
	r27Outside
	r27Home
	r27Lock
	r27Body
	r27Split
	r27Wound
	r27Used
	r27Cancel
	r27Breathing
)

// r27Words: the kind of each Arabic word r27Classes reads (keys folded, a
// joined و removed before the lookup).
var r27Words = wordKinds(func(add func(kind uint8, ws ...string)) {
	// a payment: paid, took the money, bought for a price, the money cut
	add(r27Paid, "دفعت", "دفعنا", "دفعتلكم", "دفعتلكن", "دفعتلهم", "دافع", "دافعه", "دافعين", "قبض", "قبضت", "قبضو", "قبضوا", "قبضتو", "اشتريت", "اشترينا",
		"انقطعت", "انقطعو", "قطعولي", "قطعوا", "قطعو", "انخصمت", "انسحبت", "خصمولي", "سحبولي")
	add(r27Not, "ما", "مو", "مش")
	// received: reached me, came, gave me, got
	add(r27Got, "وصلني", "وصلنا", "وصلت", "وصل", "وصلتني", "اجا", "اجاني", "اجانا", "جاني", "جانا", "اعطوني", "عطوني", "اعطانا", "اعطاني", "عطانا", "عطاني", "اداني", "ادانا", "استلمت", "استلمنا", "شفت", "شفنا")
	// a promise of money back
	add(r27Promise, "وعد", "وعدوني", "وعدو", "وعدوا", "وعدتوني", "وعدتونا", "قالولي", "قلتولي", "قلتولنا", "قالولنا", "قالوا", "قالو", "قالوالي")
	add(r27Back, "بيرجع", "بيرجعلي", "بيرجعولي", "بترجع", "يرجع", "يرجعه", "يرجعوه", "يرجعو", "يرجعوا", "ترجعولي", "يرجعولي", "ترجعوه", "ترجعوا", "ترجعو", "يرجعلي", "ترجعلي", "يرجعوها", "يرجعها", "ترجعوها",
		"يردو", "يردوا", "يعوضوني", "تعوضوني", "ترجيع", "استرجاع", "الاسترجاع")
	// a wait of weeks or months
	add(r27Span, "اسابيع", "أسابيع", "اسبوعين", "أسبوعين", "شهر", "شهرين", "اشهر", "أشهر", "شهور", "جمعتين")
	add(r27Fake, "مزوره", "مزورة", "مزور", "وهميه", "وهمية", "مزيفه", "مزيفة", "مزيف", "منتحله", "منتحلة")
	// in the brand's name (a fake account alone is news: "270 مليون حساب مزيف")
	add(r27Page, "باسمكم", "باسمكن", "باسمكو", "باسمك", "اسمكم", "باسمنا")
	// outside the house, and the lock that keeps the writer out
	add(r27Outside, "برا", "بره", "برات", "خارج")
	add(r27Home, "البيت", "الدار", "الشقه", "الشقة", "البيت،")
	add(r27Lock, "القفل", "قفل", "الكالون", "المفتاح", "الباب", "البوابه", "البوابة")
	// a body part split open; wounds and burns named
	add(r27Body, "ركبتي", "ركبته", "ركبتها", "راسي", "راسه", "راسها", "ايدي", "ايده", "ايدها", "ايدو", "رجلي", "رجله", "رجلها", "اصبعي", "اصبعه", "جبينه", "جبيني", "حاجبه", "شفته", "دقنه")
	add(r27Split, "اتفتحت", "انفتحت", "انفتح", "اتفتح", "انشقت", "انشق", "اتشقت", "انجرحت", "اتجرحت")
	add(r27Wound, "جروح", "بجروح", "حروق", "بحروق", "نزيف", "بنزف", "عم ينزف")
	add(r27Breathing, "تنفسه", "تنفسها", "تنفسي", "تنفسو", "تنفسهم", "يتنفس", "تتنفس", "اتنفس", "نتنفس", "بيتنفس", "بتتنفس")
	add(r27Cancel, "لغيت", "الغيت", "ألغيت", "كنسلت", "لغينا", "الغينا", "كنسلنا")
	add(r27Used, "استخدمت", "استعملت", "استعمل", "استخدم", "استخدمنا", "استعملنا", "استهلكت")
})

// hardNear reports a word of difficulty (صعب, ضيق, بصعوبة) within three
// words after toks[i], or a negation of being able (مش قادر, ما عم يقدر,
// ما قدر) up to three words before it.
func hardNear(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		if breathHard[toks[j].key] {
			return true
		}
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if canNot[toks[j].key] && (j >= 1 && verbNegators[toks[j-1].key] || j >= 2 && verbNegators[toks[j-2].key]) {
			return true
		}
	}
	return false
}

var (
	breathHard = wordSet("صعب", "صعبه", "صعبة", "ضيق", "بصعوبه", "بصعوبة", "انقطع", "مقطوع", "بيضيق", "عم يضيق")
	canNot     = wordSet("قادر", "قادره", "قادرة", "يقدر", "تقدر", "قدر", "قدرت", "بيقدر", "بتقدر")
)

// imperfectAr reports a verb in the imperfect (يخلص, تروح, نشوف, بيخلص,
// اشوف): the future after راح.
func imperfectAr(k string) bool {
	if spanAfterGone[k] {
		return false // "راح بيومين": gone in two days
	}
	r := []rune(k)
	return len(r) >= 3 && (r[0] == 'ي' || r[0] == 'ت' || r[0] == 'ن' || r[0] == 'ا' || r[0] == 'ب' && (r[1] == 'ي' || r[1] == 'ت' || r[1] == 'ن'))
}

// spanAfterGone: how fast a balance went ("راح بيومين", "خلص بساعة").
var spanAfterGone = wordSet("بيوم", "بيومين", "بساعه", "بساعة", "بساعتين", "باسبوع", "بأسبوع", "بشهر", "بليله", "بليلة", "بدقايق", "بدقيقه", "بدقيقة")

// enR27 reads the English forms of this session's classes (see
// r27Classes): urgent, and a grievance too (a comment left "other" that
// tells one is a complaint) but for a bill due or a flight, which are
// urgent only beside a complaint.
func enR27(toks []token) (urgent, grievance bool) {
	driver, alcohol, money, owed := false, false, false, false
	for i := range toks {
		t := &toks[i]
		if t.arabic {
			continue
		}
		k := t.key
		next, next2 := nextKeys(toks, i)
		switch {
		case (k == "taking" || k == "take" || k == "lodging" || k == "escalating") && enAuthorityNear(toks, i):
			return true, true // "taking this to the financial ombudsman"
		case k == "due" && (next == "today" || next == "tomorrow" || next == "tonight"):
			return true, false // "rent is due today and you froze my account"
		case (k == "fly" || k == "flying") && (next == "tomorrow" || next == "tonight" || next == "today" || next2 == "tomorrow" || next2 == "tonight"):
			return true, false // "i fly tomorrow morning"
		case k == "got" && next == "into" && (next2 == "my" || next2 == "our"):
			return true, true // "someone got into my mobile banking"
		case k == "driver" || k == "drivers" || k == "cabbie":
			driver = true
		case k == "drunk" || k == "alcohol" || k == "booze" || k == "intoxicated":
			alcohol = true
		case k == "payout" || k == "reimbursement" || k == "compensation" || k == "credited":
			money = true // "still no payout", "still hasnt been credited back"
		case k == "still" || k == "hasnt" || k == "hasn't" || k == "havent" || k == "haven't":
			owed = true
		}
	}
	u := driver && alcohol || money && owed
	return u, u
}

// enAuthorityNear: an authority (enAuthority, or a regulator named by its
// letters) up to five words after toks[i].
func enAuthorityNear(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+5; j++ {
		if k := toks[j].key; enAuthority[k] || enRegulators[k] {
			return true
		}
	}
	return false
}

// enRegulators: consumer regulators and ombudsmen named by their letters.
var enRegulators = wordSet("accc", "fca", "ofcom", "ofgem", "ftc", "cfpb", "trai", "rbi", "cma", "fos", "tribunal", "court", "lawyer", "solicitor")

// latinBalance: a balance of points or coins named by its loan in an
// Arabizi comment ("el points elly fel wallet", "kel el coins").
var latinBalance = wordSet("points", "coins", "coin", "gems", "credits", "wallet")
