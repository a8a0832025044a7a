package ledger

import "time"

// Usage totals. Every usage record also adds to two totals of its account
// and endpoint, written atomically with it: the hour and the UTC day its At
// falls in. A Usage read then costs the number of totals and of the records
// at its edges, not the number of records in its period: UsageBuilder.Spans
// cuts [From, To] into runs of whole days and whole hours, read from the
// totals, and at most two pieces shorter than an hour at its ends, read from
// the records. When To is now or later, the totals of To's day (and hour)
// already hold every record up to To, so the common query (this month up to
// now) reads totals only. Both stores keep this, so the conformance suite
// checks that a query answered from totals equals the records' sum.

// UsageLevel says what a UsageSpan is read from.
type UsageLevel byte

const (
	UsageRecords UsageLevel = 'r' // the usage records with At in the span
	UsageHours   UsageLevel = 'h' // the hour totals whose hour starts in the span
	UsageDays    UsageLevel = 'd' // the day totals whose UTC day starts in the span
)

// Total widths of the levels.
const (
	UsageHour = time.Hour
	UsageDay  = 24 * time.Hour
)

// UsageSpan is the half-open interval [From, To) read at Level.
type UsageSpan struct {
	Level    UsageLevel
	From, To time.Time
}

// UsageTotal is the sum of some usage records of one endpoint.
type UsageTotal struct {
	Requests      int64
	Charged       int64
	CacheHits     int64
	LatencyMicros int64
}

// Add counts one record.
func (t *UsageTotal) Add(u *Usage) {
	t.Requests++
	t.Charged += u.Charged
	if u.CacheHit {
		t.CacheHits++
	}
	t.LatencyMicros += u.LatencyMicros
}

// UsageBucketStart is the start of the bucket of width w (UsageHour or
// UsageDay) holding t. Hours and days divide the time since year 1 UTC
// evenly, so Truncate gives UTC hours and midnights.
func UsageBucketStart(t time.Time, w time.Duration) time.Time { return t.UTC().Truncate(w) }

// ceil is the first multiple of w at or after t.
func ceil(t time.Time, w time.Duration) time.Time {
	c := t.Truncate(w)
	if c.Before(t) {
		c = c.Add(w)
	}
	return c
}

// Spans cuts the query's [From, To] into the spans a store reads, oldest
// first, disjoint, covering exactly the records with At in [From, To]
// (a record with At after the builder's now is counted when To is at or
// after now and it lies in To's day: such a record is not expected, the
// service clock stamps them).
func (b *UsageBuilder) Spans() []UsageSpan {
	from, toEx := b.q.From.UTC(), b.q.To.UTC().Add(1) // records: [from, toEx)
	open := !b.q.To.Before(b.now)
	s := ceil(from, UsageHour)
	var e time.Time // totals cover [s, e)
	if open {
		e = UsageBucketStart(b.q.To, UsageDay).Add(UsageDay)
	} else {
		e = UsageBucketStart(toEx, UsageHour)
	}
	if !s.Before(e) {
		return []UsageSpan{{UsageRecords, from, toEx}}
	}
	var out []UsageSpan
	if from.Before(s) {
		out = append(out, UsageSpan{UsageRecords, from, s})
	}
	d1, d2 := ceil(s, UsageDay), UsageBucketStart(e, UsageDay)
	if !d1.Before(d2) {
		out = append(out, UsageSpan{UsageHours, s, e})
	} else {
		if s.Before(d1) {
			out = append(out, UsageSpan{UsageHours, s, d1})
		}
		out = append(out, UsageSpan{UsageDays, d1, d2})
		if d2.Before(e) {
			out = append(out, UsageSpan{UsageHours, d2, e})
		}
	}
	if !open && e.Before(toEx) {
		out = append(out, UsageSpan{UsageRecords, e, toEx})
	}
	return out
}

// AddTotal counts a total of endpoint whose bucket starts at start.
func (b *UsageBuilder) AddTotal(endpoint string, start time.Time, t UsageTotal) {
	b.Add(endpoint, start, int(t.Requests), t.Charged, int(t.CacheHits), t.LatencyMicros)
}
