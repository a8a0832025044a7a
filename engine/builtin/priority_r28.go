package builtin

import (
	"bytes"
	"strings"
)

// Urgent classes read in issue 23's twentieth session from new read sets
// (levprio15, lev26, azprio3, az6), each a form of the spec's urgency the
// rules before missed (read, like r27Classes, only for a complaint no other
// rule made high). Arabic; Arabizi reaches them through its reading (the
// words of r28Words are words of the transliterator's trie):
//
//   - personal data published: a verb of publishing or leaking (نشرت,
//     نزلوا, حاطط, سربوا) and personal data (اسماء, ارقام, هويتي,
//     معلوماتي) put somewhere public (جروب, صفحته, العام) or the
//     writer's own ("نشروا رقمي وعنواني"); a stranger's record sent to the
//     writer ("بعتولي وصفة مريض تاني فيها اسمه"): data leaked;
//   - money owed back and still not returned: a negated return (ما رجع,
//     ما رجعولي) of a sum paid (الرسوم, التأمين, الاشتراك, فلوسي) with
//     "still" or a span ("لهلأ", "صرلي 3 شهور");
//   - harm that nearly happened: "was about to" (a child كان رح يوقع,
//     كانت رح تولع) or an accident all but had (كنت بسوي حادث, كنت هعمل حادثة);
//   - a child left alone (تركها لحالها, عمرها 6 سنين), a family stranded
//     on a road (عطلت عالأوتوستراد ومعي طفل), a life-support device
//     without power (جهاز أكسجين): safety;
//   - charged for what the writer never took (عم يقطعلي ... على اشتراك
//     ما اشتركت فيه): money taken wrongly;
//   - paid and then cut off by the seller (حولتلهم ... وعملولي بلوك, اخد
//     العمولة وسكّر تلفونه), or sold a fake or a used part for the original
//     (إجاني تقليد, بدّل القطع الأصلية بمستعملة): fraud;
//   - a document about to lapse (الفيزا بتخلص بعد يومين) or an exam
//     tomorrow (امتحان بنتي بكرا): urgent in time (not alone a grievance:
//     "عندي امتحان بكرا" is news);
//   - a threat to move a child or the custom elsewhere (رح ننقله لمدرسة
//     تانية): leaving.
func r28Classes(toks []token) (urgent, grievance bool) {
	var publish, data, public, own, stranger, strangerData bool
	var negReturn, sum, still, was, harmWord, alone, child, broke, road, device bool
	var debit, neverTook, paid, ordered, cut, fake, original, doc, lapse, soon, exam, move, other, device2, power bool
	var moneyGone, notCame, trip, hours, shock, someone, fused, nothing, sick, vomit bool
	var cannotWait, injured, fraud, body, swollen, fever bool
	var medicine, expiredMed, complainTo, authority, kept, trapped, hospital bool
	ownData := 0
	dataNouns, fall := 0, false
	for i := range toks {
		t := &toks[i]
		k := t.key
		if !t.arabic {
			// Latin loans of an Arabic sentence ("عملولي block")
			cut = cut || k == "block" || k == "blocked"
			continue
		}
		// the word as written, else without a joined و ("وولادي" but
		// "واحد", "وقفت", "ولادي" kept whole)
		kind := r28Words[k]
		if kind == 0 {
			k = strings.TrimPrefix(k, "و")
			kind = r28Words[k]
		}
		// the other sets this reads, in one lookup (r28Aux)
		aux := r28Aux[k]
		if k != t.key {
			aux |= r28Aux[t.key]
		}
		still = still || aux&auxStill != 0
		paid = paid || aux&auxPaid != 0
		switch kind {
		case r28Publish:
			publish = true
		case r28Data:
			data = true
			dataNouns++
		case r28OwnData:
			data, own = true, true
			ownData++
		case r28Public:
			public = true
		case r28Stranger:
			// a stranger's record ("وصفة مريض تاني فيها اسمه"), a login
			// from a strange device ("انفتح الواتساب من جهاز غريب")
			if i > 0 {
				p := strings.TrimPrefix(toks[i-1].key, "و")
				stranger = stranger || personNouns[p] || personNouns[toks[i-1].key]
				device2 = device2 || p == "جهاز"
			}
			other = true
		case r28StrangerData:
			strangerData = true
		case r28Neg:
			// "ما رجعولي الرسوم", not "ما رجع يشتغل" (works again)
			if i+1 < len(toks) && r28Words[strings.TrimPrefix(toks[i+1].key, "و")] == r28Return && (i+2 == len(toks) || !imperfectAr(toks[i+2].key)) {
				negReturn = true
			}
			if i+1 < len(toks) && r28Words[toks[i+1].key] == r28Took {
				neverTook = true
			}
		case r28Sum:
			sum = true
		case r28Was:
			was = true
		case r28Fall:
			// a child about to fall ("ابني كان رح يوقع"), not a
			// contract about to be signed ("كان رح يوقع العقد")
			fall = fall || was && i > 0 && nearlyBefore[strings.TrimPrefix(toks[i-1].key, "و")]
		case r28Harm:
			// "كان رح يوقع", "كانت رح تولع", "كنت بسوي حادث"
			harmWord = harmWord || was && i > 0 && nearlyBefore[strings.TrimPrefix(toks[i-1].key, "و")]
		case r28HarmFused:
			// (twenty-first session) the future fused to the verb
			// after "was" ("كان هيخبط ابني", "كانت هتولع"): nearly
			harmWord = harmWord || was
		case r28Alone:
			alone = true
		case r28Child:
			child = true
		case r28Broke:
			broke, power = true, true
		case r28Road:
			road = true
		case r28Device:
			device = true
		case r28Debit:
			debit = true
		case r28Paid:
			paid = true
		case r28Ordered:
			ordered = true
		case r28Cut:
			cut = true
		case r28Close:
			// "سكّر تلفونه", "قفل الخط": not sugar, not a lock
			cut = cut || i+1 < len(toks) && lineNouns[toks[i+1].key]
		case r28Power:
			power = true
		case r28Fake:
			fake = true
		case r28Original:
			original = true
		case r28Doc:
			doc = true
		case r28Lapse:
			lapse = true
		case r28Soon:
			soon = true
		case r28Exam:
			exam = true
		case r28Move:
			move = true
		case r28Other:
			other = true
		}
		if aux == 0 {
			continue
		}
		if aux&auxMoney != 0 && i+1 < len(toks) && goneAfterMoney[strings.TrimPrefix(toks[i+1].key, "و")] {
			moneyGone = true // "مصاري راحو", "فلوسي طارت"
		}
		if aux&auxNot != 0 && i+1 < len(toks) && arrivedVerbs[toks[i+1].key] {
			notCame = true // "ما وصل اصلا"
		}
		if aux&auxAfter != 0 && (i+1 < len(toks) && hoursAhead[toks[i+1].key] || i+2 < len(toks) && digitsOnly(toks[i+1].key) && hoursAhead[toks[i+2].key]) {
			hours = true // "الرحلة بعد 3 ساعات", "بعد ساعتين"
		}
		if aux&auxElectricity != 0 && i > 0 && shockVerbs[strings.TrimPrefix(toks[i-1].key, "و")] {
			shock = true // "عم تعطي كهربا", "ضربتني كهربا"
		}
		kept = kept || aux&auxGetOut != 0 && i > 0 && keptIn(toks, i)
		trapped = trapped || aux&auxTrapped != 0
		if aux&auxPostpone != 0 && i > 0 && cannotWaitNeg[toks[i-1].key] {
			cannotWait = true // "عندي شغل ما يتأجل"
		}
		trip = trip || aux&auxTrip != 0
		someone = someone || aux&auxSomeone != 0
		fraud = fraud || aux&auxFraud != 0        // "دافع ٦٠ ريال، هذا غش"
		shock = shock || aux&auxElectrocuted != 0 // "ابني اتكهرب من الفيشة"
		injured = injured || aux&auxInjured != 0  // "ضهري اتصاب": urgent, no grievance alone (a player hurt in a match is news)
		body = body || aux&auxBody != 0
		fused = fused || aux&auxFusedNot != 0 // "مستلمناش حاجة", "موصلش"
		nothing = nothing || aux&auxNothing != 0
		sick = sick || aux&auxSick != 0
		vomit = vomit || aux&auxVomit != 0
		swollen = swollen || aux&auxSwollen != 0
		medicine = medicine || aux&auxMedicine != 0
		expiredMed = expiredMed || aux&auxExpired != 0
		complainTo = complainTo || aux&auxComplainTo != 0
		authority = authority || aux&auxAuthority != 0
		fever = fever || aux&auxFever != 0
		hospital = hospital || aux&auxHospital != 0
	}
	// the writer's own data, or a stranger's, tell a grievance; others'
	// (اسماء الطلاب) only when two kinds are out (names and numbers)
	ownLeak := publish && own || stranger && (strangerData || ownData > 0) || device2 || someone && ownData >= 2
	leak := ownLeak || publish && data && public
	owed := negReturn && sum && still
	// kept in a car, locked or alone at night ("الكابتن قفل الباب ورفض
	// ينزلني"): safety
	harm := harmWord || shock || kept && trapped || sick && vomit || sick && hospital || swollen && fever || medicine && expiredMed || fall && child || alone && child || broke && road && child || device && power
	taken := moneyGone && (notCame || paid) || paid && fused && (nothing || still) || debit && neverTook || paid && (cut || fraud) || (paid || ordered) && fake && original
	timed := doc && lapse && soon || exam && soon || trip && hours || cannotWait
	leave := move && other || complainTo && authority
	urgent = leak || owed || harm || taken || timed || leave || injured
	return urgent, ownLeak || leak && dataNouns >= 2 || owed || harm || taken || injured && body || complainTo && authority
}

