package main

import "testing"

func TestParseServeObjective(t *testing.T) {
	c, err := parseServe([]string{"--objective", "all=1500ms,report=40s"})
	if err != nil || c.objective != "all=1500ms,report=40s" {
		t.Fatalf("%+v %v", c, err)
	}
	for _, bad := range []string{"classify", "detect=1s", "report=0s"} {
		if _, err := parseServe([]string{"--objective", bad}); err == nil {
			t.Errorf("--objective %s accepted", bad)
		}
	}
}

func TestParseServeTrustedProxies(t *testing.T) {
	c, err := parseServe([]string{"--trusted-proxies", "127.0.0.1/32, 10.0.0.0/8"})
	if err != nil || c.trustedProxies.String() != "127.0.0.1/32,10.0.0.0/8" {
		t.Fatalf("%v %v", c.trustedProxies, err)
	}
	if c, err := parseServe(nil); err != nil || len(c.trustedProxies) != 0 {
		t.Fatalf("default: %v %v (want none: off by default)", c.trustedProxies, err)
	}
	if _, err := parseServe([]string{"--trusted-proxies", "10.0.0.0/99"}); err == nil {
		t.Error("a bad CIDR was accepted")
	}
}

// --when-providers-down: builtin by default, fail on demand (flag or
// SVC_WHEN_PROVIDERS_DOWN), anything else refused.
func TestParseServeWhenProvidersDown(t *testing.T) {
	if c, err := parseServe(nil); err != nil || c.whenProvidersDown != "builtin" {
		t.Fatalf("default %q %v, want builtin", c.whenProvidersDown, err)
	}
	if c, err := parseServe([]string{"--when-providers-down", "fail"}); err != nil || c.whenProvidersDown != "fail" {
		t.Fatalf("%q %v", c.whenProvidersDown, err)
	}
	t.Setenv("SVC_WHEN_PROVIDERS_DOWN", "fail")
	if c, err := parseServe(nil); err != nil || c.whenProvidersDown != "fail" {
		t.Fatalf("from the environment: %q %v", c.whenProvidersDown, err)
	}
	if _, err := parseServe([]string{"--when-providers-down", "retry"}); err == nil {
		t.Error("--when-providers-down retry accepted")
	}
}
