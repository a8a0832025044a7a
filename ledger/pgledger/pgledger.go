// Package pgledger is the PostgreSQL implementation of ledger.Ledger: the
// same contract as the Pebble store, shared by any number of svc nodes on one
// database (svc serve --database-url).
//
// How it keeps the ledger's rules (schema.sql documents the tables once):
//   - Every reserve is one conditional UPDATE ... WHERE <invariant holds
//     after> RETURNING under READ COMMITTED, joined with the key row (not
//     revoked, not expired) and inserting the hold row in the same statement.
//     PostgreSQL re-evaluates the condition against the newest row version
//     when racers update the account first, so N parallel reserves against a
//     balance for N succeed exactly N times, on any number of nodes. Nothing
//     is read, decided in Go and written back.
//   - Commit's capture is one statement too: it deletes the hold, captures
//     (or counts the sandbox slot) and inserts the usage row; the comment and
//     feedback rows are statements inserting from that usage row, so they
//     exist only if the capture happened. A second Commit of the hold finds
//     no row: ErrHoldEnded, nothing charged.
//   - Charge (detect) is a reserve and a capture in one conditional
//     statement: no hold row, one commit per request instead of two.
//   - Group commit (committer.go): Commit and Charge calls of many requests
//     are queued to the node's committers and written as one pgx.Batch, one
//     implicit transaction committed with synchronous_commit on (one WAL
//     flush), ops in account id order; each caller waits for that durable
//     commit and gets its own answer. A batch the server refused is retried
//     one op per transaction; a lost connection fails every op of the batch
//     (ErrUnavailable, outcome unknown as for any commit).
//   - Holds carry a lease (Options.HoldLease); a reaper on every node
//     releases holds whose lease ran out (their node died mid-request). A
//     hold whose Commit or Release failed on an unreachable database is
//     released in the background as soon as the database is back
//     (release.go).
//   - CHECK constraints carry the invariants (balance >= 0, holds <= balance,
//     quota <= 100): a bug that would break one fails its statement.
//   - Comment counts and analytics: a per-node in-memory index per account
//     (the Pebble ledger's), caught up at every read from a per-account
//     sequence number that a trigger assigns under the account's row lock
//     (schema.sql, commentindex.go), bounded by Options.CommentIndexMax.
//   - Feedback: a trigger notifies every node at the feedback's commit; its
//     listener tells the node's watcher (feedback.go, WatchFeedback).
//   - Keys: a per-node cache of authenticated keys, evicted by NOTIFY from the
//     revoking transaction, flushed whole when the listener reconnects, and
//     bounded by a TTL (Options.KeyCacheTTL) as a backstop. Reserve re-checks
//     the key in its statement, so counted requests never pass a revocation.
//   - Every call runs under the caller's deadline, capped by
//     Options.CallTimeout; failures to reach the database are
//     ledger.ErrUnavailable. The pool is bounded (Options.MaxConns).
package pgledger

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"svc/ledger"
)

//go:embed schema.sql
var schemaSQL string

// schemaVersion is the version schema.sql creates; svc_meta records it.
const schemaVersion = "3"

// upgradeV1 numbers the comments of a version 1 database (schema.sql's
// seq: per account, in commit order, which version 1 did not record;
// classification time is the closest) and adds the constraints a new
// database has. Run once, under the migration lock.
const upgradeV1 = `UPDATE comments c SET seq = n.rn FROM (
		SELECT id, row_number() OVER (PARTITION BY account_id ORDER BY classified_ns, id) AS rn FROM comments
	) n WHERE c.id = n.id;
	UPDATE accounts a SET comment_seq = s.n FROM (SELECT account_id, max(seq) AS n FROM comments GROUP BY account_id) s
	WHERE a.id = s.account_id;
	ALTER TABLE comments ALTER COLUMN seq SET NOT NULL, ADD CONSTRAINT comment_seq_positive CHECK (seq > 0);
	ALTER TABLE accounts ADD CONSTRAINT comment_seq_not_negative CHECK (comment_seq >= 0);
	UPDATE svc_meta SET v = '2' WHERE k = 'schema_version';`

// upgradeV2 fills the usage totals (schema.sql, usage_totals) of a version
// 2 database from its usage rows. Run once, under the migration lock: nodes
// of version 2 must be stopped first (their commits would not add to the
// totals), as the version check below refuses them at their next start.
const upgradeV2 = `INSERT INTO usage_totals (account_id, level, bucket_ns, endpoint, requests, charged, cache_hits, latency_us)
	SELECT account_id, w.level, at_ns - ((at_ns % w.width) + w.width) % w.width, endpoint,
		count(*), sum(charged), count(*) FILTER (WHERE cache_hit), sum(latency_us)
	FROM usage, ` + totalLevelsSQL + ` GROUP BY 1, 2, 3, 4;
	UPDATE svc_meta SET v = '3' WHERE k = 'schema_version';`

