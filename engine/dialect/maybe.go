package dialect

import (
	"strings"
	"sync"
	"unicode/utf8"

	"svc/engine/textnorm"
)

// MayBeArabizi is a cheap test that Detect(text).Arabizi may be true: false
// means it is false (callers skip Detect then). It is true when the text has
// no Arabic letter and has, outside links and @mentions (which Detect does
// not read as words of either script), a word with a letter and an Arabizi
// digit (2 3 5 6 7 8 9), a strong Arabizi marker word, or a word of the Arabizi
// phrase and circumfix markers (ma...sh, ma fi): every text Detect calls
// Arabizi has one of these (isArabizi needs a strong or a digit word).
// About a microsecond for 300 characters, no allocation.
func MayBeArabizi(text string) bool {
	strong := strongArabizi()
	var buf [32]byte
	maybe := false
	for i := 0; i < len(text); {
		if e, skip := detectSkips(text, i); skip && e > i {
			for _, r := range text[i:e] {
				if textnorm.IsArabicLetter(r) {
					return false
				}
			}
			i = e
			continue
		}
		c := text[i]
		if c >= utf8.RuneSelf {
			r, w := utf8.DecodeRuneInString(text[i:])
			if textnorm.IsArabicLetter(r) {
				return false
			}
			i += w
			continue
		}
		if !isLatinWordByte(c) {
			i++
			continue
		}
		j := i
		letter, digit := false, false
		for j < len(text) && isLatinWordByte(text[j]) {
			switch d := text[j]; {
			case d >= 'A':
				letter = true
			case d == '2' || d == '3' || d == '5' || d == '6' || d == '7' || d == '8' || d == '9':
				digit = true
			}
			j++
		}
		if maybe {
			i = j
			continue // only Arabic letters can still say no
		}
		if letter && digit {
			maybe = true
		} else if letter && j-i <= len(buf) {
			w := buf[:0]
			for k := i; k < j; k++ {
				w = append(w, lower(text[k]))
			}
			if len(w) >= 4 && w[0] == 'm' && w[1] == 'a' && w[len(w)-2] == 's' && w[len(w)-1] == 'h' || string(w) == "ma" {
				maybe = true
			} else if strong[string(latinSkeleton(w))] {
				maybe = true
			}
		}
		i = j
	}
	return maybe
}

var (
	strongOnce sync.Once
	strongSet  map[string]bool
)

// strongArabizi is the set of the skeletons of the strong Latin marker words.
func strongArabizi() map[string]bool {
	strongOnce.Do(func() {
		strongSet = map[string]bool{}
		for _, m := range get().markers {
			if m.Text != "" && m.Text[0] < 0x80 && m.Variety != "en" && m.Weight >= minArabiziWeight {
				strongSet[skeletonString(m.Text)] = true
			}
		}
	})
	return strongSet
}

// detectSkips reports whether a field Detect does not read as words of
// either script starts at i (a URL: http://, https://, www.; an @mention),
// and where it ends.
func detectSkips(text string, i int) (end int, skip bool) {
	if i > 0 && !isSpaceByte(text[i-1]) {
		return i, false
	}
	end = i
	for end < len(text) && !isSpaceByte(text[end]) {
		end++
	}
	f := text[i:end]
	return end, strings.HasPrefix(f, "@") || strings.HasPrefix(f, "http://") || strings.HasPrefix(f, "https://") || strings.HasPrefix(f, "www.")
}
