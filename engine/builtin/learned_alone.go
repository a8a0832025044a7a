package builtin

import "strings"

// The learned intent head alone, per intent, with evidence (round 16).
// When no cue phrase found an intent, the head's best intent stands alone
// from learnedIntentAlone (0.55). Cross-validation (cmd/cvcomments) gains
// on both halves with a lower threshold, but a lower threshold alone lets
// the head read a plain statement as praise, a how-to question as a
// complaint, a request as a question owed a reply. So the head's intent k
// stands alone from the lower learnedIntentAloneGated[k] only when the
// text holds evidence of k's own kind that the rules found (aloneEvidence);
// without it the shipped threshold holds. Chosen by cvcomments over both
// halves (docs/quality.md, "Learned intent alone, with evidence").
var learnedIntentAloneGated = [iSuggestion + 1]float64{
	iQuestion:   0.55, // no gain below (CV): questions are the rules' strength
	iComplaint:  0.3,
	iPraise:     0.3,
	iSuggestion: 0.3,
}

// learnedIntentAloneGatedArabizi: learnedIntentAloneGated for an Arabizi
// comment (1: the head stands alone from learnedIntentAloneArabizi only).
var learnedIntentAloneGatedArabizi = [iSuggestion + 1]float64{1, 1, 1, 1}

// aloneThreshold is the probability from which the head's intent k stands
// alone on an Arabic-script comment (alone: the shipped threshold).
func aloneThreshold(ev *intentEv, text string, toks []token, k int, alone float64, arabizi bool) float64 {
	gated := &learnedIntentAloneGated
	if arabizi {
		gated = &learnedIntentAloneGatedArabizi
	}
	if k > iSuggestion || gated[k] >= alone || learnedIntentAloneCover > 0 && headCover(learnedIntent, toks) < learnedIntentAloneCover || !aloneEvidence(ev, text, toks, k) {
		return alone
	}
	return gated[k]
}

// learnedIntentAloneSent: the comment sentiment head's probability
// (sentiment_comments.go) from which it is evidence for the head's intent
// alone: positive for praise, negative for a complaint, neutral for a
// suggestion.
var learnedIntentAloneSent = 0.7

// learnedIntentAloneCover: the share of a text's words the intent head
// knows from which its answer may stand alone from the lower thresholds: a
// text of many words no comment used (a news item's names and affairs) is
// not the head's domain. 0: off (CV, cmd/cvcomments -alone: 0.5 loses 13
// of the 49 rows the gates gain and keeps most news tweets' changes).
var learnedIntentAloneCover = 0.0

// headCover is the share of the word tokens of toks whose word h knows.
func headCover(h *learnedHead, toks []token) float64 {
	n, known := 0, 0
	for i := range toks {
		t := &toks[i]
		if !wordTok(t) || t.key == "" {
			continue
		}
		n++
		if h.weights(fnvString(t.key)) != nil {
			known++
		}
	}
	if n == 0 {
		return 0
	}
	return float64(known) / float64(n)
}

// learnedIntentAloneMargin: how far the comment sentiment head's label
// must stand above each other label's probability to be evidence.
var learnedIntentAloneMargin = 0.1

// aloneEvidence reports evidence of intent k's own kind, below any cue
// threshold, that lets the head answer k from a lower probability. The
// comment sentiment head (learned from the same comments, over other
// features' weights) or the lexicon's valence must agree with the label
// convention of k, and the shapes the rules found must not speak against it:
//   - praise: positive (the sentiment head, or positive valence and no
//     negative), and no question mark, how-to, proposal or plea (a request
//     is not praise);
//   - complaint: negative (the sentiment head, or negative valence or a
//     word of a problem, money or time, the matters complaints are about,
//     when the sentiment head does not read it positive), and no how-to,
//     proposal, plea or question word but "why" (asking how is not
//     complaining);
//   - question: an interrogative shape (a question mark, a question word,
//     a how-to, some question cue) and no proposal;
//   - suggestion: neutral for the sentiment head, or a plea or a proposal
//     shape, and no how-to or question word but a proposal's (a question
//     word without a proposal asks).
func aloneEvidence(ev *intentEv, text string, toks []token, k int) bool {
	var sh sentHead // the comment sentiment head, scored once if asked
	switch k {
	case iPraise:
		if hasQuestionMark(text) || ev.howTo || ev.proposal || hasPlea(toks) {
			return false
		}
		return ev.pos > 0 && ev.neg == 0 || sh.p(toks, "positive") >= learnedIntentAloneSent
	case iComplaint:
		if ev.howTo || ev.proposal || hasPlea(toks) || asksAr(toks) && !ev.why {
			return false
		}
		if sh.p(toks, "negative") >= learnedIntentAloneSent {
			return true
		}
		return (ev.neg > 0 || matterWord(toks)) && sh.p(toks, "positive") < learnedIntentAloneSent
	case iQuestion:
		return !ev.proposal && (hasQuestionMark(text) || asksAr(toks) || ev.howTo || ev.cue[iQuestion] > 0)
	case iSuggestion:
		if ev.howTo || asksAr(toks) && !ev.proposal {
			return false
		}
		return hasPlea(toks) || ev.proposal || ev.cue[iSuggestion] > 0 || sh.p(toks, "neutral") >= learnedIntentAloneSent
	}
	return false
}

// sentHead holds the comment sentiment head's probabilities of one text,
// scored on first use (aloneEvidence may ask for two labels).
type sentHead struct {
	prob       [8]float64
	scored, ok bool
}

// p is the comment sentiment head's probability of label c for toks when
// it stands learnedIntentAloneMargin above every other label's (0
// otherwise, and without the head): a near tie ("جدي عاش في الكويت عشرين
// سنة": positive 0.50, neutral 0.46) is no evidence.
func (s *sentHead) p(toks []token, c string) float64 {
	h := learnedSentComments
	if h == nil || len(h.classes) > len(s.prob) {
		return 0
	}
	if !s.scored {
		s.scored, s.ok = true, h.score(toks, s.prob[:len(h.classes)])
	}
	if !s.ok {
		return 0
	}
	at := -1
	for k, x := range h.classes {
		if x == c {
			at = k
		}
	}
	if at < 0 {
		return 0
	}
	for k := range h.classes {
		if k != at && s.prob[at] < s.prob[k]+learnedIntentAloneMargin {
			return 0
		}
	}
	return s.prob[at]
}

// hasPlea reports a plea word (pleaWords: ممكن, لو سمحت-like formulas
// excepted) in toks.
func hasPlea(toks []token) bool {
	for i := range toks {
		if toks[i].arabic && pleaWords[strings.TrimPrefix(toks[i].key, "و")] {
			return true
		}
	}
	return false
}

// matterWord reports a word of the matters complaints are about: a
// problem or fault, money, a span of time waited.
func matterWord(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if problemNouns[k] || faultNouns[k] || moneyWords[k] || ownMoney[k] || durationNouns[k] || timeSpans[k] {
			return true
		}
	}
	return false
}

// asksAr reports an Arabic interrogative word: askWordAr's, or a "what"
// of the dialects (whatWordsAr: "شو الطريقة", "وش السالفة").
func asksAr(toks []token) bool {
	if askWordAr(toks) {
		return true
	}
	for i := range toks {
		if whatWordsAr[strings.TrimPrefix(toks[i].key, "و")] {
			return true
		}
	}
	return false
}