// Options configure Open. Zero values take the defaults.
type Options struct {
	// Now is the service clock (required); every time rule of the ledger
	// reads it. Hold leases use the database's clock instead.
	Now func() time.Time
	// Node names this process in its hold rows (default: random).
	Node string
	// MaxConns bounds the connection pool (default 16).
	MaxConns int32
	// CallTimeout caps every call whose context allows longer (default 5 s).
	CallTimeout time.Duration
	// HoldLease is how long a hold stays reserved without a Commit or
	// Release before the reaper releases it (default 2 min: longer than any
	// request may run).
	HoldLease time.Duration
	// ReapEvery is the reaper's period (default 10 s).
	ReapEvery time.Duration
	// KeyCacheTTL bounds how long an authenticated key is trusted from the
	// node's cache when no NOTIFY arrives (default 2 s;
	// ledger.KeyRevocationDelay is the contract's bound).
	KeyCacheTTL time.Duration
	// KeyCacheMax bounds the cached keys (default 100,000; full: flushed).
	KeyCacheMax int
	// ReleaseQueue bounds the holds waiting for a background release after
	// their Commit or Release failed on an unreachable database
	// (release.go; default 10,000).
	ReleaseQueue int
	// CommentIndexMax bounds the comments held in the node's comment
	// indexes across accounts (commentindex.go; default 2,000,000, about
	// 80 MB; negative: no index, every count and analytics in SQL).
	CommentIndexMax int
	// Committers is how many group commits of Commit and Charge calls may
	// be in flight at once (default 2), CommitBatch how many calls one
	// carries at most (default 64); at most Committers x CommitBatch calls
	// wait in the queue behind them (committer.go).
	Committers  int
	CommitBatch int
}

// Ledger is a ledger.Ledger on PostgreSQL. Safe for concurrent use.
type Ledger struct {
	pool      *pgxpool.Pool
	opts      Options
	cursorKey []byte

	keys     keyCache
	filter   keyFilter // every key's hash, for MayHaveKey (keyfilter.go)
	comments commentIndexes
	feedback atomic.Pointer[feedbackWatch]
	rel      releaser

	// Group commit (committer.go): queue is bounded; committed is closed
	// once every committer has returned.
	queue      chan *op
	committed  chan struct{}
	cwg        sync.WaitGroup
	batches    atomic.Uint64
	batchedOps atomic.Uint64
	// batchHook, set by tests only, may queue statements before op i of a
	// batch (and after the last, i = len) and returns how many it queued.
	batchHook func(b *pgx.Batch, i int) int

	// listening counts the listener's (re)connects, each counted once its
	// LISTEN ran and the caches it invalidates were flushed: a key cached
	// after the count moved is kept until a NOTIFY, its TTL or the next
	// reconnect.
	listening atomic.Uint64

	stop chan struct{}
	wg   sync.WaitGroup
	once sync.Once
}

var _ ledger.Ledger = (*Ledger)(nil)

