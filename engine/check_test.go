package engine

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"svc/engine/builtin"
	"svc/engine/dialect"
	"svc/engine/op"
)

func TestCutAtWord(t *testing.T) {
	cases := []struct {
		in   string
		max  int
		want string
	}{
		{"hello world", 20, "hello world"},
		{"hello world again", 13, "hello world"},
		{"hello, world", 8, "hello"},
		{"supercalifragilistic", 5, "super"},
		{"شكرا جزيلا لك يا صديقي", 12, "شكرا جزيلا"},
		{"  padded  ", 3, "pad"},
		{"a b", 0, ""},
	}
	for _, c := range cases {
		got := cutAtWord(c.in, c.max)
		if got != c.want || utf8.RuneCountInString(got) > max(c.max, 0) {
			t.Errorf("cutAtWord(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

func TestLocateTermsAndMask(t *testing.T) {
	text := "You IDIOT, idiot! كلب يا كلب"
	terms, spans := locateTerms(text, []string{"idiot", "كلب", "not here", "", "IDIOT"})
	if strings.Join(terms, "|") != "IDIOT|كلب" && strings.Join(terms, "|") != "IDIOT|idiot|كلب" {
		t.Fatalf("terms %q", terms)
	}
	for _, term := range terms {
		if !strings.Contains(text, term) {
			t.Fatalf("term %q not in text", term)
		}
	}
	if got := builtin.MaskSpans(text, spans); got != "You ***, ***! *** يا ***" {
		t.Fatalf("mask %q (spans %v)", got, spans)
	}
}

func TestCheckRubric(t *testing.T) {
	req := op.RubricRequest{Categories: []op.RubricCategory{{Name: "Shipping"}, {Name: "Billing"}, {Name: "فواتير"}}, Threshold: 0.5, MultiLabel: true}
	det := dialect.Detect("where is my parcel")
	r, err := checkRubric(`{"categories":[{"name":"other","confidence":0.99},{"name":"billing ","confidence":0.61},{"name":"Shipping","confidence":1.4},{"name":"Shipping","confidence":0.2},{"name":"فواتير","confidence":0.499}]}`, req, det)
	if err != nil {
		t.Fatal(err)
	}
	want := []op.RubricScore{{Name: "Shipping", Confidence: 1}, {Name: "Billing", Confidence: 0.61}, {Name: "فواتير", Confidence: 0.5}}
	if len(r.Categories) != len(want) {
		t.Fatalf("got %+v", r.Categories)
	}
	for i := range want {
		if r.Categories[i] != want[i] {
			t.Fatalf("got %+v, want %+v", r.Categories, want)
		}
	}
	req.MultiLabel = false
	if r, _ := checkRubric(`{"categories":[{"name":"Billing","confidence":0.7},{"name":"Shipping","confidence":0.9}]}`, req, det); len(r.Categories) != 1 || r.Categories[0].Name != "Shipping" {
		t.Fatalf("single label: %+v", r.Categories)
	}
	if r, err := checkRubric(`{"categories":[]}`, req, det); err != nil || len(r.Categories) != 0 {
		t.Fatal("empty list is valid")
	}
	for _, bad := range []string{``, `{`, `{"other":1}`, `{"categories":[{"name":"other","confidence":0.9}]}`} {
		if _, err := checkRubric(bad, req, det); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestRubricSchemaListsCallerNames(t *testing.T) {
	s := rubricSchema(op.RubricRequest{Categories: []op.RubricCategory{{Name: "a\"b"}, {Name: "ج"}}})
	if !json.Valid(s) || !strings.Contains(string(s), `"enum":["a\"b","ج"]`) {
		t.Fatalf("%s", s)
	}
	if !json.Valid(reportSchema(reportKeys("pro"))) {
		t.Fatal("report schema")
	}
}

func TestCheckClassify(t *testing.T) {
	req := op.ClassifyRequest{Text: "شلونك؟ وين الطلب"}
	det := dialect.Detect(req.Text)
	c, err := checkClassify(`{"intent":["Question","question","bogus"],"sentiment":"neutral","language":"en","dialect":"martian","dialect_confidence":3,"requires_response":true,"priority":"medium","reply_text":"هلا","reasoning":"r"}`, req, det)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Intent, ",") != "question" || c.Language != det.Language || c.Dialect != det.Dialect || c.DialectConfidence > 1 || c.ReplyDirection != "rtl" {
		t.Fatalf("%+v", c)
	}
	for _, bad := range []string{
		`{"intent":["bogus"],"sentiment":"neutral","priority":"low","reply_text":"x"}`,
		`{"intent":["question"],"sentiment":"happy","priority":"low","reply_text":"x"}`,
		`{"intent":["question"],"sentiment":"neutral","priority":"urgent","reply_text":"x"}`,
		`{"intent":["question"],"sentiment":"neutral","priority":"low","reply_text":" "}`,
		`not json`,
	} {
		if _, err := checkClassify(bad, req, det); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	// English text never carries a dialect.
	en := op.ClassifyRequest{Text: "where is my order"}
	c, err = checkClassify(`{"intent":["question"],"sentiment":"neutral","language":"ar","dialect":"gulf","dialect_confidence":0.9,"requires_response":true,"priority":"medium","reply_text":"Soon","reasoning":""}`, en, dialect.Detect(en.Text))
	if err != nil || c.Language != "en" || c.Dialect != "" || c.ReplyDirection != "ltr" {
		t.Fatalf("%+v %v", c, err)
	}
}

func TestCheckModerate(t *testing.T) {
	text := "buy now at spam.example you idiot"
	m, err := checkModerate(`{"flags":["spam","harassment","nonsense"],"category_scores":{"spam":0.9,"harassment":0.2,"violence":-1},"flagged_terms":["idiot","spam.example","moron"],"severity":"bogus","severity_score":0.8}`, text, dialect.Detect(text))
	if err != nil {
		t.Fatal(err)
	}
	if m.IsSafe || strings.Join(m.Flags, ",") != "harassment,spam" || m.Severity != "high" || m.Toxicity != "severe" {
		t.Fatalf("%+v", m)
	}
	if strings.Join(m.FlaggedTerms, ",") != "spam.example,idiot" || m.CleanedText != "buy now at *** you ***" {
		t.Fatalf("terms %q cleaned %q", m.FlaggedTerms, m.CleanedText)
	}
	if m.CategoryScores[2] != 0.5 || m.CategoryScores[6] != 0 {
		t.Fatalf("scores %v", m.CategoryScores)
	}
	m, err = checkModerate(`{"flags":[],"category_scores":{},"flagged_terms":["idiot"],"severity":"high","severity_score":0.1}`, text, dialect.Detect(text))
	if err != nil || !m.IsSafe || m.Severity != "none" || len(m.FlaggedTerms) != 0 || m.CleanedText != "" {
		t.Fatalf("safe: %+v %v", m, err)
	}
}

func TestExamplesBounded(t *testing.T) {
	e := &Engine{cfg: Config{MaxHints: 3, HintRunes: 10}}
	hints := []op.Hint{
		{Text: "no correction"},
		{Text: "شكرا جزيلا على الفيديو الرائع", Intent: []string{"praise", "bad"}},
		{Text: "b", Sentiment: "negative"},
		{Text: "c", Intent: []string{"spam"}},
		{Text: "d", Intent: []string{"spam"}},
	}
	ex := e.examples(hints)
	if len(ex) != 3 || utf8.RuneCountInString(ex[0].Text) != 10 || strings.Join(ex[0].Intent, ",") != "praise" || ex[1].Sentiment != "negative" {
		t.Fatalf("%+v", ex)
	}
}

func TestMergeReport(t *testing.T) {
	keys := reportKeys("basic")
	local := op.Report{Sections: map[string]string{}, CommentsAnalyzed: 10}
	var md strings.Builder
	for _, k := range keys {
		local.Sections[k] = "Local prose 10% (COUNT).\n\n| a | b |\n|---|---|\n| x | 50.0% (COUNT) |\n"
		md.WriteString("## Title " + k + "\n\n" + local.Sections[k])
	}
	local.Sections["tldr"] = "Local verdict.\n"
	local.Markdown = md.String()
	r, err := mergeReport(local, keys, map[string]string{
		"tldr":      "Model verdict: 40% (COUNT) love it, 12% hate it, 3% (ESTIMATE) unsure.\n\n\n\nEnd.",
		"sentiment": "Mostly positive.",
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Sections["tldr"]; got != "Model verdict: 40% (ESTIMATE) love it, 12% (UNVERIFIED) hate it, 3% (ESTIMATE) unsure.\n\nEnd.\n" {
		t.Fatalf("tldr %q", got)
	}
	if got := r.Sections["sentiment"]; got != "| a | b |\n|---|---|\n| x | 50.0% (COUNT) |\n\nMostly positive.\n" {
		t.Fatalf("sentiment %q", got)
	}
	if r.Sections["clusters"] != local.Sections["clusters"] || len(r.Sections) != len(keys) {
		t.Fatal("sections without narrative must stay local")
	}
	if !strings.HasPrefix(r.Markdown, "## Title tldr\n\nModel verdict") || !strings.Contains(r.Markdown, "## Title channel_health\n") {
		t.Fatalf("markdown %q", r.Markdown)
	}
	if _, err := mergeReport(local, keys, map[string]string{"tldr": "  "}); err == nil {
		t.Fatal("empty narrative accepted")
	}
}

func TestReportSchemaPerTier(t *testing.T) {
	for tier, n := range map[string]int{"basic": 11, "pro": 13} {
		var s struct {
			Properties struct {
				Narrative struct {
					Properties map[string]any `json:"properties"`
					Required   []string       `json:"required"`
				} `json:"narrative"`
			} `json:"properties"`
		}
		b := reportSchema(reportKeys(tier))
		if err := json.Unmarshal(b, &s); err != nil || len(s.Properties.Narrative.Properties) != n || len(s.Properties.Narrative.Required) != n {
			t.Fatalf("%s: %s", tier, b)
		}
		if !strings.Contains(string(b), `"additionalProperties":false`) {
			t.Fatalf("%s: not strict: %s", tier, b)
		}
	}
}
