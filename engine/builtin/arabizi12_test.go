package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestArabiziSpellingDialect: when the detector is unsure of an Arabizi
// comment's dialect, a letter convention of one dialect decides (a 6 or 9
// for ط/ص and a -oon plural are Gulf, a feminine ending written "e"
// Levantine); a sure detection, or cues of two dialects, leave the answer
// as it was. Comments written for this test.
func TestArabiziSpellingDialect(t *testing.T) {
	unsure := op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.25, Arabizi: true}
	sure := op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.9, Arabizi: true}
	for _, c := range []struct {
		text, dl string
		d        op.Detection
		want     string
	}{
		{"el madrase ba3ide 3an el beit", "egyptian", unsure, "levantine"},
		{"el 2akle kanet barde", "gulf", unsure, "levantine"},
		{"el 6alab wasal barid", "levantine", unsure, "gulf"},
		{"mata tirsiloon el talab?", "egyptian", unsure, "gulf"},
		{"el 6alab wasal barid", "levantine", op.Detection{}, "gulf"}, // not detected as Arabizi
		// sure: the markers stand
		{"el 6alab wasal barid", "egyptian", sure, "egyptian"},
		// cues of two dialects: no answer from the spelling
		{"el 6alab wasal w el 2akle barde", "egyptian", unsure, "egyptian"},
		// no cue: the old rule (not msa)
		{"el talab wasal", "egyptian", unsure, "egyptian"},
	} {
		if got := arabiziDialectDetected(c.dl, c.text, transliterator().Transliterate(c.text).Text, c.d); got != c.want {
			t.Errorf("%q (%s, conf %.2f): %s; want %s", c.text, c.dl, c.d.DialectConfidence, got, c.want)
		}
	}
}

// TestArabiziWideVocabulary: questions whose nouns are outside the
// lexicons (fees, school, invoice...) are Arabizi when those words are
// Arabic words of the wide vocabulary and a particle of the Arabizi table
// is in the text; English names and words spelled in Arabic by that
// vocabulary do not make an English text Arabic. Comments written for
// this test.
func TestArabiziWideVocabulary(t *testing.T) {
	for _, text := range []string{
		"wain agdar alga maw2af sayyarat?",
		"mata yabda el tasjeel fel jam3a?",
		"el ta2meen yeghatti el asnan?",
	} {
		if c := Classify(op.ClassifyRequest{Text: text}); c.Language != "ar" || c.Dialect == "" {
			t.Errorf("%q: language %s dialect %q; want ar with a dialect", text, c.Language, c.Dialect)
		}
	}
	for _, text := range []string{
		"Donald Trump banana monkey",
		"Justin Bieber Rihanna Shakira",
	} {
		if c := Classify(op.ClassifyRequest{Text: text}); c.Language == "ar" {
			t.Errorf("%q: read as Arabic (%s)", text, c.Reasoning)
		}
	}
}

// TestEarningsLure: a promise of earnings to the reader beside "message
// me" is spam in Moderate too, in Arabic script and in Arabizi; a
// customer's own win, a message received, a warning or a gain that is no
// money is not. Sentences written for
// this test.
func TestEarningsLure(t *testing.T) {
	for _, c := range []struct {
		text string
		spam bool
	}{
		{"بدك تكسب مصاري وانت قاعد؟ بعتلي عالواتس", true},
		{"bdak tekseb masari w enta 2a3ed? b3atli 3al whatsapp", true},
		{"حابب تربح دخل إضافي؟ راسلني", true},
		{"ربحت بالسحب وبعتولي رسالة تأكيد", false},
		{"بعتلي المندوب رسالة إنه وصل", false},
		{"ما بتكسب فلوس من هالشغلة، كلمني قبل ما تشترك", false}, // a warning
		{"بتكسب وقت لو طلبت اونلاين، تواصل معهم", false},        // no money
	} {
		m := Moderate(op.ModerateRequest{Text: c.text, Strictness: "medium"})
		if got := op.In("spam", m.Flags); got != c.spam {
			t.Errorf("%q: spam flag %v; want %v (flags %v)", c.text, got, c.spam, m.Flags)
		}
	}
}

// TestWishWithPronoun: "I wish you (would)" with the pronoun on ريت/ليت
// (ريتكم, ريتكن, ليتك) is a suggestion like يا ريت, in Arabic script and in
// Arabizi. Sentences written for this test.
func TestWishWithPronoun(t *testing.T) {
	for _, text := range []string{
		"يا ريتكم تضيفوا خيار الدفع عند الاستلام",
		"ya retkon t7etto menu lel atfal",
		"ya laitak tsawi 7al2a 3an el ta9weer",
	} {
		c := Classify(op.ClassifyRequest{Text: text})
		if len(c.Intent) == 0 || c.Intent[0] != "suggestion" {
			t.Errorf("%q: intent %v; want suggestion (%s)", text, c.Intent, c.Reasoning)
		}
	}
}
