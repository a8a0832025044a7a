package httpapi

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"strconv"
	"time"

	"github.com/valyala/fasthttp"

	"svc/id"
	"svc/ledger"
)

// call is the state of one authenticated request.
type call struct {
	s        *Server
	ctx      *fasthttp.RequestCtx
	rid      string
	start    time.Time // monotonic, for latency
	now      time.Time // the service clock at the start: every time rule of the request
	endpoint string
	client   netip.Addr // clientAddr: the access log's and the failure limit's address
	p        ledger.Principal
	rate     decision

	cache    string // "HIT" or "MISS"
	provider string // X-SVC-Provider, "" when the operation has none
	charged  int64  // X-SVC-Credits-Charged, -1 when the operation is not billed
	tier     string // X-SVC-Tier (report)
	calib    bool   // send X-SVC-Calibration-Version (classify)
	cause    error  // the internal cause of a 500, logged, never sent
	hold     *ledger.Hold

	// Idempotency-Key (idempotency.go): the request's key, its commit
	// deferred to ok, and the request id of the answer a replay sent.
	idem     *ledger.IdemKey
	pending  *pendingCommit
	replayOf string

	// receipt is the account's figures after this request's Commit; without
	// one (refused, failed or free requests), figures reads them.
	receipt    ledger.Receipt
	hasReceipt bool
}

// figures is the account's balance and sandbox slots for the response
// headers: the receipt of the request's commit or of its refusal, else (a
// request that wrote nothing) one read (an error reads as zero: the headers
// are informative, the request's outcome is already decided).
func (c *call) figures() ledger.Receipt {
	if c.hasReceipt {
		return c.receipt
	}
	c.hasReceipt = true
	c.receipt, _ = c.s.ledger.Figures(c.ctx, c.p.Account.ID)
	return c.receipt
}

var hdrRequestID = []byte("X-Request-Id")

// newRequestID sets and returns a fresh X-Request-Id.
func newRequestID(ctx *fasthttp.RequestCtx) string { return requestIDAt(ctx, time.Now()) }

// requestIDAt is newRequestID with the time already read.
func requestIDAt(ctx *fasthttp.RequestCtx, now time.Time) string {
	rid := id.New("req", now)
	ctx.Response.Header.SetCanonical(hdrRequestID, []byte(rid))
	return rid
}

// authed wraps an operation: request id, authentication, per-key rate limit,
// then h, then the headers every authenticated response carries.
func (s *Server) authed(endpoint string, h func(c *call)) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		c := &call{s: s, ctx: ctx, start: time.Now(), now: s.clock.Now(), endpoint: endpoint, cache: "MISS", charged: -1}
		c.rid = requestIDAt(ctx, c.now)
		defer c.log()
		// Whatever happens after reserve, a panic included, the hold ends:
		// Release is a no-op for a hold already committed or released.
		defer func() {
			if c.hold != nil {
				s.ledger.Release(ctx, c.hold)
			}
		}()
		// A key is looked up before the failure limit is consulted: a key
		// that authenticates is never refused for others' failures, nor
		// for its own address's (authfail.go).
		client := s.clientAddr(ctx)
		c.client = client
		secret, ok := bearer(ctx.Request.Header.Peek("Authorization"))
		if !ok {
			c.authFailed(client, "missing_api_key", "Send the header Authorization: Bearer <API key>.")
			return
		}
		if until, over := s.blocked.until(client, c.now); over && !s.mayHaveKey(secret) {
			c.tooManyFailures(until) // no store round trip for a key that cannot exist
			return
		}
		p, err := s.ledger.Authenticate(ctx, secret)
		if err != nil && !errors.Is(err, ledger.ErrUnauthenticated) {
			// The store could not answer (its database is down): the
			// key may be good, so this is the server's failure, not a 401.
			c.internal(err)
			return
		}
		if err != nil {
			c.authFailed(client, "invalid_api_key", "The API key is unknown, malformed, revoked or expired.")
			return
		}
		c.p = p
		limit := p.Account.RateLimitPerMinute
		if p.Key.Kind == ledger.Sandbox {
			limit = sandboxRatePerMinute
		}
		c.rate = s.keys.allow(p.Key.ID, limit, c.now)
		if !c.rate.allowed {
			c.rateLimited(c.rate, "rate_limited", "The per-minute request limit of this key is exceeded.")
			c.finish()
			return
		}
		var bad *apiError
		if ctx.IsPost() {
			c.idem, bad = idemKey(ctx, string(p.Key.Kind))
		}
		if n := len(ctx.PostBody()); n > maxBody && endpoint != "/v1/report" {
			c.fail(fasthttp.StatusRequestEntityTooLarge, errf(typeInvalidRequest, "body_too_large", "", "The request body is larger than 256 KiB."))
		} else if bad != nil {
			c.fail(fasthttp.StatusBadRequest, *bad)
		} else {
			h(c)
		}
		c.finish()
	}
}

