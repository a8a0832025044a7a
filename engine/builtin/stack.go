package builtin

import (
	"math"
	"strings"
)

// The sentiment stacker: a small multinomial logistic layer that reads the
// rules' verdict and scores (final label, compound, positive and negative
// evidence, contrast, news shape, intents, abuse, lexicon hits, the text's
// shape) beside the learned head's class log-odds, and decides the sentiment label of
// tweet-shaped Arabic text. The learned part corrects the rules rather than
// replacing them: the rules' label is one of its inputs.
//
// Its weights (data/sentiment_mix.tsv: 4 classes x stackN numbers) are a
// setting chosen on the dev sets like the rules' thresholds, never per-word
// weights: engine/builtin/cmd/fitmix fits them on one half of the ArSAS and
// ASTD dev sets (split by a hash of the text), shifts the class biases to
// the best macro-F1 of that half, and checks the result on the other half
// (docs/quality.md, "Learned evidence"). A missing table, or a language
// without rows, leaves the rules' label. English text goes to its own
// stacker when its table ships (stack_en.go, data/sentiment_mix_en.tsv). The table depends on the learned head's table:
// after `make train` changes it, refit (delete the table first when the
// inputs change: a table of the wrong width stops the start).
//
// Which texts it decides (stackApplies): tweet-shaped ones (a hashtag, a
// link, or at least StackShapeMin bytes) where the rules found no question,
// complaint, praise or suggestion. The dev tweets it is fitted on are not
// comments written to a brand: there a question word is mostly rhetorical
// and negative and a complaint cue often news, so fitted on every text it
// turned plain questions negative and complaints neutral (measured on the
// obvious-comment set; docs/quality.md). Those comments keep the rules'
// label (TestStackerKeepsLongComments, TestStackerSkipsShortComments).

// stackN is the number of stacker inputs (see stackFeatures).
const stackN = 25

// StackFeatureNames names the stacker inputs in order (the table's columns).
var StackFeatureNames = [stackN]string{
	"bias", "rule_positive", "rule_negative", "rule_neutral", "rule_mixed",
	"compound", "log1p_pos", "log1p_neg", "contrast", "news",
	"complaint", "praise", "question", "suggestion", "spam", "abusive",
	"learned", "learned_pos_neu", "learned_neg_neu", "log1p_hits",
	"link", "hashtag", "log_bytes", "question_mark", "emoji",
}

// StackShapeMin is the length in bytes from which a text without a hashtag
// or link counts as tweet-shaped (exported for cmd/fitmix's measurements;
// the shipped table was fitted with this value). The obvious-comment set's
// longest text has 100 bytes; 100 to 200 give about the same dev figures.
var StackShapeMin = 150

// StackOtherOnly: the stacker leaves texts with a question, complaint,
// praise or suggestion intent to the rules (exported for cmd/fitmix).
var StackOtherOnly = true

// stackMix is one language's stacker: per class, stackN weights.
type stackMix struct {
	classes []string
	w       [][stackN]float64
}

var stackAr, stackEn *stackMix

func init() {
	stackAr, stackEn = loadStack("sentiment_mix.tsv")
}

// loadStack reads "lang<TAB>class<TAB>w..." rows (lang ar or en); a missing
// file yields nil stackers.
func loadStack(name string) (ar, en *stackMix) {
	if _, err := dataFS.Open("data/" + name); err != nil {
		return nil, nil
	}
	for _, f := range tsvRowsRaw(name) {
		if len(f) != 2+stackN {
			panic("builtin: bad row in " + name + ": " + strings.Join(f, " "))
		}
		var m **stackMix
		switch f[0] {
		case "ar":
			m = &ar
		case "en":
			m = &en
		default:
			panic("builtin: bad language in " + name + ": " + f[0])
		}
		if *m == nil {
			*m = &stackMix{}
		}
		var w [stackN]float64
		for i, x := range f[2:] {
			w[i] = atof(x, 0)
		}
		(*m).classes = append((*m).classes, f[1])
		(*m).w = append((*m).w, w)
	}
	return ar, en
}

