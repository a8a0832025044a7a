package pgledger_test

import (
	"context"
	"testing"
	"time"

	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

// One PostgreSQL for the package (testpg.Main), a database per test.
func TestMain(m *testing.M) { testpg.Main(m) }

// open opens a pgledger on url, closed at the test's end.
func open(t testing.TB, url string, opts pgledger.Options) *pgledger.Ledger {
	t.Helper()
	if opts.CallTimeout == 0 {
		// Only a bound on hangs: the test machine may be loaded (new
		// connections under 100 racers took over 2 s at load 30).
		opts.CallTimeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	l, err := pgledger.Open(ctx, url, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

func TestConformance(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T, now func() time.Time) (ledger.Ledger, func() ledger.Ledger) {
		url := testpg.DB(t)
		l := open(t, url, pgledger.Options{Now: now})
		return l, func() ledger.Ledger {
			l.Close()
			return open(t, url, pgledger.Options{Now: now})
		}
	})
}
