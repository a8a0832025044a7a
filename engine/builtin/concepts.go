package builtin

import (
	"strings"
	"unicode/utf8"
)

// Concepts of obvious comments that single cue phrases get wrong (issue 23):
// each is a word class or a short grammatical pattern, with the reason it
// carries the intent. intentScores, scoreSentiment and Classify's priority
// read them; Arabizi reaches them through its Arabic reading.

// problemSolved finds a problem reported solved: a problem noun (المشكلة,
// مشكلتي, problem, issue) within three words of a past or passive form of
// "to solve / to fix" (اتحلت, انحلت, تم حل, حليتوا, solved, fixed,
// resolved), or the verbal noun (حل, solving, fixing) after a thanks word
// ("أشكركم على ... حل المشكلة", "thanks for fixing the issue"). A customer
// who writes that the problem is solved thanks the brand: the problem noun
// there is no grievance. Not when negated ("ما اتحلتش", "لم يتم حل",
// "still not fixed") or asked ("هل تم حل المشكلة؟"). It returns the token
// range [lo, hi) the pattern covers, lo < 0 when there is none.
func problemSolved(text string, toks []token) (lo, hi int) {
	if hasQuestionMark(text) {
		return -1, -1
	}
	thanks := -1
	for i := range toks {
		if thanksWords[toks[i].key] || thanksVerbs[toks[i].key] {
			thanks = i
			break
		}
	}
	for i := range toks {
		k := toks[i].key
		if !problemNouns[k] {
			continue
		}
		for j := i - 3; j <= i+3; j++ {
			if j < 0 || j >= len(toks) || j == i {
				continue
			}
			v := strings.TrimPrefix(toks[j].key, "و") // "وحلتلي"
			if !solvedWords[v] && !solvedNouns[v] {
				v = toks[j].key
			}
			// "حل" after a person of the brand is the verb: "الموظف حل
			// المشكلة بسرعة"
			strong := solvedWords[v] || solvedNouns[v] && j > 0 && staffSubj[toks[j-1].key]
			// (or "and solved" after another past verb, a thanks or a
			// du'a anywhere: "السباك جا بسرعة وحل المشكلة، الله يعطيه
			// العافية")
			weak := solvedNouns[v] && thanks >= 0 && (thanks < j || toks[j].key == "وحل" && j > 0 && j < i) ||
				fixedVerbs[toks[j].key] && thanks >= 0 && j < i
			if !strong && !weak {
				continue
			}
			a, b := min(i, j), max(i, j)
			if solvedNegated(toks, a, b) {
				continue
			}
			return a, b + 1
		}
	}
	return -1, -1
}

// solvedNegated: a negation inside the pattern or up to three words before
// it, or a negated verb in between ("ما اتحلتش" is the circumfix).
func solvedNegated(toks []token, a, b int) bool {
	for n := a - 3; n <= b; n++ {
		if n < 0 {
			continue
		}
		k := strings.TrimPrefix(toks[n].key, "و")
		if solvedNegations[k] || negators[toks[n].key] {
			return true
		}
		if toks[n].arabic && strings.HasPrefix(k, "م") && strings.HasSuffix(k, "ش") && utf8.RuneCountInString(k) >= 5 {
			return true // متحلتش, ماتحلتش
		}
		if !toks[n].arabic && ntNegation(k) {
			return true // hasnt, wasnt, didnt (not "payment")
		}
	}
	return false
}

var (
	problemNouns = wordSet("المشكلة", "المشكله", "مشكلتي", "مشكلتنا", "والمشكلة", "المشكل", "مشكلة", "مشكله", "العطل", "الخلل",
		"problem", "issue", "problems", "issues")
	// staffSubj: a person of the brand as the subject of "solved"
	staffSubj   = wordSet("الموظف", "الموظفه", "الموظفة", "الفني", "المهندس", "الدكتور", "الدكتوره", "الدعم", "الشب", "الاخ", "الاستاذ", "الاستاذه", "المندوب", "الفريق", "فريقكم", "موظفكم", "موظفتكم")
	solvedWords = wordSet("حلتلي", "حللي", "حلتها", "حلها", "حلتلنا", "حلولي", "اتحلت", "انحلت", "تحلت", "اتحل", "انحل", "تنحل", "نحلت", "نحل", "حليتوا", "حليتو", "حليتها", "حليتوها", "حلوها", "حلوا", "حليتولي",
		"تم", "اتصلحت", "انصلحت", "اتصلح", "انصلح", "solved", "fixed", "resolved", "sorted")
	// solvedNouns: "solving" as a noun, after a thanks word
	solvedNouns = wordSet("حل", "وحل", "لحل", "بحل", "solving", "fixing", "resolving",
		// "repairing" ("أشكر الشركة على ... إصلاح العطل")
		"اصلاح", "إصلاح", "واصلاح", "وإصلاح", "تصليح", "وتصليح")
	// fixedVerbs: "they fixed / you fixed" (also the imperative "fix!"):
	// a fault fixed only in a comment that thanks ("وصلحوا العطل بنفس
	// اليوم، مشكورين"); a demand otherwise ("صلحوا العطل!")
	fixedVerbs      = wordSet("صلحوا", "صلحو", "صلحتوا", "صلحتو", "صلحولي", "صلحتولي", "صلحوه", "صلحوها", "صلّحوا", "اصلحوا", "أصلحوا", "وصلحوا", "وصلحو", "وصلحتوا", "وصلحولي")
	thanksWords     = wordSet("شكرا", "شكراً", "أشكركم", "اشكركم", "نشكركم", "مشكورين", "مشكور", "تسلموا", "تسلمو", "يعطيكم", "يعطيه", "يعطيك", "يعطيها", "thanks", "thank", "thx")
	solvedNegations = wordSet("ما", "مش", "مو", "لم", "لا", "لسه", "لسا", "للحين", "مب", "not", "never", "no", "still", "yet", "غير")
)

// solvedPraise is the praise evidence of a problem reported solved.
const solvedPraise = 0.6

// solvedValence replaces the valence of the problem noun in a problem
// reported solved (a relief, mildly positive).
const solvedValence = 1.5

// takesLong reports a delay said as "it takes so long": a verb of taking
// time (ياخد, بياخذ, يستغرق, take, takes, took) with a degree word
// ("بياخد وقت كده", "ياخذ وقت طويل", "takes so long", "taking forever"),
// or "why" before it ("ليش التوصيل ياخذ وقت"). Without a degree word or a
// "why" it asks how long ("كم ياخذ وقت التوصيل؟"). Not when negated ("ما
// اخدش وقت", "didn't take long": a compliment).
func takesLong(text string, toks []token) bool {
	why := false
	for i := range toks {
		if whyWords[toks[i].key] {
			why = true
		}
		if !takeVerb(toks[i]) {
			continue
		}
		if negatedBefore(toks, i) || i > 0 && negators[toks[i-1].key] || i > 0 && ntNegation(toks[i-1].key) {
			continue
		}
		if !toks[i].arabic {
			// take so long, takes too long, taking forever, took ages: of
			// the brand's service (a "why", "you", or a service noun in
			// the text), not of the writer's day ("taking forever to get
			// dressed")
			if !why && !enServiceTopic(toks) {
				continue
			}
			if i+1 < len(toks) {
				n := toks[i+1].key
				if n == "forever" || n == "ages" || (n == "so" || n == "too" || n == "soo" || n == "sooo") && i+2 < len(toks) && (toks[i+2].key == "long" || toks[i+2].key == "much") {
					return true
				}
			}
			continue
		}
		time := false
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			n := toks[j].key
			if timeNouns[n] || durationNouns[n] {
				time = true
				continue
			}
			if smallWords[n] { // "اخد وقت قليل": quick
				return false
			}
			if time && degreeWords[n] {
				return true
			}
		}
		if time && why {
			return true
		}
	}
	return false
}

// takeVerb: a form of "to take (time)".
func takeVerb(t token) bool {
	k := t.key
	if !t.arabic {
		return k == "take" || k == "takes" || k == "taking" || k == "took"
	}
	// every form holds خد, خذ or (يستغرق) غرق: most words are out at once
	if !strings.Contains(k, "خد") && !strings.Contains(k, "خذ") && !strings.Contains(k, "غرق") {
		return false
	}
	k = strings.TrimPrefix(k, "و")
	if takeVerbs[k] {
		return true
	}
	for _, st := range takeStems {
		// the stem and a verb's ending ("ياخدوا", "اخدت"): "يخدم",
		// "تخدير" only start like one
		if strings.HasPrefix(k, st) && takeEndings[k[len(st):]] {
			return true
		}
	}
	return false
}

// takeEndings may follow a stem of takeStems.
var takeEndings = map[string]bool{"": true, "و": true, "وا": true, "ت": true, "تي": true, "نا": true, "ش": true, "وش": true, "تش": true,
	"لي": true, "لك": true, "ها": true, "هم": true, "ني": true, "ه": true, "ون": true, "ين": true}

var (
	takeVerbs = wordSet("اخد", "اخذ", "خد", "خذ")
	// takeStems: "to take" with its person and tense prefixes (بياخد,
	// تاخذ, بيخد as Arabizi reads it, يستغرق in MSA)
	takeStems  = []string{"ياخد", "ياخذ", "تاخد", "تاخذ", "بياخد", "بياخذ", "بتاخد", "بتاخذ", "عمياخد", "بيخد", "بتخد", "يخد", "تخد", "يستغرق", "تستغرق", "استغرق", "اخدت", "اخذت", "خدت", "اخد", "اخذ"}
	smallWords = wordSet("قليل", "قليله", "بسيط", "قصير", "قصيره", "اقل", "شويه", "شوي")
	// (and a count of hours, days, weeks or months: "ليش التوصيل ياخذ
	// أسبوعين" asks why a service takes that long)
	// (the counts of time are their own concept bit, cwDuration: they
	// matter only beside "why")
	timeNouns     = wordSet("وقت", "وقتا", "الوقت", "وقتًا", "فتره", "مده", "زمن")
	durationNouns = wordSet("ساعه", "ساعتين", "ساعات", "يومين", "ايام", "اسبوع", "اسبوعين", "اسابيع", "شهر", "شهرين", "شهور", "اشهر")
	degreeWords   = wordSet("كده", "كدا", "كدة", "كتير", "كثير", "طويل", "طويلا", "طويلة", "هالقد", "هلقد", "هالكثر", "هالكتر", "زياده", "زيادة", "اكتر", "اكثر", "جدا", "مره", "حيل", "وايد", "بزاف", "اوي", "قوي")
)

// delayWeight is the complaint evidence of "it takes so long": decisive.
const delayWeight = 1.0

// brandProposal is the suggestion evidence of a plea, an obligation or an
// ability put to the brand before a verb of providing something (open,
// add, make, provide, bring): "لازم تفتحوا فرع", "تكفون افتحوا فرع",
// "هل يمكنكم إضافة ترجمة", "ممكن تزودوا الدفع", "you must add", "maybe
// open a branch", "why don't you make a vegan option". What is asked is
// something new, not the service owed (answer, fix, refund: those are
// complaints; responseVerb and the English list leave them out).
func brandProposal(toks []token, cb uint32) float64 {
	if cb&cwPlea == 0 {
		return 0
	}
	for i := range toks {
		k := toks[i].key
		if toks[i].arabic {
			if !pleaWords[k] {
				continue
			}
			for j := i + 1; j < len(toks) && j <= i+2; j++ {
				n := toks[j].key
				// after advice ("يُستحسن إرفاق خريطة") any verbal noun
				// proposes, not only one of providing
				if !toks[j].arabic || !arProvideVerb(n) && !(adviceWords[k] && verbalNoun(n)) {
					continue
				}
				// an impersonal obligation before a verbal noun ("يجب دعم
				// ...", "لازم فتح تحقيق") states an opinion on the news; put
				// to the brand it takes the brand's verb ("لازم تفتحوا")
				if provideNouns[n] && obligationWords[k] {
					continue
				}
				// "يمكن" alone is also "maybe" ("يمكن يفتحوا بكرة"): a
				// proposal only before a verbal noun after "هل"
				if k == "يمكن" && (!provideNouns[n] || i == 0 || toks[i-1].key != "هل") {
					continue
				}
				// "ممكن تفتحوا الطلب وتشوفوا": the customer's own case
				if j+1 < len(toks) && arOwnCase[toks[j+1].key] {
					return 0
				}
				return proposalWeight
			}
			continue
		}
		if !enPleaWords[k] {
			continue
		}
		// "don't" and "not" only after "why" (why don't you, why not), and
		// "must", "should", "need" only after "you": "it does not open" and
		// "I need to add money" propose nothing
		prev := ""
		if i > 0 {
			prev = toks[i-1].key
		}
		if (k == "dont" || k == "not") && prev != "why" || (k == "must" || k == "should" || k == "need") && !enYou[prev] {
			continue
		}
		// "can you", "could you": an ability asked of the brand, only when
		// "you" follows ("can I add", "it could open" propose nothing)
		if (k == "can" || k == "could") && (i+1 >= len(toks) || !enYou[toks[i+1].key]) {
			continue
		}
		// "why don't you", "you must", "you should", "you guys need to":
		// skip the small words between the plea and the verb
		for j := i + 1; j < len(toks) && j <= i+4; j++ {
			n := toks[j].key
			if enProvideVerbs[n] || n == "do" && enDoContent(toks, j) {
				// "please provide me contact info": the customer's own
				// case, not a proposal
				if j+1 < len(toks) && enOwnCase[toks[j+1].key] || j+2 < len(toks) && toks[j+1].key == "the" && enOwnCase[toks[j+2].key] {
					return 0
				}
				return proposalWeight
			}
			if !enPleaFill[n] {
				break
			}
		}
	}
	return 0
}

