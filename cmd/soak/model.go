package main

import (
	"fmt"
	"math"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"sync"
)

// acct is the driver's model of one account: what the service acknowledged
// (status 200) and what may have happened without an answer (requests in
// flight when the process was killed). Every check compares the durable
// state read back after a restart with this model, then resolves the unknowns
// into the new baseline (the durable state becomes "known" and must survive
// every later crash).
type acct struct {
	name      string
	id        string
	live      string   // live key secret ("" if none)
	sandboxes []string // sandbox key secrets
	holdCheck bool     // refund the whole balance at the next check (no hold may survive)
	mu        sync.Mutex

	// Known values: the baseline read at the last check plus everything
	// acknowledged since. maybe*: the upper bound of what unanswered requests
	// may have added since the last check.
	charged, maybeCharged     int64 // credits captured (credits_used)
	purchased, maybePurchased int64
	refunded, maybeRefunded   int64
	sandbox, maybeSandbox     int            // sandbox_requests_used
	usage, maybeUsage         map[string]int // usage records per endpoint
	comments                  map[string]bool
	maybeComments             int
	purchaseIDs               []string         // acknowledged purchases (candidates for refunds)
	refundOf                  map[string]int64 // acknowledged refunds: purchase id -> credits
	clsIDs                    []string         // acknowledged classification ids (feedback targets)
	refundedDone              bool             // hold-check account already emptied
}

func newAcct(name string) *acct {
	return &acct{name: name, usage: map[string]int{}, maybeUsage: map[string]int{}, comments: map[string]bool{}, refundOf: map[string]int64{}}
}

// outcome records the result of one public request made with key kind
// (sandbox or live) on endpoint ep of list price price.
//   - ok: acknowledged 200, charged credits (header X-SVC-Credits-Charged).
//   - unknown: no answer (in flight at the kill): may or may not be durable.
//   - otherwise: answered with an error status, nothing may have happened.
func (a *acct) outcome(sandbox bool, ep string, price int64, ok, unknown bool, charged int64, clsID string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case ok:
		a.charged += charged
		a.usage[ep]++
		if sandbox {
			a.sandbox++
		}
		if clsID != "" {
			a.comments[clsID] = true
			a.clsIDs = append(a.clsIDs, clsID)
		}
	case unknown:
		if !sandbox {
			a.maybeCharged += price
		}
		a.maybeUsage[ep]++
		if sandbox {
			a.maybeSandbox++
		}
		if ep == "/v1/classify" {
			a.maybeComments++
		}
	}
}

func (a *acct) randomCls(pick func(n int) int) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.clsIDs) == 0 {
		return ""
	}
	return a.clsIDs[pick(len(a.clsIDs))]
}

// checker reads an account back after a restart and compares it with the model.
type checker struct {
	c      *http.Client
	p      *proc
	token  string
	cycle  int
	report func(format string, args ...any) // records one discrepancy
}

func num(m map[string]any, k string) int64 {
	f, _ := m[k].(float64)
	return int64(math.Round(f))
}

func usdCredits(m map[string]any, k string) int64 {
	f, _ := m[k].(float64)
	return int64(math.Round(f * 1000))
}

// within checks known <= got <= known+maybe and reports otherwise.
func (k *checker) within(a *acct, what string, got, known, maybe int64) {
	if got < known || got > known+maybe {
		k.report("%s %s: durable %d, acknowledged %d, in flight at the kill at most %d (allowed %d..%d)",
			a.name, what, got, known, maybe, known, known+maybe)
	}
}

