package httpapi

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"testing"
)

// usd and usdf against the obvious reference: fmt with integer arithmetic,
// and ParseFloat of that decimal.
func TestUSDFormatting(t *testing.T) {
	ref := func(c int64) string {
		sign := ""
		u := uint64(c)
		if c < 0 {
			sign, u = "-", -u
		}
		return fmt.Sprintf("%s%d.%03d", sign, u/1000, u%1000)
	}
	check := func(c int64) {
		if got, want := usd(c), ref(c); got != want {
			t.Fatalf("usd(%d) = %q, want %q", c, got, want)
		}
		if c < 0 || c >= 1<<53 {
			return
		}
		want, err := strconv.ParseFloat(ref(c), 64)
		if err != nil || usdf(c) != want {
			t.Fatalf("usdf(%d) = %v, want %v (%v)", c, usdf(c), want, err)
		}
	}
	for c := int64(-3000); c <= 2_000_000; c++ {
		check(c)
	}
	for _, c := range []int64{math.MaxInt64, math.MinInt64, 1<<53 - 1, 500_000_000_001, 999_999_999_999_999} {
		check(c)
	}
}

// plainString takes only literals without escapes; whatever it accepts
// decodes to the same string encoding/json gives.
func TestPlainString(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{
		{`"hello"`, true}, {`""`, true}, {`"مرحبا 😀"`, true},
		{`"a\"b"`, false}, {`"a\nb"`, false}, {`"a\u0041"`, false}, {"\"a\tb\"", false},
		{`12`, false}, {`"open`, false}, {`"`, false}, {`null`, false}, {`["a"]`, false},
	} {
		got, ok := plainString([]byte(c.in))
		if ok != c.ok {
			t.Fatalf("plainString(%s) ok = %v, want %v", c.in, ok, c.ok)
		}
		if ok {
			var want string
			if err := json.Unmarshal([]byte(c.in), &want); err != nil || got != want {
				t.Fatalf("plainString(%s) = %q, json gives %q (%v)", c.in, got, want, err)
			}
		}
	}
}
