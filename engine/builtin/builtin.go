// Package builtin holds the built-in analyzers: rule engines over embedded
// lexicons that answer every analysis operation without a model provider.
//
// Every exported function takes a validated request of package op and returns
// a contract-valid result: enums hold allowed values, confidences are in 0..1,
// Usage.Model is Model and Usage.TokensUsed is the whitespace-token count of
// the input plus the output. Usage.Provider is left empty (the facade sets it).
package builtin

import (
	"unicode"
	"unicode/utf8"
)

// Model is the `model` value reported for results of the built-in analyzers.
const Model = "svc-builtin-1"

// tokens counts whitespace-separated tokens of all parts.
func tokens(parts ...string) int {
	n := 0
	for _, p := range parts {
		n += countFields(p)
	}
	return n
}

// countFields is len(strings.Fields(s)) without allocating.
func countFields(s string) int {
	n := 0
	in := false
	for i := 0; i < len(s); {
		var sp bool
		w := 1
		if c := s[i]; c < utf8.RuneSelf {
			sp = asciiSpace[c] // unicode.IsSpace of an ASCII byte
		} else if c >= 0xC3 && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
			w = 2 // U+00C0..U+07FF (Arabic): no space (U+0085 and U+00A0 start with C2)
		} else {
			var r rune
			r, w = utf8.DecodeRuneInString(s[i:])
			sp = unicode.IsSpace(r)
		}
		if !sp && !in {
			n++
		}
		in = !sp
		i += w
	}
	return n
}

// asciiSpace marks the ASCII bytes unicode.IsSpace reports.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
