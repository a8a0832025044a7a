package dialect

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// TestArabiziDev measures the hand-written Arabizi dev set
// (testdata/arabizi_dev.jsonl, README.md "Arabizi dev set"): at least 90% of
// its comments must be read as Arabic (language ar, or mixed for the
// English-and-Arabizi rows; script latin, direction ltr) and at least 75%
// get the right dialect.
func TestArabiziDev(t *testing.T) {
	f, err := os.Open("testdata/arabizi_dev.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, recognised, right, langOK := 0, 0, 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r struct{ Text, Label, Lang string }
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		n++
		d := Detect(r.Text)
		if d.Script != "latin" || d.Direction != "ltr" {
			t.Errorf("Detect(%q) = %+v: want script latin, direction ltr", r.Text, d)
		}
		if d.Dialect != "" && d.Language != "en" {
			recognised++
		}
		if d.Language == r.Lang {
			langOK++
		}
		if d.Dialect == r.Label {
			right++
		}
		if testing.Verbose() && (d.Dialect != r.Label || d.Language != r.Lang) {
			t.Logf("%-9s %-5s got %-9s %-5s %.2f  %s", r.Label, r.Lang, d.Dialect, d.Language, d.DialectConfidence, r.Text)
		}
	}
	if n < 100 {
		t.Fatalf("only %d rows", n)
	}
	t.Logf("Arabizi dev: %d rows, recognised %d (%.3f), right dialect %d (%.3f), right language %d (%.3f)",
		n, recognised, float64(recognised)/float64(n), right, float64(right)/float64(n), langOK, float64(langOK)/float64(n))
	if recognised*100 < 90*n {
		t.Errorf("recognised as Arabic: %d of %d, want >= 90%%", recognised, n)
	}
	if right*100 < 75*n {
		t.Errorf("right dialect: %d of %d, want >= 75%%", right, n)
	}
	if langOK*100 < 85*n {
		t.Errorf("right language (ar / mixed): %d of %d, want >= 85%%", langOK, n)
	}
}

// TestEnglishLookalikes: English sentences (written for this test) with
// words that are also Arabizi, names, numbers and slang stay English.
func TestEnglishLookalikes(t *testing.T) {
	for _, en := range []string{
		"I finished 2nd in the 5km race at 7pm",
		"my mp3 player and the ps5 are broken",
		"the law says you have a 3 day return window",
		"see you at 8am, bring 2 coffees",
		"Ana and Maya went to the mall with Layla",
		"la la land is my favourite movie",
		"see ya later, bring the ps5 and 2 controllers",
		"the mesh bag was 3x cheaper than the leather one",
		"Yalla is a nice name for a coffee shop I guess",
		"habibi come to dubai meme is everywhere lol",
		"I owe you 7 bucks and 3 coffees",
		"Shu Qi was great in that film",
		"my kid says wallah all the time now, no idea why",
		"we had shawarma and falafel for lunch, 10/10",
		"Inshallah we will win the game tomorrow, said the coach",
		"she said hi and left at 5 pm",
		"B2B sales grew 35% in Q3 thanks to the new team",
		"R2D2 and C3PO are in the new trailer",
		"meet me at 221b baker street at 7",
		"mashallah what a goal by Salah",
		"the fee is 5k for 2 nights",
		// round 9 Arabizi words (3a, bdi, zido, ebni, mostawa, daraga) are no English words
		"Three-a-side games are 3 a week at the club",
		"my son scored a new level in the game, 2 points",
	} {
		if d := Detect(en); d.Language != "en" || d.Dialect != "" {
			t.Errorf("Detect(%q) = %+v, want English", en, d)
		}
	}
}

// TestEnglishListDisjoint: no English word of markers/english.txt has the
// skeleton of a strong Arabizi marker (one token would count for both; the
// weak markers, below minArabiziWeight, are the known homographs).
func TestEnglishListDisjoint(t *testing.T) {
	ar := map[string]string{}
	for _, m := range Markers() {
		if isLatinMarker(m.Text) && m.Variety != "en" && m.Weight >= minArabiziWeight {
			ar[skeletonString(m.Text)] = m.Text
		}
	}
	for _, m := range Markers() {
		if m.Variety == "en" {
			if a, ok := ar[skeletonString(m.Text)]; ok {
				t.Errorf("English %q and Arabizi %q share the skeleton %q", m.Text, a, skeletonString(m.Text))
			}
		}
	}
}

func TestLatinSkeleton(t *testing.T) {
	for in, want := range map[string]string{
		"kteeer":   "ktir",
		"keefak":   "kifak",
		"awy":      "awi",
		"ezay":     "izay",
		"khalas":   "5alas",
		"shlonak":  "shlunak",
		"wallah":   "walah",
		"3ayez":    "3ayiz",
		"ktir 7lw": "ktir 7lw",
		"boy toy":  "buy tuy",
	} {
		if got := skeletonString(in); got != want {
			t.Errorf("skeleton(%q) = %q, want %q", in, got, want)
		}
	}
	if got := string(latinSkeleton([]byte("\x85\x85ee"))); got != "\x85\x85i" {
		t.Errorf("Arabic bytes changed: %q", got)
	}
}

// TestArabiziEverydayWords: short Arabizi comments whose only evidence is
// everyday words with no digit (round 9: bdi, laitkom, zido, mawgood, ebni,
// shabeb, 3a) are read as Arabic, in the dialect the word belongs to when
// it has one (sentences of our own).
func TestArabiziEverydayWords(t *testing.T) {
	for _, c := range []struct{ text, dialect string }{
		{"bdi order jdeed ya shabeb", "levantine"},
		{"laitkom tnazlon offer ya jama3a", "gulf"},
		{"el size da mawgood?", "egyptian"},
		{"zido el videos ya shabeb", ""},
		{"ebni 7abb el course ktir", "levantine"},
		{"wasalni el order 3a el bet", "levantine"},
		// no digit at all: everyday words only
		{"ya reet tzido dorous lal wlad bel sayf", ""},
		{"el akl zay el fol", "egyptian"},
	} {
		d := Detect(c.text)
		if d.Language != "ar" || !d.Arabizi {
			t.Errorf("Detect(%q) = %+v, want Arabizi", c.text, d)
			continue
		}
		if c.dialect != "" && d.Dialect != c.dialect {
			t.Errorf("Detect(%q).Dialect = %q, want %q", c.text, d.Dialect, c.dialect)
		}
	}
}
