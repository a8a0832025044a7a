package cache

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestNoCrossEntryValues: under concurrent Lookup/PutProbe/Put/Get/
// Forget with constant rotations (tiny MaxEntries) and expiry drops (clock
// advancing), a hit always returns the value stored for that text, never
// another entry's; after a reopen too. Texts differ by a number, which the
// guards never let a near hit cross. Run with -race.
func TestNoCrossEntryValues(t *testing.T) {
	dir := t.TempDir()
	var clk atomic.Int64
	clk.Store(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	now := func() time.Time { return time.Unix(0, clk.Load()) }
	c, err := Open(Options{Dir: dir, MaxEntries: 16, TTL: 50 * time.Millisecond, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	text := func(i int) string { return fmt.Sprintf("order %d arrived broken", i) }
	var wg sync.WaitGroup
	var bad atomic.Int64
	check := func(k Key, v []byte, ok bool, want string) {
		if ok && string(v) != want {
			bad.Add(1)
			t.Errorf("%q -> %q, want %q", k.Text, v, want)
		}
	}
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 3000; i++ {
				n := (i*7 + w*13) % 40
				k := key("a", text(n))
				switch i % 5 {
				case 0, 1:
					v, ok, p := c.Lookup(k)
					check(k, v, ok, text(n))
					if !ok {
						c.PutProbe(k, []byte(text(n)), p)
					}
				case 2:
					c.Put(k, []byte(text(n)))
				case 3:
					nk := key("a", strings.ToUpper(text(n))+"!!")
					v, ok := c.Get(nk)
					check(nk, v, ok, text(n))
				case 4:
					if i%20 == 4 {
						c.Forget("a", text(n))
					}
					if w == 0 && i%50 == 4 {
						clk.Add(int64(10 * time.Millisecond))
					}
					v, ok, _ := c.LookupExact(k)
					check(k, v, ok, text(n))
				}
			}
		}(w)
	}
	wg.Wait()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c2, err := Open(Options{Dir: dir, MaxEntries: 16, TTL: 50 * time.Millisecond, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	for n := 0; n < 40; n++ {
		k := key("a", text(n))
		v, ok := c2.Get(k)
		check(k, v, ok, text(n))
	}
	if s := c2.Stats(); s.Entries > 16 {
		t.Fatalf("reloaded %d entries > MaxEntries", s.Entries)
	}
}
