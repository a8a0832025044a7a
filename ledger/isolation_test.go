package ledger

import (
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCrossAccountIsolation(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	a := fundedLive(t, s)
	b := fundedLive(t, s)
	addComment(t, s, a, Comment{ID: "cls_a", Text: "a", Intent: "praise", Sentiment: "positive"})
	addFeedback(t, s, a, Feedback{ClassificationID: "cls_a", Rating: "incorrect", Text: "a"})

	// A forged principal (b's key, a's account) is refused.
	_, err := s.Reserve(ctx, Principal{Key: b.key, Account: a.acct}, 6)
	assert.ErrorIs(t, err, ErrUnauthenticated)

	_, err = s.Comment(ctx, b.acct.ID, "cls_a")
	assert.ErrorIs(t, err, ErrNotFound)
	p, err := s.ListComments(ctx, b.acct.ID, CommentFilter{})
	require.NoError(t, err)
	assert.Empty(t, p.Comments)
	an, err := s.Analytics(ctx, b.acct.ID, AnalyticsQuery{})
	require.NoError(t, err)
	assert.Equal(t, 0, an.Total)
	u, err := s.Usage(ctx, b.acct.ID, UsageQuery{})
	require.NoError(t, err)
	assert.Equal(t, 0, u.TotalRequests)
	fb, err := s.RecentFeedback(ctx, b.acct.ID, 10)
	require.NoError(t, err)
	assert.Empty(t, fb)

	va, err := s.AccountView(a.acct.ID)
	require.NoError(t, err)
	vb, err := s.AccountView(b.acct.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(500_000-6), va.BalanceCredits)
	assert.Equal(t, int64(500_000), vb.BalanceCredits)
	require.Len(t, vb.Keys, 1)
	assert.Equal(t, b.key.ID, vb.Keys[0].ID)

	// A hold of another store is refused.
	other := openStore(t, "", c)
	h, err := s.Reserve(ctx, a.p, 6)
	require.NoError(t, err)
	assert.ErrorIs(t, other.commitErr(h, true, use("/v1/classify")), ErrInvalid)
	s.Release(ctx, h)
}

// TestInvariantsUnderConcurrentMix runs reserves, commits, releases,
// purchases and refunds at once, then checks the invariants and that a
// restart rebuilds exactly the same figures.
func TestInvariantsUnderConcurrentMix(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := openStore(t, dir, c)
	f := newFixture(t, s, Live)
	sb := addKey(t, s, f.acct, Sandbox)
	var purs []Purchase
	for range 3 {
		p, err := s.Purchase(ctx, f.acct.ID, 25)
		require.NoError(t, err)
		purs = append(purs, p)
		c.Advance(time.Millisecond)
	}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 7))
			for i := range 60 {
				switch {
				case g == 0 && i%20 == 0:
					_, _ = s.Purchase(ctx, f.acct.ID, 25)
				case g == 1 && i%20 == 0:
					_, _, _ = s.Refund(ctx, purs[rng.IntN(len(purs))].ID)
				default:
					p := f.p
					if rng.IntN(4) == 0 {
						p = sb.p
					}
					h, err := s.Reserve(ctx, p, int64(rng.IntN(3000)))
					if err != nil {
						continue
					}
					if rng.IntN(3) == 0 {
						s.Release(ctx, h)
					} else {
						assert.NoError(t, s.commitErr(h, rng.IntN(4) != 0, use("/v1/x")))
					}
				}
			}
		}()
	}
	wg.Wait()
	a, err := s.account(f.acct.ID)
	require.NoError(t, err)
	a.mu.Lock()
	require.NoError(t, a.check())
	assert.Equal(t, int64(0), a.held)
	assert.Equal(t, 0, a.sandboxReserved)
	a.mu.Unlock()
	before, err := s.AccountView(f.acct.ID)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	s = openStore(t, dir, c)
	after, err := s.AccountView(f.acct.ID)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	assert.GreaterOrEqual(t, after.BalanceCredits, int64(0))
}
