package ledger

import (
	"context"
	"fmt"
	"time"
)

// Enumerations counted by Analytics; every value is a key of its map.
var (
	IntentLabels = []string{"question", "complaint", "praise", "suggestion", "spam", "other"}
	Sentiments   = []string{"positive", "negative", "neutral", "mixed"}
	Dialects     = []string{"gulf", "egyptian", "levantine", "msa"}
	Toxicities   = []string{"none", "mild", "moderate", "severe"}
)

// DefaultAnalyticsWindow is the period used when AnalyticsQuery.From is zero.
const DefaultAnalyticsWindow = 30 * 24 * time.Hour

func zeroCounts(keys []string) map[string]int {
	m := make(map[string]int, len(keys))
	for _, k := range keys {
		m[k] = 0
	}
	return m
}

// trendAcc accumulates one period.
type trendAcc struct {
	total, pos, neg int
	intents         [6]int // by IntentLabels index
}

// Analytics aggregates the account's comments with CreatedAt in [From, To]
// (To zero: now; From zero: To - 30 days), filtered by ChannelID and Platform
// when set. Trends has one entry per GroupBy period (day, week = ISO week
// from Monday, month; "" = day) inside [From, To], empty periods included,
// oldest first, the first and last clipped to From's and To's days.
// Bounded by MaxPeriods periods; without a channel filter whole UTC days
// come from per-day aggregates (commentdays.go) and only the parts of the
// first and last days are scanned, each scan bounded by MaxCommentScan.
func (s *Store) Analytics(ctx context.Context, accountID string, q AnalyticsQuery) (Analytics, error) {
	a, err := s.account(accountID)
	if err != nil {
		return Analytics{}, err
	}
	if err := s.enter(); err != nil {
		return Analytics{}, err
	}
	defer s.leave()
	return a.comments.analytics(q, s.nowUTC())
}

// analytics is Store.Analytics over the index, now being the service clock.
func (x *commentIndex) analytics(q AnalyticsQuery, now time.Time) (Analytics, error) {
	if q.To.IsZero() {
		q.To = now
	}
	if q.From.IsZero() {
		q.From = q.To.Add(-DefaultAnalyticsWindow)
	}
	if q.From.After(q.To) {
		return Analytics{}, fmt.Errorf("%w: from after to", ErrInvalid)
	}
	ps, err := periods(q.From, q.To, q.GroupBy)
	if err != nil {
		return Analytics{}, err
	}
	out := Analytics{
		Intent:    zeroCounts(IntentLabels),
		Sentiment: zeroCounts(Sentiments),
		Dialect:   zeroCounts(Dialects),
		Toxicity:  zeroCounts(Toxicities),
	}
	acc := make([]trendAcc, len(ps))
	x.aggregate(&q, ps, &out, acc)
	out.Trends = trends(ps, acc)
	return out, nil
}
