package builtin

// The English sentiment stacker: the multinomial logistic layer of stack.go
// (same inputs, stackFeatures) with the English learned head's class
// log-odds (naive Bayes over GoEmotions, data/learned_sentiment_en.tsv,
// CC BY 4.0), fitted on half of the TweetEval dev set by
// engine/builtin/cmd/fiten (data/sentiment_mix_en.tsv: 3 classes x stackN
// numbers, a setting chosen on the dev set like a threshold: no text, no
// per-word weight). It decides English text, with a gate that keeps the
// rules' answer on comments written to a brand (measured on the
// obvious-comment set, docs/quality.md "Learned evidence"):
//
//   - spam keeps the rules' label (neutral: spam voices no opinion);
//   - a clear intent cue keeps it: a complaint cue of at least enCueMin or
//     a strong complaint event ("charged twice", "arrived broken": irony
//     around it is still a complaint), a praise cue of at least enCueMin,
//     and a complaint weighed against praise ("mixed");
//   - abuse keeps it (negative: abuse is negative whatever its words);
//   - any other intent (a question, a suggestion, a weaker cue) keeps it in
//     a comment; in a tweet-shaped text (an @mention, a hashtag, a link, or
//     at least EnShapeMin bytes) the stacker decides when its class has
//     probability at least EnStackSoft. A tweet's "should" or question is
//     often an opinion, a comment's a request or a wish ("would love a
//     vegan menu" is no praise): measured on the obvious-comment set, whose
//     English comments are all under 100 bytes;
//   - text without an intent is the stacker's.
//
// Without the tables the rules answer alone.

// enCueMin is the cue evidence from which a complaint or praise cue keeps
// the rules' label (the obvious-comment set's complaints and praises all
// reach it; labelWithIntent uses the same 0.6 for a complaint).
const enCueMin = 0.6

// EnStackSoft is the stacker probability from which it overrules the
// rules on text with a question, suggestion or weak cue (exported for
// cmd/fiten; the shipped table was measured with this value).
var EnStackSoft = 0.5

// EnStackPolar is the stacker probability from which it overrules a
// positive or negative label the rules found without an intent (exported
// for cmd/fiten). 0: at 0.5 TweetEval's held-out halves lost about 0.012
// and no comment of the obvious-comment set was kept right by it.
var EnStackPolar = 0.0

// EnShapeMin is the length in bytes from which a text without an
// @mention, hashtag or link counts as tweet-shaped (exported for cmd/fiten;
// 80 and 100 give the same dev figures, 150 loses 0.004 on half B).
var EnShapeMin = 100

// tweetShaped reports a text written as a tweet rather than a comment to a
// brand: an @mention, a hashtag, a link, or at least EnShapeMin bytes.
func tweetShaped(text string) bool {
	return len(text) >= EnShapeMin || tweetMarks(text)
}

var stackEnMix *stackMix

func init() {
	_, stackEnMix = loadStack("sentiment_mix_en.tsv")
}

// Gates of the English stacker (enGate).
const (
	EnFree  = iota // the stacker decides
	EnSoft         // the stacker decides when it is sure (EnStackSoft)
	EnKeep         // the rules' label stands
	EnPolar        // the stacker decides when it is sure (EnStackPolar)
)

// enGate says how far the English stacker may decide an analysed text.
func enGate(a *textAnalysis) int {
	has := func(k string) bool {
		for _, i := range a.intents {
			if i == k {
				return true
			}
		}
		return false
	}
	switch {
	case has("spam"), a.tx.abuse() >= abusiveMin:
		return EnKeep
	case has("complaint") && (a.sc.cue[iComplaint] >= enCueMin || a.sc.strong || a.label == "mixed"):
		return EnKeep
	case has("praise") && a.sc.cue[iPraise] >= enCueMin:
		return EnKeep
	case has("complaint") || has("praise") || has("question") || has("suggestion"):
		if !tweetShaped(a.text) {
			return EnKeep
		}
		return EnSoft
	case a.label == "positive" || a.label == "negative":
		return EnPolar
	}
	return EnFree
}

// EnStackDecide returns the English stacker's label of x (stackN inputs)
// under a gate, given the rules' label and weights w (3 classes, rows in
// the order of classes). The runtime and cmd/fiten share it.
func EnStackDecide(w [][stackN]float64, classes []string, x []float64, rules string, gate int) string {
	if gate == EnKeep || len(w) == 0 {
		return rules
	}
	var p [8]float64
	s := p[:len(w)]
	for k := range w {
		for i, v := range x {
			s[k] += w[k][i] * v
		}
	}
	Softmax(s)
	bi := 0
	for k := range s {
		if s[k] > s[bi] {
			bi = k
		}
	}
	if gate == EnSoft && s[bi] < EnStackSoft || gate == EnPolar && s[bi] < EnStackPolar {
		return rules
	}
	return classes[bi]
}

// stackedEn is stacked for English text.
func stackedEn(a *textAnalysis, abusive bool) string {
	m := stackEnMix
	if m == nil {
		return a.label
	}
	g := enGate(a)
	if g == EnKeep {
		return a.label
	}
	x := stackFeatures(a, abusive)
	l := EnStackDecide(m.w, m.classes, x[:], a.label, g)
	// the stacker does not make positive a text whose only rated words are
	// bad ones ("I'm done with this company, cancelling my plan"): its
	// learned heads read "done" as relief, the words say otherwise
	if l == "positive" && a.label != "positive" && a.sent.rawPos == 0 && a.sent.rawNeg > 0 && a.sc.cue[iComplaint] > 0 {
		return a.label
	}
	return l
}

// EnStackInput is cmd/fiten's view of an English text.
type EnStackInput struct {
	X     []float64 // the stacker inputs (StackFeatureNames)
	Rules string    // the rules' label
	Gate  int       // EnFree, EnSoft or EnKeep
}

// EnglishStackInput returns the English stacker's view of text.
func EnglishStackInput(text string) EnStackInput {
	a := analyseRules(text)
	f := stackFeatures(&a, a.tx.abuse() >= abusiveMin)
	return EnStackInput{X: f[:], Rules: a.label, Gate: enGate(&a)}
}

// StackN is the number of stacker inputs (the width of a mix table row).
const StackN = stackN
