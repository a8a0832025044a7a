package builtin

import (
	"testing"

	"svc/engine/op"
)

// r12Case is one sentence written for these tests and what Classify must
// say of it: the intent that must be reported (alone unless extra lists
// what may stand beside it) and the requires_response answer.
type r12Case struct {
	text   string
	intent string
	extra  []string
	rr     bool
}

func checkR12(t *testing.T, cases []r12Case) {
	t.Helper()
	for _, tc := range cases {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		ok := op.In(tc.intent, c.Intent)
		for _, k := range c.Intent {
			if k != tc.intent && !op.In(k, tc.extra) {
				ok = false
			}
		}
		if !ok || c.RequiresResponse != tc.rr {
			t.Errorf("%q: intent %v rr %v, want %s (rr %v)", tc.text, c.Intent, c.RequiresResponse, tc.intent, tc.rr)
		}
	}
}

// Round 12, Arabic script: the shape of a question. An interrogative is a
// particle: inside a word with the article or a verb or plural affix it is
// another word ("الفينو", "فيني" I can, "شوي" a little). "why" after a
// comma opens a clause as it opens a sentence. "how ... like this", a noun
// between two demonstratives ("دي خدمة دي؟") and "what is this
// management" exclaim at what happened: beside a grievance, a complaint
// that asks nothing.
func TestRound12ArabicQuestionShape(t *testing.T) {
	checkR12(t, []r12Case{
		{"الفينو بتاعكم طري جدا", "praise", nil, false},
		{"صرت ما فيني استخدم التطبيق من كتر الإعلانات", "complaint", nil, true},
		{"فينك يا عم من زمان؟", "question", nil, true},
		{"لوين رايحين بالحلقة الجاية؟", "question", nil, true},
		{"بشو بتنصحوني للبشرة الدهنية؟", "question", nil, true},
		{"متى الفرع الجديد يفتح؟", "question", nil, true},
		{"الفيديو حلو، ليش ما تعملوا جزء تاني؟", "suggestion", nil, false},
		{"الطلب ما وصلش لحد دلوقتي، ليه بتاخدوا الفلوس مقدم؟", "complaint", nil, true},
		{"ازاي كده؟ الطلب وصل ناقص قطعتين", "complaint", nil, true},
		{"دي خدمة دي؟ ساعتين مستني على التليفون", "complaint", nil, true},
		{"ده جمال ده! تسلم ايدك", "praise", nil, false},
		{"ليش الشحن ياخذ شهر؟", "complaint", nil, true},
		{"كم يوم ياخذ التوصيل للرياض؟", "question", nil, true},
		{"التوصيل اخد يومين بس، ممتاز", "praise", nil, false},
		{"شو هالانتظار، صرلنا ساعة واقفين", "complaint", nil, true},
		{"كيف كذا تسوي الكيكة بدون فرن؟", "question", nil, true},
	})
}

// Round 12, Arabic script: name-calling. A word of quality said in the
// vocative ("يا نصابين") names the addressee; "قبل لا / قبل ما" is
// "before", no negation; manners words beside an insult at the staff are
// the insult. An insult is flagged and needs no reply, whatever else it
// calls the brand; a grievance beside it keeps its reply when it is not
// flagged.
func TestRound12ArabicNameCalling(t *testing.T) {
	checkR12(t, []r12Case{
		{"يا نصابين يا بتوع المصالح", "other", []string{"complaint"}, false},
		{"يا غبي اتعلم تسوق قبل لا تشتغل توصيل", "other", []string{"complaint"}, false},
		{"الكاشير عندكم غبي ومعندوش ذوق", "other", []string{"complaint"}, false},
		{"يا جماعة الطلب ما وصل لحد دلوقتي", "complaint", nil, true},
		{"الموظف ما عنده ذوق، رد علي بطريقة وحشة", "complaint", nil, true},
	})
	// "قبل ما" is "before": a request about one's delivery, no complaint
	// (the intent heads read it as a request or as nothing in particular)
	if c := Classify(op.ClassifyRequest{Text: "اتصلوا بي قبل ما توصلوا الطلب لو سمحتوا"}); op.In("complaint", c.Intent) || c.RequiresResponse {
		t.Errorf("call-before-delivery request: intent %v rr %v, want no complaint and no reply", c.Intent, c.RequiresResponse)
	}
}

