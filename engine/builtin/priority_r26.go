package builtin

import "strings"

// Urgent classes read in issue 23's eighteenth session from new sets
// (blind120, lev20, levprio12), each a form of the spec's urgency the rules
// before missed (read, like r25Urgent, only for a complaint no other rule
// made high):
//
//   - a deadline of the writer's own close in time: an event of theirs
//     (عرسي, سفري, طيارتي, امتحاني, مقابلتي; my wedding, my flight, my
//     exam) and a time that is today or tomorrow (بكرا, باجر, اليوم,
//     النهارده, الليلة, الفجر, "الساعة ٦"; tomorrow, today, tonight): a
//     failure that cannot wait ("عرسي بكرا والبدلة لسا ما وصلت"). Told of
//     the past ("رحلتي كانت امبارح") it names no time of the list and
//     stays medium;
//   - a medicine needed now: a medicine named (دوا, الانسولين, ابر;
//     medicine, insulin) and "today", "now" or "urgently" (ضروري, حالا);
//   - vomiting or diarrhoea (نستفرغ, استفراغ, تقيؤ, اسهال): food made
//     someone ill;
//   - a fever of 39 or more (حرارتها ٤٠): a sick child or person;
//   - glass found in food (قطعة قزاز بالخبز): a hazard;
//   - points or a balance gone (نقاطي راحت كلها, طار الرصيد): money taken;
//   - personal data leaked: two of the writer's personal things (اسمي,
//     رقمي, عنواني, تحاليلي) and a verb of someone knowing or sending them
//     (عرف, بعتت, نشروا, سرّب; not the writer's own بعت), or privacy invoked (وين الخصوصية, خصوصيتي);
//   - "they swindled me" (نصبت علي, نصبوا علينا): fraud;
//   - a used thing sold as new (مستعمل ... على انه جديد): fraud;
//   - a live wire bare or lying about (شريط مقشور, سلك مكشوف): a hazard;
//   - the brand reported to an authority (رح بلّغ عنكم): a threat;
//   - shut out of home (علقانة برا البيت): stranded.
//
// Personal data: one thing of the writer's published (نشرت فحصي), two
// known or sent by someone, or one sent to a stranger (لرقم غريب).
//
// r26Classes reads these classes in Arabic (the English forms are
// enR26's, priority_r26en.go; textAnalysis.r26Read reads both once a
// comment): urgent for any class, harm for the classes only a grievance
// tells (textAnalysis.r26Grievance).
func r26Classes(toks []token) (urgent, harm bool) {
	event, soon, medicine, now, glass, food := false, false, false, false, false, false
	balance, gone, leak, used, asNew, publish, stranger, wire, bare := false, false, false, false, false, false, false, false, false
	personal := 0
	var firstPersonal string
	forgot, pending := false, false
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			// (the English classes are enR26's; an Arabizi comment keeps
			// its English event words Latin: "3endi flight bokra")
			event = event || enOwnEvents[t.key]
			continue
		}
		k := strings.TrimPrefix(t.key, "و")
		pending = pending || durableStill[k]
		switch r26Words[k] {
		case r26Event:
			event = true
		case r26Soon:
			soon = true
			now = true
		case r26Hour:
			// "الساعة ٦ المسا": a time of the day named
			if i+1 < len(toks) && dayCount(toks[i+1].key) > 0 {
				soon = true
			}
		case r26Medicine:
			medicine = true
		case r26Now:
			now = true
		case r26Ill:
			return true, true
		case r26Fever:
			// "حرارتها ٤٠": a fever of 39 or more
			if i+1 < len(toks) && feverDegrees(toks[i+1].key) {
				return true, true
			}
		case r26Glass:
			glass = true
		case r26Food:
			food = true
		case r26Balance:
			balance = true
		case r26Gone:
			gone = true
		case r26Personal:
			// two different things of the writer's ("اسمي وعنواني")
			if firstPersonal == "" {
				firstPersonal, personal = k, 1
			} else if k != firstPersonal {
				personal = 2
			}
		case r26Leak:
			leak = true
		case r26Privacy:
			// "وين الخصوصية", "انتهاك الخصوصية"; "خصوصيتي" alone
			if k != foldKey("الخصوصية") || i > 0 && privacyBefore[toks[i-1].key] {
				return true, true
			}
		case r26Swindle:
			// "نصبت علي", "نصبوا علينا": swindled the writer
			if i+1 < len(toks) && swindledWho[toks[i+1].key] {
				return true, true
			}
		case r26Publish:
			publish = true
		case r26Stranger:
			stranger = true
		case r26Wire:
			wire = true
		case r26Bare:
			bare = true
		case r26Report:
			// "رح بلّغ عنكم", "هبلغ عليكم": a report on the brand
			if i+1 < len(toks) && aboutYou[toks[i+1].key] {
				return true, true
			}
		case r26Stuck:
			// "علقانة برا البيت": shut out
			if i+1 < len(toks) && outside[toks[i+1].key] {
				return true, true
			}
		case r26Forgot:
			forgot = true
		case r26Used:
			used = true
		case r26New:
			asNew = used
		}
	}
	// (a deadline is news, "عرسي بكرا", but with something of the
	// writer's still pending it is a grievance: "طيارتي بكرا والجواز لسا
	// عندكم")
	grievance := event && soon && pending || glass && food || balance && gone || asNew || wire && bare || forgot && anyChild(toks) ||
		personal >= 1 && publish || personal == 2 && (leak || stranger) || personal >= 1 && leak && stranger
	return event && soon || medicine && now || grievance, grievance
}

