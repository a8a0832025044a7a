package httpapi_test

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/engine/provider/mock"
)

// svc_provider_in_flight counts a provider's calls holding an in-flight
// slot: 1 for llm_a while the mock holds the one classify call, 0 for llm_b
// (no call), and 0 for both once the request has been answered.
func TestProviderInFlightGauge(t *testing.T) {
	const marker = "in-flight gauge question"
	entered, release := make(chan struct{}, 1), make(chan struct{})
	m := mock.New(mock.Options{MaxHang: 5 * time.Second, OnChat: func(_, _, input string) {
		if strings.Contains(input, marker) {
			select {
			case entered <- struct{}{}:
			default:
			}
			<-release
		}
	}})
	up := httptest.NewServer(m)
	t.Cleanup(up.Close)
	released := false
	t.Cleanup(func() {
		if !released {
			close(release)
		}
	})
	cfg := mockConfig(up.URL)
	cfg.HedgeRatio = -1 // one call: no hedge on llm_a's fallback or llm_b
	cfg.Timeout = time.Minute
	n := startNodeWith(t, "", cfg)
	_, key := n.liveKey()
	gauges := func() string {
		st, _, body := n.adminGet("/metrics", true)
		require.Equal(t, 200, st)
		var out []string
		for _, l := range strings.Split(string(body), "\n") {
			if strings.HasPrefix(l, "svc_provider_in_flight{") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	require.Equal(t, "svc_provider_in_flight{provider=\"llm_a\"} 0\nsvc_provider_in_flight{provider=\"llm_b\"} 0", gauges())

	done := make(chan resp, 1)
	go func() {
		done <- n.post("/v1/classify", key, map[string]any{"text": "Why is this " + marker + " slow?"})
	}()
	select {
	case <-entered:
	case <-time.After(time.Minute): // bounds a hang only
		t.Fatal("the classify call never reached the mock")
	}
	require.Equal(t, "svc_provider_in_flight{provider=\"llm_a\"} 1\nsvc_provider_in_flight{provider=\"llm_b\"} 0", gauges())
	close(release)
	released = true
	r := <-done
	requireOK(t, r)
	require.Equal(t, "llm_a", r.result()["provider"])
	require.Equal(t, "svc_provider_in_flight{provider=\"llm_a\"} 0\nsvc_provider_in_flight{provider=\"llm_b\"} 0", gauges())
}
