package ledger

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/bloom"
)

// Store is the Pebble implementation of Ledger. It is safe for concurrent use.
//
// Locking, outermost first:
//   - life: read-held by every call that touches Pebble (including across the
//     fsync wait), write-held by Close, so the DB is never closed under a call.
//   - mu: guards the maps (accounts, keys, purchase owners); held briefly.
//   - account.mu: guards one account's balance, purchases, quota and holds,
//     and orders its batches: a mutation updates memory and hands its batch to
//     Pebble (ApplyNoSyncWait) under account.mu, so batches of one account reach
//     the WAL in the order memory saw them, and records written as absolute
//     values are never overwritten by older ones. The fsync wait happens after
//     account.mu is released, so concurrent commits share fsyncs (group commit).
type Store struct {
	db        *pebble.DB
	now       func() time.Time
	cursorKey []byte // HMAC secret of comment cursors, from meta/cursor_secret

	life   sync.RWMutex
	closed bool // guarded by life

	// broken is set by the first failed write. The WAL may then hold less
	// than memory claims, so every later mutation and Check fails.
	broken atomic.Pointer[error]

	mu        sync.RWMutex
	accounts  map[string]*account
	keyByHash map[[32]byte]*keyState
	keyByID   map[string]*keyState
	purOwner  map[string]*account // purchase id -> account

	// slots bounds the synced batches handed to Pebble and not yet durable.
	// A writer takes a slot before it locks an account and gives it back
	// after its fsync, so Pebble's commit pipeline (which blocks a committer
	// once record.SyncConcurrency-1 synced batches are pending) never blocks
	// a writer that holds an account lock: the account's other requests
	// queue here, not behind an fsync (bench/NOTES.md P16).
	slots chan struct{}

	stop     chan struct{} // closed by Close: background work ends
	stopOnce sync.Once
	bg       sync.WaitGroup // the janitor (idemstore.go)
}

// maxPendingSyncs is the capacity of Store.slots: half of Pebble's
// record.SyncConcurrency (4,096).
const maxPendingSyncs = 2048

// acquire takes a pending-sync slot; call it before any account lock.
func (s *Store) acquire() { s.slots <- struct{}{} }

// release gives a slot back; once per acquire, after the batch's wait.
func (s *Store) release() { <-s.slots }

var _ Ledger = (*Store)(nil)

// ErrBroken wraps the failure that made the store stop accepting writes: a
// batch whose durability is unknown. Restart (Open) to recover from Pebble.
// errors.Is(ErrBroken, ErrUnavailable) holds.
var ErrBroken = fmt.Errorf("%w: store failed a write and refuses further mutations", ErrUnavailable)

var _ Checkpointer = (*Store)(nil)

// Open opens (creating if needed) the store in dir and rebuilds the in-memory
// state (accounts, keys, balances, purchases' consumption, quota counters)
// from Pebble. now is the service clock; every time rule reads it.
func Open(dir string, now func() time.Time) (*Store, error) {
	if now == nil {
		return nil, fmt.Errorf("%w: nil clock", ErrInvalid)
	}
	// A 64 MiB memtable (default 4 MiB) flushes far less often, so flushes
	// compete less with WAL syncs (bench/NOTES.md P9: 64 writers, p99 20 -> 15 ms).
	opts := &pebble.Options{Logger: quietLogger{}, MemTableSize: 64 << 20}
	// Bloom filters on every level: each classify checks that its new
	// comment id is absent, and without a filter that Get read and
	// decompressed a block of every table it could be in (10% of svc's CPU
	// at 1,000 classify/s).
	for i := range opts.Levels {
		opts.Levels[i].FilterPolicy = bloom.FilterPolicy(10)
	}
	db, err := pebble.Open(dir, opts)
	if err != nil {
		return nil, err
	}
	s := &Store{
		db:        db,
		now:       now,
		accounts:  map[string]*account{},
		keyByHash: map[[32]byte]*keyState{},
		keyByID:   map[string]*keyState{},
		slots:     make(chan struct{}, maxPendingSyncs),
		purOwner:  map[string]*account{},
		stop:      make(chan struct{}),
	}
	if err := s.init(); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.rebuild(); err != nil {
		db.Close()
		return nil, err
	}
	s.bg.Add(1)
	go s.janitor()
	return s, nil
}

