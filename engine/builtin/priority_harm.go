package builtin

import (
	"strings"
	"unicode/utf8"
)

// Priority concepts of round 10 (issue 23), each read in English and in
// Arabic (Arabizi through its Arabic reading):
//
//   - care needed: someone's medicine, treatment or care needed or missed
//     ("my dad missed his meds", "ماما محتاجة حقنة الأنسولين", "والدي بحاجة
//     ماسة إلى الرعاية", reading "تته بده دوه"): a failure that puts a
//     person's health at risk is a safety matter. A medicine merely ordered
//     and late ("طلبت دوا من أسبوع ولا وصل") names no need and stays medium.
//   - harm done: a person or pet fell ill or was injured ("got sick",
//     "أصيب طفلي بجرح", "انجرح").
//   - a loss left for long: belongings lost or missing (luggage, a bag)
//     and a span of days or more ("missing for 9 days", "ضاعت ... بقالي عشر
//     أيام", "صرلي شهر ناطر الشنطة"): property gone, not an order late (a
//     late order awaited for weeks stays medium by the label conventions).
//   - money taken beyond the price: "took" (أخد, أخذ, خدوا) beside
//     "extra money" (مصاري زيادة), as "you want extra money" is.
//   - a threat to stop the subscription (بوقّف الاشتراك, هوقف اشتراكي): as
//     closing or cancelling it is.
func harmUrgent(toks []token) bool {
	lost, span, bag, wait := false, false, false, false
	child, hazard := false, false
	for i := range toks {
		k := toks[i].key
		m := harmKind[k] // one lookup a token (two with a joined و)
		kb := k
		if strings.HasPrefix(k, "و") {
			kb = k[len("و"):]
			m |= harmKind[kb]
		}
		if m == 0 {
			continue
		}
		// the cases in order: the first that holds decides the token
		switch {
		case m&hkCare != 0:
			for j := i - 1; j >= 0 && j >= i-3; j-- {
				if careNeed[toks[j].key] || careNeed[strings.TrimPrefix(toks[j].key, "و")] {
					return true
				}
			}
		case m&hkHarm != 0:
			// (English too: "my kids weren't scared", "nobody got
			// poisoned" tell that nothing bad happened)
			// ("im usually terrified", "عادة بخاف": a habit of fear, not
			// a fright the brand caused)
			if !negatedBefore(toks, i) && !(!toks[i].arabic && enNegatedBefore(toks, i)) && !habitBefore(toks, i) { // "ضهري ما عاد يوجعني": relief
				return true
			}
		case m&hkChange != 0:
			// "خلاص بدي غير الشركة", "رح غيّر الدكتور": leaving for another
			// provider (غير alone is "other / not": a will word before it)
			if i+1 < len(toks) && providerNouns[toks[i+1].key] && (kb != "غير" || i > 0 && willWords[toks[i-1].key]) {
				return true
			}
		case m&hkSick != 0:
			if i > 0 && becameWords[toks[i-1].key] {
				return true // "got sick", "fell ill", "got hurt"
			}
		case m&hkLost != 0:
			// Arabic ضاع is "got lost"; English "lost" only in the passive
			// ("has been lost", "is missing", "got lost"): "the vacuum lost
			// suction" tells of a defect
			lost = lost || toks[i].arabic || i > 0 && lostBe[toks[i-1].key]
		case m&hkSpan != 0:
			span = true
		case m&hkBag != 0:
			bag = true
		case m&hkWait != 0:
			wait = true
		case m&hkNear != 0:
			if nearHarm(toks, i) {
				return true
			}
		case m&hkChild != 0:
			child = true
		case m&hkSafe != 0:
			// "مو آمن أبد", "غير آمن للأطفال", "مش آمن": a danger the writer
			// names (a question, "هل هو آمن؟", negates nothing)
			if i > 0 && (toks[i-1].key == "غير" || toks[i-1].key == "وغير") || negatedBefore(toks, i) {
				return true
			}
		case m&hkHazard != 0:
			// small parts ("قطع صغيرة") are a hazard, "صغيرة" alone is not;
			// "وقع" falls only from somewhere ("وقع في حب القناة" loves)
			// (وقع begins with و: it is read whole)
			fall := fallWords[k] || fallWords[kb]
			if fall && i+1 < len(toks) && onChild(toks[i+1].key) {
				return true // "وقعت عابني": fell on the writer's child
			}
			hazard = hazard || !smallWord[kb] && !fall || i > 0 && partsNouns[toks[i-1].key] || fall && fellFrom(toks, i)
		case m&hkWhere != 0:
			// "وين راحو مصاريي؟!", "فين فلوسي", "where is my money": money gone
			for j := i + 1; j < len(toks) && j <= i+3; j++ {
				if gone := toks[j].key; toks[j].urgent() == uwMoney || myMoney[gone] {
					return true
				}
			}
		}
	}
	return span && (lost || bag && wait) || child && hazard
}

