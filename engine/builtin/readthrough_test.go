package builtin

import (
	"testing"

	"svc/engine/op"
)

// Comments the session's read-through answered wrong (docs/quality.md):
// a polite request is a suggestion, and the يا of "يا ريت" (I wish)
// addresses nobody, so the learned moderation head's address gate does not
// open on it; a real vocative still does.
func TestReadThroughAnswers(t *testing.T) {
	for _, c := range []struct {
		text   string
		intent string
	}{
		{"Maybe add English subtitles for the Arabic episodes", "suggestion"},
		{"نرجو إضافة خاصية الدفع عند الاستلام", "suggestion"},
		{"shu 7elo hal mawdoo3, ya reet ta3mlo kaman", "suggestion"},
	} {
		r := Classify(op.ClassifyRequest{Text: c.text})
		if !op.In(c.intent, r.Intent) {
			t.Errorf("%q: intent %v, want %s", c.text, r.Intent, c.intent)
		}
		if m := Moderate(op.ModerateRequest{Text: c.text}); len(m.Flags) > 0 {
			t.Errorf("%q: flagged %v", c.text, m.Flags)
		}
	}
	if m := Moderate(op.ModerateRequest{Text: "يا حمار يا غبي"}); len(m.Flags) == 0 {
		t.Error(`"يا حمار يا غبي" is not flagged: the vocative gate broke`)
	}
}

// A word of manners after a past copula reports how someone behaved (a
// complaint, answered), as "the employee was rude" is in English; the same
// word said of the staff in the present is still an insult at them.
func TestPastConductIsAComplaint(t *testing.T) {
	for _, text := range []string{
		"الموظف كان وقح ورفض يساعدني",
		"المندوب كان قليل الأدب معايا",
		"الموظفة كانت وقحة جدا معنا اليوم",
	} {
		r := Classify(op.ClassifyRequest{Text: text})
		if !op.In("complaint", r.Intent) || !r.RequiresResponse {
			t.Errorf("%q: intent %v requires_response %v, want a complaint answered", text, r.Intent, r.RequiresResponse)
		}
		if m := Moderate(op.ModerateRequest{Text: text}); len(m.Flags) > 0 {
			t.Errorf("%q: flagged %v", text, m.Flags)
		}
	}
	for _, text := range []string{"الكاشير تبعكن وقح وقليل ذوق", "انت وقح"} {
		if m := Moderate(op.ModerateRequest{Text: text}); len(m.Flags) == 0 {
			t.Errorf("%q: not flagged", text)
		}
	}
}
