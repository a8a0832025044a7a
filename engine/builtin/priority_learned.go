package builtin

import "strings"

// The learned priority head (round 14): naive Bayes over the folded words
// and adjacent word pairs of a complaint (Arabizi read in Arabic script, as
// the analyzers read it), learned from the labelled complaints of
// corpus/comments.jsonl (`make train-comments`, head "priority"; since
// corpus round 9 the complaints of every set, the dialect-only ones and
// the sets written for priority included: 6,303 complaints, was 2,589).
// The writers' conventions (money taken, refunds withheld
// long, safety, hacked accounts, repeated failures, threats to leave,
// strong anger: high) are many scenarios in many words; the rules
// (priority_ar.go, priority_harm.go, concepts.go, english.go) find the ones
// they were written for, and the head adds the complaints it is all but
// sure of. How it mixes was chosen by cross-validation, leaving each
// writer's set (and each fifth of the rest of the corpus) out of training
// in turn (docs/quality.md, "Learned priority"): the head's high is added
// to the rules' when p(high) >= learnedHighP; overruling a rule's high, or
// a lower threshold, lost more than it gained.

// learnedPriority: classes high, medium; nil without its table (the rules
// answer alone).
var learnedPriority *learnedHead

// learnedHighP is the head's p(high) (uniform class prior) from which a
// complaint the rules call medium is high (log-odds 6.9 nats: naive Bayes
// is overconfident, and below this it calls a calmly asked refund, "أرغب
// في استرداد المبلغ", or "رح بطل اتابعكن" high, against the conventions
// of TestRefundRequestSoft and TestStopDoingIsLeaving). 0.998 with the
// round-14 table; with round 9's 6,303 complaints the held-out sets were
// level from 0.998 to 0.9995 and worse at 0.9999 (docs/quality.md,
// sixteenth session).
var learnedHighP = 0.999

// learnedHighArabicOnly: the head reads Arabic comments only.
var learnedHighArabicOnly = true

func init() {
	learnedPriority = loadLearned("learned_priority.tsv")
	if learnedPriority != nil && (len(learnedPriority.classes) != 2 || learnedPriority.classes[0] != "high") {
		panic("builtin: learned_priority.tsv classes must be high, medium")
	}
}

// learnedHigh reports whether the learned head is all but sure that the
// complaint toks (of text) is high priority. Comment-shaped texts only (the
// head learned from short comments); called only for a complaint the rules
// call medium, so that it costs nothing elsewhere.
func learnedHigh(text string, toks []token, arabic bool) bool {
	h := learnedPriority
	if h == nil || (learnedHighArabicOnly && !arabic) || !commentShaped(text) {
		return false
	}
	var p [2]float64
	if !h.score(toks, p[:]) || p[0] < learnedHighP {
		return false
	}
	return !learnedVeto(toks) && !feeAsked(text, toks) // read only when the head would raise it
}

// learnedVeto reports a comment the head may not raise however sure it is:
// one that thanks God for how things ended ("سحبت فلوسي ... والحمد لله
// رجعت") or that laughs ("كنت رح موت من الضحك"). Naive Bayes reads their
// money and death words as a high complaint's, certain on any evidence
// (a refund or a harm told as past and settled is medium at most); the
// rules' own vetoes (nearHarm's joyNouns) read them the same way. Nor
// a fee asked about (feeAsked: "انخصم مني ربع دينار، هاد رسوم شو؟"), which
// the urgent rules leave medium too.
func learnedVeto(toks []token) bool {
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		if k := strings.TrimPrefix(t.key, "و"); k == "الحمدلله" || k == "الحمد" || k == "الحمدالله" {
			return true
		}
		if joyNouns[t.key] && i > 0 && toks[i-1].key == "من" {
			return true
		}
	}
	return false
}
