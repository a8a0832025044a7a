package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/engine/provider/mock"
)

// providerNode starts a node whose providers both point at one in-process
// mockllm over real loopback HTTP, with mockConfig's timeouts: a call that
// answers must never time out on a loaded machine (a 400 ms timeout made
// a slow answer fall back, issue 14); a hung call is cut within seconds.
func providerNode(t *testing.T) (*node, *mock.Server) {
	m := mock.New(mock.Options{MaxHang: 5 * time.Second})
	up := httptest.NewServer(m)
	t.Cleanup(up.Close)
	return startNodeWith(t, "", mockConfig(up.URL)), m
}

func TestProviderPathAnswersEveryOperation(t *testing.T) {
	n, _ := providerNode(t)
	_, key := n.liveKey()
	c := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "Why is the app so slow?"}))
	require.Equal(t, "llm_a", c["provider"])
	require.Equal(t, "mock-large", c["model"])
	require.Equal(t, false, c["fallback_used"])
	require.Greater(t, c["tokens_used"].(float64), 0.0)
	ar := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "ليش التطبيق بطيء وايد؟"}))
	require.Equal(t, "llm_b", ar["provider"])
	require.Equal(t, "mock-large-b", ar["model"])
	tr := requireOK(t, n.post("/v1/translate", key, map[string]any{"text": "شكرا جزيلا", "target": "en"}))
	require.Equal(t, "llm_a", tr["provider"], "translate calls llm_a directly")
	mo := requireOK(t, n.post("/v1/moderate", key, map[string]any{"text": "you are an idiot"}))
	require.Equal(t, "llm_a", mo["provider"])
	ru := requireOK(t, n.post("/v1/rubric/classify?provider=llm_b", key, map[string]any{"text": "late parcel", "rubric": map[string]any{"categories": []any{map[string]any{"name": "Shipping"}}, "confidence_threshold": 0}}))
	require.Equal(t, "llm_b", ru["provider"])
	rp := n.post("/v1/comments/"+c["id"].(string)+"/reply", key, map[string]any{"max_length": 60})
	require.LessOrEqual(t, len([]rune(requireOK(t, rp)["reply_text"].(string))), 60)
	rep := n.post("/v1/report", key, map[string]any{"tier": "pro", "comments": comments(12, func(i int) string { return "great stuff" })})
	require.Equal(t, "llm_a", rep.header.Get("X-SVC-Provider"))
	requireOK(t, rep)
}

func TestProviderFallbackAndFailures(t *testing.T) {
	n, m := providerNode(t)
	_, key := n.liveKey()

	// The primary model fails once: its fallback model answers and is charged.
	require.NoError(t, m.Set(mock.Behaviour{Mode: "error500", Count: 1}))
	r := n.post("/v1/classify", key, map[string]any{"text": "first question about pricing?"})
	res := requireOK(t, r)
	require.Equal(t, true, res["fallback_used"])
	require.Equal(t, "llm_a", res["provider"])
	require.Equal(t, "mock-small", res["model"])
	require.Equal(t, "6", r.header.Get("X-SVC-Credits-Charged"))
	bal := r.header.Get("X-SVC-Balance")

	// Every upstream call fails: 500 api_error, nothing charged.
	for _, mode := range []string{"error500", "bad_json", "empty"} {
		require.NoError(t, m.Set(mock.Behaviour{Mode: mode}))
		f := n.post("/v1/classify", key, map[string]any{"text": "a question in mode " + mode + "?"})
		requireError(t, f, 500, "api_error", "")
		require.Equal(t, bal, f.header.Get("X-SVC-Balance"), "mode %s: a failed call is not charged", mode)
		require.Equal(t, "0", f.header.Get("X-SVC-Credits-Charged"))
	}
	// Rubric: unusable output after the retry and the chain -> 502, not charged.
	require.NoError(t, m.Set(mock.Behaviour{Mode: "bad_json"}))
	rb := n.post("/v1/rubric/classify", key, map[string]any{"text": "x", "rubric": map[string]any{"categories": []any{map[string]any{"name": "A"}}}})
	requireError(t, rb, 502, "rubric_unparseable", "")
	require.Equal(t, bal, rb.header.Get("X-SVC-Balance"))

	// Translate calls llm_a directly: with llm_a down it fails, never llm_b.
	require.NoError(t, m.Set(mock.Behaviour{Mode: "error500"}))
	requireError(t, n.post("/v1/translate", key, map[string]any{"text": "hello", "target": "ar"}), 500, "api_error", "")

	// Output naming a category outside the rubric never reaches the client.
	require.NoError(t, m.Set(mock.Behaviour{Mode: "invalid"}))
	ok := n.post("/v1/rubric/classify", key, map[string]any{"text": "late parcel", "rubric": map[string]any{"categories": []any{map[string]any{"name": "Shipping"}}, "multi_label": true, "confidence_threshold": 0}})
	if ok.status == 200 {
		for _, c := range ok.result()["categories"].([]any) {
			require.Equal(t, "Shipping", c.(map[string]any)["name"])
		}
		require.NotContains(t, string(ok.raw), mock.NotInRubric)
	} else {
		requireError(t, ok, 502, "rubric_unparseable", "")
	}
	require.NoError(t, m.Set(mock.Behaviour{Mode: "ok"}))
	requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "detect never calls a model"}))
}

