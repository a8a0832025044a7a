package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/valyala/fasthttp"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/engine/provider/mock"
	"svc/httpapi"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/pgledger"
)

const adminToken = "test-admin-token"

// node is one running server: the real ledger on disk, the real cache, the
// built-in engine, both listeners on loopback.
type node struct {
	t      *testing.T
	dir    string
	base   string // public base URL
	admin  string // admin base URL
	stop   func()
	client *http.Client
}

// providers selects the engine of every node: "" for the built-in analyzers,
// "mockllm" for both providers wired to an in-process cmd/mockllm over real
// loopback HTTP (SVC_TEST_PROVIDERS=mockllm; make test runs both).
var providers = os.Getenv("SVC_TEST_PROVIDERS")

// engineConfig returns the engine configuration of the selected mode.
func engineConfig(t *testing.T) engine.Config {
	if providers != "mockllm" {
		return engine.Config{}
	}
	up := httptest.NewServer(mock.New(mock.Options{}))
	t.Cleanup(up.Close)
	return mockConfig(up.URL)
}

// mockConfig wires both providers (primary and fallback models) to a mock upstream.
func mockConfig(url string) engine.Config {
	return engine.Config{
		LLMA:    engine.ProviderConfig{BaseURL: url + "/v1", APIKey: "k", Model: "mock-large", FallbackModel: "mock-small"},
		LLMB:    engine.ProviderConfig{BaseURL: url + "/v1", APIKey: "k", Model: "mock-large-b", FallbackModel: "mock-small-b"},
		Timeout: 3 * time.Second, Objectives: engine.UniformObjectives(8 * time.Second),
		// The suite asserts the failures of the provider path (500, nothing
		// charged); degraded_test.go the default, "builtin".
		WhenProvidersDown: engine.ProvidersDownFail,
	}
}

// TestMain: the package's shared PostgreSQL (started only when a test asks
// for it: SVC_TEST_LEDGER=postgres).
func TestMain(m *testing.M) { testpg.Main(m) }

// openLedger opens the node's ledger on dir: Pebble in dir/ledger, or with
// SVC_TEST_LEDGER=postgres (make test runs the suite both ways) a database
// on the package's PostgreSQL, named in dir/ledger.pgurl so a restart on the
// same dir reopens it.
func openLedger(t *testing.T, dir, kind string, now func() time.Time) ledger.Ledger {
	t.Helper()
	if kind == "" {
		kind = os.Getenv("SVC_TEST_LEDGER")
	}
	if kind != "postgres" {
		led, err := ledger.Open(filepath.Join(dir, "ledger"), now)
		require.NoError(t, err)
		return led
	}
	urlFile := filepath.Join(dir, "ledger.pgurl")
	url, err := os.ReadFile(urlFile)
	if err != nil {
		u := testpg.DB(t)
		require.NoError(t, os.WriteFile(urlFile, []byte(u), 0o600))
		url = []byte(u)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	led, err := pgledger.Open(ctx, string(url), pgledger.Options{Now: now})
	require.NoError(t, err)
	return led
}

// startNode starts a server on dir (a fresh temp dir when "").
func startNode(t *testing.T, dir string) *node {
	t.Helper()
	return startNodeWith(t, dir, engineConfig(t))
}

// startNodeWith starts a server on dir with the given engine configuration.
func startNodeWith(t *testing.T, dir string, ecfg engine.Config) *node {
	t.Helper()
	n, _ := startNodeFull(t, dir, ecfg, nodeOptions{})
	return n
}

// nodeOptions are the knobs some tests need beyond the defaults.
type nodeOptions struct {
	cfg   httpapi.Config                    // AdminToken and TestClock are always set
	tweak func(*fasthttp.Server)            // applied to both listeners' servers
	wrap  func(ledger.Ledger) ledger.Ledger // wraps the ledger the server uses
	// ledger is "pebble" or "postgres"; "" follows SVC_TEST_LEDGER.
	ledger string
	// scope is the cache scope ("" is account).
	scope string
}

// startNodeFull starts a server on dir (a fresh temp dir when "") and
// returns it with its engine. Every other starter calls this one.
func startNodeFull(t *testing.T, dir string, ecfg engine.Config, o nodeOptions) (*node, *engine.Engine) {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	clk := clock.New()
	led := openLedger(t, dir, o.ledger, clk.Now)
	scope := o.scope
	if scope == "" {
		scope = "account"
	}
	ch, err := cache.Open(cache.Options{Dir: filepath.Join(dir, "cache"), Scope: scope, Now: clk.Now})
	require.NoError(t, err)
	eng, err := engine.New(ecfg)
	require.NoError(t, err)
	var l ledger.Ledger = led
	if o.wrap != nil {
		l = o.wrap(led)
	}
	cfg := o.cfg
	cfg.AdminToken, cfg.TestClock = adminToken, true
	srv := httpapi.New(cfg, l, eng, ch, clk)
	pub := httpapi.NewHTTPServer(srv.Handler(), "svc")
	adm := httpapi.NewHTTPServer(srv.AdminHandler(), "svc-admin")
	if o.tweak != nil {
		o.tweak(pub)
		o.tweak(adm)
	}
	pl, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	pl = httpapi.ProxyListener(pl, cfg.TrustedProxies)
	al, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go pub.Serve(pl)
	go adm.Serve(al)
	tr := &http.Transport{MaxIdleConnsPerHost: 200}
	n := &node{t: t, dir: dir, base: "http://" + pl.Addr().String(), admin: "http://" + al.Addr().String(),
		client: &http.Client{Timeout: 60 * time.Second, Transport: tr}}
	stopped := false
	n.stop = func() {
		if stopped {
			return
		}
		stopped = true
		tr.CloseIdleConnections()
		_ = pub.Shutdown()
		_ = adm.Shutdown()
		eng.Close()
		_ = ch.Close()
		_ = led.Close()
	}
	t.Cleanup(n.stop)
	return n, eng
}

// resp is a decoded response.
type resp struct {
	status int
	header http.Header
	body   map[string]any // the whole JSON body
	raw    []byte
}

// result returns the envelope's result object.
func (r resp) result() map[string]any {
	m, _ := r.body["result"].(map[string]any)
	return m
}

// err0 returns the first error object of the envelope.
func (r resp) err0() map[string]any {
	es, _ := r.body["errors"].([]any)
	if len(es) == 0 {
		return nil
	}
	m, _ := es[0].(map[string]any)
	return m
}

func (n *node) do(method, url, key string, body any) resp {
	n.t.Helper()
	return n.doH(method, url, key, nil, body)
}

// doH is do with extra request headers.
func (n *node) doH(method, url, key string, hdr map[string]string, body any) resp {
	n.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		require.NoError(n.t, err)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, url, rd)
	require.NoError(n.t, err)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := n.client.Do(req)
	require.NoError(n.t, err)
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	require.NoError(n.t, err)
	r := resp{status: res.StatusCode, header: res.Header, raw: raw}
	if len(raw) > 0 {
		require.NoError(n.t, json.Unmarshal(raw, &r.body), "body: %s", raw)
	}
	return r
}

