package provider_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"svc/engine/provider"
	"svc/engine/provider/mock"
)

// A canceled call ends at once and frees its in-flight slot while the
// endpoint still hangs, on either transport: the cancellation reaches the
// connection (a hedge's other call must not hold a slot, and a connection,
// until its own deadline, minutes away here).
func TestCancelFreesSlot(t *testing.T) { forEachTransport(t, testCancelFreesSlot) }

func testCancelFreesSlot(t *testing.T) {
	m := mock.New(mock.Options{MaxHang: 2 * time.Minute})
	srv := httptest.NewServer(m)
	defer srv.Close()
	defer srv.CloseClientConnections()
	c := client(t, srv.URL, 1)
	if err := m.Set(mock.Behaviour{Mode: "timeout"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { _, err := c.Complete(ctx, req); done <- err }()
	waitUntil(t, "the call reaches the upstream", func() bool { return m.Stats().Chat == 1 })
	if n := c.InFlight(); n != 1 {
		t.Fatalf("in flight %d while the call hangs, want 1", n)
	}
	cancel()
	waitUntil(t, "the canceled call frees its slot", func() bool { return c.InFlight() == 0 })
	if err := <-done; kind(err) != provider.Canceled {
		t.Fatalf("canceled call: %v, want kind canceled", err)
	}
	// The slot is usable at once: the next call is sent (and answered).
	m.Reset()
	if _, err := c.Complete(context.Background(), req); err != nil {
		t.Fatalf("after the cancel: %v", err)
	}
}
