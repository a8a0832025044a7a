// Classes of everyday comments read in issue 23's thirteenth session: each
// test names a class (a word with two senses, an urgent class of the spec,
// a bait) and checks it on sentences written for the test, not copied from
// any set.

package builtin

import (
	"slices"
	"strings"
	"testing"

	"svc/engine/op"
)

// TestHeroNotInsult: a fan calling the creator a hero ("انت بطل") is
// praise, not flagged: the comments' insult head learned "انت" from the
// insults that open with it, and only the words said of the addressee may
// make an insult. Real insults after the same pronoun stay flagged.
func TestHeroNotInsult(t *testing.T) {
	for _, tc := range []struct {
		text    string
		intent  string
		flagged bool
	}{
		{"انت بطل والله", "praise", false},
		{"انتي بطلة يا دكتورة", "praise", false},
		{"انت بطل", "praise", false},
		{"انت واحد تافه", "other", true},
		{"انت ما بتفهم شي", "other", true},
		{"يا شينك ويا شين محتواك", "other", true},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if !slices.Contains(c.Intent, tc.intent) || (len(m.Flags) > 0) != tc.flagged || m.IsSafe == tc.flagged {
			t.Errorf("%q: intent %v flags %v safe %v; want %s flagged %v", tc.text, c.Intent, m.Flags, m.IsSafe, tc.intent, tc.flagged)
		}
	}
}

