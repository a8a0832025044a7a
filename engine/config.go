package engine

import (
	"fmt"
	"strconv"
	"time"
)

// ConfigFromEnv reads the provider settings of DESIGN.md from getenv
// (os.Getenv in production):
//
//	SVC_LLM_A_BASE_URL, SVC_LLM_A_API_KEY, SVC_LLM_A_MODEL, SVC_LLM_A_FALLBACK_MODEL, SVC_LLM_A_EMBED_MODEL
//	SVC_LLM_B_BASE_URL, SVC_LLM_B_API_KEY, SVC_LLM_B_MODEL, SVC_LLM_B_FALLBACK_MODEL, SVC_LLM_B_EMBED_MODEL
//	SVC_LLM_A_OUTPUT_MODE, SVC_LLM_B_OUTPUT_MODE    json_schema (default), json_object or instructions
//	SVC_ROUTE_AR, SVC_ROUTE_EN                      llm_a or llm_b
//	SVC_LLM_TIMEOUT, SVC_LLM_CONNECT_TIMEOUT,
//	SVC_LLM_QUEUE_WAIT                              Go durations ("30s", "500ms")
//	SVC_LLM_MAX_IN_FLIGHT                           integer
//	SVC_LLM_HEDGE_RATIO                             fraction of requests that may be hedged (0.05; negative: none)
//	SVC_OBJECTIVE                                   end-to-end objectives, "classify=2s,report=45s"
//	                                                (Objectives.Set; "all=3s" sets every one but report)
//	SVC_LLM_BUDGET                                  older name: one duration, as SVC_OBJECTIVE "all=<d>"
//
// Unset values keep New's defaults; an unparseable value is an error.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	var cfg Config
	for _, p := range []struct {
		prefix string
		pc     *ProviderConfig
	}{{"SVC_LLM_A_", &cfg.LLMA}, {"SVC_LLM_B_", &cfg.LLMB}} {
		p.pc.BaseURL = getenv(p.prefix + "BASE_URL")
		p.pc.APIKey = getenv(p.prefix + "API_KEY")
		p.pc.Model = getenv(p.prefix + "MODEL")
		p.pc.FallbackModel = getenv(p.prefix + "FALLBACK_MODEL")
		p.pc.EmbedModel = getenv(p.prefix + "EMBED_MODEL")
		p.pc.OutputMode = getenv(p.prefix + "OUTPUT_MODE")
	}
	cfg.RouteAR, cfg.RouteEN = getenv("SVC_ROUTE_AR"), getenv("SVC_ROUTE_EN")
	for _, d := range []struct {
		name string
		dst  *time.Duration
	}{{"SVC_LLM_TIMEOUT", &cfg.Timeout}, {"SVC_LLM_CONNECT_TIMEOUT", &cfg.ConnectTimeout}, {"SVC_LLM_QUEUE_WAIT", &cfg.QueueWait}} {
		if v := getenv(d.name); v != "" {
			x, err := time.ParseDuration(v)
			if err != nil {
				return cfg, fmt.Errorf("engine: %s: %w", d.name, err)
			}
			*d.dst = x
		}
	}
	if v := getenv("SVC_LLM_MAX_IN_FLIGHT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return cfg, fmt.Errorf("engine: SVC_LLM_MAX_IN_FLIGHT: %w", err)
		}
		cfg.MaxInFlight = n
	}
	if v := getenv("SVC_LLM_HEDGE_RATIO"); v != "" {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x > 1 {
			return cfg, fmt.Errorf("engine: SVC_LLM_HEDGE_RATIO: want a fraction <= 1, got %q", v)
		}
		cfg.HedgeRatio = x
	}
	if v := getenv("SVC_LLM_BUDGET"); v != "" {
		if err := cfg.Objectives.Set("all=" + v); err != nil {
			return cfg, fmt.Errorf("engine: SVC_LLM_BUDGET: %w", err)
		}
	}
	if v := getenv("SVC_OBJECTIVE"); v != "" {
		if err := cfg.Objectives.Set(v); err != nil {
			return cfg, fmt.Errorf("engine: SVC_OBJECTIVE: %w", err)
		}
	}
	return cfg, nil
}
