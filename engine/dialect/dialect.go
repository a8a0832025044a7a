// Package dialect detects language, script, direction and Arabic dialect from
// local rules: no model call.
package dialect

import (
	"strings"
	"unicode"

	"svc/engine/op"
	"svc/engine/textnorm"
)

// Detect returns the language, script, direction, word count and (for text
// with Arabic letters) the dialect of text.
//
// Rules: script is "arabic" when every letter is Arabic, "latin" when every
// letter is Latin (or there are no letters), else "mixed". Language follows the
// script ("ar", "en", "mixed"). Direction is "rtl" whenever Arabic letters are
// present. Words are runs separated by white space.
func Detect(text string) op.Detection {
	var ar, lat int
	for _, r := range text {
		switch {
		case textnorm.IsArabic(r) && unicode.IsLetter(r):
			ar++
		case unicode.IsLetter(r) && r < 0x0250:
			lat++
		}
	}
	d := op.Detection{WordCount: len(strings.Fields(text))}
	switch {
	case ar > 0 && lat > 0:
		d.Script, d.Language, d.Direction = "mixed", "mixed", "rtl"
	case ar > 0:
		d.Script, d.Language, d.Direction = "arabic", "ar", "rtl"
	default:
		d.Script, d.Language, d.Direction = "latin", "en", "ltr"
	}
	if ar > 0 {
		d.Dialect, d.DialectConfidence = arabicDialect(textnorm.Fold(text))
	}
	return d
}

// markers is a placeholder marker table; the dialect automaton replaces it.
var markers = map[string][]string{
	"egyptian":  {"ازاي", "ليه", "عايز", "دلوقتي", "بتاع", "مش", "كده", "اوي"},
	"gulf":      {"وش", "شلون", "وايد", "ابي", "ليش", "زين", "مب", "حيل"},
	"levantine": {"شو", "كتير", "هيك", "هلق", "بدي", "منيح", "ليش", "هاد"},
	"msa":       {"الذي", "التي", "لقد", "سوف", "ليس", "هذا", "لكن", "ان"},
}

func arabicDialect(folded string) (string, float64) {
	words := strings.Fields(folded)
	best, bestN, total := "msa", 0, 0
	for _, dl := range op.Dialects {
		n := 0
		for _, w := range words {
			for _, m := range markers[dl] {
				if w == m {
					n++
				}
			}
		}
		total += n
		if n > bestN {
			best, bestN = dl, n
		}
	}
	if total == 0 {
		return "msa", 0.4
	}
	return best, 0.4 + 0.5*float64(bestN)/float64(total)
}