// sandboxRatePerMinute is the per-minute ceiling of sandbox keys.
const sandboxRatePerMinute = 10

// bearer extracts the key from an Authorization header.
func bearer(h []byte) (string, bool) {
	const prefix = "Bearer "
	if len(h) <= len(prefix) || !bytes.EqualFold(h[:len(prefix)], []byte(prefix)) {
		return "", false
	}
	k := bytes.TrimSpace(h[len(prefix):])
	if len(k) == 0 || len(k) > 128 {
		return "", false
	}
	return string(k), true
}

// Header names as SPEC.md spells them, set with SetCanonical: fasthttp
// neither re-normalises nor allocates them per response.
var (
	hdrSandboxRemaining = []byte("X-SVC-Sandbox-Remaining")
	hdrEnvironment      = []byte("X-SVC-Environment")
	hdrBalance          = []byte("X-SVC-Balance")
	hdrBalanceWarning   = []byte("X-SVC-Balance-Warning")
	hdrCache            = []byte("X-SVC-Cache")
	hdrProvider         = []byte("X-SVC-Provider")
	hdrCreditsCharged   = []byte("X-SVC-Credits-Charged")
	hdrTier             = []byte("X-SVC-Tier")
	hdrCalibration      = []byte("X-SVC-Calibration-Version")
	hdrLatency          = []byte("X-SVC-Latency")
	hdrLatencyUs        = []byte("X-SVC-Latency-Us")
	hdrRateLimit        = []byte("X-RateLimit-Limit")
	hdrRateRemaining    = []byte("X-RateLimit-Remaining")
	hdrRateReset        = []byte("X-RateLimit-Reset")
)

// setInt sets header k to the decimal n.
func setInt(h *fasthttp.ResponseHeader, k []byte, n int64) {
	var buf [24]byte
	h.SetCanonical(k, strconv.AppendInt(buf[:0], n, 10))
}

// setStr sets header k to v.
func setStr(h *fasthttp.ResponseHeader, k []byte, v string) {
	h.SetCanonical(k, []byte(v))
}

// finish sets the headers of an authenticated response.
func (c *call) finish() {
	h := &c.ctx.Response.Header
	env := "live"
	if c.p.Key.Kind == ledger.Sandbox {
		env = "sandbox"
		setInt(h, hdrSandboxRemaining, int64(c.figures().SandboxRemaining))
	}
	setStr(h, hdrEnvironment, env)
	bal := c.figures().BalanceCredits
	var buf [32]byte
	h.SetCanonical(hdrBalance, appendUSD(buf[:0], bal))
	if c.p.Key.Kind == ledger.Live && bal < lowBalanceCredits {
		setStr(h, hdrBalanceWarning, "low_balance")
	}
	setStr(h, hdrCache, c.cache)
	if c.provider != "" {
		setStr(h, hdrProvider, c.provider)
	}
	if c.charged >= 0 {
		setInt(h, hdrCreditsCharged, c.charged)
	}
	if c.tier != "" {
		setStr(h, hdrTier, c.tier)
	}
	if c.calib {
		setStr(h, hdrCalibration, "default")
	}
	c.rateHeaders(c.rate)
	el := time.Since(c.start)
	setInt(h, hdrLatency, el.Milliseconds())
	setInt(h, hdrLatencyUs, el.Microseconds())
}

// lowBalanceCredits is the balance (5.00 USD) below which live responses warn.
const lowBalanceCredits = 5 * ledger.CreditsPerUSD

