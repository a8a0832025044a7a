package builtin

import (
	"testing"

	"svc/engine/op"
)

// Sentences of our own (issue 23, twenty-first session), each failing
// before the change it tests unless marked as a near sentence or as kept.

// TestR29DelayNeverCame: a delay that never came, said with thanks or a
// blessing ("من غير تأخير", "ولا مرة اتأخرتوا"), is praise (a complaint
// before: the delay word alone). Near: a delay told is a complaint.
func TestR29DelayNeverCame(t *testing.T) {
	checkR22(t, []r22Case{
		{"بيوصلوا الخضار كل اسبوع من غير تأخير، ربنا يخليكم", "praise", "low"}, // kept: right before too (other rules)
		{"سنتين بطلب منكم ولا مرة اتأخرتوا علينا، يسلمو", "praise", "low"},
		// near: the delay told
		{"الطلب وصل بعد تأخير يومين ومحدش اعتذر", "complaint", "medium"},
	})
}

// TestR29EnglishGrievancesPlain: grievances told without a complaint
// word the cues knew (too dear, taking ages, never picks up, changed
// without notice, less than the photos, always late): complaints ("other"
// before). Near: a frequency asked is a question, not a repeated failure.
func TestR29EnglishGrievancesPlain(t *testing.T) {
	checkR22(t, []r22Case{
		{"£12 for a cheese sandwich is a bit steep", "complaint", "medium"},
		{"the swap for my headphones is taking ages", "complaint", "medium"},
		{"front desk at the dental clinic never picks up", "complaint", "medium"},
		{"they moved my class to friday and nobody told me", "complaint", "medium"},      // kept: right before too (other rules)
		{"the room was way smaller than the photos on your site", "complaint", "medium"}, // kept: right before too (other rules)
		{"the 7:15 bus is always late and i miss my connection", "complaint", "medium"},
		// near: how often, asked
		{"how many times a day should i feed the puppy", "question", "medium"},
	})
}

// TestR29EnglishUrgent: an authority or a court named, an injury, a young
// child nearly hurt, money gone from an account or lost, someone posing
// as the brand, the writer's data in strangers' hands: high (medium or no
// complaint before). Near: kilos lost is no money lost.
func TestR29EnglishUrgent(t *testing.T) {
	checkR22(t, []r22Case{
		{"if the damp isnt fixed by friday im filing a complaint with the council", "complaint", "high"},
		{"your cleaner knocked the mirror over and my husband needed stitches", "complaint", "high"},
		{"the removal truck backed out fast and almost hit my 5 yr old", "complaint", "high"},
		{"clicked the link in your 'delivery' text and £600 was gone from my account", "complaint", "high"}, // kept: right before too (other rules)
		{"a guy pretending to be your support desk got my card details", "complaint", "high"},
		{"strangers keep ringing me and they know my name and my street", "complaint", "high"},
		// near: weight lost, thanked
		{"lost 6 kg in two months with your meal plan, thank you", "praise", "low"},
	})
}

// TestR29InsultsAcrossAPhrase: an insult predicated of a person named a
// few words before (a job name, "with the ..."), and animal insults for
// people: flagged (not before). Near: a clause with its own subject
// before the copula insults nobody; a guinea pig is a pet.
func TestR29InsultsAcrossAPhrase(t *testing.T) {
	checkFlags(t, []flagCase{
		{"the waiter at your mall branch is a pig", true},
		{"the barista with the nose ring is a clown", true},
		{"the drivers you send are a bunch of donkeys", true},
		// near
		{"the man with the dog said it was a joke", false},
		{"bought a guinea pig from your pet shop and she is lovely", false},
	})
}

// TestR29SpamWithoutLink: a prize to claim, a loan with no credit check,
// a trade channel to write to: spam (not before). Near: a question about
// applying is no promotion.
func TestR29SpamWithoutLink(t *testing.T) {
	checkSpam(t, []spamCase{
		{"you have been selected to win a new tablet, claim now", true},
		{"fast personal loans no credit check, apply now", true},
		{"cheap phone cases wholesale, contact us on telegram", true},
		// near
		{"can i apply now or wait for the next intake?", false},
	})
}

