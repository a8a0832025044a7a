package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/builtin"
	"svc/engine/op"
	"svc/engine/provider/mock"
	"svc/engine/provider/wire"
)

// upstream is one mockllm on real loopback HTTP.
type upstream struct {
	m   *mock.Server
	srv *httptest.Server
}

func startMock(t *testing.T) *upstream {
	t.Helper()
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	return &upstream{m: m, srv: srv}
}

func (u *upstream) set(t *testing.T, mode string, count int) {
	t.Helper()
	if err := u.m.Set(mock.Behaviour{Mode: mode, Count: count}); err != nil {
		t.Fatal(err)
	}
}

func (u *upstream) chats() int64 { return u.m.Stats().Chat }

func (u *upstream) cfg(model string) engine.ProviderConfig {
	return engine.ProviderConfig{BaseURL: u.srv.URL + "/v1", APIKey: "test", Model: model, FallbackModel: model + "-fb"}
}

// twoProviders: llm_a and llm_b each on their own mockllm.
func twoProviders(t *testing.T, mut func(*engine.Config)) (*engine.Engine, *upstream, *upstream) {
	t.Helper()
	a, b := startMock(t), startMock(t)
	cfg := engine.Config{LLMA: a.cfg("a-main"), LLMB: b.cfg("b-main"), Timeout: 2 * time.Second}
	if mut != nil {
		mut(&cfg)
	}
	e, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e, a, b
}

func wantUsage(t *testing.T, what string, u op.Usage, provider, model string, fallback bool) {
	t.Helper()
	if u.Provider != provider || u.Model != model || u.FallbackUsed != fallback {
		t.Fatalf("%s: usage %+v, want provider %s model %s fallback %v", what, u, provider, model, fallback)
	}
	if u.TokensUsed <= 0 {
		t.Fatalf("%s: tokens_used %d", what, u.TokensUsed)
	}
}

const (
	en = "Where is my order? It has been two weeks"
	ar = "وين طلبي؟ صار لي أسبوعين أنتظر"
)

func reportReq(tier string) op.ReportRequest {
	texts := []string{"great video, thanks", "when is the next episode?", "the audio is terrible in this one",
		"you should cover the history of Petra", "برنامج رائع الله يعطيك العافية", "ليش الحلقة قصيرة؟",
		"buy followers at cheap.example", "love the editing", "can you explain the second part again?",
		"الصوت سيء جدا", "please make a video about Cairo", "amazing work as always"}
	cs := make([]op.ReportComment, len(texts))
	for i, text := range texts {
		cs[i] = op.ReportComment{Text: text, Author: "user" + string(rune('a'+i%3)), Likes: i}
	}
	return op.ReportRequest{Comments: cs, Tier: tier, Title: "Episode 1"}
}

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

// Each fault mode on the primary gives the documented retry and fallback.
func TestFaultModes(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		mode      string
		count     int
		model     string // answering model on llm_a, or "b-main"
		provider  string
		fallback  bool
		callsA    int64
		callsB    int64
		moreToken bool // tokens of a failed-output attempt are counted
	}{
		{"ok", 0, "a-main", "llm_a", false, 1, 0, false},
		{"bad_json", 1, "a-main", "llm_a", false, 2, 0, true}, // one retry, same model
		{"empty", 1, "a-main", "llm_a", false, 2, 0, true},
		{"invalid", 0, "a-main", "llm_a", false, 1, 0, false}, // checker repairs it
		{"bad_json", 2, "a-main-fb", "llm_a", true, 3, 0, true},
		{"error500", 1, "a-main-fb", "llm_a", true, 2, 0, false}, // no retry on a provider error
		{"error500", 2, "b-main", "llm_b", true, 2, 1, false},
		{"empty", 4, "b-main", "llm_b", true, 4, 1, true},
		{"timeout", 1, "b-main", "llm_b", true, 1, 1, false}, // a hung endpoint: its fallback model is skipped
	}
	for _, tc := range cases {
		t.Run(tc.mode+"x"+string(rune('0'+tc.count)), func(t *testing.T) {
			e, a, b := twoProviders(t, func(c *engine.Config) { c.Timeout = 300 * time.Millisecond })
			base, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
			if err != nil {
				t.Fatal(err)
			}
			a0 := a.chats()
			a.set(t, tc.mode, tc.count)
			c, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
			if err != nil {
				t.Fatalf("classify: %v", err)
			}
			wantUsage(t, "classify", c.Usage, tc.provider, tc.model, tc.fallback)
			if got := a.chats() - a0; got != tc.callsA {
				t.Errorf("llm_a calls %d, want %d", got, tc.callsA)
			}
			if got := b.chats(); got != tc.callsB {
				t.Errorf("llm_b calls %d, want %d", got, tc.callsB)
			}
			if tc.moreToken && c.Usage.TokensUsed <= base.Usage.TokensUsed {
				t.Errorf("tokens %d not summed over attempts (single call %d)", c.Usage.TokensUsed, base.Usage.TokensUsed)
			}
			if !op.In(c.Intent[0], op.Intents) || c.DialectConfidence > 1 {
				t.Errorf("unchecked output: %+v", c)
			}
		})
	}
}

