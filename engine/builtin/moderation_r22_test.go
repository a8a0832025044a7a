package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestModerationR22Classes: the spam and insult classes of the fourteenth
// session (issue 23). Each positive was safe before the session's rules;
// each negative is a near sentence a customer writes, which stays clean.
// The sentences were written for this test (none is from a read set).
func TestModerationR22Classes(t *testing.T) {
	for _, tc := range []struct {
		text string
		flag string // the category flagged at medium, "" for none
	}{
		// an offer, then the channel orders go through
		{"ساعات رجالي أصلية بأسعار مميزة، اطلب من الصفحة", "spam"},
		{"عندنا فساتين سهرة بتصاميم جديدة، الطلب عبر الخاص", "spam"},
		{"3andena a7la sa3at, order mn el page", "spam"},
		{"we have the best skincare kits, order on whatsapp", "spam"},
		{"cheap sneakers, order via dm", "spam"},
		// a customer names the channel, asks, or compares prices
		{"ردوا على الواتساب الله يخليكم", ""},
		{"where do I order?", ""},
		{"can I order on whatsapp", ""},
		{"my order on whatsapp never arrived", ""},
		{"الطلب عن طريق الواتساب ما وصل لحد الآن", ""},
		{"طلبت من الصفحة وما حدا رد", ""},
		// a customer's tip: cheaper than the app
		{"اطلبوا من الصفحة، أرخص من التطبيق بكتير", ""},
		// (the brand spoken to: "عندكم", a customer's praise and grievance)
		{"عندكم خصم حلو بس الطلب عبر الخاص بطيء جدا", ""},
		{"العطور عندكم أصلية بس الطلب من الصفحة ياخذ وقت", ""},

		// a job offered: remote or paid work and "send your CV"
		{"مطلوب موظفين عن بعد، أرسلوا سيرتكم الذاتية", "spam"},
		{"وظائف من المنزل براتب ثابت، ارسلي سيرتك", "spam"},
		{"remote jobs with a good salary, send your resume today", "spam"},
		// the writer's own CV, or a question about jobs
		{"ارسلت سيرتي الذاتية من شهر وما حدا رد", ""},
		{"عندكم وظائف عن بعد؟", ""},
		{"i sent my resume for the remote job two weeks ago and heard nothing", ""},

		// kilos promised to the reader in days
		{"انزلي 8 كيلو خلال أسبوعين بدون رجيم، تواصلي معنا", "spam"},
		{"رح تنزلي ٦ كيلو بشهر مع الشاي تبعنا", "spam"},
		{"lose 12 pounds in 10 days with our tea", "spam"},
		// the writer's own loss or aim
		{"نزلت ٧ كيلو بشهر بفضل تمارينك", ""},
		{"your plan helped me lose 5 kg in a month", ""},
		{"i want to lose 10 kg in 3 months", ""},
		// a way asked for, content wished
		{"ياريت فيديو كيف تنزلي 5 كيلو في شهر بدون حرمان", ""},
		{"كيف تخسي ٣ كيلو بأسبوع بدون رجيم قاسي", ""},

		// a like or a follow, returned to the reader
		{"حطو لايك وبرجعلك ياها", "spam"},
		{"لايك للصفحة وبردلك ياه فورا", "spam"},
		// a like given, and "I'll get back to you with news"
		{"حطيت لايك للفيديو، بردلك خبر لما جربها", ""},

		// manners denied to the staff, to the reader
		{"الكاشير ماعنده ذرة أدب", "harassment"},
		{"موظفات الاستقبال ما عندهم تربية ولا سنع", "harassment"},
		// respect for times, taste, experience: said of a service
		{"ما عندهم ذوق بالديكور", ""},
		{"ما عندهم احترام للمواعيد", ""},
		{"الموظفين ما عندهم خبرة", ""},
		// "it makes no sense", said of a thing
		{"هالنقاشات اللي مالها سنع ما منها فايدة", ""},

		// a clown: a coach, a presenter called one
		{"مقدم البرنامج مهرج", "harassment"},
		{"المدرب هاد مهرج وما بيعرف شي", "harassment"},
		// a clown at a party, a festival
		{"جبنا مهرج لعيد ميلاد بنتي وكان رائع", ""},
		{"مهرجان الصيف كان حلو", ""},

		// the maker of a game or an app called a fool
		{"مصمم هالتطبيق اهبل", "harassment"},
		{"مطور اللعبة أهبل بصراحة", "harassment"},
		// the thing itself called silly (today's answer kept)
		{"تصميم التطبيق غريب شوي", ""},

		// a bare vocative closing a comment that speaks to "you"
		{"you cant even hold the camera straight moron", "harassment"},
		{"you burned the rice again idiot", "harassment"},
		// the writer's own foolishness, a thing called stupid
		{"you made me look like an idiot", ""},
		{"thanks for explaining, i was being an idiot", ""},
		{"you were right and i was the fool", ""},
		{"your update is stupid", ""},
	} {
		m := Moderate(op.ModerateRequest{Text: tc.text})
		got := ""
		if len(m.Flags) > 0 {
			got = m.Flags[0]
		}
		if got != tc.flag {
			t.Errorf("%q: flags %v (scores %v, terms %v); want %q", tc.text, m.Flags, m.CategoryScores, m.FlaggedTerms, tc.flag)
		}
		// Classify agrees on spam: a spam flag is the spam intent
		if tc.flag == "spam" || tc.flag == "" {
			c := Classify(op.ClassifyRequest{Text: tc.text})
			if spam := op.In("spam", c.Intent); spam != (tc.flag == "spam") {
				t.Errorf("%q: intents %v; spam intent want %v", tc.text, c.Intent, tc.flag == "spam")
			}
		}
	}
}
