package dialect

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	ahocorasick "github.com/petar-dambovaliev/aho-corasick"

	"svc/engine/op"
	"svc/engine/textnorm"
)

// Hand-written example sentences (not taken from any data set).
func TestDialects(t *testing.T) {
	cases := []struct{ text, want string }{
		{"انا عايز اروح دلوقتي بس مش عارف ازاي", "egyptian"},
		{"الفيلم ده حلو اوي بجد، شكرا يا باشا", "egyptian"},
		{"هو انت مابتردش ليه على التليفون؟", "egyptian"},
		{"شلونك يا خوي؟ وش تبي اليوم", "gulf"},
		{"والله الحين ما ادري وش السالفة", "gulf"},
		{"ابغى اعرف متى يوصل الطلب لاهنت", "gulf"},
		{"شو بدك تعمل هلق؟ كتير منيح هيك", "levantine"},
		{"بدي روح عالبيت، الجو كتير حلو هون", "levantine"},
		{"عن جد ما بعرف شو صار معو", "levantine"},
		{"لقد أعلنت الوزارة أنها سوف تنشر التقرير الذي طال انتظاره", "msa"},
		{"ليس من الضروري أن نتفق، ولكن يجب أن نحترم الآراء", "msa"},
		{"شلونج اليوم؟ عساج بخير، وش عندج", "gulf"},
		{"كفو والله، للحين ما شفت مثله", "gulf"},
		{"هداك الزلمة حكيتلك عنه، يقبرني شو منيح", "levantine"},
		{"بقلك شو، منحكي بكرا", "levantine"},
		{"مكانش ينفع كده، شوفت الماتش؟", "egyptian"},
		{"بتطوير الخدمات وبتقديم الدعم بين المؤسسات هناك", "msa"}, // ب + masdar, بين, هناك: no dialect verb
		{"شكرا على المقال", "msa"},                                // nothing dialectal: MSA is the default
		// round 3: Saudi and Jordanian everyday forms, shared words
		{"السيارة حقت اخوي مهيب جديدة", "gulf"},
		{"ماعندي وقت اليوم، تكفون سوالفكم بعدين", "gulf"},
		{"هسع اشوي بروح عالدوار، هاذ الحكي منيح", "levantine"},
		{"لا يوجد أي مبرر لهذا القرار", "msa"},
	}
	for _, c := range cases {
		d := Detect(c.text)
		if d.Dialect != c.want {
			a := Analyze(c.text)
			t.Errorf("Detect(%q).Dialect = %q (conf %.2f, scores %v, hits %v), want %q", c.text, d.Dialect, d.DialectConfidence, a.Scores, a.Hits, c.want)
		}
		if d.Language != "ar" || d.Script != "arabic" || d.Direction != "rtl" {
			t.Errorf("Detect(%q) = %+v", c.text, d)
		}
	}
}

func TestRules(t *testing.T) {
	cases := []struct {
		text              string
		lang, script, dir string
		dialectSet        bool
		words             int
	}{
		{"Hello world, how are you?", "en", "latin", "ltr", false, 5},
		{"", "en", "latin", "ltr", false, 0},
		{"👍 !! ...", "en", "latin", "ltr", false, 0},
		{"123 456", "en", "latin", "ltr", false, 2},
		{"iPhone ممتاز", "mixed", "mixed", "rtl", true, 2},
		{"الهاتف الجديد iPhone رائع جدا والكاميرا ممتازة", "ar", "mixed", "rtl", true, 7},
		{"great video يا شباب thanks a lot", "mixed", "mixed", "rtl", true, 7},
		{"مرحبا   بكم\nفي القناة", "ar", "arabic", "rtl", true, 4},
		{"https://example.com/x شكرا", "ar", "arabic", "rtl", true, 2}, // URL letters are not language
		{"Привет мир", "en", "latin", "ltr", false, 2},
		{"ـــ", "en", "latin", "ltr", false, 0}, // tatweel alone is no letter
	}
	for _, c := range cases {
		d := Detect(c.text)
		if d.Language != c.lang || d.Script != c.script || d.Direction != c.dir || (d.Dialect != "") != c.dialectSet || d.WordCount != c.words {
			t.Errorf("Detect(%q) = %+v; want lang %s script %s dir %s dialect set %v words %d", c.text, d, c.lang, c.script, c.dir, c.dialectSet, c.words)
		}
		if d.Dialect == "" && d.DialectConfidence != 0 {
			t.Errorf("Detect(%q): confidence %v without dialect", c.text, d.DialectConfidence)
		}
	}
}

