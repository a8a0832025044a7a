package engine

import (
	"fmt"

	"svc/engine/op"
	"svc/engine/provider"
)

// candidate is one step of a fallback chain: a provider name and either a
// client and model, or client nil for the built-in analyzers.
type candidate struct {
	provider string
	client   *provider.Client // nil = built-in
	model    string
	health   *modelHealth // nil = built-in
}

// route picks the provider for text: explicit wins (callers validate it
// with ValidProvider; an invalid one is caught by checkProvider); otherwise ar
// or mixed text goes to RouteAR and English to RouteEN.
func (e *Engine) route(det op.Detection, explicit string) string {
	if explicit != "" {
		return explicit
	}
	if det.Language == "en" {
		return e.cfg.RouteEN
	}
	return e.cfg.RouteAR
}

func other(p string) string {
	if p == LLMA {
		return LLMB
	}
	return LLMA
}

// chain is the fallback order for a call routed to primary:
//
//	primary's model -> primary's fallback model -> (cross) the other provider's model.
//
// A provider without a base URL is one built-in step, which always answers,
// so nothing follows it. cross=false (translate, moderate, report) stops
// after primary's fallback model.
func (e *Engine) chain(primary string, cross bool) []candidate {
	steps := e.steps(primary, true)
	if cross && steps[0].client != nil {
		steps = append(steps, e.steps(other(primary), false)...)
	}
	return steps
}

// steps lists one provider's models; withFallback adds its fallback model.
func (e *Engine) steps(name string, withFallback bool) []candidate {
	c := e.providers[name]
	if c == nil {
		return []candidate{{provider: name}}
	}
	out := []candidate{{provider: name, client: c, model: c.Model(), health: e.modelHealth(name, c.Model())}}
	if fb := c.FallbackModel(); withFallback && fb != "" {
		out = append(out, candidate{provider: name, client: c, model: fb, health: e.modelHealth(name, fb)})
	}
	return out
}

// checkProvider rejects an explicit provider that is neither "" nor valid,
// so that llm_c can never be reported.
func checkProvider(p string) error {
	if p != "" && !ValidProvider(p) {
		return fmt.Errorf("%w: invalid provider %q", ErrUpstream, p)
	}
	return nil
}
