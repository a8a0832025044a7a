package dialect

import (
	"unicode"
	"unicode/utf8"

	"svc/engine/textnorm"
)

// The matcher does not run on UTF-8. It runs on a compact form of the folded
// text (textnorm.Fold) with one byte per rune:
//
//   - ASCII stays ASCII (Fold has already lower-cased it);
//   - U+0620..U+065F (all the common Arabic letters) -> 0x80 + (r - 0x0620);
//   - the dialect letters پ چ ڤ گ -> codeVeh.. (see below);
//   - any other rune -> codeWord when it is a letter or digit, codeOther
//     when it is not (markers never contain those, so they only matter for
//     word boundaries).
//
// Every rune is one byte, so the automaton takes half the steps on Arabic
// text, word-boundary checks are one table look-up and rune counts are byte
// counts. Matching on the compact form gives exactly the matches of the
// UTF-8 folded form (TestCompactMatchesFold).
//
// For text made only of ASCII and NFKC-inert Arabic-block runes (nearly all
// comments) encode produces the compact form directly from the original text
// in the same pass that counts letters and words (the scan), without going
// through UTF-8 folding; anything else (other scripts, emoji, presentation
// forms, composing marks, invalid UTF-8) takes the reference path: scan.run,
// textnorm.AppendNormalize, then compactFrom.
const (
	codeArabicBase = 0x80 // U+0620 .. U+065F
	codePeh        = 0xC0 // پ U+067E
	codeTcheh      = 0xC1 // چ U+0686
	codeVeh        = 0xC2 // ڤ U+06A4
	codeGaf        = 0xC3 // گ U+06AF
	codeWord       = 0xFE // any other letter or digit
	codeOther      = 0xFF // any other non-space rune that is not a letter or digit

	codeWaw = codeArabicBase + ('و' - 0x0620)
	codeFeh = codeArabicBase + ('ف' - 0x0620)
)

// wordByte[c] tells whether compact byte c is a word rune (letter or digit),
// the boundary test of the marker kinds.
var wordByte [256]bool

// compactRune is the compact code of a folded rune.
func compactRune(r rune) byte {
	switch {
	case r < utf8.RuneSelf:
		return byte(r)
	case r >= 0x0620 && r <= 0x065F:
		return byte(codeArabicBase + r - 0x0620)
	case r == 'پ':
		return codePeh
	case r == 'چ':
		return codeTcheh
	case r == 'ڤ':
		return codeVeh
	case r == 'گ':
		return codeGaf
	case unicode.IsLetter(r) || unicode.IsDigit(r):
		return codeWord
	}
	return codeOther
}

// compactString encodes folded text (used for the marker patterns).
func compactString(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, compactRune(r))
	}
	return string(b)
}

// compactFrom appends the compact form of folded UTF-8 text.
func compactFrom(dst, folded []byte) []byte {
	for i := 0; i < len(folded); {
		c := folded[i]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(folded[i:])
		dst = append(dst, compactRune(r))
		i += n
	}
	return dst
}

// arInfo describes one rune of the Arabic block U+0600..U+06FF for the fused
// pass: how Fold treats it and how the scan counts it.
type arInfo struct {
	code   byte // compact code of the folded rune (when neither remove nor slow)
	folded rune // the folded rune (for the elongation rule)
	flags  uint8
}

const (
	arSlow      = 1 << iota // not NFKC-inert (composes): take the reference path
	arRemove                // Fold drops it (diacritics, tatweel, ALM, Quranic marks)
	arLetter                // the scan counts it as an Arabic letter
	arDigit                 // the scan counts it as a digit (a word without letters)
	arTanween               // a tanween mark
	arKeepMaks              // a mark that keeps a preceding ى final (harakat, tatweel)
	arFoldedLet             // the folded rune is a letter (elongation applies)
)

var arTable [256]arInfo

// asciiLetter and asciiAlnum classify ASCII bytes.
var asciiClass [128]uint8

const (
	acLetter = 1 << iota
	acDigit
	acSpace
)

func init() {
	for c := 0; c < 256; c++ {
		switch {
		case c < 0x80:
			wordByte[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		case c == codeOther:
			wordByte[c] = false
		case c == codeWord, c >= codePeh && c <= codeGaf:
			wordByte[c] = true
		case c >= codeArabicBase && c < codeArabicBase+0x40:
			r := rune(0x0620 + c - codeArabicBase)
			wordByte[c] = r <= 0x064A || unicode.IsLetter(r) || unicode.IsDigit(r)
		}
	}
	for c := 0; c < 128; c++ {
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			asciiClass[c] = acLetter
		case c >= '0' && c <= '9':
			asciiClass[c] = acDigit
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			asciiClass[c] = acSpace
		}
	}
	for i := 0; i < 256; i++ {
		r := rune(0x0600 + i)
		var in arInfo
		if r >= 0x0610 && r <= 0x061A || r >= 0x0653 && r <= 0x0655 || r >= 0x0675 && r <= 0x0678 { // as textnorm's slow path
			in.flags |= arSlow
			arTable[i] = in
			continue
		}
		f := textnorm.Fold(string(r))
		switch utf8.RuneCountInString(f) {
		case 0:
			in.flags |= arRemove
		case 1:
			fr, _ := utf8.DecodeRuneInString(f)
			in.folded = fr
			in.code = compactRune(fr)
			if fr < utf8.RuneSelf {
				if fr >= 'a' && fr <= 'z' {
					in.flags |= arFoldedLet
				}
			} else if unicode.IsLetter(fr) {
				in.flags |= arFoldedLet
			}
		default:
			in.flags |= arSlow
		}
		switch {
		case r >= 0x064B && r <= 0x064D:
			in.flags |= arTanween
		case r == 0x0640:
		case textnorm.IsArabicLetter(r):
			in.flags |= arLetter
		case unicode.IsDigit(r):
			in.flags |= arDigit
		}
		if r >= 0x064B && r <= 0x065F || r == 0x0640 {
			in.flags |= arKeepMaks
		}
		arTable[i] = in
	}
}

