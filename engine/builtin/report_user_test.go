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
