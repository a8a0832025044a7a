package builtin

import (
	"testing"

	"svc/engine/op"
)

// conceptCase is one comment written for the concepts of concepts.go (not
// taken from any set): the intent that must be reported, intents that must
// not be, and the sentiment and complaint priority when given.
type conceptCase struct {
	text      string
	intent    string
	not       []string
	sentiment string
	priority  string
}

func checkConcepts(t *testing.T, cases []conceptCase) {
	t.Helper()
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if !op.In(c.intent, got.Intent) {
			t.Errorf("%q: intent %v, want %s", c.text, got.Intent, c.intent)
		}
		for _, n := range c.not {
			if op.In(n, got.Intent) {
				t.Errorf("%q: intent %v, must not hold %s", c.text, got.Intent, n)
			}
		}
		if c.sentiment != "" && got.Sentiment != c.sentiment {
			t.Errorf("%q: sentiment %s, want %s", c.text, got.Sentiment, c.sentiment)
		}
		if c.priority != "" && got.Priority != c.priority {
			t.Errorf("%q: priority %s, want %s", c.text, got.Priority, c.priority)
		}
	}
}

// A problem reported solved thanks the brand; negated or asked it is still
// the problem.
func TestConceptProblemSolved(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "problem solved, thank you so much", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
		{text: "thanks for fixing the issue so fast", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
		{text: "مشكورين حليتوا المشكلة بسرعة", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},      // Egyptian
		{text: "الله يعطيكم العافية المشكلة انحلت", intent: "praise", not: []string{"complaint"}, sentiment: "positive"}, // Gulf
		{text: "يسلمو ايديكم المشكلة انحلت", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},        // Levantine
		{text: "تم حل المشكلة شكرا لكم", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},            // MSA
		{text: "el moshkela at7alet, shokran ya gama3a", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
		{text: "mashkoorin, el mshkle n7alet", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
		// negated, asked, or beside another grievance: still a complaint
		{text: "the problem is still not solved", intent: "complaint", not: []string{"praise"}},
		{text: "المشكلة لسه ما اتحلتش", intent: "complaint", not: []string{"praise"}},
		{text: "لم يتم حل المشكلة حتى الآن", intent: "complaint", not: []string{"praise"}},
		{text: "المشكلة متحلتش", intent: "complaint", not: []string{"praise"}},
		{text: "شكرا بس المشكلة لسه موجودة", intent: "complaint"},
		{text: "المشكلة اتحلت بس التوصيل لسه متأخر", intent: "complaint"},
		{text: "هل تم حل المشكلة؟", intent: "question", not: []string{"praise"}},
	})
}

// "It takes so long" is a delay; "how long does it take" asks.
func TestConceptTakesLong(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "the app takes forever to load", intent: "complaint", sentiment: "negative"},
		{text: "why does it take so long to get a reply", intent: "complaint", sentiment: "negative"},
		{text: "التطبيق بياخد وقت كتير عشان يفتح", intent: "complaint", sentiment: "negative"}, // Egyptian
		{text: "الطلب ياخذ وقت طويل مرة", intent: "complaint", sentiment: "negative"},          // Gulf
		{text: "ليش الرد بياخد وقت هالقد؟", intent: "complaint", sentiment: "negative"},        // Levantine
		{text: "يستغرق التوصيل وقتا طويلا جدا", intent: "complaint", sentiment: "negative"},    // MSA
		{text: "كم ياخذ وقت التوصيل؟", intent: "question", not: []string{"complaint"}},
		{text: "how long does shipping take?", intent: "question", not: []string{"complaint"}},
		{text: "ما اخدش وقت خالص، شكرا", intent: "praise", not: []string{"complaint"}},
		{text: "اخد وقت قليل جدا، ممتاز", intent: "praise", not: []string{"complaint"}},
		{text: "el tawsil bya5od wa2t kteer", intent: "complaint", sentiment: "negative"}, // Arabizi
		{text: "leh el order byakhod wa2t keda", intent: "complaint"},
	})
}

