package builtin

import (
	"slices"
	"testing"

	"svc/engine/op"
)

// TestWordsInContext: words whose sense depends on their neighbours. A
// negation ends at its clause; "بكم" after a word governing ب is "of you",
// not "for how much"; a fault named fixed, in a comment that thanks, is no
// grievance; "what a joke" about a service insults nobody; "hardcore" as
// a game mode is no sexual word.
func TestWordsInContext(t *testing.T) {
	for _, tc := range []struct {
		text      string
		intent    string
		sentiment string
		flagged   bool
	}{
		// negation stops at the comma: the shame is the writer's verdict
		{"الصالون حرق شعري بالسشوار وقالوا احنا مش مسؤولين، عيب عليكم", "complaint", "negative", false},
		{"العامل كسر الطاولة وقال مو مسؤولين. عيب والله", "complaint", "negative", false},
		// بكم
		{"نفتخر بكم يا شباب، شغل رائع", "praise", "positive", false},
		{"أهلا بكم في قناتنا والله برنامج ممتاز", "praise", "positive", false},
		{"بكم الكيلو؟", "question", "neutral", false},
		// a fault fixed, thanked
		{"الفني جا بسرعة وصلحوا العطل، مشكورين", "praise", "positive", false},
		{"أشكر الفريق على إصلاح العطل بسرعة", "praise", "positive", false},
		{"صلحوا العطل بسرعة الانترنت مقطوع من امبارح", "complaint", "negative", false},
		// a situation exclaimed
		{"paying for premium and the app crashed again, what a joke", "complaint", "negative", false},
		{"the guy who made this video, what an idiot", "other", "negative", true},
		// a game mode
		{"please do a hardcore mode playthrough next!", "suggestion", "neutral", false},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if !slices.Contains(c.Intent, tc.intent) || c.Sentiment != tc.sentiment || (len(m.Flags) > 0) != tc.flagged {
			t.Errorf("%q: intent %v sentiment %s flagged %v %v; want %s %s flagged %v", tc.text, c.Intent, c.Sentiment, len(m.Flags) > 0, m.Flags, tc.intent, tc.sentiment, tc.flagged)
		}
	}
}