// Round 12, Arabic script: promotion by its shape. A follow asked and one
// promised back in the verb itself ("تابعني وبتابعك"), an earnings promise
// beside "message me", goods at a price on the writer's own page with an
// invitation, orders taken in private: spam, flagged. A messaging app
// named where nobody answers, a fan who follows, a customer's order sent
// in private or a question about ordering are not.
func TestRound12ArabicPromotion(t *testing.T) {
	spam := []string{
		"تابعوني وبتابعكم على طول",
		"عايز تكسب فلوس من البيت؟ كلمني واتساب",
		"صفحتي فيها أحلى فساتين بأسعار رخيصة ادخلوا شوفوا",
		"شنط ماركات درجة أولى للطلب عالخاص",
	}
	for _, s := range spam {
		c := Classify(op.ClassifyRequest{Text: s})
		m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"})
		if !op.In("spam", c.Intent) || m.IsSafe {
			t.Errorf("%q: intent %v flags %v, want spam, flagged", s, c.Intent, m.Flags)
		}
	}
	clean := []string{
		"بتابعكم من زمان وبتابع كل حلقة",
		"كلمتهم على الواتساب ومحدش بيرد",
		"المندوب ما يرد على الواتساب من يومين",
		"بعتلكم رقم الطلب عالخاص ومحدش رد",
		"الطلب عالخاص ولا على الموقع؟",
		"حسابي اتقفل فجأة، تعالوا شوفوا المشكلة",
	}
	for _, s := range clean {
		c := Classify(op.ClassifyRequest{Text: s})
		m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"})
		if op.In("spam", c.Intent) || !m.IsSafe {
			t.Errorf("%q: intent %v flags %v, want no spam, not flagged", s, c.Intent, m.Flags)
		}
	}
}

// Round 12, Arabic script: priority by concept. A child and a hazard for
// it (sharp, glass, small parts), a danger escaped ("كانت هتتعور"), a
// failure counted three times in a row: high. Pain no longer felt is
// relief, not harm; dying of laughter is no danger; contacting support
// three times stays medium (label conventions).
func TestRound12ArabicPriority(t *testing.T) {
	high := []string{
		"بنتي كانت هتتعور من المقص اللي جه مع العلبة",
		"الطقم فيه قطع صغيرة كتير ومش مناسب لطفل عمره سنة",
		"الزجاج مكسور في الكوباية اللي جت لطفلي",
		"الشاحن سخن جدا وكان رح يحرق البيت",
		"النت قطع ثلاث مرات ورا بعض اليوم",
		"انقطعت الكهرباء عندنا أربع مرات متتالية هذا الأسبوع",
	}
	for _, s := range high {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("complaint", c.Intent) || c.Priority != "high" {
			t.Errorf("%q: intent %v priority %s, want a high complaint", s, c.Intent, c.Priority)
		}
	}
	notHigh := []string{
		"كنت رح موت من الضحك على الحلقة",
		"ابني بيحب الألعاب الصغيرة اللي عندكم",
		"اتصلت بالدعم ثلاث مرات ومحدش رد",
		"فزت ثلاث مرات متتالية في المسابقة، شكرا",
		"تسلم ايدك يا دكتورة، ضهري مبقاش بيوجعني",
	}
	for _, s := range notHigh {
		if c := Classify(op.ClassifyRequest{Text: s}); c.Priority == "high" {
			t.Errorf("%q: intent %v priority high", s, c.Intent)
		}
	}
	checkR12(t, []r12Case{
		{"تسلم ايدك يا دكتورة، ضهري مبقاش بيوجعني", "praise", nil, false},
	})
}

// Round 12, Arabic script: proposals and thanks. MSA advice before a
// verbal noun (يُستحسن، الأفضل) and Levantine "فيك" (can you) before a
// verb propose; a proposal's words describe what it proposes, so it stays
// neutral; "أشكر" before the one thanked praises, but before a contrast
// word it is a courtesy beside the complaint.
func TestRound12ArabicProposalsThanks(t *testing.T) {
	checkR12(t, []r12Case{
		{"يستحسن توفير مواقف أكثر للزوار", "suggestion", nil, false},
		{"الأفضل تقديم خصم للطلاب", "suggestion", nil, false},
		{"فيك تعمل حلقة عن الطبخ الصحي؟", "suggestion", []string{"question"}, false},
		{"فيك تقلي السعر؟", "question", nil, true},
		{"أشكر الموظف أحمد على تعامله الراقي", "praise", nil, false},
		{"بشكر حضرتك بس الطلب لسه ماجاش", "complaint", nil, true},
	})
	for _, s := range []string{"ياريت تعملوا حلقة عن أرخص وأسوأ الفنادق", "ممكن تعمل فيديو عن أحسن موبايلات رخيصة؟"} {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("suggestion", c.Intent) || c.Sentiment != "neutral" {
			t.Errorf("%q: intent %v sentiment %s, want a neutral suggestion", s, c.Intent, c.Sentiment)
		}
	}
}

