package httpapi

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"time"

	"github.com/valyala/fasthttp"

	"svc/ledger"
)

// AdminHandler returns the handler of the admin listener: the developer
// console's back end, authenticated by the admin token.
func (s *Server) AdminHandler() fasthttp.RequestHandler {
	r := newRouter()
	r.POST("/admin/v1/accounts", s.admin(s.adminCreateAccount))
	r.GET("/admin/v1/accounts", s.admin(s.adminListAccounts))
	r.GET("/admin/v1/accounts/{id}", s.admin(s.adminShowAccount))
	r.POST("/admin/v1/accounts/{id}/keys", s.admin(s.adminCreateKey))
	r.GET("/admin/v1/accounts/{id}/keys", s.admin(s.adminListKeys))
	r.GET("/admin/v1/accounts/{id}/purchases", s.admin(s.adminListPurchases))
	r.POST("/admin/v1/keys/{id}/revoke", s.admin(s.adminRevokeKey))
	r.POST("/admin/v1/accounts/{id}/purchases", s.admin(s.adminPurchase))
	r.POST("/admin/v1/purchases/{id}/refund", s.admin(s.adminRefund))
	r.POST("/admin/v1/clock", s.admin(s.adminClock))
	r.GET("/admin/v1/accounts/{id}/usage", s.admin(s.adminUsage))
	r.POST("/admin/v1/backup", s.admin(s.adminBackup))
	r.GET("/admin/v1/providers", s.admin(s.adminProviders))
	r.GET("/metrics", s.metricsHandler())
	r.ANY("/debug/pprof/{name:*}", s.pprofHandler())
	r.GET("/console", consoleAsset)
	r.GET("/console/{file}", consoleAsset)
	return r.Handler
}

type adminCall struct {
	ctx *fasthttp.RequestCtx
	rid string
}

func (a *adminCall) fail(status int, e apiError) { writeError(a.ctx, a.rid, status, e) }
func (a *adminCall) ok(v any)                    { writeOK(a.ctx, a.rid, v) }

func (s *Server) admin(h func(a *adminCall)) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		a := &adminCall{ctx: ctx, rid: newRequestID(ctx)}
		tok, ok := bearer(ctx.Request.Header.Peek("Authorization"))
		if !ok || subtle.ConstantTimeCompare([]byte(tok), []byte(s.cfg.AdminToken)) != 1 {
			a.fail(fasthttp.StatusUnauthorized, adminTokenError(ok))
			return
		}
		if len(ctx.PostBody()) > maxBody {
			a.fail(fasthttp.StatusRequestEntityTooLarge, errf(typeInvalidRequest, "body_too_large", "", "The request body is too large."))
			return
		}
		h(a)
	}
}

func (a *adminCall) ledgerErr(err error, what string) {
	switch {
	case errors.Is(err, ledger.ErrNotFound):
		a.fail(fasthttp.StatusNotFound, errf(typeNotFound, "not_found", "id", "No "+what+" with this id."))
	case errors.Is(err, ledger.ErrRefundNotAllowed):
		a.fail(fasthttp.StatusConflict, errf(typeRefundNotAllowed, "refund_not_allowed", "", "This purchase cannot be refunded: past 14 days, or nothing unconsumed is left."))
	case errors.Is(err, ledger.ErrInvalid):
		a.fail(fasthttp.StatusBadRequest, errf(typeInvalidRequest, "invalid_value", "", err.Error()))
	default:
		a.fail(fasthttp.StatusInternalServerError, errf(typeAPI, "internal_error", "", internalMessage))
	}
}

func accountJSON(acc ledger.Account) map[string]any {
	return map[string]any{"id": acc.ID, "name": acc.Name, "rate_limit_per_minute": acc.RateLimitPerMinute, "created_at": ts(acc.CreatedAt)}
}

func keyJSON(k ledger.Key) map[string]any {
	m := map[string]any{"id": k.ID, "account_id": k.AccountID, "kind": string(k.Kind), "prefix": k.Prefix, "created_at": ts(k.CreatedAt), "expires_at": nil, "revoked_at": nil}
	if !k.ExpiresAt.IsZero() {
		m["expires_at"] = ts(k.ExpiresAt)
	}
	if !k.RevokedAt.IsZero() {
		m["revoked_at"] = ts(k.RevokedAt)
	}
	return m
}

