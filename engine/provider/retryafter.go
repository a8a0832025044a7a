package provider

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// MaxRetryAfter bounds the wait a Retry-After header can ask for: a
// provider's header cannot take it out of service for longer.
const MaxRetryAfter = 5 * time.Minute

// maxRetryAfterLen bounds the header value parsed (an HTTP date is 29 bytes).
const maxRetryAfterLen = 64

// retryAfterError is a failure status (429 or 503) that came with a usable
// Retry-After header; classify copies after into Error.RetryAfter.
type retryAfterError struct {
	err   error
	after time.Duration
}

func (e *retryAfterError) Error() string { return e.err.Error() }
func (e *retryAfterError) Unwrap() error { return e.err }

// wantsRetryAfter: the statuses whose Retry-After header is read (RFC 9110
// 10.2.3 gives it meaning on 503 and 3xx; RFC 6585 on 429).
func wantsRetryAfter(code int) bool {
	return code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable
}

// parseRetryAfter reads a Retry-After value: delta-seconds (a decimal
// fraction is accepted, as some servers send one) or an HTTP date, relative
// to now. The result is in (0, MaxRetryAfter]; 0 when the value is absent,
// malformed, not positive, or a date already past.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > maxRetryAfterLen {
		return 0
	}
	var d time.Duration
	if c := v[0]; c >= '0' && c <= '9' {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f <= 0 {
			return 0
		}
		if f >= MaxRetryAfter.Seconds() {
			return MaxRetryAfter
		}
		d = time.Duration(f * float64(time.Second))
	} else {
		t, err := http.ParseTime(v)
		if err != nil {
			return 0
		}
		d = t.Sub(now)
	}
	switch {
	case d <= 0:
		return 0
	case d > MaxRetryAfter:
		return MaxRetryAfter
	}
	return d
}
