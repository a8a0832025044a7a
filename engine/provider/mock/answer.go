package mock

import (
	"fmt"
	"strings"

	"github.com/bytedance/sonic"

	"svc/engine/builtin"
	"svc/engine/op"
	"svc/engine/provider/wire"
)

// answer computes the model output of task for the JSON input with the
// built-in analyzers. invalid adds values a checker must drop. A generic chat
// (no known task) gets a plain-text echo.
func answer(task, input string, invalid bool) (string, error) {
	var out any
	switch task {
	case "classify":
		var in wire.ClassifyInput
		if err := sonic.ConfigStd.UnmarshalFromString(input, &in); err != nil {
			return "", badInput(task, err)
		}
		out = classify(in, invalid)
	case "rubric":
		var in wire.RubricInput
		if err := sonic.ConfigStd.UnmarshalFromString(input, &in); err != nil {
			return "", badInput(task, err)
		}
		out = rubric(in, invalid)
	case "translate":
		var in wire.TranslateInput
		if err := sonic.ConfigStd.UnmarshalFromString(input, &in); err != nil {
			return "", badInput(task, err)
		}
		t := builtin.Translate(op.TranslateRequest{Text: in.Text, Source: in.Source, Target: in.Target, Dialect: in.Dialect, Tone: in.Tone, Platform: in.Platform})
		out = wire.TranslateOutput{TranslatedText: t.TranslatedText}
	case "moderate":
		var in wire.ModerateInput
		if err := sonic.ConfigStd.UnmarshalFromString(input, &in); err != nil {
			return "", badInput(task, err)
		}
		out = moderate(in, invalid)
	case "reply":
		var in wire.ReplyInput
		if err := sonic.ConfigStd.UnmarshalFromString(input, &in); err != nil {
			return "", badInput(task, err)
		}
		lang := in.Language
		if in.Script == "latin" {
			lang = "auto" // the built-in draft answers Arabizi in Latin letters
		}
		r := builtin.Reply(op.ReplyRequest{Text: in.Text, Intent: in.Intent, Intents: in.Intents, Dialect: in.Dialect, Tone: in.Tone, MaxLength: in.MaxLength, Context: in.Context, Language: lang})
		out = wire.ReplyOutput{ReplyText: r.ReplyText}
	case "report":
		var in wire.ReportInput
		if err := sonic.ConfigStd.UnmarshalFromString(input, &in); err != nil {
			return "", badInput(task, err)
		}
		out = report(in)
	default:
		return "mockllm: " + strings.TrimSpace(input), nil
	}
	b, err := sonic.ConfigStd.Marshal(out)
	return string(b), err
}

func badInput(task string, err error) error {
	return fmt.Errorf("mockllm: %s input is not the expected JSON: %v", task, err)
}

func classify(in wire.ClassifyInput, invalid bool) wire.ClassifyOutput {
	req := op.ClassifyRequest{Text: in.Text, Platform: in.Platform}
	for _, ex := range in.Examples {
		req.Hints = append(req.Hints, op.Hint{Text: ex.Text, Intent: ex.Intent, Sentiment: ex.Sentiment})
	}
	c := builtin.Classify(req)
	out := wire.ClassifyOutput{
		Intent: c.Intent, Sentiment: c.Sentiment, Language: c.Language,
		RequiresResponse: c.RequiresResponse, Priority: c.Priority,
		ReplyText: c.ReplyText, Reasoning: c.Reasoning,
	}
	if c.Dialect != "" {
		d, conf := c.Dialect, c.DialectConfidence
		out.Dialect, out.DialectConfidence = &d, &conf
	}
	if invalid {
		out.Intent = append([]string{"bogus_intent"}, append(out.Intent, out.Intent...)...)
		conf := 7.5
		out.DialectConfidence = &conf
	}
	return out
}

// NotInRubric is the category name the invalid mode adds to rubric answers.
const NotInRubric = "mockllm-not-in-rubric"

// NotInText is the flagged term the invalid mode adds to moderation answers.
const NotInText = "mockllm-term-not-in-text"

func rubric(in wire.RubricInput, invalid bool) wire.RubricOutput {
	req := op.RubricRequest{Text: in.Text, MultiLabel: in.MultiLabel, Threshold: in.Threshold}
	for _, c := range in.Categories {
		req.Categories = append(req.Categories, op.RubricCategory{Name: c.Name, Description: c.Description})
	}
	r := builtin.Rubric(req)
	out := wire.RubricOutput{Categories: []wire.RubricScore{}}
	for _, s := range r.Categories {
		out.Categories = append(out.Categories, wire.RubricScore{Name: s.Name, Confidence: s.Confidence})
	}
	if invalid && len(in.Categories) > 0 {
		out.Categories = append([]wire.RubricScore{
			{Name: NotInRubric, Confidence: 0.99},
			{Name: in.Categories[0].Name, Confidence: 1.7},
		}, out.Categories...)
	}
	return out
}

func moderate(in wire.ModerateInput, invalid bool) wire.ModerateOutput {
	m := builtin.Moderate(op.ModerateRequest{Text: in.Text, Context: in.Context, Strictness: in.Strictness, Platform: in.Platform})
	out := wire.ModerateOutput{
		Flags: append([]string{}, m.Flags...), CategoryScores: map[string]float64{},
		FlaggedTerms: append([]string{}, m.FlaggedTerms...), Severity: m.Severity, SeverityScore: m.SeverityScore,
	}
	for i, c := range op.ModerationCategories {
		out.CategoryScores[c] = m.CategoryScores[i]
	}
	if invalid {
		out.FlaggedTerms = append(out.FlaggedTerms, NotInText)
		out.Flags = append(out.Flags, "not_a_category")
	}
	return out
}

// report returns, per section, the prose (non-table lines) of the built-in
// report's section.
func report(in wire.ReportInput) wire.ReportOutput {
	req := op.ReportRequest{Tier: in.Tier, Title: in.Title, ChannelContext: in.ChannelContext}
	for _, c := range in.Comments {
		req.Comments = append(req.Comments, op.ReportComment{Text: c.Text, Author: c.Author, Likes: c.Likes, CreatedAt: c.CreatedAt})
	}
	r := builtin.Report(req)
	out := wire.ReportOutput{Narrative: map[string]string{}}
	for _, k := range in.Sections {
		var prose []string
		for _, line := range strings.Split(r.Sections[k], "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "|") {
				prose = append(prose, line)
			}
		}
		out.Narrative[k] = strings.TrimSpace(strings.Join(prose, "\n"))
	}
	return out
}
