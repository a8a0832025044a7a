package builtin

import (
	"testing"

	"svc/engine/op"
)

// Sentences of our own (issue 23, eighteenth session), each failing before
// the change it tests unless marked as a near sentence that keeps its
// answer.

// TestR26Deadline: a complaint that names an event of the writer's own
// today or tomorrow (a wedding, a flight, an exam) or a medicine needed
// now is urgent: high (medium before). The same event told of the past,
// and the event alone as news, keep their answers.
func TestR26Deadline(t *testing.T) {
	checkR22(t, []r22Case{
		{"عرسنا بكرا والكوشة لسا ما ركبوها، شو هالحكي", "complaint", "high"},
		{"سفري الفجر والجواز لسا عندكم بالمكتب ومحدش بيرد", "complaint", "high"},
		{"امتحاني بكره الصبح والكتاب اللي طلبته ما وصلش", "complaint", "high"},
		{"my flight is tonight and the app still won't show my ticket", "complaint", "high"},
		// high before too, by other rules (kept: the class reads them)
		{"علاج امي خلص والصيدلية ما بعتت الطلب، محتاجينه ضروري", "complaint", "high"},
		{"need my insulin today and the order is still processing", "complaint", "high"},
		// near: the past, or the event as news
		{"رحلتي كانت امبارح والخدمة كانت سيئة", "complaint", "medium"},
		{"the exam today was way too hard for beginners", "complaint", "medium"},
		{"عرسي بكرا ان شاء الله", "other", ""},
	})
}

// TestR26Harm: vomiting, a high fever and glass found in food are harm:
// high, and a comment the learned head read as praise with no praise cue,
// or left "other", that tells one (or a gas smell, a socket that shocks)
// is a complaint (praise before).
func TestR26Harm(t *testing.T) {
	checkR22(t, []r22Case{
		{"اخدنا وجبتين من عندكم وكلنا جالنا اسهال", "complaint", "high"},
		{"ابني حرارته ٣٩ والمستشفى مش راضي يستقبله", "complaint", "high"},
		// high before too, by other rules (kept: the class reads them)
		{"ابني ضل يستفرغ بعد ما اكل الكريب تبعكن", "complaint", "high"},
		{"لقينا قزاز بالسلطة، كان ممكن حدا يبلعه", "complaint", "high"},
		{"ريحة الغاز طالعة من الفرن اللي ركبتوه امبارح", "complaint", "high"},
		// near: a temperature that is no fever, glass that is no food
		{"حرارة الغرفة ٣٠ والمكيف خربان من اسبوع", "complaint", "medium"},
		{"القزاز تبع الباب وصل مكسور", "complaint", "medium"},
	})
}

// TestR26TrustTaken: points or a balance gone, personal data known to a
// stranger or sent by the shop, privacy invoked, "they swindled me", a
// used thing sold as new, a password changed by an intruder: complaints,
// high (other, question or medium before). A link the writer clicked and
// lost money by is the victim's complaint, not spam. Near: the writer
// sending their own details, privacy asked about, points asked about, a
// used phone praised.
func TestR26TrustTaken(t *testing.T) {
	checkR22(t, []r22Case{
		{"نقاطنا انمسحت كلها بعد التحديث", "complaint", "high"},
		{"حدا غريب عرف رقمي وصوري من التطبيق تبعكن", "complaint", "high"},
		{"العيادة نشرت تحاليلي وتشخيصي بالغروب، وين الخصوصية", "complaint", "high"},
		{"اجاني الموتور مستعمل وبايعيني ياه على انه جديد", "complaint", "high"},
		{"في حدا فات عالايميل تبعي وغير الباسوورد", "complaint", "high"},
		// high before too, by other rules (kept: the classes read them)
		{"رصيدي بالمحفظة طار من غير ما اعمل ولا عملية", "complaint", "high"},
		{"المكتب نصبوا علينا بالعربون واختفوا", "complaint", "high"},
		{"وصلني رابط عالواتس، كبستو وانسحب المبلغ من حسابي", "complaint", "high"},
		// near
		{"بعتلكن اسمي ورقمي وما حدا رد علي", "complaint", "medium"},
		{"شو سياسة الخصوصية عندكم؟", "question", ""},
		{"كم نقطة بتعطوني على كل طلب؟", "question", ""},
		{"اشتريت جوال مستعمل من عندكم وشغال ممتاز متل الجديد", "praise", ""},
	})
}

