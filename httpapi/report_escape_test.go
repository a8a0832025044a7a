package httpapi_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// POST /v1/report with hostile comments (HTML, script, javascript: and
// data: links in texts and authors) and a hostile title: report_markdown
// and every section hold no raw HTML tag and no javascript: link; the texts
// are shown escaped, not dropped.
func TestReportMarkdownEscapesHostileComments(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	texts := []string{
		`<script>alert(1)</script> great video`,
		`<img src=x onerror=alert(1)> love it`,
		`[click](javascript:alert(1)) free prize`,
		`![p](javascript:alert(1)) nice`,
		`<a href="javascript:alert(1)">free</a> subscribe`,
		"[x]: javascript:alert(1)\n[x] please",
		`<javascript:alert(1)> question?`,
		`JAVASCRIPT:alert(1) what is this`,
	}
	cs := comments(24, func(i int) string { return texts[i%len(texts)] })
	for i, c := range cs {
		c["author"] = []string{`<b onmouseover=alert(1)>x</b>`, `[me](javascript:alert(1))`, `<svg onload=alert(1)>`}[i%3]
	}
	tag := regexp.MustCompile(`<[A-Za-z/!?]`)
	link := regexp.MustCompile(`(?i)(^|[^\\])\]\(\s*javascript:|(?m)^ {0,3}\[[^\]]+\]:\s*javascript:`)
	for _, tier := range []string{"basic", "pro"} {
		res := requireOK(t, n.post("/v1/report", key, map[string]any{
			"tier": tier, "comments": cs, "title": `<script>steal()</script> [t](javascript:alert(1))`}))
		docs := map[string]string{"report_markdown": res["report_markdown"].(string)}
		for k, v := range res["sections"].(map[string]any) {
			docs["sections."+k] = v.(string)
		}
		for what, md := range docs {
			require.Empty(t, tag.FindString(md), "%s %s holds a raw HTML tag:\n%s", tier, what, md)
			require.False(t, link.MatchString(md), "%s %s holds a javascript: link:\n%s", tier, what, md)
			require.NotContains(t, strings.ToLower(md), "javascript:", "%s %s", tier, what)
		}
		md := docs["report_markdown"]
		require.Contains(t, md, "&lt;script&gt;", tier)
		require.Contains(t, md, "&lt;b onmouseover=alert(1)&gt;x&lt;/b&gt;", tier)
	}
}
