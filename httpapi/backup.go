package httpapi

import (
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"svc/ledger"
)

// backupMu serialises backups: one checkpoint at a time per process.
var backupMu sync.Mutex

// POST /admin/v1/backup {"dir"?}: writes a Pebble checkpoint of the ledger to
// dir, which must not exist. Without dir the checkpoint goes to
// <Config.DataDir>/backups/<UTC timestamp>; when the server has no DataDir,
// dir is required. The server keeps serving while the checkpoint is taken;
// the copy holds every request that was answered before the call began.
// Restore: docs/operations.md.
func (s *Server) adminBackup(a *adminCall) {
	d, e := decodeBody(a.ctx.PostBody(), true)
	if e != nil {
		a.fail(fasthttp.StatusBadRequest, *e)
		return
	}
	dir := d.str("dir", 4096)
	if d.fail != nil {
		a.fail(fasthttp.StatusBadRequest, *d.fail)
		return
	}
	start := time.Now()
	if dir == "" {
		if s.cfg.DataDir == "" {
			a.fail(fasthttp.StatusBadRequest, errf(typeInvalidRequest, "missing_field", "dir", "The field 'dir' is required: this server has no data directory configured."))
			return
		}
		dir = filepath.Join(s.cfg.DataDir, "backups", start.UTC().Format("20060102T150405.000000000Z"))
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		a.fail(fasthttp.StatusBadRequest, errf(typeInvalidRequest, "invalid_value", "dir", "The field 'dir' is not a usable path."))
		return
	}
	backupMu.Lock()
	defer backupMu.Unlock()
	if _, err := os.Lstat(abs); err == nil {
		a.fail(fasthttp.StatusConflict, errf(typeInvalidRequest, "backup_dir_exists", "dir", "The backup directory already exists; name a new one."))
		return
	}
	cp, ok := s.ledger.(ledger.Checkpointer)
	if !ok {
		a.fail(fasthttp.StatusBadRequest, errf(typeInvalidRequest, "backup_unsupported", "", "This server's ledger is a database: back it up with the database's own tools (pg_dump, a standby)."))
		return
	}
	if err := cp.Checkpoint(abs); err != nil {
		if errors.Is(err, ledger.ErrInvalid) {
			a.fail(fasthttp.StatusConflict, errf(typeInvalidRequest, "backup_dir_exists", "dir", "The backup directory already exists; name a new one."))
			return
		}
		slog.Error("backup failed", "request_id", a.rid, "dir", abs, "err", err.Error())
		a.fail(fasthttp.StatusInternalServerError, errf(typeAPI, "internal_error", "", internalMessage))
		return
	}
	var size int64
	files := 0
	_ = filepath.WalkDir(abs, func(_ string, de fs.DirEntry, err error) error {
		if err == nil && !de.IsDir() {
			if fi, err := de.Info(); err == nil {
				size += fi.Size()
				files++
			}
		}
		return nil
	})
	slog.Info("backup written", "request_id", a.rid, "dir", abs, "bytes", size, "files", files)
	a.ok(map[string]any{
		"object": "backup", "dir": abs, "created_at": ts(start), "files": files, "size_bytes": size,
		"duration_ms": time.Since(start).Milliseconds(),
	})
}