// Open connects to the database at url (postgres://...), creates or
// migrates the schema (safe when several nodes start at once), and starts the
// key listener and the hold reaper. Close stops them.
func Open(ctx context.Context, url string, opts Options) (*Ledger, error) {
	if opts.Now == nil {
		return nil, fmt.Errorf("%w: nil clock", ledger.ErrInvalid)
	}
	if opts.Node == "" {
		var b [6]byte
		rand.Read(b[:])
		opts.Node = "node_" + hex.EncodeToString(b[:])
	}
	if opts.MaxConns <= 0 {
		opts.MaxConns = 16
	}
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = 5 * time.Second
	}
	if opts.HoldLease <= 0 {
		opts.HoldLease = 2 * time.Minute
	}
	if opts.ReapEvery <= 0 {
		opts.ReapEvery = 10 * time.Second
	}
	if opts.KeyCacheTTL <= 0 {
		opts.KeyCacheTTL = 2 * time.Second
	}
	if opts.KeyCacheMax <= 0 {
		opts.KeyCacheMax = 100_000
	}
	if opts.ReleaseQueue <= 0 {
		opts.ReleaseQueue = 10_000
	}
	if opts.CommentIndexMax == 0 {
		opts.CommentIndexMax = 2_000_000
	}
	if opts.Committers <= 0 {
		opts.Committers = 2
	}
	if opts.CommitBatch <= 0 {
		opts.CommitBatch = 64
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("%w: database url: %v", ledger.ErrInvalid, err)
	}
	cfg.MaxConns = opts.MaxConns
	cfg.MinConns = 0
	// A refused connection (the server is down) fails at once; a slow one
	// (an overloaded server forking a backend) gets the call's time, unless
	// the URL names its own connect_timeout (the tests' URLs do).
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = opts.CallTimeout
	}
	// Every write is durable before its call returns, whatever the server's
	// default; READ COMMITTED is what the conditional updates rely on.
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on"
	cfg.ConnConfig.RuntimeParams["default_transaction_isolation"] = "read committed"
	cfg.ConnConfig.RuntimeParams["application_name"] = "svc " + opts.Node
	cfg.HealthCheckPeriod = 5 * time.Second
	// A connection idle across a server restart never reaches a statement
	// (conncheck.go).
	cfg.PrepareConn = prepareConn
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, unavailable(err)
	}
	l := &Ledger{pool: pool, opts: opts, stop: make(chan struct{}), committed: make(chan struct{}),
		queue: make(chan *op, opts.Committers*opts.CommitBatch)}
	l.keys.init(opts.KeyCacheMax)
	l.comments.init(opts.CommentIndexMax)
	l.rel.queue = make(chan string, opts.ReleaseQueue)
	if err := l.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	l.wg.Add(3)
	lc := cfg.ConnConfig.Copy()
	lc.RuntimeParams["application_name"] = listenerApp + opts.Node // tells it apart in pg_stat_activity
	go l.listen(lc)
	go l.reap()
	go l.releaseLoop()
	l.cwg.Add(opts.Committers)
	for range opts.Committers {
		go l.commit()
	}
	return l, nil
}

// migrate creates the schema under a transaction-scoped advisory lock: the
// first node to take it creates what is missing (every statement of
// schema.sql is IF NOT EXISTS), the others wait for it and find it done.
func (l *Ledger) migrate(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	tx, err := l.pool.Begin(ctx)
	if err != nil {
		return unavailable(err)
	}
	defer tx.Rollback(context.Background())
	// The same lock as Exclusive: a node's schema statements (ALTER TABLE
	// takes an ACCESS EXCLUSIVE lock even when the column exists) never run
	// beside another node's Exclusive section, whose inserts they deadlocked
	// with when three nodes started at once (TestNodesStartingAtOnceMakeOneDemo,
	// SQLSTATE 40P01 on the demo account).
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(bootstrapLock)); err != nil {
		return unavailable(err)
	}
	if _, err := tx.Exec(ctx, schemaSQL); err != nil {
		return fmt.Errorf("pgledger: create schema: %w", err)
	}
	var secret [32]byte
	rand.Read(secret[:])
	if _, err := tx.Exec(ctx, `INSERT INTO svc_meta (k, v) VALUES ('schema_version', $1), ('cursor_secret', $2), ('health', '')
		ON CONFLICT (k) DO NOTHING`, schemaVersion, hex.EncodeToString(secret[:])); err != nil {
		return unavailable(err)
	}
	var have, key string
	if err := tx.QueryRow(ctx, `SELECT (SELECT v FROM svc_meta WHERE k = 'schema_version'),
		(SELECT v FROM svc_meta WHERE k = 'cursor_secret')`).Scan(&have, &key); err != nil {
		return unavailable(err)
	}
	if have == "1" {
		if _, err := tx.Exec(ctx, upgradeV1); err != nil {
			return fmt.Errorf("pgledger: upgrade the schema from version 1: %w", err)
		}
		have = "2"
	}
	if have == "2" {
		if _, err := tx.Exec(ctx, upgradeV2); err != nil {
			return fmt.Errorf("pgledger: upgrade the schema from version 2: %w", err)
		}
		have = schemaVersion
	}
	if have != schemaVersion {
		return fmt.Errorf("pgledger: the database's schema version %q is not %q (made by another svc version)", have, schemaVersion)
	}
	if l.cursorKey, err = hex.DecodeString(key); err != nil || len(l.cursorKey) != 32 {
		return fmt.Errorf("pgledger: corrupt cursor secret")
	}
	if err := tx.Commit(ctx); err != nil {
		return unavailable(err)
	}
	return nil
}

// bootstrapLock is the session advisory lock of Exclusive, and the
// transaction advisory lock of migrate: one key, so the two exclude each
// other across nodes.
const bootstrapLock = 7451920368

