package ledgertest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"sync"
	"testing"

	"svc/ledger"
)

// expirer is a store that deletes expired answers on demand (both do).
type expirer interface {
	ExpireAnswers(ctx context.Context, max int) (int, error)
}

// errSkip is never returned: parallel's want for calls that sort their own errors.
var errSkip = errors.New("ledgertest: never returned")

func fingerprint(s string) [32]byte { return sha256.Sum256([]byte(s)) }

func answer(body string) *ledger.Answer {
	return &ledger.Answer{Status: 200, RequestID: "req_" + body, Header: []string{"X-SVC-Cache", "MISS", "X-SVC-Credits-Charged", "100"}, Body: []byte(body)}
}

// once reserves under k and commits with the answer body; the error of
// whichever failed, and the replayed answer when there was one.
func (e *env) once(p ledger.Principal, price int64, k ledger.IdemKey, body string) (*ledger.Answer, error) {
	h, ans, err := e.l.ReserveOnce(ctx, p, price, k)
	if err != nil || ans != nil {
		return ans, err
	}
	if h.Once != k.Key {
		e.t.Fatalf("hold of ReserveOnce claims %q, want %q", h.Once, k.Key)
	}
	r := ledger.Records{Usage: usage("/v1/detect", e.clock.Now()), Answer: answer(body)}
	r.Usage.ListCredits = price
	_, err = e.l.Commit(ctx, h, true, r)
	return nil, err
}

func (e *env) sameAnswer(got *ledger.Answer, body string) {
	e.t.Helper()
	want := answer(body)
	if got == nil || got.Status != want.Status || got.RequestID != want.RequestID || !bytes.Equal(got.Body, want.Body) ||
		len(got.Header) != len(want.Header) || got.Header[0] != want.Header[0] || got.Header[3] != want.Header[3] || got.CreatedAt.IsZero() {
		e.t.Fatalf("replayed answer %+v, want %+v", got, want)
	}
}

