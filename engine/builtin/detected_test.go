package builtin

import (
	"reflect"
	"testing"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Classify, Moderate, Reply, Translate and Rubric given the caller's
// detection answer as they do when they detect themselves (Arabizi, Arabic
// and English texts).
func TestDetectedSameAnswer(t *testing.T) {
	texts := append([]string{arabizi300, arabic300, tweet300, englishMod300, arabicMod300}, sampleComments...)
	for _, p := range arabiziPairs {
		texts = append(texts, p.latin, p.arabic)
	}
	for _, s := range texts {
		d := dialect.Detect(s)
		if got, want := ClassifyDetected(op.ClassifyRequest{Text: s}, d), Classify(op.ClassifyRequest{Text: s}); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: ClassifyDetected %+v, Classify %+v", s, got, want)
		}
		for _, st := range op.Strictnesses {
			if got, want := ModerateDetected(op.ModerateRequest{Text: s, Strictness: st}, d), Moderate(op.ModerateRequest{Text: s, Strictness: st}); !reflect.DeepEqual(got, want) {
				t.Errorf("%q: ModerateDetected %+v, Moderate %+v", s, got, want)
			}
		}
		rq := op.ReplyRequest{Text: s, Tone: "friendly", MaxLength: 200, Language: "auto"}
		if got, want := ReplyDetected(rq, d), Reply(rq); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: ReplyDetected %+v, Reply %+v", s, got, want)
		}
		for _, tq := range []op.TranslateRequest{{Text: s, Source: "auto", Target: "en"}, {Text: s, Source: "auto", Target: "ar", Dialect: "gulf"}} {
			if got, want := TranslateDetected(tq, d), Translate(tq); !reflect.DeepEqual(got, want) {
				t.Errorf("%q: TranslateDetected %+v, Translate %+v", s, got, want)
			}
		}
		rb := op.RubricRequest{Text: s, Categories: []op.RubricCategory{{Name: "Shipping", Description: "delivery delays"}, {Name: "praise"}, {Name: "الفواتير"}}, MultiLabel: true}
		if got, want := RubricDetected(rb, d), Rubric(rb); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: RubricDetected %+v, Rubric %+v", s, got, want)
		}
		if got, want := Toxicity(s), Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}).Toxicity; got != want {
			t.Errorf("%q: Toxicity %s, Moderate's %s", s, got, want)
		}
	}
}

// TestTokenBuffersReused: Classify, Moderate and Toxicity reuse token
// buffers across calls and goroutines; answers do not depend on what a
// buffer held before (texts of different lengths, scripts and strips).
func TestTokenBuffersReused(t *testing.T) {
	texts := append([]string{arabizi300, arabic300, tweet300, englishMod300, arabicMod300, "f u c k you", "ك ل ب", ""}, sampleComments...)
	type answer struct {
		c op.Classification
		m op.Moderation
		x string
	}
	want := make([]answer, len(texts))
	for i, s := range texts {
		want[i] = answer{Classify(op.ClassifyRequest{Text: s}), Moderate(op.ModerateRequest{Text: s, Strictness: "high"}), Toxicity(s)}
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func(g int) {
			defer func() { done <- true }()
			for k := 0; k < 3*len(texts); k++ {
				i := (k*7 + g) % len(texts)
				s := texts[i]
				got := answer{Classify(op.ClassifyRequest{Text: s}), Moderate(op.ModerateRequest{Text: s, Strictness: "high"}), Toxicity(s)}
				if !reflect.DeepEqual(got, want[i]) {
					t.Errorf("%q: answer changed after buffer reuse", s)
					return
				}
			}
		}(g)
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}
