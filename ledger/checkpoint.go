package ledger

import (
	"errors"
	"fmt"
	"os"

	"github.com/cockroachdb/pebble/v2"
)

// Checkpoint writes a consistent, openable copy of the store to dir, which
// must not exist yet (its parent is created when missing). The copy holds
// every batch that was durable when the call began (the WAL is synced first
// and copied with the sstables; opening the copy replays it). Sstables are
// hard-linked when dir is on the same file system, so a checkpoint is cheap
// in time and space; the server keeps serving while it is taken.
// Restore by stopping the server and opening the checkpoint directory as the
// ledger directory (see docs/operations.md).
func (s *Store) Checkpoint(dir string) error {
	if dir == "" {
		return fmt.Errorf("%w: empty checkpoint directory", ErrInvalid)
	}
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%w: %s already exists", ErrInvalid, dir)
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := s.enter(); err != nil {
		return err
	}
	defer s.leave()
	return s.db.Checkpoint(dir, pebble.WithFlushedWAL())
}