// Final failures: ErrUpstream everywhere, except rubric with unusable output.
func TestFinalFailures(t *testing.T) {
	ctx := context.Background()
	cats := []op.RubricCategory{{Name: "shipping"}}
	for _, mode := range []string{"error500", "bad_json", "empty", "timeout"} {
		t.Run(mode, func(t *testing.T) {
			e, a, b := twoProviders(t, func(c *engine.Config) { c.Timeout = 150 * time.Millisecond })
			a.set(t, mode, 0)
			b.set(t, mode, 0)
			_, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, "")
			if !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("classify: %v", err)
			}
			_, err = e.Rubric(ctx, op.RubricRequest{Text: en, Categories: cats, Threshold: 0.5}, "")
			want := engine.ErrUpstream
			if mode == "bad_json" || mode == "empty" {
				want = engine.ErrUnparseable
			}
			if !errors.Is(err, want) {
				t.Fatalf("rubric: %v, want %v", err, want)
			}
			b0 := b.chats()
			if _, err = e.Translate(ctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("translate: %v", err)
			}
			if _, err = e.Moderate(ctx, op.ModerateRequest{Text: en, Strictness: "high"}); !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("moderate: %v", err)
			}
			if _, err = e.Report(ctx, reportReq("basic")); !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("report: %v", err)
			}
			if _, err = e.Reply(ctx, op.ReplyRequest{Text: en, Tone: "friendly", MaxLength: 100, Language: "auto"}); !errors.Is(err, engine.ErrUpstream) {
				t.Fatalf("reply: %v", err)
			}
			if b.chats() == b0 {
				t.Fatalf("reply must fall back to llm_b")
			}
		})
	}
}

// Translate, moderate and report never fall back to llm_b; their fallback is
// llm_a's fallback model.
func TestLLMAOnlyFallback(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	ctx := context.Background()
	a.set(t, "error500", 1)
	tr, err := e.Translate(ctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar", Dialect: "gulf", Tone: "casual"})
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "translate", tr.Usage, "llm_a", "a-main-fb", true)
	if tr.TargetDialect != "gulf" || tr.SourceDialect != "" {
		t.Fatalf("translate: %+v", tr)
	}
	a.set(t, "error500", 1)
	m, err := e.Moderate(ctx, op.ModerateRequest{Text: en, Strictness: "low"})
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "moderate", m.Usage, "llm_a", "a-main-fb", true)
	a.set(t, "bad_json", 2)
	rep, err := e.Report(ctx, reportReq("pro"))
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "report", rep.Usage, "llm_a", "a-main-fb", true)
	if b.chats() != 0 {
		t.Fatal("llm_b called")
	}
}

// A provider without a base URL is the built-in analyzer under its name, and
// as a fallback it always answers.
func TestBuiltinAsFallback(t *testing.T) {
	a := startMock(t)
	e, err := engine.New(engine.Config{LLMA: engine.ProviderConfig{BaseURL: a.srv.URL + "/v1", Model: "a-main"}})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	a.set(t, "error500", 0)
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify", c.Usage, "llm_b", builtin.Model, true)
	if a.chats() != 1 { // no fallback model configured: one call, then llm_b
		t.Fatalf("llm_a calls %d", a.chats())
	}
	if _, err := e.Moderate(context.Background(), op.ModerateRequest{Text: en, Strictness: "low"}); !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("moderate: %v", err)
	}
}

