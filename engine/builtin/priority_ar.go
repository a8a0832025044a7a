package builtin

import "strings"

// Arabic priority patterns the phrase list (urgentM) cannot hold, because
// their words vary or stand apart (issue 23; Arabizi comments reach them
// through their Arabic reading):
//
//   - money taken: the passive verbs of being charged or debited that
//     urgentM lists as words (اتخصم, انخصم, اتسحب, انسحب) with a suffix
//     (اتخصملي "was charged to me", انسحبت, اتخصمت) or a conjunction
//     (واتخصم);
//   - a refund asked for (استرجاع, الاسترجاع), as the English "refund" is;
//   - a threat to stop dealing with the brand: a negation or "no longer"
//     (ما, مش, مو, مب, لن, عاد, ماعاد) up to three words before a form of
//     "to deal" (اتعامل, هتعامل, نتعامل, بتعامل): "ما عاد بدي اتعامل
//     معكن", "مش هتعامل معاكو تاني".
func arabicUrgent(toks []token) bool {
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		k := t.key
		switch {
		case hasDebitStem(k):
			return true
		case k == "استرجاع" || k == "الاسترجاع" || k == "واسترجاع":
			return true
		case dealVerbs[k]:
			for j := i - 1; j >= 0 && j >= i-3; j-- {
				if stopNegations[toks[j].key] {
					return true
				}
			}
		}
	}
	return false
}

// hasDebitStem: k is a passive verb of debiting with a suffix or a
// conjunction (the bare word is urgentM's).
func hasDebitStem(k string) bool {
	k = strings.TrimPrefix(k, "و")
	for _, s := range []string{"اتخصم", "انخصم", "اتسحب", "انسحب"} {
		if strings.HasPrefix(k, s) {
			return true
		}
	}
	return false
}

var (
	dealVerbs     = map[string]bool{"اتعامل": true, "هتعامل": true, "هاتعامل": true, "نتعامل": true, "هنتعامل": true, "بتعامل": true, "اتعاملو": true}
	stopNegations = map[string]bool{"ما": true, "مش": true, "مو": true, "مب": true, "لن": true, "عاد": true, "ماعاد": true, "ماراح": true, "مارح": true, "مابدي": true}
)