// TestHungUpstreamIsBounded: with every upstream call hanging, requests end
// within the engine budget with 500, charge nothing, and leave no goroutine behind.
func TestHungUpstreamIsBounded(t *testing.T) {
	n, m := providerNode(t)
	_, key := n.liveKey()
	requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "warm"}))
	n.client.CloseIdleConnections()
	time.Sleep(100 * time.Millisecond)
	base := liveGoroutines()
	require.NoError(t, m.Set(mock.Behaviour{Mode: "timeout"}))
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r := n.post("/v1/classify", key, map[string]any{"text": "hung upstream question number " + string(rune('a'+i)) + "?"})
			require.Equal(t, 500, r.status)
			require.Equal(t, "0", r.header.Get("X-SVC-Credits-Charged"))
		}(i)
	}
	wg.Wait()
	// The budget (mockConfig: 3 s a call, 8 s a request) ends every
	// request; the mock would hang for 10 minutes. The bound only tells the two apart: generous for a loaded
	// machine, no assertion on how fast.
	require.Less(t, time.Since(start), time.Minute, "the budget (8 s) bounds every request")
	require.NoError(t, m.Set(mock.Behaviour{Mode: "ok"}))
	require.Equal(t, "24.998", n.get("/v1/usage", key).header.Get("X-SVC-Balance"), "only the warm-up detect was charged")
	n.client.CloseIdleConnections()         // the test client's own keep-alive goroutines
	deadline := time.Now().Add(time.Minute) // the loop ends as soon as they are gone
	for liveGoroutines() > base+2 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if g := liveGoroutines(); g > base+2 {
		buf := make([]byte, 1<<20)
		t.Fatalf("goroutines: %d, baseline %d\n%s", g, base, buf[:runtime.Stack(buf, true)])
	}
}

// liveGoroutines counts goroutines other than fasthttp's idle pooled workers
// (kept for reuse and reaped after MaxIdleWorkerDuration: bounded, not leaked).
func liveGoroutines() int {
	buf := make([]byte, 4<<20)
	n := 0
	for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		if strings.Contains(g, "fasthttp.(*workerPool).workerFunc") && strings.Contains(g, "[chan receive") {
			continue
		}
		n++
	}
	return n
}