func (c *call) rateHeaders(d decision) {
	h := &c.ctx.Response.Header
	setInt(h, hdrRateLimit, int64(d.limit))
	setInt(h, hdrRateRemaining, int64(d.remaining))
	var buf [40]byte
	h.SetCanonical(hdrRateReset, d.reset.AppendFormat(buf[:0], time.RFC3339))
}

// usd formats credits as US dollars with three decimals.
func usd(credits int64) string {
	var buf [32]byte
	return string(appendUSD(buf[:0], credits))
}

// appendUSD appends credits as US dollars with three decimals.
func appendUSD(dst []byte, credits int64) []byte {
	u := uint64(credits)
	if credits < 0 {
		dst = append(dst, '-')
		u = -u
	}
	dst = strconv.AppendUint(dst, u/1000, 10)
	f := u % 1000
	return append(dst, '.', byte('0'+f/100), byte('0'+f/10%10), byte('0'+f%10))
}

// usdf is credits as a USD number for JSON. IEEE division is correctly
// rounded, so float64(credits)/1000 is the double nearest to the exact
// decimal (credits < 2^53): the same value ParseFloat(usd(credits)) gives.
func usdf(credits int64) float64 {
	return float64(credits) / 1000
}

// ok writes a success; under an Idempotency-Key it first commits the
// deferred write with this answer (okOnce).
func (c *call) ok(result any) {
	if c.pending != nil {
		c.okOnce(result)
		return
	}
	writeOK(c.ctx, c.rid, result)
}

// fail writes an error response; for authenticated calls finish adds headers.
func (c *call) fail(status int, e apiError) {
	writeError(c.ctx, c.rid, status, e)
}

// rateLimited writes a 429 for a refused rate-limit decision, with Retry-After.
func (c *call) rateLimited(d decision, code, msg string) {
	wait := 1
	if now := c.s.clock.Now(); d.reset.After(now) {
		wait = int(d.reset.Sub(now).Seconds()) + 1
	}
	c.ctx.Response.Header.Set("Retry-After", strconv.Itoa(wait))
	c.fail(fasthttp.StatusTooManyRequests, errf(typeRateLimit, code, "", msg))
}

// badRequest writes a 400 (or the rubric's error types) from a decode failure.
func (c *call) badRequest(e *apiError) {
	c.fail(fasthttp.StatusBadRequest, *e)
}

// internal writes the generic 500 and logs the cause under the request id.
func (c *call) internal(cause error) {
	c.cause = cause
	c.fail(fasthttp.StatusInternalServerError, errf(typeAPI, "internal_error", "", internalMessage))
}

// reserve takes the hold for a counted operation, writing 402 or 429 on
// refusal. Under an Idempotency-Key it claims the key with the hold, or
// writes the stored answer (a replay) or the key's 409 / 422, and ok is false.
func (c *call) reserve(price int64) (*ledger.Hold, bool) {
	var h *ledger.Hold
	var err error
	if c.idem != nil {
		var ans *ledger.Answer
		h, ans, err = c.s.ledger.ReserveOnce(c.ctx, c.p, price, *c.idem)
		if ans != nil {
			c.replay(ans)
			return nil, false
		}
	} else {
		h, err = c.s.ledger.Reserve(c.ctx, c.p, price)
	}
	if err == nil {
		c.hold = h
		return h, true
	}
	c.refused(err)
	return nil, false
}

// refused writes the answer to a refused (or failed) Reserve, ReserveOnce
// or Charge; the refusal carries the account's figures for the headers.
func (c *call) refused(err error) {
	if idemRefused(c.ctx, c.rid, err) {
		return
	}
	if rc, ok := ledger.RefusalReceipt(err); ok {
		c.receipt, c.hasReceipt = rc, true
	}
	var ic *ledger.InsufficientCreditsError
	switch {
	case errors.As(err, &ic):
		e := errf(typeInsufficient, "insufficient_credits", "", "The balance does not cover this operation. Buy a credit pack to continue.")
		e.BalanceCredits, e.RequiredCredits = &ic.BalanceCredits, &ic.RequiredCredits
		c.fail(fasthttp.StatusPaymentRequired, e)
	case errors.Is(err, ledger.ErrQuotaExhausted):
		// A lifetime quota: no Retry-After, since waiting never helps.
		c.fail(fasthttp.StatusTooManyRequests, errf(typeRateLimit, "sandbox_quota_exhausted", "", msgSandboxQuota))
	case errors.Is(err, ledger.ErrUnauthenticated):
		// Revoked or expired since this node cached the key: the reserve
		// re-checks it in the store (another node may have revoked it).
		c.fail(fasthttp.StatusUnauthorized, errf(typeAuthentication, "invalid_api_key", "", "The API key is unknown, malformed, revoked or expired."))
	default:
		c.internal(err)
	}
}

