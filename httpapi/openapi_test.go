package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/stretchr/testify/require"

	"svc/engine"
	"svc/engine/provider/mock"
	"svc/httpapi"
)

// loadOpenAPI loads and validates the embedded document (OpenAPI 3.1, JSON
// Schema 2020-12 validation).
func loadOpenAPI(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(httpapi.OpenAPIDocument())
	require.NoError(t, err)
	require.True(t, doc.IsOpenAPI31OrLater())
	require.NoError(t, doc.Validate(context.Background()))
	return doc
}

// oaChecker sends requests and validates each response against the document.
type oaChecker struct {
	t   *testing.T
	n   *node
	doc *openapi3.T
	// seen[operation][status] counts validated responses.
	seen map[string]map[int]int
	// hdr are extra headers of every request (an Idempotency-Key).
	hdr map[string]string
}

// call sends method to path (matching the document's template tmpl) on the
// public (admin false) or admin listener, validates the request when it is
// meant to be valid (want == 200), validates the response, requires status
// want, and returns the response.
func (c *oaChecker) call(admin bool, method, tmpl, path, token string, body any, want int) resp {
	t := c.t
	t.Helper()
	base := c.n.base
	if admin {
		base = c.n.admin
	}
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	default:
		var err error
		raw, err = json.Marshal(b)
		require.NoError(t, err)
	}
	r := c.n.doH(method, base+path, token, c.hdr, rawBody(raw, body != nil))
	require.Equal(t, want, r.status, "%s %s: %s", method, path, r.raw)

	item := c.doc.Paths.Value(tmpl)
	require.NotNil(t, item, "path %s is not in the document", tmpl)
	opn := item.GetOperation(method)
	if opn == nil && want == 405 {
		// No operation to validate against: check the error envelope schema.
		var v any
		require.NoError(t, json.Unmarshal(r.raw, &v))
		require.NoError(t, c.doc.Components.Schemas["ErrorEnvelope"].Value.VisitJSON(v, openapi3.EnableJSONSchema2020()), "405 body: %s", r.raw)
		return r
	}
	require.NotNil(t, opn, "%s %s is not in the document", method, tmpl)
	hreq, err := http.NewRequest(method, base+path, bytes.NewReader(raw))
	require.NoError(t, err)
	if body != nil {
		hreq.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		hreq.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range c.hdr {
		hreq.Header.Set(k, v)
	}
	params := map[string]string{}
	if strings.Contains(tmpl, "{id}") {
		pre, suf, _ := strings.Cut(tmpl, "{id}")
		params["id"] = strings.TrimSuffix(strings.TrimPrefix(strings.SplitN(path, "?", 2)[0], pre), suf)
	}
	in := &openapi3filter.RequestValidationInput{
		Request:    hreq,
		PathParams: params,
		Route:      &routers.Route{Spec: c.doc, Path: tmpl, PathItem: item, Method: method, Operation: opn},
		Options:    &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true},
	}
	if want == 200 {
		require.NoError(t, openapi3filter.ValidateRequest(context.Background(), in), "request %s %s does not match the document", method, path)
	}
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 r.status,
		Header:                 r.header,
		Body:                   io.NopCloser(bytes.NewReader(r.raw)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	require.NoError(t, openapi3filter.ValidateResponse(context.Background(), out), "response of %s %s (%d) does not match the document: %s", method, path, r.status, r.raw)
	key := method + " " + tmpl
	if c.seen[key] == nil {
		c.seen[key] = map[int]int{}
	}
	c.seen[key][r.status]++
	return r
}

// rawBody passes pre-encoded JSON to node.do unchanged.
func rawBody(b []byte, present bool) any {
	if !present {
		return nil
	}
	return b
}

