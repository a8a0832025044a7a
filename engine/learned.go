package engine

import (
	"math"
	"strconv"
	"time"

	"svc/engine/builtin"
	"svc/engine/evidence"
	"svc/engine/op"
)

// ApplyEvidence adjusts c, the classification of req computed without the
// account's feedback (what the cache may hold for every account), with the
// account's evidence m (evidence.Model.Decide). It reports whether anything
// changed. When the intents change, priority, requires_response and the
// draft reply are derived again from the new labels by the built-in
// classifier (a hint of the same text makes builtin.Classify answer with
// those labels and derive the rest from them), so a corrected answer never
// carries a reply to the old intent. A taught dialect (near duplicates only) replaces the dialect.
// A provider's answer is adjusted by near duplicates only: the learned model
// relates the account's labels to the built-in engine's answers (the
// provider saw the most similar corrections as examples instead).
//
// It must run after the cache lookup and its result must never be cached:
// the evidence is one account's, a cached answer may be every account's.
func ApplyEvidence(req op.ClassifyRequest, c *op.Classification, m *evidence.Model) bool {
	if m == nil {
		return false
	}
	var scores []string
	if BuiltinAnswer(c) {
		scores = ScoreTokens(c.SentimentScores)
	}
	d := m.DecideScored(req.Text, scores, c.Intent, c.Sentiment, c.Dialect, !BuiltinAnswer(c))
	if !d.Changed {
		return false
	}
	// The built-in classifier derives priority and requires_response from
	// the intents (and the text), the reply from the intents and the
	// sentiment (TestSentimentAloneKeepsPriority holds it to that): a change
	// of either needs them derived again, which costs one more Classify, paid
	// only by the answers the evidence changes.
	if !sameStrings(d.Intents, c.Intent) || d.Sentiment != c.Sentiment {
		r := req
		r.Hints = []op.Hint{{Text: req.Text, Intent: d.Intents, Sentiment: d.Sentiment}}
		b := builtin.Classify(r)
		c.Priority, c.RequiresResponse = b.Priority, b.RequiresResponse
		c.ReplyText, c.ReplyDirection = b.ReplyText, b.ReplyDirection
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

// Teach returns what the evidence learns from one feedback: the labels it
// teaches (intents, sentiment, dialect; empty when not taught) of text, and
// the built-in engine's own answer for text, computed here (the model learns
// how the account's labels relate to it). key is the classification id, id
// and at the feedback's.
func Teach(key, id string, at time.Time, text string, intents []string, sentiment, dialect string) evidence.Example {
	b := builtin.Classify(op.ClassifyRequest{Text: text})
	return evidence.Example{
		Key: key, ID: id, At: at, Text: text,
		Intents: validSubset(intents, op.Intents), Sentiment: norm(sentiment), Dialect: norm(dialect),
		GivenIntents: b.Intent, GivenSentiment: b.Sentiment, GivenScores: ScoreTokens(b.SentimentScores),
	}
}

// HasProviders reports whether a provider is configured: classify then
// sends an account's corrections as few-shot examples, so its answer
// depends on the account's evidence (the cache key must say whose).
func (e *Engine) HasProviders() bool {
	for _, c := range e.providers {
		if c != nil {
			return true
		}
	}
	return false
}

// BuiltinAnswer reports whether c was answered by the built-in engine.
func BuiltinAnswer(c *op.Classification) bool { return c.Usage.Model == builtin.Model }

// scoreWidths are the bin widths of the built-in sentiment scores
// (builtin.ScoreNames) in ScoreTokens.
var scoreWidths = [builtin.NumScores]float64{0.25, 0.5, 0.5, 1, 1, 0.2, 0.2, 0.2, 0.2}

// scoreBins bounds a score's bin index: [-scoreBins, scoreBins].
const scoreBins = 6

// scoreTokenNames[i][b+scoreBins] is the token of score i in bin b
// (computed once: ScoreTokens allocates only its slice).
var scoreTokenNames = func() (t [builtin.NumScores][2*scoreBins + 1]string) {
	for i := range t {
		for b := -scoreBins; b <= scoreBins; b++ {
			t[i][b+scoreBins] = strconv.Itoa(i) + ":" + strconv.Itoa(b)
		}
	}
	return t
}()

// ScoreTokens returns the built-in engine's sentiment scores
// (builtin.ScoreNames) as the tokens the evidence learns
// (evidence.Example.GivenScores): each score binned, named by its index.
// nil when scores is not the built-in's (another length).
func ScoreTokens(scores []float64) []string {
	if len(scores) != builtin.NumScores {
		return nil
	}
	out := make([]string, 0, len(scores))
	for i, x := range scores {
		b := 0
		if !math.IsNaN(x) {
			b = int(max(-scoreBins, min(scoreBins, math.Floor(x/scoreWidths[i]))))
		}
		out = append(out, scoreTokenNames[i][b+scoreBins])
	}
	return out
}
