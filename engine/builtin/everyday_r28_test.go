package builtin

import "testing"

// Sentences of our own (issue 23, twentieth session), each failing before
// the change it tests unless marked as a near sentence or as kept (high
// before too, through an older rule).

// TestR28DataPublished: the writer's data published or handed to a
// stranger, others' names and numbers posted in a public group, a login
// from a strange device: data leaked, high (medium or no complaint
// before). Near: a post of prices is no leak.
func TestR28DataPublished(t *testing.T) {
	checkR22(t, []r22Case{
		{"النادي نشر رقمي وعنواني بالستوري تبعه بدون ما يسألني", "complaint", "high"}, // kept: high before too (other rules)
		{"الحضانة نزلت اسماء الاولاد وارقام امهاتهم عالجروب العام", "complaint", "high"},
		{"بعتولي فاتورة زبون تاني فيها اسمه وعنوانه كامل", "complaint", "high"},
		{"حسابي انفتح من جهاز غريب وما بعرف مين", "complaint", "high"}, // kept: high before too (other rules)
		// near: prices posted
		{"نزلوا الاسعار الجديدة عالصفحة بس الخط صغير كتير", "complaint", "medium"},
	})
}

// TestR28MoneyOwedBack: a deposit or fees paid and still not returned
// (ما رجعولي ... لهلأ, صرلي شهرين): a refund owed, high (medium before).
// Near: a service that still does not work again is no refund.
func TestR28MoneyOwedBack(t *testing.T) {
	checkR22(t, []r22Case{
		{"سلمت الشقة من شهرين والمالك لهلأ ما رجعلي التأمين", "complaint", "high"},      // kept: high before too (other rules)
		{"لغيت التسجيل بالدورة وما رجعولي الرسوم، صرلي شهر بستنى", "complaint", "high"}, // kept: high before too (other rules)
		// near: "ما رجع يشتغل" (has not worked again)
		{"الاشتراك لسا ما رجع يشتغل من امبارح", "complaint", "medium"},
	})
}

// TestR28NearHarmAndChildren: harm that nearly happened ("كان رح يوقع",
// "كنت بسوي حادث"), a child left alone, a family stranded on a highway, a
// life-support device without power: safety, high (medium before).
func TestR28NearHarmAndChildren(t *testing.T) {
	checkR22(t, []r22Case{
		{"الرف اللي ركبتوه وقع وابني كان رح يوقع تحته", "complaint", "high"},           // kept: high before too (other rules)
		{"الكفر انفجر عالطريق وكنت بسوي حادث بسبب التركيب الغلط", "complaint", "high"}, // kept: high before too (other rules)
		{"الحضانة طلعت ابني للشارع لحاله وعمره 4 سنين", "complaint", "high"},           // kept: high before too (other rules)
		{"السيارة اللي استأجرتها عطلت عالطريق السريع وبنتي معي والدنيا ليل", "complaint", "high"},
		{"الكهربا مقطوعة من الصبح وجدي على جهاز اكسجين", "complaint", "high"}, // kept: high before too (other rules)
	})
}

// TestR28ChargedOrScammed: charged monthly for what the writer never
// subscribed to, paid and then blocked or cut off, a fake sent for the
// original ordered: money taken wrongly or fraud, high (medium before).
func TestR28ChargedOrScammed(t *testing.T) {
	checkR22(t, []r22Case{
		{"الشركة عم يقطعولي 5 دولار كل شهر على خدمة ما اشتركت فيها", "complaint", "high"},
		{"حولتلهم 70 دينار حق الفستان وبعدها عملولي بلوك", "complaint", "high"},
		{"طلبت ساعة اصلية ووصلتني تقليد واضح", "complaint", "high"},
		// near: the wrong colour sent
		{"طلبت الساعة سودا ووصلتني بيضا", "complaint", "medium"},
	})
}

// TestR28Deadlines: a visa about to lapse with the passport held, an exam
// tomorrow with the platform down, a threat to move the child elsewhere:
// urgent, high (medium before).
func TestR28Deadlines(t *testing.T) {
	checkR22(t, []r22Case{
		{"الاقامة بتخلص بعد يومين والمكتب لسا ما خلص الاوراق", "complaint", "high"},
		{"امتحان ابني بكرا والموقع تبع المدرسة معطل من يومين", "complaint", "high"},
		{"المعلمة بتصرخ عالولاد كل يوم، رح ننقله لمدرسة تانية", "complaint", "high"},
	})
}

