package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"svc/internal/scoring"

	"svc/engine/builtin"
	"svc/engine/op"
)

// Suite "analyzers": the built-in analyzers (engine/builtin) on the dev sets.
//
// What is measured, and how a prediction is read:
//   - youtube-spam: a comment is predicted spam when Classify's intents
//     contain "spam"; F1 of the spam class (plus the macro-F1 of both classes).
//   - osact2022, lhsab, davidson: Moderate at strictness "medium" (the API
//     default); predicted flagged when is_safe is false; macro-F1 of
//     flagged/clean.
//   - arsas, astd, tweeteval: Classify's sentiment; macro-F1 over the set's
//     classes (tweeteval has no mixed class: a mixed prediction counts wrong).
//   - complaints, suggestions: Classify's intents contain the class; F1 of it.
//
// With QUALITY_ERRORS=DIR set, misclassified rows are written to DIR for study.
func init() { register("analyzers", runAnalyzers) }

type measure struct {
	set, task, metric string
	value, target     float64
	n                 int
	detail            string
}

func runAnalyzers(dataDir string) (string, error) {
	var ms []measure
	errDir := os.Getenv("QUALITY_ERRORS")
	dump := func(set string, lines []string) {
		if errDir == "" {
			return
		}
		_ = os.MkdirAll(errDir, 0o755)
		_ = os.WriteFile(filepath.Join(errDir, set+".txt"), []byte(strings.Join(lines, "\n")), 0o644)
	}
	flag := func(b bool) string {
		if b {
			return "flagged"
		}
		return "clean"
	}
	start := time.Now()

	// spam
	{
		rows, err := load(dataDir, "youtube-spam")
		if err != nil {
			return "", err
		}
		c := scoring.New("flagged", "clean")
		var errs []string
		for _, r := range rows {
			cl := builtin.Classify(op.ClassifyRequest{Text: r.Text, Platform: "youtube"})
			p := flag(op.In("spam", cl.Intent))
			c.Add(r.Label, p)
			if p != r.Label {
				errs = append(errs, r.Label+"\t"+p+"\t"+oneLine(r.Text))
			}
		}
		dump("youtube-spam", errs)
		_, _, f := c.PRF("flagged")
		ms = append(ms, measure{"youtube-spam", "spam (classify intent contains spam)", "spam F1", f, 0.95, c.N(), c.Markdown()})
	}
	// moderation
	for _, s := range []struct {
		set    string
		target float64
	}{{"osact2022-moderation", 0.80}, {"lhsab-moderation", 0.80}, {"davidson-moderation", 0.85}} {
		rows, err := load(dataDir, s.set)
		if err != nil {
			return "", err
		}
		c := scoring.New("flagged", "clean")
		other := map[string]*scoring.Confusion{"low": scoring.New("flagged", "clean"), "high": scoring.New("flagged", "clean")}
		var errs []string
		for _, r := range rows {
			m := builtin.Moderate(op.ModerateRequest{Text: r.Text, Strictness: "medium"})
			p := flag(!m.IsSafe)
			c.Add(r.Label, p)
			if p != r.Label {
				errs = append(errs, r.Label+"\t"+p+"\t"+strings.Join(m.FlaggedTerms, "|")+"\t"+oneLine(r.Text))
			}
			for st, oc := range other {
				oc.Add(r.Label, flag(!builtin.Moderate(op.ModerateRequest{Text: r.Text, Strictness: st}).IsSafe))
			}
		}
		dump(s.set, errs)
		detail := c.Markdown() + fmt.Sprintf("\nSame set at the other strictness levels (for reference; the headline figure is medium): low macro-F1 %.3f, high macro-F1 %.3f.\n", other["low"].MacroF1(), other["high"].MacroF1())
		ms = append(ms, measure{s.set, "moderation, strictness medium (flagged = not is_safe)", "macro-F1", c.MacroF1(), s.target, c.N(), detail})
	}
	// sentiment
	for _, s := range []struct {
		set     string
		classes []string
	}{{"arsas-sentiment", []string{"positive", "negative", "neutral", "mixed"}}, {"astd-sentiment", []string{"positive", "negative", "neutral", "mixed"}}, {"tweeteval-sentiment", []string{"positive", "negative", "neutral"}}} {
		rows, err := load(dataDir, s.set)
		if err != nil {
			return "", err
		}
		c := scoring.New(s.classes...)
		var errs []string
		for _, r := range rows {
			cl := builtin.Classify(op.ClassifyRequest{Text: r.Text})
			c.Add(r.Label, cl.Sentiment)
			if cl.Sentiment != r.Label {
				errs = append(errs, r.Label+"\t"+cl.Sentiment+"\t"+oneLine(r.Text))
			}
		}
		dump(s.set, errs)
		ms = append(ms, measure{s.set, "classify sentiment", "macro-F1", c.MacroF1(), 0.65, c.N(), c.Markdown()})
	}
	// intents
	for _, s := range []struct{ set, class string }{{"complaints-intent", "complaint"}, {"suggestions-intent", "suggestion"}} {
		rows, err := load(dataDir, s.set)
		if err != nil {
			return "", err
		}
		c := scoring.New(s.class, "not_"+s.class)
		var errs []string
		for _, r := range rows {
			cl := builtin.Classify(op.ClassifyRequest{Text: r.Text})
			p := "not_" + s.class
			if op.In(s.class, cl.Intent) {
				p = s.class
			}
			c.Add(r.Label, p)
			if p != r.Label {
				errs = append(errs, r.Label+"\t"+strings.Join(cl.Intent, ",")+"\t"+oneLine(r.Text))
			}
		}
		dump(s.set, errs)
		_, _, f := c.PRF(s.class)
		ms = append(ms, measure{s.set, "classify intent contains " + s.class, s.class + " F1", f, 0.70, c.N(), c.Markdown()})
	}

	var b strings.Builder
	b.WriteString("# Built-in analyzers: quality on the dev sets\n\n")
	b.WriteString("Generated by `go run ./cmd/quality analyzers` (engine `" + builtin.Model + "`, rule engines over embedded lexicons, no model provider). ")
	b.WriteString("Dev sets from DATA (docs/quality.md, \"Data sets\": sources, licences, caveats). These are dev-set figures: the lexicons were written from general knowledge while studying error patterns on these sets, so held-out figures are expected to be somewhat lower.\n\n")
	b.WriteString("| set | task | metric | value | target | met | n |\n|---|---|---|---|---|---|---|\n")
	for _, m := range ms {
		met := "no"
		if m.value >= m.target {
			met = "yes"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %.3f | %.2f | %s | %d |\n", m.set, m.task, m.metric, m.value, m.target, met, m.n)
	}
	b.WriteString(shortfalls)
	fmt.Fprintf(os.Stderr, "quality: analyzers ran in %.1fs\n", time.Since(start).Seconds())
	for _, m := range ms {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", m.set, m.detail)
	}
	fmt.Fprint(os.Stderr, tableOnly(ms))
	return b.String(), nil
}

func tableOnly(ms []measure) string {
	var b strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&b, "%-22s %-12s %.3f (target %.2f)\n", m.set, m.metric, m.value, m.target)
	}
	return b.String()
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// shortfalls explains, for the unmet targets, why rules fall short and what a
// provider path gains.
const shortfalls = `
Where the rules fall short:

- **Sentiment (ArSAS, ASTD, TweetEval)**: a lexicon reads words, not stance. Most ArSAS/ASTD
  tweets are about entities, events and politics, and their polarity lies in the writer's
  position on them ("a record for Salah" is positive, a neutral-sounding headline about a
  politician negative), often sarcastic; the "mixed" class is hard even for annotators. The
  decision thresholds sit on a plateau (moving the neutral band or the mixed rule changes
  macro-F1 by less than 0.01). An Arabic word-polarity table learned from arsarcasm-dialect's
  sentiment field (the one MIT-licensed Arabic sentiment source; training split only, texts
  shared with ASTD dropped) was tried and not shipped: it learned entity stance from its
  2017 topics and lowered ArSAS and ASTD (0.480 to 0.475, 0.444 to 0.439) while gaining 0.01
  on its own held-out part. English sentiment uses VADER's valences, which score around
  this level on SemEval tweets. Target 0.65 needs a model: the provider path (an LLM with
  the classify schema) reads stance and sarcasm.
- **OSACT2022**: its tweets were collected around emoji, and its "offensive" class includes
  contempt signalled by emoji alone (😷 👊 🐸 🔪 🤢), which are just as frequent in its clean
  class, plus mockery and subtle insults with no insult word. Of the offensive tweets still
  missed, most carry no lexicon word at all (see the per-class figures below). SPEC places
  those under strictness high (its figure is in the OSACT section below); at medium the rules
  keep precision high (few clean tweets flagged) but miss them. A provider path reads target
  and intent.
- **Complaints**: many complaints to brands state a fact in neutral words ("the train has been
  stopped for an hour"); the cue lexicon catches the explicit ones. A provider path reads the
  implied grievance.
`