const (
	r28Publish = iota + 1
	r28Data
	r28OwnData
	r28Public
	r28Stranger
	r28StrangerData
	r28Neg
	r28Return
	r28Took
	r28Sum
	r28Was
	r28Harm
	r28HarmFused
	r28Fall
	r28Alone
	r28Child
	r28Broke
	r28Road
	r28Device
	r28Debit
	r28Paid
	r28Ordered
	r28Cut
	r28Close
	r28Power
	r28Fake
	r28Original
	r28Doc
	r28Lapse
	r28Soon
	r28Exam
	r28Move
	r28Other
)

// r28Words: the kind of each Arabic word r28Classes reads (keys folded, a
// joined و removed before the lookup). A word has one kind: the first given.
var r28Words = wordKinds(func(add func(kind uint8, ws ...string)) {
	add(r28Neg, "ما", "مش", "مو", "لم", "ماحدا")
	add(r28Return, "رجعوش", "رجعتش", "رجعش", "رجعوهاش", "رجعوهوش", "رجعوليش", "رجعليش", "رجع", "رجعولي", "رجعلي", "رجعتلي", "رجعت", "رجعوا", "رجعو", "رجعوه", "رجعوها", "ردو", "ردوا", "ردولي", "رجعوهم", "رجعها", "رجعه", "رجعتولي", "رجعتلنا", "رجعولنا", "بيرجعوا", "يرجعوا", "ترجعو")
	add(r28Took, "اشتركت", "اشتركنا", "طلبته", "طلبتها", "طلبتهم", "اشتريته", "اشتريتها", "وافقت")
	add(r28Publish, "نشرت", "نشروا", "نشرو", "نشر", "منشور", "منشوره", "منشورين", "منشورة", "نزلت", "نزلوا", "نزلو", "حاطط", "حاططين", "حاططه", "حطت", "حطوا", "حطو", "سربوا", "سربو", "سرب", "سربت", "تسربت", "اتسربت", "اتسربوا", "اتسربو", "تسربوا", "تسربو", "وزعوا", "وزعو", "فضحوا")
	add(r28Data, "اسماء", "اسمائهم", "اسماءهم", "ارقام", "ارقامهم", "ارقامنا", "عناوين", "عناوينهم", "هويه", "الهويه", "بيانات", "البيانات", "معلومات", "المعلومات")
	add(r28OwnData, "رقمي", "عنواني", "هويتي", "بياناتي", "معلوماتي", "صوري", "جوازي", "ايميلي", "عقدي")
	add(r28Public, "جروب", "الجروب", "قروب", "القروب", "عالجروب", "العام", "عام", "الواتساب", "صفحته", "صفحتها", "صفحتهم", "الصفحه", "صفحه", "للكل", "الفيس", "الستوري")
	add(r28Stranger, "غريب", "غريبه", "غريبين", "تاني", "ثاني", "تانيه")
	add(r28StrangerData, "اسمه", "اسمها", "رقمه", "رقمها", "عنوانه", "عنوانها", "ملفه", "ملفها", "دواه", "دواها", "اسم", "عنوان")
	add(r28Sum, "الرسوم", "رسوم", "التامين", "التأمين", "تاميني", "العربون", "عربون", "المبلغ", "مبلغ", "فلوسي", "مصاريي", "الدفعه", "الاشتراك", "اشتراك", "المصاري", "الفلوس", "القسط", "الديبوزيت", "حقي", "العموله", "عمولة", "جنيه", "دينار", "ريال", "درهم", "دولار", "ليره", "الفلوس،")
	add(r28Was, "كان", "كانت", "كنت", "كنا", "كانو", "كانوا")
	add(r28Fall, "يوقع", "توقع")
	add(r28HarmFused, "هيخبط", "هيخبطه", "هيخبطها", "هتخبط", "هيدهس", "هيدهسه", "هيدهسها", "هتدهس", "هيموت", "هتموت", "هموت", "هيوقع", "هتوقع", "هتولع", "هيولع", "هيتحرق", "هتتحرق", "هيغرق", "هتغرق", "هيتخنق", "هتتخنق",
		"حيخبط", "حيدهس", "حيموت", "حتموت", "حيوقع", "حتوقع", "حتولع", "حيولع")
	add(r28Harm, "تولع", "يولع", "تحترق", "يحترق", "يموت", "تموت", "اموت", "نموت", "يختنق", "تختنق", "نختنق", "حادث", "حادثه", "ننقلب", "تنقلب", "ينقلب", "نتصادم", "يغرق", "تغرق")
	add(r28Alone, "لحاله", "لحالها", "لوحده", "لوحدها", "بروحه", "بروحها", "بمفرده", "بمفردها")
	add(r28Child, "بنتي", "ابني", "طفل", "طفلي", "طفلتي", "ولدي", "عمرها", "عمره", "الطفل", "الطفله", "اطفال", "الاطفال", "ولادي", "عيالي", "بنوتي", "ابنتي")
	add(r28Broke, "عطلت", "تعطلت", "اتعطلت", "خربت", "وقفت", "فصلت", "طفت")
	add(r28Road, "الاوتوستراد", "عالاوتوستراد", "الاوتستراد", "الطريق", "عالطريق", "الصحراوي", "الهاي", "الخط", "السريع")
	add(r28Device, "اكسجين", "الاكسجين", "الأكسجين", "الاوكسجين", "اوكسجين", "الانسولين", "انسولين",
		// (twenty-second session) the Arabizi reading of oxygen, a
		// breathing machine (آلة التنفس)
		"اكسيجن", "الاكسيجن", "التنفس", "تنفس")
	add(r28Debit, "يقطعلي", "بيقطعلي", "يقطعولي", "بيقطعولي", "يخصمولي", "بيخصمولي", "يخصم", "بيخصم", "يسحب", "بيسحب", "يسحبولي", "بيسحبو", "بيخصمو", "قطعولي", "خصمولي", "سحبولي", "انخصم", "انخصملي", "اتخصم", "اتخصملي", "بتنخصم", "بينخصم")
	add(r28Paid, "حولت", "حولتلهم", "حولتلهن", "حولتلو", "حولتله", "حولتلها", "حولنا", "دفعتلو", "دفعتله", "دفعتلها", "دفعتلهم", "اخد", "اخذ", "خد", "خدو", "اخدو", "اخدوا", "اخذوا")
	add(r28Close, "سكر", "قفل", "سكرو", "قفلو", "سكروا", "قفلوا")
	add(r28Power, "انقطع", "انقطعت", "قطعت", "الكهربا", "الكهرباء", "المولد", "المولّد", "طفى", "مقطوعه", "قاطع", "قاطعه", "الموتير", "الموتور") // (session 22: "الموتير قاطع", the Lebanese generator)
	add(r28Ordered, "طلبت", "طلبنا", "شريت", "اشتريت", "اشترينا", "شاري")
	add(r28Cut, "بلوك", "حظرني", "حظروني", "بلكني", "بلكوني")
	add(r28Fake, "تقليد", "مضروب", "مضروبه", "مستعمله", "مستعملة", "مستعمل", "مستعملين", "كوبي", "مقلد", "مقلده")
	add(r28Original, "اصلي", "اصليه", "اصلية", "الاصلي", "الاصليه", "الاصلية", "الأصلية", "الأصلي", "جديد", "جديده", "الجديد", "الجديده", "اوريجينال")
	add(r28Doc, "الفيزا", "فيزا", "الفيزه", "الاقامه", "اقامتي", "الجواز", "جوازي", "الباسبور", "الباسبورت", "التاشيره", "تاشيرتي", "فيزتي")
	add(r28Lapse, "بتخلص", "تخلص", "تنتهي", "بتنتهي", "بتنتهى", "تنتهى", "بتخلص،", "هتخلص", "هتنتهي")
	add(r28Soon, "بكرا", "بكره", "بكرة", "يومين", "اليوم", "النهارده", "الصبح", "الليله", "الليلة", "ساعتين", "ساعات",
		// (twenty-first session) Gulf and formal "tomorrow"
		"باجر", "باكر", "غدا", "غداً")
	add(r28Exam, "امتحان", "الامتحان", "امتحانه", "امتحانها", "امتحانات", "مقابله", "مقابلة", "انترفيو",
		// (twenty-third session) the Gulf word for an exam
		"اختبار", "الاختبار", "اختباري", "اختبارات",
		// (twenty-first session) a treatment that cannot be moved: an
		// operation, chemotherapy, dialysis, the heart
		"جراحه", "الجراحه", "لجراحه", "عمليه", "العمليه", "لعمليه", "الكيماوي", "كيماوي", "الكلي", "كلي", "للقلب", "القلب")
	add(r28Move, "ننقله", "ننقلها", "انقله", "انقلها", "بنقله", "بنقلها", "ننقلهم", "هنقله", "هنقلها")
	add(r28Other, "تانيه", "تانية", "ثانيه", "ثانية", "غيرها", "غيره", "تاني")
})

