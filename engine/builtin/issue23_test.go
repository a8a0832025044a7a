package builtin

import (
	"testing"

	"svc/engine/op"
)

// The comments quoted in issue 23 (the public reproduction of what a new
// user saw) get the answers a reader expects.
func TestIssue23Examples(t *testing.T) {
	cases := []struct {
		text, intent, sentiment string
		flagged                 bool
	}{
		{"ليه التوصيل اتأخر كده؟", "complaint", "negative", false},
		{"Your customer service is a joke, I have been waiting for a week", "complaint", "negative", false},
		{"Great, another update that broke everything. Thanks a lot.", "complaint", "negative", false},
		{"المطعم ده أكله وحش والخدمة بطيئة جدا", "complaint", "negative", false},
		{"الطلب اتأخر وما حدا عم يرد على التلفون", "complaint", "negative", false},
		{"احلى فيديو شفته النهارده", "praise", "positive", false},
		{"اقترح تعملوا عرض للطلبة", "suggestion", "neutral", false},
		{"this is garbage and you are a clown", "other", "negative", true},
		{"انت حمار وما تفهم شي", "other", "negative", true},
		{"سعر التوصيل غالي", "complaint", "negative", false},
		{"I want to buy this, is the delivery free", "question", "neutral", false},
		{"التوصيل مجاني؟", "question", "neutral", false},
		{"الصوت واطي", "complaint", "negative", false},
	}
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		m := Moderate(op.ModerateRequest{Text: c.text, Strictness: "medium"})
		if !op.In(c.intent, got.Intent) || op.In("spam", got.Intent) || got.Sentiment != c.sentiment || m.IsSafe == c.flagged {
			t.Errorf("%q: intent %v sentiment %s flags %v; want %s %s flagged=%v (%s)", c.text, got.Intent, got.Sentiment, m.Flags, c.intent, c.sentiment, c.flagged, got.Reasoning)
		}
	}
}
