package ledger

import (
	"fmt"
	"sort"
	"time"
)

// MaxPeriods bounds the periods of one Analytics trend or Usage breakdown
// (ten years of days); more is ErrInvalid.
const MaxPeriods = 3660

// period is a run of whole UTC days, start and end inclusive (midnights).
type period struct{ start, end time.Time }

// String is "YYYY-MM-DD/YYYY-MM-DD".
func (p period) String() string {
	return p.start.Format(time.DateOnly) + "/" + p.end.Format(time.DateOnly)
}

// dayOf is the UTC midnight starting t's day.
func dayOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// validGroup reports whether g is a calendar grouping ("" means day).
func validGroup(g string) bool { return g == "" || g == "day" || g == "week" || g == "month" }

// calendarPeriod returns the whole period of grouping g containing day d:
// the day; the ISO week (Monday to Sunday); the calendar month.
func calendarPeriod(d time.Time, g string) period {
	switch g {
	case "week":
		s := d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
		return period{s, s.AddDate(0, 0, 6)}
	case "month":
		s := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, time.UTC)
		return period{s, s.AddDate(0, 1, -1)}
	default:
		return period{d, d}
	}
}

// periods lists the periods of grouping g covering [from, to], oldest
// first, the first and last clipped to from's and to's days.
func periods(from, to time.Time, g string) ([]period, error) {
	if !validGroup(g) {
		return nil, fmt.Errorf("%w: group_by %q", ErrInvalid, g)
	}
	first, last := dayOf(from), dayOf(to)
	if first.After(last) {
		return nil, fmt.Errorf("%w: from after to", ErrInvalid)
	}
	var out []period
	for d := first; !d.After(last); {
		p := calendarPeriod(d, g)
		next := p.end.AddDate(0, 0, 1)
		if p.start.Before(first) {
			p.start = first
		}
		if p.end.After(last) {
			p.end = last
		}
		out = append(out, p)
		if len(out) > MaxPeriods {
			return nil, fmt.Errorf("%w: more than %d periods", ErrInvalid, MaxPeriods)
		}
		d = next
	}
	return out, nil
}

// periodIndex returns the index of the period containing t, or -1.
func periodIndex(ps []period, t time.Time) int {
	d := dayOf(t)
	i := sort.Search(len(ps), func(i int) bool { return !ps[i].end.Before(d) })
	if i < len(ps) && !ps[i].start.After(d) {
		return i
	}
	return -1
}