// With every upstream failing, the breakers open and /v1/health, /metrics
// and the admin API say so; requests still fail with 500 (each one probes),
// nothing is charged, and the first request after the upstream is back
// succeeds.
func TestBreakerStateExposed(t *testing.T) {
	// The breakers' clock is frozen: an open breaker stays open until a
	// probe succeeds, however slowly a loaded machine runs the requests
	// (with the real clock, a cooldown could pass before /v1/health).
	frozen := time.Now()
	m := mock.New(mock.Options{MaxHang: 5 * time.Second})
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	cfg := mockConfig(srv.URL)
	cfg.BreakerClock = func() time.Time { return frozen }
	n, up := startNodeWith(t, "", cfg), m
	acc, key := n.liveKey()
	before := n.balance(acc)
	require.NoError(t, up.Set(mock.Behaviour{Mode: "error500"}))
	for i := 0; i < 8; i++ {
		r := n.post("/v1/classify", key, map[string]any{"text": fmt.Sprintf("breaker text %d, where is my order?", i)})
		require.Equal(t, 500, r.status, "%s", r.raw)
		require.Equal(t, "api_error", r.err0()["type"])
	}
	require.Equal(t, before, n.balance(acc), "failed requests charge nothing")
	h := n.get("/v1/health", "")
	require.Equal(t, 200, h.status)
	require.Equal(t, "down", h.body["classifier"])
	require.Equal(t, "degraded", h.body["status"])

	st, _, body := n.adminGet("/metrics", true)
	require.Equal(t, 200, st)
	require.Contains(t, string(body), `svc_provider_breaker_state{model="mock-large",provider="llm_a",state="open"} 1`)
	require.Contains(t, string(body), `svc_provider_breaker_state{model="mock-large",provider="llm_a",state="closed"} 0`)
	st, _, body = n.adminGet("/admin/v1/providers", true)
	require.Equal(t, 200, st)
	var prov struct {
		Result struct {
			Classifier string `json:"classifier"`
			Breakers   []struct {
				Provider, Model, State string
				OpenUntil              *string `json:"open_until"`
			} `json:"breakers"`
		} `json:"result"`
	}
	require.NoError(t, json.Unmarshal(body, &prov))
	require.Equal(t, "down", prov.Result.Classifier)
	require.Equal(t, "llm_a", prov.Result.Breakers[0].Provider)
	require.Equal(t, "open", prov.Result.Breakers[0].State)
	require.NotNil(t, prov.Result.Breakers[0].OpenUntil)

	up.Reset()
	c := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "the upstream is back, where is my order?"}))
	require.Equal(t, "llm_a", c["provider"])
}

// An output-mode switch (a 400 naming response_format) shows in /metrics
// and in the admin API, for the model that switched only.
func TestOutputModeExposed(t *testing.T) {
	n, up := providerNode(t)
	_, key := n.liveKey()
	require.NoError(t, up.Set(mock.Behaviour{Mode: "no_json_schema"}))
	c := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "Why is the app so slow?"}))
	require.Equal(t, "llm_a", c["provider"])
	require.Equal(t, "mock-large", c["model"])

	st, _, body := n.adminGet("/metrics", true)
	require.Equal(t, 200, st)
	require.Contains(t, string(body), `svc_provider_output_mode{mode="json_object",model="mock-large",provider="llm_a"} 1`)
	require.Contains(t, string(body), `svc_provider_output_mode{mode="json_schema",model="mock-large",provider="llm_a"} 0`)
	require.Contains(t, string(body), `svc_provider_output_mode{mode="json_schema",model="mock-large-b",provider="llm_b"} 1`)
	st, _, body = n.adminGet("/admin/v1/providers", true)
	require.Equal(t, 200, st)
	var prov struct {
		Result struct {
			Breakers []struct {
				Provider   string `json:"provider"`
				Model      string `json:"model"`
				OutputMode string `json:"output_mode"`
			} `json:"breakers"`
		} `json:"result"`
	}
	require.NoError(t, json.Unmarshal(body, &prov))
	modes := map[string]string{}
	for _, b := range prov.Result.Breakers {
		modes[b.Provider+"/"+b.Model] = b.OutputMode
	}
	require.Equal(t, map[string]string{"llm_a/mock-large": "json_object", "llm_a/mock-small": "json_schema",
		"llm_b/mock-large-b": "json_schema", "llm_b/mock-small-b": "json_schema"}, modes)
}
