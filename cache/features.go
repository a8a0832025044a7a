package cache

import (
	"hash/maphash"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/engine/textnorm"
)

// Token kinds. Only kindWord tokens are canonicalised beyond textnorm.Fold
// (letter runs collapsed); every other kind must match verbatim.
const (
	kindWord    uint8 = iota + 1
	kindNum           // digits, with internal separators and a leading sign kept
	kindMention       // @handle
	kindURL           // raw-case URL
	kindEmoji         // one emoji code point (modifiers and variation selectors dropped)
	kindSym           // currency, math and percent signs
)

const (
	elongMark = '\uE000' // private-use marker: "the letter before me was repeated 3+ times"
	urlMark   = '\uE001' // private-use placeholder for the next URL
)

// Script values.
const (
	scriptNone uint8 = iota
	scriptArabic
	scriptLatin
	scriptMixed
)

type token struct {
	kind  uint8
	canon string // word: letter runs collapsed; others: verbatim
	runs  string // word only: per canon rune '1', '2' (doubled) or 'E' (elongated); "" when all '1'
}

// features is everything the cache derives from one raw text.
type features struct {
	folded   string   // textnorm.Fold(raw): the exact key's text
	urls     []string // raw-case URLs, in order
	toks     []token
	question bool
	script   uint8
	neg      int    // negator tokens
	canonLen int    // runes in the canonical tokens
	skel     uint64 // hash of the canonical token sequence
	core     uint64 // hash of the canonical sequence without stopwords
}

var hashSeed = maphash.MakeSeed()

// analyze computes the features of raw. Pure; safe for concurrent use.
func analyze(raw string) *features {
	f := &features{}
	rest, urls := extractURLs(raw)
	f.urls = urls
	f.folded = textnorm.Fold(raw)
	marked := textnorm.Fold(premark(rest))
	f.tokenize(marked)
	f.finish()
	return f
}

// extractURLs replaces every URL in s by urlMark (with spaces around it) and
// returns the URLs verbatim (case kept: URL paths are case-sensitive).
func extractURLs(s string) (string, []string) {
	lower := strings.ToLower(s)
	if !strings.Contains(lower, "http") && !strings.Contains(lower, "www.") {
		return s, nil
	}
	var b strings.Builder
	var urls []string
	i := 0
	for i < len(s) {
		j := nextURL(lower, i)
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteString(s[i:j])
		k := j
		for k < len(s) {
			r, n := utf8.DecodeRuneInString(s[k:])
			if unicode.IsSpace(r) {
				break
			}
			k += n
		}
		u := strings.TrimRight(s[j:k], ".,;:!?)]}'\"،؛؟…")
		if u == "" {
			u = s[j:k]
		}
		urls = append(urls, u)
		b.WriteString(" ")
		b.WriteRune(urlMark)
		b.WriteString(" ")
		b.WriteString(s[j+len(u) : k]) // trailing punctuation stays text
		i = k
	}
	return b.String(), urls
}

func nextURL(lower string, from int) int {
	best := -1
	for _, p := range []string{"https://", "http://", "www."} {
		if j := strings.Index(lower[from:], p); j >= 0 && (best < 0 || from+j < best) {
			best = from + j
		}
	}
	return best
}

// ignorable reports runes textnorm.Fold drops (diacritics, tatweel, zero-width
// and direction marks); they must not break a run of repeated letters.
func ignorable(r rune) bool {
	return r >= 0x064B && r <= 0x065F || r == 0x0670 || r >= 0x06D6 && r <= 0x06ED || r == 0x0640 ||
		r >= 0x200B && r <= 0x200F || r == 0xFEFF || r >= 0x202A && r <= 0x202E ||
		r >= 0x2066 && r <= 0x2069 || r == 0x061C || r == 0x00AD || r == 0xFE0E || r == 0xFE0F
}

// premark rewrites every run of three or more equal letters (case-insensitive,
// ignorable runes inside the run skipped) as the letter once followed by
// elongMark, so "sooo goooood" and "so good" can be compared run by run.
// Letters inside @mentions are left alone.
func premark(s string) string {
	rs := make([]rune, 0, len(s))
	for _, r := range s {
		if !ignorable(r) {
			rs = append(rs, r)
		}
	}
	out := make([]rune, 0, len(rs))
	inMention := false
	for i := 0; i < len(rs); {
		r := rs[i]
		if r == '@' {
			inMention = true
		} else if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') {
			inMention = false
		}
		if !unicode.IsLetter(r) || inMention {
			out = append(out, r)
			i++
			continue
		}
		lr := unicode.ToLower(r)
		j := i + 1
		for j < len(rs) && unicode.ToLower(rs[j]) == lr {
			j++
		}
		if j-i >= 3 {
			out = append(out, r, elongMark)
		} else {
			out = append(out, rs[i:j]...)
		}
		i = j
	}
	return string(out)
}

