package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// r18Case is a comment of our own and the answer the writers' conventions
// give it: the intent, the sentiment, whether it needs a response and the
// priority.
type r18Case struct {
	text, intent, sentiment string
	rr                      bool
	priority                string
}

func checkR18(t *testing.T, cases []r18Case) {
	t.Helper()
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if strings.Join(got.Intent, "+") != c.intent || got.Sentiment != c.sentiment || got.RequiresResponse != c.rr || got.Priority != c.priority {
			t.Errorf("%q: got intent=%v sentiment=%s rr=%v priority=%s, want %s %s rr=%v %s",
				c.text, got.Intent, got.Sentiment, got.RequiresResponse, got.Priority, c.intent, c.sentiment, c.rr, c.priority)
		}
	}
}

// Round 18 priority classes (priority_classes.go): fire and electric
// hazards, expired medicine, legal threats, the loanword "refund", money
// taken or a plan renewed without consent, a writer stranded away; and the
// near cases that stay medium (a device running hot, expired food, a
// medicine out of stock).
func TestRound18PriorityClasses(t *testing.T) {
	checkR18(t, []r18Case{
		// Levantine
		{"البراد يلي جبتو منكن عم يطلع شرار من ورا", "complaint", "negative", true, "high"},
		{"المدفاية صارت تسخن كتير وخايفة تولع بالبيت", "complaint", "negative", true, "high"},
		{"الدوا يلي اشتريته لإمي طلع منتهي الصلاحية", "complaint", "negative", true, "high"},
		{"رح ارفع عليكن قضية إذا ما حليتو الموضوع", "complaint", "negative", true, "high"},
		{"صرلي شهرين ناطر الريفند تبع الطلبية", "complaint", "negative", true, "high"},
		{"الباقة تجددت لحالها وانسحبو المصاري من حسابي", "complaint", "negative", true, "high"},
		{"سكرتولي الخط وأنا مسافر وما عم اقدر اتصل بحدا", "complaint", "negative", true, "high"},
		{"الشاحن بيسخن كتير وقت الشحن", "complaint", "negative", true, "medium"},
		{"الحليب يلي وصلني منتهي الصلاحية", "complaint", "negative", true, "medium"},
		// Egyptian
		{"التلاجة اللي اشتريتها بتطلع شرار من الفيشة", "complaint", "negative", true, "high"},
		{"الدفاية بتسخن جامد وخايف تولع في الاوضة", "complaint", "negative", true, "high"},
		{"هعمل محضر في القسم عشان الموبايل اللي ضاع من الصيانة", "complaint", "negative", true, "high"},
		{"مستني الريفاند بقالي شهرين ومحدش بيرد", "complaint", "negative", true, "high"},
		{"الاشتراك بيتجدد لوحده كل شهر من غير ما اوافق", "complaint", "negative", true, "high"},
		{"البنك قفل الكارت وانا مسافر ومش عارف ادفع حاجة", "complaint", "negative", true, "high"},
		{"الموبايل بيسخن شوية لما بلعب", "complaint", "negative", true, "medium"},
		{"الزبادي اللي جالي منتهي الصلاحية", "complaint", "negative", true, "medium"},
		// Arabizi (read in Arabic)
		{"el charger bis5an ktir w 5ayfe yewla3", "complaint", "negative", true, "high"},
		{"el dawa elli 3tetoune mintihi el salahiye", "complaint", "negative", true, "high"},
		{"ra7 erfa3 3alekon 2adiye iza ma rja3to masariyi", "complaint", "negative", true, "high"},
		{"el eshtirak tjadad la7alo w sa7abo masari mn 7sabi", "complaint", "negative", true, "high"},
		{"saker el khat w ana msafer w ma fi 7ada yrod", "complaint", "negative", true, "high"},
		{"el mobile bis5an shwaye lamma bel3ab", "complaint", "negative", true, "medium"},
	})
}

// The second group of classes: brakes, gas, a deposit taken and the taker
// gone, an identity misused, the spoiled thing consumed, money still taken
// after cancelling, a hit and run. Each is a grievance: a comment the cues
// left "other" or an unmarked question becomes a complaint (grievanceClass).
func TestRound18PriorityClassesMore(t *testing.T) {
	checkR18(t, []r18Case{
		{"السيارة يلي استأجرتها منكن الفرامل فيها مش عم تمسك", "complaint", "negative", true, "high"},
		{"في ريحة غاز طالعة من الفرن يلي ركبتوه مبارح", "complaint", "negative", true, "high"},
		{"صاحب المكتب أخد العربون واختفى", "complaint", "negative", true, "high"},
		{"حد استخدم بياناتي وفتح حساب باسمي عندكم", "complaint", "negative", true, "high"},
		{"اللبن كان بايظ والعيال شربوا منه", "complaint", "negative", true, "high"},
		{"لغيت الاشتراك ولسه بيخصموا من الكارت كل شهر", "complaint", "negative", true, "high"},
		{"المندوب خبط العربية بتاعتي وهرب", "complaint", "negative", true, "high"},
		{"el laban kan bayez w el 3eyal shrbo meno", "complaint", "negative", true, "high"},
		{"lagheit el eshterak w lessa bey5somo men el card", "complaint", "negative", true, "high"},
		// wrong medicine after a relative clause; cutting the
		// subscription off as a threat
		{"الدوا اللي صرفولي غلط والدكتور مش بيرد", "complaint", "negative", true, "high"},
		{"el dawa elli 3atouni ghalat", "complaint", "negative", true, "high"},
		{"iza ma 7alleto el moshkle el yom ha2ta3 el eshterak", "complaint", "negative", true, "high"},
		{"لو محدش رد النهارده هقطع الاشتراك", "complaint", "negative", true, "high"},
		// tired of contacting: contact repeated without an answer
		{"والله زهقت من الاتصالات وما حدا بيحل شي", "complaint", "negative", true, "high"},
		{"مليت من المراجعات عالفرع كل يوم", "complaint", "negative", true, "high"},
	})
	// nobody ate it: no harm told
	if classUrgent(tokenize("الجبنة كانت معفنة وما حدا أكل منها")) {
		t.Error("a spoiled food nobody ate is no food poisoning")
	}
	// a refund asked how, or a payment while away asked about: questions,
	// not grievances
	for _, text := range []string{"ازاي اعمل ريفند للطلب", "ينفع ادفع بالكارت وانا مسافر"} {
		if grievanceClass(tokenize(text)) {
			t.Errorf("grievanceClass(%q) = true", text)
		}
	}
}

