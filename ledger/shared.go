package ledger

import (
	"fmt"
	"sort"
	"time"
)

// What a second implementation of Ledger shares with *Store, so both keep one
// set of rules: key secrets, comment cursors, and the folding of comments and
// usage records into Analytics and UsageSummary (periods, defaults, limits).

var errFromAfterTo = fmt.Errorf("%w: from after to", ErrInvalid)

// SecretPrefixLen is the length of Key.Prefix: the secret's first characters.
const SecretPrefixLen = displayLen

// NewSecret returns a fresh secret of a key of the given kind.
func NewSecret(kind KeyKind) (string, error) { return newSecret(kind) }

// ParseSecret reports the kind a well-formed secret names; ok false when it
// is malformed (it is then unknown whatever the store holds).
func ParseSecret(secret string) (KeyKind, bool) { return parseSecret(secret) }

// EncodeCursor makes the opaque ListComments cursor after the comment (at,
// id), bound by an HMAC under key to the account and the filter.
func EncodeCursor(key []byte, accountID string, f *CommentFilter, at time.Time, id string) string {
	s := Store{cursorKey: key}
	return s.encodeCursor(accountID, f, cursorPos{at: at, id: id})
}

// DecodeCursor checks and opens a cursor of EncodeCursor; ErrBadCursor when
// it was not made under key for this account and filter.
func DecodeCursor(key []byte, accountID string, f *CommentFilter, c string) (at time.Time, id string, err error) {
	s := Store{cursorKey: key}
	p, err := s.decodeCursor(accountID, f, c)
	return p.at, p.id, err
}

// AnalyticsBuilder folds comments into an Analytics with Store.Analytics's
// rules. Use: NewAnalyticsBuilder, Query (the bounds with defaults), Add per
// comment (or per group of n equal ones), Result.
type AnalyticsBuilder struct {
	q   AnalyticsQuery
	ps  []period
	out Analytics
	acc []trendAcc
}

// NewAnalyticsBuilder applies q's defaults (To: now; From: To less
// DefaultAnalyticsWindow) and checks it (ErrInvalid: from after to, unknown
// group, more than MaxPeriods periods).
func NewAnalyticsBuilder(q AnalyticsQuery, now time.Time) (*AnalyticsBuilder, error) {
	if q.To.IsZero() {
		q.To = now.UTC()
	}
	if q.From.IsZero() {
		q.From = q.To.Add(-DefaultAnalyticsWindow)
	}
	if q.From.After(q.To) {
		return nil, errFromAfterTo
	}
	ps, err := periods(q.From, q.To, q.GroupBy)
	if err != nil {
		return nil, err
	}
	return &AnalyticsBuilder{q: q, ps: ps, acc: make([]trendAcc, len(ps)), out: Analytics{
		Intent: zeroCounts(IntentLabels), Sentiment: zeroCounts(Sentiments),
		Dialect: zeroCounts(Dialects), Toxicity: zeroCounts(Toxicities),
	}}, nil
}

// Query is the query with its defaults: count comments with CreatedAt in
// [From, To] matching ChannelID and Platform.
func (b *AnalyticsBuilder) Query() AnalyticsQuery { return b.q }

// Add counts n comments created on createdAt's day with these values.
// Values outside an enumeration are counted in Total only.
func (b *AnalyticsBuilder) Add(createdAt time.Time, intent, sentiment, dialect, toxicity string, n int) {
	b.out.Total += n
	for _, fv := range [...]struct {
		m map[string]int
		v string
	}{{b.out.Intent, intent}, {b.out.Sentiment, sentiment}, {b.out.Dialect, dialect}, {b.out.Toxicity, toxicity}} {
		if old, ok := fv.m[fv.v]; ok {
			fv.m[fv.v] = old + n
		}
	}
	i := periodIndex(b.ps, createdAt)
	if i < 0 {
		return
	}
	a := &b.acc[i]
	a.total += n
	switch sentiment {
	case "positive":
		a.pos += n
	case "negative":
		a.neg += n
	}
	for j, l := range IntentLabels {
		if l == intent {
			a.intents[j] += n
		}
	}
}

// Result is the Analytics of what was added.
func (b *AnalyticsBuilder) Result() Analytics {
	b.out.Trends = trends(b.ps, b.acc)
	return b.out
}

// trends turns per-period accumulators into Trends.
func trends(ps []period, acc []trendAcc) []Trend {
	out := make([]Trend, len(ps))
	for i, p := range ps {
		a := acc[i]
		t := Trend{Start: p.start, End: p.end, Total: a.total, TopIntent: "other"}
		if a.total > 0 {
			t.SentimentScore = float64(a.pos-a.neg) / float64(a.total)
			best := -1
			for j, n := range a.intents { // ties: the first label in IntentLabels order
				if n > 0 && (best < 0 || n > a.intents[best]) {
					best = j
				}
			}
			if best >= 0 {
				t.TopIntent = IntentLabels[best]
			}
		}
		out[i] = t
	}
	return out
}

