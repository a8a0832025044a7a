// Package mock is an OpenAI-compatible upstream for tests and load tests
// (cmd/mockllm serves it): /v1/chat/completions answers from the built-in
// analyzers in the requested schema, /v1/embeddings returns deterministic
// hashed vectors, /v1/models lists models, and /control injects latency and
// faults. Tests start it in-process with httptest.NewServer(mock.New(...)) and
// talk to it over real loopback HTTP.
//
// Control: POST /control {"latency_ms","jitter_ms","mode","count"} sets the
// behaviour of the next count chat completions (0 = until changed); when they
// are used up the default behaviour (mode ok, the server's base latency)
// returns. GET /control shows the behaviour and request counters. Modes:
//
//	ok       answer normally
//	error500 HTTP 500 with an OpenAI error body
//	timeout  never answer; hold the request until the client gives up
//	bad_json HTTP 200, message content that is not valid JSON
//	empty    HTTP 200, empty message content
//	invalid  HTTP 200, schema-shaped JSON carrying values a checker must drop
//	         (an intent outside the enumeration, a rubric category the caller
//	         did not define, a flagged term that is not in the text)
//
// Faults and latency apply to chat completions only; embeddings and models
// always answer at once.
package mock

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"sync/atomic"
	"time"
)

// Modes a Behaviour may set.
var Modes = []string{"ok", "error500", "timeout", "bad_json", "empty", "invalid"}

// Behaviour is the body of POST /control.
type Behaviour struct {
	LatencyMS int    `json:"latency_ms"`
	JitterMS  int    `json:"jitter_ms"`
	Mode      string `json:"mode"`
	Count     int    `json:"count"`
}

// Options configures a Server.
type Options struct {
	Latency time.Duration // base latency of every chat completion
	Models  []string      // ids listed by /v1/models; default mock-large, mock-small
	MaxHang time.Duration // cap of the timeout mode; default 10 minutes
	// OnChat, when set, sees every chat completion's task, model and input
	// (tests use it to inspect what the engine sent). It must be fast and
	// safe for concurrent use.
	OnChat func(task, model, input string)
}

// Stats counts requests served since the start.
type Stats struct {
	Chat       int64            `json:"chat"`
	Embeddings int64            `json:"embeddings"`
	Models     int64            `json:"models"`
	ByMode     map[string]int64 `json:"by_mode"`
}

type state struct {
	b       Behaviour
	left    atomic.Int64 // requests left when b.Count > 0
	limited bool
}

// Server is the mock upstream; an http.Handler.
type Server struct {
	opt    Options
	cur    atomic.Pointer[state]
	def    *state
	chat   atomic.Int64
	embeds atomic.Int64
	models atomic.Int64
	byMode [6]atomic.Int64
}

// New builds a Server.
func New(opt Options) *Server {
	if len(opt.Models) == 0 {
		opt.Models = []string{"mock-large", "mock-small"}
	}
	if opt.MaxHang <= 0 {
		opt.MaxHang = 10 * time.Minute
	}
	s := &Server{opt: opt}
	s.def = &state{b: Behaviour{Mode: "ok", LatencyMS: int(opt.Latency / time.Millisecond)}}
	s.cur.Store(s.def)
	return s
}

// Set applies b as POST /control does. An unknown mode is an error.
func (s *Server) Set(b Behaviour) error {
	if b.Mode == "" {
		b.Mode = "ok"
	}
	if modeIndex(b.Mode) < 0 {
		return errBadMode
	}
	if b.LatencyMS < 0 || b.JitterMS < 0 || b.Count < 0 {
		return errNegative
	}
	st := &state{b: b, limited: b.Count > 0}
	st.left.Store(int64(b.Count))
	s.cur.Store(st)
	return nil
}

// Reset returns to the default behaviour.
func (s *Server) Reset() { s.cur.Store(s.def) }

// Stats returns the request counters.
func (s *Server) Stats() Stats {
	st := Stats{Chat: s.chat.Load(), Embeddings: s.embeds.Load(), Models: s.models.Load(), ByMode: map[string]int64{}}
	for i, m := range Modes {
		st.ByMode[m] = s.byMode[i].Load()
	}
	return st
}

// take returns the behaviour of the next chat completion.
func (s *Server) take() Behaviour {
	st := s.cur.Load()
	if st.limited {
		if st.left.Add(-1) < 0 {
			s.cur.CompareAndSwap(st, s.def)
			return s.def.b
		}
	}
	return st.b
}

func (b Behaviour) delay() time.Duration {
	d := time.Duration(b.LatencyMS) * time.Millisecond
	if b.JitterMS > 0 {
		d += time.Duration(rand.IntN(2*b.JitterMS+1)-b.JitterMS) * time.Millisecond
	}
	return max(d, 0)
}

func modeIndex(m string) int {
	for i, x := range Modes {
		if x == m {
			return i
		}
	}
	return -1
}

type mockError string

func (e mockError) Error() string { return string(e) }

const (
	errBadMode  = mockError("mode must be one of ok, error500, timeout, bad_json, empty, invalid")
	errNegative = mockError("latency_ms, jitter_ms and count must be >= 0")
)

// ServeHTTP routes the mock's endpoints.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/v1/chat/completions" && r.Method == http.MethodPost:
		s.serveChat(w, r)
	case r.URL.Path == "/v1/embeddings" && r.Method == http.MethodPost:
		s.serveEmbeddings(w, r)
	case r.URL.Path == "/v1/models" && r.Method == http.MethodGet:
		s.serveModels(w)
	case r.URL.Path == "/control" && r.Method == http.MethodPost:
		var b Behaviour
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&b); err != nil {
			apiError(w, http.StatusBadRequest, "invalid_request_error", "bad control body: "+err.Error())
			return
		}
		if err := s.Set(b); err != nil {
			apiError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"behaviour": b})
	case r.URL.Path == "/control" && r.Method == http.MethodGet:
		st := s.cur.Load()
		writeJSON(w, http.StatusOK, map[string]any{"behaviour": st.b, "left": st.left.Load(), "stats": s.Stats()})
	default:
		apiError(w, http.StatusNotFound, "invalid_request_error", "unknown route "+r.Method+" "+r.URL.Path)
	}
}

func (s *Server) serveModels(w http.ResponseWriter) {
	s.models.Add(1)
	data := make([]map[string]any, len(s.opt.Models))
	for i, m := range s.opt.Models {
		data[i] = map[string]any{"id": m, "object": "model", "created": 0, "owned_by": "mockllm"}
	}
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": data})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":{"message":"encode","type":"server_error"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func apiError(w http.ResponseWriter, status int, typ, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": typ, "code": nil}})
}
