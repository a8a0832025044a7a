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
//   - shut out of home (علقانة برا البيت): stranded;
//   - in English: paid and never received ("paid for the gems and they
//     never showed up"), the writer or their family fallen ("my mom
//     fell", "i slipped"), a deadline "in 3 hours".
//
// Personal data: one thing of the writer's published (نشرت فحصي), two
// known or sent by someone, or one sent to a stranger (لرقم غريب).
func r26Urgent(toks []token) bool {
	urgent, _ := r26Classes(toks)
	if !urgent {
		urgent, _ = enR26(toks)
	}
	return urgent
}

// r26Classes is r26Urgent's reading: urgent for any class, harm for the
// classes only a grievance tells (textAnalysis.r26Grievance).
func r26Classes(toks []token) (urgent, harm bool) {
	event, soon, medicine, now, glass, food := false, false, false, false, false, false
	balance, gone, leak, used, asNew, publish, stranger, wire, bare := false, false, false, false, false, false, false, false, false
	personal := 0
	var firstPersonal string
	paid, neverCame, forgot := false, false, false
	for i := range toks {
		t := &toks[i]
		k := strings.TrimPrefix(t.key, "و")
		if !t.arabic {
			next, next2 := "", ""
			if i+1 < len(toks) {
				next = toks[i+1].key
			}
			if i+2 < len(toks) {
				next2 = toks[i+2].key
			}
			switch {
			case t.key == "paid" || t.key == "money" && next == "left":
				paid = true // "paid for the gems", "money left my card"
			case t.key == "never" && enNeverCame[next]:
				neverCame = true // "they never showed up"
			case enFell[t.key] && !fellFigurative[next] && i > 0 && (toks[i-1].key == "i" || enChildNouns[toks[i-1].key] || enFamily[toks[i-1].key]):
				return true, true // "my mom fell", "i slipped"
			case t.key == "in" && digits(next) && enHours[next2]:
				soon, now = true, true // "my flight is in 3 hours"
			}
			if kind := r26English[t.key]; kind != 0 {
				switch kind {
				case r26Event:
					// "my wedding", "our flight": the writer's own
					event = event || i > 0 && (toks[i-1].key == "my" || toks[i-1].key == "our")
				case r26Soon:
					soon, now = true, true
				case r26Medicine:
					medicine = true
				case r26Now:
					now = true
				}
			}
			continue
		}
		switch r26Words[k] {
		case r26Event:
			event = true
		case r26Soon:
			soon = true
			now = true
		case r26Hour:
			// "الساعة ٦ المسا": a time of the day named
			if i+1 < len(toks) && digits(toks[i+1].key) {
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
	grievance := glass && food || balance && gone || asNew || wire && bare || paid && neverCame || forgot && anyChild(toks) ||
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

// The kinds of the words of r26Words and r26English.
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

// r26Words: the kind of each Arabic word r26Urgent reads (keys folded,
// a joined و removed before the lookup).
var r26Words = func() map[string]uint8 {
	m := map[string]uint8{}
	add := func(kind uint8, ws ...string) {
		for _, w := range ws {
			if k := foldKey(w); m[k] == 0 {
				m[k] = kind
			}
		}
	}
	// the writer's own event: a wedding, a trip or flight, an exam, an
	// interview, an appointment
	add(r26Event, "عرسي", "عرسنا", "زفافي", "زفافنا", "حفل زفافي", "فرحي", "فرحنا", "سفري", "سفرتي", "سفرنا", "رحلتي", "رحلتنا",
		"طيارتي", "طيارتنا", "طيارتو", "رحلة الطيران", "امتحاني", "امتحانه", "امتحانها", "مقابلتي", "ملكتي", "ملكتنا", "خطوبتي", "خطبتي", "الرحلة", "الطيارة")
	// today, tonight, tomorrow, now
	add(r26Soon, "بكرا", "بكره", "بكرة", "بكرى", "باجر", "باكر", "غدا", "غداً", "اليوم", "اليوم", "النهارده", "النهاردة", "انهارده", "الليلة", "الليله",
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
		"الكيك", "بالكيك", "العصير", "بالعصير", "الطبخة", "الصحن", "بالصحن", "الرز", "بالرز", "الشاورما", "بالشاورما", "البيتزا", "بالبيتزا")
	// points or a balance, and gone
	add(r26Balance, "نقاطي", "النقاط", "نقاط", "رصيدي", "الرصيد", "رصيد", "نقاطنا", "رصيدنا")
	add(r26Gone, "راحت", "راحو", "راحوا", "طارت", "طارو", "طاروا", "طار", "اختفت", "اختفوا", "اختفو", "انمسحت", "انمسحو", "انمسحوا", "صفرت", "تصفرت", "تصفر", "صار صفر", "ضاعت", "ضاعو", "ضاعوا")
	// the writer's personal things, verbs of knowing or sending them
	add(r26Personal, "اسمي", "رقمي", "عنواني", "صوري", "تحاليلي", "وصفتي", "تشخيصي", "بياناتي", "معلوماتي", "ملفي", "هويتي", "نمرتي", "فحصي", "كشفي", "تحليلي")
	add(r26Publish, "نشر", "نشرت", "نشرو", "نشروا", "سرب", "سربت", "سربو", "سربوا", "تسرب", "تسربت", "انتشرت")
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
	add(r26Leak, "عرف", "عرفو", "عرفوا", "بعتت", "بعتو", "بعتوا", "نشر", "نشرت", "نشرو", "نشروا", "سرب", "سربت", "سربو", "سربوا", "جاب", "جابهم")
	add(r26Privacy, "الخصوصية", "خصوصيتي", "خصوصيتنا")
	add(r26Swindle, "نصبت", "نصبوا", "نصبو", "نصب", "نصبتو", "نصبتوا")
	add(r26Used, "مستعمل", "مستعملة", "مستعمله")
	add(r26New, "جديد", "جديدة", "جديده", "جديدين")
	return m
}()

// r26English: the English words r26Urgent reads.
var r26English = func() map[string]uint8 {
	m := map[string]uint8{}
	for _, w := range []string{"wedding", "flight", "exam", "interview", "surgery", "funeral"} {
		m[w] = r26Event
	}
	for _, w := range []string{"tomorrow", "today", "tonight"} {
		m[w] = r26Soon
	}
	for _, w := range []string{"medicine", "medication", "meds", "insulin", "prescription", "inhaler"} {
		m[w] = r26Medicine
	}
	for _, w := range []string{"today", "tonight", "urgently", "asap", "now"} {
		if m[w] == 0 {
			m[w] = r26Now
		}
	}
	return m
}()

var (
	// enNeverCame: "never" + arrived, came, showed (up)
	enNeverCame = wordSet("showed", "arrived", "came", "received", "delivered", "shipped", "turned", "got", "appeared")
	// enFell: a fall; enFamily: the writer's family named
	enFell   = wordSet("fell", "slipped", "tripped")
	enFamily = wordSet("mom", "mum", "mother", "dad", "father", "grandma", "grandpa", "grandmother", "grandfather", "wife", "husband", "sister", "brother")
	enHours  = wordSet("hours", "hour", "hrs", "hr", "minutes", "mins")
	// fellFigurative: "fell asleep", "fell in love", "fell for it"
	fellFigurative = wordSet("asleep", "in", "for", "apart", "behind", "short", "silent", "through")
)

// digits reports a token of Western or Arabic-Indic digits only.
func digits(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if !(r >= '0' && r <= '9' || r >= '٠' && r <= '٩') {
			return false
		}
	}
	return true
}

// feverDegrees reports a temperature of 39 to 42 (a fever), in Western or
// Arabic-Indic digits, optionally with a decimal part.
func feverDegrees(k string) bool {
	if len(k) == 0 {
		return false
	}
	n, seen := 0, 0
	for _, r := range k {
		switch {
		case r >= '0' && r <= '9':
			n = n*10 + int(r-'0')
		case r >= '٠' && r <= '٩':
			n = n*10 + int(r-'٠')
		case r == '.' || r == ',' || r == '٫':
			return seen == 2 && n >= 39 && n <= 42
		default:
			return false
		}
		seen++
	}
	return seen == 2 && n >= 39 && n <= 42
}

// linkVictim reports a link told as what robbed the writer: a first-person
// verb of clicking or opening (كبست, ضغطت, فتحتو; clicked, opened) and a
// loss (points or a balance gone, a verb of taking from "my account").
func linkVictim(toks []token) bool {
	clicked, lost := false, false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		switch {
		case clickedWords[k]:
			clicked = true
		case r26Words[k] == r26Gone, linkLossWords[k]:
			lost = true
		}
	}
	return clicked && lost
}

var (
	clickedWords = wordSet("كبست", "كبستو", "كبسته", "كبستها", "ضغطت", "ضغطتو", "ضغطته", "ضغطتها", "فتحتو", "فتحته", "فتحتها", "دوست", "دوستو", "دوسته",
		"clicked", "tapped", "opened")
	linkLossWords = wordSet("انسحب", "انسحبت", "انسحبو", "انسحبوا", "اتسحب", "اتسحبت", "انخصم", "انخصمت", "اتخصم", "اتخصمت", "انسرق", "انسرقت", "اتسرق", "اتسرقت", "انهكر", "اتهكر",
		"lost", "gone", "stolen", "drained", "emptied", "hacked")
)

// accountTaken reports an account told stolen or hacked: a verb of
// stealing, entering or hacking (سرق, اتهكر, hacked) up to two words
// before or after an account ("حدا سرق حسابي", "حسابي انهكر", "my account
// got hacked"). Links named after it are what the intruder sends, not a
// promotion (moderate.go).
func accountTaken(toks []token) bool {
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if !(intrudeWords[k] || passiveHacked[k] || k == "hacked" || k == "stolen") {
			continue
		}
		for j := max(0, i-2); j < len(toks) && j <= i+2; j++ {
			if j != i && (r22Account[toks[j].key] || hackedThings[toks[j].key]) {
				return true
			}
		}
	}
	return false
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