// The medicine noun must be expired, not out of stock: "الدوا خلصان" (the
// medicine ran out) is no safety matter; "انتهت صلاحيته" is.
func TestRound18ExpiredNotOutOfStock(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"الدوا خلصان بالفرع تبعكن من اسبوع", false},
		{"الدوا اللي جالي انتهت صلاحيته من شهر", true},
		{"القهوة منتهية الصلاحية", false},
	} {
		if got := classUrgent(tokenize(c.text)); got != c.want {
			t.Errorf("classUrgent(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// Round 18 spam shapes (spam_ar.go): betting lures, a follow asked for the
// writer's own page, a seller's "we have" at a price or with "visit us",
// follow for follow promised with a verb of doing; Arabic and Arabizi.
func TestRound18SpamShapes(t *testing.T) {
	checkR18(t, []r18Case{
		{"مراهنات عالدوري مضمونة ١٠٠٪ سجلوا هلق", "spam", "neutral", false, "low"},
		{"تابعوا صفحتي فيها هدايا كل يوم", "spam", "neutral", false, "low"},
		{"عندنا أرخص شنط في اسكندرية", "spam", "neutral", false, "low"},
		{"عنا احلى كنافة بالبلد زورونا", "spam", "neutral", false, "low"},
		{"zoro safhetna, 3andena a7la 3atayef b ar5as as3ar", "spam", "neutral", false, "low"},
		{"e3mlo follow la 7sabi w ana b3mlkon follow", "spam", "neutral", false, "low"},
		{"forex ma3 5obara2, sajlo hala2 w 7a tekseb", "spam", "neutral", false, "low"},
		{"bedak tetla3 masari w enta bel bet? ba3etli msg", "spam", "neutral", false, "low"},
		{"بدك تطلع مصاري وانت قاعد بالبيت؟ ابعتلي رسالة", "spam", "neutral", false, "low"},
	})
	// a customer's "you have" at a price, a follow-up asked on an order,
	// ads of betting complained of, a fan following the brand's page: none
	// is a spam shape
	for _, text := range []string{
		"عندكم أرخص باقة للطلاب؟",
		"تابعوا طلبي لو سمحتوا صرلو أسبوع",
		"الإعلانات عندكم كلها مراهنات، عيب عليكم",
		"انا بتابع صفحتكم من زمان وبحبها",
	} {
		if x, why := arSpamShape(tokenizeComment(text)); x > 0 {
			t.Errorf("arSpamShape(%q) = %v (%s), want none", text, x, why)
		}
		if c := Classify(op.ClassifyRequest{Text: text}); op.In("spam", c.Intent) {
			t.Errorf("%q: classified spam", text)
		}
	}
}

// "What are these fees?!" (شو هالرسوم، وش هالأسعار) is indignation, not a
// question; "what is this new shop?" asks.
func TestRound18WhatThisIndignant(t *testing.T) {
	checkR18(t, []r18Case{
		{"شو هالرسوم يلي انضافت عالحساب؟", "complaint", "negative", true, "medium"},
		{"وش هالاسعار؟ كل اسبوع زايدة", "complaint", "negative", true, "medium"},
		{"شو هالمحل الجديد؟ فاتح من زمان؟", "question", "neutral", true, "medium"},
	})
}

// Smoke as a smell (ريحة الدخان) and "quickly" after a verb of running out
// (خلص بسرعة) describe; smoke from a device that nearly caught fire is a
// danger.
func TestRound18DescribedNotUrgent(t *testing.T) {
	checkR18(t, []r18Case{
		{"ريحة الدخان مالية الصالة كلها", "complaint", "negative", true, "medium"},
		{"الرصيد خلص بسرعة كتير هالشهر", "complaint", "negative", true, "medium"},
		{"الفرن طلع منه دخان وكان رح يولع المطبخ", "complaint", "negative", true, "high"},
	})
}

// A longer Arabizi suggestion with loans or names spelled letter by letter
// and no Arabizi digit is read as Arabizi (arabiziReadingDetected), not as
// English.
func TestRound18ArabiziWithLoans(t *testing.T) {
	text := "ya reit tfatho dorous rasm lal kbar bl masa"
	if _, _, ok := arabiziReading(text); !ok {
		t.Fatalf("%q: not read as Arabizi", text)
	}
	checkR18(t, []r18Case{{text, "suggestion", "neutral", false, "medium"}})
}
