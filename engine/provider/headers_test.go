package provider_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"svc/engine/provider/mock"
)

// TestLargeResponseHeaders: an upstream (or a gateway in front of it)
// that answers a valid completion with more than 8 KiB of response headers
// (long Set-Cookie / tracing headers) must work with both transports (the
// fasthttp transport's 8 KiB read buffer once refused them; it is 32 KiB).
func TestLargeResponseHeaders(t *testing.T) {
	forEachTransport(t, testLargeResponseHeaders)
}

func testLargeResponseHeaders(t *testing.T) {
	inner := mock.New(mock.Options{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Set-Cookie", "__cf_bm="+strings.Repeat("a", 9000)+"; path=/; HttpOnly")
		inner.ServeHTTP(w, r)
	}))
	defer srv.Close()
	c := client(t, srv.URL, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := c.Complete(ctx, req); err != nil {
		t.Fatalf("completion with 9 KB of response headers: %v", err)
	}
}
