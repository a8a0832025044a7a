package httpapi

import (
	"crypto/sha256"
	"errors"
	"strconv"

	"github.com/bytedance/sonic"
	"github.com/valyala/fasthttp"

	"svc/ledger"
)

// The Idempotency-Key header (docs/idempotency.md): on every POST of /v1
// and on the admin purchase and refund calls. Without the header nothing
// here runs and nothing changes.
//
// With it, the request's ledger write (its capture, purchase or refund)
// and the answer it sends are stored in one transaction; a retry with the
// same key and the same request replays that answer (status, body, the
// first request's X-Request-Id, the descriptive X-SVC-* headers, plus
// Idempotent-Replayed: true) without reserving, charging or running the
// engine. Only answers that committed are stored: a failure (4xx, 5xx, 402,
// 429) frees the key.

const hdrIdempotencyKeyName = "Idempotency-Key"

var (
	hdrIdempotencyKey = []byte(hdrIdempotencyKeyName)
	hdrReplayed       = []byte("Idempotent-Replayed")
)

// typeIdempotency is the error type of a refused key (409 in flight, 422 reused).
const typeIdempotency = "idempotency_error"

// idemKey reads the request's Idempotency-Key. ok is false after it wrote
// the 400 of a malformed key; k is nil without the header. The fingerprint
// is SHA-256 of scope (the key's environment, or "admin"), the method, the
// request URI (path and query) and the body.
func idemKey(ctx *fasthttp.RequestCtx, scope string) (k *ledger.IdemKey, bad *apiError) {
	v := ctx.Request.Header.PeekBytes(hdrIdempotencyKey)
	if v == nil {
		return nil, nil
	}
	if !ledger.ValidIdemKey(string(v)) {
		e := errf(typeInvalidRequest, "invalid_idempotency_key", hdrIdempotencyKeyName,
			"The Idempotency-Key header must be 1 to 255 printable ASCII characters.")
		return nil, &e
	}
	h := sha256.New()
	h.Write([]byte(scope))
	h.Write([]byte{0})
	h.Write(ctx.Method())
	h.Write([]byte{0})
	h.Write(ctx.RequestURI())
	h.Write([]byte{0})
	h.Write(ctx.PostBody())
	k = &ledger.IdemKey{Key: string(v)}
	h.Sum(k.Fingerprint[:0])
	return k, nil
}

// idemRefused writes the answer to a key the ledger refused; false when err
// is not about the key.
func idemRefused(ctx *fasthttp.RequestCtx, rid string, err error) bool {
	switch {
	case errors.Is(err, ledger.ErrIdemMismatch):
		mx.idempotency.WithLabelValues("reused").Inc()
		writeError(ctx, rid, fasthttp.StatusUnprocessableEntity, errf(typeIdempotency, "idempotency_key_reused", hdrIdempotencyKeyName,
			"This Idempotency-Key was used with a different request (method, path, body or environment). Use a new key for a new request."))
	case errors.Is(err, ledger.ErrIdemInFlight):
		mx.idempotency.WithLabelValues("in_flight").Inc()
		ctx.Response.Header.Set("Retry-After", "1")
		writeError(ctx, rid, fasthttp.StatusConflict, errf(typeIdempotency, "idempotency_key_in_use", hdrIdempotencyKeyName,
			"A request with this Idempotency-Key is still being processed. Retry after it has finished."))
	default:
		return false
	}
	return true
}

// writeAnswer writes a stored answer as the response (the caller adds what
// describes the replaying request itself).
func writeAnswer(ctx *fasthttp.RequestCtx, a *ledger.Answer) {
	mx.idempotency.WithLabelValues("replayed").Inc()
	ctx.Response.Header.SetCanonical(hdrRequestID, []byte(a.RequestID))
	ctx.Response.Header.SetCanonical(hdrReplayed, []byte("true"))
	ctx.SetStatusCode(a.Status)
	ctx.SetContentType("application/json")
	ctx.SetBody(a.Body)
}

// replay answers c with a stored answer: its status, body and request id,
// and its descriptive headers (cache, provider, credits charged by the first
// request, tier, calibration) through c's fields, which finish writes with
// this request's balance and rate-limit headers.
func (c *call) replay(a *ledger.Answer) {
	c.replayOf = a.RequestID
	writeAnswer(c.ctx, a)
	c.charged = -1
	for i := 0; i+1 < len(a.Header); i += 2 {
		v := a.Header[i+1]
		switch a.Header[i] {
		case string(hdrCache):
			c.cache = v
		case string(hdrProvider):
			c.provider = v
		case string(hdrCreditsCharged):
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				c.charged = n
			}
		case string(hdrTier):
			c.tier = v
		case string(hdrCalibration):
			c.calib = true
		}
	}
}

// answerHeaders are the descriptive headers of c's answer, stored with it.
func (c *call) answerHeaders() []string {
	h := make([]string, 0, 10)
	h = append(h, string(hdrCache), c.cache)
	if c.provider != "" {
		h = append(h, string(hdrProvider), c.provider)
	}
	if c.charged >= 0 {
		h = append(h, string(hdrCreditsCharged), strconv.FormatInt(c.charged, 10))
	}
	if c.tier != "" {
		h = append(h, string(hdrTier), c.tier)
	}
	if c.calib {
		h = append(h, string(hdrCalibration), "default")
	}
	return h
}

// pendingCommit is a commit deferred to ok, so the answer it stores is the
// one sent (a request under an Idempotency-Key).
type pendingCommit struct {
	h      *ledger.Hold
	charge bool
	r      ledger.Records
	after  func() // what follows a successful commit (the cache fill)
}

// okOnce commits c's pending write with the answer made of result, then
// sends that answer; on a failed commit it writes the 500 instead.
func (c *call) okOnce(result any) {
	p := c.pending
	c.pending = nil
	body, err := sonic.ConfigStd.Marshal(envelope{Success: true, Result: result, Errors: noErrors, RequestID: c.rid})
	if err != nil {
		c.s.ledger.Release(c.ctx, p.h)
		c.internal(err)
		return
	}
	p.r.Answer = &ledger.Answer{Status: fasthttp.StatusOK, RequestID: c.rid, Header: c.answerHeaders(), Body: body}
	charged := c.charged
	if !c.commitNow(p.h, p.charge, p.r) {
		return
	}
	c.charged = charged // a free operation's -1 survives
	if p.after != nil {
		p.after()
	}
	c.ctx.SetStatusCode(fasthttp.StatusOK)
	c.ctx.SetContentType("application/json")
	c.ctx.SetBody(body)
}

// once runs an admin write under the request's Idempotency-Key (k
// non-nil): write runs the ledger call with the answer maker, and the
// stored or fresh answer is sent.
func (a *adminCall) once(write func(answer func(result any) ledger.Answer) (ledger.Answer, bool, error), what string) {
	ans, replayed, err := write(func(result any) ledger.Answer {
		body, _ := sonic.ConfigStd.Marshal(envelope{Success: true, Result: result, Errors: noErrors, RequestID: a.rid})
		return ledger.Answer{Status: fasthttp.StatusOK, RequestID: a.rid, Header: []string{}, Body: body}
	})
	if err != nil {
		if !idemRefused(a.ctx, a.rid, err) {
			a.ledgerErr(err, what)
		}
		return
	}
	if replayed {
		writeAnswer(a.ctx, &ans)
		return
	}
	a.ctx.SetStatusCode(ans.Status)
	a.ctx.SetContentType("application/json")
	a.ctx.SetBody(ans.Body)
}
