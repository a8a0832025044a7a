package builtin

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentiment lexicons: VADER's word valences (MIT, see NOTICE.md) for English,
// project-written valences for Arabic and emoji. Values are on VADER's -4..4 scale.
var (
	sentVal []float64
	sentM   *matcher
)

// Negators flip (and damp) the valence of a following word within three
// tokens; intensifiers scale the next word.
var (
	negators = map[string]bool{}
	boosters = map[string]float64{}
)

func init() {
	sentM = newMatcher()
	add := func(term string, v float64, exact bool) {
		sentVal = append(sentVal, v)
		sentM.add(term, len(sentVal)-1, exact)
	}
	for _, f := range tsvRows("sentiment_ar.tsv") {
		if len(f) >= 2 {
			add(f[0], atof(f[1], 0), len(f) > 2 && strings.Contains(f[2], "x"))
		}
	}
	for _, f := range tsvRows("emoji_sentiment.tsv") {
		if len(f) >= 2 {
			add(f[0], atof(f[1], 0), true)
		}
	}
	for _, f := range tsvRows("vader_lexicon.tsv") {
		if len(f) >= 2 && len(tokenize(f[0])) > 0 {
			add(f[0], atof(f[1], 0), true)
		}
	}
	for _, w := range []string{"not", "no", "never", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "cannot", "couldnt",
		"wont", "wouldnt", "shouldnt", "aint", "nothing", "nobody", "neither", "nor", "without", "hardly", "barely",
		"ما", "مش", "مو", "مب", "موب", "لا", "ليس", "ليست", "لم", "لن", "مافي", "ماني", "مهو", "مهي", "بلاش", "بدون", "غير", "مش", "مانيش", "مهوش", "ولا"} {
		negators[foldKey(w)] = true
	}
	for w, v := range map[string]float64{"very": 0.3, "so": 0.3, "really": 0.3, "extremely": 0.4, "too": 0.2, "super": 0.3, "totally": 0.3, "absolutely": 0.4,
		"incredibly": 0.4, "most": 0.3, "much": 0.2, "sooo": 0.4, "completely": 0.3, "utterly": 0.4, "highly": 0.3, "truly": 0.3,
		"جدا": 0.4, "كتير": 0.3, "كثير": 0.3, "وايد": 0.4, "اوي": 0.4, "قوي": 0.3, "مره": 0.3, "حيل": 0.4, "بزاف": 0.4, "خالص": 0.3, "للغايه": 0.4, "بشده": 0.3, "تماما": 0.3, "اكثر": 0.2} {
		boosters[foldKey(w)] = v
	}
}

// sentScore is the lexical evidence of a text.
type sentScore struct {
	pos, neg float64 // summed positive and (absolute) negative valence
	rawPos   float64 // positive and negative valence before contrast weighting
	rawNeg   float64
	compound float64 // VADER-style normalised sum, -1..1
	hits     int
}

// scoreSentiment sums lexicon valences over tokens with negation, intensifiers,
// "but"/"لكن" contrast weighting, capitals and exclamation emphasis.
func scoreSentiment(text string, toks []token) sentScore {
	var s sentScore
	hits := sentM.find(toks)
	butAt := -1
	for i, t := range toks {
		if t.key == "but" || t.key == "لكن" || t.key == "بس" || t.key == "however" || t.key == "although" {
			butAt = i
		}
	}
	for _, h := range hits {
		v := sentVal[h.id]
		if v == 0 {
			continue
		}
		t := toks[h.ti]
		// intensifier right before
		if h.ti > 0 {
			if b, ok := boosters[toks[h.ti-1].key]; ok {
				v += math.Copysign(b*2, v)
			}
		}
		if t.elong {
			v += math.Copysign(0.5, v)
		}
		if isUpperWord(text[t.start:t.end]) {
			v += math.Copysign(0.5, v)
		}
		// negation within the three previous tokens; Arabic "ما" before an
		// elative (ما احلى, ما اجمل) is an exclamation, not a negation
		for k := h.ti - 1; k >= 0 && k >= h.ti-3; k-- {
			if toks[k].key == "ما" && isElative(toks[k+1].key) {
				break
			}
			if negators[toks[k].key] || strings.HasSuffix(toks[k].key, "nt") && len(toks[k].key) > 3 {
				v *= -0.74
				break
			}
		}
		if v > 0 {
			s.rawPos += v
		} else {
			s.rawNeg -= v
		}
		if butAt >= 0 {
			if h.ti < butAt {
				v *= 0.5
			} else if h.ti > butAt {
				v *= 1.5
			}
		}
		if v > 0 {
			s.pos += v
		} else {
			s.neg -= v
		}
		s.hits++
	}
	sum := s.pos - s.neg
	if ex := strings.Count(text, "!"); ex > 0 && sum != 0 {
		sum += math.Copysign(0.3*math.Min(float64(ex), 4), sum)
	}
	s.compound = sum / math.Sqrt(sum*sum+15)
	return s
}

func isUpperWord(w string) bool {
	letters, upper := 0, 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	return letters >= 3 && upper == letters
}

// Decision constants of sentimentLabel.
var (
	mixedMin    = 1.5 // both positive and negative evidence at least this strong
	mixedRatio  = 0.5 // and the weaker at least this fraction of the stronger
	neutralBand = 0.2 // |compound| below this is neutral
)

// sentimentLabel maps lexical evidence to the sentiment enumeration: mixed
// when both positive and negative evidence are strong, else the sign of the
// compound score outside a neutral band.
func sentimentLabel(s sentScore) (string, float64) {
	if s.rawPos >= mixedMin && s.rawNeg >= mixedMin && math.Min(s.rawPos, s.rawNeg)/math.Max(s.rawPos, s.rawNeg) >= mixedRatio {
		return "mixed", 0.6
	}
	switch {
	case s.compound >= neutralBand:
		return "positive", 0.5 + s.compound/2
	case s.compound <= -neutralBand:
		return "negative", 0.5 - s.compound/2
	}
	return "neutral", 0.6
}

// isElative reports an Arabic أفعل-pattern word (folded: ا + three letters,
// e.g. احلى -> احلي, اجمل, اروع), the form of exclamations after "ما".
func isElative(k string) bool {
	return strings.HasPrefix(k, "ا") && utf8.RuneCountInString(k) == 4
}

// withAbuse adds the moderation hits of a text (insults, profanity, hate,
// threats: mild or worse) to its negative evidence, 1.5 each, and recomputes
// the compound score: abuse is negative whatever words it uses.
func withAbuse(s sentScore, tx *toxicity) sentScore {
	n := 0
	for _, h := range tx.hits {
		if h.cat != catSpam && h.score >= sevScore[1] {
			n++
		}
	}
	if n == 0 {
		return s
	}
	s.neg += 1.5 * float64(n)
	s.rawNeg += 1.5 * float64(n)
	sum := s.pos - s.neg
	s.compound = sum / math.Sqrt(sum*sum+15)
	return s
}
