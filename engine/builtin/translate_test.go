package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// TestTranslateReadmeExample: the README's example translates whole.
func TestTranslateReadmeExample(t *testing.T) {
	for _, c := range []struct{ dialect, want string }{{"gulf", "مشكورين على المتابعة!"}, {"msa", "شكراً على المشاهدة!"}, {"levantine", "يسلمو على المشاهدة!"}} {
		tr := Translate(op.TranslateRequest{Text: "Thanks for watching!", Source: "auto", Target: "ar", Dialect: c.dialect, Tone: "casual"})
		if tr.TranslatedText != c.want || tr.Partial || len(tr.Untranslated) != 0 {
			t.Errorf("%s: %q partial=%v %q, want %q whole", c.dialect, tr.TranslatedText, tr.Partial, tr.Untranslated, c.want)
		}
	}
}

// TestTranslateNegator: ما before a word is a negator, not "what"; at the
// start of a question it is "what".
func TestTranslateNegator(t *testing.T) {
	tr := Translate(op.TranslateRequest{Text: "انت حمار وما تفهم شي", Source: "auto", Target: "en"})
	low := strings.ToLower(tr.TranslatedText)
	if hasArabicLetter(tr.TranslatedText) || strings.Contains(low, "what") || !strings.Contains(low, "not understand anything") || tr.Partial {
		t.Errorf("got %q partial=%v %q", tr.TranslatedText, tr.Partial, tr.Untranslated)
	}
	if q := Translate(op.TranslateRequest{Text: "ما اسمك؟", Source: "auto", Target: "en"}); q.TranslatedText != "what is your name?" {
		t.Errorf("question: %q", q.TranslatedText)
	}
	if n := Translate(op.TranslateRequest{Text: "الطلب ما وصل", Source: "auto", Target: "en"}); n.TranslatedText != "the order did not arrive" {
		t.Errorf("article and negator: %q", n.TranslatedText)
	}
}

// TestTranslatePartial: whatever the text, a result is either whole (no
// word left in the source language) or says it is partial and lists the
// words left, each of them present in the output.
func TestTranslatePartial(t *testing.T) {
	cases := []op.TranslateRequest{
		{Text: "Xylophone", Source: "auto", Target: "ar"},
		{Text: "the delivery is late and the xylophone is broken, see https://x.example/a @shop #sale 100", Source: "en", Target: "ar"},
		{Text: "great video, thank you so much", Source: "auto", Target: "ar", Dialect: "egyptian"},
		{Text: "الفيديو رائع بس الصوت سيء والمونتاج ضعيف", Source: "auto", Target: "en"},
		{Text: "شكراً، فيديو رائع", Source: "auto", Target: "en"},
		{Text: "ليش ما يشتغل التطبيق عندي من امبارح", Source: "auto", Target: "en"},
		{Text: "hello 👋 friends", Source: "auto", Target: "ar"},
	}
	sawPartial, sawWhole := false, false
	for _, c := range cases {
		tr := Translate(c)
		if tr.Partial != (len(tr.Untranslated) > 0) {
			t.Fatalf("%q: partial %v with untranslated %q", c.Text, tr.Partial, tr.Untranslated)
		}
		left := untranslatedWords(tr.TranslatedText, tr.SourceLanguage)
		if strings.Join(left, "|") != strings.Join(tr.Untranslated, "|") {
			t.Errorf("%q: untranslated %q, words of the source language in %q: %q", c.Text, tr.Untranslated, tr.TranslatedText, left)
		}
		for _, w := range tr.Untranslated {
			if !strings.Contains(tr.TranslatedText, w) {
				t.Errorf("%q: untranslated %q not in the output %q", c.Text, w, tr.TranslatedText)
			}
		}
		if !tr.Partial {
			// whole: no word of the source script
			if tr.SourceLanguage == "ar" && hasArabicLetter(tr.TranslatedText) {
				t.Errorf("%q: %q passes as whole with Arabic left", c.Text, tr.TranslatedText)
			}
		}
		sawPartial = sawPartial || tr.Partial
		sawWhole = sawWhole || !tr.Partial
	}
	if !sawPartial || !sawWhole {
		t.Errorf("cases should show both partial and whole translations")
	}
	x := Translate(op.TranslateRequest{Text: "Xylophone", Source: "auto", Target: "ar"})
	if !x.Partial || len(x.Untranslated) != 1 || x.Untranslated[0] != "Xylophone" {
		t.Errorf("Xylophone: partial=%v %q", x.Partial, x.Untranslated)
	}
	link := Translate(op.TranslateRequest{Text: "thanks https://x.example/a @shop", Source: "en", Target: "ar"})
	if link.Partial {
		t.Errorf("links and mentions are not words to translate: %q %q", link.TranslatedText, link.Untranslated)
	}
	// between Arabic varieties only words of another dialect left are
	// "untranslated" (TestTranslateVarietyLeft); here every one is converted
	if d := Translate(op.TranslateRequest{Text: "والحين ليش", Source: "ar", Target: "ar", Dialect: "egyptian"}); d.Partial || len(d.Untranslated) != 0 {
		t.Errorf("dialect conversion: %+v", d)
	}
}
