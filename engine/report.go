package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"svc/engine/builtin"
	"svc/engine/op"
	"svc/engine/provider/wire"
)

// Report builds an intelligence report on llm_a only (its fallback model
// allowed). Every table (COUNT figures) is computed locally by the built-in
// report; the model only writes narrative per section. Merge per section:
// the local section's tables are kept verbatim and its prose is replaced by
// the model's narrative (the local prose stays where the model wrote none).
// In the narrative every (COUNT) tag becomes (ESTIMATE) (a model cannot
// count); then builtin.TagPercentages stamps (UNVERIFIED) on any untagged
// percentage. The narrative is untrusted (the model read the commenters'
// texts, which may instruct it): builtin.SafeMarkdown removes raw HTML and
// every link whose scheme is not http(s) before it is merged; the local
// tables already escape every commenter's field (builtin.MarkdownText).
// Markdown is rebuilt like the built-in's: each section under its "## "
// heading, in tier order.
// All sections of the tier are always present. Unusable output: not JSON, or
// no narrative at all.
func (e *Engine) Report(ctx context.Context, req op.ReportRequest) (op.Report, error) {
	local := builtin.Report(req)
	keys := reportKeys(req.Tier)
	in := wire.ReportInput{Tier: req.Tier, Title: req.Title, ChannelContext: req.ChannelContext, Sections: keys, Computed: local.Sections}
	for _, c := range req.Comments {
		in.Comments = append(in.Comments, wire.ReportComment{Text: truncRunes(c.Text, reportCommentRunes), Author: truncRunes(c.Author, 100), Likes: c.Likes, CreatedAt: c.CreatedAt})
	}
	t := task[op.Report]{
		op: opReport, schemaName: wire.SchemaReport, system: prompts["report"], schema: reportSchema(keys),
		input: in, maxTokens: 6000,
		check: func(content string) (op.Report, error) {
			var out wire.ReportOutput
			if err := decode(content, &out); err != nil {
				return op.Report{}, err
			}
			return mergeReport(local, keys, out.Narrative)
		},
		local: func() op.Report { return local },
		usage: func(r *op.Report) *op.Usage { return &r.Usage },
	}
	return run(ctx, e, e.chain(LLMA, false), t)
}

// reportCommentRunes bounds each comment's text in the report prompt (500
// comments stay within a model's context window); the local tables always use
// the full texts.
const reportCommentRunes = 400

func reportKeys(tier string) []string {
	keys := append([]string{}, op.ReportSectionsBasic...)
	if tier == "pro" {
		keys = append(keys, op.ReportSectionsPro...)
	}
	return keys
}

// reportSchema is prompts/report.schema.json (every section of the pro tier)
// narrowed to keys.
func reportSchema(keys []string) json.RawMessage {
	var s struct {
		Type       string `json:"type"`
		Properties struct {
			Narrative struct {
				Type                 string                     `json:"type"`
				Properties           map[string]json.RawMessage `json:"properties"`
				Required             []string                   `json:"required"`
				AdditionalProperties bool                       `json:"additionalProperties"`
			} `json:"narrative"`
		} `json:"properties"`
		Required             []string `json:"required"`
		AdditionalProperties bool     `json:"additionalProperties"`
	}
	if err := json.Unmarshal(schemas["report"], &s); err != nil {
		return schemas["report"]
	}
	n := &s.Properties.Narrative
	props := make(map[string]json.RawMessage, len(keys))
	for _, k := range keys {
		props[k] = n.Properties[k]
	}
	n.Properties, n.Required = props, keys
	b, err := json.Marshal(s)
	if err != nil {
		return schemas["report"]
	}
	return b
}

// countTag matches a COUNT tag a model may have written.
var countTag = regexp.MustCompile(`\bCOUNT\b`)

// blankRuns matches two or more blank lines.
var blankRuns = regexp.MustCompile(`\n{3,}`)

func mergeReport(local op.Report, keys []string, narrative map[string]string) (op.Report, error) {
	any := false
	for _, k := range keys {
		if strings.TrimSpace(narrative[k]) != "" {
			any = true
		}
	}
	if !any {
		return op.Report{}, unusable("no narrative")
	}
	r := op.Report{Sections: make(map[string]string, len(keys)), CommentsAnalyzed: local.CommentsAnalyzed}
	titles := headings(local.Markdown, keys)
	var md strings.Builder
	for i, k := range keys {
		loc := local.Sections[k]
		sec := loc
		if n := strings.TrimSpace(narrative[k]); n != "" {
			n = blankRuns.ReplaceAllString(countTag.ReplaceAllString(builtin.SafeMarkdown(n), "ESTIMATE"), "\n\n")
			if tables := tableBlocks(loc); tables != "" {
				sec = tables + "\n\n" + n + "\n"
			} else {
				sec = n + "\n"
			}
		}
		sec = builtin.TagPercentages(sec)
		r.Sections[k] = sec
		fmt.Fprintf(&md, "## %s\n\n%s\n", titles[i], strings.TrimRight(sec, "\n"))
	}
	r.Markdown = md.String()
	return r, nil
}

// headings returns the "## " headings of the built-in report's Markdown, one
// per key in order (the key itself where they cannot be matched).
func headings(md string, keys []string) []string {
	var hs []string
	for _, line := range strings.Split(md, "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			hs = append(hs, strings.TrimSpace(h))
		}
	}
	if len(hs) != len(keys) {
		return keys
	}
	return hs
}

// tableBlocks returns the Markdown table lines of s (lines starting with
// "|"), blocks separated by a blank line.
func tableBlocks(s string) string {
	var blocks []string
	var cur []string
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "|") {
			cur = append(cur, line)
			continue
		}
		if len(cur) > 0 {
			blocks = append(blocks, strings.Join(cur, "\n"))
			cur = nil
		}
	}
	if len(cur) > 0 {
		blocks = append(blocks, strings.Join(cur, "\n"))
	}
	return strings.Join(blocks, "\n\n")
}
