package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestLostForWords: "I don't know how to thank you", "I can't tell you how
// great ..." in Arabic and Arabizi are praise owed no reply; not knowing
// how to do something, with no thanks or praise, still asks.
func TestLostForWords(t *testing.T) {
	for _, tc := range []struct {
		text   string
		intent string
		rr     bool
	}{
		{"مش عارفة اشكركم ازاي", "praise", false},
		{"ما بعرف كيف بدي اشكركم والله", "praise", false},
		{"ما ادري كيف اشكركم على هالشي", "praise", false},
		{"ما اعرف شلون اشكركم", "praise", false},
		{"لا أعرف كيف أشكركم على هذا الجهد", "praise", false},
		{"msh 3aref a2ollak ad eh el kors da gamed", "praise", false},
		{"ma ba3ref kif bde 2ashkorkon", "praise", false},
		{"مش عارف ازاي اغير الباسورد", "question", true},
		{"ما بعرف كيف بدي غير كلمة السر", "question", true},
		{"مش عارفة ازاي اطلب من الموقع", "question", true},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if len(c.Intent) != 1 || c.Intent[0] != tc.intent || c.RequiresResponse != tc.rr {
			t.Errorf("%q: intent %v requires_response %v; want [%s] %v (reply %q)", tc.text, c.Intent, c.RequiresResponse, tc.intent, tc.rr, c.ReplyText)
		}
	}
}
