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
func FeaturesNeg(text string) []string {
	toks := tokenize(text)
	var out []string
	prev := ""
	for i := range toks {
		t := &toks[i]
		if !wordTok(t) || t.key == "" {
			prev = ""
			continue
		}
		if negatedWord(toks, i) {
			out = append(out, negPrefix+t.key)
		} else {
			out = append(out, t.key)
		}
		if prev != "" {
			out = append(out, prev+" "+t.key)
		}
		prev = t.key
	}
	return out
}