// TestLinkVictimNoSpam: a link the writer clicked and lost money by is no
// promotion (flagged spam before); a link offered stays spam.
func TestLinkVictimNoSpam(t *testing.T) {
	checkFlags(t, []flagCase{
		{"وصلني رابط عالواتس، كبستو وانسحب المبلغ من حسابي", false},
		{"ضغطت على اللينك اللي بعتوه باسم البنك وانخصم من رصيدي ٥٠ دينار", false},
		{"click the link in my bio to win", true},
		{"اربح ١٠٠ دولار يوميا، اضغط عالرابط", true},
	})
}

// TestR26HazardsAndThreats: one personal thing published, a bare wire, the
// brand reported to an authority, shut out of home, a limb dislocated, an
// engagement party the day after tomorrow, a medicine that cannot wait:
// high (medium, other or question before). Near: a wire named without
// being bare, a report asked about.
func TestR26HazardsAndThreats(t *testing.T) {
	checkR22(t, []r22Case{
		{"رقمي وعنواني صارو عند واحد غريب، مين عطاه؟", "complaint", "high"},
		{"السلك مكشوف جنب المراجيح بالحديقة والولاد بيلعبو", "complaint", "high"},
		{"رح بلغ عنكم البلدية اذا ما شلتو الزبالة", "complaint", "high"},
		{"علقان برا البيت والقفل الذكي تبعكم معلق", "complaint", "high"},
		{"وقعت عن الدرج بالمول وانفكت رجلي", "complaint", "high"},
		{"ملكتي بعد بكرة والبشت ما جهز للحين", "complaint", "high"},
		{"الدوا خلص وطلبيتكن متأخرة، امي ما فيها تستنى", "complaint", "high"},
		// high before too (kept: the class reads it)
		{"الممرض نشر صور تقريري بالغروب بدون اذني", "complaint", "high"},
		// near
		{"السلك تبع الشاحن قصير كتير", "complaint", "medium"},
	})
}

// TestCurseOfAThingComplains: a curse of "such a service" or "this app", or
// "this garbage" said of what came, beside a grievance is a complaint owed
// its apology (other, or the calm line with no reply owed, before);
// moderation still flags the words. A curse or a filth word aimed at a
// person keeps the calm line.
func TestCurseOfAThingComplains(t *testing.T) {
	for _, c := range []struct {
		text   string
		intent string
		rr     bool
	}{
		{"يلعن هيك خدمة، صرلي ساعتين ناطر المندوب", "complaint", true},
		{"الله يلعن هالتطبيق، كل يوم بيعلق معي", "complaint", true},
		{"شو هالزبالة؟ البيتزا وصلت محروقة", "complaint", true},
		{"يلعن هالزلمة ما بيفهم شي", "other", false},
		{"يا زبالة انت وقناتك", "other", false},
	} {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if len(got.Intent) == 0 || got.Intent[0] != c.intent || got.RequiresResponse != c.rr {
			t.Errorf("%q: intent %v requires_response %v; want %s, %v", c.text, got.Intent, got.RequiresResponse, c.intent, c.rr)
		}
		if m := Moderate(op.ModerateRequest{Text: c.text, Strictness: "medium"}); m.IsSafe {
			t.Errorf("%q: not flagged; the words stay flagged", c.text)
		}
	}
}

// TestR26English: paid and never received, the writer or their family
// fallen, a flight "in 3 hours": high (medium before). Near: fell asleep,
// fell in love, a late delivery.
func TestR26English(t *testing.T) {
	checkR22(t, []r22Case{
		{"paid for the skins and they never showed up in my account", "complaint", "high"},
		{"money left my card last week and the parcel never arrived", "complaint", "high"},
		{"the floor at your branch was wet and my dad slipped", "complaint", "high"},
		{"my flight is in 2 hours and your app won't open my booking", "complaint", "high"},
		// near
		{"the movie was so boring i fell asleep halfway, terrible sound too", "complaint", "medium"},
		{"the delivery was 2 hours late and the food was cold", "complaint", "medium"},
	})
}

// TestDurablePraise: a product praised by what never went wrong in years,
// or "you never let me down", is praise (a complaint or "other" before: its
// failure words). Near: a failure told after the years, a failure asked.
func TestDurablePraise(t *testing.T) {
	checkR22(t, []r22Case{
		{"غسالتكم معايا بقالها ٩ سنين ومفيش ولا عطل", "praise", ""},
		// praise before too (kept: durableGood reads them)
		{"التلاجة من عندكم صرلها ٨ سنين وما عطلت ولا مرة", "praise", ""},
		{"my vacuum from you is 7 years old and it still works perfectly", "praise", ""},
		{"تعاملت معكم سنين وما خيبتوا ظني", "praise", ""},
		// near
		{"التلاجة صرلها ٨ سنين ما عطلت بس هلق عطلت وما حدا عم يرد", "complaint", "medium"},
		{"the fridge broke after 2 years and no one answers", "complaint", "medium"},
	})
}

