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

// Idempotency keys on PostgreSQL: the idempotency table (schema.sql) and the
// claims its rows carry. ledger/idempotency.go has the rules.

// expirePass bounds the answers one ExpireAnswers pass of the reaper deletes.
const expirePass = 1000

// maxClaimTries bounds how often ReserveOnce, PurchaseOnce and RefundOnce
// retry when the key's row changed between their write and their read (a
// claim released, an expired answer deleted by another node).
const maxClaimTries = 4

// reserveOnceSQL is reserveSQL (the same reserveWhereSQL) for a call under
// an idempotency key: the account is updated only if the account has no row
// for the key, and the claim row is inserted with the hold. Two calls
// claiming one key at once: the second's INSERT fails on the PRIMARY KEY and
// the whole statement with it, its reserve included.
// $1 account, $2 key, $3 price, $4 now (service clock), $5 hold id, $6 node,
// $7 lease (seconds), $8 idempotency key, $9 fingerprint.
const reserveOnceSQL = `WITH r AS (
	UPDATE accounts a SET
		held = a.held + CASE WHEN k.kind = 'live' THEN $3::bigint ELSE 0 END,
		sandbox_reserved = a.sandbox_reserved + CASE WHEN k.kind = 'sandbox' THEN 1 ELSE 0 END
	FROM keys k` + reserveWhereSQL + `
		AND NOT EXISTS (SELECT 1 FROM idempotency i WHERE i.account_id = $1 AND i.key = $8)
	RETURNING k.kind, a.purchased - a.refunded - a.captured - a.held AS avail, 100 - a.sandbox_used - a.sandbox_reserved AS slots_left
), c AS (
	INSERT INTO idempotency (account_id, key, fingerprint, hold_id, created_ns) SELECT $1, $8, $9, $5, $4 FROM r
), h AS (
	INSERT INTO holds (id, account_id, key_id, kind, price, node, expires_at, idem_key)
	SELECT $5, $1, $2, r.kind, $3, $6, now() + make_interval(secs => $7), $8 FROM r
)
SELECT kind, avail, slots_left FROM r`

// ReserveOnce is Reserve under an idempotency key (ledger.Ledger).
func (l *Ledger) ReserveOnce(ctx context.Context, p ledger.Principal, price int64, k ledger.IdemKey) (*ledger.Hold, *ledger.Answer, error) {
	if price < 0 {
		return nil, nil, fmt.Errorf("%w: negative price", ledger.ErrInvalid)
	}
	if err := ledger.CheckIdem(k, nil); err != nil {
		return nil, nil, err
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	acct, key := esc(p.Account.ID), esc(k.Key)
	for range maxClaimTries {
		now := l.now()
		h := &ledger.Hold{ID: id.New("hld", now), AccountID: p.Account.ID, KeyID: p.Key.ID, Price: price, Once: k.Key}
		var kind string
		err := l.pool.QueryRow(ctx, reserveOnceSQL, acct, esc(p.Key.ID), price, ns(now), h.ID, l.opts.Node,
			l.opts.HoldLease.Seconds(), key, k.Fingerprint[:]).Scan(&kind, &h.Receipt.BalanceCredits, &h.Receipt.SandboxRemaining)
		if err == nil {
			h.Kind = ledger.KeyKind(kind)
			return h, nil, nil
		}
		conflict := isClaimConflict(err)
		if !errors.Is(err, pgx.ErrNoRows) && !conflict {
			return nil, nil, l.fail(err)
		}
		// The key has a row (or just got one), or the reserve was refused.
		ans, gone, err := l.lookup(ctx, acct, key, k.Fingerprint, now)
		if err != nil || ans != nil {
			return nil, ans, err
		}
		if gone || conflict {
			continue // an expired answer deleted, or a claim ended since: try again
		}
		stale, err := l.reserveRefusal(ctx, p, price, now)
		if !stale {
			return nil, nil, err
		}
	}
	return nil, nil, ledger.ErrIdemInFlight
}

// reserveRefusal is refusal (billing.go) for reserveOnceSQL once the key
// has no row; stale is true when the figures it read let the reserve pass
// now (a claim that refused it ended since): the caller tries again.
func (l *Ledger) reserveRefusal(ctx context.Context, p ledger.Principal, price int64, now time.Time) (stale bool, err error) {
	err = l.refusal(ctx, p, price, now)
	var ic *ledger.InsufficientCreditsError
	var re *ledger.RefusalError
	switch {
	case errors.As(err, &ic):
		return ic.BalanceCredits >= price, err
	case errors.As(err, &re) && errors.Is(err, ledger.ErrQuotaExhausted):
		return re.Receipt.SandboxRemaining > 0, err
	}
	return false, err
}

// answerSQL turns a hold's claim into its answer, in the transaction of the
// hold's capture (commitOnce); no row: the claim is gone, and the
// transaction is rolled back. $1 account, $2 key, $3 hold, answer: $4
// status, $5 request id, $6 header, $7 body, $8 stored at.
const answerSQL = `UPDATE idempotency SET hold_id = NULL, status = $4, request_id = $5, header = $6, body = $7, created_ns = $8
WHERE account_id = $1 AND key = $2 AND hold_id = $3`

// commitOnce is Commit for a hold of ReserveOnce: one transaction of its
// own, not the group commit, with the group commit's statements (the
// capture, then op.rows) and answerSQL, so the answer, the capture and the
// records commit together or not at all. Errors as Commit's.
func (l *Ledger) commitOnce(ctx context.Context, h *ledger.Hold, charge bool, r ledger.Records) (ledger.Receipt, error) {
	if h.Once == "" || r.Answer == nil {
		l.Release(ctx, h)
		return ledger.Receipt{}, fmt.Errorf("%w: an answer is stored with, and only with, a hold of ReserveOnce", ledger.ErrInvalid)
	}
	if err := ledger.CheckIdem(ledger.IdemKey{Key: h.Once}, r.Answer); err != nil {
		l.Release(ctx, h)
		return ledger.Receipt{}, err
	}
	if err := checkRecords(&r); err != nil {
		return ledger.Receipt{}, err
	}
	ans := newAnswerArgs(r.Answer, l.now())
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var rc ledger.Receipt
	var charged int64
	ended := false
	o := &op{hold: h, charge: charge, r: r}
	err := pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
		sql, args := o.capture()
		err := tx.QueryRow(ctx, sql, args...).Scan(&charged, &rc.BalanceCredits, &rc.SandboxRemaining)
		if errors.Is(err, pgx.ErrNoRows) {
			ended = true
			return nil
		}
		if err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, answerSQL, esc(h.AccountID), esc(h.Once), esc(h.ID),
			ans.status, ans.requestID, ans.header, ans.body, ans.at)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return fmt.Errorf("%w: the idempotency claim of hold %s is gone", ledger.ErrInvariant, h.ID)
		}
		for _, st := range o.rows() {
			if _, err := tx.Exec(ctx, st.sql, st.args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		err = l.fail(err)
		if !errors.Is(err, ledger.ErrUnavailable) && !errors.Is(err, ledger.ErrClosed) {
			l.Release(ctx, h)
		}
		return ledger.Receipt{}, err
	}
	if ended {
		return ledger.Receipt{}, ledger.ErrHoldEnded
	}
	rc.BalanceCredits = max(rc.BalanceCredits, 0)
	return rc, nil
}

