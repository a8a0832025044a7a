package pgledger

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"svc/id"
	"svc/ledger"
)

// keyChannel carries the SHA-256 (hex) of each revoked key, sent by the
// revoking transaction (delivered at its commit).
const keyChannel = "svc_key_revoked"

// keyCache maps a secret's SHA-256 to its principal, per node. Entries live
// KeyCacheTTL at most; a NOTIFY evicts one at once; a listener reconnect
// flushes all (notifications may have been missed).
type keyCache struct {
	mu  sync.Mutex
	max int
	m   map[[32]byte]cachedKey
}

type cachedKey struct {
	p       ledger.Principal
	expires time.Time // wall clock (monotonic), not the service clock
}

func (c *keyCache) init(max int) { c.max, c.m = max, map[[32]byte]cachedKey{} }

func (c *keyCache) get(h [32]byte) (ledger.Principal, bool) {
	c.mu.Lock()
	e, ok := c.m[h]
	c.mu.Unlock()
	if !ok || time.Now().After(e.expires) {
		return ledger.Principal{}, false
	}
	return e.p, true
}

func (c *keyCache) put(h [32]byte, p ledger.Principal, ttl time.Duration) {
	c.mu.Lock()
	if len(c.m) >= c.max {
		clear(c.m) // bounded: a full cache starts over
	}
	c.m[h] = cachedKey{p: p, expires: time.Now().Add(ttl)}
	c.mu.Unlock()
}

func (c *keyCache) evict(h [32]byte) {
	c.mu.Lock()
	delete(c.m, h)
	c.mu.Unlock()
}

func (c *keyCache) flush() {
	c.mu.Lock()
	clear(c.m)
	c.mu.Unlock()
}

// listen keeps one connection LISTENing on keyChannel and feedbackChannel:
// it evicts each revoked key and tells the feedback watcher of each
// feedback. Whenever it (re)connects it flushes the key cache and the
// watcher: notifications sent while it was away are lost to it.
// listenerApp prefixes the listener connection's application_name.
const listenerApp = "svc listener "

func (l *Ledger) listen(cfg *pgx.ConnConfig) {
	defer l.wg.Done()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { <-l.stop; cancel() }()
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+keyChannel+"; LISTEN "+feedbackChannel+"; LISTEN "+keyCreatedChannel)
		}
		if err == nil { // after LISTEN: a key created meanwhile is notified
			err = l.filter.load(ctx, conn)
		}
		if err != nil {
			if conn != nil {
				conn.Close(context.Background())
			}
			l.keys.flush()
			l.filter.unready()
			select {
			case <-ctx.Done():
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, 2*time.Second)
			continue
		}
		backoff = 100 * time.Millisecond
		l.keys.flush()
		l.feedbackFlush()
		l.listening.Add(1)
		for {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				break
			}
			if n.Channel == feedbackChannel {
				l.feedbackHeard(ctx, conn, n.Payload)
				continue
			}
			if n.Channel == keyCreatedChannel {
				if b, err := hex.DecodeString(n.Payload); err == nil && len(b) == 32 {
					l.filter.add((*[32]byte)(b))
				} else {
					l.filter.unready() // unreadable: look keys up until the next load
				}
				continue
			}
			if b, err := hex.DecodeString(n.Payload); err == nil && len(b) == 32 {
				l.keys.evict([32]byte(b))
			} else {
				l.keys.flush()
			}
		}
		conn.Close(context.Background())
		l.keys.flush()
		l.filter.unready()
		l.feedbackFlush()
		if ctx.Err() == nil {
			// Lost to a restart, most likely: so are the pool's idle
			// connections. Closing them now spares each its peek
			// (conncheck.go); connections in use close when released.
			l.pool.Reset()
		}
	}
}

// CreateKey makes a key and returns its record and its secret (shown once;
// only its SHA-256 is stored).
func (l *Ledger) CreateKey(ctx context.Context, accountID string, kind ledger.KeyKind) (ledger.Key, string, error) {
	if kind != ledger.Sandbox && kind != ledger.Live {
		return ledger.Key{}, "", fmt.Errorf("%w: key kind %q", ledger.ErrInvalid, kind)
	}
	secret, err := ledger.NewSecret(kind)
	if err != nil {
		return ledger.Key{}, "", err
	}
	accountID = esc(accountID)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	now := l.now()
	k := ledger.Key{ID: id.New("key", now), AccountID: accountID, Kind: kind, Prefix: secret[:ledger.SecretPrefixLen], CreatedAt: now}
	var expires *int64
	if kind == ledger.Sandbox {
		k.ExpiresAt = now.Add(ledger.SandboxKeyLifetime)
		e := ns(k.ExpiresAt)
		expires = &e
	}
	sum := sha256.Sum256([]byte(secret))
	// One statement: the insert and, in its transaction, the NOTIFY that
	// adds the key to every node's filter (keyfilter.go) at its commit.
	var inserted int
	err = l.pool.QueryRow(ctx, `WITH ins AS (INSERT INTO keys (id, account_id, kind, sha256, prefix, created_ns, expires_ns)
		SELECT $1, id, $3, $4, $5, $6, $7 FROM accounts WHERE id = $2 RETURNING sha256)
		SELECT count(*) FROM (SELECT pg_notify($8, encode(sha256, 'hex')) FROM ins) n`,
		k.ID, accountID, string(kind), sum[:], k.Prefix, ns(now), expires, keyCreatedChannel).Scan(&inserted)
	if err != nil {
		return ledger.Key{}, "", l.fail(err)
	}
	if inserted == 0 {
		return ledger.Key{}, "", ledger.ErrNotFound
	}
	l.filter.add(&sum)
	return k, secret, nil
}

