package provider

import (
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 23, 2, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		v    string
		want time.Duration
	}{
		{"", 0}, {"0", 0}, {"-3", 0}, {"abc", 0}, {"3x", 0},
		{"7", 7 * time.Second}, {" 1.5 ", 1500 * time.Millisecond},
		{"86400", MaxRetryAfter}, {"1e300", MaxRetryAfter},
		{"Mon, 23 Nov 2026 02:00:30 GMT", 30 * time.Second},
		{"Mon, 23 Nov 2026 01:59:00 GMT", 0},
		{"Tue, 24 Nov 2026 02:00:00 GMT", MaxRetryAfter},
		{string(make([]byte, 100)), 0},
	} {
		if got := parseRetryAfter(tc.v, now); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.v, got, tc.want)
		}
	}
}
