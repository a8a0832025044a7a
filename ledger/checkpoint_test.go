package ledger

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A checkpoint opens as a store with the same accounts, keys and balances,
// and later writes to the source do not reach it.
func TestCheckpointRestores(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 50)
	require.NoError(t, err)
	charge(t, s, f.p, 6)
	want := s.balanceOf(f.acct.ID)

	dir := filepath.Join(t.TempDir(), "backups", "b1")
	require.NoError(t, s.Checkpoint(dir))
	require.ErrorIs(t, s.Checkpoint(dir), ErrInvalid, "an existing directory is refused")

	_, err = s.Purchase(ctx, f.acct.ID, 25) // after the checkpoint
	require.NoError(t, err)

	r := openStore(t, dir, c)
	require.Equal(t, want, r.balanceOf(f.acct.ID))
	p, err := r.Authenticate(ctx, f.secret)
	require.NoError(t, err)
	require.Equal(t, f.key.ID, p.Key.ID)
	u, err := r.Usage(ctx, f.acct.ID, UsageQuery{From: c.Now().Add(-24 * time.Hour), To: c.Now(), GroupBy: "day"})
	require.NoError(t, err)
	require.Equal(t, 1, u.TotalRequests)
}
