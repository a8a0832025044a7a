package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Prices of SPEC.md in credits.
var prices = map[string]int64{
	"/v1/classify": 6, "/v1/translate": 5, "/v1/detect": 2, "/v1/moderate": 4,
	"/v1/rubric/classify": 3, "/v1/feedback": 0,
}

// counters of one run.
type counters struct {
	sent, acked, unknown, refused, serverErrors atomic.Int64
}

// load drives paid traffic at one process until stop is closed.
type load struct {
	p       *proc
	c       *http.Client
	token   string
	main    *acct // live + sandbox keys, large balance
	small   *acct // live key, small balance, purchases and refunds
	hold    *acct // this cycle's hold-check account (live)
	sbx     *acct // this cycle's sandbox-only account
	cnt     *counters
	report  func(format string, args ...any)
	stopped atomic.Bool
	// stopOnError: the first unanswered request stops every client (the
	// SIGTERM phase, where the listener closes and nothing more can succeed).
	stopOnError bool
}

var texts = []string{
	"Where is my order? It has been two weeks",
	"I love this channel, thank you so much!",
	"شلونك يا خوي؟ وايد مشتاق لك",
	"ليه التوصيل اتأخر كده؟",
	"كيفك؟ شو الأخبار اليوم",
	"the audio is terrible in this one",
	"متى الحلقة الجاية؟",
	"you should cover the history of Petra",
}

func (l *load) text(r *rand.Rand) string {
	t := texts[r.IntN(len(texts))]
	if r.IntN(2) == 0 {
		return t // repeated text: exercises cache hits (charged 0)
	}
	return t + " #" + strconv.FormatUint(r.Uint64()%1_000_000_000, 36)
}

func reportBody(r *rand.Rand, tier string) map[string]any {
	cs := make([]map[string]any, 12)
	for i := range cs {
		cs[i] = map[string]any{"text": texts[(i+r.IntN(len(texts)))%len(texts)], "author": "user" + strconv.Itoa(i%4), "likes": i}
	}
	return map[string]any{"tier": tier, "comments": cs, "title": "soak"}
}

// paid sends one counted request and records its outcome in a.
func (l *load) paid(a *acct, key string, sandbox bool, ep string, price int64, body any) {
	if l.stopped.Load() {
		return
	}
	l.cnt.sent.Add(1)
	r, err := do(l.c, "POST", l.p.base+ep, key, body)
	if err != nil {
		if errors.Is(err, errTransport) {
			if l.stopOnError {
				l.stopped.Store(true)
			}
			l.cnt.unknown.Add(1)
			a.outcome(sandbox, ep, price, false, true, 0, "")
			return
		}
		l.report("%s %s: %v", a.name, ep, err)
		return
	}
	if r.status >= 500 {
		l.cnt.serverErrors.Add(1)
		l.report("%s %s: status %d under load: %.300s", a.name, ep, r.status, r.raw)
		return
	}
	if r.status != 200 {
		l.cnt.refused.Add(1) // 402, 429, 404: nothing happened
		return
	}
	if r.body["success"] != true || r.body["request_id"] == nil {
		l.report("%s %s: 200 without a success envelope: %.200s", a.name, ep, r.raw)
	}
	var charged int64
	if h := r.header.Get("X-SVC-Credits-Charged"); h != "" {
		charged, _ = strconv.ParseInt(h, 10, 64)
	}
	hit := r.header.Get("X-SVC-Cache") == "HIT"
	want := price
	if sandbox || hit {
		want = 0
	}
	if charged != want {
		l.report("%s %s: charged %d, want %d (sandbox %v, cache hit %v)", a.name, ep, charged, want, sandbox, hit)
	}
	cls := ""
	if ep == "/v1/classify" {
		cls, _ = r.result()["id"].(string)
		if cls == "" {
			l.report("%s classify: 200 without an id", a.name)
		}
	}
	l.cnt.acked.Add(1)
	a.outcome(sandbox, ep, price, true, false, charged, cls)
}