func purchaseJSON(p ledger.Purchase) map[string]any {
	m := map[string]any{"id": p.ID, "account_id": p.AccountID, "pack_usd": p.PackUSD, "credits": p.Credits,
		"consumed_credits": p.Consumed, "refunded_credits": p.Refunded, "created_at": ts(p.CreatedAt), "refunded_at": nil}
	if !p.RefundedAt.IsZero() {
		m["refunded_at"] = ts(p.RefundedAt)
	}
	return m
}

// POST /admin/v1/accounts {"name", "rate_limit_per_minute"?}
func (s *Server) adminCreateAccount(a *adminCall) {
	d, e := decodeBody(a.ctx.PostBody(), false)
	if e != nil {
		a.fail(fasthttp.StatusBadRequest, *e)
		return
	}
	name := d.text("name", maxShortString)
	rate := d.integer("rate_limit_per_minute", ledger.DefaultRateLimit, 1, 1_000_000)
	if d.fail != nil {
		a.fail(fasthttp.StatusBadRequest, *d.fail)
		return
	}
	acc, err := s.ledger.CreateAccount(a.ctx, name, rate)
	if err != nil {
		a.ledgerErr(err, "account")
		return
	}
	a.ok(accountJSON(acc))
}

// GET /admin/v1/accounts/{id}: the account's figures with its newest
// ledger.MaxAccountPage purchases and keys (oldest first, as before the
// bound), how many it has in all, and whether older ones exist (page them
// with GET .../purchases and .../keys).
func (s *Server) adminShowAccount(a *adminCall) {
	v, err := s.ledger.AccountSummary(a.ctx, a.ctx.UserValue("id").(string), ledger.MaxAccountPage)
	if err != nil {
		a.ledgerErr(err, "account")
		return
	}
	m := accountJSON(v.Account)
	m["balance_credits"] = v.BalanceCredits
	m["balance_usd"] = usdf(v.BalanceCredits)
	m["credits_purchased"] = v.CreditsPurchased
	m["credits_refunded"] = v.CreditsRefunded
	m["credits_used"] = v.CreditsUsed
	m["sandbox_requests_used"] = v.SandboxRequestsUsed
	m["purchases"], m["keys"] = purchasesJSON(v.Purchases), keysJSON(v.Keys)
	m["purchases_total"], m["keys_total"] = v.PurchasesTotal, v.KeysTotal
	m["has_more_purchases"] = v.PurchasesTotal > len(v.Purchases)
	m["has_more_keys"] = v.KeysTotal > len(v.Keys)
	a.ok(m)
}

func purchasesJSON(ps []ledger.Purchase) []map[string]any {
	out := make([]map[string]any, len(ps))
	for i, p := range ps {
		out[i] = purchaseJSON(p)
	}
	return out
}

func keysJSON(ks []ledger.Key) []map[string]any {
	out := make([]map[string]any, len(ks))
	for i, k := range ks {
		out[i] = keyJSON(k)
	}
	return out
}

// pageQuery reads limit (1..100, default 20) and starting_after of an admin
// listing.
func pageQuery(a *adminCall) (ledger.PageQuery, *apiError) {
	q := &query{args: a.ctx.QueryArgs()}
	pq := ledger.PageQuery{
		Limit:         q.integer("limit", ledger.DefaultAccountPage, 1, ledger.MaxAccountPage),
		StartingAfter: q.str("starting_after", maxShortString),
	}
	return pq, q.fail
}

// pagination is the pagination object of a listing, as GET /v1/comments
// shapes it; next_cursor is the id to pass as starting_after ("" on the
// last page).
func pagination(last string, hasMore bool, total int) map[string]any {
	if !hasMore {
		last = ""
	}
	return map[string]any{"has_more": hasMore, "next_cursor": last, "total_count": total}
}

