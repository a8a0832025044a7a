package dialect

import (
	_ "embed"
	"strings"
	"unicode/utf8"

	"svc/engine/textnorm"
)

//go:embed translit/reverse.tsv
var reverseWords string

// reverseTable maps folded Arabic words to their Arabizi spelling.
var reverseTable = func() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(reverseWords, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		if f := strings.Split(line, "\t"); len(f) == 2 {
			m[textnorm.Fold(f[0])] = strings.TrimSpace(f[1])
		}
	}
	return m
}()

// arabiziLetter spells one Arabic letter in Arabizi (digits for the sounds
// Latin lacks).
var arabiziLetter = map[rune]string{
	'ا': "a", 'أ': "a", 'إ': "e", 'آ': "a", 'ء': "2", 'ئ': "2", 'ؤ': "2", 'ب': "b", 'ت': "t", 'ث': "th", 'ج': "g",
	'ح': "7", 'خ': "kh", 'د': "d", 'ذ': "z", 'ر': "r", 'ز': "z", 'س': "s", 'ش': "sh", 'ص': "s", 'ض': "d",
	'ط': "t", 'ظ': "z", 'ع': "3", 'غ': "gh", 'ف': "f", 'ق': "2", 'ك': "k", 'ل': "l", 'م': "m", 'ن': "n",
	'ه': "h", 'ة': "a", 'و': "w", 'ي': "y", 'ى': "a", 'گ': "g", 'چ': "ch", 'ڤ': "v", 'پ': "p",
	'،': ",", '؟': "?", '؛': ";",
}

// ToArabizi writes Arabic-script text in Arabizi: known words from the table
// translit/reverse.tsv, other Arabic words letter by letter (short vowels
// are not written in Arabic, so those come out terse but readable), and
// everything else as it is. The result holds no Arabic letter.
func ToArabizi(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		if !textnorm.IsArabicLetter(r) {
			if s, ok := arabiziLetter[r]; ok {
				b.WriteString(s) // Arabic punctuation
			} else if r >= 0x0660 && r <= 0x0669 || r >= 0x06F0 && r <= 0x06F9 {
				b.WriteByte(byte('0' + r&0xF)) // Arabic-Indic digits
			} else if r < 0x0600 || r > 0x06FF {
				b.WriteString(text[i : i+w])
			}
			i += w
			continue
		}
		j := i
		for j < len(text) {
			r2, w2 := utf8.DecodeRuneInString(text[j:])
			if !textnorm.IsArabicLetter(r2) && !(r2 >= 0x064B && r2 <= 0x065F) {
				break
			}
			j += w2
		}
		b.WriteString(arabiziWord(text[i:j]))
		i = j
	}
	return b.String()
}

func arabiziWord(word string) string {
	k := textnorm.Fold(word)
	if s, ok := reverseTable[k]; ok {
		return s
	}
	for _, p := range []struct{ ar, lat string }{{"وال", "wel "}, {"بال", "bel "}, {"ال", "el "}, {"و", "w "}} {
		if strings.HasPrefix(k, p.ar) && utf8.RuneCountInString(k) > utf8.RuneCountInString(p.ar)+1 {
			if s, ok := reverseTable[k[len(p.ar):]]; ok {
				return p.lat + s
			}
		}
	}
	var b strings.Builder
	for _, r := range k {
		if s, ok := arabiziLetter[r]; ok {
			b.WriteString(s)
		}
	}
	return b.String()
}
