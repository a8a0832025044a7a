package provider_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"svc/engine/provider"
	"svc/engine/provider/mock"
)

// lagCtx reports a deadline whose Done channel has not closed yet: a
// context timer that lags (fasthttp's own deadline can fire first).
type lagCtx struct {
	context.Context
	deadline time.Time
}

func (c lagCtx) Deadline() (time.Time, bool) { return c.deadline, true }

// A call ended by its deadline is a Timeout that wraps
// context.DeadlineExceeded, as net/http reports it, even before the
// context's timer fires: the end is compared with the deadline, not waited
// for. (fasthttp only: net/http watches Done alone.)
func TestDeadlineReportedWithoutTimer(t *testing.T) {
	m := mock.New(mock.Options{MaxHang: 2 * time.Minute})
	srv := httptest.NewServer(m)
	defer srv.Close()
	defer srv.CloseClientConnections()
	c := clientWith(t, provider.Config{BaseURL: srv.URL + "/v1", MaxInFlight: 1, Transport: provider.TransportFast})
	if err := m.Set(mock.Behaviour{Mode: "timeout"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background()) // never done during the call
	defer cancel()
	_, err := c.Complete(lagCtx{ctx, time.Now().Add(100 * time.Millisecond)}, req)
	if kind(err) != provider.Timeout || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%v: want kind timeout wrapping context.DeadlineExceeded", err)
	}
}