var (
	// privacyBefore: "where is / a breach of" privacy
	privacyBefore = wordSet("وين", "انتهاك", "اختراق", "فين", "وينها", "وين-الخصوصيه")
	// swindledWho: "on me, on us" after a verb of swindling
	swindledWho = wordSet("علي", "عليي", "عليا", "علينا", "عليه", "عليها", "عليهم")
	// aboutYou: "about / on you" after a verb of reporting
	aboutYou = wordSet("عنكم", "عنكن", "عليكم", "عليكن", "عنكو", "عليكو")
	// outside: "outside" (the house) after "stuck"
	outside = wordSet("برا", "بره", "برات", "خارج")
)

// The kinds of the words of r26Words.
const (
	r26Event = iota + 1
	r26Soon
	r26Hour
	r26Medicine
	r26Now
	r26Ill
	r26Fever
	r26Glass
	r26Food
	r26Balance
	r26Gone
	r26Personal
	r26Leak
	r26Privacy
	r26Swindle
	r26Used
	r26New
	r26Publish
	r26Stranger
	r26Wire
	r26Bare
	r26Report
	r26Stuck
	r26Forgot
)

// r26Words: the kind of each Arabic word r26Classes reads (keys folded,
// a joined و removed before the lookup).
var r26Words = wordKinds(func(add func(kind uint8, ws ...string)) {
	// the writer's own event: a wedding, a trip or flight, an exam, an
	// interview, an appointment
	add(r26Event, "عرسي", "عرسنا", "زفافي", "زفافنا", "حفل زفافي", "فرحي", "فرحنا", "سفري", "سفرتي", "سفرنا", "رحلتي", "رحلتنا",
		"طيارتي", "طيارتنا", "طيارتو", "رحلة الطيران", "امتحاني", "امتحانه", "امتحانها", "مقابلتي", "ملكتي", "ملكتنا", "خطوبتي", "خطبتي", "الرحلة", "الطيارة",
		// (nineteenth session) a family wedding, an operation ("عرس أختي باجر", "لعملية امي بكرا")
		"لعرس", "عرس", "لعملية", "عمليتي", "عمليته", "عمليتها",
		// the writer travelling ("انا مسافر بكرا": also the reading of the
		// Arabizi "msafer", which صفر would otherwise take)
		"مسافر", "مسافره", "مسافرة", "مسافرين",
		// a trip or a flight named bare, and the loan فلايت ("عندي رحلة بكرا",
		// the Arabizi "flight" read so)
		"رحلة", "رحله", "فلايت", "الفلايت", "فلايتي",
		// (twentieth session) the Egyptian wedding: "الفرح بكرة والبدلة
		// لسه موصلتش" (read only beside a deadline)
		"الفرح")
	// today, tonight, tomorrow, now
	add(r26Soon, "بكرا", "بكره", "بكرة", "بكرى", "باجر", "باكر", "غدا", "غداً", "اليوم", "النهارده", "النهاردة", "انهارده", "الليلة", "الليله",
		"هلق", "هلأ", "الحين", "دلوقتي", "الفجر", "العصر", "المسا", "المساء", "الصبح", "الصباح")
	add(r26Hour, "الساعة", "الساعه", "ساعة", "ع الساعة")
	add(r26Medicine, "دوا", "الدوا", "دواء", "الدواء", "دوائي", "دوايا", "العلاج", "علاجي", "الادوية", "الأدوية", "ادويتي", "الانسولين", "انسولين", "إبر", "ابر", "الابر")
	add(r26Now, "ضروري", "ضرورى", "ضرورة", "حالا", "حالاً", "فورا", "فوراً", "بسرعه", "بسرعة", "محتاجاه", "محتاجها", "يحتاجها", "تحتاجها", "يحتاجه", "محتاجينه",
		"يستنى", "يستنا", "يستناه", "تستنى", "تستنا", "نستنى", "ينتظر") // ("ما فيه يستنى": cannot wait)
	// vomiting, diarrhoea: ill from what was eaten
	add(r26Ill, "استفرغ", "استفرغت", "استفرغنا", "استفرغوا", "نستفرغ", "يستفرغ", "تستفرغ", "بستفرغ", "بنستفرغ", "بيستفرغ", "بتستفرغ", "عم نستفرغ",
		"استفراغ", "باستفراغ", "تقيؤ", "تقيأت", "تقيأ", "قيء", "اسهال", "إسهال", "بإسهال", "باسهال", "الاسهال")
	add(r26Fever, "حرارتها", "حرارته", "حرارتو", "حرارتي", "حرارتهم")
	add(r26Glass, "قزاز", "قزازة", "زجاج", "ازاز", "إزاز")
	add(r26Food, "صحن", "بصحن", "خبز", "الخبز", "بالخبز", "ربطة", "بربطة", "الاكل", "بالاكل", "الأكل", "بالأكل", "الوجبة", "بالوجبة", "الساندويش", "بالساندويش", "السلطة", "بالسلطة",
		"الكيك", "بالكيك", "العصير", "بالعصير", "الطبخة", "الصحن", "بالصحن", "الرز", "بالرز", "الشاورما", "بالشاورما", "البيتزا", "بالبيتزا",
		"سندويشه", "بسندويشه", "السندويشه", "بالسندويشه", "سندويشة", "بسندويشة", "السندويشة", "بالسندويشة") // (session 22)
	// points or a balance, and gone
	add(r26Balance, "نقاطي", "النقاط", "نقاط", "رصيدي", "الرصيد", "رصيد", "نقاطنا", "رصيدنا", "نقطي", "نقطه", "النقط", "نقط", "كوينز", "الكوينز", "كوينزي")
	add(r26Gone, "راحت", "راحو", "راحوا", "طارت", "طارو", "طاروا", "طار", "اختفت", "اختفوا", "اختفو", "انمسحت", "انمسحو", "انمسحوا", "صفرت", "تصفرت", "تصفر", "صار صفر", "ضاعت", "ضاعو", "ضاعوا",
		"صفر", "زيرو") // ("كانت ٤٥٠٠ وهلأ صارت صفر")
	// the writer's personal things, verbs of knowing or sending them
	add(r26Personal, "اسمي", "رقمي", "عنواني", "صوري", "تحاليلي", "وصفتي", "تشخيصي", "بياناتي", "معلوماتي", "ملفي", "هويتي", "نمرتي", "فحصي", "كشفي", "تحليلي")
	add(r26Publish, "نشر", "نشرت", "نشرو", "نشروا", "سرب", "سربت", "سربو", "سربوا", "تسرب", "تسربت", "انتشرت", "تسريب", "بتسريب", "التسريب")
	add(r26Stranger, "غريب", "لغريب", "غريبه", "لغيري", "لواحد")
	// sparking: "عم يشرّر", "بيشرر" (a wire or a socket throwing sparks)
	add(r26Ill, "يشرر", "بيشرر", "بتشرر", "تشرر", "عم يشرر", "شرر", "عم بيشرر")
	// a child forgotten, the child named anywhere ("بنتي ... نسيوها بالباص")
	add(r26Forgot, "نسيوها", "نسيوه", "نسيوو", "نسيوهم", "نسوها", "نسوه", "نسيتوها", "نسيتوه", "نسيها", "نسيه")
	// a live wire bare or lying about
	add(r26Wire, "شريط", "الشريط", "شريط الكهربا", "سلك", "السلك", "الاسلاك", "اسلاك", "شرطان", "الشرطان", "كابل", "الكابل")
	add(r26Bare, "مقشور", "مقشوره", "مكشوف", "مكشوفه", "مشلوح", "مشلوحه", "عريان", "عريانه", "مفلت", "مدلى", "متدلي")
	// reported to an authority: "رح بلّغ عنكم", "هشتكيكم"
	add(r26Report, "بلغ", "ببلغ", "هبلغ", "سابلغ", "سأبلغ", "حبلغ", "ابلغ", "نبلغ", "منبلغ", "رفعت شكوى")
	// locked out or stranded: "علقانة برا البيت"
	add(r26Stuck, "علقانه", "علقان", "علقانين", "عالق", "عالقه", "عالقين", "قاعده برا", "قاعد برا")
	add(r26Leak, "عرف", "عرفو", "عرفوا", "بعتت", "بعتو", "بعتوا", "جاب", "جابهم", // (publishing is r26Publish)
		"بعتولي", "بعتوله", "بعتولو", "بعتولها") // (nineteenth session: "بعتولي كشف حساب لواحد تاني ... كشفي عم يروح لغيري")
	add(r26Privacy, "الخصوصية", "خصوصيتي", "خصوصيتنا", "لخصوصيتي", "بخصوصيتي", "لخصوصيتنا")
	add(r26Swindle, "نصبت", "نصبوا", "نصبو", "نصب", "نصبتو", "نصبتوا")
	add(r26Used, "مستعمل", "مستعملة", "مستعمله")
	add(r26New, "جديد", "جديدة", "جديده", "جديدين")
})

// feverDegrees reports a temperature of 39 to 42 (a fever), in Western or
// Arabic-Indic digits, optionally with a decimal part ("39.5", "٣٩٫٥").
func feverDegrees(k string) bool {
	if i := strings.IndexAny(k, ".,٫"); i >= 0 {
		k = k[:i]
	}
	n := dayCount(k)
	return n >= 39 && n <= 42
}

// anyChild reports a child of the writer's or a child named anywhere
// ("بنتي عمرها ٧ سنين ونسيوها بالباص").
func anyChild(toks []token) bool {
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if childNouns[k] || childAnyone[k] {
			return true
		}
	}
	return false
}

// wordKinds builds a table of word kinds: fill calls add with a kind and
// its words; keys are folded (foldKey) and a word keeps the first kind it
// is given.
func wordKinds(fill func(add func(kind uint8, ws ...string))) map[string]uint8 {
	m := map[string]uint8{}
	fill(func(kind uint8, ws ...string) {
		for _, w := range ws {
			if k := foldKey(w); m[k] == 0 {
				m[k] = kind
			}
		}
	})
	return m
}
