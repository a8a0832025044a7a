package httpapi_test

import (
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/internal/testredis"
	"svc/ledger"
)

// twoNodes starts two servers over one ledger, one clock and one Redis, as
// two nodes of a cluster: only the limits' sharing is under test here (the
// cluster package runs real processes on PostgreSQL).
func twoNodes(t *testing.T, redisURL string) (*node, *node) {
	t.Helper()
	dir := t.TempDir()
	clk := clock.New()
	led, err := ledger.Open(filepath.Join(dir, "ledger"), clk.Now)
	require.NoError(t, err)
	t.Cleanup(func() { led.Close() })
	var nodes [2]*node
	for i := range nodes {
		ch, err := cache.Open(cache.Options{Dir: filepath.Join(dir, "cache"+strconv.Itoa(i)), Scope: "account", Now: clk.Now})
		require.NoError(t, err)
		eng, err := engine.New(engine.Config{})
		require.NoError(t, err)
		rl, err := httpapi.OpenRedisLimits(redisURL, 5*time.Second) // no fallback on a loaded machine
		require.NoError(t, err)
		srv := httpapi.New(httpapi.Config{AdminToken: adminToken, TestClock: true, Redis: rl}, led, eng, ch, clk)
		pub, adm := httpapi.NewHTTPServer(srv.Handler(), "svc"), httpapi.NewHTTPServer(srv.AdminHandler(), "svc-admin")
		pl, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		al, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		go pub.Serve(pl)
		go adm.Serve(al)
		t.Cleanup(func() { pub.Shutdown(); adm.Shutdown(); eng.Close(); ch.Close(); rl.Close() })
		nodes[i] = &node{t: t, dir: dir, base: "http://" + pl.Addr().String(), admin: "http://" + al.Addr().String(),
			client: &http.Client{Timeout: 60 * time.Second}, stop: func() {}}
	}
	return nodes[0], nodes[1]
}

// The sandbox key's 10/min and the report's 5/min per account hold across
// two nodes sharing Redis, with the headers one node gives: X-RateLimit-*
// counting down over both nodes, then 429 rate_limit_error with Retry-After
// the seconds until X-RateLimit-Reset.
func TestRedisLimitsSharedAcrossNodes(t *testing.T) {
	srv := testredis.Start(t)
	a, b := twoNodes(t, srv.URL)
	acc := a.account("shared-limits")
	_, key := a.key(acc, "sandbox")
	nodes := []*node{a, b}
	var reset string
	for i := range 10 {
		r := nodes[i%2].post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("text %d", i)})
		requireOK(t, r)
		require.Equal(t, "10", r.header.Get("X-RateLimit-Limit"))
		require.Equal(t, strconv.Itoa(9-i), r.header.Get("X-RateLimit-Remaining"), "request %d", i)
		if i == 0 {
			reset = r.header.Get("X-RateLimit-Reset")
		}
		require.Equal(t, reset, r.header.Get("X-RateLimit-Reset"), "the oldest request sets the reset")
	}
	for _, n := range nodes {
		r := n.post("/v1/detect", key, map[string]any{"text": "eleventh"})
		requireError(t, r, 429, "rate_limit_error", "")
		require.Equal(t, "0", r.header.Get("X-RateLimit-Remaining"))
		require.Equal(t, reset, r.header.Get("X-RateLimit-Reset"))
		at, err := time.Parse(time.RFC3339, reset)
		require.NoError(t, err)
		wait, err := strconv.Atoi(r.header.Get("Retry-After"))
		require.NoError(t, err)
		require.GreaterOrEqual(t, wait, 1)
		require.LessOrEqual(t, wait, 62)
		require.LessOrEqual(t, time.Until(at), time.Duration(wait)*time.Second, "Retry-After reaches the reset")
	}
	// The shared window follows the (shared) test clock.
	a.advance(62 * time.Second)
	r := b.post("/v1/detect", key, map[string]any{"text": "a minute later"})
	requireOK(t, r)
	require.Equal(t, "9", r.header.Get("X-RateLimit-Remaining"))

	// Reports: 5 per minute per account, over both nodes.
	_, live := a.liveKey()
	body := map[string]any{"comments": comments(10, func(i int) string { return "good service" })}
	for i := range 5 {
		requireOK(t, nodes[i%2].post("/v1/report", live, body))
	}
	r = b.post("/v1/report", live, body)
	requireError(t, r, 429, "rate_limit_error", "")
	require.NotEmpty(t, r.header.Get("Retry-After"))
}
