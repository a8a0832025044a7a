package builtin

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"svc/engine/textnorm"
)

// The allocation-free fast paths must agree with the general ones.

func TestFoldPlainMatchesFold(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []rune("abcxyzABZ019@$ـاأإآةىبتثكلمنهويءئؤ\u064e\u200c-._é")
	for i := 0; i < 20000; i++ {
		n := 1 + rng.Intn(8)
		rs := make([]rune, n)
		for k := range rs {
			rs[k] = alphabet[rng.Intn(len(alphabet))]
			if rng.Intn(4) == 0 && k > 0 {
				rs[k] = rs[k-1]
			}
		}
		s := string(rs)
		if k, _, ok := foldPlain(s); ok && k != textnorm.Fold(s) {
			t.Fatalf("foldPlain(%q) = %q, Fold = %q", s, k, textnorm.Fold(s))
		}
	}
	for _, s := range []string{"hello", "كلب", "ممكن", "goood", "جمييل", "جميييل", "Hello"} {
		if k, _, ok := foldPlain(s); ok && k != textnorm.Fold(s) {
			t.Fatalf("foldPlain(%q) = %q, Fold = %q", s, k, textnorm.Fold(s))
		}
	}
}

func TestRepeatedWordMatchesCount(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	words := []string{"spam", "buy", "now", "ok", "عرض", "عرض", "xx", "free"}
	for i := 0; i < 20000; i++ {
		n := 6 + rng.Intn(20)
		ws := make([]string, n)
		for k := range ws {
			ws[k] = words[rng.Intn(1+rng.Intn(len(words)))]
		}
		toks := tokenize(strings.Join(ws, " "))
		count := map[string]int{}
		want := false
		for _, tk := range toks {
			if len([]rune(tk.key)) > 2 {
				count[tk.key]++
			}
		}
		for _, c := range count {
			if c >= 5 && float64(c) >= 0.4*float64(len(toks)) {
				want = true
			}
		}
		if got := repeatedWord(toks); got != want {
			t.Fatalf("%q: repeatedWord %v, want %v", ws, got, want)
		}
	}
}

func TestCountFields(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a  b\tc\n", "مرحبا\u00a0بك", "x\u2003y", "\xff bad \xc3", "a\u0085b"} {
		if countFields(s) != len(strings.Fields(s)) {
			t.Errorf("%q: %d, want %d", s, countFields(s), len(strings.Fields(s)))
		}
	}
}

// The spam prefilters (mayHaveURL, mayHaveMoney) only skip texts their
// regular expression cannot match.
func TestSpamPrefilters(t *testing.T) {
	// the prefilters were written for these patterns: a change to either
	// must revisit mayHaveURL, findURLs (no match crosses \s) or mayHaveMoney
	if reURL.String() != `(?i)\b(?:https?://|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|ly|be|me|io|co|tk|info|biz|xyz|gl|link|site|online|store|shop)(?:/\S*)?\b` ||
		reMoney.String() != `\$\s?[0-9٠-٩]|[0-9٠-٩]\s?\$|[0-9٠-٩]+\s?(?:usd|dollars|ريال|دولار|جنيه|دينار|درهم)` {
		t.Fatal("reURL or reMoney changed: check mayHaveURL, findURLs and mayHaveMoney against the new pattern, then update this test")
	}
	rng := rand.New(rand.NewSource(3))
	parts := []string{"\t", "\v", "\n", "\u00a0", "  ", "http", "HTTPS://", "hTtP", "www.", "WWW.", ".", ". ", ".com", ".CO", ".ſite", "x", "ab-c", "/", " ", "$", "5", "12", "٨", "٣٠", "usd", "USD", "Dollars",
		"dOl", "ريال", "دولار", "جنيه", "دينار", "درهم", "ا", "t.co/", "K", "\u212a", "ſ", "é", "\xff", "\xc5", "://", "shop", "tk"}
	for i := 0; i < 200000; i++ {
		var b strings.Builder
		for n := 1 + rng.Intn(8); n > 0; n-- {
			b.WriteString(parts[rng.Intn(len(parts))])
		}
		s := b.String()
		if reURL.MatchString(s) && !mayHaveURL(s) {
			t.Fatalf("%q: reURL matches, mayHaveURL false", s)
		}
		if got, want := findURLs(s), reURL.FindAllStringIndex(s, -1); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: findURLs %v, reURL %v", s, got, want)
		}
		if reMoney.MatchString(strings.ToLower(s)) && !mayHaveMoney(s) {
			t.Fatalf("%q: reMoney matches, mayHaveMoney false", s)
		}
	}
	for _, s := range sampleComments {
		if reURL.MatchString(s) != (reURL.MatchString(s) && mayHaveURL(s)) {
			t.Errorf("%q: prefilter drops a URL", s)
		}
	}
}

func TestASCIISpace(t *testing.T) {
	for c := 0; c < 128; c++ {
		if asciiSpace[c] != unicode.IsSpace(rune(c)) {
			t.Errorf("%q: asciiSpace %v", rune(c), asciiSpace[c])
		}
	}
	for r := rune(0xC0); r < 0x800; r++ {
		if unicode.IsSpace(r) {
			t.Errorf("%U is a space: countFields's two-byte fast path is wrong", r)
		}
	}
}

