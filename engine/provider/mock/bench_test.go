package mock

import (
	"encoding/json"
	"testing"

	"github.com/valyala/fasthttp"

	"svc/engine/provider/wire"
)

// BenchmarkServeChat: one classify chat completion through the fasthttp
// handler (no network), with fixed and built-in answers; before this
// handler, the net/http one with encoding/json cost ~100–150 µs of CPU per
// request in cmd/mockllm.
func BenchmarkServeChat(b *testing.B) {
	in, _ := json.Marshal(wire.ClassifyInput{Text: "ليه التوصيل اتأخر كده؟ الطلب رقم ٣ وصل ناقص ومحدش بيرد على التليفون خالص", Platform: "youtube",
		Detected: wire.Detected{Language: "ar", Dialect: "egyptian"}})
	system := "svc-task: classify\n"
	for i := 0; i < 30; i++ {
		system += "Classify one social media comment and answer with JSON only.\n"
	}
	body, _ := json.Marshal(map[string]any{
		"model": "mock-large",
		"messages": []map[string]any{
			{"role": "system", "content": system},
			{"role": "user", "content": string(in)},
		},
		"max_completion_tokens": 800,
		"response_format":       map[string]any{"type": "json_schema", "json_schema": map[string]any{"name": wire.SchemaClassify, "schema": map[string]any{"type": "object"}, "strict": true}},
	})
	for _, answers := range []string{AnswersFixed, AnswersBuiltin} {
		b.Run(answers, func(b *testing.B) {
			s := New(Options{Answers: answers})
			var ctx fasthttp.RequestCtx
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				ctx.Request.Reset()
				ctx.Response.Reset()
				ctx.Request.Header.SetMethod("POST")
				ctx.Request.SetRequestURI("/v1/chat/completions")
				ctx.Request.SetBody(body)
				s.ServeFast(&ctx)
				if ctx.Response.StatusCode() != 200 {
					b.Fatalf("%d %s", ctx.Response.StatusCode(), ctx.Response.Body())
				}
			}
		})
	}
}