// TestR26EnglishGrievances: money withheld, fraud named, identity or data
// taken, gas smelt, the brakes after a repair, a report to an authority, a
// child left at the wrong stop, a deadline close by: high, and a
// complaint where the rules left "other" (medium or other before). Near:
// a late parcel.
func TestR26EnglishGrievances(t *testing.T) {
	checkR22(t, []r22Case{
		{"they sold me a phone with a cloned imei, this is fraud", "complaint", "high"},
		{"someone took out a loan in my name through your app", "complaint", "high"},
		{"your clinic sent my scan results to a stranger by mistake", "complaint", "high"},
		{"the brakes squeal and pull left since your garage serviced them", "complaint", "high"},
		{"i'm reporting this kitchen to the health department, mice everywhere", "complaint", "high"},
		{"the nursery bus left my 4 year old at the wrong stop", "complaint", "high"},
		{"my interview is tomorrow morning and you still havent delivered my suit", "complaint", "high"},
		// high before too (kept: enR26 reads them)
		{"the gym cancelled my plan and still wont give the money back", "complaint", "high"},
		{"there's been a gas smell in the corridor since your guys fixed the boiler", "complaint", "high"},
		// near
		{"my parcel is two days late and tracking hasnt updated", "complaint", "medium"},
	})
}

// TestEnglishBareAsksAndProposals: "what/which" + a noun + an auxiliary
// asks, so does an auxiliary before "supported"; a plea or a hedge before
// a verb of providing, "put", or "do a" + content proposes (other or
// praise before). Near: "what we can offer", the customer's own case.
func TestEnglishBareAsksAndProposals(t *testing.T) {
	checkR22(t, []r22Case{
		{"what brand is the mic you use", "question", ""},
		{"is apple pay supported in your app", "question", ""},
		{"kindly add arabic subtitles to the old videos", "suggestion", ""},
		{"maybe put the prices on the menu board too", "suggestion", ""},
		{"do a series on cheap meals for students", "suggestion", ""},
		// near
		{"please open my account it's locked", "other", ""},
	})
}

// TestEnglishPriceComplaints: a price told rising or judged too high is a
// complaint, medium ("other" and neutral before). Near: "crazy" praising.
func TestEnglishPriceComplaints(t *testing.T) {
	checkR22(t, []r22Case{
		{"baby milk went from 7.50 to 9.80 since january, come on", "complaint", "medium"},
		{"2% on every transfer is steep for students", "complaint", "medium"},
		{"the new fare barely covers what it used to", "complaint", "medium"},
		// complaints before too (kept)
		{"parking fees at the mall are insane now", "complaint", "medium"},
		{"the delivery fee keeps creeping up every month", "complaint", "medium"},
		// near
		{"the price is crazy low, love it", "praise", ""},
	})
}

// TestPasswordResetFeature: the reset link or code the customer uses is no
// intruder: medium (high before). Someone resetting the password stays
// high.
func TestPasswordResetFeature(t *testing.T) {
	checkR22(t, []r22Case{
		{"the password reset email never arrives, tried 4 times", "complaint", "medium"},
		{"someone reset my password and now i cant get in", "complaint", "high"},
	})
}

// TestR26EnglishMoneyAndLeaving: paid for what never came or was never
// agreed, direct debits taken twice, an account hacked, closing "my
// business account", logging off "for good": high (medium before). Near:
// paid and it came, a hacker of views.
func TestR26EnglishMoneyAndLeaving(t *testing.T) {
	checkR22(t, []r22Case{
		{"the gas company took 2 direct debits in one week", "complaint", "high"},
		{"my email account got hacked through your app and nobody helps", "complaint", "high"},
		{"closing my savings account after 10 years, your fees are a joke", "complaint", "high"},
		// high before too (kept: enR26 reads it)
		{"you billed me for an upgrade i never asked for", "complaint", "high"},
		// near
		{"the parcel was late by a day and the box was dented", "complaint", "medium"},
		{"i paid and the courier came the next day, great service", "praise", ""},
	})
}

