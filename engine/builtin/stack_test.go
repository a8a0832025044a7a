package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// TestStackerKeepsLongComments: the sentiment stacker decides tweet-shaped
// text (long, or with a hashtag or link) without an intent, long praise,
// and questions, suggestions and complaints with a hashtag or link; long
// comments keep the sentiment their words and intent make obvious,
// whichever path decides them. Project-written
// comments (none from any data set).
func TestStackerKeepsLongComments(t *testing.T) {
	if stackAr == nil {
		t.Fatal("data/sentiment_mix.tsv has no Arabic stacker: the shipped table is missing")
	}
	decided := 0
	for _, c := range []struct{ want, text string }{
		{"negative", "طلبت الجهاز من أسبوعين ولسه موصلش، وكل ما أكلم خدمة العملاء يقولوا بكرة، بجد خدمة سيئة جدا ومش هتعامل معاكم تاني"},
		{"positive", "بصراحة من أحسن القنوات اللي بتابعها، المحتوى مفيد والشرح واضح وبسيط، ربنا يوفقكم ويزيدكم نجاح وتفضلوا دايما كده"},
		{"neutral", "لو سمحت عايز أعرف مواعيد الفرع اللي في مدينة نصر يوم الجمعة، وهل فيه خدمة توصيل للمنطقة دي ولا لأ؟ وبكام التوصيل؟"},
		{"neutral", "اقترح عليكم تعملوا سلسلة فيديوهات عن الطبخ الصحي للمبتدئين، وياريت يكون فيها وصفات سهلة وسريعة ومكوناتها موجودة في كل بيت"},
		{"negative", "الطلب تأخر أكثر من أسبوع وكل ما أتصل على خدمة العملاء محد يرد علي، والله شي يقهر وما أنصح أحد يتعامل معكم أبد"},
		{"positive", "والله شغلكن كتير حلو ومرتب، الأكل وصل سخن وبالوقت، يعطيكن العافية وإن شاء الله منرجع نطلب منكن قريبا كمان مرة"},
		{"negative", "تم خصم المبلغ من حسابي مرتين ولم يصلني أي رد على رسائلي منذ أسبوع، أرجو حل المشكلة في أقرب وقت ممكن وإعادة المبلغ"},
		{"neutral", "اربح آلاف الدولارات من بيتك بدون خبرة، سجل الآن عبر الرابط http://example.com وابدأ اليوم"},
		{"mixed", "الأكل كان طعمه حلو جدا والكمية كويسة، بس التوصيل اتأخر ساعتين والأكل وصل بارد، ياريت تهتموا بالتوصيل شوية المرة الجاية"},
		{"neutral", "شو مواعيد الدوام عندكن يوم السبت؟ وهل في فرع قريب من منطقة الشميساني ولا لازم روح عالفرع الرئيسي بوسط البلد؟"},
		{"positive", "كل سنة وانتم طيبين يا أحلى ناس، العيد السنة دي كان جميل جدا مع العيلة والأصحاب، ربنا يديم الفرحة على الكل"},
		{"negative", "للأسف الفيلم اللي شفته امبارح في السينما كان ممل جدا والقصة ضعيفة والتمثيل وحش، ضيعت وقتي وفلوسي على الفاضي"},
		{"positive", "الجو النهارده في اسكندرية تحفة والبحر هادي، قعدنا على الكورنيش من الصبح لحد المغرب وكان يوم من أجمل أيام الصيف"},
		{"negative", "الزحمة في شوارع القاهرة النهارده كانت فظيعة، قعدت ساعتين في العربية عشان أوصل الشغل والحر كان مش طبيعي"},
		{"neutral", "المباراة النهائية هتتلعب يوم الجمعة الساعة تسعة بالليل في ستاد القاهرة، والتذاكر هتنزل للبيع من يوم الاتنين"},
		{"positive", "ما شاء الله تبارك الله، أفضل محل تعاملت معه، التوصيل سريع والتغليف ممتاز والموظفين محترمين #شكرا"},
		{"negative", "والله العظيم دي تالت مرة أطلب من عندكم والأوردر يوصل ناقص، وخدمة العملاء مبترودش على التليفون خالص، حرام عليكم كده"},
		{"negative", "الخدمة عندكم صارت زفت، طلبت من أسبوعين وللحين ما وصلني شي، وكل ما أكلمكم تقولون بكرة بكرة، خلاص ما عاد أتعامل معكم"},
		{"negative", "صرلي شهر ناطر الطلبية وما حدا عم يرد عالتلفون ولا عالرسائل، هيك ما بصير، بدي رجع مصرياتي أو شوفولي حل بأسرع وقت"},
		{"negative", "لقد قمت بشراء الجهاز قبل شهر وتوقف عن العمل بعد أسبوع واحد فقط، وراسلت الدعم الفني عدة مرات دون أي استجابة تذكر"},
		{"positive", "بجد أحلى قناة على اليوتيوب، كل فيديو بتعلم منه حاجة جديدة، وطريقة الشرح بسيطة وممتعة، ربنا يبارك فيكم ويوفقكم دايما"},
		{"positive", "يعطيكم العافية على هالمحتوى الرائع، صراحة من أفضل الحسابات اللي أتابعها، استمروا الله يوفقكم وننتظر المزيد منكم"},
		{"positive", "يسلمو ايديكن على هالشغل الحلو، الأكل كان كتير طيب والتوصيل سريع والموظفين كتير محترمين، أكيد رح نرجع نطلب"},
		{"positive", "أشكركم جزيل الشكر على حسن التعامل وسرعة الاستجابة، فقد تم حل مشكلتي خلال ساعات قليلة، وهذا دليل على احترافيتكم"},
	} {
		a := analyseRules(c.text)
		if stackApplies(&a) {
			decided++
		}
		if got := Classify(op.ClassifyRequest{Text: c.text}).Sentiment; got != c.want {
			t.Errorf("%q: sentiment %s, want %s (rules alone: %s; intents %v; stacker decides: %v)", c.text, got, c.want, a.label, a.intents, stackApplies(&a))
		}
	}
	if decided < 2 {
		t.Errorf("the stacker decided %d of these comments; the test needs at least 2 tweet-shaped ones without an intent", decided)
	}
}