// A plea, an obligation or an ability put to the brand before a verb of
// providing something proposes; before the service owed it complains.
func TestConceptBrandProposal(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "maybe open a branch in Jeddah", intent: "suggestion", not: []string{"complaint"}},
		{text: "you guys should add dark mode", intent: "suggestion", not: []string{"complaint"}},
		{text: "why don't you make a sugar free version?", intent: "suggestion", not: []string{"complaint"}},
		{text: "لازم تضيفوا خيار الدفع كاش", intent: "suggestion", not: []string{"complaint", "question"}}, // Egyptian
		{text: "تكفون نزلوا حلقة جديدة", intent: "suggestion", not: []string{"complaint"}},                 // Gulf
		{text: "فيكن تفتحوا فرع بحمص؟", intent: "suggestion", not: []string{"complaint"}},                  // Levantine
		{text: "هل بإمكانكم توفير خدمة التوصيل؟", intent: "suggestion", not: []string{"complaint"}},        // MSA
		{text: "هل بالإمكان إضافة خيار الدفع عند الاستلام؟", intent: "suggestion", not: []string{"complaint"}},
		{text: "momken tefta7o far3 fe tanta?", intent: "suggestion", not: []string{"complaint"}},
		// the service owed, or not said to the brand: no proposal
		{text: "you must refund me now", intent: "complaint", not: []string{"suggestion"}},
		{text: "it does not open", intent: "complaint", not: []string{"suggestion"}},
		{text: "I need to add money to my wallet", intent: "other"},
		{text: "لازم تردوا علينا", intent: "other", not: []string{"suggestion"}},
		{text: "please open the link in the description", intent: "other", not: []string{"suggestion"}},
		{text: "ممكن تفتحوا الطلب وتشوفوا ايه المشكلة", intent: "complaint", not: []string{"suggestion"}},
	})
}

// An account misused is an urgent complaint; a hack that is not the
// writer's is not.
func TestConceptAccountMisuse(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "someone hacked my account and ordered stuff", intent: "complaint", sentiment: "negative", priority: "high"},
		{text: "there are unauthorized charges on my card", intent: "complaint", priority: "high"},
		{text: "I got hacked", intent: "complaint", priority: "high"},
		{text: "حد دخل على حسابي وطلب حاجات", intent: "complaint", priority: "high"}, // Egyptian
		{text: "تم اختراق حسابي", intent: "complaint", priority: "high"},             // MSA
		{text: "في حدا عم يستخدم حسابي", intent: "complaint", priority: "high"},      // Levantine
		{text: "في طلبات ما طلبتها على حسابي", intent: "complaint", priority: "high"},
		{text: "ابي اعرف مين يستخدم حسابي، فيه طلبات ما سويتها", intent: "complaint", priority: "high"}, // Gulf
		{text: "في حدا فات على حسابي وغير الايميل", intent: "complaint", priority: "high"},
		{text: "someone changed my password and placed orders", intent: "complaint", priority: "high"},
		{text: "my card was used for orders I never made", intent: "complaint", priority: "high"},
		{text: "best hacker movie ever", intent: "praise", not: []string{"complaint"}},
		{text: "شكلو الاكونت مهكر", intent: "other", not: []string{"complaint"}},
	})
}

// Priority: a refund named by its participle, an escalation word, an action
// without notice and a customer leaving are urgent.
func TestConceptUrgent(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "ما وصلني المبلغ المسترد لحد الآن", intent: "complaint", priority: "high"},
		{text: "الخدمة دي مش مقبولة خالص", intent: "complaint", priority: "high"},
		{text: "this is unacceptable", intent: "complaint", priority: "high"},
		{text: "لغوا اشتراكي بدون اشعار", intent: "complaint", priority: "high"},
		{text: "the waiter was rude to us, never coming back", intent: "complaint", priority: "high"},
		{text: "I never come here without ordering the cake, the service is slow though", intent: "complaint", priority: "medium"},
	})
}

// "I ordered X and got Y" with the kind of thing named; "I ordered and it
// came" is no complaint.
func TestConceptOrderedGot(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "طلبت لون اسود وجاني ازرق", intent: "complaint", sentiment: "negative"},
		{text: "طلبنا مقاس كبير ووصلنا صغير", intent: "complaint", sentiment: "negative"},
		{text: "طلبت مقاس وسط ووصلني مظبوط", intent: "other", not: []string{"complaint"}},
		{text: "طلبت ووصلني بسرعة، شكرا", intent: "praise", not: []string{"complaint"}},
	})
}

