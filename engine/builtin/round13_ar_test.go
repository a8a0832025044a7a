package builtin

import (
	"testing"

	"svc/engine/op"
)

// Round 13, Arabic script: a "why" that proposes nothing calls the brand to
// account (a complaint, the question allowed); "why don't you" + a verb of
// offering still proposes. "how do I" asks the way whatever failure its
// condition names. غير before a quality negates it; a statement with no
// question mark or interrogative asks nothing; the passive of "cancel"
// reports a service cancelled; ولا between alternatives is "or".
func TestRound13ArabicIntents(t *testing.T) {
	checkR12(t, []r12Case{
		{"ليش الفاتورة زادت هالشهر؟", "complaint", []string{"question"}, true},
		{"لماذا يتأخر الشحن دائما؟", "complaint", []string{"question"}, true},
		{"ليه التطبيق بيقفل لوحده؟", "complaint", []string{"question"}, true},
		{"ليش ما تسوون توصيل للقرى؟", "suggestion", []string{"question"}, false},
		{"الطلب اتأخر ليه؟", "complaint", []string{"question"}, true},
		{"البرفان ده ليه حجم صغير ولا لأ", "question", nil, true},
		{"كيف الغي الاشتراك؟", "question", nil, true},
		{"شلون ابدل القميص اذا طلع المقاس غلط؟", "question", nil, true},
		{"كيف بتحطو رسوم توصيل بهالسعر؟", "complaint", []string{"question"}, true}, // round 19: how + you-plural verb reproaches (intent_r19.go)
		{"الموظفة كانت غير متعاونة أبدا", "complaint", nil, true},
		{"التطبيق غير مستقر من بعد التحديث", "complaint", nil, true},
		{"الإنترنت عندكم غير محدود فعلاً، تجربة رائعة", "praise", nil, false},
		{"ممكن تعملوا كيكة من غير سكر", "suggestion", nil, false},
		{"الحصة انلغت وما حدا خبرنا", "complaint", nil, true},
		{"هل الرحلة اتلغت بسبب الجو؟", "question", nil, true},
		{"هل التوصيل مجاني ولا برسوم؟", "question", nil, true},
		{"الطلب وصل بارد، شو هاد", "complaint", nil, true},
		{"احلى فينو في اسكندرية من عندكم", "praise", nil, false},
		{"الفني جا بدري وحل المشكلة، يعطيه العافية", "praise", nil, false},
		{"المدربة بتزعق على البنات طول الحصة", "complaint", nil, true},
		{"عاش، الطلب وصل قبل الموعد", "praise", nil, false},
		{"العمال خدشوا الباركيه وهم بيركبوا الدولاب", "complaint", nil, true},
		{"كسرت الدنيا يا معلم 🔥", "praise", nil, false},
		{"جدي عاش في الكويت عشرين سنة", "other", nil, false},
		{"صرخت على ابني عشان ما يلمس الفرن، الوصفة تحفة", "praise", nil, false},
	})
}

