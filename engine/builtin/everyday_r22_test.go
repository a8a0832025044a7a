// Classes of everyday comments read in issue 23's fourteenth session, each
// checked on sentences written for the test (not copied from any set), with
// near sentences that must keep their answer.

package builtin

import (
	"testing"

	"svc/engine/op"
)

type r22Case struct {
	text     string
	intent   string // first intent
	priority string // "" = not checked
}

func checkR22(t *testing.T, cases []r22Case) {
	t.Helper()
	for _, tc := range cases {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if tc.intent == "" {
			if c.Priority == "high" {
				t.Errorf("%q: priority high", tc.text)
			}
			continue
		}
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || tc.priority != "" && c.Priority != tc.priority {
			t.Errorf("%q: intent %v priority %s; want %s %s", tc.text, c.Intent, c.Priority, tc.intent, tc.priority)
		}
	}
}

// TestNotSafeIsUrgent: a thing or a ride said not to be safe, an injury
// named with its preposition, a writer frightened: the spec's safety
// class, high. "Is it safe?" asks.
func TestNotSafeIsUrgent(t *testing.T) {
	checkR22(t, []r22Case{
		{"المرجيحة اللي بالحديقة مش آمنة أبدا على الولاد", "complaint", "high"},
		{"السواق ماشي عكس السير، غير آمن نهائيا", "complaint", "high"},
		{"انتهى التمرين بإصابة في ركبتي بسبب الجهاز الخربان", "complaint", "high"},
		{"المصعد وقف فينا بين الأدوار وخوفني على أمي", "complaint", "high"},
		{"هل الكرسي آمن للأطفال الصغار؟", "question", ""},
		{"المكان آمن ونظيف، شكرا لكم", "praise", ""},
	})
}

// TestLikeHowIsNoNegation: ما after "like" (متل ما, زي ما) is "how", not a
// negation: "متل ما بتعملها ستي" (just as my grandma makes it) praises.
func TestLikeHowIsNoNegation(t *testing.T) {
	checkR22(t, []r22Case{
		{"الكبة طلعت زاكية متل ما بتعملها امي 😍", "praise", ""},
		{"المطعم ما بيرد على التلفون متل العادة", "complaint", ""},
	})
}

// TestUnlikeShown: a product said not to be like its pictures, advert or
// description is a complaint (english.go's "nothing like the pictures").
func TestUnlikeShown(t *testing.T) {
	checkR22(t, []r22Case{
		{"الجاكيت وصل ومش زي الصورة خالص", "complaint", ""},
		{"الشقة مو نفس الصور اللي بالإعلان", "complaint", ""},
		{"الساعة ليست كما في الوصف", "complaint", ""},
		{"الجاكيت وصل زي الصورة بالظبط، حلو اوي", "praise", ""},
	})
}

// TestOddSense: a sound, smell or taste said to be strange is a defect.
func TestOddSense(t *testing.T) {
	checkR22(t, []r22Case{
		{"الغسالة صارت تطلع صوت غريب بعد التصليح", "complaint", ""},
		{"في ريحة غريبة طالعة من المكيف", "complaint", ""},
		{"العصير طعمه غريب اليوم", "complaint", ""},
	})
}

// TestLearnedMuch: learning a lot from the channel thanks it.
func TestLearnedMuch(t *testing.T) {
	checkR22(t, []r22Case{
		{"اتعلمت منكم كتير في الطبخ", "praise", ""},
		{"بناتي يتعلمون وايد من دروسك", "praise", ""},
		{"my daughter learned so much from your piano lessons", "praise", ""},
		{"ما تعلمت شي من الدورة، ضياع وقت", "complaint", ""},
	})
}

// TestPerformRequest: a creator asked to play, try or react to something
// is a proposal (the content asked for), not "other".
func TestPerformRequest(t *testing.T) {
	checkR22(t, []r22Case{
		{"react to the new album next video pls", "suggestion", ""},
		{"pls play the new racing game with us", "suggestion", ""},
		{"جرب المطعم الهندي الجديد الحلقة الجاية", "suggestion", ""},
		{"العبي معانا مرة يا نور", "suggestion", ""},
		{"please try to fix the login asap, it keeps failing", "complaint", ""},
	})
}