func TestArabizi(t *testing.T) {
	cases := []struct{ text, want string }{
		{"ana 3ayez aroo7 delwa2ty", "egyptian"},
		{"kifak? shu baddak t3mel halla2", "levantine"},
		{"shlonak ya 7abibi, wayed zain", "gulf"},
		{"inshallah habibi", "msa"}, // Arabizi, but nothing says which dialect
	}
	for _, c := range cases {
		d := Detect(c.text)
		if d.Dialect != c.want || d.Language != "ar" || d.Script != "latin" || d.Direction != "ltr" {
			t.Errorf("Detect(%q) = %+v, want Arabizi %s", c.text, d, c.want)
		}
	}
	// English and Arabizi in one comment: mixed, still Latin and left to right
	if d := Detect("my order is late again, ana msh fahem leh keda"); d.Language != "mixed" || d.Script != "latin" || d.Direction != "ltr" || d.Dialect != "egyptian" {
		t.Errorf("mixed English+Arabizi: got %+v", d)
	}
}

// TestSharedDialectWords: a text whose only markers are words every dialect
// shares (بس، اللي) is dialectal, not MSA; which dialect is left to the
// learned word evidence (before it, ties went to Egyptian).
func TestSharedDialectWords(t *testing.T) {
	d := Detect("بس الموضوع اللي قلته صح")
	if d.Dialect == "msa" || d.Dialect == "" {
		t.Errorf("got %+v, want a dialect", d)
	}
}

func TestConfidence(t *testing.T) {
	strong := Detect("ازاي يا باشا عايز اعرف دلوقتي الفيلم ده بتاع مين")
	weak := Detect("هو ده")
	if strong.Dialect != "egyptian" || weak.Dialect != "egyptian" {
		t.Fatalf("got %+v / %+v", strong, weak)
	}
	if !(strong.DialectConfidence > weak.DialectConfidence) {
		t.Errorf("more evidence should give more confidence: %v vs %v", strong.DialectConfidence, weak.DialectConfidence)
	}
	none := Detect("شكرا")
	if none.Dialect != "msa" || none.DialectConfidence > 0.6 {
		t.Errorf("no evidence: %+v", none)
	}
}

