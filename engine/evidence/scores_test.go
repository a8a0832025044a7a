package evidence

import (
	"math/rand/v2"
	"testing"
)

// The built-in engine's scores (Example.GivenScores) are evidence: an
// account whose labels follow a score, whatever the words, teaches the
// model to answer by that score; the scores are learned, not kept.
func TestScoresAreEvidence(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var exs []Example
	for i := range 300 {
		e := ex(i, sentence(r, nil, 6), "neutral", "neutral")
		switch i % 3 {
		case 0:
			e.Sentiment, e.GivenScores = "negative", []string{"0:-2", "1:0"}
		case 1:
			e.Sentiment, e.GivenScores = "positive", []string{"0:2", "1:0"}
		default:
			e.GivenScores = []string{"0:0", "1:0"}
		}
		exs = append(exs, e)
	}
	m := Build(exs)
	text := sentence(r, nil, 6)
	if d := m.DecideScored(text, []string{"0:-2", "1:0"}, []string{"other"}, "neutral", "", false); d.Sentiment != "negative" {
		t.Fatalf("scores of the negative examples: sentiment %q, want negative", d.Sentiment)
	}
	if d := m.DecideScored(text, []string{"0:2", "1:0"}, []string{"other"}, "neutral", "", false); d.Sentiment != "positive" {
		t.Fatalf("scores of the positive examples: sentiment %q, want positive", d.Sentiment)
	}
	if d := m.DecideScored(text, []string{"0:0", "1:0"}, []string{"other"}, "neutral", "", false); d.Changed {
		t.Fatalf("scores of the neutral examples changed the answer: %+v", d)
	}
	for _, e := range m.slots {
		if e.ex.GivenScores != nil {
			t.Fatal("an example keeps its score tokens after learning them")
		}
	}
}

// A word, an n-gram and a score token never share a hash (fam).
func TestFeatureFamilies(t *testing.T) {
	toks := tokens("الخدمه ممتازه جدا service")
	set := tokenSet(toks)
	feats := withScores(features(toks, set), []string{"0:1", "3:-2"})
	var n [nFam]int
	for _, f := range feats {
		n[fam(f)]++
	}
	if n[famWord] != len(set) || n[famScore] != 2 || n[famGram] == 0 {
		t.Fatalf("families %v for %d words and 2 scores", n, len(set))
	}
	if got := famCounts(feats); int(got[famWord]) != n[famWord] || int(got[famScore]) != 2 {
		t.Fatalf("famCounts %v, want %v", got, n)
	}
}
