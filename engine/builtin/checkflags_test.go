package builtin

import (
	"testing"

	"svc/engine/op"
)

// flagCase is a text and whether moderation must flag it.
type flagCase struct {
	text    string
	flagged bool
}

// checkFlags asserts Moderate's verdict on each case.
func checkFlags(t *testing.T, cases []flagCase) {
	t.Helper()
	for _, tc := range cases {
		if m := Moderate(op.ModerateRequest{Text: tc.text}); m.IsSafe == tc.flagged {
			t.Errorf("%q: flags %v; want flagged %v", tc.text, m.Flags, tc.flagged)
		}
	}
}

// TestHarmToldFlatComplains: a child come back wounded or a thing fallen on
// someone, told with no complaint word, is a complaint and high (the
// read-through's "ابني رجع من الروضة وايدو مجروحة" was "other", low).
func TestHarmToldFlatComplains(t *testing.T) {
	checkR22(t, []r22Case{
		{"بنتي رجعت من المخيم وإجرها مجروحة", "complaint", "high"},
		{"بنتي بتحب الروضة كتير", "praise", ""},
	})
}