// nearHarm reports "was about to be hurt": a past "was" or "almost" (كان,
// كانت, كاد) and, within three words, a verb of injury, choking, burning
// or dying ("كان رح يجرح حاله", "كانت هتتعور", "كاد يختنق"): a danger
// escaped, as "could have been hurt" is. Not of laughter or joy ("كنت رح
// موت من الضحك").
func nearHarm(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		if toks[j].arabic && accidentNouns[toks[j].key] && almostWords[strings.TrimPrefix(toks[i].key, "و")] {
			return true // "كدت أتعرض لحادث": an accident escaped ("كان حادث" is one told)
		}
		if !toks[j].arabic || !injuryVerb(toks[j].key) && !(fallVerb(toks[j].key) && fellFrom(toks, j)) {
			continue
		}
		for n := j + 1; n < len(toks) && n <= j+2; n++ {
			if joyNouns[toks[n].key] {
				return false
			}
		}
		return true
	}
	return false
}

// fallVerb: the imperfect of "fall" (يوقع, توقع, توقعي), with its person
// and future prefixes; a fall only with where from (fellFrom): "يوقع
// العقد" signs.
func fallVerb(k string) bool {
	for _, p := range []string{"هي", "هت", "حي", "حت", "بي", "بت", "ي", "ت", "ن"} {
		if s, ok := strings.CutPrefix(k, p); ok && (s == "وقع" || s == "وقعي" || s == "وقعو" || s == "وقعوا") {
			return true
		}
	}
	return false
}

// onChild: "on my son" written joined (عابني, عبنتي, علابني).
func onChild(k string) bool {
	return strings.HasPrefix(k, "ع") && childNouns[strings.TrimPrefix(k, "ع")] || strings.HasPrefix(k, "عا") && childNouns["ا"+strings.TrimPrefix(k, "عا")] || strings.HasPrefix(k, "عل") && childNouns[strings.TrimPrefix(k, "عل")]
}

// fellFrom: the word after toks[i] says where from or off ("من الطابق",
// "عن الكرسي"): a fall, not "وقع في حب" (fell in love).
func fellFrom(toks []token, i int) bool {
	if i+1 >= len(toks) {
		return false
	}
	k := toks[i+1].key
	// or onto someone ("وقعت على ابني", "وقعت عابني")
	return k == "من" || k == "على" || k == "علي" || strings.HasPrefix(k, "عال") || strings.HasPrefix(k, "عن") || onChild(k)
}

// injuryVerb: an imperfect verb (with its person and future prefixes) of
// an injury stem (يجرح, يتعور, تختنق, ينحرق, يموت, يتكهرب).
func injuryVerb(k string) bool {
	// (and the first person of the Egyptian and Levantine present and
	// future: "كنت بموت", "كنت هموت", the Arabizi "kint bamoot" read بموت)
	for _, p := range []string{"هي", "هت", "حي", "حت", "بي", "بت", "ها", "ي", "ت", "ن", "ا", "ب", "ه", ""} {
		s, ok := strings.CutPrefix(k, p)
		if !ok || s == "" {
			continue
		}
		if p == "" && !strings.HasPrefix(s, "ت") && !strings.HasPrefix(s, "ن") {
			continue // a bare stem is a noun ("جرح" a wound) or a past verb
		}
		if s == "خبط" && strings.HasSuffix(p, "ت") {
			return true // "كنت هتخبط": I would have crashed ("يخبط الباب" slams)
		}
		for _, st := range injuryStems {
			if s == st || strings.HasPrefix(s, st) && (s[len(st):] == "و" || s[len(st):] == "وا" || s[len(st):] == "ه" || s[len(st):] == "ها" || s[len(st):] == "ني") {
				return true
			}
		}
	}
	return false
}

var (
	injuryStems = []string{"بلع", "تخبط", "جرح", "تجرح", "نجرح", "تعور", "موت", "خنق", "ختنق", "نخنق", "تخنق", "حرق", "حترق", "نحرق", "تحرق", "تسمم", "تكهرب", "نكهرب", "كهرب", "ذي", "اذي", "تاذي", "تأذي", "نصاب", "تصاب", "صاب"}
	joyNouns    = wordSet("الضحك", "ضحك", "الفرحه", "الفرح", "الحلاوه", "الجمال", "الشوق", "الجوع", "الملل", "الخوف")
	childNouns  = wordSet("العيال", "اليهال", "ابني", "بنتي", "طفلي", "طفلتي", "ولدي", "ابنى", "اولادي", "ولادي", "عيالي", "اطفالي", "لابني", "لبنتي", "لطفلي", "لولدي", "لطفلتي", "لاولادي", "لعيالي", "الاطفال", "للاطفال", "اطفال", "طفل", "رضيع", "الرضيع", "بيبي", "البيبي", "ابنتي", "لابنتي", "صغيري", "بنوتي", "لطفل", "للطفل", "الطفل", "للاطفال")
	// hazards of a thing for a child: sharp, glass, toxic, exposed, small
	// parts (choking)
	hazardWords = wordSet("حاد", "حاده", "مسنن", "مسننه", "زجاج", "ازاز", "قزاز", "الزجاج", "الازاز", "القزاز", "سام", "سامه", "مكشوف", "مكشوفه", "صغيره", "صغار", "صغيرين")
	smallWord   = wordSet("صغيره", "صغار", "صغيرين")
	// almostWords, accidentNouns: "almost" before an accident (كدت أتعرض
	// لحادث, nearHarm)
	almostWords   = wordSet("كاد", "كادت", "كدت", "كدنا")
	accidentNouns = wordSet("لحادث", "حادث", "بحادث", "حادثه", "لحادثه", "بحادثه")
	// bumpWords: knocked or fell ("ابني اتخبط في راسه", "بنتي وقعت من
	// المرجيحة"): a hazard met, read only beside a child (a car "اتخبطت"
	// in the car park is damage, medium); fallWords fall only from
	// somewhere (fellFrom)
	bumpWords = wordSet("اتخبط", "اتخبطت", "انخبط", "انخبطت", "اتزحلق", "اتزحلقت", "وقع", "وقعت", "انضرب", "انضربت")
	fallWords = wordSet("وقع", "وقعت")
	// safeWords: safe (a thing, a place, a ride); negated, a danger
	safeWords  = wordSet("آمن", "امن", "آمنه", "امنه", "آمنة", "امنة", "امان", "أمان")
	partsNouns = wordSet("قطع", "قطعه", "اجزاء", "حبات", "خرز")
)

