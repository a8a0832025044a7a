package engine

import (
	"strings"

	"github.com/bytedance/sonic"
)

// maxProseScan bounds how far into the output decode looks for the start
// of the JSON object when the output does not begin with one (a line or two
// of prose, a code fence's opening line).
const maxProseScan = 4 << 10

// decode reads model output into v. The output must hold one JSON object:
// the whole output (what json_schema mode gets), or, as servers without it
// answer, that object inside a fenced code block (```json ... ```) or after
// some prose (at most maxProseScan bytes before it), with anything after
// the object's closing brace ignored. Empty output, or output with no
// object that parses, is unusable.
func decode(content string, v any) error {
	if len(content) == 0 {
		return unusable("empty output")
	}
	err := sonic.ConfigStd.UnmarshalFromString(content, v)
	if err == nil {
		return nil
	}
	// Not one JSON value: try the objects that start in the first
	// maxProseScan bytes (prose may hold a brace of its own), a few at most.
	from := 0
	for try := 0; try < maxObjectTries; try++ {
		obj, next, ok := jsonObject(content, from)
		if !ok {
			break
		}
		if sonic.ConfigStd.UnmarshalFromString(obj, v) == nil {
			return nil
		}
		from = next
	}
	msg, _, _ := strings.Cut(err.Error(), "\n") // sonic adds the input on further lines
	return unusable("not JSON: %s", msg)
}

// maxObjectTries bounds the candidate objects decode parses.
const maxObjectTries = 4

// jsonObject finds the first JSON object of s that starts at or after from
// and within maxProseScan bytes: from its '{' to the matching '}' (braces
// inside strings skipped; "" when unbalanced). next is where to look for
// another candidate; ok is false when no brace is left.
func jsonObject(s string, from int) (obj string, next int, ok bool) {
	lim := min(len(s), maxProseScan)
	if from >= lim {
		return "", 0, false
	}
	start := strings.IndexByte(s[from:lim], '{')
	if start < 0 {
		return "", 0, false
	}
	start += from
	depth, inString, escaped := 0, false, false
	for i := start; i < len(s); i++ {
		c := s[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return s[start : i+1], start + 1, true
			}
		}
	}
	return "", start + 1, true // unbalanced: no object from here, maybe from a later brace
}