// check compares account a with the service and resolves the unknowns.
func (k *checker) check(a *acct) {
	a.mu.Lock()
	defer a.mu.Unlock()
	r, err := do(k.c, "GET", k.p.abase+"/admin/v1/accounts/"+a.id, k.token, nil)
	if err != nil || r.status != 200 {
		k.report("%s: admin GET account: status %d err %v %.200s", a.name, r.status, err, r.raw)
		return
	}
	v := r.result()
	bal, purchased, refunded, used := num(v, "balance_credits"), num(v, "credits_purchased"), num(v, "credits_refunded"), num(v, "credits_used")
	sbx := num(v, "sandbox_requests_used")

	// 1. balance = purchased - refunded - captured, and the purchases agree.
	if bal != purchased-refunded-used {
		k.report("%s: balance %d != purchased %d - refunded %d - used %d", a.name, bal, purchased, refunded, used)
	}
	if bal < 0 {
		k.report("%s: negative balance %d", a.name, bal)
	}
	var sumCredits, sumConsumed, sumRefunded int64
	durable := map[string]map[string]any{}
	ps, _ := v["purchases"].([]any)
	if v["has_more_purchases"] == true {
		// The account view holds the newest 100 purchases: page through all.
		ps = k.allPurchases(a)
	}
	for _, x := range ps {
		p, _ := x.(map[string]any)
		id, _ := p["id"].(string)
		durable[id] = p
		cr, co, rf := num(p, "credits"), num(p, "consumed_credits"), num(p, "refunded_credits")
		if co < 0 || rf < 0 || co+rf > cr {
			k.report("%s: purchase %s credits %d consumed %d refunded %d", a.name, id, cr, co, rf)
		}
		sumCredits, sumConsumed, sumRefunded = sumCredits+cr, sumConsumed+co, sumRefunded+rf
	}
	if sumCredits != purchased || sumConsumed != used || sumRefunded != refunded {
		k.report("%s: purchases sum credits/consumed/refunded %d/%d/%d vs account %d/%d/%d", a.name, sumCredits, sumConsumed, sumRefunded, purchased, used, refunded)
	}
	// 2. every acknowledged purchase and refund is durable.
	for _, id := range a.purchaseIDs {
		if durable[id] == nil {
			k.report("%s: acknowledged purchase %s is missing", a.name, id)
		}
	}
	for id, n := range a.refundOf {
		if n < 0 {
			continue // refused with 409: nothing to find
		}
		if p := durable[id]; p == nil || num(p, "refunded_credits") != n || p["refunded_at"] == nil {
			k.report("%s: acknowledged refund of %d on %s is not durable: %v", a.name, n, id, p)
		}
	}
	k.within(a, "credits_purchased", purchased, a.purchased, a.maybePurchased)
	k.within(a, "credits_refunded", refunded, a.refunded, a.maybeRefunded)
	// 3. every acknowledged charge is captured, and nothing else but requests in flight.
	k.within(a, "credits_used", used, a.charged, a.maybeCharged)
	// 4. sandbox quota.
	if sbx > 100 {
		k.report("%s: sandbox_requests_used %d > 100", a.name, sbx)
	}
	k.within(a, "sandbox_requests_used", sbx, int64(a.sandbox), int64(a.maybeSandbox))
	a.purchased, a.refunded, a.charged, a.sandbox = purchased, refunded, used, int(sbx)
	a.maybePurchased, a.maybeRefunded, a.maybeCharged, a.maybeSandbox = 0, 0, 0, 0

	key := a.live
	if key == "" && len(a.sandboxes) > 0 {
		key = a.sandboxes[0]
	}
	if key == "" {
		return
	}
	// 5. usage: every acknowledged request has its record, nothing charged without one.
	r, err = do(k.c, "GET", k.p.base+"/v1/usage?from=2000-01-01&group_by=endpoint", key, nil)
	if err != nil || r.status != 200 {
		k.report("%s: GET /v1/usage: status %d err %v %.200s", a.name, r.status, err, r.raw)
		return
	}
	u := r.result()
	if c := usdCredits(u, "total_cost"); c != used {
		k.report("%s: usage total_cost %d credits != credits_used %d (a charge without its usage record, or the reverse)", a.name, c, used)
	}
	byEP := map[string]int64{}
	var totalReq int64
	eps, _ := u["by_endpoint"].([]any)
	for _, x := range eps {
		e, _ := x.(map[string]any)
		name, _ := e["endpoint"].(string)
		byEP[name] = num(e, "requests")
		totalReq += num(e, "requests")
	}
	if t := num(u, "total_requests"); t != totalReq {
		k.report("%s: usage total_requests %d != sum of by_endpoint %d", a.name, t, totalReq)
	}
	names := map[string]bool{}
	for e := range byEP {
		names[e] = true
	}
	for e := range a.usage {
		names[e] = true
	}
	for e := range a.maybeUsage {
		names[e] = true
	}
	for e := range names {
		k.within(a, "usage requests of "+e, byEP[e], int64(a.usage[e]), int64(a.maybeUsage[e]))
		a.usage[e] = int(byEP[e])
	}
	a.maybeUsage = map[string]int{}
	if a.live == "" && totalReq != sbx {
		k.report("%s: sandbox-only account has %d usage records but sandbox_requests_used %d", a.name, totalReq, sbx)
	}
	// 6. no hold survives a restart: the balance available to requests is the stored one.
	bal2, _ := u["balance"].(map[string]any)
	if got := usdCredits(bal2, "current"); got != bal {
		k.report("%s: usage balance.current %d credits != stored balance %d (a hold survived?)", a.name, got, bal)
	}
	if h := r.header.Get("X-SVC-Balance"); h != usd(bal) {
		k.report("%s: X-SVC-Balance %q != stored balance %s (a hold survived?)", a.name, h, usd(bal))
	}
	// 6b. no sandbox quota reservation survives either.
	if len(a.sandboxes) > 0 {
		r, err := do(k.c, "GET", k.p.base+"/v1/usage", a.sandboxes[0], nil)
		if err != nil || r.status != 200 {
			k.report("%s: GET /v1/usage with a sandbox key: status %d err %v", a.name, r.status, err)
		} else if h := r.header.Get("X-SVC-Sandbox-Remaining"); h != strconv.FormatInt(100-sbx, 10) {
			k.report("%s: X-SVC-Sandbox-Remaining %q after restart, want %d (a quota reservation survived?)", a.name, h, 100-sbx)
		}
	}
	// 7. every acknowledged comment is listed, and comments == classify usage records.
	listed := map[string]bool{}
	cursor := ""
	total := int64(-1)
	for page := 0; page < 10000; page++ {
		q := "/v1/comments?limit=100"
		if cursor != "" {
			q += "&cursor=" + url.QueryEscape(cursor)
		}
		r, err := do(k.c, "GET", k.p.base+q, key, nil)
		if err != nil || r.status != 200 {
			k.report("%s: GET %s: status %d err %v %.200s", a.name, q, r.status, err, r.raw)
			return
		}
		res := r.result()
		cs, _ := res["comments"].([]any)
		for _, x := range cs {
			c, _ := x.(map[string]any)
			id, _ := c["id"].(string)
			if listed[id] {
				k.report("%s: comment %s listed twice", a.name, id)
			}
			listed[id] = true
		}
		pg, _ := res["pagination"].(map[string]any)
		if total < 0 {
			total = num(pg, "total_count")
		}
		more, _ := pg["has_more"].(bool)
		cursor, _ = pg["next_cursor"].(string)
		if !more {
			break
		}
	}
	if int64(len(listed)) != total {
		k.report("%s: listed %d comments, total_count %d", a.name, len(listed), total)
	}
	var missing []string
	for id := range a.comments {
		if !listed[id] {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		k.report("%s: %d acknowledged comments missing, e.g. %s", a.name, len(missing), missing[0])
	}
	k.within(a, "comments", int64(len(listed)), int64(len(a.comments)), int64(a.maybeComments))
	if cu := byEP["/v1/classify"]; cu != int64(len(listed)) {
		k.report("%s: %d comments but %d classify usage records", a.name, len(listed), cu)
	}
	a.comments = listed
	a.maybeComments = 0

	// 8. a new operation for exactly the whole balance succeeds: refund the
	// account's only purchase; it must return the whole stored balance.
	if a.holdCheck && !a.refundedDone && len(a.purchaseIDs) == 1 {
		a.refundedDone = true
		pid := a.purchaseIDs[0]
		r, err := do(k.c, "POST", k.p.abase+"/admin/v1/purchases/"+pid+"/refund", k.token, map[string]any{})
		switch {
		case err != nil:
			k.report("%s: refund of the whole balance: %v", a.name, err)
		case bal == 0 && r.status == 409:
		case r.status != 200:
			k.report("%s: refund of the whole balance %d: status %d %.200s", a.name, bal, r.status, r.raw)
		default:
			n := num(r.result(), "refunded_credits")
			if n != bal {
				k.report("%s: refund returned %d credits, stored balance was %d (a hold survived the restart)", a.name, n, bal)
			}
			a.refunded += n
			a.refundOf[pid] = n
		}
	}
}

// usd formats credits as the service's X-SVC-Balance does.
func usd(credits int64) string {
	s := strconv.FormatInt(credits/1000, 10) + "." + strconv.FormatInt(1000+credits%1000, 10)[1:]
	return s
}

func (a *acct) String() string { return fmt.Sprintf("%s(%s)", a.name, a.id) }

// allPurchases reads every purchase of a through the paged admin listing
// (GET /admin/v1/accounts/{id}/purchases, 100 a page, newest first); nil
// after a failure, which is reported.
func (k *checker) allPurchases(a *acct) []any {
	var all []any
	after := ""
	for page := 0; page < 10_000; page++ {
		u := k.p.abase + "/admin/v1/accounts/" + a.id + "/purchases?limit=100"
		if after != "" {
			u += "&starting_after=" + url.QueryEscape(after)
		}
		r, err := do(k.c, "GET", u, k.token, nil)
		if err != nil || r.status != 200 {
			k.report("%s: admin GET purchases: status %d err %v %.200s", a.name, r.status, err, r.raw)
			return nil
		}
		res := r.result()
		ps, _ := res["purchases"].([]any)
		all = append(all, ps...)
		pg, _ := res["pagination"].(map[string]any)
		if pg["has_more"] != true {
			return all
		}
		after, _ = pg["next_cursor"].(string)
	}
	k.report("%s: admin purchases listing did not end", a.name)
	return nil
}
