// Package httpapi serves the public /v1 API and the admin API over fasthttp.
// Every endpoint's whole path starts here: decode and validate, authenticate,
// rate-limit, reserve credits or quota, consult the cache, call the engine,
// commit to the ledger, write the envelope and headers.
package httpapi

import (
	"net"
	"time"

	"github.com/fasthttp/router"
	"github.com/valyala/fasthttp"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/engine/evidence"
	"svc/ledger"
)

// Version is reported by health.
var Version = "0.1.0"

// Config holds what the server needs besides its dependencies.
type Config struct {
	AdminToken string // bearer token of the admin API
	TestClock  bool   // enables POST /admin/v1/clock
	// DataDir is the data directory; POST /admin/v1/backup writes to
	// <DataDir>/backups/<timestamp> when no dir is given.
	DataDir string
	// Redis, when set, shares the per-minute limits with the other nodes
	// (svc serve --redis-url), the failed-authentication limit included;
	// nil keeps them per node.
	Redis *RedisLimits
	// TrustedProxies may state the client's address (clientaddr.go); the
	// listener must be wrapped by ProxyListener with the same list for
	// their PROXY headers to be read.
	TrustedProxies TrustedProxies
	// EvidenceAccounts bounds the accounts whose learned evidence a node
	// holds (least recently used dropped); 0: evidence.DefaultMaxAccounts.
	EvidenceAccounts int
}

// Server answers /v1 and /admin/v1.
type Server struct {
	cfg      Config
	ledger   ledger.Ledger
	engine   *engine.Engine
	cache    *cache.Cache
	clock    *clock.Clock
	keys     rateLimiter // per key: sandbox 10/min, live the account's ceiling
	reports  rateLimiter // per account: 5 reports/min
	authFail failLimiter // per client address: failed authentications (authfail.go)
	blocked  *blocklist  // client addresses over their failure limit, until a slot frees
	// learned holds the accounts' evidence from their feedback (learned.go).
	learned *evidence.Store
}

// maxAuthFailuresPerMinute is how many failed authentications one client
// address may make in any 60 s before its failures are answered 429 (a key
// that authenticates is never refused for them: authfail.go). Keys carry
// 190 random bits, so this bounds load, not guessing; it is high enough
// that a client fixing its configuration never meets it.
const maxAuthFailuresPerMinute = 600

// New returns a server over its dependencies. None may be nil.
func New(cfg Config, l ledger.Ledger, e *engine.Engine, c *cache.Cache, clk *clock.Clock) *Server {
	s := &Server{cfg: cfg, ledger: l, engine: e, cache: c, clock: clk, keys: newLimiter(), reports: newLimiter(),
		authFail: newFailCounter(), blocked: newBlocklist()}
	s.learned = evidence.NewStore(s.loadEvidence, cfg.EvidenceAccounts)
	if cfg.Redis != nil {
		s.keys, s.reports, s.authFail = cfg.Redis.limiter("k"), cfg.Redis.limiter("r"), cfg.Redis.failures()
	}
	if w, ok := l.(feedbackWatcher); ok && c != nil {
		w.WatchFeedback(s.learn, s.learned.Forget)
	}
	return s
}

// Handler returns the handler of the public listener.
func (s *Server) Handler() fasthttp.RequestHandler {
	r := newRouter()

	r.POST("/v1/classify", s.authed("/v1/classify", s.classify))
	r.POST("/v1/translate", s.authed("/v1/translate", s.translate))
	r.POST("/v1/detect", s.authed("/v1/detect", s.detect))
	r.POST("/v1/moderate", s.authed("/v1/moderate", s.moderate))
	r.POST("/v1/rubric/classify", s.authed("/v1/rubric/classify", s.rubric))
	r.POST("/v1/comments/{id}/reply", s.authed("/v1/comments/{id}/reply", s.reply))
	r.POST("/v1/report", s.authed("/v1/report", s.report))
	r.POST("/v1/feedback", s.authed("/v1/feedback", s.feedback))
	r.GET("/v1/comments", s.authed("/v1/comments", s.listComments))
	r.GET("/v1/analytics", s.authed("/v1/analytics", s.analytics))
	r.GET("/v1/usage", s.authed("/v1/usage", s.usage))
	r.GET("/v1/health", s.health)
	r.GET("/v1/openapi.json", openAPI)
	docsRoutes(r) // GET /docs: the API reference page (docs.go)
	return observed(r.Handler)
}

