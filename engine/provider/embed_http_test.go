package provider_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"svc/engine/provider"
	"svc/engine/provider/mock"
)

func TestEmbed(t *testing.T) { forEachTransport(t, testEmbed) }

// Embed over loopback against mockllm: the vector is mockllm's; failures get
// the same kinds as chat completions.
func testEmbed(t *testing.T) {
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	defer srv.Close()
	c := clientWith(t, provider.Config{BaseURL: srv.URL + "/v1", MaxInFlight: 1, EmbedModel: "mock-embed"})
	ctx := context.Background()
	for _, text := range []string{"I love this product", "والله المنتج حلو كثير"} {
		v, err := c.Embed(ctx, text)
		if err != nil {
			t.Fatal(err)
		}
		want := mock.Embed(text, mock.DefaultDimensions)
		if len(v) != len(want) {
			t.Fatalf("%d dimensions, want %d", len(v), len(want))
		}
		for i := range v {
			if v[i] != want[i] {
				t.Fatalf("component %d: %v, want %v", i, v[i], want[i])
			}
		}
	}
	if m.Stats().Embeddings != 2 || m.Stats().Chat != 0 {
		t.Fatalf("%+v", m.Stats())
	}
	if _, err := c.Embed(ctx, ""); err == nil {
		t.Fatal("empty input sent")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.Embed(cctx, "x"); kind(err) != provider.Canceled {
		t.Fatalf("canceled: %v", err)
	}
	// no embedding model
	if _, err := clientWith(t, provider.Config{BaseURL: srv.URL + "/v1", MaxInFlight: 1}).Embed(ctx, "x"); !errors.Is(err, provider.ErrNoEmbedModel) {
		t.Fatalf("no model: %v", err)
	}

	// status, timeout, busy (one slot held by a hung call), connect
	release := make(chan struct{})
	var hangs atomic.Int32 // hung calls received
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if strings.Contains(string(body), `"input":"hang"`) {
			hangs.Add(1)
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		http.Error(w, `{"error":{"message":"no embeddings here","type":"invalid_request_error"}}`, http.StatusNotFound)
	}))
	defer bad.Close()
	defer close(release)
	b := clientWith(t, provider.Config{BaseURL: bad.URL + "/v1", MaxInFlight: 1, EmbedModel: "e"})
	if _, err := b.Embed(ctx, "x"); kind(err) != provider.Status || err.(*provider.Error).Code != 404 {
		t.Fatalf("status: %v", err)
	}
	tctx, tcancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer tcancel()
	if _, err := b.Embed(tctx, "hang"); kind(err) != provider.Timeout {
		t.Fatalf("timeout: %v", err)
	}
	// The slot is held by a hung call the server has received (no sleep
	// guessed long enough), until the server drops the connection
	// (fasthttp ends a call at its deadline, not at a cancel).
	done := make(chan struct{})
	go func() { defer close(done); _, _ = b.Embed(ctx, "hang") }()
	waitUntil(t, "the hung call reaches the server", func() bool { return hangs.Load() == 2 })
	if _, err := b.Embed(ctx, "x"); kind(err) != provider.Busy {
		t.Fatalf("busy: %v", err)
	}
	bad.CloseClientConnections()
	<-done
	if !b.Healthy() {
		t.Fatal("embedding failures count toward Healthy")
	}
	bad.Close()
	b.Close()
	if _, err := b.Embed(ctx, "x"); kind(err) != provider.Connect {
		t.Fatalf("connect: %v", err)
	}
}
