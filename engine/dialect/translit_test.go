package dialect

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"svc/engine/op"
	"svc/engine/textnorm"
)

// testTranslit is a transliterator guided by a small word list, so these
// tests do not depend on the analyzers' lexicons.
func testTranslit() *Transliterator {
	return NewTransliterator([]string{"حمار", "تأخر", "طبخ", "صاحب", "حلوة", "عربية", "قلب", "سيء", "مطعم", "طول", "رد", "طرد"}, []string{"video", "the", "phone"})
}

func TestTransliterateWords(t *testing.T) {
	tr := testTranslit()
	for _, c := range []struct{ in, want string }{
		{"7elw awy el video da", "حلو اوي الفيديو ده"}, // "video" is a table word: before the English list
		{"enta 7mar", "انت حمار"},
		{"ENTA 7MAR!", "انت حمار!"},
		{"el 2ordr ta2a5ar w mafeesh 7ad byrod 3alaya", "الطلب تاخر ومفيش حد بيرد عليا"},
		{"7mar", "حمار"},        // lexicon-guided: the medial a is the long alef of حمار
		{"ta2akhar", "تاخر"},    // kh = 5 = خ, 2 = hamza on an alef (folded)
		{"el tabkh", "الطبخ"},   // t read as ط because طبخ is a word
		{"sa7by", "صاحبي"},      // s = ص, suffix y = ي after a lexicon word
		{"3arabeya", "عربيه"},   // long vowel and final a = ة
		{"2albi", "قلبي"},       // initial 2 = ق (Egyptian), then a suffix
		{"el mat3am", "المطعم"}, // proclitic joined
		{"7abibi 3la tool", "حبيبي على طول"},
		{"100 2020", "100 2020"},              // numbers stay
		{"see the phone", "see the phone"},    // common English words (markers/english.txt) stay
		{"ma trod", "ما ترد"},                 // ت + رد costs less than reading t as ط for طرد
		{"ro7t 3al mat3am", "رحت على المطعم"}, // 3al is على + the article, joined to its noun
		{"3al 100 bas", "على 100 بس"},         // no noun to join: the article goes
		{"enta w el mat3am", "انت والمطعم"},   // و and the article, each apart, join their noun
	} {
		got := tr.Transliterate(c.in).Text
		if textnorm.Fold(got) != textnorm.Fold(c.want) {
			t.Errorf("Transliterate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTransliterateSource(t *testing.T) {
	tr := testTranslit()
	in := "ya  el 7mar, enta 3'abi!"
	x := tr.Transliterate(in)
	if x.Changed == 0 {
		t.Fatal("nothing transliterated")
	}
	// every Arabic word maps back to the Latin words it came from
	for _, c := range []struct{ ar, src string }{{"يا", "ya"}, {"الحمار", "el 7mar"}, {"انت", "enta"}, {"غبي", "3'abi"}} {
		i := strings.Index(x.Text, c.ar)
		if i < 0 {
			t.Fatalf("%q not in %q", c.ar, x.Text)
		}
		s := x.Source(op.Span{Start: i, End: i + len(c.ar)})
		if got := in[s.Start:s.End]; got != c.src {
			t.Errorf("Source(%q) = %q, want %q", c.ar, got, c.src)
		}
	}
	// copied text maps by its offset
	i := strings.Index(x.Text, "!")
	if s := x.Source(op.Span{Start: i, End: i + 1}); in[s.Start:s.End] != "!" {
		t.Errorf("Source(!) = %q", in[s.Start:s.End])
	}
}

func TestTransliterateBounds(t *testing.T) {
	tr := testTranslit()
	for _, in := range []string{"", "a", "3", "'", "3'", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", strings.Repeat("7a", 40), "x" + strings.Repeat("e", 23),
		"مرحبا 7abibi", "7abibiمرحبا", "el", "w", "el w el", "ya 3' 7' 9' 6'"} {
		x := tr.Transliterate(in)
		for o := 0; o <= len(x.Text); o++ {
			s := x.Source(op.Span{Start: o, End: o})
			if s.Start < 0 || s.End > len(in) || s.Start > len(in) {
				t.Fatalf("%q: Source(%d) = %+v out of range", in, o, s)
			}
		}
		s := x.Source(op.Span{Start: 0, End: len(x.Text)})
		if s.Start != 0 || s.End != len(in) {
			t.Errorf("%q: whole text maps to %+v, want [0,%d)", in, s, len(in))
		}
	}
}

func TestArabiziDetectionFlag(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"enta 7mar", true}, {"ya 7mar", true}, {"7elw awy el video da", true}, {"el 2ordr ta2a5ar w mafeesh 7ad byrod 3alaya", true},
		{"the r2d2 toy", false}, {"hello world", false}, {"انت حمار", false},
	} {
		if got := Detect(c.in).Arabizi; got != c.want {
			t.Errorf("Detect(%q).Arabizi = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestToArabizi(t *testing.T) {
	for _, in := range []string{"أهلاً بيك! شكراً على تعليقك، نورتنا.", "حقك علينا وشكراً إنك قلتلنا! هنشوف المشكلة ونحلها بسرعة.", "كلماتك أسعدتنا ٣ مرات 👍"} {
		out := ToArabizi(in)
		for _, r := range out {
			if textnorm.IsArabicLetter(r) || r >= 0x0600 && r <= 0x06FF {
				t.Fatalf("ToArabizi(%q) = %q keeps Arabic %q", in, out, r)
			}
		}
		if strings.TrimSpace(out) == "" {
			t.Fatalf("ToArabizi(%q) is empty", in)
		}
	}
	if got := ToArabizi("أهلاً بيك! شكراً على تعليقك، نورتنا."); got != "ahlan beek! shokran 3ala ta3li2ak, nawartena." {
		t.Errorf("ToArabizi = %q", got)
	}
}

var benchArabizi300 = strings.Repeat("el 2ordr ta2a5ar w mafeesh 7ad byrod 3alaya, 7elw awy el video da bas el se3r ghali. ", 4)[:300]

func BenchmarkTransliterate300(b *testing.B) {
	tr := testTranslit()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		tr.Transliterate(benchArabizi300)
	}
}

// TestMayBeArabizi: the cheap test never says no to a text Detect calls
// Arabizi (the Arabizi dev set, the tests' texts), and says no to plain
// English and to Arabic script.
func TestMayBeArabizi(t *testing.T) {
	var texts []string
	for _, r := range loadArabiziDev(t) {
		texts = append(texts, r.Text)
	}
	texts = append(texts, "enta 7mar", "ya 7mar", "mabtefhamsh", "ma fi shi", "wallahi habibi yalla", "inshallah habibi 3ala tool", "#7abibi #3ala #5ara", "@7abibi 3ala tool ya 7elw")
	n := 0
	for _, s := range texts {
		if Detect(s).Arabizi {
			n++
			if !MayBeArabizi(s) {
				t.Errorf("MayBeArabizi(%q) = false, Detect says Arabizi", s)
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d Arabizi texts checked", n)
	}
	for _, s := range []string{"Your customer service is a joke, I have been waiting for a week", "Great video, thanks!", "انت حمار 7mar", ""} {
		if MayBeArabizi(s) {
			t.Errorf("MayBeArabizi(%q) = true", s)
		}
	}
}

type arabiziRow struct{ Text, Label, Lang string }

func loadArabiziDev(t *testing.T) []arabiziRow {
	b, err := os.ReadFile("testdata/arabizi_dev.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var rows []arabiziRow
	for _, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var r arabiziRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	return rows
}

// FuzzTransliterate: any text transliterates without panic; valid UTF-8
// stays valid; every span of the result maps inside the source, the whole
// result to the whole source; MayBeArabizi never says no where Detect says
// Arabizi.
func FuzzTransliterate(f *testing.F) {
	for _, s := range []string{"enta 7mar", "el 2ordr ta2a5ar w mafeesh 7ad byrod 3alaya", "3'", "el", "w el", "7elw\u00e9 el", "ya\tel\n3ala", strings.Repeat("7a", 30), "مرحبا 7abibi"} {
		f.Add(s)
	}
	tr := testTranslit()
	f.Fuzz(func(t *testing.T, in string) {
		x := tr.Transliterate(in)
		if utf8.ValidString(in) && !utf8.ValidString(x.Text) {
			t.Fatalf("%q -> invalid UTF-8 %q", in, x.Text)
		}
		if s := x.Source(op.Span{Start: 0, End: len(x.Text)}); s.Start != 0 || s.End != len(in) {
			t.Fatalf("%q: whole maps to %+v", in, s)
		}
		for o := 0; o <= len(x.Text); o++ {
			s := x.Source(op.Span{Start: o, End: o})
			if s.Start < 0 || s.Start > len(in) || s.End < 0 || s.End > len(in) {
				t.Fatalf("%q: Source(%d) = %+v", in, o, s)
			}
		}
		if Detect(in).Arabizi && !MayBeArabizi(in) {
			t.Fatalf("MayBeArabizi(%q) = false, Detect says Arabizi", in)
		}
		ToArabizi(in)
	})
}

// TestTransliterateGuard: a word of a guarded (offensive) list is read only
// when every Latin consonant takes its preferred reading; a digit may take
// any of its readings.
func TestTransliterateGuard(t *testing.T) {
	words := []string{"نذل", "ذل", "عرص", "واطي"}
	open := NewTransliterator(words, nil)
	guarded := NewTransliterator(words, nil)
	guarded.Guard([]string{"نذل", "عرص", "واطي"}) // ذل (humiliation) is no insult alone
	for _, c := range []struct{ in, offensive string }{
		{"tnazel", "نذل"},       // z read ذ: "it comes out", not "villain"
		{"3ersna", "عرص"},       // s read ص: "our wedding"
		{"el sot wati", "واطي"}, // t read ط
	} {
		if got := open.Transliterate(c.in).Text; !strings.Contains(got, c.offensive) {
			t.Fatalf("unguarded %q = %q: the test needs the swapped reading", c.in, got)
		}
		if got := guarded.Transliterate(c.in).Text; strings.Contains(got, c.offensive) {
			t.Errorf("guarded %q = %q: read as %s through a swapped consonant", c.in, got, c.offensive)
		}
	}
	// the preferred readings and the digits still reach the word
	for _, c := range []struct{ in, want string }{
		{"nazl", "نذل"}, // no: z's preferred reading is ز
		{"3ar9", "عرص"},
		{"wa6i", "واطي"},
	} {
		got := guarded.Transliterate(c.in).Text
		if c.in == "nazl" {
			if got == c.want {
				t.Errorf("guarded %q = %q", c.in, got)
			}
			continue
		}
		if got != c.want {
			t.Errorf("guarded %q = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTransliterateClitics: a dialect imperfect with both a prefix and a
// plural ending, the feminine ending after a masculine word, the "-on"
// spelling of ون, and a suffix that must not split a long vowel. The
// lexicon holds only the bare stems.
func TestTransliterateClitics(t *testing.T) {
	tr := NewTransliterator([]string{"وصل", "حط", "مكسور", "زيد", "تزيد", "طعم", "تعبان"}, nil)
	for _, c := range []struct{ in, want string }{
		{"btwasslo", "بتوصلو"}, // b-t + وصل + plural o
		{"t7ottoon", "تحطون"},  // t + حط + oon
		{"ywasslo", "يوصلو"},   // y + وصل + o
		{"maksoura", "مكسوره"}, // مكسور + feminine a
		{"ta3baneh", "تعبانه"}, // تعبان + feminine eh
		{"tzeedon", "تزيدون"},  // تزيد + on
		{"tzeedoon", "تزيدون"}, // not تزيدو + "on"
		{"ta3mo", "طعمه"},      // a reading with one suffix wins the tie over t- + عم + o
	} {
		got := tr.Transliterate(c.in).Text
		if got != c.want {
			t.Errorf("Transliterate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTransliterateArticleLoan: an English word after an Arabizi article
// is a loan of the Arabic sentence; after an English word that shares an
// article's skeleton ("all") it stays English.
func TestTransliterateArticleLoan(t *testing.T) {
	tr := NewTransliterator(nil, []string{"look", "laptop", "all", "other"})
	for _, c := range []struct {
		in            string
		loan, english int
	}{
		{"hal look", 1, 0},
		{"el laptop", 1, 0},
		{"all other", 0, 1}, // "all" is read as the article (skeleton al) but is English itself
		{"look el", 0, 1},
	} {
		x := tr.Transliterate(c.in)
		if x.Loan != c.loan || x.English != c.english {
			t.Errorf("Transliterate(%q): loan %d english %d, want %d %d", c.in, x.Loan, x.English, c.loan, c.english)
		}
	}
}

// TestTransliterateFeminineAndLoans: the feminine of a table word takes ة
// (folded ه); a social loan inside Arabizi clitics and a count with a
// multiplier letter stay Latin as loans.
func TestTransliterateFeminineAndLoans(t *testing.T) {
	tr := NewTransliterator(nil, nil)
	for _, c := range []struct{ in, want string }{
		{"tayyba", "طيبه"},       // from the row "tayb" طيب
		{"tayba", "طيبه"},        // same
		{"afollowk", "afollowk"}, // a-follow-k: I'll follow you
		{"10k", "10k"},           // a count, not ك
		{"3m", "عم"},             // one Arabizi digit and m: a word
	} {
		if got := tr.Transliterate(c.in).Text; got != c.want {
			t.Errorf("Transliterate(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if _, ok := tr.feminine([]byte("mesha")); ok {
		t.Error("feminine of مش: the stem is too short")
	}
	if x := tr.Transliterate("afollowk 10k"); x.Loan != 2 || x.English != 0 {
		t.Errorf("loans %d english %d, want 2 0", x.Loan, x.English)
	}
	tr.Guard([]string{"طيبه"})
	if got := tr.Transliterate("tayyba").Text; got == "طيبه" {
		t.Errorf("a guarded feminine read through the table: %q", got)
	}
}

// TestTransliterateCues: the letter conventions of one dialect's Arabizi,
// in words of comments written for this test; English words and loans
// give no cue.
func TestTransliterateCues(t *testing.T) {
	tr := NewTransliterator([]string{"مدرسه", "بعيد", "طلب", "برد", "لعبه", "جديد"}, nil)
	english := func(w string) bool { return w == "page" || w == "mode" || w == "update" }
	for _, c := range []struct {
		text            string
		six, finalE, on int
	}{
		{"el madrase ba3ide 3an el beit", 0, 2, 0},
		{"el le3be jdide", 0, 2, 0},
		{"el 6alab wasal barid", 1, 0, 0},
		{"mata tirsiloon el 6alab?", 1, 0, 1},
		{"shlon t7asboon el tawseel", 0, 0, 1},
		// -kon is a pronoun ("to you"), "ykoon" one verb: no plural
		{"allah ya3tikon, lazem ykoon fi 7al", 0, 0, 0},
		// English words and loans: no final-e cue
		{"the page is in dark mode, please update", 0, 0, 0},
		// the article "al" is counted apart (Cues.Al), not here
		{"al 6alab", 1, 0, 0},
		{"visit www.6abee5.com", 0, 0, 0},
	} {
		got := tr.Cues(c.text, english)
		if got.Six != c.six || got.FinalE != c.finalE || got.Oon != c.on {
			t.Errorf("%q: cues %+v; want six=%d finalE=%d oon=%d", c.text, got, c.six, c.finalE, c.on)
		}
	}
}

// TestTransliteratePrepositionApart: "be"/"bi" before a word read as
// Arabic is the preposition بـ written apart; before an English word it
// stays English. Sentences written for this test.
func TestTransliteratePrepositionApart(t *testing.T) {
	tr := NewTransliterator([]string{"كم"}, []string{"be", "careful", "fine", "honest"})
	for _, c := range []struct{ in, want string }{
		{"el shanta di be kam?", "ب"},
		{"be kam el kilo", "بكم"},
		{"be careful", "be careful"},
		{"it will be fine", "be fine"},
	} {
		if got := tr.Transliterate(c.in).Text; !strings.Contains(got, c.want) {
			t.Errorf("%q -> %q; want it to contain %q", c.in, got, c.want)
		}
	}
}

// TestTransliterateVocabulary: a word of the further vocabulary counts as
// known (and Vocab) but is spelled as before; the lexicon's readings win.
func TestTransliterateVocabulary(t *testing.T) {
	plain := NewTransliterator([]string{"كم"}, nil)
	wide := NewTransliterator([]string{"كم"}, nil)
	wide.AddVocabulary([]string{"مصاريف", "كمان"})
	for _, text := range []string{"masareef el bet kam", "kam masarif"} {
		a, b := plain.Transliterate(text), wide.Transliterate(text)
		if a.Text != b.Text {
			t.Errorf("%q: reading changed %q -> %q", text, a.Text, b.Text)
		}
		if b.Vocab != 1 || b.Known != a.Known+1 || b.Spelled != a.Spelled-1 {
			t.Errorf("%q: plain %+v wide %+v; want one word moved from spelled to known", text, a, b)
		}
	}
	if x := wide.Transliterate("kam"); x.Vocab != 0 || x.Text != "كم" {
		t.Errorf("kam: %+v; the lexicon's reading must win", x)
	}
}

// TestTransliterateLevantinePronouns: the Levantine plural pronoun
// suffixes -kon/-hon after a lexicon word.
func TestTransliterateLevantinePronouns(t *testing.T) {
	tr := NewTransliterator([]string{"راي", "بيت"}, nil)
	for _, c := range []struct{ in, want string }{
		{"ra2ykon", "رايكن"},
		{"ra2yhon", "رايهن"},
	} {
		if got := tr.Transliterate(c.in).Text; got != c.want {
			t.Errorf("%q -> %q; want %q", c.in, got, c.want)
		}
	}
}

// TestTransliteratePromotionImperatives: the plural imperatives of
// promotion keep the verb's silent alef (table rows): "zoro" is زوروا.
func TestTransliteratePromotionImperatives(t *testing.T) {
	tr := NewTransliterator(nil, nil)
	for _, c := range []struct{ in, want string }{
		{"zooro", "زوروا"},
		{"eshtereko", "اشتركوا"},
	} {
		if got := tr.Transliterate(c.in).Text; got != c.want {
			t.Errorf("%q -> %q; want %q", c.in, got, c.want)
		}
	}
}

// TestTransliterateApostropheFirst: the apostrophe of a dotted letter may
// come before its digit ("'6" ظ, "'3" غ) as well as after it.
func TestTransliterateApostropheFirst(t *testing.T) {
	tr := NewTransliterator([]string{"انتظر", "مغلوب"}, nil)
	for _, c := range []struct{ in, want string }{
		{"anta'6ir", "انتظر"},
		{"anta6'ir", "انتظر"},
		{"ma'3loob", "مغلوب"},
	} {
		if got := tr.Transliterate(c.in).Text; got != c.want {
			t.Errorf("%q -> %q; want %q", c.in, got, c.want)
		}
	}
}

// TestTransliterateTwoAsQaf: 2 read as ق costs half another swap, so the
// lexicon word with ق wins over one with ا.
func TestTransliterateTwoAsQaf(t *testing.T) {
	tr := NewTransliterator([]string{"مقاس", "ماس"}, nil)
	if got := tr.Transliterate("ma2aso").Text; got != "مقاسه" {
		t.Errorf("ma2aso -> %q; want مقاسه", got)
	}
}

// TestTransliterateCuesArticle: the article written "al", apart or joined
// to a word read as Arabic, is the Gulf spelling; "allah" and "alwan" are
// no article.
func TestTransliterateCuesArticle(t *testing.T) {
	tr := NewTransliterator([]string{"حاجه", "الله", "الوان", "جديد"}, nil)
	for _, c := range []struct {
		text string
		al   int
	}{
		{"wain al7aaja", 1},
		{"al jdeed", 1},
		{"el jdeed", 0},
		{"allah ysallmak", 0},
		{"alwan", 0},
	} {
		if got := tr.Cues(c.text, nil).Al; got != c.al {
			t.Errorf("%q: Al %d; want %d", c.text, got, c.al)
		}
	}
}

// TestTransliterateTwoProclitics: "w el X" joins both proclitics to the
// noun, and the joined word maps back to all three Latin words.
func TestTransliterateTwoProclitics(t *testing.T) {
	tr := testTranslit()
	in := "kalb enta w el mat3am"
	x := tr.Transliterate(in)
	i := strings.Index(x.Text, "والمطعم")
	if i < 0 {
		t.Fatalf("والمطعم not in %q", x.Text)
	}
	s := x.Source(op.Span{Start: i, End: i + len("والمطعم")})
	if got := in[s.Start:s.End]; got != "w el mat3am" {
		t.Errorf("Source(والمطعم) = %q, want %q", got, "w el mat3am")
	}
}
