package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestReadThroughClasses: classes found reading comments a user types
// (issue 23), each with sentences of our own: a comment classify files as
// spam is flagged spam by moderate too; money taken from the writer beside
// an amount is a complaint, not spam; the garbage of a street is no insult;
// "how stupid you are!" is; a wish for content joined by ب proposes; taking
// one's child away from the brand leaves it; "nothing but honesty" praises;
// a parcel stuck at customs is a complaint.
func TestReadThroughClasses(t *testing.T) {
	for _, tc := range []struct {
		text   string
		intent string
		flag   string
	}{
		{"Visit www.quick-cash-today.net for instant loans, no credit check", "spam", "spam"},
		{"سحبوا مني ٩٩ ريال تجديد اشتراك وأنا لاغيه", "complaint", ""},
		{"الزبالة مرمية في الشارع من أسبوع ومحدش شالها", "complaint", ""},
		{"محتواك زبالة", "other", "harassment"},
		{"ما أغباك، كل فيديوهاتك نفس الشي", "other", "harassment"},
		{"Would be lovely if you opened on Sundays too", "suggestion", ""},
		{"نفسنا بحلقة عن تاريخ الأندلس", "suggestion", ""},
		{"المدرسة ما اهتمت بابني وانا هسحبه من عندكم", "complaint", ""},
		{"تعاملت معكم سنين وما لقيت إلا الاحترام", "praise", ""},
		{"الطرد عالق بالجمارك من أسبوعين", "complaint", ""},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		flag := ""
		if len(m.Flags) > 0 {
			flag = m.Flags[0]
		}
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent || flag != tc.flag {
			t.Errorf("%q: %v %s flags %v; want [%s] flag %q", tc.text, c.Intent, c.Sentiment, m.Flags, tc.intent, tc.flag)
		}
	}
}

// TestAngryQuestionAndMoneyGone: a yes/no question asked with an angry
// face complains; money eaten or drained, or claimed as "my money", is
// urgent.
func TestAngryQuestionAndMoneyGone(t *testing.T) {
	for _, tc := range []struct {
		text     string
		intent   string
		priority string
	}{
		{"my new sim card already stopped working?? 😡", "complaint", ""},
		{"الطلب لسه موصلش؟ 🤬", "complaint", ""},
		{"when does the store open? 😡", "question", ""},
		{"the app drained my whole credit overnight", "complaint", "high"},
		{"refund pending for 3 weeks, that is my money", "complaint", "high"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent || tc.priority != "" && c.Priority != tc.priority {
			t.Errorf("%q: %v priority %s; want [%s] %s", tc.text, c.Intent, c.Priority, tc.intent, tc.priority)
		}
	}
}

// TestEnglishNegativeOtherComplains: an English comment with clearly
// negative words and no intent cue tells what went wrong; a neutral remark
// stays "other".
func TestEnglishNegativeOtherComplains(t *testing.T) {
	for _, tc := range []struct {
		text   string
		intent string
	}{
		{"Listing said 2 bathrooms. Drove an hour to find one tiny bathroom. Wasted my Sunday", "complaint"},
		{"first time watching from Brazil", "other"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent {
			t.Errorf("%q: %v %s; want [%s]", tc.text, c.Intent, c.Sentiment, tc.intent)
		}
	}
}

// TestDisbeliefAtWhatHappened: "seriously?" closing a comment about what
// was done, and "so this is your X?", are disbelief: a complaint; a
// sceptical question about an offer still asks.
func TestDisbeliefAtWhatHappened(t *testing.T) {
	for _, tc := range []struct {
		text   string
		intent string
	}{
		{"حاسبوني على الشنطة كمان؟ عنجد؟", "complaint"},
		{"لقيت شعرة في الشوربة، هيك النظافة عندكم؟", "complaint"},
		{"العرض ده حقيقي؟ بجد؟", "question"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent {
			t.Errorf("%q: %v; want [%s]", tc.text, c.Intent, tc.intent)
		}
	}
}
