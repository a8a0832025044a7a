// Package mock is an OpenAI-compatible upstream for tests and load tests
// (cmd/mockllm serves it): /v1/chat/completions answers in the requested
// schema (see Answers below), /v1/embeddings returns deterministic
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
//
// Answers (Options.Answers): AnswersBuiltin computes every answer with the
// built-in analyzers from the operation's input (what tests expect);
// AnswersFixed serves precomputed answers where the schema's answer does not
// depend on the caller's input (classify per detected language and dialect,
// translate per target language, moderate, reply per language) and computes
// rubric and report answers, which name the caller's categories and sections.
// Fault modes (including invalid) behave the same under both.
//
// The Server serves net/http (ServeHTTP, for httptest in tests) and fasthttp
// (ServeFast, what cmd/mockllm runs); both share one implementation. Chat
// completions and embeddings are parsed with sonic and answered by appending
// bytes (no encoding/json per request; /control is rare and uses it).
package mock

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"svc/engine/provider/wire"
)

// Answer sources (Options.Answers).
const (
	AnswersBuiltin = "builtin"
	AnswersFixed   = "fixed"
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
	// Answers is AnswersBuiltin ("" too) or AnswersFixed.
	Answers string
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

// Server is the mock upstream: an http.Handler (ServeHTTP) and a fasthttp
// handler (ServeFast).
type Server struct {
	opt        Options
	cur        atomic.Pointer[state]
	def        *state
	chat       atomic.Int64
	embeds     atomic.Int64
	models     atomic.Int64
	byMode     [6]atomic.Int64
	fixed      bool
	modelsBody []byte // the /v1/models answer
}

// New builds a Server.
func New(opt Options) *Server {
	if len(opt.Models) == 0 {
		opt.Models = []string{"mock-large", "mock-small"}
	}
	if opt.MaxHang <= 0 {
		opt.MaxHang = 10 * time.Minute
	}
	s := &Server{opt: opt, fixed: opt.Answers == AnswersFixed}
	s.def = &state{b: Behaviour{Mode: "ok", LatencyMS: int(opt.Latency / time.Millisecond)}}
	s.cur.Store(s.def)
	data := make([]map[string]any, len(opt.Models))
	for i, m := range opt.Models {
		data[i] = map[string]any{"id": m, "object": "model", "created": 0, "owned_by": "mockllm"}
	}
	s.modelsBody, _ = json.Marshal(map[string]any{"object": "list", "data": data})
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

// reply is one answer of the mock, whatever the server under it.
type reply struct {
	status int
	body   []byte
	hang   bool          // timeout mode: send nothing, hold until the client gives up
	delay  time.Duration // wait before answering
}

// maxBody bounds request bodies (chat and embeddings).
const maxBody = 8 << 20

// route answers one request. body is only read during the call.
func (s *Server) route(method, path string, body []byte) reply {
	switch {
	case path == "/v1/chat/completions" && method == http.MethodPost:
		return s.serveChat(body)
	case path == "/v1/embeddings" && method == http.MethodPost:
		return s.serveEmbeddings(body)
	case path == "/v1/models" && method == http.MethodGet:
		s.models.Add(1)
		return reply{status: http.StatusOK, body: s.modelsBody}
	case path == "/control" && method == http.MethodPost:
		var b Behaviour
		if err := json.Unmarshal(body, &b); err != nil {
			return apiError(http.StatusBadRequest, "invalid_request_error", "bad control body: "+err.Error())
		}
		if err := s.Set(b); err != nil {
			return apiError(http.StatusBadRequest, "invalid_request_error", err.Error())
		}
		return jsonReply(http.StatusOK, map[string]any{"behaviour": b})
	case path == "/control" && method == http.MethodGet:
		st := s.cur.Load()
		return jsonReply(http.StatusOK, map[string]any{"behaviour": st.b, "left": st.left.Load(), "stats": s.Stats()})
	default:
		return apiError(http.StatusNotFound, "invalid_request_error", "unknown route "+method+" "+path)
	}
}

// ServeHTTP serves the mock on net/http (tests: httptest.NewServer(mock.New(...))).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body []byte
	if r.Method == http.MethodPost {
		var err error
		body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			writeReply(w, apiError(http.StatusBadRequest, "invalid_request_error", "bad request body: "+err.Error()))
			return
		}
	}
	rp := s.route(r.Method, r.URL.Path, body)
	if rp.hang {
		t := time.NewTimer(s.opt.MaxHang)
		defer t.Stop()
		select {
		case <-r.Context().Done():
		case <-t.C:
		}
		return
	}
	if rp.delay > 0 {
		t := time.NewTimer(rp.delay)
		select {
		case <-r.Context().Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
	writeReply(w, rp)
}

func writeReply(w http.ResponseWriter, rp reply) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(rp.body)))
	w.WriteHeader(rp.status)
	_, _ = w.Write(rp.body)
}

func jsonReply(status int, v any) reply {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":{"message":"encode","type":"server_error"}}`)
	}
	return reply{status: status, body: b}
}

// apiError is an OpenAI error body.
func apiError(status int, typ, msg string) reply {
	b := make([]byte, 0, 64+len(msg))
	b = append(b, `{"error":{"message":`...)
	b = wire.AppendJSONString(b, msg)
	b = append(b, `,"type":`...)
	b = wire.AppendJSONString(b, typ)
	b = append(b, `,"code":null}}`...)
	return reply{status: status, body: b}
}
