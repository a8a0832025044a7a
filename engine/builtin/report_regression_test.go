package builtin

import (
	"testing"

	"svc/engine/op"
)

func TestProReportIdenticalComments(t *testing.T) {
	cs := make([]op.ReportComment, 12)
	for i := range cs {
		cs[i] = op.ReportComment{Text: "great video, thanks"}
	}
	r := Report(op.ReportRequest{Comments: cs, Tier: "pro"})
	if r.Sections["content_brief"] == "" {
		t.Fatal("no content brief")
	}
}