// Output naming categories outside the rubric, out-of-range confidences,
// invalid intents and flagged terms absent from the text never reach the caller.
func TestCheckedOutput(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	ctx := context.Background()
	a.set(t, "invalid", 0)
	b.set(t, "invalid", 0)
	cats := []op.RubricCategory{{Name: "Shipping ✈"}, {Name: "فواتير"}}
	for _, multi := range []bool{false, true} {
		r, err := e.Rubric(ctx, op.RubricRequest{Text: en, Categories: cats, MultiLabel: multi, Threshold: 0.3}, "")
		if err != nil {
			t.Fatal(err)
		}
		wantUsage(t, "rubric", r.Usage, "llm_a", "a-main", false)
		if len(r.Categories) == 0 || (!multi && len(r.Categories) != 1) {
			t.Fatalf("rubric multi=%v: %+v", multi, r.Categories)
		}
		for _, c := range r.Categories {
			if c.Name != cats[0].Name && c.Name != cats[1].Name {
				t.Fatalf("name outside the rubric reached the caller: %q", c.Name)
			}
			if c.Confidence < 0 || c.Confidence > 1 {
				t.Fatalf("confidence %v", c.Confidence)
			}
		}
	}
	c, err := e.Classify(ctx, op.ClassifyRequest{Text: ar}, "")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, in := range c.Intent {
		if !op.In(in, op.Intents) || seen[in] {
			t.Fatalf("intents %v", c.Intent)
		}
		seen[in] = true
	}
	if c.DialectConfidence < 0 || c.DialectConfidence > 1 {
		t.Fatalf("dialect confidence %v", c.DialectConfidence)
	}
	m, err := e.Moderate(ctx, op.ModerateRequest{Text: "you are an idiot", Strictness: "high"})
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range m.FlaggedTerms {
		if !strings.Contains("you are an idiot", term) {
			t.Fatalf("flagged term %q not in the text", term)
		}
	}
	for _, f := range m.Flags {
		if !op.In(f, op.ModerationCategories) {
			t.Fatalf("flag %q", f)
		}
	}
}

// A hung upstream cannot hold a call past the timeouts, and the caller's
// context ends a call at once.
func TestHungUpstream(t *testing.T) {
	e, a, b := twoProviders(t, func(c *engine.Config) { c.Timeout = 200 * time.Millisecond })
	a.set(t, "timeout", 0)
	b.set(t, "timeout", 0)
	start := time.Now()
	_, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if !errors.Is(err, engine.ErrUpstream) {
		t.Fatal(err)
	}
	// Budget defaults to 2*Timeout for the whole chain.
	if d := time.Since(start); d > 600*time.Millisecond {
		t.Fatalf("hung upstream held the call %v", d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, err = e.Rubric(ctx, op.RubricRequest{Text: en, Categories: []op.RubricCategory{{Name: "x"}}}, "")
	if !errors.Is(err, engine.ErrUpstream) {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 250*time.Millisecond {
		t.Fatalf("caller deadline ignored: %v", d)
	}
}

// Over the in-flight bound, a call waits at most QueueWait and then fails
// with ErrUpstream without reaching the upstream.
func TestInFlightBound(t *testing.T) {
	a := startMock(t)
	e, err := engine.New(engine.Config{
		LLMA:        engine.ProviderConfig{BaseURL: a.srv.URL + "/v1", Model: "a-main"},
		MaxInFlight: 1, QueueWait: 50 * time.Millisecond, Timeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := a.m.Set(mock.Behaviour{Mode: "ok", LatencyMS: 400}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if _, err := e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); err != nil {
			t.Error(err)
		}
	}()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	_, err = e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
	if !errors.Is(err, engine.ErrUpstream) || time.Since(start) > 200*time.Millisecond {
		t.Fatalf("over the bound: %v after %v", err, time.Since(start))
	}
	wg.Wait()
	if a.chats() != 1 {
		t.Fatalf("upstream calls %d", a.chats())
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

func TestStatusDegraded(t *testing.T) {
	e, a, _ := twoProviders(t, nil)
	a.set(t, "error500", 0)
	for i := 0; i < 5; i++ {
		_, _ = e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
	}
	if e.Status() != "degraded" {
		t.Fatal("want degraded")
	}
	a.set(t, "ok", 0)
	if _, err := e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); err != nil {
		t.Fatal(err)
	}
	if e.Status() != "ok" {
		t.Fatal("want ok again")
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

// An endpoint that refuses connections is skipped as a whole (its fallback
// model is on the same endpoint) and the other provider answers.
func TestConnectFailureSkipsProvider(t *testing.T) {
	dead := httptest.NewServer(nil)
	deadURL := dead.URL
	dead.Close()
	b := startMock(t)
	e, err := engine.New(engine.Config{
		LLMA: engine.ProviderConfig{BaseURL: deadURL + "/v1", Model: "a-main", FallbackModel: "a-fb"},
		LLMB: b.cfg("b-main"), ConnectTimeout: 200 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	c, err := e.Classify(context.Background(), op.ClassifyRequest{Text: en}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "classify", c.Usage, "llm_b", "b-main", true)
	if _, err := e.Translate(context.Background(), op.TranslateRequest{Text: en, Source: "en", Target: "ar"}); !errors.Is(err, engine.ErrUpstream) {
		t.Fatalf("translate: %v", err)
	}
}
