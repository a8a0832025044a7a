package pgledger_test

import (
	"crypto/sha256"
	"errors"
	"testing"
	"time"

	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

func idemUsage() ledger.Usage {
	return ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect", ListCredits: 100}
}

func idemAnswer() *ledger.Answer {
	return &ledger.Answer{Status: 200, RequestID: "req_x", Header: []string{}, Body: []byte(`{}`)}
}

// The idempotency table's invariants are the database's: a claim without
// its answer or an answer without its fields is refused (CHECK), and a
// commit whose claim was deleted under it fails whole, charging nothing.
func TestIdempotencyInvariantsBrokenOnPurpose(t *testing.T) {
	url := testpg.DB(t)
	l := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now})
	p, _ := fixture(t, l)
	c := conn(t, url)
	k := ledger.IdemKey{Key: "k1", Fingerprint: sha256.Sum256([]byte("r"))}
	h, _, err := l.ReserveOnce(ctx, p, 100, k)
	must(t, err)
	for name, stmt := range map[string]string{
		"done without an answer": "UPDATE idempotency SET hold_id = NULL WHERE account_id = $1",
		"answer while claimed":   "UPDATE idempotency SET status = 200, request_id = 'r', header = '{}', body = '' WHERE account_id = $1",
		"answer without a body":  "UPDATE idempotency SET hold_id = NULL, status = 200, request_id = 'r', header = '{}' WHERE account_id = $1",
		"short fingerprint":      "UPDATE idempotency SET fingerprint = '\\x00' WHERE account_id = $1",
	} {
		if _, err := c.Exec(ctx, stmt, p.Account.ID); err == nil || !containsCode(err, "23514") {
			t.Errorf("%s: %v, want a check violation (23514)", name, err)
		}
	}
	// The claim deleted under the hold (a bug elsewhere): the commit fails
	// whole, nothing charged, no usage, the hold released.
	_, err = c.Exec(ctx, "DELETE FROM idempotency WHERE account_id = $1", p.Account.ID)
	must(t, err)
	if _, err := l.Commit(ctx, h, true, ledger.Records{Usage: idemUsage(), Answer: idemAnswer()}); err == nil {
		t.Fatal("a commit whose claim is gone succeeded")
	}
	if b, _ := l.BalanceCredits(ctx, p.Account.ID); b != 25_000 {
		t.Fatalf("balance %d after a refused commit, want 25000", b)
	}
	u, err := l.Usage(ctx, p.Account.ID, ledger.UsageQuery{})
	must(t, err)
	if u.TotalRequests != 0 {
		t.Fatalf("usage %d after a refused commit, want 0", u.TotalRequests)
	}
	// Commit of a plain hold with an answer is refused before the database.
	hp, err := l.Reserve(ctx, p, 100)
	must(t, err)
	if _, err := l.Commit(ctx, hp, true, ledger.Records{Usage: idemUsage(), Answer: idemAnswer()}); !errors.Is(err, ledger.ErrInvalid) {
		t.Fatalf("plain hold with an answer: %v, want ErrInvalid", err)
	}
}

// A claim lives as long as its hold: the reaper that releases an expired
// hold frees its key, and a retry runs.
func TestReaperFreesClaimedKeys(t *testing.T) {
	url := testpg.DB(t)
	l := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now, HoldLease: time.Millisecond, ReapEvery: time.Hour})
	p, _ := fixture(t, l)
	k := ledger.IdemKey{Key: "k1", Fingerprint: sha256.Sum256([]byte("r"))}
	_, _, err := l.ReserveOnce(ctx, p, 100, k)
	must(t, err)
	if _, _, err := l.ReserveOnce(ctx, p, 100, k); !errors.Is(err, ledger.ErrIdemInFlight) {
		t.Fatalf("second claim: %v, want ErrIdemInFlight", err)
	}
	time.Sleep(10 * time.Millisecond)
	_, err = l.ReapExpired(ctx)
	must(t, err)
	h, ans, err := l.ReserveOnce(ctx, p, 100, k)
	must(t, err)
	if h == nil || ans != nil {
		t.Fatalf("claim after the reaper: hold %v answer %v", h, ans)
	}
}
