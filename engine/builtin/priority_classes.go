package builtin

import "strings"

// Priority classes of round 18 (issue 23), read in Arabic (Arabizi through
// its Arabic reading). The writers' conventions put these complaints high
// whatever dialect tells them; the rules before this round missed their
// Levantine and Egyptian forms (leave-one-writer-out cross-validation,
// docs/quality.md "Round 18: Arabic priority classes"):
//
//   - fire or electric hazard: sparks (شرار, شرر), a fear of the thing
//     catching fire or bursting ("خايف يولع", "خايفة تنفجر"), electricity
//     leaking from it ("بيسرب كهربا"): safety. A device that only runs hot
//     ("اللابتوب بيسخن كتير") stays medium.
//   - expired medicine: a medicine noun (دوا, الدواء, العلاج) up to four
//     words after or five before "expired" (منتهي الصلاحية, "الدوا اللي
//     اشتريته لأمي طلع منتهي"): safety, as wrong medicine is.
//     Expired food or coffee is labelled medium and is not read here.
//   - a legal threat: a verb of filing in the first person (هرفع, رح ارفع,
//     هعمل, سأقدم) up to three words before a lawsuit or police report
//     (قضية, دعوى, محضر): a stronger threat than leaving.
//   - the loanword "refund" (ريفند, الريفاند): a refund claimed, as
//     استرجاع is (urgentWords) and as the Arabizi "refund" is read.
//   - money taken or a plan renewed without consent: a passive or
//     second-person verb of renewing or debiting (اتجدد, بيتسحب, جددتوا)
//     with "by itself" (لوحده, لحاله, تلقائيا) after it or "without my
//     consent" (من غير ما أوافق, بدون موافقتي, دون إذني) up to five words
//     after it.
//   - stranded away: the circumstantial "while I am abroad / travelling /
//     at the airport / on the road" (وأنا مسافر, وأنا برا, وانا بالمطار,
//     واحنا مسافرين) or "stuck on the road" (علقت عالطريق): a failure that
//     leaves the writer without recourse far from home.
//   - vehicle brakes failing (الفرامل, فرامل): safety, in every labelled
//     comment that names them.
//   - gas leaking or smelt (تسرب غاز, ريحة غاز): safety.
//   - a deposit or commission taken (عربون, العمولة) and nothing given or
//     the taker gone (a negation, اختفى, هرب): money taken.
//   - an identity or data misused (استخدم هويتي, اتسرقت بياناتي, فتح خط
//     باسمي): a hacked account.
//   - the spoiled thing eaten or drunk (أكلنا منها, ولدي شرب منه) or a
//     belly aching (بطني يعورني): food poisoning.
//   - money still taken after the service ended (ما زالوا يقتطعون, لسه
//     بيخصموا).
//   - a hit and run (خبط عربيتي وهرب, صدم ... وشرد): harm done and the
//     company's driver gone.
//   - tired of contacting (تعبت من الاتصال, زهقت من الرسايل): contact
//     repeated without an answer, as repeatedContact's counts.
func classUrgent(toks []token) bool { return urgentClass(toks) != 0 }

// grievanceClass reports a class of classUrgent that only a grievance
// tells (a hazard, harm, money or identity taken, a legal threat): a
// comment the cues left "other" is a complaint (analyseTextBuf, as
// leavingOrDebited). Not the loanword "refund", nor "while I am away",
// which a plain question also says ("ازاي اعمل ريفند", "ينفع ادفع وانا
// مسافر").
func grievanceClass(toks []token) bool {
	k := urgentClass(toks)
	return k != 0 && k != ckRefund && k != ckSelf && k != ckStuck
}

