package engine

import (
	"errors"
	"fmt"
	"time"

	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/provider"
)

// Provider names. llm_c was withdrawn and is never valid.
const (
	LLMA = "llm_a"
	LLMB = "llm_b"
)

var (
	// ErrUnparseable: rubric classify got no usable model output after one
	// retry per model and the whole fallback chain, whether the upstreams
	// answered garbage, failed or hung (502 rubric_unparseable).
	ErrUnparseable = errors.New("engine: model output unusable")
	// ErrUpstream: any other final failure (500 api_error): provider errors,
	// timeouts and bad output of every other operation, a full in-flight
	// queue (nothing sent), the caller's context ending.
	ErrUpstream = errors.New("engine: upstream failure")
)

// ProviderConfig configures one provider. BaseURL "" means the provider is
// served by the built-in analyzers (no network).
type ProviderConfig struct {
	BaseURL       string // OpenAI-compatible base, e.g. "http://127.0.0.1:9000/v1"
	APIKey        string
	Model         string
	FallbackModel string // "" = none
	// EmbedModel is the model of POST {base}/embeddings ("" = the provider
	// offers no embeddings; see Engine.Embedder).
	EmbedModel string
	// OutputMode is how structured output is asked for: "json_schema" (""
	// too), "json_object" or "instructions" (provider.Config.OutputMode).
	OutputMode string
}

// Config configures an Engine. Zero values take the documented defaults.
type Config struct {
	LLMA, LLMB       ProviderConfig
	RouteAR, RouteEN string        // provider for ar/mixed and en text; defaults "llm_b", "llm_a"
	Timeout          time.Duration // total per upstream call (connect to last byte); default 10s
	ConnectTimeout   time.Duration // TCP/TLS connect; default 3s
	MaxInFlight      int           // concurrent upstream calls per provider; default 10_000
	QueueWait        time.Duration // max wait for an in-flight slot; default 2s
	// Budget bounds one operation end to end (every retry and fallback);
	// default 2*Timeout, so with both providers hung a call fails after
	// 20s by default. An attempt never gets more than what is left of it.
	// Raise Timeout (SVC_LLM_TIMEOUT) for slow models: a pro report's
	// narrative from a large model can need more than 10s.
	Budget time.Duration
	// MaxHints bounds the feedback examples put in a prompt (default 5), each
	// text cut to HintRunes runes (default 200).
	MaxHints, HintRunes int
}

// Engine is safe for concurrent use.
type Engine struct {
	cfg       Config
	providers map[string]*provider.Client // nil entry = built-in
}

// ValidProvider reports whether p names a provider a caller may ask for:
// "llm_a" or "llm_b" only.
func ValidProvider(p string) bool { return p == LLMA || p == LLMB }

// New checks cfg, fills defaults and builds the provider clients.
func New(cfg Config) (*Engine, error) {
	if cfg.RouteAR == "" {
		cfg.RouteAR = LLMB
	}
	if cfg.RouteEN == "" {
		cfg.RouteEN = LLMA
	}
	if !ValidProvider(cfg.RouteAR) || !ValidProvider(cfg.RouteEN) {
		return nil, fmt.Errorf("engine: routes must be llm_a or llm_b, got %q/%q", cfg.RouteAR, cfg.RouteEN)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = 3 * time.Second
	}
	if cfg.MaxInFlight <= 0 {
		cfg.MaxInFlight = 10_000
	}
	if cfg.QueueWait <= 0 {
		cfg.QueueWait = 2 * time.Second
	}
	if cfg.Budget <= 0 {
		cfg.Budget = 2 * cfg.Timeout
	}
	if cfg.MaxHints <= 0 {
		cfg.MaxHints = 5
	}
	if cfg.HintRunes <= 0 {
		cfg.HintRunes = 200
	}
	e := &Engine{cfg: cfg, providers: map[string]*provider.Client{LLMA: nil, LLMB: nil}}
	for name, pc := range map[string]ProviderConfig{LLMA: cfg.LLMA, LLMB: cfg.LLMB} {
		if pc.BaseURL == "" {
			continue
		}
		if pc.Model == "" {
			return nil, fmt.Errorf("engine: %s: base URL set without a model", name)
		}
		c, err := provider.New(provider.Config{
			Name: name, BaseURL: pc.BaseURL, APIKey: pc.APIKey,
			Model: pc.Model, FallbackModel: pc.FallbackModel, EmbedModel: pc.EmbedModel, OutputMode: pc.OutputMode,
			ConnectTimeout: cfg.ConnectTimeout, MaxInFlight: cfg.MaxInFlight, QueueWait: cfg.QueueWait,
		})
		if err != nil {
			return nil, fmt.Errorf("engine: %s: %w", name, err)
		}
		e.providers[name] = c
	}
	return e, nil
}

// Close releases idle upstream connections. In-flight calls end with their
// own contexts.
func (e *Engine) Close() {
	for _, c := range e.providers {
		if c != nil {
			c.Close()
		}
	}
}

// Detect runs local language and dialect detection (no model call).
func (e *Engine) Detect(text string) op.Detection { return dialect.Detect(text) }

// Status is "ok" unless a configured provider's recent calls have been
// failing ("degraded"). Built-in providers are always ok.
func (e *Engine) Status() string {
	for _, c := range e.providers {
		if c != nil && !c.Healthy() {
			return "degraded"
		}
	}
	return "ok"
}
