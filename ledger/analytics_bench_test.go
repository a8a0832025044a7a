package ledger

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkAnalyticsIndex is Analytics' aggregation (the default 30-day
// query) over an account's in-memory comment index of n comments spread
// over 29 days: it grows with the comments of the range, up to
// MaxCommentScan (docs/performance.md, "Free reads").
func BenchmarkAnalyticsIndex(b *testing.B) {
	for _, n := range []int{100, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("comments=%d", n), func(b *testing.B) {
			var x commentIndex
			now := time.Date(2026, 3, 28, 15, 0, 0, 0, time.UTC)
			ts := make([]time.Time, n)
			fs := make([][nFields]string, n)
			step := 29 * 24 * time.Hour / time.Duration(n)
			for i := range n {
				ts[i] = now.Add(-time.Duration(i) * step)
				fs[i] = [nFields]string{"youtube", IntentLabels[i%6], Sentiments[i%4], Dialects[i%4], "none", "ch1"}
			}
			x.addBatch(ts, fs)
			for b.Loop() {
				if a, err := x.analytics(AnalyticsQuery{}, now); err != nil || a.Total != n {
					b.Fatal(a.Total, err)
				}
			}
		})
	}
}
