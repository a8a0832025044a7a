package mock

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/bytedance/sonic"

	"svc/engine/provider/wire"
)

// sonicAPI decodes requests; strings are copied (OnChat may keep its input).
var sonicAPI = sonic.Config{CopyString: true}.Froze()

type chatMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type chatRequest struct {
	Model          string        `json:"model"`
	Messages       []chatMessage `json:"messages"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name string `json:"name"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

// text returns a message's content whether it is a string or an array of parts.
func (m chatMessage) text() string {
	var s string
	if sonicAPI.Unmarshal(m.Content, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if sonicAPI.Unmarshal(m.Content, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	return ""
}

// schemaTask maps a json_schema name to its task.
var schemaTask = func() map[string]string {
	m := map[string]string{}
	for op, name := range wire.Ops {
		m[name] = op
	}
	return m
}()

// task names the operation: the json_schema name, else the "svc-task: <op>"
// line of the system prompt; "" for a generic chat.
func (r *chatRequest) task() string {
	if r.ResponseFormat != nil && r.ResponseFormat.JSONSchema != nil {
		if op, ok := schemaTask[r.ResponseFormat.JSONSchema.Name]; ok {
			return op
		}
	}
	for _, m := range r.Messages {
		if m.Role != "system" {
			continue
		}
		for _, line := range strings.SplitN(m.text(), "\n", 3) {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "svc-task:"); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

// input is the last user message: the operation's wire Input as JSON.
func (r *chatRequest) input() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].text()
		}
	}
	return ""
}

var seq atomic.Int64

// Contents of the fault modes, as JSON strings.
var (
	badJSONContent = content(`{"result": "truncated", "values": [1, 2,`)
	emptyContent   = content("")
	injected500    = apiError(http.StatusInternalServerError, "server_error", "mockllm: injected upstream error")
	injected503    = apiError(http.StatusServiceUnavailable, "server_error", "mockllm: injected overload")
	injected429    = apiError(http.StatusTooManyRequests, "rate_limit_error", "mockllm: injected rate limit")
	// The errors of servers that do not take a response_format, worded as
	// vLLM's and OpenAI's are: they name the parameter.
	rejectedJSONSchema     = apiError(http.StatusBadRequest, "invalid_request_error", "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.")
	rejectedResponseFormat = apiError(http.StatusBadRequest, "invalid_request_error", "Unrecognized request argument supplied: response_format")
)

// answerContent is a message content ready to send: the JSON string and its
// length in runes (for the token estimate).
type answerContent struct {
	json  []byte
	runes int
}

func content(s string) answerContent {
	return answerContent{json: wire.AppendJSONString(nil, s), runes: utf8.RuneCountInString(s)}
}

func (s *Server) serveChat(body []byte) reply {
	s.chat.Add(1)
	b := s.take()
	mode := b.Mode
	if b.HangRate > 0 || b.ErrorRate > 0 {
		switch r := rand.Float64(); {
		case r < b.HangRate:
			mode = "timeout"
		case r < b.HangRate+b.ErrorRate:
			mode = "error500"
		}
	}
	s.byMode[modeIndex(mode)].Add(1)

	var req chatRequest
	if err := sonicAPI.Unmarshal(body, &req); err != nil {
		return apiError(http.StatusBadRequest, "invalid_request_error", "bad request body: "+err.Error())
	}
	if req.Model == "" || len(req.Messages) == 0 {
		return apiError(http.StatusBadRequest, "invalid_request_error", "model and messages are required")
	}
	task, input := req.task(), req.input()
	if s.opt.OnChat != nil {
		s.opt.OnChat(task, req.Model, input)
	}
	var rp reply
	switch mode {
	case "timeout":
		return reply{hang: true}
	case "error500":
		rp = injected500
	case "error503":
		rp = injected503
		rp.retryAfter = retryAfter(b)
	case "rate_limited":
		rp = injected429
		rp.retryAfter = retryAfter(b)
	case "no_json_schema":
		if req.ResponseFormat != nil && req.ResponseFormat.Type == "json_schema" {
			rp = rejectedJSONSchema
		}
	case "no_response_format":
		if req.ResponseFormat != nil {
			rp = rejectedResponseFormat
		}
	}
	if rp.status != 0 {
		rp.delay = b.delay()
		return rp
	}
	var c answerContent
	finish := "stop"
	switch mode {
	case "empty":
		c = emptyContent
	case "bad_json":
		c = badJSONContent
	default:
		var err error
		if s.fixed && (mode == "ok" || mode == "no_json_schema" || mode == "no_response_format") {
			c, err = fixedAnswer(task, input)
		} else {
			var out string
			if out, err = answer(task, input, mode == "invalid"); err == nil {
				out, finish = reshape(mode, task, out)
				c = content(out)
			}
		}
		if err != nil {
			rp := apiError(http.StatusBadRequest, "invalid_request_error", err.Error())
			rp.delay = b.delay()
			return rp
		}
	}
	promptChars := 0
	for _, m := range req.Messages {
		promptChars += utf8.RuneCount(m.Content)
	}
	pt, ct := tokens(promptChars), tokens(c.runes)
	s.tokens.Add(int64(pt + ct))
	out := make([]byte, 0, 256+len(req.Model)+len(c.json))
	out = append(out, `{"id":"chatcmpl-mock-`...)
	out = strconv.AppendInt(out, seq.Add(1), 10)
	out = append(out, `","object":"chat.completion","created":`...)
	out = strconv.AppendInt(out, time.Now().Unix(), 10)
	out = append(out, `,"model":`...)
	out = wire.AppendJSONString(out, req.Model)
	out = append(out, `,"choices":[{"index":0,"message":{"role":"assistant","content":`...)
	out = append(out, c.json...)
	out = append(out, `},"finish_reason":"`...)
	out = append(out, finish...)
	out = append(out, `"}],"usage":{"prompt_tokens":`...)
	out = strconv.AppendInt(out, int64(pt), 10)
	out = append(out, `,"completion_tokens":`...)
	out = strconv.AppendInt(out, int64(ct), 10)
	out = append(out, `,"total_tokens":`...)
	out = strconv.AppendInt(out, int64(pt+ct), 10)
	out = append(out, `}}`...)
	return reply{status: http.StatusOK, body: out, delay: b.delay()}
}

// retryAfter is b's Retry-After header value.
func retryAfter(b Behaviour) string {
	if b.RetryAfterS <= 0 {
		return ""
	}
	return strconv.Itoa(b.RetryAfterS)
}

// reshape dresses an answer the way real models sometimes do (modes fenced,
// prose, length, upper_enums) and returns it with its finish_reason.
func reshape(mode, task, out string) (string, string) {
	switch mode {
	case "fenced":
		return "```json\n" + out + "\n```", "stop"
	case "prose":
		return "Here is the " + task + " result you asked for:\n" + out, "stop"
	case "length":
		r := []rune(out)
		return string(r[:len(r)/2]), "length"
	case "upper_enums":
		return upperEnums(task, out), "stop"
	}
	return out, "stop"
}

// upperEnums upper-cases the enum values of a classify or moderate answer
// (intent, sentiment, priority, flags, severity, the category_scores keys).
func upperEnums(task, out string) string {
	var m map[string]any
	if task != "classify" && task != "moderate" || json.Unmarshal([]byte(out), &m) != nil {
		return out
	}
	up := func(v any) any {
		switch x := v.(type) {
		case string:
			return strings.ToUpper(x)
		case []any:
			for i := range x {
				if s, ok := x[i].(string); ok {
					x[i] = strings.ToUpper(s)
				}
			}
		case map[string]any:
			y := make(map[string]any, len(x))
			for k, e := range x {
				y[strings.ToUpper(k)] = e
			}
			return y
		}
		return v
	}
	for _, k := range []string{"intent", "sentiment", "priority", "flags", "severity", "category_scores"} {
		if v, ok := m[k]; ok {
			m[k] = up(v)
		}
	}
	b, err := json.Marshal(m)
	if err != nil {
		return out
	}
	return string(b)
}

// tokens estimates a token count: one per four characters, at least one.
func tokens(chars int) int { return chars/4 + 1 }
