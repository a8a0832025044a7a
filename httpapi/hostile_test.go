package httpapi_test

// Hostile-input suite: malformed JSON and UTF-8, huge and deep bodies, wrong
// types for every field of every endpoint, cursor tampering, cross-tenant
// ids, slow clients, raw protocol abuse, upstream faults under load, and a
// scan of the logs of a full run for secrets. Everything goes over real
// loopback HTTP. Expected everywhere: no 5xx, no hang, no panic, no charge
// for a refused request, an envelope with request_id on every answer.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/valyala/fasthttp"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/engine/provider/mock"
	"svc/httpapi"
	"svc/internal/testproc"
	"svc/ledger"
)

// startHostileNode is startNode with an engine configuration and a hook on
// both fasthttp servers (e.g. shorter timeouts than production's 30 s).
func startHostileNode(t *testing.T, ecfg engine.Config, tweak func(*fasthttp.Server)) *node {
	n, _ := startHostileNodeEngine(t, ecfg, tweak)
	return n
}

// startHostileNodeEngine also returns the engine (Close drops its idle
// upstream connections; it stays usable).
func startHostileNodeEngine(t *testing.T, ecfg engine.Config, tweak func(*fasthttp.Server)) (*node, *engine.Engine) {
	return startHostileNodeWrapped(t, ecfg, tweak, nil)
}

// startHostileNodeWrapped also lets the test wrap the ledger the server uses.
func startHostileNodeWrapped(t *testing.T, ecfg engine.Config, tweak func(*fasthttp.Server), wrap func(ledger.Ledger) ledger.Ledger) (*node, *engine.Engine) {
	t.Helper()
	return startNodeFull(t, "", ecfg, nodeOptions{tweak: tweak, wrap: wrap})
}

// rawDo sends bytes over a new TCP connection and reads until the server
// closes or the deadline passes. It returns what was read and whether the
// server closed the connection before the deadline.
func rawDo(t *testing.T, base string, payload []byte, deadline time.Duration) ([]byte, bool) {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	require.NoError(t, err)
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(deadline))
	_, _ = c.Write(payload)
	var out bytes.Buffer
	_, err = io.Copy(&out, c)
	closed := err == nil || !isTimeout(err)
	return out.Bytes(), closed
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// statusOf parses the first status line of a raw HTTP response (0 if none).
func statusOf(raw []byte) int {
	line, _, _ := bytes.Cut(raw, []byte("\r\n"))
	f := strings.Fields(string(line))
	if len(f) < 2 || !strings.HasPrefix(f[0], "HTTP/") {
		return 0
	}
	n, _ := strconv.Atoi(f[1])
	return n
}

// requireClientError checks an error answer: a 4xx, the envelope, a request id.
func requireClientError(t *testing.T, r resp, what string) {
	t.Helper()
	require.True(t, r.status >= 400 && r.status < 500, "%s: status %d: %.300s", what, r.status, r.raw)
	require.Equal(t, false, r.body["success"], "%s: %.300s", what, r.raw)
	require.NotNil(t, r.err0(), "%s: %.300s", what, r.raw)
	rid, _ := r.body["request_id"].(string)
	require.True(t, strings.HasPrefix(rid, "req_"), "%s: request_id %q", what, rid)
	require.Equal(t, r.header.Get("X-Request-Id"), rid, what)
}

// requireNoHolds checks, with nothing in flight, that the balance available
// to requests (X-SVC-Balance: the balance less holds) is the stored one: no
// request path left a hold behind.
func requireNoHolds(t *testing.T, n *node, account, key string) {
	t.Helper()
	stored := n.balance(account)
	r := n.get("/v1/usage", key)
	requireOK(t, r)
	require.Equal(t, fmt.Sprintf("%d.%03d", stored/1000, stored%1000), r.header.Get("X-SVC-Balance"), "a hold was left behind")
}

func (n *node) balance(account string) int64 {
	v := n.adm("GET", "/admin/v1/accounts/"+account, nil)
	return int64(v["balance_credits"].(float64))
}

// hostileEndpoints are every POST endpoint with a valid body (reply needs a
// comment id, filled in by the caller).
func validBodies(commentID, classificationID string) map[string]map[string]any {
	cat := []any{map[string]any{"name": "Shipping", "description": "delivery"}, map[string]any{"name": "Billing"}}
	return map[string]map[string]any{
		"/v1/classify":  {"text": "where is my parcel", "platform": "youtube", "channel_id": "c1", "author": "a", "created_at": "2026-01-02T03:04:05Z"},
		"/v1/translate": {"text": "thanks", "source": "en", "target": "ar", "dialect": "gulf", "tone": "casual", "platform": "youtube", "metadata": map[string]any{"k": "v"}},
		"/v1/detect":    {"text": "hello there"},
		"/v1/moderate":  {"text": "hello there", "context": "video", "strictness": "high", "platform": "youtube"},
		"/v1/rubric/classify": {"text": "my parcel is late", "rubric": map[string]any{
			"categories": cat, "multi_label": true, "confidence_threshold": 0.3}},
		"/v1/comments/" + commentID + "/reply": {"tone": "friendly", "max_length": 200, "context": "ctx", "language": "auto"},
		"/v1/report":                           {"tier": "basic", "title": "t", "channel_context": "c", "comments": reportComments(10)},
		"/v1/feedback": {"classification_id": classificationID, "rating": "incorrect", "corrected_intent": []any{"complaint"},
			"corrected_sentiment": "negative", "comment": "c"},
	}
}

func reportComments(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = map[string]any{"text": fmt.Sprintf("comment %d is great", i), "author": "u", "likes": i, "created_at": "2026-01-02T03:04:05Z"}
	}
	return out
}