// arProvideVerb: a second-person verb, an imperative or a verbal noun of
// opening, adding, providing, making or bringing something
// (تفتحوا، افتحوا، تضيفوا، ضيفوا، إضافة، توفير، تسوون، تحطوا، تنزلوا).
func arProvideVerb(k string) bool {
	if provideNouns[k] {
		return true
	}
	if responseVerb(k) {
		return false
	}
	v := strings.TrimPrefix(k, "ب")
	for _, p := range []string{"ت", "ا", ""} {
		s := strings.TrimPrefix(v, p)
		if p != "" && s == v {
			continue
		}
		for _, st := range provideStems {
			if !strings.HasPrefix(s, st) {
				continue
			}
			rest := s[len(st):]
			if p == "" && rest != "وا" && rest != "و" {
				continue // without ت or ا only the plural imperative (حطوا، ضيفوا): عمله is a noun
			}
			switch rest {
			case "", "وا", "و", "ون", "ي", "ين", "ولنا", "ونا", "لنا", "وها", "ه", "وه":
				return true
			}
		}
	}
	return false
}

var (
	pleaWords = wordSet("بالامكان", "بامكان", "امكانيه", "لازم", "لازمكم", "لازمكو", "يجب", "المفروض", "مفروض", "تكفون", "تكفى", "تكفا", "بليز", "ياريت", "ريت", "ارجو", "نرجو", "الرجاء", "رجاء",
		"ممكن", "يمكنكم", "بامكانكم",
		// impersonal "can": "هل يمكن إضافة خيار" (before a verbal noun only, see below)
		"يمكن", "تقدروا", "تقدرون", "بتقدروا", "بتقدرو", "تقدرو", "فيكم", "فيكن", "فيك", "فيكو", "ياليت", "حبذا",
		// MSA advice, "it is preferable / better to" before a verbal noun
		// ("يُستحسن تقديم ضمان أطول", "الأفضل توفير فرع"): put to the brand
		"يستحسن", "يفضل", "الافضل", "الاحسن", "الاجدر",
		// "can you" said to one or many (بتقدر تعمل فيديو عن, بتقدرو تفتحو فرع)
		"بتقدر", "تقدر", "بتقدرو", "تقدرو", "بتقدري")
	adviceWords     = wordSet("يستحسن", "يفضل", "الافضل", "الاحسن", "الاجدر", "حبذا")
	arOwnCase       = wordSet("موعدي", "الموعد", "حجزي", "الحجز", "شكوى", "طلب", "الطلب", "طلبي", "الاوردر", "اوردري", "حسابي", "الحساب", "الشكوى", "شكوتي", "التذكره", "البلاغ", "الرساله", "رسالتي", "الايميل", "المشكله")
	obligationWords = wordSet("لازم", "يجب", "المفروض", "مفروض")
	provideStems    = []string{"فتح", "ضيف", "ضيفو", "زود", "زيد", "وفر", "نزل", "سو", "عمل", "حط", "فعل", "جيب"}
	// (MSA verbal nouns of making and offering: "هل يمكنكم تقديم دروس",
	// "إنتاج حلقات")
	provideNouns = wordSet("اضافه", "اضافة", "إضافة", "توفير", "فتح", "زياده", "زيادة", "تنزيل", "تفعيل", "اطلاق", "تقديم", "انتاج", "انشاء", "افتتاح", "تصوير", "تنظيم", "تخصيص", "اعداد", "نشر")
	enOwnCase    = wordSet("me", "my", "link", "attachment", "file", "ticket", "case", "order", "account", "email", "message")
	enYou        = wordSet("you", "u", "guys", "yall", "ya")
	enPleaWords  = wordSet("must", "should", "please", "pls", "plz", "maybe", "dont", "not", "need", "can", "could")
	// enPleaFill: words that may stand between a plea and its verb ("why
	// don't you guys add", "you really should open", "need to add")
	enPleaFill     = wordSet("you", "u", "guys", "all", "really", "just", "also", "to", "definitely", "seriously")
	enProvideVerbs = wordSet("add", "open", "make", "bring", "offer", "introduce", "launch", "include", "create", "start", "provide", "expand", "release", "sell", "stock", "build")
)

// enDoContent: "do" before a piece of content to make ("do a video on",
// "do more tutorials", "do a part 2"): a proposal to a creator; "do
// something about the delay" asks for the service owed.
func enDoContent(toks []token, j int) bool {
	for n := j + 1; n < len(toks) && n <= j+3; n++ {
		if enContentNouns[toks[n].key] {
			return true
		}
	}
	return false
}

var enContentNouns = wordSet("video", "videos", "episode", "episodes", "tutorial", "tutorials", "review", "reviews", "series", "part", "vlog", "vlogs", "collab", "livestream", "stream", "recipe", "recipes", "podcast", "reaction", "guide", "breakdown", "comparison")

// proposalWeight is the suggestion evidence of brandProposal: decisive.
const proposalWeight = 1.2

// accountMisuse reports an account used by someone else: hacked
// (hacked, اتهكر, اختراق), someone using it ("someone is using my account",
// "حدا عم يستخدم حسابي"), or orders or charges the owner did not make
// ("unauthorized orders", "طلبات ما طلبتها"). A customer whose account is
// misused loses money or data now: a complaint, and urgent.
func accountMisuse(toks []token) bool {
	someone := -1
	for i := range toks {
		k := toks[i].key
		if toks[i].arabic {
			k = strings.TrimPrefix(k, "و")
		}
		kind := misuseKinds[k] // one lookup a token
		if kind == 0 && toks[i].arabic && strings.Contains(k, "هكر") && (strings.HasPrefix(k, "اتهكر") || strings.HasPrefix(k, "انهكر") || strings.HasPrefix(k, "تهكر")) {
			kind = mkHack
		}
		if kind == 0 && someone >= 0 && i-someone <= 3 && toks[i].arabic && (strings.HasPrefix(k, "يستخدم") || strings.HasPrefix(k, "بيستخدم") || strings.HasPrefix(k, "يستعمل") || strings.HasPrefix(k, "بيستعمل") || strings.HasPrefix(k, "استخدم") || strings.HasPrefix(k, "دخل")) {
			kind = mkUse
		}
		switch kind {
		case 0:
			continue
		case mkFirstHacked:
			return true // "اتهكرت"
		case mkHack:
			// hacked: of the writer's account ("حسابي اتهكر", "تم اختراق
			// حسابي", "my account was hacked", "I got hacked"), not of
			// anyone's ("اكاونت فلان مهكر", "اختراق الشرطة")
			for j := i - 3; j <= i+3; j++ {
				if j >= 0 && j < len(toks) && j != i && (myAccount[toks[j].key] || toks[j].key == "account" && j > 0 && toks[j-1].key == "my" || toks[j].key == "got" && j > 0 && toks[j-1].key == "i") {
					return true
				}
			}
		case mkSomeone:
			someone = i
		case mkUse:
			if someone >= 0 && i-someone <= 3 {
				// ("logged into my wallet account": four words on)
				for j := i + 1; j < len(toks) && j <= i+4; j++ {
					if accountWords[toks[j].key] {
						return true
					}
				}
			}
		case mkUnauthorised:
			for j := i + 1; j < len(toks) && j <= i+2; j++ {
				if chargeNouns[toks[j].key] {
					return true
				}
			}
		case mkCharge:
			// "orders I never made", "charges I didn't authorize"
			for j := i + 1; j+1 < len(toks) && j <= i+2; j++ {
				if toks[j].key == "i" && (toks[j+1].key == "never" || toks[j+1].key == "didnt") {
					return true
				}
			}
		case mkOrders:
			// "طلبات ما طلبتها", "عمليات لم أقم بها": orders the owner did not make
			if i+2 < len(toks) && refundNegations[toks[i+1].key] && ownOrderVerbs[toks[i+2].key] {
				return true
			}
		}
	}
	return false
}

// The kinds of misuseKinds.
const (
	mkHack uint8 = 1 + iota
	mkFirstHacked
	mkSomeone
	mkUse
	mkUnauthorised
	mkCharge
	mkOrders
)

var misuseKinds = func() map[string]uint8 {
	m := map[string]uint8{}
	// later kinds win on a shared word: "order" is a charge noun in English
	for _, x := range []struct {
		kind uint8
		set  map[string]bool
	}{{mkUse, useWords}, {mkSomeone, someoneWords}, {mkHack, hackWords}, {mkFirstHacked, firstHacked}, {mkUnauthorised, unauthorisedWords}, {mkOrders, ordersNouns}, {mkCharge, chargeNouns}} {
		for w := range x.set {
			m[w] = x.kind
		}
	}
	return m
}()

var (
	hackWords         = wordSet("hacked", "hijacked", "compromised", "اختراق", "اخترق", "اخترقوا", "مخترق", "مهكر", "تهكير", "هكروا", "للاختراق", "بالاختراق")
	firstHacked       = wordSet("اتهكرت", "انهكرت", "تهكرت")
	myAccount         = wordSet("بتاعي", "تبعي", "حقي", "تاعي", "حسابي", "اكونتي", "اكاونتي", "بحسابي", "وحسابي", "حسابنا", "ايميلي", "بطاقتي", "كارتي", "بريدي", "جوالي", "موبايلي", "تلفوني", "رقمي")
	someoneWords      = wordSet("someone", "somebody", "stranger", "حد", "حدا", "احد", "أحد", "شخص", "واحد", "حدن")
	useWords          = wordSet("فات", "فاتو", "فاتوا", "changed", "reset", "using", "used", "uses", "use", "accessed", "accessing", "logged", "عم")
	accountWords      = wordSet("password", "الباسورد", "باسوردي", "السري", "ايميلي", "الايميل", "email", "account", "حسابي", "الحساب", "اكونتي", "اكاونتي", "حسابنا", "بحسابي", "بطاقتي", "كارتي", "card")
	unauthorisedWords = wordSet("unauthorized", "unauthorised", "fraudulent", "unknown", "suspicious")
	ordersNouns       = wordSet("طلبات", "طلب", "عمليات", "عمليه", "مشتريات")
	ownOrderVerbs     = wordSet("طلبتها", "اطلبها", "طلبته", "اطلبه", "عملتها", "اعملها", "اقم", "اقوم", "اشتريتها", "اشتريها", "نطلبها", "سويتها", "اسويها")
	chargeNouns       = wordSet("orders", "order", "charges", "charge", "transactions", "transaction", "purchases", "purchase", "payments", "payment", "logins", "login", "activity")
)

// conceptUrgent reports the urgency concepts Classify's phrase list
// (urgentM) does not hold: an account misused (accountMisuse), a refund
// named by its participle or noun (المبلغ المسترد, الاسترداد: as "refund"
// and استرجاع are), an escalation word that declares the service past
// tolerating ("unacceptable"), an action taken without notice ("without
// notice": as "without my consent" is), a failure met for the third time or
// more ("للمرة الثالثة", arRepeatedTime), and a customer announcing they will
// not come back ("never coming back", "won't be back", "مش راجع تاني").
// Arabic "غير مقبول" and "دون أي إشعار" are complaint words, not urgency: the
// formal register states every complaint so ("وصلني المنتج منتهي الصلاحية،
// وهذا أمر غير مقبول"); what makes such a comment urgent is money, safety,
// repetition or leaving, each read on its own.
func conceptUrgent(toks []token) bool {
	cb := conceptScan(toks)
	if cb&cwMisuse != 0 && accountMisuse(toks) || cb&cwOr != 0 && ultimatum(toks) {
		return true
	}
	for _, h := range urgentConceptM.find(toks) {
		// a refund asked about inside the time the writer knows it
		// takes is owed, not late (priority_ar.go)
		if h.id >= refundConcepts || !refundNotDue(toks) {
			return true
		}
	}
	if cb&cwWait != 0 && moneyAwaited(toks) {
		return true
	}
	if cb&cwRepeat != 0 && arRepeatedTime(toks) {
		return true
	}
	if arEscalationUrgent(toks) {
		return true
	}
	if cb&cwNever == 0 {
		return false
	}
	for i := range toks {
		if toks[i].key != "never" {
			continue
		}
		leave := false
		for j := i + 1; j < len(toks) && j <= i+5; j++ {
			if leaveVerbs[toks[j].key] && j <= i+3 {
				leave = true
			}
			if toks[j].key == "without" { // "never come here without ordering the cake"
				leave = false
				break
			}
		}
		if leave {
			return true
		}
	}
	return false
}

// refundConcepts: the first words of urgentConceptM, which name a refund.
const refundConcepts = 4

var (
	urgentConceptM = func() *matcher {
		m := newMatcher()
		for i, w := range []string{"المسترد", "الاسترداد", "المبلغ المسترد", "الاسترجاع",
			"unacceptable",
			"without notice", "without any notice", "without warning", "without telling me", "without asking me",
			"wont be back", "won't be coming back", "not coming back", "never again", "last time i order", "last time ordering",
			"مش راجع تاني", "مش هرجع تاني", "ما راح ارجع", "ما رح ارجع", "لن اعود", "لن أعود", "اخر مره", "آخر مرة"} {
			m.add(w, i, false)
		}
		return m
	}()
	// escalationAr: "unacceptable" in Arabic; a complaint as well as urgent
	// (English "unacceptable" is a complaint cue of data/intent.tsv)
	escalationAr = map[string]bool{"غير مقبول": true, "مش مقبول": true, "مو مقبول": true, "مب مقبول": true, "غير مقبوله": true, "مش مقبوله": true, "مو مقبوله": true, "ما بينقبل": true, "لا يقبل": true}
	escalationM  = func() *matcher {
		m := newMatcher()
		for w := range escalationAr {
			m.add(w, 0, false)
		}
		return m
	}()
	// leaveVerbs: after "never", a customer leaving ("never coming back",
	// "never ordering here", "never shopping with you")
	leaveVerbs = wordSet("coming", "come", "returning", "return", "going", "shopping", "ordering", "buying", "order", "shop", "buy", "using", "visiting", "eating", "back")
)

