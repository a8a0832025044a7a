package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	openai "github.com/sashabaranov/go-openai"

	"svc/engine/provider/wire"
)

var benchReq = Request{
	Model:      "mock-large",
	System:     "svc-task: classify\n" + strings.Repeat("You classify one comment <from> a platform & answer \"JSON\" only.\n", 28),
	User:       `{"text":"ليه التوصيل اتأخر كده؟ <b>late</b> & \"quoted\"\n\tline","platform":"youtube","detected":{"language":"ar","dialect":"egyptian"},"examples":[{"text":"x","intent":["praise"]}]}`,
	SchemaName: "svc_classify",
	Schema:     json.RawMessage(`{"type":"object","properties":{"intent":{"type":"array","items":{"type":"string"}},"sentiment":{"type":"string","enum":["positive","negative","neutral","mixed"]}},"required":["intent","sentiment"],"additionalProperties":false}`),
	MaxTokens:  800,
}

// goOpenAIBody is the body go-openai itself sends for req.
func goOpenAIBody(t testing.TB, req Request) []byte {
	var got []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"choices":[]}`))
	}))
	defer srv.Close()
	oc := openai.DefaultConfig("k")
	oc.BaseURL = srv.URL + "/v1"
	_, err := openai.NewClientWithConfig(oc).CreateChatCompletion(context.Background(), goOpenAIRequest(req))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func goOpenAIRequest(req Request) openai.ChatCompletionRequest {
	return openai.ChatCompletionRequest{
		Model: req.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: req.System},
			{Role: openai.ChatMessageRoleUser, Content: req.User},
		},
		MaxCompletionTokens: req.MaxTokens,
		ResponseFormat: &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name: req.SchemaName, Schema: req.Schema, Strict: true,
			},
		},
	}
}

// The pre-encoded body is byte for byte the body go-openai sends.
func TestTemplateBodyMatchesGoOpenAI(t *testing.T) {
	var ts templates
	for _, r := range []Request{benchReq, {Model: "m", System: "s", User: "", SchemaName: "x", Schema: json.RawMessage(`{}`)},
		{Model: "m\"<", System: "\x00\u2028", User: "\xff\x01\u2029 ok", SchemaName: "y", Schema: json.RawMessage(`{ "type" : "object" }`), MaxTokens: 3}} {
		tp, err := ts.get(&r, 0)
		if err != nil {
			t.Fatal(err)
		}
		got := tp.appendBody(nil, r.User)
		if r.User == "" {
			got, _ = appendDirect(nil, &r, 0)
		}
		if want := goOpenAIBody(t, r); !bytes.Equal(got, want) {
			t.Fatalf("body differs\n got %s\nwant %s", got, want)
		}
		if tp2, _ := ts.get(&r, 0); tp2 != tp {
			t.Fatal("template not cached")
		}
	}
}

// appendJSONString writes what encoding/json writes.
func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "plain", "\"\\/\b\f\n\r\t\x00\x1f\x7f", "<>&", "شلونك يا خوي", "\u2028\u2029", "\xff\xfe", "a\xc3", "😀 emoji", "\xed\xa0\x80"} {
		want, _ := json.Marshal(s)
		if got := wire.AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s want %s", s, got, want)
		}
	}
}

func FuzzAppendJSONString(f *testing.F) {
	f.Add("hello \"world\" <&> \u2028 \xff")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := wire.AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s want %s", s, got, want)
		}
	})
}

var benchResp = []byte(`{"id":"chatcmpl-mock-1","object":"chat.completion","created":1763700000,"model":"mock-large","choices":[{"index":0,"message":{"role":"assistant","content":"{\"intent\":[\"complaint\",\"question\"],\"sentiment\":\"negative\",\"language\":\"ar\",\"dialect\":\"egyptian\",\"dialect_confidence\":0.82,\"requires_response\":true,\"priority\":\"high\",\"reply_text\":\"نعتذر عن التأخير، هنراجع الطلب حالاً\",\"reasoning\":\"late delivery complaint with a question\"}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":612,"completion_tokens":71,"total_tokens":683}}`)

// BenchmarkRequestBody: go-openai's per-call encoding vs the template.
func BenchmarkRequestBody(b *testing.B) {
	b.Run("go-openai", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := json.Marshal(goOpenAIRequest(benchReq)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("template", func(b *testing.B) {
		var ts templates
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			tp, err := ts.get(&benchReq, 0)
			if err != nil {
				b.Fatal(err)
			}
			bp := bufPool.Get().(*[]byte)
			*bp = tp.appendBody((*bp)[:0], benchReq.User)
			putBuf(bp)
		}
	})
}

// BenchmarkResponseDecode: go-openai's encoding/json decode vs sonic into
// the fields the engine reads.
func BenchmarkResponseDecode(b *testing.B) {
	b.Run("go-openai", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var r openai.ChatCompletionResponse
			if err := json.Unmarshal(benchResp, &r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sonic", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := decodeResponse(benchResp); err != nil {
				b.Fatal(err)
			}
		}
	})
}