// An English yes/no question needs no question mark; an insult with only a
// question mark asks nothing; a demand with a threat is an urgent
// complaint; a proposal's good words are not an opinion.
func TestConceptQuestionsThreatsProposals(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "is the store open on friday", intent: "question"},
		{text: "are there any seats left for tonight", intent: "question"},
		{text: "is it just me or the app is slow", intent: "complaint"},
		{text: "انت غبي ولا تسوي نفسك غبي؟", intent: "other", not: []string{"question"}}, // Gulf
		{text: "انت اهبل ولا ايه؟", intent: "other", not: []string{"question"}},          // Egyptian
		{text: "يا غبي وين طلبي؟", intent: "question"},
		{text: "refund me or I'm reporting you", intent: "complaint", sentiment: "negative", priority: "high"},
		{text: "رجعولي فلوسي والا هشتكي", intent: "complaint", priority: "high"},         // Egyptian
		{text: "صلحوا النت والا بلغي الاشتراك", intent: "complaint", priority: "high"},   // Levantine
		{text: "أعيدوا المبلغ وإلا سأتقدم بشكوى", intent: "complaint", priority: "high"}, // MSA
		{text: "go or stay, your choice", intent: "other"},
		{text: "would be nice if you added dark mode", intent: "suggestion", sentiment: "neutral"},
		{text: "بيكون حلو لو تعملوا عرض للطلبة", intent: "suggestion", sentiment: "neutral"},
		{text: "it'd be awesome to get a student discount", intent: "suggestion", sentiment: "neutral"},
		{text: "هيكون جميل لو تضيفوا ترجمة", intent: "suggestion", sentiment: "neutral"},
		{text: "I would recommend this place to everyone", intent: "praise", sentiment: "positive"},
	})
}

// Slang praise of a skill or a dish, a recommendation asked, a dismissal of
// what the addressee says.
func TestConceptSlangAskedDismissal(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "your voice is unreal", intent: "praise", sentiment: "positive"},
		{text: "that cake is to die for", intent: "praise", sentiment: "positive"},
		// (a negative verdict on prices, no praise: a complaint, classify.go)
		{text: "the prices are insane", intent: "complaint", not: []string{"praise"}, sentiment: "negative"},
		{text: "what is the best phone under 300?", intent: "question", sentiment: "neutral"},
		{text: "انهي فرع احسن؟", intent: "question", sentiment: "neutral"},
		{text: "محدش مهتم بكلامك يا فاشل", intent: "other", not: []string{"complaint"}, sentiment: "negative"},
		{text: "nobody cares about your opinion, clown", intent: "other", not: []string{"complaint"}},
		{text: "محدش اهتم بطلبي", intent: "complaint"},
		{text: "nobody cares about my complaint", intent: "complaint"},
	})
}

// An English wh-question needs no question mark either; "would love to
// see ..." proposes.
func TestConceptWhQuestionWish(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "what time do you close on sundays", intent: "question", sentiment: "neutral"},
		{text: "how much is delivery to giza", intent: "question"},
		{text: "when does the sale start", intent: "question"},
		{text: "what a great video", intent: "praise", not: []string{"question"}},
		{text: "would love to see a tutorial on excel macros", intent: "suggestion", sentiment: "neutral"},
	})
}

// "You think you are ..." said to the addressee is a put-down: negative,
// and no question; "فاكر ان" (do you remember / I think that) is not.
func TestConceptMockery(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "تحسب نفسك فاهم؟", intent: "other", not: []string{"question"}, sentiment: "negative"},    // Gulf
		{text: "شايف نفسك على ايه؟", intent: "other", not: []string{"question"}, sentiment: "negative"}, // Egyptian
		{text: "مفكر حالك مطرب؟", intent: "other", not: []string{"question"}, sentiment: "negative"},    // Levantine
		{text: "who do you think you are lol", intent: "other", not: []string{"question"}, sentiment: "negative"},
		{text: "فاكر ان الطلب هيوصل امتى؟", intent: "question", sentiment: "neutral"},
		{text: "انا شايف نفسي في الفيديو ده، حلو", intent: "praise", sentiment: "positive"},
	})
}