// decide returns the class with the highest score.
func (m *stackMix) decide(x *[stackN]float64) string {
	best, bi := math.Inf(-1), 0
	for k := range m.w {
		s := 0.0
		for i, v := range x {
			s += m.w[k][i] * v
		}
		if s > best {
			best, bi = s, k
		}
	}
	return m.classes[bi]
}

// stackFeatures computes the stacker inputs of an analysed text whose label
// is the rules' final label.
func stackFeatures(a *textAnalysis, abusive bool) (x [stackN]float64) {
	b := func(c bool) float64 {
		if c {
			return 1
		}
		return 0
	}
	has := func(k string) float64 {
		for _, i := range a.intents {
			if i == k {
				return 1
			}
		}
		return 0
	}
	s := &a.sent
	x[0] = 1
	x[1], x[2], x[3], x[4] = b(a.label == "positive"), b(a.label == "negative"), b(a.label == "neutral"), b(a.label == "mixed")
	x[5] = s.compound
	x[6], x[7] = math.Log1p(s.pos), math.Log1p(s.neg)
	x[8] = b(s.contrast)
	x[9] = b(newsLike(a.text, a.toks))
	x[10], x[11], x[12], x[13], x[14] = has("complaint"), has("praise"), has("question"), has("suggestion"), has("spam")
	x[15] = b(abusive)
	if s.learned {
		const eps = 1e-4
		x[16] = 1
		x[17] = math.Log((s.lp[2] + eps) / (s.lp[1] + eps))
		x[18] = math.Log((s.lp[0] + eps) / (s.lp[1] + eps))
	}
	x[19] = math.Log1p(float64(s.hits))
	x[20] = b(strings.Contains(a.text, "http"))
	x[21] = b(strings.Contains(a.text, "#"))
	x[22] = math.Log(float64(len(a.text) + 1))
	x[23] = b(strings.ContainsAny(a.text, "?؟"))
	for i := range a.toks {
		if a.toks[i].emoji {
			x[24] = 1
			break
		}
	}
	return x
}

// stackApplies reports a text the stacker decides: tweet-shaped (a hashtag,
// a link, or at least StackShapeMin bytes), with no intent but spam or
// other (StackOtherOnly). English keeps the rules' "mixed": its dev set has
// no mixed class to learn it from.
func stackApplies(a *textAnalysis) bool {
	if !a.sent.arabic && a.label == "mixed" {
		return false
	}
	if StackOtherOnly {
		for _, i := range a.intents {
			if i != "other" && i != "spam" {
				return false
			}
		}
	}
	return len(a.text) >= StackShapeMin || strings.Contains(a.text, "#") || strings.Contains(a.text, "http")
}

// stacked returns the stacker's label for an analysed text (the rules'
// label when no stacker applies).
func stacked(a *textAnalysis, abusive bool) string {
	if !a.sent.arabic && stackEnMix != nil {
		return stackedEn(a, abusive) // English: stack_en.go
	}
	m := stackEn
	if a.sent.arabic {
		m = stackAr
	}
	if m == nil || !stackApplies(a) {
		return a.label
	}
	x := stackFeatures(a, abusive)
	return m.decide(&x)
}

// StackInput is the fitting tool's view of a text (engine/builtin/cmd/fitmix):
// the stacker inputs computed from the rules and the learned heads.
type StackInput struct {
	X       []float64 // the stacker inputs (StackFeatureNames)
	Arabic  bool      // the Arabic stacker applies, else the English one
	Rules   string    // the rules' final label (no stacker)
	Applies bool      // false: the rules' label stands (stackApplies)
}

// SentimentStackInput returns the stacker's view of text.
func SentimentStackInput(text string) StackInput {
	a := analyseRules(text)
	f := stackFeatures(&a, a.tx.abuse() >= abusiveMin)
	return StackInput{X: f[:], Arabic: a.sent.arabic, Rules: a.label, Applies: stackApplies(&a)}
}
