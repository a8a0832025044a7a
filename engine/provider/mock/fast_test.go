package mock_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/op"
	"svc/engine/provider/mock"
	"svc/engine/provider/wire"
)

// fastServer serves m on fasthttp (as cmd/mockllm does) on loopback.
func fastServer(t *testing.T, m *mock.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := mock.NewFastServer(m)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.ShutdownWithContext(ctx)
	})
	return "http://" + ln.Addr().String()
}

// The fasthttp server answers like the net/http one: chat, control, fault
// modes, unknown routes, embeddings and models.
func TestFastServer(t *testing.T) {
	m := mock.New(mock.Options{Models: []string{"x"}})
	url := fastServer(t, m)
	in, _ := json.Marshal(wire.RubricInput{Text: "refund my money", Categories: []wire.RubricCategory{{Name: "billing"}}, Threshold: 0.1})
	code, body := post(t, url+"/v1/chat/completions", chat(wire.SchemaRubric, string(in)))
	var c completion
	if code != 200 || json.Unmarshal(body, &c) != nil || c.Model != "m1" || c.Usage.PromptTokens == 0 || c.Usage.CompletionTokens == 0 {
		t.Fatalf("%d %s", code, body)
	}
	if code, body := post(t, url+"/control", mock.Behaviour{Mode: "error500", Count: 1}); code != 200 {
		t.Fatalf("control: %d %s", code, body)
	}
	code, body = post(t, url+"/v1/chat/completions", chat(wire.SchemaRubric, string(in)))
	var e struct {
		Error struct {
			Message, Type string
		}
	}
	if code != 500 || json.Unmarshal(body, &e) != nil || e.Error.Type != "server_error" {
		t.Fatalf("error500: %d %s", code, body)
	}
	if code, _ := post(t, url+"/v1/nothing", map[string]any{}); code != 404 {
		t.Fatalf("unknown route: %d", code)
	}
	if code, body := post(t, url+"/v1/chat/completions", map[string]any{"model": ""}); code != 400 || !json.Valid(body) {
		t.Fatalf("bad chat: %d %s", code, body)
	}
	code, body = post(t, url+"/v1/embeddings", map[string]any{"model": "e", "input": "hello world", "dimensions": 8})
	var r struct {
		Data []struct {
			Embedding []float64 `json:"embedding"`
		} `json:"data"`
	}
	if code != 200 || json.Unmarshal(body, &r) != nil || len(r.Data) != 1 || len(r.Data[0].Embedding) != 8 {
		t.Fatalf("embeddings: %d %s", code, body)
	}
	resp, err := http.Get(url + "/v1/models")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	// timeout: nothing comes back; the client's deadline ends the call.
	_ = m.Set(mock.Behaviour{Mode: "timeout", Count: 1})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	b, _ := json.Marshal(chat(wire.SchemaReply, `{"text":"hi"}`))
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url+"/v1/chat/completions", bytes.NewReader(b))
	start := time.Now()
	if _, err := http.DefaultClient.Do(req); err == nil {
		t.Fatal("hung request answered")
	}
	if time.Since(start) > time.Second {
		t.Fatal("client deadline ignored")
	}
	// latency applies
	_ = m.Set(mock.Behaviour{Mode: "ok", LatencyMS: 120, Count: 1})
	start = time.Now()
	if code, _ := post(t, url+"/v1/chat/completions", chat(wire.SchemaRubric, string(in))); code != 200 || time.Since(start) < 120*time.Millisecond {
		t.Fatalf("latency: %d after %s", code, time.Since(start))
	}
	if st := m.Stats(); st.Chat != 5 || st.ByMode["timeout"] != 1 || st.ByMode["error500"] != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// Fixed answers pass the engine's checks for every operation: the model,
// not the built-in fallback, answers.
func TestFixedAnswersAcceptedByEngine(t *testing.T) {
	for _, answers := range []string{mock.AnswersFixed, mock.AnswersBuiltin} {
		url := fastServer(t, mock.New(mock.Options{Answers: answers}))
		e, err := engine.New(engine.Config{
			LLMA: engine.ProviderConfig{BaseURL: url + "/v1", Model: "mock-large"},
			LLMB: engine.ProviderConfig{BaseURL: url + "/v1", Model: "mock-large-b"},
		})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		model := func(name string, u op.Usage, err error) {
			t.Helper()
			if err != nil || u.FallbackUsed || !strings.HasPrefix(u.Model, "mock-large") {
				t.Fatalf("%s %s: %+v %v", answers, name, u, err)
			}
		}
		for _, text := range []string{"why is my delivery so late?", "ليه التوصيل اتأخر كده؟", "شلونك يا خوي؟ وايد مشتاق لك"} {
			c, err := e.Classify(ctx, op.ClassifyRequest{Text: text, Platform: "youtube"}, "")
			model("classify", c.Usage, err)
			if len(c.Intent) == 0 || c.ReplyText == "" {
				t.Fatalf("classify %+v", c)
			}
			m, err := e.Moderate(ctx, op.ModerateRequest{Text: text, Strictness: "medium"})
			model("moderate", m.Usage, err)
			tr, err := e.Translate(ctx, op.TranslateRequest{Text: text, Source: "auto", Target: "ar", Tone: "casual"})
			model("translate", tr.Usage, err)
			rp, err := e.Reply(ctx, op.ReplyRequest{Text: text, Intent: "question", Tone: "friendly", MaxLength: 200, Language: "auto"})
			model("reply", rp.Usage, err)
			rb, err := e.Rubric(ctx, op.RubricRequest{Text: text, Categories: []op.RubricCategory{{Name: "Shipping", Description: "delivery problems"}, {Name: "Billing"}}, Threshold: 0.1}, "")
			model("rubric", rb.Usage, err)
		}
		var comments []op.ReportComment
		for i := 0; i < 12; i++ {
			comments = append(comments, op.ReportComment{Text: "great video number " + strconv.Itoa(i), Author: "a", Likes: i})
		}
		r, err := e.Report(ctx, op.ReportRequest{Tier: "basic", Comments: comments})
		model("report", r.Usage, err)
		e.Close()
	}
}
