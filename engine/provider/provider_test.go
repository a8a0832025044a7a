package provider_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"svc/engine/provider"
	"svc/engine/provider/mock"
	"svc/engine/provider/wire"
)

func client(t *testing.T, url string, inFlight int) *provider.Client {
	t.Helper()
	c, err := provider.New(provider.Config{Name: "llm_a", BaseURL: url + "/v1", Model: "m", MaxInFlight: inFlight, QueueWait: 30 * time.Millisecond, ConnectTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

var req = provider.Request{Model: "m", System: "svc-task: reply", User: `{"text":"hi","language":"en","tone":"friendly","max_length":50}`,
	SchemaName: wire.SchemaReply, Schema: []byte(`{"type":"object"}`), MaxTokens: 50}

func kind(err error) provider.Kind {
	var pe *provider.Error
	if !errors.As(err, &pe) {
		return -1
	}
	return pe.Kind
}

func TestCompleteAndFailureKinds(t *testing.T) {
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	defer srv.Close()
	c := client(t, srv.URL, 1)
	ctx := context.Background()

	resp, err := c.Complete(ctx, req)
	if err != nil || resp.Content == "" || resp.Model != "m" || resp.PromptTokens == 0 || resp.CompletionTokens == 0 {
		t.Fatalf("%+v %v", resp, err)
	}
	_ = m.Set(mock.Behaviour{Mode: "error500", Count: 1})
	if _, err := c.Complete(ctx, req); kind(err) != provider.Status || err.(*provider.Error).Code != 500 {
		t.Fatalf("500: %v", err)
	}
	_ = m.Set(mock.Behaviour{Mode: "timeout", Count: 1})
	tctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := c.Complete(tctx, req); kind(err) != provider.Timeout {
		t.Fatalf("timeout: %v", err)
	}
	cctx, ccancel := context.WithCancel(ctx)
	ccancel()
	if _, err := c.Complete(cctx, req); kind(err) != provider.Canceled {
		t.Fatalf("canceled: %v", err)
	}

	// Busy: one slot, held by a slow call.
	_ = m.Set(mock.Behaviour{Mode: "ok", LatencyMS: 300, Count: 1})
	done := make(chan struct{})
	go func() { defer close(done); _, _ = c.Complete(ctx, req) }()
	time.Sleep(50 * time.Millisecond)
	if _, err := c.Complete(ctx, req); kind(err) != provider.Busy {
		t.Fatalf("busy: %v", err)
	}
	<-done
}

func TestBadBodyAndConnect(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"choices": [`))
	}))
	c := client(t, srv.URL, 4)
	if _, err := c.Complete(context.Background(), req); kind(err) != provider.BadBody {
		t.Fatalf("bad body: %v", err)
	}
	srv.Close()
	c.Close() // drop the pooled connection: the next call must dial
	if _, err := c.Complete(context.Background(), req); kind(err) != provider.Connect {
		t.Fatalf("connect: %v", err)
	}
}
