package builtin

import (
	"testing"

	"svc/engine/op"
)

// Round 10 priority concepts (priority_harm.go): care needed, harm done, a
// loss left for long, extra money taken, stopping a subscription. Sentences
// of our own.
func TestPriorityHarmConcepts(t *testing.T) {
	high := []string{
		"the pharmacy delivery never came and my mother needs her insulin tonight",
		"your driver was late and grandpa missed his medication",
		"my cat got sick after the new litter, never had this before",
		"الصيدلية ما بعتت الطلب وجدي محتاج الدوا ضروري",
		"الممرض ما اجا وبابا بحاجة للعلاج اليوم",
		"ابني انجرح من اللعبة اللي اشتريناها منكم",
		"تعرض ابني لإصابة في الملعب بسبب أرضية مكسورة وأصيب بجرح في رجله",
		"my luggage has been lost for two weeks and no one calls back",
		"الشنطة ضاعت في الرحلة وبقالي أسبوع بدور عليها",
		"التاكسي أخد مني مصاري زيادة عن العداد",
		"النت مقطوع من امبارح، إذا ما صلحتوه بوقف الاشتراك",
	}
	for _, s := range high {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("complaint", c.Intent) || c.Priority != "high" {
			t.Errorf("%q: got %v %s, want a high complaint", s, c.Intent, c.Priority)
		}
	}
	notHigh := []string{
		// pain that goes on after a service: a complaint, medium (six
		// labelled complaints of seven)
		"عملت الحشوة عندكم ولحد هلق السن بيوجعني",
		"i ordered vitamins two weeks ago and they still have not arrived",
		"do you need a prescription for this medicine?",
		"the treatment room was a bit cold but the staff were kind",
		"waited 3 hours in the emergency room and nobody checked on me",
		"sick of waiting for this order, it has been a week",
		"I lost my receipt, can I still return the shirt?",
		"طلبت دوا من أسبوعين ولسه موصلش",
		"عندكم دوا للكحة للأطفال؟",
		"صرلي ساعتين بالطوارئ وما حدا سأل عني",
		"الشنطة اللي طلبتها وصلت بلون غلط",
		"طلبت شنطة من أسبوع وما وصلت",
		"بدي دوا للصداع، شو بتنصحوني؟",
		"الطلب اتأخر أسبوع ومحدش بيرد",
		"السعر زيادة شوي بس الجودة حلوة",
		"وقف الباص بعيد عن المحطة",
		"الخدمة بطيئة والموظف مش فاهم حاجة",
		"the checkout page keeps freezing on my phone",
		"lost track of time watching these videos, great channel",
		"missing the old design, the new one is confusing",
		"كم سعر الاشتراك الشهري؟",
		"حزين لأن القناة وقفت تنزل فيديوهات",
		"delivery took 5 days, a bit slow",
		"the vacuum lost suction after a month",
		"the blender lost power within two weeks",
	}
	for _, s := range notHigh {
		if c := Classify(op.ClassifyRequest{Text: s}); c.Priority == "high" {
			t.Errorf("%q: got priority high (%v)", s, c.Intent)
		}
	}
}

// A refund asked for calmly after a faulty item is an ordinary complaint;
// with insistence, payment or a wait it is urgent (hardUrgentHit).
func TestRefundRequestSoft(t *testing.T) {
	for s, want := range map[string]string{
		"the kettle came with a cracked lid, i would like a refund":    "medium",
		"الخلاط وصل مكسور وعايز أرجع فلوسي":                            "medium",
		"وصلتني الساعة واقفة، بدي رجع مصرياتي":                         "medium",
		"استلمت الطابعة تالفة وأرغب في استرداد المبلغ":                 "medium",
		"the kettle came with a cracked lid, i want a refund now":      "high",
		"paid for express shipping and it never came, i want a refund": "high",
		"الخلاط وصل مكسور وعايز فلوسي دلوقتي":                          "high",
		"بقالي أسبوعين مستني وعايز فلوسي":                              "high",
		"وصلتني الساعة واقفة!! بدي مصرياتي":                            "high",
		"الغسالة خربانة، رجعولي فلوسي":                                 "high",
		"the lamp arrived broken and nobody replies, i want a refund":  "high",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("complaint", c.Intent) || c.Priority != want {
			t.Errorf("%q: got %v %s, want a %s complaint", s, c.Intent, c.Priority, want)
		}
	}
}

// A complaint that repeats its exclamation mark is angry (high); one mark,
// or marks on praise, are not.
func TestRepeatedExclamation(t *testing.T) {
	for s, want := range map[string]string{
		"the app logged me out again and lost my cart!!": "high",
		"الطلب وصل بارد والأكل ناقص!!":                   "high",
		"the app logged me out again and lost my cart":   "medium",
		"the app logged me out again and lost my cart!":  "medium",
		"الطلب وصل بارد والأكل ناقص":                     "medium",
		"best pizza in town!!":                           "low",
		"تسلم ايدكم الأكل تحفة!!":                        "low",
	} {
		if c := Classify(op.ClassifyRequest{Text: s}); c.Priority != want {
			t.Errorf("%q: got %v %s, want %s", s, c.Intent, c.Priority, want)
		}
	}
}

