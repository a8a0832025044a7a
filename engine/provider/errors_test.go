package provider

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// A call that finds every pooled connection taken gets fasthttp's
// ErrNoFreeConns after QueueWait: a local limit, nothing sent, so Kind Busy
// (as a full in-flight queue is), which neither fails the endpoint's breaker
// nor counts as a tried upstream. The slots bound the connections, so this
// takes a connection held outside them.
func TestNoFreeConnsIsBusy(t *testing.T) {
	c, err := New(Config{Name: "llm_a", BaseURL: fixedServer(t) + "/v1", Model: "m",
		MaxInFlight: 1, QueueWait: 20 * time.Millisecond, ConnectTimeout: 10 * time.Second, Transport: TransportFast})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	hc := c.doer.(*fastDoer).hc
	cc, err := hc.AcquireConn(10*time.Second, false) // the pool's only connection
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err = c.Complete(ctx, benchReq)
	var pe *Error
	if !errors.As(err, &pe) || !errors.Is(err, fasthttp.ErrNoFreeConns) {
		t.Fatalf("Complete with the pool taken: %v, want a provider error wrapping fasthttp.ErrNoFreeConns", err)
	}
	if pe.Kind != Busy {
		t.Errorf("Kind %s, want busy", pe.Kind)
	}
	hc.ReleaseConn(cc)
	if _, err := c.Complete(ctx, benchReq); err != nil {
		t.Fatalf("Complete with the connection back: %v", err)
	}
}