func TestWordBoundaries(t *testing.T) {
	// "مش" inside "ومشى" (and walked) and "شو" inside "بشوف" must not count as markers.
	a := Analyze("ومشى الرجل في الطريق")
	for _, h := range a.Hits {
		if h.Text == "مش" {
			t.Errorf("مش matched inside a word: %v", a.Hits)
		}
	}
	// the و proclitic is allowed: "ومش" is و + مش
	if a := Analyze("ومش كده"); !hasHit(a, "مش") {
		t.Errorf("و + مش not matched: %v", a.Hits)
	}
	// one-letter markers never take a proclitic: "في" is not و/ف + "ي"
	if a := Analyze("في البيت"); hasHit(a, "ي") {
		t.Errorf("ي matched inside في: %v", a.Hits)
	}
	// prefix markers need a stem: "بيت" (house) is not the b-imperfect
	if a := Analyze("بيت كبير"); hasHit(a, "بي") {
		t.Errorf("بي matched on a short word: %v", a.Hits)
	}
	if a := Analyze("هو بيقول كلام"); !hasHit(a, "بي") {
		t.Errorf("b-imperfect not matched: %v", a.Hits)
	}
	// notprefix exclusions: ب + noun is not the b-imperfect, هناك is not the h-future
	for _, c := range []struct{ text, marker string }{{"بينما كان هناك", "بي"}, {"بتطوير الخدمة", "بت"}, {"بتاريخ اليوم", "بت"}, {"هناك مشكلة", "هن"}, {"مازال الامر", "ما"}} {
		if a := Analyze(c.text); hasHit(a, c.marker) {
			t.Errorf("%q: prefix %q matched despite an exclusion: %v", c.text, c.marker, a.Hits)
		}
	}
	if a := Analyze("انتي بتقولي ايه"); !hasHit(a, "بت") {
		t.Errorf("b-imperfect بت not matched: %v", a.Hits)
	}
	// 2nd person plural perfect -tu (dialect) vs -tum (MSA)
	if a := Analyze("رحتوا فين"); !hasHit(a, "توا") {
		t.Errorf("suffix توا not matched: %v", a.Hits)
	}
	if a := Analyze("رأيتم"); hasHit(a, "توا") {
		t.Errorf("suffix توا matched MSA -tum: %v", a.Hits)
	}
	// a token that is a word marker of its own gets no proclitic reading:
	// ودي ("I wish", Gulf) is not و + دي (Egyptian "this")
	if a := Analyze("ودي اروح"); hasHit(a, "دي") || !hasHit(a, "ودي") {
		t.Errorf("ودي read as و + دي: %v", a.Hits)
	}
	if a := Analyze("وده كويس"); !hasHit(a, "ده") {
		t.Errorf("و + ده not matched: %v", a.Hits)
	}
	// "P*S" exclusions: ما + verb + ش is the Egyptian circumfix, not the
	// attached Gulf ما; the ما*ش circumfix itself still matches
	if a := Analyze("ماعرفتش"); hasHit(a, "ما") && hasKindHit(a, "ما", "prefix") || !hasHit(a, "ما*ش") {
		t.Errorf("ماعرفتش: %v", a.Hits)
	}
	if a := Analyze("ماعرفت"); !hasKindHit(a, "ما", "prefix") {
		t.Errorf("attached ما not matched: %v", a.Hits)
	}
	// plain exclusions also stop circumfix markers: بادروا is an MSA perfect, not b-imperfect + -وا
	if a := Analyze("بادروا بالحل"); hasHit(a, "ب*وا") {
		t.Errorf("ب*وا matched a form-III perfect: %v", a.Hits)
	}
	if a := Analyze("بيلعبوا كورة"); !hasHit(a, "ب*وا") {
		t.Errorf("ب*وا not matched: %v", a.Hits)
	}
	// noun markers also match after the article and a preposition or
	// conjunction with it, never inside another word
	for _, c := range []string{"مصاري", "المصاري", "بالمصاري", "والمصاري", "للمصاري", "هالمصاري"} {
		if a := Analyze(c + " راحت"); !hasKindHit(a, "مصاري", "noun") {
			t.Errorf("%q: noun marker مصاري not matched: %v", c, a.Hits)
		}
	}
	for _, c := range []string{"كالمصاريف", "تمصاري", "استمصاري"} {
		if a := Analyze(c + " راحت"); hasKindHit(a, "مصاري", "noun") {
			t.Errorf("%q: noun marker مصاري matched inside a word: %v", c, a.Hits)
		}
	}
	// a demonstrative after its definite noun is the dialect order (Gulf);
	// before a noun, or after one and before the next definite word, it is
	// the MSA determiner
	for _, c := range []string{"المكيف هذا ما يبرد", "بكم الساعة هذه؟", "وين القى الجاكيت هذا", "السيارة هذه ممتازة"} {
		a := Analyze(c)
		if !hasKindHit(a, "هذا", "postnoun") && !hasKindHit(a, "هذه", "postnoun") {
			t.Errorf("%q: post-nominal demonstrative not matched: %v", c, a.Hits)
		}
		if hasKindHit(a, "هذا", "notpostnoun") || hasKindHit(a, "هذه", "notpostnoun") {
			t.Errorf("%q: post-nominal demonstrative counted as the MSA one: %v", c, a.Hits)
		}
	}
	for _, c := range []string{"هذا المكيف لا يبرد", "تأخر القطار للمرة الثانية هذا الشهر", "وهذه الخدمة ممتازة", "الذي هذا شأنه", "هذا رائع", "سبحان الله هذا جميل", "حتى الآن هذا غير واضح"} {
		a := Analyze(c)
		if hasKindHit(a, "هذا", "postnoun") || hasKindHit(a, "هذه", "postnoun") {
			t.Errorf("%q: MSA demonstrative read as post-nominal: %v", c, a.Hits)
		}
		if !hasKindHit(a, "هذا", "notpostnoun") && !hasKindHit(a, "هذه", "notpostnoun") {
			t.Errorf("%q: MSA demonstrative not matched: %v", c, a.Hits)
		}
	}
	// مره after a word that is no count is the Gulf "very"; after an ordinal
	// or a quantifier, or before one, it is "time"
	for _, c := range []string{"الشاي بارد مره", "الموظف لطيف مره ويساعد", "تعبنا مره من الانتظار"} {
		if a := Analyze(c); !hasKindHit(a, "مره", "intensifier") {
			t.Errorf("%q: intensifier مره not matched: %v", c, a.Hits)
		}
	}
	for _, c := range []string{"رابع مره اتصل", "كل مرة نفس الشي", "جربته مره ثانيه", "مره طلبت منكم", "كذا مره قلت لكم", "٣ مره"} {
		if a := Analyze(c); hasKindHit(a, "مره", "intensifier") {
			t.Errorf("%q: counted مره read as an intensifier: %v", c, a.Hits)
		}
	}
	// لو / إذا / يا ليت + 2pl imperfect keeping -uun is Gulf; MSA لو takes
	// the perfect
	for c, m := range map[string]string{"لو تطورون خدمة العملاء": "لو ت*ون", "يا ليت ترجعون الحجم القديم": "ليت ت*ون",
		"ياليت تمددون الدوام": "ياليت ت*ون", "اذا تطلبون من التطبيق": "اذا ت*ون"} {
		if a := Analyze(c); !hasHit(a, m) {
			t.Errorf("%q: %s not matched: %v", c, m, a.Hits)
		}
	}
	for _, c := range []string{"لو تطورت الخدمة لكان أفضل", "لو تكرمتم بالرد", "إذا تأخر الطلب"} {
		if a := Analyze(c); hasHit(a, "لو ت*ون") || hasHit(a, "اذا ت*ون") {
			t.Errorf("%q: لو/إذا + perfect read as a Gulf imperfect: %v", c, a.Hits)
		}
	}
	// عندكم "you (pl) have" is dialect possession (MSA لديكم); a formal
	// sign beside it (هل) still counts
	if a := Analyze("عندكم قطع غيار للمكيفات؟"); !hasKindHit(a, "عندكم", "word") {
		t.Errorf("عندكم not matched: %v", a.Hits)
	}
	if sg := MarkerSigns("عندكم قطع غيار للمكيفات؟"); sg.Clear < 0.55 || sg.MSA > 0 {
		t.Errorf("عندكم: signs %+v, want a clear dialect sign and no formal one", sg)
	}
	// قبل لا + imperfect is the Gulf "before"; قبل ما and قبل أن are not
	if a := Analyze("اتصلوا قبل لا توصلون"); !hasKindHit(a, "قبل لا", "phrase") {
		t.Errorf("قبل لا not matched: %v", a.Hits)
	}
	for _, c := range []string{"اتصلوا قبل ما توصلوا", "قبل أن تصلوا", "من قبل لاعب"} {
		if a := Analyze(c); hasHit(a, "قبل لا") {
			t.Errorf("%q: قبل لا matched: %v", c, a.Hits)
		}
	}
	// the nominative plural of a participle (-uun) is a formal case ending;
	// a singular whose root ends in ن is not
	for _, c := range []string{"الموظفون متعاونون", "المدربون محترفون", "وموظفون مميزون"} {
		if sg := MarkerSigns(c); sg.MSA <= 0 {
			t.Errorf("%q: no formal sign: %+v", c, sg)
		}
	}
	for _, c := range []string{"الموظف متعاون", "الموظفين محترفين", "ربح مضمون", "الميكروفون خربان"} {
		if a := Analyze(c); hasHit(a, "م*ون") || hasHit(a, "الم*ون") {
			t.Errorf("%q: read as a nominative plural: %v", c, a.Hits)
		}
	}
	// the interrogative ما before a definite noun is MSA; ما اللي is not
	if a := Analyze("ما الأسعار الحالية للاشتراك؟"); !hasKindHit(a, "ما ال", "prefix") {
		t.Errorf("ما + definite noun not matched: %v", a.Hits)
	}
	for _, c := range []string{"ما اللي صار بالطلب؟", "ما الو دخل", "ما احد رد"} {
		if a := Analyze(c); hasHit(a, "ما ال") {
			t.Errorf("%q: read as interrogative ما + definite noun: %v", c, a.Hits)
		}
	}
	// a separate ما before a b-imperfect with no -ش is the Levantine
	// negation; "ما بين" (what is between) and the Egyptian ما ...ش written
	// apart are not
	if a := Analyze("ما بيشتغل الكود"); !hasKindHit(a, "ما بي", "prefix") {
		t.Errorf("ما + b-imperfect not matched: %v", a.Hits)
	}
	for _, c := range []string{"ما بينهم من خلاف", "ما بيشتغلش الكود"} {
		if a := Analyze(c); hasKindHit(a, "ما بي", "prefix") {
			t.Errorf("%q: ما بي matched despite an exclusion: %v", c, a.Hits)
		}
	}
	// circumfix ma-...-sh
	if a := Analyze("ماعرفتش اروح"); !hasHit(a, "ما*ش") {
		t.Errorf("circumfix not matched: %v", a.Hits)
	}
	// markers match through diacritics, tatweel and elongation
	if a := Analyze("عـــايــز اروح دلوقتيييي"); !hasHit(a, "عايز") || !hasHit(a, "دلوقتي") {
		t.Errorf("normalised markers not matched: %v", a.Hits)
	}
}

