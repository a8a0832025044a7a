package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	type out struct {
		Intent []string `json:"intent"`
		Note   string   `json:"note"`
	}
	for _, tc := range []struct {
		in   string
		want string // the note; "" = unusable
	}{
		{`{"intent":["praise"],"note":"plain"}`, "plain"},
		{"```json\n{\"intent\":[\"praise\"],\"note\":\"fenced\"}\n```", "fenced"},
		{"```\n{\"note\":\"bare fence\"}\n```\n", "bare fence"},
		{"Here is the result:\n{\"note\":\"prose\"}", "prose"},
		{"Sure! {not this} here it is:\n{\"note\":\"second brace\"}", "second brace"},
		{"Use { and } carefully.\n{\"note\":\"a } in \\\"a string\\\" {\"} trailing words", "a } in \"a string\" {"},
		{"", ""},
		{"no json here", ""},
		{`{"note": "cut`, ""},
		{"```json\n[1,2]\n```", ""},
		{strings.Repeat("x", maxProseScan) + `{"note":"too far"}`, ""},
	} {
		var o out
		err := decode(tc.in, &o)
		switch {
		case tc.want == "" && !errors.Is(err, errUnusable):
			t.Errorf("%q: %v (%+v), want unusable", tc.in, err, o)
		case tc.want != "" && (err != nil || o.Note != tc.want):
			t.Errorf("%q: %v %+v, want note %q", tc.in, err, o, tc.want)
		}
	}
}