// arOrderedGot is the complaint evidence of "I ordered X and got Y": a
// first-person "ordered" (طلبت, طلبنا) then, within six words, a verb of
// receiving (جاني, وصلني, جالي, بعتولي, جابولي) with a word of the kind of
// thing ordered (مقاس, لون, حجم, نوع) among them: what came is not what
// was ordered ("طلبت مقاس صغير وجاني كبير", "طلبنا لون أسود ووصلنا أزرق").
// Without the kind word it tells of an order ("طلبت ووصلني بسرعة"); with a
// word of rightness after the receiving verb it is the opposite (-1).
func arOrderedGot(toks []token) float64 {
	for i := range toks {
		if !orderedWords[toks[i].key] {
			continue
		}
		kind := false
		for j := i + 1; j < len(toks) && j <= i+6; j++ {
			k := toks[j].key
			if kindNouns[k] {
				kind = true
			}
			// "طلبت تيشيرت أسود وجالي أزرق": a colour or size named on
			// both sides (what came after the verb of getting is told by
			// the same kind of word)
			if gotWords[strings.TrimPrefix(k, "و")] && !kind && kindAdjectives[toks[j-1].key] {
				for n := j + 1; n < len(toks) && n <= j+2; n++ {
					if kindAdjectives[toks[n].key] && toks[n].key != toks[j-1].key {
						return 1.0
					}
				}
			}
			if gotWords[strings.TrimPrefix(k, "و")] && kind {
				// "ووصلني مظبوط": what came is what was ordered; evidence
				// against a complaint, since the learned intent head reads
				// "ordered ... arrived" as one
				if j+1 < len(toks) && rightWords[toks[j+1].key] {
					return -1
				}
				return 1.0
			}
		}
	}
	return 0
}

var (
	orderedWords = wordSet("طلبت", "طلبنا", "اطلبت", "اخترت", "اخترنا")
	gotWords     = wordSet("جاني", "جالي", "جانا", "جالنا", "وصلني", "وصلنا", "وصلتني", "وصلي", "اجاني", "اجاني", "بعتولي", "بعتوا", "جابولي", "جابوا", "ارسلتوا", "ارسلتم", "استلمت", "طلعلي")
	rightWords   = wordSet("مظبوط", "مضبوط", "صح", "تمام", "بالضبط", "نفسه", "نفس", "زي", "مثل", "كما", "مطابق", "بسرعه", "بسرعة")
	// kindAdjectives: colours and sizes that tell one variant from another
	kindAdjectives = wordSet("اسود", "ابيض", "ازرق", "احمر", "اخضر", "اصفر", "بني", "رمادي", "وردي", "بنفسجي", "برتقاني", "سودا", "بيضا", "زرقا", "حمرا", "خضرا", "صفرا",
		"سوداء", "بيضاء", "زرقاء", "حمراء", "كبير", "صغير", "كبيره", "صغيره", "وسط", "لارج", "ميديم", "سمول", "اكس")
	kindNouns = wordSet("مقاس", "المقاس", "مقاسي", "لون", "اللون", "لوني", "حجم", "الحجم", "نوع", "النوع", "موديل", "الموديل", "صنف")
)

// enServiceTopic: an English text that names the brand ("you", "your") or
// a service (delivery, app, order, support ...).
func enServiceTopic(toks []token) bool {
	for i := range toks {
		if enServiceNouns[toks[i].key] {
			return true
		}
	}
	return false
}

var enServiceNouns = wordSet("you", "your", "u", "ur", "why", "delivery", "shipping", "order", "orders", "app", "website", "site", "page", "support", "refund", "service", "checkout", "payment", "package", "parcel", "response", "reply", "customer", "agent", "line", "queue", "update", "loading", "load", "it", "this")

// yesNoQuestion reports an English yes/no question without a question
// mark: the text opens with "is", "are", "was" or "were" (or "do",
// "does", "did", "have", "has") inverted before its subject ("is the black color available", "is the store open on
// friday"). The data's "is" cue alone is half a question ("is" also opens
// "is it just me or ..."); the inversion before a determiner or a pronoun
// completes it.
func yesNoQuestion(text string, toks []token) bool {
	i := 0
	for i < len(toks) && strings.HasPrefix(text[toks[i].start:], "@") {
		i++
	}
	if i+2 >= len(toks) || toks[i].arabic || strings.Contains(text, "!") {
		return false
	}
	switch k := toks[i].key; {
	case k == "is" || k == "are" || k == "was" || k == "were":
		return inversionSubjects[toks[i+1].key]
	case k == "do" || k == "does" || k == "did" || k == "have" || k == "has":
		// "does the clinic accept ...", "do you deliver on fridays",
		// "have you got it in blue" ("can you ..." is a request: left to
		// the cues)
		return inversionSubjects[toks[i+1].key] || toks[i+1].key == "you" || toks[i+1].key == "u"
	case whOpeners[k]:
		// "what time do you close", "when does the sale start", "how
		// much is delivery": a wh-word before an auxiliary or its noun
		// ("what a ..." exclaims)
		return whSecond[toks[i+1].key]
	}
	return false
}

var (
	whOpeners = wordSet("what", "when", "where", "how", "which", "who")
	whSecond  = wordSet("time", "day", "days", "hours", "do", "does", "did", "is", "are", "can", "will", "should", "much", "many", "long", "size", "color", "colour")
)

var inversionSubjects = wordSet("the", "this", "that", "these", "those", "your", "ur", "my", "our", "there", "it", "anyone", "anybody", "someone")

// ultimatum reports a demand with a threat to leave or escalate: "or"
// (والا, وإلا) before a verb of leaving, cancelling or reporting ("fix my
// internet today or I'm switching providers", "رجعولي فلوسي والا هشتكي"):
// a complaint, and urgent.
func ultimatum(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if k != "or" && k != "otherwise" && !orElse[k] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			n := toks[j].key
			if threatVerbs[n] || toks[j].arabic && threatVerbs[strings.TrimPrefix(n, "و")] {
				return true
			}
		}
	}
	return false
}

var (
	orElse      = wordSet("والا", "وإلا", "وإلّا", "والّا")
	threatVerbs = wordSet("switching", "switch", "cancel", "cancelling", "canceling", "leaving", "leave", "reporting", "report", "suing", "sue", "unsubscribing", "unsubscribe", "complaining", "escalating",
		"هشتكي", "بشتكي", "حشتكي", "سأشتكي", "ساشتكي", "اشتكي", "هلغي", "بلغي", "حلغي", "سالغي", "سألغي", "الغي", "هقفل", "بقفل", "بسكر", "هسكر", "هسيبكم", "بسيبكم", "هبلغ", "سأتقدم", "ساتقدم", "بترك", "هترك", "سأترك", "ساترك")
)

// ultimatumWeight is the complaint evidence of an ultimatum: decisive.
const ultimatumWeight = 1.0

// hypothetical reports a word in a hypothetical frame: after "would be" or
// "it'd be" ("it would be great to have a loyalty program"), or after an
// Arabic future or subjunctive "to be" (بيكون, هيكون, رح يكون, سيكون)
// with a condition after it ("بيكون حلو لو تعملوا عرض"). Its valence rates
// what is proposed.
func hypothetical(toks []token, i int) bool {
	if i >= 2 && toks[i-1].key == "be" && (toks[i-2].key == "would" || toks[i-2].key == "itd" || toks[i-2].key == "thatd") {
		return true
	}
	// "would love to see a tutorial", "I'd love a dark mode"
	if i >= 1 && i+1 < len(toks) && toks[i].key == "love" && (toks[i-1].key == "would" || toks[i-1].key == "id" || toks[i-1].key == "wed") {
		n := toks[i+1].key
		if n == "to" && i+2 < len(toks) {
			n = toks[i+2].key // "would love to see / to have"
		}
		return wishObjects[n]
	}
	// "would save us so much time", "would help a lot": what a proposal
	// would do, no good done yet ("would love" and "would like" wish, as
	// above; "would recommend" vouches)
	if i >= 1 && !toks[i].arabic && wouldWords[toks[i-1].key] && !wouldKeep[toks[i].key] {
		return true
	}
	if i >= 1 && toks[i].arabic && beFuture[toks[i-1].key] {
		for j := i + 1; j < len(toks) && j <= i+2; j++ {
			if condWords[toks[j].key] {
				return true
			}
		}
	}
	return false
}

var (
	wouldWords  = wordSet("would", "itd", "thatd", "wouldd")
	wouldKeep   = wordSet("love", "like", "recommend", "definitely", "totally", "never")
	wishObjects = wordSet("see", "have", "get", "a", "an", "more", "if", "some", "watch", "try")
	beFuture    = wordSet("بيكون", "هيكون", "حيكون", "يكون", "سيكون", "بكون", "حتكون", "هتكون", "بتكون", "ستكون", "تكون")
	condWords   = wordSet("لو", "اذا", "ازا", "إذا", "لما", "ان")
)

// hypotheticalDamp scales a good word in a hypothetical frame.
const hypotheticalDamp = 0.2

// slangPraise reports an intensity adjective of comment slang (insane,
// crazy, sick, unreal, "to die for") said of a skill or of food: "your
// editing skills are insane", "the croissants here are to die for". Said
// of a skill, a work or a dish it praises; said of prices or of a wait
// ("the prices are insane") it keeps its own valence. It returns the
// adjective's token index, or -1.
func slangPraise(toks []token) int {
	for i := range toks {
		k := toks[i].key
		if toks[i].arabic {
			continue
		}
		// "to die for"
		if k == "die" && i > 0 && toks[i-1].key == "to" && i+1 < len(toks) && toks[i+1].key == "for" {
			return i
		}
		if !slangAdjectives[k] {
			continue
		}
		// "<skill> is/are <adj>" (a skill noun up to three words before)
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if skillNouns[toks[j].key] {
				return i
			}
		}
	}
	return -1
}

var (
	slangAdjectives = wordSet("insane", "crazy", "sick", "unreal", "ridiculous", "nuts", "illegal", "fire", "lit")
	skillNouns      = wordSet("skills", "skill", "talent", "editing", "edits", "voice", "vocals", "graphics", "animation", "animations", "drawing", "drawings", "cooking", "transitions", "visuals", "flow", "moves", "aim", "gameplay", "croissants", "food", "cake", "cakes", "burger", "burgers", "pizza", "desserts", "coffee")
)

// slangValence is the valence of slang praise (VADER's "awesome" is 3.1).
const slangValence = 2.5

// recommendationAsked reports a good word asked about (in a text with a
// question mark: the caller checks): after "which" or
// "what" (ايه, انهي, شو, وش) in a question ("which plan is best for a small
// business?"). It asks for a recommendation; it praises nothing.
func recommendationAsked(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if whichWords[toks[j].key] {
			return true
		}
	}
	return false
}

var whichWords = wordSet("which", "what", "whats", "ايه", "انهي", "انهو", "شو", "وش", "ايش", "اي", "أي", "مين", "منو")

// dismissal reports a negated "to care" aimed at what the addressee says
// ("لا أحد يهتم برأيك", "محدش مهتم بكلامك", "nobody cares about your
// opinion"): a put-down of the commenter's interlocutor, not a service that
// failed the customer.
func dismissal(toks []token, j int) bool {
	k := toks[j].key
	if toks[j].arabic {
		if !strings.Contains(k, "هتم") || j+1 >= len(toks) {
			return false
		}
		n := toks[j+1].key
		return strings.HasPrefix(n, "ب") && strings.HasSuffix(n, "ك") && utf8.RuneCountInString(n) >= 4
	}
	if k != "cares" && k != "care" {
		return false
	}
	for n := j + 1; n < len(toks) && n <= j+3; n++ {
		if toks[n].key == "your" || toks[n].key == "ur" || toks[n].key == "you" {
			return true
		}
	}
	return false
}

// conjunctionMa: the words after which ما is a conjunction ("after",
// "before", "whenever", "as"), not a negation.
var conjunctionMa = wordSet("بعد", "قبل", "كل", "زي", "مثل", "متل", "حسب", "طول", "لحد", "لغايه", "عشان", "علشان", "اول",
	// "this is what" (relative ما: "وهذا ما يعجبني")
	"هذا", "وهذا", "هذه", "وهذه", "ذلك", "وذلك", "هاد", "وهاد", "هذي", "وهذي", "هيدا", "وهيدا")

// mockery reports "you think you are ..." said to the addressee (فاكر
// نفسك, مفكر حالك, تحسب نفسك, شايف حالك, تظن نفسك, "who do you think you
// are", "you think you're"): a put-down, even with a question mark; it asks
// nothing and it is negative.
func mockery(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		k, n := toks[i].key, toks[i+1].key
		if toks[i].arabic {
			if thinkYou[strings.TrimPrefix(k, "و")] && selfWords[n] {
				return true
			}
			continue
		}
		if k == "think" && i+2 < len(toks) && (n == "youre" || n == "you" && toks[i+2].key == "are") && i > 0 && (toks[i-1].key == "you" || toks[i-1].key == "u") {
			return true
		}
		if k == "who" && n == "do" && i+3 < len(toks) && toks[i+2].key == "you" && toks[i+3].key == "think" {
			return true
		}
	}
	return false
}

var (
	thinkYou  = wordSet("فاكر", "فاكره", "فاكرين", "مفكر", "مفكره", "مفكرين", "تحسب", "تحسبين", "تحسبون", "شايف", "شايفه", "شايفين", "تظن", "تظنين", "تعتبر", "معتبر")
	selfWords = wordSet("نفسك", "نفسكم", "نفسكو", "حالك", "حالكم", "حالكن", "روحك", "روحكم")
)

// mockeryValence is the negative valence of a put-down.
const mockeryValence = -2.0

