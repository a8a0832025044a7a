package httpapi_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// spend runs pro and basic reports (advancing the clock past the 5/min report
// limit) until the key's balance is at most `left` credits above a multiple.
func spendReports(t *testing.T, n *node, key string, pro, basic int) {
	t.Helper()
	body := func(tier string) map[string]any {
		return map[string]any{"tier": tier, "comments": comments(10, func(i int) string { return fmt.Sprintf("comment %d is nice", i) })}
	}
	done := 0
	for i := 0; i < pro+basic; i++ {
		if done == 5 {
			n.advance(61 * time.Second)
			done = 0
		}
		tier := "pro"
		if i >= pro {
			tier = "basic"
		}
		requireOK(t, n.post("/v1/report", key, body(tier)))
		done++
	}
}

func TestLiveBalanceStates(t *testing.T) {
	n := startNode(t, "")
	acc, key := n.liveKey()
	r := n.post("/v1/detect", key, map[string]any{"text": "one"})
	requireOK(t, r)
	require.Equal(t, "24.998", r.header.Get("X-SVC-Balance"))
	require.Empty(t, r.header.Get("X-SVC-Balance-Warning"))

	spendReports(t, n, key, 16, 0) // 24,000 credits
	r = n.post("/v1/detect", key, map[string]any{"text": "two"})
	requireOK(t, r)
	require.Equal(t, "0.996", r.header.Get("X-SVC-Balance"))
	require.Equal(t, "low_balance", r.header.Get("X-SVC-Balance-Warning"), "below 5.00 USD")

	n.advance(61 * time.Second)
	r = n.post("/v1/report", key, map[string]any{"comments": comments(10, func(i int) string { return "x" })})
	requireOK(t, r)
	r = n.post("/v1/report", key, map[string]any{"comments": comments(10, func(i int) string { return "x" })})
	requireError(t, r, 402, "insufficient_credits", "")
	require.Equal(t, 496.0, r.err0()["balance_credits"])
	require.Equal(t, 500.0, r.err0()["required_credits"])
	require.Equal(t, "0.496", r.header.Get("X-SVC-Balance"))
	require.Equal(t, "low_balance", r.header.Get("X-SVC-Balance-Warning"))

	// Free operations keep working without credits.
	requireOK(t, n.get("/v1/usage", key))
	requireOK(t, n.get("/v1/comments", key))
	requireOK(t, n.get("/v1/analytics", key))

	// A purchase restores access at once.
	n.buy(acc, 50)
	r = n.post("/v1/report", key, map[string]any{"comments": comments(10, func(i int) string { return "x" })})
	requireOK(t, r)
	require.Equal(t, "49.996", r.header.Get("X-SVC-Balance"))
	require.Empty(t, r.header.Get("X-SVC-Balance-Warning"))
}

func TestSandboxStates(t *testing.T) {
	n := startNode(t, "")
	acc := n.account("sandbox")
	_, key := n.key(acc, "sandbox")
	// Rate limit: 10 per minute per sandbox key.
	for i := 0; i < 10; i++ {
		r := n.post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("text %d", i)})
		requireOK(t, r)
		require.Equal(t, "sandbox", r.header.Get("X-SVC-Environment"))
		require.Equal(t, "10", r.header.Get("X-RateLimit-Limit"))
		require.Equal(t, fmt.Sprint(9-i), r.header.Get("X-RateLimit-Remaining"))
		require.Equal(t, "0", r.header.Get("X-SVC-Credits-Charged"), "sandbox never consumes credits")
	}
	r := n.post("/v1/detect", key, map[string]any{"text": "eleventh"})
	requireError(t, r, 429, "rate_limit_error", "")
	require.NotEmpty(t, r.header.Get("Retry-After"))
	n.advance(61 * time.Second)

	// Quota: 100 counted requests per account across all its sandbox keys;
	// free reads do not count.
	_, key2 := n.key(acc, "sandbox")
	used := 10
	for used < 100 {
		for i := 0; i < 10 && used < 100; i++ {
			k := key
			if used%2 == 0 {
				k = key2
			}
			requireOK(t, n.post("/v1/detect", k, map[string]any{"text": fmt.Sprintf("quota %d", used)}))
			used++
		}
		requireOK(t, n.get("/v1/usage", key))
		n.advance(61 * time.Second)
	}
	view := n.adm("GET", "/admin/v1/accounts/"+acc, nil)
	require.Equal(t, 100.0, view["sandbox_requests_used"])
	requireError(t, n.post("/v1/detect", key, map[string]any{"text": "over"}), 429, "rate_limit_error", "")
	_, key3 := n.key(acc, "sandbox")
	requireError(t, n.post("/v1/classify", key3, map[string]any{"text": "over"}), 429, "rate_limit_error", "")
	requireOK(t, n.get("/v1/comments", key3))

	// Expiry: 14 days after creation.
	acc2 := n.account("sandbox2")
	_, k := n.key(acc2, "sandbox")
	requireOK(t, n.post("/v1/detect", k, map[string]any{"text": "fresh"}))
	n.advance(14*24*time.Hour - time.Minute)
	requireOK(t, n.post("/v1/detect", k, map[string]any{"text": "still fresh"}))
	n.advance(2 * time.Minute)
	requireError(t, n.post("/v1/detect", k, map[string]any{"text": "expired"}), 401, "authentication_error", "")
}

