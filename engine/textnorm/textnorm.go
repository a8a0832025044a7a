// Package textnorm normalises Arabic and Latin text for matching: lookups,
// lexicons, dialect markers and cache keys all compare folded text.
package textnorm

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold returns the lookup form of s: NFKC; lower case; Arabic diacritics,
// tatweel, zero-width and direction marks removed; alef variants folded to
// ا, alef maksura to ي, teh marbuta to ه; Arabic-Indic digits to ASCII;
// runs of three or more equal letters collapsed to one; white space collapsed
// to single spaces and trimmed. Dialect letters (گ چ ڤ) are kept.
func Fold(s string) string {
	s = norm.NFKC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	var prev rune
	run := 0
	space := true // suppress leading space
	for _, r := range s {
		r = foldRune(r)
		if r < 0 {
			continue
		}
		if unicode.IsSpace(r) {
			if !space {
				b.WriteByte(' ')
				space = true
			}
			prev, run = ' ', 0
			continue
		}
		space = false
		if r == prev {
			run++
			if run >= 2 && unicode.IsLetter(r) {
				continue // third and later repeats of a letter are dropped
			}
		} else {
			prev, run = r, 0
		}
		b.WriteRune(r)
	}
	out := b.String()
	if strings.HasSuffix(out, " ") {
		out = out[:len(out)-1]
	}
	return out
}

// foldRune maps one rune to its folded form, or -1 to drop it.
func foldRune(r rune) rune {
	switch {
	case r >= 0x064B && r <= 0x065F, r == 0x0670, r >= 0x06D6 && r <= 0x06ED: // harakat, superscript alef, Quranic marks
		return -1
	case r == 0x0640: // tatweel
		return -1
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0x200E, r == 0x200F, r == 0xFEFF,
		r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x061C, r == 0x00AD:
		return -1
	case r == 'أ', r == 'إ', r == 'آ', r == 'ٱ':
		return 'ا'
	case r == 'ى':
		return 'ي'
	case r == 'ة':
		return 'ه'
	case r >= 0x0660 && r <= 0x0669:
		return '0' + (r - 0x0660)
	case r >= 0x06F0 && r <= 0x06F9:
		return '0' + (r - 0x06F0)
	}
	return unicode.ToLower(r)
}

// IsArabic reports whether r is an Arabic-script letter.
func IsArabic(r rune) bool {
	return r >= 0x0600 && r <= 0x06FF || r >= 0x0750 && r <= 0x077F || r >= 0x08A0 && r <= 0x08FF ||
		r >= 0xFB50 && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFF
}