// Exclusive runs fn while this node holds a database-wide lock that every
// node's Exclusive takes: of nodes starting at once on an empty database,
// one at a time decides (e.g. "no account yet: make the demo account") and
// acts, and the next sees what it did. The lock is a session advisory lock
// on one pooled connection, released when fn returns or when the
// connection dies (a node killed mid-fn leaves what it committed).
func (l *Ledger) Exclusive(ctx context.Context, fn func() error) error {
	c, err := l.pool.Acquire(ctx)
	if err != nil {
		return l.fail(err)
	}
	defer c.Release()
	if _, err := c.Exec(ctx, "SELECT pg_advisory_lock($1)", int64(bootstrapLock)); err != nil {
		return l.fail(err)
	}
	defer func() {
		if _, err := c.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", int64(bootstrapLock)); err != nil {
			c.Conn().Close(context.Background()) // closing the session releases the lock
		}
	}()
	return fn()
}

// Close stops the listener and the reaper and closes the pool. Holds in
// flight stay until their lease runs out (another node's reaper, or this
// one's after a restart, releases them).
func (l *Ledger) Close() error {
	l.once.Do(func() {
		close(l.stop)
		l.cwg.Wait()
		close(l.committed)
		l.wg.Wait()
		l.pool.Close()
	})
	return nil
}

// Check writes one row with a durable commit: the database takes writes.
func (l *Ledger) Check(ctx context.Context) error {
	ctx, cancel := l.bound(ctx)
	defer cancel()
	return l.fail(l.again(ctx, func() error {
		_, err := l.pool.Exec(ctx, "UPDATE svc_meta SET v = $1 WHERE k = 'health'", l.now().Format(time.RFC3339Nano))
		return err
	}))
}

// Empty reports whether no account exists yet.
func (l *Ledger) Empty(ctx context.Context) (bool, error) {
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var any bool
	err := l.again(ctx, func() error { return l.pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM accounts)").Scan(&any) })
	return !any, l.fail(err)
}

// bound returns ctx capped at CallTimeout.
func (l *Ledger) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if ctx == nil {
		ctx = context.Background()
	}
	if d, ok := ctx.Deadline(); ok && time.Until(d) <= l.opts.CallTimeout {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, l.opts.CallTimeout)
}

// now is the service clock in UTC, as stored.
func (l *Ledger) now() time.Time { return l.opts.Now().UTC().Round(0) }

// fail maps a database error to the ledger's: nil stays nil, a broken
// CHECK constraint is ErrInvariant, a unique violation ErrInvalid, anything
// that is not the server's answer (connection, timeout, server shutting
// down) ErrUnavailable.
func (l *Ledger) fail(err error) error {
	if err == nil {
		return nil
	}
	for _, e := range ledgerErrors {
		if errors.Is(err, e) {
			return err
		}
	}
	select {
	case <-l.stop:
		return fmt.Errorf("%w: %v", ledger.ErrClosed, err)
	default:
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case pe.Code == feedbackLimitCode:
			return ledger.ErrFeedbackLimit
		case pe.Code == "23514":
			return fmt.Errorf("%w: %s", ledger.ErrInvariant, pe.ConstraintName)
		case pe.Code == "23505":
			return fmt.Errorf("%w: duplicate %s", ledger.ErrInvalid, pe.ConstraintName)
		case pe.Code[:2] == "08" || pe.Code[:2] == "57" || pe.Code[:2] == "53" || pe.Code == "25006":
			// connection exception, operator intervention (shutdown),
			// insufficient resources, read-only transaction (a standby)
			return unavailable(err)
		}
		return fmt.Errorf("pgledger: %w", err)
	}
	return unavailable(err)
}

// ledgerErrors are the contract's errors, passed through as they are.
var ledgerErrors = []error{ledger.ErrNotFound, ledger.ErrUnauthenticated, ledger.ErrQuotaExhausted, ledger.ErrRefundNotAllowed,
	ledger.ErrBadCursor, ledger.ErrInvalid, ledger.ErrClosed, ledger.ErrInsufficientCredit, ledger.ErrUnavailable,
	ledger.ErrHoldEnded, ledger.ErrInvariant, ledger.ErrIdemInFlight, ledger.ErrIdemMismatch}

func unavailable(err error) error { return fmt.Errorf("%w: %v", ledger.ErrUnavailable, err) }

// ns is t in stored form.
func ns(t time.Time) int64 { return t.UnixNano() }

// at is a stored time (0 or NULL: the zero time).
func at(n *int64) time.Time {
	if n == nil || *n == 0 {
		return time.Time{}
	}
	return time.Unix(0, *n).UTC()
}

func atv(n int64) time.Time { return at(&n) }

func logErr(msg string, err error) { slog.Warn(msg, "err", err.Error()) }