// personNouns: someone a record belongs to ("مريض تاني", "حدا غريب").
var personNouns = wordSet("مريض", "زبون", "شخص", "حدا", "واحد", "ناس", "عميل", "زبونه", "مريضه", "طالب", "لشخص", "لواحد", "لحد", "لحدا", "لناس", "لزبون", "لعميل")

// nearlyBefore: the word before a harm that nearly happened: "رح" (about
// to), or a verb of making an accident ("بسوي حادث", "هعمل حادثة").
var nearlyBefore = wordSet("رح", "ح", "راح", "كاد", "كادت", "بسوي", "اسوي", "نسوي", "بنسوي", "هعمل", "اعمل", "نعمل", "بعمل", "هنعمل", "سويت", "يعمل", "يسوي", "تعمل", "تسوي")

// lineNouns: what a seller closes to be out of reach (his phone, the line,
// the page).
var lineNouns = wordSet("تلفونه", "تلفونو", "تلفونها", "التلفون", "التليفون", "تليفونه", "تليفونها", "الخط", "خطه", "موبايله", "الموبايل", "الصفحه", "الحساب", "تلفوناتهم", "تلفونهم", "تلفونهن")

var (
	// r28Money: the writer's money; goneAfterMoney: gone ("مصاري راحو")
	r28Money       = wordSet("مصاري", "المصاري", "مصرياتي", "فلوسي", "الفلوس", "فلوس", "المبلغ", "مصاريي")
	goneAfterMoney = wordSet("راحو", "راحوا", "راحت", "راح", "طارو", "طاروا", "طارت", "انسحبو", "انسحبت", "اتسحبت", "اتسحبو", "انخصمو", "انخصمت", "ضاعو", "ضاعت")
	arrivedVerbs   = wordSet("وصل", "وصلت", "وصلني", "وصلتني", "اجا", "اجت", "جا", "جت", "وصلش", "وصلتش")
	// a trip about to leave ("الرحلة بعد 3 ساعات", "طيارتي بعد ساعتين")
	tripNouns  = wordSet("الرحله", "الرحلة", "رحلتي", "رحلتنا", "الطياره", "الطيارة", "طيارتي", "الفلايت", "فلايتي", "رحلته", "طيارته", "السفر", "سفري")
	hoursAhead = wordSet("ساعه", "ساعة", "ساعتين", "ساعات", "سعات", "ساعة،", "ساعتين،")
	// giving an electric shock: "عم تعطي كهربا", "ضربتني كهربا", "مسكتني كهربا"
	shockVerbs = wordSet("تعطي", "بتعطي", "بيعطي", "يعطي", "ضربتني", "ضربته", "ضربتها", "ضربني", "مسكتني", "مسكني", "مسكته", "لسعتني", "بتضرب", "بيضرب", "تضرب", "يضرب", "فيها", "فيه",
		// (twenty-first session) Levantine "ate electricity" (اكل كهربا: got a shock)
		"اكل", "اكلت", "أكل", "أكلت", "اكلنا", "كل",
		// Egyptian "got hit by electricity" (اتخبط كهربا)
		"اتخبط", "اتخبطت", "اتخبطنا")
)

