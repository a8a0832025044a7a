package httpapi

import (
	"bytes"
	"crypto/subtle"
	"net/http/pprof"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
	"github.com/valyala/fasthttp/pprofhandler"
)

// Prometheus metrics of the public API, served on the admin listener at
// GET /metrics (docs/operations.md lists them). The registry is the
// package's own (not prometheus.DefaultRegisterer) and is shared by every
// Server of the process, as a process-wide registry is.
//
// The hot path is allocation-free for the common cases: every
// (endpoint, status) child of the request counters and histograms is created
// up front, and provider/model children are created once per distinct model
// and then found by a map lookup on the model's bytes.

// metricEndpoints are the endpoint label values: the route patterns of
// Handler, then "other" (unknown routes).
var metricEndpoints = []string{
	"/v1/classify", "/v1/translate", "/v1/detect", "/v1/moderate", "/v1/rubric/classify",
	"/v1/comments/{id}/reply", "/v1/report", "/v1/feedback", "/v1/comments", "/v1/analytics",
	"/v1/usage", "/v1/health", "/v1/openapi.json", "other",
}

// Indexes into metricEndpoints used by the code below.
const (
	epClassify = iota
	epTranslate
	epDetect
	epModerate
	epRubric
	epReply
	epReport
	epFeedback
	epComments
	epAnalytics
	epUsage
	epHealth
	epOpenAPI
	epOther
	numEndpoints
)

// upstreamEndpoints may call a model provider on a cache miss.
var upstreamEndpoints = [numEndpoints]bool{epClassify: true, epTranslate: true, epModerate: true, epRubric: true, epReply: true, epReport: true}

// cachedEndpoints consult the semantic cache.
var cachedEndpoints = [numEndpoints]bool{epClassify: true, epTranslate: true, epDetect: true, epModerate: true, epReply: true}

// modelEndpoints carry "model" in their result.
var modelEndpoints = [numEndpoints]bool{epClassify: true, epTranslate: true, epModerate: true, epRubric: true}

// preStatuses are the statuses whose children exist from the start.
var preStatuses = []int{200, 400, 401, 402, 404, 405, 408, 413, 429, 431, 500, 502, 503}

// maxModelsPerProvider bounds the model label's cardinality; later models
// are counted as "other".
const maxModelsPerProvider = 32

type statusChildren struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

type endpointMetrics struct {
	name      string
	inflight  prometheus.Gauge
	byStatus  map[int]statusChildren // read-only after init
	cacheHit  prometheus.Counter
	cacheMiss prometheus.Counter
	credits   prometheus.Counter
}

type modelChildren struct {
	calls   [numEndpoints]prometheus.Counter
	latency prometheus.Observer
}

type providerMetrics struct {
	mu     sync.RWMutex
	models map[string]*modelChildren
	errors [numEndpoints]prometheus.Counter
}

type serviceMetrics struct {
	reg *prometheus.Registry

	requests        *prometheus.CounterVec
	latency         *prometheus.HistogramVec
	inflight        *prometheus.GaugeVec
	upstream        prometheus.Gauge
	cache           *prometheus.CounterVec
	credits         *prometheus.CounterVec
	providerCalls   *prometheus.CounterVec
	providerErrors  *prometheus.CounterVec
	providerLatency *prometheus.HistogramVec
	commitLatency   prometheus.Histogram
	commitErrors    prometheus.Counter
	idempotency     *prometheus.CounterVec

	eps       [numEndpoints]*endpointMetrics
	providers map[string]*providerMetrics // fixed keys: llm_a, llm_b, unknown
}

// mx is the process's metrics.
var mx = newServiceMetrics()

