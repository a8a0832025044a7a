package httpapi

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bytedance/sonic"
)

// Limits on inputs that SPEC.md leaves open (DESIGN.md "Limits not given").
const (
	maxText        = 5000      // characters of any analysed text
	maxFreeText    = 2000      // context, comment, title, channel_context
	maxShortString = 200       // ids, names, authors, channel ids
	maxBody        = 256 << 10 // request body of every endpoint but report
	maxReportBody  = 4 << 20   // report body
	maxIntents     = 10        // corrected_intent items
	maxMetadata    = 50        // translate metadata keys
)

// body is a decoded JSON object whose fields are read one by one, each
// checked for type and limits. The first failure is kept in fail and later
// reads return zero values, so a handler reads every field, then checks fail.
type body struct {
	raw         map[string]json.RawMessage
	fail        *apiError
	missingType string // error type for absent required fields
	invalidType string // error type for present but invalid fields
}

// decodeBody parses b as one JSON object. Malformed JSON, or anything but an
// object, is an invalid_request_error. An empty body is an empty object when
// allowEmpty.
func decodeBody(b []byte, allowEmpty bool) (*body, *apiError) {
	d := &body{missingType: typeInvalidRequest, invalidType: typeInvalidRequest}
	if len(bytes.TrimSpace(b)) == 0 {
		if allowEmpty {
			d.raw = map[string]json.RawMessage{}
			return d, nil
		}
		e := errf(typeInvalidRequest, "malformed_json", "", "The request body must be a JSON object.")
		return nil, &e
	}
	if !utf8.Valid(b) {
		e := errf(typeInvalidRequest, "malformed_json", "", "The request body is not valid UTF-8.")
		return nil, &e
	}
	if err := sonic.ConfigStd.Unmarshal(b, &d.raw); err != nil || d.raw == nil {
		e := errf(typeInvalidRequest, "malformed_json", "", "The request body is not a valid JSON object.")
		return nil, &e
	}
	return d, nil
}

func (d *body) missing(name string) {
	if d.fail == nil {
		e := errf(d.missingType, "missing_field", name, "The field '"+name+"' is required.")
		d.fail = &e
	}
}

func (d *body) invalid(name, msg string) {
	if d.fail == nil {
		e := errf(d.invalidType, "invalid_value", name, msg)
		d.fail = &e
	}
}

// get returns the raw value of name, treating JSON null as absent.
func (d *body) get(name string) (json.RawMessage, bool) {
	v, ok := d.raw[name]
	if !ok || string(v) == "null" {
		return nil, false
	}
	return v, true
}

// str reads an optional string of at most max characters ("" when absent).
func (d *body) str(name string, max int) string {
	v, ok := d.get(name)
	if !ok || d.fail != nil {
		return ""
	}
	s, ok := plainString(v)
	if !ok {
		if err := sonic.ConfigStd.Unmarshal(v, &s); err != nil {
			d.invalid(name, "The field '"+name+"' must be a string.")
			return ""
		}
	}
	if utf8.RuneCountInString(s) > max {
		e := errf(d.invalidType, "too_long", name, "The field '"+name+"' is longer than "+strconv.Itoa(max)+" characters.")
		d.fail = &e
		return ""
	}
	return s
}

// plainString returns the contents of a JSON string literal without escapes
// or control characters (the common case: no decoder needed); ok false for
// anything else, which the caller decodes in full.
func plainString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	in := v[1 : len(v)-1]
	for _, c := range in {
		if c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	return string(in), true
}

// text reads a required, non-blank string of at most max characters.
func (d *body) text(name string, max int) string {
	if _, ok := d.get(name); !ok {
		d.missing(name)
		return ""
	}
	s := d.str(name, max)
	if d.fail == nil && strings.TrimSpace(s) == "" {
		if d.missingType != typeInvalidRequest {
			d.missing(name) // rubric: an empty text is a missing_field
		} else {
			e := errf(d.invalidType, "empty_field", name, "The field '"+name+"' must not be empty.")
			d.fail = &e
		}
	}
	return s
}

// enum reads an optional string that must be one of set; def when absent.
func (d *body) enum(name string, set []string, def string) string {
	v, ok := d.get(name)
	if !ok || d.fail != nil {
		return def
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil || !inSet(s, set) {
		d.invalid(name, "The field '"+name+"' must be one of: "+strings.Join(set, ", ")+".")
		return def
	}
	return s
}

// integer reads an optional integer in [min, max]; def when absent.
func (d *body) integer(name string, def, min, max int) int {
	v, ok := d.get(name)
	if !ok || d.fail != nil {
		return def
	}
	n, err := strconv.ParseInt(string(v), 10, 64)
	if err != nil || n < int64(min) || n > int64(max) {
		d.invalid(name, "The field '"+name+"' must be an integer from "+strconv.Itoa(min)+" to "+strconv.Itoa(max)+".")
		return def
	}
	return int(n)
}

// boolean reads an optional boolean; def when absent.
func (d *body) boolean(name string, def bool) bool {
	v, ok := d.get(name)
	if !ok || d.fail != nil {
		return def
	}
	switch string(v) {
	case "true":
		return true
	case "false":
		return false
	}
	d.invalid(name, "The field '"+name+"' must be a boolean.")
	return def
}

// number reads an optional JSON number; ok false when absent.
func (d *body) number(name string) (float64, bool) {
	v, ok := d.get(name)
	if !ok || d.fail != nil {
		return 0, false
	}
	var f float64
	if err := json.Unmarshal(v, &f); err != nil {
		d.invalid(name, "The field '"+name+"' must be a number.")
		return 0, false
	}
	return f, true
}

// strings reads an optional array of strings, at most maxItems of at most max characters.
func (d *body) strings(name string, maxItems, max int) []string {
	v, ok := d.get(name)
	if !ok || d.fail != nil {
		return nil
	}
	var xs []string
	if err := json.Unmarshal(v, &xs); err != nil {
		d.invalid(name, "The field '"+name+"' must be an array of strings.")
		return nil
	}
	if len(xs) > maxItems {
		d.invalid(name, "The field '"+name+"' has more than "+strconv.Itoa(maxItems)+" items.")
		return nil
	}
	for _, s := range xs {
		if utf8.RuneCountInString(s) > max {
			d.invalid(name, "An item of '"+name+"' is longer than "+strconv.Itoa(max)+" characters.")
			return nil
		}
	}
	return xs
}

// object reads an optional JSON object as raw fields; nil when absent.
func (d *body) object(name string) map[string]json.RawMessage {
	v, ok := d.get(name)
	if !ok || d.fail != nil {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(v, &m); err != nil {
		d.invalid(name, "The field '"+name+"' must be an object.")
		return nil
	}
	return m
}

// timestamp reads an optional ISO 8601 time; zero when absent.
func (d *body) timestamp(name string) time.Time {
	s := d.str(name, 64)
	if s == "" || d.fail != nil {
		return time.Time{}
	}
	t, ok := parseTime(s, false)
	if !ok {
		d.invalid(name, "The field '"+name+"' must be an ISO 8601 time.")
	}
	return t
}

// parseTime accepts RFC 3339 times and YYYY-MM-DD dates (UTC). A date used
// as an upper bound (end) means the end of that day.
func parseTime(s string, end bool) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), true
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		if end {
			t = t.Add(24*time.Hour - time.Nanosecond)
		}
		return t, true
	}
	return time.Time{}, false
}

func inSet(s string, set []string) bool {
	for _, x := range set {
		if s == x {
			return true
		}
	}
	return false
}
