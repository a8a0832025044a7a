package ledger

import (
	"sort"
	"time"
)

// dayTotals is one UTC day of an account's usage totals: a copy of its
// ust/ level d keys, by endpoint.
type dayTotals struct {
	day time.Time // midnight UTC
	eps []endpointTotal
}

type endpointTotal struct {
	endpoint string
	t        UsageTotal
}

// The account's day totals live in memory too (account.days, guarded by
// account.mu, oldest day first), loaded by Open from ust/ and updated by
// every Commit after its batch is applied: Usage reads whole days from
// memory, whatever the state of Pebble (until a flush, each total has a
// version per record in the memtable). Hour totals are read from Pebble
// (only the edges of a range need them). Memory: about 80 bytes per
// (day, endpoint) with usage, e.g. 30 KB for a year of one account using
// every operation daily.

// dayIndex is the index of day in a.days, or where it would be inserted.
// a.mu held.
func (a *account) dayIndex(day time.Time) (int, bool) {
	i := sort.Search(len(a.days), func(i int) bool { return !a.days[i].day.Before(day) })
	return i, i < len(a.days) && a.days[i].day.Equal(day)
}

// dayTotal is the account's total of endpoint on day (zero when none).
// a.mu held.
func (a *account) dayTotal(day time.Time, endpoint string) UsageTotal {
	if i, ok := a.dayIndex(day); ok {
		for _, e := range a.days[i].eps {
			if e.endpoint == endpoint {
				return e.t
			}
		}
	}
	return UsageTotal{}
}

// setDayTotal records the total of endpoint on day. a.mu held (or Open).
func (a *account) setDayTotal(day time.Time, endpoint string, t UsageTotal) {
	i, ok := a.dayIndex(day)
	if !ok {
		a.days = append(a.days, dayTotals{})
		copy(a.days[i+1:], a.days[i:])
		a.days[i] = dayTotals{day: day}
	}
	d := &a.days[i]
	for j := range d.eps {
		if d.eps[j].endpoint == endpoint {
			d.eps[j].t = t
			return
		}
	}
	d.eps = append(d.eps, endpointTotal{endpoint, t})
}

// eachDayTotal calls fn for every day total with the day in [from, to).
// a.mu held.
func (a *account) eachDayTotal(from, to time.Time, fn func(endpoint string, day time.Time, t UsageTotal)) {
	i, _ := a.dayIndex(from)
	for ; i < len(a.days) && a.days[i].day.Before(to); i++ {
		for _, e := range a.days[i].eps {
			fn(e.endpoint, a.days[i].day, e.t)
		}
	}
}