var (
	// fusedNotReceived: a receipt denied with the negation fused (Egyptian
	// ما ... ش): "مستلمناش", "موصلش"
	fusedNotReceived = wordSet("مستلمناش", "مستلمتش", "ماستلمتش", "ماستلمناش", "موصلش", "موصلتش", "ماوصلش", "موصلنيش", "موصلناش", "مجاش", "ماجاش", "مجتش", "مجاليش", "ماجانيش")
	nothingWords     = wordSet("حاجه", "حاجة", "شي", "اشي", "شيء", "شئ")
	// sick and vomiting ("العيال تعبوا وفضلوا يرجعوا طول الليل"): food
	// poisoning told in everyday words
	sickWords = wordSet("تعبوا", "تعبو", "تعبت", "تعب", "تعبنا", "تعبانين", "تعبان", "تعبانه", "دخت", "اتسمم", "اتسممت", "اتسمموا",
		// (twenty-first session, read-through) an allergy come on ("جاله حساسية")
		"حساسيه", "حساسية", "الحساسيه")
	vomitWords = wordSet("يرجعوا", "يرجعو", "بيرجعوا", "بيرجع", "بترجع", "برجع", "ترجع", "يرجع", "استفراغ", "ترجيع", "يستفرغ", "بيستفرغ", "استفرغت", "رجعت", "يطرش", "بيطرش", "طرشت", "يتقيأ", "تقيؤ")
)