func newServiceMetrics() *serviceMetrics {
	m := &serviceMetrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "svc_http_requests_total", Help: "Requests to the public API by endpoint (route pattern) and HTTP status.",
	}, []string{"endpoint", "status"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "svc_http_request_duration_seconds", Help: "Server-side latency of public API requests by endpoint and status.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2, 5, 10, 30},
	}, []string{"endpoint", "status"})
	m.inflight = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "svc_http_requests_in_flight", Help: "Public API requests being served, by endpoint.",
	}, []string{"endpoint"})
	m.upstream = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "svc_upstream_calls_in_flight",
		Help: "Requests in flight on endpoints that may call a model provider (classify, translate, moderate, rubric, reply, report); an upper bound of in-flight upstream calls.",
	})
	m.cache = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "svc_cache_requests_total", Help: "Semantic cache lookups of successful requests by endpoint and result (hit, miss).",
	}, []string{"endpoint", "result"})
	m.credits = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "svc_credits_captured_total", Help: "Credits captured from live balances (1 credit = 0.001 USD), by endpoint.",
	}, []string{"endpoint"})
	m.providerCalls = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "svc_provider_calls_total", Help: "Successful engine calls that reached a provider (cache misses), by provider, model and endpoint.",
	}, []string{"provider", "model", "endpoint"})
	m.providerErrors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "svc_provider_errors_total", Help: "Engine failures (500 api_error, 502 rubric_unparseable) by provider (unknown when the engine did not say) and endpoint.",
	}, []string{"provider", "endpoint"})
	m.providerLatency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "svc_provider_call_duration_seconds", Help: "Latency of requests answered by a provider (cache misses), by provider and model.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 5, 10, 30, 60},
	}, []string{"provider", "model"})
	m.commitLatency = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "svc_ledger_commit_duration_seconds", Help: "Latency of ledger commits (one synced Pebble batch per counted request).",
		Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
	})
	m.commitErrors = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "svc_ledger_commit_errors_total", Help: "Ledger commits that failed.",
	})
	m.idempotency = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "svc_idempotency_total",
		Help: "Requests with an Idempotency-Key answered without running: replayed (the stored answer), in_flight (409), reused (422).",
	}, []string{"outcome"})
	build := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "svc_build_info", Help: "Always 1; the version label is the running build.", ConstLabels: prometheus.Labels{"version": Version},
	}, func() float64 { return 1 })
	m.reg.MustRegister(build, m.requests, m.latency, m.inflight, m.upstream, m.cache, m.credits,
		m.providerCalls, m.providerErrors, m.providerLatency, m.commitLatency, m.commitErrors, m.idempotency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	for i, name := range metricEndpoints {
		e := &endpointMetrics{name: name, inflight: m.inflight.WithLabelValues(name), byStatus: map[int]statusChildren{}}
		for _, st := range preStatuses {
			s := strconv.Itoa(st)
			e.byStatus[st] = statusChildren{requests: m.requests.WithLabelValues(name, s), latency: m.latency.WithLabelValues(name, s)}
		}
		if cachedEndpoints[i] {
			e.cacheHit = m.cache.WithLabelValues(name, "hit")
			e.cacheMiss = m.cache.WithLabelValues(name, "miss")
		}
		if upstreamEndpoints[i] || i == epDetect {
			e.credits = m.credits.WithLabelValues(name)
		}
		m.eps[i] = e
	}
	m.providers = map[string]*providerMetrics{}
	for _, p := range []string{"llm_a", "llm_b", "unknown"} {
		pm := &providerMetrics{models: map[string]*modelChildren{}}
		for i, name := range metricEndpoints {
			if upstreamEndpoints[i] {
				pm.errors[i] = m.providerErrors.WithLabelValues(p, name)
			}
		}
		m.providers[p] = pm
	}
	return m
}

// endpointIndex maps a request path to its endpoint without allocating.
func endpointIndex(path []byte) int {
	switch string(path) {
	case "/v1/classify":
		return epClassify
	case "/v1/translate":
		return epTranslate
	case "/v1/detect":
		return epDetect
	case "/v1/moderate":
		return epModerate
	case "/v1/rubric/classify":
		return epRubric
	case "/v1/report":
		return epReport
	case "/v1/feedback":
		return epFeedback
	case "/v1/comments":
		return epComments
	case "/v1/analytics":
		return epAnalytics
	case "/v1/usage":
		return epUsage
	case "/v1/health":
		return epHealth
	case "/v1/openapi.json":
		return epOpenAPI
	}
	const pre, suf = "/v1/comments/", "/reply"
	if len(path) > len(pre)+len(suf) && bytes.HasPrefix(path, []byte(pre)) && bytes.HasSuffix(path, []byte(suf)) &&
		bytes.IndexByte(path[len(pre):len(path)-len(suf)], '/') < 0 {
		return epReply
	}
	return epOther
}

// observed wraps the public handler: requests, latency and in-flight gauges
// per endpoint and status.
func observed(h fasthttp.RequestHandler) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		i := endpointIndex(ctx.Path())
		e := mx.eps[i]
		e.inflight.Inc()
		if upstreamEndpoints[i] {
			mx.upstream.Inc()
		}
		start := time.Now()
		h(ctx)
		d := time.Since(start).Seconds()
		if upstreamEndpoints[i] {
			mx.upstream.Dec()
		}
		e.inflight.Dec()
		st := ctx.Response.StatusCode()
		sc, ok := e.byStatus[st]
		if !ok {
			s := strconv.Itoa(st)
			sc = statusChildren{requests: mx.requests.WithLabelValues(e.name, s), latency: mx.latency.WithLabelValues(e.name, s)}
		}
		sc.requests.Inc()
		sc.latency.Observe(d)
	}
}

