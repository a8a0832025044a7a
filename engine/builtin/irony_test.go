package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestIronyGreetsFailure: a good word greeting a failure, opening the
// comment alone in its clause (Arabic) or closing it (English), is irony:
// a complaint, negative. Glad comments of the same shape stay praise.
func TestIronyGreetsFailure(t *testing.T) {
	for _, tc := range []struct {
		text      string
		intent    string
		sentiment string
	}{
		{"ممتاز، تطبيق جديد يعلق كل دقيقة", "complaint", "negative"},
		{"حلو كتير، قطعتوا النت بنص الماتش 👏", "complaint", "negative"},
		{"روعة يا جماعة، الطلب وصل بارد للمرة التالتة", "complaint", "negative"},
		{"جميل، تحديث آخر وعطلتوا الدخول", "complaint", "negative"},
		{"حلو، وصل الطلب بسرعة والأكل طيب", "praise", "positive"},
		{"the new update logs me out every hour. brilliant", "complaint", "negative"},
		{"my parcel is lost again, well done guys", "complaint", "negative"},
		{"friendly staff and quick checkout. great job guys", "praise", "positive"},
		// Gulf "هب" negates; "وهذا ما" is "this is what"
		{"الخدمة هب زينة ابد", "complaint", "negative"},
		{"ما في رسوم مخفية، وهذا ما يعجبني فيكم", "praise", "positive"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent || c.Sentiment != tc.sentiment {
			t.Errorf("%q: %v %s; want [%s] %s", tc.text, c.Intent, c.Sentiment, tc.intent, tc.sentiment)
		}
	}
}
