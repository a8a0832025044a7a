// Classes of everyday comments read in issue 23's fifteenth session, each
// checked on sentences written for the test (not copied from any set), with
// near sentences that must keep their answer.

package builtin

import (
	"testing"

	"svc/engine/op"
)

// spamCase is a comment and whether it is spam: classify's first intent
// and moderation's verdict agree on it.
type spamCase struct {
	text string
	spam bool
}

func checkSpam(t *testing.T, cases []spamCase) {
	t.Helper()
	for _, tc := range cases {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if isSpam := len(c.Intent) > 0 && c.Intent[0] == "spam"; isSpam != tc.spam || m.IsSafe == tc.spam {
			t.Errorf("%q: intent %v flags %v; want spam %v", tc.text, c.Intent, m.Flags, tc.spam)
		}
	}
}

// TestWearinessDenied: "never get tired of", "ما بملّ منها" praise; the
// complaint words inside them ("tired of", "never get") do not complain.
func TestWearinessDenied(t *testing.T) {
	checkR22(t, []r22Case{
		{"I never get tired of your cooking videos", "praise", ""},
		{"honestly this intro never gets old", "praise", ""},
		{"بسمع البودكاست كل يوم وما بمل منه", "praise", ""},
		{"مهما اتفرج على حلقاتك ما بزهق", "praise", ""},
		{"I'm tired of waiting for my refund", "complaint", ""},
		{"I never get a reply from support", "complaint", ""},
	})
}

// TestLeavingForAnother: "the last dealing with you", "I'll go to another
// company" leave (a complaint, high); "I'll go again" praises.
func TestLeavingForAnother(t *testing.T) {
	checkR22(t, []r22Case{
		{"هاي آخر تعامل معكم، طلبيتي التالتة ضاعت", "complaint", "high"},
		{"خلص رح روح على محل غيركم، ما حدا بيرد", "complaint", "high"},
		{"الأكل طيب وهروح تاني أكيد", "praise", ""},
		{"الخدمة حلوة والقعدة رايقة، راجعين تاني", "praise", ""},
		{"مش هرجع تاني للمحل ده، الأكل كان بارد", "complaint", ""},
	})
}

// TestFeesAwaited: months waited for fees to come back is a refund withheld
// long (a complaint, high), though no question mark asks it.
func TestFeesAwaited(t *testing.T) {
	checkR22(t, []r22Case{
		{"صرلي شهرين ناطر ترجعولي رسوم الكورس", "complaint", "high"},
	})
}

// TestSellerCalls: "order now" in the dialects and an offer signed off with
// a bare "DM" are a seller's; a customer who wants to order now, or names
// the DM with a verb, is not.
func TestSellerCalls(t *testing.T) {
	checkSpam(t, []spamCase{
		{"عندي حسابات شاهد بأسعار رمزية، خاص", true},
		{"زيت شعر طبيعي بيطول الشعر بأسبوع، اطلبي هلق", true},
		{"بدي اطلب هلق بس التطبيق مش عم يفتح", false},
		{"الاسعار عندكم غالية كتير، ردوا عالخاص", false},
	})
}

// TestHarmEscaped: "could have been hurt" in the dialects (كان ممكن
// يتأذى) is a danger escaped (high); "almost killed me laughing" is no
// harm at all.
func TestHarmEscaped(t *testing.T) {
	checkR22(t, []r22Case{
		{"الرف وقع عالأرض جنب بنتي، كان ممكن تتأذى", "complaint", "high"},
		{"الحلقة كانت رح تموتني من الضحك 😂", "praise", ""},
	})
}

// TestBelowExpectations: a thing said below expectations or the level
// complains ("didn't live up to the hype", "دون المستوى"); above them
// praises.
func TestBelowExpectations(t *testing.T) {
	checkR22(t, []r22Case{
		{"honestly the new season didn't live up to the hype", "complaint", ""},
		{"the burger was underwhelming for the price", "complaint", ""},
		{"الحلقة الأخيرة ما كانت قد التوقعات", "complaint", ""},
		{"التغليف دون المستوى بصراحة", "complaint", ""},
		{"the course exceeded my expectations", "praise", ""},
	})
}

