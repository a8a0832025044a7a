package httpapi_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pires/go-proxyproto"
	"github.com/stretchr/testify/require"

	"svc/httpapi"
)

// wrongKey is a well-formed key that no store holds.
func wrongKey(i int) string { return fmt.Sprintf("svc_live_sk_%032d", i) }

// failN sends n requests with wrong keys (and hdr) concurrently and
// requires each to be 401 invalid_api_key.
func failN(t *testing.T, n *node, count int, hdr map[string]string) {
	t.Helper()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range count {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r := n.doH("POST", n.base+"/v1/detect", wrongKey(i), hdr, map[string]any{"text": "x"})
			if r.status != 401 || r.err0()["code"] != "invalid_api_key" {
				t.Errorf("wrong key %d: %d %s", i, r.status, r.raw)
			}
		}()
	}
	wg.Wait()
}

// requireTooMany checks a 429 too_many_auth_failures with a Retry-After of
// at most 61 s.
func requireTooMany(t *testing.T, r resp) {
	t.Helper()
	requireError(t, r, 429, "rate_limit_error", "")
	require.Equal(t, "too_many_auth_failures", r.err0()["code"], "%s", r.raw)
	var wait int
	_, err := fmt.Sscan(r.header.Get("Retry-After"), &wait)
	require.NoError(t, err, "Retry-After %q", r.header.Get("Retry-After"))
	require.True(t, wait >= 1 && wait <= 62, "Retry-After %d", wait)
}

// 600 failed authentications from one address in a minute: its further
// failures (wrong, missing key) are 429, its valid key is still 200, and a
// minute later a failure is 401 again.
func TestFailedAuthLimitSparesValidKeys(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	failN(t, n, 600, nil)
	requireTooMany(t, n.post("/v1/detect", wrongKey(1000), map[string]any{"text": "x"}))
	requireTooMany(t, n.post("/v1/detect", "", map[string]any{"text": "x"}))
	for range 3 {
		requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "a valid key from the failing address"}))
	}
	n.advance(62 * time.Second)
	requireError(t, n.post("/v1/detect", wrongKey(1001), map[string]any{"text": "x"}), 401, "authentication_error", "")
}

// X-Forwarded-For from a peer not in --trusted-proxies changes nothing: the
// failures of "many clients" are all the peer's.
func TestForwardedForFromUntrustedPeerIgnored(t *testing.T) {
	n, _ := startNodeFull(t, "", engineConfig(t), nodeOptions{cfg: httpapi.Config{TrustedProxies: mustTrusted(t, "10.0.0.0/8")}})
	_, key := n.liveKey()
	failN(t, n, 600, map[string]string{"X-Forwarded-For": "203.0.113.1"})
	r := n.doH("POST", n.base+"/v1/detect", wrongKey(1), map[string]string{"X-Forwarded-For": "203.0.113.2"}, map[string]any{"text": "x"})
	requireTooMany(t, r) // counted for 127.0.0.1, the peer, whatever the header says
	requireOK(t, n.doH("POST", n.base+"/v1/detect", key, map[string]string{"X-Forwarded-For": "203.0.113.2"}, map[string]any{"text": "x"}))
}