// isClaimConflict reports whether err is the idempotency PRIMARY KEY refusing
// a second claim of a key.
func isClaimConflict(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "idempotency_pkey"
}

// lookup reads the key's row: the stored answer (its fingerprint matching),
// ErrIdemMismatch, ErrIdemInFlight for a claim, or neither (nil, false, nil)
// when the key has no row. An expired answer is deleted and reported gone.
func (l *Ledger) lookup(ctx context.Context, acct, key string, fp [32]byte, now time.Time) (_ *ledger.Answer, gone bool, _ error) {
	var stored []byte
	var claimed bool
	var status *int32
	var rid *string
	var header []string
	var body []byte
	var created int64
	err := l.pool.QueryRow(ctx, `SELECT fingerprint, hold_id IS NOT NULL, status, request_id, header, body, created_ns
		FROM idempotency WHERE account_id = $1 AND key = $2`, acct, key).Scan(&stored, &claimed, &status, &rid, &header, &body, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, l.fail(err)
	}
	if !claimed && ledger.Expired(atv(created), now) {
		_, err := l.pool.Exec(ctx, `DELETE FROM idempotency WHERE account_id = $1 AND key = $2 AND hold_id IS NULL AND created_ns = $3`,
			acct, key, created)
		return nil, true, l.fail(err)
	}
	if string(stored) != string(fp[:]) {
		return nil, false, ledger.ErrIdemMismatch
	}
	if claimed {
		return nil, false, ledger.ErrIdemInFlight
	}
	if status == nil || rid == nil {
		return nil, false, fmt.Errorf("%w: answer of key without status", ledger.ErrInvariant)
	}
	return &ledger.Answer{Status: int(*status), RequestID: *rid, Header: header, Body: body, CreatedAt: atv(created)}, false, nil
}

// answerArgs are an answer's commitSQL arguments (all NULL without one).
type answerArgs struct {
	status    *int32
	requestID *string
	header    []string
	body      []byte
	at        *int64
}

func newAnswerArgs(a *ledger.Answer, now time.Time) answerArgs {
	if a == nil {
		return answerArgs{}
	}
	st, rid, t := int32(a.Status), esc(a.RequestID), ns(now)
	h := make([]string, len(a.Header))
	for i, s := range a.Header {
		h[i] = esc(s)
	}
	b := a.Body
	if b == nil {
		b = []byte{}
	}
	return answerArgs{status: &st, requestID: &rid, header: h, body: b, at: &t}
}

