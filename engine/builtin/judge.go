package builtin

import "svc/engine/op"

// LabelledComment is a comment with the answer a reader expects: one line
// of testdata/obvious.jsonl, of corpus/comments.jsonl or of a set written
// blind (docs/quality.md).
type LabelledComment struct {
	Variety          string   `json:"variety"` // english, egyptian, gulf, levantine, msa, arabizi
	Text             string   `json:"text"`
	Intent           string   `json:"intent"`    // the intent that must be reported
	IntentOK         []string `json:"intent_ok"` // further intents that may be reported beside it
	Sentiment        string   `json:"sentiment"`
	Language         string   `json:"language"`
	Dialect          string   `json:"dialect"`
	Flagged          bool     `json:"flagged"` // Moderate at medium strictness is not safe
	RequiresResponse bool     `json:"requires_response"`
	Priority         string   `json:"priority"` // complaints only
	Split            string   `json:"split"`
	Set              string   `json:"set"` // the writer set of a corpus row (corpus/README.md)
}

// Judge classifies and moderates (medium strictness) r.Text and reports,
// per field, whether the answer is the one expected: intent (r.Intent
// reported, and nothing outside r.IntentOK beside it), sentiment,
// language, dialect, moderation, requires_response, priority (complaints
// only), and "all" and "all_but_dialect". TestObviousComments and
// cmd/cvcomments grade with it.
func Judge(r LabelledComment) (ok map[string]bool, c op.Classification, m op.Moderation) {
	c = Classify(op.ClassifyRequest{Text: r.Text})
	m = Moderate(op.ModerateRequest{Text: r.Text, Strictness: "medium"})
	ok = map[string]bool{}
	intentOK := op.In(r.Intent, c.Intent)
	for _, k := range c.Intent {
		if k != r.Intent && !op.In(k, r.IntentOK) {
			intentOK = false
		}
	}
	ok["intent"] = intentOK
	ok["sentiment"] = c.Sentiment == r.Sentiment
	ok["language"] = c.Language == r.Language
	ok["dialect"] = c.Dialect == r.Dialect
	ok["moderation"] = !m.IsSafe == r.Flagged
	ok["requires_response"] = c.RequiresResponse == r.RequiresResponse
	if r.Intent == "complaint" {
		ok["priority"] = c.Priority == r.Priority
	}
	all, allButDialect := true, true
	for f, v := range ok {
		all = all && v
		allButDialect = allButDialect && (v || f == "dialect")
	}
	ok["all"], ok["all_but_dialect"] = all, allButDialect
	return ok, c, m
}
