package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/bytedance/sonic"
	openai "github.com/sashabaranov/go-openai"

	"svc/engine/provider/wire"
)

// The request body of a chat completion is mostly constant per operation and
// model: the model name, the system prompt (~1–2 KB to escape), max tokens and
// the response_format with its schema. A template holds that body encoded once
// (by go-openai's own request type and encoding/json, so the wire format is
// exactly what go-openai sends) split around the user message; a call appends
// only the JSON-escaped user message between the two halves.

// template is one pre-encoded request body with a hole for the user message's
// content (a JSON string, quotes included).
type template struct {
	prefix, suffix []byte
}

// tmplKey identifies a template, by content. A lookup views the schema bytes
// as a string without copying them; a stored key owns a copy.
type tmplKey struct {
	model, system, schemaName, schema string
	maxTokens                         int
	mode                              int32 // index in outputModes
}

// maxTemplates bounds the cache of one Client; past it a template is built
// per call (still correct, only slower).
const maxTemplates = 256

// templates is a copy-on-write map: lock-free reads on the hot path.
type templates struct {
	mu sync.Mutex
	m  atomic.Pointer[map[tmplKey]*template]
}

// userSentinel marks the user message's place in the encoded request; it
// cannot occur in an escaped prompt by accident (encoding/json writes U+0000
// as \u0000).
const userSentinel = "\x00svc-user-message\x00"

func (t *templates) get(req *Request, mode int32) (*template, error) {
	k := tmplKey{model: req.Model, system: req.System, schemaName: req.SchemaName,
		schema: unsafe.String(unsafe.SliceData(req.Schema), len(req.Schema)), maxTokens: req.MaxTokens, mode: mode}
	if m := t.m.Load(); m != nil {
		if tp := (*m)[k]; tp != nil {
			return tp, nil
		}
	}
	tp, err := buildTemplate(req, mode)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	old := t.m.Load()
	n := 0
	if old != nil {
		if tp2 := (*old)[k]; tp2 != nil {
			return tp2, nil
		}
		n = len(*old)
	}
	if n >= maxTemplates {
		return tp, nil
	}
	m := make(map[tmplKey]*template, n+1)
	if old != nil {
		for k2, v := range *old {
			m[k2] = v
		}
	}
	k.schema = string(req.Schema) // owned copy: req.Schema may be reused by the caller
	m[k] = tp
	t.m.Store(&m)
	return tp, nil
}

// chatRequest is go-openai's request for req (content as given) in output
// mode (an index in outputModes): json_schema puts the schema in
// response_format; json_object and instructions put it in the system prompt,
// json_object also asking for JSON mode.
func chatRequest(req *Request, user string, mode int32) openai.ChatCompletionRequest {
	r := openai.ChatCompletionRequest{
		Model: req.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: req.System},
			{Role: openai.ChatMessageRoleUser, Content: user},
		},
		MaxCompletionTokens: req.MaxTokens,
	}
	switch outputModes[mode] {
	case OutputJSONSchema:
		r.ResponseFormat = &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name:   req.SchemaName,
				Schema: json.RawMessage(req.Schema),
				Strict: true,
			},
		}
	case OutputJSONObject:
		r.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
		r.Messages[0].Content += schemaInstructions + string(req.Schema)
	default:
		r.Messages[0].Content += schemaInstructions + string(req.Schema)
	}
	return r
}

// appendDirect encodes req whole, as go-openai does per call.
func appendDirect(dst []byte, req *Request, mode int32) ([]byte, error) {
	b, err := json.Marshal(chatRequest(req, req.User, mode))
	if err != nil {
		return dst, fmt.Errorf("provider: encode request: %w", err)
	}
	return append(dst, b...), nil
}

// buildTemplate encodes req with go-openai's request type and splits it at
// the user message.
func buildTemplate(req *Request, mode int32) (*template, error) {
	return splitTemplate("request", chatRequest(req, userSentinel, mode))
}

// splitTemplate encodes v, in which userSentinel stands for the per-call
// string exactly once, and splits the encoding around it. what names the
// request in errors.
func splitTemplate(what string, v any) (*template, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("provider: encode %s: %w", what, err)
	}
	hole, _ := json.Marshal(userSentinel)
	i := bytes.Index(b, hole)
	if i < 0 || bytes.Count(b, hole) != 1 {
		return nil, fmt.Errorf("provider: encode %s: the per-call string was not found once in the encoded body", what)
	}
	return &template{prefix: b[:i:i], suffix: b[i+len(hole):]}, nil
}

// appendBody appends the whole request body: the template around user.
func (t *template) appendBody(dst []byte, user string) []byte {
	dst = append(dst, t.prefix...)
	dst = wire.AppendJSONString(dst, user)
	return append(dst, t.suffix...)
}

// chatResponse is the part of a chat completion the engine reads.
type chatResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content string `json:"content"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
}

// sonicAPI decodes responses; strings are copied out of the (pooled) body.
var sonicAPI = sonic.Config{CopyString: true}.Froze()

// errBadBody marks a 2xx body that is not a chat completion.
type badBodyError struct{ err error }

func (e *badBodyError) Error() string { return "response is not a chat completion: " + e.err.Error() }
func (e *badBodyError) Unwrap() error { return e.err }

// errCutShort: the answer stopped at the token limit (finish_reason
// "length"); its content is cut short, unusable.
var errCutShort = errors.New(`finish_reason "length": the output was cut at the token limit`)

// decodeResponse reads a 2xx body. A cut-short answer (errCutShort) still
// returns its usage: the endpoint billed it.
func decodeResponse(body []byte) (Response, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return Response{}, &badBodyError{errors.New("empty body")}
	}
	var cr chatResponse
	if err := sonicAPI.Unmarshal(body, &cr); err != nil {
		return Response{}, &badBodyError{err}
	}
	out := Response{Model: cr.Model, PromptTokens: cr.Usage.PromptTokens, CompletionTokens: cr.Usage.CompletionTokens}
	if len(cr.Choices) > 0 {
		if cr.Choices[0].FinishReason == "length" {
			return Response{PromptTokens: out.PromptTokens, CompletionTokens: out.CompletionTokens}, &badBodyError{errCutShort}
		}
		out.Content = cr.Choices[0].Message.Content
	}
	return out, nil
}

// statusError is go-openai's error for a failure status: *openai.APIError
// when the body is an OpenAI error object, else *openai.RequestError.
func statusError(code int, status string, body []byte) error {
	if status == "" {
		status = strconv.Itoa(code) + " " + http.StatusText(code)
	}
	var er openai.ErrorResponse
	err := json.Unmarshal(body, &er)
	if err != nil || er.Error == nil {
		re := &openai.RequestError{HTTPStatus: status, HTTPStatusCode: code, Err: err, Body: append([]byte(nil), body...)}
		if er.Error != nil {
			re.Err = er.Error
		}
		if re.Err == nil {
			re.Err = errors.New(strings.TrimSpace(string(body)))
		}
		return re
	}
	er.Error.HTTPStatus, er.Error.HTTPStatusCode = status, code
	return er.Error
}

// bufPool holds request body buffers.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// putBuf returns a buffer to bufPool unless it grew large (a long report).
func putBuf(bp *[]byte) {
	if cap(*bp) <= 256<<10 {
		*bp = (*bp)[:0]
		bufPool.Put(bp)
	}
}
