package builtin

import (
	"testing"

	"svc/engine/op"
)

// Sentences of my own (round 9): an Arabic insult aimed at the brand's people
// named in the third person is flagged and is an insult (no reply owed); an
// everyday sense of a listed word is not flagged; Arabic promotion frames
// (follow-for-follow, a private-chat bait, guaranteed income, essays
// written for you) are spam and flagged.
func TestArStaffInsultAndSpamFrames(t *testing.T) {
	cases := []struct {
		text    string
		flagged bool
		intent  string // "" = not checked
		rr      bool
	}{
		{"موظفين البنك كلهم أغبيا", true, "other", false},
		{"الكاشير عندكم في منتهى الغباء", true, "other", false},
		{"اليوتيوبر ده تافه وما عنده محتوى", true, "", false},
		{"قعدت ساعة استنى ومحدش سأل فيا، اغبيا", true, "", false},
		{"الموظف كان محترم جدا وساعدني", false, "praise", false},
		{"الدكتور فحص الكلب بسرعة وكان لطيف", false, "", false},
		{"المسلسل حلو بس الصوت شوي واطي", false, "complaint", true},
		{"كم سعر التطعيم للكلب عندكم؟", false, "question", true},
		{"كلبي تعبان، متى بتفتح العيادة؟", false, "question", true},
		{"تابع حسابي وبتابعك على طول", true, "spam", false},
		{"دخل يومي من البيت، راسلني خاص", true, "spam", false},
		{"حل الواجبات وكتابة الأبحاث بأسعار رمزية، راسلونا على الخاص", true, "spam", false},
		{"ممكن ارسلكم على الخاص رقم الطلب؟", false, "question", true},
	}
	for _, c := range cases {
		m := Moderate(op.ModerateRequest{Text: c.text})
		if m.IsSafe == c.flagged {
			t.Errorf("%q: flagged %v (%v), want %v", c.text, !m.IsSafe, m.Flags, c.flagged)
		}
		got := Classify(op.ClassifyRequest{Text: c.text})
		if c.intent != "" && !op.In(c.intent, got.Intent) {
			t.Errorf("%q: intent %v, want %s", c.text, got.Intent, c.intent)
		}
		if got.RequiresResponse != c.rr {
			t.Errorf("%q: requires_response %v, want %v", c.text, got.RequiresResponse, c.rr)
		}
	}
}

// A messaging app named in a proposal to the brand is no contact bait; with
// a number beside it, or offered, it is.
func TestChannelInProposal(t *testing.T) {
	for _, c := range []struct {
		text string
		spam bool
	}{
		{"اقترح تخلوا الحجز عن طريق الواتساب", false},
		{"ياريت تفتحوا خدمة عملاء على التلجرام", false},
		{"للطلب تواصل واتساب 0551234567", true},
		{"تواصل معي على الواتساب للعروض", true},
	} {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if op.In("spam", got.Intent) != c.spam {
			t.Errorf("%q: intent %v, spam want %v", c.text, got.Intent, c.spam)
		}
	}
}
