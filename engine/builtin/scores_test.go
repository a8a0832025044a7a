package builtin

import (
	"math"
	"strings"
	"testing"

	"svc/engine/op"
)

// Classify fills SentimentScores (ScoreNames); the stacker's probabilities
// sum to 1 when it decides the text, else are all 0.
func TestClassifyFillsSentimentScores(t *testing.T) {
	for _, text := range []string{
		"الخدمة سيئة جدا والتوصيل متأخر #خدمة_العملاء https://t.co/x",
		"The delivery was late again and nobody answers the phone.",
		"شكرا",
	} {
		c := Classify(op.ClassifyRequest{Text: text})
		if len(c.SentimentScores) != NumScores {
			t.Fatalf("%q: %d scores, want %d", text, len(c.SentimentScores), NumScores)
		}
		sum := 0.0
		for _, p := range c.SentimentScores[5:] {
			if p < 0 || p > 1 || math.IsNaN(p) {
				t.Fatalf("%q: stacker probability %v", text, p)
			}
			sum += p
		}
		if sum != 0 && math.Abs(sum-1) > 1e-9 {
			t.Fatalf("%q: stacker probabilities sum to %v", text, sum)
		}
	}
	// (a hashtag: tweet-shaped whatever intent the rules find in it)
	text := string([]rune(strings.Repeat("الزحمة في شوارع القاهرة النهارده كانت فظيعة، قعدت ساعتين في العربية عشان أوصل الشغل والحر كان مش طبيعي ", 3))[:290]) + " #القاهرة"
	if a := analyseRules(text); !stackApplies(&a) {
		t.Fatal("the text is not decided by the stacker")
	}
	ar := Classify(op.ClassifyRequest{Text: text})
	sum := 0.0
	for _, p := range ar.SentimentScores[5:] {
		sum += p
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Fatalf("tweet-shaped Arabic text: stacker probabilities sum to %v, want 1", sum)
	}
}
