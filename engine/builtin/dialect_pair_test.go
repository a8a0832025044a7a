package builtin

import "testing"

// Egyptian against Levantine where the learned head reads shared words
// (locativeLean, notEgyptian): comments written for this test, none from
// a data set or from the blind sets.

func TestLocativeLean(t *testing.T) {
	cases := []struct {
		text string
		sign int // -1 towards egyptian, +1 towards levantine, 0 none
	}{
		{"الاكل وصل بارد والسواق اتأخر في الطريق", -1},    // في + article after a word of its clause
		{"قعدنا ساعتين في الانتظار", -1},                  // idem
		{"احلى بيتزا جربتها في حياتي", -1},                // في + a noun without the article: weaker, still Egyptian
		{"في توصيل للشيخ زايد؟", 0},                       // clause-initial في: "there is", both dialects
		{"اذا في ناس عندها نفس المشكلة", 0},               // after اذا: "there is"
		{"الطلب وصل ناقص، في مشكلة بالتغليف", +1},         // في after a comma opens a clause; بالتغليف counts
		{"اشتريت الجاكيت من المحل بالمول وطلع ممزوع", +1}, // ب + article
		{"خلي بالك من الشحنة", 0},                         // بالك "your mind": no place
		{"الخدمة حلوة والسعر مناسب", 0},
	}
	for _, c := range cases {
		got := locativeLean(c.text, tokenize(c.text))
		if (c.sign < 0 && got >= 0) || (c.sign > 0 && got <= 0) || (c.sign == 0 && got != 0) {
			t.Errorf("locativeLean(%q) = %v, want sign %d", c.text, got, c.sign)
		}
	}
}

func TestNotEgyptian(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"كم سعر التوصيل لعنا؟", true},        // كم: Egyptian says كام
		{"فيكن تبعتوا الطلب عالبيت؟", true},   // the Levantine "can" opening the question
		{"طيب فيني ادفع كاش؟", false},         // فيني after a word of its clause: not counted
		{"ربنا يبارك فيك تسلم ايدك", false},   // "in you" after a verb
		{"بكام الكيلو؟", false},               // Egyptian كام
		{"فيك حاجة غلط في الطلب؟", false},     // no imperfect verb after فيك
		{"الموظف كان محترم، فيك تسأله", true}, // after a comma the clause opens
	}
	for _, c := range cases {
		if got := notEgyptian(c.text, tokenize(c.text)); got != c.want {
			t.Errorf("notEgyptian(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestEgyptianLevantinePair: whole comments, each variety's answer.
func TestEgyptianLevantinePair(t *testing.T) {
	cases := []struct{ text, want string }{
		{"الساعة كم بتفتحوا بكرا؟", "levantine"}, // b-imperfect of both; كم: not Egyptian
		{"فيكن تبعتوا الطلب عالبيت؟", "levantine"},
		{"الموظف في الفرع كان محترم جدا", "egyptian"}, // locative في, no formal word
		{"ربنا يبارك فيك تسلم ايدك", "egyptian"},
		{"انا قاعد في البيت ومش لاقي حاجة اتفرج عليها", "egyptian"}, // قاعد "staying": Egyptian too
		{"الولاد حبوا اللعبة كتير وبدهن كمان", "levantine"},         // ولاد: both; بدهن Levantine
		{"كم يوما يستغرق الشحن إلى الرياض؟", "msa"},                 // كم in a formal question stays msa
	}
	for _, c := range cases {
		if got := classifyDialect(c.text); got != c.want {
			t.Errorf("%q: dialect %q, want %q", c.text, got, c.want)
		}
	}
	// the Egyptian/Levantine rules say which dialect, not whether one: a
	// formal sentence with في + a noun is not made Egyptian. (It was also
	// asserted msa; a short formal sentence ending in أمس is read Gulf by
	// the comment head since the thirteenth session: the writers' Gulf
	// comments say أمس in formal-looking sentences, and closing the
	// dialects for such shared words cost 1.5 Gulf points in CV; the same
	// sentence without أمس was read Gulf before: docs/quality.md.)
	if got := classifyDialect("عقدنا الاجتماع في مقر الشركة أمس"); got == "egyptian" || got == "levantine" {
		t.Errorf("a formal sentence with في + noun: dialect %q, want neither egyptian nor levantine", got)
	}
	// the lean itself, whatever the head answers after it: في + a noun
	// mid-sentence leans Egyptian, ب + article Levantine
	for s, egyptian := range map[string]bool{"احلى بيتزا اكلتها في حياتي": true, "الخدمة بالفرع كانت ممتازة": false} {
		if l := locativeLean(s, tokenize(s)); (l < 0) != egyptian || l == 0 {
			t.Errorf("%q: locativeLean %v, want it to lean egyptian=%v", s, l, egyptian)
		}
	}
}

// TestLevantineKon: the 2pl -كن on any noun or verb (markers/levantine.txt,
// round 12), not on the words that end in كن of themselves.
func TestLevantineKon(t *testing.T) {
	cases := []struct{ text, want string }{
		{"شكرا على خدمتكن الحلوة", "levantine"},
		{"الله يوفقكن ويعطيكن العافية", "levantine"},
		{"وليكن هذا درسا للجميع", "msa"},               // the jussive "let it be"
		{"ممكن اعرف سعر الشحن لاسكندرية؟", "egyptian"}, // ممكن: no -كن
	}
	for _, c := range cases {
		if got := classifyDialect(c.text); got != c.want {
			t.Errorf("%q: dialect %q, want %q", c.text, got, c.want)
		}
	}
}
