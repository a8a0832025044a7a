package httpapi_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/internal/testproc"
)

// rawExchange writes req on a fresh connection to addr (host:port) and
// reads until the server closes it: fasthttp logs a connection's error
// before it closes it, so the log holds the line when this returns.
func rawExchange(t *testing.T, addr, req string) string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SetDeadline(time.Now().Add(30*time.Second)))
	_, err = io.WriteString(c, req)
	require.NoError(t, err)
	out, _ := io.ReadAll(c)
	return string(out)
}

// A control character in a header makes fasthttp refuse the request and
// log the error: the line is JSON and carries neither the live key (API
// listener) nor the admin token (admin listener); likewise a body over the
// limit. Every line of the log parses as JSON.
func TestTransportErrorsLogNoSecret(t *testing.T) {
	var logs testproc.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(prev) })

	n := startNode(t, "")
	_, key := n.liveKey()
	api, admin := strings.TrimPrefix(n.base, "http://"), strings.TrimPrefix(n.admin, "http://")
	for _, ctl := range []string{"a\x01b", "\x1b[31mred", "a\x7fb"} {
		out := rawExchange(t, api, "GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "+key+"\r\nUser-Agent: "+ctl+"\r\nIdempotency-Key: "+ctl+"\r\n\r\n")
		require.Contains(t, out, "HTTP/1.1 400", "API listener, header %q", ctl)
		out = rawExchange(t, admin, "GET /admin/v1/providers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "+adminToken+"\r\nUser-Agent: "+ctl+"\r\n\r\n")
		require.Contains(t, out, "HTTP/1.1 400", "admin listener, header %q", ctl)
	}
	// The control character in the Authorization value itself.
	out := rawExchange(t, api, "GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "+key+"\x01\r\n\r\n")
	require.Contains(t, out, "HTTP/1.1 400")
	out = rawExchange(t, admin, "GET /admin/v1/providers HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \x01"+adminToken+"\r\n\r\n")
	require.Contains(t, out, "HTTP/1.1 400")
	out = rawExchange(t, api, "POST /v1/detect HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "+key+"\r\nContent-Type: application/json\r\nContent-Length: 9000000\r\n\r\n{}")
	require.Contains(t, out, "HTTP/1.1 413")

	text := logs.String()
	require.Contains(t, text, `"msg":"transport"`, "fasthttp's errors are logged")
	require.Contains(t, text, "body size exceeds the given limit")
	require.NotContains(t, text, key)
	require.NotContains(t, text, key[12:], "not even the random part of the key")
	require.NotContains(t, text, adminToken)
	for i, line := range strings.Split(strings.TrimSpace(text), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), "log line %d is not JSON: %q", i, line)
	}
}
