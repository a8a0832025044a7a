package builtin

import (
	"testing"

	"svc/engine/op"
)

// Examples written for these tests (not taken from any dataset).

// Praise conceded before "but" and a clause with no good word after it is
// a complaint with mixed sentiment, even when no lexicon rates the clause;
// a question or a request after "but" is not.
func TestConcessionIsComplaint(t *testing.T) {
	for _, s := range []string{
		"the pizza is great but the delivery guy threw it at the door",
		"البرجر تحفة بس الكاشير كان قليل الذوق جدا",
		"المكان حلو بس الموظفين ما بيردوا على حدا",
		"الخدمة ممتازة لكن حجز المواعيد عبر الموقع معقد جدا",
		"الاكل زين بس التوصيل ياخذ ساعتين",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("complaint", c.Intent) || c.Sentiment != "mixed" {
			t.Errorf("%q: intent %v sentiment %s, want a mixed complaint", s, c.Intent, c.Sentiment)
		}
	}
	for _, s := range []string{
		"great video but I have a question about the second step",
		"thanks a lot, but can you also add subtitles",
		"المنتج حلو بس ياريت تنزلوا ألوان تانية",
		"ممتاز بس كده",
		"amazing video but the next one better be even longer, love it",
	} {
		if c := Classify(op.ClassifyRequest{Text: s}); op.In("complaint", c.Intent) {
			t.Errorf("%q: intent %v, must not be a complaint", s, c.Intent)
		}
	}
}

// "how long does X take?" asks; a decisive cue keeps a complaint.
func TestHowLongAsks(t *testing.T) {
	for _, s := range []string{"how long does delivery take to Dammam?", "how long will the repair take"} {
		if c := Classify(op.ClassifyRequest{Text: s}); len(c.Intent) != 1 || c.Intent[0] != "question" {
			t.Errorf("%q: intent %v, want question", s, c.Intent)
		}
	}
	if c := Classify(op.ClassifyRequest{Text: "how long do I have to wait for my refund??"}); !op.In("complaint", c.Intent) {
		t.Errorf("a refund awaited: intent %v, want a complaint", c.Intent)
	}
}
