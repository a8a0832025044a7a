package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// A report's topics are content words: an adverb of frequency repeated in
// two complaints ("never again", "never picks up") is not the thread's
// largest topic, and a cluster's example shows its dominant sentiment.
// Comments written for this test (a shop's thread).
func TestReportTopicNotAdverb(t *testing.T) {
	var req op.ReportRequest
	for _, s := range []string{
		"the delivery took two weeks, never again", "my order arrived broken", "وين الطلب؟ صار له أسبوع",
		"الشحن بطيء جدا", "love your products!", "أحلى متجر والله", "how do I return an item?",
		"هل عندكم فرع في جدة؟", "you should add apple pay", "ياريت توفرون الدفع عند الاستلام",
		"the packaging was damaged and the box was open", "الطلب وصل ناقص قطعة", "great prices, fast shipping",
		"ما شاء الله سرعة في التوصيل", "customer service never picks up the phone", "خدمة العملاء ما ترد أبدا",
	} {
		req.Comments = append(req.Comments, op.ReportComment{Text: s})
	}
	r := Report(req)
	for _, bad := range []string{`topic is "never"`, "| never |", `"again"`, `"ابدا"`} {
		if strings.Contains(r.Markdown, bad) {
			t.Errorf("report has %q", bad)
		}
	}
	for _, line := range strings.Split(r.Sections["clusters"], "\n") {
		f := strings.Split(line, " | ")
		if len(f) < 6 || f[3] == "dominant sentiment" {
			continue
		}
		a := Classify(op.ClassifyRequest{Text: strings.TrimSuffix(f[5], " |")})
		if a.Sentiment != f[3] {
			t.Errorf("cluster %s (%s): example %q is %s", f[0], f[3], f[5], a.Sentiment)
		}
	}
}

// A report's advice reads right for a small thread whose largest topic is a
// complaint (the sound of a channel's episodes): one question is "1 open
// question", and a topic people complain about is to be fixed, not "leaned
// into" or given a "deep dive". Comments written for this test.
func TestReportAdviceOnComplaintTopic(t *testing.T) {
	var req op.ReportRequest
	for _, s := range []string{
		"الله يعطيك العافية على الشرح", "الصوت واطي في الفيديو", "متى الحلقة الجاية؟", "شرح ممتاز بس الصوت ضعيف",
		"ياريت تعمل حلقة عن الاستثمار", "والله انك مبدع", "الصوت لسه واطي في الحلقة دي كمان", "الصوت مش واضح خالص",
		"Great explanation, thanks!", "please make a video on budgeting",
	} {
		req.Comments = append(req.Comments, op.ReportComment{Text: s})
	}
	req.Tier = "pro"
	md := Report(req).Markdown
	for _, bad := range []string{"the 1 open questions", "the 1 questions", "Lean into the strongest topic \"صوت\"", "Deep dive on \"صوت\""} {
		if strings.Contains(md, bad) {
			t.Errorf("report says %q", bad)
		}
	}
	for _, good := range []string{"Fix what the strongest topic \"صوت\"", "Fixing \"صوت\""} {
		if !strings.Contains(md, good) {
			t.Errorf("report lacks %q", good)
		}
	}
}
