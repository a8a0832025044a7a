package clock_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"svc/clock"
	"svc/internal/testpg"
)

func TestMain(m *testing.M) { testpg.Main(m) }

// offsetOf is how far c is ahead of the wall clock (to the minute: the
// offsets below are whole hours, the reads a few microseconds apart).
func offsetOf(c *clock.Clock) time.Duration {
	return c.Now().Sub(time.Now()).Round(time.Minute)
}

func sharedClocks(t *testing.T, url string, n int, poll time.Duration) []*clock.Clock {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	var cs []*clock.Clock
	for range n {
		store, err := clock.OpenPGOffset(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(store.Close)
		c := clock.New()
		if err := c.Share(ctx, store, poll); err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

// An advance on one node reaches the others by their next poll; concurrent
// advances on several nodes add up; a node started later starts at the
// shared offset.
func TestSharedClockFollowsAdvances(t *testing.T) {
	url := testpg.DB(t)
	cs := sharedClocks(t, url, 3, 20*time.Millisecond)
	if _, err := cs[0].Move(context.Background(), time.Hour); err != nil {
		t.Fatal(err)
	}
	if got := offsetOf(cs[0]); got != time.Hour {
		t.Fatalf("the advancing node: offset %v, want 1h", got)
	}
	waitOffset(t, cs, time.Hour)

	var wg sync.WaitGroup
	for i := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := cs[i].Move(context.Background(), 2*time.Hour); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	waitOffset(t, cs, 7*time.Hour)

	late := sharedClocks(t, url, 1, time.Hour)[0] // no poll needed: Share loads
	if got := offsetOf(late); got != 7*time.Hour {
		t.Fatalf("a node started later: offset %v, want 7h", got)
	}
	// Move without a shared store is the local Advance.
	local := clock.New()
	if _, err := local.Move(context.Background(), time.Hour); err != nil || offsetOf(local) != time.Hour {
		t.Fatalf("local Move: %v, offset %v", err, offsetOf(local))
	}
}

// waitOffset waits until every clock is at offset; the deadline only bounds a hang.
func waitOffset(t *testing.T, cs []*clock.Clock, want time.Duration) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for i, c := range cs {
		for offsetOf(c) != want {
			if time.Now().After(deadline) {
				t.Fatalf("clock %d: offset %v, want %v", i, offsetOf(c), want)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// The table keeps its invariants itself: one row, an offset that is never
// negative. Breaking them on purpose fails.
func TestSharedClockConstraints(t *testing.T) {
	url := testpg.DB(t)
	store, err := clock.OpenPGOffset(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for _, bad := range []string{
		`UPDATE svc_test_clock SET offset_ns = -1`,
		`INSERT INTO svc_test_clock (id, offset_ns) VALUES (2, 0)`,
	} {
		if _, err := conn.Exec(context.Background(), bad); err == nil {
			t.Fatalf("%s: accepted", bad)
		}
	}
	// A second open (another node starting) keeps the offset.
	if _, err := store.Add(context.Background(), time.Minute); err != nil {
		t.Fatal(err)
	}
	again, err := clock.OpenPGOffset(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if off, err := again.Load(context.Background()); err != nil || off != time.Minute {
		t.Fatalf("after a second open: %v, %v", off, err)
	}
}
