package builtin

import (
	"bufio"
	"embed"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"svc/engine/textnorm"
)

// Data files. Third-party files (vader_lexicon.tsv, ldnoobw_*.json) are
// attributed in NOTICE.md; every other file is written by the project.
//
//go:embed data/*
var dataFS embed.FS

func mustRead(name string) string {
	b, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		panic("builtin: missing data file " + name)
	}
	return string(b)
}

// tsvRows returns the non-empty, non-comment lines of an embedded TSV file
// split on tabs.
func tsvRows(name string) [][]string {
	var out [][]string
	sc := bufio.NewScanner(strings.NewReader(mustRead(name)))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		out = append(out, f)
	}
	return out
}

func jsonList(name string) []string {
	var xs []string
	if err := json.Unmarshal([]byte(mustRead(name)), &xs); err != nil {
		panic("builtin: bad data file " + name)
	}
	return xs
}

func atof(s string, def float64) float64 {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return def
	}
	return v
}

// token is one word (or emoji) of a text with its byte span in the original.
type token struct {
	start, end int         // byte span [start,end) in the original text
	key        string      // folded lookup form, inner separators removed
	leet       string      // key with digit/symbol-for-letter substitutions (Latin only), "" if same
	sq         string      // key with every run of equal runes squeezed to one
	elong      bool        // the original had a run of 3+ equal letters
	arabic     bool        // contains Arabic letters
	emoji      bool        // a single pictographic symbol
	single     bool        // a single letter
	strips     []string    // Arabic only: the key without clitics (see stripForms)
	stripped   bool        // strips is computed
	arena      *stripArena // backing store for strips, shared by the tokens of one text

	// stripFW[k] is knownFirst[squeeze(strips[k])]: nil when no matcher has
	// an entry starting with that form
	stripFW []*firstWord
	sqFW    *firstWord // knownFirst[sq]
	sqDone  bool       // sqFW is computed

	// lookups kept on the token (its key's entries in tables several rules
	// read): conceptBits, urgent; keyHash
	cDone, uwDone, whDone, clsDone bool
	uw                             uint8
	cBits                          uint32
	wh                             uint64
	cls, clsW                      uint64 // classBits (wordclass.go)
}

// stripArena is the backing store of the clitic forms of one text's tokens
// and of their knownFirst entries (fws[k] is that of forms[k]).
type stripArena struct {
	forms []string
	fws   []*firstWord
}

// isSep reports runes that may stand inside an evasively written word
// ("f.u.c.k", "f-u-c-k", "sh*t", "ك_ل_ب") and are dropped from its key.
func isSep(r rune) bool {
	switch r {
	case '.', '-', '_', '*', '\'', '’', '‘', '`', '|', '~', '+', '^', 0x0640:
		return true
	}
	return false
}

// maxMaskRun bounds the asterisks inside one masked word ("f****ing").
const maxMaskRun = 4

// asciiLetters reports a non-empty run of ASCII letters.
func asciiLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}

func isInvisible(r rune) bool {
	return r == 0x200B || r == 0x200C || r == 0x200D || r == 0x200E || r == 0x200F || r == 0xFEFF ||
		r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 || r == 0x061C || r == 0x00AD
}

func isWordRune(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return asciiWord[r]
	case r >= 0x0620 && r <= 0x064A: // Arabic letters (and tatweel): all unicode.IsLetter
		return true
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || isInvisible(r) || r == '@' || r == '$'
}

// asciiWord is isWordRune of the ASCII runes: letters, digits, '@' and '$'.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '@' || c == '$'
	}
	return t
}()

func isEmoji(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r == 0x2764
}