// newRouter returns a router that answers unknown routes, wrong methods and
// panics with the envelope, and never redirects.
func newRouter() *router.Router {
	r := router.New()
	r.RedirectTrailingSlash = false
	r.RedirectFixedPath = false
	r.HandleMethodNotAllowed = true
	r.NotFound = notFound
	r.MethodNotAllowed = methodNotAllowed
	r.PanicHandler = panicked
	return r
}

// NewHTTPServer wraps h in a fasthttp server with the service's limits.
// Whatever fasthttp logs is one JSON line without the request's bytes
// (transportLog, SecureErrorLogMessage): keys and the admin token never
// reach the log, whatever a client sends.
func NewHTTPServer(h fasthttp.RequestHandler, name string) *fasthttp.Server {
	return &fasthttp.Server{
		Handler:               h,
		Name:                  name,
		Logger:                transportLog{listener: name},
		SecureErrorLogMessage: true,
		ErrorHandler:          transportError,
		MaxRequestBodySize:    maxReportBody,
		ReadBufferSize:        8 << 10, // request line and headers; larger gets 431

		ReadTimeout:           30 * time.Second,
		WriteTimeout:          30 * time.Second,
		IdleTimeout:           120 * time.Second,
		Concurrency:           20_000,
		NoDefaultServerHeader: true,
		CloseOnShutdown:       true,
	}
}

func notFound(ctx *fasthttp.RequestCtx) {
	rid := newRequestID(ctx)
	writeError(ctx, rid, fasthttp.StatusNotFound, errf(typeNotFound, "route_not_found", "", "No route matches "+string(ctx.Method())+" "+string(ctx.Path())+"."))
}

func methodNotAllowed(ctx *fasthttp.RequestCtx) {
	rid := newRequestID(ctx)
	writeError(ctx, rid, fasthttp.StatusMethodNotAllowed, errf(typeMethodNotAllowed, "method_not_allowed", "", "Method "+string(ctx.Method())+" is not allowed on "+string(ctx.Path())+"."))
}

func panicked(ctx *fasthttp.RequestCtx, v any) {
	rid := string(ctx.Response.Header.Peek("X-Request-Id"))
	if rid == "" {
		rid = newRequestID(ctx)
	}
	logPanic(rid, v)
	writeError(ctx, rid, fasthttp.StatusInternalServerError, errf(typeAPI, "internal_error", "", internalMessage))
}

// transportError answers requests fasthttp could not parse (too large, bad
// headers, timeouts) with the envelope.
func transportError(ctx *fasthttp.RequestCtx, err error) {
	rid := newRequestID(ctx)
	status, code, msg := fasthttp.StatusBadRequest, "malformed_request", "The request could not be parsed."
	if _, ok := err.(*fasthttp.ErrSmallBuffer); ok {
		status, code, msg = fasthttp.StatusRequestHeaderFieldsTooLarge, "headers_too_large", "The request headers are too large."
	} else if ne, ok := err.(*net.OpError); ok && ne.Timeout() {
		status, code, msg = fasthttp.StatusRequestTimeout, "request_timeout", "The request was not received in time."
	} else if err == fasthttp.ErrBodyTooLarge {
		status, code, msg = fasthttp.StatusRequestEntityTooLarge, "body_too_large", "The request body is too large."
	}
	writeError(ctx, rid, status, errf(typeInvalidRequest, code, "", msg))
}