// enR28 reads the English forms of this session's classes, and the English
// harms and frauds the read sets told in words no rule read (engprio4): a
// family sick or vomiting after a meal, a stay in A&E, a dose given ten
// times over ("10mg instead of 1mg"), a carbon monoxide alarm, an oxygen
// machine without power; someone in the writer's account or acting in the
// writer's (or the brand's) name, a SIM swapped for a stranger, an account
// stolen; another person's data shown to the writer, or everyone's sent
// out; money kept or owed (a deposit kept, "never paid it over", "owe
// me"), a charge for what the writer never opened or signed; locked out at
// night. Each is urgent and tells a grievance (a comment left "other").
func enR28(toks []token) (urgent, grievance bool) {
	var buf [512]byte
	s, ok := enPhrases(toks, enR28Keys, &buf)
	if !ok {
		return false, false
	}
	money := false
	for i := range toks {
		if t := &toks[i]; !t.arabic {
			money = money || enMoney[t.key] || strings.ContainsAny(t.key, "£$€")
		}
	}
	has := func(ps ...string) bool { return phraseIn(s, ps...) }
	switch {
	case has(" threw up ", " throwing up ", " vomiting ", " food poisoning ", " sick after ", " ill after ", " ended up in "),
		has(" instead of ") && has("mg ", " mg "),
		has(" co alarm ", " carbon monoxide "),
		has(" oxygen machine ", " oxygen concentrator ", " dialysis "),
		has(" logged into my ", " logged in to my ", " logged into our ", " from another country ", " sim swap ", " got stolen ", " was stolen ", " been stolen "),
		has(" in my name ", " in my mums name ", " in my mum's name ", " in my dads name ", " in my dad's name ", " using your name ", " fake page ", " copying your "),
		has(" someone elses ", " someone else's ", " another customers ", " another customer's ", " a colleagues ", " a colleague's ", " every parents ", " every parent's ", " other peoples ", " other people's ") && has(" name ", " address ", " phone ", " card ", " payslip ", " details ", " data ", " number "),
		money && has(" never paid it ", " kept my ", " owe me ", " owes me ", " without paying back ", " never opened ", " never signed ", " without a word ", " took my deposit "),
		has(" locked out ") && has(" midnight ", " night ", " kids ", " baby ", " freezing ", " cold ", " 10pm ", " 11pm ", " 12am ", " 1am ", " 2am ", " 3am "):
		return true, true
	}
	return false, false
}

