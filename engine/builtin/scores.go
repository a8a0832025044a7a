package builtin

import "math"

// ScoreNames names the built-in engine's sentiment scores of a text
// (op.Classification.SentimentScores, filled by Classify), in order: the
// rules' compound score, the log1p of their positive and negative
// evidence, the learned head's class log-odds (positive and negative
// against neutral; 0 when it does not apply), and the Arabic sentiment
// stacker's class probabilities (positive, negative, neutral, mixed; 0
// when the stacker does not decide the text).
var ScoreNames = [NumScores]string{
	"compound", "log1p_pos", "log1p_neg", "learned_pos_neu", "learned_neg_neu",
	"stack_positive", "stack_negative", "stack_neutral", "stack_mixed",
}

// NumScores is the number of sentiment scores.
const NumScores = 9

// scoreClasses is the order of the stacker's probabilities in the scores.
var scoreClasses = [4]string{"positive", "negative", "neutral", "mixed"}

// sentimentScores computes the scores of a text analysed by analyseText:
// the stacker's inputs are those it decided from (the rules' label).
func sentimentScores(ta *textAnalysis) []float64 {
	out := make([]float64, NumScores)
	if !ta.stackOK {
		// the stacker did not decide the text: the rules' scores only (the
		// stacker's inputs 5-7, 17, 18 without its learned head)
		s := &ta.sent
		out[0], out[1], out[2] = s.compound, math.Log1p(s.pos), math.Log1p(s.neg)
		if s.learned {
			out[3], out[4] = learnedLogOdds(s)
		}
		return out
	}
	x := &ta.stackX
	out[0], out[1], out[2], out[3], out[4] = x[5], x[6], x[7], x[17], x[18]
	m := stackEn
	if ta.sent.arabic {
		m = stackAr
	}
	s := make([]float64, len(m.w))
	mx := math.Inf(-1)
	for k := range m.w {
		for i, v := range x {
			s[k] += m.w[k][i] * v
		}
		mx = max(mx, s[k])
	}
	sum := 0.0
	for k := range s {
		s[k] = math.Exp(s[k] - mx)
		sum += s[k]
	}
	for k, cl := range m.classes {
		for j, name := range scoreClasses {
			if cl == name {
				out[5+j] = s[k] / sum
			}
		}
	}
	return out
}