// TestR29ArabiziReadings: words the letters misread ("3abbet" عبيت, not
// the insult عبيط; "kase" كاسه, not an obscenity; "gi6a3" قطع; "gadhiya"
// قضيه; "hayekhbat" هيخبط) read right, so the comment means what it says:
// not flagged, and urgent where it tells a danger or a lawsuit.
func TestR29ArabiziReadings(t *testing.T) {
	checkFlags(t, []flagCase{
		{"3abbet el balance w ra7o el masari", false},
		{"el kase elly talabtaha wesle maksoura", false}, // kept: not flagged before either
	})
	checkR22(t, []r22Case{
		{"barfa3 3likom gadhiya law ma wasalat el sayyara", "complaint", "high"},
		{"el motosikl kan hayekhbat binti 3and el madrasa", "complaint", "high"},
		{"ebni akal kahraba men el ghassale el jdide", "complaint", "high"},
		{"el captain ga6a3 el ishara w ana wiyay el yahal", "complaint", "high"},
	})
}

// TestR29ArabicClasses: a red light run, a shock "eaten" (اكل كهربا),
// data leaked in the dialects' verbs (اتسربوا), "was going to" fused to
// the verb (كان هيخبط): high. A fraud done to the writer's family is no
// promotion; a number moved to the brand is no leaving; "your snap" is
// said to the creator. Near: a driver who stopped at the light.
func TestR29ArabicClasses(t *testing.T) {
	checkR22(t, []r22Case{
		{"السواق قطع الاشارة وانا معي بنتي الصغيرة", "complaint", "high"},
		{"بنتي اكلت كهربا من المكيف اللي ركبتوه", "complaint", "high"},
		{"رقمي واسمي اتسربوا لشركات التسويق", "complaint", "high"},
		{"العربية بتاعتكم كانت هتخبط ابني قدام البيت", "complaint", "high"}, // kept: high before too (other rules)
		{"صفحة بتبيع باسمكم ونصبت على امي ب ٥٠٠ جنيه", "complaint", "high"}, // kept: high before too (other rules)
		{"كيف انقل رقمي لكم من شركة ثانية", "question", "medium"},
		// near: the light kept
		{"السواق وقف عند الاشارة ربع ساعة وتأخرنا عالموعد", "complaint", "medium"},
	})
	checkSpam(t, []spamCase{
		{"صفحة بتبيع باسمكم ونصبت على امي ب ٥٠٠ جنيه", false}, // kept: below the spam line before too
		{"سنابك يونسني كل ليلة", false},
		{"مبروك كسبت ايفون، كلمنا خاص", true},
	})
	checkFlags(t, []flagCase{
		{"انتوا معندكوش دم، كل يوم زيادة في السعر", true},
		// near: "enough" (بكفي), not a slap
		{"بكفي تأخير كل يوم عالدوام", false},
	})
}

// TestR29AfterInAQuestion: "بعد ما" in a question whether the writer may
// ("ينفع ... بعد ما استلمت") is "after", no negation: a question (a
// complaint before, "ما استلمت" read as "not received"). Near: told, in
// the Gulf's "not yet", it still complains.
func TestR29AfterInAQuestion(t *testing.T) {
	checkR22(t, []r22Case{
		{"ينفع اغير المقاس بعد ما استلمت الطلب", "question", "medium"},
		{"هل يمكن استبدال القطعة بعد ما استلمت الشحنة", "question", "medium"}, // kept: a question before too
		// near: "بعد ما استلمت" told, "not yet received"
		{"دفعت من اسبوع وبعد ما استلمت الطلب", "complaint", ""},
	})
}

// TestR29ArabiziAndThe: "w el X" is read "والX", as Arabic writes it, so an
// insult that names "you and your page" is read whole (not flagged before:
// "كلب انت و الصفحه").
func TestR29ArabiziAndThe(t *testing.T) {
	checkFlags(t, []flagCase{
		{"kalb enta w el page bta3tak", true},
	})
}

