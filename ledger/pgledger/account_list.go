package pgledger

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"svc/ledger"
)

// accountMatch is ledger.Matches in SQL ($1 the escaped search, "" for
// all): lower() under the "C" collation lowers ASCII letters only, as
// ledger.Matches does.
const accountMatch = `($1 = '' OR strpos(lower(name COLLATE "C"), lower($1 COLLATE "C")) > 0
	OR strpos(lower(id COLLATE "C"), lower($1 COLLATE "C")) > 0)`

// Accounts pages every account (or those matching q.Search), newest first,
// in one read-only snapshot: the count and the page agree. A scan of the
// accounts table per call (the admin console's list).
func (l *Ledger) Accounts(ctx context.Context, q ledger.AccountQuery) (ledger.AccountPage, error) {
	limit, err := ledger.CheckAccountQuery(q)
	if err != nil {
		return ledger.AccountPage{}, err
	}
	search, after := esc(q.Search), esc(q.StartingAfter)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	page := ledger.AccountPage{Accounts: []ledger.Account{}}
	err = pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var afterNs int64
		if after != "" {
			err := tx.QueryRow(ctx, "SELECT created_ns FROM accounts WHERE id = $1", after).Scan(&afterNs)
			if errors.Is(err, pgx.ErrNoRows) {
				return ledger.ErrBadCursor
			} else if err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM accounts WHERE "+accountMatch, search).Scan(&page.Total); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id, name, rate_limit, created_ns FROM accounts
			WHERE `+accountMatch+` AND ($2 = '' OR (created_ns, id) < ($3, $2))
			ORDER BY created_ns DESC, id DESC LIMIT $4`, search, after, afterNs, limit+1)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var a ledger.Account
			var created int64
			if err := rows.Scan(&a.ID, &a.Name, &a.RateLimitPerMinute, &created); err != nil {
				return err
			}
			a.ID, a.Name, a.CreatedAt = unesc(a.ID), unesc(a.Name), atv(created)
			page.Accounts = append(page.Accounts, a)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if len(page.Accounts) > limit {
			page.Accounts, page.HasMore = page.Accounts[:limit], true
		}
		return nil
	})
	if err != nil {
		return ledger.AccountPage{}, l.fail(err)
	}
	return page, nil
}
