package builtin

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"svc/engine/op"
)

// hostileTexts are comment texts (and authors) a commenter could post to
// put HTML, script or links into a report a client renders.
var hostileTexts = []string{
	`<script>alert(1)</script> great video`,
	`<img src=x onerror=alert(document.cookie)> love it`,
	`[click here](javascript:alert(1)) for a prize`,
	`![pic](javascript:alert(1)) nice`,
	`<a href="javascript:alert(1)">free</a> subscribe`,
	"[x]: javascript:alert(1)\n[x] please",
	`<javascript:alert(1)> question?`,
	`JaVaScRiPt:alert(1) what is this`,
	`&#60;script&#62;alert(1)&#60;/script&#62; hmm`,
	`data:text/html;base64,PHNjcmlwdD4= click`,
	`mail bob@example.com for the file`,
	"*bold* _it_ `code` ~~gone~~ | pipe <!-- comment --> <?php ?>",
}

// rawTag matches anything an HTML renderer would read as a tag, comment or
// processing instruction.
var rawTag = regexp.MustCompile(`<[A-Za-z/!?]`)

// refDef matches a reference definition and its target.
var refDef = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*(\S+)`)

// linkTargets returns the targets of md's inline links and images (a "]("
// whose "]" is not backslash-escaped: an even number of backslashes before
// it) and reference definitions.
func linkTargets(md string) []string {
	var out []string
	for i := 0; ; {
		j := strings.Index(md[i:], "](")
		if j < 0 {
			break
		}
		at := i + j
		n := 0
		for k := at - 1; k >= 0 && md[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			rest := strings.TrimLeft(md[at+2:], " ")
			end := strings.IndexAny(rest, " )\n")
			if end < 0 {
				end = len(rest)
			}
			out = append(out, rest[:end])
		}
		i = at + 2
	}
	for _, m := range refDef.FindAllStringSubmatch(md, -1) {
		out = append(out, m[1])
	}
	return out
}

// requireInert fails unless md holds no raw HTML tag, no javascript: (or
// other non-http) link target and no "javascript:" at all.
func requireInert(t *testing.T, what, md string) {
	t.Helper()
	if m := rawTag.FindString(md); m != "" {
		t.Fatalf("%s holds a raw HTML tag %q:\n%s", what, m, md)
	}
	if strings.Contains(strings.ToLower(md), "javascript:") {
		t.Fatalf("%s holds javascript::\n%s", what, md)
	}
	for _, target := range linkTargets(md) {
		if !strings.HasPrefix(target, "http://") && !strings.HasPrefix(target, "https://") {
			t.Fatalf("%s links to %q:\n%s", what, target, md)
		}
	}
}

func hostileRequest(tier string) op.ReportRequest {
	var cs []op.ReportComment
	for i := range 3 * len(hostileTexts) {
		cs = append(cs, op.ReportComment{
			Text:   hostileTexts[i%len(hostileTexts)],
			Author: hostileTexts[(i+5)%len(hostileTexts)][:min(len(hostileTexts[(i+5)%len(hostileTexts)]), 60)],
			Likes:  i,
		})
	}
	return op.ReportRequest{Tier: tier, Comments: cs, Title: `<script>steal()</script>[t](javascript:alert(1)) Episode`}
}

// A report of hostile comments (texts, authors) and title holds no raw
// HTML tag and no link but http(s), in its Markdown and in every section,
// and still shows the texts (escaped, not dropped).
func TestReportEscapesUntrustedFields(t *testing.T) {
	for _, tier := range []string{"basic", "pro"} {
		r := Report(hostileRequest(tier))
		requireInert(t, tier+" markdown", r.Markdown)
		for k, s := range r.Sections {
			requireInert(t, fmt.Sprintf("%s section %s", tier, k), s)
		}
		for _, want := range []string{"&lt;script&gt;", "&lt;img", "javascript\\:alert"} {
			if !strings.Contains(r.Markdown, want) {
				t.Fatalf("%s report lost the escaped text %q:\n%s", tier, want, r.Markdown)
			}
		}
		if !strings.Contains(r.Sections["tldr"], "&lt;script&gt;steal() &lt;/script&gt;") && !strings.Contains(r.Sections["tldr"], "&lt;script&gt;steal()&lt;/script&gt;") {
			t.Fatalf("%s tldr does not show the escaped title:\n%s", tier, r.Sections["tldr"])
		}
	}
}

func TestMarkdownText(t *testing.T) {
	for in, want := range map[string]string{
		`<b>x</b> & y`:                         `&lt;b&gt;x&lt;/b&gt; &amp; y`,
		"[a](javascript:alert(1))":             `\[a\](javascript\:alert(1))`,
		"*a* _b_ `c` ~d~ \\ e | f":             "\\*a\\* \\_b\\_ \\`c\\` \\~d\\~ \\\\ e / f",
		"see https://x.example/a and http://y": "see https://x.example/a and http://y",
		"line\none\ttwo":                       "line one two",
		"@brand mail a.b@example.com":          "@brand mail a.b@\u2060example.com",
		"Note: 10:30 ok":                       "Note: 10:30 ok",
		"مرحبا <3":                             "مرحبا &lt;3",
	} {
		if got := MarkdownText(in); got != want {
			t.Errorf("MarkdownText(%q) = %q, want %q", in, got, want)
		}
	}
}

// A model's narrative keeps its Markdown, loses raw HTML and every link
// whose scheme is not http(s).
func TestSafeMarkdown(t *testing.T) {
	in := "**Bold** point with [a source](https://example.com/x) and [bad](javascript:alert(1)) and " +
		"![img](data:image/png;base64,AAA) <script>x()</script> <img src=x onerror=y>\n" +
		"[ref]: javascript:alert(2)\n[ok]: https://example.com\n- list item vbscript:msgbox"
	got := SafeMarkdown(in)
	requireInert(t, "narrative", got)
	for _, want := range []string{"**Bold**", "[a source](https://example.com/x)", "&lt;script>", "[ok]: https://example.com", "- list item vbscript\\:msgbox", "and bad and img"} {
		if !strings.Contains(got, want) {
			t.Fatalf("SafeMarkdown lost %q:\n%s", want, got)
		}
	}
}
