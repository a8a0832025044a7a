package builtin

import "strings"

// Urgent classes read in issue 23's seventeenth session from new Levantine
// sets, each a form of the spec's safety class the
// older rules missed (read, like r24Urgent, only for a complaint no other
// rule made high):
//
//   - a thing fallen on the writer's body or a child: a verb of falling
//     (وقع, وقعت, سقط) and, up to three words after it, "on" and a body
//     part or a child ("وقع الوزن ع إجري", "الخزانة وقعت عالولد");
//   - an injury named by its mark: bruises (رضوض, كدمات), a swelling
//     (ورمت, تورمت), a head split open (انفتح راسه), stitches (غرز);
//   - an explosion feared (انفجار, ينفجر);
//   - a child named and a wound (مجروح, مخدوش, انجرح) anywhere.
func r25Urgent(toks []token) bool {
	child, wound := false, false
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		k, kb := t.key, strings.TrimPrefix(t.key, "و")
		switch {
		case fallWords[k] || fallWords[kb] || kb == "سقط" || kb == "سقطت" || kb == "طاح" || kb == "طاحت":
			// (وقع, ورمت begin with و: read whole first)
			if fellOnBody(toks, i) {
				return true
			}
		case injuryMarks[k] || injuryMarks[kb]:
			return true
		case kb == "انفتح" || kb == "انفتحت" || kb == "انشق" || kb == "انشقت":
			if nearAny(toks, i, 2, headWords) {
				return true
			}
		case explosionWords[kb]:
			return true
		case childNouns[kb] || childAnyone[kb]:
			child = true
		case childWounds[k] || childWounds[kb]:
			wound = true
		}
	}
	// "ابني رجع من الحضانة مجروح بإيدو": a child come back hurt (3 of 3
	// such read complaints are high, 7 more were already)
	return child && wound
}

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
	injuryMarks = wordSet("رضوض", "كدمات", "كدمه", "ورمت", "تورمت", "متورمه", "وارمه", "غرز", "غرزات")
	// childWounds: wounded or scratched, said of a child (r25Urgent)
	childWounds    = wordSet("مجروح", "مجروحه", "مخدوش", "مخدوشه", "انجرح", "انجرحت", "انخدش", "انخدشت", "جرح", "جرحت", "مجرح", "مخربش", "مخربشه")
	headWords      = wordSet("راسه", "راسها", "راسو", "راسي", "جبينه", "جبينها", "جبينو", "حاجبه", "حاجبها")
	explosionWords = wordSet("انفجار", "ينفجر", "تنفجر", "بتنفجر", "بينفجر", "تنفجرت", "انفجرت")
)