// enPhrases writes the Latin words of toks into buf, each between spaces
// (" locked out at night "), when one of them is in keys, and reports
// whether it did: the phrases enR28 and enR29 look for each hold one of
// their keys, so one lookup a token decides whether they are read at all.
// A comment's worth is written (the phrases are short).
func enPhrases(toks []token, keys map[string]bool, buf *[512]byte) ([]byte, bool) {
	hit := false
	for i := range toks {
		if !toks[i].arabic && keys[toks[i].key] {
			hit = true
			break
		}
	}
	if !hit {
		return nil, false
	}
	s := append(buf[:0], ' ')
	for i := range toks {
		t := &toks[i]
		if t.arabic {
			continue
		}
		if len(s)+len(t.key)+1 > cap(s) {
			break
		}
		s = append(append(s, t.key...), ' ')
	}
	return s, true
}

// phraseIn reports whether s (enPhrases) holds one of the phrases ps.
func phraseIn(s []byte, ps ...string) bool {
	for _, p := range ps {
		if bytes.Contains(s, []byte(p)) {
			return true
		}
	}
	return false
}

// enMoney: English words of money (a sum, a deposit, a fee, a charge).
var enMoney = wordSet("deposit", "fee", "fees", "refund", "rent", "money", "pension", "loan", "charge", "charged", "charging", "billing", "billed", "paid", "pay", "payment", "cash", "savings", "salary")

