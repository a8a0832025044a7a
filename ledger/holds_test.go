package ledger

import (
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parallel runs fn n times at once and returns how many returned nil, and
// the errors of the others.
func parallel(n int, fn func() error) (int, []error) {
	var ok atomic.Int64
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if err := fn(); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
				return
			}
			ok.Add(1)
		}()
	}
	close(start)
	wg.Wait()
	return int(ok.Load()), errs
}

func TestReserveExactlyTenOfHundred(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	charge(t, s, f.p, 25_000-60) // balance for exactly 10 classify calls

	n, errs := parallel(100, func() error {
		h, err := s.Reserve(ctx, f.p, 6)
		if err != nil {
			return err
		}
		return s.commitErr(h, true, use("/v1/classify"))
	})
	assert.Equal(t, 10, n)
	require.Len(t, errs, 90)
	for _, err := range errs {
		var ice *InsufficientCreditsError
		require.ErrorAs(t, err, &ice)
		assert.ErrorIs(t, err, ErrInsufficientCredit)
		assert.Equal(t, int64(6), ice.RequiredCredits)
		assert.Less(t, ice.BalanceCredits, int64(6))
		assert.GreaterOrEqual(t, ice.BalanceCredits, int64(0))
	}
	v, err := s.AccountView(f.acct.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(0), v.BalanceCredits)
	assert.Equal(t, int64(25_000), v.CreditsUsed)

	u, err := s.Usage(ctx, f.acct.ID, UsageQuery{})
	require.NoError(t, err)
	assert.Equal(t, 11, u.TotalRequests)
}

func TestSandboxExactlyFiveOfHundred(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Sandbox)
	for range SandboxQuota - 5 {
		charge(t, s, f.p, 6)
	}
	assert.Equal(t, 5, s.sandboxOf(f.acct.ID))

	n, errs := parallel(100, func() error {
		h, err := s.Reserve(ctx, f.p, 6)
		if err != nil {
			return err
		}
		return s.commitErr(h, true, use("/v1/classify"))
	})
	assert.Equal(t, 5, n)
	for _, err := range errs {
		require.ErrorIs(t, err, ErrQuotaExhausted)
	}
	assert.Equal(t, 0, s.sandboxOf(f.acct.ID))
	v, err := s.AccountView(f.acct.ID)
	require.NoError(t, err)
	assert.Equal(t, SandboxQuota, v.SandboxRequestsUsed)
	assert.Equal(t, int64(0), v.CreditsUsed, "sandbox never consumes credits")
}

func TestSandboxQuotaAcrossKeysOfAccount(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	k1 := newFixture(t, s, Sandbox)
	for range 40 {
		charge(t, s, k1.p, 6)
	}
	_, err := s.RevokeKey(ctx, k1.key.ID)
	require.NoError(t, err)

	k2 := addKey(t, s, k1.acct, Sandbox)
	assert.Equal(t, 60, s.sandboxOf(k1.acct.ID), "revoked key's requests still count")
	for range 30 {
		charge(t, s, k2.p, 0)
	}
	c.Advance(SandboxKeyLifetime) // k2 expires
	_, err = s.Reserve(ctx, k2.p, 6)
	require.ErrorIs(t, err, ErrUnauthenticated)

	k3 := addKey(t, s, k1.acct, Sandbox)
	assert.Equal(t, 30, s.sandboxOf(k1.acct.ID), "expired key's requests still count")
	for range 30 {
		charge(t, s, k3.p, 6)
	}
	_, err = s.Reserve(ctx, k3.p, 6)
	assert.ErrorIs(t, err, ErrQuotaExhausted)
	_, err = s.Reserve(ctx, k3.p, 0)
	assert.ErrorIs(t, err, ErrQuotaExhausted, "feedback takes a slot too")

	// Another account has its own quota.
	other := newFixture(t, s, Sandbox)
	assert.Equal(t, SandboxQuota, s.sandboxOf(other.acct.ID))
}

