package builtin

import (
	"math"
	"strings"
)

// The learned intent head of English comments, alone and gated (round 18).
// An English intent head mixed into the rules' evidence lowered the
// complaint and TweetEval dev figures (docs/quality.md, "Learned intent").
// This head (learned_intent_en.tsv, fitted on the corpus's English
// comments only) answers only where the rules found no intent at all
// ("other"), on a short comment (a long story or a news item is not its
// domain), when its best intent is confident and the text's sentiment
// agrees with the label convention of that intent (aloneEvidenceEn).
// Chosen by cmd/cvcomments (-head intent-en,sentiment -only english) and
// the dev guard (docs/quality.md, "Round 18: English plain comments"):
// suggestion alone cost the suggestions dev set 0.005 accuracy, praise
// from 0.4 or on longer comments TweetEval 0.002 macro-F1, a question
// alone gains nothing (questions are the rules' strength).
var (
	// learnedIntentAloneEn: per intent the head's probability from which
	// it stands alone (1: never)
	learnedIntentAloneEn = [iSuggestion + 1]float64{iQuestion: 1, iComplaint: 0.4, iPraise: 0.7, iSuggestion: 1}
	// learnedIntentAloneEnHeads: the head's probability from which the
	// sentiment head alone (no word of the lexicon) is evidence: both
	// heads learned from the same comments, their agreement is weaker
	// evidence than a word ("I bought this phone last month.": 0.62 and a
	// negative 0.81 from the openers of the corpus's complaints)
	learnedIntentAloneEnHeads = 0.7
	// learnedIntentAloneEnWords: the most tokens of such a comment
	learnedIntentAloneEnWords = 12
)

// learnedIntentEn: classes question, complaint, praise, suggestion, spam,
// other (op.Intents), from the corpus's English comments
// (learned_intent_en.tsv; make train-comments).
var learnedIntentEn *learnedHead

func init() {
	learnedIntentEn = loadLearned("learned_intent_en.tsv")
	cvHeads["learned_intent_en.tsv"] = &learnedIntentEn // cvhooks.go
}

// withLearnedIntentEn lets the learned intent head answer an English
// comment the rules left without intent.
func withLearnedIntentEn(ev *intentEv, text string, toks []token, sent *sentScore) {
	h := learnedIntentEn
	if h == nil || len(toks) > learnedIntentAloneEnWords || !commentShaped(text) || tweetShaped(text) || ev.v[iSpam] >= 0.6 {
		return
	}
	for k := iQuestion; k <= iSuggestion; k++ {
		if ev.v[k] >= intentThreshold[k] {
			return
		}
	}
	var p [numIntents]float64
	if h.logits(toks, p[:]) == 0 {
		return
	}
	Softmax(p[:])
	best := argmax(p[:])
	if best > iSuggestion || p[best] < learnedIntentAloneEn[best] || ev.cue[best] < 0 || !aloneEvidenceEn(text, toks, sent, best, p[best]) {
		return
	}
	ev.v[best] = math.Max(ev.v[best], intentThreshold[best])
}

// aloneEvidenceEn reports the evidence for intent k (the head's
// probability pk) of an English comment with no question mark: for a
// complaint a negative word of the lexicon (and a negative balance) or,
// from pk learnedIntentAloneEnHeads and with no good word, the comment
// sentiment head's negative (sentHead, learned_alone.go); for praise no bad
// word and the sentiment head's positive (a good word of the lexicon alone
// gained nothing in CV and cost TweetEval 0.002); for a suggestion no bad
// word.
func aloneEvidenceEn(text string, toks []token, sent *sentScore, k int, pk float64) bool {
	if strings.ContainsRune(text, '?') {
		return false
	}
	var sh sentHead
	switch k {
	case iComplaint:
		return sent.rawNeg > 0 && sent.compound < 0 || pk >= learnedIntentAloneEnHeads && sent.rawPos == 0 && sh.p(toks, "negative") >= learnedIntentAloneSent
	case iPraise:
		return sent.rawNeg == 0 && sh.p(toks, "positive") >= learnedIntentAloneSent
	case iSuggestion:
		return sent.rawNeg == 0
	}
	return false
}