// TestHostileMalformedBodies: malformed JSON, non-objects and invalid UTF-8 on
// every POST endpoint give 400 with the envelope, and charge nothing.
func TestHostileMalformedBodies(t *testing.T) {
	n := startNode(t, "")
	acc, key := n.liveKey()
	cid := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "a comment to reply to"}))["id"].(string)
	bal := n.balance(acc)
	// Not JSON objects at all: refused by every endpoint.
	syntax := []string{
		"{", "}", "[]", "null", "123", `"text"`, "true", `{"text":}`, `{"text":"a"`, `{"text":"a"}x`, `{"text":"a"}{}`,
		`{'text':'a'}`, `{"text":"a",}`, `{text:"a"}`, "\xef\xbb\xbf{\"text\":\"a\"}", "{\"text\":\"\xff\xfe\"}",
		"{\"text\":\"a\x00b\"}", "{\"te\xc3\x28xt\":\"a\"}", "\x00\x00\x00\x00", strings.Repeat("[", 5000),
		"{\"text\":\"\xed\xa0\x80\"}", `{"text":"a"` + "\x00}",
	}
	// Valid JSON objects that no endpoint but reply (whose fields are all
	// optional and which ignores unknown ones) may accept.
	semantic := []string{
		`{"text":1e999}`, `{"text":"a","text":{"x":[1,2,{"y":null}]}}`, `{"rubric":{"categories":[{"name":"x"}]},"text":["a"]}`,
		`{}`, `{"text":null}`, `{"text":""}`, `{"text":"   \t\n  "}`,
	}
	// Odd but valid: must never 5xx (may be accepted).
	odd := []string{`{"text":"\ud800"}`, `{"text":"` + strings.Repeat(`\u0000`, 10) + `"}`, `{"text":"\u202e\u200f\ufeff"}`}
	reply := "/v1/comments/" + cid + "/reply"
	for ep := range validBodies(cid, cid) {
		for _, b := range syntax {
			r := n.post(ep, key, b)
			requireClientError(t, r, fmt.Sprintf("%s %q", ep, b))
			require.Equal(t, 400, r.status, "%s %q", ep, b)
		}
		if ep != reply {
			for _, b := range semantic {
				r := n.post(ep, key, b)
				requireClientError(t, r, fmt.Sprintf("%s %q", ep, b))
			}
		}
	}
	require.Equal(t, bal, n.balance(acc), "a refused request charged credits")
	for ep := range validBodies(cid, cid) {
		for _, b := range odd {
			r := n.post(ep, key, b)
			require.Less(t, r.status, 500, "%s %q: %.300s", ep, b, r.raw)
		}
	}
	requireNoHolds(t, n, acc, key)
}

// TestHostileWrongTypes: every field of every endpoint, given a value of a
// wrong type (or out of range), is refused with 400 and nothing is charged.
func TestHostileWrongTypes(t *testing.T) {
	n := startNode(t, "")
	acc, key := n.liveKey()
	cid := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "a comment to reply to"}))["id"].(string)
	str := []any{123, 1.5, true, false, []any{"x"}, map[string]any{"a": "b"}}
	with := func(base []any, extra ...any) []any { return append(append([]any(nil), base...), extra...) }
	num := []any{"0.5", true, []any{1}, map[string]any{}}
	integer := []any{"10", 1.5, true, []any{1}, map[string]any{}, -1, 1e12}
	boolean := []any{"true", 1, 0, []any{true}, map[string]any{}}
	array := []any{"x", 5, true, map[string]any{"0": "x"}}
	object := []any{"x", 5, true, []any{}}
	type field struct {
		path  string // dotted path; [0] indexes the first element
		wrong []any
	}
	fields := map[string][]field{
		"/v1/classify":                   {{"text", str}, {"platform", with(str, "myspace")}, {"channel_id", str}, {"author", str}, {"created_at", with(str, "yesterday", "2026-13-45")}},
		"/v1/translate":                  {{"text", str}, {"source", with(str, "fr")}, {"target", with(str, "fr")}, {"dialect", with(str, "maghrebi")}, {"tone", with(str, "angry")}, {"platform", str}, {"metadata", object}},
		"/v1/detect":                     {{"text", str}},
		"/v1/moderate":                   {{"text", str}, {"context", str}, {"strictness", with(str, "extreme")}, {"platform", str}},
		"/v1/rubric/classify":            {{"text", str}, {"rubric", object}, {"rubric.categories", array}, {"rubric.categories[0]", with(str[:3], "Shipping")}, {"rubric.categories[0].name", str}, {"rubric.categories[0].description", str}, {"rubric.multi_label", boolean}, {"rubric.confidence_threshold", num}},
		"/v1/comments/" + cid + "/reply": {{"tone", with(str, "rude")}, {"max_length", with(integer, 0, 5001)}, {"context", str}, {"language", with(str, "fr")}},
		"/v1/report":                     {{"comments", array}, {"comments[0]", with(str[:3], "text")}, {"comments[0].text", str}, {"comments[0].author", str}, {"comments[0].likes", integer}, {"comments[0].created_at", with(str, "soon")}, {"tier", with(str, "gold")}, {"title", str}, {"channel_context", str}},
		"/v1/feedback":                   {{"classification_id", str}, {"rating", with(str, "great")}, {"corrected_intent", array}, {"corrected_intent[0]", str}, {"corrected_sentiment", with(str, "angry")}, {"comment", str}},
	}
	bal := n.balance(acc)
	checked := 0
	for ep, fs := range fields {
		for _, f := range fs {
			for _, w := range f.wrong {
				body := validBodies(cid, cid)[ep]
				setPath(t, body, f.path, w)
				r := n.post(ep, key, body)
				what := fmt.Sprintf("%s %s=%v", ep, f.path, w)
				requireClientError(t, r, what)
				require.Equal(t, 400, r.status, "%s: %.300s", what, r.raw)
				checked++
			}
		}
	}
	// The valid bodies themselves pass (the test would be vacuous otherwise).
	for ep, body := range validBodies(cid, cid) {
		requireOK(t, n.post(ep, key, body))
	}
	require.Less(t, n.balance(acc), bal)
	t.Logf("%d wrong-typed fields refused", checked)

	// Admin API fields.
	for _, c := range []struct {
		path string
		body map[string]any
	}{
		{"/admin/v1/accounts", map[string]any{"name": 5}},
		{"/admin/v1/accounts", map[string]any{"name": "x", "rate_limit_per_minute": "600"}},
		{"/admin/v1/accounts", map[string]any{"name": "x", "rate_limit_per_minute": -1}},
		{"/admin/v1/accounts/" + acc + "/keys", map[string]any{"kind": []any{"live"}}},
		{"/admin/v1/accounts/" + acc + "/purchases", map[string]any{"pack_usd": "25"}},
		{"/admin/v1/accounts/" + acc + "/purchases", map[string]any{"pack_usd": 25.5}},
		{"/admin/v1/clock", map[string]any{"advance_seconds": "60"}},
		{"/admin/v1/clock", map[string]any{"advance_seconds": -60}},
	} {
		r := n.do("POST", n.admin+c.path, adminToken, c.body)
		requireClientError(t, r, fmt.Sprintf("admin %s %v", c.path, c.body))
	}
	requireNoHolds(t, n, acc, key)
}

// setPath sets a dotted path ("a.b[0].c") inside a JSON-like value.
func setPath(t *testing.T, root map[string]any, path string, v any) {
	t.Helper()
	parts := strings.Split(path, ".")
	var cur any = root
	for i, p := range parts {
		name, idx := p, -1
		if j := strings.Index(p, "["); j >= 0 {
			name = p[:j]
			idx, _ = strconv.Atoi(strings.TrimSuffix(p[j+1:], "]"))
		}
		m := cur.(map[string]any)
		last := i == len(parts)-1
		if idx < 0 {
			if last {
				m[name] = v
				return
			}
			cur = m[name]
			continue
		}
		arr := m[name].([]any)
		cp := append([]any(nil), arr...)
		m[name] = cp
		if last {
			cp[idx] = v
			return
		}
		if inner, ok := cp[idx].(map[string]any); ok {
			c := map[string]any{}
			for k, x := range inner {
				c[k] = x
			}
			cp[idx] = c
		}
		cur = cp[idx]
	}
}

