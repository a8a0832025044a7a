package builtin

import "testing"

// TestSlurSpellings: the spellings of slurs people write to dodge a filter
// ("nicca", "nig", "ragheads", "honky") are flagged like the words they
// spell; a truncated repost that cuts "night" to "nig…" is not.
func TestSlurSpellings(t *testing.T) {
	checkFlags(t, []flagCase{
		{"this nicca still rapping after all that", true},
		{"look at these niccas acting up again", true},
		{"I'm starting to not like him, this nig too arrogant", true},
		{"screw the ragheads and the towelheads", true},
		{"stop trying to be down honky", true},
		{"hope you ain't hanging with that wigger", true},
		{"my nigs are all here tonight", true},
		// right before too (no "nig" then); wrong without cutOff
		{"the stars smile at the lovers on a balmy autumn nig…", false},
		{"clothes were stolen from his house last nig&#8230;", false},
		{"the lights went out last night at the show", false},
	})
}

// TestMockedBySpeechAndLooks: a person's way of speaking likened to what
// mocks ("بيحكي متل الطاحونة", "talks like a chipmunk"), or a person who
// looks like a zombie, is an insult; a likeness that praises is not.
func TestMockedBySpeechAndLooks(t *testing.T) {
	checkFlags(t, []flagCase{
		{"المذيع هاد بيحكي متل الطاحونة ما بيسكت", true},
		{"الموظف بيتكلم زي الحمار", true},
		{"the host talks like a chipmunk on helium", true},
		{"your cashier looks like a zombie every morning", true},
		{"those delivery guys act like cavemen", true},
		// kept: right before too
		{"بيحكي متل الكبار، شاطر كتير", false},
		{"she sings like an angel", false},
		{"the car looks like a tank but drives like a dream", false},
		{"it looks like a monkey made this cake lol", false},
	})
}

// TestEnglishUrgencyR31: money owed and kept, charges not recognised,
// billing after a cancellation, other people's data shown, an account taken
// over, a dispute to come, a fake page that took money and a deadline in
// hours are urgent complaints (enR31); their near misses stay medium.
func TestEnglishUrgencyR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"the cinema owes me 18 quid for a showing they cancelled and nobody replies", "complaint", "high"},
		{"there are 3 charges on my statement from you i dont recognise", "complaint", "high"},
		{"your portal is showing other customers phone numbers when i open my bill", "complaint", "high"},
		{"someone took over my account on your app and changed the email", "complaint", "high"},
		{"if this isnt sorted by monday im disputing the charge with my card company", "complaint", "high"},
		{"my laptop charger died and i have a work deadline in 3 hours, where is the courier", "complaint", "high"},
		// near misses: a wait, a price, less than paid for
		{"the support line took 50 mins to pick up", "complaint", "medium"},
		{"paying for fibre and getting dial up speeds every evening", "complaint", "medium"},
		// kept: right before too
		{"cancelled my streaming plan in may and you are still charging me every month", "complaint", "high"},
		{"a fake page with your logo took my sisters money for concert tickets", "complaint", "high"},
		{"check in took 3 mins and the room was lovely", "praise", ""},
		{"it only took 10 hours but i finally finished the series", "", ""},
	})
}

// TestArabicUrgencyR31: a bill for a plan never subscribed to, a fraud
// named, a code never asked for, a record sent to a wrong number, a child
// who drank what had expired, a crash nearly had, keys locked in the car,
// an old man in a power cut, a passport held days before a journey, an
// online exam (اختبار) with the line cut are urgent complaints (arR31,
// r28Exam); a refund asked about inside the time the writer was told
// (refundNotDue) is not.
func TestArabicUrgencyR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"ياتني فاتورة 30 ريال على خدمة ما اشتركت فيها", "complaint", "high"},
		{"وصلني رمز على جوالي ما طلبته وبعدها ما قدرت ادخل حسابي", "complaint", "high"},
		{"المختبر بعت نتائج تحاليلي لرقم غلط", "complaint", "high"},
		{"بنتي شربت عصير من عندكم وطلع منتهي من اسبوعين", "complaint", "high"},
		{"قفلت السيارة والمفاتيح جواها والمساعدة ما ترد", "complaint", "high"},
		{"الكهربا قاطعة من الظهر وعندنا شايب بالبيت", "complaint", "high"},
		{"عندي اختبار اونلاين بعد ساعتين والنت مقطوع من الصبح", "complaint", "high"},
		{"el refund lesa ma nezel, el site bey2ool 5 ayam bas 3ayez at2akked", "", ""},
		// kept: right before too
		{"الاسترجاع متى ينزل؟ التطبيق يقول 14 يوم، بس ابي اتأكد انه انرفع", "", ""},
		{"بعتولي الجهاز مستعمل على انه جديد، هذا غش", "complaint", "high"},
		{"الفرامل ما تمسك بعد الصيانة وامس كنت بصدم بسيارة قدامي", "complaint", "high"},
		{"جوازي عندكم من شهر وسفري باجر وما حد يرد", "complaint", "high"},
		{"el refund emta yenzel? 2alouli 10 ayam w sar 4 bas", "question", "medium"},
		{"طلبت استرجاع المبلغ وقالولي 7 ايام، بس حابب اتأكد انه الطلب وصل", "complaint", "medium"},
	})
}

