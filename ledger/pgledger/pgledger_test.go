package pgledger_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

var ctx = context.Background()

// fixture: an account with a 25 USD pack and a live key, on ledger l.
func fixture(t *testing.T, l ledger.Ledger) (ledger.Principal, string) {
	t.Helper()
	a, err := l.CreateAccount(ctx, "pg", 0)
	must(t, err)
	_, err = l.Purchase(ctx, a.ID, 25)
	must(t, err)
	_, secret, err := l.CreateKey(ctx, a.ID, ledger.Live)
	must(t, err)
	p, err := l.Authenticate(ctx, secret)
	must(t, err)
	return p, secret
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func conn(t testing.TB, url string) *pgx.Conn {
	t.Helper()
	c, err := pgx.Connect(ctx, url)
	must(t, err)
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// Each invariant is a CHECK constraint: a statement that would break it
// fails (23514) and changes nothing, whatever wrote it.
func TestCheckConstraintsRefuseBrokenInvariants(t *testing.T) {
	url := testpg.DB(t)
	l := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now})
	p, _ := fixture(t, l)
	c := conn(t, url)
	for name, stmt := range map[string]string{
		"balance_not_negative":  "UPDATE accounts SET captured = purchased + 1 WHERE id = $1",
		"holds_within_balance":  "UPDATE accounts SET held = purchased - refunded - captured + 1 WHERE id = $1",
		"negative holds":        "UPDATE accounts SET held = -1 WHERE id = $1",
		"sandbox_quota":         "UPDATE accounts SET sandbox_used = 100, sandbox_reserved = 1 WHERE id = $1",
		"refund_within_credits": "UPDATE purchases SET refunded = credits + 1 WHERE account_id = $1",
	} {
		_, err := c.Exec(ctx, stmt, p.Account.ID)
		if err == nil || !containsCode(err, "23514") {
			t.Errorf("%s: %v, want a check violation (23514)", name, err)
		}
	}
	b, err := l.BalanceCredits(ctx, p.Account.ID)
	must(t, err)
	if b != 25_000 {
		t.Fatalf("balance %d after refused statements, want 25000", b)
	}
	// Through the ledger: a capture the balance cannot cover is refused by
	// the constraint even if the hold row claims it (a forged hold).
	h, err := l.Reserve(ctx, p, 100)
	must(t, err)
	_, err = c.Exec(ctx, "UPDATE holds SET price = 1000000 WHERE id = $1", h.ID)
	must(t, err)
	if _, err := l.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect"}}); !errors.Is(err, ledger.ErrInvariant) {
		t.Fatalf("commit of a forged hold: %v, want ErrInvariant", err)
	}
}

func containsCode(err error, code string) bool {
	for e := err; e != nil; e = errors.Unwrap(e) {
		if s, ok := e.(interface{ SQLState() string }); ok && s.SQLState() == code {
			return true
		}
	}
	return false
}

// Nodes starting at once on an empty database create the schema once.
func TestConcurrentOpenMigratesOnce(t *testing.T) {
	url := testpg.DB(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := pgledger.Open(ctx, url, pgledger.Options{Now: time.Now})
			if err == nil {
				l.Close()
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		must(t, err)
	}
}

// Two nodes on one database: exactly 10 of 100 paid requests spread over
// both pass against a balance for 10; a revocation on one node evicts the
// key from the other's cache by NOTIFY (its TTL here is an hour).
func TestTwoNodesShareTheLedger(t *testing.T) {
	url := testpg.DB(t)
	clk := ledgertest.NewClock()
	a := open(t, url, pgledger.Options{Now: clk.Now, KeyCacheTTL: time.Hour})
	b := open(t, url, pgledger.Options{Now: clk.Now, KeyCacheTTL: time.Hour})
	p, secret := fixture(t, a)
	nodes := []ledger.Ledger{a, b}
	var ok, refused atomic.Int64
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := nodes[i%2]
			h, err := l.Reserve(ctx, p, 2_500)
			if errors.Is(err, ledger.ErrInsufficientCredit) {
				refused.Add(1)
				return
			}
			if err != nil {
				t.Error(err)
				return
			}
			if _, err := l.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect"}}); err != nil {
				t.Error(err)
				return
			}
			ok.Add(1)
		}()
	}
	wg.Wait()
	if ok.Load() != 10 || refused.Load() != 90 {
		t.Fatalf("%d passed, %d refused across two nodes; want 10 and 90", ok.Load(), refused.Load())
	}
	if _, err := b.Authenticate(ctx, secret); err != nil { // cached on b now
		t.Fatal(err)
	}
	_, err := a.RevokeKey(ctx, p.Key.ID)
	must(t, err)
	waitUnauthenticated(t, b, secret, "after a NOTIFY")
}