// Round 12, Arabic script: grievances told without a complaint word. What
// came differs in colour or size from what was ordered; a wait said to be
// long; a verb of damage "for me" (خرّبلي, بوظتلي); "why" about what the
// writer has already paid. "we want" before a thing the brand could offer
// proposes; an interrogative after "I don't know" or "didn't explain" is
// embedded, no question; words of manners beside an insult at the staff
// are the insult; the feminine عطلة is a holiday.
func TestRound12ArabicUntoldGrievances(t *testing.T) {
	checkR12(t, []r12Case{
		{"طلبت جاكيت رمادي وبعتولي بني", "complaint", nil, true},
		{"طلبت فستان أحمر وجالي أحمر زي ما طلبت بالظبط، شكرا", "praise", nil, false},
		{"الطابور في الفرع طويل جدا وشباك واحد شغال", "complaint", nil, true},
		{"كم مدة الانتظار؟", "question", nil, true},
		{"المصلح كسرلي البلاط وهو بيركب الغسالة", "complaint", nil, true},
		{"جبتلي هدية حلوة يا رب يخليك", "praise", nil, false},
		{"كسرتلي قلبي الحلقة دي، جميلة جدا", "praise", nil, false},
		{"ليه الفاتورة لسه عليها غرامة وانا دافعها من أسبوع؟", "complaint", []string{"question"}, true},
		// (round 13: a "why" that proposes nothing is a grievance, question
		// allowed: 71 of 75 such labelled comments)
		{"ليه الدفع بالفيزا مش متاح؟", "complaint", []string{"question"}, true},
		{"نبي عروض للطلاب في الإجازة", "suggestion", nil, false},
		{"عايزين نعرف امتى الطلب يوصل", "question", nil, true},
		{"بدنا حل للمشكلة بسرعة", "complaint", nil, true},
		{"ليش ما عندكم فرع بالمدينة؟ بعيدين علينا", "suggestion", nil, false},
		{"ليش ما عندكم احترام للزباين؟", "complaint", nil, true},
		{"سحبوا من حسابي مبلغ ما أدري ليش وما أحد يرد", "complaint", nil, true},
		{"الكاشير تبعكن وقح وقليل ذوق", "other", []string{"complaint"}, false},
		{"هل الفرع فاتح في عطلة العيد؟", "question", nil, true},
		{"الغسالة فيها عطل من أسبوع", "complaint", nil, true},
	})
	if c := Classify(op.ClassifyRequest{Text: "هل الفرع فاتح في عطلة العيد؟"}); c.Sentiment != "neutral" {
		t.Errorf("a holiday asked about: sentiment %s, want neutral", c.Sentiment)
	}
}

// Round 12, Arabic script: an imperative of making or adding that opens a
// comment before an indefinite noun proposes; the staff as a body (طاقم)
// and the addressee's face or looks (وجهك) are where an insult is aimed.
func TestRound12ArabicImperativesAndAim(t *testing.T) {
	checkR12(t, []r12Case{
		{"نزلوا حلقات أكتر عن الطبخ", "suggestion", nil, false},
		{"اعمل فيديو عن أرخص فنادق دهب بليز", "suggestion", nil, false},
		{"زودوا عروض متأخرة بعد نص الليل", "suggestion", nil, false},
		{"عملوا حفلة حلوة امبارح", "praise", nil, false},
		{"اعمل ايه دلوقتي؟ الطلب مجاش", "question", []string{"complaint"}, true},
	})
	for _, s := range []string{"شكلك يقرف، اقفل القناة", "طاقم المطعم جاهل ومبيفهمش"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); m.IsSafe {
			t.Errorf("%q: not flagged, want an insult flagged", s)
		}
	}
	for _, s := range []string{"الأكل يقرف والمحل وسخ", "شكلك حلو اليوم"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.IsSafe {
			t.Errorf("%q: flagged %v, want safe", s, m.Flags)
		}
	}
}

