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

// Every slot busy until the call's own deadline (QueueWait longer than
// the deadline): the call fails with Kind Busy, not Timeout. Nothing was
// sent; the endpoint is not at fault (the engine does not count Busy against
// its breaker).
func TestSlotWaitUntilDeadlineIsBusy(t *testing.T) {
	forEachTransport(t, testSlotWaitUntilDeadlineIsBusy)
}

func testSlotWaitUntilDeadlineIsBusy(t *testing.T) {
	m := mock.New(mock.Options{MaxHang: 2 * time.Minute})
	srv := httptest.NewServer(m)
	defer srv.Close()
	defer srv.CloseClientConnections()
	c := clientWith(t, provider.Config{BaseURL: srv.URL + "/v1", MaxInFlight: 1, QueueWait: 10 * time.Minute})
	if err := m.Set(mock.Behaviour{Mode: "timeout"}); err != nil {
		t.Fatal(err)
	}
	hctx, hcancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _, _ = c.Complete(hctx, req) }()
	defer func() { hcancel(); <-done }()
	waitUntil(t, "the hung call reaches the upstream", func() bool { return m.Stats().Chat == 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := c.Complete(ctx, req); kind(err) != provider.Busy {
		t.Fatalf("slot wait ended by the deadline: %v, want kind busy", err)
	}
	if n := m.Stats().Chat; n != 1 {
		t.Fatalf("upstream calls %d: the waiting call was sent", n)
	}
}
