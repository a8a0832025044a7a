package builtin

import (
	"math"
	"strings"
)

// The sentiment stacker: a small multinomial logistic layer that reads the
// rules' verdict and scores (final label, compound, positive and negative
// evidence, contrast, news shape, intents, abuse, lexicon hits, the text's
// shape, its dialect) beside two learned heads' class log-odds (the
// word-pair logistic regression the rules add to their evidence, and a
// naive Bayes over words, word pairs and character 3-grams that only the
// stacker reads, data/learned_sentiment_ar_stack.tsv), and decides the
// sentiment label of tweet-shaped Arabic text. The learned part corrects
// the rules rather than replacing them: the rules' label is one of its
// inputs.
//
// Its weights (data/sentiment_mix.tsv: 4 classes x stackN numbers) are a
// setting chosen on the dev sets like the rules' thresholds, never per-word
// weights: engine/builtin/cmd/fitmix fits them on one half of the ArSAS and
// ASTD dev sets (split by a hash of the text) and checks the result on the
// other half (docs/quality.md, "Learned evidence"). A missing table, or a
// language without rows, leaves the rules' label. English text goes to its
// own stacker when its table ships (stack_en.go, data/sentiment_mix_en.tsv).
// The table depends on the learned heads' tables: after `make train`
// changes them, refit (a table of the wrong width stops the start).
//
// Which texts it decides (stackApplies): tweet-shaped ones (a hashtag, a
// link, or at least StackShapeMin bytes) where the rules found no intent
// but spam or other; praise of at least StackIntentMin bytes; questions,
// suggestions and complaints only with a hashtag or link. The dev tweets it
// is fitted on are not comments written to a brand: there a question is
// mostly rhetorical and negative, so fitted on every text it turned plain
// questions negative and complaints neutral or mixed (measured on the
// obvious-comment set and on long comments; docs/quality.md). Short
// comments, and questions, suggestions and complaints without a tweet's
// hashtag or link, keep the rules' label (TestStackerGate,
// TestStackerKeepsLongComments, TestStackerSkipsShortComments).

// stackN is the number of stacker inputs (see stackFeatures).
const stackN = 34

// StackFeatureNames names the stacker inputs in order (the table's columns).
var StackFeatureNames = [stackN]string{
	"bias", "rule_positive", "rule_negative", "rule_neutral", "rule_mixed",
	"compound", "log1p_pos", "log1p_neg", "contrast", "news",
	"complaint", "praise", "question", "suggestion", "spam", "abusive",
	"learned", "learned_pos_neu", "learned_neg_neu", "log1p_hits",
	"link", "hashtag", "log_bytes", "question_mark", "emoji",
	"egyptian", "gulf", "levantine", "mention", "long",
	"nb_pos_neu", "nb_neg_neu", "nb_pos_neu_sum", "nb_neg_neu_sum",
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
			// a table of the wrong width (inputs added or removed): refit
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
	x[9] = b(s.news)
	x[10], x[11], x[12], x[13], x[14] = has("complaint"), has("praise"), has("question"), has("suggestion"), has("spam")
	x[15] = b(abusive)
	if s.learned {
		x[16] = 1
		x[17], x[18] = learnedLogOdds(s)
	}
	x[19] = math.Log1p(float64(s.hits))
	x[20] = b(strings.Contains(a.text, "http"))
	x[21] = b(strings.Contains(a.text, "#"))
	x[22] = math.Log(float64(len(a.text) + 1))
	x[23] = b(strings.Contains(a.text, "?") || strings.Contains(a.text, "؟"))
	for i := range a.toks {
		if a.toks[i].emoji {
			x[24] = 1
			break
		}
	}
	switch a.d.Dialect {
	case "egyptian":
		x[25] = 1
	case "gulf":
		x[26] = 1
	case "levantine":
		x[27] = 1
	}
	x[28] = b(strings.Contains(a.text, "@"))
	x[29] = b(len(a.text) >= StackShapeMin)
	if h := learnedSentArStack; h != nil && a.sent.arabic {
		var l [3]float64
		if n := h.logits(a.toks, l[:]); n > 0 {
			x[30] = (l[2] - l[1]) / float64(n)
			x[31] = (l[0] - l[1]) / float64(n)
			x[32] = (l[2] - l[1]) / 10
			x[33] = (l[0] - l[1]) / 10
		}
	}
	return x
}

