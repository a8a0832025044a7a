package builtin

import (
	"testing"

	"svc/engine/op"
)

// Round 11 concepts, on sentences written for this test: a cancel threat
// in a loan word or an MSA verbal noun, a failure counted three times, money
// paid with nothing arrived, something owed withheld for months, an
// infection after treatment; proposals put as a question ("can you do a
// video on", "هل يمكن إضافة"). The second list must not move.
func TestRound11Concepts(t *testing.T) {
	high := []string{
		"النت فاصل من امبارح بكنسل الاشتراك",
		"سأقوم بإلغاء حسابي إن لم تحل المشكلة",
		"التطبيق بيقفل لوحده وده حصل تلت مرات النهارده",
		"دفعت ثمن الكنبة والى الان ما وصلت ولا احد يرد",
		"لم يتم تسليم الشهادة منذ شهرين رغم المراجعات",
		"حصل عندي التهاب في اللثة بعد التنظيف عندكم وما حدا بيرد علي",
		"البضاعة وصلت مكسورة، آخر مرة بتعامل معكن",
		"food was cold and the driver was rude, never ordering again",
	}
	for _, s := range high {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("complaint", c.Intent) || c.Priority != "high" {
			t.Errorf("%q: intent %v priority %s, want a high complaint", s, c.Intent, c.Priority)
		}
	}
	medium := []string{
		"طلبت شنطة من أسبوعين ولسه موصلتش",
		"اتصلت بالدعم ثلاث مرات ولا رد",
		"الغرفة ريحتها دخان سجاير",
		"الشاحن الجديد بيسخن بسرعة",
		"البطارية تخلص بسرعة بعد التحديث",
	}
	for _, s := range medium {
		c := Classify(op.ClassifyRequest{Text: s})
		if c.Priority == "high" {
			t.Errorf("%q: priority high, want medium", s)
		}
	}
	proposals := []string{
		"can you do a video on budget travel?",
		"could you guys do a review of the new camera?",
		"هل يمكن إضافة خاصية الوضع الليلي؟",
		"هل يمكنكم افتتاح فرع في الشمال؟",
	}
	for _, s := range proposals {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("suggestion", c.Intent) || c.RequiresResponse {
			t.Errorf("%q: intent %v rr %v, want a suggestion needing no reply", s, c.Intent, c.RequiresResponse)
		}
	}
	questions := []string{
		"can you do something about the late deliveries?",
		"can I add a second card to my account?",
		"could you tell me when the store opens?",
		"هل يمكن الدفع بالبطاقة عند الاستلام؟",
		"يمكن يفتحوا فرع جديد السنة الجاية",
		"can you add me to the waiting list?",
	}
	for _, s := range questions {
		c := Classify(op.ClassifyRequest{Text: s})
		if op.In("suggestion", c.Intent) && !op.In("question", c.Intent) && !op.In("complaint", c.Intent) {
			t.Errorf("%q: intent %v, not a proposal", s, c.Intent)
		}
	}
}

// An English noun that only names people (idiots, morons, clowns)
// predicated of a plural subject, or an insult closing "<person> is X and
// Y", is aimed at people: flagged, intent other, no reply. Criticism of
// things or a staffer's conduct (rude and clueless) stays a complaint.
func TestRound11EnglishInsults(t *testing.T) {
	for _, s := range []string{
		"your receptionists are total morons",
		"the mechanics were clowns",
		"the presenter is so loud and dumb",
	} {
		m := Moderate(op.ModerateRequest{Text: s})
		c := Classify(op.ClassifyRequest{Text: s})
		if len(m.Flags) == 0 || c.RequiresResponse {
			t.Errorf("%q: flags %v rr %v, want an insult", s, m.Flags, c.RequiresResponse)
		}
	}
	for _, s := range []string{
		"the results are idiotic",
		"the menu is long and dumb",
		"the cashier was slow and clueless",
		"these updates are useless",
		"the host is so funny and smart",
	} {
		if m := Moderate(op.ModerateRequest{Text: s}); len(m.Flags) > 0 {
			t.Errorf("%q: flagged %v, want not flagged", s, m.Flags)
		}
	}
}

