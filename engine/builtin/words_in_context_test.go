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

// TestAskingWhetherOneMay: one question asking whether the writer may
// cancel or get a refund asks the policy (a question, neutral, owed a
// reply); a failure told beside it still complains.
func TestAskingWhetherOneMay(t *testing.T) {
	for _, tc := range []struct {
		text      string
		complaint bool
	}{
		{"هل يمكنني إلغاء الاشتراك واسترجاع المبلغ؟", false},
		{"ممكن ارجع الجزمة وآخد فلوسي؟", false},
		{"could i cancel the order and get my money back?", false},
		{"فيني رجع الغرض وإسترد المصاري؟", false},
		{"can i get a refund for the cracked phone case?", true},
		{"ممكن ترجعولي فلوسي؟ الطلب ما وصل", true},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		// (a complaint first reports no question beside it: intent.go
		// secondIntentKept)
		if slices.Contains(c.Intent, "complaint") != tc.complaint || !tc.complaint && !slices.Contains(c.Intent, "question") || !c.RequiresResponse {
			t.Errorf("%q: %v %s rr=%v; want complaint=%v (else a question) owed a reply", tc.text, c.Intent, c.Sentiment, c.RequiresResponse, tc.complaint)
		}
	}
}

// TestWellWishAndConditional: a well-wish ("أتمنى لكم التوفيق", "wish you
// all the best") blesses: praise, not a proposal; a good word inside "it
// would be ... if" proposes: a suggestion, not praise.
func TestWellWishAndConditional(t *testing.T) {
	for _, tc := range []struct {
		text   string
		intent string
	}{
		{"نتمنى لك دوام التوفيق يا دكتور", "praise"},
		{"أتمنى لكم الاستمرار والنجاح", "praise"},
		{"فيديو حلو ومفيد، اتمنى لكم التوفيق", "praise"},
		{"I wish you all the best, lovely shop", "praise"},
		{"it would be very helpful if the bank app showed pending transfers", "suggestion"},
		{"اتمنى تعملوا حلقة عن الخبز", "suggestion"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent {
			t.Errorf("%q: %v; want [%s]", tc.text, c.Intent, tc.intent)
		}
	}
}

// TestNegativeOtherComplains: a negative comment the cues left "other",
// with some complaint evidence and no offensive word, is a complaint owed
// a reply; a sad remark with no complaint evidence stays "other".
func TestNegativeOtherComplains(t *testing.T) {
	for _, tc := range []struct {
		text   string
		intent string
	}{
		{"حجزنا الساعة ٥ وقاعدين بقالنا ساعتين والممرضة لسه مجتش", "complaint"},
		{"Booked a sea view room, got a wall view. Wasted my anniversary", "complaint"},
		{"تتأخر الحافلة دائما عن موعدها وهذا مزعج جدا", "complaint"},
		{"rip to the legend, so sad", "other"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent || (tc.intent == "complaint") != c.RequiresResponse {
			t.Errorf("%q: %v %s rr=%v; want [%s]", tc.text, c.Intent, c.Sentiment, c.RequiresResponse, tc.intent)
		}
	}
}

// TestPleasAndGenres: "someone explain to me how!!!" is exasperation (a
// complaint), a plea to correct what was charged is a complaint (not a
// proposal), and horror as a genre ("ألعاب رعب") frightens nobody.
func TestPleasAndGenres(t *testing.T) {
	for _, tc := range []struct {
		text   string
		intent string
	}{
		{"الفاتورة زادت الضعف وانا مستخدمتش حاجة، حد يفهمني ازاي!!!", "complaint"},
		{"حد يفهمني ازاي اشغل الجهاز؟", "question"},
		{"يرجى تصحيح المبلغ المخصوم من حسابي", "complaint"},
		{"نرجو استرجاع المبلغ المدفوع مرتين", "complaint"},
		{"يا ريت تنزلوا حلقة عن أفلام رعب قديمة", "suggestion"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent {
			t.Errorf("%q: %v %s; want [%s]", tc.text, c.Intent, c.Sentiment, tc.intent)
		}
	}
}