func TestSandboxCacheHitCountsReleaseDoesNot(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Sandbox)
	h, err := s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	assert.Equal(t, 99, s.sandboxOf(f.acct.ID), "reserved slot counts")
	s.Release(ctx, h)
	assert.Equal(t, 100, s.sandboxOf(f.acct.ID))

	h, err = s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	require.NoError(t, s.commitErr(h, false, use("/v1/classify"))) // cache hit
	assert.Equal(t, 99, s.sandboxOf(f.acct.ID))
}

func TestLiveFeedbackReserveAlwaysSucceeds(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live) // balance 0
	_, err := s.Reserve(ctx, f.p, 6)
	var ice *InsufficientCreditsError
	require.ErrorAs(t, err, &ice)
	assert.Equal(t, int64(0), ice.BalanceCredits)

	n, _ := parallel(50, func() error {
		h, err := s.Reserve(ctx, f.p, 0)
		if err != nil {
			return err
		}
		return s.commitErr(h, true, use("/v1/feedback"))
	})
	assert.Equal(t, 50, n)
}

func TestCommitIdempotentNoDoubleCharge(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)

	h, err := s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	assert.Equal(t, int64(24_994), s.balanceOf(f.acct.ID), "hold subtracts")
	require.NoError(t, s.commitErr(h, true, use("/v1/classify")))
	assert.ErrorIs(t, s.commitErr(h, true, use("/v1/classify")), ErrHoldEnded)
	s.Release(ctx, h)
	assert.Equal(t, int64(24_994), s.balanceOf(f.acct.ID))

	// Concurrent commits of one hold: exactly one wins.
	h, err = s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	n, errs := parallel(20, func() error { return s.commitErr(h, true, use("/v1/classify")) })
	assert.Equal(t, 1, n)
	for _, err := range errs {
		assert.ErrorIs(t, err, ErrHoldEnded)
	}
	assert.Equal(t, int64(24_988), s.balanceOf(f.acct.ID))

	// Released then committed: nothing charged.
	h, err = s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	s.Release(ctx, h)
	s.Release(ctx, h)
	assert.ErrorIs(t, s.commitErr(h, true, use("/v1/classify")), ErrHoldEnded)
	assert.Equal(t, int64(24_988), s.balanceOf(f.acct.ID))

	u, err := s.Usage(ctx, f.acct.ID, UsageQuery{})
	require.NoError(t, err)
	assert.Equal(t, 2, u.TotalRequests)
	assert.Equal(t, int64(12), u.TotalCharged)
}

func TestCommitCacheHitChargesNothing(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	h, err := s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	r := use("/v1/classify")
	r.Usage.CacheHit = true
	r.Usage.Charged = 999 // ignored: the ledger sets what it captured
	require.NoError(t, s.commitErr(h, false, r))
	assert.Equal(t, int64(25_000), s.balanceOf(f.acct.ID))
	u, err := s.Usage(ctx, f.acct.ID, UsageQuery{})
	require.NoError(t, err)
	assert.Equal(t, int64(0), u.TotalCharged)
	assert.Equal(t, 1, u.CacheHits)
}

func TestCommitInvalidRecordsReleaseHold(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	h, err := s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	err = s.commitErr(h, true, Records{}) // no endpoint
	assert.ErrorIs(t, err, ErrInvalid)
	assert.Equal(t, int64(25_000), s.balanceOf(f.acct.ID), "hold released, nothing charged")
	assert.ErrorIs(t, s.commitErr(h, true, use("/v1/classify")), ErrHoldEnded)

	h, err = s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	r := use("/v1/feedback")
	r.Feedback = &Feedback{ClassificationID: "cls_x", Rating: "great"}
	assert.ErrorIs(t, s.commitErr(h, true, r), ErrInvalid)
	assert.Equal(t, int64(25_000), s.balanceOf(f.acct.ID))

	// Duplicate comment ids are refused.
	h, err = s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	r = use("/v1/classify")
	r.Comment = &Comment{ID: "cls_dup", Text: "x"}
	require.NoError(t, s.commitErr(h, true, r))
	h, err = s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	assert.ErrorIs(t, s.commitErr(h, true, r), ErrInvalid)
	assert.Equal(t, int64(24_994), s.balanceOf(f.acct.ID))
}