// pageErr answers a failed listing: an unknown starting_after is a 400.
func (a *adminCall) pageErr(err error) {
	if errors.Is(err, ledger.ErrBadCursor) {
		a.fail(fasthttp.StatusBadRequest, errf(typeInvalidRequest, "invalid_value", "starting_after", "The parameter 'starting_after' must be the id of one of this account's records in this listing."))
		return
	}
	a.ledgerErr(err, "account")
}

// GET /admin/v1/accounts?limit&starting_after&search: a page of every
// account (or those whose name or id contains search, ASCII letters without
// case), newest first; total_count counts the matching accounts.
func (s *Server) adminListAccounts(a *adminCall) {
	q := &query{args: a.ctx.QueryArgs()}
	aq := ledger.AccountQuery{
		Limit:         q.integer("limit", ledger.DefaultAccountPage, 1, ledger.MaxAccountPage),
		StartingAfter: q.str("starting_after", maxShortString),
		Search:        q.str("search", ledger.MaxAccountSearch),
	}
	if q.fail != nil {
		a.fail(fasthttp.StatusBadRequest, *q.fail)
		return
	}
	page, err := s.ledger.Accounts(a.ctx, aq)
	if errors.Is(err, ledger.ErrBadCursor) {
		a.fail(fasthttp.StatusBadRequest, errf(typeInvalidRequest, "invalid_value", "starting_after", "The parameter 'starting_after' must be the id of an account of the previous page."))
		return
	} else if err != nil {
		a.ledgerErr(err, "account")
		return
	}
	out := make([]map[string]any, len(page.Accounts))
	last := ""
	for i, acc := range page.Accounts {
		out[i], last = accountJSON(acc), acc.ID
	}
	a.ok(map[string]any{"accounts": out, "pagination": pagination(last, page.HasMore, page.Total)})
}

// GET /admin/v1/accounts/{id}/purchases?limit&starting_after: a page of the
// account's purchases, newest first.
func (s *Server) adminListPurchases(a *adminCall) {
	pq, fail := pageQuery(a)
	if fail != nil {
		a.fail(fasthttp.StatusBadRequest, *fail)
		return
	}
	page, err := s.ledger.AccountPurchases(a.ctx, a.ctx.UserValue("id").(string), pq)
	if err != nil {
		a.pageErr(err)
		return
	}
	last := ""
	if n := len(page.Purchases); n > 0 {
		last = page.Purchases[n-1].ID
	}
	a.ok(map[string]any{"purchases": purchasesJSON(page.Purchases), "pagination": pagination(last, page.HasMore, page.Total)})
}

// GET /admin/v1/accounts/{id}/keys?limit&starting_after: a page of the
// account's keys (revoked and expired included), newest first.
func (s *Server) adminListKeys(a *adminCall) {
	pq, fail := pageQuery(a)
	if fail != nil {
		a.fail(fasthttp.StatusBadRequest, *fail)
		return
	}
	page, err := s.ledger.AccountKeys(a.ctx, a.ctx.UserValue("id").(string), pq)
	if err != nil {
		a.pageErr(err)
		return
	}
	last := ""
	if n := len(page.Keys); n > 0 {
		last = page.Keys[n-1].ID
	}
	a.ok(map[string]any{"keys": keysJSON(page.Keys), "pagination": pagination(last, page.HasMore, page.Total)})
}

// POST /admin/v1/accounts/{id}/keys {"kind": "sandbox"|"live"}
func (s *Server) adminCreateKey(a *adminCall) {
	d, e := decodeBody(a.ctx.PostBody(), false)
	if e != nil {
		a.fail(fasthttp.StatusBadRequest, *e)
		return
	}
	if _, ok := d.get("kind"); !ok {
		d.missing("kind")
	}
	kind := d.enum("kind", []string{"sandbox", "live"}, "")
	if d.fail != nil {
		a.fail(fasthttp.StatusBadRequest, *d.fail)
		return
	}
	k, secret, err := s.ledger.CreateKey(a.ctx, a.ctx.UserValue("id").(string), ledger.KeyKind(kind))
	if err != nil {
		a.ledgerErr(err, "account")
		return
	}
	m := keyJSON(k)
	m["key"] = secret
	a.ok(m)
}

