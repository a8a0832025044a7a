package builtin

import "testing"

// Sentences of our own (issue 23, nineteenth session), each failing before
// the change it tests unless marked as a near sentence that keeps its
// answer.

// TestOwnAccountNoPromotion: "my account" in Egyptian (الحساب بتاعي, and
// its Arabizi "el account bta3i") is what a customer writes about their
// own account, no promotion by itself: not spam (flagged spam before).
// An invitation to the writer's page stays spam.
func TestOwnAccountNoPromotion(t *testing.T) {
	checkFlags(t, []flagCase{
		{"الحساب بتاعي اتقفل لوحده ومش عارف ادخل", false},
		{"el account bta3i mesh rady yefta7 ba3d el update", false},
		// near: the page promoted
		{"تابعوا الصفحه بتاعي فيها عروض كل يوم", true},
	})
	checkR22(t, []r22Case{
		{"el account bta3i mesh rady yefta7 ba3d el update", "complaint", ""},
	})
}

// TestSpelledOutDomain: a domain spelled out to pass link filters
// ("name dot com") is a link: with a promotion, spam (not flagged before).
// Near: "dot" in a sentence.
func TestSpelledOutDomain(t *testing.T) {
	checkFlags(t, []flagCase{
		{"cheap phone cases for everyone visit casezone dot shop", true},
		{"want bigger lips in a week?? get the serum at plumpnow dot net", true},
		// near
		{"the dot on the app icon never goes away", false},
	})
}

// TestPurposeLamNoThanks: لتسلموا ("to hand over") is not the blessing
// تسلموا: a question, not praise (praise before).
func TestPurposeLamNoThanks(t *testing.T) {
	checkR22(t, []r22Case{
		{"كم ساعة بتحتاجوا لتسلموا الكيكة للحفلة", "question", ""},
		// near: the blessing itself
		{"تسلموا على التوصيل السريع", "praise", ""},
	})
}

// TestStaffInsultsArabiziAndWorkers: a mild insult said of the shop's
// workers (Levantine شغيلة) or of the staff in Gulf Arabizi written with
// 6 for ظ (mow6afeen): harassment (not flagged before). Manners denied
// after a past copula and an intensifier ("كان وايد ما عنده ادب") tell how
// someone behaved: a complaint, not flagged (flagged, "other", before).
func TestStaffInsultsArabiziAndWorkers(t *testing.T) {
	checkFlags(t, []flagCase{
		{"الشغيلة بهالفرع زعران وما بيحترموا حدا", true},
		{"mowa6afeen el far3 kilhum aghbiya", true},
		{"الكاشير كان وايد ما عنده ادب", false},
		{"الموظفة كانت جدا ما عندها ادب", false},
	})
	checkR22(t, []r22Case{
		{"الكاشير كان وايد ما عنده ادب", "complaint", ""},
		{"الموظفة كانت جدا ما عندها ادب", "complaint", ""},
	})
}

// TestEnglishVocativeQuestion: "bro" or "guys" before a question typed
// without its mark does not hide it: a question (other before).
func TestEnglishVocativeQuestion(t *testing.T) {
	checkR22(t, []r22Case{
		{"bro which camera would you get for vlogging on a budget", "question", ""},
		{"guys can we pay in installments", "question", ""},
	})
}
