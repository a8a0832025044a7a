package engine_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"svc/engine"
	"svc/engine/op"
	"svc/engine/provider/mock"
	"svc/engine/provider/wire"
)

// Every operation through the provider path, answered by the routed primary model.
func TestEveryOperationThroughProviders(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	ctx := context.Background()

	c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify en", c.Usage, "llm_a", "a-main", false)
	if len(c.Intent) == 0 || c.Language != "en" || c.Dialect != "" || c.ReplyDirection != "ltr" {
		t.Fatalf("classify en: %+v", c)
	}
	c, err = e.Classify(ctx, op.ClassifyRequest{Text: ar}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify ar", c.Usage, "llm_b", "b-main", false)
	if c.Language != "ar" || c.Dialect == "" || c.ReplyDirection != "rtl" {
		t.Fatalf("classify ar: %+v", c)
	}
	c, err = e.Classify(ctx, op.ClassifyRequest{Text: ar}, "llm_a")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify ar on llm_a", c.Usage, "llm_a", "a-main", false)

	r, err := e.Rubric(ctx, op.RubricRequest{Text: en, Categories: []op.RubricCategory{{Name: "shipping"}, {Name: "billing"}}, Threshold: 0.5}, "llm_b")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "rubric", r.Usage, "llm_b", "b-main", false)

	bBefore := b.chats()
	tr, err := e.Translate(ctx, op.TranslateRequest{Text: ar, Source: "auto", Target: "en", Tone: "formal"})
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "translate", tr.Usage, "llm_a", "a-main", false)
	if tr.SourceLanguage != "ar" || tr.TargetLanguage != "en" || tr.SourceDialect == "" || tr.TargetDialect != "" {
		t.Fatalf("translate: %+v", tr)
	}
	m, err := e.Moderate(ctx, op.ModerateRequest{Text: ar, Strictness: "medium"})
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "moderate", m.Usage, "llm_a", "a-main", false)

	rp, err := e.Reply(ctx, op.ReplyRequest{Text: ar, Intent: "complaint", Tone: "friendly", MaxLength: 200, Language: "auto"})
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "reply", rp.Usage, "llm_b", "b-main", false)
	if rp.ReplyDialect == "" || rp.OriginalIntent != "complaint" {
		t.Fatalf("reply: %+v", rp)
	}

	bBefore2 := b.chats()
	for _, tier := range []string{"basic", "pro"} {
		rep, err := e.Report(ctx, reportReq(tier))
		if err != nil {
			t.Fatal(err)
		}
		wantUsage(t, "report "+tier, rep.Usage, "llm_a", "a-main", false)
		want := len(op.ReportSectionsBasic)
		if tier == "pro" {
			want += len(op.ReportSectionsPro)
		}
		if len(rep.Sections) != want || rep.Markdown == "" || rep.CommentsAnalyzed != 12 {
			t.Fatalf("report %s: %d sections, %d comments", tier, len(rep.Sections), rep.CommentsAnalyzed)
		}
	}
	if b.chats() != bBefore2 || bBefore2 != bBefore+1 {
		t.Fatalf("translate/moderate/report must call llm_a only")
	}
	if a.chats() == 0 || e.Status() != "ok" {
		t.Fatal("status")
	}
}

// Feedback hints reach the model as examples; a correction of the same text
// decides intent and sentiment.
func TestHints(t *testing.T) {
	e, _, _ := twoProviders(t, nil)
	hints := []op.Hint{{Text: "  " + en + " ", Intent: []string{"complaint", "question", "nonsense"}, Sentiment: "negative"}}
	for i := 0; i < 30; i++ {
		hints = append(hints, op.Hint{Text: strings.Repeat("long text ", 100), Intent: []string{"praise"}})
	}
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en, Hints: hints}, "")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Intent, ",") != "complaint,question" || c.Sentiment != "negative" {
		t.Fatalf("hint not applied: %v %s", c.Intent, c.Sentiment)
	}
}

// The prompt carries the account's corrections as few-shot examples, bounded
// in number and length.
func TestHintsReachPromptBounded(t *testing.T) {
	var mu sync.Mutex
	var inputs []string
	m := mock.New(mock.Options{OnChat: func(task, model, input string) {
		mu.Lock()
		defer mu.Unlock()
		if task == "classify" {
			inputs = append(inputs, input)
		}
	}})
	srv := httptest.NewServer(m)
	defer srv.Close()
	e, err := engine.New(engine.Config{LLMA: engine.ProviderConfig{BaseURL: srv.URL + "/v1", Model: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var hints []op.Hint
	for i := 0; i < 20; i++ {
		hints = append(hints, op.Hint{Text: strings.Repeat("x", 1000), Intent: []string{"praise"}})
	}
	if _, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en, Hints: hints}, ""); err != nil {
		t.Fatal(err)
	}
	var in wire.ClassifyInput
	if len(inputs) != 1 || json.Unmarshal([]byte(inputs[0]), &in) != nil {
		t.Fatalf("inputs %q", inputs)
	}
	if in.Text != en || len(in.Examples) != 5 || len(in.Examples[0].Text) != 200 || in.Detected.Language != "en" {
		t.Fatalf("input %+v", in)
	}
}

// A model reply longer than max_length is cut at a word boundary.
func TestReplyWithinMaxLength(t *testing.T) {
	e, _, _ := twoProviders(t, nil)
	for _, n := range []int{1, 12, 30} {
		for _, text := range []string{en, ar} {
			r, err := e.Reply(context.Background(), op.ReplyRequest{Text: text, Intent: "question", Tone: "formal", MaxLength: n, Language: "auto"})
			if err != nil {
				t.Fatal(err)
			}
			if got := len([]rune(r.ReplyText)); got > n || got == 0 {
				t.Fatalf("max %d: %q", n, r.ReplyText)
			}
		}
	}
}