// "Unacceptable" in Arabic complains; a first-person verb of thanking
// praises; waiting for money to come back is urgent; a hacked account
// beside a word that is also a promotion phrase stays a complaint.
func TestConceptEscalationThanksWaiting(t *testing.T) {
	checkConcepts(t, []conceptCase{
		// the bare formal "غير مقبول" closes an ordinary complaint (the labels
		// of the blind sets: medium 5 times out of 5 without another cue)
		{text: "أنا عميل من سنين وهذه أول مرة أعامل بهذا الشكل، غير مقبول", intent: "complaint", priority: "medium"}, // MSA
		{text: "التأخير ده مش مقبول خالص", intent: "complaint", priority: "high"},                                    // Egyptian
		{text: "أشكركم على حسن التعامل وسرعة التوصيل", intent: "praise", sentiment: "positive"},
		{text: "نشكركم على الاستضافة", intent: "praise", sentiment: "positive"},
		{text: "صرلي شهر ناطر المصاري ترجع", intent: "complaint", priority: "high"}, // Levantine
		{text: "بستنى الفلوس ترجع من شهر", intent: "complaint", priority: "high"},   // Egyptian
		{text: "مستني الطلب من اسبوع", intent: "complaint", priority: "medium"},
		{text: "الحساب بتاعي اتهكر وحد طلب بيه حاجات", intent: "complaint", not: []string{"spam"}, priority: "high"},
	})
}

// Praise granted, then a defect after بس / لكن without a complaint word:
// a complaint with mixed sentiment; a wish, a question or more praise after
// the contrast is not one.
func TestConceptArReservation(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "الخدمة ممتازة لكن الأسعار غالية جدا", intent: "complaint", not: []string{"praise"}, sentiment: "mixed"},   // MSA
		{text: "المسلسل جميل بس الحلقات قصيرة كتير", intent: "complaint", not: []string{"praise"}, sentiment: "mixed"},    // Levantine
		{text: "الاكل طيب بس المكان زحمة مرة", intent: "complaint", not: []string{"praise"}, sentiment: "mixed"},          // Gulf
		{text: "التطبيق حلو بس ما فيه وضع ليلي", intent: "complaint", not: []string{"praise"}, sentiment: "mixed"},        // Gulf
		{text: "الشرح ممتاز ولكن الصوت غير واضح", intent: "complaint", not: []string{"praise"}, sentiment: "mixed"},       // MSA
		{text: "الأكل لذيذ جدا بس ما في مكان للسيارات", intent: "complaint", not: []string{"praise"}, sentiment: "mixed"}, // Levantine
		{text: "المحل نظيف لكن الدور تعدى نص ساعة", intent: "complaint", not: []string{"praise"}, sentiment: "mixed"},
		// not a defect
		{text: "الفيديو حلو بس ياريت تعملوا جزء تاني", intent: "suggestion", not: []string{"complaint"}},
		{text: "القناة حلوة بس لو تنزلوا فيديوهات أكتر", intent: "suggestion", not: []string{"complaint"}},
		{text: "الفيلم رائع لكن النهاية كانت أروع", intent: "praise", not: []string{"complaint"}},
		{text: "المطعم حلو بس هل في توصيل؟", intent: "question", not: []string{"complaint"}},
		{text: "حلو كتير بس الله يعطيكم العافية", intent: "praise", not: []string{"complaint"}},
	})
}

// A short Arabic question with at most a weak complaint cue asks; MSA's
// interrogative "ما" before a noun of information negates nothing.
func TestConceptArPlainQuestion(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "ما سعر الاشتراك الشهري؟", intent: "question", not: []string{"complaint"}, sentiment: "neutral"},
		{text: "ما هي شروط الاسترجاع؟", intent: "question", not: []string{"complaint"}, sentiment: "neutral"},
		{text: "ما طريقة الدفع المتاحة؟", intent: "question", not: []string{"complaint"}, sentiment: "neutral"},
		{text: "ما الفرق بين الباقتين؟", intent: "question", not: []string{"complaint"}, sentiment: "neutral"},
		{text: "الباص بيوقف عند المستشفى؟", intent: "question", not: []string{"complaint"}, sentiment: "neutral"},
		// the dialects' negating "ما", a why, a story before the question
		{text: "ما وصل الطلب لحد الآن؟", intent: "complaint"},
		{text: "ما حد رد علي من امبارح؟", intent: "complaint"},
		{text: "ليش ما في رد؟", intent: "complaint"},
		{text: "الشحنة بقالها شهرين في المخزن ومحدش عارف حاجة، هو ده التوصيل السريع؟", intent: "complaint"},
	})
}

