package engine_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/op"
	"svc/engine/provider/mock"
)

// Pooled upstream connections idle for longer than the deadline of the calls
// that used them are still good (REVIEW.md section 6, issue 17): after a
// burst opens several connections to llm_a and they sit idle past every
// attempt's deadline (the objective, 2 s by default, bounds them all), an
// English classify is answered by llm_a's model, with no fallback. (Before
// the fix, every pooled connection failed the idle check, fasthttp's
// attempts ran out on them, and the fallback model answered.)
func TestIdlePooledConnectionsReused(t *testing.T) {
	e, a, b := twoProviders(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := a.m.Set(mock.Behaviour{LatencyMS: 200}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, engine.LLMA)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	a.m.Reset()
	time.Sleep(3 * time.Second) // idle past every deadline the burst left on its sockets
	before := b.chats()
	got, err := e.Classify(ctx, op.ClassifyRequest{Text: en + " again"}, "")
	if err != nil {
		t.Fatal(err)
	}
	wantUsage(t, "after idle", got.Usage, engine.LLMA, "a-main", false)
	if n := b.chats() - before; n != 0 {
		t.Fatalf("%d calls went to llm_b", n)
	}
}