// usage fills the usage record of this request (list price price, a cache
// hit when charge is false).
func (c *call) usage(u *ledger.Usage, price int64, charge bool) {
	at := c.s.clock.Now()
	u.ID = id.New("use", at)
	u.AccountID = c.p.Account.ID
	u.KeyID = c.p.Key.ID
	u.Endpoint = c.endpoint
	u.ListCredits = price
	u.CacheHit = !charge
	u.Sandbox = c.p.Key.Kind == ledger.Sandbox
	u.LatencyMicros = time.Since(c.start).Microseconds()
	u.At = at
}

// commit captures the hold (charge false: a cache hit) and writes the usage
// record and the given records in one durable batch. It writes the 500 itself
// on failure. Under an Idempotency-Key the write waits for ok, which
// commits it with the answer (okOnce); the headers are those it will have.
func (c *call) commit(h *ledger.Hold, charge bool, r ledger.Records) bool {
	if c.idem != nil {
		c.pending = &pendingCommit{h: h, charge: charge, r: r}
		c.charged = 0
		if charge && c.p.Key.Kind == ledger.Live {
			c.charged = h.Price
		}
		return true
	}
	return c.commitNow(h, charge, r)
}

// commitNow is commit, at once.
func (c *call) commitNow(h *ledger.Hold, charge bool, r ledger.Records) bool {
	c.usage(&r.Usage, h.Price, charge)
	t0 := time.Now()
	rc, err := c.s.ledger.Commit(c.ctx, h, charge, r)
	observeCommit(t0, err)
	if errors.Is(err, ledger.ErrFeedbackLimit) {
		c.feedbackLimitReached()
		return false
	}
	if err != nil {
		c.internal(err)
		return false
	}
	c.settled(rc, h.Price, charge)
	return true
}

// charge reserves and commits in one step (ledger.Charge), for an operation
// whose answer is already computed: price required, captured unless a cache
// hit (charge false). It writes the refusal or the 500 itself.
func (c *call) charge(price int64, charge bool, r ledger.Records) bool {
	c.usage(&r.Usage, price, charge)
	t0 := time.Now()
	rc, err := c.s.ledger.Charge(c.ctx, c.p, price, charge, r)
	if _, refused := ledger.RefusalReceipt(err); !refused {
		observeCommit(t0, err)
	}
	if err != nil {
		c.refused(err)
		return false
	}
	c.settled(rc, price, charge)
	return true
}

// settled records a commit's receipt and what it charged.
func (c *call) settled(rc ledger.Receipt, price int64, charge bool) {
	c.receipt, c.hasReceipt = rc, true
	if charge && c.p.Key.Kind == ledger.Live {
		c.charged = price
	} else {
		c.charged = 0
	}
}

// log writes one structured line per request: debug for successes, info
// for client errors, error for server errors. Keys are never logged.
func (c *call) log() {
	c.observeCall()
	status := c.ctx.Response.StatusCode()
	level := slog.LevelDebug
	switch {
	case status >= 500:
		level = slog.LevelError
	case status >= 400:
		level = slog.LevelInfo
	}
	if !slog.Default().Enabled(context.Background(), level) {
		return
	}
	attrs := []any{"request_id", c.rid, "client", c.client.String(), "account", c.p.Account.ID, "endpoint", c.endpoint, "status", status,
		"latency_us", time.Since(c.start).Microseconds(), "cache", c.cache, "provider", c.provider, "charged", c.charged}
	if c.cause != nil {
		attrs = append(attrs, "err", c.cause.Error())
	}
	if c.replayOf != "" {
		attrs = append(attrs, "replay_of", c.replayOf)
	}
	slog.Log(context.Background(), level, "request", attrs...)
}