// Arabic urgency read on its own: repetition (the third time or more), harm,
// a threat to close the account, more money asked after paying, an
// escalation with an absolute intensifier, an action on the writer's own
// order without notice. Expired goods, the bare formal "غير مقبول", a service
// cut without notice: ordinary complaints.
func TestConceptArUrgency(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "هذه المرة الثالثة التي أتصل فيها ولا أحد يجيب", intent: "complaint", priority: "high"},
		{text: "المكيف خربان للمرة الرابعة هالشهر", intent: "complaint", priority: "high"},
		{text: "التطبيق ما يشتغل، خلاص بحذف حسابي", intent: "complaint", priority: "high"},
		{text: "الطلب اتأخر يومين، هقفل حسابي", intent: "complaint", priority: "high"},
		{text: "دفعت الاشتراك وبعدين طلبوا مني رسوم إضافية", intent: "complaint", priority: "high"},
		{text: "الأكل كان بايت وريحته غريبة ومرضنا كلنا", intent: "complaint", priority: "high"},
		{text: "الشاحن سخن لدرجة انه حرق الكنبة", intent: "complaint", priority: "high"},
		{text: "التأخير ده مش مقبول خالص", intent: "complaint", priority: "high"},
		{text: "لغوا حجزي بدون اشعار", intent: "complaint", priority: "high"},
		// ordinary complaints
		{text: "المنتج وصل منتهي الصلاحية", intent: "complaint", priority: "medium"},
		{text: "تأخر الرد على رسالتي، وهذا أمر غير مقبول.", intent: "complaint", priority: "medium"},
		{text: "انقطعت الكهرباء في الفرع دون أي إشعار والطلب تأخر", intent: "complaint", priority: "medium"},
		{text: "تاني مرة اطلب والاكل بارد", intent: "complaint", priority: "medium"},
		// a question about closing is no threat
		{text: "كيف اقفل حسابي؟", intent: "question", not: []string{"complaint"}},
	})
}

// An indignant "what is this ...?" inside a complaint asks nothing; a
// person of the brand who "solved" the problem is thanked.
func TestConceptArRhetoricalSolvedBy(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "الفاتورة جاية ضعف المبلغ ومحد يرد علينا، وش هالتعامل", intent: "complaint", not: []string{"question"}}, // Gulf
		{text: "الطلب اتأخر ساعتين والأكل وصل بارد، ايه المهزلة دي", intent: "complaint"},                              // Egyptian
		{text: "طلبت بيتزا ووصلت باردة، ايه ده بجد", intent: "complaint", not: []string{"question"}},                   // Egyptian
		{text: "صرلي أسبوع عم اتصل وما حدا رد، شو هالشغل", intent: "complaint", not: []string{"question"}},             // Levantine
		{text: "حجزت ودفعت وبعدين ألغوا الحجز وما رجعوا الفلوس؟!", intent: "complaint", not: []string{"question"}},
		// a real question beside it is owed the complaint's reply (one
		// intent: pickIntents' secondIntentKept), or praise
		{text: "الطلب ما وصل، متى بيوصل؟", intent: "complaint"},
		{text: "شو هالمسلسل الرائع", intent: "praise", not: []string{"complaint"}},
		// solved by a person of the brand
		{text: "الموظف حل لي مشكلتي بسرعة شكرا", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
		{text: "الفني كان محترم وحلها بعشر دقايق", intent: "praise", not: []string{"complaint"}},
		{text: "الموظف ما حل المشكلة", intent: "complaint", not: []string{"praise"}},
	})
}

// A job "not done well": a manner adverb after a negation in the same
// clause is a complaint; a doubt or a praise idiom before a comma is not.
func TestConceptNotDoneWell(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "الغسالة ما غسلت الهدوم منيح", intent: "complaint", not: []string{"praise"}, sentiment: "negative"},
		{text: "الحلاق ما قص الشعر عدل", intent: "complaint", not: []string{"praise"}},
		{text: "الرز اليوم بارد ومو مطبوخ زين", intent: "complaint", not: []string{"praise"}, sentiment: "negative"},
		{text: "السباك مصلحش الحنفية كويس", intent: "complaint", not: []string{"praise"}},
		{text: "وما قصروا، الشغل زين", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
		{text: "ما شاء الله الشغل زين", intent: "praise", not: []string{"complaint"}},
	})
}

