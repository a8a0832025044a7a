package builtin

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"svc/engine/op"
)

// The report reads as English on a small thread: a count of one is
// singular, and a thread with no common topic says so instead of naming
// "no dominant topic" as its largest topic (a new user's read of the
// README's example, examples/report.json).
func TestReportWordingSmallThread(t *testing.T) {
	raw, err := os.ReadFile("../../examples/report.json")
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Comments []struct {
			Text   string `json:"text"`
			Author string `json:"author"`
			Likes  int    `json:"likes"`
		} `json:"comments"`
	}
	if err := json.Unmarshal(raw, &ex); err != nil {
		t.Fatal(err)
	}
	var req op.ReportRequest
	for _, c := range ex.Comments {
		req.Comments = append(req.Comments, op.ReportComment{Text: c.Text, Author: c.Author, Likes: c.Likes})
	}
	md := Report(req).Markdown
	for _, bad := range []string{"topic is no dominant topic", "the 1 suggestions", "the 1 complaints"} {
		if strings.Contains(md, bad) {
			t.Errorf("report says %q", bad)
		}
	}
	for _, c := range []struct {
		n    int
		want string
	}{{1, "1 suggestion"}, {2, "2 suggestions"}, {0, "0 suggestions"}} {
		if got := counted(c.n, "suggestion"); got != c.want {
			t.Errorf("counted(%d) = %q", c.n, got)
		}
	}
}
