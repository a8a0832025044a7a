package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
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
	RouteAR, RouteEN string // provider for ar/mixed and en text; defaults "llm_b", "llm_a"
	// Objectives bound each operation end to end (every attempt, retry,
	// hedge and fallback): 2s by default, 30s for report. They are the
	// only deadline of an operation; callers pass a context without one
	// (or with a shorter one, which then wins).
	Objectives Objectives
	// Timeout caps one upstream call (connect to last byte); default 10s.
	// Within an objective an attempt gets less: see attemptTimeout.
	Timeout        time.Duration
	ConnectTimeout time.Duration // TCP/TLS connect; default 3s
	MaxInFlight    int           // concurrent upstream calls per provider; default 10_000
	QueueWait      time.Duration // max wait for an in-flight slot; default 2s
	// HedgeRatio bounds hedged calls to this fraction of requests over
	// time (default DefaultHedgeRatio); negative disables hedging.
	HedgeRatio float64
	// MaxHints bounds the feedback examples put in a prompt (default 5), each
	// text cut to HintRunes runes (default 200).
	MaxHints, HintRunes int
	// WhenProvidersDown is what a request gets when no provider can answer
	// within its objective: "builtin" (default) the built-in analyzers'
	// answer, marked Usage.Degraded; "fail" ErrUpstream (degrade.go).
	WhenProvidersDown string
	// BreakerClock is the circuit breakers' clock (cooldowns, windows);
	// nil is time.Now. Tests freeze it so that a breaker's state does not
	// depend on how fast a loaded machine runs them.
	BreakerClock func() time.Time
}

// Engine is safe for concurrent use.
type Engine struct {
	cfg       Config
	providers map[string]*provider.Client // nil entry = built-in
	health    []*modelHealth              // one per configured provider model, in chain order
	hedges    hedgeBudget
	now       func() time.Time // the breakers' clock (tests move it)

	// degrade.go: the policy, the signal of a breaker opening, the probes
	// running off the request path (Close cancels and waits for them).
	degrade     bool
	down        downSignal
	asideCtx    context.Context
	asideCancel context.CancelFunc
	asideWG     sync.WaitGroup
	asideMu     sync.Mutex // orders asideWG.Add before Close's Wait
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
	cfg.Objectives.fill()
	pd, err := checkProvidersDown(cfg.WhenProvidersDown)
	if err != nil {
		return nil, err
	}
	cfg.WhenProvidersDown = pd
	if cfg.HedgeRatio == 0 {
		cfg.HedgeRatio = DefaultHedgeRatio
	}
	if cfg.MaxHints <= 0 {
		cfg.MaxHints = 5
	}
	if cfg.HintRunes <= 0 {
		cfg.HintRunes = 200
	}
	e := &Engine{cfg: cfg, providers: map[string]*provider.Client{LLMA: nil, LLMB: nil}, now: time.Now,
		degrade: pd == ProvidersDownBuiltin}
	e.asideCtx, e.asideCancel = context.WithCancel(context.Background())
	if cfg.BreakerClock != nil {
		e.now = cfg.BreakerClock
	}
	if cfg.HedgeRatio > 0 {
		e.hedges.ratio = int64(min(cfg.HedgeRatio, 1) * tokenUnit)
	}
	for _, p := range []struct {
		name string
		pc   ProviderConfig
	}{{LLMA, cfg.LLMA}, {LLMB, cfg.LLMB}} {
		name, pc := p.name, p.pc
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
		for _, m := range []string{pc.Model, pc.FallbackModel} {
			if m != "" && e.modelHealth(name, m) == nil {
				e.health = append(e.health, &modelHealth{provider: name, model: m})
			}
		}
	}
	return e, nil
}

// Close releases idle upstream connections and ends the probes running off
// the request path. In-flight calls end with their own contexts.
func (e *Engine) Close() {
	e.asideMu.Lock()
	e.asideCancel()
	e.asideMu.Unlock()
	e.asideWG.Wait()
	for _, c := range e.providers {
		if c != nil {
			c.Close()
		}
	}
}

// Detect runs local language and dialect detection (no model call).
func (e *Engine) Detect(text string) op.Detection { return dialect.Detect(text) }
