package ledger

import (
	"hash/maphash"
	"sort"
	"sync"
	"time"
)

// commentIndex is an account's comments in memory, reduced to what comment
// lists count and analytics aggregate: time and the six filterable fields,
// 40 bytes per comment, plus a 64-bit hash of each id (about 16 bytes). It
// lets GET /v1/comments compute total_count and GET /v1/analytics aggregate
// without reading Pebble (bench/NOTES.md P13), and a new comment prove its id
// fresh without a Pebble read.
//
// Invariant: it holds exactly the account's cmtt/ records. It is loaded from
// them at Open and added to by Commit once the comment's batch is applied
// (visible to readers of Pebble), before its fsync; a failed fsync breaks the
// store, so memory never outlives a lost record in a running store. Comments
// are never deleted.
type commentIndex struct {
	mu      sync.RWMutex
	entries []cmtEntry // ascending (sec, ns); equal times in any order
	codes   map[string]uint32
	vals    []string            // vals[code]
	enums   []enumIndex         // enums[code]: vals[code]'s index in the counted enumerations
	days    map[dayKey]*dayAgg  // analytics per day (commentdays.go)
	ids     map[uint64]struct{} // idHash of every stored comment id
	pending map[string]struct{} // ids claimed by writes not yet applied (bounded by writes in flight)
}

// idSeed keys idHash; the set is rebuilt at every Open, so a per-process seed will do.
var idSeed = maphash.MakeSeed()

func idHash(id string) uint64 { return maphash.String(idSeed, id) }

// claim reserves id for a write. inFlight: another write of the same id is
// between its claim and its apply (the caller must refuse). Otherwise the id
// is now reserved (release it with unclaim unless the batch is applied, which
// add records), and mayExist reports whether a comment with an id of the same
// hash is stored: only then must the caller read Pebble to tell a duplicate
// from a hash collision. Without mayExist the id is proven fresh.
func (x *commentIndex) claim(id string) (inFlight, mayExist bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if _, ok := x.pending[id]; ok {
		return true, false
	}
	if x.pending == nil {
		x.pending = map[string]struct{}{}
	}
	x.pending[id] = struct{}{}
	_, mayExist = x.ids[idHash(id)]
	return false, mayExist
}

// unclaim releases a claim whose batch was not applied.
func (x *commentIndex) unclaim(id string) {
	x.mu.Lock()
	delete(x.pending, id)
	x.mu.Unlock()
}

// Field positions in cmtEntry.f: encodeComment's order.
const (
	fPlatform = iota
	fIntent
	fSentiment
	fDialect
	fToxicity
	fChannel
	nFields
)

type cmtEntry struct {
	sec int64
	ns  uint32
	f   [nFields]uint32 // interned values (commentIndex.vals)
}

// anyValue in a wanted code matches every value.
const anyValue = ^uint32(0)

func (e *cmtEntry) before(sec int64, ns uint32) bool {
	return e.sec < sec || e.sec == sec && e.ns < ns
}

func (e *cmtEntry) time() time.Time { return time.Unix(e.sec, int64(e.ns)).UTC() }

// intern returns v's code, adding it. mu held for writing.
func (x *commentIndex) intern(v string) uint32 {
	if c, ok := x.codes[v]; ok {
		return c
	}
	if x.codes == nil {
		x.codes = map[string]uint32{}
	}
	c := uint32(len(x.vals))
	x.codes[v] = c
	x.vals = append(x.vals, v)
	x.enums = append(x.enums, enumOf(v))
	return c
}

// add indexes one comment created at t with the given field values (in
// encodeComment's order); id "" keeps no id hash. Comments arrive nearly in time order: the insert
// is an append but for the few that arrive late.
func (x *commentIndex) add(id string, t time.Time, fields [nFields]string) {
	e := cmtEntry{sec: t.Unix(), ns: uint32(t.Nanosecond())}
	x.mu.Lock()
	defer x.mu.Unlock()
	if id != "" { // "" (CommentIndex): no id set kept
		if x.ids == nil {
			x.ids = map[uint64]struct{}{}
		}
		x.ids[idHash(id)] = struct{}{}
		delete(x.pending, id)
	}
	for i, v := range fields {
		e.f[i] = x.intern(v)
	}
	x.countEntry(&e)
	n := len(x.entries)
	if n == 0 || !e.before(x.entries[n-1].sec, x.entries[n-1].ns) {
		x.entries = append(x.entries, e)
		return
	}
	i := sort.Search(n, func(i int) bool { return e.before(x.entries[i].sec, x.entries[i].ns) })
	x.entries = append(x.entries, cmtEntry{})
	copy(x.entries[i+1:], x.entries[i:])
	x.entries[i] = e
}

