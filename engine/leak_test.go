package engine_test

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/op"
)

// After a storm of faults (hung upstreams, 500s, bad JSON) the goroutine
// count returns to its baseline: no call leaves anything running.
func TestNoGoroutineLeakAfterFaultStorm(t *testing.T) {
	e, a, b := twoProviders(t, func(c *engine.Config) {
		c.Timeout = 100 * time.Millisecond
		c.MaxInFlight = 50
		c.QueueWait = 20 * time.Millisecond
	})
	ctx := context.Background()
	// Warm up connection pools so the baseline includes nothing transient.
	if _, err := e.Classify(ctx, op.ClassifyRequest{Text: en}, ""); err != nil {
		t.Fatal(err)
	}
	e.Close()
	settle()
	baseline := runtime.NumGoroutine()

	for _, mode := range []string{"timeout", "error500", "bad_json", "empty"} {
		a.set(t, mode, 0)
		b.set(t, mode, 0)
		var wg sync.WaitGroup
		for i := 0; i < 100; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				cctx, cancel := context.WithTimeout(ctx, time.Duration(30+i)*time.Millisecond*3)
				defer cancel()
				var err error
				switch i % 3 {
				case 0:
					_, err = e.Classify(cctx, op.ClassifyRequest{Text: en}, "")
				case 1:
					_, err = e.Rubric(cctx, op.RubricRequest{Text: ar, Categories: []op.RubricCategory{{Name: "x"}}}, "")
				default:
					_, err = e.Translate(cctx, op.TranslateRequest{Text: en, Source: "en", Target: "ar"})
				}
				if err == nil || !(errors.Is(err, engine.ErrUpstream) || errors.Is(err, engine.ErrUnparseable)) {
					t.Errorf("%s: %v", mode, err)
				}
			}(i)
		}
		wg.Wait()
	}
	a.set(t, "ok", 0)
	b.set(t, "ok", 0)
	e.Close()
	// The goroutines end as the hung calls' connections close: the minute
	// only bounds the wait on a loaded machine; the loop ends at once when
	// the count is back.
	deadline := time.Now().Add(time.Minute)
	n := runtime.NumGoroutine()
	for n > baseline+2 && time.Now().Before(deadline) {
		settle()
		e.Close()
		n = runtime.NumGoroutine()
	}
	t.Logf("goroutines: baseline %d, after the storm %d (chat calls a=%d b=%d)", baseline, n, a.chats(), b.chats())
	if n > baseline+2 {
		buf := make([]byte, 1<<20)
		t.Fatalf("goroutines: baseline %d, after storm %d\n%s", baseline, n, buf[:runtime.Stack(buf, true)])
	}
}

func settle() {
	runtime.GC()
	time.Sleep(100 * time.Millisecond)
}