// Fear and pain, leaving for another provider, money deducted from me.
func TestFearSwitchDebit(t *testing.T) {
	high := []string{
		"السواق كان سايق بسرعة جنونية وولادي ماتوا من الخوف",
		"الدرج مكسور بالعمارة وكلنا بنخاف ننزل عليه",
		"the driver was texting the whole ride and we were terrified",
		"الشحنة وصلت ناقصة تاني، خلاص بدي غير الشركة",
		"النت فاصل كل يوم، رح غير الشبكة",
		"السواق خصملي ٣٠ جنيه على رحلة ملغية",
		"لغوا الحجز وسحبولي المبلغ كامل",
	}
	for _, s := range high {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("complaint", c.Intent) || c.Priority != "high" {
			t.Errorf("%q: got %v %s, want a high complaint", s, c.Intent, c.Priority)
		}
	}
	notHigh := []string{
		"من وقت ما بلشت التمارين ضهري ما عاد يوجعني، شكراً",
		"I'm afraid the order is a bit late, any update?",
		"الطلب اتأخر شوية وخايف يوصل بارد",
		"بدي غير كلمة السر، كيف؟",
		"ممكن اغير العنوان قبل ما يوصل الطلب؟",
		"كلمت خدمة العملاء خمس مرات ومفيش رد",
		"خصم ٢٠٪ على كل المنتجات لفترة محدودة",
	}
	for _, s := range notHigh {
		if c := Classify(op.ClassifyRequest{Text: s}); c.Priority == "high" {
			t.Errorf("%q: got priority high (%v)", s, c.Intent)
		}
	}
}

// A thing that got broken is a complaint (brokeAr); not when negated.
func TestBrokeAr(t *testing.T) {
	for _, s := range []string{"الكاسات وصلت وانكسر نصها بالطريق", "اتكسرت الشاشة بعد ما ركبها الفني", "الكرتونة اتقطعت والحاجة وقعت"} {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("complaint", c.Intent) || c.Priority != "medium" {
			t.Errorf("%q: got %v %s, want a medium complaint", s, c.Intent, c.Priority)
		}
	}
	for _, s := range []string{"التغليف ممتاز وما انكسر ولا شي، شكراً", "الكوباية دي مبتتكسرش، تحفة"} {
		if c := Classify(op.ClassifyRequest{Text: s}); op.In("complaint", c.Intent) {
			t.Errorf("%q: got %v, want no complaint", s, c.Intent)
		}
	}
}

// Praise, then after a contrast too much of a measure ("بس كتير سريع"): a
// complaint with mixed sentiment (excessAfter); the measure word as praise
// stays praise.
func TestExcessAfterContrast(t *testing.T) {
	for _, s := range []string{"المدرب شاطر بس التمارين كتير طويلة", "شكرا على الفيديو بس الموسيقى كتير عالية", "الأكل طيب بس المكان جدا صغير"} {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("complaint", c.Intent) || op.In("praise", c.Intent) {
			t.Errorf("%q: got %v, want a complaint", s, c.Intent)
		}
	}
	for _, s := range []string{"التطبيق ممتاز والتوصيل كتير سريع", "المنتج حلو بس التوصيل كان سريع جدا كمان"} {
		if c := Classify(op.ClassifyRequest{Text: s}); op.In("complaint", c.Intent) {
			t.Errorf("%q: got %v, want no complaint", s, c.Intent)
		}
	}
}

// Money gone ("وين راحو مصاريي") and a bill disputed with outrage ("??").
func TestMoneyGoneBillDisputed(t *testing.T) {
	high := []string{
		"دفعت الاشتراك وما تفعل، فين فلوسي؟",
		"charged for a top-up that never arrived, where is my money?",
		"my phone bill is 3 times the usual and i was abroad??",
		"الفاتورة طالعة ٤٠٠ جنيه الشهر ده ازاي؟؟",
	}
	for _, s := range high {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("complaint", c.Intent) || c.Priority != "high" {
			t.Errorf("%q: got %v %s, want a high complaint", s, c.Intent, c.Priority)
		}
	}
	for _, s := range []string{"ليش الفاتورة طالعة أعلى من الشهر الماضي؟ ما استعملت شي زيادة", "where is the nearest branch?", "وين الفرع اللي فيه صرافة فلوس؟", "can i get a copy of my bill??"} {
		if c := Classify(op.ClassifyRequest{Text: s}); c.Priority == "high" {
			t.Errorf("%q: got priority high (%v)", s, c.Intent)
		}
	}
}

// An indignant "what is this?" beside repeated exclamation marks is a
// complaint (and angry: high); a plain question or praise is not.
func TestRhetoricalOutrage(t *testing.T) {
	for _, s := range []string{"شو هالخدمة؟ فصلتولي الخط وأنا مسدد الفاتورة!!", "وش هالتعامل؟ قفلتوا حسابي بدون سبب!!"} {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("complaint", c.Intent) || op.In("question", c.Intent) || c.Priority != "high" {
			t.Errorf("%q: got %v %s, want a high complaint", s, c.Intent, c.Priority)
		}
	}
	for _, s := range []string{"شو هالجمال!! تسلم ايدك", "متى بتفتحوا الفرع الجديد؟!!"} {
		if c := Classify(op.ClassifyRequest{Text: s}); op.In("complaint", c.Intent) {
			t.Errorf("%q: got %v, want no complaint", s, c.Intent)
		}
	}
}

// The wrong medicine given is a person's health at risk (high), in Arabic
// as in English; a recipe "gone wrong" is not (وصفة is both).
func TestArabicWrongMedicine(t *testing.T) {
	for _, text := range []string{"الصيدلية عطتني دوا غلط لبنتي", "الممرضة ادت لابويا حقنة غلط"} {
		if c := Classify(op.ClassifyRequest{Text: text}); !op.In("complaint", c.Intent) || c.Priority != "high" {
			t.Errorf("%q: intent %v priority %s, want a complaint, high", text, c.Intent, c.Priority)
		}
	}
	if c := Classify(op.ClassifyRequest{Text: "الوصفة غلط في الفيديو، المقادير مش مظبوطة"}); c.Priority == "high" {
		t.Errorf("a recipe: priority %s, want not high", c.Priority)
	}
}
