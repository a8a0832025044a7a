package builtin

import "strings"

// Urgent classes read in issue 23's seventeenth session from new Levantine
// and Gulf sets, each a form of the spec's safety or money-taken class the
// older rules missed (read, like r24Urgent, only for a complaint no other
// rule made high, and for a comment left "other", which they make a
// complaint):
//
//   - a thing fallen on the writer's body or a child: a verb of falling
//     (وقع, وقعت, سقط) and, up to three words after it, "on" and a body
//     part or a child ("وقع الوزن ع إجري", "الخزانة وقعت عالولد");
//   - an injury named by its mark: bruises (رضوض, كدمات), a swelling
//     (ورمت, تورمت), a head split open (انفتح راسه), stitches (غرز);
//   - an explosion feared (انفجار, ينفجر);
//   - a child or a pet named and a wound (مجروح, مخدوش, انجرح), or a child
//     left alone (لحالها, لوحدها), anywhere; a child forgotten (نسي
//     السائق ابنتي); a bone broken (رجلي اتكسرت);
//   - an emergency (حالة طارئة), a driver speeding (يسرع), cheating at the
//     meter (بتغش بالعداد), "he wounded me" (جرحني, not with words), a
//     child's or the writer's head hit (ضرب راس ولدي);
//   - delivery claimed (تم التسليم, سُلّمت) and nothing received (ما
//     استلمت): paid for nothing.
func r25Urgent(toks []token) bool {
	child, wound, alone, claimed, unreceived := false, false, false, false, false
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		// one table read a token (the word whole, then without a joined و:
		// وقع and ورمت begin with و)
		k, kb := t.key, strings.TrimPrefix(t.key, "و")
		kind := r25Words[k]
		if kind == 0 && kb != k {
			kind = r25Words[kb]
		}
		switch kind {
		case 0:
			if t.isW(clByItself) {
				alone = true // "ضلت تمشي لحالها بالشارع": a child left alone
			}
		case r25Fall:
			if fellOnBody(toks, i) {
				return true
			}
		case r25Injury, r25Explosion:
			return true
		case r25Split:
			if nearAny(toks, i, 2, headWords) {
				return true
			}
		case r25Case:
			if i+1 < len(toks) && emergencyAdj[toks[i+1].key] {
				return true // "عندي حالة طارئة": an emergency
			}
		case r25Speeding:
			return true // "السواق كان عم يسرع كتير"
		case r25Cheat:
			if nearAny(toks, i, 2, meterWords) {
				return true // "الكازية بتغش بالعداد": money taken at the meter
			}
		case r25WoundedMe:
			if !(i+1 < len(toks) && strings.HasPrefix(toks[i+1].key, "بكلام")) {
				return true // "الحلاق جرحني بالموس" (not "جرحني بكلامه")
			}
		case r25Dependent:
			child = true
		case r25Wound:
			wound = true
		case r25Broke:
			// "رجلي اتكسرت", "انكسرت ايدو": a bone broken
			// (not "وقع من ايدي وانكسرت الشاشة": a joined و opens another clause)
			if k == kb && i > 0 && brokenParts[strings.TrimPrefix(toks[i-1].key, "و")] || i+1 < len(toks) && brokenParts[toks[i+1].key] {
				return true
			}
		case r25Hit:
			// "العمود ضرب راس ولدي": a child or the writer's body hit
			for j := i + 1; j < len(toks) && j <= i+3; j++ {
				if childNouns[toks[j].key] || bodyPartsAr[toks[j].key] {
					return true
				}
			}
		case r25Delivered:
			claimed = true // "كتب تم التسليم", "سُلّمت"
		case r25Received:
			// "وانا ما استلمت شي", "لم أستلم شيئا"
			unreceived = unreceived || negatedBefore(toks, i)
		case r25Forgot:
			// "نسي السائق ابنتي داخل الحافلة": a child forgotten
			for j := i + 1; j < len(toks) && j <= i+3; j++ {
				if childNouns[toks[j].key] {
					return true
				}
			}
		}
	}
	// "ابني رجع من الحضانة مجروح بإيدو": a child come back hurt (3 of 3
	// such read complaints are high, 7 more were already)
	// (and a child left alone: "نزلها من العربية في نص الدائري لوحدها")
	// (or delivery claimed and nothing received: "المندوب كتب تم التسليم
	// وانا ما استلمت شي", money paid for nothing)
	return child && (wound || alone) || claimed && unreceived
}