func hasKindHit(a Analysis, text, kind string) bool {
	for _, h := range a.Hits {
		if h.Text == text && h.Kind == kind {
			return true
		}
	}
	return false
}

func hasHit(a Analysis, text string) bool {
	for _, h := range a.Hits {
		if h.Text == text {
			return true
		}
	}
	return false
}

// TestMarkerFiles checks the data files: every marker has a reason, a sane
// weight, folds to itself, and the automaton was compiled from all of them.
func TestMarkerFiles(t *testing.T) {
	ms := Markers()
	if len(ms) < 500 {
		t.Fatalf("only %d markers", len(ms))
	}
	for _, m := range ms {
		if m.Why == "" {
			t.Errorf("%s:%d %q has no # why comment", m.File, m.Line, m.Text)
		}
		if m.Weight < 0 || m.Weight > 10 || math.IsNaN(m.Weight) {
			t.Errorf("%s:%d %q weight %v", m.File, m.Line, m.Text, m.Weight)
		}
		if m.Kind != "circumfix" && textnorm.Fold(m.Text) != m.Text && !strings.Contains(m.Text, "*") {
			// elongation-like markers (none today) would not survive folding
			t.Errorf("%s:%d %q is not in folded form", m.File, m.Line, m.Text)
		}
	}
}