// post and get call the public API.
func (n *node) post(path, key string, body any) resp { return n.do("POST", n.base+path, key, body) }
func (n *node) get(path, key string) resp            { return n.do("GET", n.base+path, key, nil) }

// adm calls the admin API and requires success.
func (n *node) adm(method, path string, body any) map[string]any {
	n.t.Helper()
	req := func() resp {
		var rd io.Reader
		if body != nil {
			j, _ := json.Marshal(body)
			rd = bytes.NewReader(j)
		}
		hr, _ := http.NewRequest(method, n.admin+path, rd)
		hr.Header.Set("Authorization", "Bearer "+adminToken)
		hr.Header.Set("Content-Type", "application/json")
		res, err := n.client.Do(hr)
		require.NoError(n.t, err)
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		r := resp{status: res.StatusCode, header: res.Header, raw: raw}
		require.NoError(n.t, json.Unmarshal(raw, &r.body), "admin body: %s", raw)
		return r
	}()
	require.Equal(n.t, 200, req.status, "admin %s %s: %s", method, path, req.raw)
	return req.result()
}

// account creates an account and returns its id.
func (n *node) account(name string) string {
	return n.adm("POST", "/admin/v1/accounts", map[string]any{"name": name})["id"].(string)
}

// key creates a key of kind for account and returns (key id, secret).
func (n *node) key(account, kind string) (string, string) {
	m := n.adm("POST", "/admin/v1/accounts/"+account+"/keys", map[string]any{"kind": kind})
	return m["id"].(string), m["key"].(string)
}

// buy purchases a pack and returns the purchase id.
func (n *node) buy(account string, usd int) string {
	return n.adm("POST", "/admin/v1/accounts/"+account+"/purchases", map[string]any{"pack_usd": usd})["id"].(string)
}

// advance moves the test clock.
func (n *node) advance(d time.Duration) {
	n.adm("POST", "/admin/v1/clock", map[string]any{"advance_seconds": int(d.Seconds())})
}

// liveKey returns a fresh account with a 25 USD pack and its live key.
func (n *node) liveKey() (account, key string) {
	account = n.account("live-" + fmt.Sprint(time.Now().UnixNano()))
	n.buy(account, 25)
	_, key = n.key(account, "live")
	return account, key
}

// requireError checks an error response: status, type, and param (when not "").
func requireError(t *testing.T, r resp, status int, typ, param string) {
	t.Helper()
	require.Equal(t, status, r.status, "body: %s", r.raw)
	require.Equal(t, false, r.body["success"], "body: %s", r.raw)
	require.Nil(t, r.body["result"])
	e := r.err0()
	require.NotNil(t, e, "no error object: %s", r.raw)
	require.Equal(t, typ, e["type"], "body: %s", r.raw)
	require.NotEmpty(t, e["message"])
	if param != "" {
		require.Equal(t, param, e["param"], "body: %s", r.raw)
	}
	require.Equal(t, r.header.Get("X-Request-Id"), r.body["request_id"])
	require.True(t, strings.HasPrefix(r.body["request_id"].(string), "req_"))
}

// requireOK checks a success envelope and returns its result.
func requireOK(t *testing.T, r resp) map[string]any {
	t.Helper()
	require.Equal(t, 200, r.status, "body: %s", r.raw)
	require.Equal(t, true, r.body["success"], "body: %s", r.raw)
	require.Equal(t, []any{}, r.body["errors"])
	require.NotEmpty(t, r.body["request_id"])
	require.Equal(t, r.header.Get("X-Request-Id"), r.body["request_id"])
	return r.result()
}

func comments(n int, text func(i int) string) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = map[string]any{"text": text(i), "author": fmt.Sprintf("user%d", i%4), "likes": i}
	}
	return out
}
