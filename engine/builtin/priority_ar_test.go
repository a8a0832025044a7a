package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestArabicUrgent: money debited (suffixed passive verbs), refunds and a
// threat to stop dealing make an Arabic or Arabizi complaint high priority;
// a plain complaint stays medium.
func TestArabicUrgent(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"اتخصملي الفلوس ومحدش رد", "high"},
		{"ما عاد بدي اتعامل معكن، الطلب اتأخر", "high"},
		{"مش هتعامل معاكو تاني، الطلب وصل غلط", "high"},
		{"صار لي شهر انتظر الاسترجاع ومحد رد", "high"},
		{"etkhasamly el flos w mahadesh rad", "high"},
		{"msh ha2ta3amel ma3ako tany, el order wesel ghalat", "high"},
		{"الطلب اتأخر ومحدش بيرد", "medium"},
		{"el order et2a5ar w mafeesh 7ad byrod", "medium"},
	} {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if !op.In("complaint", got.Intent) || got.Priority != c.want {
			t.Errorf("%q: intent %v priority %s, want complaint %s", c.text, got.Intent, got.Priority, c.want)
		}
	}
}
