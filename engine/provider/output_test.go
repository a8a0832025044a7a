package provider_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/engine/provider"
	"svc/engine/provider/mock"
)

// mockllm is the mock upstream over loopback HTTP, recording the
// response_format type ("" = none) and system prompt of every chat request.
type mockllm struct {
	*mock.Server
	srv     *httptest.Server
	mu      sync.Mutex
	formats []string
	systems []string
}

func newMockllm(t *testing.T) *mockllm {
	t.Helper()
	m := &mockllm{Server: mock.New(mock.Options{})}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/chat/completions" {
			b, _ := io.ReadAll(r.Body)
			var req struct {
				Messages []struct {
					Content string `json:"content"`
				} `json:"messages"`
				ResponseFormat *struct {
					Type string `json:"type"`
				} `json:"response_format"`
			}
			_ = json.Unmarshal(b, &req)
			f := ""
			if req.ResponseFormat != nil {
				f = req.ResponseFormat.Type
			}
			m.mu.Lock()
			m.formats = append(m.formats, f)
			if len(req.Messages) > 0 {
				m.systems = append(m.systems, req.Messages[0].Content)
			}
			m.mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(b))
		}
		m.ServeHTTP(w, r)
	}))
	t.Cleanup(m.srv.Close)
	return m
}

// seen returns and forgets the recorded response_format types.
func (m *mockllm) seen() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	f := m.formats
	m.formats = nil
	return f
}

func (m *mockllm) set(t *testing.T, b mock.Behaviour) {
	t.Helper()
	if err := m.Set(b); err != nil {
		t.Fatal(err)
	}
}

// A 429 or 503 with Retry-After fails the call as Kind Status with the wait
// in Error.RetryAfter; without the header (or another status) it is 0.
func TestRetryAfter(t *testing.T) {
	forEachTransport(t, func(t *testing.T) {
		m := newMockllm(t)
		c := clientWith(t, provider.Config{BaseURL: m.srv.URL + "/v1", MaxInFlight: 4})
		for _, tc := range []struct {
			b    mock.Behaviour
			code int
			want time.Duration
		}{
			{mock.Behaviour{Mode: "rate_limited", RetryAfterS: 7, Count: 1}, 429, 7 * time.Second},
			{mock.Behaviour{Mode: "error503", RetryAfterS: 2, Count: 1}, 503, 2 * time.Second},
			{mock.Behaviour{Mode: "rate_limited", Count: 1}, 429, 0},
			{mock.Behaviour{Mode: "error500", RetryAfterS: 3, Count: 1}, 500, 0},
		} {
			m.set(t, tc.b)
			err := call(t, c)
			var pe *provider.Error
			if !errors.As(err, &pe) || pe.Kind != provider.Status || pe.Code != tc.code || pe.RetryAfter != tc.want {
				t.Fatalf("%+v: got %#v, want status %d with RetryAfter %v", tc.b, err, tc.code, tc.want)
			}
		}
	})
}

// finish_reason "length" is unusable output: Kind BadBody; its usage is
// still returned (the endpoint billed those tokens).
func TestFinishReasonLength(t *testing.T) {
	forEachTransport(t, func(t *testing.T) {
		m := newMockllm(t)
		c := clientWith(t, provider.Config{BaseURL: m.srv.URL + "/v1", MaxInFlight: 4})
		m.set(t, mock.Behaviour{Mode: "length", Count: 1})
		billed := m.Stats().Tokens
		resp, err := c.Complete(context.Background(), req)
		if kind(err) != provider.BadBody {
			t.Fatalf("got %v, want a BadBody failure", err)
		}
		billed = m.Stats().Tokens - billed
		if got := int64(resp.PromptTokens + resp.CompletionTokens); billed <= 0 || got != billed || resp.Content != "" {
			t.Fatalf("cut-short answer: %+v: %d tokens, the endpoint billed %d (and no content)", resp, got, billed)
		}
		if err := call(t, c); err != nil {
			t.Fatalf("after: %v", err)
		}
	})
}

// A server that rejects json_schema (a 400 naming response_format) moves the
// model to json_object within the same call, and it stays there; one that
// takes no response_format at all ends in instructions only. The schema is
// then in the system prompt. The fallback model keeps its own mode.
func TestOutputModeFallsBack(t *testing.T) {
	forEachTransport(t, func(t *testing.T) {
		m := newMockllm(t)
		c := clientWith(t, provider.Config{BaseURL: m.srv.URL + "/v1", MaxInFlight: 4, FallbackModel: "small"})
		m.set(t, mock.Behaviour{Mode: "no_json_schema"})
		if err := call(t, c); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(m.seen(), ","); got != "json_schema,json_object" {
			t.Fatalf("first call sent %q", got)
		}
		if err := call(t, c); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(m.seen(), ","); got != "json_object" || c.OutputMode("m") != provider.OutputJSONObject {
			t.Fatalf("second call sent %q, mode %s", got, c.OutputMode("m"))
		}
		if c.OutputMode("small") != provider.OutputJSONSchema {
			t.Fatalf("fallback model's mode %s", c.OutputMode("small"))
		}
		m.set(t, mock.Behaviour{Mode: "no_response_format"})
		for i := 0; i < 2; i++ {
			if err := call(t, c); err != nil {
				t.Fatal(err)
			}
		}
		if got := strings.Join(m.seen(), ","); got != "json_object,," || c.OutputMode("m") != provider.OutputInstructions {
			t.Fatalf("sent %q, mode %s", got, c.OutputMode("m"))
		}
		m.mu.Lock()
		sys := m.systems[len(m.systems)-1]
		m.mu.Unlock()
		if !strings.Contains(sys, string(req.Schema)) || !strings.HasPrefix(sys, req.System) {
			t.Fatalf("system prompt without the schema: %q", sys)
		}
	})
}

// The configured mode is the first one used; an unknown mode is an error.
func TestOutputModeConfigured(t *testing.T) {
	m := newMockllm(t)
	c := clientWith(t, provider.Config{BaseURL: m.srv.URL + "/v1", MaxInFlight: 4, OutputMode: provider.OutputInstructions})
	if err := call(t, c); err != nil {
		t.Fatal(err)
	}
	if got := m.seen(); len(got) != 1 || got[0] != "" {
		t.Fatalf("sent %q, want no response_format", got)
	}
	if _, err := provider.New(provider.Config{Name: "x", BaseURL: m.srv.URL + "/v1", Model: "m", MaxInFlight: 1, OutputMode: "yaml"}); err == nil {
		t.Fatal("unknown output mode accepted")
	}
}

// A 400 that does not name response_format is final: no second request.
func TestOther400NotRetried(t *testing.T) {
	m := newMockllm(t)
	c := clientWith(t, provider.Config{BaseURL: m.srv.URL + "/v1", MaxInFlight: 4})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := c.Complete(ctx, provider.Request{Model: "m", System: "x", User: "not json", SchemaName: "svc_classify", Schema: req.Schema})
	var pe *provider.Error
	if !errors.As(err, &pe) || pe.Code != 400 {
		t.Fatalf("got %v, want a 400", err)
	}
	if got := m.seen(); len(got) != 1 || c.OutputMode("m") != provider.OutputJSONSchema {
		t.Fatalf("sent %q, mode %s", got, c.OutputMode("m"))
	}
}