// Concept word kinds: one map lookup a token (conceptScan) tells which
// concepts a text can hold, so that the patterns above run only on the
// texts that have their words (classify reads every comment: the patterns
// must cost nothing on the others).
const (
	cwProblem uint32 = 1 << iota
	cwTime
	cwTakeEn
	cwPlea
	cwMisuse
	cwNever
	cwOrdered
	cwOr
	cwThink
	cwSlang
	cwWhich
	cwWait
	cwThanksVerb
	cwTell
	cwQueue    // a noun of waiting in line (الانتظار, الطابور): waitTooLong
	cwDuration // a count of hours, days, weeks or months (takesLong after "why")
	cwRepeat   // a word for a time (مرة): arRepeatedTime
	cwPromise  // a verb of promising to us (وعدونا): promiseBroken
	cwMaybe    // "maybe" (يمكن، ربما): guessAboutThem
	cwKnow     // a verb of knowing (عارف، يدري): nobodyKnows
	// the fourteenth session's patterns, each read only when its rarest
	// word is in the text
	cwSense    // a sound, smell, taste, colour (صوت, ريحة): oddSense
	cwShown    // what showed a product (الصور, الإعلان): unlikeShown
	cwLevel    // a price or a level (الأسعار, المستوى): risingOrFalling
	cwCourtesy // a courtesy (محترم, بلطف): staffNotCourteous
	cwLearn    // a verb of learning (تعلمت, learned): learnedMuch
	cwIf       // "if" (اذا, لو): niceIfYou
	cwWish     // a word of wishing (ياريت, اتمنى, ممكن): wishOwed
)

var conceptKinds = func() map[string]uint32 {
	m := map[string]uint32{}
	put := func(bit uint32, sets ...map[string]bool) {
		for _, set := range sets {
			for w := range set {
				m[w] |= bit
			}
		}
	}
	put(cwProblem, problemNouns)
	put(cwTime, timeNouns)
	put(cwTakeEn, wordSet("take", "takes", "taking", "took"))
	put(cwPlea, pleaWords, enPleaWords)
	put(cwMisuse, hackWords, firstHacked, someoneWords, unauthorisedWords, ordersNouns, chargeNouns)
	put(cwNever, wordSet("never"))
	put(cwOrdered, orderedWords)
	put(cwOr, orElse, wordSet("or", "otherwise"))
	put(cwThink, thinkYou, wordSet("think"))
	put(cwSlang, slangAdjectives, wordSet("die"))
	put(cwWhich, whichWords)
	put(cwWait, waitWords)
	put(cwThanksVerb, thanksVerbs)
	put(cwTell, tellVerbs, tellMe, wordSet("know"))
	put(cwRepeat, timeWordAr)
	put(cwPromise, promisedUs)
	put(cwMaybe, maybeWords)
	put(cwKnow, knowVerbs)
	put(cwQueue, queueNouns)
	put(cwDuration, durationNouns)
	put(cwSense, senseNouns)
	put(cwShown, shownNouns)
	put(cwLevel, priceNounsR22, levelNouns)
	put(cwCourtesy, courtesyWords)
	put(cwLearn, learnVerbs)
	put(cwIf, wordSet("اذا", "إذا", "لو"))
	put(cwWish, wishWords, wishOpenExtra, wordSet("ريت", "ليت"))
	return m
}()

// conceptScan returns the concept word kinds of toks (a word with the
// conjunction و is looked up without it too; a verb of hacking, اتهكر،
// انهكرت, is a misuse word whatever its affixes).
func conceptScan(toks []token) uint32 {
	var bits uint32
	for i := range toks {
		bits |= toks[i].conceptBits()
	}
	return bits
}

// conceptBits is a token's concept word kinds (conceptScan), looked up on
// the first call and kept on the token: classify scans the same tokens three
// times.
func (t *token) conceptBits() uint32 {
	if t.cDone {
		return t.cBits
	}
	k := t.key
	bits := conceptKinds[k]
	if t.arabic {
		if len(k) > len("و") && strings.HasPrefix(k, "و") {
			bits |= conceptKinds[k[len("و"):]]
		}
		if strings.Contains(k, "هكر") {
			bits |= cwMisuse
		}
	}
	t.cBits, t.cDone = bits, true
	return bits
}

// moneyAwaited reports the customer waiting for money to come back: a word
// of waiting (ناطر, مستني, أنتظر, waiting) up to three words before a money
// or refund noun ("صرلي شهر ناطر المصاري ترجع", "بستنى الفلوس ترجع"): a
// refund overdue, urgent as "still no refund" is.
func moneyAwaited(toks []token) bool {
	for i := range toks {
		if !waitWords[toks[i].key] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			k := toks[j].key
			if u := toks[j].urgent(); u == uwMoney || u == uwRefund || k == "refund" || k == "money" {
				return true
			}
		}
	}
	return false
}

var waitWords = wordSet("ناطر", "ناطره", "ناطرين", "مستني", "مستنيه", "مستنيين", "انتظر", "أنتظر", "ننتظر", "بستنى", "استنى", "منتظر", "منتظره", "انطر", "waiting")

// thanksVerb is the praise evidence of a first-person verb of thanking
// addressed to the brand (أشكركم, نشكركم, بشكركم, أشكرك): the MSA and
// formal way to thank, as شكرا is.
const thanksVerbPraise = 1.0

var thanksVerbs = wordSet("اشكركم", "أشكركم", "نشكركم", "بشكركم", "اشكرك", "أشكرك", "نشكرك", "بشكرك", "اشكركو", "بشكركو", "اشكركن", "بشكركن", "واشكركم", "ونشكركم",
	// the verb before the one thanked ("أشكر إدارة المدرسة على ...")
	"اشكر", "نشكر", "بشكر", "واشكر", "ونشكر")

// arReservation reports an Arabic comment that grants something good and
// then, after a contrast word (بس, لكن, ولكن), names a defect without a
// complaint word: "النظارة جميلة لكن الإطار ضيق جداً", "الأكل طيب بس
// المكان زحمة كتير", "حلو بس ما فيه ترجمة". What follows the contrast is
// the point (the praise a concession), so the comment complains and its
// sentiment is mixed. The clause after the contrast must read as a defect:
// a negation (ما, مش, مو, مب, غير, لا) or a degree word (جدا, كتير, مرة,
// اوي) or a verb of going past a limit (تجاوز, تعدى); not when it is
// itself positive, a wish or a proposal (ياريت, اتمنى, لو), a question
// (؟), or only "بس" at the end ("حلو بس"), nor when a question or a
// proposal cue is in the text ("حلو بس بدي اعرف السعر").
func arReservation(text string, toks []token, s *sentScore, ev *intentEv) bool {
	if !s.arabic || s.butAt < 1 || s.posBefore <= 0 || s.posAfter > 0 && !excessAfter(toks[s.butAt+1:]) || hasQuestionMark(text) {
		return false
	}
	if ev.cue[iQuestion] >= 0.5 || ev.cue[iSuggestion] >= 0.5 {
		return false
	}
	after := toks[s.butAt+1:]
	if len(after) < 2 {
		return false
	}
	defect := false
	for i := range after {
		k := after[i].key
		if wishWords[k] || k == "لو" || k == "ولو" || thanksWords[k] {
			return false
		}
		b := strings.TrimPrefix(k, "و")
		if degreeWords[k] || degreeWords[b] || reservationNeg[k] || reservationNeg[b] || exceedVerbs[b] {
			defect = true
		}
	}
	return defect
}

// excessAfter reports a degree word right before an adjective of measure
// (pace, size, length, loudness, weight: "كتير سريع", "جدا كبير", "مرة
// طويل"): after a contrast that follows praise it names too much of a
// quality, a defect ("الكورس منيح بس الشرح كتير سريع"), even when the
// adjective is praise elsewhere ("التوصيل سريع").
func excessAfter(after []token) bool {
	for i := 0; i+1 < len(after); i++ {
		if degreeWords[after[i].key] && measureAdj[after[i+1].key] {
			return true
		}
	}
	return false
}

// measureAdj: adjectives of measure (see excessAfter)
var measureAdj = wordSet("سريع", "سريعه", "سريعة", "كبير", "كبيره", "كبيرة", "صغير", "صغيره", "صغيرة", "طويل", "طويله", "طويلة", "قصير", "قصيره", "قصيرة",
	"عالي", "عاليه", "عالية", "تقيل", "تقيله", "ثقيل", "ثقيلة", "خفيف", "خفيفه", "خفيفة", "واسع", "واسعه", "واسعة", "حار", "حاره", "مالح", "مالحه")

var (
	// reservationNeg: the negations that turn a clause into a defect
	// ("مب ثابت", "غير منظمين", "ما بتنتبه")
	reservationNeg = wordSet("ما", "مش", "مو", "مب", "غير", "لا", "ليس", "ليست", "مافي", "مافيه", "مفيش", "ماكو", "بدون")
	// exceedVerbs: going past a limit ("الانتظار تجاوز الساعة")
	exceedVerbs = wordSet("تجاوز", "تجاوزت", "تعدى", "تعدت", "تخطى", "تخطت", "فاق", "فاقت")
)

// arInfoQuestion reports an MSA question opened by the interrogative "ما"
// ("what is"): "ما" first, a question mark in the text, and a noun of
// information asked after it ("ما مواعيد العمل؟", "ما تكلفة الرحلة؟", "ما
// هي الشروط؟"). The dialects' "ما" negates a verb ("ما وصل", "ما حد رد");
// before one of these nouns it asks. Its "ما" reports no failure.
func arInfoQuestion(text string, toks []token) bool {
	if len(toks) < 2 || toks[0].key != "ما" || !hasQuestionMark(text) {
		return false
	}
	n := toks[1].key
	return infoNouns[n] || infoNouns[strings.TrimPrefix(n, "ال")] || n == "هو" || n == "هي" || n == "هى"
}

// infoNouns: what a customer asks to be told (times, prices, costs,
// durations, conditions, ways, places, differences, meanings)
var infoNouns = wordSet("مواعيد", "موعد", "ميعاد", "مواقيت", "اوقات", "وقت", "ساعات", "سعر", "اسعار", "تكلفه", "تكاليف", "رسوم", "قيمه", "ثمن",
	"مده", "طريقه", "شروط", "خطوات", "متطلبات", "اجراءات", "عنوان", "رقم", "اسم", "الفرق", "فرق", "معني", "نوع", "انواع", "حجم", "مقاس", "مكان", "موقع", "المطلوب")

// plainQuestionMaxWords bounds a question read as only a question when its
// complaint evidence is weak.
const plainQuestionMaxWords = 10

// anyNegator reports a negation or a "still / for (so long)" word in the
// text (ما, مش, محدش, مفيش, مجاش, لسه, بقاله, not): a question beside one
// tells of a wait or a failure ("بقاله أسبوع ولسه مجاش، هو في ايه؟").
func anyNegator(toks []token) bool {
	for i := range toks {
		// "هل السيارة مستعملة ولا جديدة؟": in a question ولا between two
		// alternatives is "or"; before "anyone / anything" (ولا حد رد)
		// it negates
		if toks[i].key == "ولا" && i > 0 && i+1 < len(toks) && !npiWords[toks[i+1].key] {
			continue
		}
		k := strings.TrimPrefix(toks[i].key, "و")
		if negators[k] || reservationNeg[k] || stillWords[k] || strings.HasPrefix(k, "محد") || strings.HasPrefix(k, "مفي") {
			return true
		}
		if toks[i].arabic && strings.HasPrefix(k, "م") && strings.HasSuffix(k, "ش") && utf8.RuneCountInString(k) >= 4 {
			return true // مجاش, مبيردش
		}
	}
	return false
}

// npiWords: "anyone, anything, any, one" after a negation (ولا حد, ولا شي).
var npiWords = wordSet("حد", "احد", "أحد", "حدا", "شي", "شيء", "حاجه", "اي", "أي", "واحد", "كلمه", "رد", "مره")

var stillWords = wordSet("لسه", "لسا", "لسة", "للحين", "لحد", "لغايه", "بقاله", "بقالها", "بقالي", "بقالنا", "صارلي", "صارلو", "صارله", "صرلي", "منذ", "still")

// arRepeatedTime reports an Arabic "for the third time" or more: an ordinal
// from third up beside the word for a time ("المرة الثالثة", "للمرة
// الرابعة", "تالت مرة", "خامس مرة", "مرة ثالثة"), or "كم مرة" ("how many
// times"). The same failure met again and again is urgent.
func arRepeatedTime(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if !timeWordAr[k] {
			continue
		}
		if i > 0 && (ordinal3Ar[toks[i-1].key] || toks[i-1].key == "كم" || toks[i-1].key == "كام") {
			return true
		}
		if i+1 < len(toks) && ordinal3Ar[toks[i+1].key] {
			return true
		}
	}
	return false
}

var (
	timeWordAr = wordSet("مرة", "المرة", "للمرة", "مرات", "والمرة", "وللمرة")
	ordinal3Ar = wordSet("الثالثة", "الثالثه", "ثالث", "ثالثة", "تالت", "تالتة", "تالث", "التالته", "التالتة", "التالت", "الرابعة", "رابع", "رابعة", "الخامسة", "خامس", "خامسة",
		"السادسة", "سادس", "العاشرة", "عاشر", "المليون", "الألف", "الالف", "المية", "الميه")
)

// arEscalationUrgent reports the Arabic escalations that are urgent: "غير
// مقبول" with an absolute intensifier ("مش مقبول خالص", "غير مقبول
// إطلاقاً": strong anger; the bare formal "وهذا أمر غير مقبول" closes an
// ordinary complaint), and an action taken "without notice" on the
// writer's own order, subscription or account ("لغوا اشتراكي بدون اشعار",
// "تم إلغاء طلبي دون أي إشعار"; a service cut without notice, "انقطعت
// الخدمة دون إشعار", is an ordinary complaint).
func arEscalationUrgent(toks []token) bool {
	for _, h := range escalationM.find(toks) {
		for j := h.ti - 2; j < h.tj+2; j++ {
			if j >= 0 && j < len(toks) && absoluteWords[toks[j].key] {
				return true
			}
		}
	}
	for _, h := range noticeArM.find(toks) {
		for j := h.ti - 3; j < h.ti; j++ {
			if j >= 0 && ownThingAr[toks[j].key] {
				return true
			}
		}
	}
	return false
}

