package engine

import "time"

// SetNow replaces the clock of e's breakers (tests move time instead of
// sleeping).
func SetNow(e *Engine, now func() time.Time) { e.now = now }
