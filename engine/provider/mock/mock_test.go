package mock_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"svc/engine/provider/mock"
	"svc/engine/provider/wire"
)

func post(t *testing.T, url string, body any) (int, []byte) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

func chat(schema, input string) map[string]any {
	return map[string]any{
		"model": "m1",
		"messages": []map[string]any{
			{"role": "system", "content": "svc-task: " + strings.TrimPrefix(schema, "svc_") + "\nprompt"},
			{"role": "user", "content": input},
		},
		"response_format": map[string]any{"type": "json_schema", "json_schema": map[string]any{"name": schema, "schema": map[string]any{}}},
	}
}

type completion struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
}

func TestChatAnswersInSchemaAndControl(t *testing.T) {
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	defer srv.Close()
	in, _ := json.Marshal(wire.RubricInput{Text: "refund my money", Categories: []wire.RubricCategory{{Name: "billing"}}, Threshold: 0.1})

	code, body := post(t, srv.URL+"/v1/chat/completions", chat(wire.SchemaRubric, string(in)))
	var c completion
	if code != 200 || json.Unmarshal(body, &c) != nil || c.Model != "m1" || c.Usage.PromptTokens == 0 || c.Usage.CompletionTokens == 0 {
		t.Fatalf("%d %s", code, body)
	}
	var out wire.RubricOutput
	if err := json.Unmarshal([]byte(c.Choices[0].Message.Content), &out); err != nil || out.Categories == nil {
		t.Fatalf("content %q: %v", c.Choices[0].Message.Content, err)
	}

	// error500 for the next 2 requests, then back to ok.
	if code, body := post(t, srv.URL+"/control", mock.Behaviour{Mode: "error500", Count: 2}); code != 200 {
		t.Fatalf("control: %d %s", code, body)
	}
	for i, want := range []int{500, 500, 200} {
		if code, _ := post(t, srv.URL+"/v1/chat/completions", chat(wire.SchemaRubric, string(in))); code != want {
			t.Fatalf("request %d: %d, want %d", i, code, want)
		}
	}
	for _, mode := range []string{"bad_json", "empty"} {
		post(t, srv.URL+"/control", mock.Behaviour{Mode: mode, Count: 1})
		_, body := post(t, srv.URL+"/v1/chat/completions", chat(wire.SchemaRubric, string(in)))
		var c completion
		if json.Unmarshal(body, &c) != nil {
			t.Fatalf("%s: envelope must stay valid: %s", mode, body)
		}
		if json.Valid([]byte(c.Choices[0].Message.Content)) {
			t.Fatalf("%s: content %q", mode, c.Choices[0].Message.Content)
		}
	}
	if code, _ := post(t, srv.URL+"/control", map[string]any{"mode": "explode"}); code != 400 {
		t.Fatal("unknown mode accepted")
	}
	st := m.Stats()
	if st.Chat != 6 || st.ByMode["error500"] != 2 || st.ByMode["ok"] != 2 {
		t.Fatalf("stats %+v", st)
	}
}

func TestTimeoutModeReleasesOnClientGone(t *testing.T) {
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	defer srv.Close()
	_ = m.Set(mock.Behaviour{Mode: "timeout"})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	b, _ := json.Marshal(chat(wire.SchemaReply, `{"text":"hi"}`))
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/v1/chat/completions", bytes.NewReader(b))
	start := time.Now()
	if _, err := http.DefaultClient.Do(req); err == nil {
		t.Fatal("hung request answered")
	}
	if time.Since(start) > time.Second {
		t.Fatal("client deadline ignored")
	}
	// srv.Close waits for handlers: it returns only if the hang ended.
}

func TestEmbeddingsAndModels(t *testing.T) {
	srv := httptest.NewServer(mock.New(mock.Options{Models: []string{"x"}}))
	defer srv.Close()
	code, body := post(t, srv.URL+"/v1/embeddings", map[string]any{"model": "e", "input": []string{"hello world", "hello world", "other"}, "dimensions": 32})
	var r struct {
		Data []struct {
			Embedding []float64 `json:"embedding"`
		} `json:"data"`
	}
	if code != 200 || json.Unmarshal(body, &r) != nil || len(r.Data) != 3 || len(r.Data[0].Embedding) != 32 {
		t.Fatalf("%d %s", code, body)
	}
	for i := range r.Data[0].Embedding {
		if r.Data[0].Embedding[i] != r.Data[1].Embedding[i] {
			t.Fatal("not deterministic")
		}
	}
	resp, err := http.Get(srv.URL + "/v1/models")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if !strings.Contains(string(b), `"id":"x"`) {
		t.Fatalf("models: %s", b)
	}
}
