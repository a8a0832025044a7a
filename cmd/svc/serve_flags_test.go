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