// An idempotency key: the first call that commits stores its answer with
// its charge; a retry replays it and charges nothing; a retry in flight or
// with another request is refused; failures free the key; answers survive a
// restart and expire after IdemRetention.
func testIdempotency(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Live, 25)
	k := ledger.IdemKey{Key: "order-1", Fingerprint: fingerprint("a")}
	other := ledger.IdemKey{Key: "order-1", Fingerprint: fingerprint("b")}

	// Claim: while the first call is in flight, a retry is refused.
	h, ans, err := e.l.ReserveOnce(ctx, p, 100, k)
	e.must(err)
	if ans != nil || h == nil {
		t.Fatalf("first ReserveOnce: hold %v answer %v", h, ans)
	}
	if _, _, err := e.l.ReserveOnce(ctx, p, 100, k); !errors.Is(err, ledger.ErrIdemInFlight) {
		t.Fatalf("retry in flight: %v, want ErrIdemInFlight", err)
	}
	if _, _, err := e.l.ReserveOnce(ctx, p, 100, other); !errors.Is(err, ledger.ErrIdemMismatch) {
		t.Fatalf("other request in flight: %v, want ErrIdemMismatch", err)
	}
	if b := e.balance(a.ID); b != 25_000-100 {
		t.Fatalf("balance with one hold %d, want %d", b, 25_000-100)
	}
	r := ledger.Records{Usage: usage("/v1/detect", e.clock.Now()), Answer: answer("first")}
	r.Usage.ListCredits = 100
	_, err = e.l.Commit(ctx, h, true, r)
	e.must(err)

	// Replay: the stored answer, nothing reserved or charged, whatever the balance.
	for range 3 {
		h, ans, err := e.l.ReserveOnce(ctx, p, 100, k)
		e.must(err)
		if h != nil {
			t.Fatal("a replay took a hold")
		}
		e.sameAnswer(ans, "first")
	}
	if _, _, err := e.l.ReserveOnce(ctx, p, 100, other); !errors.Is(err, ledger.ErrIdemMismatch) {
		t.Fatalf("other request after the answer: %v, want ErrIdemMismatch", err)
	}
	if b := e.balance(a.ID); b != 25_000-100 {
		t.Fatalf("balance after replays %d, want %d (charged once)", b, 25_000-100)
	}
	// The key is the account's: another account's same key is its own.
	a2, p2, _ := e.account(ledger.Live, 25)
	if ans, err := e.once(p2, 100, other, "theirs"); err != nil || ans != nil {
		t.Fatalf("same key in another account: %v %v", ans, err)
	}
	if b := e.balance(a2.ID); b != 25_000-100 {
		t.Fatalf("other account's balance %d", b)
	}

	// Failures free the key: a released hold, an invalid commit, a refusal.
	k2 := ledger.IdemKey{Key: "order-2", Fingerprint: fingerprint("c")}
	h, _, err = e.l.ReserveOnce(ctx, p, 100, k2)
	e.must(err)
	e.must(e.l.Release(ctx, h))
	h, _, err = e.l.ReserveOnce(ctx, p, 100, k2)
	e.must(err)
	if _, err := e.l.Commit(ctx, h, true, ledger.Records{Usage: usage("/v1/detect", e.clock.Now())}); !errors.Is(err, ledger.ErrInvalid) {
		t.Fatalf("commit of a ReserveOnce hold without an answer: %v, want ErrInvalid", err)
	}
	hp, err := e.l.Reserve(ctx, p, 100)
	e.must(err)
	if _, err := e.l.Commit(ctx, hp, true, ledger.Records{Usage: usage("/v1/detect", e.clock.Now()), Answer: answer("x")}); !errors.Is(err, ledger.ErrInvalid) {
		t.Fatalf("commit of a plain hold with an answer: %v, want ErrInvalid", err)
	}
	if b := e.balance(a.ID); b != 25_000-100 {
		t.Fatalf("balance after failed commits %d, want %d", b, 25_000-100)
	}
	ap, pp, _ := e.account(ledger.Live) // no credits
	kp := ledger.IdemKey{Key: "order-3", Fingerprint: fingerprint("d")}
	var ic *ledger.InsufficientCreditsError
	if _, err := e.once(pp, 100, kp, "poor"); !errors.As(err, &ic) {
		t.Fatalf("under a key without credits: %v, want insufficient credits", err)
	}
	_, err = e.l.Purchase(ctx, ap.ID, 25)
	e.must(err)
	if ans, err := e.once(pp, 100, kp, "paid"); err != nil || ans != nil {
		t.Fatalf("the same key after a refusal and a purchase: %v %v, want a fresh run", ans, err)
	}
	if _, err := e.once(p, 100, k2, "second"); err != nil {
		t.Fatalf("the key after a release and a failed commit: %v", err)
	}
	if b := e.balance(a.ID); b != 25_000-200 {
		t.Fatalf("balance %d, want %d", b, 25_000-200)
	}

	// Sandbox: a replay counts no slot.
	sa, sp, _ := e.account(ledger.Sandbox)
	ks := ledger.IdemKey{Key: "s", Fingerprint: fingerprint("s")}
	_, err = e.once(sp, 6, ks, "sandbox")
	e.must(err)
	ans, err = e.once(sp, 6, ks, "sandbox")
	e.must(err)
	e.sameAnswer(ans, "sandbox")
	if n := e.sandboxLeft(sa.ID); n != ledger.SandboxQuota-1 {
		t.Fatalf("sandbox left %d after a call and its replay, want %d", n, ledger.SandboxQuota-1)
	}

	// Concurrent duplicates run once: one hold, the others in flight or replayed.
	k3 := ledger.IdemKey{Key: "order-4", Fingerprint: fingerprint("e")}
	var mu sync.Mutex
	runs, replays, inFlight := 0, 0, 0
	parallel(t, 20, errSkip, func(int) error {
		ans, err := e.once(p, 100, k3, "racer")
		mu.Lock()
		defer mu.Unlock()
		switch {
		case errors.Is(err, ledger.ErrIdemInFlight):
			inFlight++
			return nil
		case err != nil:
			return err
		case ans != nil:
			replays++
		default:
			runs++
		}
		return nil
	})
	if runs != 1 || replays+inFlight != 19 {
		t.Fatalf("20 racers on one key: %d runs, %d replays, %d in flight; want 1 run", runs, replays, inFlight)
	}
	if b := e.balance(a.ID); b != 25_000-300 {
		t.Fatalf("balance after racers %d, want %d (one charge)", b, 25_000-300)
	}

	// Purchases and refunds under a key: once, replayed, refused for another request.
	kb := ledger.IdemKey{Key: "buy-1", Fingerprint: fingerprint("buy")}
	var bought ledger.Purchase
	buy := func(pu ledger.Purchase) ledger.Answer {
		bought = pu
		return ledger.Answer{Status: 200, RequestID: "req_buy", Header: []string{}, Body: []byte(pu.ID)}
	}
	first, replayed, err := e.l.PurchaseOnce(ctx, a.ID, 50, kb, buy)
	e.must(err)
	if replayed || string(first.Body) != bought.ID || bought.Credits != 50_000 {
		t.Fatalf("first PurchaseOnce: %+v replayed %v", first, replayed)
	}
	again, replayed, err := e.l.PurchaseOnce(ctx, a.ID, 50, kb, func(ledger.Purchase) ledger.Answer {
		t.Fatal("a replayed purchase ran again")
		return ledger.Answer{}
	})
	e.must(err)
	if !replayed || string(again.Body) != bought.ID || again.RequestID != "req_buy" {
		t.Fatalf("PurchaseOnce retry: %+v replayed %v", again, replayed)
	}
	if _, _, err := e.l.PurchaseOnce(ctx, a.ID, 100, ledger.IdemKey{Key: "buy-1", Fingerprint: fingerprint("buy 100")}, buy); !errors.Is(err, ledger.ErrIdemMismatch) {
		t.Fatalf("another purchase under the key: %v, want ErrIdemMismatch", err)
	}
	if b := e.balance(a.ID); b != 75_000-300 {
		t.Fatalf("balance after a purchase and its replay %d, want %d", b, 75_000-300)
	}
	kr := ledger.IdemKey{Key: "refund-1", Fingerprint: fingerprint("refund")}
	refund := func(pu ledger.Purchase, n int64) ledger.Answer {
		return ledger.Answer{Status: 200, RequestID: "req_refund", Header: []string{}, Body: []byte(pu.ID + " " + string(rune('0'+n/10_000)))}
	}
	for i := range 2 {
		ans, replayed, err := e.l.RefundOnce(ctx, bought.ID, kr, refund)
		e.must(err)
		if replayed != (i == 1) || string(ans.Body) != bought.ID+" 5" {
			t.Fatalf("RefundOnce %d: %q replayed %v", i, ans.Body, replayed)
		}
	}
	if b := e.balance(a.ID); b != 25_000-300 {
		t.Fatalf("balance after a refund and its replay %d, want %d", b, 25_000-300)
	}
	// A refused refund stores nothing: the key stays free.
	kr2 := ledger.IdemKey{Key: "refund-2", Fingerprint: fingerprint("refund again")}
	if _, _, err := e.l.RefundOnce(ctx, bought.ID, kr2, refund); !errors.Is(err, ledger.ErrRefundNotAllowed) {
		t.Fatalf("second refund: %v, want ErrRefundNotAllowed", err)
	}
	if _, replayed, err := e.l.PurchaseOnce(ctx, a.ID, 25, ledger.IdemKey{Key: "refund-2", Fingerprint: fingerprint("other")}, buy); err != nil || replayed {
		t.Fatalf("key of a refused refund reused: replayed %v, %v (want a fresh purchase)", replayed, err)
	}

	// Restart: answers stay.
	e.l = e.reopen()
	ans, err = e.once(p, 100, k, "after restart")
	e.must(err)
	e.sameAnswer(ans, "first")
	if _, replayed, err := e.l.PurchaseOnce(ctx, a.ID, 50, kb, buy); err != nil || !replayed {
		t.Fatalf("purchase key after restart: replayed %v %v", replayed, err)
	}

	// Expiry: IdemRetention after its commit a key is free again, even for
	// another request; an expired answer is deleted by ExpireAnswers, a
	// fresh one under a reused key is not.
	e.clock.Advance(ledger.IdemRetention)
	if ans, err := e.once(p, 100, other, "renewed"); err != nil || ans != nil {
		t.Fatalf("key reused after its retention: %v %v, want a fresh run", ans, err)
	}
	if x, ok := e.l.(expirer); ok {
		n, err := x.ExpireAnswers(ctx, 1000)
		e.must(err)
		if n < 5 {
			t.Fatalf("ExpireAnswers deleted %d, want every expired answer (at least 5)", n)
		}
		if ans, err := e.once(p, 100, other, "x"); err != nil {
			t.Fatal(err)
		} else {
			e.sameAnswer(ans, "renewed")
		}
		if ans, err := e.once(p, 100, k3, "racer again"); err != nil || ans != nil {
			t.Fatalf("expired and deleted key: %v %v, want a fresh run", ans, err)
		}
	} else {
		t.Fatalf("%T has no ExpireAnswers", e.l)
	}
}
