package builtin

import "strings"

// FeatNeg is the "features" row value of a table whose head reads a word
// within three tokens after an English negator ("not", "never", "don't",
// ...; the rules' own negation window, sentiment.go) as a feature of its
// own, "not_" + key, instead of the word: "not good" then weighs against
// "good" rather than with it (the usual negation marking of bag-of-words
// sentiment models). Words and word pairs are features as in Features.
const FeatNeg = "words+pairs+neg3"

// negPrefix marks a negated word's feature.
const negPrefix = "not_"

// negatedWord reports a Latin word token within three tokens after a
// negator (the rules' test: a negator word or a key ending in "nt").
func negatedWord(toks []token, i int) bool {
	if toks[i].arabic {
		return false
	}
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		key := toks[k].key
		if negators[key] || strings.HasSuffix(key, "nt") && len(key) > 3 {
			return true
		}
	}
	return false
}

// FeaturesNeg is Features with negated words marked (FeatNeg): the
// trainer's view of a FeatNeg head.
func FeaturesNeg(text string) []string { return wordFeatures(tokenizeComment(text), true) }

// tokenizeComment is tokenize with the camel-case words of a hashtag split
// (#NotMyPresident -> Not My President, #HappyBirthday -> Happy Birthday,
// as VADER's users split hashtags) in Latin-script text: classify and
// moderate read a comment's tokens through it. Text with any Arabic word
// keeps tokenize's tokens (a Latin hashtag there is mostly a name; the
// Arabic learned tables and stacker were fitted on tokenize's view).
func tokenizeComment(text string) []token { return tokenizeCommentBuf(text, nil) }

// tokenizeCommentBuf is tokenizeComment into buf's memory (tokenizeBuf); a
// split hashtag's tokens are new memory.
func tokenizeCommentBuf(text string, buf *tokBuf) []token {
	toks := tokenizeBuf(text, buf)
	if strings.IndexByte(text, '#') < 0 {
		return toks
	}
	ar, lat, split := 0, 0, false
	for i := range toks {
		t := &toks[i]
		switch {
		case t.arabic:
			ar++
		case !t.emoji:
			lat++
			if t.start > 0 && text[t.start-1] == '#' && camelSplits(text[t.start:t.end]) {
				split = true
			}
		}
	}
	if !split || ar > 0 || lat == 0 {
		return toks
	}
	out := make([]token, 0, len(toks)+4)
	sc := new(keyScratch)
	for _, t := range toks {
		if t.arabic || t.emoji || t.start == 0 || text[t.start-1] != '#' || !camelSplits(text[t.start:t.end]) {
			out = append(out, t)
			continue
		}
		p := t.start
		for q := t.start + 1; q <= t.end; q++ {
			if q == t.end || isASCIILower(text[q-1]) && isASCIIUpper(text[q]) {
				out = append(out, makeToken(text, p, q, sc))
				p = q
			}
		}
	}
	return out
}

func isASCIILower(b byte) bool { return b >= 'a' && b <= 'z' }
func isASCIIUpper(b byte) bool { return b >= 'A' && b <= 'Z' }

// camelSplits reports a hashtag body of ASCII letters and digits with a
// lower-case letter followed by a capital: words joined in camel case.
func camelSplits(s string) bool {
	split := false
	for q := 0; q < len(s); q++ {
		c := s[q]
		if !isASCIILower(c) && !isASCIIUpper(c) && !(c >= '0' && c <= '9') {
			return false
		}
		if q > 0 && isASCIILower(s[q-1]) && isASCIIUpper(c) {
			split = true
		}
	}
	return split
}
