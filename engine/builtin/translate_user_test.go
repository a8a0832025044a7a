package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// TestTranslateDialectGrammar: patterns a new user's comments needed,
// sentences written for this test. Arabic -> English: a demonstrative or a
// possessive word after the noun (Egyptian and Levantine "الفيديو ده",
// "الطلب بتاعي"), a pronoun suffix on a noun ("قناتك"), the varieties'
// intensifiers before or after an adjective ("حلو اوي", "كتير حلوة"),
// common dialect adjectives, ما after كل as "every time" (not a
// negation), the vocative يا (no English word), and a definite adjective
// after a noun the table does not know put before it. English -> Arabic:
// my/your/our + noun (a pronoun suffix, or the variety's possessive word
// after a noun ending in a vowel), "very ADJ" with the variety's
// intensifier after the adjective, و joined to Arabic words only.
func TestTranslateDialectGrammar(t *testing.T) {
	checkGrammar(t, []grammarCase{
		{"الفيديو ده حلو اوي", "en", "", "this video is very nice", nil},
		{"القناة دي ممتازة", "en", "", "this channel is excellent", nil},
		{"قناتك رائعة", "en", "", "your channel is amazing", nil},
		{"المنتجات بتاعتي مكسورة", "en", "", "my products are broken", nil},
		{"الحلقة هاي كتير حلوة", "en", "", "this episode is very nice", nil},
		{"الأكل وصل بارد والطلب ناقص", "en", "", "the food arrived cold and the order is incomplete", nil},
		{"the delivery was fast and the food is delicious", "ar", "msa", "التوصيل كان سريع والطعام لذيذ", nil},
		{"your prices are expensive", "ar", "gulf", "أسعارك غالية", nil},
		{"يا غبي انت ما تفهم شي", "en", "", "stupid you do not understand anything", nil},
		{"شكرا جزيلا على المجهود الرائع", "en", "", "thank you so much for the amazing المجهود", []string{"المجهود"}},
		{"I love your channel", "ar", "msa", "أحب قناتك", nil},
		{"my order is late", "ar", "gulf", "طلبي متأخر", nil},
		{"your new video is great", "ar", "egyptian", "الفيديو الجديد بتاعك رائع", nil},
		{"Where is my package?", "ar", "levantine", "وين طردي؟", nil},
		{"the service is very bad", "ar", "egyptian", "الخدمة سيئة أوي", nil},
		{"You are a villain and a hypocrite", "ar", "levantine", "إنت villain و hypocrite", []string{"villain", "hypocrite"}},
		{"You are a liar and a thief", "ar", "levantine", "إنت كذاب وحرامي", nil},
	})
	for _, c := range []struct{ text, target, want, not string }{
		{"التطبيق يعلق كل ما افتحه", "en", "every time", "not"},
		{"The delivery was very late", "ar", "متأخر جداً", "جداً متأخر"},
		{"فين الطلب بتاعي؟", "en", "where is my order?", "the order"},
		{"متى الحلقة الجديدة؟", "en", "when is the new episode?", "when the"},
	} {
		r := Translate(op.TranslateRequest{Text: c.text, Source: "auto", Target: c.target})
		if !strings.Contains(r.TranslatedText, c.want) || strings.Contains(r.TranslatedText, c.not) {
			t.Errorf("%q: %q, want %q and no %q", c.text, r.TranslatedText, c.want, c.not)
		}
	}
}

// TestTranslateVarietyLeft: converting between Arabic varieties, a word of
// another dialect that the lexicon cannot convert is listed (partial), so
// that a Gulf "شلونكم" does not pass for Egyptian; a dialect's own word
// starting with و is not read as و + a word (Gulf ودي "I'd like" became
// "وهذي" in Gulf). Sentences written for this test.
func TestTranslateVarietyLeft(t *testing.T) {
	r := Translate(op.TranslateRequest{Text: "شلونكم؟ ودي أسأل عن الاشتراك", Source: "auto", Target: "ar", Dialect: "egyptian"})
	if !r.Partial || !containsStr(r.Untranslated, "شلونكم") {
		t.Errorf("Gulf -> Egyptian: %q partial %v %q, want شلونكم listed", r.TranslatedText, r.Partial, r.Untranslated)
	}
	g := Translate(op.TranslateRequest{Text: "شلونكم؟ ودي أسأل عن الاشتراك", Source: "auto", Target: "ar", Dialect: "gulf"})
	if g.Partial || !strings.Contains(g.TranslatedText, "ودي") {
		t.Errorf("Gulf -> Gulf: %q partial %v %q", g.TranslatedText, g.Partial, g.Untranslated)
	}
	// MSA words are understood in every variety: not listed
	m := Translate(op.TranslateRequest{Text: "لماذا لم يصل الطلب حتى الآن؟", Source: "auto", Target: "ar", Dialect: "levantine"})
	if m.Partial {
		t.Errorf("MSA -> Levantine: %q listed %q", m.TranslatedText, m.Untranslated)
	}
}

// TestTranslateLateWeekAndWas: "was late", "a week" and the past copula are
// translated both ways, and و joined to a translated word is "and"
// ("ومحدش بيرد" was "وnobody answers").
func TestTranslateLateWeekAndWas(t *testing.T) {
	for _, c := range []struct{ text, src, dst, want string }{
		{"الشحنة اتأخرت اسبوع ومحدش بيرد", "ar", "en", "was late a week and nobody answers"},
		{"the delivery was very fast", "en", "ar", "التوصيل كان سريع"},
	} {
		r := Translate(op.TranslateRequest{Text: c.text, Source: c.src, Target: c.dst})
		if !strings.Contains(r.TranslatedText, c.want) || r.Partial {
			t.Errorf("%q -> %q (partial %v %v); want it to hold %q, whole", c.text, r.TranslatedText, r.Partial, r.Untranslated, c.want)
		}
	}
}