// The kinds of harmKind's words (a word may have several; harmUrgent
// reads them in this order).
const (
	hkCare uint16 = 1 << iota
	hkHarm
	hkChange
	hkSick
	hkLost
	hkSpan
	hkBag
	hkWait
	hkWhere
	hkNear   // "was / almost" before a verb of injury (nearHarm)
	hkChild  // the writer's child, or children
	hkHazard // a hazard for a child (sharp, glass, toxic, small parts)
	hkSafe   // "safe", negated: not safe
)

// harmKind maps each word of harmUrgent's sets to its kinds, so that a
// token costs one lookup (the sets stay the sources: careNouns, harmWords
// and fearWords, changeVerbs, lostWords, spanWords, bagNouns, waitWords,
// whereWords).
var harmKind = func() map[string]uint16 {
	m := map[string]uint16{}
	add := func(set map[string]bool, kind uint16) { addKinds(m, set, kind) }
	add(careNouns, hkCare)
	add(harmWords, hkHarm)
	add(fearWords, hkHarm)
	add(changeVerbs, hkChange)
	// (bitten, stung, burned: "got bitten all over", "my son got burned")
	add(map[string]bool{"sick": true, "ill": true, "injured": true, "hurt": true, "bitten": true, "stung": true, "burned": true, "burnt": true, "scalded": true}, hkSick)
	add(lostWords, hkLost)
	add(spanWords, hkSpan)
	add(bagNouns, hkBag)
	add(waitWords, hkWait)
	add(map[string]bool{"نترا": true}, hkWait)
	add(whereWords, hkWhere)
	add(wordSet("كان", "كانت", "كنت", "كاد", "كادت", "وكان", "وكانت", "كدت", "وكدت", "كدنا", "وكدنا"), hkNear)
	add(childNouns, hkChild)
	add(hazardWords, hkHazard)
	add(bumpWords, hkHazard)
	add(safeWords, hkSafe)
	return m
}()

// billDisputed reports a bill named with a doubled question or exclamation
// mark ("??", "؟؟", "!!"): "فاتورة الكهربا جاية ضعف الشهر اللي فات ازاي
// يعني؟؟", "why is my water bill 900 dirhams this month??": an amount
// disputed with outrage, money charged wrongly. A plain question about a
// bill ("ليش الفاتورة طالعة ضعف؟") stays medium.
func billDisputed(text string, toks []token) bool {
	if !strings.Contains(text, "??") && !strings.Contains(text, "؟؟") && !strings.Contains(text, "?؟") && !strings.Contains(text, "؟?") {
		return false
	}
	bill, amount := false, false
	for i := range toks {
		k := toks[i].key
		bill = bill || billNouns[k] || billNouns[strings.TrimPrefix(k, "و")]
		amount = amount || amountWords[k] || strings.ContainsAny(k, "0123456789٠١٢٣٤٥٦٧٨٩")
	}
	return bill && amount // an amount disputed, not "can I get a copy of my bill??"
}

// chargedAgainst reports a charge to the writer ("حاسبوني", "حسبوا علي",
// "اتحاسبت") followed within eight words by what contradicts it: the
// writer's own clause ("وانا استلمت من الفرع", "وانا مركب ٥ بس") or a
// thing never done ("على اشعه ماتعملتش", "بدون ما اطلب"), or "although"
// ("سحبتم الرسوم رغم أنني ألغيت"); or a charge after the writer cancelled
// ("ألغيت اشتراكي ... ومع ذلك سحبتم"): money charged wrongly, high; not
// "وانا مبسوط" (content with it); or the colloquial "they charged me"
// alone (chargedMeSaid). Across the read and corpus sets every complaint so told
// is high; the present tense asks ("ليش تسحبون من رصيدي وأنا ما اشتركت
// بشي؟", medium) and is not read here.
func chargedAgainst(toks []token) bool {
	cancelled := false // "ألغيت اشتراكي ... ومع ذلك سحبتم": charged after cancelling
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و") // "وحاسبوني": and they charged me
		if cancelledMine[k] {
			cancelled = true
		}
		if !chargedMe[k] && !(chargedOn[k] && i+1 < len(toks) && onMe[toks[i+1].key]) {
			continue
		}
		// ("والسعر غالي شوية": the price disputed, not the charge)
		if cancelled || chargedMeSaid[k] && !anyDear(toks) {
			return true
		}
		for j := i + 1; j < len(toks) && j <= i+8; j++ {
			kj := toks[j].key
			if ownClause[kj] && !(j+1 < len(toks) && contentWith[toks[j+1].key]) || kj == "بدون" || kj == "لم" || despite[kj] || len(kj) > 8 && strings.HasPrefix(kj, "ما") && strings.HasSuffix(kj, "ش") {
				return true
			}
		}
	}
	return false
}