// TestR29BlindReadSets: classes the read sets blind140-143 told that no
// rule read: sick after a product and a night in hospital; a treatment
// tomorrow (an operation, dialysis, chemotherapy) cancelled: high; nobody
// got in touch (لم يتواصل), a portion gone small, "help us" (الحقونا):
// complaints; a staff member insulted with words of manners only: an
// insult; a debit asked how to avoid: a question; a move or a fitting
// praised with "not a scratch"; a fear told as a habit is no fright.
func TestR29BlindReadSets(t *testing.T) {
	checkR22(t, []r22Case{
		{"بنتي اكلت الجبنة بتاعتكم وتعبت وبتنا في المستشفى", "complaint", "high"},
		{"عملية امي بكرة الصبح وانلغت من السيستم", "complaint", "high"},
		{"موعد جدي لغسيل الكلى باجر وانلغى بدون ما يبلغونا", "complaint", "high"},
		{"my dads dialysis session tomorrow vanished from your system", "complaint", "high"}, // kept: high before too (other rules)
		{"أرسلت الهاتف للصيانة منذ شهر ولم يتواصل معي أحد", "complaint", "medium"},           // kept: a complaint before too
		{"السندويشة صارت زغيرة كتير", "complaint", "medium"},
		{"الحقونا الطلب اتلغى ومفيش حجز باسمي", "complaint", ""}, // kept: a complaint before too
		{"مدير الفرع ده قليل الأدب", "other", ""},
		{"كيف بقدر ألغي الحجز من التطبيق بدون ما يخصموا مني", "question", "medium"},
		{"ركبوا المطبخ كله بدون ولا خدش، شغل نظيف", "praise", "low"},
		{"im usually scared of dentists but this was painless, best clinic", "praise", "low"},
	})
}

// TestR29PersonFaults: a bad quality of a person (ugly, annoying,
// ridiculous, brain dead) said with a copula of the person named before it,
// across a relative clause or a phrase ("the guy who hosts ... is so
// annoying", "whoever runs this page is brain dead", "you look
// ridiculous"): an insult, flagged (not before). Near: the app annoying,
// a skill judged ("terrible at"), a person praised.
func TestR29PersonFaults(t *testing.T) {
	checkFlags(t, []flagCase{
		{"the guy who edits your videos is so annoying", true},
		{"whoever runs this page is brain dead", true},
		{"you look ridiculous with that haircut", true},
		{"the cashier at the mall branch is so ugly", true},
		// near
		{"the app is so annoying since the update", false},
		{"the presenter is terrible at pronouncing names", false},
		{"the girl who hosts the show is lovely", false},
	})
}

// TestR29ArabicContempt: contempt for a person's looks, voice, manners or
// mind in every dialect (رخم, شكلك يضحك, صوته يقرف, قليلين تربية, مش
// متربي, ما يستحي, ناس بيئة, ما عنده مخ, اقفل القناة أحسن) and the page's
// official named (مسؤول): flagged (not before). Near: a thing that looks
// bad, the environment (البيئة).
func TestR29ArabicContempt(t *testing.T) {
	checkFlags(t, []flagCase{
		{"المصور بتاعكم رخم ومش بيسمع الكلام", true},
		{"انت فاكر نفسك مغني؟ شكلك يضحك", true},
		{"المعلق ده صوته يقرف", true}, // kept: flagged before too
		{"الكاشيرات عندكم قليلين تربية", true},
		{"el mandoob bta3kom mesh metrabby", true},
		{"مدير الفرع ما يستحي على وجهه", true},
		{"انتو ناس بيئة ومحدش يتعامل معاكم", true},
		{"صاحب المحل ما عنده مخ", true},
		{"يا عم اقفل القناة أحسن", true},
		{"مسؤول الصفحة جاهل ولا يفهم شيئا", true}, // kept: flagged before too
		// near
		{"الأكل شكله وحش ومش نضيف", false},
		{"حماية البيئة مسؤولية الجميع", false},
	})
}