// encode fills dst with the compact folded form of text and sc with the
// scan counts (the same as sc.run(text)). It returns the grown dst.
func encode(dst []byte, text string, sc *scan, tmp *[]byte) []byte {
	out, ok := encodeFast(dst, text, sc)
	if ok {
		return out
	}
	*sc = scan{}
	sc.run(text)
	*tmp, _ = textnorm.AppendNormalize((*tmp)[:0], nil, text)
	return compactFrom(out[:0], *tmp)
}

// encodeFast is the fused scan + fold + compact pass for text made of ASCII
// and NFKC-inert Arabic-block runes; ok is false for anything else (dst and
// sc are then garbage). It mirrors scan.run and textnorm's folder exactly.
func encodeFast(dst []byte, text string, sc *scan) (_ []byte, ok bool) {
	dst = dst[:0]
	// fold state
	leading, pendingSpace := true, false
	prev, run := rune(0), 0
	// scan state
	tokAr, tokLat, tokAlnum := 0, 0, false
	tokStart := -1
	lastMaksura := false
	inURL := false
	for i := 0; i < len(text); {
		c := text[i]
		var fr rune   // folded rune
		var code byte // its compact code
		var foldedLetter bool
		if c < utf8.RuneSelf {
			cls := asciiClass[c]
			if inURL {
				if c == ' ' || c == '\n' || c == '\t' || c == '\r' {
					inURL = false
				}
			}
			if !inURL {
				if cls&acSpace != 0 {
					// flush the token
					if tokStart >= 0 {
						if tokAlnum {
							sc.words++
						}
						if tokAr+tokLat > 0 {
							sc.letterWords++
							if tokLat > tokAr {
								sc.latWords++
							}
						}
						if lastMaksura && sc.maksura < 2 && isMaksuraWord(text[tokStart:i]) {
							sc.maksura++
						}
						tokAr, tokLat, tokAlnum, tokStart, lastMaksura = 0, 0, false, -1, false
					}
				} else {
					if tokStart < 0 && (c == '@' || c == 'h' || c == 'w') && skippable(text[i:]) {
						sc.words++
						inURL = true
					} else {
						if tokStart < 0 {
							tokStart = i
						}
						if cls&acLetter != 0 {
							sc.lat++
							tokLat++
							tokAlnum = true
						} else if cls&acDigit != 0 {
							tokAlnum = true
						}
						lastMaksura = false
					}
				}
			}
			i++
			// fold
			if cls&acSpace != 0 {
				if !leading {
					pendingSpace = true
				}
				continue
			}
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			fr, code, foldedLetter = rune(c), c, cls&acLetter != 0
		} else {
			if c < 0xD8 || c > 0xDB || i+1 >= len(text) {
				return dst, false
			}
			c1 := text[i+1]
			if c1&0xC0 != 0x80 {
				return dst, false
			}
			idx := int(c&0x03)<<6 | int(c1&0x3F)
			in := &arTable[idx]
			if in.flags&arSlow != 0 {
				return dst, false
			}
			if !inURL {
				if tokStart < 0 {
					tokStart = i
				}
				switch {
				case in.flags&arLetter != 0:
					sc.ar++
					tokAr++
					tokAlnum = true
					lastMaksura = idx == 0x49 // ى U+0649
				case in.flags&arTanween != 0:
					sc.tanween++
				case in.flags&arDigit != 0:
					tokAlnum = true
					lastMaksura = false
				default:
					if in.flags&arKeepMaks == 0 {
						lastMaksura = false
					}
				}
			}
			i += 2
			if in.flags&arRemove != 0 {
				continue
			}
			fr, code, foldedLetter = in.folded, in.code, in.flags&arFoldedLet != 0
		}
		// folder.add for a kept, non-space rune
		if pendingSpace {
			dst = append(dst, ' ')
			pendingSpace = false
			prev, run = ' ', 1
		}
		leading = false
		if fr == prev && foldedLetter {
			run++
			if run >= 3 {
				if run == 3 && fr >= utf8.RuneSelf { // Arabic: a run of 3+ becomes one
					dst = dst[:len(dst)-1]
				}
				continue
			}
		} else {
			prev, run = fr, 1
		}
		dst = append(dst, code)
	}
	if tokStart >= 0 && !inURL {
		if tokAlnum {
			sc.words++
		}
		if tokAr+tokLat > 0 {
			sc.letterWords++
			if tokLat > tokAr {
				sc.latWords++
			}
		}
		if lastMaksura && sc.maksura < 2 && isMaksuraWord(text[tokStart:]) {
			sc.maksura++
		}
	}
	return dst, true
}
