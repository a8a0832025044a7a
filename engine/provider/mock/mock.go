// Package mock is an OpenAI-compatible upstream for tests and load tests
// (cmd/mockllm serves it): /v1/chat/completions answers in the requested
// schema (see Answers below), /v1/embeddings returns deterministic
// hashed vectors, /v1/models lists models, and /control injects latency and
// faults. Tests start it in-process with httptest.NewServer(mock.New(...)) and
// talk to it over real loopback HTTP.
//
// Control: POST /control with a Behaviour sets the behaviour of the next
// count chat completions (0 = until changed); when they are used up the
// default behaviour (mode ok, the server's base latency) returns. GET
// /control shows the behaviour and request counters. The fields (all
// optional; docs/mockllm.md has examples):
//
//	latency_ms     delay before answering; with p99_ms, the median
//	jitter_ms      uniform +-jitter_ms added to the delay
//	p99_ms         > latency_ms: delays are lognormal with median latency_ms
//	               and 99th percentile p99_ms (capped at 4 x p99_ms)
//	mode           what every chat completion does (below); default ok
//	count          how many chat completions the behaviour lasts (0 = all)
//	error_rate     fraction of calls (0..1) answered HTTP 500 instead, after
//	               the delay
//	hang_rate      fraction of calls (0..1) hung instead (mode timeout);
//	               error_rate + hang_rate <= 1
//	retry_after_s  the Retry-After header (seconds) of mode rate_limited and
//	               error503 answers; 0 = none
//
// Modes:
//
//	ok           answer normally
//	error500     HTTP 500 with an OpenAI error body
//	error503     HTTP 503 with an OpenAI error body (and Retry-After)
//	rate_limited HTTP 429 with an OpenAI rate-limit error body (and Retry-After)
//	timeout      never answer; hold the request until the client gives up
//	bad_json     HTTP 200, message content that is not valid JSON
//	empty        HTTP 200, empty message content
//	invalid      HTTP 200, schema-shaped JSON carrying values a checker must
//	             drop (an intent outside the enumeration, a rubric category
//	             the caller did not define, a flagged term not in the text)
//	fenced       HTTP 200, the answer inside a ```json fenced code block
//	prose        HTTP 200, a line of prose, then the answer
//	length       HTTP 200, the answer cut in half, finish_reason "length"
//	no_json_schema      HTTP 400 naming response_format when the request
//	             asks for response_format json_schema; else as ok (a server
//	             that only knows json_object)
//	no_response_format  HTTP 400 naming response_format when the request
//	             has any response_format; else as ok (a server that only
//	             follows instructions)
//	upper_enums  HTTP 200, the answer with its enum values upper-cased
//	             (classify, moderate)
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
	"math"
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
var Modes = modeNames[:]

// Behaviour is the body of POST /control (see the package doc).
type Behaviour struct {
	LatencyMS   int     `json:"latency_ms"`
	JitterMS    int     `json:"jitter_ms"`
	Mode        string  `json:"mode"`
	Count       int     `json:"count"`
	P99MS       int     `json:"p99_ms,omitempty"`
	ErrorRate   float64 `json:"error_rate,omitempty"`
	HangRate    float64 `json:"hang_rate,omitempty"`
	RetryAfterS int     `json:"retry_after_s,omitempty"`
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
	Chat       int64 `json:"chat"`
	Embeddings int64 `json:"embeddings"`
	Models     int64 `json:"models"`
	// Tokens is the sum of the usage (prompt_tokens + completion_tokens)
	// of every chat completion answered 200: what a provider would bill,
	// cut-short (length) answers included.
	Tokens int64            `json:"tokens"`
	ByMode map[string]int64 `json:"by_mode"`
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
	tokens     atomic.Int64 // usage billed in 200 answers (Stats.Tokens)
	embeds     atomic.Int64
	models     atomic.Int64
	byMode     [len(modeNames)]atomic.Int64
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
	if b.LatencyMS < 0 || b.JitterMS < 0 || b.Count < 0 || b.P99MS < 0 || b.RetryAfterS < 0 {
		return errNegative
	}
	if !(b.ErrorRate >= 0 && b.HangRate >= 0 && b.ErrorRate+b.HangRate <= 1) {
		return errRates
	}
	if b.LatencyMS > maxControlMS || b.JitterMS > maxControlMS || b.P99MS > maxControlMS || b.RetryAfterS > maxControlMS/1000 {
		return errTooLong
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
	st := Stats{Chat: s.chat.Load(), Embeddings: s.embeds.Load(), Models: s.models.Load(), Tokens: s.tokens.Load(), ByMode: map[string]int64{}}
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
	if b.P99MS > b.LatencyMS && b.LatencyMS > 0 {
		// Lognormal: median LatencyMS, sigma such that the 99th percentile
		// (z = 2.3263) is P99MS; capped at 4 x P99MS.
		sigma := math.Log(float64(b.P99MS)/float64(b.LatencyMS)) / 2.3263
		x := float64(b.LatencyMS) * math.Exp(sigma*rand.NormFloat64())
		d = time.Duration(min(x, 4*float64(b.P99MS)) * float64(time.Millisecond))
	}
	if b.JitterMS > 0 {
		d += time.Duration(rand.IntN(2*b.JitterMS+1)-b.JitterMS) * time.Millisecond
	}
	return max(d, 0)
}

// modeNames is Modes as an array (its length sizes the counters).
var modeNames = [...]string{"ok", "error500", "timeout", "bad_json", "empty", "invalid",
	"error503", "rate_limited", "fenced", "prose", "length", "no_json_schema", "no_response_format", "upper_enums"}

func modeIndex(m string) int {
	for i, x := range modeNames {
		if x == m {
			return i
		}
	}
	return -1
}

type mockError string

func (e mockError) Error() string { return string(e) }

const (
	errBadMode  = mockError("mode must be one of ok, error500, error503, rate_limited, timeout, bad_json, empty, invalid, fenced, prose, length, no_json_schema, no_response_format, upper_enums")
	errNegative = mockError("latency_ms, jitter_ms, p99_ms, count and retry_after_s must be >= 0")
	errRates    = mockError("error_rate and hang_rate must be >= 0 with a sum <= 1")
	errTooLong  = mockError("latency_ms, jitter_ms and p99_ms must be <= 600000, retry_after_s <= 600")
)

// maxControlMS bounds the delays /control may set (10 minutes).
const maxControlMS = 600_000

// reply is one answer of the mock, whatever the server under it.
type reply struct {
	status int
	body   []byte
	hang   bool          // timeout mode: send nothing, hold until the client gives up
	delay  time.Duration // wait before answering
	// retryAfter is the Retry-After header's value ("" = none).
	retryAfter string
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
	if rp.retryAfter != "" {
		w.Header().Set("Retry-After", rp.retryAfter)
	}
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
