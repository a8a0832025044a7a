package httpapi_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/engine"
	"svc/engine/builtin"
	"svc/engine/provider/mock"
)

// Both providers hung (cmd/mockllm over loopback HTTP), the default policy
// --when-providers-down=builtin: every operation that calls a model answers
// 200 from the built-in engine, with X-SVC-Degraded: builtin,
// fallback_used true and the built-in model where the body has them,
// charged as usual, counted in svc_degraded_total{op}; a degraded answer
// is not cached (the provider answers the same text once it is back).
// Under "fail": 500, nothing charged.
func TestBothProvidersDownDegrade(t *testing.T) {
	m := mock.New(mock.Options{MaxHang: 5 * time.Second})
	up := httptest.NewServer(m)
	t.Cleanup(up.Close)
	cfg := mockConfig(up.URL)
	cfg.WhenProvidersDown = "" // the default: builtin
	// The first requests wait for the objective (the breakers are closed);
	// short, so that the test does not wait long.
	cfg.Objectives = engine.UniformObjectives(time.Second)
	n := startNodeWith(t, "", cfg)
	_, key := n.liveKey()
	metrics0 := n.metrics(t)
	base := map[string]float64{}
	for _, o := range []string{"classify", "moderate", "rubric", "reply", "report", "translate"} {
		base[o] = metrics0("svc_degraded_total", map[string]string{"op": o})
	}
	require.NoError(t, m.Set(mock.Behaviour{Mode: "timeout"}))

	degraded := func(r resp, what, price string) map[string]any {
		t.Helper()
		res := requireOK(t, r)
		require.Equal(t, "builtin", r.header.Get("X-SVC-Degraded"), what)
		require.Equal(t, price, r.header.Get("X-SVC-Credits-Charged"), what)
		return res
	}
	text := "Why is my parcel late again?"
	c := degraded(n.post("/v1/classify", key, map[string]any{"text": text}), "classify", "6")
	require.Equal(t, true, c["fallback_used"])
	require.Equal(t, builtin.Model, c["model"])
	require.Equal(t, "llm_a", c["provider"])
	mo := degraded(n.post("/v1/moderate", key, map[string]any{"text": "you are an idiot"}), "moderate", "4")
	require.Equal(t, true, mo["fallback_used"])
	require.Equal(t, builtin.Model, mo["model"])
	tr := degraded(n.post("/v1/translate", key, map[string]any{"text": "شكرا جزيلا", "target": "en"}), "translate", "5")
	require.Equal(t, builtin.Model, tr["model"])
	require.NotEmpty(t, tr["translated_text"])
	ru := degraded(n.post("/v1/rubric/classify", key, map[string]any{"text": "late parcel", "rubric": map[string]any{"categories": []any{map[string]any{"name": "Shipping"}}, "confidence_threshold": 0}}), "rubric", "3")
	require.Equal(t, builtin.Model, ru["model"])
	require.Equal(t, true, ru["fallback_used"])
	rp := degraded(n.post("/v1/comments/"+c["id"].(string)+"/reply", key, map[string]any{"max_length": 80}), "reply", "8")
	require.NotEmpty(t, rp["reply_text"])
	degraded(n.post("/v1/report", key, map[string]any{"tier": "basic", "comments": comments(10, func(i int) string { return "great stuff" })}), "report", "500")
	d := requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "detect calls no model"}))
	require.NotNil(t, d)

	metrics := n.metrics(t)
	for o, v := range base {
		require.Equal(t, v+1, metrics("svc_degraded_total", map[string]string{"op": o}), "svc_degraded_total{op=%q}", o)
	}
	require.Equal(t, "24.472", n.get("/v1/usage", key).header.Get("X-SVC-Balance"), "degraded answers are charged: 6+4+5+3+8+500 credits, and detect 2")

	// The providers back: the same text is the provider's answer (the
	// degraded one was not cached), once a probe has seen them.
	require.NoError(t, m.Set(mock.Behaviour{Mode: "ok"}))
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		r := n.post("/v1/classify", key, map[string]any{"text": text})
		res := requireOK(t, r)
		if r.header.Get("X-SVC-Degraded") == "" {
			require.Contains(t, []any{"mock-large", "mock-large-b"}, res["model"]) // whichever breaker closed first
			require.Equal(t, "MISS", r.header.Get("X-SVC-Cache"))
			break
		}
		require.Less(t, time.Now(), deadline, "the providers back for a minute, answers still degraded")
	}
}

// --when-providers-down=fail: both providers hung, a paid request fails
// (500 api_error) and charges nothing.
func TestBothProvidersDownFail(t *testing.T) {
	m := mock.New(mock.Options{MaxHang: 5 * time.Second})
	up := httptest.NewServer(m)
	t.Cleanup(up.Close)
	cfg := mockConfig(up.URL)
	cfg.WhenProvidersDown = engine.ProvidersDownFail
	cfg.Objectives = engine.UniformObjectives(time.Second)
	n := startNodeWith(t, "", cfg)
	_, key := n.liveKey()
	require.NoError(t, m.Set(mock.Behaviour{Mode: "timeout"}))
	r := n.post("/v1/classify", key, map[string]any{"text": "Why is my parcel late?"})
	requireError(t, r, 500, "api_error", "")
	require.Equal(t, "0", r.header.Get("X-SVC-Credits-Charged"))
	require.Empty(t, r.header.Get("X-SVC-Degraded"))
	require.Equal(t, "25.000", n.get("/v1/usage", key).header.Get("X-SVC-Balance"))
}
