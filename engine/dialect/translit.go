package dialect

import (
	_ "embed"
	"strings"
	"unicode/utf8"

	"svc/engine/op"
	"svc/engine/textnorm"
)

// Transliteration of Arabizi (Arabic in Latin letters and digits) to Arabic
// script, so that analyzers built on Arabic lexicons read "7elw awy el video
// da" as "حلو اوي الفيديو دا".
//
// Each Latin word of the text is handled alone, in this order:
//
//  1. a word of the hand-written table translit/words.tsv (frequent
//     particles, pronouns and dialect words), matched through the Latin
//     skeleton of latin.go, so "mesh", "mish" and "mush" are one row. Rows
//     flagged p are proclitics written apart ("el", "w"): they are joined
//     to the next transliterated word ("el video" -> "الفيديو");
//  2. an English word the caller knows (Transliterator.english): kept as it
//     is, so English lexicons still match it;
//  3. otherwise the letters are mapped: digits 2=ء/ا/ق 3=ع 5=خ 6=ط 7=ح 8=غ/ق
//     9=ق/ص, digraphs (sh, kh, gh, th, dh, 3'), consonants with their
//     ambiguous readings (s=س/ص, t=ت/ط, h=ه/ح, d=د/ض, k=ك/ق, g=ج/ق), and
//     vowels (a medial vowel is usually short and not written; a doubled one
//     is long; a word-initial one is an alef; a final a is ة or ا). Among
//     the readings that spell a word of the caller's Arabic lexicons (a
//     search on a trie of those words, also behind a proclitic and before a
//     suffix), the cheapest wins: a consonant read other than its preferred
//     way costs 1, a vowel 0.25 (a doubled vowel read short 1), a proclitic
//     or suffix 0.5. When none does, the preferred reading of every letter
//     is used. Common English words (markers/english.txt) also stay Latin.
//
// Words without a Latin letter, Arabic words and everything between words
// are copied. The result keeps a map back to the original byte offsets
// (Translit.Source), so spans found in the Arabic text point into the
// original.

//go:embed translit/words.tsv
var translitWords string

// Transliterator maps Arabizi words to Arabic script, guided by a word list.
// It is immutable after NewTransliterator and safe for concurrent use.
type Transliterator struct {
	table   map[string]tableWord // by Latin skeleton
	exact   map[string]tableWord // rows flagged x: by the lower-case spelling itself, before the skeleton
	english map[string]bool      // lower-case Latin words kept as they are
	loans   map[string]bool      // Latin words kept as they are and counted as Loan (AddLoans)
	trie    trie
	// vocab: further Arabic words (AddVocabulary), looked up only for a
	// word that no reading of trie's words spells
	vocab    trie
	hasVocab bool
	// guarded are offensive words (Guard): read only when every Latin
	// consonant of the word takes its preferred reading; severe are
	// obscenities (GuardObscene), read only when every digit does too
	guarded map[string]bool
	severe  map[string]bool
}

type tableWord struct {
	ar        string
	proclitic bool
}

// maxSearchSteps bounds the trie search of one word (the cost of a
// pathological 40-letter token is then a few microseconds).
const maxSearchSteps = 600

// maxTranslitWord: longer Latin tokens are copied as they are.
const maxTranslitWord = 24

// NewTransliterator returns a transliterator whose ambiguous readings prefer
// words of arabic (any spelling: each is folded; words with letters outside
// the Arabic alphabet are ignored) and which keeps the Latin words of
// english unchanged. The dialect markers' Arabic words are added to arabic.
func NewTransliterator(arabic, english []string) *Transliterator {
	t := &Transliterator{table: map[string]tableWord{}, exact: map[string]tableWord{}, english: map[string]bool{}, loans: map[string]bool{}}
	for w := range socialLoans {
		t.loans[w] = true // one lookup a word (AddLoans adds the caller's)
	}
	t.trie.init()
	for _, line := range strings.Split(translitWords, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 2 {
			continue
		}
		tw := tableWord{ar: textnorm.Fold(f[1]), proclitic: len(f) > 2 && strings.Contains(f[2], "p")}
		if len(f) > 2 && strings.Contains(f[2], "x") {
			// a spelling the skeleton would merge with another row's
			// ("wala" ولا, "walla" والله): matched as written
			t.exact[strings.ToLower(f[0])] = tw
		} else if k := skeletonString(strings.ToLower(f[0])); t.table[k].ar == "" {
			t.table[k] = tw
		}
		for _, w := range strings.Fields(textnorm.Fold(f[1])) {
			t.trie.add(w)
		}
	}
	for _, w := range arabic {
		for _, x := range strings.Fields(textnorm.Fold(w)) {
			t.trie.add(x)
		}
	}
	for _, m := range get().markers {
		if m.Kind == "word" && m.Text != "" && m.Text[0] >= 0x80 {
			t.trie.add(m.Text)
		}
	}
	for _, m := range get().markers {
		if m.Variety == "en" && m.Kind == "word" {
			t.english[m.Text] = true // common English words (markers/english.txt)
		}
	}
	for _, w := range english {
		if w = strings.ToLower(strings.TrimSpace(w)); w != "" {
			t.english[w] = true
		}
	}
	for _, w := range englishLeet {
		t.english[w] = true
	}
	return t
}

// Translit is a transliterated text with the map back to its source.
type Translit struct {
	// Text is the text with every Arabizi word in Arabic script.
	Text string
	// Changed counts the words written in Arabic script (a proclitic joined
	// to its word counts once).
	Changed int
	// Known counts the Latin words read through the table or as a word of
	// the caller's Arabic list, Spelled those spelled letter by letter, and
	// English the words kept as English: how Arabic a Latin text reads.
	Known, Spelled, English int
	// Loan counts the words kept Latin that are social-media loans of
	// Arabizi ("follow", "like", "share", "follow me/back": socialLoans),
	// not counted in English: they do not make a sentence English.
	Loan int
	// Table counts the Known words read through the Arabizi table
	// (translit/words.tsv: particles, pronouns, dialect words), not only
	// found among the caller's Arabic words.
	Table int
	// Vocab counts the Known words found in the further vocabulary
	// (AddVocabulary): words no reading of the lexicons spells, spelled
	// letter by letter.
	Vocab int
	// Digit counts the words written in Arabic that had an Arabizi digit
	// (2 3 5 6 7 8 9) among letters ("7elw", "3ala").
	Digit int
	segs  []segment
}

