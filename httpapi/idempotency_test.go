package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/stretchr/testify/require"

	"svc/engine"
	"svc/engine/provider/mock"
	"svc/httpapi"
)

// Idempotency-Key over real HTTP (docs/idempotency.md), on the ledger
// SVC_TEST_LEDGER selects (make test runs the suite on Pebble and on
// PostgreSQL).

// postIdem posts body to path with key as Idempotency-Key.
func (n *node) postIdem(path, apiKey, idem string, body any) resp {
	n.t.Helper()
	return n.doH("POST", n.base+path, apiKey, map[string]string{"Idempotency-Key": idem}, body)
}

// admIdem calls the admin API with an Idempotency-Key.
func (n *node) admIdem(path, idem string, body any) resp {
	n.t.Helper()
	return n.doH("POST", n.admin+path, adminToken, map[string]string{"Idempotency-Key": idem}, body)
}

// balanceCredits reads the account's balance through the admin API.
func (n *node) balanceCredits(account string) float64 {
	return n.adm("GET", "/admin/v1/accounts/"+account, nil)["balance_credits"].(float64)
}

// requireReplay checks that again replays first: same status, body bytes
// and X-Request-Id, the descriptive headers, Idempotent-Replayed: true.
func requireReplay(t *testing.T, first, again resp) {
	t.Helper()
	require.Equal(t, first.status, again.status)
	require.Equal(t, string(first.raw), string(again.raw), "a replay sends the first body byte for byte")
	require.Equal(t, first.header.Get("X-Request-Id"), again.header.Get("X-Request-Id"))
	require.Equal(t, "true", again.header.Get("Idempotent-Replayed"))
	for _, h := range []string{"X-SVC-Cache", "X-SVC-Provider", "X-SVC-Credits-Charged", "X-SVC-Tier", "X-SVC-Calibration-Version", "X-SVC-Environment"} {
		require.Equal(t, first.header.Get(h), again.header.Get(h), "header %s", h)
	}
}

// Every paid POST (and feedback) under a key: the retry replays the first
// answer, charges nothing, stores nothing more, runs nothing again.
func TestIdempotencyReplaysEveryPaidPost(t *testing.T) {
	n := startNode(t, "")
	acct, key := n.liveKey()
	cls := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "Thanks, the delivery was quick!"}))["id"].(string)
	cases := []struct {
		path  string
		body  any
		price float64
	}{
		{"/v1/detect", map[string]any{"text": "hello idempotent world"}, 2},
		{"/v1/classify", map[string]any{"text": "where is my parcel? it is late", "channel_id": "idem"}, 6},
		{"/v1/translate", map[string]any{"text": "Thank you for watching", "target": "ar"}, 5},
		{"/v1/moderate", map[string]any{"text": "you are an idiot", "strictness": "high"}, 4},
		{"/v1/rubric/classify", map[string]any{"text": "my parcel is late", "rubric": map[string]any{"categories": []map[string]any{{"name": "Shipping"}, {"name": "Billing"}}}}, 3},
		{"/v1/comments/" + cls + "/reply", map[string]any{"tone": "friendly"}, 8},
		{"/v1/report", map[string]any{"comments": comments(10, func(i int) string { return fmt.Sprintf("great episode %d", i) })}, 500},
		{"/v1/feedback", map[string]any{"classification_id": cls, "rating": "correct"}, 0},
	}
	spent := 6.0
	for i, tc := range cases {
		k := fmt.Sprintf("%s-%d", tc.path, i)
		first := n.postIdem(tc.path, key, k, tc.body)
		requireOK(t, first)
		require.Empty(t, first.header.Get("Idempotent-Replayed"), tc.path)
		spent += tc.price
		require.Equal(t, 25_000-spent, n.balanceCredits(acct), "%s charged its price", tc.path)
		for range 2 {
			again := n.postIdem(tc.path, key, k, tc.body)
			requireOK(t, again)
			requireReplay(t, first, again)
			require.Equal(t, first.header.Get("X-SVC-Balance"), again.header.Get("X-SVC-Balance"), "%s: nothing charged since", tc.path)
		}
		require.Equal(t, 25_000-spent, n.balanceCredits(acct), "%s: a replay charges nothing", tc.path)
		if tc.price > 0 {
			require.Equal(t, fmt.Sprint(tc.price), first.header.Get("X-SVC-Credits-Charged"), tc.path)
		}
	}
	u := requireOK(t, n.get("/v1/usage", key))
	require.Equal(t, float64(1+len(cases)), u["total_requests"], "each request once in usage, replays never")
	list := requireOK(t, n.get("/v1/comments?channel_id=idem", key))
	require.Equal(t, 1.0, list["pagination"].(map[string]any)["total_count"], "the classify under a key stored one comment")
}

