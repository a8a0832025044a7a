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
	mentMark  = '\uE002' // private-use placeholder for the next @mention
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
	mentions []string // @mentions as written (lower-cased), in order
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
func analyze(raw string) *features { return analyzeFolded(raw, textnorm.Fold(raw)) }

// analyzeFolded is analyze with textnorm.Fold(raw) already computed.
func analyzeFolded(raw, folded string) *features {
	rest, urls := extractURLs(raw)
	rest, mentions := extractMentions(rest)
	return analyzeExtracted(raw, folded, rest, urls, mentions)
}

// analyzeExtracted is analyzeFolded with the URLs and mentions already cut
// out of the raw text (rest).
func analyzeExtracted(raw, folded, rest string, urls, mentions []string) *features {
	f := &features{folded: folded, urls: urls, mentions: mentions}
	marked := premark(rest)
	if marked == raw {
		// no URL, mention, elongation or ignorable rune: the marked text is
		// the raw text, whose Fold is already known (the common case: one
		// Fold per analysis instead of two)
		marked = folded
	} else {
		marked = textnorm.Fold(marked)
	}
	f.tokenize(marked)
	f.finish()
	return f
}

// extractURLs replaces every URL in s by urlMark (with spaces around it) and
// returns the URLs verbatim (case kept: URL paths are case-sensitive).
func extractURLs(s string) (string, []string) {
	if !containsFoldASCII(s, "http") && !containsFoldASCII(s, "www.") {
		return s, nil
	}
	lower := asciiLower(s) // same byte offsets as s
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

// containsFoldASCII: case-insensitive (ASCII) substring test, no allocation.
func containsFoldASCII(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for ; j < len(sub); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 32
			}
			if c != sub[j] {
				break
			}
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}

// extractMentions replaces every @mention in s by mentMark and returns the
// mentions verbatim but lower-cased: textnorm.Fold would shorten letter runs
// inside handles (@xxxxuser -> @xxuser), which are different accounts.
func extractMentions(s string) (string, []string) {
	if strings.IndexByte(s, '@') < 0 {
		return s, nil
	}
	isH := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }
	var b strings.Builder
	var out []string
	prev := ' '
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == '@' && !isH(prev) {
			j := i + n
			for j < len(s) {
				q, m := utf8.DecodeRuneInString(s[j:])
				if !isH(q) && !unicode.Is(unicode.Mn, q) {
					break
				}
				j += m
			}
			if j > i+n {
				out = append(out, strings.ToLower(s[i:j]))
				b.WriteString(" ")
				b.WriteRune(mentMark)
				b.WriteString(" ")
				prev = ' '
				i = j
				continue
			}
		}
		b.WriteRune(r)
		prev = r
		i += n
	}
	return b.String(), out
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// nextURL finds the next URL start at or after from: "https://", "http://"
// or "www." at a word boundary (so "viewwww." is not a URL).
func nextURL(lower string, from int) int {
	best := -1
	for _, p := range []string{"https://", "http://", "www."} {
		for at := from; at < len(lower); {
			j := strings.Index(lower[at:], p)
			if j < 0 {
				break
			}
			j += at
			if j == 0 || !isWordByte(lower, j) {
				if best < 0 || j < best {
					best = j
				}
				break
			}
			at = j + 1
		}
	}
	return best
}

// isWordByte: the rune ending just before byte j is a letter or digit.
func isWordByte(s string, j int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:j])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
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
	var b strings.Builder
	b.Grow(len(s) + 8)
	var runR, runL rune
	runN := 0
	flush := func() {
		if runN >= 3 {
			b.WriteRune(runR)
			b.WriteRune(elongMark)
		} else {
			for ; runN > 0; runN-- {
				b.WriteRune(runR)
			}
		}
		runN = 0
	}
	inMention := false
	for _, r := range s {
		if ignorable(r) {
			continue
		}
		if r == '@' {
			inMention = true
		} else if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_') {
			inMention = false
		}
		if !unicode.IsLetter(r) || inMention {
			flush()
			b.WriteRune(r)
			continue
		}
		lr := unicode.ToLower(r)
		if runN > 0 && lr == runL {
			runN++
			continue
		}
		flush()
		runR, runL, runN = r, lr, 1
	}
	flush()
	return b.String()
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

// tokenizer holds the token being built; its buffers start on the stack.
type tokenizer struct {
	f    *features
	cur  []rune // current word/number/mention runes
	runs []byte // per rune of cur: '1' or 'E' (before run collapsing)
	kind uint8  // kind of cur
	buf  []byte // scratch for canonical forms
}

