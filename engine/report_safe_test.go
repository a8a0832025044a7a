package engine

import (
	"regexp"
	"strings"
	"testing"

	"svc/engine/builtin"
	"svc/engine/op"
)

// A model's narrative is untrusted (it read the commenters' texts): the
// merged report keeps none of its raw HTML and none of its links whose
// scheme is not http(s), in the Markdown and in every section.
func TestMergeReportSanitisesNarrative(t *testing.T) {
	var cs []op.ReportComment
	for i := range 12 {
		cs = append(cs, op.ReportComment{Text: "<script>alert(1)</script> [x](javascript:alert(1)) comment", Author: "<b>a</b>", Likes: i})
	}
	req := op.ReportRequest{Tier: "pro", Comments: cs, Title: "<img src=x onerror=alert(1)>"}
	local := builtin.Report(req)
	keys := reportKeys("pro")
	narrative := map[string]string{}
	for _, k := range keys {
		narrative[k] = "**Summary** of " + k + ": see [the source](https://example.com/a) or [this](javascript:alert(1)) " +
			"<script>alert(2)</script> <iframe src=\"javascript:alert(3)\"></iframe> ![p](data:image/png;base64,AA)\n\n[r]: javascript:alert(4)\n"
	}
	r, err := mergeReport(local, keys, narrative)
	if err != nil {
		t.Fatal(err)
	}
	tag := regexp.MustCompile(`<[A-Za-z/!?]`)
	for what, md := range map[string]string{"markdown": r.Markdown, "tldr": r.Sections["tldr"], "content_brief": r.Sections["content_brief"]} {
		if m := tag.FindString(md); m != "" {
			t.Fatalf("%s holds a raw tag %q:\n%s", what, m, md)
		}
		if strings.Contains(strings.ToLower(md), "javascript:") || strings.Contains(md, "](data:") {
			t.Fatalf("%s holds a javascript: or data: link:\n%s", what, md)
		}
	}
	if !strings.Contains(r.Markdown, "[the source](https://example.com/a)") || !strings.Contains(r.Markdown, "**Summary**") {
		t.Fatalf("the narrative's safe Markdown was not kept:\n%s", r.Markdown)
	}
}