// The key's limits and the refusals: malformed keys, another request under
// a used key, another environment, another account, GETs.
func TestIdempotencyKeyRules(t *testing.T) {
	n := startNode(t, "")
	acct, key := n.liveKey()
	body := map[string]any{"text": "hello rules"}
	for _, bad := range []string{strings.Repeat("k", 256), "ключ", "tab\there"} {
		r := n.postIdem("/v1/detect", key, bad, body)
		requireError(t, r, 400, "invalid_request_error", "Idempotency-Key")
		require.Equal(t, "invalid_idempotency_key", r.err0()["code"])
	}
	// An empty header value is malformed too.
	r := n.postIdem("/v1/detect", key, "", body)
	requireError(t, r, 400, "invalid_request_error", "Idempotency-Key")
	requireOK(t, n.postIdem("/v1/detect", key, strings.Repeat("k", 255), map[string]any{"text": "the longest key"}))
	require.Equal(t, 25_000-2.0, n.balanceCredits(acct))

	first := n.postIdem("/v1/detect", key, "rule-1", body)
	requireOK(t, first)
	for _, other := range []struct{ path, query string }{{"/v1/detect", ""}, {"/v1/moderate", ""}, {"/v1/classify", "?provider=llm_a"}} {
		b := map[string]any{"text": "hello rules"}
		if other.path == "/v1/detect" {
			b["text"] = "a different text"
		}
		r := n.postIdem(other.path+other.query, key, "rule-1", b)
		requireError(t, r, 422, "idempotency_error", "Idempotency-Key")
		require.Equal(t, "idempotency_key_reused", r.err0()["code"])
	}
	// The same request from the account's sandbox key: another environment.
	_, sandbox := n.key(acct, "sandbox")
	requireError(t, n.postIdem("/v1/detect", sandbox, "rule-1", body), 422, "idempotency_error", "Idempotency-Key")
	require.Equal(t, 25_000-4.0, n.balanceCredits(acct), "refused requests charge nothing")
	// Another account's same key is its own.
	acct2, key2 := n.liveKey()
	other := n.postIdem("/v1/detect", key2, "rule-1", body)
	requireOK(t, other)
	require.Empty(t, other.header.Get("Idempotent-Replayed"))
	require.Equal(t, 25_000-2.0, n.balanceCredits(acct2))
	// GETs ignore the header.
	g := n.doH("GET", n.base+"/v1/usage", key, map[string]string{"Idempotency-Key": "rule-1"}, nil)
	requireOK(t, g)
	require.Empty(t, g.header.Get("Idempotent-Replayed"))
	// Without the header nothing changes: two requests, two answers (the
	// second a free cache hit, as always).
	a, b := n.post("/v1/detect", key, map[string]any{"text": "no key at all"}), n.post("/v1/detect", key, map[string]any{"text": "no key at all"})
	requireOK(t, a)
	requireOK(t, b)
	require.NotEqual(t, a.header.Get("X-Request-Id"), b.header.Get("X-Request-Id"))
	require.Equal(t, "HIT", b.header.Get("X-SVC-Cache"))
	require.Empty(t, b.header.Get("Idempotent-Replayed"))
	require.Equal(t, 25_000-6.0, n.balanceCredits(acct))
}

