package cache

import (
	"slices"
)

// Length ratio bound on canonical text (runes) for a near hit.
const maxLenRatio = 1.25

// guard reports whether a cached text c may answer a query q. Every check is a
// necessary condition; the last one (token alignment) alone implies most of
// the others, which are kept explicit so that a looser alignment rule can
// never silently drop them.
func guard(q, c *features) bool {
	if !q.nearEligible() || !c.nearEligible() {
		return false
	}
	if q.script != c.script || q.lang() != c.lang() {
		return false
	}
	if q.question != c.question {
		return false
	}
	if q.neg != c.neg || q.neg%2 != c.neg%2 {
		return false
	}
	var qk, ck [kindSym + 1]int
	for _, t := range q.toks {
		qk[t.kind]++
	}
	for _, t := range c.toks {
		ck[t.kind]++
	}
	for _, k := range []uint8{kindNum, kindURL, kindMention, kindEmoji, kindSym} {
		if qk[k] != ck[k] {
			return false
		}
		if qk[k] > 0 && !slices.Equal(q.multisetOf(k), c.multisetOf(k)) {
			return false
		}
	}
	a, b := float64(q.canonLen), float64(c.canonLen)
	if a > b {
		a, b = b, a
	}
	if a == 0 || b/a > maxLenRatio && b-a > 3 {
		return false
	}
	return alignTokens(q.toks, c.toks)
}

// alignTokens: equal-length sequences of compatible tokens, or sequences that
// differ by exactly one inserted stopword.
func alignTokens(x, y []token) bool {
	switch len(x) - len(y) {
	case 0:
		for i := range x {
			if !tokenCompatible(x[i], y[i]) {
				return false
			}
		}
		return true
	case -1:
		x, y = y, x
		fallthrough
	case 1:
		// x is longer by one: find the extra token, it must be a stopword.
		i := 0
		for i < len(y) && tokenCompatible(x[i], y[i]) {
			i++
		}
		if x[i].kind != kindWord || !stopwords[x[i].canon] {
			return false
		}
		for ; i < len(y); i++ {
			if !tokenCompatible(x[i+1], y[i]) {
				return false
			}
		}
		return true
	}
	return false
}

// tokenCompatible: same kind and canonical form; for words, the run profile
// must agree wherever neither side is elongated ("good" ~ "goooood",
// "good" !~ "god", "god" ~ "goooood").
func tokenCompatible(a, b token) bool {
	if a.kind != b.kind || a.canon != b.canon {
		return false
	}
	if a.kind != kindWord || a.runs == b.runs {
		return true
	}
	n := len(b.runs)
	if len(a.runs) > n {
		n = len(a.runs)
	}
	for i := 0; i < n; i++ {
		ra, rb := runAt(a.runs, i), runAt(b.runs, i)
		if ra != rb && ra != 'E' && rb != 'E' {
			return false
		}
	}
	return true
}

func runAt(runs string, i int) byte {
	if i < len(runs) {
		return runs[i]
	}
	return '1'
}