var (
	absoluteWords = wordSet("خالص", "اطلاقا", "إطلاقاً", "إطلاقًا", "ابدا", "أبداً", "نهائيا", "نهائياً", "بالمره", "بتاتا", "البته", "بالمرة")
	ownThingAr    = wordSet("طلبي", "اشتراكي", "حسابي", "حجزي", "طلبيتي", "اوردري", "باقتي", "رحلتي", "موعدي", "بطاقتي", "خطي")
	noticeArM     = func() *matcher {
		m := newMatcher()
		for i, w := range []string{"دون اشعار", "دون أي إشعار", "بدون اشعار", "بدون أي إشعار", "من غير ما يقولولي", "من غير اشعار", "بدون ما تبلغوني", "دون إبلاغي", "بدون علم", "دون سابق إنذار", "بدون سابق انذار"} {
			m.add(w, i, false)
		}
		return m
	}()
)

// arRhetorical reports an Arabic rhetorical question, the indignant "what is
// this ...?" of a complaint that asks nothing: "what" (وش, شو, ايش, ايه)
// before the demonstrative prefix هال ("وش هالتعامل", "شو هالشغل") or
// before a noun of "the story" ("وش السالفة", "شو القصة", "ايه الحكاية"),
// the Egyptian "ده اسمه ايه" ("what do you call this"), "ايه ده" closing a
// clause, or a question mark with an exclamation mark ("؟!"). Beside a
// complaint cue (intentScores) it is no question.
func arRhetorical(text string, toks []token) bool {
	if strings.Contains(text, "؟!") || strings.Contains(text, "?!") || strings.Contains(text, "!؟") {
		return true
	}
	for i := 1; i < len(toks); i++ {
		// "ده اسمه ايه" beside a complaint ("what do you call this"); alone
		// it asks a name ("الروج ده اسمه ايه؟")
		if whatWordsAr[toks[i].key] && (toks[i-1].key == "اسمه" || toks[i-1].key == "اسمها") {
			return true
		}
	}
	// "حاسبوني عالكيس كمان؟ عنجد؟": "seriously?" closing a comment of a few
	// words is disbelief at what happened
	if n := len(toks); n >= 4 && seriouslyWords[toks[n-1].key] {
		return true
	}
	// "هيك النظافة عندكن؟": "so this is your X?" of the brand's conduct
	for i := 0; i+2 < len(toks); i++ {
		if soWords[strings.TrimPrefix(toks[i].key, "و")] && strings.HasPrefix(toks[i+1].key, "ال") && yourPlace[toks[i+2].key] {
			return true
		}
	}
	// "حد يفهمني ازاي!!!", "مين يفسرلي؟!": someone asked to explain what
	// makes no sense, with the exclamation its caller requires
	if someoneExplainMe(toks) {
		return true
	}
	// "هيك بتغشوا العالم؟", "كده تعملوا فينا؟": "so / like this" before a
	// second-person verb, an accusation put as a question
	for i := 0; i+1 < len(toks); i++ {
		if soWords[strings.TrimPrefix(toks[i].key, "و")] && toks[i+1].arabic && secondPersonVerb(toks[i+1].key) {
			return true
		}
	}
	return arWhatIsThis(text, toks)
}

// seriouslyWords: "seriously?" (عنجد, بجد); yourPlace: "at yours" (عندكم).
var (
	seriouslyWords = wordSet("عنجد", "بجد", "جد", "بجدية", "seriously")
	yourPlace      = wordSet("عندكم", "عندكن", "عندكو", "عندك", "تبعكم", "تبعكن", "حقكم", "بتاعتكم", "بتاعكم")
)

// someoneExplainMe reports "someone explain to me" (حد يفهمني, مين
// يفسرلي): with repeated exclamation marks, exasperation, not a question,
// whatever question word follows ("حد يفهمني ازاي!!!").
func someoneExplainMe(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if k := toks[i].key; (k == "حد" || k == "حدا" || k == "احد" || k == "مين" || k == "واحد") && explainMeVerbs[toks[i+1].key] {
			return true
		}
	}
	return false
}

// explainMeVerbs: "explain to me / make me understand" (حد يفهمني).
var explainMeVerbs = wordSet("يفهمني", "يفهمنا", "يفسرلي", "يشرحلي", "يشرحلنا", "يقنعني", "يفهمنى", "يفهّمني")

// arWhatIsThis is the "what is this ...?" form of arRhetorical (without
// "؟!"). Without a good word beside it ("وش هالجمال" praises) it is
// indignation: "شو هالشغل؟", "وش ذا الشغل؟", "شو هالحكي؟" (intentScores).
func arWhatIsThis(text string, toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if !whatWordsAr[k] {
			continue
		}
		if i+1 < len(toks) {
			n := toks[i+1].key
			if strings.HasPrefix(n, "هال") && utf8.RuneCountInString(n) > 4 || storyNouns[n] {
				return true
			}
			// "وش ذا الشغل", "شو هاد الحكي": a demonstrative and a noun
			if thisWords[n] && i+2 < len(toks) && strings.HasPrefix(toks[i+2].key, "ال") {
				return true
			}
			// "ايه ده", "وش ذا", "شو هاد" ending the text or a clause
			if (n == "ده" || n == "دا" || n == "دي" || thisWords[n]) && (i+2 == len(toks) || strings.ContainsAny(text[toks[i+1].end:toks[i+2].start], "،,.!؟?")) {
				return true
			}
		}
	}
	return demonstrativeFrame(text, toks) || howSo(text, toks)
}

// howSo reports an interrogative of manner or reason right before "like
// this" closing the text or a clause ("شلون كذا؟", "ازاي كده؟", "كيف
// هيك؟"): an exclamation at what happened, not a question.
func howSo(text string, toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !howSoWords[strings.TrimPrefix(toks[i].key, "و")] || !soWords[toks[i+1].key] {
			continue
		}
		if i+2 == len(toks) || strings.ContainsAny(text[toks[i+1].end:toks[i+2].start], "،,.!؟?") {
			return true
		}
	}
	return false
}

var howSoWords = wordSet("شلون", "اشلون", "كيف", "ازاي", "إزاي", "ليش", "ليه", "لماذا", "وش", "شو", "ايش")

// demonstrativeFrame reports a noun between two copies of one
// demonstrative closing a clause, the Egyptian exclamation "ده كلام ده؟",
// "دي خدمة دي" ("is this what you call service?"): without a good word
// beside it, indignation (intentScores), not a question.
func demonstrativeFrame(text string, toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		d := toks[i].key
		if !frameDemonstratives[d] || toks[i+2].key != d || !toks[i+1].arabic {
			continue
		}
		if i+3 == len(toks) || strings.ContainsAny(text[toks[i+2].end:toks[i+3].start], "،,.!؟?") {
			return true
		}
	}
	return false
}

var frameDemonstratives = wordSet("ده", "دي", "دا", "هذا", "هذي", "هاد")

var (
	thisWords   = wordSet("ذا", "هذا", "هاد", "هيدا", "هذي", "هاي")
	whatWordsAr = wordSet("وش", "شو", "ايش", "ايه", "ايه", "شنو", "واش", "وشو", "ووش")
	storyNouns  = wordSet("السالفه", "القصه", "الحكايه", "الموضوع", "القصة", "الحكاية", "السالفة", "الهبل", "المهزله", "المسخره", "القرف", "الاستهبال")
)

// askWordAr reports an Arabic question word that asks for information
// (متى, كيف, هل, كم, فين, وين, امتى, ازاي): beside it a rhetorical "وش
// هالشي" does not make the whole text rhetorical.
// An interrogative before "like this" (كيف هيك، ازاي كده، شلون كذا)
// asks nothing: it exclaims at what happened.
func askWordAr(toks []token) bool {
	for i := range toks {
		if askWordsAr[strings.TrimPrefix(toks[i].key, "و")] && !(i+1 < len(toks) && soWords[toks[i+1].key]) {
			return true
		}
	}
	return false
}

// soWords: "like this, so" (كذا، كده، هيك، هكذا).
var soWords = wordSet("كذا", "كده", "كدا", "كدة", "هيك", "هكذا", "هيكا")

var askWordsAr = wordSet("متى", "متي", "امتى", "امتي", "كيف", "كيفية", "هل", "كم", "كام", "بكام", "بكم", "فين", "وين", "ازاي", "إزاي", "اين", "أين", "ليه", "ليش", "لماذا", "مين", "منو")

// notDoneWell reports a job "not done well": a manner adverb of the
// dialects (زين, منيح, كويس, مليح, عدل) up to three words after a negation
// ("مو مستوي زين", "ما فحص الكلب منيح", "مش متنضف كويس"). The service was
// done badly: a complaint, as a negated service verb is.
func notDoneWell(text string, toks []token) bool {
	for i := 1; i < len(toks); i++ {
		if !toks[i].is(clMannerGood) {
			continue
		}
		for k := i - 1; k >= 0 && k >= i-3; k-- {
			// within one clause ("وما قصروا، الشغل زين"), not a doubt
			// ("مش عارف اذا كويس")
			if strings.ContainsAny(text[toks[k].end:toks[k+1].start], "،,.!؟?") || doubtWords[toks[k].key] {
				break
			}
			n := strings.TrimPrefix(toks[k].key, "و")
			if n == "ما" && k+1 < len(toks) && isElative(toks[k+1].key) {
				break
			}
			if reservationNeg[n] && n != "غير" && n != "بدون" {
				return true
			}
			if toks[k].arabic && strings.HasPrefix(n, "م") && strings.HasSuffix(n, "ش") && utf8.RuneCountInString(n) >= 4 {
				return true // "مصلحش الحنفية كويس"
			}
		}
	}
	return false
}

var doubtWords = wordSet("عارف", "عارفه", "اعرف", "بعرف", "اعرفش", "متاكد", "متأكد", "اذا", "إذا", "لو", "ان", "انه", "ادري", "داري", "يمكن", "بدري")

var mannerGood = wordSet("زين", "منيح", "كويس", "مليح", "عدل", "صح", "مزبوط")

// unQuality reports the MSA negation of a quality, غير before an adjective
// ("الموظفون غير متعاونين", "الخبز غير طازج", "الصوت غير واضح"): a
// participle (م...) or a plain adjective of what a service should be. Not
// "without" (من غير, بغير), not "other than" (غير اللي, غير عن, غير أن),
// not the verb "changed" (غير حياتي), and not the qualities whose negation
// praises or only describes (غير محدود, غير مسبوق, غير مضر, غير متوقع).
// Of 75 labelled comments with غير, the 42 of this shape are complaints.
func unQuality(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if k := toks[i].key; k != "غير" && k != "وغير" {
			continue
		}
		if i > 0 && (toks[i-1].key == "من" || toks[i-1].key == "ومن") {
			continue
		}
		n := toks[i+1].key
		if !toks[i+1].arabic || unQualityNot[n] {
			continue
		}
		if plainQualities[n] || strings.HasPrefix(n, "م") && utf8.RuneCountInString(n) >= 4 && !strings.HasSuffix(n, "ي") {
			return true
		}
	}
	return false
}

var (
	plainQualities = wordSet("واضح", "واضحه", "صحيح", "صحيحه", "صالح", "صالحه", "لائق", "لايق", "لائقه", "نظيف", "نظيفه", "طازج", "طازجه", "امن", "امنه", "آمن", "آمنة", "كافي", "كافيه", "جاهز", "جاهزه", "دقيق", "دقيقه", "سليم", "سليمه", "جيد", "جيده", "صادق", "صادقين", "جدير", "لطيف", "نزيه", "عادل", "كفء")
	unQualityNot   = wordSet("محدود", "محدوده", "مسبوق", "مسبوقه", "معقول", "معقوله", "متوقع", "متوقعه", "مضر", "مضره", "مؤذي", "مكلف", "مكلفه", "محدد", "محدده", "مشروط", "مشروطه", "مهم", "مهمه", "ملزم", "مره", "مرة", "مباشر", "مباشره", "مرئي", "منتهي", "متناهي", "ممكن")
)

// zeroRated reports "zero" (صفر, زيرو) rating the noun before it: a
// definite noun, or one followed by
// "at yours" ("التغطية عندكم صفر", "الاحترام صفر", "النظافة عندهم
// زيرو"): the service scored nothing, a grievance. Not "from zero" (من
// الصفر, starting over) nor a number of something (صفر ريال).
func zeroRated(toks []token) bool {
	for i := 1; i < len(toks); i++ {
		if !zeroWords[toks[i].key] {
			continue
		}
		j := i - 1
		if atYours[toks[j].key] && j > 0 {
			j--
		}
		if k := strings.TrimPrefix(toks[j].key, "و"); toks[j].arabic && strings.HasPrefix(k, "ال") && utf8.RuneCountInString(k) >= 5 {
			return true
		}
	}
	return false
}

// zeroAfter reports "zero" rating the word that ends at tj (the token
// toks[tj], or the one after "عندكم").
func zeroAfter(toks []token, tj int) bool {
	if tj < len(toks) && atYours[toks[tj].key] {
		tj++
	}
	return tj < len(toks) && zeroWords[toks[tj].key]
}

var (
	zeroWords = wordSet("صفر", "زيرو")
	atYours   = wordSet("عندكم", "عندكن", "عندك", "عندهم", "عندكو", "فيكم", "فيها", "فيه")
)

// zeroValence is the negative sentiment evidence of zeroRated.
const zeroValence = 1.5

