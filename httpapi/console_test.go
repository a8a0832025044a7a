package httpapi_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The console page and its assets are served without a token, with a
// content security policy that allows only the console's own files.
func TestConsoleAssets(t *testing.T) {
	n := startNode(t, "")
	for path, ct := range map[string]string{
		"/console":             "text/html",
		"/console/console.js":  "javascript",
		"/console/console.css": "text/css",
	} {
		st, h, body := n.adminGet(path, false)
		require.Equal(t, 200, st, path)
		require.Contains(t, h.Get("Content-Type"), ct, path)
		require.Contains(t, h.Get("Content-Security-Policy"), "script-src 'self'", path)
		require.NotEmpty(t, body, path)
	}
	st, _, _ := n.adminGet("/console/missing.js", false)
	require.Equal(t, 404, st)
	st, _, _ = n.adminGet("/console/..%2fopenapi.go", false)
	require.Equal(t, 404, st)
}
