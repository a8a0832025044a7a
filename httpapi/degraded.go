package httpapi

import (
	"log/slog"

	"github.com/prometheus/client_golang/prometheus"

	"svc/engine/op"
)

// Degraded answers. With both providers down the engine answers from its
// built-in analyzers (engine.Config.WhenProvidersDown "builtin", the
// default; Usage.Degraded). Such a response carries X-SVC-Degraded: builtin
// (and fallback_used true, model the built-in engine's, where the body has
// them), counts in svc_degraded_total{op}, and logs one line at info. It is
// charged as any answer (docs/providers.md says why) and never cached: once
// a provider is back, the same text gets the provider's answer.

// hdrDegraded names the header; degradedBuiltin is its only value so far.
var (
	hdrDegraded     = []byte("X-SVC-Degraded")
	degradedBuiltin = []byte("builtin")
)

// degradedOps are the operations that may degrade (the metric's op label).
var degradedOps = []string{"classify", "moderate", "rubric", "reply", "report", "translate"}

var degradedTotal = func() *prometheus.CounterVec {
	v := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "svc_degraded_total",
		Help: "Answers given by the built-in engine because no provider could answer (--when-providers-down builtin), by operation.",
	}, []string{"op"})
	for _, o := range degradedOps {
		v.WithLabelValues(o) // every series visible from the start, at 0
	}
	mx.reg.MustRegister(v)
	return v
}()

// degraded marks the response of a committed answer whose usage u says it
// is degraded (header, metric, log line) and reports whether it was.
func (c *call) degraded(opName string, u *op.Usage) bool {
	if u == nil || !u.Degraded {
		return false
	}
	c.ctx.Response.Header.SetCanonical(hdrDegraded, degradedBuiltin)
	degradedTotal.WithLabelValues(opName).Inc()
	slog.Info("degraded answer: no provider could answer, the built-in engine did",
		"request_id", c.rid, "endpoint", c.endpoint, "op", opName, "provider", u.Provider, "model", u.Model)
	return true
}

// degradedResult is degraded for the results of the cached operations.
func (c *call) degradedResult(res any) bool {
	switch r := res.(type) {
	case *op.Classification:
		return c.degraded("classify", &r.Usage)
	case *op.Moderation:
		return c.degraded("moderate", &r.Usage)
	case *op.Reply:
		return c.degraded("reply", &r.Usage)
	case *op.Translation:
		return c.degraded("translate", &r.Usage)
	}
	return false
}
