package dialect

import (
	"bufio"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"svc/engine/textnorm"
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
	// the dev sets, when present
	for _, set := range []string{"aoc-dialect", "arsarcasm-dialect", "dart-dialect"} {
		f, err := os.Open(filepath.Join("..", "..", "..", "shared", "data", set, "dev.jsonl"))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var r struct{ Text string }
			if json.Unmarshal(sc.Bytes(), &r) == nil {
				checkEncode(t, r.Text)
			}
		}
		f.Close()
	}
}

func FuzzEncode(f *testing.F) {
	for _, s := range []string{"", "مش كده", "فى", "@u x", "ﻻ", "\xff", "ـ", "ااا"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkEncode(t, s) })
}