// init checks the format version and loads (or creates) the cursor secret.
func (s *Store) init() error {
	v, err := s.get(kVersion)
	switch {
	case errors.Is(err, ErrNotFound):
		var secret [32]byte
		if _, err := rand.Read(secret[:]); err != nil {
			return err
		}
		b := s.db.NewBatch()
		defer b.Close()
		b.Set(kVersion, []byte(formatVersion), nil)
		b.Set(kCursorSecret, secret[:], nil)
		if err := b.Commit(pebble.Sync); err != nil {
			return err
		}
		s.cursorKey = secret[:]
		return nil
	case err != nil:
		return err
	case string(v) == "1":
		if err := s.upgradeV1(); err != nil {
			return fmt.Errorf("ledger: upgrade from format version 1: %w", err)
		}
	case string(v) != formatVersion:
		return fmt.Errorf("ledger: unsupported format version %q", v)
	}
	secret, err := s.get(kCursorSecret)
	if err != nil || len(secret) != 32 {
		return fmt.Errorf("ledger: missing cursor secret: %v", err)
	}
	s.cursorKey = secret
	return nil
}

// rebuild loads accounts, account state, keys and purchases into memory and
// verifies the invariants of each account.
func (s *Store) rebuild() error {
	err := s.scan([]byte(pAcct), func(k, v []byte) error {
		var a Account
		if err := json.Unmarshal(v, &a); err != nil {
			return fmt.Errorf("ledger: %s: %w", k, err)
		}
		s.accounts[a.ID] = &account{info: a}
		return nil
	})
	if err != nil {
		return err
	}
	err = s.scan([]byte(pAcctSt), func(k, v []byte) error {
		var st accountState
		if err := json.Unmarshal(v, &st); err != nil {
			return fmt.Errorf("ledger: %s: %w", k, err)
		}
		a := s.accounts[string(k[len(pAcctSt):])]
		if a == nil {
			return fmt.Errorf("ledger: %s: no such account", k)
		}
		a.sandboxUsed = st.SandboxUsed
		return nil
	})
	if err != nil {
		return err
	}
	err = s.scan([]byte(pKey), func(k, v []byte) error {
		var r keyRecord
		if err := json.Unmarshal(v, &r); err != nil || len(r.SHA256) != 32 {
			return fmt.Errorf("ledger: %s: bad key record %v", k, err)
		}
		a := s.accounts[r.AccountID]
		if a == nil {
			return fmt.Errorf("ledger: %s: no such account", k)
		}
		ks := newKeyState(a, [32]byte(r.SHA256), r.Key)
		s.keyByHash[ks.hash] = ks
		s.keyByID[r.ID] = ks
		a.keys = append(a.keys, ks)
		return nil
	})
	if err != nil {
		return err
	}
	err = s.scan([]byte(pPur), func(k, v []byte) error {
		p := new(Purchase)
		if err := json.Unmarshal(v, p); err != nil {
			return fmt.Errorf("ledger: %s: %w", k, err)
		}
		a := s.accounts[p.AccountID]
		if a == nil {
			return fmt.Errorf("ledger: %s: no such account", k)
		}
		a.purchases = append(a.purchases, p)
		a.purchased += p.Credits
		a.captured += p.Consumed
		a.refunded += p.Refunded
		s.purOwner[p.ID] = a
		return nil
	})
	if err != nil {
		return err
	}
	// Comments: the index of each account, in key (time) order.
	err = s.scan([]byte(pCmtTime), func(k, v []byte) error {
		rest := k[len(pCmtTime):]
		slash := bytes.IndexByte(rest, '/')
		if slash < 0 {
			return fmt.Errorf("ledger: bad comment key %q", k)
		}
		a := s.accounts[string(rest[:slash])]
		if a == nil {
			return fmt.Errorf("ledger: %q: no such account", k)
		}
		at, ok := readTime(rest[slash+1:])
		if !ok {
			return fmt.Errorf("ledger: bad comment key %q", k)
		}
		id := string(rest[slash+1+timeLen:])
		h, err := decodeCommentHeader(v)
		if err != nil {
			return fmt.Errorf("ledger: comment %q: %w", k, err)
		}
		a.comments.add(id, at, h.fields())
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.loadDayTotals(); err != nil {
		return err
	}
	for _, a := range s.accounts {
		sort.Slice(a.purchases, func(i, j int) bool { return purchaseBefore(a.purchases[i], a.purchases[j]) })
		sort.Slice(a.keys, func(i, j int) bool { return a.keys[i].load().ID < a.keys[j].load().ID })
		if err := a.check(); err != nil {
			return fmt.Errorf("ledger: account %s: %w", a.info.ID, err)
		}
	}
	return nil
}

// Close closes Pebble after every call in progress has finished. Holds in
// flight are dropped: nothing they reserved is ever charged.
func (s *Store) Close() error {
	s.stopOnce.Do(func() { close(s.stop) })
	s.bg.Wait()
	s.life.Lock()
	defer s.life.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	return s.db.Close()
}

// Check reports whether the store accepts a synced write (health).
func (s *Store) Check(ctx context.Context) error {
	if err := s.enterWrite(); err != nil {
		return err
	}
	defer s.leave()
	if err := s.db.Set(kHealth, []byte(s.now().UTC().Format(time.RFC3339Nano)), pebble.Sync); err != nil {
		return s.fail(err)
	}
	return nil
}

// Empty reports whether the store has no account yet.
func (s *Store) Empty(ctx context.Context) (bool, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.accounts) == 0, nil
}

// enter read-locks life for a call that reads Pebble; pair with leave.
func (s *Store) enter() error {
	s.life.RLock()
	if s.closed {
		s.life.RUnlock()
		return ErrClosed
	}
	return nil
}

// enterWrite is enter for a call that writes: it also refuses when broken.
func (s *Store) enterWrite() error {
	if err := s.enter(); err != nil {
		return err
	}
	if p := s.broken.Load(); p != nil {
		s.life.RUnlock()
		return *p
	}
	return nil
}

func (s *Store) leave() { s.life.RUnlock() }

// fail marks the store broken by err (first failure wins) and returns the
// error callers see.
func (s *Store) fail(err error) error {
	e := fmt.Errorf("%w: %v", ErrBroken, err)
	s.broken.CompareAndSwap(nil, &e)
	return *s.broken.Load()
}

// apply hands b to Pebble's commit pipeline, synced, without waiting for the
// fsync. Callers hold the lock that orders b (account.mu) and update memory
// only after apply succeeded; then they release the lock and call wait.
// On error b is closed and the store is broken (the WAL state is unknown).
func (s *Store) apply(b *pebble.Batch) error {
	if err := s.db.ApplyNoSyncWait(b, pebble.Sync); err != nil {
		b.Close()
		return s.fail(err)
	}
	return nil
}

// wait blocks until b (passed to apply) is durable and closes it. A failed
// fsync breaks the store: memory already claims what the WAL may have lost.
func (s *Store) wait(b *pebble.Batch) error {
	err := b.SyncWait()
	b.Close()
	if err != nil {
		return s.fail(err)
	}
	return nil
}

// commitNew writes b synced for records nobody else can see yet (new
// account, new key); memory is updated by the caller afterwards.
func (s *Store) commitNew(b *pebble.Batch) error {
	defer b.Close()
	if err := b.Commit(pebble.Sync); err != nil {
		return s.fail(err)
	}
	return nil
}

// get returns a copy of the value of k, or ErrNotFound.
func (s *Store) get(k []byte) ([]byte, error) {
	v, closer, err := s.db.Get(k)
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	return bytes.Clone(v), nil
}

// scan calls fn for every key with the prefix, in key order. k and v are
// only valid during the call.
func (s *Store) scan(prefix []byte, fn func(k, v []byte) error) error {
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: prefix, UpperBound: upperBound(prefix)})
	if err != nil {
		return err
	}
	for ok := it.First(); ok; ok = it.Next() {
		v, err := it.ValueAndErr()
		if err != nil {
			it.Close()
			return err
		}
		if err := fn(it.Key(), v); err != nil {
			it.Close()
			return err
		}
	}
	if err := it.Error(); err != nil {
		it.Close()
		return err
	}
	return it.Close()
}

// account returns the account or ErrNotFound.
func (s *Store) account(accountID string) (*account, error) {
	s.mu.RLock()
	a := s.accounts[accountID]
	s.mu.RUnlock()
	if a == nil {
		return nil, ErrNotFound
	}
	return a, nil
}

// quietLogger drops Pebble's informational logs; errors go to the standard
// logger, and fatal errors (e.g. a failed WAL write: the commit pipeline is
// unusable) end the process as Pebble's default logger does, so a restart
// recovers from the WAL.
type quietLogger struct{}

func (quietLogger) Infof(string, ...interface{}) {}
func (quietLogger) Errorf(format string, args ...interface{}) {
	log.Printf("pebble: "+format, args...)
}
func (quietLogger) Fatalf(format string, args ...interface{}) {
	log.Fatalf("pebble: "+format, args...)
}
