package builtin

import (
	"math"
	"strings"
)

// English comment rules (issue 23, round 9): concepts the cue phrases of
// data/intent.tsv miss in short English comments written to a brand or a
// channel. Each rule reads English text only (sent.arabic false).

// englishIntent adds the evidence of englishContrast and the other English
// patterns to ev (called by intentScores before the sentiment support).
func englishIntent(text string, toks []token, sent *sentScore, ev *intentEv, spam spamResult) {
	if sent.arabic || spam.score >= 0.5 {
		return
	}
	sc := &ev.v
	// praise conceded, then a plain report after "but" ("love the show but
	// the episodes come out so late", "great haircut but they made me wait
	// an hour"): the clause after the contrast word carries no positive
	// word and asks nothing, so it is what went wrong, even when none of
	// its words is negative. The praise is a concession: a complaint, mixed.
	if sent.butAt >= 0 && sent.posBefore > 0 && sent.posAfter == 0 && len(toks)-sent.butAt-1 >= 3 &&
		len(toks) <= plainPraiseMaxWords && !strings.ContainsAny(text, "?") &&
		ev.cue[iQuestion] < 1 && ev.cue[iSuggestion] < 0.6 && !wishAfter(toks, sent.butAt) {
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint])
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], enCueMin)
		ev.complaintAfter = math.Max(ev.complaintAfter, intentThreshold[iComplaint])
		ev.praiseBefore = true
	}
}

// wishAfter reports a wish or a request after the contrast word ("but I
// wish it had", "but please add", "but it would be nice"): a suggestion,
// not a grievance.
func wishAfter(toks []token, at int) bool {
	for i := at + 1; i < len(toks); i++ {
		switch toks[i].key {
		case "wish", "please", "pls", "plz", "would", "hope", "maybe", "should", "could", "add", "idea":
			return true
		}
	}
	return false
}

// ntNegation reports a negated auxiliary written without its apostrophe
// ("dont", "cant", "wasnt", "shouldnt"): the folded form of "n't". Other
// words ending in "nt" ("appointment", "payment", "want", "went") negate
// nothing: read as negators they turned "an appointment smh" positive.
func ntNegation(k string) bool {
	if len(k) <= 3 || !strings.HasSuffix(k, "nt") {
		return false
	}
	return ntStems[k[:len(k)-2]]
}

var ntStems = keySet("do", "does", "did", "ca", "can", "wo", "is", "are", "was", "were", "has", "have", "had", "should", "would", "could",
	"must", "need", "ai", "might", "dare", "aren", "isn", "wasn", "didn", "doesn", "don")
