package pgledger_test

import (
	"sync"
	"testing"
	"time"

	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

// PostgreSQL restarted (pg_ctl -m immediate) while the pool holds
// connections used a moment ago (under pgxpool's one-second ping
// threshold): the first call of each kind after the restart succeeds, with
// no retry by the caller (conncheck.go). Before the peek on acquire, the
// first Authenticate failed "store unavailable: unexpected EOF".
func TestFirstCallsAfterImmediateRestartSucceed(t *testing.T) {
	pg := testpg.New(t, testpg.Options{})
	url, err := pg.CreateDatabase(ctx, "restart")
	must(t, err)
	// KeyCacheTTL of 1 ns: every Authenticate reads the database.
	l := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now, KeyCacheTTL: time.Nanosecond})
	p, secret := fixture(t, l)
	want := int64(25_000)
	for round := range 3 {
		// Fill the pool with connections, all used just now.
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 5 {
					if _, err := l.Authenticate(ctx, secret); err != nil {
						t.Error(err)
					}
				}
			}()
		}
		wg.Wait()
		must(t, pg.StopImmediate())
		must(t, pg.Start(ctx))
		if _, err := l.Authenticate(ctx, secret); err != nil {
			t.Fatalf("round %d: first Authenticate after the restart: %v", round, err)
		}
		h, err := l.Reserve(ctx, p, 10)
		if err != nil {
			t.Fatalf("round %d: first Reserve after the restart: %v", round, err)
		}
		rc, err := l.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/classify"}})
		if err != nil {
			t.Fatalf("round %d: first Commit after the restart: %v", round, err)
		}
		rc2, err := l.Charge(ctx, p, 2, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect"}})
		if err != nil {
			t.Fatalf("round %d: first Charge after the restart: %v", round, err)
		}
		want -= 12
		if rc.BalanceCredits != want+2 || rc2.BalanceCredits != want {
			t.Fatalf("round %d: receipts %d, %d; want %d, %d", round, rc.BalanceCredits, rc2.BalanceCredits, want+2, want)
		}
		must(t, l.Check(ctx))
		if f, err := l.Figures(ctx, p.Account.ID); err != nil || f.BalanceCredits != want {
			t.Fatalf("round %d: figures %+v, %v; want balance %d", round, f, err, want)
		}
	}
}