func TestRefundRules(t *testing.T) {
	n := startNode(t, "")
	acc := n.account("refunds")
	p1 := n.buy(acc, 25)
	_, key := n.key(acc, "live")
	requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "spend two"}))
	r := n.adm("POST", "/admin/v1/purchases/"+p1+"/refund", nil)
	require.Equal(t, 24998.0, r["refunded_credits"], "only unconsumed credits are refunded")
	again := n.do("POST", n.admin+"/admin/v1/purchases/"+p1+"/refund", adminToken, nil)
	requireError(t, again, 409, "refund_not_allowed", "")
	p2 := n.buy(acc, 25)
	n.advance(14*24*time.Hour + time.Minute)
	late := n.do("POST", n.admin+"/admin/v1/purchases/"+p2+"/refund", adminToken, nil)
	requireError(t, late, 409, "refund_not_allowed", "")
	view := n.adm("GET", "/admin/v1/accounts/"+acc, nil)
	require.Equal(t, 25000.0, view["balance_credits"])
}

// TestParallelBalanceForTen: 100 parallel classifies against a balance worth
// exactly 10 of them: exactly 10 succeed, 90 get 402, the balance ends at 0.
func TestParallelBalanceForTen(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	spendReports(t, n, key, 16, 1) // 24,500 -> 500 left
	for i := 0; i < 73; i++ {      // 438 -> 62 left
		requireOK(t, n.post("/v1/classify", key, map[string]any{"text": fmt.Sprintf("unique comment %d about the video", i)}))
	}
	r := n.post("/v1/detect", key, map[string]any{"text": "last detect"}) // 60 left
	requireOK(t, r)
	require.Equal(t, "0.060", r.header.Get("X-SVC-Balance"))

	var ok, paid atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r := n.post("/v1/classify", key, map[string]any{"text": fmt.Sprintf("parallel distinct text %d", i)})
			switch r.status {
			case 200:
				ok.Add(1)
			case 402:
				paid.Add(1)
			}
		}(i)
	}
	wg.Wait()
	require.Equal(t, int32(10), ok.Load())
	require.Equal(t, int32(90), paid.Load())
	require.Equal(t, "0.000", n.get("/v1/usage", key).header.Get("X-SVC-Balance"))
}

// TestParallelSandboxFive: 100 parallel requests (10 keys x 10, within each
// key's rate limit) against 5 remaining quota slots: exactly 5 succeed.
func TestParallelSandboxFive(t *testing.T) {
	n := startNode(t, "")
	acc := n.account("sbx")
	_, k0 := n.key(acc, "sandbox")
	for i := 0; i < 95; i++ {
		if i > 0 && i%10 == 0 {
			n.advance(61 * time.Second)
		}
		requireOK(t, n.post("/v1/detect", k0, map[string]any{"text": fmt.Sprintf("warm %d", i)}))
	}
	n.advance(61 * time.Second)
	keys := make([]string, 10)
	for i := range keys {
		_, keys[i] = n.key(acc, "sandbox")
	}
	var ok, limited atomic.Int32
	var wg sync.WaitGroup
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r := n.post("/v1/detect", keys[i%10], map[string]any{"text": fmt.Sprintf("parallel %d", i)})
			switch r.status {
			case 200:
				ok.Add(1)
			case 429:
				limited.Add(1)
			}
		}(i)
	}
	wg.Wait()
	require.Equal(t, int32(5), ok.Load())
	require.Equal(t, int32(95), limited.Load())
	require.Equal(t, 100.0, n.adm("GET", "/admin/v1/accounts/"+acc, nil)["sandbox_requests_used"])
}

// TestRestartKeepsState stops the node and opens the same data directory.
func TestRestartKeepsState(t *testing.T) {
	n := startNode(t, "")
	acc, key := n.liveKey()
	sacc := n.account("sbx")
	_, skey := n.key(sacc, "sandbox")
	cls := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "persist me please", "channel_id": "c1"}))
	requireOK(t, n.post("/v1/feedback", key, map[string]any{"classification_id": cls["id"], "rating": "correct"}))
	paid := 6.0
	if providers == "mockllm" {
		// With a provider the account's feedback goes into the prompt as
		// examples and into the cache key (learned.go, evidenceParams): the
		// answer cached before the feedback is not served; the one after is
		// what the restarted node must still have.
		again := n.post("/v1/classify", key, map[string]any{"text": "persist me please"})
		requireOK(t, again)
		require.Equal(t, "MISS", again.header.Get("X-SVC-Cache"), "an answer computed before the feedback was served")
		paid += 6
	}
	requireOK(t, n.post("/v1/detect", skey, map[string]any{"text": "sandbox use"}))
	n.stop()

	m := startNode(t, n.dir)
	r := m.get("/v1/comments", key)
	list := requireOK(t, r)
	require.Equal(t, fmt.Sprintf("%.3f", 25-paid/1000), r.header.Get("X-SVC-Balance"))
	comments := list["comments"].([]any)
	require.Len(t, comments, int(paid/6))
	require.Equal(t, cls["id"], comments[len(comments)-1].(map[string]any)["id"])
	requireOK(t, m.post("/v1/comments/"+cls["id"].(string)+"/reply", key, nil))
	require.Equal(t, 1.0, m.adm("GET", "/admin/v1/accounts/"+sacc, nil)["sandbox_requests_used"])
	view := m.adm("GET", "/admin/v1/accounts/"+acc, nil)
	require.Equal(t, 25000.0-paid-8, view["balance_credits"])
	// Feedback applies after the cache (learned.go), so no ledger needs the
	// cache flushed at start: it stays warm on PostgreSQL too.
	hit := m.post("/v1/classify", key, map[string]any{"text": "persist me please"})
	require.Equal(t, "HIT", hit.header.Get("X-SVC-Cache"), "the cache is warm after a restart")
}
