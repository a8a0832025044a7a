package engine

// ProviderInFlight is one configured provider's calls in flight now.
type ProviderInFlight struct {
	Provider string
	// InFlight counts the calls (completions and embeddings) holding one of
	// the provider's MaxInFlight slots: at most Config.MaxInFlight; a call
	// past that waits at most QueueWait for a slot, then fails Busy.
	InFlight int
}

// InFlight lists the providers with an endpoint configured (llm_a, then
// llm_b; none for the built-in analyzers) and their calls in flight now.
func (e *Engine) InFlight() []ProviderInFlight {
	out := make([]ProviderInFlight, 0, 2)
	for _, name := range []string{LLMA, LLMB} {
		if c := e.providers[name]; c != nil {
			out = append(out, ProviderInFlight{Provider: name, InFlight: c.InFlight()})
		}
	}
	return out
}