// Failures store nothing: after a 400, 402 or 502 the same key runs again.
func TestIdempotencyFailuresFreeTheKey(t *testing.T) {
	up := mock.New(mock.Options{})
	us := httptest.NewServer(up)
	t.Cleanup(us.Close)
	pc := func(model string) engine.ProviderConfig {
		return engine.ProviderConfig{BaseURL: us.URL + "/v1", APIKey: "sk-test", Model: model, FallbackModel: model + "-mini"}
	}
	n := startConfiguredNode(t, engine.Config{LLMA: pc("mock-a"), LLMB: pc("mock-b"), Timeout: 5 * time.Second}, httpapi.Config{})

	// 402, then a purchase: the retry runs and charges.
	acct := n.account("poor")
	_, key := n.key(acct, "live")
	body := map[string]any{"text": "hello after a purchase"}
	requireError(t, n.postIdem("/v1/detect", key, "f-1", body), 402, "insufficient_credits", "")
	n.buy(acct, 25)
	first := n.postIdem("/v1/detect", key, "f-1", body)
	requireOK(t, first)
	require.Empty(t, first.header.Get("Idempotent-Replayed"))
	requireReplay(t, first, n.postIdem("/v1/detect", key, "f-1", body))
	require.Equal(t, 25_000-2.0, n.balanceCredits(acct))

	// 400: the malformed request leaves the key unused.
	requireError(t, n.postIdem("/v1/detect", key, "f-2", map[string]any{"text": ""}), 400, "invalid_request_error", "text")
	requireOK(t, n.postIdem("/v1/detect", key, "f-2", map[string]any{"text": "now valid"}))

	// 502 (the model's output unusable, not charged), then a healthy model.
	rubric := map[string]any{"text": "The delivery was late", "rubric": map[string]any{"categories": []map[string]any{{"name": "delivery"}, {"name": "price"}}}}
	require.NoError(t, up.Set(mock.Behaviour{Mode: "bad_json"}))
	requireError(t, n.postIdem("/v1/rubric/classify", key, "f-3", rubric), 502, "rubric_unparseable", "")
	up.Reset()
	r := n.postIdem("/v1/rubric/classify", key, "f-3", rubric)
	requireOK(t, r)
	require.Empty(t, r.header.Get("Idempotent-Replayed"))
	require.Equal(t, 25_000-2-2-3.0, n.balanceCredits(acct), "the failed call charged nothing, its retry once")
}

// A retry while the first request runs is 409 (never a second run); the
// first's answer is replayed after it ends; it is charged once.
func TestIdempotencyInFlight(t *testing.T) {
	up := mock.New(mock.Options{})
	arrived := make(chan struct{}, 16)
	release := make(chan struct{})
	var once sync.Once
	gate := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/chat/completions") {
			arrived <- struct{}{}
			<-release
		}
		up.ServeHTTP(w, r)
	})
	us := httptest.NewServer(gate)
	t.Cleanup(func() { once.Do(func() { close(release) }); us.Close() })
	pc := engine.ProviderConfig{BaseURL: us.URL + "/v1", APIKey: "sk-test", Model: "mock-a"}
	n := startConfiguredNode(t, engine.Config{LLMA: pc, LLMB: pc, Timeout: 30 * time.Second, Objectives: engine.UniformObjectives(60 * time.Second)}, httpapi.Config{})
	t.Cleanup(func() { once.Do(func() { close(release) }) }) // before the node stops: it waits for the request
	_, key := n.liveKey()
	c := &oaChecker{t: t, n: n, doc: loadOpenAPI(t), seen: map[string]map[int]int{}, hdr: map[string]string{"Idempotency-Key": "slow-1"}}
	body := map[string]any{"text": "Where is my order?", "target": "ar"}

	m0 := n.metrics(t)
	credits0 := m0("svc_credits_captured_total", map[string]string{"endpoint": "/v1/translate"})
	replayed0 := m0("svc_idempotency_total", map[string]string{"outcome": "replayed"})
	inFlight0 := m0("svc_idempotency_total", map[string]string{"outcome": "in_flight"})
	reused0 := m0("svc_idempotency_total", map[string]string{"outcome": "reused"})
	done := make(chan resp, 1)
	go func() { done <- n.postIdem("/v1/translate", key, "slow-1", body) }()
	select {
	case <-arrived: // the first request holds its claim and waits on the model
	case <-time.After(time.Minute):
		t.Fatal("the first request never reached the model")
	}
	r := c.call(false, "POST", "/v1/translate", "/v1/translate", key, body, 409)
	requireError(t, r, 409, "idempotency_error", "Idempotency-Key")
	require.Equal(t, "idempotency_key_in_use", r.err0()["code"])
	require.Equal(t, "1", r.header.Get("Retry-After"))
	require.Equal(t, "24.995", r.header.Get("X-SVC-Balance"), "the balance less the first request's hold only")
	r = c.call(false, "POST", "/v1/translate", "/v1/translate", key, map[string]any{"text": "other", "target": "ar"}, 422)
	require.Equal(t, "idempotency_key_reused", r.err0()["code"])
	require.Equal(t, "24.995", r.header.Get("X-SVC-Balance"))
	once.Do(func() { close(release) })
	var first resp
	select {
	case first = <-done:
	case <-time.After(time.Minute):
		t.Fatal("the first request never finished")
	}
	requireOK(t, first)
	again := c.call(false, "POST", "/v1/translate", "/v1/translate", key, body, 200)
	requireReplay(t, first, again)
	require.Equal(t, "24.995", again.header.Get("X-SVC-Balance"), "charged once")
	require.Len(t, arrived, 0, "the replay did not call the model")
	// The metrics count the replay as one, not as a second capture.
	m := n.metrics(t)
	require.Equal(t, 5.0, m("svc_credits_captured_total", map[string]string{"endpoint": "/v1/translate"})-credits0)
	require.Equal(t, 1.0, m("svc_idempotency_total", map[string]string{"outcome": "replayed"})-replayed0)
	require.Equal(t, 1.0, m("svc_idempotency_total", map[string]string{"outcome": "in_flight"})-inFlight0)
	require.Equal(t, 1.0, m("svc_idempotency_total", map[string]string{"outcome": "reused"})-reused0)
}