// UsageBuilder folds usage records into a UsageSummary with Store.Usage's
// rules (the balance figures are the caller's to fill).
type UsageBuilder struct {
	q       UsageQuery
	now     time.Time
	ps      []period
	buckets []UsageBucket
	eps     map[string]*usageAcc
	sum     UsageSummary
}

type usageAcc struct {
	EndpointUsage
	latency int64
}

// NewUsageBuilder applies q's defaults (To: now; From: the start of now's
// UTC month) and checks it like NewAnalyticsBuilder (group_by may also be
// "endpoint").
func NewUsageBuilder(q UsageQuery, now time.Time) (*UsageBuilder, error) {
	now = now.UTC()
	if q.To.IsZero() {
		q.To = now
	}
	if q.From.IsZero() {
		q.From = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
	if q.From.After(q.To) {
		return nil, errFromAfterTo
	}
	b := &UsageBuilder{q: q, now: now, eps: map[string]*usageAcc{}}
	if q.GroupBy != "endpoint" {
		ps, err := periods(q.From, q.To, q.GroupBy)
		if err != nil {
			return nil, err
		}
		b.ps = ps
		b.buckets = make([]UsageBucket, len(ps))
		for i, p := range ps {
			b.buckets[i].Key = p.String()
		}
	}
	return b, nil
}

// Query is the query with its defaults: records with At in [From, To].
func (b *UsageBuilder) Query() UsageQuery { return b.q }

// Add counts requests records of endpoint on at's day: charged credits,
// hits cache hits, latencyMicros their summed latency.
func (b *UsageBuilder) Add(endpoint string, at time.Time, requests int, charged int64, hits int, latencyMicros int64) {
	b.sum.TotalRequests += requests
	b.sum.TotalCharged += charged
	b.sum.CacheHits += hits
	e := b.eps[endpoint]
	if e == nil {
		e = &usageAcc{EndpointUsage: EndpointUsage{Endpoint: endpoint}}
		b.eps[endpoint] = e
	}
	e.Requests += requests
	e.Charged += charged
	e.CacheHits += hits
	e.latency += latencyMicros
	if i := periodIndex(b.ps, at); i >= 0 {
		b.buckets[i].Requests += requests
		b.buckets[i].Charged += charged
		b.buckets[i].CacheHits += hits
	}
}

// Result is the summary of what was added; the balance fields are zero.
func (b *UsageBuilder) Result() UsageSummary {
	sum := b.sum
	sum.ByEndpoint = make([]EndpointUsage, 0, len(b.eps))
	for _, e := range b.eps {
		e.AvgLatencyMs = float64(e.latency) / float64(e.Requests) / 1000
		sum.ByEndpoint = append(sum.ByEndpoint, e.EndpointUsage)
	}
	sort.Slice(sum.ByEndpoint, func(i, j int) bool { return sum.ByEndpoint[i].Endpoint < sum.ByEndpoint[j].Endpoint })
	if b.q.GroupBy == "endpoint" {
		sum.Breakdown = make([]UsageBucket, 0, len(sum.ByEndpoint))
		for _, e := range sum.ByEndpoint {
			sum.Breakdown = append(sum.Breakdown, UsageBucket{Key: e.Endpoint, Requests: e.Requests, Charged: e.Charged, CacheHits: e.CacheHits})
		}
	} else {
		sum.Breakdown = b.buckets
	}
	return sum
}

// CommentIndex is *Store's in-memory index of one account's comments (40
// bytes a comment: the time and the six filterable fields, interned) for
// another implementation: add the account's comments to it, then
// ListComments' TotalCount and Analytics come from memory with *Store's
// rules, MaxCommentScan included. Safe for concurrent use.
type CommentIndex struct{ x commentIndex }

// Add indexes one comment (only CreatedAt and the filterable fields are
// kept).
func (c *CommentIndex) Add(cm *Comment) {
	c.x.add("", cm.CreatedAt, [nFields]string{cm.Platform, cm.Intent, cm.Sentiment, cm.Dialect, cm.Toxicity, cm.ChannelID})
}

// AddAll indexes comments in any order (one sort and merge, not a move per
// comment that arrives out of time order, as Add may cost).
func (c *CommentIndex) AddAll(cs []Comment) {
	ts := make([]time.Time, len(cs))
	fs := make([][nFields]string, len(cs))
	for i := range cs {
		cm := &cs[i]
		ts[i] = cm.CreatedAt
		fs[i] = [nFields]string{cm.Platform, cm.Intent, cm.Sentiment, cm.Dialect, cm.Toxicity, cm.ChannelID}
	}
	c.x.addBatch(ts, fs)
}

// Len is the number of comments added.
func (c *CommentIndex) Len() int {
	c.x.mu.RLock()
	defer c.x.mu.RUnlock()
	return len(c.x.entries)
}

// Count is ListComments' TotalCount for f (cursor and limit ignored).
func (c *CommentIndex) Count(f *CommentFilter) int { return c.x.count(f) }

// Analytics is Analytics over the added comments; now is the service clock
// (the default To).
func (c *CommentIndex) Analytics(q AnalyticsQuery, now time.Time) (Analytics, error) {
	return c.x.analytics(q, now.UTC())
}