// TestAutomatonMatchesLibrary cross-checks our allocation-free DFA against
// github.com/petar-dambovaliev/aho-corasick (overlapping, standard match) on
// random texts built from marker fragments.
func TestAutomatonMatchesLibrary(t *testing.T) {
	m := get()
	builder := ahocorasick.NewAhoCorasickBuilder(ahocorasick.Opts{MatchKind: ahocorasick.StandardMatch, DFA: true})
	lib := builder.Build(m.patterns)
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 300; n++ {
		var b strings.Builder
		for k := 0; k < 1+rng.Intn(12); k++ {
			p := m.patterns[rng.Intn(len(m.patterns))]
			if rng.Intn(3) == 0 && len(p) > 2 {
				p = p[:len(p)-2] // a fragment
			}
			b.WriteString(p)
			if rng.Intn(2) == 0 {
				b.WriteByte(' ')
			}
		}
		text := []byte(b.String())
		type hit struct{ p, s, e int }
		want := map[hit]int{}
		it := lib.IterOverlappingByte(text)
		for mt := it.Next(); mt != nil; mt = it.Next() {
			want[hit{mt.Pattern(), mt.Start(), mt.End()}]++
		}
		got := map[hit]int{}
		m.auto.each(text, func(p, s, e int) { got[hit{p, s, e}]++ })
		if len(got) != len(want) {
			t.Fatalf("text %q: %d matches, library %d", text, len(got), len(want))
		}
		for h, c := range want {
			if got[h] != c {
				t.Fatalf("text %q: match %+v missing", text, h)
			}
		}
	}
}

func TestNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under -race; make test checks them in its plain run")
	}
	s := benchText(300)
	Detect(s)
	if n := testing.AllocsPerRun(200, func() { Detect(s) }); n != 0 {
		t.Errorf("Detect allocates %.1f times for 300 characters", n)
	}
}

func validDetection(t *testing.T, text string, d op.Detection) {
	t.Helper()
	if !op.In(d.Language, op.Languages) || !op.In(d.Script, []string{"arabic", "latin", "mixed"}) || !op.In(d.Direction, []string{"rtl", "ltr"}) {
		t.Fatalf("Detect(%q): bad enum %+v", text, d)
	}
	if d.Dialect != "" && !op.In(d.Dialect, op.Dialects) {
		t.Fatalf("Detect(%q): bad dialect %+v", text, d)
	}
	if d.DialectConfidence < 0 || d.DialectConfidence > 1 || math.IsNaN(d.DialectConfidence) {
		t.Fatalf("Detect(%q): confidence %v", text, d.DialectConfidence)
	}
	if d.WordCount < 0 || d.WordCount > len(text) {
		t.Fatalf("Detect(%q): word count %d", text, d.WordCount)
	}
	// The package rules: Arabic script only is "ar"; mixed script is "mixed"
	// or "ar" (a brand name inside an Arabic sentence, or one token with as
	// many Arabic letters as Latin ones); mixed language is mixed script, or
	// Latin script when the Arabic in it is Arabizi (English with Arabizi).
	switch {
	case d.Script == "arabic" && d.Language != "ar",
		d.Script == "mixed" && d.Language != "mixed" && d.Language != "ar",
		d.Language == "mixed" && d.Script != "mixed" && d.Script != "latin":
		t.Fatalf("Detect(%q): %+v", text, d)
	}
	if d.Script != "latin" && (d.Direction != "rtl" || d.Dialect == "") {
		t.Fatalf("Detect(%q): Arabic letters need rtl and a dialect: %+v", text, d)
	}
}

func FuzzDetect(f *testing.F) {
	for _, s := range []string{"", "مش كده", "ماعرفتش", "kifak 3ayez", "ﻻ", "\xff", "ـ", "يا  ي", "iPhone ممتاز", "هالشي", "ي*و"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := Detect(s)
		validDetection(t, s, d)
		if a := Analyze(s); a.Detection != d {
			t.Fatalf("Analyze and Detect differ on %q", s)
		}
	})
}

// An invalid byte that looks like the lead of an Arabic letter is no letter
// (FuzzDetect found "\xd80A" read as ص plus "A" on the scan's fast path).
func TestInvalidLeadByteIsNoArabicLetter(t *testing.T) {
	for _, s := range []string{"\xd80A", "\xd9A", "ok \xd8"} {
		d := Detect(s)
		if d.Script != "latin" || d.Language != "en" || d.Dialect != "" {
			t.Errorf("Detect(%q) = %+v, want latin, en, no dialect", s, d)
		}
	}
}

// TestGulfEverydayWords: "tomorrow" (باجر), "I bought" (شريت), "closes"
// (يبند) mark Gulf comments (twenty-first session; the first and the
// last read as other varieties before).
func TestGulfEverydayWords(t *testing.T) {
	for _, text := range []string{"موعدي باجر الصبح وما رديتوا", "شريت المكيف من عندكم قبل شهر", "المحل يبند الساعة كم"} {
		if d := Detect(text); d.Dialect != "gulf" {
			a := Analyze(text)
			t.Errorf("Detect(%q).Dialect = %q (scores %v, hits %v), want gulf", text, d.Dialect, a.Scores, a.Hits)
		}
	}
}