// TestStackerSkipsShortComments: short comments without a hashtag or link
// keep the rules' label (the obvious-comment set is all short).
func TestStackerSkipsShortComments(t *testing.T) {
	for _, s := range []string{"الفرع اللي في المعادي بيفتح امتى؟", "أول مرة أعلق هنا", "Can I pay with PayPal?"} {
		a := analyseRules(s)
		if stackApplies(&a) {
			t.Errorf("%q: the stacker should leave it to the rules", s)
		}
	}
}

// BenchmarkClassifyStacked300: classify of a 300-character Arabic text that
// the sentiment stacker decides (tweet-shaped, no intent).
func BenchmarkClassifyStacked300(b *testing.B) {
	text := string([]rune(strings.Repeat("الزحمة في شوارع القاهرة النهارده كانت فظيعة، قعدت ساعتين في العربية عشان أوصل الشغل والحر كان مش طبيعي ", 3))[:300])
	if a := analyseRules(text); !stackApplies(&a) {
		b.Fatal("the benchmark text is not decided by the stacker")
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Classify(op.ClassifyRequest{Text: text})
	}
}

// TestStackerGate: long questions, suggestions and complaints without a
// hashtag or link keep the rules' label (a comment's question to a business
// is not a tweet's rhetorical one, and the tweets' "mixed" took long
// complaints); long praise, and questions with a hashtag, are decided by
// the stacker. Project-written comments.
func TestStackerGate(t *testing.T) {
	for _, c := range []struct {
		text    string
		decides bool
	}{
		{"لو سمحت عايز أعرف مواعيد الفرع اللي في مدينة نصر يوم الجمعة، وهل فيه خدمة توصيل للمنطقة دي ولا لأ؟ وبكام التوصيل؟", false},
		{"اقترح عليكم تعملوا سلسلة فيديوهات عن الطبخ الصحي للمبتدئين، وياريت يكون فيها وصفات سهلة وسريعة ومكوناتها موجودة في كل بيت", false},
		{"الطلب تأخر أكثر من أسبوع وكل ما أتصل على خدمة العملاء محد يرد علي، والله شي يقهر وما أنصح أحد يتعامل معكم أبد", false},
		{"بجد أحلى قناة على اليوتيوب، كل فيديو بتعلم منه حاجة جديدة، وطريقة الشرح بسيطة وممتعة، ربنا يبارك فيكم ويوفقكم دايما", true},
		{"هو ليه كل ما يكون في ماتش مهم الفريق يلعب وحش كده؟ #الدوري", true},
	} {
		a := analyseRules(c.text)
		if got := stackApplies(&a); got != c.decides {
			t.Errorf("%q (intents %v): stacker decides %v, want %v", c.text, a.intents, got, c.decides)
		}
	}
}