func TestClosedStore(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	h, err := s.Reserve(ctx, f.p, 0)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	require.NoError(t, s.Close())
	assert.ErrorIs(t, s.commitErr(h, true, use("/v1/feedback")), ErrClosed)
	_, err = s.Reserve(ctx, f.p, 0)
	assert.ErrorIs(t, err, ErrClosed)
	_, err = s.Authenticate(ctx, f.secret)
	assert.ErrorIs(t, err, ErrClosed)
	assert.Error(t, s.Check(ctx))
	_, err = s.ListComments(ctx, f.acct.ID, CommentFilter{})
	assert.True(t, errors.Is(err, ErrClosed))
}

func TestBrokenStoreRefusesWrites(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	h, err := s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)

	s.fail(errors.New("fsync: input/output error")) // what a failed SyncWait does
	assert.ErrorIs(t, s.Check(ctx), ErrBroken)
	assert.ErrorIs(t, s.commitErr(h, true, use("/v1/classify")), ErrBroken)
	_, err = s.Reserve(ctx, f.p, 6)
	assert.ErrorIs(t, err, ErrBroken)
	_, err = s.Purchase(ctx, f.acct.ID, 25)
	assert.ErrorIs(t, err, ErrBroken)
	_, err = s.CreateAccount(ctx, "x", 0)
	assert.ErrorIs(t, err, ErrBroken)
	assert.Equal(t, int64(25_000), s.balanceOf(f.acct.ID), "nothing charged, hold released")
}

// More concurrent commits than pending-sync slots, charged and free mixed on
// one account: every one completes, the captures add up exactly, and a
// reopened store holds the same balance and every usage record.
func TestCommitsBeyondPendingSyncSlots(t *testing.T) {
	dir := t.TempDir()
	c := newClock()
	s, err := Open(dir, c.Now)
	require.NoError(t, err)
	f := newFixture(t, s, Live)
	_, err = s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)

	n := maxPendingSyncs + 500
	ok, errs := parallel(n, func() error {
		h, err := s.Reserve(ctx, f.p, 2)
		if err != nil {
			return err
		}
		// Every third request is a cache hit: captured 0, applied unlocked.
		return s.commitErr(h, rand.IntN(3) != 0, use("/v1/detect"))
	})
	require.Empty(t, errs)
	require.Equal(t, n, ok)
	u, err := s.Usage(ctx, f.acct.ID, UsageQuery{})
	require.NoError(t, err)
	require.Equal(t, n, u.TotalRequests)
	spent := u.TotalCharged
	assert.Equal(t, 25_000-spent, s.balanceOf(f.acct.ID))
	assert.Zero(t, len(s.slots), "every slot given back")
	require.NoError(t, s.Close())

	s2 := openStore(t, dir, c)
	assert.Equal(t, 25_000-spent, s2.balanceOf(f.acct.ID))
	u2, err := s2.Usage(ctx, f.acct.ID, UsageQuery{})
	require.NoError(t, err)
	assert.Equal(t, n, u2.TotalRequests)
	assert.Equal(t, spent, u2.TotalCharged)
}

// Authenticate reads the key without the account lock, so a request is never
// queued behind the account's commits.
func TestAuthenticateDoesNotTakeAccountLock(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	a, err := s.account(f.acct.ID)
	require.NoError(t, err)
	a.mu.Lock()
	done := make(chan error, 1)
	go func() {
		_, err := s.Authenticate(ctx, f.secret)
		done <- err
	}()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(time.Minute): // bounds the hang only
		t.Fatal("Authenticate blocked on the account lock")
	}
	a.mu.Unlock()
}