// TestWishForTheServiceOwed: a wish for the service owed (fix it, keep to
// the times) after a failure complains; a wish for something new proposes.
func TestWishForTheServiceOwed(t *testing.T) {
	checkR22(t, []r22Case{
		{"الموقع بيفصل كل شوية، ياريت تصلحوه بسرعة", "complaint", ""},
		{"الفني جه متأخر ساعتين، ياليت تلتزمون بالوقت", "complaint", ""},
		{"ياريت ترجعوا الكيك بالتمر، كان كتير طيب", "suggestion", ""},
		{"ياريت تجيبوا مقاسات أكبر", "suggestion", ""},
		{"الكاش باك ما نزل، ياليت تشيكون عليه", "complaint", ""},
	})
}

// TestTellUsAsks: "ياريت تقولنا" (please tell us) after a question word
// asks; it proposes nothing.
func TestTellUsAsks(t *testing.T) {
	checkR22(t, []r22Case{
		{"الجاكيت ده من انهي براند ياريت تقولنا", "question", ""},
	})
}

// TestR22PriorityClasses: the brief's urgent classes in the forms the rules
// missed (priority_r22.go), high; a near complaint stays medium.
func TestR22PriorityClasses(t *testing.T) {
	checkR22(t, []r22Case{
		// charged after cancelling
		{"كنسلت الاشتراك من شهرين ولسا بينسحب مني كل شهر", "complaint", "high"},
		{"i cancelled the gym plan in june and you keep charging me", "complaint", "high"},
		// a balance vanished (asked, still a grievance)
		{"شحنت ميتين جنيه والرصيد بقى صفر تاني يوم، راحوا فين؟", "complaint", "high"},
		{"رصيدي اختفى كله بعد ما حدثت التطبيق", "complaint", "high"},
		// an intruder in the account
		{"في حدا فات على حسابي وطلب أغراض بالدين", "complaint", "high"},
		// moving to a rival
		{"خلص رح حوّل على شركة تانية، تعبت منكن", "complaint", "high"},
		{"سأنقل رقمي إلى شبكة أخرى بسبب الانقطاعات", "complaint", "high"},
		// legal action
		{"سأتخذ الإجراءات القانونية إذا لم تُعيدوا المبلغ", "complaint", "high"},
		// a driver endangering
		{"الكابتن طول الطريق ماسك جواله وهو يسوق", "complaint", "high"},
		// harm
		{"ابني وقع من اللعبة وانكسرت ايده", "complaint", "high"},
		// a refund awaited for months
		{"صرلي تلات شهور ناطر ترجعولي حق الغسالة", "complaint", "high"},
		// the same failure every day
		{"كل يوم نفس المشكلة، الكهربا بتقطع العصر", "complaint", "high"},
		// charged twice
		{"the subscription came out of my account twice this month", "complaint", "high"},
		// taken after cancelling, told in either order; beside spam words
		{"النادي سحبوا الاشتراك مرة تانية بعد ما لغيته", "complaint", "high"},
		{"unsubscribed in may and you're still charging me $9.99 a month", "complaint", "high"},
		// an intruder who stole the account
		{"حد سارق الأكونت بتاعي وبيطلب بيه", "complaint", "high"},
		// years of custom and moving to a rival: no praise
		{"5 years with this bank and im switching to another one next week", "complaint", "high"},
		// harm: swollen, bleeding, vomiting, short of breath, really sick
		{"بعد الحشوة خدي كله مورم ومش قادر افتح بقي", "complaint", "high"},
		{"the puppy has been vomiting since he ate your new treats", "complaint", "high"},
		{"استعملوا معطر قوي وصار معي ضيقة نفس طول الليل", "complaint", "high"},
		{"my son got really sick after the school trip lunch", "complaint", "high"},
		// someone driving dangerously, named by the verb
		{"مندوب الطلبات كان يسوق بسرعة جنونية بين البيوت", "complaint", "high"},
		// charged twice, charged for what was to be free
		{"اتخصم حق الاشتراك مرتين هالشهر", "complaint", "high"},
		{"انخصمت رسوم من بطاقتي مع إنكم قلتوا الخدمة مجانية أول سنة", "complaint", "high"},
		// see you in court
		{"you broke my screen and refuse to pay, see you in court", "complaint", "high"},
		// burns, swelling, an allergy, taken to hospital, a child fallen
		{"الليزر حرقت رقبتي والجلد لسا أحمر", "complaint", "high"},
		{"بعد الكريم انتفخ وجهي وصار معي حكة", "complaint", "high"},
		{"أكلنا من الجبنة ودخل ابني المستشفى بالليل", "complaint", "high"},
		{"ابني وقع من المرجيحة بالحضانة وما حدا انتبه", "complaint", "high"},
		// a live wire, fire from an appliance
		{"سلك كهربا مكشوف قدام باب العمارة من أسبوع", "complaint", "high"},
		{"الغسالة الجديدة طلع منه دخان وانا بشغلها", "complaint", "high"},
		// an official complaint threatened
		{"والله بنشتكي عليكم رسمي، ما راح نسكت", "complaint", "high"},
		// the wrong patient's medicine
		{"the nurse nearly gave my dad someone elses meds", "complaint", "high"},
		// points wiped, bills after cancelling, a month and a half for a refund
		{"نقاطي كلها اتمسحت من التطبيق فجأة", "complaint", "high"},
		{"لغيت الخط من شهرين ولسا بتوصلني فواتير", "complaint", "high"},
		{"صرلي شهر ونص ناطر ترجعولي حق الطاولة", "complaint", "high"},
		// harm told with thanks to God is no praise
		{"السخان ولع وطلع منه نار، الحمدلله ما حدا تأذى", "complaint", "high"},
		// property damaged by the service, compensation at stake; stranded
		{"الورشة خدشوا الباب وما رضيوا يعوضوني", "complaint", "high"},
		{"your movers dented my fridge, who is paying for this", "complaint", "high"},
		{"flight cancelled and we are stuck at the airport with a baby", "complaint", "high"},
		// money asked for what was said to be free: a grievance, medium
		{"التطبيق مكتوب انه مجاني وبعدين طلبوا فلوس عشان الدروس", "complaint", "medium"},
		// near ones stay medium
		{"my son fell asleep watching your stream, thanks", "praise", ""},
		{"the nurses in the ER were kind but we waited long", "complaint", "medium"},
		{"الأكل اتحرق شوي بس طعمه حلو", "", ""},
		{"الطلب اتأخر يومين بس وصل", "complaint", "medium"},
		{"صرلي شهرين ناطر الطلب وما وصل", "complaint", "medium"},
	})
	// the writer's own withdrawal after cancelling is no charge; a charge
	// after cancelling asked about is a question
	for _, tc := range []r22Case{
		{"انا سحبت فلوسي بعد ما لغيت الحجز والحمد لله رجعت", "", "medium"},
		{"لو لغيت الاشتراك هتسحبوا فلوس الشهر ده؟", "question", "medium"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if c.Priority == "high" || tc.intent != "" && (len(c.Intent) == 0 || c.Intent[0] != tc.intent) {
			t.Errorf("%q: intent %v priority %s; want %s, not high", tc.text, c.Intent, c.Priority, tc.intent)
		}
	}
}

// TestConcessionAfterTheMainClause: a good word inside a concession after
// the main clause ("... رغم اشتراكي في الباقة الممتازة") is no praise.
func TestConcessionAfterTheMainClause(t *testing.T) {
	checkR22(t, []r22Case{
		{"الصوت بيقطع كل شوي رغم إني مشترك بالباقة الذهبية الممتازة", "complaint", ""},
		{"the delivery was late again despite the amazing promises", "complaint", ""},
		{"الأكل رائع رغم الزحمة", "praise", ""},
	})
}

// TestMildGrievances: disappointment, not being happy, a refusal, a price
// dearer than elsewhere and a curt reply complain (medium); someone's haste
// told is no urgency; dry skin asked about is a question.
func TestMildGrievances(t *testing.T) {
	checkR22(t, []r22Case{
		{"خاب ظني في الحلقة الأخيرة، كانت أقل من المتوقع", "complaint", "medium"},
		{"الصراحة مش مبسوط من الخدمة المرة دي", "complaint", "medium"},
		{"الكاشير ما رضي يبدل الكيس", "complaint", "medium"},
		{"الشاحن عندكم اغلى من المحلات التانية بكتير", "complaint", "medium"},
		{"موظف الاستقبال رده جاف ومو مرحب", "complaint", "medium"},
		{"الفنيين كانوا مستعجلين وما نظفوا بعد الشغل", "", ""},
		{"شو بتنصحوا للشعر الجاف؟", "question", ""},
	})
}

// TestReadThroughFourteen: two answers of the session's read-through of our
// own comments: a grievance then praise after "but" is mixed; a stream
// asked for with the subscribers proposes (the audience is no promotion).
func TestReadThroughFourteen(t *testing.T) {
	for _, tc := range []struct{ text, intent, sentiment string }{
		{"the delivery was late but the food was great", "complaint", "mixed"},
		{"الطلب اتأخر شوي بس الكيك كان طيب كتير", "complaint", "mixed"},
		{"stream fortnite with the subs this weekend pls", "suggestion", "neutral"},
		{"check out my channel, 10k subs and growing", "spam", "neutral"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || c.Sentiment != tc.sentiment {
			t.Errorf("%q: %v %s; want %s %s", tc.text, c.Intent, c.Sentiment, tc.intent, tc.sentiment)
		}
	}
}

// TestLevantineClasses: classes read on the Levantine sets (lev1-2),
// checked on sentences of our own.
func TestLevantineClasses(t *testing.T) {
	checkR22(t, []r22Case{
		// a price rising, a level falling
		{"الاشتراك كل شهر بيزيد والخدمة نفسها", "complaint", "medium"},
		{"المستوى عم ينزل من لما تغيرت الإدارة", "complaint", ""},
		// a child beaten; a price quoted, then more charged
		{"بنتي انضربت بالباص والسواق ما عمل شي", "complaint", "high"},
		{"قلتولي الغسيل بعشرين وبالآخر حاسبوني أربعين", "complaint", "high"},
		// "it would be nice if you ..."; content asked for with ممكن
		{"حلو كتير إذا بتضيفو توصيل للضيعة", "suggestion", ""},
		{"ممكن فيديو عن المناقيش بالبيت؟", "suggestion", ""},
		// the brand asked to put its number in its bio
		{"حطوا رقم التلفون بالبايو منشان نطلب", "suggestion", ""},
	})
	for _, tc := range []struct{ text, intent string }{
		{"ربحت لابتوب من هالموقع ببلاش، جربو انتو كمان 👇", "spam"},
		{"بدك تمويل فوري بدون كفيل؟ راسلنا عالخاص", "spam"},
		{"قدمت على قرض من شهر وما حدا تواصل معي", "complaint"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent {
			t.Errorf("%q: %v; want %s", tc.text, c.Intent, tc.intent)
		}
	}
}

// TestLevantineClassesTwo: classes read on lev4-5, on sentences of our own.
func TestLevantineClassesTwo(t *testing.T) {
	for _, tc := range []struct {
		text, intent string
		flagged      bool
	}{
		{"الأسعار عندكن نار، نفس القطعة بالمول أرخص", "complaint", false},
		{"العروض عندكن نار 🔥 الله يعطيكن العافية", "praise", false},
		{"ليش ما في خيار دفع عند الاستلام؟ ضيفوه", "suggestion", false},
		{"حسابات نتفليكس بسعر رمزي، راسلني", "spam", true},
		{"عطور أصلية بأسعار حلوة عالصفحة تبعي، فوتو شوفو", "spam", true},
		{"حد هكر حسابي ومش عارف ادخل، الحقوني", "complaint", false},
		{"المذيع عندكم حمار، كل يوم غلطة", "other", true},
		{"المدير عندكم قليل ادب", "other", true},
		// how the staff treat others, told: a grievance, not an insult
		{"الكاشير قليل ادب مع الزباين", "complaint", false},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || !m.IsSafe != tc.flagged {
			t.Errorf("%q: %v flags %v; want %s flagged %v", tc.text, c.Intent, m.Flags, tc.intent, tc.flagged)
		}
	}
}

// TestLevantinePriorityClasses: classes read on the Levantine priority
// sets (levprio1-2), on sentences of our own.
func TestLevantinePriorityClasses(t *testing.T) {
	checkR22(t, []r22Case{
		{"رابع طلبية بتوصلني ناقصة، شو هالشغل", "complaint", "high"},
		{"في محلات أرخص وبتحترم الزبون، ما عاد بدي اتعامل معكن", "complaint", "high"},
		{"آخر مرة بطلب منكن، الأكل كل مرة بارد", "complaint", "high"},
		{"قالولي رح نرجعلك الفرق وصارلها شهرين", "complaint", "high"},
		{"وعدوني بإرجاع المبلغ ومر ٤٠ يوم", "complaint", "high"},
		{"الصيدلية عطتني دوا غير اللي كتبه الدكتور", "complaint", "high"},
		{"حساب بنتي انهكر وعم ينبعت منه رسايل غريبة", "complaint", "high"},
		{"الخزانة انقلبت على ابني وهو عم يلعب", "complaint", "high"},
		{"وينو الطلب؟؟ صرلنا ساعتين!!!", "complaint", "high"},
		{"وين الأكل؟ صار ٣ ساعات!!!", "complaint", ""},
		{"wein el akl? sar 3 sa3at!!!", "complaint", ""},
		// near ones stay medium
		{"الطلب تأخر يومين بس وصل الحمدلله", "complaint", "medium"},
		{"ثاني مرة بيوصل الأكل بارد", "complaint", "medium"},
	})
}

// TestLevantineClassesThree: classes read on lev7, on sentences of our own.
func TestLevantineClassesThree(t *testing.T) {
	for _, tc := range []struct {
		text, intent string
		flagged      bool
	}{
		{"عندكم ايفون 15 او سامسونج S24 باللون الأسود؟", "question", false},
		{"you're such an a55 lol", "other", true},
		{"جيبو شواحن للأجهزة القديمة، ما حدا عندو", "suggestion", false},
		{"بدك تشتغل اونلاين وتربح بالدولار؟ الرقم بالبروفايل", "spam", true},
		{"الموظفين عندكم تنابل، ولا حدا بيرد", "other", true},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || !m.IsSafe != tc.flagged {
			t.Errorf("%q: %v flags %v; want %s flagged %v", tc.text, c.Intent, m.Flags, tc.intent, tc.flagged)
		}
	}
}

// TestMSAEgyptianPriorityClasses: classes read on egyprio1 and msaprio1,
// on sentences of our own.
func TestMSAEgyptianPriorityClasses(t *testing.T) {
	checkR22(t, []r22Case{
		{"سُرق حسابي في التطبيق وتغير البريد المرتبط به", "complaint", "high"},
		{"دخل شخص مجهول إلى حسابي وحول الرصيد", "complaint", "high"},
		{"تغيرت كلمة المرور لحسابي دون علمي", "complaint", "high"},
		{"حسابي في البنك مخترق وهناك عمليات لا أعرفها", "complaint", "high"},
		{"سأنتقل إلى شركة منافسة إن لم تحل المشكلة", "complaint", "high"},
		{"سنرفع دعوى على الشركة إن استمر الانقطاع", "complaint", "high"},
		{"أصلحوا الجهاز أربع مرات لنفس العطل ولم يعمل", "complaint", "high"},
		{"تعطل المصعد مرارا وأبلغناكم دون فائدة", "complaint", "high"},
		{"سقط مريض من السرير بسبب إهمال الممرضين", "complaint", "high"},
		{"الباور بنك انتفخ وهو في الشنطة", "complaint", "high"},
		{"دفعنا التأمين وما رجعوش لحد دلوقتي بقالهم شهرين", "complaint", "high"},
		{"مطالبة التعويض معلقة منذ نصف سنة", "complaint", "high"},
		// near ones
		{"بتقبلو ترجيع الصباط اذا ما لبسته؟", "question", ""},
		{"المسلسل عن سرقة بنك كبيرة، حلو كتير", "praise", ""},
	})
}

// TestLevantineClassesFour: classes read on lev8-9, on sentences of our own.
func TestLevantineClassesFour(t *testing.T) {
	for _, tc := range []struct {
		text, intent string
		flagged      bool
	}{
		{"الموظفة بالكاش ما كانت محترمة أبداً معنا", "complaint", false},
		{"سحب على سماعات 🎁 لايك وشير وتابع الحساب", "spam", true},
		{"عنا عروض عالشنط والتوصيل لكل المحافظات", "spam", true},
		{"الممرضين عندكن جزارين", "other", true},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || !m.IsSafe != tc.flagged {
			t.Errorf("%q: %v flags %v; want %s flagged %v", tc.text, c.Intent, m.Flags, tc.intent, tc.flagged)
		}
	}
}