// wishForOwnLimit reports a comment opening with a wish (ياريت, ياليت,
// يا ريت, ممكن, ودنا, نتمنى) that names the writer's own sight or age
// (عيوني, نظري, كبير في السن, احنا الكبار) or prices too dear for those
// the proposal is for (غالية عليهم): the wish asks for what they need
// ("ياليت تكبرون الخط في التطبيق، عيوننا ما تساعد"), and the negation
// or the bad word beside it is no failure of the brand's. The labelled
// comments of this shape are all suggestions, neutral.
func wishForOwnLimit(toks []token) bool {
	if len(toks) < 3 || !opensWithWish(toks) {
		return false
	}
	for i := 1; i < len(toks); i++ {
		if ownLimitWords[strings.TrimPrefix(toks[i].key, "و")] {
			return true
		}
		// what the proposal is for: prices too dear for those it names
		// ("ياريت تعملوا خصم للطلبة، الأسعار غالية عليهم")
		if i+1 < len(toks) && dearWords[toks[i].key] && (toks[i+1].key == "عليهم" || toks[i+1].key == "عليهن") {
			return true
		}
	}
	return false
}

var dearWords = wordSet("غالي", "غاليه", "غاليين")

// opensWithWish reports a comment whose first word is a wish (ياريت,
// ياليت, يا ريت, ممكن, ودنا, نتمنى).
func opensWithWish(toks []token) bool {
	if len(toks) < 2 {
		return false
	}
	k := toks[0].key
	return wishWords[k] || wishOpenExtra[k] || k == "يا" && (toks[1].key == "ريت" || toks[1].key == "ليت")
}

var (
	// the wish words of intent_ar.go's wishWords, and these
	wishOpenExtra = wordSet("ياليت", "ممكن", "ياريتكم", "ياليتكم")
	ownLimitWords = wordSet("عيوني", "عيوننا", "عينيا", "عيني", "نظري", "نظرنا", "السن", "الكبار", "كبار", "المسنين", "الكبيره", "نظارة", "نظاره")
)

// unQualityWeight is the complaint evidence of unQuality.
const unQualityWeight = 0.8

// shoutedAt reports a verb of shouting at or insulting someone (صرخ,
// صارخ, زعق, شتم, بهدل with a person prefix: يصارخ, بيزعق, شتمنا) before
// "at" (على, علينا, فينا): the staff mistreating customers or their
// children ("الكابتن يصارخ على العيال"), a grievance whatever the rest says.
func shoutedAt(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].arabic || !atWords[toks[i+1].key] {
			continue
		}
		k := strings.TrimPrefix(toks[i].key, "و")
		if strings.HasSuffix(k, "ت") || strings.HasPrefix(k, "ا") {
			continue // "صرخت على ابني", "اصرخ": the writer shouting
		}
		for _, p := range []string{"بي", "بت", "بن", "ي", "ت", "ن", "ب", ""} {
			r, ok := strings.CutPrefix(k, p)
			if !ok {
				continue
			}
			for _, st := range shoutStems {
				if strings.HasPrefix(r, st) {
					return true
				}
			}
		}
	}
	return false
}

var (
	shoutStems = []string{"صرخ", "صارخ", "زعق", "شتم", "بهدل"}
	atWords    = wordSet("على", "علي", "علينا", "عليا", "عليه", "عليها", "عليهم", "فينا", "فيني", "فيهم", "بوجهي", "بوجهنا", "بوشي")
)

// shoutWeight is the complaint evidence of shoutedAt.
const shoutWeight = 0.8

// notWellWeight is the complaint evidence of notDoneWell.
const notWellWeight = 0.8

// leftWaiting reports customers left waiting or stranded: "left us" (خلانا,
// خلونا, تركونا, سابونا, خلاني) before a span of time, a place or heat
// within three words ("وخلانا بالحر ساعة", "سابونا في الشارع"), or "we
// stayed / we sat" (ضلينا, ظلينا, قعدنا, بقينا) before "standing / waiting"
// (واقفين, مستنيين, ناطرين, ننتظر): the service kept them waiting.
func leftWaiting(toks []token) bool {
	for i := range toks {
		left, stayed := toks[i].isW(clLeftUs), toks[i].isW(clStayed)
		if !left && !stayed {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			n := toks[j].key
			// a place or a span right after "left us" ("وخلانا بالحر
			// ساعة"; not "خلانا نضحك ساعتين": a verb between)
			if waitingWords[n] || left && j == i+1 && (strandPlaces[n] || timeSpans[n]) {
				return true
			}
		}
	}
	return false
}

var (
	leftUsVerbs = wordSet("خلانا", "خلونا", "خلاني", "خلوني", "تركونا", "تركنا", "تركوني", "سابونا", "سابوني", "سابنا", "سابني", "تركني")
	// (we: a fan "waiting for the next episode" writes in the singular)
	stayedVerbs  = wordSet("ضلينا", "ظلينا", "قعدنا", "بقينا", "فضلنا")
	waitingWords = wordSet("واقفين", "واقف", "مستنيين", "مستني", "ناطرين", "ناطر", "ننتظر", "ننطر", "نستني", "منتظرين", "منطرين", "ننطركم", "نستناكم")
	strandPlaces = wordSet("بالحر", "بالشارع", "بالشمس", "بالبرد", "بالمطر", "بالمحطه", "بالطريق", "بالمطار", "برا", "بره", "الشارع")
	timeSpans    = wordSet("ساعه", "ساعتين", "ساعات", "نص", "يوم", "يومين", "ايام", "اسبوع")
)

// leftWaitingWeight is the complaint evidence of leftWaiting.
const leftWaitingWeight = 1.0

// promiseBroken reports a promise told and then what "turned out": "you
// promised us" (وعدونا, وعدتوني, قالولنا) then, later in the text, "it
// turned out" (وطلع, طلعت, اتضح, تبين): "الحملة وعدونا بفندق قريب وطلع
// بعيد". Telling what was promised before what came is a grievance.
func promiseBroken(toks []token) bool {
	for i := range toks {
		if !promisedUs[toks[i].key] && !promisedUs[strings.TrimPrefix(toks[i].key, "و")] {
			continue
		}
		for j := i + 2; j < len(toks); j++ {
			if turnedOut[toks[j].key] || turnedOut[strings.TrimPrefix(toks[j].key, "و")] {
				// what turned out is not good ("وطلع أحسن من المتوقع",
				// "وطلع فعلا ممتاز": kept)
				for _, h := range sentM.find(toks[j+1:]) {
					if sentVal[h.id] > 0 {
						return false
					}
				}
				for _, t := range toks[j+1:] {
					if goodElatives[t.key] || t.key == "فعلا" {
						return false
					}
				}
				return true
			}
		}
	}
	return false
}

var (
	promisedUs = wordSet("وعدونا", "وعدوني", "وعدتونا", "وعدتوني", "وعدتنا", "وعدني", "وعدنا", "قالولنا", "قالولي", "قلتولنا", "قلتولي", "وعدتم", "وعدتمونا")
	turnedOut  = wordSet("طلع", "طلعت", "طلعو", "طلعوا", "اتضح", "تبين", "اتاريه", "اتاريها", "طلعلي")
)

// conductNoun reports a noun of the brand's conduct after "this" (هالشغل,
// ذا الشغل, هالتعامل, هالحكي, هالخدمة): "what is this service?" judges it.
func conductNoun(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if r, ok := strings.CutPrefix(k, "هال"); ok && conductNouns[r] {
			return true
		}
		if i > 0 && (thisWords[toks[i-1].key] || frameDemonstratives[toks[i-1].key]) && conductNouns[strings.TrimPrefix(k, "ال")] {
			return true
		}
	}
	return false
}

var conductNouns = wordSet("شغل", "حكي", "كلام", "تعامل", "معامله", "خدمه", "اسلوب", "تاخير", "مهزله", "مسخره", "استهبال", "هبل", "قرف", "لعب", "دلع",
	// how the place is run: "وش ذا التنظيم", "شو هالإدارة"
	"تنظيم", "اداره", "انتظار")

// channelCue: the spam cue h is a messaging app's name alone (واتساب,
// تلجرام, سناب).
func channelCue(toks []token, h hit) bool {
	if h.tj != h.ti+1 {
		return false
	}
	k := toks[h.ti].key
	if channelNames[k] {
		return true
	}
	// with a preposition or the article ("بالواتس", "عالواتس", "الواتساب",
	// "وبالواتس")
	k = strings.TrimPrefix(k, "و")
	for _, p := range [...]string{"بال", "عال", "ال", "ب", "ع"} {
		if r, ok := strings.CutPrefix(k, p); ok && channelNames[r] {
			return true
		}
	}
	return channelNames[k]
}

// proposedBefore: a word of proposing or wishing (اقترح, ياريت, اتمنى,
// لو) up to six words before toks[i].
func proposedBefore(toks []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-6; j-- {
		k := toks[j].key
		if wishWords[k] || proposeWords[k] {
			return true
		}
	}
	return false
}

var (
	channelNames = wordSet("واتساب", "واتس", "وتساب", "واتسب", "تلجرام", "تليجرام", "سناب", "انستا", "انستقرام", "whatsapp", "telegram")
	proposeWords = wordSet("اقترح", "نقترح", "اقتراح", "اقتراحي", "ياريت", "ريت", "اتمنى", "نتمنى", "لو", "ممكن", "suggest", "wish",
		// "can you (make)", "make / put / set up" said to the brand, "you should"
		"فيكن", "فيكم", "فيك", "خلوا", "خلو", "حطوا", "حطو", "اعملوا", "اعملو", "تعملوا", "تعملو", "سووا", "سوو", "المفروض", "لازم")
)

// askedToBeTold reads a request to be told something: a plea or a wish
// (يرجى، ممكن، ياريت، please, can you) up to two words before a verb or a
// verbal noun of telling (توضيح، تشرحولي، إفادتنا، تقولولي، explain,
// clarify, tell, let me know), or one of those verbs with the customer as
// its object (وضحولي، فهموني، خبرونا). What the comment wants is an answer
// (toldAnswer): a question, not a proposal (the plea's wish); told how to
// do something (طريقة، كيفية، ازاي، how, the steps), a request for
// instructions (toldHow). A piece of content to explain in ("اشرحلنا
// بفيديو", "explain it in a video") makes it a proposal of content
// (toldContent).
func askedToBeTold(toks []token) toldKind {
	for i := range toks {
		k := toks[i].key
		if tellMe[k] {
			// "الفيديو ده فهمني الكهربا": after its subject (a
			// demonstrative, a noun with the article) the verb is past,
			// "it made me understand", no request
			if i > 0 && (frameDemonstratives[toks[i-1].key] || strings.HasPrefix(toks[i-1].key, "ال")) {
				continue
			}
			return toldAt(toks, i)
		}
		if !tellPlea[k] {
			continue
		}
		j := i + 1
		// "can you tell", "could u explain": an ability asked of the brand
		// ("I can tell you" asks nothing)
		if k == "can" || k == "could" || k == "would" {
			if j >= len(toks) || !enYou[toks[j].key] {
				continue
			}
			j++
		}
		for ; j < len(toks) && j <= i+2; j++ {
			n := toks[j].key
			if tellVerbs[n] || tellMe[n] {
				return toldAt(toks, j)
			}
			// "let me know", "let us know"
			if n == "let" && j+2 < len(toks) && (toks[j+1].key == "me" || toks[j+1].key == "us") && toks[j+2].key == "know" {
				return toldAt(toks, j+2)
			}
		}
	}
	return toldNone
}

// toldKind is what a request to be told asks for (askedToBeTold).
type toldKind uint8

const (
	toldNone toldKind = iota
	toldAnswer
	toldHow
	toldContent
)

// toldAt reads what follows the verb of telling at i: content to make or
// a way of doing something.
func toldAt(toks []token, i int) toldKind {
	if contentAfter(toks, i) {
		return toldContent
	}
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		if howWords[toks[j].key] {
			return toldHow
		}
	}
	return toldAnswer
}

// contentAfter: a piece of content to make within three words after i
// ("اشرحلنا في فيديو", "explain this in your next video").
func contentAfter(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		if contentNouns[strings.TrimPrefix(toks[j].key, "ب")] {
			return true
		}
	}
	return false
}

var (
	// tellPlea: the words that ask (formal, dialect, English); "can",
	// "could" only as "can you ..." (the next word must be a tell verb
	// within two words: "can you explain", "could u tell")
	tellPlea = wordSet("يرجى", "ارجو", "أرجو", "نرجو", "الرجاء", "رجاء", "ممكن", "ياريت", "ريت", "بليز", "لو", "يمكنكم", "بامكانكم", "تكفى", "تكفون",
		"please", "pls", "plz", "kindly", "can", "could", "would")
	// tellVerbs: telling and explaining, said to the brand (2nd person,
	// imperative, verbal noun)
	tellVerbs = wordSet("توضيح", "توضحوا", "توضحو", "توضح", "توضحي", "وضح", "وضحوا", "وضحو", "تشرح", "تشرحوا", "تشرحو", "اشرح", "اشرحوا", "شرح",
		"افادتنا", "افادتي", "افاده", "افادة", "إفادتنا", "إفادتي", "إفادة", "اخباري", "إخباري", "اخبارنا", "إخبارنا", "ابلاغي", "إبلاغي", "تبليغي", "اعلامي", "إعلامي",
		"explain", "clarify", "tell", "advise", "confirm", "inform", "guide",
		// being contacted ("أرجو التواصل معي بخصوص الفاتورة", "ممكن
		// تتواصلوا معي"): a reply asked for
		"التواصل", "تتواصلوا", "تتواصلو", "تواصلوا", "الاتصال", "تتصلوا", "تتصلو")
	// tellMe: a verb of telling with the customer as its object
	// (وضحولي، تشرحلي، فهموني، خبروني، تقولولي، دلوني، عرفوني)
	tellMe = wordSet("وضحولي", "وضحلي", "وضحلنا", "وضحولنا", "توضحولي", "توضحلي", "توضحلنا", "توضحولنا", "اشرحولي", "اشرحلي", "اشرحلنا", "اشرحولنا", "تشرحولي", "تشرحلي", "تشرحلنا", "تشرحولنا", "شرحولي",
		"فهموني", "فهمني", "تفهموني", "تفهمني", "يفهمني", "فهمونا", "تفهمونا", "خبروني", "خبرني", "تخبروني", "تخبرني", "خبرونا", "تخبرونا", "قولولي", "تقولولي", "قوللي", "تقوللي", "قولولنا", "تقولولنا", "تقولنا", "تقوليلنا", "قوليلنا", "تقوليلي", "قوليلي", "تقلنا",
		"دلوني", "دلني", "تدلوني", "تدلني", "عرفوني", "عرفني", "تعرفوني", "تعرفني", "افيدونا", "افيدوني", "تفيدونا", "تفيدوني", "أفيدونا", "أفيدوني", "بلغوني", "تبلغوني")
	howWords     = wordSet("طريقه", "طريقة", "كيفيه", "كيفية", "كيف", "ازاي", "إزاي", "شلون", "اشلون", "خطوات", "how", "steps", "process", "way")
	contentNouns = wordSet("فيديو", "الفيديو", "فديو", "حلقه", "حلقة", "الحلقه", "الحلقة", "بوست", "مقطع", "ستوري", "لايف", "video", "episode", "vid", "post", "stream", "series")
)

