package textnorm

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFold(t *testing.T) {
	cases := []struct{ in, want string }{
		{"مَرْحَباً", "مرحبا"},                     // diacritics and tanween removed
		{"جمـــيل", "جميل"},                        // tatweel removed
		{"جمييييل", "جميل"},                        // Arabic elongation: 3+ -> 1
		{"ممكن", "ممكن"},                           // two equal Arabic letters stay
		{"ههههههه", "ه"},                           // laughter collapses
		{"good", "good"},                           // English double letter stays
		{"Goooood", "good"},                        // Latin 3+ -> 2, lower case
		{"أإآٱا", "ا"},                             // alef variants fold, then the run collapses
		{"مستشفى", "مستشفي"},                       // alef maksura -> yeh
		{"مدرسة", "مدرسه"},                         // teh marbuta -> heh
		{"٠١٢٣٤٥٦٧٨٩ ۰۱۲", "0123456789 012"},       // Arabic-Indic and Eastern digits
		{"ﻻ", "لا"},                                // NFKC: lam-alef ligature
		{"ＡＢＣ", "abc"},                             // NFKC: full width
		{"a\u200bb\u200fc\u202bd\ufeffe", "abcde"}, // zero-width and direction marks
		{"  hello \t\n  world  ", "hello world"},   // white space collapsed and trimmed
		{"گال چذي ڤيديو", "گال چذي ڤيديو"},         // dialect letters kept
		{"ی ک", "ي ك"},                             // Persian yeh and keheh
		{"", ""},
	}
	for _, c := range cases {
		if got := Fold(c.in); got != c.want {
			t.Errorf("Fold(%q) = %q, want %q", c.in, got, c.want)
		}
		got, offs := Normalize(c.in)
		if got != c.want {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.want)
		}
		checkOffsets(t, c.in, got, offs)
	}
}

func checkOffsets(t *testing.T, in, folded string, offs []int) {
	t.Helper()
	if len(offs) != len(folded)+1 {
		t.Fatalf("Normalize(%q): %d offsets for %d bytes", in, len(offs), len(folded))
	}
	prev := 0
	for i, o := range offs {
		if o < prev || o > len(in) {
			t.Fatalf("Normalize(%q): offsets[%d] = %d (prev %d, len %d)", in, i, o, prev, len(in))
		}
		prev = o
	}
	// every byte of one folded rune carries the same offset, at a rune start of in
	for i := 0; i < len(folded); {
		_, n := utf8.DecodeRuneInString(folded[i:])
		for j := i; j < i+n; j++ {
			if offs[j] != offs[i] {
				t.Fatalf("Normalize(%q): bytes of one rune map apart", in)
			}
		}
		if offs[i] < len(in) && !utf8.RuneStart(in[offs[i]]) {
			t.Fatalf("Normalize(%q): offset %d not at a rune start", in, offs[i])
		}
		i += n
	}
}

// mask replaces the original span of every occurrence of word in the folded
// text by "***", as moderation does.
func mask(s, word string) string {
	folded, offs := Normalize(s)
	var b strings.Builder
	last := 0
	for from := 0; ; {
		k := strings.Index(folded[from:], word)
		if k < 0 {
			break
		}
		a := from + k
		st, en := OriginalSpan(offs, a, a+len(word))
		b.WriteString(s[last:st])
		b.WriteString("***")
		last = en
		from = a + len(word)
	}
	b.WriteString(s[last:])
	return b.String()
}

func TestOriginalSpanMasking(t *testing.T) {
	cases := []struct{ in, word, want string }{
		{"يا كلب!", "كلب", "يا ***!"},
		{"يا كـــلـــب!", "كلب", "يا ***!"},       // tatweel inside the word
		{"يا كَلْبٌ!", "كلب", "يا ***!"},          // diacritics, including the last letter's
		{"يا كلبببببب يا", "كلب", "يا *** يا"},    // elongation belongs to the word
		{"يا ك\u200bل\u200dب.", "كلب", "يا ***."}, // zero-width characters inside
		{"you are an IDIOOOOT ok", "idioot", "you are an *** ok"},
		{"\u200f  كلب  ", "كلب", "\u200f  ***  "}, // leading marks and trailing space untouched
		{"ﻻ تكذب", "لا", "*** تكذب"},              // ligature: one original char, two folded runes
		{"كلب كلب", "كلب", "*** ***"},
	}
	for _, c := range cases {
		if got := mask(c.in, c.word); got != c.want {
			t.Errorf("mask(%q, %q) = %q, want %q", c.in, c.word, got, c.want)
		}
	}
}

func TestOriginalSpanInsideExpansion(t *testing.T) {
	// "ﻻ" is one original character folded to two runes: a span covering only
	// the first still maps to the whole character, never to an empty span.
	f, offs := Normalize("ﻻ")
	if f != "لا" {
		t.Fatalf("got %q", f)
	}
	s, e := OriginalSpan(offs, 0, 2)
	if s != 0 || e != len("ﻻ") {
		t.Errorf("span = [%d,%d)", s, e)
	}
}

func TestAppendNormalizeReuse(t *testing.T) {
	var buf []byte
	offs := make([]int, 0, 64) // non-nil: offsets wanted
	for _, s := range []string{"مرحبا بكم", "hello", "جمييييل جدا"} {
		buf, offs = AppendNormalize(buf[:0], offs[:0], s)
		want, wantOffs := Normalize(s)
		if string(buf) != want || len(offs) != len(wantOffs) {
			t.Fatalf("AppendNormalize(%q) = %q", s, buf)
		}
		for i := range offs {
			if offs[i] != wantOffs[i] {
				t.Fatalf("offset %d differs", i)
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() {
		buf, offs = AppendNormalize(buf[:0], offs[:0], "والله الفيلم ده حلو اوي بس النهاية مش عاجباني")
	}); n != 0 {
		t.Errorf("AppendNormalize allocates %.0f times", n)
	}
}

func TestIsArabic(t *testing.T) {
	if !IsArabicLetter('ب') || !IsArabicLetter('چ') || IsArabicLetter('ـ') || IsArabicLetter('a') || IsArabicLetter('٣') {
		t.Error("IsArabicLetter")
	}
	if !IsArabic('٣') || IsArabic('x') {
		t.Error("IsArabic")
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", "مَرْحَباً", "جمييييل", "ﻻ", "a\u0301", "و\u0654", "\xff\xfe", "  x  ", "Goooood ١٢٣", "ك\u200bلب"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		folded, offs := Normalize(s)
		if Fold(s) != folded {
			t.Fatalf("Fold and Normalize differ on %q", s)
		}
		if len(offs) != len(folded)+1 {
			t.Fatalf("len(offs) = %d, len(folded) = %d", len(offs), len(folded))
		}
		prev := 0
		for _, o := range offs {
			if o < prev || o > len(s) {
				t.Fatalf("offsets not monotonic / in range: %v (len %d)", offs, len(s))
			}
			prev = o
		}
		if Fold(folded) != folded && utf8.ValidString(s) {
			// folding is idempotent on valid input
			t.Fatalf("Fold not idempotent: %q -> %q -> %q", s, folded, Fold(folded))
		}
		for a := 0; a < len(folded); a += 3 {
			b := a + 4
			if b > len(folded) {
				b = len(folded)
			}
			st, en := OriginalSpan(offs, a, b)
			if st < 0 || en < st || en > len(s) {
				t.Fatalf("OriginalSpan(%d,%d) = [%d,%d) of %d", a, b, st, en, len(s))
			}
		}
	})
}
