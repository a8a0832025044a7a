package ledger

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// ctx is the context of every call in the Pebble-only tests (*Store ignores it).
var ctx = context.Background()

// testClock is an injectable clock that moves only when told.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *testClock {
	return &testClock{t: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)} // a Monday
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func (c *testClock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// openStore opens a store in dir (a fresh temp dir when empty) and closes it
// at the end of the test.
func openStore(t testing.TB, dir string, c *testClock) *Store {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	s, err := Open(dir, c.Now)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// fixture is an account with one key of the given kind.
type fixture struct {
	acct   Account
	key    Key
	secret string
	p      Principal
}

func newFixture(t testing.TB, s *Store, kind KeyKind) fixture {
	t.Helper()
	a, err := s.CreateAccount(ctx, "test", 0)
	require.NoError(t, err)
	return addKey(t, s, a, kind)
}

func addKey(t testing.TB, s *Store, a Account, kind KeyKind) fixture {
	t.Helper()
	k, secret, err := s.CreateKey(ctx, a.ID, kind)
	require.NoError(t, err)
	p, err := s.Authenticate(ctx, secret)
	require.NoError(t, err)
	return fixture{acct: a, key: k, secret: secret, p: p}
}

// use is a minimal usage record.
func use(endpoint string) Records { return Records{Usage: Usage{Endpoint: endpoint, ListCredits: 6}} }

// charge reserves and commits one charged request of price credits.
func charge(t testing.TB, s *Store, p Principal, price int64) {
	t.Helper()
	h, err := s.Reserve(ctx, p, price)
	require.NoError(t, err)
	require.NoError(t, s.commitErr(h, true, use("/v1/classify")))
}

// The Pebble-only tests predate the context and the receipts; these keep
// their one-value forms (an error reads as zero, which the tests then catch).
func (s *Store) commitErr(h *Hold, charge bool, r Records) error {
	_, err := s.Commit(ctx, h, charge, r)
	return err
}

func (s *Store) balanceOf(accountID string) int64 {
	b, _ := s.BalanceCredits(ctx, accountID)
	return b
}

func (s *Store) sandboxOf(accountID string) int {
	n, _ := s.SandboxRemaining(ctx, accountID)
	return n
}

func (s *Store) isEmpty() bool {
	e, _ := s.Empty(ctx)
	return e
}
