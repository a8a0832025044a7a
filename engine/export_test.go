package engine

import (
	"sync/atomic"
	"time"
)

// FakeClock is a clock tests move by hand; safe for concurrent use (the
// engine reads it from its call goroutines).
type FakeClock struct{ ns atomic.Int64 }

// NewFakeClock makes a clock at the current time the clock of e's breakers.
func NewFakeClock(e *Engine) *FakeClock {
	c := &FakeClock{}
	c.ns.Store(time.Now().UnixNano())
	e.now = c.Now
	return c
}

func (c *FakeClock) Now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *FakeClock) Advance(d time.Duration) { c.ns.Add(int64(d)) }

// InFlight is the number of in-flight slots taken on provider's client.
func InFlight(e *Engine, provider string) int { return e.providers[provider].InFlight() }