// TestHostileHugeAndDeepBodies: bodies over 256 KiB (every endpoint but
// report) and over 4 MiB (report) are 413; deeply nested JSON and huge arrays
// are 400; oversized headers are refused; nothing is charged.
func TestHostileHugeAndDeepBodies(t *testing.T) {
	n := startNode(t, "")
	acc, key := n.liveKey()
	bal := n.balance(acc)
	big := `{"text":"` + strings.Repeat("a", 300<<10) + `"}`
	for _, ep := range []string{"/v1/classify", "/v1/detect", "/v1/translate", "/v1/moderate", "/v1/rubric/classify", "/v1/feedback"} {
		r := n.post(ep, key, big)
		requireClientError(t, r, ep+" 300 KiB")
		require.Equal(t, 413, r.status, ep)
	}
	// > 4 MiB: refused by the transport from the Content-Length, before the body.
	huge := `{"tier":"basic","comments":[` + strings.Repeat(`{"text":"`+strings.Repeat("b", 1000)+`"},`, 4300) + `{"text":"x"}]}`
	c, err := net.Dial("tcp", strings.TrimPrefix(n.base, "http://"))
	require.NoError(t, err)
	go func() {
		_, _ = c.Write([]byte("POST /v1/report HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key +
			"\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(huge)) + "\r\n\r\n" + huge))
	}()
	_ = c.SetReadDeadline(time.Now().Add(time.Minute)) // bounds a hang
	res0, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	b0, _ := io.ReadAll(res0.Body)
	c.Close()
	require.Equal(t, 413, res0.StatusCode, "%s", b0)
	require.Contains(t, string(b0), `"request_id":"req_`)
	// Under 4 MiB but invalid: too many comments, too-long texts.
	many := map[string]any{"comments": make([]any, 100_000)}
	for i := range many["comments"].([]any) {
		many["comments"].([]any)[i] = map[string]any{"text": "x"}
	}
	requireClientError(t, n.post("/v1/report", key, many), "report 100k comments")
	long := reportComments(10)
	long[3] = map[string]any{"text": strings.Repeat("ج", 5001)}
	requireClientError(t, n.post("/v1/report", key, map[string]any{"comments": long}), "report comment too long")
	// Texts just over the limits.
	requireClientError(t, n.post("/v1/detect", key, map[string]any{"text": strings.Repeat("ش", 5001)}), "detect 5001 chars")
	requireClientError(t, n.post("/v1/classify", key, map[string]any{"text": strings.Repeat("x", 5001)}), "classify 5001 chars")
	requireClientError(t, n.post("/v1/moderate", key, map[string]any{"text": "x", "context": strings.Repeat("x", 2001)}), "context 2001 chars")
	// Deep nesting, within the size limits.
	for _, deep := range []string{
		`{"text":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`,
		`{"text":"a","x":` + strings.Repeat(`{"a":`, 20_000) + "1" + strings.Repeat("}", 20_000) + `}`,
		strings.Repeat(`{"text":`, 30_000),
	} {
		for _, ep := range []string{"/v1/classify", "/v1/rubric/classify", "/v1/feedback"} {
			requireClientError(t, n.post(ep, key, deep), ep+" deep")
		}
	}
	deepReport := `{"comments":` + strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000) + `}`
	requireClientError(t, n.post("/v1/report", key, deepReport), "report deep")
	// Many keys and many rubric categories.
	var sb strings.Builder
	sb.WriteString(`{"text":"a"`)
	for i := 0; i < 20_000; i++ {
		fmt.Fprintf(&sb, `,"k%d":%d`, i, i)
	}
	sb.WriteString("}")
	r := n.post("/v1/detect", key, sb.String())
	require.Less(t, r.status, 500, "%.200s", r.raw)
	cats := make([]any, 21)
	for i := range cats {
		cats[i] = map[string]any{"name": fmt.Sprint("c", i)}
	}
	requireClientError(t, n.post("/v1/rubric/classify", key, map[string]any{"text": "a", "rubric": map[string]any{"categories": cats}}), "21 categories")
	// Oversized request headers (> the 16 KiB read buffer) and URL.
	req, _ := http.NewRequest("GET", n.base+"/v1/usage", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("X-Junk", strings.Repeat("j", 20<<10))
	res, err := n.client.Do(req)
	if err == nil {
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		require.Equal(t, 431, res.StatusCode)
	}
	r = n.get("/v1/comments?cursor="+strings.Repeat("A", 4000), key)
	requireClientError(t, r, "long cursor")
	raw, closed := rawDo(t, n.base, []byte("GET /v1/usage?"+strings.Repeat("q", 40<<10)+" HTTP/1.1\r\nHost: x\r\n\r\n"), time.Minute)
	require.True(t, closed, "connection left open")
	require.True(t, statusOf(raw) == 0 || statusOf(raw) == 431 || statusOf(raw) == 414 || statusOf(raw) == 400, "status %d", statusOf(raw))
	require.Equal(t, bal, n.balance(acc), "a refused request charged credits")
	requireNoHolds(t, n, acc, key)
}

// TestHostileRawProtocol: broken HTTP framing, lying Content-Length, chunked
// bodies, odd methods and paths: every answer is below 500 and every
// connection ends.
func TestHostileRawProtocol(t *testing.T) {
	// Read timeout 1 s instead of 30 s: a request that waits for a body that
	// never comes is cut in a second.
	n := startHostileNode(t, engine.Config{}, func(s *fasthttp.Server) { s.ReadTimeout = time.Second })
	acc, key := n.liveKey()
	bal := n.balance(acc)
	auth := "Authorization: Bearer " + key + "\r\nConnection: close\r\n"
	cases := []string{
		"GARBAGE\r\n\r\n",
		"GET\r\n\r\n",
		"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
		"GET /v1/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /v1/comments/%2e%2e/%2e%2e HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
		"POST /v1/detect HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\nContent-Length: -5\r\n\r\n{}",
		"POST /v1/detect HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\nContent-Length: 99999999999999999999\r\n\r\n{}",
		"POST /v1/detect HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{}",
		"POST /v1/detect HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}",
		"POST /v1/detect HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFF\r\n{}",
		"POST /v1/detect HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
		"POST /v1/detect HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"text\":\"hello\"}\r\n0\r\n\r\n",
		"POST /v1/detect HTTP/1.1\r\nHost: x\r\n" + auth + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n3\r\n{}}\r\n0\r\n\r\n",
		"DELETE /v1/classify HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
		"BREW /v1/classify HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
		"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\x00\r\n\r\n",
		"GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer\r\n\r\n",
		"GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Basic " + base64.StdEncoding.EncodeToString([]byte(key+":")) + "\r\n\r\n",
		"GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + " " + key + "\r\n\r\n",
		"GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + strings.Repeat("k", 10_000) + "\r\n\r\n",
		"GET /v1/usage HTTP/1.1\r\nHost: x\r\n" + auth + "X: a\r\n b\r\n\r\n",
		"GET /v1/usage?from=%ff%fe&to=%00 HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
		"GET /v1/comments?limit=1&limit=1000&cursor=%00%01 HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
		"GET /v1/analytics?group_by=year&from=0000-00-00 HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
		"GET /v1/analytics?from=0001-01-01&to=9999-12-31 HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
		"GET /v1/usage?from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&group_by=month HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
		"GET /v1/usage?from=-292277022657-01-27T08:29:52Z HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n",
	}

	for _, c := range cases {
		c = strings.Replace(c, "Host: x\r\n", "Host: x\r\nConnection: close\r\n", 1)
		raw, closed := rawDo(t, n.base, []byte(c+"\r\n"), time.Minute) // the minute bounds a hang
		st := statusOf(raw)
		require.Less(t, st, 500, "%q -> %.300s", c, raw)
		require.True(t, closed, "%q: connection still open after a minute", c)
	}
	require.Equal(t, bal, n.balance(acc)+2, "only the one valid chunked detect is charged")
	requireNoHolds(t, n, acc, key)
}

// TestHostilePeriodBounds: a period with more trend or breakdown periods
// than the ledger computes (ledger.MaxPeriods) is a client error (SPEC:
// "values out of range" are 400), never a 500.
func TestHostilePeriodBounds(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	var bad []string
	for _, q := range []string{
		"/v1/usage?from=0001-01-01&to=9999-12-31&group_by=day", "/v1/usage?from=1900-01-01&group_by=day",
		"/v1/usage?from=0001-01-01T00:00:00Z&group_by=week", "/v1/usage?from=0001-01-01&group_by=endpoint",
		"/v1/analytics?from=0001-01-01&to=9999-12-31", "/v1/analytics?from=1000-01-01&group_by=week",
		"/v1/analytics?from=0001-01-01&to=9999-12-31&group_by=month",
	} {
		r := n.get(q, key)
		if r.status >= 500 {
			bad = append(bad, fmt.Sprintf("%s -> %d %s", q, r.status, r.err0()["code"]))
			continue
		}
		if r.status != 200 {
			requireError(t, r, 400, "invalid_request_error", "")
		}
	}
	require.Empty(t, bad, "period queries answered with a 5xx")
}

// TestHostileCursorTampering: every altered, foreign or malformed cursor is
// 400 (param cursor); the genuine one still works.
func TestHostileCursorTampering(t *testing.T) {
	n := startNode(t, "")
	accA, a := n.liveKey()
	_, b := n.liveKey()
	for i := 0; i < 4; i++ {
		requireOK(t, n.post("/v1/classify", a, map[string]any{"text": fmt.Sprintf("comment %d for paging", i), "channel_id": "ch"}))
		requireOK(t, n.post("/v1/classify", b, map[string]any{"text": fmt.Sprintf("other tenant %d", i), "channel_id": "ch"}))
	}
	page := requireOK(t, n.get("/v1/comments?limit=1&channel_id=ch", a))
	cur := page["pagination"].(map[string]any)["next_cursor"].(string)
	require.NotEmpty(t, cur)
	raw, err := base64.RawURLEncoding.DecodeString(cur)
	require.NoError(t, err)
	enc := base64.RawURLEncoding.EncodeToString
	flip := func(i int) string {
		c := append([]byte(nil), raw...)
		c[i%len(c)] ^= 0x01
		return enc(c)
	}
	bad := []string{
		cur[:len(cur)-1], cur + "A", cur + "==", strings.ToUpper(cur), "x" + cur[1:], enc(raw[:len(raw)-1]),
		enc(append(append([]byte(nil), raw...), 0)), flip(0), flip(1), flip(5), flip(13), flip(len(raw) - 20), flip(len(raw) - 1),
		enc(append([]byte{2}, raw[1:]...)), enc([]byte{1}), "!!!!", "%00", "../../", base64.StdEncoding.EncodeToString(raw),
		strings.Repeat("A", 1000), enc(bytes.Repeat([]byte{0xff}, 64)),
	}
	for _, c := range bad {
		r := n.get("/v1/comments?limit=1&channel_id=ch&cursor="+url.QueryEscape(c), a)
		require.Equal(t, 400, r.status, "cursor %q (genuine %q): %.300s", c, cur, r.raw)
		requireError(t, r, 400, "invalid_request_error", "cursor")
	}
	// The cursor belongs to account A and this filter only.
	requireError(t, n.get("/v1/comments?limit=1&channel_id=ch&cursor="+url.QueryEscape(cur), b), 400, "invalid_request_error", "cursor")
	requireError(t, n.get("/v1/comments?limit=1&cursor="+url.QueryEscape(cur), a), 400, "invalid_request_error", "cursor")
	requireError(t, n.get("/v1/comments?limit=1&channel_id=ch&intent=question&cursor="+url.QueryEscape(cur), a), 400, "invalid_request_error", "cursor")
	// A sandbox key of the same account may use it (same account, same filter).
	_, sk := n.key(accA, "sandbox")
	requireOK(t, n.get("/v1/comments?limit=1&channel_id=ch&cursor="+url.QueryEscape(cur), sk))
	// The genuine cursor pages through A's comments only, each once.
	seen := map[string]bool{page["comments"].([]any)[0].(map[string]any)["id"].(string): true}
	for cur != "" {
		p := requireOK(t, n.get("/v1/comments?limit=1&channel_id=ch&cursor="+url.QueryEscape(cur), a))
		for _, c := range p["comments"].([]any) {
			id := c.(map[string]any)["id"].(string)
			require.False(t, seen[id])
			seen[id] = true
			require.Contains(t, c.(map[string]any)["text"], "for paging")
		}
		cur, _ = p["pagination"].(map[string]any)["next_cursor"].(string)
	}
	require.Len(t, seen, 4)
}

// TestHostileCrossTenant: every endpoint that reads stored data, given
// another account's ids (by live and sandbox keys), answers 404 or empty, and
// never reveals whether the id exists.
func TestHostileCrossTenant(t *testing.T) {
	n := startNode(t, "")
	accA, a := n.liveKey()
	accB, b := n.liveKey()
	_, bs := n.key(accB, "sandbox")
	cls := requireOK(t, n.post("/v1/classify", a, map[string]any{"text": "tenant A private remark", "channel_id": "chan-a", "platform": "youtube"}))
	id := cls["id"].(string)
	requireOK(t, n.post("/v1/feedback", a, map[string]any{"classification_id": id, "rating": "incorrect", "corrected_intent": []any{"spam"}}))
	balB := n.balance(accB)
	unknown := "cls_01ARZ3NDEKTSV4RRFFQ69G5FAV"
	for _, k := range []string{b, bs} {
		// sandbox keys allow 10 requests a minute: move the test clock on
		tick := func() {
			if k == bs {
				n.advance(61 * time.Second)
			}
		}
		for _, cid := range []string{id, unknown, strings.ToLower(id), id + " ", url.PathEscape(id + "/x"), "..%2F" + id, accA} {
			tick()
			r := n.post("/v1/comments/"+cid+"/reply", k, map[string]any{})
			requireClientError(t, r, "reply "+cid)
			require.Equal(t, 404, r.status, "reply %s: %.200s", cid, r.raw)
			if cid == id || cid == unknown {
				require.Equal(t, "not_found_error", r.err0()["type"])
			}
		}
		for _, cid := range []string{id, unknown} {
			tick()
			r := n.post("/v1/feedback", k, map[string]any{"classification_id": cid, "rating": "correct"})
			requireError(t, r, 404, "not_found_error", "classification_id")
		}
		for _, q := range []string{"", "?channel_id=chan-a", "?platform=youtube", "?channel_id=chan-a&limit=100", "?from=2000-01-01&to=2100-01-01"} {
			tick()
			l := requireOK(t, n.get("/v1/comments"+q, k))
			require.Equal(t, []any{}, l["comments"], q)
			require.Equal(t, 0.0, l["pagination"].(map[string]any)["total_count"], q)
		}
		tick()
		an := requireOK(t, n.get("/v1/analytics?channel_id=chan-a&from=2000-01-01&to=2100-01-01&group_by=month", k))
		require.Equal(t, 0.0, an["total_comments"])
		tick()
		u := requireOK(t, n.get("/v1/usage?from=2000-01-01&group_by=endpoint", k))
		require.Equal(t, 0.0, u["total_requests"])
		require.Equal(t, []any{}, u["by_endpoint"])
	}
	// The correction A made never shapes B's classification of the same text.
	for _, k := range []string{b, bs} {
		n.advance(61 * time.Second)
		c := requireOK(t, n.post("/v1/classify", k, map[string]any{"text": "tenant A private remark"}))
		require.NotContains(t, c["reasoning"], "Corrected by this account's feedback")
		require.NotEqual(t, id, c["id"])
	}
	require.Equal(t, balB-6, n.balance(accB), "only B's own live classify is charged to B")
	// A still sees its own comment, through its live key and a new sandbox key.
	_, as := n.key(accA, "sandbox")
	for _, k := range []string{a, as} {
		l := requireOK(t, n.get("/v1/comments?channel_id=chan-a", k))
		require.Len(t, l["comments"], 1)
	}
	// Admin ids of one kind never resolve as another kind.
	keyID, _ := n.key(accA, "live")
	for _, p := range []string{"/admin/v1/accounts/" + keyID, "/admin/v1/accounts/" + id} {
		r := n.do("GET", n.admin+p, adminToken, nil)
		requireError(t, r, 404, "not_found_error", "")
	}
	r := n.do("POST", n.admin+"/admin/v1/purchases/"+accA+"/refund", adminToken, map[string]any{})
	requireError(t, r, 404, "not_found_error", "")
	r = n.do("POST", n.admin+"/admin/v1/keys/"+accA+"/revoke", adminToken, map[string]any{})
	requireError(t, r, 404, "not_found_error", "")
	requireNoHolds(t, n, accB, b)
}

// TestHostileSlowClients: a client that sends its headers byte by byte, or
// its body too slowly, is cut at the read timeout; an idle keep-alive
// connection is closed at the idle timeout. Production's NewHTTPServer uses
// 30 s / 30 s / 120 s; this test lowers them on the same server (fasthttp
// fields) so it runs in seconds, and checks production's values are set.
func TestHostileSlowClients(t *testing.T) {
	prod := httpapi.NewHTTPServer(func(*fasthttp.RequestCtx) {}, "x")
	require.True(t, prod.ReadTimeout > 0 && prod.ReadTimeout <= 30*time.Second, "read timeout %s", prod.ReadTimeout)
	require.True(t, prod.WriteTimeout > 0 && prod.WriteTimeout <= 60*time.Second, "write timeout %s", prod.WriteTimeout)
	require.True(t, prod.IdleTimeout > 0 && prod.IdleTimeout <= 300*time.Second, "idle timeout %s", prod.IdleTimeout)
	require.NotZero(t, prod.MaxRequestBodySize)

	const rt = 700 * time.Millisecond
	n := startHostileNode(t, engine.Config{}, func(s *fasthttp.Server) {
		s.ReadTimeout, s.WriteTimeout, s.IdleTimeout = rt, rt, rt
	})
	_, key := n.liveKey()
	addr := strings.TrimPrefix(n.base, "http://")
	// hang bounds each wait: far above rt, so only a server that never cuts
	// fails, never a slow machine (no assertion on elapsed time).
	const hang = time.Minute
	// slow writes payload a byte every gap, then keeps writing padding,
	// never finishing its request, until the server closes the connection;
	// it returns what the server sent and whether the server did close it.
	slow := func(payload string, gap time.Duration) ([]byte, bool) {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer c.Close()
		stop := make(chan struct{})
		wrote := make(chan struct{})
		go func() {
			defer close(wrote)
			for i := 0; ; i++ {
				b := byte('a')
				if i < len(payload) {
					b = payload[i]
				}
				if _, err := c.Write([]byte{b}); err != nil {
					return
				}
				select {
				case <-stop:
					return
				case <-time.After(gap):
				}
			}
		}()
		_ = c.SetReadDeadline(time.Now().Add(hang))
		out, err := io.ReadAll(c)
		close(stop)
		<-wrote
		return out, !isTimeout(err)
	}
	var wg sync.WaitGroup
	closed := make([]bool, 3)
	outs := make([][]byte, 3)
	// Content-Length 4000 at 50 ms a byte: the body would take 200 s.
	hdr := "POST /v1/detect HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n"
	payloads := []string{
		"GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\nX-Pad: ", // slow headers, never finished
		hdr + `{"text":"hello hello hello hello hel`,                                        // slow headers then a body never finished
	}
	for i, p := range payloads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], closed[i] = slow(p, 50*time.Millisecond)
		}()
	}
	// Headers at once, body never finished.
	wg.Add(1)
	go func() {
		defer wg.Done()
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close()
		_, _ = c.Write([]byte(hdr + `{"te`))
		_ = c.SetReadDeadline(time.Now().Add(hang))
		var err2 error
		outs[2], err2 = io.ReadAll(c)
		closed[2] = !isTimeout(err2)
	}()
	wg.Wait()
	for i := range closed {
		// Cut by the server's read timeout (rt): the client never finishes.
		require.True(t, closed[i], "slow client %d: connection still open after %s (read timeout %s)", i, hang, rt)
		require.Less(t, statusOf(outs[i]), 500, "slow client %d: %.200s", i, outs[i])
	}
	// Idle keep-alive connection: one request, then silence, must be closed.
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Write([]byte("GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n"))
	require.NoError(t, err)
	br := bufio.NewReader(c)
	res, err := http.ReadResponse(br, nil)
	require.NoError(t, err)
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	_ = c.SetReadDeadline(time.Now().Add(hang))
	_, err = br.ReadByte()
	require.Error(t, err)
	require.False(t, isTimeout(err), "idle connection not closed by the server within %s (idle timeout %s)", hang, rt)
}