// TestR28ArabiziUrgentWords: the Arabizi spellings of the urgency words
// are read as them (a smell of gas, a scam, the emergency room, a drunk
// driver, a lawsuit): high, as their Arabic twins (medium before).
func TestR28ArabiziUrgentWords(t *testing.T) {
	checkR22(t, []r22Case{
		{"fi ri7et gaz fel matbakh men el sob7 w el sharika ma 3am terod", "complaint", "high"},
		{"el store da nasb, dafa3t w ma wesselnish 7aga", "complaint", "high"},
		{"el sawa2 kan sakran w kan sayeq b sor3a gamda", "complaint", "high"},
		{"akalt men 3andkom w ro7t el tawari2 bel leil", "complaint", "high"},
	})
}

// TestR28EgyptianEverydayWords: Egyptian words the read sets showed read
// wrong: a second of time (في ثانية) is no other company; a wallet that
// made life easy, faster than lightning, عال العال praise; a thing that
// has lasted (مستحمل) is praise; "اكلم مين" asks; what is owed sent back
// with a pronoun ("ياريت تبعتوه") complains; Egyptian contempt idioms
// (معندوش دم) are flagged.
func TestR28EgyptianEverydayWords(t *testing.T) {
	checkR22(t, []r22Case{
		{"بحول فلوس لأخويا في ثانية من الابلكيشن ده", "", ""},
		{"المحفظة دي ريحت دماغي من طوابير البنك", "praise", ""},
		{"الشحن عندكم اسرع من البرق", "praise", ""},
		{"الشنطة مستحملة بقالها سنتين والخامة ممتازة", "praise", ""}, // kept
		{"عايز اعمل اشتراك للشركة كلها، اكلم مين", "question", ""},
		{"وصلني الطقم ناقص القميص، ياريت تبعتوه", "complaint", "medium"},
	})
	checkFlags(t, []flagCase{
		{"شيخ روحاني مجرب لجلب الحبيب، كلمني خاص", true}, // kept
		{"المدير بتاعكم معندوش دم", true},
		{"المذيع ده دمه تقيل", true}, // kept
	})
}

// TestR28MoneyAndHarmEgyptian: paid and received nothing (the negation
// fused: مستلمتش حاجة), money gone and the order never came, a child
// vomiting after a meal, an appliance giving shocks, a flight in two hours,
// the writer's data in a stranger's hands: high (medium or no complaint
// before).
func TestR28MoneyAndHarmEgyptian(t *testing.T) {
	checkR22(t, []r22Case{
		{"دفعت تمن الساعة ومستلمتش حاجة لحد دلوقتي", "complaint", "high"},
		{"المصاري راحو من الحساب والطلب ما وصل", "complaint", "high"},
		{"ابني تعب بعد الوجبة وفضل يرجع طول الليل", "complaint", "high"},
		{"الغسالة اللي ركبتوها بتضرب كهربا", "complaint", "high"},
		{"طيارتي بعد ساعتين والتطبيق مش راضي يطلعلي التذكرة", "complaint", "high"},
		{"حد بعتلي رقمي وعنواني وقال جابهم من عندكم", "complaint", "high"}, // kept
	})
}

// TestR28ArabiziMore: Arabizi points at zero unused, coins gone that were
// paid for, money not returned after weeks (ma rege3oosh), a drunk driver
// (shofeer): high (medium before).
func TestR28ArabiziMore(t *testing.T) {
	checkR22(t, []r22Case{
		{"el points bta3ty ba2et zero w ana ma estakhdemtahash", "complaint", "high"},
		{"el coins ra7o kollohom w ana dafe3 7a2hom", "complaint", "high"},
		{"ragga3t el shanta men 3 asabee3 w lesa el 500 geneh ma rege3oosh", "complaint", "high"}, // kept
		{"el shofeer kan sakran w 3am ysou2 3al 3ami", "complaint", "high"},
	})
}

// TestR28English: food poisoning told in plain words, a login from abroad,
// another customer's data shown, a deposit kept, locked out at night: a
// complaint and high (other before). Near: "ended" without "up in".
func TestR28English(t *testing.T) {
	checkR22(t, []r22Case{
		{"my whole family got food poisoning from your burgers", "complaint", "high"},                     // kept
		{"someone logged into my account from another country and changed my email", "complaint", "high"}, // kept
		{"your app showed me another customers home address and phone", "complaint", "high"},
		{"the gym kept my £50 deposit after i cancelled", "complaint", "high"},
		{"locked out at midnight with the kids and your locksmith never came", "complaint", "high"},
		{"the match ended and the stream was fine", "", ""},
	})
}

