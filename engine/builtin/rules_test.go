package builtin

import (
	"testing"

	"svc/engine/op"
)

// Examples written for these tests (not taken from any dataset).

func TestVocativeAndReplyInsults(t *testing.T) {
	for _, s := range []string{"ياحيوان اسكت", "ياخبل وش تقول", "@someone انت غبي وما تفهم", "@someone غبي"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.Categories[catHarassment] {
			t.Errorf("%q: not flagged as harassment at medium: %+v", s, m.CategoryScores)
		}
	}
	// exact entries stay exact for other clitics, and a plain mention is no insult
	for _, s := range []string{"وحيوانات المزرعة جميلة", "@someone شكرا على الفيديو"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.IsSafe {
			t.Errorf("%q: flagged %v %v", s, m.Flags, m.FlaggedTerms)
		}
	}
}

func TestHashtagWords(t *testing.T) {
	keys := func(s string) []string {
		var ks []string
		for _, tk := range tokenize(s) {
			ks = append(ks, tk.key)
		}
		return ks
	}
	if ks := keys("#خدمة_سيئة جدا"); len(ks) != 3 || ks[0] != "خدمه" || ks[1] != "سيءه" {
		t.Errorf("hashtag words: %q", ks)
	}
	if ks := keys("ك_ل_ب"); len(ks) != 1 || ks[0] != "كلب" {
		t.Errorf("evasive spelling split: %q", ks)
	}
}

func TestEnglishSentimentRules(t *testing.T) {
	cases := map[string]string{
		"hahahaha that was the best": "positive",
		"hahahaha":                   "positive",
		"please send the file":       "neutral",
		"this update is bad":         "negative",
	}
	for s, want := range cases {
		if got := Classify(op.ClassifyRequest{Text: s}).Sentiment; got != want {
			t.Errorf("%q: %s, want %s", s, got, want)
		}
	}
}

// Insults about conduct and "heavy blood" are flagged; dirt describing a
// place is not, nor a friendly "يا زلمة" beside praise.
func TestConductInsultsAndDirt(t *testing.T) {
	for _, s := range []string{"انت ما عندك أخلاق", "انت دمك ثقيل", "يا وسخ اسكت", "enta ma 3andak a5la2", "this streamer is an idiot"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.Categories[catHarassment] {
			t.Errorf("%q: not flagged as harassment at medium: %+v", s, m.CategoryScores)
		}
	}
	for _, s := range []string{"الغرفة كانت وسخة والحمام أوسخ", "el fondo2 kan wesekh awi", "شو هالماتش يا زلمة، فخورين فيكن", "يا شباب الحلقة نار"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); m.Categories[catHarassment] {
			t.Errorf("%q: flagged %v %v", s, m.Flags, m.FlaggedTerms)
		}
	}
}

// An insult closing a comment about people, one said of "whoever runs"
// a place, and one after an adjective of talent are aimed (flagged).
func TestAimedInsultsClosingOrWhoever(t *testing.T) {
	for _, s := range []string{"the referees tonight were a disgrace, useless clowns", "whoever manages this shop is a total idiot", "this singer is a talentless fraud"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.Categories[catHarassment] {
			t.Errorf("%q: not flagged: %+v", s, m.CategoryScores)
		}
	}
	for _, s := range []string{"whoever made this video deserves an award", "the players lost again but they tried hard"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.IsSafe {
			t.Errorf("%q: flagged %v", s, m.Flags)
		}
	}
}

// واطي of a sound, a price or a signal is "low", no insult; of a person it is.
func TestLowOfThings(t *testing.T) {
	for _, s := range []string{"الفيديو حلو بس الصوت كان واطي كتير", "صوت المقطع جدا واطي"} {
		if m := Moderate(op.ModerateRequest{Text: s, Strictness: "medium"}); !m.IsSafe {
			t.Errorf("%q: flagged %v", s, m.Flags)
		}
	}
	if m := Moderate(op.ModerateRequest{Text: "انت انسان واطي", Strictness: "medium"}); !m.Categories[catHarassment] {
		t.Errorf("واطي of a person: not flagged: %+v", m.CategoryScores)
	}
}
