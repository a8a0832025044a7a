package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"

	"svc/bench/loadgen"
	"svc/engine/op"
)

// Scenario is one load test. Each runs against a target ("svc": svc wired
// to cmd/mockllm for both providers; "builtin": svc on its built-in engine;
// "bare": the bare fasthttp ceiling) and, as its "direct" variant, the same
// load sent straight to cmd/mockllm as chat completions.
type Scenario struct {
	Name        string
	About       string
	Target      string        // svc, builtin or bare
	Rate        float64       // 0 = closed loop
	Duration    time.Duration // per repeat
	MaxInFlight int
	// MockLatency is set on cmd/mockllm (POST /control) for the run, for
	// both variants; -1 leaves it unchanged.
	MockLatency time.Duration
	Direct      bool // has a direct-to-mockllm variant (not detect: it calls no upstream; bare is its ceiling)
	// build returns the request of the svc (or bare) variant.
	build func(e *Env) loadgen.Request
	// direct returns the request of the direct variant; nil = classify chat.
	direct func(e *Env) loadgen.Request
}

// Env is what request builders need.
type Env struct {
	Host       string   // Host header of the target
	Keys       []string // svc API keys; requests rotate over them
	Nonce      uint64   // makes the texts of this run unique
	PromptsDir string   // engine/prompts, for the direct chat bodies
	Model      string   // model id sent in direct chat bodies
}

// All is every scenario, in the order make bench runs them.
var All = []*Scenario{
	{Name: "bare-max", About: "bare fasthttp handler, small JSON body, closed loop (the ceiling)", Target: "bare", MaxInFlight: 64, Duration: 3 * time.Second, MockLatency: -1, build: bare},
	{Name: "bare-1k", About: "bare fasthttp handler at 1,000 req/s", Target: "bare", Rate: 1000, MaxInFlight: 256, Duration: 3 * time.Second, MockLatency: -1, build: bare},

	{Name: "detect-miss-max", About: "POST /v1/detect, unique texts (cache miss, debit durable), closed loop", Target: "svc", MaxInFlight: 64, Duration: 3 * time.Second, MockLatency: 0, build: detectMiss},
	{Name: "detect-hit-max", About: "POST /v1/detect, one text (cache hit, usage durable), closed loop", Target: "svc", MaxInFlight: 64, Duration: 3 * time.Second, MockLatency: 0, build: detectHit},
	{Name: "detect-miss-1k", About: "POST /v1/detect, unique texts at 1,000 req/s", Target: "svc", Rate: 1000, MaxInFlight: 256, Duration: 3 * time.Second, MockLatency: 0, build: detectMiss},
	{Name: "detect-hit-1k", About: "POST /v1/detect, one text at 1,000 req/s", Target: "svc", Rate: 1000, MaxInFlight: 256, Duration: 3 * time.Second, MockLatency: 0, build: detectHit},

	{Name: "classify-miss-1k", About: "POST /v1/classify, unique texts through cmd/mockllm (300 ms upstream) at 1,000 req/s", Target: "svc", Rate: 1000, MaxInFlight: 4000, Duration: 4 * time.Second, MockLatency: 300 * time.Millisecond, Direct: true, build: classifyMiss},
	{Name: "classify-miss-1k-0ms", About: "POST /v1/classify, unique texts through cmd/mockllm (0 ms upstream) at 1,000 req/s", Target: "svc", Rate: 1000, MaxInFlight: 2000, Duration: 3 * time.Second, MockLatency: 0, Direct: true, build: classifyMiss},
	{Name: "classify-miss-max", About: "POST /v1/classify, unique texts through cmd/mockllm (0 ms upstream), closed loop", Target: "svc", MaxInFlight: 128, Duration: 3 * time.Second, MockLatency: 0, Direct: true, build: classifyMiss},
	{Name: "classify-miss-10k", About: "POST /v1/classify, unique texts through cmd/mockllm (300 ms upstream), 10,000 in flight, closed loop", Target: "svc", MaxInFlight: 10000, Duration: 4 * time.Second, MockLatency: 300 * time.Millisecond, Direct: true, build: classifyMiss},
	{Name: "classify-hit-max", About: "POST /v1/classify, one text (cache hit), closed loop", Target: "svc", MaxInFlight: 64, Duration: 3 * time.Second, MockLatency: 0, Direct: true, build: classifyHit},
	{Name: "classify-hit-1k", About: "POST /v1/classify, one text (cache hit) at 1,000 req/s", Target: "svc", Rate: 1000, MaxInFlight: 256, Duration: 3 * time.Second, MockLatency: 0, Direct: true, build: classifyHit},

	{Name: "report-500", About: "POST /v1/report, 500 comments, built-in engine, 4 req/s over many accounts (5 reports/min/account)", Target: "builtin", Rate: 4, MaxInFlight: 64, Duration: 5 * time.Second, MockLatency: 0, Direct: true, build: report500, direct: reportDirect},

	{Name: "mix-1k", About: "realistic mix at 1,000 req/s: 35% detect (half hits), 35% classify (half hits), 15% moderate, 10% translate, 5% GET /v1/comments; 300 ms upstream", Target: "svc", Rate: 1000, MaxInFlight: 4000, Duration: 4 * time.Second, MockLatency: 300 * time.Millisecond, Direct: true, build: mix},
}

