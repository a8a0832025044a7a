package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// topicCase is a comment of our own with the intent, sentiment and
// requires_response the writers' conventions give it.
type topicCase struct {
	text, intent, sentiment string
	rr                      bool
}

func checkTopic(t *testing.T, cases []topicCase) {
	t.Helper()
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if strings.Join(got.Intent, "+") != c.intent || got.Sentiment != c.sentiment || got.RequiresResponse != c.rr {
			t.Errorf("%q: got intent=%v sentiment=%s rr=%v, want %s %s rr=%v",
				c.text, got.Intent, got.Sentiment, got.RequiresResponse, c.intent, c.sentiment, c.rr)
		}
	}
}

// The topic of a comment is not its writer's feeling (topic.go): praise of
// content or care about a sad subject (a video about addiction, tips on
// avoiding scams, the nurses of a cancer ward) is positive, and "how"
// inside the topic ("عن ... وازاي نساعد") asks nothing.
func TestTopicIsNotTheWritersFeeling(t *testing.T) {
	checkTopic(t, []topicCase{
		// English
		{"thanks for the episode on childhood cancer, really helpful", "praise", "positive", false},
		{"really useful tips on how to stop panic attacks", "praise", "positive", false},
		{"so helpful, the explainer on fraud and identity theft", "praise", "positive", false},
		{"great tips on avoiding scams, thank you", "praise", "positive", false},
		{"excellent lecture regarding domestic violence, very moving", "praise", "positive", false},
		{"loved the podcast on grief, beautifully done", "praise", "positive", false},
		{"amazing work for breast cancer awareness month", "praise", "positive", false},
		{"the staff at the burn ward were so kind to my dad", "praise", "positive", false},
		{"this guide on surviving a divorce saved me, thank you", "praise", "positive", false},
		// Egyptian
		{"حلقة جميلة اوي عن الادمان وازاي نساعد اللي حوالينا", "praise", "positive", false},
		{"فيديو تحفة عن ازاي تتعامل مع الاكتئاب", "praise", "positive", false},
		{"شكرا على الفيديو عن التحرش، مهم جدا", "praise", "positive", false},
		{"الدكتور في قسم الحروق كان محترم جدا مع ابويا", "praise", "positive", false},
		// Gulf
		{"شرح حلو حيل عن شلون نتعامل مع الديون", "praise", "positive", false},
		{"برنامج وايد زين عن شلون نحمي عيالنا من الغرق", "praise", "positive", false},
		{"مشكورين على المقطع عن مخاطر التدخين، وايد مفيد", "praise", "positive", false},
		{"يعطيكم العافية على حملة التوعية بسرطان الثدي", "praise", "positive", false},
		// Levantine
		{"يسلمو عالحلقة عن الاكتئاب، كتير فادتني", "praise", "positive", false},
		{"فيديو كتير حلو عن كيف نحمي ولادنا من التنمر", "praise", "positive", false},
		{"حلقة بتجنن عن الحرب وشو عملت فينا", "praise", "positive", false},
		{"الممرضات بقسم الاورام كانوا ملايكة مع امي", "praise", "positive", false},
		// MSA
		{"برنامج مفيد جدا بخصوص الاحتيال الإلكتروني", "praise", "positive", false},
		{"شكرا على التوعية بمخاطر الاحتيال، معلومات مهمة", "praise", "positive", false},
		{"شكرا على المحاضرة القيمة حول مخاطر الإدمان", "praise", "positive", false},
		{"مقال رائع عن كيفية الوقاية من الجلطات", "praise", "positive", false},
		// Arabizi (read in Arabic script)
		{"video 7elw awi 3an ezay ne7mi wladna mn el ta7arosh", "praise", "positive", false},
		{"shokran 3al episode 3an el ekte2ab, mofida gedan", "praise", "positive", false},
	})
}

// Real grievances keep their reading: the harm happened to the writer, or
// the content itself is what failed ("your video on refunds is a lie").
// A question mark still asks ("عندكم فيديو عن كيف ...؟").
func TestTopicKeepsComplaints(t *testing.T) {
	checkTopic(t, []topicCase{
		// English
		{"the tutorial about resetting my password is broken, nothing works", "complaint", "negative", true},
		{"your video on refunds is a lie, still no money back", "complaint", "negative", true},
		{"your video about scams is useless, i still lost my money", "complaint", "negative", true},
		{"I got food poisoning from your chicken", "complaint", "negative", true},
		{"the dentist gave my son an infection, awful", "complaint", "negative", true},
		{"terrible doctor, he ignored my pain", "complaint", "negative", true},
		// Egyptian
		{"عملت حادثة بسبب الكاوتش اللي ركبتوه", "complaint", "negative", true},
		{"المكنة ولعت والشقة كانت هتتحرق بسببكم", "complaint", "negative", true},
		{"الفيديو بتاعكم عن الاسترجاع كذب، لسه مرجعتوش فلوسي", "complaint", "negative", true},
		// Gulf
		{"الطلب وصل خربان وما احد رد علي", "complaint", "negative", true},
		{"ولدي انجرح من اللعبة حقتكم", "complaint", "negative", true},
		// Levantine
		{"صار معي حادث بسبب الدولاب اللي ركبتوه", "complaint", "negative", true},
		{"سحبتوا مصاري من حسابي بدون ما اطلب", "complaint", "negative", true},
		// MSA
		{"تعرضت لحادث بسبب خلل في الفرامل", "complaint", "negative", true},
		{"أصبت بتسمم بعد تناول الوجبة", "complaint", "negative", true},
		{"عندكم فيديو عن كيف اقدم شكوى؟", "question", "neutral", true},
		// Arabizi
		{"el order weselni maksoor w mafish 7ad rad", "complaint", "negative", true},
		{"el doctor fel ward kan zeft", "complaint", "negative", true},
	})
}

// topicSpan marks the subject after a content noun and its preposition,
// after a construct head, and the modifier of a cause noun; it stops at a
// clause boundary.
func TestTopicSpan(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string // the topic words, in order
	}{
		{"great tips on how to survive a car accident claim", []string{"how", "to", "survive", "a", "car", "accident"}},
		{"the video about my refund never got answered", []string{"my", "refund"}},
		{"the nurses in the cancer ward were angels", []string{"cancer"}},
		{"فيديو رائع عن حوادث الطرق وكيف نتجنبها", []string{"حوادث", "الطرق", "وكيف", "نتجنبها"}},
		{"شكرا على التوعية بمخاطر الاحتيال، معلومات مهمة", []string{"بمخاطر", "الاحتيال"}},
		{"دكتور فاشل", nil},
		{"the treatment was awful", nil},
	} {
		toks := tokenizeComment(c.text)
		m := topicSpan(c.text, toks)
		var got []string
		for i := range toks {
			if i < 64 && m&(1<<uint(i)) != 0 {
				got = append(got, toks[i].key)
			}
		}
		want := make([]string, len(c.want))
		for i, w := range c.want {
			want[i] = foldKey(w)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%q: topic %q, want %q", c.text, got, want)
		}
	}
}