// RevokeKey sets the key's revocation time (once; again returns the record
// unchanged) and, in the same transaction, notifies every node to drop the
// key from its cache.
func (l *Ledger) RevokeKey(ctx context.Context, keyID string) (ledger.Key, error) {
	keyID = esc(keyID)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var k ledger.Key
	err := pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		var sum []byte
		row := tx.QueryRow(ctx, `UPDATE keys SET revoked_ns = COALESCE(revoked_ns, $2) WHERE id = $1
			RETURNING `+keyCols+`, sha256`, keyID, ns(l.now()))
		var err error
		if k, err = scanKey(row, &sum); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "SELECT pg_notify($1, $2)", keyChannel, hex.EncodeToString(sum))
		if err == nil && len(sum) == 32 {
			l.keys.evict([32]byte(sum))
		}
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return ledger.Key{}, ledger.ErrNotFound
	}
	return k, l.fail(err)
}

const keyCols = "id, account_id, kind, prefix, created_ns, expires_ns, revoked_ns"

func scanKey(row pgx.Row, extra ...any) (ledger.Key, error) {
	var k ledger.Key
	var kind string
	var created int64
	var expires, revoked *int64
	dst := append([]any{&k.ID, &k.AccountID, &kind, &k.Prefix, &created, &expires, &revoked}, extra...)
	if err := row.Scan(dst...); err != nil {
		return ledger.Key{}, err
	}
	k.Kind, k.CreatedAt, k.ExpiresAt, k.RevokedAt = ledger.KeyKind(kind), atv(created), at(expires), at(revoked)
	return k, nil
}

// Authenticate maps a secret to its key and account: from the node's cache
// when fresh, else from the database. Revoked or expired keys (by the
// service clock) are ErrUnauthenticated.
func (l *Ledger) Authenticate(ctx context.Context, secret string) (ledger.Principal, error) {
	kind, ok := ledger.ParseSecret(secret)
	if !ok {
		return ledger.Principal{}, ledger.ErrUnauthenticated
	}
	sum := sha256.Sum256([]byte(secret))
	p, ok := l.keys.get(sum)
	if !ok {
		ctx, cancel := l.bound(ctx)
		defer cancel()
		var stored []byte
		var acreated int64
		var k ledger.Key
		err := l.again(ctx, func() (err error) {
			row := l.pool.QueryRow(ctx, `SELECT k.id, k.account_id, k.kind, k.prefix, k.created_ns, k.expires_ns, k.revoked_ns,
			k.sha256, a.name, a.rate_limit, a.created_ns FROM keys k JOIN accounts a ON a.id = k.account_id WHERE k.sha256 = $1`, sum[:])
			k, err = scanKey(row, &stored, &p.Account.Name, &p.Account.RateLimitPerMinute, &acreated)
			return err
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return ledger.Principal{}, ledger.ErrUnauthenticated
		}
		if err != nil {
			return ledger.Principal{}, l.fail(err)
		}
		if subtle.ConstantTimeCompare(stored, sum[:]) != 1 {
			return ledger.Principal{}, ledger.ErrUnauthenticated
		}
		p.Key, p.Account.ID, p.Account.CreatedAt, p.Account.Name = k, k.AccountID, atv(acreated), unesc(p.Account.Name)
		l.keys.put(sum, p, l.opts.KeyCacheTTL)
	}
	if p.Key.Kind != kind || !p.Key.RevokedAt.IsZero() || (!p.Key.ExpiresAt.IsZero() && !l.now().Before(p.Key.ExpiresAt)) {
		return ledger.Principal{}, ledger.ErrUnauthenticated
	}
	return p, nil
}

// AccountKeys pages the account's keys, newest first (CreatedAt, then ID).
func (l *Ledger) AccountKeys(ctx context.Context, accountID string, q ledger.PageQuery) (ledger.KeyPage, error) {
	limit, err := pageLimit(q.Limit)
	if err != nil {
		return ledger.KeyPage{}, err
	}
	accountID, q.StartingAfter = esc(accountID), esc(q.StartingAfter)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var page ledger.KeyPage
	err = pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		if err := l.accountExists(ctx, tx, accountID); err != nil {
			return err
		}
		var afterNs int64
		var afterID string
		if q.StartingAfter != "" {
			err := tx.QueryRow(ctx, "SELECT created_ns, id FROM keys WHERE id = $1 AND account_id = $2", q.StartingAfter, accountID).Scan(&afterNs, &afterID)
			if errors.Is(err, pgx.ErrNoRows) {
				return ledger.ErrBadCursor
			} else if err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM keys WHERE account_id = $1", accountID).Scan(&page.Total); err != nil {
			return err
		}
		page.Keys, page.HasMore, err = l.keysPage(ctx, tx, accountID, q.StartingAfter != "", afterNs, afterID, limit)
		return err
	})
	if err != nil {
		return ledger.KeyPage{}, l.fail(err)
	}
	return page, nil
}

func (l *Ledger) keysPage(ctx context.Context, tx pgx.Tx, accountID string, after bool, afterNs int64, afterID string, limit int) ([]ledger.Key, bool, error) {
	rows, err := tx.Query(ctx, `SELECT `+keyCols+` FROM keys WHERE account_id = $1 AND (NOT $2 OR (created_ns, id) < ($3, $4))
		ORDER BY created_ns DESC, id DESC LIMIT $5`, accountID, after, afterNs, afterID, limit+1)
	if err != nil {
		return nil, false, err
	}
	keys := []ledger.Key{}
	for rows.Next() {
		k, err := scanKey(rows)
		if err != nil {
			rows.Close()
			return nil, false, err
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	more := len(keys) > limit
	if more {
		keys = keys[:limit]
	}
	return keys, more, nil
}