// TestStopDoingIsLeaving: بطّل is also the verb "to stop doing"; before a
// verb of dealing, buying or following, or after رح / ه-, it is a
// customer leaving (a complaint, high priority), not the noun "hero".
func TestStopDoingIsLeaving(t *testing.T) {
	for _, tc := range []struct {
		text     string
		intent   string
		priority string
	}{
		{"رح بطل اتعامل معكن", "complaint", "high"},
		{"إذا ما انحلت المشكلة اليوم رح بطل اتعامل معكن", "complaint", "high"},
		{"هبطل اشتري منكم", "complaint", "high"},
		{"بطلنا نطلب من عندكن، كل مرة الأكل بارد", "complaint", "high"},
		{"رح بطل اتابعكن", "complaint", "medium"},
		// the noun stays praise
		{"يا بطل الله يوفقك", "praise", "low"},
		{"محمد صلاح بطل حقيقي", "praise", "low"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || c.Priority != tc.priority {
			t.Errorf("%q: intent %v priority %s; want %s %s", tc.text, c.Intent, c.Priority, tc.intent, tc.priority)
		}
	}
}

// TestEverydayGrievances: a quality rated zero (التغطية عندكم صفر), "not
// once" (ولا مرة بتردوا), a cry for help beside an account misused, food
// that came out burned: complaints; what a proposal "would save" proposes.
func TestEverydayGrievances(t *testing.T) {
	for _, tc := range []struct {
		text      string
		intent    string
		sentiment string
	}{
		{"الشبكة عندكم صفر بالمنطقة الصناعية", "complaint", "negative"},
		{"الاحترام صفر والتعامل صفر", "complaint", "negative"},
		{"بدأت معكم من الصفر وصرت محترف، شكراً", "praise", "positive"},
		{"ولا مرة بتردوا على الرسايل", "complaint", "negative"},
		{"الشاشة انطفت بعد أسبوع من الشراء، شو الحل؟", "complaint", "negative"},
		{"ولا مرة بيوصل الطلب بوقته", "complaint", "negative"},
		{"someone logged into my bank account and moved 200 dollars, please help", "complaint", "negative"},
		{"followed the recipe exactly and the bread came out burned", "complaint", "negative"},
		{"a family plan would save us so much time", "suggestion", "neutral"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if !slices.Contains(c.Intent, tc.intent) || c.Sentiment != tc.sentiment {
			t.Errorf("%q: intent %v sentiment %s; want %s %s", tc.text, c.Intent, c.Sentiment, tc.intent, tc.sentiment)
		}
	}
}

// TestWishesAndGenres: a wish whose reason is the writer's own eyes or age
// proposes (neutral, nothing owed); a show that keeps the writer company
// (ونّس) praises; "تقهر" of a crowd complains; a genre of fear named in a
// request rates nothing.
func TestWishesAndGenres(t *testing.T) {
	for _, tc := range []struct {
		text      string
		intent    string
		sentiment string
		rr        bool
	}{
		{"ياريت تكبروا الخط عشان عيوني ضعيفة", "suggestion", "neutral", false},
		{"نتمنى منكم تحسين سرعة الرد على الإيميلات", "suggestion", "neutral", false},
		{"الفني اللي جانا ما قصر معنا أبداً", "praise", "positive", false},
		{"البرنامج صار ممل ومافيه شي جديد", "complaint", "negative", true},
		{"يا ريت تكبرون خط الفاتورة، الكبار ما يشوفون", "suggestion", "neutral", false},
		{"ياريت تردوا على الرسايل عشان صرلي اسبوع ناطر", "complaint", "negative", true},
		{"صوت المذيعة بيونسني كل يوم الصبح", "praise", "positive", false},
		{"الطابور طويل والزحمة تقهر كل مرة", "complaint", "negative", true},
		{"please stream more horror games this weekend", "suggestion", "neutral", false},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || c.Sentiment != tc.sentiment || c.RequiresResponse != tc.rr {
			t.Errorf("%q: intent %v sentiment %s rr %v; want %s %s %v", tc.text, c.Intent, c.Sentiment, c.RequiresResponse, tc.intent, tc.sentiment, tc.rr)
		}
	}
}

// TestHighPriorityClasses13: the spec's urgent classes in words the rules
// missed: money or purchases lost,
// food that could have poisoned, paid and no booking held, waiting months
// for money; a plain late order stays medium, and so does a failure that is
// "not the first time".
func TestHighPriorityClasses13(t *testing.T) {
	for _, tc := range []struct {
		text     string
		priority string
	}{
		// (twenty-third session) not the first time alone is medium: the
		// writers of the later read sets label every such comment medium (8
		// of 8), as the spec's medium class reads ("everything else that is
		// wrong")
		{"مو أول مرة الدليفري يتأخر علينا ساعة", "medium"},
		{"وهذه ليست المرة الأولى التي تنقطع فيها الخدمة", "high"},
		{"this isnt the first time the driver skipped my stop", "medium"},
		{"بعد التحديث ضاعت كل فلوسي اللي بالمحفظة", "high"},
		{"اللحمة كانت ريحتها مش طبيعية وكان ممكن يسمم العيلة كلها", "high"},
		{"دفعت العربون كامل ولما رحت قالولي مافي حجز باسمك", "high"},
		{"paid for two nights and at check in they had no reservation for me", "high"},
		{"صرلي تلات شهور ناطر المصاري يلي وعدتوني فيها", "high"},
		{"الباقة بتخصم رصيد لوحدها كل يوم", "high"},
		{"التطبيق يعلق كل يوم، رح احذف التطبيق وارتاح", "high"},
		{"اتلغى الحجز مرتين بدون ما يبلغوني، وسأبحث عن شركة أخرى", "high"},
		{"three weeks and no answer on my claim, im tired of chasing you", "high"},
		{"الطلب اتأخر ساعة النهارده", "medium"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != "complaint" || c.Priority != tc.priority {
			t.Errorf("%q: intent %v priority %s; want complaint %s", tc.text, c.Intent, c.Priority, tc.priority)
		}
	}
}

// TestEnglishSlangAndPleas: comment slang that praises ("massive W", "real
// ones", food that is "fire", the "smoothest" app), and a crying face that
// begs after "please" rather than grieves.
func TestEnglishSlangAndPleas(t *testing.T) {
	for _, tc := range []struct {
		text      string
		intent    string
		sentiment string
	}{
		{"the new family plan is a massive W", "praise", "positive"},
		{"nurses on night shift were real ones, thank u", "praise", "positive"},
		{"the burgers were fire tonight", "praise", "positive"},
		{"smoothest checkout I have ever used", "praise", "positive"},
		{"please bring back the old logo 😭", "suggestion", "neutral"},
		{"the update deleted all my notes 😭", "complaint", "negative"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || c.Sentiment != tc.sentiment {
			t.Errorf("%q: intent %v sentiment %s; want %s %s", tc.text, c.Intent, c.Sentiment, tc.intent, tc.sentiment)
		}
	}
}

// TestFresh12Classes: classes read from the misses of a set written this
// session (fresh12), each tested on sentences of our own.
func TestFresh12Classes(t *testing.T) {
	for _, tc := range []struct {
		text      string
		intent    string
		sentiment string
		priority  string
		flagged   bool
	}{
		// money, safety and leaving: high
		{"تعرض بريدي الإلكتروني للاختراق عبر تطبيقكم، أرجو المساعدة العاجلة", "complaint", "negative", "high", false},
		{"كل أسبوع نفس المشكلة بالنت، خلاص بحول على غيركم", "complaint", "negative", "high", false},
		{"ألغيت الرحلة ولم تُرد أموالنا منذ شهرين", "complaint", "negative", "high", false},
		{"لقيت قطعة زجاج في الأكل يا جماعة", "complaint", "negative", "high", false},
		{"unlock my seller account today or i quit this platform", "complaint", "negative", "high", false},
		// a damage verb; kind staff in a mixed comment; a steady service
		{"العمال خدشولي الباب وهم بيركبوا المطبخ", "complaint", "negative", "medium", false},
		{"البث عندكم مستقر حتى وقت المباريات", "praise", "positive", "low", false},
		// slang: خطير of a dish, موت after a word
		{"البرجر عندكم خطير والصوص ولا أروع", "praise", "positive", "low", false},
		{"ابني بيحب الحلقات دي موت", "praise", "positive", "low", false},
		// a question of one's own account; indignation after a failure
		{"هل يمكن تغيير رقم الجوال المسجل في الحساب؟", "question", "neutral", "medium", false},
		{"الطلب صار له أسبوع ما تحرك من المستودع، وش السالفة", "complaint", "negative", "medium", false},
		// a pet that fell ill is no insult; a wrong medicine with tanween;
		// "I work as a driver" and commissions taken from my earnings
		{"القطة تعبت جامد بعد الرمل اللي اشتريته منكم", "complaint", "negative", "medium", false},
		{"أعطتني الصيدلية دواءً خاطئًا لابني", "complaint", "negative", "high", false},
		{"أعمل مندوب لديكم وتُخصم مبالغ غير مفهومة من مستحقاتي", "complaint", "negative", "high", false},
		// baits; a word that only looks like betting
		{"بدك تخسي بسرعة؟ اطلبي المنتج من اللينك بالبايو", "spam", "neutral", "low", true},
		{"عمال النظافة رتبوا الغرف ونضفوا وراهن 👏", "praise", "positive", "low", false},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || c.Sentiment != tc.sentiment || c.Priority != tc.priority || m.IsSafe == tc.flagged {
			t.Errorf("%q: %v %s %s flags %v; want %s %s %s flagged %v", tc.text, c.Intent, c.Sentiment, c.Priority, m.Flags, tc.intent, tc.sentiment, tc.priority, tc.flagged)
		}
	}
}

// TestArabiziNet: "el net" is the internet (النت), a word of every
// telecom complaint; it was read "النه" (the feminine ending of "-et").
func TestArabiziNet(t *testing.T) {
	for _, s := range []string{"el net fasel men embare7", "el net 3andkom ta3ban"} {
		x, _, ok := arabiziReading(s)
		if !ok || !strings.HasPrefix(x.Text, "النت ") {
			t.Errorf("%q: reading %q (ok %v), want it to open with النت", s, x.Text, ok)
		}
	}
}

// TestFresh13Classes: classes read from the misses of fresh13 (written
// late in the thirteenth session), tested on sentences of our own.
func TestFresh13Classes(t *testing.T) {
	for _, tc := range []struct {
		text      string
		intent    string
		sentiment string
		flagged   bool
	}{
		// a title of respect is a friendly address; و + ضيّع is "and lost"
		{"الله عليك يا دكتور، شرحك خلاني افهم الدرس كله", "praise", "positive", false},
		{"المندوب استلم الطرد وضيع الفاتورة وما حد رد علي", "complaint", "negative", false},
		{"انت انسان وضيع", "other", "negative", true},
		// late hours are no delay; proposals for those who cannot afford
		{"شكراً للصيدلية اللي بتفتح في الأوقات المتأخرة", "praise", "positive", false},
		{"ياريت تعملوا باقة أرخص للعمال، الأسعار غالية عليهم", "suggestion", "neutral", false},
		// English: a repair thanked, a sound too loud, a legend
		{"the guy at the counter saved my broken watch, legend", "praise", "positive", false},
		{"the intro music is way too loud now", "complaint", "negative", false},
		// appreciation is no question ("أقدّر" spelled as "I can"); deleting
		// the app for good leaves (high: TestHighPriorityClasses13)
		{"أقدّر جهودكم في تبسيط الدروس للطلاب", "praise", "positive", false},
		{"نقدر حرصكم على الجودة", "praise", "positive", false},
		{"اقدر احجز موعد من التطبيق؟", "question", "neutral", false},
		// baits: contact me in private for weight loss, send your number for a job
		{"اللي عايزة تخس قبل العيد يكلمني خاص", "spam", "neutral", true},
		{"مطلوب مندوبين براتب ممتاز، أرسل رقمك", "spam", "neutral", true},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		if len(c.Intent) == 0 || c.Intent[0] != tc.intent || c.Sentiment != tc.sentiment || m.IsSafe == tc.flagged {
			t.Errorf("%q: %v %s flags %v; want %s %s flagged %v", tc.text, c.Intent, c.Sentiment, m.Flags, tc.intent, tc.sentiment, tc.flagged)
		}
	}
}