// client runs one client's request loop.
func (l *load) client(seed uint64, wg *sync.WaitGroup) {
	defer wg.Done()
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	for !l.stopped.Load() {
		n := r.IntN(100)
		switch {
		case n < 28:
			l.paid(l.main, l.main.live, false, "/v1/classify", 6, map[string]any{"text": l.text(r), "platform": "youtube", "channel_id": "ch" + strconv.Itoa(r.IntN(3))})
		case n < 40:
			l.paid(l.main, l.main.live, false, "/v1/detect", 2, map[string]any{"text": l.text(r)})
		case n < 44:
			l.paid(l.main, l.main.live, false, "/v1/moderate", 4, map[string]any{"text": l.text(r)})
		case n < 47:
			l.paid(l.main, l.main.live, false, "/v1/rubric/classify", 3, map[string]any{"text": l.text(r),
				"rubric": map[string]any{"categories": []map[string]any{{"name": "Shipping"}, {"name": "Praise"}}}})
		case n < 55:
			if id := l.main.randomCls(r.IntN); id != "" {
				rating := []string{"correct", "incorrect", "partial"}[r.IntN(3)]
				l.paid(l.main, l.main.live, false, "/v1/feedback", 0, map[string]any{"classification_id": id, "rating": rating, "corrected_intent": []string{"question"}})
			}
		case n < 57:
			tier, price := "basic", int64(500)
			if r.IntN(3) == 0 {
				tier, price = "pro", 1500
			}
			l.paid(l.main, l.main.live, false, "/v1/report", price, reportBody(r, tier))
		case n < 67:
			l.paid(l.small, l.small.live, false, "/v1/classify", 6, map[string]any{"text": l.text(r)})
		case n < 69:
			l.paid(l.small, l.small.live, false, "/v1/report", 500, reportBody(r, "basic"))
		case n < 72:
			k := l.main.sandboxes[r.IntN(len(l.main.sandboxes))]
			if r.IntN(3) == 0 {
				if id := l.main.randomCls(r.IntN); id != "" {
					l.paid(l.main, k, true, "/v1/feedback", 0, map[string]any{"classification_id": id, "rating": "correct"})
				}
			} else {
				l.paid(l.main, k, true, "/v1/classify", 6, map[string]any{"text": l.text(r)})
			}
		case n < 80:
			k := l.sbx.sandboxes[r.IntN(len(l.sbx.sandboxes))]
			switch r.IntN(3) {
			case 0:
				l.paid(l.sbx, k, true, "/v1/detect", 2, map[string]any{"text": l.text(r)})
			case 1:
				if id := l.sbx.randomCls(r.IntN); id != "" {
					l.paid(l.sbx, k, true, "/v1/feedback", 0, map[string]any{"classification_id": id, "rating": "incorrect", "corrected_sentiment": "negative"})
					break
				}
				fallthrough
			default:
				l.paid(l.sbx, k, true, "/v1/classify", 6, map[string]any{"text": l.text(r)})
			}
		case n < 92:
			switch r.IntN(4) {
			case 0:
				l.paid(l.hold, l.hold.live, false, "/v1/report", 500, reportBody(r, "basic"))
			case 1:
				l.paid(l.hold, l.hold.live, false, "/v1/report", 1500, reportBody(r, "pro"))
			default:
				l.paid(l.hold, l.hold.live, false, "/v1/classify", 6, map[string]any{"text": l.text(r)})
			}
		default:
			// free reads: never 5xx
			path := []string{"/v1/comments?limit=20", "/v1/usage?group_by=endpoint", "/v1/analytics?group_by=week"}[r.IntN(3)]
			l.cnt.sent.Add(1)
			res, err := do(l.c, "GET", l.p.base+path, l.main.live, nil)
			if err == nil && res.status >= 500 {
				l.cnt.serverErrors.Add(1)
				l.report("GET %s: status %d: %.200s", path, res.status, res.raw)
			}
		}
	}
}

