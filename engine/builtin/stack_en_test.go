package builtin

import (
	"math"
	"strings"
	"testing"

	"svc/engine/op"
)

// TestEnglishStackerTables: the English head and stacker ship, with the
// negation-marked features the trainer wrote.
func TestEnglishStackerTables(t *testing.T) {
	if learnedSentEn == nil || !learnedSentEn.neg {
		t.Fatal("learned_sentiment_en.tsv missing or not negation-marked (make train)")
	}
	if stackEnMix == nil || len(stackEnMix.classes) != 3 {
		t.Fatal("sentiment_mix_en.tsv missing or not 3 classes (make train)")
	}
	for k := range stackEnMix.w {
		if stackEnMix.w[k][22] != 0 {
			t.Errorf("class %s weighs log_bytes %v: the text's length must not decide (cmd/fiten -mask)", stackEnMix.classes[k], stackEnMix.w[k][22])
		}
	}
}

// TestEnglishHeadMatchesTrainerView: the runtime scorer sums exactly the
// weights of the features the trainer saw (FeaturesNeg), negated words
// included.
func TestEnglishHeadMatchesTrainerView(t *testing.T) {
	for _, s := range []string{"This is not good at all", "I don't like the new logo", "never again, worst service", "love it, thanks so much"} {
		var want [3]float64
		for k := range want {
			want[k] = float64(learnedSentEn.bias[k])
		}
		for _, f := range FeaturesNeg(s) {
			if w := learnedSentEn.weights(fnvString(f)); w != nil {
				for k := range want {
					want[k] += float64(w[k])
				}
			}
		}
		Softmax(want[:])
		var got [3]float64
		learnedSentEn.score(tokenize(s), got[:])
		for k := range got {
			if math.Abs(got[k]-want[k]) > 1e-9 {
				t.Errorf("%q: runtime %v, trainer's features %v", s, got, want)
				break
			}
		}
	}
	if f := FeaturesNeg("not good"); len(f) < 2 || f[1] != "not_good" {
		t.Errorf(`FeaturesNeg("not good") = %q, want "not_good" second`, f)
	}
	var p [3]float64
	learnedSentEn.score(tokenize("this is not good"), p[:])
	if p[0] <= p[2] {
		t.Errorf(`"this is not good": P(negative) %.2f <= P(positive) %.2f`, p[0], p[2])
	}
}

// TestEnStackDecideGates: spam and clear cues keep the rules' label; a soft
// gate needs a sure stacker; a free text is the stacker's.
func TestEnStackDecideGates(t *testing.T) {
	classes := []string{"positive", "negative", "neutral"}
	w := make([][stackN]float64, 3)
	x := make([]float64, stackN)
	x[0] = 1
	w[0][0] = 0.5 // P(positive) about 0.45: above no threshold of 0.5
	if got := EnStackDecide(w, classes, x, "negative", EnFree); got != "positive" {
		t.Errorf("free: %s, want positive", got)
	}
	if got := EnStackDecide(w, classes, x, "negative", EnKeep); got != "negative" {
		t.Errorf("keep: %s, want negative", got)
	}
	if got := EnStackDecide(w, classes, x, "negative", EnSoft); got != "negative" {
		t.Errorf("soft, unsure stacker: %s, want the rules' negative", got)
	}
	w[0][0] = 3
	if got := EnStackDecide(w, classes, x, "negative", EnSoft); got != "positive" {
		t.Errorf("soft, sure stacker: %s, want positive", got)
	}
}

// TestEnglishStackerGate: which comments the English stacker may decide.
func TestEnglishStackerGate(t *testing.T) {
	for _, c := range []struct {
		text string
		gate int
	}{
		{"Subscribe to my channel and I will subscribe back", EnKeep},      // spam
		{"I was charged twice and nobody answers my emails", EnKeep},       // complaint cue
		{"Absolutely love this product, worth every penny", EnKeep},        // praise cue
		{"The food was delicious but the delivery took two hours", EnKeep}, // complaint against praise
		{"Is there a discount for students?", EnKeep},                      // a comment's question
		{"@user is there a discount for students?", EnSoft},                // a tweet's question
		{"You are a complete idiot.", EnKeep},                              // abuse
		{"going to the match tonight with my brother", EnFree},             // no intent
	} {
		a := analyseRules(c.text)
		if g := enGate(&a); g != c.gate {
			t.Errorf("%q: gate %d, want %d (intents %v, label %s)", c.text, g, c.gate, a.intents, a.label)
		}
	}
}

