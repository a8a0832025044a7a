package httpapi_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/ledger"
)

// POST /admin/v1/backup without dir writes a checkpoint under
// <DataDir>/backups/ that opens as a ledger holding the accounts, keys and
// balances of the moment of the backup.
func TestBackupDefaultDirRestores(t *testing.T) {
	dataDir := t.TempDir()
	n, _ := startNodeFull(t, "", engine.Config{}, nodeOptions{cfg: httpapi.Config{DataDir: dataDir}, ledger: "pebble"})
	acct := n.account("backup")
	n.buy(acct, 50)
	_, secret := n.key(acct, "live")

	res := n.adm("POST", "/admin/v1/backup", nil)
	dir := res["dir"].(string)
	require.True(t, strings.HasPrefix(dir, filepath.Join(dataDir, "backups")+string(filepath.Separator)), dir)
	require.Positive(t, res["size_bytes"])

	n.buy(acct, 25) // after the backup: not in it

	restored, err := ledger.Open(dir, clock.New().Now)
	require.NoError(t, err)
	defer restored.Close()
	bal, err := restored.BalanceCredits(context.Background(), acct)
	require.NoError(t, err)
	require.Equal(t, int64(50_000), bal)
	p, err := restored.Authenticate(context.Background(), secret)
	require.NoError(t, err)
	require.Equal(t, acct, p.Account.ID)
}

// On PostgreSQL the ledger has no checkpoint: backup answers 400
// backup_unsupported (the database's own tools back it up) and writes nothing.
func TestBackupUnsupportedOnPostgres(t *testing.T) {
	dataDir := t.TempDir()
	n, _ := startNodeFull(t, "", engine.Config{}, nodeOptions{cfg: httpapi.Config{DataDir: dataDir}, ledger: "postgres"})
	r := n.do("POST", n.admin+"/admin/v1/backup", adminToken, map[string]any{})
	requireError(t, r, 400, "invalid_request_error", "")
	require.Equal(t, "backup_unsupported", r.err0()["code"])
	_, err := os.Stat(filepath.Join(dataDir, "backups"))
	require.True(t, os.IsNotExist(err), "a refused backup wrote %v", err)
}