var (
	// chargedMeSaid: the colloquial "they charged me" (حاسبوني, حسبوني,
	// اتحاسبت) needs no contradiction after it: a complaint that says it
	// disputes the charge (charged for both loaves, for a dent already
	// there, for 40 litres of 20), unless it finds the price dear
	// ("حاسبوني على الطلب والسعر غالي شوية": medium). All 16 complaints of
	// the read and corpus sets with one are high; "انحسب علي" (a penalty
	// counted against the writer: an absence, the full price) is not among
	// them.
	chargedMeSaid = wordSet("حاسبوني", "حاسبني", "حاسبتوني", "حاسبتني", "حسبوني", "حسبولي", "حاسبونا", "حسبونا", "اتحاسبت", "انحسبت", "اتحسبت", "تحاسبت")
	// chargedMe: "charged me/us" (Egyptian, Levantine, Gulf; the passive
	// "I was charged"), and the formal "you withdrew, deducted" (a joined و
	// is trimmed), which needs what contradicts it
	chargedMe = func() map[string]bool {
		m := wordSet("سحبتم", "خصمتم", "اقتطعتم")
		for w := range chargedMeSaid {
			m[w] = true
		}
		return m
	}()
	// cancelledMine: the writer cancelled before being charged
	cancelledMine = wordSet("ألغيت", "الغيت", "لغيت", "كنسلت", "ألغينا", "الغينا", "لغينا", "كنسلنا")
	// despite: "although" opening what contradicts the charge ("رغم أنني
	// ألغيت")
	despite = wordSet("رغم", "ورغم", "برغم", "بالرغم")
	// chargedOn: "charged ... on me" (حسبوا علي)
	chargedOn = wordSet("حسبوا", "حسبو", "حسبتوا", "حسبتو", "انحسب", "اتحسب", "انحسبت", "حسب")
	onMe      = wordSet("علي", "عليي", "علينا", "عليا")
	// ownClause: "while I / we" opening the writer's own side
	ownClause = wordSet("وانا", "واحنا", "ونحن", "وإحنا", "وأنا")
	// contentWith: content with what was charged ("وانا مبسوط"): no
	// contradiction
	contentWith = wordSet("مبسوط", "مبسوطه", "مبسوطة", "مبسوطين", "راضي", "راضيه", "راضية", "مرتاح", "مرتاحه", "فرحان", "فرحانه", "سعيد", "سعيده", "سعيدة")
)

// amountWords: how much a bill is said to be beside a figure ("double",
// ضعف, "three times")
var amountWords = wordSet("double", "doubled", "twice", "times", "tripled", "ضعف", "الضعف", "ضعفين", "اضعاف", "مرتين", "دبل")

var (
	// careNouns: medicine, treatment, care (the Arabizi reading writes
	// dawa as دوه)
	careNouns = wordSet("meds", "medication", "medications", "medicine", "insulin", "oxygen", "treatment", "dialysis",
		"دوا", "دواء", "الدوا", "الدواء", "دوه", "دواه", "دوائه", "دوائها", "انسولين", "الانسولين", "الأنسولين", "حقنة", "حقنه", "ابره", "إبرة",
		"علاج", "العلاج", "للعلاج", "للدوا", "للدواء", "للرعاية", "للرعايه", "للانسولين", "للأنسولين", "علاجه", "علاجها", "رعاية", "الرعاية", "رعايه", "الرعايه", "الاكسجين")
	// careNeed: someone needs it or missed it (third person: "بدي دوا"
	// is a customer asking to buy)
	careNeed = wordSet("missed", "needs", "needed", "need", "without", "محتاج", "محتاجة", "محتاجه", "محتاجاه", "محتاجين", "بحاجة", "بحاجه", "ماسة", "ماسه",
		"يحتاج", "تحتاج", "بده", "بدها", "بدو", "بدون", "فاتته", "فاتها", "يبي", "تبي", "يبغى", "تبغى")
	// harmWords: injured, wounded, fell ill (MSA and dialects)
	// (with the preposition: "تعرضت لإصابة", "انتهت بإصابة")
	harmWords = wordSet("أصيب", "اصيب", "أصيبت", "اصيبت", "إصابة", "اصابة", "لإصابة", "لاصابة", "بإصابة", "باصابة", "بجرح", "بجروح", "انجرح", "انجرحت", "اتجرح", "اتجرحت",
		"اتعور", "اتعورت", "تعور", "تعورت", "انصاب", "انصابت", "poisoned", "poisoning", "bleeding", "وتسمم", "تسمم")
	lostBe = wordSet("been", "is", "are", "was", "were", "got", "still", "went", "gone", "its", "it's", "theyre", "they're")
	// fearWords: someone was frightened or people fear for their safety
	// ("كنت رح موت من الخوف", "الناس عم تخاف تمشي بالليل", "ktir 5efet";
	// not the noun رعب, mostly a genre: "ألعاب رعب").
	// English "afraid" is mostly politeness ("I'm afraid the order is
	// late") and is not here; خايف ("worried that") neither; nor "scary"
	// (بتخوّف: a drawing, a film). Pain that goes on (بيوجعني) was read
	// here until the fourteenth session: six labelled complaints of seven
	// with it are medium (a tooth still aching after a filling).
	fearWords     = wordSet("خفت", "الخوف", "خوفني", "خوفتني", "خوفنا", "خوفتنا", "رعبني", "رعبتني", "تخاف", "بتخاف", "نخاف", "بنخاف", "يخافوا", "يخافون", "مرعوب", "مرعوبه", "مرعوبين", "scared", "terrified", "frightened")
	changeVerbs   = wordSet("غير", "بغير", "هغير", "حغير", "نغير", "بنغير", "هنغير", "اغير", "أغير", "راح-اغير", "بدلت", "هبدل", "ابدل", "أبدل", "بدي-ابدل")
	willWords     = wordSet("بدي", "رح", "راح", "ح", "ابي", "أبي", "ابغى", "بدنا", "عايز", "عاوز", "لازم", "خلاص")
	providerNouns = wordSet("الموزع", "الشركه", "الشركة", "المحل", "المطعم", "البنك", "الشبكه", "الشبكة", "الخط", "الدكتور", "الطبيب", "العياده", "العيادة", "المزود", "الصيدليه", "الصيدلية", "المدرسه", "المدرسة", "الفيت", "البيطري", "المستشفى", "النادي", "الجيم", "الشريحه", "الشريحة", "المركز", "الصالون", "التأمين", "التامين")
	becameWords   = wordSet("got", "fell", "gotten", "became", "been", "getting")
	lostWords     = wordSet("lost", "missing", "ضاعت", "ضاع", "ضايعة", "الضايعة", "الضايعه", "ضايعه", "ضايع", "الضايع", "مفقودة", "مفقود", "المفقودة", "فقدت", "ضاعتلي", "ضيعوا", "ضيعتوا", "ضيعو")
	spanWords     = wordSet("days", "weeks", "months", "week", "month", "year", "years", "سنة", "سنه", "سنتين", "سنين", "ايام", "أيام", "اسبوع", "أسبوع", "اسبوعين", "أسبوعين", "اسابيع", "شهر", "شهرين", "اشهر", "شهور")
	bagNouns      = wordSet("suitcase", "luggage", "baggage", "bag", "الشنطة", "الشنطه", "شنطتي", "شنطة", "الحقيبة", "حقيبتي", "امتعتي", "الامتعة", "العفش")
)

