package engine

import (
	"svc/engine/builtin"
	"svc/engine/evidence"
	"svc/engine/op"
)

// ApplyEvidence adjusts c, the classification of req computed without the
// account's feedback (what the cache may hold for every account), with the
// account's evidence m (evidence.Model.Decide). It reports whether anything
// changed. When the intents or the sentiment change, priority,
// requires_response and, when the intents change, the draft reply are
// derived again from the new labels by the built-in classifier (a hint of
// the same text makes builtin.Classify answer with those labels and derive
// the rest from them), so a corrected answer never carries a reply to the
// old intent. A taught dialect (near duplicates only) replaces the dialect.
//
// It must run after the cache lookup and its result must never be cached:
// the evidence is one account's, a cached answer may be every account's.
func ApplyEvidence(req op.ClassifyRequest, c *op.Classification, m *evidence.Model) bool {
	if m == nil {
		return false
	}
	d := m.Decide(req.Text, c.Intent, c.Sentiment, c.Dialect)
	if !d.Changed {
		return false
	}
	intentChanged := !sameStrings(d.Intents, c.Intent)
	if intentChanged || d.Sentiment != c.Sentiment {
		r := req
		r.Hints = []op.Hint{{Text: req.Text, Intent: d.Intents, Sentiment: d.Sentiment}}
		b := builtin.Classify(r)
		c.Priority, c.RequiresResponse = b.Priority, b.RequiresResponse
		if intentChanged {
			c.ReplyText, c.ReplyDirection = b.ReplyText, b.ReplyDirection
		}
	}
	c.Intent, c.Sentiment = d.Intents, d.Sentiment
	if d.Dialect != c.Dialect {
		c.Dialect = d.Dialect
	}
	c.Reasoning = cutAtWord(d.Why+" "+c.Reasoning, maxReasoningRunes)
	return true
}

func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