// Round 12, Arabic script: credit and recommendation praise, a reproach
// put as a question, a thing bought that shares a word with an insult, an
// accident in a thing's past, an offer "at ours" with an invitation.
func TestRound12ArabicCreditReproach(t *testing.T) {
	checkR12(t, []r12Case{
		{"نجحت في الامتحان بفضل مدرسينكم", "praise", nil, false},
		{"بنصح الكل يجرب الكنافة عندكم", "praise", nil, false},
		{"ما بنصح حدا يتعامل معهم", "complaint", nil, true},
		{"شو بتنصح للبشرة الجافة؟", "question", nil, true},
		{"الطلب وصل ناقص وما حدا رد علي، هيك بتعاملوا الزباين؟", "complaint", nil, true},
		{"الكلب بطل ياكل من ساعة ما غيرتوا الخلطة، ليه كده", "complaint", nil, true},
	})
	for _, s := range []string{"اشتريت جزمة من عندكم واتقطعت بعد أسبوع", "الموتور عامل حادث قبل وما حدا قلي"} {
		c := Classify(op.ClassifyRequest{Text: s})
		m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"})
		if !op.In("complaint", c.Intent) || c.Priority == "high" || !m.IsSafe {
			t.Errorf("%q: intent %v priority %s flags %v, want a medium complaint, not flagged", s, c.Intent, c.Priority, m.Flags)
		}
	}
	for _, s := range []string{"أرخص شاشات عندنا، فوتوا عالصفحة", "قروض بدون فوائد راسلني واتساب"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); m.IsSafe {
			t.Errorf("%q: not flagged, want spam", s)
		}
	}
}

// Round 12, Arabic script: advice before any verbal noun proposes
// (يُستحسن إرفاق); "why" about what the writer denies having done is a
// grievance; a failure named in a condition asked about is hypothetical; a
// verb "made me understand" after its subject is past, no request.
func TestRound12ArabicAdviceDenialCondition(t *testing.T) {
	checkR12(t, []r12Case{
		{"يُستحسن إرسال رسالة تأكيد قبل الموعد", "suggestion", nil, false},
		{"ليش وصلتني فاتورة على خدمة ما طلبتها؟", "complaint", []string{"question"}, true},
		{"وين أقدر أشتكي اذا اتأخر الطلب؟", "question", nil, true},
		{"لو تأخرتوا مرة تانية هلغي الاشتراك", "complaint", nil, true},
		{"المدرس ده فهمني الرياضيات بعد ما كنت كارهها، ربنا يبارك فيه", "praise", nil, false},
		{"لو سمحت فهمني ازاي افعل الخدمة", "question", nil, true},
	})
	for _, s := range []string{"الأكل شهي بس الخدمة بطيئة جدا", "الممرضات مناح بس الانتظار طويل"} {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("complaint", c.Intent) || c.Sentiment != "mixed" {
			t.Errorf("%q: intent %v sentiment %s, want a mixed complaint", s, c.Intent, c.Sentiment)
		}
	}
}

// Round 12, Arabic script: a customer pleading to be contacted (no number
// or link) asks the brand for a reply; "contact me" with a number, or as
// an order channel, stays bait.
func TestRound12ArabicContactPlea(t *testing.T) {
	checkR12(t, []r12Case{
		{"نرجو التواصل معنا بخصوص الحجز الملغي", "question", []string{"complaint"}, true},
	})
	if m := Moderate(op.ModerateRequest{Text: "نرجو التواصل معنا بخصوص الحجز الملغي", Strictness: "medium"}); !m.IsSafe {
		t.Errorf("a plea to be contacted flagged %v", m.Flags)
	}
	for _, s := range []string{"يرجى التواصل معي على 0501234567 للحصول على عروض", "للتواصل معي واتساب"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); m.IsSafe {
			t.Errorf("%q: not flagged, want spam", s)
		}
	}
}

// Round 12, Arabic script: a device acting by itself (قفل لوحده, بتطفي
// لحالها) is a malfunction in any tense, a child doing something by
// himself is not; a verb of closing before the hour asks the opening hours.
func TestRound12ArabicByItselfHours(t *testing.T) {
	checkR12(t, []r12Case{
		{"اللابتوب طفى لوحده وأنا بشتغل", "complaint", nil, true},
		{"الراوتر بيفصل لحاله كل ساعة", "complaint", nil, true},
		{"ابني صار يقرا لوحده الحمدلله، شكرا للمعلمة", "praise", nil, false},
		{"الصيدلية بتقفل الساعة كام يوم الجمعة؟", "question", nil, true},
	})
}
