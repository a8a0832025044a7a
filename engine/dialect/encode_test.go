package dialect

import (
	"math/rand"
	"testing"

	"svc/engine/textnorm"
	"svc/internal/testcorpus"
)

// checkEncode asserts that the fused pass equals the reference path
// (scan.run + textnorm.Fold + compactFrom) on s.
func checkEncode(t *testing.T, s string) {
	t.Helper()
	var want scan
	want.run(s)
	wantB := compactFrom(nil, []byte(textnorm.Fold(s)))
	var got scan
	var tmp []byte
	gotB := encode(nil, s, &got, &tmp)
	if string(gotB) != string(wantB) || got != want {
		t.Fatalf("encode(%q):\n got %x %+v\nwant %x %+v", s, gotB, got, wantB, want)
	}
}

func TestCompactMatchesFold(t *testing.T) {
	for _, s := range []string{"", " ", "مَرْحَباً", "جمـــيل", "جمييييل", "ممكن", "ههههههه", "Goooood", "أإآٱا", "مستشفى", "٠١٢٣ ۰۱۲",
		"  hello \t\n  world  ", "گال چذي ڤيديو", "ی ک", "فى البيت", "اللى فى", "@user شو", "http://x.com/شو هلق", "@\nفى",
		"\v\fفى\v", "ا ً ا", "ااا ب", "aaA", "A\u0651", "ـــ", "x،y", "\xd8", "\xd8\x20", "ﻻ", "آ\u0653"} {
		checkEncode(t, s)
	}
	// random strings from a small alphabet that exercises every rule
	alpha := []rune("ابتثجحخدذرزسشصضطظعغفقكلمنهوي ىةأإآؤئءـًٌٍَُِّْٰ٠٣۵گچڤپکیۀ،؟ \t\n\v@hw.:/ABaz09ﻻé🙂\u200f\u0654\u0670")
	rng := rand.New(rand.NewSource(7))
	for n := 0; n < 20000; n++ {
		k := rng.Intn(20)
		r := make([]rune, k)
		for i := range r {
			r[i] = alpha[rng.Intn(len(alpha))]
		}
		checkEncode(t, string(r))
	}
	// real texts: the repository's corpus (Arabic tweets and English comments)
	texts := testcorpus.Texts("")
	if len(texts) == 0 {
		t.Fatal("empty test corpus")
	}
	for _, s := range texts {
		checkEncode(t, s)
	}
}

func FuzzEncode(f *testing.F) {
	for _, s := range []string{"", "مش كده", "فى", "@u x", "ﻻ", "\xff", "ـ", "ااا"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkEncode(t, s) })
}