// secretRe matches anything shaped like an API key.
var secretRe = regexp.MustCompile(`svc_(live|test)_sk_[0-9A-Za-z]{8,}`)

// TestHostileLogsHoldNoSecrets runs a full set of requests (every endpoint,
// successes and failures, wrong and revoked keys, a wrong admin token) with
// the default logger at debug level writing to a buffer, and scans the logs
// for any key secret or admin token.
func TestHostileLogsHoldNoSecrets(t *testing.T) {
	var buf testproc.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(prev) })

	up := mock.New(mock.Options{})
	us := httptest.NewServer(up)
	t.Cleanup(us.Close)
	pc := func(model string) engine.ProviderConfig {
		return engine.ProviderConfig{BaseURL: us.URL + "/v1", APIKey: "sk-upstream-secret-0123456789", Model: model, FallbackModel: model + "-fb"}
	}
	// No upstream hangs here: the timeouts are only generous (a 300 ms one
	// failed the first classify at load 28, issue 14).
	n := startHostileNode(t, engine.Config{LLMA: pc("a"), LLMB: pc("b"), Timeout: 5 * time.Second}, nil)
	acc := n.account("logs")
	n.buy(acc, 25)
	_, live := n.key(acc, "live")
	_, sbx := n.key(acc, "sandbox")
	revokedID, revoked := n.key(acc, "live")
	n.adm("POST", "/admin/v1/keys/"+revokedID+"/revoke", nil)
	secrets := []string{live, sbx, revoked, adminToken, "sk-upstream-secret-0123456789"}

	cid := requireOK(t, n.post("/v1/classify", live, map[string]any{"text": "ليه التوصيل اتأخر كده؟"}))["id"].(string)
	for ep, body := range validBodies(cid, cid) {
		n.post(ep, live, body)
		n.post(ep, sbx, body)
		n.post(ep, revoked, body)
		n.post(ep, live, `{"text":`)
	}
	for _, p := range []string{"/v1/comments", "/v1/analytics", "/v1/usage", "/v1/comments?cursor=bad", "/v1/health", "/v1/nope"} {
		n.get(p, live)
		n.get(p, revoked)
	}
	// Upstream failures are logged (error level) with their cause.
	require.NoError(t, up.Set(mock.Behaviour{Mode: "error500"}))
	n.post("/v1/classify", live, map[string]any{"text": "an upstream failure with a key svc_live_sk_in_the_text"})
	n.post("/v1/rubric/classify", live, map[string]any{"text": "x", "rubric": map[string]any{"categories": []any{map[string]any{"name": "a"}}}})
	require.NoError(t, up.Set(mock.Behaviour{Mode: "bad_json"}))
	n.post("/v1/translate", live, map[string]any{"text": "hello", "target": "ar"})
	up.Reset()
	// Wrong keys shaped like real ones, and wrong admin tokens.
	forged := "svc_live_sk_" + strings.Repeat("Z", 32)
	secrets = append(secrets, forged, "wrong-admin-token-123")
	n.post("/v1/detect", forged, map[string]any{"text": "x"})
	n.post("/v1/detect", live[:len(live)-1], map[string]any{"text": "x"})
	n.do("GET", n.admin+"/admin/v1/accounts/"+acc, "wrong-admin-token-123", nil)
	n.do("POST", n.admin+"/admin/v1/accounts/"+acc+"/keys", adminToken, map[string]any{"kind": "live"})
	n.do("GET", n.admin+"/admin/v1/accounts/"+acc, adminToken, nil)
	n.stop()

	logs := buf.String()
	require.NotEmpty(t, logs, "nothing was logged at debug level")
	for _, s := range secrets {
		require.NotContains(t, logs, s, "a secret reached the logs")
		if strings.HasPrefix(s, "svc_") {
			require.NotContains(t, logs, s[12:], "the random part of a key reached the logs")
		}
	}
	for _, m := range secretRe.FindAllString(logs, -1) {
		if !strings.HasPrefix(m, "svc_live_sk_in") { // the text of a request, not a key
			t.Errorf("key-shaped string in the logs: %s", m)
		}
	}
	t.Logf("scanned %d bytes, %d lines of logs", len(logs), strings.Count(logs, "\n"))
	if testing.Verbose() {
		t.Log(logs)
	}
}

