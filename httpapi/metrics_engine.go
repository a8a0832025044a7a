package httpapi

import (
	"github.com/prometheus/client_golang/prometheus"

	"svc/engine"
)

// engineCollector exports the engine's resilience state at scrape time:
// every breaker state and every output mode of every configured provider
// model (1 for the current one, 0 for the others, so that each value is a
// visible series), the breakers' counters, the hedged calls, and each
// provider's calls in flight.
type engineCollector struct{ e *engine.Engine }

var (
	breakerStateDesc   = prometheus.NewDesc("svc_provider_breaker_state", "Circuit breaker state of a provider model: 1 for the current state (closed, open, half_open), 0 for the others.", []string{"provider", "model", "state"}, nil)
	breakerOpensDesc   = prometheus.NewDesc("svc_provider_breaker_opens_total", "Transitions of a provider model's breaker to open.", []string{"provider", "model"}, nil)
	breakerSkippedDesc = prometheus.NewDesc("svc_provider_breaker_skipped_total", "Fallback-chain steps skipped because the model's breaker refused them.", []string{"provider", "model"}, nil)
	breakerForcedDesc  = prometheus.NewDesc("svc_provider_forced_probes_total", "Calls made to a model although its breaker was open, because every step of a request was refused.", []string{"provider", "model"}, nil)
	outputModeDesc     = prometheus.NewDesc("svc_provider_output_mode", "How a provider model is asked for structured output: 1 for the current mode (json_schema, json_object, instructions), 0 for the others; a 400 naming response_format moves it to the next.", []string{"provider", "model", "mode"}, nil)
	inFlightDesc       = prometheus.NewDesc("svc_provider_in_flight", "Calls to a provider holding one of its in-flight slots now (at most SVC_LLM_MAX_IN_FLIGHT; past that a call waits SVC_LLM_QUEUE_WAIT, then fails busy).", []string{"provider"}, nil)
	hedgesDesc         = prometheus.NewDesc("svc_engine_hedges_total", "Hedged calls by result: started, won (the hedge gave the answer).", []string{"result"}, nil)
)

func (ec engineCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{breakerStateDesc, breakerOpensDesc, breakerSkippedDesc, breakerForcedDesc, outputModeDesc, inFlightDesc, hedgesDesc} {
		ch <- d
	}
}

func (ec engineCollector) Collect(ch chan<- prometheus.Metric) {
	counter := func(d *prometheus.Desc, v uint64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), labels...)
	}
	for _, b := range ec.e.Breakers() {
		for _, st := range engine.BreakerStates() {
			v := 0.0
			if st == b.State {
				v = 1
			}
			ch <- prometheus.MustNewConstMetric(breakerStateDesc, prometheus.GaugeValue, v, b.Provider, b.Model, st)
		}
		for _, m := range engine.OutputModes() {
			v := 0.0
			if m == b.OutputMode {
				v = 1
			}
			ch <- prometheus.MustNewConstMetric(outputModeDesc, prometheus.GaugeValue, v, b.Provider, b.Model, m)
		}
		counter(breakerOpensDesc, b.Opens, b.Provider, b.Model)
		counter(breakerSkippedDesc, b.Skipped, b.Provider, b.Model)
		counter(breakerForcedDesc, b.ForcedProbes, b.Provider, b.Model)
	}
	for _, p := range ec.e.InFlight() {
		ch <- prometheus.MustNewConstMetric(inFlightDesc, prometheus.GaugeValue, float64(p.InFlight), p.Provider)
	}
	hedges, wins := ec.e.HedgeStats()
	counter(hedgesDesc, hedges, "started")
	counter(hedgesDesc, wins, "won")
}
