package mock

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"svc/engine/provider/wire"
)

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
	if json.Unmarshal(m.Content, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(m.Content, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	return ""
}

// task names the operation: the json_schema name, else the "svc-task: <op>"
// line of the system prompt; "" for a generic chat.
func (r *chatRequest) task() string {
	if r.ResponseFormat != nil && r.ResponseFormat.JSONSchema != nil {
		for op, name := range wire.Ops {
			if name == r.ResponseFormat.JSONSchema.Name {
				return op
			}
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

func (s *Server) serveChat(w http.ResponseWriter, r *http.Request) {
	s.chat.Add(1)
	b := s.take()
	s.byMode[modeIndex(b.Mode)].Add(1)

	var req chatRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8<<20)).Decode(&req); err != nil {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "bad request body: "+err.Error())
		return
	}
	if req.Model == "" || len(req.Messages) == 0 {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "model and messages are required")
		return
	}
	if s.opt.OnChat != nil {
		s.opt.OnChat(req.task(), req.Model, req.input())
	}
	if b.Mode == "timeout" {
		t := time.NewTimer(s.opt.MaxHang)
		defer t.Stop()
		select {
		case <-r.Context().Done():
		case <-t.C:
		}
		return
	}
	if d := b.delay(); d > 0 {
		t := time.NewTimer(d)
		select {
		case <-r.Context().Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
	var content string
	switch b.Mode {
	case "error500":
		apiError(w, http.StatusInternalServerError, "server_error", "mockllm: injected upstream error")
		return
	case "empty":
		content = ""
	case "bad_json":
		content = `{"result": "truncated", "values": [1, 2,`
	default:
		out, err := answer(req.task(), req.input(), b.Mode == "invalid")
		if err != nil {
			apiError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
			return
		}
		content = out
	}
	promptChars := 0
	for _, m := range req.Messages {
		promptChars += utf8.RuneCount(m.Content)
	}
	pt, ct := tokens(promptChars), tokens(utf8.RuneCountInString(content))
	resp := map[string]any{
		"id":      "chatcmpl-mock-" + strconv.FormatInt(seq.Add(1), 10),
		"object":  "chat.completion",
		"created": time.Now().Unix(),
		"model":   req.Model,
		"choices": []map[string]any{{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": content},
			"finish_reason": "stop",
		}},
		"usage": map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
	}
	writeJSON(w, http.StatusOK, resp)
}

// tokens estimates a token count: one per four characters, at least one.
func tokens(chars int) int { return chars/4 + 1 }
