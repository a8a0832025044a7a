package httpapi_test

// Fuzz targets of the whole request path: the real handlers (router,
// authentication, decoding and validation of every endpoint, ledger, cache,
// built-in engine) driven in-process through fasthttp.RequestCtx against a
// real Pebble ledger in a temp dir. Checked for every input: never a 5xx,
// never a panic, always a JSON envelope whose request_id is the X-Request-Id
// header, and success true exactly on 200. Seed corpora: the f.Add calls
// below plus testdata/fuzz/<Target>/.

import (
	"context"
	"encoding/json"
	"net"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/ledger"
)

type fuzzServer struct {
	pub, adm       fasthttp.RequestHandler
	live, sandbox  string
	other          string // live key of another account
	commentID      string // a comment of the live key's account
	otherComment   string // a comment of the other account
	account, purID string
	ip             atomic.Uint32
	clk            *clock.Clock
}

func newFuzzServer(f *testing.F) *fuzzServer {
	dir := f.TempDir()
	clk := clock.New()
	led, err := ledger.Open(filepath.Join(dir, "ledger"), clk.Now)
	if err != nil {
		f.Fatal(err)
	}
	ch, err := cache.Open(cache.Options{Dir: filepath.Join(dir, "cache"), Scope: "account", Now: clk.Now})
	if err != nil {
		f.Fatal(err)
	}
	eng, err := engine.New(engine.Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { eng.Close(); _ = ch.Close(); _ = led.Close() })
	srv := httpapi.New(httpapi.Config{AdminToken: adminToken, TestClock: true}, led, eng, ch, clk)
	fs := &fuzzServer{pub: srv.Handler(), adm: srv.AdminHandler(), clk: clk}
	mk := func() (string, string, string) {
		a, err := led.CreateAccount(context.Background(), "fuzz", 1_000_000)
		if err != nil {
			f.Fatal(err)
		}
		p, err := led.Purchase(context.Background(), a.ID, 500)
		if err != nil {
			f.Fatal(err)
		}
		_, live, err := led.CreateKey(context.Background(), a.ID, ledger.Live)
		if err != nil {
			f.Fatal(err)
		}
		return a.ID, p.ID, live
	}
	var other string
	fs.account, fs.purID, fs.live = mk()
	_, _, other = mk()
	fs.other = other
	_, fs.sandbox, err = led.CreateKey(context.Background(), fs.account, ledger.Sandbox)
	if err != nil {
		f.Fatal(err)
	}
	classify := func(key string) string {
		st, body, _ := fs.do(fs.pub, "POST", "/v1/classify", key, []byte(`{"text":"where is my parcel? two weeks late","channel_id":"c1"}`))
		var env struct {
			Result struct {
				ID string `json:"id"`
			} `json:"result"`
		}
		if st != 200 || json.Unmarshal(body, &env) != nil || env.Result.ID == "" {
			f.Fatalf("classify: %d %s", st, body)
		}
		return env.Result.ID
	}
	fs.commentID, fs.otherComment = classify(fs.live), classify(fs.other)
	return fs
}

// do runs one request through h from one of fuzzAddrs client addresses in
// turn, moving the clock on a minute after each round, so the per-address
// failed-auth throttle never masks the handlers and its state stays bounded.
func (fs *fuzzServer) do(h fasthttp.RequestHandler, method, uri, key string, body []byte) (int, []byte, string) {
	var req fasthttp.Request
	req.Header.SetMethod(method)
	req.SetRequestURI(uri)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	req.Header.SetContentType("application/json")
	req.SetBody(body)
	var ctx fasthttp.RequestCtx
	n := fs.ip.Add(1)
	if n%fuzzAddrs == 0 {
		fs.clk.Advance(61 * time.Second)
	}
	n %= fuzzAddrs
	ctx.Init(&req, &net.TCPAddr{IP: net.IPv4(10, byte(n>>16), byte(n>>8), byte(n)), Port: 40000}, nil)
	h(&ctx)
	return ctx.Response.StatusCode(), append([]byte(nil), ctx.Response.Body()...), string(ctx.Response.Header.Peek("X-Request-Id"))
}

