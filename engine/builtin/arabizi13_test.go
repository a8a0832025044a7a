package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// TestArabiziPluralEt: a final "-et" after a stem of four letters or more is
// the Levantine plural ات when that plural is a lexicon word; a stem of
// three letters (a verb's feminine past, a construct) keeps ت. Phrases
// written for this test.
func TestArabiziPluralEt(t *testing.T) {
	for _, c := range []struct{ text, want, not string }{
		{"kol el i3lanet di mosh mafhooma", "الاعلانات", ""},
		{"el 7ayawanet el alifa 3andkon", "الحيوانات", ""},
		{"talabet el akl w ma wesel", "طلبت", "طلبات"},
		{"sharket el ta2meen", "شركت", "شركات"},
	} {
		got := transliterator().Transliterate(c.text).Text
		if !strings.Contains(got, c.want) || c.not != "" && strings.Contains(got, c.not) {
			t.Errorf("%q read %q; want %q", c.text, got, c.want)
		}
	}
}

// TestArabiziInterdentalGulf: an interdental written "th"/"dh" in a word
// read as Arabic is a Gulf spelling when the detector is unsure; the t or d
// before a pronoun suffix -ha/-hom is not, and neither are English words.
// Sentences written for this test.
func TestArabiziInterdentalGulf(t *testing.T) {
	unsure := op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.25, Arabizi: true}
	for _, c := range []struct{ text, dl, want string }{
		{"el mowathaf kan zien", "egyptian", "gulf"},
		{"hatha el shay 3atheem", "levantine", "gulf"},
		{"el 3arabeya elly gebtha 5arbana", "egyptian", "egyptian"},
		{"ma3ndhomsh ay 7aga", "egyptian", "egyptian"},
		{"el service with the app w5ed", "egyptian", "egyptian"},
	} {
		if got := arabiziDialectDetected(c.dl, c.text, transliterator().Transliterate(c.text).Text, unsure); got != c.want {
			t.Errorf("%q: %s; want %s", c.text, got, c.want)
		}
	}
}

// TestArabiziLevantineProgressive: "3am" before an imperfect verb is the
// Levantine progressive, whatever the detector's markers say; "3am" the
// noun (year) or the Egyptian vocative "ya 3am" is not. Sentences written
// for this test.
func TestArabiziLevantineProgressive(t *testing.T) {
	sure := op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.9, Arabizi: true}
	for _, c := range []struct {
		text string
		want string
	}{
		{"leeh el site 3am y3alle2 kol shwaya", "levantine"},
		{"ana 3am bestanna el order men usbu3", "levantine"},
		{"ma 3am ne2dar nedfa3 3al app", "levantine"},
		{"kol 3am w enta tayeb ya basha", "egyptian"},
		{"ya 3am tab ma te2ool keda", "egyptian"},
		{"el as3ar btzeed 3am ba3d 3am", "egyptian"},
		{"el 3am el gay hanigi tani", "egyptian"},
	} {
		if got := arabiziDialectDetected("egyptian", c.text, transliterator().Transliterate(c.text).Text, sure); got != c.want {
			t.Errorf("%q: %s; want %s", c.text, got, c.want)
		}
	}
}

// TestArabiziBeyEgyptian: the imperfect prefix written "bey" is an
// Egyptian spelling where the detector is unsure; "beyt"/"beyn" (house,
// between) are not, and a cue of another dialect beside it leaves no
// answer from the spelling. Sentences written for this test.
func TestArabiziBeyEgyptian(t *testing.T) {
	unsure := op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.25, Arabizi: true}
	for _, c := range []struct{ text, dl, want string }{
		{"el app beyfsel kol shwaya", "levantine", "egyptian"},
		{"el mandoob beyetakhar dayman", "gulf", "egyptian"},
		{"beyt el 3eela 7elw", "levantine", "levantine"},
		{"el app beyfsel w el 2akle barde", "levantine", "levantine"},
	} {
		if got := arabiziDialectDetected(c.dl, c.text, transliterator().Transliterate(c.text).Text, unsure); got != c.want {
			t.Errorf("%q: %s; want %s", c.text, got, c.want)
		}
	}
}