// emergencyCalled reports "emergency" said of the writer's situation ("this
// is an emergency", "emergency!"), not the hospital ward it names after an
// article or a preposition ("waiting in the emergency", "بال emergency"):
// two hours waiting in the emergency room is a long wait, medium by the
// label conventions (as "صرلي ساعتين بالطوارئ" is).
func emergencyCalled(toks []token) bool {
	for i := range toks {
		if toks[i].key != "emergency" {
			continue
		}
		if i == 0 || !wardBefore[toks[i-1].key] {
			return true
		}
	}
	return false
}

var wardBefore = wordSet("the", "in", "at", "to", "into", "from", "بال", "بالـ", "في", "فال", "ال", "عال", "عل", "على", "للـ", "لل")

// extraTaken reports money taken in Arabic: "deducted from me" (debitedMe),
// or "took extra money": a verb of taking (أخد,
// أخذوا: urgentWords' uwDemand) with "extra" (زيادة) beside a money noun.
// Money taken beyond the price is a complaint whatever else the comment
// says ("السايق لف فيني وأخد مصاري زيادة" has no complaint word).
func extraTaken(toks []token) bool {
	took, extra := false, false
	for i := range toks {
		if !toks[i].arabic {
			continue
		}
		if toks[i].isW(clDebitedMe) {
			return true // "خصملي ٣٠ جنيه": money taken from me
		}
		switch toks[i].urgent() {
		case uwDemand:
			took = took || tookVerbs[toks[i].key]
		case uwExtra:
			extra = extra || moneyBeside(toks, i)
		}
	}
	return took && extra
}

var tookVerbs = wordSet("أخد", "اخد", "واخد", "وأخد", "أخذ", "اخذ", "وأخذ", "واخذ", "خدوا", "خدو", "أخذوا", "اخذوا", "اخدوا", "اخدو", "أخدوا", "ياخدوا", "ياخذون")

// softUrgent: the words of urgentM that ask for one's money back ("refund",
// "money back", فلوسي, مصرياتي, استرداد, "ابي حقي"). Asked for calmly after
// a faulty item ("وصلني الجهاز خربان، ابي ارجعه واسترد فلوسي", "the
// blender arrived cracked, I would like a refund") the request is an
// ordinary complaint, medium by the label conventions; it is urgent with a
// sign of money paid or taken, of a wait, of insistence (now, "!") or with
// any other urgency (charged twice, third time, a threat).
var softUrgent = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"refund", "money back", "فلوسي", "مصرياتي", "اموالي", "استرداد", "ابي حقي", "ابغى حقي", "عايز حقي", "بدي حقي", "اريد حقي"} {
		m[foldKey(w)] = true
	}
	return m
}()