var (
	// electrocuted: a shock taken ("اتكهرب", "كهربني")
	electrocuted = wordSet("اتكهرب", "اتكهربت", "انكهرب", "انكهربت", "اتكهربنا", "كهربني", "كهربتني", "كهربته", "كهربتها", "مكهرب", "مكهربه",
		// (twenty-first session) "it shocked my wife" (كهربت مرتي), a shock in formal Arabic
		"كهربت", "كهرب", "كهربتنا", "صعقه", "صعقة", "بصعقه", "صعق")
	// injuredWords: hurt ("ضهري اتصاب", "اتعورت")
	injuredWords = wordSet("اتصاب", "اتصابت", "انصاب", "انصابت", "اتصبت", "انصبت", "اتعور", "اتعورت", "تعورت", "انجرح", "اتجرح")
)

// fraudWords: the writer names a fraud ("هذا غش", "ده نصب"); not "سرقة"
// or "حرامية", said of a price too dear ("دفعت ٥٠٠ على ساندوتش، دي سرقة").
var fraudWords = wordSet("غش", "نصب", "احتيال", "نصبه", "نصبة")

// ownBody: the writer's own body part ("ضهري اتصاب": the writer hurt, a
// grievance; "اللاعب اتصاب" is news).
var ownBody = wordSet("ضهري", "ظهري", "رقبتي", "كتفي", "ركبتي", "ايدي", "رجلي", "راسي", "صباعي", "اصبعي", "عيني", "وشي", "رجليا", "ايديا")

// The sets r28Classes reads besides r28Words, as bits of one lookup.
const (
	auxStill uint32 = 1 << iota
	auxPaid
	auxMoney
	auxNot
	auxAfter
	auxElectricity
	auxPostpone
	auxTrip
	auxSomeone
	auxFraud
	auxElectrocuted
	auxInjured
	auxBody
	auxFusedNot
	auxNothing
	auxSick
	auxVomit
	auxSwollen
	auxFever
	auxMedicine
	auxExpired
	auxComplainTo
	auxAuthority
	auxGetOut
	auxTrapped
	auxHospital
)

