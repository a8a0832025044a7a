package ledger

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Analytics from the day aggregates (whole days) and the scanned edges
// equals the same comments folded one by one (AnalyticsBuilder), for
// ranges on and off midnight, every grouping, with and without the
// platform and channel filters, and comments added one by one and in
// batches out of time order.
func TestAnalyticsDayAggregatesEqualComments(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 5))
	now := time.Date(2026, 3, 28, 15, 30, 0, 0, time.UTC)
	type cm struct {
		at     time.Time
		fields [nFields]string
	}
	var all []cm
	pick := func(vs ...string) string { return vs[rng.IntN(len(vs))] }
	var x commentIndex
	var ts []time.Time
	var fs [][nFields]string
	for i := range 3000 {
		at := now.Add(-time.Duration(rng.Int64N(int64(45 * 24 * time.Hour))))
		if i%7 == 0 {
			at = at.Truncate(24 * time.Hour) // midnight
		}
		f := [nFields]string{
			fPlatform: pick("youtube", "instagram", ""), fIntent: pick(append(IntentLabels, "weird")...),
			fSentiment: pick(Sentiments...), fDialect: pick(append(Dialects, "")...), fToxicity: pick(Toxicities...),
			fChannel: pick("ch1", "ch2", ""),
		}
		all = append(all, cm{at, f})
		if i%2 == 0 {
			x.add(fmt.Sprint("cls_", i), at, f)
		} else {
			ts, fs = append(ts, at), append(fs, f)
		}
	}
	x.addBatch(ts, fs)
	day := now.Truncate(24 * time.Hour)
	ranges := [][2]time.Time{
		{}, // the default: 30 days up to now
		{day.AddDate(0, 0, -20), day},
		{day.AddDate(0, 0, -20), day.Add(-1)},
		{day.AddDate(0, 0, -20).Add(3 * time.Hour), now.Add(-2 * time.Hour)},
		{day.Add(2 * time.Hour), day.Add(5 * time.Hour)},
		{day.AddDate(0, 0, -60), now.AddDate(0, 0, 3)},
		{day.AddDate(0, 0, -3).Add(time.Nanosecond), day.AddDate(0, 0, -1)},
	}
	for _, r := range ranges {
		for _, g := range []string{"day", "week", "month"} {
			for _, filter := range [][2]string{{"", ""}, {"youtube", ""}, {"", "ch2"}, {"instagram", "ch1"}, {"tiktok", ""}} {
				q := AnalyticsQuery{From: r[0], To: r[1], GroupBy: g, Platform: filter[0], ChannelID: filter[1]}
				got, err := x.analytics(q, now)
				require.NoError(t, err)
				b, err := NewAnalyticsBuilder(q, now)
				require.NoError(t, err)
				bq := b.Query()
				for _, c := range all {
					if c.at.Before(bq.From) || c.at.After(bq.To) ||
						(q.Platform != "" && c.fields[fPlatform] != q.Platform) || (q.ChannelID != "" && c.fields[fChannel] != q.ChannelID) {
						continue
					}
					b.Add(c.at, c.fields[fIntent], c.fields[fSentiment], c.fields[fDialect], c.fields[fToxicity], 1)
				}
				require.Equal(t, b.Result(), got, "query %+v", q)
			}
		}
	}
}