// TestR28MoreClasses: a refund asked yesterday is not yet due (medium); a
// caller reported ("واحد كلمني على انه من البنك") is no contact bait and
// money taken "from my account" is no page promoted; a child electrocuted,
// a back injured, work that cannot wait, a number given to a stranger, a
// counterfeit paid for and called a fraud, a refund promised in days and
// unpaid after weeks: high. Near: a used phone with a fault, a counterfeit
// without a fraud named, stay medium.
func TestR28MoreClasses(t *testing.T) {
	checkR22(t, []r22Case{
		{"طلبت استرجاع المبلغ امبارح، ياريت تتابعوا الطلب", "complaint", "medium"},
		{"ابني اتكهرب من الفيشة اللي في الفرع والسلك عريان", "complaint", "high"}, // kept
		{"المدرب خلاني اشيل وزن تقيل وضهري اتصاب", "complaint", "high"},
		{"النت مقطوع من امبارح وعندي شغل ما يتأجل", "complaint", "high"},
		{"عطوا رقمي لشخص ثاني وصارت رسايلي توصله", "complaint", "high"},
		{"الساعة طلعت مقلدة وانا دافع 900 ريال، هذا غش", "complaint", "high"},
		{"رجعت الفستان من شهر وقالوا المبلغ بيرجع خلال اسبوع ولحد الان ما شي", "complaint", "high"}, // kept
		// near
		{"اشتريت موبايل مستعمل من عندكم وطلع فيه عيب في الشاشة", "complaint", "medium"},
		{"اشتريت برفان من الفرع وطلع مضروب", "complaint", "medium"},
	})
	checkFlags(t, []flagCase{
		{"واحد كلمني على انه من البنك وسحب من حسابي 3000 جنيه", false},
		{"go learn to cook before posting recipes, idiot", true},
	})
}

// TestR28EnglishEveryday: food "stone cold", wifi that "drops every" night
// complain; "a game changer" praises (other before).
func TestR28EnglishEveryday(t *testing.T) {
	checkR22(t, []r22Case{
		{"my pizza came stone cold again", "complaint", ""},
		{"the connection drops every evening around 9", "complaint", ""},
		{"this blender is a game changer for my mornings", "praise", ""}, // kept
	})
}

// TestR28ReadThrough: found in the session's read-through through make run:
// a stranger's name and address on the writer's invoice, a balance gone in
// a day with "وما استعملت" (the negation's joined و) are high (a question,
// medium before).
func TestR28ReadThrough(t *testing.T) {
	checkR22(t, []r22Case{
		{"بعتولي فاتورة فيها اسم وعنوان زبون تاني", "complaint", "high"},
		{"خلص رصيدي كله بيوم واحد وما استعملت النت", "complaint", "high"},
	})
}

// TestR28EitherOrQuestion: a question between two alternatives with no
// question mark ("X ولا لأ", "X ولا Y", the Arabizi "walla la2") asks
// (a complaint, praise or other before). Near: a negating ولا ("ولا غلطة",
// "ولا جنيه") is no question.
func TestR28EitherOrQuestion(t *testing.T) {
	checkR22(t, []r22Case{
		{"الشقق بتتسلم بالمطبخ ولا من غيره", "question", ""},
		{"el restaurant byewsal madinet nasr walla la2", "question", ""},
		{"el dokan by2bal visa walla la2", "question", ""},
		{"el mat3am bey2fel badry walla la2", "question", ""},
		// near
		{"الاكل عندكم ولا غلطة، تسلم ايديكم", "praise", ""},
		{"رجعت الشنطة من شهر ولحد دلوقتي ولا جنيه", "complaint", ""},
	})
}

// TestR28ArabiziSpamReadings: Arabizi promotions whose words were misread
// (3otor عتر, ettesel اتسل, taba3e تبعه, ps5 بسخ) or whose follow promised
// back was "hab3atlak" (I'll send you one): spam (not flagged before).
func TestR28ArabiziSpamReadings(t *testing.T) {
	checkFlags(t, []flagCase{
		{"follow li w hab3atlak follow 3al tiktok", true},
		{"3otor asliyye b 5 dinar bas, ettesel 3al 79123456", true},
		{"zoro el page taba3e, fiha a7la 3orood", true},
	})
}

// TestR28BlindReadSets: from blind133-135 (read): an explanation too fast
// to follow complains (praise before: سريع); the page's admin insulted is
// flagged; "يقطع الرزق" said of a face is an insult; a subscription's price
// with its sum is no promotion (اشتراك weighed 0.15, was 0.3: spam before);
// "tv" in Arabizi is the television, not تف (spit; flagged before).
func TestR28BlindReadSets(t *testing.T) {
	checkR22(t, []r22Case{
		{"الفيديو سريع مرة وما فهمت شي", "complaint", ""},
		{"el shar7 sare3 awy w mafhemtesh 7aga", "complaint", ""},
		{"اشتراك الجيم صار ب 40 دينار بالشهر، ليش هيك", "complaint", ""},
	})
	checkFlags(t, []flagCase{
		{"الأدمن بتاعكم أهبل ومبيردش على حد", true}, // kept
		{"المذيعة دي وشها يقطع الرزق", true},
		{"اشتراك الجيم صار ب 40 دينار بالشهر، ليش هيك", false},
		{"a2dar a7ot el eshterak 3ala 3 TV fel beit", false},
	})
}

