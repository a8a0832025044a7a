package builtin

import (
	"strings"
	"testing"
	"unicode"

	"svc/engine/op"
)

// grammarCase: a sentence written for these tests (not taken from any data
// set), the exact translation, and the words that must be reported left.
type grammarCase struct {
	text, target, dialect, want string
	left                        []string
}

func checkGrammar(t *testing.T, cases []grammarCase) {
	t.Helper()
	for _, c := range cases {
		tr := Translate(op.TranslateRequest{Text: c.text, Source: "auto", Target: c.target, Dialect: c.dialect})
		if tr.TranslatedText != c.want {
			t.Errorf("%q (%s %s): got %q, want %q", c.text, c.target, c.dialect, tr.TranslatedText, c.want)
		}
		if strings.Join(tr.Untranslated, "|") != strings.Join(c.left, "|") || tr.Partial != (len(c.left) > 0) {
			t.Errorf("%q: partial=%v untranslated %q, want %q", c.text, tr.Partial, tr.Untranslated, c.left)
		}
	}
}

// TestTranslateGrammarArEn: Arabic noun + adjective order, demonstratives,
// first-person verbs, collocations of thanks, waiting and complaint.
func TestTranslateGrammarArEn(t *testing.T) {
	checkGrammar(t, []grammarCase{
		// the report's three sentences
		{"شكرا على الفيديو الرائع", "en", "", "thanks for the amazing video", nil},
		{"أحب هذه القناة كثيرا", "en", "", "I love this channel so much", nil},
		// definite noun + definite adjective(s)
		{"شكرا لك على الشرح الواضح", "en", "", "thank you for the clear explanation", nil},
		{"شكراً جزيلاً على المحتوى المفيد", "en", "", "thank you so much for the useful content", nil},
		{"الفيديو الجميل والمفيد", "en", "", "the beautiful and useful video", nil},
		{"أشتكي من التوصيل المتأخر", "en", "", "I complain about the late delivery", nil},
		{"نحن ننتظر الحلقة الجديدة", "en", "", "we are waiting for the new episode", nil},
		{"بانتظار الحلقة القادمة", "en", "", "waiting for the next episode", nil},
		// indefinite noun + adjective: a/an, none before a plural
		{"فيديو مفيد", "en", "", "a useful video", nil},
		{"أريد تحديث جديد", "en", "", "I want a new update", nil},
		{"أنا أحتاج طريقة سهلة", "en", "", "I need an easy way", nil},
		{"قناة رائعة جدا", "en", "", "a very amazing channel", nil},
		// definite noun phrase + indefinite adjective: a sentence
		{"الصوت ضعيف والصورة سيئة", "en", "", "the sound is weak and the picture is bad", nil},
		{"المنتجات الجديدة رخيصة", "en", "", "the new products are cheap", nil},
		{"هذه الأغنية الحزينة جميلة", "en", "", "this sad song is beautiful", nil},
		{"ذلك المتجر غالي", "en", "", "that store is expensive", nil},
		{"وهذا الكتاب ممل", "en", "", "and this book is boring", nil},
		{"تلك القصة الطويلة", "en", "", "that long story", nil},
		// a demonstrative before an indefinite noun is the subject
		{"هذا فيديو رائع", "en", "", "this is an amazing video", nil},
		{"هذه منتجات رخيصة", "en", "", "these are cheap products", nil},
		{"هذا سؤال", "en", "", "this is a question", nil},
		{"وهذه مشكلة كبيرة", "en", "", "and this is a big problem", nil},
		// negated first-person verb (formal tone writes "do not")
		{"ما أحب هذه القناة", "en", "", "I do not like this channel", nil},
		{"أعتقد أن الفكرة ممتازة", "en", "", "I think that the idea is excellent", nil},
		// unknown words are reported, the rest still reads in order
		{"أتمنى فيديو جديد عن الخياطة", "en", "", "I hope a new video about الخياطة", []string{"الخياطة"}},
		{"شكوى من خدمة العملاء", "en", "", "a complaint about customer service", nil},
		{"الطابعة الجديدة ممتازة", "en", "", "the new الطابعة is excellent", []string{"الطابعة"}},
	})
}