// TestUpstreamFaultsNoChargeNoLeak: with mockllm as both providers, each
// fault mode under concurrent load gives the right status (500 api_error;
// 502 rubric_unparseable for rubric), charges nothing, and afterwards the
// goroutine count returns to its baseline.
func TestUpstreamFaultsNoChargeNoLeak(t *testing.T) {
	up := mock.New(mock.Options{MaxHang: 5 * time.Second})
	us := httptest.NewServer(up)
	t.Cleanup(us.Close)
	pc := func(model string) engine.ProviderConfig {
		return engine.ProviderConfig{BaseURL: us.URL + "/v1", APIKey: "x", Model: model, FallbackModel: model + "-fb"}
	}
	// Timeouts generous against the slow mode's 100 ms upstream (a loaded
	// machine failed 250 ms attempts in a 600 ms objective with 500s): the
	// hung wave then ends at the 4 s objective.
	// --when-providers-down=fail: the failures are what this test is about
	// (degraded_test.go: the default, builtin).
	n, eng := startHostileNodeEngine(t, engine.Config{LLMA: pc("a"), LLMB: pc("b"), Timeout: 3 * time.Second, Objectives: engine.UniformObjectives(4 * time.Second),
		WhenProvidersDown: engine.ProvidersDownFail},
		func(s *fasthttp.Server) { s.MaxIdleWorkerDuration = 50 * time.Millisecond })
	acc, key := n.liveKey()
	seq := 0
	fire := func(mode string, want map[string][]int) int64 {
		var wg sync.WaitGroup
		var mu sync.Mutex
		var charged int64
		for i := 0; i < 24; i++ {
			seq++
			text := fmt.Sprintf("fault comment %d about the late delivery", seq)
			if seq%2 == 0 {
				text = fmt.Sprintf("تعليق %d عن التوصيل المتأخر", seq)
			}
			ep, body := "/v1/classify", map[string]any{"text": text}
			switch i % 4 {
			case 1:
				ep, body = "/v1/rubric/classify", map[string]any{"text": text, "rubric": map[string]any{"categories": []any{map[string]any{"name": "Shipping"}, map[string]any{"name": "Praise"}}}}
			case 2:
				ep, body = "/v1/translate", map[string]any{"text": text, "target": "ar"}
			case 3:
				ep, body = "/v1/moderate", map[string]any{"text": text}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := n.post(ep, key, body)
				ok := false
				for _, s := range want[ep] {
					ok = ok || s == r.status
				}
				if !ok {
					t.Errorf("%s %s: status %d, want %v: %.200s", mode, ep, r.status, want[ep], r.raw)
				}
				switch r.status {
				case 500:
					if r.err0()["type"] != "api_error" || r.err0()["message"] == "" {
						t.Errorf("%s %s: %.200s", mode, ep, r.raw)
					}
				case 502:
					if r.err0()["type"] != "rubric_unparseable" {
						t.Errorf("%s %s: %.200s", mode, ep, r.raw)
					}
				case 200:
					c, _ := strconv.ParseInt(r.header.Get("X-SVC-Credits-Charged"), 10, 64)
					mu.Lock()
					charged += c
					mu.Unlock()
				}
				if r.status != 200 && r.header.Get("X-SVC-Credits-Charged") != "" && r.header.Get("X-SVC-Credits-Charged") != "0" {
					t.Errorf("%s %s: failure charged %s", mode, ep, r.header.Get("X-SVC-Credits-Charged"))
				}
			}()
		}
		wg.Wait()
		return charged
	}
	okWant := map[string][]int{"/v1/classify": {200}, "/v1/rubric/classify": {200}, "/v1/translate": {200}, "/v1/moderate": {200}}
	fire("warmup", okWant)
	settle := func() int {
		n.client.Transport.(*http.Transport).CloseIdleConnections()
		eng.Close() // idle upstream connections only
		time.Sleep(150 * time.Millisecond)
		runtime.GC()
		return runtime.NumGoroutine()
	}
	baseline := settle()
	for _, mode := range []string{"error500", "bad_json", "empty", "timeout"} {
		b0 := n.balance(acc)
		require.NoError(t, up.Set(mock.Behaviour{Mode: mode}))
		rub := []int{502}
		if mode == "timeout" {
			rub = []int{500, 502} // the budget ends the call: 500, or 502 when the retries ran out first
		}
		fire(mode, map[string][]int{"/v1/classify": {500}, "/v1/rubric/classify": rub, "/v1/translate": {500}, "/v1/moderate": {500}})
		up.Reset()
		require.Equal(t, b0, n.balance(acc), "%s: a failed request was charged", mode)
	}
	b0 := n.balance(acc)
	require.NoError(t, up.Set(mock.Behaviour{Mode: "ok", LatencyMS: 100, JitterMS: 50}))
	charged := fire("slow", okWant)
	up.Reset()
	require.Equal(t, b0-charged, n.balance(acc), "slow upstream: charges match the acknowledged ones")
	deadline := time.Now().Add(time.Minute) // the loop ends once back
	g := settle()
	for g > baseline+3 && time.Now().Before(deadline) {
		g = settle()
	}
	t.Logf("goroutines: baseline %d, after the fault storm %d", baseline, g)
	if g > baseline+3 {
		buf := make([]byte, 1<<20)
		t.Fatalf("goroutines: baseline %d, after the fault storm %d\n%s", baseline, g, buf[:runtime.Stack(buf, true)])
	}
	requireNoHolds(t, n, acc, key)
}