// toldWeight is the question evidence of a request to be told: decisive.
const toldWeight = 1.0

// waitTooLong reports a wait said to be long: a noun of waiting in line
// (الانتظار, الطابور, الدور) and, within five words after it, a word of
// length (طويل, بيطول): "الانتظار في مكتب الطيران طويل جداً", "الانتظار
// بالعيادة بيطوّل كتير". Not negated ("الانتظار مش طويل") and not asked
// ("الانتظار طويل؟" is left to the question).
func waitTooLong(toks []token) bool {
	for i := range toks {
		if !queueNouns[strings.TrimPrefix(toks[i].key, "و")] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+5; j++ {
			if longWords[toks[j].key] {
				return !negatedBefore(toks, j) && !(j > 0 && negators[toks[j-1].key])
			}
		}
	}
	return false
}

var (
	queueNouns = wordSet("الانتظار", "انتظار", "الطابور", "طابور", "الطوابير", "الدور", "فتره الانتظار", "مده الانتظار")
	longWords  = wordSet("طويل", "طويله", "بيطول", "يطول", "بطول", "طول", "طولت", "بتطول", "تطول", "طوييل")
)

// waitLongWeight is the complaint evidence of waitTooLong.
const waitLongWeight = 0.8

// ruinedForMe reports a verb of damage with the benefactive "for me / for
// us" (خرّبلي, بوّظتلي, كسرولي, حرقتلنا, شوهلي): someone ruined the
// writer's thing ("الحلاق خرّبلي دقني", "الكوافيرة بوظتلي شعري").
func ruinedForMe(toks []token) bool {
	for i := range toks {
		if !toks[i].arabic {
			continue
		}
		k := toks[i].key
		if !strings.HasSuffix(k, "لي") && !strings.HasSuffix(k, "لنا") {
			continue
		}
		var rest string
		for _, sf := range []string{"تلي", "ولي", "لي", "تلنا", "ولنا", "لنا"} {
			if r, ok := strings.CutSuffix(k, sf); ok {
				rest = r
				break
			}
		}
		if rest == "" {
			continue
		}
		rest = strings.TrimPrefix(rest, "و")
		for _, p := range []string{"", "ب", "بي", "بت", "ي", "ت", "ا"} {
			if st, ok := strings.CutPrefix(rest, p); ok && damageStems[st] {
				return true
			}
		}
	}
	return false
}

var damageStems = wordSet("خرب", "بوظ", "بوز", "كسر", "حرق", "شوه", "ضيع", "اتلف", "تلف", "بهدل", "قطع", "خربط", "عطل", "وسخ")

// ruinedWeight is the complaint evidence of ruinedForMe: decisive.
const ruinedWeight = 1.0

// whyPaid reports a "why" asked about what the writer has paid or done
// ("ليه المخالفة لسه ظاهرة وانا دافعها من شهر؟", "لماذا تظهر لدي مخالفة
// سددتها سابقًا؟"): what the customer did went unheeded, a grievance.
//
// Or about what the writer denies having done: a negated first-person
// past verb with its object ("ليش التطبيق يطلع لي مخالفة ما سويتها؟",
// "ليش وصلني شي ما طلبته؟").
func whyPaid(toks []token) bool {
	why, paid := false, false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		why = why || whyWords[k]
		paid = paid || paidWords[k] || paidWords[toks[i].key]
		if i > 0 && toks[i].arabic && (toks[i-1].key == "ما" || toks[i-1].key == "مش" || toks[i-1].key == "لم") && utf8.RuneCountInString(k) >= 5 && (strings.HasSuffix(k, "تها") || strings.HasSuffix(k, "ته")) {
			paid = true
		}
	}
	return why && paid
}

// verbalNoun reports an MSA verbal noun of the patterns إفعال (إرفاق,
// إضافة) and تفعيل (تقديم, توفير), with or without the article.
func verbalNoun(k string) bool {
	k = strings.TrimPrefix(k, "ال")
	r := []rune(strings.TrimSuffix(k, "ه"))
	if len(r) != 5 {
		return false
	}
	return r[0] == 'ا' && r[3] == 'ا' || r[0] == 'ت' && r[3] == 'ي'
}

var paidWords = wordSet("دفعت", "دفعتها", "دفعته", "دفعتهم", "دفعنا", "دفعناها", "دافع", "دافعه", "دافعها", "دافعين", "سددت", "سددتها", "سددته", "سددنا", "مسدد", "مسددها", "دافعتها")

// arImperativeProposal reports a comment or a sentence opened by an
// imperative of a verb of making, adding or opening (اعمل, اعملوا, زودوا,
// افتحوا, ضيفوا) before an indefinite noun ("اعمل فلوج عن الأقصر",
// "زودوا حفلات متأخرة بالليل"): a proposal put to the brand. Not before
// the article (زودوا الأسعار is also "they raised the prices"), a
// possessive ("اعمل حسابك": watch out) or a question word ("اعمل ايه؟").
func arImperativeProposal(text string, toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].arabic || !sentenceStart(text, toks, i) || !imperativeProvide(toks[i].key) {
			continue
		}
		n := toks[i+1]
		if !n.arabic || strings.HasPrefix(n.key, "ال") || secondPersonNoun(n.key) || askWords[n.key] || whatWordsAr[n.key] || strings.HasSuffix(n.key, "ي") || strings.HasSuffix(n.key, "نا") {
			continue
		}
		// "أعمل سائق توصيل لديكم": the MSA "I work as", a trade after it
		if jobNouns[n.key] {
			continue
		}
		return true
	}
	return false
}

// imperativeProvide: an imperative of a stem of provideStems, singular
// with the imperative alef (اعمل, افتح) or plural (اعملوا, زودوا, ضيفو).
func imperativeProvide(k string) bool {
	k = strings.TrimPrefix(k, "و")
	for _, st := range provideStems {
		switch k {
		case "ا" + st, "ا" + st + "وا", "ا" + st + "و":
			return len(st) > len("سو")
		case st + "وا", st + "و":
			// without the alef only the doubled and hollow stems (زوّدوا,
			// ضيفوا, حطوا, سووا): "عملوا", "فتحوا" are past ("they made")
			return !pastPlainStems[st] && (len(st) > len("سو") || k == st+"وا")
		}
	}
	return false
}

var pastPlainStems = wordSet("عمل", "فتح", "فعل")

// lateHour reports "late" (متأخر, المتأخرة) after a noun of time or hours
// ("في الأوقات المتأخرة", "بالساعات المتأخرة من الليل", "وقت متأخر"): the
// hour of the day, not a delay.
func lateHour(toks []token, i int) bool {
	if i == 0 || !toks[i].arabic {
		return false
	}
	k := strings.TrimPrefix(strings.TrimPrefix(toks[i].key, "و"), "ال")
	if !strings.HasPrefix(k, "متاخر") && !strings.HasPrefix(k, "متأخر") {
		return false
	}
	p := strings.TrimPrefix(toks[i-1].key, "و")
	for _, pre := range []string{"بال", "في", "ال", "ب"} {
		if r, ok := strings.CutPrefix(p, pre); ok && hourNouns[r] {
			return true
		}
	}
	return hourNouns[p]
}

var hourNouns = wordSet("اوقات", "وقت", "ساعات", "ساعه", "الليل", "ليل", "شيفت", "ليالي")

// appreciated reports a verb of appreciating (أقدّر, نقدّر, نثمّن) before
// the thing appreciated: a definite noun or a
// noun of "yours" ("أقدّر عمق التحليل", "نقدر جهودكم"), in a text with no
// question mark. Spelled without its shadda أقدّر is "I can" (أقدر أحجز؟:
// a verb follows, or a question mark): that one asks.
func appreciated(text string, toks []token) bool {
	if hasQuestionMark(text) {
		return false
	}
	for i := 0; i+1 < len(toks); i++ {
		if !appreciateVerbs[strings.TrimPrefix(toks[i].key, "و")] {
			continue
		}
		n := toks[i+1]
		if !n.arabic || imperfectShaped(n) && !strings.HasSuffix(n.key, "كم") && !strings.HasSuffix(n.key, "ك") {
			continue
		}
		if strings.HasPrefix(n.key, "ال") || strings.HasSuffix(n.key, "كم") || strings.HasSuffix(n.key, "كن") || strings.HasSuffix(n.key, "ك") || appreciatedNouns[n.key] {
			return true
		}
	}
	return false
}

var (
	appreciateVerbs  = wordSet("اقدر", "نقدر", "اثمن", "نثمن", "يقدر")
	appreciatedNouns = wordSet("عمق", "جهد", "جهود", "تعب", "دقه", "وضوح", "اهتمام", "حرص", "سرعه", "امانه", "صدق")
)

// appreciatedWeight is the praise evidence of appreciated.
const appreciatedWeight = 1.0

// jobNouns: trades a writer says they work as (أعمل سائق, اعمل مندوب).
var jobNouns = wordSet("سائق", "سواق", "مندوب", "موظف", "موظفه", "ممرض", "ممرضه", "مدرس", "مدرسه", "معلم", "معلمه", "مهندس", "مهندسه", "محاسب", "محاسبه", "طباخ", "شيف", "كاشير", "حارس", "فني", "عامل", "عامله", "مصور", "مصوره", "طبيب", "دكتور", "دكتوره", "صيدلي", "مبرمج", "مترجم", "بائع", "بياع")

// byItself reports a device acting on its own: a verb of shutting,
// stopping, freezing or restarting before "by itself" (قفل لوحده, بيطفي
// لحاله, وقف من نفسه): a malfunction, whatever the tense.
func byItself(toks []token) bool {
	for i := 1; i < len(toks); i++ {
		k := toks[i].key
		// "من نفسه", and the Levantine "من حالو" ("بيطلع من حالو": it
		// quits by itself)
		self := k == "نفسه" || k == "نفسها" || k == "حالو" || k == "حاله" || k == "حالها"
		if !toks[i].is(clByItself) && !self {
			continue
		}
		v := i - 1
		if self && (v < 1 || toks[v].key != "من") {
			continue
		} else if self {
			v--
		}
		if v >= 0 && toks[v].arabic && selfActVerb(toks[v].key) {
			return true
		}
	}
	return false
}

// selfActVerb: a form of a stem of selfActStems with a verb prefix and
// ending (قفل, بيقفل, قفلت, وقفت, بيطفي, طفى).
func selfActVerb(k string) bool {
	k = strings.TrimPrefix(k, "و")
	for _, p := range []string{"", "بي", "بت", "ي", "ت", "هي", "عم ي"} {
		r, ok := strings.CutPrefix(k, p)
		if !ok {
			continue
		}
		for _, sf := range []string{"", "ت", "ه", "وا", "و"} {
			if st, ok := strings.CutSuffix(r, sf); ok && selfActStems[st] {
				return true
			}
		}
	}
	return false
}

var (
	byItselfWords = wordSet("لوحده", "لوحدها", "لحاله", "لحالها", "بنفسه", "بنفسها", "لوحدو", "لحالو")
	selfActStems  = wordSet("قفل", "طفي", "طفى", "فصل", "وقف", "علق", "سكر", "رست", "نطفى", "نطفي", "نقفل", "تقفل", "تطفى", "فرمت", "مسح", "نمسح", "تمسح", "طلع")
)

// byItselfWeight is the complaint evidence of byItself: a strong event.
const byItselfWeight = 1.2

// guessAboutThem reports a guess about what the brand will do: "maybe"
// (يمكن، ربما، جايز، بلكي) right before a third-person imperfect
// ("يمكن يفتحوا فرع جديد السنة الجاية"), with no question mark. It
// speculates; it proposes nothing to the brand (a proposal speaks to it:
// "ياريت تفتحوا", "ممكن تفتحوا؟"), so the learned head's suggestion, which
// reads the verb of opening, is held back (guessWeight, below zero).
func guessAboutThem(text string, toks []token) bool {
	if hasQuestionMark(text) {
		return false
	}
	for i := 0; i+1 < len(toks); i++ {
		if !maybeWords[toks[i].key] {
			continue
		}
		v := toks[i+1].key
		v = strings.TrimPrefix(strings.TrimPrefix(v, "ب"), "ه")
		if strings.HasPrefix(v, "ي") && utf8.RuneCountInString(v) >= 4 {
			return true
		}
	}
	return false
}

var maybeWords = wordSet("يمكن", "ربما", "جايز", "بلكي")

// guessWeight is the suggestion evidence of a guess about the brand: below
// zero, evidence against a proposal.
const guessWeight = -0.5

