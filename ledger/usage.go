package ledger

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/cockroachdb/pebble/v2"
)

// MaxUsageScan bounds the usage records one Usage call reads; beyond it the
// figures cover only the oldest MaxUsageScan records of the period.
const MaxUsageScan = 2_000_000

// Usage aggregates the account's usage records with At in [From, To]
// (From zero: start of the current UTC month; To zero: now). ByEndpoint is
// sorted by endpoint. Breakdown has one bucket per GroupBy period (day, week,
// month as in Analytics, empty periods included, oldest first, Key
// "YYYY-MM-DD/YYYY-MM-DD"; "" = day) or, for "endpoint", one per endpoint
// (sorted). The balance figures are the account's now: BalanceCredits the
// durable balance (= CreditsPurchased - CreditsUsed, holds not subtracted),
// CreditsPurchased net of refunds, CreditsUsed all captures.
func (s *Store) Usage(ctx context.Context, accountID string, q UsageQuery) (UsageSummary, error) {
	a, err := s.account(accountID)
	if err != nil {
		return UsageSummary{}, err
	}
	now := s.nowUTC()
	if q.To.IsZero() {
		q.To = now
	}
	if q.From.IsZero() {
		q.From = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
	if q.From.After(q.To) {
		return UsageSummary{}, fmt.Errorf("%w: from after to", ErrInvalid)
	}
	byEndpoint := q.GroupBy == "endpoint"
	var ps []period
	if !byEndpoint {
		if ps, err = periods(q.From, q.To, q.GroupBy); err != nil {
			return UsageSummary{}, err
		}
	}

	if err := s.enter(); err != nil {
		return UsageSummary{}, err
	}
	defer s.leave()
	f := CommentFilter{From: q.From, To: q.To}
	lo, hi := commentRange(pUse, accountID, &f)
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: hi})
	if err != nil {
		return UsageSummary{}, err
	}
	defer it.Close()
	prefixLen := len(acctPrefix(pUse, accountID))
	type epAcc struct {
		EndpointUsage
		latency int64
	}
	eps := map[string]*epAcc{}
	buckets := make([]UsageBucket, len(ps))
	for i, p := range ps {
		buckets[i].Key = p.String()
	}
	var sum UsageSummary
	scanned := 0
	for ok := it.First(); ok && scanned < MaxUsageScan; ok = it.Next() {
		scanned++
		k := it.Key()
		at, ok := readTime(k[prefixLen:])
		if !ok {
			return UsageSummary{}, fmt.Errorf("ledger: usage key %q", k)
		}
		v, err := it.ValueAndErr()
		if err != nil {
			return UsageSummary{}, err
		}
		u, err := decodeUsage(accountID, at, v)
		if err != nil {
			return UsageSummary{}, fmt.Errorf("ledger: usage %q: %w", k, err)
		}
		hit := 0
		if u.CacheHit {
			hit = 1
		}
		sum.TotalRequests++
		sum.TotalCharged += u.Charged
		sum.CacheHits += hit
		e := eps[u.Endpoint]
		if e == nil {
			e = &epAcc{EndpointUsage: EndpointUsage{Endpoint: u.Endpoint}}
			eps[u.Endpoint] = e
		}
		e.Requests++
		e.Charged += u.Charged
		e.CacheHits += hit
		e.latency += u.LatencyMicros
		if i := periodIndex(ps, at); i >= 0 {
			buckets[i].Requests++
			buckets[i].Charged += u.Charged
			buckets[i].CacheHits += hit
		}
	}
	if err := it.Error(); err != nil {
		return UsageSummary{}, err
	}
	sum.ByEndpoint = make([]EndpointUsage, 0, len(eps))
	for _, e := range eps {
		e.AvgLatencyMs = float64(e.latency) / float64(e.Requests) / 1000
		sum.ByEndpoint = append(sum.ByEndpoint, e.EndpointUsage)
	}
	sort.Slice(sum.ByEndpoint, func(i, j int) bool { return sum.ByEndpoint[i].Endpoint < sum.ByEndpoint[j].Endpoint })
	if byEndpoint {
		buckets = make([]UsageBucket, 0, len(sum.ByEndpoint))
		for _, e := range sum.ByEndpoint {
			buckets = append(buckets, UsageBucket{Key: e.Endpoint, Requests: e.Requests, Charged: e.Charged, CacheHits: e.CacheHits})
		}
	}
	sum.Breakdown = buckets

	a.mu.Lock()
	sum.BalanceCredits = a.balance()
	sum.CreditsPurchased = a.purchased - a.refunded
	sum.CreditsUsed = a.captured
	a.mu.Unlock()
	return sum, nil
}