// TestHostileNoLeakAfterStorm: a concurrent storm of hostile traffic
// (malformed and oversized bodies, raw garbage, slow and abandoned
// connections) leaves no goroutine behind once the connections are gone.
func TestHostileNoLeakAfterStorm(t *testing.T) {
	const rt = 400 * time.Millisecond
	n := startHostileNode(t, engine.Config{}, func(s *fasthttp.Server) {
		s.ReadTimeout, s.WriteTimeout, s.IdleTimeout = rt, rt, rt
		s.MaxIdleWorkerDuration = 50 * time.Millisecond
	})
	_, key := n.liveKey()
	addr := strings.TrimPrefix(n.base, "http://")
	settle := func() int {
		n.client.Transport.(*http.Transport).CloseIdleConnections()
		time.Sleep(100 * time.Millisecond)
		runtime.GC()
		return runtime.NumGoroutine()
	}
	requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "warm up"}))
	time.Sleep(2 * rt)
	baseline := settle()
	// send is a storm request: the server may drop it (its read timeout is
	// 400 ms, which a loaded machine can miss while a 300 KiB body is sent),
	// so a transport error is not a failure here; what this test checks is
	// that nothing is left behind afterwards.
	send := func(method, path, body string) {
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		req, err := http.NewRequest(method, n.base+path, rd)
		if err != nil {
			t.Error(err)
			return
		}
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		if res, err := n.client.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	}
	var wg sync.WaitGroup
	for i := 0; i < 60; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch i % 6 {
			case 0:
				send("POST", "/v1/classify", `{"text":`+strings.Repeat("[", 50_000))
			case 1:
				send("POST", "/v1/detect", `{"text":"`+strings.Repeat("x", 300<<10)+`"}`)
			case 2: // abandoned mid-body
				if c, err := net.Dial("tcp", addr); err == nil {
					_, _ = c.Write([]byte("POST /v1/detect HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\nContent-Length: 100\r\n\r\n{\"te"))
					c.Close()
				}
			case 3: // slow headers, never finished
				if c, err := net.Dial("tcp", addr); err == nil {
					_, _ = c.Write([]byte("GET /v1/usage HTTP/1.1\r\nHo"))
					_ = c.SetReadDeadline(time.Now().Add(10 * rt))
					_, _ = io.Copy(io.Discard, c)
					c.Close()
				}
			case 4:
				_, _ = rawDo(t, n.base, []byte("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage-tls-hello\r\n\r\n"), 10*rt)
			default:
				send("GET", "/v1/comments?cursor=%ff%fe&limit=-1", "")
			}
		}()
	}
	wg.Wait()
	g := settle()
	for deadline := time.Now().Add(time.Minute); g > baseline+2 && time.Now().Before(deadline); { // ends once back
		g = settle()
	}
	t.Logf("goroutines: baseline %d, after the storm %d", baseline, g)
	if g > baseline+2 {
		buf := make([]byte, 1<<20)
		t.Fatalf("goroutines: baseline %d, after the storm %d\n%s", baseline, g, buf[:runtime.Stack(buf, true)])
	}
}