// TestFraudVictimNotSpamOrInsult: the victim of a fake page or a scammer in
// the brand's name complains, urgently, even in the words of the offer it
// made, and "fraud" closing the comment judges what happened, insulting
// nobody; "BBB" is the Better Business Bureau, "BB" a phone.
func TestFraudVictimNotSpamOrInsult(t *testing.T) {
	checkR22(t, []r22Case{
		{"a fake page with your hotel name selling cheap rooms, my dad paid them 200 dollars", "complaint", "high"},
		{"the courier on whatsapp said he was your agent, took my money and blocked me. fraud", "complaint", "high"},
		{"reported you to the BBB today, still no refund for the broken sofa", "complaint", "high"},
		// kept: right before too
		{"the new BB phone has a great keyboard", "praise", ""},
	})
	checkFlags(t, []flagCase{
		{"the courier on whatsapp said he was your agent, took my money and blocked me. fraud", false},
		{"a fake page with your hotel name selling cheap rooms, my dad paid them 200 dollars", false},
		// kept: right before too
		{"you are a fraud", true},
	})
}

// TestComplaintNotFlaggedSpam: a comment Classify files as a complaint is
// not flagged spam by moderation for the offer words it names (the spam
// score between the threshold and 0.9, no link): one answer, not two.
func TestComplaintNotFlaggedSpam(t *testing.T) {
	checkFlags(t, []flagCase{
		{"your app logs me out every time i check my data balance", false},
		{"the courier on whatsapp said he was your agent, took my money and blocked me. fraud", false},
		// kept: right before too
		{"earn $500 a day from home, message me on whatsapp now", true},
	})
}

// TestPlainEnglishGrievancesR31: grievances told with no complaint word
// (a price too dear, "why is it so hard to", "what am i paying for", a
// driver who took the long way, a fault back again, a wait told as the time
// it took) are complaints.
func TestPlainEnglishGrievancesR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"your broadband deals are way too dear for what they are", "complaint", "medium"},
		{"your courier couldnt find my address even with the pin", "complaint", ""},
		{"the bank transfer took 3 days to arrive", "complaint", "medium"},
		// kept: right before too
		{"why is it so hard to update my address on your website", "complaint", ""},
		{"adverts every five minutes on the paid tier, what am i paying for", "complaint", ""},
		{"the cab took the long way and charged me double", "complaint", ""},
		{"the lift in our block is broken again", "complaint", "medium"},
		{"the pool was cold again this morning", "complaint", "medium"},
	})
}

// TestNotFirstTimeIsMedium: a fault told "again" or "not the first time"
// is a medium complaint by itself (the read sets' writers label every one
// medium); someone stuck in a lift is high; a delay or a cut that never
// once came praises.
func TestNotFirstTimeIsMedium(t *testing.T) {
	checkR22(t, []r22Case{
		{"الاكل وصل بارد، ومش أول مرة", "complaint", "medium"},
		{"the bus skipped our stop, and not the first time either", "complaint", "medium"},
		{"علقنا بالاسانسير نص ساعة وما حدا رد علينا", "complaint", "high"},
		{"الطلبية دايما بتوصل بوقتها، عمركم ما تأخرتوا", "praise", ""},
		{"النت صار منيح كتير، ما عاد يقطع", "praise", ""},
	})
}

// TestInsultsR31: a person named by what they do ("the guy running this
// page"), a singer or a youtuber insulted, "get off our backs" and
// "pretending to be" told to a creator are insults; a phone model (samsung
// a55) is no leet obscenity, and "ya regala" (guys) no insult.
func TestInsultsR31(t *testing.T) {
	checkFlags(t, []flagCase{
		{"the woman hosting this show is a total clown", true},
		{"هالمغني الحمار ما بيعرف يغني", true},
		{"بطلي تنشري فيديوهات، حلّي عن سمانا", true},
		{"is the samsung a55 cheaper in your other branch", false},
		// kept: right before too
		{"هيدا اليوتيوبر احمق وما بيفهم", true},
		{"انت عامل حالك فهمان وانت ولا شي", true},
		{"el order wesel bedri, 7aga gamda ya regala", false},
		{"the woman hosting this show is lovely", false},
	})
	checkR22(t, []r22Case{
		{"الممرضة كانت ذوق وشرحتلي كل حاجة", "praise", ""},
		// kept: right before too
		{"الكاشير كان قليل الذوق جدا معايا", "complaint", "medium"},
	})
}

