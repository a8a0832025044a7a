package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/common/expfmt"
	"github.com/stretchr/testify/require"
)

// adminGet fetches an admin path with (or without) the admin token.
func (n *node) adminGet(path string, token bool) (int, http.Header, []byte) {
	n.t.Helper()
	req, err := http.NewRequest("GET", n.admin+path, nil)
	require.NoError(n.t, err)
	if token {
		req.Header.Set("Authorization", "Bearer "+adminToken)
	}
	res, err := n.client.Do(req)
	require.NoError(n.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(n.t, err)
	return res.StatusCode, res.Header, b
}

// /metrics needs the admin token, parses with the Prometheus text parser and
// carries the request, cache, provider, ledger and credit metrics.
func TestMetricsExposition(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "I love this video, thank you!"}))
	requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "I love this video, thank you!"})) // cache hit
	requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "hello there"}))
	n.post("/v1/detect", key, map[string]any{}) // 400
	n.get("/v1/usage", "")                      // 401
	n.get("/v1/nope", key)                      // 404 other

	st, _, _ := n.adminGet("/metrics", false)
	require.Equal(t, 401, st)
	st, hdr, body := n.adminGet("/metrics", true)
	require.Equal(t, 200, st)
	require.Contains(t, hdr.Get("Content-Type"), "text/plain")

	var p expfmt.TextParser
	fams, err := p.TextToMetricFamilies(strings.NewReader(string(body)))
	require.NoError(t, err, "exposition must parse")
	for _, name := range []string{
		"svc_http_requests_total", "svc_http_request_duration_seconds", "svc_http_requests_in_flight",
		"svc_upstream_calls_in_flight", "svc_cache_requests_total", "svc_credits_captured_total",
		"svc_provider_calls_total", "svc_provider_errors_total", "svc_provider_call_duration_seconds",
		"svc_ledger_commit_duration_seconds", "svc_ledger_commit_errors_total", "svc_build_info", "go_goroutines", "process_cpu_seconds_total",
		"svc_cache_entries", "svc_cache_bytes", "svc_cache_lookups_total", "svc_cache_dropped_total", "svc_cache_embed_calls_total", "svc_cache_exact_only_loaded",
	} {
		require.Contains(t, fams, name)
	}
	// value returns the sum of a family's samples whose labels include want.
	value := func(fam string, want map[string]string) float64 {
		total := 0.0
		for _, m := range fams[fam].GetMetric() {
			ok := true
			for k, v := range want {
				found := false
				for _, lp := range m.GetLabel() {
					if lp.GetName() == k && lp.GetValue() == v {
						found = true
					}
				}
				ok = ok && found
			}
			if !ok {
				continue
			}
			switch {
			case m.Counter != nil:
				total += m.GetCounter().GetValue()
			case m.Histogram != nil:
				total += float64(m.GetHistogram().GetSampleCount())
			case m.Gauge != nil:
				total += m.GetGauge().GetValue()
			}
		}
		return total
	}
	require.GreaterOrEqual(t, value("svc_http_requests_total", map[string]string{"endpoint": "/v1/classify", "status": "200"}), 2.0)
	require.GreaterOrEqual(t, value("svc_http_requests_total", map[string]string{"endpoint": "/v1/detect", "status": "400"}), 1.0)
	require.GreaterOrEqual(t, value("svc_http_requests_total", map[string]string{"endpoint": "/v1/usage", "status": "401"}), 1.0)
	require.GreaterOrEqual(t, value("svc_http_requests_total", map[string]string{"endpoint": "other", "status": "404"}), 1.0)
	require.GreaterOrEqual(t, value("svc_http_request_duration_seconds", map[string]string{"endpoint": "/v1/classify"}), 2.0)
	require.GreaterOrEqual(t, value("svc_cache_requests_total", map[string]string{"endpoint": "/v1/classify", "result": "hit"}), 1.0)
	require.GreaterOrEqual(t, value("svc_cache_requests_total", map[string]string{"endpoint": "/v1/classify", "result": "miss"}), 1.0)
	// This server's cache: the classify and detect misses were stored, the repeat hit exactly.
	require.GreaterOrEqual(t, value("svc_cache_entries", nil), 2.0)
	require.Greater(t, value("svc_cache_bytes", nil), 0.0)
	require.GreaterOrEqual(t, value("svc_cache_lookups_total", map[string]string{"result": "exact_hit"}), 1.0)
	require.GreaterOrEqual(t, value("svc_cache_lookups_total", map[string]string{"result": "miss"}), 2.0)
	require.Equal(t, 0.0, value("svc_cache_embed_calls_total", map[string]string{"result": "fallback"}), "n-gram embedder: no provider calls")
	require.GreaterOrEqual(t, value("svc_provider_calls_total", map[string]string{"provider": "llm_a", "endpoint": "/v1/classify"}), 1.0)
	require.GreaterOrEqual(t, value("svc_provider_call_duration_seconds", map[string]string{"provider": "llm_a"}), 1.0)
	require.GreaterOrEqual(t, value("svc_ledger_commit_duration_seconds", nil), 3.0)
	require.GreaterOrEqual(t, value("svc_credits_captured_total", map[string]string{"endpoint": "/v1/classify"}), 6.0)
	require.GreaterOrEqual(t, value("svc_credits_captured_total", map[string]string{"endpoint": "/v1/detect"}), 2.0)
	// classify names its model in the result; the metric carries it.
	for _, m := range fams["svc_provider_calls_total"].GetMetric() {
		labels := map[string]string{}
		for _, lp := range m.GetLabel() {
			labels[lp.GetName()] = lp.GetValue()
		}
		if labels["endpoint"] == "/v1/classify" && m.GetCounter().GetValue() > 0 {
			require.NotEmpty(t, labels["model"], "model is read from the result")
		}
	}
}

// pprof is served on the admin listener behind the admin token.
func TestPprofBehindToken(t *testing.T) {
	n := startNode(t, "")
	st, _, _ := n.adminGet("/debug/pprof/", false)
	require.Equal(t, 401, st)
	st, _, body := n.adminGet("/debug/pprof/", true)
	require.Equal(t, 200, st)
	require.Contains(t, string(body), "goroutine")
	st, _, body = n.adminGet("/debug/pprof/goroutine?debug=1", true)
	require.Equal(t, 200, st)
	require.Contains(t, string(body), "goroutine profile")
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Each request writes one JSON line with request_id, account, endpoint,
// status, latency, cache and provider (docs/operations.md), and no key.
func TestRequestLogFields(t *testing.T) {
	var buf lockedBuffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(prev) })
	n := startNode(t, "")
	acct, key := n.liveKey()
	r := n.post("/v1/classify", key, map[string]any{"text": "Where can I buy this?"})
	requireOK(t, r)
	rid := r.header.Get("X-Request-Id")
	n.stop()

	var line map[string]any
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.Contains(l, rid) {
			require.NoError(t, json.Unmarshal([]byte(l), &line), l)
			break
		}
	}
	require.NotNil(t, line, "no log line for %s", rid)
	require.Equal(t, "request", line["msg"])
	require.Equal(t, rid, line["request_id"])
	require.Equal(t, acct, line["account"])
	require.Equal(t, "/v1/classify", line["endpoint"])
	require.EqualValues(t, 200, line["status"])
	require.Contains(t, line, "latency_us")
	require.Equal(t, "MISS", line["cache"])
	require.Equal(t, r.header.Get("X-SVC-Provider"), line["provider"])
	require.NotContains(t, buf.String(), key)
}
