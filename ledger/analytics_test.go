package ledger

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func day(y int, m time.Month, d, h int) time.Time { return time.Date(y, m, d, h, 0, 0, 0, time.UTC) }

func TestAnalyticsCountsAndTrends(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := fundedLive(t, s)
	g := fundedLive(t, s)
	n := 0
	add := func(at time.Time, intent, sentiment, dialect, tox, platform, channel string) {
		n++
		addComment(t, s, f, Comment{ID: "cls_" + string(rune('a'+n)), Text: "t", Intent: intent, Sentiment: sentiment,
			Dialect: dialect, Toxicity: tox, Platform: platform, ChannelID: channel, CreatedAt: at})
	}
	// 2026-03-02 is a Monday.
	add(day(2026, 3, 2, 1), "question", "positive", "gulf", "none", "youtube", "c1")
	add(day(2026, 3, 2, 5), "question", "negative", "msa", "mild", "youtube", "c1")
	add(day(2026, 3, 2, 6), "praise", "positive", "", "none", "twitter", "c2") // English: no dialect
	add(day(2026, 3, 4, 0), "complaint", "negative", "egyptian", "severe", "youtube", "c1")
	add(day(2026, 3, 8, 23), "praise", "positive", "levantine", "none", "youtube", "c2")  // Sunday
	add(day(2026, 3, 9, 0), "suggestion", "mixed", "gulf", "moderate", "instagram", "c1") // next Monday
	add(day(2026, 4, 1, 12), "spam", "neutral", "", "none", "youtube", "c1")
	add(day(2026, 2, 27, 12), "other", "neutral", "gulf", "none", "youtube", "c1") // before From
	addComment(t, s, g, Comment{ID: "cls_g", Text: "t", Intent: "question", Sentiment: "positive", CreatedAt: day(2026, 3, 3, 0)})

	from, to := day(2026, 3, 2, 0), day(2026, 4, 1, 12)
	a, err := s.Analytics(ctx, f.acct.ID, AnalyticsQuery{From: from, To: to, GroupBy: "week"})
	require.NoError(t, err)
	assert.Equal(t, 7, a.Total)
	assert.Equal(t, map[string]int{"question": 2, "complaint": 1, "praise": 2, "suggestion": 1, "spam": 1, "other": 0}, a.Intent)
	assert.Equal(t, map[string]int{"positive": 3, "negative": 2, "neutral": 1, "mixed": 1}, a.Sentiment)
	assert.Equal(t, map[string]int{"gulf": 2, "egyptian": 1, "levantine": 1, "msa": 1}, a.Dialect)
	assert.Equal(t, map[string]int{"none": 4, "mild": 1, "moderate": 1, "severe": 1}, a.Toxicity)

	// ISO weeks from Monday 2026-03-02 to Wednesday 2026-04-01 (clipped).
	require.Len(t, a.Trends, 5)
	assert.Equal(t, day(2026, 3, 2, 0), a.Trends[0].Start)
	assert.Equal(t, day(2026, 3, 8, 0), a.Trends[0].End)
	assert.Equal(t, 5, a.Trends[0].Total)
	assert.InDelta(t, (3.0-2.0)/5.0, a.Trends[0].SentimentScore, 1e-9)
	assert.Equal(t, "question", a.Trends[0].TopIntent, "tie question/praise: first label")
	assert.Equal(t, 1, a.Trends[1].Total)
	assert.Equal(t, "suggestion", a.Trends[1].TopIntent)
	assert.Equal(t, 0, a.Trends[2].Total)
	assert.Equal(t, "other", a.Trends[2].TopIntent)
	assert.Equal(t, 0.0, a.Trends[2].SentimentScore)
	assert.Equal(t, day(2026, 3, 30, 0), a.Trends[4].Start)
	assert.Equal(t, day(2026, 4, 1, 0), a.Trends[4].End, "clipped to To")
	assert.Equal(t, "spam", a.Trends[4].TopIntent)

	// Filters and monthly grouping; a From mid-week clips the first period.
	a, err = s.Analytics(ctx, f.acct.ID, AnalyticsQuery{From: day(2026, 3, 4, 0), To: to, GroupBy: "month", Platform: "youtube", ChannelID: "c1"})
	require.NoError(t, err)
	assert.Equal(t, 2, a.Total) // complaint 03-04, spam 04-01
	require.Len(t, a.Trends, 2)
	assert.Equal(t, period{day(2026, 3, 4, 0), day(2026, 3, 31, 0)}, period{a.Trends[0].Start, a.Trends[0].End})
	assert.Equal(t, -1.0, a.Trends[0].SentimentScore)
	assert.Equal(t, period{day(2026, 4, 1, 0), day(2026, 4, 1, 0)}, period{a.Trends[1].Start, a.Trends[1].End})

	// Daily.
	a, err = s.Analytics(ctx, f.acct.ID, AnalyticsQuery{From: from, To: day(2026, 3, 9, 0)})
	require.NoError(t, err)
	require.Len(t, a.Trends, 8)
	assert.Equal(t, 3, a.Trends[0].Total)
	assert.Equal(t, 1, a.Trends[7].Total, "To is inclusive")

	_, err = s.Analytics(ctx, f.acct.ID, AnalyticsQuery{From: to, To: from})
	assert.ErrorIs(t, err, ErrInvalid)
	_, err = s.Analytics(ctx, f.acct.ID, AnalyticsQuery{From: from, To: to, GroupBy: "year"})
	assert.ErrorIs(t, err, ErrInvalid)
	_, err = s.Analytics(ctx, f.acct.ID, AnalyticsQuery{From: day(1990, 1, 1, 0), To: to})
	assert.ErrorIs(t, err, ErrInvalid, "too many periods")
}

func TestPeriods(t *testing.T) {
	ps, err := periods(day(2026, 12, 30, 5), day(2027, 1, 5, 5), "week")
	require.NoError(t, err)
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	assert.Equal(t, []string{"2026-12-30/2027-01-03", "2027-01-04/2027-01-05"}, got)
	ps, err = periods(day(2026, 1, 31, 0), day(2026, 3, 1, 0), "month")
	require.NoError(t, err)
	got = got[:0]
	for _, p := range ps {
		got = append(got, p.String())
	}
	assert.Equal(t, []string{"2026-01-31/2026-01-31", "2026-02-01/2026-02-28", "2026-03-01/2026-03-01"}, got)
	assert.Equal(t, 1, periodIndex(ps, day(2026, 2, 28, 23)))
	assert.Equal(t, -1, periodIndex(ps, day(2026, 3, 2, 0)))
}
