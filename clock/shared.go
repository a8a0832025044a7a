package clock

import (
	"context"
	"log/slog"
	"time"
)

// OffsetStore keeps the offset of a test clock shared by several nodes (one
// database row: PGOffset). The stored offset only grows.
type OffsetStore interface {
	// Load returns the stored offset.
	Load(ctx context.Context) (time.Duration, error)
	// Add adds d (> 0) to the stored offset atomically and returns the sum.
	Add(ctx context.Context, d time.Duration) (time.Duration, error)
}

// Share makes c follow store: its offset becomes the stored one at once and
// then every poll interval until ctx ends (the goroutine it starts stops
// then), and Move advances the stored offset, so an advance on one node
// holds on every node within one poll interval. A node's offset is the
// largest it has seen (it never moves back). Call Share once, before the
// clock is used by other goroutines' Move.
func (c *Clock) Share(ctx context.Context, store OffsetStore, poll time.Duration) error {
	lctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	off, err := store.Load(lctx)
	cancel()
	if err != nil {
		return err
	}
	c.raise(off)
	c.store = store
	go func() {
		t := time.NewTicker(poll)
		defer t.Stop()
		failing := false
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			lctx, cancel := context.WithTimeout(ctx, poll)
			off, err := store.Load(lctx)
			cancel()
			if err != nil {
				if !failing && ctx.Err() == nil {
					slog.Warn("shared test clock: load failed; the offset stays as it was", "err", err)
				}
				failing = true
				continue
			}
			failing = false
			c.raise(off)
		}
	}()
	return nil
}

// Move advances the clock by d (d <= 0: no change) and returns the new now.
// A shared clock (Share) advances the stored offset first, so every node
// follows; an error leaves the clock as it was.
func (c *Clock) Move(ctx context.Context, d time.Duration) (time.Time, error) {
	if c.store == nil || d <= 0 {
		return c.Advance(d), nil
	}
	off, err := c.store.Add(ctx, d)
	if err != nil {
		return time.Time{}, err
	}
	c.raise(off)
	return c.Now(), nil
}

// raise sets the offset to off when off is larger (the offset never moves back).
func (c *Clock) raise(off time.Duration) {
	for {
		cur := c.offset.Load()
		if int64(off) <= cur || c.offset.CompareAndSwap(cur, int64(off)) {
			return
		}
	}
}