// metrics scrapes the admin /metrics and returns a reader of sums of samples
// whose labels include want.
func (n *node) metrics(t *testing.T) func(fam string, want map[string]string) float64 {
	t.Helper()
	st, _, body := n.adminGet("/metrics", true)
	require.Equal(t, 200, st)
	var p expfmt.TextParser
	fams, err := p.TextToMetricFamilies(strings.NewReader(string(body)))
	require.NoError(t, err)
	return func(fam string, want map[string]string) float64 {
		total := 0.0
		for _, m := range fams[fam].GetMetric() {
			ok := true
			for k, v := range want {
				found := false
				for _, lp := range m.GetLabel() {
					found = found || (lp.GetName() == k && lp.GetValue() == v)
				}
				ok = ok && found
			}
			if ok && m.Counter != nil {
				total += m.GetCounter().GetValue()
			}
		}
		return total
	}
}

// Parallel duplicates run once: one answer, the others replays or 409s.
func TestIdempotencyParallelDuplicates(t *testing.T) {
	n := startNode(t, "")
	acct, key := n.liveKey()
	body := map[string]any{"text": "parallel duplicates"}
	const N = 12
	out := make([]resp, N)
	var wg sync.WaitGroup
	for i := range N {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = n.postIdem("/v1/detect", key, "par-1", body)
		}()
	}
	wg.Wait()
	runs, replays, busy := 0, 0, 0
	var first resp
	for _, r := range out {
		switch {
		case r.status == 409:
			busy++
		case r.status == 200 && r.header.Get("Idempotent-Replayed") == "true":
			replays++
		case r.status == 200:
			runs++
			first = r
		default:
			t.Fatalf("unexpected %d: %s", r.status, r.raw)
		}
	}
	require.Equal(t, 1, runs, "%d replays, %d in flight", replays, busy)
	for _, r := range out {
		if r.status == 200 {
			require.Equal(t, string(first.raw), string(r.raw))
		}
	}
	require.Equal(t, 25_000-2.0, n.balanceCredits(acct), "charged once")
}

// Sandbox: a replay counts no request against the quota.
func TestIdempotencySandboxQuota(t *testing.T) {
	n := startNode(t, "")
	acct := n.account("sbx")
	_, key := n.key(acct, "sandbox")
	first := n.postIdem("/v1/detect", key, "s-1", map[string]any{"text": "sandbox once"})
	requireOK(t, first)
	require.Equal(t, "99", first.header.Get("X-SVC-Sandbox-Remaining"))
	again := n.postIdem("/v1/detect", key, "s-1", map[string]any{"text": "sandbox once"})
	requireReplay(t, first, again)
	require.Equal(t, "99", again.header.Get("X-SVC-Sandbox-Remaining"))
}