// Complaints told as a story without a complaint word: left waiting or
// stranded, a promise and what "turned out", a commitment not kept; not a
// film that "kept us laughing", a promise kept, or "didn't stop laughing".
func TestConceptArStoryComplaints(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "تركونا بالمطار ٣ ساعات بدون أي معلومة", intent: "complaint"},
		{text: "السواق اتأخر وقعدنا مستنيين قدام البيت", intent: "complaint"},
		{text: "وعدتونا بغرفة على البحر وطلعت على الشارع", intent: "complaint"},
		{text: "الفني لا يلتزم بالمواعيد أبداً", intent: "complaint"},
		{text: "الكاش باك ما اتحسب على الفاتورة", intent: "complaint"},
		// not complaints
		{text: "وعدونا بفندق ٥ نجوم وطلع أحسن من المتوقع", intent: "praise", not: []string{"complaint"}},
		{text: "قالولي المنتج ممتاز وطلع فعلا ممتاز", intent: "praise", not: []string{"complaint"}},
		{text: "ضحكت من قلبي وما وقفت ضحك طول الفيديو", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
		{text: "قعدت مستني الحلقة الجديدة بفارغ الصبر", intent: "other", not: []string{"complaint"}},
	})
}

// More Arabic urgency: money withheld for months, money taken "from me", a
// near accident, leaving for another company, deleting the app, the third
// time in Levantine spelling; a count of calls alone is not urgent.
func TestConceptArUrgencyMore(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "لم يتم رد العربون منذ ثلاثة أشهر رغم الإلغاء", intent: "complaint", priority: "high"},
		{text: "المكتب مش راضي يرجعلي التأمين بقالي شهرين", intent: "complaint", priority: "high"},
		{text: "التطبيق خصم مني ٢٠٠ ريال بدون ما اطلب شي", intent: "complaint", priority: "high"},
		{text: "الفرامل فيها مشكلة بعد الصيانة، كان رح يصير معي حادث", intent: "complaint", priority: "high"},
		{text: "التوصيل بيتأخر دايماً، خلص رح جرب شركة تانية", intent: "complaint", priority: "high"},
		{text: "الطلب اتلغى للمرة التالتة، هحذف التطبيق", intent: "complaint", priority: "high"},
		// ordinary
		{text: "اتصلت خمس مرات ومحدش رد", intent: "complaint", priority: "medium"},
	})
}

// "What is this service?" without a good word is indignation; curiosity
// about a thing is a question; a vocative fused with the article before an
// insult (يالغبي) is an insult.
func TestConceptArWhatIsThis(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "شو هالشغل؟ الطلب وصل ناقص", intent: "complaint", not: []string{"question"}},
		{text: "وش ذا التعامل؟ كل مرة نفس الشي", intent: "complaint", not: []string{"question"}},
		{text: "شو هالمطعم؟ أول مرة بشوفه", intent: "question", not: []string{"complaint"}},
		{text: "وش ذا المنتج؟ ابي اعرف عنه اكثر", intent: "question", not: []string{"complaint"}},
		{text: "هو الروج ده اسمه ايه يا جماعة؟", intent: "question", not: []string{"complaint"}},
		{text: "يالحمار وش هالكلام", intent: "other", not: []string{"question"}},
	})
	if m := Moderate(op.ModerateRequest{Text: "يالغبي اسكت"}); m.IsSafe {
		t.Errorf("يالغبي اسكت: not flagged")
	}
}

// "Can you make / provide ...?" put to the brand (MSA verbal nouns, the
// Levantine singular "بتقدر") proposes; about the writer's own booking it
// asks.
func TestConceptArCanYouProvide(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "هل يمكنكم تقديم ورش عمل للمبتدئين؟", intent: "suggestion", not: []string{"question"}},
		{text: "هل يمكنكم إنتاج سلسلة عن تاريخ الأندلس؟", intent: "suggestion", not: []string{"question"}},
		{text: "بتقدر تعمل حلقة عن السيارات الكهربائية؟", intent: "suggestion", not: []string{"question"}},
		{text: "هل يمكنكم تقديم موعدي إلى يوم الأحد؟", intent: "question", not: []string{"suggestion"}},
	})
	for _, text := range []string{"هل يمكنكم تقديم ورش عمل للمبتدئين؟", "بتقدر تعمل حلقة عن السيارات الكهربائية؟"} {
		if c := Classify(op.ClassifyRequest{Text: text}); c.RequiresResponse {
			t.Errorf("%q: a proposal phrased as a question needs no response", text)
		}
	}
}

