package pgledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"svc/id"
	"svc/ledger"
)

// The SQL of this package spells the sandbox quota as the literal 100, as
// schema.sql's CHECK does (a constraint cannot take a parameter). This
// fails to compile if ledger.SandboxQuota is ever changed without them.
const _ = uint(ledger.SandboxQuota-100) + uint(100-ledger.SandboxQuota)

// reserveWhereSQL is the condition of every reserve (reserveSQL, and
// captureChargeSQL's reserve and capture in one): the key ($2) is the
// account's ($1), not revoked, not expired at $4 (service clock), and the
// invariant holds after taking $3 credits (live: the balance less holds
// covers them) or one slot (sandbox: used + reserved stays under the quota).
const reserveWhereSQL = `
	WHERE a.id = $1 AND k.id = $2 AND k.account_id = a.id
		AND k.revoked_ns IS NULL AND (k.expires_ns IS NULL OR k.expires_ns > $4)
		AND CASE WHEN k.kind = 'live' THEN a.purchased - a.refunded - a.captured - a.held >= $3::bigint
			ELSE a.sandbox_used + a.sandbox_reserved < 100 END`

// reserveSQL takes a hold in one statement: the account row is updated only
// if the key is usable and the invariant holds after (live: balance less
// holds covers the price; sandbox: used + reserved stays under the quota),
// and the hold row is inserted from the updated row. Under READ COMMITTED a
// racer that updated the account first makes PostgreSQL re-check the WHERE
// against the new row version, so no two holds share the same credits.
// $1 account, $2 key, $3 price, $4 now (service clock), $5 hold id, $6 node,
// $7 lease (seconds).
const reserveSQL = `WITH r AS (
	UPDATE accounts a SET
		held = a.held + CASE WHEN k.kind = 'live' THEN $3::bigint ELSE 0 END,
		sandbox_reserved = a.sandbox_reserved + CASE WHEN k.kind = 'sandbox' THEN 1 ELSE 0 END
	FROM keys k` + reserveWhereSQL + `
	RETURNING k.kind, a.purchased - a.refunded - a.captured - a.held AS avail, 100 - a.sandbox_used - a.sandbox_reserved AS slots_left
), h AS (
	INSERT INTO holds (id, account_id, key_id, kind, price, node, expires_at)
	SELECT $5, $1, $2, r.kind, $3, $6, now() + make_interval(secs => $7) FROM r
)
SELECT kind, avail, slots_left FROM r`

