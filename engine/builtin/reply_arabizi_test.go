package builtin

import (
	"os"
	"strings"
	"testing"

	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/textnorm"
)

// A reply to an Arabizi writer is the template of its dialect written in
// Latin letters (dialect.ToArabizi): every Arabic word of the templates has
// its Arabizi spelling in engine/dialect/translit/reverse.tsv, so none is
// spelled letter by letter ("wasfyn gedan" for "w asfeen gedan").
func TestReplyTemplatesSpelled(t *testing.T) {
	rev, err := os.ReadFile("../dialect/translit/reverse.tsv")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, line := range strings.Split(string(rev), "\n") {
		if f := strings.Split(line, "\t"); len(f) == 2 && !strings.HasPrefix(line, "#") {
			known[textnorm.Fold(f[0])] = true
		}
	}
	tpl, err := os.ReadFile("data/reply_templates.tsv")
	if err != nil {
		t.Fatal(err)
	}
	// the tones' openers and closers are written to an Arabizi writer too
	// (a formal reply ended "m3 khals alt7yh" before they were listed)
	for _, m := range []map[string]string{casualOpener, formalCloser} {
		for _, s := range m {
			tpl = append(tpl, "\n"+s...)
		}
	}
	missing := map[string]bool{}
	for _, line := range strings.Split(string(tpl), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.FieldsFunc(line, func(r rune) bool { return !textnorm.IsArabicLetter(r) }) {
			if f := textnorm.Fold(w); !known[f] {
				missing[f] = true
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d template words without an Arabizi spelling in reverse.tsv: %v", len(missing), missing)
	}
}

// An Arabizi comment's reply is in the dialect classify reports for it,
// not in the dialect of its Arabic reading when the two differ (a
// read-through's find: a comment reported Levantine answered in Egyptian).
// Sentences of our own.
func TestArabiziReplyInReportedDialect(t *testing.T) {
	kinds := append([]string{"abuse", "negative"}, op.Intents...)
	for _, text := range []string{
		"el app 3amla mashakel kteer w el support mabyrodesh",
		"shukran 3al video kteer 7elo",
		"wein el order taba3i sar li yomein",
		"el akl kan bared w el delivery et2a5ar sa3a",
		"ya reit t3mlo video 3an el tabkh el sa7i",
	} {
		c := Classify(op.ClassifyRequest{Text: text})
		ok := false
		for _, k := range kinds {
			ok = ok || dialect.ToArabizi(draftReply(k, c.Dialect, "friendly")) == c.ReplyText
		}
		if !ok {
			t.Errorf("%q (%s): reply %q is no %s template", text, c.Dialect, c.ReplyText, c.Dialect)
		}
	}
}

// The reply endpoint answers an Arabizi comment as classify drafts it: in
// Latin letters (language auto), from the analysis of its Arabic reading
// (a complaint gets the apology, not a welcome); asked for Arabic, in
// Arabic script. Before, /v1/comments/{id}/reply answered in Arabic script
// what classify's suggested_reply wrote in Latin. Sentences of our own.
func TestReplyArabiziLatin(t *testing.T) {
	for _, text := range []string{
		"el app bey2fel kol shwaya w mafeesh 7ad byrod",
		"el order et2a5ar esbo3 w mafeesh 7ad byrod 3alaya",
		"shukran 3al video kteer 7elo",
	} {
		c := Classify(op.ClassifyRequest{Text: text})
		r := Reply(op.ReplyRequest{Text: text, Language: "auto", Dialect: c.Dialect})
		if hasArabicLetter(r.ReplyText) || r.ReplyText == "" {
			t.Errorf("%q: reply %q, want Latin letters", text, r.ReplyText)
		}
		if r.ReplyText != c.ReplyText {
			t.Errorf("%q: reply %q, classify drafted %q", text, r.ReplyText, c.ReplyText)
		}
		if a := Reply(op.ReplyRequest{Text: text, Language: "ar", Dialect: c.Dialect}); !hasArabicLetter(a.ReplyText) {
			t.Errorf("%q language ar: reply %q, want Arabic script", text, a.ReplyText)
		}
	}
}