// TestEnglishStackerKeepsPlainComments: plain comments to a brand keep
// their sentiment with the stacker on (written for this test; the
// obvious-comment set checks more). Earlier stackers over every text turned
// complaints neutral and questions negative.
func TestEnglishStackerKeepsPlainComments(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"my order is late", "negative"},
		{"love this channel", "positive"},
		{"how much is shipping?", "neutral"},
		{"This is not good at all", "negative"},
		{"I don't like the new logo.", "negative"},
		{"I hate the new logo.", "negative"},
		{"Worst experience ever, never ordering again.", "negative"},
		{"I really enjoyed this video, keep it up!", "positive"},
		{"Do you ship to Canada?", "neutral"},
		{"Could you add a feature to export to PDF?", "neutral"},
		{"The app keeps freezing on my phone.", "negative"},
		{"Happy with my order, arrived on time.", "positive"},
		{"Please bring back the old menu.", "neutral"},
		{"Terrible customer support, nobody helps.", "negative"},
		{"Beautiful video, the music is perfect.", "positive"},
		{"I received the wrong item.", "negative"},
		{"Good job team", "positive"},
		{"Your customer service is a joke, I have been waiting for a week", "negative"},
		// insults: the stacker reads the abuse input; they stay negative
		{"this is garbage and you are a clown", "negative"},
		{"fuck this channel", "negative"},
		{"you are so dumb bro", "negative"},
		{"lmao you're a clown", "negative"},
		{"dumbest thing I've seen all day", "negative"},
	} {
		if got := Classify(op.ClassifyRequest{Text: c.text}).Sentiment; got != c.want {
			a := analyseRules(c.text)
			t.Errorf("%q: %s, want %s (rules %s, gate %d)", c.text, got, c.want, a.label, enGate(&a))
		}
	}
}

// BenchmarkClassifyEnglishStacked300: classify of a 300-character English
// text the English stacker decides (no intent: the head and the stacker run).
func BenchmarkClassifyEnglishStacked300(b *testing.B) {
	text := strings.Repeat("Watched the match last night with my brother and the whole family, the second half was something else and the crowd sang until the very end of it all ", 2)[:300]
	if a := analyseRules(text); enGate(&a) == EnKeep {
		b.Fatal("the benchmark text is not decided by the English stacker")
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Classify(op.ClassifyRequest{Text: text})
	}
}

// TestTokenizeCommentCamelHashtags: a Latin comment's camel-case hashtag is
// read as its words; other tokens, and Arabic-script text, are untouched.
func TestTokenizeCommentCamelHashtags(t *testing.T) {
	keys := func(toks []token) string {
		var k []string
		for _, t := range toks {
			k = append(k, t.key)
		}
		return strings.Join(k, " ")
	}
	for _, c := range []struct{ text, want string }{
		{"#HappyBirthday to my sister", "happy birthday to my sister"},
		{"so sad #NotMyPresident", "so sad not my president"},
		{"#BBC news at #10pm, #iPhone", "bbc news at 10pm i phone"},
		{"#worst_service ever", "worst service ever"},
		{"no hashtag HereAndThere", "no hashtag hereandthere"},
	} {
		if got := keys(tokenizeComment(c.text)); got != c.want {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
	ar := "الفيديو حلو جدا والله #GoodVibes"
	if got, want := keys(tokenizeComment(ar)), keys(tokenize(ar)); got != want {
		t.Errorf("Arabic text: %q, want tokenize's %q", got, want)
	}
	if got := Classify(op.ClassifyRequest{Text: "#HappyBirthday to the best sister"}).Sentiment; got != "positive" {
		t.Errorf("#HappyBirthday ...: %s, want positive", got)
	}
}
