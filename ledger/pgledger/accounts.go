package pgledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"svc/id"
	"svc/ledger"
)

// maxNameLen bounds an account name (as *Store does).
const maxNameLen = 200

func pageLimit(n int) (int, error) {
	if n == 0 {
		return ledger.DefaultAccountPage, nil
	}
	if n < 1 || n > ledger.MaxAccountPage {
		return 0, fmt.Errorf("%w: limit %d outside 1..%d", ledger.ErrInvalid, n, ledger.MaxAccountPage)
	}
	return n, nil
}

// CreateAccount creates an account; rateLimitPerMinute <= 0 means
// ledger.DefaultRateLimit.
func (l *Ledger) CreateAccount(ctx context.Context, name string, rateLimitPerMinute int) (ledger.Account, error) {
	if len(name) > maxNameLen {
		return ledger.Account{}, fmt.Errorf("%w: name longer than %d bytes", ledger.ErrInvalid, maxNameLen)
	}
	if rateLimitPerMinute <= 0 {
		rateLimitPerMinute = ledger.DefaultRateLimit
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	now := l.now()
	a := ledger.Account{ID: id.New("acct", now), Name: name, RateLimitPerMinute: rateLimitPerMinute, CreatedAt: now}
	_, err := l.pool.Exec(ctx, "INSERT INTO accounts (id, name, rate_limit, created_ns) VALUES ($1, $2, $3, $4)",
		a.ID, esc(a.Name), a.RateLimitPerMinute, ns(now))
	if err != nil {
		return ledger.Account{}, l.fail(err)
	}
	return a, nil
}

// queryer is a pool or a transaction.
type queryer interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func (l *Ledger) accountExists(ctx context.Context, q queryer, accountID string) error {
	var ok bool
	if err := q.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM accounts WHERE id = $1)", accountID).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return ledger.ErrNotFound
	}
	return nil
}

// figures reads the account's row: its record and its credit and quota
// figures (purchases and keys not filled).
func figures(ctx context.Context, q queryer, accountID string) (ledger.AccountView, error) {
	var v ledger.AccountView
	var created int64
	err := q.QueryRow(ctx, `SELECT id, name, rate_limit, created_ns, purchased, refunded, captured, sandbox_used
		FROM accounts WHERE id = $1`, accountID).Scan(&v.ID, &v.Name, &v.RateLimitPerMinute, &created,
		&v.CreditsPurchased, &v.CreditsRefunded, &v.CreditsUsed, &v.SandboxRequestsUsed)
	if errors.Is(err, pgx.ErrNoRows) {
		return v, ledger.ErrNotFound
	}
	v.CreatedAt, v.Name = atv(created), unesc(v.Name)
	v.BalanceCredits = v.CreditsPurchased - v.CreditsRefunded - v.CreditsUsed
	return v, err
}

// purchaseSelect reads an account's purchases with their derived FIFO
// consumption (schema.sql): the account's captured credits fill its
// purchases oldest first, each up to credits - refunded. $1 is the account.
const purchaseSelect = `SELECT p.id, p.account_id, p.pack_usd, p.credits, p.refunded, p.created_ns, p.refunded_ns,
	LEAST(p.credits - p.refunded, GREATEST(0, a.captured - (SUM(p.credits - p.refunded) OVER w - (p.credits - p.refunded)))) AS consumed
	FROM purchases p JOIN accounts a ON a.id = p.account_id WHERE p.account_id = $1
	WINDOW w AS (ORDER BY p.created_ns, p.id ROWS UNBOUNDED PRECEDING)`

func scanPurchases(rows pgx.Rows) ([]ledger.Purchase, error) {
	out := []ledger.Purchase{}
	for rows.Next() {
		var p ledger.Purchase
		var created int64
		var refunded *int64
		if err := rows.Scan(&p.ID, &p.AccountID, &p.PackUSD, &p.Credits, &p.Refunded, &created, &refunded, &p.Consumed); err != nil {
			rows.Close()
			return nil, err
		}
		p.CreatedAt, p.RefundedAt = atv(created), at(refunded)
		out = append(out, p)
	}
	return out, rows.Err()
}

