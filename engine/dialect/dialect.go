// Package dialect detects language, script, direction, word count and Arabic
// dialect (gulf, egyptian, levantine, msa) from local rules: no model call.
//
// # Rules (also in README.md)
//
// Letters are counted on the original text: an Arabic letter is a letter of
// the Arabic blocks (textnorm.IsArabicLetter), a Latin letter is a letter of
// the Latin script. Other letters (Cyrillic, CJK, ...) count for neither.
//
//   - word_count: the number of white-space separated tokens that contain at
//     least one letter or digit ("👍 !!" has 0 words; "hello, world" has 2).
//   - URLs (http://, https://, www.) and @mentions count as words but their
//     letters count for neither script nor language.
//   - script: "mixed" when the text has both Arabic and Latin letters,
//     "arabic" when it has Arabic letters only, otherwise "latin" (also for
//     text with no letters at all).
//   - language: "en" when there is no Arabic letter (except Arabizi, below).
//     With Arabic letters: "ar", unless the text also has Latin words
//     (tokens whose letters are mostly Latin) making up at least a quarter of
//     the words that have letters, then "mixed" ("iPhone ممتاز" is mixed; a
//     brand name inside a long Arabic sentence stays "ar").
//   - direction: "rtl" whenever there is an Arabic letter (so mixed text is
//     rtl), and for nothing else; Arabizi is written left to right: "ltr".
//   - dialect: set whenever there is an Arabic letter (also for mixed text):
//     the variety with the highest marker evidence; "msa" when no dialectal
//     evidence outweighs the MSA prior (MSA is a real class with its own
//     formal markers, and the default). A short comment (at most
//     shortWords words) with a dialect marker and no MSA evidence is never
//     "msa" (calibrate.go). Null ("") for text without Arabic letters,
//     except Arabizi.
//   - Arabizi (Arabic in Latin letters with digits such as 3=ع, 7=ح): a
//     Latin-only text counts as Arabizi when it has either two Arabizi
//     marker words, or one Arabizi marker word plus one digit-letter word
//     (e.g. "7abibi", "3ala"), or three digit-letter words, or when every
//     word is Arabizi evidence ("enta 7mar", "ya 7mar"). Arabizi gives
//     language "ar", script "latin", direction "ltr" and a dialect from the
//     Arabizi markers ("msa" with low confidence when none is dialectal).
//     This is a judgement call: SPEC says dialect is null when the text is
//     not Arabic, and Arabizi is Arabic.
//
// dialect_confidence is the softmax probability of the chosen variety over
// the four evidence scores (temperature 1, see calibrate.go); when nothing at
// all matched it is the measured share of MSA among such texts
// (noEvidenceConf, fitted by learnweights). It is in [0, 1].
// The reliability tables in docs/quality/dialect.md (confidence bucket vs
// observed accuracy on the dev sets) show how well it is calibrated.
package dialect

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/engine/op"
	"svc/engine/textnorm"
)

// Detect returns the language, script, direction, word count and (for text
// with Arabic letters, or Arabizi) the dialect of text. It is safe for
// concurrent use; the marker automaton is compiled once, on first use.
func Detect(text string) op.Detection {
	st := statePool.Get().(*state)
	var sc scan
	st.buf = encode(st.buf, text, &sc, &st.tmp)
	d := op.Detection{WordCount: sc.words}
	switch {
	case sc.ar > 0 && sc.lat > 0:
		d.Script, d.Direction = "mixed", "rtl"
		if sc.latWords*4 >= sc.letterWords {
			d.Language = "mixed"
		} else {
			d.Language = "ar"
		}
	case sc.ar > 0:
		d.Script, d.Language, d.Direction = "arabic", "ar", "rtl"
	default:
		d.Script, d.Language, d.Direction = "latin", "en", "ltr"
	}
	if sc.ar == 0 && sc.lat == 0 {
		statePool.Put(st)
		return d
	}
	m := get()
	var ev evidence
	six := 0.0
	if sc.ar == 0 {
		ev.digitWords = countDigitWords(st.buf) // before the skeleton: kh -> 5 is no digit word
		six = sixEvidence(st.buf)
	}
	if sc.lat > 0 {
		blankLinks(st.buf)
		st.buf = latinSkeleton(st.buf)
	}
	m.match(st, &ev)
	if sc.ar > 0 && ngramMix != 0 {
		var sum [nVar]int32
		nbEvidence(&ev, &sum, m.ng.score(st.buf, &sum), ngramMix)
		ev.mscale = markerMix
	}
	statePool.Put(st)
	if sc.ar > 0 {
		ev.none = ev.hits == 0 && sc.tanween == 0 && sc.maksura == 0
		ev.short = sc.letterWords <= shortWords
		ev.score[msaIdx] += sc.tanweenEvidence()
		ev.score[egyIdx] += sc.maksuraEvidence()
		d.Dialect, d.DialectConfidence = decide(&ev, false)
		return d
	}
	// Latin only: Arabizi?
	if isArabizi(&ev, sc.letterWords) {
		d.Language, d.Arabizi = "ar", true
		if ev.englishWords >= 3 || (ev.englishWords >= 2 && ev.englishWords*5 >= sc.letterWords) {
			// English and Arabizi in one comment; one English word alone
			// is a loan of the Arabizi sentence ("el video da gamed awy")
			d.Language = "mixed"
		}
		if six > 0 {
			ev.score[gulfIdx] += six
			ev.hits++
			ev.dialectHits++
		}
		d.Dialect, d.DialectConfidence = decide(&ev, true)
	}
	return d
}

