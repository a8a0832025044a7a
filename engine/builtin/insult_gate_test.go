package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestInsultHeadNeedsWords: the comments' insult head (bias +5.2 nats
// toward "flagged") flags a short addressed comment only when its words
// lean to an insult, not on the bias alone; insults still flag.
func TestInsultHeadNeedsWords(t *testing.T) {
	for _, s := range []string{"@sami من جد؟", "@sara الكاتشب مع البطاطس 😷", "@user سلامتك يا غالي 🔪"} {
		var p [2]float64
		if learnedInsult.score(tokenize(s), p[:]) && p[1] >= learnedInsultMin && learnedInsult.featureLogOdds(p[:], 1, 0) >= learnedInsultFeatMin {
			t.Errorf("%q: insult head flags (P %.2f, words %.2f)", s, p[1], learnedInsult.featureLogOdds(p[:], 1, 0))
		}
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.IsSafe {
			t.Errorf("%q flagged: %v", s, m.Flags)
		}
	}
	for _, s := range []string{"انت حمار وما تفهم شي", "enta 8abi w ma tefham shay"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); m.IsSafe {
			t.Errorf("%q not flagged", s)
		}
	}
}