// TestR28BlindReadSets2: a gentle hand
// (ايدها خفيفة) and a companion (ونيسي) praise; swollen with a fever after
// a treatment is harm, a complaint even where a weak suggestion cue read
// it; the vet named and called a clown is insulted.
func TestR28BlindReadSets2(t *testing.T) {
	checkR22(t, []r22Case{
		{"الدكتورة ايدها خفيفة وما وجعتني خالص", "praise", ""},
		{"حلقاتكم ونيسي في الطريق كل يوم", "praise", ""}, // kept
		{"بنتي بعد ما سووا لها التطعيم عندكم رجلها منتفخة وحرارتها عالية", "complaint", "high"},
	})
	checkFlags(t, []flagCase{
		{"the vet at your clinic is a clown", true},
	})
}

// TestR28Egy7: from egy7 (read): a proposal opening with "خلوا" and an
// offer named free (ببلاش, weighed 0.4, was 0.5) is a suggestion, no spam;
// a package "for WhatsApp" (للواتس) is no contact bait; a job "from the
// mobile" with a salary is a lure. English: a refund asked back this week
// and "not ... yet" is not yet due (medium; high before).
func TestR28Egy7(t *testing.T) {
	checkR22(t, []r22Case{
		{"خلوا الشحن ببلاش للطلبات اللي فوق ٧٠٠ جنيه", "suggestion", ""},
		{"اعملوا باقة رخيصة للواتس بس", "suggestion", ""},
		{"sent the headphones back monday, refund not in yet and the tracking never changes", "complaint", "medium"},
	})
	checkFlags(t, []flagCase{
		{"خلوا الشحن ببلاش للطلبات اللي فوق ٧٠٠ جنيه", false},
		{"اعملوا باقة رخيصة للواتس بس", false},
		{"شغل من الموبايل ساعتين في اليوم ومرتب ٥٠٠٠ جنيه", true},
	})
}

// TestR28Az910: from az9, az10 (read): an either-or question whose second
// alternative has the article (بيوصل سوهاج ولا القاهرة: not a verb), a
// connection that never cut with thanks, a service without delay, Aswan
// (not اسوأ, "worst"): as a reader takes them (praise or complaint before).
func TestR28Az910(t *testing.T) {
	checkR22(t, []r22Case{
		{"el delivery byewsal Tanta wala el Mansoura bas", "question", ""},
		{"el wifi 3omro ma fesel men sana, teslamo", "praise", ""},           // kept
		{"الطلبات بتوصلني كل أسبوع من غير تأخير، ربنا يكرمكم", "praise", ""}, // kept
		{"kanet re7la to7fa le aswan w el tanzeem momtaz", "praise", ""},
	})
}

// TestR28Az10Priority: a top-up paid whose money is gone, a medicine sent
// expired, a complaint taken to an authority (Arabizi, each word read
// right now: ra7at راحت, salahito صلاحيته, la2ashtki لاشتكي, hay2at
// هيئة): high (medium before).
func TestR28Az10Priority(t *testing.T) {
	checkR22(t, []r22Case{
		{"sha7ant el app b 50 dinar w el code ma zabat w el floos ra7at", "complaint", "high"},
		{"el saydaliyye ba3atetli dawa salahito mkhalsa la emmi", "complaint", "high"},
		{"ra7 eshtki 3aleikon 3and hay2at el ittisalat, el net ma2tou3 men esbou3", "complaint", "high"}, // kept
	})
}

// TestR28ArabiziWords: Arabizi words read as other words before
// (intithar انتثار, 6aweel طول; fara2 فرء and ben بن too): the complaint
// they carry (other and praise before).
func TestR28ArabiziWords(t *testing.T) {
	checkR22(t, []r22Case{
		{"el intithar fel far3 kol youm sa3tain", "complaint", ""},
		{"el intithar 3indkom 6aweel wayed", "complaint", ""},
		{"shu el fara2 ben el ba2a el 3adiye w el premium", "question", ""}, // kept
	})
}

// TestR28KeptInCar: found in the session's last read-through: a driver who
// locked the doors and would not let the writer out, alone at night, is a
// danger (high; medium before). Near: a driver who refused to drop the
// writer at home is a service refused (medium).
func TestR28KeptInCar(t *testing.T) {
	checkR22(t, []r22Case{
		{"السواق قفل الابواب وما رضي ينزلني وانا لوحدي", "complaint", "high"},
		// near
		{"السواق رفض ينزلني عند البيت وكمل للموقف", "complaint", "medium"},
	})
}