// The kinds of the words of r25Words.
const (
	r25Fall = iota + 1
	r25Injury
	r25Explosion
	r25Split
	r25Case
	r25Speeding
	r25Cheat
	r25WoundedMe
	r25Dependent
	r25Wound
	r25Broke
	r25Forgot
	r25Hit
	r25Delivered
	r25Received
)

// r25Words: the kind of each word r25Urgent reads (the first set a word is
// in, in the order below, wins).
var r25Words = func() map[string]uint8 {
	m := map[string]uint8{}
	add := func(kind uint8, set map[string]bool) {
		for w := range set {
			if m[w] == 0 {
				m[w] = kind
			}
		}
	}
	add(r25Fall, fallWords)
	add(r25Fall, wordSet("سقط", "سقطت", "طاح", "طاحت", "انهار", "انهارت"))
	add(r25Injury, injuryMarks)
	add(r25Split, wordSet("انفتح", "انفتحت", "انشق", "انشقت"))
	add(r25Explosion, explosionWords)
	add(r25Case, caseNouns)
	add(r25Speeding, speedingVerbs)
	add(r25Cheat, cheatVerbs)
	add(r25WoundedMe, woundedMe)
	add(r25Dependent, childNouns)
	add(r25Dependent, childAnyone)
	add(r25Dependent, petNouns)
	add(r25Wound, childWounds)
	add(r25Broke, boneBroke)
	add(r25Forgot, forgotVerbs)
	add(r25Hit, wordSet("ضرب", "ضربت", "ضربه", "ضربها"))
	add(r25Delivered, wordSet("التسليم", "سلمت", "سلمت", "اتسلم", "اتسلمت", "انسلم", "انسلمت", "مسلم", "مسلمه", "delivered"))
	add(r25Received, wordSet("استلمت", "استلم", "استلمنا", "استلمتها", "استلمته", "أستلم", "نستلم"))
	return m
}()

// fellOnBody: "on" (على, ع, or joined: عالولد, عراسي) and a body part or a
// child up to three words after the fall at toks[i].
func fellOnBody(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		k := toks[j].key
		if (k == "على" || k == "ع" || k == "علي") && j+1 < len(toks) && (bodyPartsAr[toks[j+1].key] || childNouns[toks[j+1].key] || childAnyone[toks[j+1].key]) {
			return true
		}
		for _, p := range []string{"عال", "عل", "ع"} {
			if s, ok := strings.CutPrefix(k, p); ok && s != "" && (bodyPartsAr[s] || childNouns[s] || childAnyone["ال"+s] || childAnyone[s]) {
				return true
			}
		}
	}
	return false
}

