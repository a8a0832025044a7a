package ledger

import (
	"sort"
	"time"
)

// Per-day analytics aggregates of a commentIndex. Analytics of a range
// without a channel filter reads its whole UTC days here and scans the
// index only for the parts of its first and last day inside the range, so
// its cost is the days of the range plus at most two days of comments, not
// every comment of the range. Kept per (day, platform) and per day (any
// platform), so memory is days x (platforms + 1) aggregates, whatever the
// comments; a channel filter (channel ids are the caller's, unbounded)
// scans the range as before.
//
// Invariant: days[k] is the sum over the index's entries of day k.day with
// platform k.platform (anyValue: every platform); add and addBatch keep it.

type dayKey struct {
	day      int64  // Unix day: floor(seconds / 86400)
	platform uint32 // interned platform, or anyValue
}

// dayAgg counts the comments of one dayKey. Values outside an enumeration
// are counted in total only.
type dayAgg struct {
	total     int
	intent    [6]int // by IntentLabels index (the comment's first intent)
	sentiment [4]int // by Sentiments index
	dialect   [4]int // by Dialects index
	toxicity  [4]int // by Toxicities index
}

// enumIndex is a value's index in each counted enumeration, -1 outside.
type enumIndex [4]int8

func indexIn(v string, enum []string) int8 {
	for i, e := range enum {
		if e == v {
			return int8(i)
		}
	}
	return -1
}

func enumOf(v string) enumIndex {
	return enumIndex{indexIn(v, IntentLabels), indexIn(v, Sentiments), indexIn(v, Dialects), indexIn(v, Toxicities)}
}

// unixDay is the Unix day of sec (floor division).
func unixDay(sec int64) int64 {
	d := sec / 86400
	if sec%86400 < 0 {
		d--
	}
	return d
}

// countEntry adds e to its day's aggregates. mu held for writing.
func (x *commentIndex) countEntry(e *cmtEntry) {
	if x.days == nil {
		x.days = map[dayKey]*dayAgg{}
	}
	d := unixDay(e.sec)
	for _, p := range [2]uint32{anyValue, e.f[fPlatform]} {
		k := dayKey{d, p}
		a := x.days[k]
		if a == nil {
			a = new(dayAgg)
			x.days[k] = a
		}
		x.addTo(a, e)
	}
}

// addTo counts e in a. mu held.
func (x *commentIndex) addTo(a *dayAgg, e *cmtEntry) {
	a.total++
	if i := x.enums[e.f[fIntent]][0]; i >= 0 {
		a.intent[i]++
	}
	if i := x.enums[e.f[fSentiment]][1]; i >= 0 {
		a.sentiment[i]++
	}
	if i := x.enums[e.f[fDialect]][2]; i >= 0 {
		a.dialect[i]++
	}
	if i := x.enums[e.f[fToxicity]][3]; i >= 0 {
		a.toxicity[i]++
	}
}

// aggregate adds the comments in [q.From, q.To] matching q's channel and
// platform to out's totals and enumerations and to acc, one per period of
// ps. Values outside an enumeration (e.g. the empty dialect of English
// comments) are not counted in its map. Without a channel filter, whole
// UTC days come from the day aggregates; otherwise (and for the partial
// first and last days) the index is scanned, at most MaxCommentScan
// entries per scan, the newest kept.
func (x *commentIndex) aggregate(q *AnalyticsQuery, ps []period, out *Analytics, acc []trendAcc) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	w, ok := x.want([nFields]string{fPlatform: q.Platform, fChannel: q.ChannelID})
	if !ok {
		return
	}
	var sum dayAgg
	// Whole days [d1, d2) inside [From, To].
	d1 := unixDay(q.From.Unix())
	if !time.Unix(d1*86400, 0).Equal(q.From) {
		d1++
	}
	d2 := unixDay(q.To.Add(1).Unix())
	if w[fChannel] != anyValue || d1 >= d2 {
		x.scan(q.From, q.To, &w, ps, &sum, acc)
	} else {
		start, end := time.Unix(d1*86400, 0).UTC(), time.Unix(d2*86400, 0).UTC()
		x.scan(q.From, start.Add(-1), &w, ps, &sum, acc)
		x.eachDay(d1, d2, w[fPlatform], func(day int64, a *dayAgg) {
			sum.add(a)
			if p := periodIndex(ps, time.Unix(day*86400, 0).UTC()); p >= 0 {
				acc[p].addDay(a)
			}
		})
		x.scan(end, q.To, &w, ps, &sum, acc)
	}
	out.Total += sum.total
	for _, f := range [...]struct {
		m    map[string]int
		keys []string
		n    []int
	}{{out.Intent, IntentLabels, sum.intent[:]}, {out.Sentiment, Sentiments, sum.sentiment[:]},
		{out.Dialect, Dialects, sum.dialect[:]}, {out.Toxicity, Toxicities, sum.toxicity[:]}} {
		for i, k := range f.keys {
			f.m[k] += f.n[i]
		}
	}
}

// eachDay calls fn for the aggregate of every day in [d1, d2) with one,
// oldest first: by lookup when the range is short, else from the sorted
// days with aggregates. mu held.
func (x *commentIndex) eachDay(d1, d2 int64, platform uint32, fn func(day int64, a *dayAgg)) {
	if d2-d1 <= int64(len(x.days)) {
		for d := d1; d < d2; d++ {
			if a := x.days[dayKey{d, platform}]; a != nil {
				fn(d, a)
			}
		}
		return
	}
	var ds []int64
	for k := range x.days {
		if k.platform == platform && k.day >= d1 && k.day < d2 {
			ds = append(ds, k.day)
		}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	for _, d := range ds {
		fn(d, x.days[dayKey{d, platform}])
	}
}

// scan counts the entries in [from, to] matching w into sum and acc. mu held.
func (x *commentIndex) scan(from, to time.Time, w *[nFields]uint32, ps []period, sum *dayAgg, acc []trendAcc) {
	if to.Before(from) {
		return
	}
	es := x.span(from, to)
	p := 0 // periods and entries both ascend: walk them together
	for i := range es {
		e := &es[i]
		if !e.match(w) {
			continue
		}
		x.addTo(sum, e)
		d := dayOf(e.time())
		for p < len(ps) && ps[p].end.Before(d) {
			p++
		}
		if p < len(ps) && !ps[p].start.After(d) {
			a := &acc[p]
			a.total++
			switch x.enums[e.f[fSentiment]][1] {
			case 0: // positive
				a.pos++
			case 1: // negative
				a.neg++
			}
			if j := x.enums[e.f[fIntent]][0]; j >= 0 {
				a.intents[j]++
			}
		}
	}
}

func (a *dayAgg) add(b *dayAgg) {
	a.total += b.total
	for i := range a.intent {
		a.intent[i] += b.intent[i]
	}
	for i := range a.sentiment {
		a.sentiment[i] += b.sentiment[i]
		a.dialect[i] += b.dialect[i]
		a.toxicity[i] += b.toxicity[i]
	}
}

// addDay adds a day's (or one comment's) counts to a trend period.
func (t *trendAcc) addDay(a *dayAgg) {
	t.total += a.total
	t.pos += a.sentiment[0] // Sentiments: positive, negative, neutral, mixed
	t.neg += a.sentiment[1]
	for i := range t.intents {
		t.intents[i] += a.intent[i]
	}
}
