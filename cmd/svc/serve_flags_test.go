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