// modelCode reports the shape of a product's model code: one or two
// letters then two digits or more (a55, s23, x11); written with a capital
// ("عندكم سامسونج A55؟") it names a phone and spells no "ass".
func modelCode(k string) bool {
	i := 0
	for i < len(k) && k[i] >= 'a' && k[i] <= 'z' {
		i++
	}
	if i == 0 || i > 2 || len(k)-i < 2 {
		return false
	}
	for _, c := range k[i:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// leetMap maps digits and symbols used for Latin letters.
var leetMap = map[rune]rune{'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g', '@': 'a', '$': 's', '!': 'i'}

// tokenize splits text into word and emoji tokens. Separators between word
// runes stay inside the word; invisible characters are ignored; runs of three
// or more single-letter tokens ("f u c k", "ك ل ب") are merged into one token.
func tokenize(text string) []token { return tokenizeBuf(text, nil) }

// tokBuf holds the token slice and clitic-form arena of one analysis, reused
// from call to call (tokBufs) by Classify and Moderate, whose results keep
// no reference to them: a 300-character comment otherwise allocates 10-30
// KB of tokens per call.
type tokBuf struct {
	toks  []token
	arena stripArena
	sc    keyScratch
	latin string // an Arabizi comment's own spelling (classifyText)
}

var tokBufs = sync.Pool{New: func() any { return new(tokBuf) }}

// getTokBuf returns a buffer for one analysis; putTokBuf gives it back once
// no token of it is used any more.
func getTokBuf() *tokBuf { return tokBufs.Get().(*tokBuf) }

func putTokBuf(b *tokBuf) {
	if cap(b.toks) > 4096 { // a 5,000-character text: let it go
		return
	}
	clear(b.toks[:cap(b.toks)]) // drop references to the last text's strings
	clear(b.arena.forms[:cap(b.arena.forms)])
	clear(b.arena.fws[:cap(b.arena.fws)])
	b.toks, b.arena.forms, b.arena.fws, b.latin = b.toks[:0], b.arena.forms[:0], b.arena.fws[:0], ""
	tokBufs.Put(b)
}

// tokenizeBuf is tokenize into buf's memory (nil: new memory); the tokens
// are valid until buf is reused.
func tokenizeBuf(text string, buf *tokBuf) []token {
	var toks []token
	var sc *keyScratch
	if buf != nil {
		toks, sc = buf.toks[:0], &buf.sc
	} else {
		toks, sc = make([]token, 0, len(text)/6+2), new(keyScratch)
	}
	i := 0
	n := len(text)
	for i < n {
		r, w := utf8.DecodeRuneInString(text[i:])
		if isEmoji(r) {
			// skin tones / variation selectors attach to the emoji
			j := i + w
			for j < n {
				r2, w2 := utf8.DecodeRuneInString(text[j:])
				if r2 >= 0x1F3FB && r2 <= 0x1F3FF || r2 == 0xFE0F || r2 == 0x200D {
					j += w2
					continue
				}
				break
			}
			toks = append(toks, token{start: i, end: j, key: string(r), sq: string(r), emoji: true})
			i = j
			continue
		}
		if !isWordRune(r) || r == '@' && !(i+w < n && startsLetter(text[i+w:])) {
			i += w
			continue
		}
		start := i
		j := i
		for j < n {
			r2, w2 := utf8.DecodeRuneInString(text[j:])
			if isWordRune(r2) && !isEmoji(r2) {
				j += w2
				continue
			}
			// a word masked by a run of asterisks ("f***ing", "b**ch"):
			// one token, as "sh*t" is (moderate.go reads the mask)
			if r2 == '*' && j > start {
				k := j
				for k < n && text[k] == '*' && k-j < maxMaskRun {
					k++
				}
				if k < n && k-j > 1 {
					if r3, _ := utf8.DecodeRuneInString(text[k:]); isWordRune(r3) && !isEmoji(r3) {
						j = k
						continue
					}
				}
				// "f*** this", "sh** happens": a mask closing a word of
				// one or two letters (longer words keep their stars out:
				// "**great**", "rated 5*")
				if j-start <= 2 && (k == n || !isWordRune(rune(text[k])) && text[k] < utf8.RuneSelf) && asciiLetters(text[start:j]) {
					j = k
					break
				}
			}
			if isSep(r2) && j > start && j+w2 < n {
				r3, _ := utf8.DecodeRuneInString(text[j+w2:])
				if isWordRune(r3) && !isEmoji(r3) {
					j += w2
					continue
				}
			}
			break
		}
		// trailing '!' used as leet "i" is not supported; trailing '@'/'$' trimmed
		for j > start {
			r2, w2 := utf8.DecodeLastRuneInString(text[start:j])
			if r2 == '@' || r2 == '$' {
				j -= w2
				continue
			}
			break
		}
		if j == start {
			i += w
			continue
		}
		if strings.IndexByte(text[start:j], '_') > 0 && hashtagWords(text[start:j]) {
			// a hashtag's words joined by underscores (#الشعب_يريد,
			// #worst_service) are words; letters joined one by one
			// (ك_ل_ب) stay one evasive token
			p := start
			for q := start; q <= j; q++ {
				if q == j || text[q] == '_' {
					if q > p {
						toks = append(toks, makeToken(text, p, q, sc))
					}
					p = q + 1
				}
			}
			i = j
			continue
		}
		toks = append(toks, makeToken(text, start, j, sc))
		i = j
	}
	toks = mergeSingles(text, toks)
	if buf != nil {
		buf.toks = toks
	}
	if len(toks) > 0 {
		arena := new(stripArena)
		if buf != nil {
			buf.arena.forms, buf.arena.fws = buf.arena.forms[:0], buf.arena.fws[:0]
			arena = &buf.arena
		}
		for i := range toks {
			if toks[i].arabic {
				toks[i].arena = arena
			}
		}
	}
	return toks
}

// hashtagWords reports a word whose underscore-separated parts all have at
// least two runes.
func hashtagWords(raw string) bool {
	for _, part := range strings.Split(raw, "_") {
		if utf8.RuneCountInString(part) < 2 {
			return false
		}
	}
	return true
}

func startsLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsLetter(r)
}

// keyScratch holds the bytes makeToken builds a key in (reused by the
// tokens of a text, and with a tokBuf from text to text).
type keyScratch struct{ raw, fold []byte }

func makeToken(text string, start, end int, sc *keyScratch) token {
	raw := text[start:end]
	t := token{start: start, end: end}
	if k, ar, ok := foldPlain(raw); ok {
		// the common case: lower-case ASCII or plain Arabic letters without
		// separators, marks or elongation fold to themselves
		t.key, t.arabic = k, ar
		t.finish(false, false, utf8.RuneCountInString(k))
		return t
	}
	if k, n, ok := foldArabicLetters(sc, raw); ok {
		// Arabic letters only, some of which fold (أ إ آ ى ة ؤ ئ): the
		// key is those bytes folded in place, what the general path below
		// builds for such a word
		t.key, t.arabic = k, true
		t.finish(false, false, n)
		return t
	}
	return makeTokenGeneral(t, raw, sc)
}

// foldArabicLetters is the key of a word of Arabic letters (U+0621..U+064A
// but tatweel) with no folded letter three times in a row: each letter
// folded as textnorm folds it (أ إ آ to ا, ى to ي, ة to ه), then the hamza
// seats (ؤ ئ to ء, foldHamzaSeatBytes); n is its rune count. ok is false
// for any other word (the general path of makeToken reads it).
func foldArabicLetters(sc *keyScratch, raw string) (key string, n int, ok bool) {
	if len(raw)%2 != 0 {
		return "", 0, false
	}
	b := sc.fold[:0]
	var p1, p2 byte // the last two folded letters' second bytes (first bytes kept in q1, q2)
	var q1, q2 byte
	for i := 0; i < len(raw); i += 2 {
		c, d := raw[i], raw[i+1]
		r := rune(c&0x1F)<<6 | rune(d&0x3F)
		if c != 0xD8 && c != 0xD9 || d&0xC0 != 0x80 || r < 0x0621 || r > 0x064A || r == 0x0640 {
			return "", 0, false
		}
		switch r {
		case 0x0622, 0x0623, 0x0625: // آ أ إ -> ا
			c, d = 0xD8, 0xA7
		case 0x0649: // ى -> ي
			c, d = 0xD9, 0x8A
		case 0x0629: // ة -> ه
			c, d = 0xD9, 0x87
		}
		if i >= 4 && c == q1 && d == p1 && c == q2 && d == p2 {
			return "", 0, false // a run of three: textnorm shortens it
		}
		q2, p2, q1, p1 = q1, p1, c, d
		b = append(b, c, d)
		n++
	}
	sc.fold = b
	foldHamzaSeatBytes(b)
	return string(b), n, true
}

// makeTokenGeneral is makeToken of a word that is not plain (foldPlain)
// and not only Arabic letters (foldArabicLetters).
func makeTokenGeneral(t token, raw string, sc *keyScratch) token {
	// the key is built in scratch bytes and allocated once (it was a
	// builder, the folded copy, then a copy without spaces and one with
	// hamza seats folded)
	b := sc.raw[:0]
	var prev rune
	run, letters := 0, 0
	hasLatin, hasDigit := false, false
	for _, r := range raw {
		if isSep(r) || isInvisible(r) || unicode.Is(unicode.Mn, r) {
			continue
		}
		if unicode.IsLetter(r) {
			letters++
			if textnorm.IsArabic(r) {
				t.arabic = true
			} else {
				hasLatin = true
			}
		}
		if unicode.IsDigit(r) || r == '@' || r == '$' {
			hasDigit = true
		}
		if r == prev {
			run++
			if run >= 2 && unicode.IsLetter(r) {
				t.elong = true
			}
		} else {
			prev, run = r, 0
		}
		b = utf8.AppendRune(b, r)
	}
	// textnorm.Fold of b (AppendNormalize keeps no reference to its input),
	// without spaces, hamza seats folded (foldHamzaSeats) for Arabic
	sc.raw = b
	k, _ := textnorm.AppendNormalize(sc.fold[:0], nil, unsafe.String(unsafe.SliceData(b), len(b)))
	sc.fold = k
	n := 0
	for _, c := range k {
		if c != ' ' {
			k[n] = c
			n++
		}
	}
	k = k[:n]
	if t.arabic {
		foldHamzaSeatBytes(k)
	}
	t.key = string(k)
	// a model code written with a capital (A55, S24) names a product: no
	// leet reading ("a55" in lower case still spells one)
	if hasDigit && raw != "" && raw[0] >= 'A' && raw[0] <= 'Z' && modelCode(t.key) {
		hasDigit = false
	}
	t.finish(hasLatin, hasDigit, letters)
	return t
}

// finish fills the derived lookup forms of a token whose key is set.
func (t *token) finish(hasLatin, hasDigit bool, letters int) {
	if hasLatin && hasDigit && !t.arabic {
		var lb strings.Builder
		for _, r := range t.key {
			if m, ok := leetMap[r]; ok {
				lb.WriteRune(m)
			} else {
				lb.WriteRune(r)
			}
		}
		if l := lb.String(); l != t.key {
			t.leet = l
		}
	}
	t.sq = squeeze(t.key)
	t.single = letters == 1 && utf8.RuneCountInString(t.key) == 1
}

// stripForms returns the clitic-stripped forms of an Arabic token, computed
// on the first miss of any matcher and kept on the token (strips on miss
// only: most tokens hit or are never stripped).
func (t *token) stripForms() []string {
	if !t.stripped {
		t.stripped = true
		if t.arena == nil {
			t.strips = arabicStrips(t.key)
			if len(t.strips) > 0 {
				t.stripFW = make([]*firstWord, len(t.strips))
				for k, c := range t.strips {
					t.stripFW[k] = knownFirst[squeeze(c)]
				}
			}
		} else {
			a := t.arena
			if cap(a.forms) == 0 {
				a.forms, a.fws = make([]string, 0, 64), make([]*firstWord, 0, 64)
			}
			n := len(a.forms)
			a.forms = appendStrips(a.forms, t.key)
			if m := len(a.forms); m > n {
				t.strips = a.forms[n:m:m]
				for _, c := range t.strips {
					a.fws = append(a.fws, knownFirst[squeeze(c)])
				}
				t.stripFW = a.fws[n:m:m]
			}
		}
	}
	return t.strips
}

// knownFirst maps the first word (squeezed) of every entry of every matcher
// to the bits (matcher.bit) of the matchers that have such entries: a
// token's key and forms are looked up in it once, and a matcher looks up in
// its own table only the keys it has (Classify runs seven matchers over the
// same tokens; most words are in few, most clitic-stripped forms in none).
// Matchers are built at start-up (package initialisation), before any
// lookup: newMatcher and add write this map.
var (
	knownFirst = map[string]*firstWord{}
	matchers   int // matchers made so far
)

// firstWord is knownFirst's entry of one squeezed first word: the bits of
// the matchers with entries starting with it and, for each such matcher,
// m.first[word] (the same slice), so that a matcher reads a token's entries
// without a lookup of its own.
type firstWord struct {
	bits uint32
	one  matcherEntries   // the first matcher's (most words are in one)
	more []matcherEntries // the others'
}

type matcherEntries struct {
	m  *matcher
	es []*entry
}

// of returns m's entries starting with the word of fw (fw may be nil).
func (fw *firstWord) of(m *matcher) []*entry {
	if fw == nil {
		return nil
	}
	if fw.one.m == m {
		return fw.one.es
	}
	for i := range fw.more {
		if fw.more[i].m == m {
			return fw.more[i].es
		}
	}
	return nil
}

// firstWords is the memory of knownFirst's entries, allocated in blocks.
var firstWords []firstWord

func newFirstWord() *firstWord {
	if len(firstWords) == cap(firstWords) {
		firstWords = make([]firstWord, 0, 1024)
	}
	firstWords = firstWords[:len(firstWords)+1]
	return &firstWords[len(firstWords)-1]
}

// firstWord returns knownFirst[t.sq] (computed once per token).
func (t *token) firstWord() *firstWord {
	if !t.sqDone {
		t.sqDone = true
		t.sqFW = knownFirst[t.sq]
	}
	return t.sqFW
}

// firstBits returns the bits of knownFirst[t.sq].
func (t *token) firstBits() uint32 {
	if fw := t.firstWord(); fw != nil {
		return fw.bits
	}
	return 0
}

// foldPlain returns raw unchanged as its own folded key when folding cannot
// change it: only lower-case ASCII letters (no digits, '@' or '$', which have
// leet forms) or only Arabic letters that fold to themselves, and no rune
// repeated three times (elongation). ar reports Arabic letters.
func foldPlain(raw string) (key string, ar, ok bool) {
	var p1, p2 rune = -1, -1
	latin := false
	for _, r := range raw {
		switch {
		case r >= 'a' && r <= 'z':
			latin = true
		case r >= 0x0621 && r <= 0x064A && r != 0x0640 && r != 0x0623 && r != 0x0625 && r != 0x0622 && r != 0x0629 && r != 0x0649 && r != 0x0624 && r != 0x0626:
			ar = true
		default:
			return "", false, false
		}
		if r == p1 && r == p2 {
			return "", false, false
		}
		p2, p1 = p1, r
	}
	if latin && ar || raw == "" {
		return "", false, false
	}
	return raw, ar, true
}

// foldHamzaSeatBytes writes a hamza on a seat (ؤ, ئ) as the bare hamza ء, in place, so
// spellings that differ only in the seat meet: بطيئة/بطيء, مسئول/مسؤول.
// Lexicon entries go through the same tokenizer, so both sides fold alike.
// (engine/textnorm keeps the seats: the dialect tables and cache keys are
// built on its folding.)
func foldHamzaSeatBytes(b []byte) {
	for i := 0; i+1 < len(b); i++ {
		// ؤ U+0624 = D8 A4, ئ U+0626 = D8 A6, ء U+0621 = D8 A1 (same length)
		if b[i] == 0xD8 && (b[i+1] == 0xA4 || b[i+1] == 0xA6) {
			b[i+1] = 0xA1
		}
	}
}

// mergeSingles joins runs of 3+ single-letter tokens of one script separated
// only by spaces or separators into one token.
func mergeSingles(text string, toks []token) []token {
	singles := 0
	for i := range toks {
		if toks[i].single && !toks[i].emoji {
			if singles++; singles >= 3 {
				break
			}
		}
	}
	if singles < 3 {
		return toks
	}
	// in place: each step reads toks[i:j] before it writes one token at
	// len(out) <= i
	out := toks[:0]
	for i := 0; i < len(toks); {
		j := i
		for j < len(toks) && toks[j].single && !toks[j].emoji && (j == i || toks[j].arabic == toks[i].arabic && onlyGap(text[toks[j-1].end:toks[j].start])) {
			j++
		}
		if j-i >= 3 {
			var b strings.Builder
			for k := i; k < j; k++ {
				b.WriteString(toks[k].key)
			}
			t := token{start: toks[i].start, end: toks[j-1].end, key: b.String(), arabic: toks[i].arabic}
			t.sq = squeeze(t.key)
			out = append(out, t)
			i = j
			continue
		}
		out = append(out, toks[i])
		i++
	}
	return out
}

func onlyGap(s string) bool {
	if len(s) > 4 {
		return false
	}
	for _, r := range s {
		if !(unicode.IsSpace(r) || isSep(r) || isInvisible(r) || r == ',' || r == '/') {
			return false
		}
	}
	return true
}

// squeeze collapses every run of equal runes to one.
func squeeze(s string) string {
	if !hasRun(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	var prev rune = -1
	for _, r := range s {
		if r != prev {
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

// hasRun reports two equal runes in a row: byte by byte over ASCII and
// two-byte runes (Latin and Arabic words), by runes otherwise.
func hasRun(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c < utf8.RuneSelf:
			if i+1 < len(s) && s[i+1] == c {
				return true
			}
			i++
		case c >= 0xC2 && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			// a valid two-byte rune: the next is the same only as the
			// same two bytes
			if i+3 < len(s) && s[i+2] == c && s[i+3] == s[i+1] {
				return true
			}
			i += 2
		default:
			return hasRunRunes(s)
		}
	}
	return false
}

// hasRunRunes is hasRun by decoding every rune.
func hasRunRunes(s string) bool {
	var prev rune = -1
	for _, r := range s {
		if r == prev {
			return true
		}
		prev = r
	}
	return false
}

// foldKey is the lookup form of a lexicon entry (or any phrase): folded,
// inner separators removed per word, words joined by single spaces.
func foldKey(s string) string {
	toks := tokenize(s)
	ks := make([]string, len(toks))
	for i, t := range toks {
		ks[i] = t.key
	}
	return strings.Join(ks, " ")
}

// vocativeYa is the vocative particle, often written attached to the noun.
const vocativeYa = "يا"

// Arabic clitics tried when a whole word is not in a lexicon.
var (
	// ات, هت, هي, بت, بي, عم: Egyptian and Levantine verb prefixes (اتأخر, هتنزل,
	// بيرد); عال: على + ال (عالانستا)
	arPrefixes = []string{"وال", "هال", "بال", "فال", "كال", "عال", "يال", "لل", "ال", "يا", "وب", "ول", "ات", "هت", "هي", "بت", "بي", "و", "ف", "ب", "ل"}
	arSuffixes = []string{"كم", "هم", "ها", "نا", "كو", "ين", "ون", "ات", "وا", "ك", "ه", "ي", "و"}
)

// entry is one lexicon item: words (squeezed keys) and a payload index.
type entry struct {
	words []string
	exact bool // no affix stripping, no elongation leniency
	id    int
	sq0   string // squeezed first word
}

// matcher finds lexicon phrases in token sequences.
type matcher struct {
	first map[string][]*entry // by squeezed first word
	max   int
	// vocative: exact entries also match behind an attached vocative يا
	// ("ياحيوان", "ياكلب"), the way insults are commonly written
	vocative bool
	bit      uint32 // this matcher's bit in knownFirst (the 32nd on share the last)
}

func newMatcher() *matcher {
	m := &matcher{first: map[string][]*entry{}, bit: 1 << min(matchers, 31)}
	matchers++
	return m
}

// add registers phrase (any spelling; folded here) under payload id.
func (m *matcher) add(phrase string, id int, exact bool) {
	toks := tokenize(phrase)
	if len(toks) == 0 {
		return
	}
	e := &entry{exact: exact, id: id}
	for _, t := range toks {
		e.words = append(e.words, t.key)
	}
	if len(e.words) > m.max {
		m.max = len(e.words)
	}
	k := squeeze(e.words[0])
	e.sq0 = k
	m.first[k] = append(m.first[k], e)
	fw := knownFirst[k]
	if fw == nil {
		fw = newFirstWord()
		knownFirst[k] = fw
	}
	fw.bits |= m.bit
	switch {
	case fw.one.m == nil || fw.one.m == m:
		fw.one = matcherEntries{m, m.first[k]} // the slice grown by this add
	default:
		for i := range fw.more {
			if fw.more[i].m == m {
				fw.more[i].es = m.first[k]
				return
			}
		}
		fw.more = append(fw.more, matcherEntries{m, m.first[k]})
	}
}

// wordEq reports whether token t spells lexicon word w (exactly, through
// leetspeak, or as an elongated/squeezed spelling).
func wordEq(t *token, w string, exact bool) bool {
	if t.key == w || t.leet == w {
		return true
	}
	if exact {
		return false
	}
	if t.elong || t.leet != "" {
		if t.sq == squeeze(w) || t.leet != "" && squeeze(t.leet) == squeeze(w) {
			return true
		}
	}
	return false
}

// hit is a lexicon match over tokens [ti, tj).
type hit struct {
	ti, tj int
	id     int
}

func arabicStrips(key string) []string { return appendStrips(nil, key) }

// appendStrips appends the clitic-stripped forms of key to out.
func appendStrips(out []string, key string) []string {
	// only the prefixes that start with key's first rune and the suffixes
	// that end with its last can match (in their order in the lists)
	first, _ := utf8.DecodeRuneInString(key)
	last, _ := utf8.DecodeLastRuneInString(key)
	var prefixes, suffixes []int
	if first >= 0x0600 && first <= 0x06FF {
		prefixes = arPrefixByFirst[first-0x0600]
	}
	if last >= 0x0600 && last <= 0x06FF {
		suffixes = arSuffixByLast[last-0x0600]
	}
	if len(prefixes) == 0 && len(suffixes) == 0 {
		return out
	}
	n := utf8.RuneCountInString(key)
	for _, pi := range prefixes {
		p := arPrefixes[pi]
		pn := arPrefixLen[pi]
		if n-pn < 2 || !strings.HasPrefix(key, p) {
			continue
		}
		rest := key[len(p):]
		if purposeLam(p, rest) {
			continue
		}
		out = append(out, rest)
		for _, si := range suffixes { // rest ends as key does
			sf := arSuffixes[si]
			if n-pn-arSuffixLen[si] >= 2 && strings.HasSuffix(rest, sf) {
				out = append(out, rest[:len(rest)-len(sf)])
			}
		}
	}
	for _, si := range suffixes {
		sf := arSuffixes[si]
		if n-arSuffixLen[si] >= 2 && strings.HasSuffix(key, sf) {
			out = append(out, key[:len(key)-len(sf)])
		}
	}
	return out
}

// purposeLam reports the prefix p == "ل" on rest, the verb "to hand over"
// (لتسلموا, ليسلم: "كم يوم بتاخدوا لتسلموا الصور"): a purpose ل, not a
// clitic before the blessing تسلموا, so the form is not stripped.
func purposeLam(p, rest string) bool {
	return p == "ل" && (strings.HasPrefix(rest, "تسلم") || strings.HasPrefix(rest, "يسلم"))
}

// arPrefixByFirst and arSuffixByLast index arPrefixes by their first rune
// and arSuffixes by their last (rune - U+0600: every affix is in the Arabic
// block), each list in the order of the table.
var arPrefixByFirst, arSuffixByLast = func() (p, s *[0x100][]int) {
	p, s = new([0x100][]int), new([0x100][]int)
	for i, x := range arPrefixes {
		r, _ := utf8.DecodeRuneInString(x)
		if r < 0x0600 || r > 0x06FF {
			panic("builtin: Arabic prefix outside the Arabic block: " + x)
		}
		p[r-0x0600] = append(p[r-0x0600], i)
	}
	for i, x := range arSuffixes {
		r, _ := utf8.DecodeLastRuneInString(x)
		if r < 0x0600 || r > 0x06FF {
			panic("builtin: Arabic suffix outside the Arabic block: " + x)
		}
		s[r-0x0600] = append(s[r-0x0600], i)
	}
	return p, s
}()

var arPrefixLen, arSuffixLen = runeLens(arPrefixes), runeLens(arSuffixes)

func runeLens(xs []string) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = utf8.RuneCountInString(x)
	}
	return out
}

// find returns every lexicon match in toks, longest first at each position,
// without overlaps.
func (m *matcher) find(toks []token) []hit { return m.appendFind(nil, toks) }

// appendFind appends the matches of find to hits.
func (m *matcher) appendFind(hits []hit, toks []token) []hit {
	for i := 0; i < len(toks); {
		best := hit{ti: -1, tj: -1}
		t := &toks[i]
		if fw := t.firstWord(); fw != nil && fw.bits&m.bit != 0 {
			m.try(&best, toks, i, fw.of(m))
		}
		if t.leet != "" {
			m.try(&best, toks, i, m.first[squeeze(t.leet)])
		}
		if best.ti < 0 && t.arabic {
			for k, c := range t.stripForms() {
				es := t.stripFW[k].of(m)
				if len(es) == 0 {
					continue // no entry of m starts with this form
				}
				m.tryStripped(&best, toks, i, c, es)
				if best.ti >= 0 {
					break
				}
			}
		}
		if best.ti >= 0 {
			hits = append(hits, best)
			i = best.tj
			continue
		}
		i++
	}
	return hits
}

// try reads m's entries starting with a lookup form of toks[i] (es: those
// of its squeezed key or leet form) and keeps the longest match in best.
func (m *matcher) try(best *hit, toks []token, i int, es []*entry) {
	t := &toks[i]
	for _, e := range es {
		if len(e.words) <= best.tj-best.ti {
			continue
		}
		if i+len(e.words) > len(toks) {
			continue
		}
		ok := wordEq(t, e.words[0], e.exact)
		for k := 1; ok && k < len(e.words); k++ {
			ok = wordEq(&toks[i+k], e.words[k], e.exact)
		}
		if ok {
			*best = hit{ti: i, tj: i + len(e.words), id: e.id}
		}
	}
}

// tryStripped is try for key, a clitic-stripped form of toks[i], and es,
// m's entries starting with squeeze(key) (so every e.sq0 is squeeze(key)).
func (m *matcher) tryStripped(best *hit, toks []token, i int, key string, es []*entry) {
	t := &toks[i]
	for _, e := range es {
		if e.exact && !(m.vocative && len(t.key) == len(key)+len(vocativeYa) && strings.HasPrefix(t.key, vocativeYa)) {
			continue
		}
		if len(e.words) <= best.tj-best.ti {
			continue
		}
		if i+len(e.words) > len(toks) {
			continue
		}
		ok := key == e.words[0] || t.elong // t.elong && squeeze(key) == e.sq0
		for k := 1; ok && k < len(e.words); k++ {
			ok = wordEq(&toks[i+k], e.words[k], e.exact)
		}
		if ok {
			*best = hit{ti: i, tj: i + len(e.words), id: e.id}
		}
	}
}

// hasQuestionMark reports "?" or "؟" in s: what strings.ContainsAny(s,
// "?؟") says, without its rune-by-rune scan (a non-ASCII set makes
// ContainsAny decode every rune of s; these two searches are vectorised).
func hasQuestionMark(s string) bool {
	return strings.IndexByte(s, '?') >= 0 || strings.Contains(s, "؟")
}