func waitUnauthenticated(t *testing.T, l ledger.Ledger, secret, why string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second) // bounds a hang only
	for {
		_, err := l.Authenticate(ctx, secret)
		if errors.Is(err, ledger.ErrUnauthenticated) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("key still authenticates %s: %v", why, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The listener's reconnect flushes the cache: a revocation it could not
// hear (written without NOTIFY while it was away) holds once it is back.
func TestListenerReconnectFlushesKeyCache(t *testing.T) {
	url := testpg.DB(t)
	l := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now, KeyCacheTTL: time.Hour})
	c := conn(t, url)
	// The listener's first connect flushes too: wait until it has (its
	// LISTEN showing in pg_stat_activity is not enough, the flush comes
	// after it: a run under stress-ng cached the key in between).
	waitUntil(t, "the listener listening", func() bool { return pgledger.Listening(l) == 1 })
	p, secret := fixture(t, l)
	if _, err := l.Authenticate(ctx, secret); err != nil {
		t.Fatal(err)
	}
	_, err := c.Exec(ctx, "UPDATE keys SET revoked_ns = 1 WHERE id = $1", p.Key.ID) // no NOTIFY
	must(t, err)
	if _, err := l.Authenticate(ctx, secret); err != nil {
		t.Fatalf("the cache should still hold the key (TTL 1 h, no NOTIFY): %v", err)
	}
	_, err = c.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND starts_with(application_name, $1)`, pgledger.ListenerApp)
	must(t, err)
	waitUnauthenticated(t, l, secret, "after the listener reconnected")
}

// A hold whose lease ran out (its node died) is released by the reaper; its
// commit then charges nothing.
func TestReaperReleasesExpiredHolds(t *testing.T) {
	url := testpg.DB(t)
	l := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now, HoldLease: time.Millisecond, ReapEvery: time.Hour})
	p, _ := fixture(t, l)
	h, err := l.Reserve(ctx, p, 1_000)
	must(t, err)
	if b, _ := l.BalanceCredits(ctx, p.Account.ID); b != 24_000 {
		t.Fatalf("balance with the hold %d", b)
	}
	time.Sleep(10 * time.Millisecond)
	n, err := l.ReapExpired(ctx)
	must(t, err)
	if n != 1 {
		t.Fatalf("reaped %d accounts, want 1", n)
	}
	if b, _ := l.BalanceCredits(ctx, p.Account.ID); b != 25_000 {
		t.Fatalf("balance after reaping %d, want 25000", b)
	}
	if _, err := l.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect"}}); !errors.Is(err, ledger.ErrHoldEnded) {
		t.Fatalf("commit of a reaped hold: %v, want ErrHoldEnded", err)
	}
	if b, _ := l.BalanceCredits(ctx, p.Account.ID); b != 25_000 {
		t.Fatalf("a reaped hold was charged: balance %d", b)
	}
}

// PostgreSQL stopped: calls fail with ErrUnavailable (not a hang, not
// ErrUnauthenticated), health fails; started again: the pool reconnects.
func TestPostgresStoppedAndRestarted(t *testing.T) {
	pg := testpg.New(t, testpg.Options{Durable: true})
	url, err := pg.CreateDatabase(ctx, "outage")
	must(t, err)
	l := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now, KeyCacheTTL: time.Hour, CallTimeout: 5 * time.Second})
	p, secret := fixture(t, l)
	must(t, pg.Stop())
	if err := l.Check(ctx); !errors.Is(err, ledger.ErrUnavailable) {
		t.Fatalf("Check with PostgreSQL stopped: %v, want ErrUnavailable", err)
	}
	if _, err := l.Reserve(ctx, p, 10); !errors.Is(err, ledger.ErrUnavailable) {
		t.Fatalf("Reserve with PostgreSQL stopped: %v, want ErrUnavailable", err)
	}
	// The listener lost its connection: the cache was flushed, so the key
	// is looked up and the lookup fails as unavailable, not unauthenticated.
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, err := l.Authenticate(ctx, secret)
		if errors.Is(err, ledger.ErrUnavailable) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Authenticate with PostgreSQL stopped: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	must(t, pg.Start(ctx))
	deadline = time.Now().Add(60 * time.Second)
	for l.Check(ctx) != nil {
		if time.Now().After(deadline) {
			t.Fatal("no write a minute after PostgreSQL restarted")
		}
		time.Sleep(50 * time.Millisecond)
	}
	h, err := l.Reserve(ctx, p, 10)
	must(t, err)
	rc, err := l.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect"}})
	must(t, err)
	if rc.BalanceCredits != 24_990 {
		t.Fatalf("receipt %+v after the outage, want 24990", rc)
	}
}

// A Commit that failed on a stopped database leaves its hold; once the
// database is back the node releases it in the background, long before its
// lease (10 minutes here, the reaper off): the credits come back. A hold
// whose Release failed likewise.
func TestFailedCommitReleasedWhenDatabaseReturns(t *testing.T) {
	pg := testpg.New(t, testpg.Options{Durable: true})
	url, err := pg.CreateDatabase(ctx, "release")
	must(t, err)
	l := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now, HoldLease: 10 * time.Minute, ReapEvery: time.Hour, CallTimeout: 5 * time.Second})
	p, _ := fixture(t, l)
	committed, err := l.Reserve(ctx, p, 100)
	must(t, err)
	h1, err := l.Reserve(ctx, p, 1_000)
	must(t, err)
	h2, err := l.Reserve(ctx, p, 2_000)
	must(t, err)
	if _, err := l.Commit(ctx, committed, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect"}}); err != nil {
		t.Fatal(err)
	}
	must(t, pg.Stop())
	if _, err := l.Commit(ctx, h1, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect"}}); !errors.Is(err, ledger.ErrUnavailable) {
		t.Fatalf("Commit with PostgreSQL stopped: %v, want ErrUnavailable", err)
	}
	if err := l.Release(ctx, h2); !errors.Is(err, ledger.ErrUnavailable) {
		t.Fatalf("Release with PostgreSQL stopped: %v, want ErrUnavailable", err)
	}
	must(t, pg.Start(ctx))
	deadline := time.Now().Add(60 * time.Second) // bounds a hang; the lease is 10 minutes
	for {
		b, err := l.BalanceCredits(ctx, p.Account.ID)
		if err == nil && b == 24_900 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("balance %d (%v) a minute after PostgreSQL restarted, want 24900: the failed holds were not released", b, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if retried, dropped := l.ReleaseStats(); retried < 1 || dropped != 0 {
		t.Fatalf("release stats: %d retried, %d dropped", retried, dropped)
	}
	if _, err := l.Commit(ctx, h1, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", time.Now()), Endpoint: "/v1/detect"}}); !errors.Is(err, ledger.ErrHoldEnded) {
		t.Fatalf("commit of a released hold: %v, want ErrHoldEnded", err)
	}
}

// Exclusive lets one node at a time decide and act: eight nodes that each
// check "no account yet" and then create one (a pause between widens the
// race a lock must close) make exactly one account.
func TestExclusiveDecidesOnce(t *testing.T) {
	url := testpg.DB(t)
	var nodes []*pgledger.Ledger
	for range 8 {
		nodes = append(nodes, open(t, url, pgledger.Options{Now: time.Now}))
	}
	var wg sync.WaitGroup
	var created atomic.Int64
	for _, l := range nodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := l.Exclusive(ctx, func() error {
				empty, err := l.Empty(ctx)
				if err != nil || !empty {
					return err
				}
				time.Sleep(50 * time.Millisecond)
				_, err = l.CreateAccount(ctx, "demo", 0)
				created.Add(1)
				return err
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if created.Load() != 1 {
		t.Fatalf("%d nodes created the account, want 1", created.Load())
	}
	var n int
	must(t, conn(t, url).QueryRow(ctx, "SELECT count(*) FROM accounts").Scan(&n))
	if n != 1 {
		t.Fatalf("%d accounts, want 1", n)
	}
}