// learnedLogOdds is the learned head's log-odds of positive and of
// negative against neutral.
func learnedLogOdds(s *sentScore) (pos, neg float64) {
	const eps = 1e-4
	return math.Log((s.lp[2] + eps) / (s.lp[1] + eps)), math.Log((s.lp[0] + eps) / (s.lp[1] + eps))
}

// stackApplies reports a text the stacker decides: tweet-shaped (a hashtag,
// a link, or at least StackShapeMin bytes), with no intent but spam or
// other (StackOtherOnly); a text with an intent when it has at least
// StackIntentMin bytes (or a hashtag or link, StackIntentTags); a short text
// without intent when StackShortOther. English keeps the rules' "mixed": its
// dev set has no mixed class to learn it from.
func stackApplies(a *textAnalysis) bool {
	if !a.sent.arabic && a.label == "mixed" {
		return false
	}
	tags := strings.Contains(a.text, "#") || strings.Contains(a.text, "http")
	if StackOtherOnly {
		intent, long := false, true
		for _, i := range a.intents {
			if i == "other" || i == "spam" {
				continue
			}
			intent = true
			switch {
			case strings.Contains(StackIntents, i):
			case strings.Contains(StackTagIntents, i):
				long = false
			default:
				return false
			}
		}
		if intent {
			return long && len(a.text) >= StackIntentMin || StackIntentTags && tags
		}
	}
	if len(a.text) >= StackShapeMin || tags {
		return true
	}
	// a short text: spam and abuse keep the rules' label (neutral, negative)
	return StackShortOther && !intentOf(a, "spam") && a.tx.abuse() < abusiveMin
}

func intentOf(a *textAnalysis, k string) bool {
	for _, i := range a.intents {
		if i == k {
			return true
		}
	}
	return false
}

// With StackOtherOnly, texts with an intent of StackIntents are decided
// from StackIntentMin bytes, texts with an intent of StackTagIntents only
// with a hashtag or link (StackIntentTags; the dev tweets' questions are
// rhetorical, a comment's long question to a business is not), texts with
// another intent never. StackShortOther: texts without such an intent are
// decided at any length. StackMargin: the stacker overrules the rules'
// label only when its probability of its own label beats its probability
// of the rules' label by this much. The shipped table was fitted with
// these defaults (cmd/fitmix's flags; docs/quality.md lists the
// alternatives measured).
var (
	StackIntents    = "praise"
	StackTagIntents = "question,suggestion,complaint"
	StackIntentMin  = 120
	StackIntentTags = true
	StackShortOther = false
	StackMargin     = 0.0
)

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
	a.stackX, a.stackOK = stackFeatures(a, abusive), true
	return m.decideOver(&a.stackX, a.label, StackMargin)
}

// decideOver is decide with the rules' label kept unless the stacker's
// probability of its own label beats that of rules by margin.
func (m *stackMix) decideOver(x *[stackN]float64, rules string, margin float64) string {
	var p [8]float64
	ps := p[:len(m.w)]
	for k := range m.w {
		s := 0.0
		for i, v := range x {
			s += m.w[k][i] * v
		}
		ps[k] = s
	}
	return DecideMargin(ps, m.classes, rules, margin)
}

// DecideMargin returns the class of the highest score in ps (log-odds,
// overwritten with probabilities), or rules when that class's probability
// beats the rules' class's by less than margin (shared with cmd/fitmix).
func DecideMargin(ps []float64, classes []string, rules string, margin float64) string {
	Softmax(ps)
	bi, ri := 0, -1
	for k := range ps {
		if ps[k] > ps[bi] {
			bi = k
		}
		if classes[k] == rules {
			ri = k
		}
	}
	if ri >= 0 && bi != ri && ps[bi]-ps[ri] < margin {
		return rules
	}
	return classes[bi]
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
// An Arabizi text is read in Arabic script first, as Classify does.
func SentimentStackInput(text string) StackInput {
	if x, _, ok := arabiziReading(text); ok {
		text = x.Text
	}
	a := analyseRules(text)
	f := stackFeatures(&a, a.tx.abuse() >= abusiveMin)
	return StackInput{X: f[:], Arabic: a.sent.arabic, Rules: a.label, Applies: stackApplies(&a)}
}