// Reserve takes a hold of price credits (live key) or one sandbox slot.
func (l *Ledger) Reserve(ctx context.Context, p ledger.Principal, price int64) (*ledger.Hold, error) {
	if price < 0 {
		return nil, fmt.Errorf("%w: negative price", ledger.ErrInvalid)
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	now := l.now()
	h := &ledger.Hold{ID: id.New("hld", now), AccountID: p.Account.ID, KeyID: p.Key.ID, Price: price}
	var kind string
	reserve := func() error {
		return l.pool.QueryRow(ctx, reserveSQL, esc(p.Account.ID), esc(p.Key.ID), price, ns(now), h.ID, l.opts.Node,
			l.opts.HoldLease.Seconds()).Scan(&kind, &h.Receipt.BalanceCredits, &h.Receipt.SandboxRemaining)
	}
	err := reserve()
	if l.lostConn(ctx, err) {
		// Once more on a fresh connection (conncheck.go), unless the first
		// attempt committed: its hold row, under the id made here, says so.
		if pgconn.SafeToRetry(err) {
			err = reserve()
		} else if found, ferr := l.heldAlready(ctx, h.ID, &kind, &h.Receipt); ferr == nil {
			if err = nil; !found {
				err = reserve()
			}
		}
	}
	if err == nil {
		h.Kind = ledger.KeyKind(kind)
		return h, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return nil, l.fail(err)
	}
	return nil, l.refusal(ctx, p, price, now)
}

// heldAlready reads hold id's kind and its account's figures into kind and
// rc: found false when no such hold exists (a reserve under that id did not
// commit; nothing else knows the id, and the reaper takes a hold only after
// its lease).
func (l *Ledger) heldAlready(ctx context.Context, holdID string, kind *string, rc *ledger.Receipt) (bool, error) {
	err := l.pool.QueryRow(ctx, `SELECT h.kind, a.purchased - a.refunded - a.captured - a.held, 100 - a.sandbox_used - a.sandbox_reserved
		FROM holds h JOIN accounts a ON a.id = h.account_id WHERE h.id = $1`, holdID).Scan(kind, &rc.BalanceCredits, &rc.SandboxRemaining)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// refusal explains a refused reserve or charge with one read (nothing was
// written): the error Reserve returns, carrying the account's figures for
// the response headers.
func (l *Ledger) refusal(ctx context.Context, p ledger.Principal, price int64, now time.Time) error {
	var kind string
	var usable bool
	var rc ledger.Receipt
	err := l.again(ctx, func() error {
		return l.pool.QueryRow(ctx, `SELECT k.kind, k.revoked_ns IS NULL AND (k.expires_ns IS NULL OR k.expires_ns > $3),
		a.purchased - a.refunded - a.captured - a.held, 100 - a.sandbox_used - a.sandbox_reserved
		FROM keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = $2 AND a.id = $1`,
			esc(p.Account.ID), esc(p.Key.ID), ns(now)).Scan(&kind, &usable, &rc.BalanceCredits, &rc.SandboxRemaining)
	})
	rc.BalanceCredits = max(rc.BalanceCredits, 0)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return ledger.ErrUnauthenticated
	case err != nil:
		return l.fail(err)
	case !usable:
		return &ledger.RefusalError{Err: ledger.ErrUnauthenticated, Receipt: rc}
	case kind == string(ledger.Sandbox):
		return &ledger.RefusalError{Err: ledger.ErrQuotaExhausted, Receipt: rc}
	default:
		return &ledger.InsufficientCreditsError{BalanceCredits: rc.BalanceCredits, RequiredCredits: price, Receipt: rc}
	}
}

// Figures reads the account's balance less holds and sandbox slots left.
func (l *Ledger) Figures(ctx context.Context, accountID string) (ledger.Receipt, error) {
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var rc ledger.Receipt
	err := l.again(ctx, func() error {
		return l.pool.QueryRow(ctx, `SELECT purchased - refunded - captured - held, $2::integer - sandbox_used - sandbox_reserved
		FROM accounts WHERE id = $1`, esc(accountID), ledger.SandboxQuota).Scan(&rc.BalanceCredits, &rc.SandboxRemaining)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return ledger.Receipt{}, ledger.ErrNotFound
	}
	return rc, l.fail(err)
}

// releaseSQL deletes a hold and gives back what it reserved, and frees the
// idempotency key it claimed (idempotency.go). $1 hold id.
const releaseSQL = `WITH h AS (DELETE FROM holds WHERE id = $1 RETURNING account_id, kind, price, idem_key),
i AS (DELETE FROM idempotency i USING h WHERE i.account_id = h.account_id AND i.key = h.idem_key AND i.hold_id = $1)
UPDATE accounts a SET
	held = a.held - CASE WHEN h.kind = 'live' THEN h.price ELSE 0 END,
	sandbox_reserved = a.sandbox_reserved - CASE WHEN h.kind = 'sandbox' THEN 1 ELSE 0 END
FROM h WHERE a.id = h.account_id`

// Release ends a hold without charging. Idempotent. If the database cannot
// be reached the hold is released in the background when it is back
// (release.go), at the latest by the reaper when its lease runs out.
func (l *Ledger) Release(ctx context.Context, h *ledger.Hold) error {
	if h == nil || h.ID == "" {
		return nil
	}
	// A request that failed may have no time left; the release is worth
	// doing anyway, within the call timeout.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), l.opts.CallTimeout)
	defer cancel()
	err := l.fail(l.again(ctx, func() error { // idempotent: a replay finds no hold
		_, err := l.pool.Exec(ctx, releaseSQL, esc(h.ID))
		return err
	}))
	if errors.Is(err, ledger.ErrUnavailable) {
		l.releaseLater(esc(h.ID))
	}
	return err
}

// Commit ends h: captures its price (charge, live keys), counts its sandbox
// slot, and writes r, in one transaction (a group commit shared with other
// calls, committer.go) committed durably before it returns. A hold already
// ended is ErrHoldEnded. On an error the server answered (a duplicate
// comment id, a broken invariant) nothing was written and the hold is
// released; when the database could not be reached the outcome is unknown
// (ErrUnavailable) and the hold is released in the background once the
// database is back (release.go), which gives back nothing if it did commit.
func (l *Ledger) Commit(ctx context.Context, h *ledger.Hold, charge bool, r ledger.Records) (ledger.Receipt, error) {
	if h == nil || h.ID == "" {
		return ledger.Receipt{}, fmt.Errorf("%w: hold of another store", ledger.ErrInvalid)
	}
	if h.Once != "" || r.Answer != nil {
		return l.commitOnce(ctx, h, charge, r) // idempotency.go: not group-committed
	}
	if err := checkRecords(&r); err != nil {
		return ledger.Receipt{}, err
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	o := &op{account: h.AccountID, hold: h, charge: charge, r: r}
	l.submit(ctx, o)
	switch {
	case o.err != nil:
		if errors.Is(o.err, ledger.ErrUnavailable) {
			l.releaseLater(esc(h.ID)) // a no-op if it did commit
		} else if !errors.Is(o.err, ledger.ErrClosed) {
			l.Release(ctx, h)
		}
		return ledger.Receipt{}, o.err
	case !o.captured:
		return ledger.Receipt{}, ledger.ErrHoldEnded
	}
	return o.rc, nil
}

// Charge reserves and commits in one conditional statement (no hold row,
// one commit instead of two), batched like Commit. A refusal wrote nothing;
// it is explained by one read, as Reserve's.
func (l *Ledger) Charge(ctx context.Context, p ledger.Principal, price int64, charge bool, r ledger.Records) (ledger.Receipt, error) {
	if price < 0 {
		return ledger.Receipt{}, fmt.Errorf("%w: negative price", ledger.ErrInvalid)
	}
	if err := checkRecords(&r); err != nil {
		return ledger.Receipt{}, err
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	now := l.now()
	o := &op{account: p.Account.ID, p: p, price: price, charge: charge, now: ns(now), r: r}
	l.submit(ctx, o)
	switch {
	case o.err != nil:
		return ledger.Receipt{}, o.err
	case !o.captured:
		return ledger.Receipt{}, l.refusal(ctx, p, price, now)
	}
	return o.rc, nil
}

// checkRecords refuses records without the ids the ledger stores them by.
func checkRecords(r *ledger.Records) error {
	switch {
	case r.Usage.ID == "":
		return fmt.Errorf("%w: usage without id", ledger.ErrInvalid)
	case r.Comment != nil && r.Comment.ID == "":
		return fmt.Errorf("%w: comment without id", ledger.ErrInvalid)
	case r.Feedback != nil && r.Feedback.ID == "":
		return fmt.Errorf("%w: feedback without id", ledger.ErrInvalid)
	}
	return nil
}

// reapSQL releases up to 500 holds whose lease ran out (and frees the
// idempotency keys they claimed), one account per row update; SKIP LOCKED
// lets the reapers of several nodes share the work.
const reapSQL = `WITH h AS (
	DELETE FROM holds WHERE id IN (SELECT id FROM holds WHERE expires_at < now() LIMIT 500 FOR UPDATE SKIP LOCKED)
	RETURNING id, account_id, kind, price, idem_key
), i AS (
	DELETE FROM idempotency i USING h WHERE i.account_id = h.account_id AND i.key = h.idem_key AND i.hold_id = h.id
), s AS (
	SELECT account_id, sum(CASE WHEN kind = 'live' THEN price ELSE 0 END) AS held,
		count(*) FILTER (WHERE kind = 'sandbox') AS slots FROM h GROUP BY account_id
)
UPDATE accounts a SET held = a.held - s.held, sandbox_reserved = a.sandbox_reserved - s.slots
FROM s WHERE a.id = s.account_id`

// reap runs reapSQL every ReapEvery until Close.
func (l *Ledger) reap() {
	defer l.wg.Done()
	t := time.NewTicker(l.opts.ReapEvery)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
		}
		if _, err := l.ReapExpired(context.Background()); err != nil {
			logErr("pgledger: reaping expired holds", err)
		}
		if _, err := l.ExpireAnswers(context.Background(), expirePass); err != nil {
			logErr("pgledger: deleting expired idempotency answers", err)
		}
	}
}

// ReapExpired releases holds whose lease ran out now (the reaper calls it
// every ReapEvery) and returns how many accounts it gave credits back to.
func (l *Ledger) ReapExpired(ctx context.Context) (int64, error) {
	ctx, cancel := l.bound(ctx)
	defer cancel()
	tag, err := l.pool.Exec(ctx, reapSQL)
	if err != nil {
		return 0, l.fail(err)
	}
	return tag.RowsAffected(), nil
}
