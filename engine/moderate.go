package engine

import (
	"context"
	"sort"
	"strings"

	"svc/engine/builtin"
	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/provider/wire"
)

// Moderate moderates on llm_a only (its fallback model allowed).
//
// Checks on model output: flags filtered to the seven categories; scores
// clamped to 0..1 (a flagged category scores at least 0.5); flagged_terms
// kept only when they occur in the text (exactly, or case-insensitively, in
// which case the text's own spelling is returned); spans and cleaned_text are
// recomputed locally from the kept terms; severity must be valid (derived from
// severity_score when the model's is missing or contradicts the flags);
// language and dialect come from the local detector; toxicity follows
// severity (none, mild, moderate, severe). No flags means safe: severity
// none, no terms, cleaned_text null.
func (e *Engine) Moderate(ctx context.Context, req op.ModerateRequest) (op.Moderation, error) {
	det := dialect.Detect(req.Text)
	in := wire.ModerateInput{Text: req.Text, Context: req.Context, Strictness: req.Strictness, Platform: req.Platform}
	t := task[op.Moderation]{
		op: opModerate, schemaName: wire.SchemaModerate, system: prompts["moderate"], schema: schemas["moderate"],
		input: in, maxTokens: 600,
		check: func(content string) (op.Moderation, error) { return checkModerate(content, req.Text, det) },
		local: func() op.Moderation { return builtin.ModerateDetected(req, det) }, // det: not detected again
		usage: func(m *op.Moderation) *op.Usage { return &m.Usage },
	}
	return run(ctx, e, e.chain(LLMA, false), t)
}

func checkModerate(content, text string, det op.Detection) (op.Moderation, error) {
	var out wire.ModerateOutput
	if err := decode(content, &out); err != nil {
		return op.Moderation{}, err
	}
	if out.Flags == nil || out.CategoryScores == nil {
		return op.Moderation{}, unusable("flags or category_scores missing")
	}
	m := op.Moderation{Language: det.Language, Dialect: det.Dialect, Flags: []string{}, FlaggedTerms: []string{}}
	flags := validSubset(out.Flags, op.ModerationCategories)
	scores := normKeys(out.CategoryScores)
	for i, cat := range op.ModerationCategories {
		m.CategoryScores[i] = round2(clamp01(scores[cat]))
		if op.In(cat, flags) {
			m.Categories[i] = true
			m.Flags = append(m.Flags, cat)
			if m.CategoryScores[i] < 0.5 {
				m.CategoryScores[i] = 0.5
			}
		}
	}
	m.SeverityScore = round2(clamp01(out.SeverityScore))
	m.IsSafe = len(m.Flags) == 0
	if m.IsSafe {
		m.Severity, m.Toxicity = "none", "none"
		return m, nil
	}
	m.Severity = norm(out.Severity)
	if !op.In(m.Severity, op.Severities) || m.Severity == "none" {
		m.Severity = severityOf(m.SeverityScore)
	}
	m.Toxicity = map[string]string{"low": "mild", "medium": "moderate", "high": "severe"}[m.Severity]
	m.FlaggedTerms, m.Spans = locateTerms(text, out.FlaggedTerms)
	m.CleanedText = builtin.MaskSpans(text, m.Spans)
	return m, nil
}

func severityOf(score float64) string {
	switch {
	case score >= 0.67:
		return "high"
	case score >= 0.34:
		return "medium"
	}
	return "low"
}

// locateTerms keeps the terms found in text and returns them (deduplicated,
// in the text's spelling, ordered by first occurrence) with the sorted,
// merged byte spans of all their occurrences.
func locateTerms(text string, terms []string) ([]string, []op.Span) {
	lower := strings.ToLower(text)
	sameLen := len(lower) == len(text)
	type hit struct {
		term  string
		first int
	}
	var hits []hit
	var spans []op.Span
	seen := map[string]bool{}
	for _, t := range terms {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		hay, needle := text, t
		if !strings.Contains(text, t) {
			if !sameLen || len(strings.ToLower(t)) != len(t) || !strings.Contains(lower, strings.ToLower(t)) {
				continue
			}
			hay, needle = lower, strings.ToLower(t)
		}
		first := -1
		for off := 0; ; {
			i := strings.Index(hay[off:], needle)
			if i < 0 {
				break
			}
			s := op.Span{Start: off + i, End: off + i + len(needle)}
			if first < 0 {
				first = s.Start
			}
			spans = append(spans, s)
			off = s.End
		}
		orig := text[first : first+len(needle)]
		if !seen[orig] {
			seen[orig] = true
			hits = append(hits, hit{orig, first})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].first < hits[b].first })
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.term
	}
	return out, builtin.MergeSpans(spans)
}