// Get returns the named scenario.
func Get(name string) (*Scenario, error) {
	for _, s := range All {
		if s.Name == name {
			return s, nil
		}
	}
	var names []string
	for _, s := range All {
		names = append(names, s.Name)
	}
	sort.Strings(names)
	return nil, fmt.Errorf("unknown scenario %q; known: %s", name, strings.Join(names, ", "))
}

// Build returns the request function of the variant ("svc" or "direct").
func (s *Scenario) Build(variant string, e *Env) (loadgen.Request, error) {
	switch variant {
	case "svc", "bare", "builtin", "":
		return s.build(e), nil
	case "direct":
		if !s.Direct {
			return nil, fmt.Errorf("scenario %s has no direct variant", s.Name)
		}
		if s.direct != nil {
			return s.direct(e), nil
		}
		return classifyDirect(e), nil
	}
	return nil, fmt.Errorf("unknown variant %q", variant)
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

func post(req *fasthttp.Request, e *Env, path string, key string, body []byte) {
	req.Header.SetMethod("POST")
	req.SetRequestURI(path)
	req.Header.SetHost(e.Host)
	req.Header.SetContentType("application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	req.SetBody(body)
}

// keyTurn rotates keys across every run of the process (warm-ups and
// repeats included), so per-account limits such as 5 reports per minute
// are spread over all accounts instead of starting at the first each run.
var keyTurn atomic.Uint64

func (e *Env) key(uint64) string {
	if len(e.Keys) == 0 {
		return ""
	}
	return e.Keys[(keyTurn.Add(1)-1)%uint64(len(e.Keys))]
}

func bare(e *Env) loadgen.Request {
	return func(i uint64, req *fasthttp.Request) {
		req.Header.SetMethod("GET")
		req.SetRequestURI("/v1/ping")
		req.Header.SetHost(e.Host)
	}
}

// textBody is {"text":"<text>"<extra>}.
func textBody(dst []byte, text []byte, extra string) []byte {
	dst = append(dst, `{"text":"`...)
	dst = append(dst, text...)
	dst = append(dst, '"')
	dst = append(dst, extra...)
	return append(dst, '}')
}

func opMiss(path, extra string) func(e *Env) loadgen.Request {
	return func(e *Env) loadgen.Request {
		return func(i uint64, req *fasthttp.Request) {
			bp := bufPool.Get().(*[]byte)
			t, _ := AppendText((*bp)[:0], e.Nonce, i)
			body := textBody(make([]byte, 0, len(t)+64), t, extra)
			*bp = t
			bufPool.Put(bp)
			post(req, e, path, e.key(i), body)
		}
	}
}

func opHit(path, extra string) func(e *Env) loadgen.Request {
	return func(e *Env) loadgen.Request {
		body := textBody(nil, []byte(HitText), extra)
		return func(i uint64, req *fasthttp.Request) { post(req, e, path, e.key(i), body) }
	}
}

var (
	detectMiss   = opMiss("/v1/detect", "")
	detectHit    = opHit("/v1/detect", "")
	classifyMiss = opMiss("/v1/classify", `,"platform":"youtube"`)
	classifyHit  = opHit("/v1/classify", `,"platform":"youtube"`)
)

func mix(e *Env) loadgen.Request {
	dm, dh := detectMiss(e), detectHit(e)
	cm, ch := classifyMiss(e), classifyHit(e)
	mod := opMiss("/v1/moderate", `,"strictness":"medium"`)(e)
	tr := opMiss("/v1/translate", `,"target":"ar","dialect":"gulf","tone":"casual"`)(e)
	return func(i uint64, req *fasthttp.Request) {
		switch k := splitmix64(e.Nonce^i) % 100; {
		case k < 17:
			dm(i, req)
		case k < 35:
			dh(i, req)
		case k < 52:
			cm(i, req)
		case k < 70:
			ch(i, req)
		case k < 85:
			mod(i, req)
		case k < 95:
			tr(i, req)
		default:
			req.Header.SetMethod("GET")
			req.SetRequestURI("/v1/comments?limit=20")
			req.Header.SetHost(e.Host)
			req.Header.Set("Authorization", "Bearer "+e.key(i))
		}
	}
}

// ReportBody is the /v1/report body with n comments.
func ReportBody(nonce uint64, n int) []byte {
	type comment struct {
		Text   string `json:"text"`
		Author string `json:"author"`
		Likes  int    `json:"likes"`
	}
	var cs []comment
	for i, t := range ReportComments(nonce, n) {
		cs = append(cs, comment{Text: string(t), Author: fmt.Sprintf("user%d", i%97), Likes: i % 13})
	}
	b, _ := json.Marshal(map[string]any{"tier": "basic", "title": "Weekly channel comments", "comments": cs})
	return b
}

func report500(e *Env) loadgen.Request {
	body := ReportBody(e.Nonce, 500)
	return func(i uint64, req *fasthttp.Request) { post(req, e, "/v1/report", e.key(i), body) }
}

// chatPrefix builds the fixed parts of a chat completion as the engine's
// provider client (go-openai) sends it: system prompt, one user message
// (the wire input as a JSON string), json_schema response format.
func chatParts(e *Env, op string, maxTokens int) (prefix, suffix []byte) {
	prompt, err := os.ReadFile(filepath.Join(e.PromptsDir, op+".txt"))
	if err != nil {
		panic(fmt.Sprintf("direct variant needs the prompts (--prompts): %v", err))
	}
	schema, err := os.ReadFile(filepath.Join(e.PromptsDir, op+".schema.json"))
	if err != nil {
		panic(err)
	}
	model, _ := json.Marshal(e.Model)
	sys, _ := json.Marshal(string(prompt))
	prefix = fmt.Appendf(nil, `{"model":%s,"messages":[{"role":"system","content":%s},{"role":"user","content":`, model, sys)
	var compact bytes.Buffer
	_ = json.Compact(&compact, schema)
	suffix = fmt.Appendf(nil, `}],"max_completion_tokens":%d,"response_format":{"type":"json_schema","json_schema":{"name":"svc_%s","schema":%s,"strict":true}}}`, maxTokens, op, compact.String())
	return prefix, suffix
}

// classifyDirect is the chat completion svc sends for one classify miss.
func classifyDirect(e *Env) loadgen.Request {
	prefix, suffix := chatParts(e, "classify", 800)
	return func(i uint64, req *fasthttp.Request) {
		bp := bufPool.Get().(*[]byte)
		t, arabic := AppendText((*bp)[:0], e.Nonce, i)
		lang := "en"
		if arabic {
			lang = "ar"
		}
		body := make([]byte, 0, len(prefix)+len(suffix)+len(t)+96)
		body = append(body, prefix...)
		body = append(body, `"{\"text\":\"`...)
		body = append(body, t...)
		body = append(body, `\",\"platform\":\"youtube\",\"detected\":{\"language\":\"`...)
		body = append(body, lang...)
		body = append(body, `\"}}"`...)
		body = append(body, suffix...)
		*bp = t
		bufPool.Put(bp)
		post(req, e, "/v1/chat/completions", "bench", body)
	}
}

// reportDirect is a report chat completion over the same 500 comments.
func reportDirect(e *Env) loadgen.Request {
	prefix, suffix := chatParts(e, "report", 4000)
	type rc struct {
		Text   string `json:"text"`
		Author string `json:"author,omitempty"`
		Likes  int    `json:"likes"`
	}
	var cs []rc
	for i, t := range ReportComments(e.Nonce, 500) {
		cs = append(cs, rc{Text: string(t), Author: fmt.Sprintf("user%d", i%97), Likes: i % 13})
	}
	in, _ := json.Marshal(map[string]any{"tier": "basic", "title": "Weekly channel comments", "sections": op.ReportSectionsBasic, "computed": map[string]string{}, "comments": cs})
	user, _ := json.Marshal(string(in))
	body := append(append(append([]byte{}, prefix...), user...), suffix...)
	return func(i uint64, req *fasthttp.Request) { post(req, e, "/v1/chat/completions", "bench", body) }
}