// TestIsWordRuneFast: the ASCII and Arabic fast paths of isWordRune agree
// with the general test.
func TestIsWordRuneFast(t *testing.T) {
	for r := rune(0); r < 0x700; r++ {
		want := unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || isInvisible(r) || r == '@' || r == '$'
		if isWordRune(r) != want {
			t.Errorf("%U: isWordRune %v", r, !want)
		}
	}
}

// TestKnownFirst: every matcher's first words are in knownFirst, so the
// tokens' cached "in no matcher" answers never skip a match, and each
// holds the matcher's own entries.
func TestKnownFirst(t *testing.T) {
	for _, m := range []*matcher{urgentM, spamM, intentM, intentS, modM, allowM, sentM, dlM, glEnM, glArM, articleM} {
		for k, es := range m.first {
			fw := knownFirst[k]
			if fw == nil || fw.bits&m.bit == 0 {
				t.Fatalf("%q missing from knownFirst", k)
			}
			// the entries a matcher reads through knownFirst are its own, in order
			if got := fw.of(m); len(got) != len(es) {
				t.Fatalf("%q: %d entries through knownFirst, %d in the matcher", k, len(got), len(es))
			} else {
				for i := range es {
					if got[i] != es[i] {
						t.Fatalf("%q: entry %d differs", k, i)
					}
				}
			}
		}
	}
}

// TestAppendStripsIndexed: appendStrips, which tries only the affixes that
// share the key's first or last rune, returns what trying every affix does.
func TestAppendStripsIndexed(t *testing.T) {
	all := func(key string) []string {
		var out []string
		n := utf8.RuneCountInString(key)
		for pi, p := range arPrefixes {
			pn := arPrefixLen[pi]
			if n-pn < 2 || !strings.HasPrefix(key, p) {
				continue
			}
			rest := key[len(p):]
			if purposeLam(p, rest) {
				continue
			}
			out = append(out, rest)
			for si, sf := range arSuffixes {
				if n-pn-arSuffixLen[si] >= 2 && strings.HasSuffix(rest, sf) {
					out = append(out, rest[:len(rest)-len(sf)])
				}
			}
		}
		for si, sf := range arSuffixes {
			if n-arSuffixLen[si] >= 2 && strings.HasSuffix(key, sf) {
				out = append(out, key[:len(key)-len(sf)])
			}
		}
		return out
	}
	rng := rand.New(rand.NewSource(4))
	letters := []rune("والهبفكعليتنمسدx\xff")
	for i := 0; i < 100000; i++ {
		rs := make([]rune, 1+rng.Intn(7))
		for k := range rs {
			rs[k] = letters[rng.Intn(len(letters))]
		}
		key := string(rs)
		if got, want := appendStrips(nil, key), all(key); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %q, want %q", key, got, want)
		}
	}
}

// TestFoldArabicLetters: a word of Arabic letters gets from
// foldArabicLetters the token the general path builds (random words over
// the letters, the folding ones and a few that are not letters, with many
// repeats so that runs of three occur).
func TestFoldArabicLetters(t *testing.T) {
	var alphabet []rune
	for r := rune(0x0620); r <= 0x064C; r++ {
		alphabet = append(alphabet, r)
	}
	alphabet = append(alphabet, 'a', '3', 0x0670, 0x06CC, 0x06A9)
	rng := rand.New(rand.NewSource(12))
	sc1, sc2 := new(keyScratch), new(keyScratch)
	fast := 0
	for n := 0; n < 200000; n++ {
		var w []rune
		for k := 1 + rng.Intn(8); k > 0; k-- {
			if len(w) > 0 && rng.Intn(3) == 0 {
				w = append(w, w[len(w)-1])
			} else if rng.Intn(2) == 0 {
				w = append(w, []rune{0x0622, 0x0623, 0x0625, 0x0627, 0x0629, 0x0647, 0x0649, 0x064A, 0x0624, 0x0626, 0x0621}[rng.Intn(11)])
			} else {
				w = append(w, alphabet[rng.Intn(len(alphabet))])
			}
		}
		raw := string(w)
		got := makeToken(raw, 0, len(raw), sc1)
		want := makeTokenGeneral(token{start: 0, end: len(raw)}, raw, sc2)
		if _, _, ok := foldArabicLetters(sc1, raw); ok {
			fast++
		}
		if got.key != want.key || got.arabic != want.arabic || got.elong != want.elong || got.single != want.single || got.sq != want.sq || got.leet != want.leet {
			t.Fatalf("%q (%U): %+v, want %+v", raw, w, got, want)
		}
	}
	if fast < 10000 {
		t.Errorf("only %d words took the fast path", fast)
	}
}

// TestHasRunBytes: hasRun's byte-level paths agree with decoding runes
// (random strings of ASCII, Arabic, three-byte runes, emoji and invalid
// bytes, with many repeats).
func TestHasRunBytes(t *testing.T) {
	pieces := []string{"a", "b", "ا", "ب", "ة", "€", "😂", "\xd8", "\xa7", "\xff", "\xd8\xd8", " "}
	rng := rand.New(rand.NewSource(7))
	for n := 0; n < 100000; n++ {
		var b strings.Builder
		for k := rng.Intn(7); k >= 0; k-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		s := b.String()
		if hasRun(s) != hasRunRunes(s) {
			t.Fatalf("%q: hasRun %v", s, hasRun(s))
		}
	}
}