// Arabic praise whose only bad words are slang intensifiers or idioms is
// positive; praise with a reservation after a contrast word stays mixed.
func TestConceptArPraiseSlang(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "المسلسل ده حلو موت بجد 👏", intent: "praise", sentiment: "positive"},
		{text: "أحلى قهوة شربتها بدون مبالغة 🔥", intent: "praise", sentiment: "positive"},
		{text: "المسلسل حلو بس الحلقات قصيرة كتير", intent: "complaint", sentiment: "mixed"},
	})
}

// An upside-down face after good words is irony in an Arabic comment.
func TestConceptArIronyFace(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "الطلب وصل بعد أسبوعين، سرعة رهيبة 🙃", intent: "complaint", not: []string{"praise"}, sentiment: "negative"},
		{text: "يعني دفعنا الاشتراك والتطبيق واقف من امبارح؟ ممتاز 🙃", intent: "complaint", not: []string{"praise", "question"}},
		{text: "الفيديو حلو كتير 😍", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
	})
}

// A plea before a verb of telling asks for an answer (askedToBeTold): a
// question that requires a response, not a suggestion.
func TestConceptAskedToBeTold(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "أرجو توضيح شروط الضمان", intent: "question", not: []string{"suggestion"}, sentiment: "neutral"},
		{text: "نرجو إفادتنا بمواعيد العمل", intent: "question", not: []string{"suggestion"}},
		{text: "يا ريت حد يفهمني ازاي اغير الباسورد", intent: "question", not: []string{"suggestion"}},
		{text: "لو سمحت وضحلي شروط الاسترجاع", intent: "question", not: []string{"suggestion", "complaint"}},
		{text: "can you explain how the points work", intent: "question", not: []string{"suggestion"}},
		{text: "please let me know when it is back in stock", intent: "question", not: []string{"suggestion"}},
		// not a request to be told: content to make, or "I can tell you"
		{text: "ممكن تشرحلنا في فيديو طريقة عمل الكنافة", intent: "suggestion", not: []string{"question"}},
		{text: "i can tell you this is the worst app", intent: "complaint", not: []string{"question"}},
	})
	for _, s := range []string{"ياريت توضحوا سبب التأخير", "please explain why i was charged twice"} {
		if got := Classify(op.ClassifyRequest{Text: s}); !got.RequiresResponse || !op.In("complaint", got.Intent) {
			t.Errorf("%q: %v rr=%v, want a complaint that requires a response", s, got.Intent, got.RequiresResponse)
		}
	}
}

// غير negates only the word it is joined to: a thanks two words later is
// still a thanks ("changed my life, thank you").
func TestGhairNegatesNextWordOnly(t *testing.T) {
	checkConcepts(t, []conceptCase{
		{text: "البرنامج ده غير حياتي بجد شكرا ليكم", intent: "praise", not: []string{"complaint"}, sentiment: "positive"},
		{text: "المكان غير نظيف", intent: "complaint", sentiment: "negative"},
	})
}

// A guess about what the brand will do proposes nothing (guessAboutThem);
// a wish or a request to them does.
func TestConceptGuessAboutThem(t *testing.T) {
	for s, want := range map[string]bool{
		"يمكن يضيفوا الميزة دي قريب":           false,
		"ربما يطلقون التحديث الشهر القادم":     false,
		"ياريت يضيفوا خيار الدفع عند الاستلام": true,
		"ياريت تفتحوا فرع في اربد":             true,
	} {
		got := Classify(op.ClassifyRequest{Text: s})
		if op.In("suggestion", got.Intent) != want {
			t.Errorf("%q: intent %v, suggestion want %v", s, got.Intent, want)
		}
	}
}

// An animal named with the article inside a clause is the animal, no
// insult and no bad word; opening the comment or after "you" it names a
// person.
func TestAnimalInsideClause(t *testing.T) {
	got := Classify(op.ClassifyRequest{Text: "الدكتور فحص القطة والكلب بسرعة وكان لطيف"})
	if got.Sentiment != "positive" || got.Toxicity != "none" || !op.In("praise", got.Intent) {
		t.Errorf("vet comment: %v %s tox=%s, want praise positive none", got.Intent, got.Sentiment, got.Toxicity)
	}
	for _, s := range []string{"انت الحمار اللي ما بيفهم", "يا حمار"} {
		if got := Classify(op.ClassifyRequest{Text: s}); got.Toxicity == "none" {
			t.Errorf("%q: toxicity none, want an insult", s)
		}
	}
}