// hardUrgentHit reports an urgentM phrase in toks; a soft one (softUrgent)
// counts only beside a sign of urgency (refundInsisted).
func hardUrgentHit(text string, toks []token) bool {
	soft := false
	fee := -1 // feeAsked, computed once when a debit is hit
	for _, h := range urgentM.find(toks) {
		if describedNotUrgent(toks, h.ti, h.tj) || (toks[h.ti].key == "charged" || toks[h.ti].key == "billed") && chargedFairly(toks[h.ti:]) {
			continue
		}
		if k := toks[h.ti].key; strings.Contains(k, "خصم") || strings.Contains(k, "سحب") {
			if fee < 0 {
				fee = 0
				if feeAsked(text, toks) {
					fee = 1
				}
			}
			if fee == 1 {
				continue
			}
		}
		if !isSoftUrgent(toks[h.ti:h.tj]) {
			return true
		}
		soft = true
	}
	return soft && refundInsisted(text, toks) && !refundInWindow(toks) // priority_r30.go
}

// habitBefore reports "usually", "normally", "always" (عادة, دايما) up
// to two words before toks[i]: a habit told, not an event.
func habitBefore(toks []token, i int) bool {
	for j := max(0, i-2); j < i; j++ {
		if usuallyWords[toks[j].key] {
			return true
		}
	}
	return false
}

var usuallyWords = wordSet("usually", "normally", "always", "typically", "عاده", "عادة", "عادتا", "عادتاً", "دايما", "دائما")

// withoutBefore reports "without" before toks[i] ("بدون ما", "من غير ما",
// "دون أن", "بدون"): what did not or should not happen.
func withoutBefore(toks []token, i int) bool {
	if i > 0 && (toks[i-1].key == "بدون" || toks[i-1].key == "دون" || toks[i-1].key == "بلا") {
		return true
	}
	if i > 1 && toks[i-1].key == "غير" && toks[i-2].key == "من" {
		return true // "من غير إعلانات"
	}
	if i > 1 && (toks[i-1].key == "ما" || toks[i-1].key == "ان" || toks[i-1].key == "أن") {
		p := toks[i-2].key
		return p == "بدون" || p == "دون" || p == "غير"
	}
	return false
}

// frequencyWords after "how many times" ask how often ("a week", "per
// day", "each month").
var frequencyWords = wordSet("a", "per", "each", "every")

// feeAsked reports a deduction asked about as a fee: a question mark (one,
// not "؟؟") and a fee named ("ليش انخصم مني نص دولار؟ هيدي رسوم شو؟",
// "انخصم مني دينار، هل في رسوم على السحب؟"): a question about a charge
// that may be right, medium by the writers' convention, unless it is
// doubled ("مرتين") or shouted.
func feeAsked(text string, toks []token) bool {
	if !strings.ContainsAny(text, "?؟") || strings.Contains(text, "??") || strings.Contains(text, "؟؟") || exclaims(text) >= 2 {
		return false
	}
	fee := false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if toks[i].urgent() == uwTwice {
			return false
		}
		fee = fee || feeNames[k]
	}
	return fee
}

var feeNames = wordSet("رسوم", "الرسوم", "رسم", "الرسم", "ضريبه", "الضريبه", "عموله", "العموله", "اشتراك", "رسومات")

// describedNotUrgent: an urgency word that describes the product, not a
// danger or a demand: smoke as a smell ("الغرفة ريحتها دخان": a smoky
// room, not a fire) and "quickly" after a present-tense verb that is not
// an answer asked for ("البطارية تنفد بسرعة": drains fast; "ردوا بسرعة"
// still demands).
func describedNotUrgent(toks []token, ti, tj int) bool {
	if k := toks[ti].key; (strings.Contains(k, "خصم") || strings.Contains(k, "سحب")) && withoutBefore(toks, ti) {
		return true // "كيف ألغي بدون ما يخصموا مني": a debit that did not happen
	}
	if tj == ti+3 && tj < len(toks) && toks[ti].key == "how" && toks[ti+2].key == "times" && frequencyWords[toks[tj].key] {
		// "how many times a week should i ...": a frequency asked, not
		// a failure repeated (twenty-first session)
		return true
	}
	if ti > 0 && tj == ti+2 && toks[ti].key == "من" && toks[ti+1].key == "السوق" {
		// "أقل من السوق بكتير": a price compared with the market, not a
		// product to withdraw from it
		return comparedWords[toks[ti-1].key]
	}
	if tj != ti+1 || ti == 0 {
		return false
	}
	prev := toks[ti-1].key
	if dangerSlang(toks, ti) {
		return true // "بيتزا خطيرة": awesome, not dangerous
	}
	switch k := toks[ti].key; {
	case (strings.Contains(k, "خصم") || strings.Contains(k, "سحب")) && verbNegators[strings.TrimPrefix(prev, "و")]:
		// "ما انخصم شي بس ما عم يمشي": nothing was taken
		return true
	case strings.HasPrefix(k, "مستعجل"):
		// "the workers were in a hurry" (كانوا مستعجلين, كان مستعجل):
		// someone's haste told, not the writer's urgency
		return strings.HasPrefix(strings.TrimPrefix(prev, "و"), "كان") || prev == "كنت"
	case k == "دخان" || k == "الدخان":
		return smellWords[prev] || smellWords[strings.TrimPrefix(prev, "و")] // "وريحتها دخان"
	case k == "بسرعه":
		// a verb negated up to six words before: slowness told ("مش
		// بيردوا على الإيميل بسرعة", "لا ترد على رسائل أولياء الأمور
		// بسرعة"), a complaint, no answer demanded
		if precededBy(toks, ti, 6, verbNegators) {
			return true
		}
		v := strings.TrimPrefix(strings.TrimPrefix(prev, "و"), "ب")
		// (or a past verb of running out: "الباقة خلصت بسرعة")
		return (strings.HasPrefix(v, "ت") || strings.HasPrefix(v, "ي")) && !responseVerb(prev) && !responseVerb(v) && !strings.HasSuffix(v, "وا") || depleteWords[v]
	}
	return false
}

