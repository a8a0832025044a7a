package provider_test

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"svc/engine/provider"
	"svc/engine/provider/mock"
	"svc/engine/provider/wire"
)

// transports are run by every test.
var transports = []string{provider.TransportFast, provider.TransportNet}

func client(t *testing.T, url string, inFlight int) *provider.Client {
	t.Helper()
	return clientWith(t, provider.Config{BaseURL: url + "/v1", MaxInFlight: inFlight})
}

// clientWith fills the usual test settings into cfg (QueueWait: 30 ms unless set). The transport is the
// subtest's name's last element when it names one.
func clientWith(t *testing.T, cfg provider.Config) *provider.Client {
	t.Helper()
	cfg.Name, cfg.Model, cfg.ConnectTimeout = "llm_a", "m", time.Second
	if cfg.QueueWait == 0 {
		cfg.QueueWait = 30 * time.Millisecond
	}
	name := t.Name()
	for _, tr := range transports {
		if strings.HasSuffix(name, "/"+tr) {
			cfg.Transport = tr
		}
	}
	c, err := provider.New(cfg)
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

// forEachTransport runs f as a subtest per transport.
func forEachTransport(t *testing.T, f func(t *testing.T)) {
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			if c := clientWith(t, provider.Config{BaseURL: "http://127.0.0.1:1/v1", MaxInFlight: 1}); c.Transport() != tr {
				t.Fatalf("transport %s, want %s", c.Transport(), tr)
			}
			f(t)
		})
	}
}

func TestCompleteAndFailureKinds(t *testing.T) { forEachTransport(t, testCompleteAndFailureKinds) }

func testCompleteAndFailureKinds(t *testing.T) {
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

	// Busy: one slot, held by a hung call (until the server drops it) that
	// the upstream has received: no sleep guessed long enough.
	_ = m.Set(mock.Behaviour{Mode: "timeout", Count: 1})
	n := m.Stats().Chat
	done := make(chan struct{})
	go func() { defer close(done); _, _ = c.Complete(ctx, req) }()
	waitUntil(t, "the hung call reaches the upstream", func() bool { return m.Stats().Chat > n })
	if _, err := c.Complete(ctx, req); kind(err) != provider.Busy {
		t.Fatalf("busy: %v", err)
	}
	srv.CloseClientConnections()
	<-done
}

// waitUntil polls cond until it holds; the minute only bounds a hang.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within a minute", what)
		}
	}
}

func TestBadBodyAndConnect(t *testing.T) { forEachTransport(t, testBadBodyAndConnect) }

func testBadBodyAndConnect(t *testing.T) {
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

// https base URLs work (certificate checked against the given roots), and an
// unknown certificate authority fails the call.
func TestTLS(t *testing.T) { forEachTransport(t, testTLS) }

func testTLS(t *testing.T) {
	srv := httptest.NewTLSServer(mock.New(mock.Options{}))
	defer srv.Close()
	roots := x509.NewCertPool()
	roots.AddCert(srv.Certificate())
	c := clientWith(t, provider.Config{BaseURL: srv.URL + "/v1", MaxInFlight: 2, TLSConfig: &tls.Config{RootCAs: roots}})
	for i := 0; i < 3; i++ { // the second and third reuse the connection
		if resp, err := c.Complete(context.Background(), req); err != nil || resp.Content == "" {
			t.Fatalf("%+v %v", resp, err)
		}
	}
	bad := clientWith(t, provider.Config{BaseURL: srv.URL + "/v1", MaxInFlight: 2})
	if _, err := bad.Complete(context.Background(), req); err == nil {
		t.Fatal("unknown authority accepted")
	}
}

// A pooled connection the endpoint closed while idle is not an error: the
// call goes out on a new one.
func TestStaleConnection(t *testing.T) { forEachTransport(t, testStaleConnection) }

func testStaleConnection(t *testing.T) {
	srv := httptest.NewServer(mock.New(mock.Options{}))
	defer srv.Close()
	c := client(t, srv.URL, 4)
	for i := 0; i < 3; i++ {
		if _, err := c.Complete(context.Background(), req); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		srv.CloseClientConnections()
		time.Sleep(20 * time.Millisecond)
	}
}

// Error statuses carry their code whatever the body; an oversized body is
// unusable output.
func TestStatusAndOversize(t *testing.T) { forEachTransport(t, testStatusAndOversize) }

func testStatusAndOversize(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer secret" {
			http.Error(w, "no key", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"choices":[{"message":{"content":"`))
		chunk := []byte(strings.Repeat("x", 1<<20))
		for i := 0; i <= provider.MaxResponseBytes>>20; i++ {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
		_, _ = w.Write([]byte(`"}}]}`))
	}))
	defer srv.Close()
	c := client(t, srv.URL, 2)
	_, err := c.Complete(context.Background(), req)
	if kind(err) != provider.Status || err.(*provider.Error).Code != 401 {
		t.Fatalf("401: %v", err)
	}
	c = clientWith(t, provider.Config{BaseURL: srv.URL + "/v1", APIKey: "secret", MaxInFlight: 2})
	if _, err := c.Complete(context.Background(), req); kind(err) != provider.BadBody {
		t.Fatalf("oversize: %v", err)
	}
}