// Answers survive a restart and expire 24 hours after their commit.
func TestIdempotencyRestartAndExpiry(t *testing.T) {
	dir := t.TempDir()
	n := startNode(t, dir)
	acct, key := n.liveKey()
	body := map[string]any{"text": "kept across a restart"}
	first := n.postIdem("/v1/detect", key, "r-1", body)
	requireOK(t, first)
	n.stop()
	n = startNode(t, dir)
	requireReplay(t, first, n.postIdem("/v1/detect", key, "r-1", body))
	requireError(t, n.postIdem("/v1/detect", key, "r-1", map[string]any{"text": "another"}), 422, "idempotency_error", "Idempotency-Key")
	n.advance(23 * time.Hour)
	requireReplay(t, first, n.postIdem("/v1/detect", key, "r-1", body))
	n.advance(time.Hour)
	fresh := n.postIdem("/v1/detect", key, "r-1", map[string]any{"text": "another"})
	requireOK(t, fresh)
	require.Empty(t, fresh.header.Get("Idempotent-Replayed"), "24 h after its commit the key is free")
	require.Equal(t, 25_000-4.0, n.balanceCredits(acct))
}

// Admin purchases and refunds under a key: once, replayed, 422 for another
// request; a refused refund stores nothing.
func TestIdempotencyAdminPurchaseAndRefund(t *testing.T) {
	n := startNode(t, "")
	doc := loadOpenAPI(t)
	c := &oaChecker{t: t, n: n, doc: doc, seen: map[string]map[int]int{}, hdr: map[string]string{"Idempotency-Key": "buy-1"}}
	acct := n.account("buyer")
	path := "/admin/v1/accounts/" + acct + "/purchases"
	first := c.call(true, "POST", "/admin/v1/accounts/{id}/purchases", path, adminToken, map[string]any{"pack_usd": 50}, 200)
	requireOK(t, first)
	again := c.call(true, "POST", "/admin/v1/accounts/{id}/purchases", path, adminToken, map[string]any{"pack_usd": 50}, 200)
	requireOK(t, again)
	require.Equal(t, string(first.raw), string(again.raw))
	require.Equal(t, first.header.Get("X-Request-Id"), again.header.Get("X-Request-Id"))
	require.Equal(t, "true", again.header.Get("Idempotent-Replayed"))
	r := c.call(true, "POST", "/admin/v1/accounts/{id}/purchases", path, adminToken, map[string]any{"pack_usd": 100}, 422)
	requireError(t, r, 422, "idempotency_error", "Idempotency-Key")
	require.Equal(t, 50_000.0, n.balanceCredits(acct), "one purchase")
	requireError(t, n.admIdem(path, strings.Repeat("x", 256), map[string]any{"pack_usd": 25}), 400, "invalid_request_error", "Idempotency-Key")

	pur := first.result()["id"].(string)
	c.hdr = map[string]string{"Idempotency-Key": "refund-1"}
	rpath := "/admin/v1/purchases/" + pur + "/refund"
	r1 := c.call(true, "POST", "/admin/v1/purchases/{id}/refund", rpath, adminToken, nil, 200)
	require.Equal(t, 50_000.0, r1.result()["refunded_credits"])
	r2 := c.call(true, "POST", "/admin/v1/purchases/{id}/refund", rpath, adminToken, nil, 200)
	require.Equal(t, string(r1.raw), string(r2.raw), "the retry of a refund replays it, not 409 refund_not_allowed")
	require.Equal(t, "true", r2.header.Get("Idempotent-Replayed"))
	require.Equal(t, 0.0, n.balanceCredits(acct))
	// A refused refund under a new key stores nothing: the key is reusable.
	c.hdr = map[string]string{"Idempotency-Key": "refund-2"}
	requireError(t, c.call(true, "POST", "/admin/v1/purchases/{id}/refund", rpath, adminToken, nil, 409), 409, "refund_not_allowed", "")
	c.hdr = map[string]string{"Idempotency-Key": "refund-2"}
	requireOK(t, c.call(true, "POST", "/admin/v1/accounts/{id}/purchases", path, adminToken, map[string]any{"pack_usd": 25}, 200))
	require.Equal(t, 25_000.0, n.balanceCredits(acct))
}