// TestHarmsR31: a child sick after drinking what was sent, an allergy told
// and ignored, a car broken down at night with the children, a flight
// tonight without the ticket, water or formula needed today for a baby are
// urgent.
func TestHarmsR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"العصير اللي جبتوه امبارح ريحته غريبة وبنتي تعبت بعد ما شربت منه", "complaint", "high"},
		{"قلت للكاشير عندي حساسية من المكسرات وحطها بالكيكة وتعبت بعدها", "complaint", "high"},
		{"the formula order never came and i need it for my baby tonight", "complaint", "high"},
		{"ibni mrid ba3d ma shireb el 3aseer elli ba3atoh", "complaint", "high"},
		{"re7lti el lela w lessa ma wasalni el ticket", "complaint", "high"},
		// kept: right before too
		{"سيارتي اللي من عندكم وقفت على الطريق بالليل ومحد جا يساعدنا ومعي ولادي", "complaint", "high"},
	})
}

// TestPraiseAndQuestionsR31: praise told by what was done ("you fixed my
// ..."), a blessing (ربنا يكرمهم), pride (بيرفع الراس), a network that never
// drops; a question opened after a first clause ("I run a shop, do you have
// ...") asks.
func TestPraiseAndQuestionsR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"honestly didnt expect much but you fixed my laptop in an hour", "praise", ""},
		{"الممرضات في المستشفى ده تعبوا معانا، ربنا يكرمهم", "praise", ""},
		{"i drive for a living and this network never drops. solid", "praise", ""},
		// kept: right before too
		{"شغلكن بيرفع الراس والله", "praise", ""},
		{"we just moved to the area, do you deliver to the east side", "question", ""},
	})
}

// TestLateR31: harms and urgencies of the session's last read sets (a child
// who swallowed a part, gas leaking, sparks from a meter, the writer's data
// leaked, a wedding tomorrow or a flight tonight and the clothes behind a
// shut door, children sick and in hospital), rude manners told, a blessing
// on one person, a staff insult that is no complaint, a weasel.
func TestLateR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"جرة الغاز اللي وصلت امبارح يتسرب منها الغاز والعيال بالبيت", "complaint", "high"},
		// kept: right before too
		{"سفري الليلة وبدلتي لسا عندكن بالمصبغة والمحل مسكر", "complaint", "high"},
		{"بنتي بلعت قطعة صغيرة من العروسة اللي اشتريناها منكم", "complaint", "high"},
		{"الفيشة اللي ركبتوها بتطلع شرار من امبارح", "complaint", "high"},
		{"بياناتي اللي اديتها للمكتب اتسربت وبتجيلي رسايل غريبة", "complaint", "high"},
		{"عيالي تعبوا بعد الاكل اللي طلبناه منكم وواحد منهم بالمستشفى", "complaint", "high"},
		{"الموظفة كلمتني من طرف مناخيرها", "complaint", "medium"},
		{"الدكتور شرحلي كل حاجة بهدوء، ربنا يكرمه", "praise", ""},
	})
	checkFlags(t, []flagCase{
		{"the manager of this branch is a little weasel", true},
		{"المذيع ده رغاي وبيقاطع الضيوف", true},
	})
}

// TestLastR31: questions without a question mark (شو نوع, شو احسن, تكفي
// كام), a greasy little weasel, Levantine "ما عندون اخلاق" at the staff.
func TestLastR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"shu a7san laptop lal gaming ta7t 800 dollar", "question", ""},
		// kept: right before too
		{"شو نوع الكاميرا اللي بتصور فيها", "question", ""},
		{"الطبخة دي تكفي كام واحد", "question", ""},
	})
	checkFlags(t, []flagCase{
		{"the guy who runs this garage is a greasy little weasel", true},
		{"el mwazzafin 3endkon ma 3endon akhla2", true},
	})
}