// isArabizi decides whether a Latin-only text is Arabic. A strong Arabizi
// marker word counts 4 points, a digit-letter word ("7abibi", "3ala"; also
// "r2d2") 3, a weak marker word ("ana", "el", "ya": also English words or
// names) 2; it takes 8 points with at least one strong or digit word, and the
// Arabizi words must not be outnumbered more than 3 to 1 by English words (an
// English sentence quoting "yalla habibi" stays English). A short text
// whose every word is Arabizi evidence needs only 5 points ("enta 7mar",
// "ya 7mar").
func isArabizi(ev *evidence, letterWords int) bool {
	a := ev.arabiziWords + ev.digitWords
	if a == 0 {
		return false
	}
	pts := 4*ev.arabiziWords + 3*ev.digitWords + 2*ev.weakWords
	if pts < 8 && (pts < 5 || a+ev.weakWords < letterWords) {
		return false
	}
	return ev.englishWords <= 3*a
}

// Variety indexes, in the order of op.Dialects.
const (
	gulfIdx = iota
	egyIdx
	levIdx
	msaIdx
	anyIdx  // Arabizi evidence without a dialect
	dialIdx // evidence for some dialect (not MSA), no particular one
	enIdx   // an English function word (markers/english.txt): no score, counted
	nVar    = 4
)

// scan holds the counts of one pass over the original text.
type scan struct {
	ar, lat     int // Arabic and Latin letters
	words       int // tokens with a letter or digit
	letterWords int // tokens with a letter
	latWords    int // tokens whose letters are mostly Latin
	tanween     int // tanween marks (case endings: an MSA signal)
	maksura     int // function words spelled with final ى (Egyptian orthography)
}

func (s *scan) run(text string) {
	tokAr, tokLat, tokAlnum := 0, 0, false
	tokStart := -1
	lastMaksura := false
	flush := func(end int) {
		if tokStart < 0 {
			return
		}
		if tokAlnum {
			s.words++
		}
		if tokAr+tokLat > 0 {
			s.letterWords++
			if tokLat > tokAr {
				s.latWords++
			}
		}
		if lastMaksura && s.maksura < 2 && isMaksuraWord(text[tokStart:end]) {
			s.maksura++
		}
		tokAr, tokLat, tokAlnum, tokStart, lastMaksura = 0, 0, false, -1, false
	}
	for i := 0; i < len(text); {
		if tokStart < 0 && skippable(text[i:]) {
			// a URL or @mention: one word, but its letters are no language
			j := i
			for j < len(text) && text[j] != ' ' && text[j] != '\n' && text[j] != '\t' && text[j] != '\r' {
				j++
			}
			s.words++
			i = j
			continue
		}
		if c := text[i]; (c == 0xD8 || c == 0xD9) && i+1 < len(text) && text[i+1]&0xC0 == 0x80 {
			// fast path for the common Arabic letters (a valid two-byte
			// sequence only: "\xd80" is an invalid byte and a digit)
			if r := rune(c&0x1F)<<6 | rune(text[i+1]&0x3F); r >= 0x0621 && r <= 0x064A && r != 0x0640 {
				if tokStart < 0 {
					tokStart = i
				}
				s.ar++
				tokAr++
				tokAlnum = true
				lastMaksura = r == 'ى'
				i += 2
				continue
			}
		}
		r, n := textnorm.DecodeRune(text, i)
		if r < utf8.RuneSelf {
			switch {
			case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f':
				flush(i)
			case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
				if tokStart < 0 {
					tokStart = i
				}
				s.lat++
				tokLat++
				tokAlnum = true
				lastMaksura = false
			default:
				if tokStart < 0 {
					tokStart = i
				}
				if r >= '0' && r <= '9' {
					tokAlnum = true
				}
				lastMaksura = false
			}
			i += n
			continue
		}
		if (r < 0x0600 || r > 0x06FF) && unicode.IsSpace(r) {
			flush(i)
			i += n
			continue
		}
		if tokStart < 0 {
			tokStart = i
		}
		switch {
		case r >= 0x064B && r <= 0x064D:
			s.tanween++
		case r == 0x0640: // tatweel: no letter
		case textnorm.IsArabicLetter(r):
			s.ar++
			tokAr++
			tokAlnum = true
			lastMaksura = r == 'ى'
			i += n
			continue
		case unicode.IsLetter(r):
			if unicode.Is(unicode.Latin, r) {
				s.lat++
				tokLat++
			}
			tokAlnum = true
		case unicode.IsDigit(r):
			tokAlnum = true
		}
		if !(r >= 0x064B && r <= 0x065F) && r != 0x0640 { // diacritics and tatweel keep a final ى final
			lastMaksura = false
		}
		i += n
	}
	flush(len(text))
}

// skippable reports whether a token starting at t is a URL or an @mention.
func skippable(t string) bool {
	return len(t) > 1 && t[0] == '@' && t[1] != ' ' || strings.HasPrefix(t, "http://") || strings.HasPrefix(t, "https://") || strings.HasPrefix(t, "www.")
}

// isMaksuraWord reports whether tok (a token whose last letter is ى) is a
// function word normally spelled with a final ي: writing it with ى is an
// Egyptian spelling habit (in formal and dialectal text alike, so the
// evidence is weighted low).
func isMaksuraWord(tok string) bool {
	switch tok {
	case "فى", "وفى", "الذى", "التى", "اللى", "دى", "انى", "إنى", "أنى", "لى", "عندى", "بتاعى", "ازاى", "إزاى", "عليا", "اللى،", "فى،":
		return true
	}
	return false
}

func (s *scan) tanweenEvidence() float64 {
	if s.tanween > 3 {
		return 3 * tanweenWeight
	}
	return float64(s.tanween) * tanweenWeight
}

func (s *scan) maksuraEvidence() float64 { return float64(s.maksura) * maksuraWeight }