// addBatch indexes comments in any order (no id hashes): the batch is
// sorted and merged into entries, so a load out of time order costs a merge
// per batch, not a move per comment.
func (x *commentIndex) addBatch(ts []time.Time, fields [][nFields]string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	batch := make([]cmtEntry, len(ts))
	for i, t := range ts {
		batch[i] = cmtEntry{sec: t.Unix(), ns: uint32(t.Nanosecond())}
		for j, v := range fields[i] {
			batch[i].f[j] = x.intern(v)
		}
		x.countEntry(&batch[i])
	}
	sort.SliceStable(batch, func(i, j int) bool { return batch[i].before(batch[j].sec, batch[j].ns) })
	if len(batch) == 0 {
		return
	}
	n := len(x.entries)
	at := sort.Search(n, func(i int) bool { return batch[0].before(x.entries[i].sec, x.entries[i].ns) })
	if at == n {
		x.entries = append(x.entries, batch...)
		return
	}
	tail := append([]cmtEntry(nil), x.entries[at:]...)
	x.entries = x.entries[:at]
	i, j := 0, 0
	for i < len(tail) && j < len(batch) {
		if batch[j].before(tail[i].sec, tail[i].ns) {
			x.entries = append(x.entries, batch[j])
			j++
		} else {
			x.entries = append(x.entries, tail[i])
			i++
		}
	}
	x.entries = append(append(x.entries, tail[i:]...), batch[j:]...)
}

// want translates filter values to codes: anyValue for "", ok false when a
// value was never seen (nothing matches). mu held.
func (x *commentIndex) want(fields [nFields]string) (w [nFields]uint32, ok bool) {
	for i, v := range fields {
		if v == "" {
			w[i] = anyValue
			continue
		}
		c, seen := x.codes[v]
		if !seen {
			return w, false
		}
		w[i] = c
	}
	return w, true
}

func (e *cmtEntry) match(w *[nFields]uint32) bool {
	for i, c := range w {
		if c != anyValue && e.f[i] != c {
			return false
		}
	}
	return true
}

// span returns the entries with from <= time <= to (zero: unbounded), at
// most MaxCommentScan of them, the newest kept. mu held.
func (x *commentIndex) span(from, to time.Time) []cmtEntry {
	lo, hi := 0, len(x.entries)
	if !from.IsZero() {
		s, ns := from.Unix(), uint32(from.Nanosecond())
		lo = sort.Search(hi, func(i int) bool { return !x.entries[i].before(s, ns) })
	}
	if !to.IsZero() {
		t := to.Add(1) // exclusive
		s, ns := t.Unix(), uint32(t.Nanosecond())
		hi = sort.Search(len(x.entries), func(i int) bool { return !x.entries[i].before(s, ns) })
	}
	if hi < lo {
		return nil
	}
	if hi-lo > MaxCommentScan {
		lo = hi - MaxCommentScan
	}
	return x.entries[lo:hi]
}

// filterFields is f's equality fields in encodeComment's order.
func filterFields(f *CommentFilter) [nFields]string {
	return [nFields]string{f.Platform, f.Intent, f.Sentiment, f.Dialect, f.Toxicity, f.ChannelID}
}

// count is how many comments match f's equality fields and time bounds
// (cursor and limit ignored), within the newest MaxCommentScan of the range.
func (x *commentIndex) count(f *CommentFilter) int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	w, ok := x.want(filterFields(f))
	if !ok {
		return 0
	}
	n := 0
	es := x.span(f.From, f.To)
	for i := range es {
		if es[i].match(&w) {
			n++
		}
	}
	return n
}