// checkEnvelope fails unless the answer is below 500 and a proper envelope.
func checkEnvelope(t *testing.T, what string, status int, body []byte, rid string) {
	if status >= 500 {
		t.Fatalf("%s: status %d: %.500s", what, status, body)
	}
	var env struct {
		Success   *bool             `json:"success"`
		Result    json.RawMessage   `json:"result"`
		Errors    []json.RawMessage `json:"errors"`
		RequestID string            `json:"request_id"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatalf("%s: status %d, body is not JSON (%v): %.500s", what, status, err, body)
	}
	if env.Success == nil || env.Errors == nil || !strings.HasPrefix(env.RequestID, "req_") || env.RequestID != rid {
		t.Fatalf("%s: status %d, not an envelope with request_id (header %q): %.500s", what, status, rid, body)
	}
	if *env.Success != (status == 200) || (*env.Success == (len(env.Errors) > 0)) {
		t.Fatalf("%s: status %d with success %v and %d errors: %.500s", what, status, *env.Success, len(env.Errors), body)
	}
	if !*env.Success && string(env.Result) != "null" {
		t.Fatalf("%s: failure with a result: %.500s", what, body)
	}
}

const fuzzAddrs = 512

var fuzzRoutes = []struct{ method, path string }{
	{"POST", "/v1/classify"}, {"POST", "/v1/translate"}, {"POST", "/v1/detect"}, {"POST", "/v1/moderate"},
	{"POST", "/v1/rubric/classify"}, {"POST", "/v1/comments/{id}/reply"}, {"POST", "/v1/report"}, {"POST", "/v1/feedback"},
	{"GET", "/v1/comments"}, {"GET", "/v1/analytics"}, {"GET", "/v1/usage"}, {"GET", "/v1/nope"}, {"DELETE", "/v1/classify"},
}

// FuzzPublicAPI: (route, key, path id, query, body) through the public handler.
func FuzzPublicAPI(f *testing.F) {
	fs := newFuzzServer(f)
	seedBodies := map[int][]string{
		0: {`{"text":"where is my parcel","platform":"youtube","channel_id":"c","author":"a","created_at":"2026-01-02T03:04:05Z"}`, `{"text":"ليه التوصيل اتأخر كده؟"}`, `{"text":5}`},
		1: {`{"text":"thanks","target":"ar","dialect":"gulf","tone":"casual","metadata":{"k":"v"}}`, `{"text":"شكرا","source":"ar","target":"ar","dialect":"egyptian"}`},
		2: {`{"text":"شلونك يا خوي؟ وايد مشتاق لك"}`, `{"text":"hello"}`},
		3: {`{"text":"you are an idiot","strictness":"high","context":"c","platform":"twitter"}`},
		4: {`{"text":"parcel late","rubric":{"categories":[{"name":"Shipping","description":"d"},{"name":"Billing"}],"multi_label":true,"confidence_threshold":0.2}}`, `{"text":"x","rubric":{"categories":["bare"]}}`},
		5: {`{"tone":"formal","max_length":100,"context":"c","language":"ar"}`, `{}`, ``},
		6: {`{"tier":"pro","comments":[{"text":"a"},{"text":"b"},{"text":"c"},{"text":"d"},{"text":"e"},{"text":"f"},{"text":"g"},{"text":"h"},{"text":"i"},{"text":"j","likes":3,"author":"x","created_at":"2026-01-01"}]}`},
		7: {`{"classification_id":"ID","rating":"incorrect","corrected_intent":["complaint"],"corrected_sentiment":"negative","comment":"c"}`},
	}
	for r, bodies := range seedBodies {
		for _, b := range bodies {
			b = strings.ReplaceAll(b, "ID", fs.commentID)
			for k := uint8(0); k < 2; k++ {
				f.Add(uint8(r), k, fs.commentID, "", []byte(b))
			}
		}
	}
	for _, q := range []string{"limit=5&channel_id=c1", "cursor=AAAA", "from=2026-01-01&to=2025-01-01", "group_by=week&platform=youtube", "provider=llm_c", "provider=llm_a&limit=0", "from=0001-01-01&group_by=day"} {
		for r := 8; r <= 10; r++ {
			f.Add(uint8(r), uint8(0), "", q, []byte(nil))
		}
		f.Add(uint8(0), uint8(0), "", q, []byte(`{"text":"a"}`))
	}
	f.Add(uint8(5), uint8(3), fs.otherComment, "", []byte(`{}`))
	f.Add(uint8(7), uint8(3), "", "", []byte(`{"classification_id":"`+fs.otherComment+`","rating":"correct"}`))
	f.Add(uint8(11), uint8(2), "../x", "a=%zz", []byte("\xff"))
	f.Fuzz(func(t *testing.T, route, key uint8, pathID, query string, body []byte) {
		rt := fuzzRoutes[int(route)%len(fuzzRoutes)]
		// Only well-formed request lines reach a handler from the wire.
		if strings.ContainsAny(pathID, "?# \r\n\x00") || strings.ContainsAny(query, "# \r\n\x00") {
			return
		}
		path := strings.Replace(rt.path, "{id}", pathID, 1)
		if strings.Contains(rt.path, "{id}") && pathID == "" {
			path = strings.Replace(rt.path, "{id}", fs.commentID, 1)
		}
		uri := path
		if query != "" {
			uri += "?" + query
		}
		keys := []string{fs.live, fs.sandbox, "", fs.other, "svc_live_sk_" + strings.Repeat("A", 32)}
		st, b, rid := fs.do(fs.pub, rt.method, uri, keys[int(key)%len(keys)], body)
		checkEnvelope(t, rt.method+" "+uri, st, b, rid)
	})
}

// FuzzAdminAPI: (route, id, body) through the admin handler.
func FuzzAdminAPI(f *testing.F) {
	fs := newFuzzServer(f)
	routes := []struct{ method, path string }{
		{"POST", "/admin/v1/accounts"}, {"GET", "/admin/v1/accounts/{id}"}, {"POST", "/admin/v1/accounts/{id}/keys"},
		{"POST", "/admin/v1/keys/{id}/revoke"}, {"POST", "/admin/v1/accounts/{id}/purchases"}, {"POST", "/admin/v1/purchases/{id}/refund"},
		{"POST", "/admin/v1/clock"}, {"GET", "/admin/v1/accounts/{id}/purchases"}, {"GET", "/admin/v1/accounts/{id}/keys"},
	}
	for i, b := range []string{`{"name":"shop","rate_limit_per_minute":600}`, ``, `{"kind":"live"}`, ``, `{"pack_usd":25}`, ``, `{"advance_seconds":1}`, ``, ``} {
		f.Add(uint8(i), fs.account, []byte(b), true)
		f.Add(uint8(i), "", []byte(b), false)
	}
	f.Add(uint8(5), fs.purID, []byte(`{}`), true)
	f.Add(uint8(4), fs.account, []byte(`{"pack_usd":"25"}`), true)
	f.Add(uint8(0), "", []byte(`{"name":"`+strings.Repeat("n", 300)+`"}`), true)
	var grown atomic.Int64
	f.Fuzz(func(t *testing.T, route uint8, id string, body []byte, auth bool) {
		rt := routes[int(route)%len(routes)]
		if strings.ContainsAny(id, "?#/ \r\n\x00%") {
			return
		}
		// Bound the fixture account's growth (more purchases and keys make
		// the fuzzer slower, not more thorough).
		if id == fs.account && rt.method == "POST" && (strings.HasSuffix(rt.path, "/keys") || strings.HasSuffix(rt.path, "/purchases")) && grown.Add(1) > 500 {
			return
		}
		// Keep the fuzzer from moving the test clock by years or refunding the fixture.
		if rt.path == "/admin/v1/clock" || (rt.path == "/admin/v1/purchases/{id}/refund" && id == fs.purID) {
			return
		}
		uri := strings.Replace(rt.path, "{id}", id, 1)
		tok := adminToken
		if !auth {
			tok = "wrong"
		}
		st, b, rid := fs.do(fs.adm, rt.method, uri, tok, body)
		checkEnvelope(t, rt.method+" "+uri, st, b, rid)
	})
}
