package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestLiteralWordsNotFlagged: words with an everyday sense beside their
// offensive one, in a customer's comment, are not flagged at the default
// strictness; aimed at someone, or with the contact bait of a seller, they
// still are.
func TestLiteralWordsNotFlagged(t *testing.T) {
	for _, tc := range []struct {
		text string
		flag string // the category flagged, "" for none
	}{
		// "cheap" of food and goods, "low" of a sound, "rude" as the manner
		// someone spoke in: told, not thrown (the thirteenth session)
		{"ياريت فيديو عن وجبات رخيصة للطلاب", ""},
		{"الاسعار عندكم رخيصة والخدمة ممتازة", ""},
		{"الصوت بالحلقة مبارح كان كتير واطي ما سمعنا شي", ""},
		{"الكاشير حكى معي بأسلوب وقح لما سألته عن العرض", ""},
		{"انت رخيص", "harassment"},
		{"انت صوتك واطي وانت اوطى منه", "harassment"},
		// like for like, add me and I add back, who wants to win
		{"لايك مقابل لايك يا جماعة", "spam"},
		{"ضيفوني وبرد الاضافة", "spam"},
		{"مين بدو يربح سماعات؟ الرابط بالبايو", "spam"},
		// a messaging app the customer talks about
		{"ليش ما في رقم واتساب للفرع؟", ""},
		{"بعتلكم على الواتساب من يومين ومحدش رد", ""},
		{"خلوا الحجز يكون بالواتس احسن", ""},
		{"فيكم تعملوا رقم واتساب للطلبات؟", ""},
		{"حطوا رقم الواتساب في الصفحة", ""},
		{"جددتوا الاشتراك من غير ما اوافق وخدتوا ١٥٠ ريال", ""},
		{"للطلب واتساب والتوصيل مجاني", "spam"},
		{"للتواصل واتساب 0501234567", "spam"},
		// "sucks" is a verdict
		{"this app sucks, it crashes every time i open it", ""},
		{"finally an airline that doesnt suck", ""},
		// animals and pain
		{"عندكم أكل قطط رويال كانين؟", ""},
		{"الفني صلح المكيف بدون وجع راس، شكرا", ""},
		{"يا كلب", "harassment"},
		// an English loanword in Arabizi
		{"ba3atoli pizza barda", ""},
	} {
		m := Moderate(op.ModerateRequest{Text: tc.text})
		got := ""
		if len(m.Flags) > 0 {
			got = m.Flags[0]
		}
		if got != tc.flag {
			t.Errorf("%q: flags %v (terms %v); want %q", tc.text, m.Flags, m.FlaggedTerms, tc.flag)
		}
	}
}
