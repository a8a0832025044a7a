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
	} {
		cl := Classify(op.ClassifyRequest{Text: c.text})
		m := Moderate(op.ModerateRequest{Text: c.text})
		if cl.Language != "ar" || len(cl.Intent) == 0 || cl.Intent[0] != c.intent || cl.Sentiment != c.sentiment || cl.RequiresResponse != c.rr || m.IsSafe == c.flagged {
			t.Errorf("%q: lang=%s intent=%v sentiment=%s rr=%v safe=%v; want ar %s %s rr=%v flagged=%v (%s)",
				c.text, cl.Language, cl.Intent, cl.Sentiment, cl.RequiresResponse, m.IsSafe, c.intent, c.sentiment, c.rr, c.flagged, cl.Reasoning)
		}
	}
}