// observeCall records what one authenticated call learned: cache result,
// provider and model, credits captured, engine failures. Called from log().
func (c *call) observeCall() {
	i := endpointIndex(c.ctx.Path())
	e := mx.eps[i]
	st := c.ctx.Response.StatusCode()
	if c.replayOf != "" {
		return // a replay: its first request was counted (cache, credits, provider)
	}
	if st == fasthttp.StatusOK {
		hit := c.cache == "HIT"
		if cachedEndpoints[i] {
			if hit {
				e.cacheHit.Inc()
			} else {
				e.cacheMiss.Inc()
			}
		}
		if c.charged > 0 && e.credits != nil {
			e.credits.Add(float64(c.charged))
		}
		if !hit && upstreamEndpoints[i] && c.provider != "" {
			var model []byte
			if modelEndpoints[i] {
				model = resultModel(c.ctx.Response.Body())
			}
			mc := mx.model(c.provider, model)
			mc.calls[i].Inc()
			mc.latency.Observe(time.Since(c.start).Seconds())
		}
		return
	}
	if (st == fasthttp.StatusInternalServerError || st == fasthttp.StatusBadGateway) && upstreamEndpoints[i] {
		p, ok := mx.providers[c.provider]
		if !ok {
			p = mx.providers["unknown"]
		}
		p.errors[i].Inc()
	}
}

// resultModel returns the value of the first "model" member of a JSON body.
// Inside JSON strings quotes are escaped, so the needle matches members only.
func resultModel(body []byte) []byte {
	const needle = `"model":"`
	k := bytes.Index(body, []byte(needle))
	if k < 0 {
		return nil
	}
	rest := body[k+len(needle):]
	end := bytes.IndexByte(rest, '"')
	if end < 0 || end > 128 || bytes.IndexByte(rest[:end], '\\') >= 0 {
		return nil
	}
	return rest[:end]
}

// model returns the children of (provider, model), creating them once.
func (m *serviceMetrics) model(provider string, model []byte) *modelChildren {
	p, ok := m.providers[provider]
	if !ok {
		p, provider = m.providers["unknown"], "unknown"
	}
	p.mu.RLock()
	mc := p.models[string(model)]
	p.mu.RUnlock()
	if mc != nil {
		return mc
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	name := string(model)
	switch {
	case name == "":
		name = "unknown" // the result names no model (reply, report)
	case len(p.models) >= maxModelsPerProvider:
		name = "other"
	}
	if mc = p.models[name]; mc == nil {
		mc = &modelChildren{latency: m.providerLatency.WithLabelValues(provider, name)}
		for i, ep := range metricEndpoints {
			if upstreamEndpoints[i] {
				mc.calls[i] = m.providerCalls.WithLabelValues(provider, name, ep)
			}
		}
		p.models[name] = mc
	}
	if len(p.models) < 4*maxModelsPerProvider {
		p.models[string(model)] = mc
	}
	return mc
}

// observeCommit records one ledger commit that began at start.
func observeCommit(start time.Time, err error) {
	mx.commitLatency.Observe(time.Since(start).Seconds())
	if err != nil {
		mx.commitErrors.Inc()
	}
}

// adminOnly wraps a plain handler (metrics, pprof) with the admin token check.
func (s *Server) adminOnly(h fasthttp.RequestHandler) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		tok, ok := bearer(ctx.Request.Header.Peek("Authorization"))
		if !ok || subtle.ConstantTimeCompare([]byte(tok), []byte(s.cfg.AdminToken)) != 1 {
			writeError(ctx, newRequestID(ctx), fasthttp.StatusUnauthorized, adminTokenError(ok))
			return
		}
		h(ctx)
	}
}

// pprofIndex is net/http/pprof's index page (fasthttp's pprofhandler answers
// 404 for the trailing slash of /debug/pprof/).
var pprofIndex = fasthttpadaptor.NewFastHTTPHandlerFunc(pprof.Index)

// pprofHandler serves /debug/pprof/... (net/http/pprof through fasthttp).
func (s *Server) pprofHandler() fasthttp.RequestHandler {
	return s.adminOnly(func(ctx *fasthttp.RequestCtx) {
		if string(ctx.Path()) == "/debug/pprof/" {
			pprofIndex(ctx)
			return
		}
		pprofhandler.PprofHandler(ctx)
	})
}
