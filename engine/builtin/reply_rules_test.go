package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// thanksOrWelcome are words of thanks or welcome a reply to an insult must
// not carry.
var thanksOrWelcome = []string{"thank", "thanks", "welcome", "great to have", "شكر", "مشكور", "أهلا", "أهلاً", "أهلين", "هلا", "نورتنا", "يسلمو", "تسلم"}

// The draft reply follows the final intent, sentiment and toxicity (issue
// 23): an insult is never thanked or welcomed and needs no response; a
// complaint gets an apology and a next step, never "nice question" and
// never a promised refund; the reply is in the variety of the comment.
// Checked on every row of the obvious-comment set, for both registers.
func TestReplyFitsComment(t *testing.T) {
	apology := []string{"sorry", "apologise", "نعتذر", "آسفين", "منعتذر", "حقك علينا"}
	for _, r := range loadObvious(t) {
		if r.Variety == "arabizi" {
			continue // analysed once the transliterator lands (engine/dialect)
		}
		c := Classify(op.ClassifyRequest{Text: r.Text})
		ta := analyseText(r.Text)
		// an insult: abuse beyond swearing, or swearing in what is not a
		// complaint (a complaint sworn at nobody is still owed its reply)
		abusive := insulting(&ta.tx, c.Intent)
		for _, tone := range []string{"", "professional"} {
			text := c.ReplyText
			if tone != "" {
				text = Reply(op.ReplyRequest{Text: r.Text, Tone: tone, Language: "auto"}).ReplyText
			}
			low := strings.ToLower(text)
			if abusive {
				for _, w := range thanksOrWelcome {
					if strings.Contains(low, w) {
						t.Errorf("%q (abusive, %v): reply %q thanks or welcomes (%q)", r.Text, c.Intent, text, w)
					}
				}
				if c.RequiresResponse {
					t.Errorf("%q (abusive, %v): requires_response true", r.Text, c.Intent)
				}
			}
			if op.In("complaint", c.Intent) && !abusive {
				if strings.Contains(low, "question") || strings.Contains(text, "سؤال") {
					t.Errorf("%q (complaint): reply %q answers a question", r.Text, text)
				}
				ok := false
				for _, w := range apology {
					ok = ok || strings.Contains(low, w)
				}
				if !ok {
					t.Errorf("%q (complaint): reply %q has no apology", r.Text, text)
				}
				for _, w := range []string{"refund", "استرداد", "استرجاع", "نرجع لك المبلغ", "فلوسك"} {
					if strings.Contains(low, w) {
						t.Errorf("%q (complaint): reply %q promises a refund (%q)", r.Text, text, w)
					}
				}
			}
			// the reply is in the comment's language; Arabic replies come
			// from the detected dialect's templates
			arabic := strings.IndexFunc(text, func(r rune) bool { return r >= 0x0600 && r <= 0x06FF }) >= 0
			if arabic != (r.Language == "ar") {
				t.Errorf("%q: reply %q not in the comment's language", r.Text, text)
			}
		}
	}
}

// An insult voiced with a complaint or a question owes no reply
// (requires_response false), so its draft is the calm line, not the apology
// or the "great question" a reply owed would be: the draft and
// requires_response never disagree. Sentences of our own.
func TestAbusiveReplyMatchesNoResponse(t *testing.T) {
	calm := map[string]string{
		"english": "respectful", "egyptian": "باحترام", "levantine": "باحترام", "gulf": "باحترام", "msa": "الاحترام",
	}
	for _, tc := range []struct{ text, variety string }{
		{"why are you all so stupid?", "english"},
		{"you idiots lost my parcel, where is it", "english"},
		{"يا حمير فين الأوردر بتاعي؟", "egyptian"},
		{"انتو اغبيا ليش ما بتردوا؟", "levantine"},
		{"يا أغبياء وين فلوسي", "gulf"},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if ta := analyseText(tc.text); ta.tx.abuse() < abusiveMin {
			t.Fatalf("%q: not abusive, the test needs an insult", tc.text)
		}
		if c.RequiresResponse {
			t.Errorf("%q: requires_response true for an insult", tc.text)
		}
		low := strings.ToLower(c.ReplyText)
		if !strings.Contains(low, calm[tc.variety]) {
			t.Errorf("%q (%v, %s): reply %q is not the calm line", tc.text, c.Intent, c.Dialect, c.ReplyText)
		}
		for _, w := range []string{"question", "sorry", "سؤال", "آسفين", "منعتذر", "حقك علينا", "نعتذر"} {
			if strings.Contains(low, w) {
				t.Errorf("%q: reply %q answers it as owed (%q)", tc.text, c.ReplyText, w)
			}
		}
	}
}

// Swearing that names no one in a complaint ("this is f***ing ridiculous")
// is a grievance said strongly: requires_response true and the apology, as
// for any complaint; swearing at someone stays an insult. Sentences of our
// own.
func TestSwornComplaintIsAnswered(t *testing.T) {
	for _, tc := range []struct {
		text   string
		answer bool
	}{
		{"this is f***ing ridiculous, third time the app crashed today", true},
		{"shit service, waited 2 hours for a table", true},
		{"you guys are fucking useless, where is my order", false},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		apology := strings.Contains(strings.ToLower(c.ReplyText), "sorry")
		if c.RequiresResponse != tc.answer || apology != tc.answer {
			t.Errorf("%q (%v): requires_response %v, reply %q; want answered=%v", tc.text, c.Intent, c.RequiresResponse, c.ReplyText, tc.answer)
		}
		// the reply of a stored comment (its stored intent) drafts the same
		if r := Reply(op.ReplyRequest{Text: tc.text, Intent: c.Intent[0], Language: "auto"}); strings.Contains(strings.ToLower(r.ReplyText), "sorry") != tc.answer {
			t.Errorf("%q: Reply drafted %q; want answered=%v", tc.text, r.ReplyText, tc.answer)
		}
	}
}