// TestHostileFailedAuthMemoryBounded: failed authentications from many
// client addresses (an IPv6 client has billions) must not grow the server's
// memory by kilobytes per address: the per-address throttle keeps its state
// small.
func TestHostileFailedAuthMemoryBounded(t *testing.T) {
	dir := t.TempDir()
	clk := clock.New()
	led, err := ledger.Open(filepath.Join(dir, "ledger"), clk.Now)
	require.NoError(t, err)
	t.Cleanup(func() { _ = led.Close() })
	ch, err := cache.Open(cache.Options{Dir: filepath.Join(dir, "cache"), Scope: "account", Now: clk.Now})
	require.NoError(t, err)
	t.Cleanup(func() { _ = ch.Close() })
	eng, err := engine.New(engine.Config{})
	require.NoError(t, err)
	t.Cleanup(eng.Close)
	h := httpapi.New(httpapi.Config{AdminToken: adminToken}, led, eng, ch, clk).Handler()
	const addrs = 20_000
	run := func(from, to int) {
		for i := from; i < to; i++ {
			var req fasthttp.Request
			req.Header.SetMethod("POST")
			req.SetRequestURI("/v1/detect")
			req.Header.Set("Authorization", "Bearer svc_live_sk_"+strings.Repeat("Q", 32))
			req.SetBodyString(`{"text":"x"}`)
			var ctx fasthttp.RequestCtx
			ip := net.ParseIP(fmt.Sprintf("2001:db8::%x:%x", i>>16, i&0xffff))
			ctx.Init(&req, &net.TCPAddr{IP: ip, Port: 443}, nil)
			h(&ctx)
			if ctx.Response.StatusCode() != 401 {
				t.Fatalf("status %d", ctx.Response.StatusCode())
			}
		}
	}
	run(0, 100) // warm up
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := heap()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	run(100, 100+addrs)
	runtime.ReadMemStats(&m1)
	after := heap()
	runtime.KeepAlive(h) // the server (and its throttle state) is live until here
	t.Logf("allocated %d bytes per request", (m1.TotalAlloc-m0.TotalAlloc)/addrs)
	per := (int64(after) - int64(before)) / addrs
	t.Logf("heap %d -> %d bytes: %d bytes per failing client address", before, after, per)
	require.Less(t, per, int64(512), "each failing client address costs %d bytes of heap (%d MB per 100,000 addresses)", per, per*100_000>>20)
}

