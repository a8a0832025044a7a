package ledger

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCreateKeyAndAuthenticate(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	live := newFixture(t, s, Live)
	sb := addKey(t, s, live.acct, Sandbox)

	assert.True(t, strings.HasPrefix(live.secret, "svc_live_sk_"))
	assert.True(t, strings.HasPrefix(sb.secret, "svc_test_sk_"))
	assert.Len(t, live.secret, 44)
	assert.Equal(t, live.secret[:16], live.key.Prefix)
	assert.True(t, live.key.ExpiresAt.IsZero())
	assert.Equal(t, c.Now().Add(SandboxKeyLifetime), sb.key.ExpiresAt)
	assert.Equal(t, live.acct.ID, live.p.Account.ID)
	assert.Equal(t, Live, live.p.Key.Kind)
	assert.Equal(t, Sandbox, sb.p.Key.Kind)

	// Two keys never share a secret.
	other := addKey(t, s, live.acct, Live)
	assert.NotEqual(t, live.secret, other.secret)
}

func TestAuthenticateRejectsMalformed(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	swapped := "svc_test_sk_" + f.secret[12:] // right body, other kind's prefix
	for _, bad := range []string{
		"", "svc_live_sk_", f.secret + "x", f.secret[:43],
		"svc_prod_sk_" + f.secret[12:], swapped,
		f.secret[:43] + "-", f.secret[:43] + "é"[:1],
		"svc_live_sk_" + strings.Repeat("A", 32), // well formed, unknown
	} {
		_, err := s.Authenticate(ctx, bad)
		assert.ErrorIs(t, err, ErrUnauthenticated, "%q", bad)
	}
}

func TestSandboxKeyExpiresAfter14Days(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	sb := newFixture(t, s, Sandbox)
	live := addKey(t, s, sb.acct, Live)

	c.Advance(SandboxKeyLifetime - 1)
	_, err := s.Authenticate(ctx, sb.secret)
	require.NoError(t, err)
	h, err := s.Reserve(ctx, sb.p, 6)
	require.NoError(t, err)

	c.Advance(1)
	_, err = s.Authenticate(ctx, sb.secret)
	assert.ErrorIs(t, err, ErrUnauthenticated)
	_, err = s.Reserve(ctx, sb.p, 6)
	assert.ErrorIs(t, err, ErrUnauthenticated)
	// A hold taken before expiry still commits.
	require.NoError(t, s.commitErr(h, true, use("/v1/classify")))

	c.Advance(100 * SandboxKeyLifetime)
	_, err = s.Authenticate(ctx, live.secret)
	assert.NoError(t, err, "live keys never expire")
}

func TestRevokeKey(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s := openStore(t, dir, c)
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 25)
	require.NoError(t, err)

	k, err := s.RevokeKey(ctx, f.key.ID)
	require.NoError(t, err)
	assert.Equal(t, c.Now(), k.RevokedAt)
	_, err = s.Authenticate(ctx, f.secret)
	assert.ErrorIs(t, err, ErrUnauthenticated)
	_, err = s.Reserve(ctx, f.p, 6)
	assert.ErrorIs(t, err, ErrUnauthenticated)

	c.Advance(1)
	k2, err := s.RevokeKey(ctx, f.key.ID)
	require.NoError(t, err)
	assert.Equal(t, k.RevokedAt, k2.RevokedAt, "revoking twice keeps the first time")
	_, err = s.RevokeKey(ctx, "key_unknown")
	assert.ErrorIs(t, err, ErrNotFound)

	require.NoError(t, s.Close())
	s = openStore(t, dir, c)
	_, err = s.Authenticate(ctx, f.secret)
	assert.ErrorIs(t, err, ErrUnauthenticated, "revocation survives restart")
}

func TestCreateKeyErrors(t *testing.T) {
	s := openStore(t, "", newClock())
	f := newFixture(t, s, Live)
	_, _, err := s.CreateKey(ctx, f.acct.ID, "admin")
	assert.ErrorIs(t, err, ErrInvalid)
	_, _, err = s.CreateKey(ctx, "acct_nope", Live)
	assert.ErrorIs(t, err, ErrNotFound)
}