// TestShutUpAimed: "shut up" told to someone the comment addresses,
// wherever it stands, and an insult of a commentator or a staff member by
// the copula, are harassment (not flagged before). Near: a complaint with
// no insult.
func TestShutUpAimed(t *testing.T) {
	checkFlags(t, []flagCase{
		{"your singing is so bad honestly just shut up", true},
		{"the commentator is a complete idiot", true},
		{"the support rep was an idiot about my refund", true},
		{"the app keeps crashing, third time today", false},
	})
}

// TestArabiziStoleIsNoThief: the Arabizi "sara2" (stole) is read سرق, not
// سراق (thieves), and the links or offers an intruder sends from a stolen
// account or page are no promotion: someone who stole the writer's
// account is a complaint, high, owed a reply (flagged spam or harassment,
// the calm line, before).
func TestArabiziStoleIsNoThief(t *testing.T) {
	checkR22(t, []r22Case{
		{"7ada sara2 7esabi 3al insta w 3am yeb3at links", "complaint", "high"},
		{"حدا اخترق صفحتي وعم ينشر عروض باسمي", "complaint", "high"},
	})
	checkFlags(t, []flagCase{
		{"7ada sara2 7esabi 3al insta w 3am yeb3at links", false},
		{"حدا اخترق صفحتي وعم ينشر عروض باسمي", false},
		{"عروض على الحسابات، ابعتلي عالخاص", true},
	})
}

// TestChargedFairlyPraises: "charged half what I expected", "charged me
// less than quoted" praise a price (a complaint, high, before: the cue
// "charged"). Charged twice stays a complaint, high.
func TestChargedFairlyPraises(t *testing.T) {
	checkR22(t, []r22Case{
		{"they charged me less than the quote, honest guys", "praise", ""},
		{"mended my bike in one day and charged half what i expected. heroes", "praise", ""},
		// praise before too (kept)
		{"replaced my screen in an hour and charged half what the mall wanted. legends", "praise", ""},
		{"you charged me twice for the same order", "complaint", "high"},
	})
}

// TestEnglishStaffInsults: a person named by an insult after an article
// and one or two adjectives ("a miserable old cow", "a sellout idiot"),
// crooks and scumbags, a donkey: harassment (not flagged before). Near:
// guinea pigs, a network "full of liars" (clean by Davidson's labels).
func TestEnglishStaffInsults(t *testing.T) {
	checkFlags(t, []flagCase{
		{"the receptionist is a grumpy old cow", true},
		{"this streamer is a lazy sellout idiot", true},
		// flagged before too (kept)
		{"the agents at that office are crooks and scumbags", true},
		// near
		{"my guinea pig loves the new hay", false},
	})
}

// TestR26HospitalForgottenSparks: a child who swallowed something, a night
// in A&E or "ended up in the ER", nowhere to sleep tonight, a child
// forgotten on the bus (the child named before "نسيوها"), a wire sparking
// (عم يشرّر): high complaints (other, praise or medium before).
func TestR26HospitalForgottenSparks(t *testing.T) {
	checkR22(t, []r22Case{
		{"my daughter swallowed a magnet from your toy set, we spent the night in hospital", "complaint", "high"},
		{"booked your cabin, got there and it was locked, nowhere to stay tonight with a baby", "complaint", "high"},
		{"الفيش بالمطبخ عم يشرّر كل ما نشغل الغسالة", "complaint", "high"},
		// high before too (kept: the class reads it)
		{"ابني عمرو ٦ سنين ونسيوه بالباص لحالو", "complaint", "high"},
		// near
		{"is the hospital parking free?", "question", ""},
	})
}

// TestLevantineIdiomsAndTradingSpam: Levantine praise idioms ("gladdens
// the heart", "decent people") praise; trading courses that double the
// capital, instant loans without a guarantor, the cheapest prices with
// cash on delivery are promotions (other, flagged nothing, before). Near:
// cash on delivery asked about.
func TestLevantineIdiomsAndTradingSpam(t *testing.T) {
	checkR22(t, []r22Case{
		{"صاحب المحل اوادم وما بيغش حدا", "praise", ""},
		// praise before too (kept)
		{"حلقتكم عن الشام القديمة بتشرح القلب", "praise", ""},
		{"في عندكم الدفع عند الاستلام؟", "question", ""},
	})
	checkFlags(t, []flagCase{
		{"تعلم التداول معنا وضاعف راس مالك خلال شهر", true},
		{"قرض فوري بدون كفيل خلال يوم", true},
		{"ساعات ماركات بأرخص الاسعار والدفع عند الاستلام", true},
		{"في عندكم الدفع عند الاستلام؟", false},
	})
}
