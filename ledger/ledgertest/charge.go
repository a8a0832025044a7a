package ledgertest

import (
	"errors"
	"testing"

	"svc/ledger"
)

// charge is one Charge of price with a fresh usage record.
func (e *env) charge(p ledger.Principal, price int64, charge bool) (ledger.Receipt, error) {
	u := usage("/v1/detect", e.clock.Now())
	u.ListCredits = price
	u.CacheHit = !charge
	return e.l.Charge(ctx, p, price, charge, ledger.Records{Usage: u})
}

// Charge (reserve and capture in one step) under 100 racers against a
// balance for 10 passes exactly 10; every refusal carries the account's
// figures; a cache hit (charge false) needs the price but captures nothing.
func testChargeExactlyN(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Live, 25) // 25,000 credits
	_, other, _ := e.account(ledger.Live, 25)
	h, err := e.l.Reserve(ctx, other, 100) // another account's hold: not this one's business
	e.must(err)
	ok, refused := parallel(t, 100, ledger.ErrInsufficientCredit, func(int) error {
		rc, err := e.charge(p, 2_500, true)
		if err == nil && (rc.BalanceCredits < 0 || rc.BalanceCredits%2_500 != 0) {
			t.Errorf("receipt %+v", rc)
		}
		var ic *ledger.InsufficientCreditsError
		if errors.As(err, &ic) && (ic.RequiredCredits != 2_500 || ic.BalanceCredits >= 2_500 ||
			ic.Receipt.BalanceCredits != ic.BalanceCredits) {
			t.Errorf("refusal %+v", ic)
		}
		return err
	})
	if ok != 10 || refused != 90 {
		t.Fatalf("%d charged, %d refused; want exactly 10 and 90", ok, refused)
	}
	if b := e.balance(a.ID); b != 0 {
		t.Fatalf("balance %d, want 0", b)
	}
	u, err := e.l.Usage(ctx, a.ID, ledger.UsageQuery{})
	e.must(err)
	if u.TotalRequests != 10 || u.TotalCharged != 25_000 {
		t.Fatalf("usage %d requests %d credits, want 10 and 25000", u.TotalRequests, u.TotalCharged)
	}
	e.must(e.l.Release(ctx, h))

	// A hit needs the price available and captures nothing.
	if _, err := e.charge(p, 1, false); !errors.Is(err, ledger.ErrInsufficientCredit) {
		t.Fatalf("a hit on an empty balance: %v, want ErrInsufficientCredit", err)
	}
	rc, err := e.charge(other, 700, false)
	e.must(err)
	if rc.BalanceCredits != 25_000 || e.balance(other.Account.ID) != 25_000 {
		t.Fatalf("a hit charged: receipt %+v", rc)
	}
	rc, err = e.charge(other, 700, true)
	e.must(err)
	if rc.BalanceCredits != 24_300 {
		t.Fatalf("receipt %+v, want balance 24300", rc)
	}
	u, err = e.l.Usage(ctx, other.Account.ID, ledger.UsageQuery{})
	e.must(err)
	if u.TotalRequests != 2 || u.TotalCharged != 700 || u.CacheHits != 1 {
		t.Fatalf("usage %+v, want 2 requests, 700 charged, 1 hit", u)
	}

	// A revoked key is refused at once, with the figures.
	_, err = e.l.RevokeKey(ctx, other.Key.ID)
	e.must(err)
	_, err = e.charge(other, 1, true)
	if rc, ok := ledger.RefusalReceipt(err); !errors.Is(err, ledger.ErrUnauthenticated) || !ok || rc.BalanceCredits != 24_300 {
		t.Fatalf("charge with a revoked key: %v (receipt %+v), want ErrUnauthenticated with balance 24300", err, rc)
	}
}

// Sandbox: Charge takes the account's slots exactly (racers included) and
// the refusal says 0 left; Reserve's refusals carry the figures too; Figures
// reads both at once.
func testChargeSandboxAndRefusalReceipts(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Sandbox, 25)
	for i := range 90 {
		rc, err := e.charge(p, 6, i%2 == 0)
		e.must(err)
		if rc.SandboxRemaining != 100-i-1 || rc.BalanceCredits != 25_000 {
			t.Fatalf("sandbox charge %d: receipt %+v", i+1, rc)
		}
	}
	ok, refused := parallel(t, 40, ledger.ErrQuotaExhausted, func(int) error {
		_, err := e.charge(p, 6, true)
		return err
	})
	if ok != 10 || refused != 30 {
		t.Fatalf("%d charged, %d refused; want exactly 10 and 30", ok, refused)
	}
	_, err := e.charge(p, 6, true)
	if rc, ok := ledger.RefusalReceipt(err); !errors.Is(err, ledger.ErrQuotaExhausted) || !ok ||
		rc != (ledger.Receipt{BalanceCredits: 25_000, SandboxRemaining: 0}) {
		t.Fatalf("charge past the quota: %v (receipt %+v)", err, rc)
	}
	_, err = e.l.Reserve(ctx, p, 6)
	if rc, ok := ledger.RefusalReceipt(err); !errors.Is(err, ledger.ErrQuotaExhausted) || !ok ||
		rc != (ledger.Receipt{BalanceCredits: 25_000, SandboxRemaining: 0}) {
		t.Fatalf("reserve past the quota: %v (receipt %+v)", err, rc)
	}
	f, err := e.l.Figures(ctx, a.ID)
	e.must(err)
	if f != (ledger.Receipt{BalanceCredits: 25_000, SandboxRemaining: 0}) {
		t.Fatalf("Figures %+v", f)
	}
	// Live: the refusal's receipt is the balance less holds.
	la, lp, _ := e.account(ledger.Live, 25)
	h, err := e.l.Reserve(ctx, lp, 24_000)
	e.must(err)
	_, err = e.l.Reserve(ctx, lp, 1_001)
	var ic *ledger.InsufficientCreditsError
	if !errors.As(err, &ic) || ic.BalanceCredits != 1_000 || ic.Receipt != (ledger.Receipt{BalanceCredits: 1_000, SandboxRemaining: 100}) {
		t.Fatalf("reserve over the balance less holds: %v (%+v)", err, ic)
	}
	f, err = e.l.Figures(ctx, la.ID)
	e.must(err)
	if f != (ledger.Receipt{BalanceCredits: 1_000, SandboxRemaining: 100}) {
		t.Fatalf("Figures with a hold %+v", f)
	}
	e.must(e.l.Release(ctx, h))
	if _, err := e.l.Figures(ctx, "acct_unknown"); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("Figures of an unknown account: %v", err)
	}
}
