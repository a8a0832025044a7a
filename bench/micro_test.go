// Micro-benchmarks behind the hot-path proposals in bench/RESULTS.md. Each
// pair measures what a path does now against the proposed replacement,
// outside the packages (which others own), on the same inputs:
//
//	go test ./bench -run '^$' -bench . -benchmem -benchtime 2000x
package bench

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/bytedance/sonic"
	openai "github.com/sashabaranov/go-openai"

	"svc/bench/scenario"
	"svc/engine/builtin"
	"svc/engine/dialect"
	"svc/engine/op"
)

var texts = func() []string {
	var out []string
	for i := uint64(0); i < 256; i++ {
		t, _ := scenario.AppendText(nil, 42, i)
		out = append(out, string(t))
	}
	return out
}()

// checkClassify (engine/classify.go) runs builtin.Classify for one field,
// Toxicity. builtin.Moderate does the same toxicity analysis plus spans and
// scores, so it is an upper bound of a toxicity-only call.
func BenchmarkToxicityViaBuiltinClassify(b *testing.B) {
	for i := 0; i < b.N; i++ {
		_ = builtin.Classify(op.ClassifyRequest{Text: texts[i%len(texts)], Platform: "youtube"}).Toxicity
	}
}

func BenchmarkToxicityViaBuiltinModerate(b *testing.B) {
	for i := 0; i < b.N; i++ {
		_ = builtin.Moderate(op.ModerateRequest{Text: texts[i%len(texts)], Strictness: "medium"}).Toxicity
	}
}

func BenchmarkDialectDetect(b *testing.B) {
	for i := 0; i < b.N; i++ {
		_ = dialect.Detect(texts[i%len(texts)])
	}
}

// The cache entry format of httpapi (classify.go cacheGet/cachePut): JSON
// {"t":text,"r":<result JSON>} decoded in two encoding/json passes (the
// json.RawMessage is validated, then parsed again).
type cached struct {
	Text   string          `json:"t"`
	Result json.RawMessage `json:"r"`
}

func detection() op.Detection { return dialect.Detect(scenario.HitText) }

func entryNow() []byte {
	r, _ := json.Marshal(detection())
	b, _ := json.Marshal(cached{Text: scenario.HitText, Result: r})
	return b
}

func BenchmarkCacheEntryDecodeEncodingJSON(b *testing.B) {
	e := entryNow()
	for i := 0; i < b.N; i++ {
		var c cached
		var d op.Detection
		if json.Unmarshal(e, &c) != nil || json.Unmarshal(c.Result, &d) != nil {
			b.Fatal("decode")
		}
	}
}

func BenchmarkCacheEntryDecodeSonic(b *testing.B) {
	e := entryNow()
	for i := 0; i < b.N; i++ {
		var c cached
		var d op.Detection
		if sonic.Unmarshal(e, &c) != nil || sonic.Unmarshal(c.Result, &d) != nil {
			b.Fatal("decode")
		}
	}
}

// Proposed frame: uvarint(len(text)) text result-JSON, one sonic pass.
func frame(text string, result []byte) []byte {
	b := strconv.AppendInt(nil, int64(len(text)), 10)
	b = append(b, ':')
	b = append(b, text...)
	return append(b, result...)
}

func unframe(b []byte) (string, []byte, bool) {
	i := bytes.IndexByte(b, ':')
	if i < 0 {
		return "", nil, false
	}
	n, err := strconv.Atoi(string(b[:i]))
	if err != nil || i+1+n > len(b) {
		return "", nil, false
	}
	return string(b[i+1 : i+1+n]), b[i+1+n:], true
}

func BenchmarkCacheEntryDecodeFramedSonic(b *testing.B) {
	r, _ := sonic.Marshal(detection())
	e := frame(scenario.HitText, r)
	for i := 0; i < b.N; i++ {
		_, res, ok := unframe(e)
		var d op.Detection
		if !ok || sonic.Unmarshal(res, &d) != nil {
			b.Fatal("decode")
		}
	}
}

func BenchmarkCacheEntryEncodeEncodingJSON(b *testing.B) {
	d := detection()
	for i := 0; i < b.N; i++ {
		r, _ := json.Marshal(d)
		_, _ = json.Marshal(cached{Text: scenario.HitText, Result: r})
	}
}