// TestNoLongerBuying: "ما عاد / ماعاد" before a verb of buying or ordering
// leaves (a complaint, high), though the intent head read praise; a fake
// product and prices raised complain.
func TestNoLongerBuying(t *testing.T) {
	checkR22(t, []r22Case{
		{"والله ماعاد اشتري منكم!!! ثاني سماعة تخرب عندي", "complaint", "high"},
		{"ماعاد اطلب منكم، ثالث مرة الاكل يوصل بارد!!", "complaint", "high"},
		{"الساعة اللي اشتريتها طلعت مضروبة", "complaint", ""},
		{"غليتوا الاسعار كتير هالشهر", "complaint", ""},
		{"ما عاد في زحمة بالفرع الجديد، برافو", "praise", ""},
	})
}

// TestHeadPraiseVetoed: the intent head may not call praise on its own a
// comment whose only lexicon words are bad.
func TestHeadPraiseVetoed(t *testing.T) {
	ev := intentEv{neg: 1.5}
	if !praiseVetoed(&ev) {
		t.Error("bad words only, no praise cue: not vetoed")
	}
	ev.pos = 0.5
	if praiseVetoed(&ev) {
		t.Error("a good word too: vetoed")
	}
	ev = intentEv{neg: 1.5}
	ev.cue[iPraise] = 0.8
	if praiseVetoed(&ev) {
		t.Error("a praise cue: vetoed")
	}
}

// TestPricesRaised: a price raised or a portion shrunk complains, though no
// word of it is bad by itself.
func TestPricesRaised(t *testing.T) {
	checkR22(t, []r22Case{
		{"الفلافل عندكم صارت صغيرة كتير وسعرها زاد", "complaint", ""},
		{"the portions got smaller but you charge the same", "complaint", ""},
	})
}

// TestWhereAfterWaiting: "where / when" asked with the time already waited
// is an order overdue (a complaint); "where" alone asks.
func TestWhereAfterWaiting(t *testing.T) {
	checkR22(t, []r22Case{
		{"وين الطلبية؟ صار اربع ايام", "complaint", ""},
		{"wen el talabiyye? sar 4 ayyam", "complaint", ""},
		{"وين الفرع الجديد بالزبط؟", "question", ""},
	})
}

// TestMoneyTaken: "you took my money" is money taken (high).
func TestMoneyTaken(t *testing.T) {
	checkR22(t, []r22Case{
		{"اخدتوا المبلغ ولسه الطلب موصلش", "complaint", "high"},
		{"سرقتوا مصاريي والشحنة ما وصلت", "complaint", "high"},
	})
}

// TestAmazedAndGiveaways: amazement at something good praises ("can't
// believe how fast", not the complaint of "can't"); a question about the
// brand's giveaway is no spam, a giveaway with a bait is.
func TestAmazedAndGiveaways(t *testing.T) {
	checkR22(t, []r22Case{
		{"cant believe how easy the setup was, great job", "praise", ""},
		{"can't believe how rude the cashier was", "complaint", ""},
	})
	checkSpam(t, []spamCase{
		{"is the giveaway still open for Kuwait?", false},
		{"GIVEAWAY! comment below to win a PS5", true},
		{"follow my page for a free iphone giveaway, link in bio", true},
	})
}

// TestDirtyRoomNoInsult: the Gulf وصخ describes a room as وسخ does (a
// complaint); aimed at someone it insults.
func TestDirtyRoomNoInsult(t *testing.T) {
	for _, tc := range []struct {
		text    string
		flagged bool
	}{
		{"الشقة اللي حجزناها وصخة والمكيف خربان", false},
		{"انت وصخ وما تستحي", true},
	} {
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if m.IsSafe == tc.flagged {
			t.Errorf("%q: flags %v; want flagged %v", tc.text, m.Flags, tc.flagged)
		}
	}
	checkR22(t, []r22Case{{"الشقة اللي حجزناها وصخة والمكيف خربان", "complaint", ""}})
}