func isEmoji(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r >= 0x2B00 && r <= 0x2BFF ||
		r >= 0x2190 && r <= 0x21FF || r >= 0x2300 && r <= 0x23FF || r == 0x00A9 || r == 0x00AE ||
		r == 0x203C || r == 0x2049 || r == 0x2122 || r == 0x2139 || r == 0x3030 || r == 0x303D ||
		r == 0x3297 || r == 0x3299 || unicode.Is(unicode.So, r)
}

func isEmojiModifier(r rune) bool {
	return r >= 0x1F3FB && r <= 0x1F3FF || r == 0xFE0E || r == 0xFE0F || r == 0x200D || r == 0x20E3 ||
		r >= 0xE0020 && r <= 0xE007F
}

func isApostrophe(r rune) bool {
	return r == '\'' || r == '’' || r == 'ʼ' || r == '`' || r == '‘'
}

func isNumSep(r rune) bool {
	return r == '.' || r == ',' || r == '٫' || r == '٬' || r == ':' || r == '/'
}

// tokenize splits the folded, premarked text into tokens.
func (f *features) tokenize(s string) {
	rs := []rune(s)
	urlIdx := 0
	var cur []rune  // current word/number/mention runes
	var runs []byte // per rune of cur: '1' or 'E' (before run collapsing)
	var kind uint8  // kind of cur
	flush := func() {
		if len(cur) == 0 {
			kind = 0
			return
		}
		switch kind {
		case kindWord:
			// A word made only of digits (and separators) is a number.
			digits := true
			for _, r := range cur {
				if !unicode.IsDigit(r) && !isNumSep(r) && r != '-' && r != '+' {
					digits = false
					break
				}
			}
			if digits {
				f.toks = append(f.toks, token{kind: kindNum, canon: string(cur)})
			} else {
				f.toks = append(f.toks, collapseWord(cur, runs))
			}
		default:
			f.toks = append(f.toks, token{kind: kind, canon: string(cur)})
		}
		cur, runs, kind = cur[:0], runs[:0], 0
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		var next rune
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch {
		case r == urlMark:
			flush()
			if urlIdx < len(f.urls) {
				f.toks = append(f.toks, token{kind: kindURL, canon: f.urls[urlIdx]})
				urlIdx++
			}
		case r == elongMark:
			if kind == kindWord && len(runs) > 0 {
				runs[len(runs)-1] = 'E'
			}
		case kind == kindMention && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || unicode.Is(unicode.Mn, r)):
			cur = append(cur, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
			if kind != kindWord {
				flush()
				kind = kindWord
			}
			cur = append(cur, r)
			runs = append(runs, '1')
		case r == '@' && (unicode.IsLetter(next) || unicode.IsDigit(next) || next == '_'):
			flush()
			kind = kindMention
			cur = append(cur, r)
		case isApostrophe(r) && kind == kindWord && len(cur) > 0 && unicode.IsLetter(cur[len(cur)-1]) && unicode.IsLetter(next):
			// don't == dont: the apostrophe inside a word is dropped
		case isNumSep(r) && kind == kindWord && len(cur) > 0 && unicode.IsDigit(cur[len(cur)-1]) && unicode.IsDigit(next):
			cur = append(cur, r) // 3.5, 1,000, 10:30, 24/7 stay one number
			runs = append(runs, '1')
		case (r == '-' || r == '+' || r == '−') && kind != kindWord && unicode.IsDigit(next):
			flush()
			kind = kindWord
			cur = append(cur, '-')
			if r == '+' {
				cur[len(cur)-1] = '+'
			}
			runs = append(runs, '1')
		case r == '?' || r == '؟' || r == '⁇' || r == '❓' || r == '❔':
			flush()
			f.question = true
		case isEmojiModifier(r):
			// skin tones, variation selectors, keycaps, ZWJ: dropped
		case r == '%' || r == '٪' || r == '‰' || unicode.Is(unicode.Sc, r) || unicode.Is(unicode.Sm, r):
			flush()
			f.toks = append(f.toks, token{kind: kindSym, canon: string(r)})
		case isEmoji(r):
			flush()
			// a repeated emoji counts once ("😍😍😍" == "😍")
			if n := len(f.toks); n > 0 && f.toks[n-1].kind == kindEmoji && f.toks[n-1].canon == string(r) {
				continue
			}
			f.toks = append(f.toks, token{kind: kindEmoji, canon: string(r)})
		default:
			// white space, punctuation, other symbols: token boundary only
			flush()
		}
	}
	flush()
}