// TestR29EnglishInsultsAcrossQualities: an insult word after superlatives
// or qualities ("the rudest lowlifes", "the most boring idiot", "the
// dumbest person"), after "sounds like", or a put-down phrase ("stop
// embarrassing yourself", "thick as two short planks"): flagged (not
// before). Near: the latest episode, "sounds like an angel".
func TestR29EnglishInsultsAcrossQualities(t *testing.T) {
	checkFlags(t, []flagCase{
		{"your couriers are the laziest losers in town", true},
		{"the receptionist is the dumbest person in that clinic", true},
		{"your presenter is the most annoying idiot on tv", true},
		{"the narrator sounds like an absolute moron", true},
		{"mate stop embarrassing yourself on camera", true},
		{"that manager is a stuck up snob", true},
		// near
		{"the latest episode is the best one yet", false},
		{"the singer sounds like an angel", false},
	})
}

// TestR29PraiseIdioms: praise idioms of every dialect (عاشت ايديكم,
// يعطيهم العافية, راجل ذوق, ريحتونا, عالم تاني, ما في مثله, سبب ضحكتي,
// "top bloke", "fair play to them"): praise (a complaint or "other"
// before, the service told with words the head knows from complaints).
func TestR29PraiseIdioms(t *testing.T) {
	checkR22(t, []r22Case{
		{"الغسالة وصلت تاني يوم وركبوها كمان، عاشت ايديكم", "praise", "low"},
		{"الشباب شالوا الكنبة للدور الرابع، يعطيهم العافية", "praise", "low"}, // kept: praise before too
		{"السواق ساعد امي تنزل الشنط، راجل ذوق", "praise", "low"},
		{"جددت الرخصة من الجوال وأنا بالدوام، ريحتونا", "praise", "low"},
		{"الكنافة عندكن عالم تاني", "praise", "low"},
		{"the plumber fixed it in ten minutes, top bloke", "praise", "low"}, // kept: praise before too
	})
}

// TestR29EnglishAskAndPropose: a wh-word opening an English comment with an
// auxiliary soon after asks without a question mark; "would help (a lot)"
// and "maybe send / post" propose (other before). Near: "when" opening a
// clause asks nothing.
func TestR29EnglishAskAndPropose(t *testing.T) {
	checkR22(t, []r22Case{
		{"what settings did you use for the low light shots", "question", "medium"},
		{"what tyre pressure were you using in the rain test", "question", "medium"},
		{"bro which mic would you buy for podcasts", "question", "medium"}, // kept: a question before too
		{"a dark mode would help a lot", "suggestion", "medium"},
		{"maybe post the recipe in the description", "suggestion", "medium"},
	})
	for _, text := range []string{"when the app updates my playlists vanish"} {
		if c := Classify(op.ClassifyRequest{Text: text}); op.In("question", c.Intent) {
			t.Errorf("%q: intent %v, a clause asks nothing", text, c.Intent)
		}
	}
}

// TestR29EnglishUrgentMore: a cut or a swelling on the body, money taken
// from the card for what never came, a refund that never came, no power
// with a baby's milk or insulin in the fridge, locked out at 11pm, a visa
// medical tomorrow cancelled: high (medium before).
func TestR29EnglishUrgentMore(t *testing.T) {
	checkR22(t, []r22Case{
		{"the shelf you fitted fell and my son has a cut on his forehead", "complaint", "high"},
		{"my face is swelling after the filling and nobody at the clinic answers", "complaint", "high"},
		{"the speaker never came but you took the money off my card", "complaint", "high"},      // kept: high before too (other rules)
		{"the seller cancelled, i paid the fee and the refund never came", "complaint", "high"}, // kept: high before too (other rules)
		{"no power since noon and my dads insulin is in the fridge", "complaint", "high"},       // kept: high before too (other rules)
		{"locked out of my room at 1am and reception is empty", "complaint", "high"},
		{"my visa medical was tomorrow and you cancelled it without a word", "complaint", "high"},
	})
}

