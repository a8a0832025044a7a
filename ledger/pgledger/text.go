package pgledger

import (
	"strings"
	"unicode/utf8"
)

// PostgreSQL text holds valid UTF-8 without NUL; the API accepts any JSON
// string (\u0000 included) and ids from URLs (any bytes). esc maps every Go
// string one-to-one onto storable text: '\' -> `\\`, NUL -> `\0`, each byte
// of invalid UTF-8 -> `\xHH`; unesc inverts it. Strings without those
// (every id this service mints, nearly all text) are stored as they are.
// Every string that reaches a text column or is compared with one goes
// through esc; every user string read back through unesc.
func esc(s string) string {
	clean := true
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0 || c == '\\' {
			clean = false
			break
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return s
	}
	const hex = "0123456789abcdef"
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0:
			b.WriteString(`\0`)
			i++
		case c == '\\':
			b.WriteString(`\\`)
			i++
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				b.WriteString(`\x`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&15])
			} else {
				b.WriteString(s[i : i+n])
			}
			i += n
		}
	}
	return b.String()
}

// unesc inverts esc.
func unesc(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		switch s[i+1] {
		case '0':
			b.WriteByte(0)
			i++
		case '\\':
			b.WriteByte('\\')
			i++
		case 'x':
			if i+3 < len(s) {
				b.WriteByte(unhex(s[i+2])<<4 | unhex(s[i+3]))
				i += 3
			} else {
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return 0
}

func escAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = esc(s)
	}
	return out
}

func unescAll(ss []string) {
	for i, s := range ss {
		ss[i] = unesc(s)
	}
}