// collapseWord collapses runs of equal runes in a word: each canonical rune
// records '1' (single), '2' (doubled) or 'E' (elongated 3+, or doubled with
// an elongation mark).
func collapseWord(cur []rune, runs []byte) token {
	var b strings.Builder
	sig := make([]byte, 0, len(cur))
	plain := true
	for i := 0; i < len(cur); {
		j := i + 1
		code := runs[i]
		for j < len(cur) && cur[j] == cur[i] && unicode.IsLetter(cur[i]) {
			if runs[j] == 'E' {
				code = 'E'
			}
			j++
		}
		if code != 'E' {
			switch {
			case j-i >= 3:
				code = 'E'
			case j-i == 2:
				code = '2'
			}
		}
		if code != '1' {
			plain = false
		}
		b.WriteRune(cur[i])
		sig = append(sig, code)
		i = j
	}
	t := token{kind: kindWord, canon: b.String()}
	if !plain {
		t.runs = string(sig)
	}
	return t
}

// Stopwords whose insertion or deletion is meaning-preserving: articles and
// interjections only. Never negators, quantifiers, intensifiers or pronouns.
var stopwords = map[string]bool{
	"a": true, "an": true, "the": true, "oh": true, "ah": true, "um": true, "uh": true, "hm": true,
	"يا": true, "اه": true, "اوه": true,
}

// Negators (canonical, folded forms). English contractions appear without the
// apostrophe because the tokenizer drops it.
var negators = map[string]bool{
	"not": true, "no": true, "never": true, "nothing": true, "nobody": true, "none": true, "nowhere": true,
	"neither": true, "nor": true, "without": true, "cannot": true, "nope": true, "nah": true, "aint": true,
	"dont": true, "doesnt": true, "didnt": true, "isnt": true, "arent": true, "wasnt": true, "werent": true,
	"cant": true, "couldnt": true, "wont": true, "wouldnt": true, "shouldnt": true, "havent": true,
	"hasnt": true, "hadnt": true, "mustnt": true, "neednt": true, "mightnt": true, "shant": true,
	"ما": true, "مش": true, "مو": true, "لا": true, "لم": true, "لن": true, "ليس": true, "لست": true,
	"ليست": true, "مب": true, "مافي": true, "ماني": true, "مامش": true, "مهو": true, "مهي": true,
	"بدون": true, "ابدا": true, "مفيش": true, "ماكو": true, "ولا": true, "غير": true,
}

func isNegator(canon string) bool {
	if negators[canon] {
		return true
	}
	// Egyptian/Levantine circumfix ma-...-sh (مبحبش, ماعرفش) and attached ما.
	rs := []rune(canon)
	if len(rs) >= 4 && rs[0] == 'م' && rs[len(rs)-1] == 'ش' {
		return true
	}
	if len(rs) >= 4 && rs[0] == 'م' && rs[1] == 'ا' && (rs[2] == 'ب' || rs[2] == 'ي' || rs[2] == 'ت' || rs[2] == 'ن' || rs[2] == 'ع') {
		return true // ماب، ماي، مات، مان، ماعرف: usually "ma" + verb
	}
	return false
}

func (f *features) finish() {
	var hs, hc maphash.Hash
	hs.SetSeed(hashSeed)
	hc.SetSeed(hashSeed)
	ar, lat := 0, 0
	for _, t := range f.toks {
		if t.kind == kindWord {
			for _, r := range t.canon {
				switch {
				case textnorm.IsArabic(r):
					ar++
				case r < 0x250 && unicode.IsLetter(r):
					lat++
				}
			}
			if isNegator(t.canon) {
				f.neg++
			}
		}
		f.canonLen += utf8.RuneCountInString(t.canon)
		hs.WriteByte(t.kind)
		hs.WriteString(t.canon)
		hs.WriteByte(0)
		if !(t.kind == kindWord && stopwords[t.canon]) {
			hc.WriteByte(t.kind)
			hc.WriteString(t.canon)
			hc.WriteByte(0)
		}
	}
	switch {
	case ar > 0 && lat > 0:
		f.script = scriptMixed
	case ar > 0:
		f.script = scriptArabic
	case lat > 0:
		f.script = scriptLatin
	}
	f.skel = hs.Sum64()
	f.core = hc.Sum64()
}

// lang is the language the script implies (ar, en, mixed); kept as a
// separate guard so a future language detector can refine it.
func (f *features) lang() string {
	switch f.script {
	case scriptArabic:
		return "ar"
	case scriptLatin:
		return "en"
	case scriptMixed:
		return "mixed"
	}
	return ""
}

// multisetOf returns the sorted canonical forms of the tokens of one kind.
func (f *features) multisetOf(kind uint8) []string {
	var out []string
	for _, t := range f.toks {
		if t.kind == kind {
			out = append(out, t.canon)
		}
	}
	slices.Sort(out)
	return out
}

// nearEligible: texts without any canonical token only ever hit exactly.
func (f *features) nearEligible() bool { return len(f.toks) > 0 }