// TestArabiziHarmsR31: a child fallen or hurt, an allergy come out on a
// child, a child's seat broken, a code taken and the wallet drawn,
// children's photos posted, brakes that do not hold, a chemical a child
// could drink, a fake page in a clinic's name (وهمي as written) are urgent;
// a child who has an allergy, asked about, is a question.
func TestArabiziHarmsR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"ibni 6al3at 3ala wijhah 7asasiya ba3ad el ays krim elli 3indkum", "complaint", "high"},
		{"كرسي البيبي اللي اشتريناه منكم انكسر والطفل فيه", "complaint", "high"},
		{"واحد اتصل قال انه من البنك وطلب الكود وسحب كل اللي بالحساب", "complaint", "high"},
		{"صور ولادنا من الحضانة منشوره على الانستا بدون اذن", "complaint", "high"},
		{"العامل ساب الكلور على الارض وابني كان هيشربه", "complaint", "high"},
		{"في صفحة فيسبوك باسم المطعم بتاخد عرابين وطلعت وهمية", "complaint", "high"},
		// kept: right before too
		{"الحلو ده فيه مكسرات؟ بنتي عندها حساسية", "question", ""},
		{"bnti wi23at 3an el mar7ou7a bel mall w inja7at", "complaint", "high"},
		{"الفرامل ما عم تمسك من بعد ما صلحتوها", "complaint", "high"},
	})
}

// TestEgyptianRequestsR31: "your channel taught me" praises, "make us ..."
// proposes, "go in the profile" promotes.
func TestEgyptianRequestsR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"قناتك علمتني اعمل الكيك من غير فرن", "praise", ""},
		{"يا شيف اعمليلنا محشي ورق عنب بالطريقة الشامي", "suggestion", ""},
		{"احلى شنط عندي على الصفحة بأسعار الجملة، ادخل البروفايل", "spam", ""},
	})
}

// TestEnglishUrgencyR31b: a card used by a stranger now, a refund owed for
// months, billing after a cancellation, a regulator written to, a rival
// named, an exam within the hour, labour, an epipen, an account emptied,
// cash taken from a grandmother, doors locked by a driver, units vanished;
// a technician who never came and a colour unlike the photo are complaints.
func TestEnglishUrgencyR31b(t *testing.T) {
	checkR22(t, []r22Case{
		{"the college has owed me a refund of 300 since march", "complaint", "high"},
		{"ate the nut free cake and had a reaction, needed my epipen", "complaint", "high"},
		{"got a call from your 'security team' and my account was emptied", "complaint", "high"},
		{"a man from your company took 200 cash off my gran for a fake repair", "complaint", "high"},
		{"the cab driver locked the doors and wouldnt let me out", "complaint", "high"},
		{"topped up 50 units yesterday and today theres 3, where did my units go", "complaint", "high"},
		{"the sofa came in a different colour from the picture", "complaint", "medium"},
		// kept: right before too
		{"someone is using my card on your app right now, i never booked these rides", "complaint", "high"},
		{"cancelled my plan last month and you keep charging my card", "complaint", "high"},
		{"writing to the regulator today about your network", "complaint", "high"},
		{"sort my broadband by monday or im porting to another provider", "complaint", "high"},
		{"my online exam starts in an hour and the wifi is dead", "complaint", "high"},
		{"the engineer no showed, i took a day off for nothing", "complaint", "medium"},
		{"it would be great if we could disable the close button while writing to the disk", "suggestion", ""},
	})
}

// TestLevantineInsultsR31: a gang of thugs, no conscience, "go learn from
// your mother" are insults; "شو القناة" asks.
func TestLevantineInsultsR31(t *testing.T) {
	checkFlags(t, []flagCase{
		{"صاحب المحل واحد بلا ضمير", true},
		// kept: right before too
		{"موظفين الشركة هدول عصابة زعران", true},
		{"طبخك زفت، روحي اتعلمي من امك", true},
	})
	checkR22(t, []r22Case{
		{"شو القناة اللي رح تعرض المسلسل", "question", ""},
	})
}

// TestReadThroughR31: the session's read-through: a person named a few
// words before the verb of likening ("the host of this channel talks like a
// chipmunk") is mocked; a formal request for information asks.
func TestReadThroughR31(t *testing.T) {
	checkFlags(t, []flagCase{
		{"the presenter of this show sounds like a chipmunk", true},
	})
	checkR22(t, []r22Case{
		{"يرجى تزويدنا بأسعار الاشتراك السنوي", "question", ""},
	})
}

// TestChangedMyLifeR31: "it changed my skin / my life" praises (غير read
// as the verb, not the negation).
func TestChangedMyLifeR31(t *testing.T) {
	checkR22(t, []r22Case{
		{"السيروم ده غير بشرتي في شهر واحد", "praise", ""},
	})
}