// urgentClass is the kind (ckSpark ...) of the first class classUrgent
// finds in toks, 0 for none.
func urgentClass(toks []token) uint8 {
	deposit, gone := false, false
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		k := t.key
		kb := strings.TrimPrefix(k, "و")
		kind := classWords[k]
		if kind == 0 {
			kind = classWords[kb]
		}
		switch kind {
		case 0:
			continue
		case ckSpark, ckRefund:
			return kind
		case ckFear:
			for j := i + 1; j < len(toks) && j <= i+3; j++ {
				if fireVerb(toks[j].key) {
					return kind
				}
			}
		case ckLeak:
			for j := i + 1; j < len(toks) && j <= i+2; j++ {
				if electricNouns[toks[j].key] {
					return kind
				}
			}
		case ckMedicine:
			for j := max(0, i-4); j < len(toks) && j <= i+5; j++ {
				if expired(toks, j) {
					return kind
				}
			}
		case ckLegal:
			// "منتلاقى بالمحكمة": "(we meet) in court", "رايحين عالوزارة":
			// "(going) to the ministry" are the threat whatever verb comes
			// before them
			if precededBy(toks, i, 3, fileVerbs) || kb == "بالمحكمه" || kb == "بالمحاكم" || kb == "عالوزاره" || kb == "للوزاره" {
				return kind
			}
		case ckRenew:
			if withoutConsent(toks, i) {
				return kind
			}
		case ckSelf:
			// "وأنا", or "و أنا" apart as an Arabizi reading writes it
			if (k != kb || i > 0 && toks[i-1].key == "و") && awayAfter(toks, i) {
				return kind
			}
		case ckStuck:
			if i+1 < len(toks) && roadWords[toks[i+1].key] {
				return kind
			}
		case ckBrakes:
			return kind
		case ckGas:
			if nearAny(toks, i, 2, leakWords) {
				return kind
			}
		case ckDeposit:
			deposit = true
		case ckNeg:
			gone = true // "أخد العربون وما حجزوا": nothing given
		case ckGone:
			gone = true
		case ckOwnID:
			if precededBy(toks, i, 2, misuseVerbs) {
				return kind
			}
		case ckInMyName:
			if precededBy(toks, i, 3, openVerbs) {
				return kind
			}
		case ckConsume:
			// ("ما حدا أكل منه": nobody ate it)
			if i+1 < len(toks) && fromItWords[toks[i+1].key] && !negatedBefore(toks, i) && !precededBy(toks, i, 1, nobodyWords) {
				return kind
			}
		case ckBelly:
			if i+1 < len(toks) && acheVerb(toks[i+1].key) || i+2 < len(toks) && toks[i+1].key == "عم" && acheVerb(toks[i+2].key) {
				return kind
			}
		case ckStill:
			gone = true // (لسه, لسا: "still not")
			for j := i + 1; j < len(toks) && j <= i+2; j++ {
				if debitPresent(toks[j].key) {
					return kind
				}
			}
		case ckTired:
			if i+2 < len(toks) && toks[i+1].key == "من" && tiredOfNouns[toks[i+2].key] {
				return kind
			}
		case ckHit:
			for j := i + 1; j < len(toks) && j <= i+4; j++ {
				if fleeWords[toks[j].key] {
					return kind
				}
			}
		}
	}
	// (not a commission found dear: "العمولة صارت غالية، مش معقول" is the
	// price, medium)
	if deposit && gone && !anyDear(toks) {
		return ckDeposit
	}
	return 0
}

// nearAny: a word of set up to n words before or after toks[i].
func nearAny(toks []token, i, n int, set map[string]bool) bool {
	for j := max(0, i-n); j < len(toks) && j <= i+n; j++ {
		if j != i && set[strings.TrimPrefix(toks[j].key, "و")] {
			return true
		}
	}
	return false
}

// acheVerb: a verb of aching or hurting (يعورني, بيوجعني, توجعني, وجعني).
func acheVerb(k string) bool {
	return strings.Contains(k, "وجع") || strings.Contains(k, "عور") || k == "مقطعني" || k == "بيقطعني"
}