// From a trusted proxy, the client is the rightmost untrusted address of
// X-Forwarded-For: 600 failures of 203.0.113.1 (with a spoofed address left
// of it) refuse 203.0.113.1 only; the proxy's own address and another
// client are 401.
func TestForwardedForFromTrustedProxy(t *testing.T) {
	n, _ := startNodeFull(t, "", engineConfig(t), nodeOptions{cfg: httpapi.Config{TrustedProxies: mustTrusted(t, "127.0.0.1/32,192.0.2.0/24")}})
	failN(t, n, 600, map[string]string{"X-Forwarded-For": "198.51.100.99, 203.0.113.1, 192.0.2.10"})
	post := func(xff string) resp {
		return n.doH("POST", n.base+"/v1/detect", wrongKey(7), map[string]string{"X-Forwarded-For": xff}, map[string]any{"text": "x"})
	}
	requireTooMany(t, post("203.0.113.1"))
	requireTooMany(t, post("203.0.113.1:5555, 192.0.2.77"))
	requireError(t, post("203.0.113.2"), 401, "authentication_error", "")
	requireTooMany(t, post("203.0.113.2, 203.0.113.1"))                                // what the client wrote left of it is ignored
	requireError(t, post("203.0.113.1, 203.0.113.2"), 401, "authentication_error", "") // the rightmost untrusted one counts
	requireError(t, n.post("/v1/detect", wrongKey(8), map[string]any{"text": "x"}), 401, "authentication_error", "")
	requireError(t, post("not-an-address"), 401, "authentication_error", "") // counted for the proxy itself
	requireError(t, post("[2001:db8::5]"), 401, "authentication_error", "")
	requireError(t, post("[2001:db8::6]:443"), 401, "authentication_error", "")
}

// A PROXY protocol v2 header from a trusted peer sets the client address;
// from an untrusted peer it is not read at all (the bytes are a malformed
// request).
func TestProxyProtocol(t *testing.T) {
	n, _ := startNodeFull(t, "", engineConfig(t), nodeOptions{cfg: httpapi.Config{TrustedProxies: mustTrusted(t, "127.0.0.1")}})
	_, key := n.liveKey()
	addr := strings.TrimPrefix(n.base, "http://")
	send := func(src string, key string) int {
		t.Helper()
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		defer c.Close()
		h := proxyproto.HeaderProxyFromAddrs(2, &net.TCPAddr{IP: net.ParseIP(src), Port: 40000}, &net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 80})
		_, err = h.WriteTo(c)
		require.NoError(t, err)
		body := `{"text":"x"}`
		fmt.Fprintf(c, "POST /v1/detect HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", key, len(body), body)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err)
		res.Body.Close()
		return res.StatusCode
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i := range 600 {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if s := send("198.51.100.7", wrongKey(i)); s != 401 {
				t.Errorf("wrong key %d: %d", i, s)
			}
		}()
	}
	wg.Wait()
	require.Equal(t, 429, send("198.51.100.7", wrongKey(1000)))
	require.Equal(t, 401, send("198.51.100.8", wrongKey(1001)))
	require.Equal(t, 200, send("198.51.100.7", key))
	require.Equal(t, 401, n.post("/v1/detect", wrongKey(1002), map[string]any{"text": "x"}).status, "no header: the peer itself")

	// The same header from a peer outside the list is not parsed.
	u, _ := startNodeFull(t, "", engineConfig(t), nodeOptions{cfg: httpapi.Config{TrustedProxies: mustTrusted(t, "10.0.0.0/8")}})
	addr = strings.TrimPrefix(u.base, "http://")
	require.Equal(t, 400, send("198.51.100.7", key), "a PROXY header from an untrusted peer is not honoured")
}

func mustTrusted(t *testing.T, s string) httpapi.TrustedProxies {
	tp, err := httpapi.ParseTrustedProxies(s)
	require.NoError(t, err)
	return tp
}

func TestParseTrustedProxies(t *testing.T) {
	tp, err := httpapi.ParseTrustedProxies(" 10.0.0.0/8, 127.0.0.1 ,::1,2001:db8::/32,")
	require.NoError(t, err)
	require.Equal(t, "10.0.0.0/8,127.0.0.1/32,::1/128,2001:db8::/32", tp.String())
	for _, bad := range []string{"10.0.0.0/33", "example.com", "fe80::1%eth0", "1.2.3"} {
		_, err := httpapi.ParseTrustedProxies(bad)
		require.Error(t, err, bad)
	}
	none, err := httpapi.ParseTrustedProxies("")
	require.NoError(t, err)
	require.Empty(t, none)
}