// admin buys and refunds packs while the clients run.
func (l *load) admin(seed uint64, wg *sync.WaitGroup) {
	defer wg.Done()
	r := rand.New(rand.NewPCG(seed, 7))
	for !l.stopped.Load() {
		time.Sleep(time.Duration(50+r.IntN(250)) * time.Millisecond)
		if l.stopped.Load() {
			return
		}
		a := l.small
		if r.IntN(4) == 0 {
			a = l.main
		}
		if r.IntN(2) == 0 || a != l.small {
			pack := []int{25, 50}[r.IntN(2)]
			credits := int64(pack) * 1000
			l.cnt.sent.Add(1)
			res, err := do(l.c, "POST", l.p.abase+"/admin/v1/accounts/"+a.id+"/purchases", l.token, map[string]any{"pack_usd": pack})
			a.mu.Lock()
			switch {
			case err != nil:
				l.cnt.unknown.Add(1)
				a.maybePurchased += credits
			case res.status == 200:
				l.cnt.acked.Add(1)
				id, _ := res.result()["id"].(string)
				a.purchased += credits
				a.purchaseIDs = append(a.purchaseIDs, id)
			default:
				l.report("%s: purchase: status %d %.200s", a.name, res.status, res.raw)
			}
			a.mu.Unlock()
			continue
		}
		// refund one acknowledged, not yet refunded purchase of small
		a.mu.Lock()
		var cands []string
		for _, id := range a.purchaseIDs {
			if _, done := a.refundOf[id]; !done {
				cands = append(cands, id)
			}
		}
		a.mu.Unlock()
		if len(cands) == 0 {
			continue
		}
		pid := cands[r.IntN(len(cands))]
		l.cnt.sent.Add(1)
		res, err := do(l.c, "POST", l.p.abase+"/admin/v1/purchases/"+pid+"/refund", l.token, map[string]any{})
		a.mu.Lock()
		switch {
		case err != nil:
			l.cnt.unknown.Add(1)
			a.maybeRefunded += 500_000 // at most one pack; bounded below by the check's resolution
		case res.status == 200:
			l.cnt.acked.Add(1)
			n := num(res.result(), "refunded_credits")
			a.refunded += n
			a.refundOf[pid] = n
		case res.status == 409:
			a.refundOf[pid] = -1 // nothing left or already refunded: never retried
		default:
			l.report("%s: refund: status %d %.200s", a.name, res.status, res.raw)
		}
		a.mu.Unlock()
	}
}

// setupAccount creates an account with keys (and a pack) through the admin API.
func setupAccount(c *http.Client, p *proc, token, name string, live bool, sandboxes int, pack int) (*acct, error) {
	a := newAcct(name)
	r, err := do(c, "POST", p.abase+"/admin/v1/accounts", token, map[string]any{"name": name, "rate_limit_per_minute": 1_000_000})
	if err != nil || r.status != 200 {
		return nil, fmt.Errorf("create account %s: %v %d %.200s", name, err, r.status, r.raw)
	}
	a.id, _ = r.result()["id"].(string)
	kinds := []string{}
	if live {
		kinds = append(kinds, "live")
	}
	for i := 0; i < sandboxes; i++ {
		kinds = append(kinds, "sandbox")
	}
	for _, k := range kinds {
		r, err := do(c, "POST", p.abase+"/admin/v1/accounts/"+a.id+"/keys", token, map[string]any{"kind": k})
		if err != nil || r.status != 200 {
			return nil, fmt.Errorf("create %s key for %s: %v %d", k, name, err, r.status)
		}
		s, _ := r.result()["key"].(string)
		if k == "live" {
			a.live = s
		} else {
			a.sandboxes = append(a.sandboxes, s)
		}
	}
	if pack > 0 {
		r, err := do(c, "POST", p.abase+"/admin/v1/accounts/"+a.id+"/purchases", token, map[string]any{"pack_usd": pack})
		if err != nil || r.status != 200 {
			return nil, fmt.Errorf("purchase for %s: %v %d", name, err, r.status)
		}
		id, _ := r.result()["id"].(string)
		a.purchaseIDs = append(a.purchaseIDs, id)
		a.purchased += int64(pack) * 1000
	}
	return a, nil
}