// dangerSlang reports خطير ("dangerous") said of a dish, a show or a
// piece of work right before it ("بيتزا خطيرة", "المسلسل خطييير", "شغلك
// خطير"): the Gulf and Egyptian slang for "awesome". Not before على
// ("خطير على الصحة") nor of anything else ("الوضع خطير", "السلك خطير").
func dangerSlang(toks []token, i int) bool {
	if i == 0 || !khatirWords[toks[i].sq] && !khatirWords[toks[i].key] {
		return false
	}
	if i+1 < len(toks) && (toks[i+1].key == "على" || toks[i+1].key == "علي") {
		return false
	}
	p := strings.TrimPrefix(toks[i-1].key, "و")
	if frameDemonstratives[p] || thisWords[p] {
		if i < 2 {
			return false
		}
		p = strings.TrimPrefix(toks[i-2].key, "و")
	}
	return slangObjects[p] || slangObjects[strings.TrimPrefix(p, "ال")]
}

var (
	khatirWords  = wordSet("خطير", "خطيره")
	slangObjects = wordSet("بيتزا", "برجر", "برغر", "اكل", "اكله", "طعم", "مسلسل", "فيلم", "حلقه", "قناه", "فيديو", "كيك", "كيكه", "كعك", "اغنيه", "عطر", "مطعم", "شاورما",
		"كنافه", "حلا", "حلى", "تصوير", "مونتاج", "شغل", "شغلك", "شغلكم", "لعبه", "قهوه", "سندويش", "ساندوتش", "طبخ", "طبخه", "وصفه", "تصميم", "صوت", "صوتك", "ريحه", "ريحته", "ريحتها", "بوكس", "كورس", "شرح", "شرحك")
)

var depleteWords = wordSet("خلصت", "خلص", "خلصو", "نفد", "نفدت", "نفذت", "فضيت", "فضي", "خلصانه",
	// someone gone in a hurry ("المندوب مشي بسرعة", "راح بسرعة")
	"مشي", "مشى", "راح", "مشيو", "مشيوا", "راحو", "راحوا", "مشيت", "ساب", "سابنا", "هرب")

// comparedWords: a comparative before "than the market" (أقل من السوق)
var comparedWords = wordSet("اقل", "ارخص", "اغلى", "اعلى", "احسن", "اسوا", "أسوأ", "اكتر", "اكثر")

// (رحت: the Arabizi ri7et read so)
var smellWords = wordSet("رحت", "ريحه", "ريحتها", "ريحته", "رائحه", "رائحتها", "رائحته", "ريحة", "رائحة", "بريحه", "برائحه", "ريحتو", "ريحتن", "ريحتهم")

// isSoftUrgent reports whether the keys of toks, joined with spaces (as
// foldKey joins a phrase), name a soft urgency (softUrgent); the key is
// built on the stack (a map read of string(bytes) does not allocate).
func isSoftUrgent(toks []token) bool {
	if len(toks) == 1 {
		return softUrgent[toks[0].key]
	}
	var buf [128]byte
	b := buf[:0]
	for i := range toks {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, toks[i].key...)
	}
	return softUrgent[string(b)]
}

// refundInsisted: a sign beside a refund request that makes it urgent: an
// exclamation mark, a word of now (الحين, هلق, دلوقتي, now), of payment
// (دفعت, paid), of a wait (still, waiting, لسه, مستني, weeks, شهر).
func refundInsisted(text string, toks []token) bool {
	if strings.IndexByte(text, '!') >= 0 || strings.Contains(text, "！") {
		return true
	}
	for i := range toks {
		k := toks[i].key
		kb := strings.TrimPrefix(k, "و")
		if insistWords[k] || insistWords[kb] || stillWords[k] || stillWords[kb] || waitWords[k] || waitWords[kb] || spanWords[k] || spanWords[kb] {
			return true
		}
	}
	return false
}

// insistWords: now, paid, still, waiting; a demand that the brand give the
// money back ("ترجعولي", "رجعولي", "عايز فلوسي ترجع": not the writer's own
// request to return an item); nobody answering (محدش, "nobody").
var insistWords = wordSet("ترجعولي", "رجعولي", "ترجعلي", "رجعلي", "رجعوا", "رجعو", "ترجعوا", "ترجع", "يرجعولي", "رجعوها", "رجعوهم",
	"nobody", "محدش", "ومحدش", "محد", "ومحد", "حدا", "مفيش", "ومفيش",
	"now", "today", "immediately", "paid", "payed", "still", "waiting", "الحين", "الحين!", "هلق", "هلا", "هلأ", "دلوقتي", "دلوقت", "حالا", "حالاً", "فورا", "فوراً", "الآن", "الان",
	"دفعت", "دفعنا", "دافع", "دافعة", "دافعه", "دافعين", "سددت", "وسددت", "شهرين")