var (
	// bodyPartsAr: the writer's or a child's foot, hand, head, back
	bodyPartsAr = wordSet("اجري", "رجلي", "ايدي", "راسي", "ظهري", "اجرو", "اجره", "اجرها", "رجله", "رجلها", "ايدو", "ايده", "ايدها", "راسو", "راسه", "راسها", "ظهره", "ظهرها", "اجرنا", "راسنا")
	// childAnyone: a child named without "my" (الولد, البنت, الولاد)
	childAnyone = wordSet("الولد", "البنت", "الولاد", "الطفل", "الاطفال", "البيبي")
	// injuryMarks: bruises, a swelling, stitches
	injuryMarks = wordSet("رضوض", "كدمات", "كدمه", "ورمت", "تورمت", "متورمه", "وارمه", "غرز", "غرزات", "ورم")
	// boneBroke, brokenParts: a bone broken (the body part owned: "the
	// sofa's leg", مكسورة من الرجل, is no injury)
	boneBroke   = wordSet("اتكسرت", "انكسرت", "انكسر", "اتكسر", "تكسرت", "كسرت", "كسر", "انفكت", "انفك", "انخلعت", "انخلع") // (and dislocated: "انفكت ايدي")
	brokenParts = wordSet("رجلي", "ايدي", "اجري", "راسي", "ايدو", "ايده", "ايدها", "رجله", "رجلها", "اجرو", "اجره", "اجرها", "دراعي", "ذراعي", "صباعي", "اصبعي", "سني", "ضرسي", "دراعو", "دراعه", "دراعها")
	// forgotVerbs: forgot (a child in the bus)
	forgotVerbs = wordSet("نسي", "نسيو", "نسيوا", "نسوا", "نسيت", "نسيتو", "نسيتوا")
	// caseNouns, emergencyAdj: "an emergency case" (حالة طارئة, حالة طوارئ)
	caseNouns    = wordSet("حاله", "حالة")
	emergencyAdj = wordSet("طارئه", "طارئة", "طوارئ")
	// petNouns: the writer's cat or dog, hurt in care as a child is
	// ("البسينة رجعت من عندكن مجروحة")
	petNouns = wordSet("البسينه", "بسينتي", "قطتي", "القطه", "قطوتي", "كلبي", "الكلب", "كلبتي")
	// speedingVerbs: a driver speeding (the spec's risky driver)
	speedingVerbs = wordSet("يسرع", "بيسرع", "بتسرع")
	// cheatVerbs, meterWords: cheating at the meter (a pump, a taxi)
	cheatVerbs = wordSet("بتغش", "بيغش", "يغش", "تغش", "بيغشوا", "بيغشو", "بتغشوا", "يغشون", "غشاشين")
	meterWords = wordSet("العداد", "بالعداد", "عدادهم", "بعدادهم")
	// woundedMe: "he / you / they wounded me"
	woundedMe = wordSet("جرحني", "جرحتني", "جرحوني")
	// childWounds: wounded or scratched, said of a child (r25Urgent)
	childWounds    = wordSet("مجروح", "مجروحه", "مخدوش", "مخدوشه", "انجرح", "انجرحت", "انخدش", "انخدشت", "جرح", "جرحت", "مجرح", "مخربش", "مخربشه")
	headWords      = wordSet("راسه", "راسها", "راسو", "راسي", "جبينه", "جبينها", "جبينو", "حاجبه", "حاجبها")
	explosionWords = wordSet("انفجار", "ينفجر", "تنفجر", "بتنفجر", "بينفجر", "تنفجرت", "انفجرت")
)

// enR25Urgent reads the same classes in English (the read sets' English
// complaints, all high): a child of the writer's hurt ("my son came home
// with a cut"), someone sick after what was bought ("the whole family was
// sick all night", "threw up", vomiting), a balance gone to zero ("now it
// shows 0", "balance is gone").
func enR25Urgent(toks []token) bool {
	child, hurt := false, false
	for i := range toks {
		if toks[i].arabic {
			continue // (the Arabic classes are r25Urgent's)
		}
		k := toks[i].key
		next := ""
		if i+1 < len(toks) {
			next = toks[i+1].key
		}
		switch {
		case (k == "my" || k == "our") && enChildNouns[next]:
			child = true
		case enHurtWords[k]:
			hurt = true
		case enSickBefore[k] && next == "sick", k == "threw" && next == "up", strings.HasPrefix(k, "vomit"):
			return true
		case enZeroBefore[k] && (next == "0" || next == "zero"), k == "balance" && (next == "gone" || next == "empty" || next == "is" && i+2 < len(toks) && (toks[i+2].key == "gone" || toks[i+2].key == "empty")):
			return true
		}
	}
	return child && hurt
}

var (
	enChildNouns = wordSet("son", "daughter", "kid", "kids", "child", "children", "baby", "toddler", "boy", "girl", "grandson", "granddaughter")
	enHurtWords  = wordSet("cut", "bruise", "bruised", "bruises", "bleeding", "burn", "burned", "burnt", "injured", "hurt", "stitches", "scratched", "swollen", "rash")
	enSickBefore = wordSet("was", "were", "got", "been", "all", "gets", "getting")
	enZeroBefore = wordSet("shows", "showing", "is", "now", "at")
)
