package ledger

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPurchasePacks(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	for usd, credits := range Packs {
		p, err := s.Purchase(ctx, f.acct.ID, usd)
		require.NoError(t, err)
		assert.Equal(t, credits, p.Credits)
		assert.Equal(t, usd, p.PackUSD)
	}
	assert.Equal(t, int64(675_000), s.balanceOf(f.acct.ID))
	_, err := s.Purchase(ctx, f.acct.ID, 10)
	assert.ErrorIs(t, err, ErrInvalid)
	_, err = s.Purchase(ctx, "acct_nope", 25)
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestOldestPurchaseConsumedFirst(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	p1, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	c.Advance(time.Second)
	p2, err := s.Purchase(ctx, f.acct.ID, 50)
	require.NoError(t, err)

	charge(t, s, f.p, 24_998)
	charge(t, s, f.p, 6) // 2 from p1, 4 from p2
	v, err := s.AccountView(f.acct.ID)
	require.NoError(t, err)
	require.Len(t, v.Purchases, 2)
	assert.Equal(t, p1.ID, v.Purchases[0].ID)
	assert.Equal(t, int64(25_000), v.Purchases[0].Consumed)
	assert.Equal(t, p2.ID, v.Purchases[1].ID)
	assert.Equal(t, int64(4), v.Purchases[1].Consumed)
	assert.Equal(t, int64(75_000-25_004), v.BalanceCredits)
	assert.Equal(t, int64(25_004), v.CreditsUsed)

	// p1 is fully consumed: nothing left to refund.
	_, _, err = s.Refund(ctx, p1.ID)
	assert.ErrorIs(t, err, ErrRefundNotAllowed)
	// p2 refunds its unconsumed credits only.
	_, n, err := s.Refund(ctx, p2.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(50_000-4), n)
	assert.Equal(t, int64(0), s.balanceOf(f.acct.ID))
}

func TestRefundWindow(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	early, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	late, err := s.Purchase(ctx, f.acct.ID, 100)
	require.NoError(t, err)

	c.Advance(RefundWindow) // exactly 14 days: still within
	p, n, err := s.Refund(ctx, early.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(25_000), n)
	assert.Equal(t, int64(25_000), p.Refunded)
	assert.Equal(t, c.Now(), p.RefundedAt)

	_, _, err = s.Refund(ctx, early.ID)
	assert.ErrorIs(t, err, ErrRefundNotAllowed, "second refund")

	c.Advance(time.Nanosecond)
	_, _, err = s.Refund(ctx, late.ID)
	assert.ErrorIs(t, err, ErrRefundNotAllowed, "past 14 days")
	assert.Equal(t, int64(100_000), s.balanceOf(f.acct.ID))

	_, _, err = s.Refund(ctx, "pur_nope")
	assert.ErrorIs(t, err, ErrNotFound)
}

func TestRefundPartiallyConsumedAndHeld(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	pur, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	charge(t, s, f.p, 1_000)

	// A hold in flight is not refundable.
	h, err := s.Reserve(ctx, f.p, 500)
	require.NoError(t, err)
	p, n, err := s.Refund(ctx, pur.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(25_000-1_000-500), n)
	assert.Equal(t, int64(1_000), p.Consumed)
	assert.Equal(t, int64(0), s.balanceOf(f.acct.ID))

	// The hold still captures from what the refund left.
	require.NoError(t, s.commitErr(h, true, use("/v1/report")))
	v, err := s.AccountView(f.acct.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(0), v.BalanceCredits)
	assert.Equal(t, int64(1_500), v.Purchases[0].Consumed)
	assert.Equal(t, int64(23_500), v.Purchases[0].Refunded)

	_, _, err = s.Refund(ctx, pur.ID)
	assert.ErrorIs(t, err, ErrRefundNotAllowed)
}

func TestRefundOnlyHeldLeft(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	pur, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	charge(t, s, f.p, 24_000)
	_, err = s.Reserve(ctx, f.p, 1_000)
	require.NoError(t, err)
	_, _, err = s.Refund(ctx, pur.ID)
	assert.ErrorIs(t, err, ErrRefundNotAllowed, "everything left is held")
}
