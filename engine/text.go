package engine

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/engine/op"
	"svc/engine/provider/wire"
	"svc/engine/textnorm"
)

// norm lower-cases and trims an enum value from a model.
func norm(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// normKeys returns m with its keys normalised by norm (m itself when they
// are already); of keys that normalise alike, the largest value is kept.
func normKeys(m map[string]float64) map[string]float64 {
	for k := range m {
		if norm(k) != k {
			out := make(map[string]float64, len(m))
			for k, v := range m {
				k = norm(k)
				if old, ok := out[k]; !ok || v > old {
					out[k] = v
				}
			}
			return out
		}
	}
	return m
}

// validSubset keeps the values of vs that are in set (normalised), in first-seen
// order, without duplicates.
func validSubset(vs, set []string) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		v = norm(v)
		if op.In(v, set) && !op.In(v, out) {
			out = append(out, v)
		}
	}
	return out
}

func clamp01(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return 0
	case x > 1:
		return 1
	}
	return x
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

func foldKey(s string) string { return textnorm.Fold(s) }

// truncRunes cuts s to at most n runes.
func truncRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n])
}

// cutAtWord returns s cut to at most max runes, at the last word boundary
// that fits (a hard cut when the first word alone is longer than max), with
// trailing spaces and punctuation that would dangle removed.
func cutAtWord(s string, max int) string {
	s = strings.TrimSpace(s)
	if max <= 0 {
		return ""
	}
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	cut := -1
	for i := max; i > 0; i-- {
		if unicode.IsSpace(r[i]) {
			cut = i
			break
		}
	}
	if cut <= 0 {
		return strings.TrimSpace(string(r[:max]))
	}
	return strings.TrimRightFunc(string(r[:cut]), func(c rune) bool {
		return unicode.IsSpace(c) || c == ',' || c == '،' || c == ';' || c == ':' || c == '-'
	})
}

// examples turns feedback hints into few-shot examples: at most MaxHints,
// in the caller's order (httpapi: the account's most similar corrections
// first), each text cut to HintRunes runes, enums filtered.
func (e *Engine) examples(hints []op.Hint) []wire.Example {
	var out []wire.Example
	for _, h := range hints {
		if len(out) == e.cfg.MaxHints {
			break
		}
		ex := wire.Example{Text: truncRunes(strings.TrimSpace(h.Text), e.cfg.HintRunes), Intent: validSubset(h.Intent, op.Intents)}
		if op.In(h.Sentiment, op.Sentiments) {
			ex.Sentiment = h.Sentiment
		}
		if ex.Text == "" || (len(ex.Intent) == 0 && ex.Sentiment == "") {
			continue
		}
		out = append(out, ex)
	}
	return out
}

// hasScript reports whether s has at least one letter of the language's
// script ("ar": Arabic letters, "en": Latin letters).
func hasScript(s, lang string) bool {
	for _, c := range s {
		if !unicode.IsLetter(c) {
			continue
		}
		isAr := textnorm.IsArabic(c)
		if (lang == "ar" && isAr) || (lang == "en" && !isAr && c < 0x0250) {
			return true
		}
	}
	return false
}