// TestTranslateGrammarEnAr: demonstrative and adjective agreement with the
// noun's gender, the article on a definite phrase, Arabic adjective order.
func TestTranslateGrammarEnAr(t *testing.T) {
	checkGrammar(t, []grammarCase{
		{"I love this channel", "ar", "", "أحب هذه القناة", nil},
		{"I love this beautiful song", "ar", "", "أحب هذه الأغنية الجميلة", nil},
		{"that amazing episode", "ar", "", "تلك الحلقة الرائعة", nil},
		{"that story is sad", "ar", "", "تلك القصة حزينة", nil},
		{"this app is slow", "ar", "", "هذا التطبيق بطيء", nil},
		{"this quality is bad", "ar", "", "هذه الجودة سيئة", nil},
		{"the new video is great", "ar", "", "الفيديو الجديد رائع", nil},
		{"the channel is great", "ar", "", "القناة رائعة", nil},
		{"the old videos are boring", "ar", "", "الفيديوهات القديمة مملة", nil},
		{"these products are cheap", "ar", "", "هذه المنتجات رخيصة", nil},
		{"a big problem", "ar", "", "مشكلة كبيرة", nil},
		{"a useful video", "ar", "", "فيديو مفيد", nil},
		{"I want a new update", "ar", "", "أريد تحديث جديد", nil},
		{"I need an easy way", "ar", "", "أحتاج طريقة سهلة", nil},
		{"thanks for the clear explanation", "ar", "", "شكراً على الشرح الواضح", nil},
		{"I am waiting for the next episode", "ar", "", "أنتظر الحلقة القادمة", nil},
		// the demonstrative of the target variety; Egyptian puts it after the noun
		{"I love this channel", "ar", "gulf", "أحب هذي القناة", nil},
		{"I love this channel", "ar", "egyptian", "أحب القناة دي", nil},
		{"that amazing episode", "ar", "levantine", "هديك الحلقة الرائعة", nil},
		// a glossary phrase holding the pattern keeps its variety's wording
		{"great video", "ar", "gulf", "مقطع رهيب", nil},
		{"Thanks for watching!", "ar", "gulf", "مشكورين على المتابعة!", nil},
		// unknown words are reported
		{"I love this cute cat", "ar", "", "أحب هذا cute cat", []string{"cute", "cat"}},
		{"the xylophone is broken", "ar", "", "xylophone مكسور", []string{"xylophone"}},
	})
}

// TestTranslateMixedIsPartial: any output still holding a word in the
// source's script (Arabic letters in an English translation, Latin letters
// in an Arabic one) is partial and lists that word; an output with none is
// not partial.
func TestTranslateMixedIsPartial(t *testing.T) {
	texts := []string{
		"شكرا على الفيديو الرائع", "أحب هذه القناة كثيرا", "الكاميرا الجديدة ممتازة", "هذه", "هذا الشي غريب",
		"والله الحلقة طويلة بس حلوة", "ليش ما يشتغل التطبيق", "انتظر الرد من الدعم الفني", "الفيديو nice جدا",
		"I love this channel", "this cute cat is amazing", "the delivery was late again", "great video bro",
		"please fix the bug in the app", "my order never arrived", "thanks for the help", "هذا video رائع",
	}
	sawPartial := false
	for _, s := range texts {
		for _, d := range []string{"msa", "gulf", "egyptian", "levantine"} {
			tr := Translate(op.TranslateRequest{Text: s, Source: "auto", Target: "auto", Dialect: d})
			var left []string
			for _, w := range strings.Fields(tr.TranslatedText) {
				w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
				if w == "" {
					continue
				}
				ar := hasArabicLetter(w)
				latin := strings.IndexFunc(w, func(r rune) bool { return r < 0x80 && unicode.IsLetter(r) }) >= 0
				if tr.SourceLanguage == "ar" && ar || tr.SourceLanguage == "en" && latin {
					left = append(left, w)
				}
			}
			if len(left) > 0 != tr.Partial {
				t.Errorf("%q (%s): %q partial=%v, source-script words %q", s, d, tr.TranslatedText, tr.Partial, left)
			}
			for _, w := range left {
				found := false
				for _, u := range tr.Untranslated {
					found = found || strings.Contains(u, w) || strings.Contains(w, u)
				}
				if !found {
					t.Errorf("%q (%s): %q left in %q, not listed in %q", s, d, w, tr.TranslatedText, tr.Untranslated)
				}
			}
			sawPartial = sawPartial || tr.Partial
		}
	}
	if !sawPartial {
		t.Error("no case is partial: the check proves nothing")
	}
}

// FuzzTranslate: any text, either direction, never panics; partial is set
// exactly when words are listed, and every listed word is in the output.
func FuzzTranslate(f *testing.F) {
	for _, s := range []string{"شكرا على الفيديو الرائع", "I love this channel", "وهذا الكتاب ممل جدا", "the the a this", "ما لا أنا نحن", "this", "هذه"} {
		f.Add(s, "auto")
	}
	f.Fuzz(func(t *testing.T, text, target string) {
		for _, d := range []string{"msa", "egyptian"} {
			tr := Translate(op.TranslateRequest{Text: text, Source: "auto", Target: target, Dialect: d})
			if tr.Partial != (len(tr.Untranslated) > 0) {
				t.Fatalf("%q: partial %v, untranslated %q", text, tr.Partial, tr.Untranslated)
			}
			for _, w := range tr.Untranslated {
				if !strings.Contains(tr.TranslatedText, w) {
					t.Fatalf("%q: %q listed, not in %q", text, w, tr.TranslatedText)
				}
			}
		}
	})
}