// TestR29EgyptianReadings: Upper Egyptian "واصل" (at all) after a negated
// verb complains, no "keep going"; "ازاي احول الخط" asks how, no leaving;
// "ولا لسه يا معلم" asks; "رخيص ونضيف" prices a gym, nobody insulted; "ايه
// الحلاوة دي" and "انقذني" praise (wrong before).
func TestR29EgyptianReadings(t *testing.T) {
	checkR22(t, []r22Case{
		{"النت مبيشتغلش واصل في البيت عندنا في قنا", "complaint", "medium"}, // kept: a complaint before too
		{"ازاي احول الخط بتاعي من كارت لفاتورة", "question", "medium"},
		{"نزلتوا الموسم الجديد ولا لسه يا باشا", "question", "medium"},
		{"محل رخيص ونضيف، ايه الحلاوة دي", "praise", "low"},
		{"خصم الطلبة بتاعكم انقذني الشهر ده", "praise", "low"},
	})
	checkFlags(t, []flagCase{
		{"محل رخيص ونضيف، ايه الحلاوة دي", false},
	})
}

// TestR29BlindReadSets2: what blind144-147 told that no rule read: "it
// saved us" praises (وفرت علينا); a shock "it gave my wife" (كهربت), in
// formal Arabic (صعقة); a toddler who drank a cleaning product: high;
// wilted flowers complain; Gulf خبلان, "your face is beyond makeup",
// "a talentless hack", the page's moderator (مشرف) insulted: flagged; a
// question to a presenter addressed by name is no insult (the learned
// head flagged an address in a question).
func TestR29BlindReadSets2(t *testing.T) {
	checkR22(t, []r22Case{
		{"الغسالة الجديدة وفرت علينا وايد في الكهربا، شغل مرتب", "praise", "low"}, // kept: praise before too
		{"السخان اللي ركبتوه كهربت بنتي وهي بتستحمى", "complaint", "high"},
		{"تسببت الثلاجة التي اشتريتها في صعقة لابني", "complaint", "high"},
		{"my 3 yr old drank the cleaner your guy left on the floor", "complaint", "high"},
		{"البوكيه وصل ذبلان خالص", "complaint", "medium"}, // kept: a complaint before too
	})
	checkFlags(t, []flagCase{
		{"الموظفين عندكم كلهم خبلان", true},
		{"وجهك ما ينفع معه لا مكياج ولا غيره", true},
		{"that editor is a talentless hack", true},
		{"مشرف هذه الصفحة شخص أحمق", true},
		// near: an address in a question
		{"ايه اسم البرفان اللي انتي حاطاه في الفيديو ده", false},
	})
}

// TestR29ReadThrough: the read-through's miss (make run, twenty more
// comments of our own): a child's allergy after a product and a night in
// the emergency room is a complaint, high ("other", low before).
func TestR29ReadThrough(t *testing.T) {
	checkR22(t, []r22Case{
		{"بنتي اكلت الشيبسي بتاعكم وجالها حساسية وبتنا في الطوارئ", "complaint", "high"},
	})
}

// TestR29EnglishHabitsOfFailure: a failure told as a habit ("every week the
// same", "always comes late"), a queue out the door, a flight about to be
// missed, "some of us work nights", a machine that gave no cash: complaints
// ("other" or a question before).
func TestR29EnglishHabitsOfFailure(t *testing.T) {
	checkR22(t, []r22Case{
		{"two lifts out of service again, every week the same", "complaint", ""}, // kept: a complaint before too
		{"the bin collection always comes late on our street", "complaint", ""},
		{"only one checkout open and a queue out the door", "complaint", ""},   // kept: a complaint before too
		{"taxi still hasnt shown and im gonna miss my train", "complaint", ""}, // kept: a complaint before too
		{"why does the library only open at 11? some of us work shifts", "complaint", ""},
		{"the machine gave no cash but my balance went down", "complaint", ""}, // kept: a complaint before too
	})
}