// segment is one replaced range: Text[out0:out1] stands for source[in0:in1].
type segment struct{ out0, out1, in0, in1 int }

// Source maps a byte span of Text back to the span of the original text it
// came from: a span touching a replaced word covers the whole original word.
func (x *Translit) Source(s op.Span) op.Span {
	return op.Span{Start: x.source(s.Start, false), End: x.source(s.End, true)}
}

func (x *Translit) source(off int, end bool) int {
	delta := 0
	for _, g := range x.segs {
		if end && off > g.out0 && off <= g.out1 {
			return g.in1
		}
		if !end && off >= g.out0 && off < g.out1 {
			return g.in0
		}
		if g.out1 > off {
			break
		}
		delta = g.in1 - g.out1
	}
	return off + delta
}

// Transliterate writes the Arabizi words of text in Arabic script (see the
// rules above). Callers decide whether text is Arabizi (op.Detection.Arabizi).
func (t *Transliterator) Transliterate(text string) Translit {
	type word struct {
		i, j      int
		ar        string
		proclitic bool
	}
	var wsArr [64]word // on the stack: a comment's words rarely outgrow it
	ws := wsArr[:0]
	var buf [maxTranslitWord]byte
	known, spelled, english, digit, loan, table, vocab := 0, 0, 0, 0, 0, 0, 0
	prevFollow := false  // the previous Latin word was "follow"
	prevArticle := false // the previous Latin word was an Arabizi article (el, hal, 3al, bel)
	for i := 0; ; {
		var j int
		var letters bool
		if i, j, letters = nextLatinWord(text, i); i == len(text) {
			break
		}
		if letters && !standalone(text, i, j) {
			prevArticle = false
		}
		// a word glued to a non-ASCII letter (a mixed token) is left alone
		if letters && standalone(text, i, j) {
			w := lowerWord(buf[:0], text[i:j])
			ar, proclitic, how := "", false, wordEnglish
			isLoan := t.loans[string(w)] || prevFollow && (string(w) == "me" || string(w) == "back") || cliticLoan(w) || quantity(w)
			if !isLoan {
				ar, proclitic, how = t.word(w)
				if how == wordEnglish && t.prepositionApart(w, text, j) {
					ar, proclitic, how = "ب", true, wordTable
				}
			}
			wasArticle := prevArticle
			// an article read through the table that is not also an
			// English word ("all", "will" share the skeletons of al, wel)
			prevArticle = how == wordTable && proclitic && (strings.HasSuffix(ar, "ال") || ar == "هال") && !t.english[string(w)]
			switch {
			case isLoan:
				loan++
			case how == wordEnglish && wasArticle:
				// an English noun after an Arabizi article ("el app",
				// "hal look", "3al insta") is a loan of the Arabic
				// sentence: kept Latin, counted as a loan, not English
				loan++
			case how == wordEnglish:
				english++
			case ar != "": // "0a0" reads as nothing: kept
				ws = append(ws, word{i, j, ar, proclitic})
				if how == wordVocab {
					vocab++
				}
				if how == wordKnown || how == wordTable || how == wordVocab {
					known++
					if how == wordTable {
						table++
					}
				} else {
					spelled++
				}
				if hasArabiziDigit(w) {
					digit++
				}
			}
		}
		prevFollow = letters && j-i == len("follow") && strings.EqualFold(text[i:j], "follow")
		i = j
	}
	x := Translit{Known: known, Spelled: spelled, English: english, Digit: digit, Loan: loan, Table: table, Vocab: vocab}
	if len(ws) == 0 {
		x.Text = text
		return x
	}
	var b strings.Builder
	b.Grow(len(text) * 2)
	x.segs = make([]segment, 0, len(ws))
	copied := 0
	for k := 0; k < len(ws); k++ {
		w := ws[k]
		b.WriteString(text[copied:w.i])
		ar, end, start := w.ar, w.j, w.i
		// "w el X", "w b X": و and a second proclitic, each written
		// apart, join the word after them ("w el page" والصفحه, not
		// "و الصفحه")
		if w.proclitic && ar == "و" && k+2 < len(ws) && ws[k+1].proclitic && ws[k+1].i == w.j+1 && text[w.j] == ' ' &&
			!ws[k+2].proclitic && ws[k+2].i == ws[k+1].j+1 && text[ws[k+1].j] == ' ' && !strings.HasSuffix(ws[k+1].ar, " ال") {
			k++
			ar, w = ar+ws[k].ar, ws[k]
		}
		// a proclitic written apart joins the next word when one space
		// separates them and that word is transliterated too
		if w.proclitic && k+1 < len(ws) && ws[k+1].i == w.j+1 && text[w.j] == ' ' && !ws[k+1].proclitic {
			next := ws[k+1].ar
			if strings.HasSuffix(ar, "ال") && strings.HasPrefix(next, "ال") {
				next = next[len("ال"):] // "el naharda": النهارده, not الالنهارده
			}
			ar += next
			end = ws[k+1].j
			k++
		} else if w.proclitic && strings.HasSuffix(ar, " ال") {
			// a preposition with the article ("3al" على ال) before a word
			// kept Latin or a number: the article has no noun to join
			ar = ar[:len(ar)-len(" ال")]
		}
		x.segs = append(x.segs, segment{b.Len(), b.Len() + len(ar), start, end})
		b.WriteString(ar)
		x.Changed++
		copied = end
	}
	b.WriteString(text[copied:])
	x.Text = b.String()
	return x
}

// prepositionApart reports whether w, an English word, is the Arabizi
// preposition بـ written apart as "be" or "bi" ("el laptop da be kam?",
// "akalt bi mat3am"): the next word of text (after the single space at
// end) is read as Arabic, through the table or the lexicons, and is no
// English word. English "be" is followed by English ("be careful", "be
// in", "be a").
func (t *Transliterator) prepositionApart(w []byte, text string, end int) bool {
	if string(w) != "be" && string(w) != "bi" || end+1 >= len(text) || text[end] != ' ' {
		return false
	}
	j := end + 1
	for j < len(text) && isLatinWordByte(text[j]) {
		j++
	}
	if j == end+1 || j-end-1 > maxTranslitWord || j < len(text) && text[j] >= 0x80 {
		return false
	}
	var buf [maxTranslitWord]byte
	nx := buf[:0]
	letter := false
	for k := end + 1; k < j; k++ {
		letter = letter || text[k] >= 'A'
		nx = append(nx, lower(text[k]))
	}
	if !letter || t.english[string(nx)] || t.loans[string(nx)] {
		return false
	}
	_, proclitic, how := t.word(nx)
	return !proclitic && (how == wordTable || how == wordKnown)
}