func (tk *tokenizer) flush() {
	if len(tk.cur) == 0 {
		tk.kind = 0
		return
	}
	f := tk.f
	switch tk.kind {
	case kindWord:
		// A word made only of digits (and separators) is a number.
		digits := true
		for _, r := range tk.cur {
			if !unicode.IsDigit(r) && !isNumSep(r) && r != '-' && r != '+' {
				digits = false
				break
			}
		}
		if digits {
			f.toks = append(f.toks, token{kind: kindNum, canon: string(tk.cur)})
		} else {
			f.toks = append(f.toks, tk.collapseWord())
		}
	default:
		f.toks = append(f.toks, token{kind: tk.kind, canon: string(tk.cur)})
	}
	tk.cur, tk.runs, tk.kind = tk.cur[:0], tk.runs[:0], 0
}

// collapseWord collapses runs of equal letters in the current word: each
// canonical rune records '1' (single), '2' (doubled) or 'E' (elongated 3+,
// or carrying an elongation mark).
func (tk *tokenizer) collapseWord() token {
	cur, runs := tk.cur, tk.runs
	tk.buf = tk.buf[:0]
	var sigBuf [64]byte
	sig := sigBuf[:0]
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
		tk.buf = utf8.AppendRune(tk.buf, cur[i])
		sig = append(sig, code)
		i = j
	}
	t := token{kind: kindWord, canon: string(tk.buf)}
	if !plain {
		t.runs = string(sig)
	}
	return t
}

// tokenize splits the folded, premarked text into tokens.
func (f *features) tokenize(s string) {
	var curBuf [64]rune
	var runBuf, scratch [64]byte
	tk := tokenizer{f: f, cur: curBuf[:0], runs: runBuf[:0], buf: scratch[:0]}
	f.toks = make([]token, 0, 4+strings.Count(s, " "))
	urlIdx, mentIdx := 0, 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		var next rune
		if i < len(s) {
			next, _ = utf8.DecodeRuneInString(s[i:])
		}
		switch {
		case r == urlMark:
			tk.flush()
			if urlIdx < len(f.urls) {
				f.toks = append(f.toks, token{kind: kindURL, canon: f.urls[urlIdx]})
				urlIdx++
			}
		case r == mentMark:
			tk.flush()
			if mentIdx < len(f.mentions) {
				f.toks = append(f.toks, token{kind: kindMention, canon: f.mentions[mentIdx]})
				mentIdx++
			}
		case r == elongMark:
			if tk.kind == kindWord && len(tk.runs) > 0 {
				tk.runs[len(tk.runs)-1] = 'E'
			}
		case tk.kind == kindMention && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || unicode.Is(unicode.Mn, r)):
			tk.cur = append(tk.cur, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
			if tk.kind != kindWord {
				tk.flush()
				tk.kind = kindWord
			}
			tk.cur = append(tk.cur, r)
			tk.runs = append(tk.runs, '1')
		case r == '@' && (unicode.IsLetter(next) || unicode.IsDigit(next) || next == '_'):
			tk.flush()
			tk.kind = kindMention
			tk.cur = append(tk.cur, r)
		case isApostrophe(r) && tk.kind == kindWord && len(tk.cur) > 0 && unicode.IsLetter(tk.cur[len(tk.cur)-1]) && unicode.IsLetter(next):
			// don't == dont: the apostrophe inside a word is dropped
		case isNumSep(r) && tk.kind == kindWord && len(tk.cur) > 0 && unicode.IsDigit(tk.cur[len(tk.cur)-1]) && unicode.IsDigit(next):
			tk.cur = append(tk.cur, r) // 3.5, 1,000, 10:30, 24/7 stay one number
			tk.runs = append(tk.runs, '1')
		case (r == '-' || r == '+' || r == '−') && tk.kind != kindWord && unicode.IsDigit(next):
			tk.flush()
			tk.kind = kindWord
			if r == '+' {
				tk.cur = append(tk.cur, '+')
			} else {
				tk.cur = append(tk.cur, '-')
			}
			tk.runs = append(tk.runs, '1')
		case r == '?' || r == '؟' || r == '⁇' || r == '❓' || r == '❔':
			tk.flush()
			f.question = true
		case isEmojiModifier(r):
			// skin tones, variation selectors, keycaps, ZWJ: dropped
		case r == '%' || r == '٪' || r == '‰' || unicode.Is(unicode.Sc, r) || unicode.Is(unicode.Sm, r):
			tk.flush()
			f.toks = append(f.toks, token{kind: kindSym, canon: string(r)})
		case isEmoji(r):
			tk.flush()
			// a repeated emoji counts once ("😍😍😍" == "😍")
			if k := len(f.toks); k > 0 && f.toks[k-1].kind == kindEmoji && f.toks[k-1].canon == string(r) {
				continue
			}
			f.toks = append(f.toks, token{kind: kindEmoji, canon: string(r)})
		default:
			// white space, punctuation, other symbols: token boundary only
			tk.flush()
		}
	}
	tk.flush()
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