// exclaims counts the exclamation marks of text (ASCII and full-width).
func exclaims(text string) int {
	return strings.Count(text, "!") + strings.Count(text, "！")
}

// brokeAr reports an Arabic verb of a thing getting broken, torn or cut off
// (the inchoative انكسر, اتكسر, تكسر, اتقطع, انشرخ ...) not negated: "المندوب
// رمى الطرد وانكسر الغرض" tells of damage as "وصل مكسور" does, with no
// complaint word of the lexicon (which holds the participles مكسور, خربان).
// Complaint evidence; priority stays medium unless another sign is there.
func brokeAr(toks []token) bool {
	for i := range toks {
		if !toks[i].arabic {
			continue
		}
		if toks[i].isW(clBrokeVerbs) && !negatedBefore(toks, i) {
			return true
		}
	}
	return false
}

// damageDone reports a worker's transitive verb of damage in the past
// (كسر, كسرت, كسروا, خرب, بوظ, خدش, شرخ) before the thing damaged, a noun
// or the article: "الست اللي جت تنضف كسرت فازة", "العمال خدشوا الباركيه".
// Not before the slang objects of a feat or a feeling ("كسرت الدنيا",
// "كسر قلبي", "كسر الرقم"), nor negated.
func damageDone(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].arabic || !toks[i+1].arabic {
			continue
		}
		if !toks[i].isW(clDamageVerbs) || negatedBefore(toks, i) {
			continue
		}
		n := toks[i+1].key
		if damageNotObject[n] || utf8.RuneCountInString(n) < 3 || strings.HasPrefix(n, "ب") && !strings.HasPrefix(n, "بال") {
			continue
		}
		return true
	}
	return false
}

var (
	damageVerbs     = wordSet("كسر", "كسرت", "كسروا", "كسرو", "خرب", "خربت", "خربوا", "خربو", "بوظ", "بوظت", "بوظوا", "بوظو", "خدش", "خدشت", "خدشوا", "خدشو", "شرخ", "شرخت", "شرخوا", "بهدل", "بهدلت", "بهدلوا")
	damageNotObject = wordSet("الدنيا", "الدنيه", "الرقم", "الارقام", "قلبي", "قلوبنا", "خاطري", "خاطر", "الحاجز", "الصمت", "الروتين", "القاعده", "عليا", "علي", "لي", "فيا", "فيني", "نفسي", "من", "في", "على", "عن")
)

var brokeVerbs = wordSet("انكسر", "انكسرت", "اتكسر", "اتكسرت", "تكسر", "تكسرت", "انكسرو", "اتكسرو", "انشرخ", "انشرخت", "اتشرخ", "اتشرخت", "تشقق", "تشققت", "اتشقق",
	"انخدش", "انخدشت", "اتخدش", "اتخدشت", "انبعج", "انبعجت", "اتبعج", "انفتق", "انفتقت", "اتفتق", "اتقطع", "اتقطعت", "تمزق", "تمزقت", "انكب", "انكبت", "اندلق", "اندلقت", "ساح", "ساحت")

var (
	// whereWords: "where" asking after money gone
	whereWords = wordSet("وين", "فين", "where", "wheres", "where's", "وينها", "وينهم")
	// myMoney: the writer's money or refund
	myMoney = wordSet("مصاريي", "مصرياتي", "فلوسي", "money", "مصاري", "فلوس", "refund")
	// billNouns: a bill or invoice
	billNouns = wordSet("bill", "invoice", "فاتوره", "الفاتوره", "فاتورتي", "فاتورة", "الفاتورة", "بالفاتوره", "بالفاتورة", "فالفاتوره", "والفاتوره")
)

// arWrongMedicine reports the wrong medicine given (دوا غلط, دواء خطأ,
// حقنة غلط): a person's health at risk, urgent, as english.go's safetyRisk
// reads "the wrong medicine" (not وصفة: a recipe as often as a
// prescription).
func arWrongMedicine(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].arabic || !toks[i].isW(clMedicineAr) {
			continue
		}
		if wrongAr[toks[i+1].key] || i+2 < len(toks) && wrongAr[toks[i+2].key] {
			return true
		}
		// "الدوا اللي ادوهولي غلط": wrong after a relative clause of
		// giving (the Arabizi "el dawa elly 3atooni ghalat" too)
		if relWords[toks[i+1].key] && i+3 < len(toks) && wrongAr[toks[i+3].key] {
			return true
		}
	}
	return false
}

var (
	relWords   = wordSet("اللي", "الي", "يلي", "إللي", "التي", "الذي")
	medicineAr = wordSet("دوا", "دواء", "الدوا", "الدواء", "دوه", "الدوه", "علاج", "العلاج", "حقنه", "الحقنه", "ابره", "الابره", "جرعه", "الجرعه", "حبوب", "الحبوب", "روشته", "الروشته")
	wrongAr    = wordSet("غلط", "خطا", "خطأ", "غلطان", "غلطانه", "خاطئ", "خاطئه", "الخطا", "الغلط", "خاطئا", "غلطا")
)

// addKinds sets kind's bits on every word of set in m: the one-lookup kind
// maps (harmKind, r22Kind) are built from their word sets with it.
func addKinds[K ~uint8 | ~uint16 | ~uint64](m map[string]K, set map[string]bool, kind K) {
	for w := range set {
		m[w] |= kind
	}
}