// protectedField reports whether a white-space separated field starts at i
// that is no text to read: a link (://, www.), a domain ("adf.ly"), an
// @mention, a #hashtag or an HTML entity; end is where the field ends.
func protectedField(text string, i int) (end int, skip bool) {
	if i > 0 && !isSpaceByte(text[i-1]) {
		return i, false
	}
	end = i
	for end < len(text) && !isSpaceByte(text[end]) {
		end++
	}
	f := text[i:end]
	if f == "" {
		return end, false
	}
	if f[0] == '@' || f[0] == '#' || strings.Contains(f, "://") || strings.HasPrefix(f, "www.") || strings.Contains(f, "&#") {
		return end, true
	}
	for k := 1; k+1 < len(f); k++ {
		if f[k] == '.' && isLatinWordByte(f[k-1]) && (f[k+1] >= 'a' && f[k+1] <= 'z' || f[k+1] >= 'A' && f[k+1] <= 'Z') {
			return end, true
		}
	}
	return end, false
}

// hasArabiziDigit: w has a letter and a digit used for a letter.
func hasArabiziDigit(w []byte) bool {
	letter, digit := false, false
	for _, c := range w {
		letter = letter || c >= 'a' && c <= 'z'
		digit = digit || c == '2' || c == '3' || c == '5' || c == '6' || c == '7' || c == '8' || c == '9'
	}
	return letter && digit
}

