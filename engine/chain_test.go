package engine

import (
	"errors"
	"testing"

	"svc/engine/provider"
)

// judge gives doc.go's verdict for each kind of failed attempt.
func TestJudgeVerdicts(t *testing.T) {
	pe := func(k provider.Kind, code int) error { return &provider.Error{Provider: LLMA, Kind: k, Code: code} }
	limited := &provider.Error{Provider: LLMA, Kind: provider.Status, Code: 429, RetryAfter: 5e9}
	cases := []struct {
		name  string
		err   error
		want  verdict
		tried bool
	}{
		{"unusable output", unusable("no valid intent"), retrySame, true},
		{"bad body", pe(provider.BadBody, 0), retrySame, true},
		{"HTTP 500", pe(provider.Status, 500), nextStep, true},
		{"HTTP 429 without Retry-After", pe(provider.Status, 429), nextStep, true},
		{"HTTP 429 with Retry-After", limited, skipProvider, true},
		{"I/O failure", pe(provider.Transport, 0), nextStep, true},
		{"timeout", pe(provider.Timeout, 0), skipProvider, true},
		{"refused connection", pe(provider.Connect, 0), skipProvider, true},
		{"full in-flight queue", pe(provider.Busy, 0), skipProvider, false},
		{"canceled", pe(provider.Canceled, 0), skipProvider, true},
		{"not a provider error", errors.New("x"), nextStep, true},
	}
	for _, c := range cases {
		if v, tried := judge(c.err); v != c.want || tried != c.tried {
			t.Errorf("%s: verdict %d tried %v, want %d %v", c.name, v, tried, c.want, c.tried)
		}
	}
}