// TestWishAsksNoOffer: a comment opening with a wish asks for an offer
// (a suggestion), though it names a token price; with a contact it sells.
func TestWishAsksNoOffer(t *testing.T) {
	checkSpam(t, []spamCase{
		{"ودنا عرض خاص للعوايل بسعر رمزي", false},
		{"حسابات شاهد بسعر رمزي، تواصل واتساب 0551234567", true},
	})
	checkR22(t, []r22Case{{"ودنا عرض خاص للعوايل بسعر رمزي", "suggestion", ""}})
}

// TestAmountTaken: "they took from me 500 riyals" is money taken (high).
func TestAmountTaken(t *testing.T) {
	checkR22(t, []r22Case{
		{"خذوا مني ٥٠٠ ريال والجهاز للحين خربان", "complaint", "high"},
	})
}

// TestFollowReturnedArabizi: "I'll return the follow" in Egyptian Arabizi
// (the future ه-, the article written apart) is follow-for-follow.
func TestFollowReturnedArabizi(t *testing.T) {
	for _, text := range []string{"e3mlni follow w harod el follow fawran 🔥"} {
		c := Classify(op.ClassifyRequest{Text: text})
		if len(c.Intent) == 0 || c.Intent[0] != "spam" {
			t.Errorf("%q: intent %v; want spam", text, c.Intent)
		}
	}
}

// TestIntruderAndBillUnused: someone getting into the account in the
// Levantine imperfect (عم يفوت) is an intruder; a bill for what was not
// used, or while away, is money charged wrongly (high); a bill for what
// was used is not.
func TestIntruderAndBillUnused(t *testing.T) {
	checkR22(t, []r22Case{
		{"حسابي عم ينقفل لحالو وفي حدا عم يفوت عليه", "complaint", "high"},
		{"اجتني فاتورة ميه ٤٠٠ درهم وانا مسافر من شهرين", "complaint", "high"},
		{"الفاتورة عالية هالشهر وانا ما استخدمت النت ابدا", "complaint", "high"},
		{"الفاتورة عالية شوي بس انا استخدمت النت كتير هالشهر", "complaint", "medium"},
	})
}

// TestGoneInAHurry: "quickly" told of someone who left is no demand ("the
// courier left quickly": medium); "reply quickly" demands.
func TestGoneInAHurry(t *testing.T) {
	checkR22(t, []r22Case{
		{"الطلبية جت ناقصة علبتين والسواق مشي بسرعة", "complaint", "medium"},
	})
}

// TestFormalComplaintsAsFacts: MSA complaints told as facts (fees
// exaggerated, a hall crowded, a wait longer than expected, served without
// care) complain; high quality praises.
func TestFormalComplaintsAsFacts(t *testing.T) {
	checkR22(t, []r22Case{
		{"رسوم التوصيل لديكم مبالغ فيها", "complaint", ""},
		{"صالة الانتظار مكتظة دائما", "complaint", ""},
		{"انتظرنا طويلا عند المحاسب", "complaint", ""},
		{"خدمنا الموظف دون اهتمام", "complaint", ""},
		{"أسعار الحجز مرتفعة مقارنة بالفنادق المجاورة", "complaint", ""},
		{"الجودة مرتفعة جدا والسعر مناسب", "praise", ""},
	})
}

// TestChargedWronglyForms: a bill with services never done, a price
// charged above the one shown, someone changing the password, deleting
// the app for a rival are urgent (high); a tip to change one's password is
// not.
func TestChargedWronglyForms(t *testing.T) {
	checkR22(t, []r22Case{
		{"لقيت بالفاتورة فحوصات ما عملناها أصلا", "complaint", "high"},
		{"حاسبوني على الغسالة بسعر أعلى من الإعلان بميتين", "complaint", "high"},
		{"حد غيرلي الباسورد ومبقتش قادر ادخل", "complaint", "high"},
		{"همسح الابلكيشن وهنزل التاني، كل مرة الطلب يتأخر", "complaint", "high"},
		{"غير كلمة السر كل فترة عشان تحمي حسابك", "", ""},
	})
}