// purchasesPage is up to limit+1 purchases older than (afterNs, afterID)
// when after, newest first.
func purchasesPage(ctx context.Context, q queryer, accountID string, after bool, afterNs int64, afterID string, limit int) ([]ledger.Purchase, bool, error) {
	rows, err := q.Query(ctx, `SELECT * FROM (`+purchaseSelect+`) x WHERE (NOT $2 OR (created_ns, id) < ($3, $4))
		ORDER BY created_ns DESC, id DESC LIMIT $5`, accountID, after, afterNs, afterID, limit+1)
	if err != nil {
		return nil, false, err
	}
	ps, err := scanPurchases(rows)
	if err != nil {
		return nil, false, err
	}
	more := len(ps) > limit
	if more {
		ps = ps[:limit]
	}
	return ps, more, nil
}

// AccountSummary is the account's figures with its newest max purchases and
// keys and their totals, read in one snapshot.
func (l *Ledger) AccountSummary(ctx context.Context, accountID string, max int) (ledger.AccountSummary, error) {
	if max < 1 || max > ledger.MaxAccountPage {
		return ledger.AccountSummary{}, fmt.Errorf("%w: max %d outside 1..%d", ledger.ErrInvalid, max, ledger.MaxAccountPage)
	}
	accountID = esc(accountID)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var v ledger.AccountSummary
	err := pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		if v.AccountView, err = figures(ctx, tx, accountID); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM purchases WHERE account_id = $1), (SELECT count(*) FROM keys WHERE account_id = $1)`,
			accountID).Scan(&v.PurchasesTotal, &v.KeysTotal); err != nil {
			return err
		}
		if v.Purchases, _, err = purchasesPage(ctx, tx, accountID, false, 0, "", max); err != nil {
			return err
		}
		v.Keys, _, err = l.keysPage(ctx, tx, accountID, false, 0, "", max)
		return err
	})
	if err != nil {
		return ledger.AccountSummary{}, l.fail(err)
	}
	// Oldest first, as *Store returns them.
	for i, j := 0, len(v.Purchases)-1; i < j; i, j = i+1, j-1 {
		v.Purchases[i], v.Purchases[j] = v.Purchases[j], v.Purchases[i]
	}
	for i, j := 0, len(v.Keys)-1; i < j; i, j = i+1, j-1 {
		v.Keys[i], v.Keys[j] = v.Keys[j], v.Keys[i]
	}
	return v, nil
}

// AccountPurchases pages the account's purchases, newest first.
func (l *Ledger) AccountPurchases(ctx context.Context, accountID string, q ledger.PageQuery) (ledger.PurchasePage, error) {
	limit, err := pageLimit(q.Limit)
	if err != nil {
		return ledger.PurchasePage{}, err
	}
	accountID, q.StartingAfter = esc(accountID), esc(q.StartingAfter)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var page ledger.PurchasePage
	err = pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := l.accountExists(ctx, tx, accountID); err != nil {
			return err
		}
		var afterNs int64
		var afterID string
		if q.StartingAfter != "" {
			err := tx.QueryRow(ctx, "SELECT created_ns, id FROM purchases WHERE id = $1 AND account_id = $2", q.StartingAfter, accountID).Scan(&afterNs, &afterID)
			if errors.Is(err, pgx.ErrNoRows) {
				return ledger.ErrBadCursor
			} else if err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM purchases WHERE account_id = $1", accountID).Scan(&page.Total); err != nil {
			return err
		}
		var err error
		page.Purchases, page.HasMore, err = purchasesPage(ctx, tx, accountID, q.StartingAfter != "", afterNs, afterID, limit)
		return err
	})
	if err != nil {
		return ledger.PurchasePage{}, l.fail(err)
	}
	return page, nil
}

// Purchase adds a credit pack to the account (one statement: the purchase
// row and the account's total).
func (l *Ledger) Purchase(ctx context.Context, accountID string, packUSD int) (ledger.Purchase, error) {
	if _, ok := ledger.Packs[packUSD]; !ok {
		return ledger.Purchase{}, fmt.Errorf("%w: pack %d USD", ledger.ErrInvalid, packUSD)
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	p, err := l.purchase(ctx, l.pool, esc(accountID), packUSD, l.now())
	return p, l.fail(err)
}

// purchase buys a pack (a key of ledger.Packs) at now in one statement of q.
func (l *Ledger) purchase(ctx context.Context, q queryer, accountID string, packUSD int, now time.Time) (ledger.Purchase, error) {
	credits := ledger.Packs[packUSD]
	p := ledger.Purchase{ID: id.New("pur", now), AccountID: accountID, PackUSD: packUSD, Credits: credits, CreatedAt: now}
	var n int
	err := q.QueryRow(ctx, `WITH a AS (UPDATE accounts SET purchased = purchased + $3 WHERE id = $2 RETURNING id),
		p AS (INSERT INTO purchases (id, account_id, pack_usd, credits, created_ns) SELECT $1, a.id, $4, $3, $5 FROM a RETURNING id)
		SELECT count(*) FROM p`, p.ID, accountID, credits, packUSD, ns(now)).Scan(&n)
	if err != nil {
		return ledger.Purchase{}, err
	}
	if n == 0 {
		return ledger.Purchase{}, ledger.ErrNotFound
	}
	return p, nil
}

// Refund returns the purchase's unconsumed credits (at most the balance less
// holds), within ledger.RefundWindow of its creation, once. It locks the
// account row first, so no capture or other refund of the account runs
// between the figures it reads and the rows it writes.
func (l *Ledger) Refund(ctx context.Context, purchaseID string) (ledger.Purchase, int64, error) {
	purchaseID = esc(purchaseID)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	now := l.now()
	var out ledger.Purchase
	var amount int64
	err := pgx.BeginFunc(ctx, l.pool, func(tx pgx.Tx) (err error) {
		out, amount, err = refundTx(ctx, tx, purchaseID, now)
		return err
	})
	if err != nil {
		if errors.Is(err, ledger.ErrRefundNotAllowed) {
			return out, 0, err
		}
		return ledger.Purchase{}, 0, l.fail(err)
	}
	return out, amount, nil
}

// refundTx is Refund's work inside tx at now.
func refundTx(ctx context.Context, tx pgx.Tx, purchaseID string, now time.Time) (out ledger.Purchase, amount int64, err error) {
	var accountID string
	err = tx.QueryRow(ctx, "SELECT account_id FROM purchases WHERE id = $1", purchaseID).Scan(&accountID)
	if errors.Is(err, pgx.ErrNoRows) {
		return out, 0, ledger.ErrNotFound
	} else if err != nil {
		return out, 0, err
	}
	var avail int64
	if err := tx.QueryRow(ctx, "SELECT purchased - refunded - captured - held FROM accounts WHERE id = $1 FOR UPDATE",
		accountID).Scan(&avail); err != nil {
		return out, 0, err
	}
	rows, err := tx.Query(ctx, `SELECT * FROM (`+purchaseSelect+`) x WHERE id = $2`, accountID, purchaseID)
	if err != nil {
		return out, 0, err
	}
	ps, err := scanPurchases(rows)
	if err != nil {
		return out, 0, err
	}
	if len(ps) != 1 {
		return out, 0, ledger.ErrNotFound
	}
	out = ps[0]
	if !out.RefundedAt.IsZero() || now.After(out.CreatedAt.Add(ledger.RefundWindow)) {
		return out, 0, ledger.ErrRefundNotAllowed
	}
	amount = min(out.Credits-out.Consumed-out.Refunded, avail)
	if amount <= 0 {
		return out, 0, ledger.ErrRefundNotAllowed
	}
	if _, err := tx.Exec(ctx, "UPDATE purchases SET refunded = refunded + $2, refunded_ns = $3 WHERE id = $1",
		purchaseID, amount, ns(now)); err != nil {
		return out, 0, err
	}
	if _, err := tx.Exec(ctx, "UPDATE accounts SET refunded = refunded + $2 WHERE id = $1", accountID, amount); err != nil {
		return out, 0, err
	}
	out.Refunded += amount
	out.RefundedAt = now
	return out, amount, nil
}

// BalanceCredits is the account's balance less holds in flight.
func (l *Ledger) BalanceCredits(ctx context.Context, accountID string) (int64, error) {
	accountID = esc(accountID)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var b int64
	err := l.pool.QueryRow(ctx, "SELECT purchased - refunded - captured - held FROM accounts WHERE id = $1", accountID).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ledger.ErrNotFound
	}
	return b, l.fail(err)
}

// SandboxRemaining is the quota less counted and reserved requests.
func (l *Ledger) SandboxRemaining(ctx context.Context, accountID string) (int, error) {
	accountID = esc(accountID)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var n int
	err := l.pool.QueryRow(ctx, "SELECT $2::integer - sandbox_used - sandbox_reserved FROM accounts WHERE id = $1", accountID, ledger.SandboxQuota).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ledger.ErrNotFound
	}
	return n, l.fail(err)
}