// unlikeShown reports a product said not to be like what showed it before
// it was bought: a negator (مش, مو, مب, ليس, ما) and, right after it, a
// word of likeness (زي, مثل, متل, كما, شبه) with, within three words, what
// showed it (الصور, الإعلان, الوصف, المعروض): "مش متل الصور أبدا", "ليست
// كما في الإعلان", "مو نفس الصورة". The Arabic of english.go's
// likenessDenied ("nothing like the pictures").
func unlikeShown(toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		k := strings.TrimPrefix(toks[i].key, "و")
		if !likeNegators[k] || !shownLike[toks[i+1].key] {
			continue
		}
		for j := i + 2; j < len(toks) && j <= i+4; j++ {
			if shownNouns[toks[j].key] {
				return true
			}
		}
	}
	return false
}

var (
	likeNegators = wordSet("مش", "مو", "مب", "ليس", "ليست", "ليسوا", "ماهو", "ماهي", "مهوش", "مهيش", "موب")
	shownLike    = wordSet("زي", "مثل", "متل", "كما", "شبه", "نفس", "زى", "مثلما", "كيف")
	// shownNouns: what showed a product before it was bought (pictures,
	// the advert, the description, the display, the menu)
	shownNouns = wordSet("الصور", "الصوره", "الصورة", "صور", "صوره", "صورة", "بالصور", "بالصوره", "بالصورة", "الاعلان", "الإعلان", "بالاعلان", "بالإعلان", "الوصف", "بالوصف",
		"المعروض", "العرض", "الفيديو", "بالفيديو", "المنيو", "الموقع", "بالموقع", "الكتالوج", "الصفحه", "الصفحة", "بالصفحه", "بالصفحة")
)

// oddSense reports a sound, smell, taste or colour said to be strange
// ("بصوت غريب", "ريحة غريبة", "طعمه غريب"): what a buyer says of a
// defect (the Arabic of english.go's "weird noise" among badThings).
func oddSense(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !senseNouns[strings.TrimPrefix(toks[i].key, "و")] {
			continue
		}
		if n := toks[i+1].key; oddWords[n] || i+2 < len(toks) && oddWords[toks[i+2].key] && (n == "جدا" || n == "كتير" || n == "اوي" || n == "وايد" || n == "شوي") {
			return true
		}
	}
	return false
}

var (
	senseNouns = wordSet("صوت", "بصوت", "صوته", "صوتها", "الصوت", "ريحه", "ريحة", "بريحه", "بريحة", "ريحته", "ريحتها", "الريحه", "الريحة", "رائحه", "رائحة", "برائحة", "رائحته", "رائحتها",
		"طعم", "بطعم", "طعمه", "طعمها", "الطعم", "لون", "بلون", "لونه", "لونها")
	oddWords = wordSet("غريب", "غريبه", "غريبة", "غريبين")
)

// learnedMuch reports the writer (or their children) saying they learn a
// lot, or learn from the addressee: "تعلمت منك كثير", "عيالي يتعلمون
// وايد", "my kids learn a lot from your videos": thanks for what the
// channel teaches. Not negated ("ما تعلمت شي"), not asked.
func learnedMuch(text string, toks []token) bool {
	if hasQuestionMark(text) {
		return false
	}
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if !learnVerbs[k] || negatedBefore(toks, i) || !toks[i].arabic && enNegatedBefore(toks, i) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			n := toks[j].key
			if learnMuch[n] || n == "lot" && toks[j-1].key == "a" || n == "much" && toks[j-1].key == "so" {
				return true
			}
		}
	}
	return false
}

var (
	learnVerbs = wordSet("تعلمت", "اتعلمت", "تعلمنا", "اتعلمنا", "بتعلم", "بتعلمت", "بيتعلموا", "بيتعلمو", "يتعلمون", "يتعلموا", "نتعلم", "بنتعلم", "عم-نتعلم", "تتعلم", "بتتعلم",
		"learn", "learned", "learnt", "learning")
	// learnMuch: "a lot", "from you"
	learnMuch = wordSet("كثير", "كتير", "وايد", "واجد", "اوي", "قوي", "هوايه", "الكثير", "منك", "منكم", "منكن", "منكي", "منكو", "alot", "tons", "loads")
)

// performRequest reports a creator asked to play, try or react to
// something: an imperative of performVerbs opening a sentence (after a
// plea word at most) in a comment that pleads or names when ("play some
// horror games next stream pls", "العب معنا مرة بليز", "جرب اللعبة
// الجديدة الحلقة الجاية"): content asked for, a proposal. Not the
// customer's own case ("please try my order again"), not asked with a
// question mark (those are questions), not "try to" (advice, a demand).
func performRequest(text string, toks []token) bool {
	if hasQuestionMark(text) || len(toks) < 2 {
		return false
	}
	i := 0
	if pleaseWords[toks[0].key] || toks[0].key == "بليز" || toks[0].key == "ياريت" {
		i = 1
	}
	if i+1 >= len(toks) || !sentenceStart(text, toks, 0) {
		return false
	}
	k, n := strings.TrimPrefix(toks[i].key, "و"), toks[i+1].key
	if toks[i].arabic && !arPerformVerbs[k] || !toks[i].arabic && !enPerformVerbs[k] {
		return false
	}
	if enOwnCase[n] || arOwnCase[n] || n == "to" && k == "try" || n == "it" || n == "again" {
		return false
	}
	asked := i == 1
	for j := i + 1; j < len(toks) && !asked; j++ {
		m := toks[j].key
		asked = pleaseWords[m] || performWhen[m] || m == "next" && j+1 < len(toks) && (enContentNouns[toks[j+1].key] || toks[j+1].key == "time")
	}
	return asked
}

var (
	enPerformVerbs = wordSet("play", "react", "try", "cover", "film", "stream", "test", "unbox", "visit", "sing", "cook", "bake", "collab", "read", "rate", "rank", "compare", "interview")
	arPerformVerbs = wordSet("العب", "العبي", "العبوا", "العبو", "جرب", "جربي", "جربوا", "جربو", "ورينا", "وريني", "سو", "سوي", "سوو", "سووا", "غني", "غنيلنا", "اطبخ", "اطبخي", "اطبخلنا", "اطبخيلنا", "قارن", "قارني", "زور", "زوري", "زوروا")
	// performWhen: a plea or the time asked for ("مرة" sometime, "الجاية"
	// the next one, "معنا" with us)
	performWhen = wordSet("بليز", "ياريت", "مره", "مرة", "الجاي", "الجايه", "الجاية", "معنا", "معانا", "ويانا", "الجاية", "sometime", "someday", "pleaseee", "pleasee", "plzz")
)

// wishOwed reports a wish (ياريت, ياليت, يا ريت, أتمنى) before a verb of the
// service owed (responseVerb: fix, keep to, answer, return, help): "الأبلكيشن
// بيهنج، ياريت تصلحوه" asks for the failure to end, which is a complaint;
// "ياريت تضيفوا ..." (something new) is not read here.
func wishOwed(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		k := strings.TrimPrefix(toks[i].key, "و")
		j := i + 1
		if k == "يا" && (toks[j].key == "ريت" || toks[j].key == "ليت") {
			j++
		} else if !wishWords[k] && !wishOpenExtra[k] || k == "ممكن" {
			continue
		}
		if j < len(toks) && toks[j].arabic && utf8.RuneCountInString(toks[j].key) >= 4 && strings.HasPrefix(toks[j].key, "ت") && owedVerb(toks[j].key) {
			return true
		}
	}
	return false
}

// owedVerb: a second-person verb of the service owed (fix, keep to, solve,
// answer, help, compensate), or of returning something to the writer
// (ترجعولي); "ترجعوا خبز الشوفان" (bring back a product) and "تجيبوا عطور"
// propose.
func owedVerb(k string) bool {
	b := verbBody(k)
	return stemmedAs(b, owedStems) || strings.HasPrefix(b, "رجع") && (strings.HasSuffix(b, "لي") || strings.HasSuffix(b, "لنا")) || sentBack(b)
}

// sentBack: a verb of sending, replacing or completing with an object
// pronoun, the thing already named ("الطلب وصل ناقص علبة، ياريت
// تبعتوها", "ياريت تبدلوه"): what is owed; "ياريت تبعتوا عروض" proposes.
func sentBack(b string) bool {
	if !stemmedAs(b, sentStems) {
		return false
	}
	for _, sf := range []string{"وها", "وه", "وهم", "وهن"} {
		if strings.HasSuffix(b, sf) {
			return true
		}
	}
	return false
}

var sentStems = []string{"بعت", "رسل", "بدل", "غير", "كمل", "وصل"}

var owedStems = []string{"صلح", "لتزم", "حل", "رد", "جاوب", "ساعد", "هتم", "عوض", "ستجيب", "تصل", "شيك", "ظبط", "ضبط", "تابع"}

// risingOrFalling reports a price said to rise (القسط بيزيد, الأسعار
// غليت, the bill went up) or a level said to fall (المستوى عم ينزل,
// الجودة تراجعت): a grievance without a failure verb.
func risingOrFalling(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		k := strings.TrimPrefix(toks[i].key, "و")
		if !priceNounsR22[k] && !levelNouns[k] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+4; j++ {
			n := strings.TrimPrefix(toks[j].key, "و")
			if priceNounsR22[k] && riseVerbs[n] || levelNouns[k] && fallVerbsLevel[n] {
				return true
			}
		}
	}
	return false
}

var (
	priceNounsR22 = wordSet("القسط", "الاقساط", "السعر", "الاسعار", "اسعاركم", "اسعاركن", "الفاتوره", "الفاتورة", "الاشتراك", "الرسوم", "prices", "price", "fees", "bill")
	// (and "fire" of prices: "الأسعار عندكم نار" is dear; "العروض نار" praises)
	riseVerbs      = wordSet("نار", "ناار", "بيزيد", "بتزيد", "يزيد", "تزيد", "زاد", "زادت", "غلي", "غليت", "بيغلى", "بتغلى", "ارتفع", "ارتفعت", "بترتفع", "عمبيزيد", "rising", "rose", "up")
	levelNouns     = wordSet("المستوى", "الجوده", "الجودة", "مستوى", "مستواكم", "جودتكم", "quality")
	fallVerbsLevel = wordSet("ينزل", "بينزل", "نزل", "عمينزل", "تراجع", "تراجعت", "بتنزل", "نزلت", "dropped", "declining", "worse")
)

// niceIfYou reports "it would be nice if you ..." (حلو كتير اذا بتعملو,
// بيكون حلو لو تضيفوا): a proposal, no praise.
func niceIfYou(toks []token) bool {
	for i := 0; i+2 < len(toks); i++ {
		if !niceWords[strings.TrimPrefix(toks[i].key, "و")] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if k := toks[j].key; (k == "اذا" || k == "إذا" || k == "لو") && j+1 < len(toks) && secondPersonVerb(toks[j+1].key) {
				return true
			}
		}
	}
	return false
}

var niceWords = wordSet("حلو", "حلوه", "منيح", "جميل", "احلى", "أحلى", "رائع")

// staffNotCourteous reports the staff named and a courtesy denied ("الموظف
// ما كان محترم أبداً معي", "ما بيعرفوا يحكوا مع الناس بلطف"): how a
// customer was treated, a grievance.
func staffNotCourteous(toks []token) bool {
	staff := false
	for i := range toks {
		k := strings.TrimPrefix(strings.TrimPrefix(toks[i].key, "و"), "ال")
		if arStaffNouns[k] || arStaffNouns[trimPlural(k)] {
			staff = true
		}
		if staff && courtesyWords[toks[i].key] && negatedBefore(toks, i) {
			return true
		}
	}
	return false
}

var courtesyWords = wordSet("محترم", "محترمين", "محترمه", "مهذب", "مهذبين", "لطيف", "لطيفين", "بلطف", "خلوق", "بذوق", "ذوق", "باحترام")

// returnVow reports a customer's promise to come back: a first-person verb
// of returning or going (هرجع, بنرجع, راجعين, هروح, سأعود; with its "to
// you": هرجعلكم) followed within three words by "again", "for sure" or
// "always" (تاني, مرة, أكيد, مجددا, دايما), no negation in the two words
// before it ("مش هرجع تاني" leaves).
func returnVow(toks []token) bool {
	for i := range toks {
		if !toks[i].arabic || !comeBackVerb(toks[i].key) {
			continue
		}
		if precededBy(toks, i, 2, verbNegators) || precededBy(toks, i, 2, returnNegators) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if returnAgain[toks[j].key] {
				return true
			}
		}
	}
	return false
}

// comeBackVerb: k (without و) is a first-person verb of returning or going,
// bare or with "to you" (لكم, لكن, لك).
func comeBackVerb(k string) bool {
	k = strings.TrimPrefix(k, "و")
	if comeBackVerbs[k] {
		return true
	}
	for _, suf := range toYouSuffixes {
		if r, ok := strings.CutSuffix(k, suf); ok && comeBackVerbs[r] {
			return true
		}
	}
	return false
}

var (
	comeBackVerbs  = wordSet("هرجع", "حرجع", "برجع", "نرجع", "بنرجع", "هنرجع", "حنرجع", "منرجع", "راجعين", "راجع", "ارجع", "سأعود", "ساعود", "سنعود", "هروح", "حروح", "هنروح", "بنروح", "هاجي", "هجي", "هنيجي", "بنيجي", "نعيد", "بنعيد", "منعيد", "هنعيد", "بنعاود", "هعاود", "بعاود", "نعاود")
	returnAgain    = wordSet("تاني", "تانى", "ثاني", "مره", "مرة", "اكيد", "أكيد", "مجددا", "مجدداً", "دايما", "دائما", "دوم", "قريب", "قريبا", "قريباً")
	returnNegators = wordSet("ما", "مش", "مو", "مب", "لن", "لا", "مارح", "ماراح", "مابدي", "عمري", "مستحيل", "بطلت")
	toYouSuffixes  = []string{"لكم", "لكن", "لكو", "لك"}
)
