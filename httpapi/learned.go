package httpapi

import (
	"context"

	"svc/engine"
	"svc/engine/evidence"
	"svc/engine/op"
	"svc/ledger"
)

// An account's feedback teaches its later classifications (engine/evidence):
//   - the evidence is built from the ledger's stored feedback at an
//     account's first classify (s.learned loads it), so a restart or an
//     eviction rebuilds it;
//   - a feedback committed here is learned at once (feedback); one committed
//     on another node arrives through the ledger's watcher (s.learn, called
//     for every feedback, this node's too: learning is idempotent), and a
//     listener reconnect drops every account's evidence (s.learned.Forget)
//     to be rebuilt;
//   - it is applied after the cache (engine.ApplyEvidence on the answer of
//     the cache or the engine), and never cached: the cached answer is the
//     same for every account in a global cache scope. Only the few-shot
//     examples sent to a provider change the cached answer; the cache key
//     then names the account and its evidence version (evidenceParams).

// maxExamples is how many of the account's most similar corrections reach
// the engine as few-shot examples (the engine keeps its MaxHints of them).
const maxExamples = 20

// loadEvidence is the evidence.Loader: the account's stored feedback.
func (s *Server) loadEvidence(ctx context.Context, account string) ([]evidence.Example, error) {
	fbs, err := s.ledger.RecentFeedback(ctx, account, ledger.MaxFeedbackPerAccount)
	if err != nil {
		return nil, err
	}
	exs := make([]evidence.Example, 0, len(fbs))
	for _, f := range fbs {
		exs = append(exs, example(f))
	}
	return exs, nil
}

func example(f ledger.Feedback) evidence.Example {
	return engine.Teach(f.ClassificationID, f.ID, f.CreatedAt, f.Text, f.CorrectedIntent, f.CorrectedSentiment, f.CorrectedDialect)
}

// learn teaches a committed feedback to its account's evidence (when held).
func (s *Server) learn(f ledger.Feedback) {
	s.learned.Learn(f.AccountID, example(f))
}

// evidenceOf returns the account's evidence; nil (answer without it) when
// its feedback cannot be read now.
func (s *Server) evidenceOf(ctx context.Context, account string) *evidence.Model {
	m, err := s.learned.Model(ctx, account)
	if err != nil {
		return nil
	}
	return m
}

// evidenceParams returns the few-shot examples for a classify of text and
// the cache-key parameters they add: none when no provider is configured
// (the built-in engine takes no examples) or the account has no feedback;
// else the account and its evidence version, so that an answer computed
// with one account's examples is never served to another account or after
// a newer feedback.
func (s *Server) evidenceParams(m *evidence.Model, account, text string) ([]op.Hint, []string) {
	if m.Len() == 0 || !s.engine.HasProviders() {
		return nil, nil
	}
	var hs []op.Hint
	for _, ex := range m.Similar(text, maxExamples) {
		hs = append(hs, op.Hint{Text: ex.Text, Intent: ex.Intents, Sentiment: ex.Sentiment})
	}
	return hs, []string{"evidence", account, m.Version()}
}