func BenchmarkCacheEntryEncodeFramedSonic(b *testing.B) {
	d := detection()
	for i := 0; i < b.N; i++ {
		r, _ := sonic.Marshal(d)
		_ = frame(scenario.HitText, r)
	}
}

// Request body decode (httpapi/decode.go decodeBody): encoding/json into
// map[string]json.RawMessage vs sonic.
var detectBody = []byte(`{"text":"` + scenario.HitText + `","platform":"youtube"}`)

func BenchmarkBodyDecodeEncodingJSON(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var m map[string]json.RawMessage
		_ = json.Unmarshal(detectBody, &m)
		var s string
		_ = json.Unmarshal(m["text"], &s)
	}
}

func BenchmarkBodyDecodeSonic(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var m map[string]json.RawMessage
		_ = sonic.ConfigStd.Unmarshal(detectBody, &m)
		var s string
		_ = sonic.ConfigStd.Unmarshal(m["text"], &s)
	}
}

// The upstream request (engine/provider Complete via go-openai): the whole
// ChatCompletionRequest through encoding/json, which re-escapes the constant
// system prompt and compacts the constant schema (json.RawMessage) on every
// call, vs appending the per-request user message between pre-encoded parts.
func promptAndSchema(b *testing.B) (string, json.RawMessage) {
	p, err := os.ReadFile("../engine/prompts/classify.txt")
	if err != nil {
		b.Skip(err)
	}
	s, _ := os.ReadFile("../engine/prompts/classify.schema.json")
	return string(p), s
}

func userMsg(i int) string {
	return `{"text":"` + texts[i%len(texts)] + `","platform":"youtube","detected":{"language":"en"}}`
}

func BenchmarkUpstreamRequestGoOpenAI(b *testing.B) {
	prompt, schema := promptAndSchema(b)
	for i := 0; i < b.N; i++ {
		cr := openai.ChatCompletionRequest{
			Model: "mock-large",
			Messages: []openai.ChatCompletionMessage{
				{Role: openai.ChatMessageRoleSystem, Content: prompt},
				{Role: openai.ChatMessageRoleUser, Content: userMsg(i)},
			},
			MaxCompletionTokens: 800,
			ResponseFormat: &openai.ChatCompletionResponseFormat{
				Type:       openai.ChatCompletionResponseFormatTypeJSONSchema,
				JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{Name: "svc_classify", Schema: schema, Strict: true},
			},
		}
		if _, err := json.Marshal(cr); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUpstreamRequestPreEncoded(b *testing.B) {
	prompt, schema := promptAndSchema(b)
	sys, _ := json.Marshal(prompt)
	var cs bytes.Buffer
	_ = json.Compact(&cs, schema)
	prefix := append([]byte(`{"model":"mock-large","messages":[{"role":"system","content":`), sys...)
	prefix = append(prefix, `},{"role":"user","content":`...)
	suffix := []byte(`}],"max_completion_tokens":800,"response_format":{"type":"json_schema","json_schema":{"name":"svc_classify","schema":` + cs.String() + `,"strict":true}}}`)
	for i := 0; i < b.N; i++ {
		u, _ := sonic.Marshal(userMsg(i))
		body := make([]byte, 0, len(prefix)+len(u)+len(suffix))
		body = append(append(append(body, prefix...), u...), suffix...)
		_ = body
	}
}

// The upstream response decode (go-openai decodeResponse, encoding/json) vs sonic.
var chatResp = []byte(`{"id":"chatcmpl-mock-1","object":"chat.completion","created":1763700000,"model":"mock-large","choices":[{"index":0,"message":{"role":"assistant","content":"{\"intent\":[\"complaint\",\"question\"],\"sentiment\":\"negative\",\"language\":\"ar\",\"dialect\":\"gulf\",\"dialect_confidence\":0.82,\"requires_response\":true,\"priority\":\"high\",\"reply_text\":\"نعتذر عن التأخير، نتابع طلبك الحين\",\"reasoning\":\"The author complains about a late delivery and asks when the item returns.\"}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":612,"completion_tokens":88,"total_tokens":700}}`)

func BenchmarkUpstreamResponseEncodingJSON(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var r openai.ChatCompletionResponse
		if err := json.Unmarshal(chatResp, &r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUpstreamResponseSonic(b *testing.B) {
	for i := 0; i < b.N; i++ {
		var r openai.ChatCompletionResponse
		if err := sonic.ConfigStd.Unmarshal(chatResp, &r); err != nil {
			b.Fatal(err)
		}
	}
}
