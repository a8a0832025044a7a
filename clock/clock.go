// Package clock is the service's notion of now. Production uses the wall
// clock; a test clock adds an offset that only moves forward, so every time
// rule (key expiry, rate-limit windows, refund windows, usage periods) can be
// exercised in seconds.
package clock

import (
	"sync/atomic"
	"time"
)

// Clock returns the current time. It is safe for concurrent use.
type Clock struct {
	offset atomic.Int64 // nanoseconds added to the wall clock; never decreases
	store  OffsetStore  // set by Share: the offset shared with other nodes
}

// New returns a clock that reads the wall clock.
func New() *Clock { return &Clock{} }

// Now returns the service's current time in UTC.
func (c *Clock) Now() time.Time {
	return time.Now().Add(time.Duration(c.offset.Load())).UTC()
}

// Advance moves the clock forward by d (negative d is ignored) and returns the new now.
func (c *Clock) Advance(d time.Duration) time.Time {
	if d > 0 {
		c.offset.Add(int64(d))
	}
	return c.Now()
}