// writeOnce runs write (a purchase or a refund) in one transaction with the key
// of the account it names: the transaction claims the key first (a
// concurrent duplicate waits on the PRIMARY KEY until it ends), write makes
// the answer, and the answer replaces the claim before COMMIT. A key
// already answered gives the answer back, replayed.
func (l *Ledger) writeOnce(ctx context.Context, acct string, k ledger.IdemKey, write func(tx pgx.Tx, now time.Time) (ledger.Answer, error)) (ledger.Answer, bool, error) {
	if err := ledger.CheckIdem(k, nil); err != nil {
		return ledger.Answer{}, false, err
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	key := esc(k.Key)
	for range maxClaimTries {
		now := l.now()
		var ans ledger.Answer
		claimed := false
		err := pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, `INSERT INTO idempotency (account_id, key, fingerprint, hold_id, created_ns)
				VALUES ($1, $2, $3, '-', $4) ON CONFLICT (account_id, key) DO NOTHING`, acct, key, k.Fingerprint[:], ns(now))
			if err != nil || tag.RowsAffected() == 0 {
				return err
			}
			claimed = true
			if ans, err = write(tx, now); err != nil {
				return err
			}
			if err := ledger.CheckIdem(k, &ans); err != nil {
				return err
			}
			ans.CreatedAt = now
			a := newAnswerArgs(&ans, now)
			_, err = tx.Exec(ctx, `UPDATE idempotency SET hold_id = NULL, status = $3, request_id = $4, header = $5, body = $6, created_ns = $7
				WHERE account_id = $1 AND key = $2 AND hold_id = '-'`, acct, key, a.status, a.requestID, a.header, a.body, a.at)
			return err
		})
		if err != nil {
			return ledger.Answer{}, false, l.fail(err)
		}
		if claimed {
			return ans, false, nil
		}
		// The key has a row: an answer, a paid request's claim, or one
		// that ended (or expired and was deleted) since: claim again.
		stored, _, err := l.lookup(ctx, acct, key, k.Fingerprint, now)
		if err != nil {
			return ledger.Answer{}, false, err
		}
		if stored != nil {
			return *stored, true, nil
		}
	}
	return ledger.Answer{}, false, ledger.ErrIdemInFlight
}

// PurchaseOnce is Purchase under an idempotency key (ledger.Ledger).
func (l *Ledger) PurchaseOnce(ctx context.Context, accountID string, packUSD int, k ledger.IdemKey, answer func(ledger.Purchase) ledger.Answer) (ledger.Answer, bool, error) {
	if _, ok := ledger.Packs[packUSD]; !ok {
		return ledger.Answer{}, false, fmt.Errorf("%w: pack %d USD", ledger.ErrInvalid, packUSD)
	}
	acct := esc(accountID)
	return l.writeOnce(ctx, acct, k, func(tx pgx.Tx, now time.Time) (ledger.Answer, error) {
		p, err := l.purchase(ctx, tx, acct, packUSD, now)
		if err != nil {
			return ledger.Answer{}, err
		}
		return answer(p), nil
	})
}

// RefundOnce is Refund under an idempotency key of the purchase's account
// (ledger.Ledger).
func (l *Ledger) RefundOnce(ctx context.Context, purchaseID string, k ledger.IdemKey, answer func(ledger.Purchase, int64) ledger.Answer) (ledger.Answer, bool, error) {
	purchaseID = esc(purchaseID)
	var acct string
	qctx, cancel := l.bound(ctx)
	err := l.pool.QueryRow(qctx, "SELECT account_id FROM purchases WHERE id = $1", purchaseID).Scan(&acct)
	cancel()
	if errors.Is(err, pgx.ErrNoRows) {
		return ledger.Answer{}, false, ledger.ErrNotFound
	} else if err != nil {
		return ledger.Answer{}, false, l.fail(err)
	}
	return l.writeOnce(ctx, acct, k, func(tx pgx.Tx, now time.Time) (ledger.Answer, error) {
		p, n, err := refundTx(ctx, tx, purchaseID, now)
		if err != nil {
			return ledger.Answer{}, err
		}
		return answer(p, n), nil
	})
}

// ExpireAnswers deletes up to max answers stored more than
// ledger.IdemRetention ago (by the service clock) and returns how many it
// deleted; the reaper calls it every ReapEvery. SKIP LOCKED lets the reapers
// of several nodes share the work.
func (l *Ledger) ExpireAnswers(ctx context.Context, max int) (int, error) {
	ctx, cancel := l.bound(ctx)
	defer cancel()
	tag, err := l.pool.Exec(ctx, `DELETE FROM idempotency WHERE (account_id, key) IN (
		SELECT account_id, key FROM idempotency WHERE hold_id IS NULL AND created_ns <= $1 ORDER BY created_ns LIMIT $2 FOR UPDATE SKIP LOCKED)`,
		ns(l.now().Add(-ledger.IdemRetention)), max)
	if err != nil {
		return 0, l.fail(err)
	}
	return int(tag.RowsAffected()), nil
}