// POST /admin/v1/keys/{id}/revoke
func (s *Server) adminRevokeKey(a *adminCall) {
	k, err := s.ledger.RevokeKey(a.ctx, a.ctx.UserValue("id").(string))
	if err != nil {
		a.ledgerErr(err, "key")
		return
	}
	a.ok(keyJSON(k))
}

// POST /admin/v1/accounts/{id}/purchases {"pack_usd": 25|50|100|500}
func (s *Server) adminPurchase(a *adminCall) {
	d, e := decodeBody(a.ctx.PostBody(), false)
	if e != nil {
		a.fail(fasthttp.StatusBadRequest, *e)
		return
	}
	if _, ok := d.get("pack_usd"); !ok {
		d.missing("pack_usd")
	}
	pack := d.integer("pack_usd", 0, 1, 500)
	if _, ok := ledger.Packs[pack]; !ok && d.fail == nil {
		d.invalid("pack_usd", "The pack must be 25, 50, 100 or 500 USD.")
	}
	if d.fail != nil {
		a.fail(fasthttp.StatusBadRequest, *d.fail)
		return
	}
	acct := a.ctx.UserValue("id").(string)
	if k, bad := idemKey(a.ctx, "admin"); bad != nil {
		a.fail(fasthttp.StatusBadRequest, *bad)
		return
	} else if k != nil {
		a.once(func(answer func(any) ledger.Answer) (ledger.Answer, bool, error) {
			return s.ledger.PurchaseOnce(a.ctx, acct, pack, *k, func(p ledger.Purchase) ledger.Answer { return answer(purchaseJSON(p)) })
		}, "account")
		return
	}
	p, err := s.ledger.Purchase(a.ctx, acct, pack)
	if err != nil {
		a.ledgerErr(err, "account")
		return
	}
	a.ok(purchaseJSON(p))
}

// POST /admin/v1/purchases/{id}/refund
func (s *Server) adminRefund(a *adminCall) {
	pid := a.ctx.UserValue("id").(string)
	if k, bad := idemKey(a.ctx, "admin"); bad != nil {
		a.fail(fasthttp.StatusBadRequest, *bad)
		return
	} else if k != nil {
		a.once(func(answer func(any) ledger.Answer) (ledger.Answer, bool, error) {
			return s.ledger.RefundOnce(a.ctx, pid, *k, func(p ledger.Purchase, n int64) ledger.Answer { return answer(refundJSON(p, n)) })
		}, "purchase")
		return
	}
	p, n, err := s.ledger.Refund(a.ctx, pid)
	if err != nil {
		a.ledgerErr(err, "purchase")
		return
	}
	a.ok(refundJSON(p, n))
}

// refundJSON is the result of a refund: the purchase and the credits refunded.
func refundJSON(p ledger.Purchase, n int64) map[string]any {
	m := purchaseJSON(p)
	m["refunded_credits"] = n
	return m
}

// POST /admin/v1/clock {"advance_seconds": N}; only with --test-clock.
func (s *Server) adminClock(a *adminCall) {
	if !s.cfg.TestClock {
		a.fail(fasthttp.StatusNotFound, errf(typeNotFound, "route_not_found", "", "Test clocks are off; start the server with --test-clock."))
		return
	}
	d, e := decodeBody(a.ctx.PostBody(), false)
	if e != nil {
		a.fail(fasthttp.StatusBadRequest, *e)
		return
	}
	n := d.integer("advance_seconds", 0, 0, 10*365*24*3600)
	if d.fail != nil {
		a.fail(fasthttp.StatusBadRequest, *d.fail)
		return
	}
	// A shared clock (--database-url) advances the stored offset, which
	// every node follows within a second; a failure there changes nothing.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	now, err := s.clock.Move(ctx, time.Duration(n)*time.Second)
	cancel()
	if err != nil {
		slog.Error("shared test clock: advance failed", "request_id", a.rid, "err", err)
		a.fail(fasthttp.StatusServiceUnavailable, errf(typeAPI, "clock_unavailable", "", "The shared test clock could not be advanced; nothing changed."))
		return
	}
	a.ok(map[string]string{"now": now.Format(time.RFC3339Nano)})
}
