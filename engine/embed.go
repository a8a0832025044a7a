package engine

import (
	"context"
	"fmt"
	"strings"
)

// EmbedFunc returns the embedding of text (the signature of cache.Options.Embedder).
type EmbedFunc func(ctx context.Context, text string) ([]float32, error)

// Embedder returns the embedding function of provider name ("llm_a" or
// "llm_b") and an identifier of its vector space (the embedding model and the
// endpoint; the cache persists vectors under it and ignores stored vectors of
// another space). It is an error when the provider is served by the built-in
// analyzers (no base URL) or has no embedding model (SVC_LLM_X_EMBED_MODEL):
// the service must refuse to start rather than run without what was asked.
//
// Each call is bounded by the engine's per-call Timeout (and by ctx) and
// shares the provider's in-flight slots, queue deadline, transport and error
// kinds with chat completions.
func (e *Engine) Embedder(name string) (EmbedFunc, string, error) {
	if !ValidProvider(name) {
		return nil, "", fmt.Errorf("engine: embedder %q: want llm_a or llm_b", name)
	}
	c := e.providers[name]
	if c == nil {
		return nil, "", fmt.Errorf("engine: embedder %s: the provider is not configured (SVC_%s_BASE_URL)", name, envName(name))
	}
	if c.EmbedModel() == "" {
		return nil, "", fmt.Errorf("engine: embedder %s: no embedding model (SVC_%s_EMBED_MODEL)", name, envName(name))
	}
	timeout := e.cfg.Timeout
	f := func(ctx context.Context, text string) ([]float32, error) {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return c.Embed(ctx, text)
	}
	var base string
	if pc := e.providerConfig(name); pc != nil {
		base = strings.TrimRight(pc.BaseURL, "/")
	}
	return f, c.EmbedModel() + " " + base, nil
}

func envName(name string) string {
	if name == LLMB {
		return "LLM_B"
	}
	return "LLM_A"
}

func (e *Engine) providerConfig(name string) *ProviderConfig {
	switch name {
	case LLMA:
		return &e.cfg.LLMA
	case LLMB:
		return &e.cfg.LLMB
	}
	return nil
}
