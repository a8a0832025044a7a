package ledger

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRestartRebuildsState(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := openStore(t, dir, c)
	assert.True(t, s.isEmpty())
	require.NoError(t, s.Check(ctx))

	live := newFixture(t, s, Live)
	sb := addKey(t, s, live.acct, Sandbox)
	revoked := addKey(t, s, live.acct, Live)
	_, err := s.RevokeKey(ctx, revoked.key.ID)
	require.NoError(t, err)
	p1, err := s.Purchase(ctx, live.acct.ID, 25)
	require.NoError(t, err)
	c.Advance(time.Minute)
	_, err = s.Purchase(ctx, live.acct.ID, 50)
	require.NoError(t, err)
	_, _, err = s.Refund(ctx, p1.ID)
	require.NoError(t, err)

	// A classify with a comment, a sandbox request, a correction.
	h, err := s.Reserve(ctx, live.p, 6)
	require.NoError(t, err)
	r := use("/v1/classify")
	r.Comment = &Comment{ID: "cls_1", Text: "hello", Intent: "question", Sentiment: "neutral", Language: "en", Toxicity: "none", Platform: "youtube"}
	require.NoError(t, s.commitErr(h, true, r))
	for range 3 {
		charge(t, s, sb.p, 6)
	}
	h, err = s.Reserve(ctx, sb.p, 0)
	require.NoError(t, err)
	r = use("/v1/feedback")
	r.Feedback = &Feedback{ClassificationID: "cls_1", Rating: "incorrect", CorrectedIntent: []string{"praise"}, Text: "hello"}
	require.NoError(t, s.commitErr(h, true, r))

	// In flight at close: never charged.
	_, err = s.Reserve(ctx, live.p, 1_000)
	require.NoError(t, err)
	_, err = s.Reserve(ctx, sb.p, 6)
	require.NoError(t, err)

	before, err := s.AccountView(live.acct.ID)
	require.NoError(t, err)
	require.NoError(t, s.Close())

	s = openStore(t, dir, c)
	assert.False(t, s.isEmpty())
	after, err := s.AccountView(live.acct.ID)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	assert.Equal(t, int64(50_000-6), after.BalanceCredits)
	assert.Equal(t, int64(50_000-6), s.balanceOf(live.acct.ID), "holds gone")
	assert.Equal(t, 4, after.SandboxRequestsUsed)
	assert.Equal(t, SandboxQuota-4, s.sandboxOf(live.acct.ID), "sandbox hold gone")

	p, err := s.Authenticate(ctx, live.secret)
	require.NoError(t, err)
	assert.Equal(t, live.p, p)
	_, err = s.Authenticate(ctx, sb.secret)
	require.NoError(t, err)
	_, err = s.Authenticate(ctx, revoked.secret)
	assert.ErrorIs(t, err, ErrUnauthenticated)

	cm, err := s.Comment(ctx, live.acct.ID, "cls_1")
	require.NoError(t, err)
	assert.Equal(t, "hello", cm.Text)
	fbs, err := s.RecentFeedback(ctx, live.acct.ID, 10)
	require.NoError(t, err)
	require.Len(t, fbs, 1)
	assert.Equal(t, []string{"praise"}, fbs[0].CorrectedIntent)
	assert.Equal(t, "hello", fbs[0].Text)
	u, err := s.Usage(ctx, live.acct.ID, UsageQuery{})
	require.NoError(t, err)
	assert.Equal(t, 5, u.TotalRequests)
	assert.Equal(t, int64(6), u.TotalCharged)

	// The cursor secret survives too: a cursor made before a restart still works.
	for i := range 3 {
		h, err := s.Reserve(ctx, live.p, 6)
		require.NoError(t, err)
		r := use("/v1/classify")
		r.Comment = &Comment{ID: "cls_more" + string(rune('a'+i)), Text: "x"}
		require.NoError(t, s.commitErr(h, true, r))
	}
	page, err := s.ListComments(ctx, live.acct.ID, CommentFilter{Limit: 2})
	require.NoError(t, err)
	require.True(t, page.HasMore)
	require.NoError(t, s.Close())
	s = openStore(t, dir, c)
	page2, err := s.ListComments(ctx, live.acct.ID, CommentFilter{Limit: 2, Cursor: page.NextCursor})
	require.NoError(t, err)
	assert.Len(t, page2.Comments, 2)
	assert.False(t, page2.HasMore)
}

func TestChargesAfterRestartKeepOldestFirst(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := openStore(t, dir, c)
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	c.Advance(time.Second)
	_, err = s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)
	charge(t, s, f.p, 20_000)
	require.NoError(t, s.Close())

	s = openStore(t, dir, c)
	charge(t, s, f.p, 10_000)
	v, err := s.AccountView(f.acct.ID)
	require.NoError(t, err)
	assert.Equal(t, int64(25_000), v.Purchases[0].Consumed)
	assert.Equal(t, int64(5_000), v.Purchases[1].Consumed)
	assert.Equal(t, int64(20_000), v.BalanceCredits)
}