// debitPresent: a present verb of deducting or withdrawing with its person
// prefix (يقتطعون, يخصموا, بيسحبوا, عم يخصمو read as one word or two).
func debitPresent(k string) bool {
	k = strings.TrimPrefix(k, "ب")
	for _, p := range []string{"ي", "ت"} {
		if s, ok := strings.CutPrefix(k, p); ok && (strings.HasPrefix(s, "خصم") || strings.HasPrefix(s, "سحب") || strings.HasPrefix(s, "قتطع") || strings.HasPrefix(s, "شيل")) {
			return true
		}
	}
	return false
}

// expired: toks[j] says "expired" (منتهي, اكسباير), or a verb of running
// out before its shelf life ("انتهت صلاحيته", "متخلصة صلاحيته"); "the
// medicine ran out" (الدوا خلصان) is not expired.
func expired(toks []token, j int) bool {
	k := toks[j].key
	if expiredWords[k] {
		return true
	}
	return lapseWords[k] && j+1 < len(toks) && (strings.HasPrefix(toks[j+1].key, "صلاحي") || strings.HasPrefix(toks[j+1].key, "الصلاحي"))
}

// withoutConsent: after the renewing or debiting verb toks[i], "by itself"
// right after it (a noun may stand between: "اتجدد الاشتراك لوحده") or
// "without (that) I agree / my consent" up to five words after it.
func withoutConsent(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+5; j++ {
		k := toks[j].key
		if j <= i+2 && chargedSelfWords[k] {
			return true
		}
		if !withoutWords[strings.TrimPrefix(k, "و")] {
			continue
		}
		for n := j + 1; n < len(toks) && n <= j+2; n++ {
			if arConsentWords[toks[n].key] {
				return true
			}
		}
	}
	return false
}

// awayAfter: after "and I / we" (وأنا, واحنا) toks[i], a word of being away
// from home (مسافر, برا, بالمطار) or "at / on" with the airport or the road.
func awayAfter(toks []token, i int) bool {
	if i+1 >= len(toks) {
		return false
	}
	k := toks[i+1].key
	if awayWords[k] {
		return true
	}
	return (k == "في" || k == "وصل" || k == "واصل" || k == "واصله") && i+2 < len(toks) && roadWords[toks[i+2].key]
}

// fireVerb: an imperfect verb (with its person, future or progressive
// prefix) of catching fire, burning, bursting or electrocuting (يولع,
// هتولع, يحترق, تنفجر, يكهرب).
func fireVerb(k string) bool {
	for _, p := range []string{"هي", "هت", "حي", "حت", "بي", "بت", "ي", "ت"} {
		s, ok := strings.CutPrefix(k, p)
		if !ok {
			continue
		}
		for _, st := range fireStems {
			if strings.HasPrefix(s, st) {
				return true
			}
		}
	}
	return false
}

var fireStems = []string{"ولع", "حرق", "حترق", "نحرق", "نفجر", "فرقع", "كهرب"}

// The kinds of the words of classWords.
const (
	ckSpark = iota + 1
	ckRefund
	ckFear
	ckLeak
	ckMedicine
	ckLegal
	ckRenew
	ckSelf
	ckStuck
	ckBrakes
	ckGas
	ckDeposit
	ckGone
	ckOwnID
	ckInMyName
	ckConsume
	ckBelly
	ckStill
	ckHit
	ckTired
	ckNeg // a negation (for ckDeposit)
)