// r28Aux: for each word, the bits of the sets it is in (keys folded as the
// sets fold them).
var r28Aux = func() map[string]uint32 {
	m := map[string]uint32{}
	set := func(bit uint32, ws map[string]bool) {
		for w := range ws {
			m[w] |= bit
		}
	}
	set(auxStill, stillWords)
	set(auxStill, waitStillWords)
	for w, kind := range r27Words {
		switch kind {
		case r27Span:
			m[w] |= auxStill
		case r27Paid:
			m[w] |= auxPaid
		}
	}
	set(auxMoney, r28Money)
	// a top-up or a transfer paid ("شحنت ستيم كارد ب 100 دولار ... والفلوس راحت")
	set(auxPaid, wordSet("شحنت", "شحنا", "حولت", "حولنا"))
	set(auxNot, wordSet("ما", "مش"))
	set(auxAfter, wordSet("بعد"))
	set(auxElectricity, wordSet("كهربا", "كهرباء"))
	set(auxPostpone, wordSet("يتأجل", "يتاجل", "بيتأجل", "بيتاجل", "يستنى", "ينتظر"))
	set(auxTrip, tripNouns)
	set(auxSomeone, wordSet("حد", "حدا", "واحد", "شخص"))
	set(auxFraud, fraudWords)
	set(auxElectrocuted, electrocuted)
	set(auxInjured, injuredWords)
	set(auxBody, ownBody)
	set(auxFusedNot, fusedNotReceived)
	set(auxNothing, nothingWords)
	set(auxSick, sickWords)
	set(auxVomit, vomitWords)
	// swollen with a fever ("وجهه منتفخ وحرارته مرتفعة" after a filling)
	set(auxSwollen, wordSet("منتفخ", "منتفخه", "منتفخة", "انتفخ", "انتفخت", "متورم", "متورمه", "وارم", "وارمه", "ورمت", "ورم"))
	// a medicine expired ("dawa salahito mkhalsa"), a complaint taken to an
	// authority ("la2ashtki 3and hay2at el ittisalat")
	set(auxMedicine, wordSet("دوا", "الدوا", "دواء", "الدواء", "دوائي", "دوايا", "العلاج", "علاج", "الحبوب"))
	set(auxExpired, wordSet("مخلص", "مخلصه", "منتهي", "منتهيه", "صلاحيته", "صلاحيتها", "الصلاحيه", "اكسباير", "expired"))
	set(auxComplainTo, wordSet("اشتكي", "لاشتكي", "هشتكي", "حشتكي", "بشتكي", "سأشتكي", "ساشتكي", "نشتكي", "هنشتكي", "بنشتكي", "حنشتكي", "لنشتكي", "رح اشتكي", "راح اشتكي",
		// (twenty-second session) "I will report" (رح بلغ هيئة الطيران)
		"بلغ", "ببلغ", "هبلغ", "حبلغ"))
	set(auxAuthority, wordSet("هيئه", "الهيئه", "وزاره", "الوزاره", "لوزاره", "حمايه", "المستهلك", "الشرطه", "البوليس", "المحكمه", "للمحكمه", "جهاز", "النيابه", "البلديه"))
	// kept in a car against the writer's will ("رفض ينزلني", "ما رضي
	// ينزلني", "ما خلانا ننزل")
	set(auxGetOut, wordSet("ينزلني", "ينزلنا", "ينزلنيش", "انزل", "ننزل", "ينزلها", "نازل"))
	// ... locked in, alone, at night or frightened (not "refused to drop me
	// at home", a service refused)
	set(auxTrapped, wordSet("قفل", "الباب", "الابواب", "الأبواب", "لوحدي", "لحالي", "بروحي", "بالليل", "بالليل،", "خايفه", "خايفة", "خفت", "رعبنا", "رعب", "مرعوبه"))
	// (twenty-first session) a hospital or the emergency room, after
	// falling sick ("تعب جامد وقعدنا في المستشفى طول الليل")
	set(auxHospital, wordSet("المستشفى", "مستشفى", "للمستشفى", "بالمستشفى", "عالمستشفى", "الطوارئ", "للطوارئ", "بالطوارئ", "عالطوارئ", "الاسعاف", "بالاسعاف", "الإسعاف"))
	set(auxFever, wordSet("حرارته", "حرارتها", "حرارتي", "حراره", "سخونيه", "سخونية", "سخنان", "سخنانه", "حمى"))
	return m
}()

// cannotWaitNeg: the negation before "can be postponed" ("ما يتأجل").
var cannotWaitNeg = wordSet("ما", "مش", "مو")

// enR28Keys: a word of every phrase enR28 reads.
var enR28Keys = wordSet("up", "throwing", "vomiting", "poisoning", "sick", "ill", "instead", "co", "carbon", "oxygen", "dialysis",
	"logged", "country", "sim", "stolen", "name", "fake", "copying", "elses", "else's", "customers", "customer's", "colleagues", "colleague's",
	"parents", "parent's", "peoples", "people's", "paid", "kept", "owe", "owes", "paying", "opened", "signed", "word", "deposit", "locked")

// keptIn: "refused / did not let me get out" before toks[i] (رفض ينزلني,
// ما رضي ينزلني, مرضيش ينزلني, ما خلانا ننزل).
func keptIn(toks []token, i int) bool {
	p := strings.TrimPrefix(toks[i-1].key, "و")
	if p == "رفض" || p == "مرضيش" || p == "مرضاش" || p == "رفضت" {
		return true
	}
	if (p == "رضي" || p == "خلاني" || p == "خلانا" || p == "يرضى" || p == "يخليني") && i > 1 {
		n := strings.TrimPrefix(toks[i-2].key, "و")
		return n == "ما" || n == "مش" || n == "لم" || n == "مو"
	}
	return false
}