// Round 13, Arabic script: priority and moderation. The same fault counted
// three times recurs (high); money owed that has not arrived for a month is
// withheld (high); a debit "from my account" is money taken, not a
// withdrawal the writer means to make. An offer beside "contact me" and a
// singular invitation to our page are flagged spam; an insult after "these
// staff" (هالموظفين) is aimed at them.
func TestRound13ArabicPriorityModeration(t *testing.T) {
	for _, tc := range []struct {
		text, priority string
	}{
		{"بعت الموبايل للصيانة ثلاث مرات ولسه نفس المشكلة", "high"},
		{"حولت الفلوس من شهر ولم يصلني المبلغ المسترد", "high"},
		{"البنك خصم من بطاقتي رسوم ما بعرف ليش", "high"},
		{"كلمت خدمة العملاء ثلاث مرات ومفيش رد", "medium"},
		{"لم يصلني المبلغ بعد الإلغاء منذ يومين", "medium"},
		{"الغسالة باظت ورافضين يرجعوا الفلوس بقالهم شهرين", "high"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if !op.In("complaint", c.Intent) || c.Priority != tc.priority {
			t.Errorf("%q: intent %v priority %s, want a complaint, %s", tc.text, c.Intent, c.Priority, tc.priority)
		}
	}
	if c := Classify(op.ClassifyRequest{Text: "بدي اسحب من رصيدي، شو الطريقة"}); op.In("complaint", c.Intent) {
		t.Errorf("a withdrawal the writer means to make: intent %v, want no complaint", c.Intent)
	}
	for _, tc := range []struct {
		text    string
		flagged bool
	}{
		{"للبيع ايفون 13 نظيف بسعر مغري راسلني واتساب", true},
		{"عندنا أرخص عطور بالكويت ادخل على حسابنا", true},
		{"وش هالعمال الكلاب", true},
		{"بكم الشقة للبيع؟ تواصل خاص ولا رقم؟", false},
		{"اشتريت الجهاز بأرخص سعر وتواصلت معكم ثلاث مرات وما حد رد", false},
		{"شو هالموظفين الشطار والله", false},
	} {
		m := Moderate(op.ModerateRequest{Text: tc.text, Strictness: "medium"})
		if !m.IsSafe != tc.flagged {
			t.Errorf("%q: flagged %v (%v), want %v", tc.text, !m.IsSafe, m.Flags, tc.flagged)
		}
	}
}

// Round 13: praise whose only bad word is one slang intensifier ("رهيب",
// "خطير" beside a heart) is positive; two verdicts that weigh both ways
// stay mixed.
func TestRound13ArabicSlangPraise(t *testing.T) {
	for _, tc := range []struct{ text, sentiment string }{
		{"الشاورما عندكم رهيبة 😍", "positive"},
		{"المنتج حلو والتوصيل سيء جدا", "mixed"},
	} {
		if c := Classify(op.ClassifyRequest{Text: tc.text}); c.Sentiment != tc.sentiment {
			t.Errorf("%q: sentiment %s, want %s", tc.text, c.Sentiment, tc.sentiment)
		}
	}
}

// "ولا + a good elative" denies any rival (nothing better): praise, and
// the ولا negates nothing after it; what nobody knows is told, not asked.
func TestNoneBetterAndNobodyKnows(t *testing.T) {
	for _, text := range []string{"المشاوي عندكم ولا أطيب", "محتواك ولا أروع، الله يوفقك", "الكنافة عندهم ولا أحلى"} {
		r := Classify(op.ClassifyRequest{Text: text})
		if !op.In("praise", r.Intent) || r.Sentiment != "positive" {
			t.Errorf("%q: intent %v sentiment %s, want praise, positive", text, r.Intent, r.Sentiment)
		}
	}
	for _, text := range []string{"دفعت الفاتورة ومحدش عارف الفلوس راحت فين", "ما حدا بيعرف وين صارت الشحنة تبعي", "محد يدري متى يرجع النت"} {
		r := Classify(op.ClassifyRequest{Text: text})
		if !op.In("complaint", r.Intent) || op.In("question", r.Intent) || !r.RequiresResponse {
			t.Errorf("%q: intent %v rr %v, want a complaint alone, answered", text, r.Intent, r.RequiresResponse)
		}
	}
	if r := Classify(op.ClassifyRequest{Text: "ولا حد يعرف امتى بيفتحوا الفرع الجديد؟"}); !op.In("question", r.Intent) || op.In("complaint", r.Intent) {
		t.Errorf("asked of the readers: intent %v, want a question", r.Intent)
	}
}

// The elative of an insult adjective ("the most trivial channel", "the
// silliest presenter") is the insult at its strongest: negative, flagged.
func TestInsultElatives(t *testing.T) {
	for _, text := range []string{"اتفه قناة على اليوتيوب", "اسخف مذيع شفته", "يا اوقح بياع بالسوق"} {
		r := Classify(op.ClassifyRequest{Text: text})
		if r.Sentiment != "negative" {
			t.Errorf("%q: sentiment %s, want negative", text, r.Sentiment)
		}
		if m := Moderate(op.ModerateRequest{Text: text}); len(m.Flags) == 0 {
			t.Errorf("%q: not flagged", text)
		}
	}
}

// Thanks closing a question thank in advance for the answer: a question,
// neutral, no praise (Arabic and English alike).
func TestThanksClosingAQuestion(t *testing.T) {
	for _, text := range []string{"كم سعر الاشتراك السنوي؟ مشكورين مقدما", "الفرع الجديد يفتح يوم الجمعة؟ الله يعطيكم العافية", "Do you ship to Oman? Thank you so much"} {
		r := Classify(op.ClassifyRequest{Text: text})
		if len(r.Intent) != 1 || r.Intent[0] != "question" || r.Sentiment != "neutral" {
			t.Errorf("%q: intent %v sentiment %s, want [question] neutral", text, r.Intent, r.Sentiment)
		}
	}
	// thanks for the video and a question: the question, as the labelled
	// comments read it (intent.go secondIntentKept); the thanks stay in
	// the sentiment
	if r := Classify(op.ClassifyRequest{Text: "شكرا على الشرح الحلو، بس كم سعر الجهاز؟"}); len(r.Intent) != 1 || r.Intent[0] != "question" {
		t.Errorf("thanks for the video: intent %v, want [question]", r.Intent)
	}
}

// Credit or money expected in an account and not added is a failure of
// the service ("topped up and it was not added").
func TestCreditNotAdded(t *testing.T) {
	for _, text := range []string{"حولت المبلغ امبارح وما انضاف للمحفظة", "دفعت الاشتراك والمبلغ ما اتحول للحساب"} {
		if r := Classify(op.ClassifyRequest{Text: text}); !op.In("complaint", r.Intent) {
			t.Errorf("%q: intent %v, want complaint", text, r.Intent)
		}
	}
}

// "طيب" rating what comes before it is "tasty, good"; opening its clause
// it is the particle "well, OK" and rates nothing.
func TestTayyebTastyOrWell(t *testing.T) {
	for _, text := range []string{"المشاوي كانت طيبة والخبز طيب كتير", "el akl kan tayeb kteer"} {
		if r := Classify(op.ClassifyRequest{Text: text}); !op.In("praise", r.Intent) || r.Sentiment != "positive" {
			t.Errorf("%q: intent %v sentiment %s, want praise, positive", text, r.Intent, r.Sentiment)
		}
	}
	if r := Classify(op.ClassifyRequest{Text: "طيب وين الطلب اللي دفعت حقه؟"}); op.In("praise", r.Intent) || r.Sentiment == "positive" {
		t.Errorf("the particle: intent %v sentiment %s, want no praise", r.Intent, r.Sentiment)
	}
}

// A noun in ة rated by the lexicon keeps its valence with a possessive
// (حلاوة -> حلاوته "its beauty", روعة -> روعتها).
func TestPossessiveNounValence(t *testing.T) {
	for _, text := range []string{"حلاوتها مش طبيعية", "روعته في بساطته"} {
		if r := Classify(op.ClassifyRequest{Text: text}); r.Sentiment != "positive" {
			t.Errorf("%q: sentiment %s, want positive", text, r.Sentiment)
		}
	}
}

// Trouble said to be absent ("I have not seen a single problem", "works
// without any issues") is no grievance; a flaw someone did not mention is.
func TestArabicTroubleAbsent(t *testing.T) {
	for _, text := range []string{"الموقع شغال بدون أي مشاكل", "ما واجهت ولا مشكلة مع الحجز"} {
		if r := Classify(op.ClassifyRequest{Text: text}); op.In("complaint", r.Intent) || r.RequiresResponse {
			t.Errorf("%q: intent %v rr %v, want no complaint, nothing owed", text, r.Intent, r.RequiresResponse)
		}
	}
	if r := Classify(op.ClassifyRequest{Text: "ما انحلت المشكلة، وبعدين معاكم؟"}); op.In("praise", r.Intent) {
		t.Errorf("a problem not solved: intent %v, want no praise", r.Intent)
	}
}
