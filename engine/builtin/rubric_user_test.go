package builtin

import (
	"testing"

	"svc/engine/op"
)

// A category whose name pairs a topic with a word of a classifier concept
// ("App bugs": bugs is a complaint word) takes the classifier's verdict
// only beside evidence of its own words, or when no category's words are
// in the text: a complaint about shoes or a late parcel is no app bug
// (every complaint went to "App bugs" at 0.70 before).
// The Egyptian and Levantine negation circumfix (موصلتش "did not arrive")
// reaches its verb's root; the quality words include tearing. Comments and
// categories written for this test.
func TestRubricTopicalNamedConcept(t *testing.T) {
	en := []op.RubricCategory{
		{Name: "Shipping", Description: "delivery delays, lost or damaged parcels"},
		{Name: "Billing", Description: "payments, double charges, refunds and invoices"},
		{Name: "Praise", Description: "compliments and thanks"},
		{Name: "App bugs", Description: "the app crashes, freezes or shows errors"},
		{Name: "Product quality", Description: "the item is broken, fake or poor quality"},
	}
	ar := []op.RubricCategory{
		{Name: "الشحن", Description: "تأخر التوصيل وضياع الطرود"},
		{Name: "الفواتير", Description: "الدفع والخصم والاسترجاع"},
		{Name: "مدح", Description: "الشكر والإعجاب"},
		{Name: "أعطال التطبيق", Description: "التطبيق يتوقف أو يعلق أو يظهر أخطاء"},
		{Name: "جودة المنتج", Description: "المنتج مكسور أو مقلد أو رديء"},
	}
	for _, c := range []struct {
		text string
		want int
	}{
		{"the shoes fell apart after one week", 4},
		{"my new jacket ripped at the sleeve", 4},
		{"القميص اتقطع من أول غسلة", 4},
		{"الشحنة لسه موصلتش بقالها أسبوعين", 0},
		{"دفعت ومش واصلني إيصال", 1},
		{"the app freezes on the login screen", 3},
		{"you charged my card twice", 1},
	} {
		for _, cats := range [][]op.RubricCategory{en, ar} {
			r := Rubric(op.RubricRequest{Text: c.text, Categories: cats, MultiLabel: true})
			if len(r.Categories) == 0 || r.Categories[0].Name != cats[c.want].Name {
				t.Errorf("%q: %v, want %s first", c.text, r.Categories, cats[c.want].Name)
			}
		}
	}
	// when no category's words are in the text the verdict counts: a
	// request for a lesson is a content request
	reqs := []op.RubricCategory{{Name: "Content requests", Description: "viewers asking for a new video or topic"}, {Name: "Abuse", Description: "insults and hate"}}
	if r := Rubric(op.RubricRequest{Text: "نفسي تشرح لنا الذكاء الاصطناعي", Categories: reqs}); len(r.Categories) == 0 || r.Categories[0].Name != "Content requests" {
		t.Errorf("a request against Content requests: %v", r.Categories)
	}
	// a category named by a concept alone still takes the verdict
	r := Rubric(op.RubricRequest{Text: "the shoes fell apart after one week", Categories: []op.RubricCategory{{Name: "Complaints"}, {Name: "Questions"}}})
	if len(r.Categories) == 0 || r.Categories[0].Name != "Complaints" {
		t.Errorf("complaint against Complaints/Questions: %v", r.Categories)
	}
}
