package evidence

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/engine/textnorm"
)

// maxTokens bounds the tokens of one text that become features (and enter
// the neighbour index): a 5,000-character comment costs no more than this.
const maxTokens = 64

// tokens returns the folded word tokens of text (letters and digits; every
// other symbol rune, emoji included, is a token of its own), at most
// maxTokens of them. Arabic tokens lose a leading conjunction و and article
// ال (and بال, لل, فال, كال) so that "والخدمه" and "الخدمه" and "خدمه"
// count as one word.
func tokens(text string) []string {
	f := textnorm.Fold(text)
	out := make([]string, 0, 16)
	start := -1
	flush := func(end int) {
		if start >= 0 {
			out = append(out, stripArabic(f[start:end]))
			start = -1
		}
	}
	for i, r := range f {
		if len(out) >= maxTokens {
			return out
		}
		switch {
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			if start < 0 {
				start = i
			}
		case unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r):
			flush(i)
			out = append(out, string(r))
		default:
			flush(i)
		}
	}
	flush(len(f))
	if len(out) > maxTokens {
		out = out[:maxTokens]
	}
	return out
}

// arabicPrefixes are stripped, longest first, when at least three letters
// (six bytes) remain.
var arabicPrefixes = []string{"وال", "بال", "فال", "كال", "لل", "ال", "و"}

func stripArabic(w string) string {
	if r, _ := utf8.DecodeRuneInString(w); !textnorm.IsArabic(r) {
		return w
	}
	for _, p := range arabicPrefixes {
		if strings.HasPrefix(w, p) && len(w)-len(p) >= 6 {
			return w[len(p):]
		}
	}
	return w
}

// tokenSet returns the sorted distinct hashes of the tokens: the features
// the model learns (presence, not counts) and the set whose Jaccard
// similarity finds near duplicates. Word pairs were measured with cmd/adapt
// and lowered macro-F1 on the Arabic sets (too sparse at a few thousand
// examples), so they are not features.
func tokenSet(toks []string) []uint32 {
	out := make([]uint32, 0, len(toks))
	for _, t := range toks {
		out = append(out, hash1(t))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// FNV-1a, 32 bits, inlined (no allocation).
const (
	fnvOffset uint32 = 2166136261
	fnvPrime  uint32 = 16777619
)

func fnvAdd(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * fnvPrime
	}
	return h
}

func hash1(t string) uint32 { return fnvAdd(fnvAdd(fnvOffset, "\x01"), t) &^ (gramBit | scoreBit) }

// gramN is the length of the character n-grams of a word that are features
// besides the word (features). Their log-likelihood is weighted per account
// (calib.gramW, calibrate.go): n-grams of one word are not independent
// evidence.
const gramN = 3

// maxGrams bounds the n-grams of one text (a text's features are at most
// maxTokens words and maxGrams n-grams).
const maxGrams = 4 * maxTokens

// features returns the naive-Bayes features of toks: the words of set, and
// the character n-grams (with word boundaries marked) of every Arabic word
// longer than gramN runes: Arabic morphology (suffixed pronouns, plural
// and feminine endings, prefixed prepositions) spreads one stem over many
// word forms that a few thousand examples see once each.
func features(toks []string, set []uint32) []uint32 {
	out := append(make([]uint32, 0, len(set)*4), set...)
	var buf [64]rune
	for _, t := range toks {
		r, _ := utf8.DecodeRuneInString(t)
		if !textnorm.IsArabic(r) {
			continue
		}
		rs := append(buf[:0], '^')
		for _, r := range t {
			rs = append(rs, r)
		}
		rs = append(rs, '$')
		if len(rs)-2 <= gramN {
			continue
		}
		for i := 0; i+gramN <= len(rs) && len(out) < len(set)+maxGrams; i++ {
			out = append(out, hash2(rs[i:i+gramN]))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// hash2 hashes a character n-gram (FNV-1a of its UTF-8, after a tag byte).
func hash2(rs []rune) uint32 {
	h := fnvAdd(fnvOffset, "\x02")
	var b [utf8.UTFMax]byte
	for _, r := range rs {
		n := utf8.EncodeRune(b[:], r)
		for i := 0; i < n; i++ {
			h = (h ^ uint32(b[i])) * fnvPrime
		}
	}
	return h | gramBit
}

// gramBit marks a character n-gram's hash (a word's hash never has it).
const gramBit = 1 << 31

// scoreBit marks a built-in score token's hash (with gramBit clear); its
// log-likelihood is weighted as the built-in answer's (calib.confW).
const scoreBit = 1 << 30

// maxScores bounds the score tokens of one text.
const maxScores = 16

// withScores appends the hashes of the score tokens to feats (sorted).
func withScores(feats []uint32, scores []string) []uint32 {
	if len(scores) == 0 {
		return feats
	}
	for i, t := range scores {
		if i >= maxScores {
			break
		}
		feats = append(feats, fnvAdd(fnvAdd(fnvOffset, "\x03"), t)&^gramBit|scoreBit)
	}
	slices.Sort(feats)
	return slices.Compact(feats)
}

// Feature families: each is its own multinomial in the naive-Bayes model
// (its own vocabulary and denominators), so that the many character
// n-grams of a text do not dilute the likelihood of its words.
const (
	famWord = iota
	famGram
	famScore
	nFam
)

// fam returns the family of a feature hash.
func fam(f uint32) int {
	switch {
	case f&gramBit != 0:
		return famGram
	case f&scoreBit != 0:
		return famScore
	}
	return famWord
}

// famCounts returns the number of features of each family in feats.
func famCounts(feats []uint32) (n [nFam]int32) {
	for _, f := range feats {
		n[fam(f)]++
	}
	return n
}
