package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// An Arabizi comment (Arabic in Latin letters) translated to English is
// translated as its Arabic reading, never returned as it came with partial
// false: its Latin words are not English. Words left untranslated are given
// back in Latin letters and listed. To Arabic it comes out in Arabic
// script. Sentences written for this test.
func TestTranslateArabizi(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // English words the translation must hold
	}{
		{"enta 7mar", []string{"you", "donkey"}},
		{"el video da gamed awy", []string{"video"}},
		{"feen el order beta3y?", []string{"where", "order"}},
		{"shukran 3al video kteer 7elo", []string{"thanks", "video"}},
		{"el akl wesel bared", []string{"arrived"}},
		// short, its markers missed by the detector (source was "en")
		{"el tatbee2 bayez", []string{"the"}},
	} {
		r := Translate(op.TranslateRequest{Text: c.text, Source: "auto", Target: "en"})
		if r.TranslatedText == c.text {
			t.Errorf("%q -> en: returned as it came", c.text)
		}
		for _, w := range c.want {
			if !strings.Contains(" "+r.TranslatedText+" ", " "+w) {
				t.Errorf("%q -> en: %q lacks %q", c.text, r.TranslatedText, w)
			}
		}
		if hasArabicLetter(r.TranslatedText) {
			t.Errorf("%q -> en: %q has Arabic letters", c.text, r.TranslatedText)
		}
		if r.Partial != (len(r.Untranslated) > 0) {
			t.Errorf("%q: partial %v with %q", c.text, r.Partial, r.Untranslated)
		}
		for _, w := range r.Untranslated {
			if !strings.Contains(r.TranslatedText, w) {
				t.Errorf("%q: untranslated %q not in %q", c.text, w, r.TranslatedText)
			}
		}
		a := Translate(op.TranslateRequest{Text: c.text, Source: "auto", Target: "ar", Dialect: "egyptian"})
		if !hasArabicLetter(a.TranslatedText) {
			t.Errorf("%q -> ar: %q not in Arabic script", c.text, a.TranslatedText)
		}
	}
	// a word outside the tables stays as the commenter spelled it, listed
	// (sa3teen, "two hours", is a word of the table)
	r := Translate(op.TranslateRequest{Text: "el mandoob et2a5ar sa3teen w el bawab nayem", Source: "auto", Target: "en"})
	listed := false
	for _, w := range r.Untranslated {
		listed = listed || strings.Contains(w, "bawab")
	}
	if !r.Partial || !listed || !strings.Contains(r.TranslatedText, "two hours") || strings.Contains(r.TranslatedText, "sa3teen") {
		t.Errorf("el mandoob et2a5ar sa3teen w el bawab nayem -> %q partial %v %q: want two hours, bawab listed", r.TranslatedText, r.Partial, r.Untranslated)
	}
}

// Latin text sent as Arabic that is not read as Arabizi is not translated:
// it is partial, every word listed.
func TestTranslateLatinArabicUnread(t *testing.T) {
	r := Translate(op.TranslateRequest{Text: "zzq qqz", Source: "ar", Target: "en"})
	if !r.Partial || len(r.Untranslated) != 2 {
		t.Errorf("got %q partial %v %q", r.TranslatedText, r.Partial, r.Untranslated)
	}
}
