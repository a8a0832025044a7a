package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// Round 19 (intent_r19.go): Arabic questions that are not requests for
// information. Sentences of our own. want is the joined intent; not, when
// set, an intent that must not be reported (the look-alikes).
func TestRound19QuestionForms(t *testing.T) {
	cases := []struct{ text, want, not string }{
		// incredulity reports a grievance
		{"هل يعقل أن يتأخر الرد على البريد أسبوعين؟", "complaint", ""},
		{"هل من المعقول أن تنقطع الكهرباء عن المعرض كل ساعة؟", "complaint", ""},
		// how / why do you (all) ...: reproach
		{"كيف تبيعون حليب منتهي الصلاحية؟", "complaint", ""},
		{"ازاي تقفلوا الفرع من غير ما تقولوا؟", "complaint", ""},
		{"شلون تلغون حجزي بدون رسالة؟", "complaint", ""},
		{"ليش سكرتو المحل بكير اليوم؟", "complaint", ""},
		{"ليه بتقطعوا النت كل ليلة؟", "complaint", ""},
		// where / when beside the time already waited; until when must I wait
		{"فين الشحنة؟ بقالي عشر أيام مستني", "complaint", ""},
		{"وين الفني؟ صار لي من الصبح أنتظر", "complaint", ""},
		{"متى ترجع الخدمة؟ من امس ما في نت", "complaint", ""},
		{"إلى متى سأنتظر رد خدمة العملاء؟", "complaint", ""},
		// a question that proposes an action
		{"ما رأيكم تضيفون قسم للكتب المستعملة؟", "suggestion", ""},
		{"شو رأيكن تعملو توصيل عالجامعة؟", "suggestion", ""},
		{"ما رأيك في التعاون مع مخبز الحي؟", "suggestion", ""},
		{"هلا وفرتم خيار الدفع عند الاستلام؟", "suggestion", ""},
		{"ألا يمكن تمديد ساعات العمل في رمضان؟", "suggestion", ""},
		{"شو بيصير لو فتحتو فرع بطرابلس؟", "suggestion", ""},
		// look-alikes that stay as they were
		{"كيف أرجع الطلب إذا المقاس ما ضبط؟", "question", ""},
		{"ازاي احجز موعد اونلاين؟", "question", ""},
		{"العرض ده لحد امتى؟", "question", ""},
		{"إلى متى يستمر الخصم؟", "question", ""},
		{"متى يفتح الفرع الجديد؟", "question", ""},
		{"وين موقعكم بالضبط؟", "question", ""},
		{"شو بيصير لو لغيت الاشتراك؟", "question", ""},
		{"كيف تسوي العجينة هشة هيك؟", "", "complaint"},
		{"شو رأيكم بالتصميم الجديد؟", "", "suggestion"},
		{"هلا والله، متى تفتحون بكرة؟", "", "suggestion"},
		{"ليش ما تعملو فرع بالزرقا؟", "", "complaint"},
		{"هل يمكن الدفع بالبطاقة عند الاستلام؟", "", "complaint"},
		{"متى بتنزل الحلقة الجاية؟", "question", ""},
		// a repeat held against "you", and "why don't you make ...?"
		{"زودتوا سعر الاشتراك مرة تانية؟", "complaint", ""},
		{"كل اسبوع تغيرون مواعيد الدوام؟", "complaint", ""},
		{"هل سيفتح المعرض مرة أخرى في الصيف؟", "question", ""},
		{"ما تعملوا حلقة عن الميزانية البيتية؟", "suggestion", ""},
		{"طب ما تجيبوا مقاسات أكبر؟", "suggestion", ""},
		{"ما تكلفة الشحن للخارج؟", "question", ""},
	}
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		j := strings.Join(got.Intent, "+")
		if c.want != "" && j != c.want || c.not != "" && op.In(c.not, got.Intent) {
			t.Errorf("%q: got intent=%s, want %q not %q", c.text, j, c.want, c.not)
		}
	}
}

// The rule itself: a grievance asked as a question, and the guards
// (positive comments, first-person verbs, negated "why").
func TestRound19QuestionIntent(t *testing.T) {
	cases := []struct {
		text     string
		positive bool
		want     string
	}{
		{"هل يعقل هذا التأخير؟", false, "complaint"},
		{"هل يعقل هالطعم بهالسعر؟", true, ""},
		{"كيف تحسبون الرسوم مرتين؟", false, "complaint"},
		{"كيف احسب الرسوم؟", false, ""},
		{"ليش ما تفتحون الجمعة؟", false, ""},
		{"الى متى ننتظر؟", false, "complaint"},
		{"الى متى العرض؟", false, ""},
		{"هلا أضفتم خيار الحجز المسبق؟", false, "suggestion"},
	}
	for _, c := range cases {
		if got := r19QuestionIntent(tokenize(c.text), c.positive); got != c.want {
			t.Errorf("%q (positive %v): got %q, want %q", c.text, c.positive, got, c.want)
		}
	}
}

// Praise said through its outcome (r19HelpedMe), and the negated and
// imperative look-alikes that stay complaints or requests.
func TestRound19HelpedMe(t *testing.T) {
	cases := []struct{ text, want, not string }{
		{"المدرس الخصوصي فادني قبل الامتحان بأسبوع", "praise", ""},
		{"الصيدلاني طمني على جرعة الدوا لبنتي", "praise", ""},
		{"التطبيق الجديد وفرلي مشوار البنك", "praise", ""},
		{"الموظف ساعدني أرتب أوراق المعاملة", "praise", ""},
		{"محد ساعدني لما تعطلت السيارة بالطريق", "", "praise"},
		{"ما حدا ساعدني بالفرع ورجعت عالبيت", "", "praise"},
		{"ساعدوني الحساب مقفل من امبارح", "", "praise"},
	}
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		j := strings.Join(got.Intent, "+")
		if c.want != "" && j != c.want || c.not != "" && op.In(c.not, got.Intent) {
			t.Errorf("%q: got intent=%s, want %q not %q", c.text, j, c.want, c.not)
		}
	}
	if r19HelpedMe(tokenize("محد ساعدني")) || !r19HelpedMe(tokenize("الدكتور طمنني")) {
		t.Error("r19HelpedMe: negation or the verb class misread")
	}
}
