package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestArabiziRound10Words: Arabizi words the transliterator misread before
// round 10, in comments written for this test: "kalbi" is قلبي ("my heart"),
// not the insult كلبي; "ya leet" is the wish يا ليت, not the English "leet";
// "bl" and "3a" are بال and على written short; "sa7ib" is صاحب ("owner"),
// so an insult at him is an insult, not a withdrawal; a dialect imperfect
// with a prefix and a plural ending ("btfta7o").
func TestArabiziRound10Words(t *testing.T) {
	for _, c := range []struct {
		text, intent, sentiment string
		flagged, rr             bool
	}{
		{"kalbi bi7eb el mat3am da", "praise", "positive", false, false},
		{"ya leet tzeedo 7agm el wagba", "suggestion", "neutral", false, false},
		{"ya leit t5aleeh ar5as shwai", "suggestion", "neutral", false, false},
		{"wdi tsawoon 3ard 3al 7alawiyat", "suggestion", "neutral", false, false},
		{"3indkom tawseel bl lail?", "question", "neutral", false, true},
		{"btfta7o 3a sa3a kam?", "question", "neutral", false, true},
		{"sa7ib el ma7al 7mar", "other", "negative", true, false},
		// "mafi" is ما في written apart: the negation, not a question
		{"mafi 7ada bye7ki ma3na mn embare7", "complaint", "negative", false, true},
	} {
		cl := Classify(op.ClassifyRequest{Text: c.text})
		m := Moderate(op.ModerateRequest{Text: c.text})
		if cl.Language != "ar" || len(cl.Intent) == 0 || cl.Intent[0] != c.intent || cl.Sentiment != c.sentiment || cl.RequiresResponse != c.rr || m.IsSafe == c.flagged {
			t.Errorf("%q: lang=%s intent=%v sentiment=%s rr=%v safe=%v; want ar %s %s rr=%v flagged=%v (%s)",
				c.text, cl.Language, cl.Intent, cl.Sentiment, cl.RequiresResponse, m.IsSafe, c.intent, c.sentiment, c.rr, c.flagged, cl.Reasoning)
		}
	}
}

// TestArabiziFewWords: short comments whose other words are Arabic words
// outside the lexicons or loans are Arabizi when two words are particles or
// dialect words of the Arabizi table, or one has an Arabizi digit, and no
// word is English; English comments with an article-like word stay English.
func TestArabiziFewWords(t *testing.T) {
	for _, c := range []struct {
		text, lang string
	}{
		{"ya reet t3mlo 3ard 3al pizza", "ar"},
		{"mashallah el ostaz rayi2", "ar"},
		{"atyab kunafa b dubai", "ar"},
		{"see you at the mall", "en"},
		{"al pacino was great", "en"},
		{"let the app load first", "en"},
		{"all other messages", "en"},
	} {
		if cl := Classify(op.ClassifyRequest{Text: c.text}); cl.Language != c.lang {
			t.Errorf("%q: language %s, want %s", c.text, cl.Language, c.lang)
		}
	}
}

// TestFollowExchange: the loan "follow" twice in an Arabizi comment with a
// promise to return it is follow-for-follow spam; a fan who says "follow"
// twice about following the channel, and English comments, are not.
func TestFollowExchange(t *testing.T) {
	for _, c := range []struct {
		text string
		spam bool
	}{
		{"e3mel follow l 7sabi w arga3lak el follow 3ala tool", true},
		{"follow li w bfollowak 3al tool ya 7abibi", true},
		{"ana 3amel follow men awel video, el follow da a7san 7aga 3amaltaha", false},
		{"bfollowak mn sneen w inta a7la wa7ed", false},
		{"I follow your advice and follow the steps every day", false},
	} {
		cl := Classify(op.ClassifyRequest{Text: c.text})
		if got := len(cl.Intent) > 0 && cl.Intent[0] == "spam"; got != c.spam {
			t.Errorf("%q: intent %v, want spam=%v (%s)", c.text, cl.Intent, c.spam, cl.Reasoning)
		}
	}
}