// wordApostrophe reports an apostrophe at j inside the word that starts at
// i: after a digit ("6'" ظ, "3'" غ) or before one ("t'6eefoon",
// "anta'6ir": some write the mark first).
func wordApostrophe(text string, i, j int) bool {
	return text[j] == '\'' && j > i && (isDigit(text[j-1]) || j+1 < len(text) && isDigit(text[j+1]))
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

func isLatinWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// How a word was read.
const (
	wordEnglish = iota // kept as an English word
	wordKnown          // a word of the Arabic list
	wordTable          // from the Arabizi table (translit/words.tsv)
	wordSpelled        // letter by letter (no known reading)
	wordVocab          // spelled, but a word of the further vocabulary (AddVocabulary)
)

// word transliterates one lower-case Latin word.
func (t *Transliterator) word(w []byte) (ar string, proclitic bool, how int) {
	var sk [64]byte
	if tw, hit := t.exact[string(w)]; hit {
		return tw.ar, tw.proclitic, wordTable
	}
	s := latinSkeleton(append(sk[:0], w...))
	if tw, hit := t.table[string(s)]; hit {
		return tw.ar, tw.proclitic, wordTable
	}
	if t.english[string(w)] {
		return "", false, wordEnglish
	}
	if ar, ok := t.feminine(w); ok {
		return ar, false, wordTable
	}
	if r, found := t.search(w); found {
		return t.pluralEt(w, r), false, wordKnown
	}
	if t.hasVocab {
		if _, found := t.searchIn(&t.vocab, w); found {
			// evidence that w is an Arabic word, but spelled as
			// before: the reading of a wide vocabulary is a guess
			// ("wajja3ni" وجعني, not a vocabulary word one letter
			// away)
			return t.fallback(w), false, wordVocab
		}
	}
	return t.fallback(w), false, wordSpelled
}

// pluralEt is r, the reading of w, with a final "et" read as the feminine
// plural ات rather than ت when that spells a lexicon word: Levantine says
// the plural -āt with imala and writes it "-et" ("7ayawanet" حيوانات,
// "i3lanet" اعلانات), while the reading's suffix "et"
// is the ت of a construct ("madinet" مدينت) or of a verb's feminine past
// and stands when no such plural is a word or the stem has three letters.
func (t *Transliterator) pluralEt(w []byte, r string) string {
	n := len(w)
	if n < 5 || w[n-2] != 'e' || w[n-1] != 't' || isVowel(w[n-3]) || !strings.HasSuffix(r, "ت") || strings.HasSuffix(r, "ات") {
		return r
	}
	stem := r[:len(r)-len("ت")]
	if utf8.RuneCountInString(stem) < 4 {
		// a stem of three letters is as often a verb with the
		// feminine past ending ("talabet" طلبت, "sharket"): not read as
		// a plural
		return r
	}
	pl := stem + "ات"
	if node := t.trie.step(0, pl); node > 0 && t.trie.terminal[node] {
		return pl
	}
	return r
}

// feminine reads w as the feminine (ة, folded ه) of a word of the
// Arabizi table: "tayyba" طيبه from "tayeb", "kbeera" كبيره from "kbeer".
// The table rows are adjectives and nouns spelled the Arabizi way (t for
// ط); the search would read the stem through the lexicons, with t as ت.
// Only a stem of three Arabic letters or more that does not end in a vowel
// letter (not مش, بس or a word already feminine).
func (t *Transliterator) feminine(w []byte) (string, bool) {
	n := len(w)
	var cut int
	switch {
	case n >= 5 && (w[n-1] == 'a' || w[n-1] == 'e') && !isVowel(w[n-2]):
		cut = 1
	case n >= 6 && w[n-1] == 'h' && (w[n-2] == 'a' || w[n-2] == 'e') && !isVowel(w[n-3]):
		cut = 2
	default:
		return "", false
	}
	var sk [64]byte
	tw, hit := t.table[string(latinSkeleton(append(sk[:0], w[:n-cut]...)))]
	if !hit || tw.proclitic || strings.ContainsRune(tw.ar, ' ') || utf8.RuneCountInString(tw.ar) < 3 {
		return "", false
	}
	if last, _ := utf8.DecodeLastRuneInString(tw.ar); last == 'ه' || last == 'ا' || last == 'ي' || last == 'ة' || last == 'ى' {
		return "", false
	}
	if t.guarded[tw.ar+"ه"] {
		// an insult of the moderation table (رخيصه, "cheap" said of a
		// woman) is read only through a row of its own (Guard)
		return "", false
	}
	return tw.ar + "ه", true
}

// reading is one way to read the Latin letters at a position: n bytes read
// as ar (which may be empty: a short vowel is not written).
type reading struct {
	n  int
	ar string
}

// readings lists the readings of w at i, preferred first. The first
// reading at every position is the fallback spelling.
func readings(w []byte, i int, out []reading) []reading {
	c := w[i]
	var nx byte
	if i+1 < len(w) {
		nx = w[i+1]
	}
	initial := i == 0
	two := func(ar ...string) {
		for _, a := range ar {
			out = append(out, reading{2, a})
		}
	}
	one := func(ar ...string) {
		for _, a := range ar {
			out = append(out, reading{1, a})
		}
	}
	// digits with an apostrophe: 3' = غ, 7' = خ, 9' = ض, 6' = ظ; the mark
	// may come first ('6)
	if c == '\'' && i+1 < len(w) {
		if a := apostropheDigit[w[i+1]]; a != "" {
			two(a)
			return out
		}
	}
	if nx == '\'' {
		if a := apostropheDigit[c]; a != "" {
			two(a)
			return out
		}
	}
	switch {
	case c == 's' && nx == 'h':
		two("ش")
		return out
	case c == 'k' && nx == 'h':
		two("خ")
		return out
	case c == 'g' && nx == 'h':
		two("غ")
		return out
	case c == 'c' && nx == 'h':
		two("ش")
		return out
	case c == 't' && nx == 'h':
		// ظ too: Gulf and Levantine say it as ذ/ث ("mowathafeen" موظفين)
		two("ث", "ت", "ذ", "ظ")
		one("ت")
		return out
	case c == 'd' && nx == 'h':
		two("ذ", "ض", "د")
		one("د")
		return out
	}
	final := i+1 == len(w)
	if isVowel(c) {
		long := isVowel(nx) || c == 'a' && (nx == 'y' || nx == 'w') && (i+2 == len(w) || !isVowel(w[i+2]))
		if initial {
			// an initial vowel is written with an alef (أ إ fold to ا)
			switch {
			case long && (nx == 'e' || nx == 'i' || nx == 'y') && c != 'a':
				two("اي")
			case long && (nx == 'o' || nx == 'u' || nx == 'w'):
				two("او")
			}
			one("ا")
			if c == 'a' {
				one("ع")
			}
			return out
		}
		if long {
			switch {
			case c == 'a' && nx == 'a':
				two("ا")
			case c == 'a' && (nx == 'y' || nx == 'i'):
				two("ي", "اي")
			case c == 'a' && (nx == 'w' || nx == 'u' || nx == 'o'):
				two("و", "او")
			case nx == 'e' || nx == 'i' || nx == 'y':
				two("ي")
			case nx == 'o' || nx == 'u':
				two("و")
			default:
				two("")
			}
		}
		switch {
		case final && c == 'a':
			one("ه", "ا", "ي", "")
		case final && c == 'e':
			one("ه", "ي", "")
		case final && c == 'i':
			one("ي")
		case final:
			one("و", "ه")
		case c == 'a':
			one("", "ا")
		case c == 'e' || c == 'i':
			one("", "ي")
		default:
			one("", "و")
		}
		if c == 'a' && nx == 'n' && i+2 == len(w) {
			two("ا") // tanween: "abadan" = ابدا
		}
		return out
	}
	if c == nx && !isDigit(c) {
		// a doubled consonant is usually one letter with shadda
		n := len(out)
		out = readings(w, i+1, out)
		for k := n; k < len(out); k++ {
			out[k].n++
		}
	}
	switch c {
	case 'b', 'p':
		one("ب")
	case 't':
		if final {
			one("ت", "ه", "ط")
		} else {
			one("ت", "ط")
		}
	case 'd':
		one("د", "ض")
	case 'r':
		one("ر")
	case 'z':
		// ض too: Egyptian and Gulf speakers say it z in many words
		// ("rafaz" رفض, "mazboot" مضبوط)
		one("ز", "ظ", "ذ", "ض")
	case 's':
		one("س", "ص", "ث")
	case 'f', 'v':
		one("ف")
	case 'q':
		one("ق")
	case 'k':
		one("ك", "ق")
	case 'c':
		one("ك", "س")
	case 'l':
		one("ل")
	case 'm':
		one("م")
	case 'n':
		one("ن")
	case 'w':
		one("و")
	case 'y':
		one("ي")
	case 'h':
		if final {
			one("ه", "ح")
		} else {
			one("ه", "ح")
		}
	case 'g':
		one("ج", "ق", "غ")
	case 'j':
		one("ج")
	case 'x':
		one("كس")
	case '2':
		if initial {
			one("ا", "ق")
		} else {
			one("ء", "ا", "ق", "ئ", "ؤ")
		}
	case '3':
		one("ع")
	case '5':
		one("خ")
	case '6':
		one("ط", "ظ") // Gulf writers spell both with 6 ("6ayeb", "mow6af")
	case '7':
		one("ح")
	case '8':
		one("غ", "ق")
	case '9':
		one("ق", "ص")
	case '\'':
		one("")
	default:
		one("") // other digits: not letters
	}
	return out
}

func isVowel(c byte) bool { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' }

// fallback spells w with the preferred reading of every letter.
func (t *Transliterator) fallback(w []byte) string {
	var b strings.Builder
	var rs [8]reading
	for i := 0; i < len(w); {
		r := readings(w, i, rs[:0])[0]
		b.WriteString(r.ar)
		i += r.n
	}
	return b.String()
}

// Arabizi proclitics and suffixes tried around a lexicon word.
var (
	translitPrefixes    = []reading{{3, "وال"}, {3, "بال"}, {3, "فال"}, {3, "لل"}, {2, "ال"}, {2, "ما"}, {2, "بي"}, {2, "ها"}, {2, "حا"}, {2, "بت"}, {1, "و"}, {1, "ب"}, {1, "ف"}, {1, "ل"}, {1, "ه"}, {1, "ح"}, {1, "م"}, {1, "ت"}, {1, "ي"}, {1, "ن"}}
	translitPrefixLatin = []string{"wel", "bel", "fel", "lel", "el", "ma", "bi", "ha", "7a", "bt", "w", "b", "f", "l", "h", "7", "m", "t", "y", "n"}
	translitSuffixes    = map[string]string{"sh": "ش", "ak": "ك", "ek": "ك", "ik": "ك", "k": "ك", "ha": "ها", "na": "نا", "ko": "كو", "ku": "كو", "kom": "كم", "kum": "كم",
		// the Levantine plural pronouns -kon/-hon (كن, هن: "3andkon", "ra2ykon")
		"kon": "كن", "kun": "كن", "hon": "هن", "hun": "هن",
		"hom": "هم", "hum": "هم", "o": "ه", "u": "و", "h": "ه", "y": "ي", "i": "ي", "ny": "ني", "ni": "ني", "et": "ت", "at": "ات", "t": "ت", "oh": "ه", "een": "ين", "in": "ين", "oon": "ون", "un": "ون", "ha2": "ها",
		// -ūn written "on"/"oun" (Gulf "yist7on", "tsawon"; French-style "ou")
		"on": "ون", "oun": "ون",
		// the feminine ending ة (folded ه) after a masculine lexicon word:
		// "maksoura" مكسوره, "ma2loube" مقلوبه, "2asya" قاسيه
		"a": "ه", "e": "ه", "ah": "ه", "eh": "ه"}
	// verbPlural are the plural endings of the dialect imperfect, read
	// after a prefix (search): "o"/"u" و ("btwasslo" بتوصلو), "oon" ون,
	// "een"/"in" ين
	verbPlural = map[string]string{"o": "و", "u": "و", "ou": "و", "oo": "و", "oon": "ون", "on": "ون", "un": "ون", "oun": "ون", "een": "ين", "in": "ين"}
)

// search looks for the reading of w that spells a lexicon word at the least
// cost: each consonant read other than its preferred way costs 1, a vowel
// 0.25, a proclitic or a suffix around the word 0.5 (so "trod" is ت + رد, "you reply", rather
// than طرد, "parcel", which needs t read as ط). Ties go to the whole word.
func (t *Transliterator) search(w []byte) (string, bool) { return t.searchIn(&t.trie, w) }

// searchIn is search on the words of tr.
func (t *Transliterator) searchIn(tr *trie, w []byte) (string, bool) {
	var sr searchState
	sr.best = 1e9
	var out [96]byte
	sr.suffix = false
	sr.guarded = t.guarded
	sr.severe = t.severe
	tr.walk(w, 0, 0, out[:0], 0, 0, &sr)
	for k, p := range translitPrefixLatin {
		if len(w)-len(p) < 2 || string(w[:len(p)]) != p {
			continue
		}
		pre := append(out[:0], translitPrefixes[k].ar...)
		sr.pre = len(pre)
		tr.walk(w, len(p), 0, pre, 0.5, 0, &sr)
	}
	sr.pre = 0
	sr.suffix = true
	sr.suffixes = translitSuffixes
	tr.walk(w, 0, 0, out[:0], 0.5, 0, &sr)
	// a prefix of person or aspect and a plural ending together: the
	// dialect imperfect ("bt-wassl-o" بتوصلو, "t-7ott-oon" تحطون, "y-3rf-o")
	// whose stem alone is a lexicon word. Only the plural endings
	// (verbPlural), and at a cost of 1.5 for both, so a reading of the whole
	// word or with one clitic wins a tie ("ta3mo" stays طعمه, not ت + عم).
	sr.suffixes = verbPlural
	for k, p := range translitPrefixLatin {
		if len(w)-len(p) < 3 || string(w[:len(p)]) != p {
			continue
		}
		pre := append(out[:0], translitPrefixes[k].ar...)
		sr.pre = len(pre)
		sr.suffixCost = 1
		tr.walk(w, len(p), 0, pre, 0.5, 0, &sr)
	}
	if sr.best >= 1e9 {
		return "", false
	}
	return string(sr.found), true
}

// altCost is the cost of reading the letter c other than its preferred way:
// a vowel's length is a small matter (Arabizi writes short vowels too), a
// consonant read as another letter (t as ط) a larger one.
func altCost(c byte) float64 {
	if isVowel(c) {
		return 0.25
	}
	return 1
}

// searchState is the best reading found so far and the search budget.
type searchState struct {
	steps  int
	suffix bool // a word may end before a suffix of translitSuffixes
	best   float64
	found  []byte
	// guarded: offensive words, accepted only when alt is false
	// (Transliterator.Guard); pre is the length of the proclitic the walk
	// started with
	guarded map[string]bool
	severe  map[string]bool // GuardObscene's words: not even through a digit
	pre     int
	// suffixCost is added when the word ends in a suffix (a walk that
	// already paid for a proclitic pays for the suffix too)
	suffixCost float64
	suffixes   map[string]string // the suffixes a word may end with
}

// How a walk read its letters other than their preferred way (the alt of
// trie.walk).
const (
	altLetter uint8 = 1 << iota // a Latin consonant swapped ("s" as ص)
	altDigit                    // a digit read as its second letter ("9" as ص)
)

// obscene reports whether out (with or without the walk's proclitic) is a
// word of GuardObscene.
func (sr *searchState) obscene(out []byte) bool { return sr.inSet(sr.severe, out) }

// inSet reports whether out, or out after the walk's proclitic, is in m.
func (sr *searchState) inSet(m map[string]bool, out []byte) bool {
	if len(m) == 0 {
		return false
	}
	return m[string(out)] || sr.pre > 0 && m[string(out[sr.pre:])]
}

// offensive reports whether out, the Arabic spelled so far, is a guarded
// word, with or without the proclitic the walk started with.
func (sr *searchState) offensive(out []byte) bool { return sr.inSet(sr.guarded, out) }

// trie is a set of Arabic words letter by letter: child edges in one map
// keyed by (node, letter index).
type trie struct {
	next     map[uint32]int32
	terminal []bool
}

// arLetters is the alphabet of the trie (folded Arabic letters).
const arLetters = "ءاآبتثجحخدذرزسشصضطظعغفقكلمنهويئؤةىگچڤپ"

var arIndex = func() map[rune]uint32 {
	m := map[rune]uint32{}
	i := uint32(0)
	for _, r := range arLetters {
		m[r] = i
		i++
	}
	return m
}()

func (t *trie) init() {
	t.next = map[uint32]int32{}
	t.terminal = []bool{false}
}

func (t *trie) add(w string) {
	node := int32(0)
	for _, r := range w {
		li, ok := arIndex[r]
		if !ok {
			return
		}
		k := uint32(node)<<6 | li
		nx, ok := t.next[k]
		if !ok {
			nx = int32(len(t.terminal))
			t.terminal = append(t.terminal, false)
			t.next[k] = nx
		}
		node = nx
	}
	if node != 0 {
		t.terminal[node] = true
	}
}

// step follows the letters of ar from node; -1 when the trie has no such path.
func (t *trie) step(node int32, ar string) int32 {
	for _, r := range ar {
		nx, ok := t.next[uint32(node)<<6|arIndex[r]]
		if !ok {
			return -1
		}
		node = nx
	}
	return node
}

// walk searches the readings of w[i:] from node, depth first, preferred
// readings first, and keeps the cheapest complete one in sr; out holds the
// Arabic spelled so far and cost its cost.
//
// alt records how the walk left a preferred reading: a Latin consonant
// swapped (altLetter: z as ذ, s as ص, t as ط), which does not make an
// offensive word (sr.guarded), or a digit of two letters read as its second
// (altDigit: 9 as ص), which does not make an obscenity (sr.severe).
func (t *trie) walk(w []byte, i int, node int32, out []byte, cost float64, alt uint8, sr *searchState) {
	sr.steps++
	if sr.steps > maxSearchSteps || cost >= sr.best {
		return
	}
	if alt != 0 && t.terminal[node] && (i == len(w) || sr.suffix) && (alt&altLetter != 0 && sr.offensive(out) || sr.obscene(out)) {
		// an offensive word (alone, after a proclitic, or before a
		// suffix) read only through a swapped consonant: not accepted
		// ("tnazel" is not تنذل, "nazal" not ن + ذل, "3ersna" not عرصنا);
		// nor an obscenity read through a digit's second letter
		// ("ma3ra9" is the showroom معرض, not معرص)
		if i == len(w) {
			return
		}
		if _, ok := sr.suffixes[string(w[i:])]; ok {
			return
		}
	}
	if i == len(w) {
		if t.terminal[node] && node != 0 {
			sr.best, sr.found = cost, append(sr.found[:0], out...)
		}
		return
	}
	// a suffix starting with a vowel does not split a long vowel ("oo",
	// "ee"): "tzeedoon" is تزيد + ون, not تزيدو + "on"
	if sr.suffix && t.terminal[node] && node != 0 && len(out)-sr.pre >= 4 && (i == 0 || !isVowel(w[i-1]) || !isVowel(w[i])) {
		if s, ok := sr.suffixes[string(w[i:])]; ok && cost+sr.suffixCost < sr.best {
			sr.best, sr.found = cost+sr.suffixCost, append(append(sr.found[:0], out...), s...)
			return
		}
	}
	var rs [8]reading
	list := readings(w, i, rs[:0])
	for k, r := range list {
		nx := t.step(node, r.ar)
		if nx < 0 {
			continue
		}
		c, a := cost, alt
		switch {
		case k == 0:
		case isVowel(w[i]) && list[0].n == 2 && r.ar == "":
			c++ // a doubled vowel ("oo", "ee") read short: as costly as a consonant
		case w[i] == '2' && r.ar == "ق":
			// Egyptian and Levantine say ق as a glottal stop and
			// write it 2 ("ma2as" مقاس, "2omash" قماش): half the
			// cost of another swap, so a lexicon word with ق is not
			// lost to one with ا ("ma2aso" is مقاسه, not ماسه)
			c += 0.5
		default:
			c += altCost(w[i])
			switch {
			case isVowel(w[i]):
			case !isDigit(w[i]):
				a |= altLetter
			default:
				a |= altDigit
			}
		}
		t.walk(w, i+r.n, nx, append(out, r.ar...), c, a, sr)
	}
}

// ReadsJ reports whether a Latin word of text that t reads as Arabic (not
// kept as English, outside links, @mentions and hashtags) has a "j": the
// Levantine and Gulf spelling of ج ("jay", "mawjood", "majjani"). Egyptian
// Arabizi writes ج as "g" (its ج is said [g]: "gay", "mawgood", "magany"):
// of the 298 Egyptian Arabizi comments of the project's corpus and the 46
// of the Arabizi dev set none has such a word; of the 271 and 92
// Levantine and Gulf ones, 71 and 17 do.
func (t *Transliterator) ReadsJ(text string) bool {
	if strings.IndexByte(text, 'j') < 0 && strings.IndexByte(text, 'J') < 0 {
		return false
	}
	var buf [maxTranslitWord]byte
	for i := 0; i < len(text); {
		if e, skip := protectedField(text, i); skip {
			i = e
			continue
		}
		if !isLatinWordByte(text[i]) {
			i++
			continue
		}
		j, hasJ := i, false
		for j < len(text) && (isLatinWordByte(text[j]) || wordApostrophe(text, i, j)) {
			hasJ = hasJ || text[j] == 'j' || text[j] == 'J'
			j++
		}
		if hasJ && j-i <= maxTranslitWord && (i == 0 || text[i-1] < 0x80) && (j == len(text) || text[j] < 0x80) {
			w := buf[:0]
			for k := i; k < j; k++ {
				w = append(w, lower(text[k]))
			}
			if _, _, how := t.word(w); how != wordEnglish {
				return true
			}
		}
		i = j
	}
	return false
}

// socialLoans are the English words of social media that Arabizi comments
// use as they are, inside an Arabic sentence ("follow me 3al insta",
// "e3mel like w share"): kept Latin (never spelled in Arabic letters),
// counted as Translit.Loan rather than English. "me" and "back" count so
// only right after "follow".
var socialLoans = map[string]bool{
	"follow": true, "followers": true, "following": true, "unfollow": true,
	"like": true, "likes": true, "share": true, "subscribe": true, "subscribers": true,
	"story": true, "stories": true, "post": true, "posts": true, "comment": true, "comments": true,
	"inbox": true, "dm": true, "bio": true, "profile": true, "live": true, "reels": true, "mention": true, "tag": true,
	"private": true, "pv": true,
}

// cliticLoan reports a social loan inside Arabizi clitics: a prefix of
// the imperfect or a preposition before it and a pronoun after it
// ("afollowk" I'll follow you, "bfollowak", "tfollowni"): the
// loan is the word, kept Latin like the bare loan; spelled letter by letter
// it would be an unknown Arabic word.
func cliticLoan(w []byte) bool {
	if len(w) < 6 {
		return false
	}
	// a prefix of at most three letters, a suffix of at most three
	for k := 0; k <= 3 && k+4 <= len(w); k++ {
		if k > 0 && !loanPrefixes[string(w[:k])] {
			continue
		}
		for n := 0; n <= 3 && k+4 <= len(w)-n; n++ {
			if k+n == 0 || n > 0 && !loanSuffixes[string(w[len(w)-n:])] {
				continue
			}
			if stem := w[k : len(w)-n]; socialLoans[string(stem)] && len(stem) >= 4 {
				return true
			}
		}
	}
	return false
}

var (
	loanPrefixes = map[string]bool{"a": true, "b": true, "ba": true, "n": true, "t": true, "y": true, "bt": true, "bn": true, "by": true, "ha": true, "7a": true, "ra7": true, "l": true, "w": true, "wa": true}
	loanSuffixes = map[string]bool{"k": true, "ak": true, "ek": true, "ik": true, "ni": true, "ny": true, "ne": true, "o": true, "u": true, "oo": true, "na": true, "ha": true, "hom": true, "kom": true, "ko": true, "li": true, "lak": true, "lik": true, "lo": true}
)

// quantity reports a number with a multiplier letter ("10k", "1m", "50k"):
// a count, not an Arabizi word (the digits 1 and 0 are no letters, so it
// would read as a bare ك).
func quantity(w []byte) bool {
	n := len(w)
	if n < 2 || w[n-1] != 'k' && w[n-1] != 'm' && w[n-1] != 'b' {
		return false
	}
	for _, c := range w[:n-1] {
		if !isDigit(c) && c != '.' {
			return false
		}
	}
	// one Arabizi digit before the letter is a word ("3m" عم)
	return n > 2 || w[0] == '1' || w[0] == '4'
}

// Guard marks words (Arabic, folded here) as offensive: the search reads
// a Latin word as one of them, or as one of them before a suffix, only when
// every Latin consonant of the word takes its preferred reading (a digit
// may take any of its readings). Arabizi spells most words with the plain
// consonant ("3ers" is عرس, a wedding; "tnazel" تنزل, "it comes out"): a
// reading that needs z as ذ or s as ص to reach an insult (عرص, نذل) turns
// an ordinary word into one, and the moderation and sentiment tables then
// flag a clean comment. Insults whose Arabizi spelling needs such a letter
// ("3abeet" عبيط, "nassab" نصاب) are rows of translit/words.tsv, read
// before the search. Call it before the transliterator is shared.
func (t *Transliterator) Guard(words []string) { t.guarded = foldInto(t.guarded, words) }

// foldInto adds the folded words of words to m (made when nil) and returns it.
func foldInto(m map[string]bool, words []string) map[string]bool {
	if m == nil {
		m = map[string]bool{}
	}
	for _, w := range words {
		for _, x := range strings.Fields(textnorm.Fold(w)) {
			m[x] = true
		}
	}
	return m
}

// GuardObscene makes words (folded here) obscenities: read only when every
// Latin consonant and every digit of two letters (6, 8, 9) takes its
// preferred reading: the Gulf "ma3ra9" (معرض, a showroom) must not read
// معرص. Milder insults stay reachable through a digit ("9ayi3" صايع).
// Call it before the transliterator is shared.
func (t *Transliterator) GuardObscene(words []string) { t.severe = foldInto(t.severe, words) }

// AddVocabulary adds Arabic words (folded here) that a Latin word no
// reading of the lexicon words spells may be read as: such a word is still
// spelled letter by letter (the readings of the text do not change), but
// counts as Known and as Vocab, evidence that the text is Arabic
// ("masaref" مصاريف, "agdar" اقدر). Call it before the transliterator is
// shared.
func (t *Transliterator) AddVocabulary(words []string) {
	if !t.hasVocab {
		t.vocab.init()
		t.hasVocab = true
	}
	for _, w := range words {
		for _, x := range strings.Fields(textnorm.Fold(w)) {
			t.vocab.add(x)
		}
	}
}

// AddLoans makes the Latin words of words (lower-cased) loans: kept as they
// are and counted as Translit.Loan, like socialLoans. Callers use it for
// Arabizi spellings their own tables match in Latin letters (a moderation
// table's "sharmoota"): words of an Arabic sentence, not English. Words of
// the Arabizi table are not made loans. Call it before the transliterator
// is shared.
func (t *Transliterator) AddLoans(words []string) {
	for _, w := range words {
		if w = strings.ToLower(strings.TrimSpace(w)); w != "" {
			if _, inTable := t.table[skeletonString(w)]; !inTable { // "ya", "el" stay Arabizi particles
				t.loans[w] = true
			}
		}
	}
}

// englishLeet are English words written with digits ("gr8 video", "see u
// l8r"): kept English, never read as Arabizi digits (غرق for "gr8").
var englishLeet = []string{"gr8", "l8r", "l8", "w8", "m8", "h8", "h8r", "str8", "sk8", "2day", "2nite", "2night", "2morrow", "2moro",
	"b4", "4ever", "4u", "2u", "u2", "me2", "any1", "some1", "no1", "every1", "some1s", "2gether", "f8", "d8", "n8"}

// Cues counts the Latin words of a text, read as Arabic, whose spelling
// follows the letter conventions of one dialect's Arabizi: what the Arabic
// reading loses ("le3be" and "lu3ba" both read لعبه). See
// Transliterator.Cues. (The letter g is no such cue: Egyptian writes ج so,
// "gamila", and Gulf ق, "gahwa", but the reading's choice between the two
// is only the lexicons' guess.)
type Cues struct {
	// Six: a word with the digit 6 (ط, 6' ظ) or 9 (ص, ق) among its letters:
	// the Gulf keyboard convention; Egyptian and Levantine Arabizi mostly
	// write ط as "t" and ص as "s".
	Six int
	// FinalE: a word read as Arabic ending in a consonant and "e" (the
	// feminine ة said [e], Levantine imala: "jdide", "kharbane",
	// "le3be"); Egyptian and Gulf write it "a" ("gdida", "5arbana").
	FinalE int
	// Oon: an imperfect verb (t-, y-, n-) with the plural ending -oon/-oun
	// ("tiftahoon", "t7ottoon"): Gulf; Egyptian and Levantine end it in
	// -o/-u ("tefta7o", "t7otto").
	Oon int
	// Al: the article written "al" ("al cafe", "al7agha"): Gulf;
	// Egyptian and Levantine write "el" ("el cafe", "el7aga").
	Al int
	// Th: a word read as Arabic spelled with "th" or "dh" (ث ذ ظ said as
	// interdentals: "mowatheef" موظف, "hatha" هذا, "6ayeth"): Gulf;
	// Egyptian and Levantine say and write them t/s, d/z ("mwazzaf",
	// "hada"). The h of a pronoun suffix after t or d ("3amalet-ha",
	// "ma3and-homsh") is no such spelling. On the project's corpus (by the
	// spelling alone): in 58 Gulf Arabizi comments, 1 Egyptian
	// ("estathmer") and no Levantine one.
	Th int
	// Bey: the imperfect prefix b- written "bey" before the verb
	// ("beyrod", "bey2fel", "beyefta7"): Egyptian (its بيـ is said
	// [bi-je]); Levantine writes "by"/"bi" ("byrod", "bi2fel"). On the
	// project's corpus, obvious-comment set and Arabizi dev set: 16 such
	// words in Egyptian comments, none in Levantine or Gulf ones ("beit",
	// "bein" are nouns: not counted).
	Bey int
}

// Cues reads the spelling conventions of the Latin words of text that t
// reads as Arabic (not kept as English, not loans; outside links,
// @mentions and hashtags). english, when not nil, names further English
// words (a larger vocabulary than t's): loans ("page", "instagram"),
// whose spelling is no cue. On the 1,098 Arabizi comments of the
// project's corpus and the 138 of the Arabizi dev set: a final "e" is in 57
// Levantine comments, 1 Egyptian and 1 Gulf one; 6 or 9 in 94 Gulf, 11
// Levantine and 4 Egyptian ones; -oon in 19 Gulf ones and no other; the
// article "al" in 51 Gulf ones and no other.
func (t *Transliterator) Cues(text string, english func(string) bool) Cues {
	var c Cues
	var buf [maxTranslitWord]byte
	for i := 0; ; {
		var j int
		var letters bool
		if i, j, letters = nextLatinWord(text, i); i == len(text) {
			break
		}
		if letters && standalone(text, i, j) {
			c.add(t, lowerWord(buf[:0], text[i:j]), english)
		}
		i = j
	}
	return c
}

// apostropheDigit: the letter an Arabizi digit with an apostrophe stands for.
var apostropheDigit = [256]string{'3': "غ", '7': "خ", '9': "ض", '6': "ظ"}

// nextLatinWord returns the bounds [s, e) of the first Latin word of text at
// or after i, outside links, @mentions and hashtags (protectedField), and
// whether it has a letter (not digits alone); s is len(text) when none is
// left. Transliterate and Cues walk the same words with it.
func nextLatinWord(text string, i int) (s, e int, letters bool) {
	for i < len(text) {
		if end, skip := protectedField(text, i); skip {
			i = end
			continue
		}
		if !isLatinWordByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && (isLatinWordByte(text[j]) || wordApostrophe(text, i, j)) {
			letters = letters || text[j] >= 'A'
			j++
		}
		return i, j, letters
	}
	return len(text), len(text), false
}

// standalone reports the Latin word text[i:j] short enough to read and not
// glued to a non-ASCII letter (a mixed token is left alone).
func standalone(text string, i, j int) bool {
	return j-i <= maxTranslitWord && (i == 0 || text[i-1] < 0x80) && (j == len(text) || text[j] < 0x80)
}

// lowerWord appends w in lower case to buf.
func lowerWord(buf []byte, w string) []byte {
	for k := 0; k < len(w); k++ {
		buf = append(buf, lower(w[k]))
	}
	return buf
}

// add counts the cues of one lower-case Latin word.
func (c *Cues) add(t *Transliterator, w []byte, english func(string) bool) {
	if t.loans[string(w)] || cliticLoan(w) || quantity(w) {
		return
	}
	ar, _, how := t.word(w)
	if how == wordEnglish || ar == "" {
		return
	}
	if string(w) == "al" { // before the English words: also a name ("Al")
		c.Al++
		return
	}
	if english != nil && english(string(w)) {
		return
	}
	n := len(w)
	if n >= 6 && w[0] == 'a' && w[1] == 'l' && w[2] != 'l' && strings.HasPrefix(ar, "ال") {
		// the article joined to a word of four letters or more read as
		// Arabic without it ("al7agha" ال + حاجه; not "allah", "alwan")
		if ar2, _, how2 := t.word(w[2:]); (how2 == wordKnown || how2 == wordTable) && "ال"+ar2 == ar {
			c.Al++
		}
	}
	for _, b := range w {
		if b == '6' || b == '9' {
			c.Six++
			break
		}
	}
	if n >= 4 && w[n-1] == 'e' && !isVowel(w[n-2]) && w[n-2] != 'y' && w[n-2] != '\'' && how != wordSpelled && how != wordVocab {
		// a word of the lexicons or the table (a loan spelled letter by
		// letter has an English final e)
		c.FinalE++
	}
	if (how == wordKnown || how == wordTable) && interdental(w) {
		c.Th++
	}
	if n >= 5 && w[0] == 'b' && w[1] == 'e' && w[2] == 'y' && w[3] != 't' && w[3] != 'n' {
		// not "beyt"/"beytna" (house), "beyn"/"beynna" (between)
		c.Bey++
	}
	if n >= 6 && (w[0] == 't' || w[0] == 'y' || w[0] == 'n') {
		stem := w[1:]
		for _, s := range []string{"oon", "oun", "un", "on"} {
			if len(stem) > len(s) && string(stem[len(stem)-len(s):]) == s {
				stem = stem[:len(stem)-len(s)]
				cons := 0
				for _, b := range stem {
					if !isVowel(b) && b != 'y' && b != 'w' && b != '\'' {
						cons++
					}
				}
				// a stem of two consonants or more ("ykoon" is one
				// verb, كان), not the pronoun suffix -kon/-hon
				// ("ya3tikon", Levantine "to you")
				if last := stem[len(stem)-1]; cons >= 2 && last != 'k' && last != 'h' {
					c.Oon++
				}
				break
			}
		}
	}
}

// interdental reports a "th" or "dh" in w that is not t/d before the h of a
// pronoun suffix (-ha, -hom, -hon, -hm and their negated -sh forms).
func interdental(w []byte) bool {
	for k := 0; k+1 < len(w); k++ {
		if (w[k] != 't' && w[k] != 'd') || w[k+1] != 'h' {
			continue
		}
		switch string(w[k+2:]) {
		case "a", "ah", "aa", "om", "um", "m", "on", "un", "omsh", "umsh", "msh", "ash", "esh":
			continue
		}
		return true
	}
	return false
}