// TestOpenAPI runs every operation of the document against a live server,
// successes and the errors that can be provoked, and validates every
// response (status, headers, body) against the document.
func TestOpenAPI(t *testing.T) {
	doc := loadOpenAPI(t)
	// Pebble whatever SVC_TEST_LEDGER says: the document's backup
	// operation exists only there (TestBackupUnsupportedOnPostgres).
	n, _ := startNodeFull(t, "", engineConfig(t), nodeOptions{ledger: "pebble"})
	c := &oaChecker{t: t, n: n, doc: doc, seen: map[string]map[int]int{}}
	A := func(method, tmpl, path string, body any, want int) map[string]any {
		return c.call(true, method, tmpl, path, adminToken, body, want).result()
	}

	// Admin API.
	acct := A("POST", "/admin/v1/accounts", "/admin/v1/accounts", map[string]any{"name": "openapi", "rate_limit_per_minute": 1000}, 200)["id"].(string)
	A("POST", "/admin/v1/accounts", "/admin/v1/accounts", map[string]any{}, 400)
	c.call(true, "POST", "/admin/v1/accounts", "/admin/v1/accounts", "", map[string]any{"name": "x"}, 401)
	A("GET", "/admin/v1/accounts", "/admin/v1/accounts?limit=1&search=OPENAPI", nil, 200)
	A("GET", "/admin/v1/accounts", "/admin/v1/accounts?starting_after=acct_nope", nil, 400)
	c.call(true, "PUT", "/admin/v1/accounts", "/admin/v1/accounts", adminToken, nil, 405)
	pur := A("POST", "/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acct+"/purchases", map[string]any{"pack_usd": 25}, 200)["id"].(string)
	A("POST", "/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acct+"/purchases", map[string]any{"pack_usd": 30}, 400)
	A("POST", "/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/acct_nope/purchases", map[string]any{"pack_usd": 25}, 404)
	live := A("POST", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acct+"/keys", map[string]any{"kind": "live"}, 200)["key"].(string)
	sbx := A("POST", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acct+"/keys", map[string]any{"kind": "sandbox"}, 200)
	A("POST", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acct+"/keys", map[string]any{"kind": "gold"}, 400)
	A("POST", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/acct_nope/keys", map[string]any{"kind": "live"}, 404)
	A("GET", "/admin/v1/accounts/{id}", "/admin/v1/accounts/"+acct, nil, 200)
	A("GET", "/admin/v1/accounts/{id}", "/admin/v1/accounts/acct_nope", nil, 404)
	A("GET", "/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acct+"/purchases?limit=1", nil, 200)
	A("GET", "/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acct+"/purchases?limit=101", nil, 400)
	A("GET", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acct+"/keys?starting_after="+pur, nil, 400)
	A("GET", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/acct_nope/keys", nil, 404)
	prov := A("GET", "/admin/v1/providers", "/admin/v1/providers", nil, 200)
	if prov["classifier"] != "ok" || (providers == "" && len(prov["breakers"].([]any)) != 0) { // built-in providers: no breakers (mockllm ones: one per model)
		t.Fatalf("providers: %v", prov)
	}
	c.call(true, "GET", "/admin/v1/providers", "/admin/v1/providers", "", nil, 401)

	// Public API, successes first.
	P := func(method, tmpl, path, key string, body any, want int) map[string]any {
		return c.call(false, method, tmpl, path, key, body, want).result()
	}
	text := "I love this video, thank you so much!"
	cls := P("POST", "/v1/classify", "/v1/classify", live, map[string]any{"text": text, "platform": "youtube", "channel_id": "ch1"}, 200)["id"].(string)
	P("POST", "/v1/classify", "/v1/classify", live, map[string]any{"text": text, "platform": "youtube", "channel_id": "ch1"}, 200) // cache hit
	P("POST", "/v1/classify", "/v1/classify?provider=llm_b", live, map[string]any{"text": "والله المنتج حلو مرة بس التوصيل تأخر"}, 200)
	P("POST", "/v1/translate", "/v1/translate", live, map[string]any{"text": "Thank you for the great video", "target": "ar", "dialect": "gulf", "tone": "casual"}, 200)
	P("POST", "/v1/translate", "/v1/translate", live, map[string]any{"text": "شكرا على الفيديو", "source": "ar", "target": "en"}, 200)
	P("POST", "/v1/detect", "/v1/detect", live, map[string]any{"text": "ازيك يا باشا عامل ايه"}, 200)
	P("POST", "/v1/detect", "/v1/detect", live, map[string]any{"text": "hello there"}, 200)
	P("POST", "/v1/moderate", "/v1/moderate", live, map[string]any{"text": "you are an idiot and I hate you", "strictness": "high"}, 200)
	P("POST", "/v1/moderate", "/v1/moderate", live, map[string]any{"text": "what a lovely day"}, 200)
	P("POST", "/v1/rubric/classify", "/v1/rubric/classify", live, map[string]any{"text": "The delivery was late again", "rubric": map[string]any{
		"categories": []map[string]any{{"name": "delivery", "description": "shipping and delivery"}, {"name": "price"}}, "multi_label": true, "confidence_threshold": 0.1}}, 200)
	P("POST", "/v1/comments/{id}/reply", "/v1/comments/"+cls+"/reply", live, map[string]any{"tone": "professional", "max_length": 200}, 200)
	P("POST", "/v1/comments/{id}/reply", "/v1/comments/"+cls+"/reply", live, nil, 200)
	P("POST", "/v1/report", "/v1/report", live, map[string]any{"comments": comments(12, func(i int) string { return fmt.Sprintf("Great episode number %d, loved it", i) }), "tier": "basic", "title": "Episode 1"}, 200)
	P("POST", "/v1/report", "/v1/report", live, map[string]any{"comments": comments(12, func(i int) string { return fmt.Sprintf("الحلقة %d رائعة جدا", i) }), "tier": "pro"}, 200)
	P("POST", "/v1/feedback", "/v1/feedback", live, map[string]any{"classification_id": cls, "rating": "incorrect", "corrected_intent": []string{"praise"}, "corrected_sentiment": "positive", "comment": "fix"}, 200)
	P("GET", "/v1/comments", "/v1/comments?limit=1&platform=youtube", live, nil, 200)
	page := P("GET", "/v1/comments", "/v1/comments?limit=1", live, nil, 200)
	if pg := page["pagination"].(map[string]any); pg["has_more"] == true {
		P("GET", "/v1/comments", "/v1/comments?limit=1&cursor="+pg["next_cursor"].(string), live, nil, 200)
	}
	P("GET", "/v1/analytics", "/v1/analytics?group_by=week", live, nil, 200)
	P("GET", "/v1/analytics", "/v1/analytics", live, nil, 200)
	P("GET", "/v1/usage", "/v1/usage", live, nil, 200)
	P("GET", "/v1/usage", "/v1/usage?group_by=endpoint&from=2020-01-01", live, nil, 200)
	c.call(false, "GET", "/v1/health", "/v1/health", "", nil, 200)
	c.call(false, "GET", "/v1/openapi.json", "/v1/openapi.json", "", nil, 200)

	// Public API errors.
	P("POST", "/v1/classify", "/v1/classify", live, map[string]any{}, 400)
	P("POST", "/v1/classify", "/v1/classify", live, "{not json", 400)
	P("POST", "/v1/classify", "/v1/classify?provider=llm_c", live, map[string]any{"text": "hi"}, 400)
	P("POST", "/v1/classify", "/v1/classify", "", map[string]any{"text": "hi"}, 401)
	P("POST", "/v1/classify", "/v1/classify", "svc_live_sk_unknown", map[string]any{"text": "hi"}, 401)
	P("GET", "/v1/classify", "/v1/classify", live, nil, 405)
	P("POST", "/v1/classify", "/v1/classify", live, map[string]any{"text": strings.Repeat("a", 300<<10)}, 413)
	P("POST", "/v1/translate", "/v1/translate", live, map[string]any{"text": "hi"}, 400)
	P("POST", "/v1/detect", "/v1/detect", live, map[string]any{"text": strings.Repeat("b", 5001)}, 400)
	P("POST", "/v1/moderate", "/v1/moderate", live, map[string]any{"text": "x", "strictness": "extreme"}, 400)
	P("POST", "/v1/rubric/classify", "/v1/rubric/classify", live, map[string]any{"text": "x"}, 400)
	P("POST", "/v1/rubric/classify", "/v1/rubric/classify", live, map[string]any{"text": "x", "rubric": map[string]any{"categories": []string{"bare"}}}, 400)
	P("POST", "/v1/rubric/classify", "/v1/rubric/classify?provider=llm_c", live, map[string]any{"text": "x", "rubric": map[string]any{"categories": []map[string]any{{"name": "a"}}}}, 400)
	P("POST", "/v1/comments/{id}/reply", "/v1/comments/cls_nope/reply", live, nil, 404)
	P("POST", "/v1/comments/{id}/reply", "/v1/comments/"+cls+"/reply", live, map[string]any{"tone": "rude"}, 400)
	P("POST", "/v1/report", "/v1/report", live, map[string]any{"comments": comments(3, func(i int) string { return "short" })}, 400)
	P("POST", "/v1/feedback", "/v1/feedback", live, map[string]any{"classification_id": "cls_nope", "rating": "correct"}, 404)
	P("POST", "/v1/feedback", "/v1/feedback", live, map[string]any{"classification_id": cls, "rating": "meh"}, 400)
	P("GET", "/v1/comments", "/v1/comments?cursor=tampered", live, nil, 400)
	P("GET", "/v1/comments", "/v1/comments?limit=0", live, nil, 400)
	P("GET", "/v1/analytics", "/v1/analytics?group_by=year", live, nil, 400)
	P("GET", "/v1/usage", "/v1/usage?from=yesterday", live, nil, 400)

	// 402: a live key on an account without credits.
	poor := A("POST", "/admin/v1/accounts", "/admin/v1/accounts", map[string]any{"name": "poor"}, 200)["id"].(string)
	poorKey := A("POST", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+poor+"/keys", map[string]any{"kind": "live"}, 200)["key"].(string)
	r := P("POST", "/v1/detect", "/v1/detect", poorKey, map[string]any{"text": "hello"}, 402)
	_ = r
	// 429: the sandbox key's 10 requests per minute (free reads count for the rate).
	sk := sbx["key"].(string)
	P("POST", "/v1/detect", "/v1/detect", sk, map[string]any{"text": "hello sandbox"}, 200)
	for i := 0; i < 9; i++ {
		P("GET", "/v1/usage", "/v1/usage", sk, nil, 200)
	}
	P("GET", "/v1/usage", "/v1/usage", sk, nil, 429)

	// The rest of the admin API.
	A("GET", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acct+"/keys?limit=100", nil, 200)
	A("GET", "/admin/v1/accounts/{id}/usage", "/admin/v1/accounts/"+acct+"/usage?group_by=day&from=2020-01-01", nil, 200)
	A("GET", "/admin/v1/accounts/{id}/usage", "/admin/v1/accounts/"+acct+"/usage?group_by=endpoint", nil, 200)
	A("GET", "/admin/v1/accounts/{id}/usage", "/admin/v1/accounts/"+acct+"/usage?group_by=hour", nil, 400)
	A("GET", "/admin/v1/accounts/{id}/usage", "/admin/v1/accounts/acct_nope/usage", nil, 404)
	A("POST", "/admin/v1/keys/{id}/revoke", "/admin/v1/keys/"+sbx["id"].(string)+"/revoke", nil, 200)
	A("POST", "/admin/v1/keys/{id}/revoke", "/admin/v1/keys/key_nope/revoke", nil, 404)
	A("POST", "/admin/v1/purchases/{id}/refund", "/admin/v1/purchases/"+pur+"/refund", nil, 200)
	A("POST", "/admin/v1/purchases/{id}/refund", "/admin/v1/purchases/"+pur+"/refund", nil, 409)
	A("POST", "/admin/v1/purchases/{id}/refund", "/admin/v1/purchases/pur_nope/refund", nil, 404)
	A("POST", "/admin/v1/clock", "/admin/v1/clock", map[string]any{"advance_seconds": 1}, 200)
	A("POST", "/admin/v1/clock", "/admin/v1/clock", map[string]any{"advance_seconds": -1}, 400)
	bdir := filepath.Join(t.TempDir(), "b1")
	A("POST", "/admin/v1/backup", "/admin/v1/backup", map[string]any{"dir": bdir}, 200)
	A("POST", "/admin/v1/backup", "/admin/v1/backup", map[string]any{"dir": bdir}, 409)
	A("POST", "/admin/v1/backup", "/admin/v1/backup", map[string]any{}, 400) // no DataDir configured here

	// Every operation of the document answered 200 at least once, and all
	// responses were documented (checked above).
	var missing []string
	for _, p := range doc.Paths.InMatchingOrder() {
		for method := range doc.Paths.Value(p).Operations() {
			if c.seen[method+" "+p][200] == 0 {
				missing = append(missing, method+" "+p)
			}
		}
	}
	sort.Strings(missing)
	require.Empty(t, missing, "operations never exercised with a 200")
}

// TestOpenAPIServed checks GET /v1/openapi.json serves the embedded document
// without authentication.
func TestOpenAPIServed(t *testing.T) {
	n := startNode(t, "")
	r := n.get("/v1/openapi.json", "")
	require.Equal(t, 200, r.status)
	require.Equal(t, "3.1.0", r.body["openapi"])
	require.Contains(t, r.header.Get("Content-Type"), "application/json")
	require.Equal(t, httpapi.OpenAPIDocument(), r.raw)
}

// startConfiguredNode is startNode with an engine configuration and server
// configuration of the test's choosing (AdminToken and TestClock are set).
func startConfiguredNode(t *testing.T, ecfg engine.Config, cfg httpapi.Config) *node {
	t.Helper()
	n, _ := startNodeFull(t, "", ecfg, nodeOptions{cfg: cfg})
	return n
}

// TestOpenAPIProviderPaths validates the responses of the model-backed
// operations when real (mock) providers answer, and the 500 and 502 errors
// that only failing providers produce.
func TestOpenAPIProviderPaths(t *testing.T) {
	doc := loadOpenAPI(t)
	up := mock.New(mock.Options{})
	us := httptest.NewServer(up)
	t.Cleanup(us.Close)
	pc := func(model string) engine.ProviderConfig {
		return engine.ProviderConfig{BaseURL: us.URL + "/v1", APIKey: "sk-test", Model: model, FallbackModel: model + "-mini"}
	}
	n := startConfiguredNode(t, engine.Config{LLMA: pc("mock-a"), LLMB: pc("mock-b"), Timeout: 2 * time.Second,
		WhenProvidersDown: engine.ProvidersDownFail}, httpapi.Config{}) // the 500s below
	c := &oaChecker{t: t, n: n, doc: doc, seen: map[string]map[int]int{}}
	_, live := n.liveKey()
	P := func(method, tmpl, path string, body any, want int) map[string]any {
		return c.call(false, method, tmpl, path, live, body, want).result()
	}
	rubric := map[string]any{"text": "The delivery was late", "rubric": map[string]any{"categories": []map[string]any{{"name": "delivery"}, {"name": "price"}}}}

	cls := P("POST", "/v1/classify", "/v1/classify", map[string]any{"text": "ليش التوصيل متأخر؟"}, 200)
	require.Equal(t, "llm_b", cls["provider"])
	P("POST", "/v1/classify", "/v1/classify?provider=llm_a", map[string]any{"text": "Where is my order?"}, 200)
	P("POST", "/v1/translate", "/v1/translate", map[string]any{"text": "Where is my order?", "target": "ar"}, 200)
	P("POST", "/v1/moderate", "/v1/moderate", map[string]any{"text": "you idiot"}, 200)
	P("POST", "/v1/rubric/classify", "/v1/rubric/classify", rubric, 200)
	P("POST", "/v1/comments/{id}/reply", "/v1/comments/"+cls["id"].(string)+"/reply", map[string]any{}, 200)
	P("POST", "/v1/report", "/v1/report", map[string]any{"comments": comments(10, func(i int) string { return fmt.Sprintf("comment %d about the show", i) })}, 200)

	require.NoError(t, up.Set(mock.Behaviour{Mode: "error500"}))
	P("POST", "/v1/classify", "/v1/classify", map[string]any{"text": "a fresh text that misses the cache"}, 500)
	P("POST", "/v1/translate", "/v1/translate", map[string]any{"text": "another fresh text", "target": "ar"}, 500)
	require.NoError(t, up.Set(mock.Behaviour{Mode: "bad_json"}))
	P("POST", "/v1/rubric/classify", "/v1/rubric/classify", rubric, 502)
	up.Reset()
	prov := c.call(true, "GET", "/admin/v1/providers", "/admin/v1/providers", adminToken, nil, 200).result()
	require.Len(t, prov["breakers"], 4, "mock-a, mock-a-mini, mock-b, mock-b-mini")
}