// Spam frames: "visit" before the writer's own place, an order to press a
// link, a sum of money beside "message me", the link in the profile, "come
// to DM". The writer's own attempts with a link and a visit received stay
// clean.
func TestRound11SpamFrames(t *testing.T) {
	for _, s := range []string{
		"زوروا صفحتنا لأحدث موديلات الشنط",
		"اضغطي على الرابط واستلمي هديتك",
		"وظيفة من البيت براتب ٥٠٠٠ ريال راسلني",
		"أقوى الخصومات، الرابط في الملف الشخصي",
		"تعالي خاص اعلمك الطبخ بفلوس بسيطة",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		m := Moderate(op.ModerateRequest{Text: s})
		if !op.In("spam", c.Intent) || !op.In("spam", m.Flags) {
			t.Errorf("%q: intent %v flags %v, want spam", s, c.Intent, m.Flags)
		}
	}
	for _, s := range []string{
		"زوروا المتحف لو رحتوا القاهرة",
		"زوروني في المستشفى امس شكرا لكم",
		"لما اضغط على الرابط بيطلع صفحة فاضية",
		"ضغطت على الرابط وطلع خطأ",
		"دفعت ٥٠٠ ريال وتواصلت معكم ولا رد",
		"اشتريت ب ٢٠٠ جنيه وكلمني المندوب بعد يومين",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		m := Moderate(op.ModerateRequest{Text: s})
		if op.In("spam", c.Intent) || op.In("spam", m.Flags) {
			t.Errorf("%q: intent %v flags %v, not spam", s, c.Intent, m.Flags)
		}
	}
}

// A threat to leave or money taken from the writer makes a complaint of a
// comment otherwise left as "other" (or a "why" without a question mark);
// a question about cancelling or refunds stays a question.
func TestRound11LeavingIsComplaint(t *testing.T) {
	for _, s := range []string{
		"the pizza came cold and soggy, not ordering again",
		"الشغل كان مستعجل ومش نضيف، آخر مرة بتعامل معكم",
		"خصموا مني فلوس من الكارت ومش فاهم ليه",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("complaint", c.Intent) || !c.RequiresResponse || c.Sentiment == "positive" {
			t.Errorf("%q: intent %v sentiment %s rr %v, want a complaint", s, c.Intent, c.Sentiment, c.RequiresResponse)
		}
	}
	for _, s := range []string{
		"how do I cancel my subscription?",
		"ازاي الغي اشتراكي؟",
		"not watching again until the next season comes out, great show",
		"ما بعرف اتعامل مع التطبيق الجديد، ممكن شرح؟",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		if op.In("complaint", c.Intent) && !op.In("question", c.Intent) {
			t.Errorf("%q: intent %v, not a complaint", s, c.Intent)
		}
	}
}

// A promotion frame after "can't" reports what the writer cannot do.
func TestRound11CannotIsNoPromotion(t *testing.T) {
	for _, s := range []string{"the app crashed and i cant see my orders anymore", "couldnt check my points after the update"} {
		if m := Moderate(op.ModerateRequest{Text: s}); op.In("spam", m.Flags) {
			t.Errorf("%q: flags %v, not spam", s, m.Flags)
		}
	}
	if m := Moderate(op.ModerateRequest{Text: "see my page for cheap followers and likes"}); !op.In("spam", m.Flags) {
		t.Errorf("promotion lost: flags %v", m.Flags)
	}
}

// A product that does not keep doing its job (لا يدوم, ما بيثبت), a clinic
// that did not answer (the jussive لم تستجب), a service below what was
// advertised: complaints. "not ... except" is a condition.
func TestRound11FailureVerbs(t *testing.T) {
	for _, s := range []string{
		"الكريم لا يدوم على البشرة أكثر من ساعتين",
		"المكياج ما بيثبت خالص بعد الغسيل",
		"لم تستجب الشركة لطلبي ولا مرة",
		"سرعة التوصيل أبطأ بكثير مما هو معلن في الإعلان",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("complaint", c.Intent) {
			t.Errorf("%q: intent %v, want a complaint", s, c.Intent)
		}
	}
	for _, s := range []string{
		"الحب لا يدوم الا بالصبر",
		"ريحته بتدوم طول اليوم تحفة",
		"the price was lower than advertised, nice surprise",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		if op.In("complaint", c.Intent) {
			t.Errorf("%q: intent %v, not a complaint", s, c.Intent)
		}
	}
}

// "zero" negates the noun right after it; "ما عوضونا" (did not compensate
// us) is a failure of the service owed.
func TestRound11ZeroAndCompensate(t *testing.T) {
	for s, want := range map[string]string{
		"the cleaner was so careful, zero stains left": "positive",
		"zero help from the call center":               "negative",
		"the app has zero bugs now, great update":      "positive",
	} {
		if c := Classify(op.ClassifyRequest{Text: s}); c.Sentiment != want {
			t.Errorf("%q: sentiment %s, want %s", s, c.Sentiment, want)
		}
	}
	s := "الشركة كسرت الطاولة وما عوضونا"
	if c := Classify(op.ClassifyRequest{Text: s}); !op.In("complaint", c.Intent) {
		t.Errorf("%q: intent %v, want a complaint", s, c.Intent)
	}
}