var classWords = func() map[string]uint8 {
	m := map[string]uint8{}
	add := func(kind uint8, ws ...string) {
		for _, w := range ws {
			m[foldKey(w)] = kind
		}
	}
	add(ckSpark, "شرار", "شرارة", "شرر", "بشرار", "شرارات")
	add(ckRefund, "ريفند", "الريفند", "الريفاند", "ريفاند", "بالريفند", "للريفند")
	add(ckFear, "خايف", "خايفة", "خايفين", "خوفي", "بخاف", "خفت")
	add(ckLeak, "يسرب", "بيسرب", "بتسرب", "تسرب", "بيسرّب", "بيطلع", "بتطلع")
	add(ckMedicine, "دوا", "الدوا", "دواء", "الدواء", "دوه", "الدوه", "العلاج", "الادويه", "الأدوية", "ادوية", "للدوا", "الحقن", "الانسولين")
	add(ckLegal, "قضية", "قضيه", "دعوى", "دعوة", "محضر", "مهدر", "بلاغ", "القضاء", "للقضاء", "المحكمه", "للمحكمه", "المحاكم", "للمحاكم", "بالمحكمه", "بالمحاكم", "عالوزاره", "للوزاره", "الوزاره", "الشرطه", "للشرطه", "البوليس", "للبوليس", "لهيئه", "هيئه", "الهيئه", "للهيئه", "النقابه", "للنقابه", "بالنقابه", "نقابه")
	add(ckRenew, "اتجدد", "اتجددت", "تجدد", "تجددت", "بيتجدد", "جددتو", "جددتوا", "جددوا", "جددو", "جدد", "جددتولي",
		"بيتسحب", "يتسحب", "بتتسحب", "تتسحب", "بينسحب", "ينسحب", "بيتخصم", "يتخصم", "بتتخصم", "تتخصم", "بينخصم", "ينخصم",
		"اتسحب", "انسحب", "انسحبت", "اتسحبت", "اتخصم", "انخصم", "اتخصمت", "انخصمت", "سحبتو", "سحبتوا", "خصمتو", "خصمتوا", "سحبوا", "خصموا",
		// the active present: "الخط بيسحب رصيد لوحده"
		"بيسحب", "يسحب", "بتسحب", "تسحب", "بيخصم", "يخصم", "بتخصم", "تخصم")
	add(ckSelf, "انا", "احنا", "نحن", "إحنا")
	add(ckStuck, "علقت", "علقنا", "اتعلقت", "اتعلقنا", "تعلقنا")
	add(ckBrakes, "فرام", "الفرام", "فرامل", "الفرامل", "بالفرامل", "فراملها", "فرامله", "فرمل", "والفرامل")
	add(ckGas, "غاز", "الغاز", "بالغاز", "بنزين", "البنزين", "سولار", "السولار", "ديزل", "الديزل") // (fuel leaks too: "تسريب بنزين عند المضخة")
	add(ckDeposit, "عربون", "العربون", "عربوني", "العمولة", "العموله", "عمولتي")
	add(ckGone, "اختفى", "اختفي", "اختفوا", "اختفت", "هرب", "هربوا", "شرد", "شردوا", "فص", "طنش")
	add(ckOwnID, "هويتي", "بياناتي", "بطاقتي الشخصيه", "رقمي القومي")
	add(ckInMyName, "باسمي", "بإسمي", "عاسمي", "على اسمي")
	add(ckConsume, "اكلنا", "أكلنا", "اكلت", "أكلت", "اكلو", "اكلوا", "أكلوا", "شرب", "شربت", "شربنا", "شربوا", "شربو", "اكل", "أكل")
	add(ckBelly, "بطني", "معدتي", "بطنه", "بطنها", "معدته")
	add(ckStill, "زالوا", "زالو", "مازالوا", "لسه", "لسا", "لساتهم", "لسى", "زال", "مازال", "لازالوا", "لازالو")
	add(ckTired, "تعبت", "زهقت", "مليت", "طفشت", "تعبنا", "زهقنا", "ملينا", "طفشنا", "قرفت")
	for _, set := range []map[string]bool{refundNegations, verbNegators} {
		for w := range set {
			if m[w] == 0 && m[strings.TrimPrefix(w, "و")] == 0 { // (ولسه: ckStill's لسه)
				m[w] = ckNeg
			}
		}
	}
	add(ckHit, "خبط", "خبطلي", "صدم", "صدملي", "دعم", "دعملي", "دهس", "صدمت", "خبطت", "خبطو", "صدمو")
	return m
}()