// panicLedger panics in the next Commit when armed: a stand-in for any panic
// between Reserve and Commit (engine, cache, result building).
type panicLedger struct {
	ledger.Ledger
	armed atomic.Bool
}

func (p *panicLedger) Commit(ctx context.Context, h *ledger.Hold, charge bool, r ledger.Records) (ledger.Receipt, error) {
	if p.armed.CompareAndSwap(true, false) {
		panic("injected: panic between Reserve and Commit")
	}
	return p.Ledger.Commit(ctx, h, charge, r)
}

// TestHostilePanicReleasesHold: a request that panics after its credits (or
// sandbox slot) were reserved answers 500 and leaves no hold behind: the
// balance available to the next request is the stored balance, and the
// sandbox allowance is not reduced.
func TestHostilePanicReleasesHold(t *testing.T) {
	var pl *panicLedger
	n, _ := startHostileNodeWrapped(t, engine.Config{}, nil, func(l ledger.Ledger) ledger.Ledger {
		pl = &panicLedger{Ledger: l}
		return pl
	})
	acc, live := n.liveKey()
	_, sbx := n.key(acc, "sandbox")
	for _, k := range []string{live, sbx} {
		pl.armed.Store(true)
		r := n.post("/v1/classify", k, map[string]any{"text": "a request that panics after its reservation"})
		requireError(t, r, 500, "api_error", "")
	}
	stored := n.balance(acc)
	u := n.get("/v1/usage", live)
	requireOK(t, u)
	want := fmt.Sprintf("%d.%03d", stored/1000, stored%1000)
	s := n.get("/v1/usage", sbx)
	requireOK(t, s)
	assert.Equal(t, want, u.header.Get("X-SVC-Balance"), "the panicked request's hold of 6 credits was never released (stored balance %d)", stored)
	assert.Equal(t, "100", s.header.Get("X-SVC-Sandbox-Remaining"), "the panicked sandbox request's quota slot was never released")
}

// TestHostileZeroTimeIsNotAbsent: from=0001-01-01T00:00:00Z is a valid ISO
// 8601 time (Go's zero time); usage must either count from it, as the
// period it reports says, or refuse it with 400, never silently count from
// the start of the current month instead.
func TestHostileZeroTimeIsNotAbsent(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "last month"}))
	n.advance(40 * 24 * time.Hour)
	requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "this month"}))
	all := requireOK(t, n.get("/v1/usage?from=2000-01-01&group_by=endpoint", key))["total_requests"]
	require.Equal(t, 2.0, all)
	r := n.get("/v1/usage?from=0001-01-01T00:00:00Z&group_by=endpoint", key)
	if r.status == 400 {
		return
	}
	res := requireOK(t, r)
	require.Equal(t, "0001-01-01T00:00:00Z", res["period"].(map[string]any)["from"])
	require.Equal(t, all, res["total_requests"], "usage reports the period from year 1 but counts only the current month")
}

// TestHostileRubric502LogsCause: a 502 rubric_unparseable, like every other
// upstream failure, is logged at error level with its cause under the
// request id, so support can tell why the model output was unusable.
func TestHostileRubric502LogsCause(t *testing.T) {
	var buf testproc.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo})))
	t.Cleanup(func() { slog.SetDefault(prev) })
	up := mock.New(mock.Options{})
	us := httptest.NewServer(up)
	t.Cleanup(us.Close)
	pc := func(model string) engine.ProviderConfig {
		return engine.ProviderConfig{BaseURL: us.URL + "/v1", APIKey: "x", Model: model}
	}
	// Nothing hangs: a generous timeout keeps a slow answer on a loaded
	// machine from turning the 502 (bad JSON) into a 500 (timed out).
	n := startHostileNode(t, engine.Config{LLMA: pc("a"), LLMB: pc("b"), Timeout: 5 * time.Second}, nil)
	_, key := n.liveKey()
	require.NoError(t, up.Set(mock.Behaviour{Mode: "bad_json"}))
	r := n.post("/v1/rubric/classify", key, map[string]any{"text": "where is my parcel", "rubric": map[string]any{"categories": []any{map[string]any{"name": "Shipping"}}}})
	requireError(t, r, 502, "rubric_unparseable", "")
	rid := r.body["request_id"].(string)
	var line map[string]any
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.Contains(l, rid) {
			require.NoError(t, json.Unmarshal([]byte(l), &line))
		}
	}
	require.NotNil(t, line, "no log line for %s", rid)
	require.Equal(t, "ERROR", line["level"])
	require.NotEmpty(t, line["err"], "the 502 is logged without its cause: %v", line)
}