// TestApplianceShocks: an appliance that gives electric shocks is a danger
// (high).
func TestApplianceShocks(t *testing.T) {
	checkR22(t, []r22Case{
		{"الغسالة يلي جبناها منكن بتكهرب كل ما حدا لمسها", "complaint", "high"},
	})
}

// TestApplianceHazardEn: an appliance that sparks or melts is a hazard (a
// complaint, high); "sparks joy", "my heart melted" praise.
func TestApplianceHazardEn(t *testing.T) {
	checkR22(t, []r22Case{
		{"the new kettle sparks every time I plug it in", "complaint", "high"},
		{"my phone charger melted while it was charging", "complaint", "high"},
		{"this playlist sparks so much joy", "praise", ""},
		{"my heart melted at the ending ❤️", "praise", ""},
	})
}

// TestFoodBelowPar: food said lukewarm, bland, overcooked or a bit salty
// complains.
func TestFoodBelowPar(t *testing.T) {
	checkR22(t, []r22Case{
		{"my latte came lukewarm again", "complaint", ""},
		{"the rice was bland and the chicken overcooked", "complaint", ""},
		{"the hummus was a bit salty today", "complaint", ""},
	})
}

// TestTooMuchOfAGoodThing: a good quality in excess is a fault ("too
// sweet", "too strong"); "too good", "too cute" praise.
func TestTooMuchOfAGoodThing(t *testing.T) {
	checkR22(t, []r22Case{
		{"the frosting was way too sweet", "complaint", ""},
		{"the tea today was too strong", "complaint", ""},
		{"this tutorial is too good", "praise", ""},
	})
}

// TestWithdrawnFromYou: a child withdrawn "from you" (a nursery, a school)
// is a customer leaving (high).
func TestWithdrawnFromYou(t *testing.T) {
	checkR22(t, []r22Case{
		{"بنتي انجرحت بالصف وما حدا اتصل فيي، رح اسحبها من عندكن", "complaint", "high"},
		{"بعد اللي صار بالباص بسحب ابني من عندكم آخر الشهر", "complaint", "high"},
	})
}

// TestMissingIsNoQuestion: a statement that something is missing or
// unavailable, without a question mark, is no question ("لا يوجد موقف
// قرب الفرع"); asked with one, it is. A service hard to reach and a foul
// smell complain.
func TestMissingIsNoQuestion(t *testing.T) {
	for _, text := range []string{"لا يوجد مكان للجلوس في صالة الانتظار", "ما في مواقف قريبة من المعرض"} {
		if c := Classify(op.ClassifyRequest{Text: text}); len(c.Intent) > 0 && c.Intent[0] == "question" {
			t.Errorf("%q: intent %v; want no question", text, c.Intent)
		}
	}
	checkR22(t, []r22Case{
		{"هل يوجد مكان للجلوس في صالة الانتظار؟", "question", ""},
		{"يصعب التواصل مع فرعكم عبر الهاتف", "complaint", ""},
		{"كانت رائحة الحمام كريهة جدا", "complaint", ""},
	})
}

// TestPaidSellerGone: paid, then the seller vanished, is money taken
// (high); a problem that vanished is not.
func TestPaidSellerGone(t *testing.T) {
	checkR22(t, []r22Case{
		{"دفعت تمن الكنبة كامل والمحل اختفى", "complaint", "high"},
	})
	if c := Classify(op.ClassifyRequest{Text: "دفعت الفاتورة والمشكلة اختفت، شكرا"}); c.Priority == "high" {
		t.Errorf("a problem gone: priority high")
	}
}
