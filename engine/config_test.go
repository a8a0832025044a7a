package engine_test

import (
	"testing"
	"time"

	"svc/engine"
)

func TestConfigFromEnvObjectives(t *testing.T) {
	env := map[string]string{"SVC_LLM_BUDGET": "5s", "SVC_OBJECTIVE": "rubric=1500ms,report=45s", "SVC_LLM_HEDGE_RATIO": "0.02"}
	cfg, err := engine.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := engine.UniformObjectives(5 * time.Second)
	want.Rubric, want.Report = 1500*time.Millisecond, 45*time.Second
	if cfg.Objectives != want || cfg.HedgeRatio != 0.02 {
		t.Fatalf("objectives %v hedge %v", cfg.Objectives, cfg.HedgeRatio)
	}
	for k, v := range map[string]string{"SVC_OBJECTIVE": "classify", "SVC_LLM_BUDGET": "soon", "SVC_LLM_HEDGE_RATIO": "2"} {
		bad := map[string]string{k: v}
		if _, err := engine.ConfigFromEnv(func(k string) string { return bad[k] }); err == nil {
			t.Errorf("%s=%s accepted", k, v)
		}
	}
}
