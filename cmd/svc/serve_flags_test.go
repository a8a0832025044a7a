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