var (
	leakWords = wordSet("تسرب", "تسريب", "بيسرب", "يسرب", "ريحه", "ريحة", "ريحت", "رائحه", "رائحة", "يهرب", "بيهرب", "ريحته",
		"تنفس", "بتنفس", "بيفس", "بتفس", "تفس") // (Levantine "breathes out": "عم تنفّس غاز")
	misuseVerbs   = wordSet("استخدم", "استخدموا", "استعمل", "سرق", "سرقوا", "اتسرقت", "انسرقت", "تسربت", "سرقت", "هكر", "اخد", "اخذ", "انتحل")
	openVerbs     = wordSet("فتح", "فتحوا", "فتحو", "طلع", "طلعوا", "سجل", "سجلوا", "عمل", "عملوا", "اشترى", "اشتري", "خط")
	tiredOfNouns  = wordSet("الاتصال", "الاتصالات", "التلفونات", "التليفونات", "المكالمات", "الرسايل", "الرسائل", "المراجعه", "المراجعات", "التواصل", "المتابعه", "الايميلات", "اتصالاتي")
	fromItWords   = wordSet("منه", "منها", "منو", "منهم", "منن")
	fleeWords     = wordSet("وهرب", "وشرد", "واختفى", "وهربوا", "وشردوا", "هرب", "شرد", "وفص", "وطار", "ومشي", "ومشى")
	electricNouns = wordSet("كهربا", "كهرباء", "الكهربا", "الكهرباء", "كهربه", "الكهربه")
	expiredWords  = wordSet("منتهي", "منتهية", "منتهيه", "منتهى", "اكسباير", "مكسبر")
	lapseWords    = wordSet("انتهت", "خلصت", "متخلصه", "متخلصة", "انتهى", "خالصه")
	fileVerbs     = wordSet("سأتوجه", "ساتوجه", "سالجا", "سألجأ", "بروح", "هروح", "حروح", "اروح", "بشتكي", "هشتكي", "سأشتكي", "ساشتكي", "رايح", "هاخدكم", "هجرجركم", "ارفع", "هرفع", "برفع", "حرفع", "سأرفع", "سارفع", "نرفع", "هنرفع", "بنرفع", "حنرفع", "هعمل", "حعمل", "بعمل", "اعمل", "هعملكم", "هعملكو", "هعملك", "هقدم", "حقدم", "بقدم", "اقدم", "سأقدم", "سنرفع", "هنعمل", "رافع", "رافعه", "هبلغ", "ببلغ", "رح بلغ",
		"سأبلغ", "سابلغ", "وسأبلغ", "وسابلغ", "سنبلغ", "لرفع", "سأتقدم", "ساتقدم", "وسأتقدم", "وساتقدم")
	chargedSelfWords = wordSet("لوحده", "لوحدو", "لحاله", "لحالو", "لوحدها", "لحالها", "تلقائي", "تلقائيا", "تلقائياً", "اوتوماتيك", "أوتوماتيك")
	withoutWords     = wordSet("غير", "بدون", "بلا", "دون", "بغير")
	arConsentWords   = wordSet("اوافق", "أوافق", "موافقتي", "موافقتنا", "استأذن", "استاذن", "تستأذنوني", "تستاذنوني", "استأذنتوني", "استاذنتوني", "اذني", "إذني", "علمي")
	awayWords        = wordSet("مسافر", "مسافرة", "مسافره", "مسافرين", "مسفر", "مسفرين", "برا", "بره", "بالمطار", "بالطريق", "عالطريق", "بالغربه", "بالغربة", "بالسفر", "بالخارج")
	roadWords        = wordSet("الطريق", "المطار", "عالطريق", "بالطريق", "بالمطار", "المتار", "بنص", "بنص الطريق", "بالصحرا")
)

// anyDear reports a word of dearness (غالي, غالية) in toks.
func anyDear(toks []token) bool {
	for i := range toks {
		if dearWords[toks[i].key] {
			return true
		}
	}
	return false
}
