package pgledger

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"svc/ledger"
)

const commentCols = `id, account_id, text, platform, intent, intents, sentiment, language, dialect, toxicity,
	channel_id, author, created_ns, classified_ns`

func scanComment(row pgx.Row) (ledger.Comment, error) {
	var c ledger.Comment
	var created, classified int64
	err := row.Scan(&c.ID, &c.AccountID, &c.Text, &c.Platform, &c.Intent, &c.Intents, &c.Sentiment, &c.Language,
		&c.Dialect, &c.Toxicity, &c.ChannelID, &c.Author, &created, &classified)
	c.CreatedAt, c.ClassifiedAt = atv(created), atv(classified)
	for _, s := range []*string{&c.Text, &c.Platform, &c.Intent, &c.Sentiment, &c.Language, &c.Dialect, &c.Toxicity, &c.ChannelID, &c.Author} {
		*s = unesc(*s)
	}
	unescAll(c.Intents)
	return c, err
}

// Comment returns a comment of the account; ErrNotFound for another's.
func (l *Ledger) Comment(ctx context.Context, accountID, commentID string) (ledger.Comment, error) {
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var c ledger.Comment
	err := l.again(ctx, func() (err error) {
		c, err = scanComment(l.pool.QueryRow(ctx, "SELECT "+commentCols+" FROM comments WHERE id = $1 AND account_id = $2", esc(commentID), esc(accountID)))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return ledger.Comment{}, ledger.ErrNotFound
	}
	return c, l.fail(err)
}

// commentWhere filters comments: $1 account, $2..$7 the equality fields
// ("" does not filter), $8/$9 the CreatedAt bounds (inclusive).
const commentWhere = `account_id = $1 AND ($2 = '' OR channel_id = $2) AND ($3 = '' OR platform = $3)
	AND ($4 = '' OR intent = $4) AND ($5 = '' OR sentiment = $5) AND ($6 = '' OR dialect = $6)
	AND ($7 = '' OR toxicity = $7) AND created_ns BETWEEN $8 AND $9`

func bounds(f *ledger.CommentFilter) (lo, hi int64) {
	lo, hi = -1<<63, 1<<63-1
	if !f.From.IsZero() {
		lo = ns(f.From)
	}
	if !f.To.IsZero() {
		hi = ns(f.To)
	}
	return lo, hi
}

// ListComments is one page of the account's comments matching f, CreatedAt
// descending (ties: id descending), read in SQL, with the count of all
// matches from the node's comment index, caught up in the page's snapshot
// (it may also count comments committed since).
func (l *Ledger) ListComments(ctx context.Context, accountID string, f ledger.CommentFilter) (ledger.CommentPage, error) {
	limit := f.Limit
	if limit == 0 {
		limit = ledger.DefaultCommentLimit
	}
	if limit < 1 || limit > ledger.MaxCommentLimit {
		return ledger.CommentPage{}, fmt.Errorf("%w: limit %d outside 1..%d", ledger.ErrInvalid, f.Limit, ledger.MaxCommentLimit)
	}
	if !f.From.IsZero() && !f.To.IsZero() && f.From.After(f.To) {
		return ledger.CommentPage{}, fmt.Errorf("%w: from after to", ledger.ErrInvalid)
	}
	after, afterNs, afterID := false, int64(0), ""
	if f.Cursor != "" {
		t, cid, err := ledger.DecodeCursor(l.cursorKey, accountID, &f, f.Cursor)
		if err != nil {
			return ledger.CommentPage{}, err
		}
		after, afterNs, afterID = true, ns(t), esc(cid)
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	lo, hi := bounds(&f)
	args := []any{esc(accountID), esc(f.ChannelID), esc(f.Platform), esc(f.Intent), esc(f.Sentiment), esc(f.Dialect), esc(f.Toxicity), lo, hi}
	page := ledger.CommentPage{Comments: []ledger.Comment{}}
	err := pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := l.accountExists(ctx, tx, esc(accountID)); err != nil {
			return err
		}
		idx, err := l.commentIndex(ctx, tx, accountID)
		if err != nil {
			return err
		}
		if idx != nil {
			page.TotalCount = idx.Count(&f)
		} else if err := tx.QueryRow(ctx, "SELECT count(*) FROM comments WHERE "+commentWhere, args...).Scan(&page.TotalCount); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, "SELECT "+commentCols+" FROM comments WHERE "+commentWhere+
			" AND (NOT $10 OR (created_ns, id) < ($11, $12)) ORDER BY created_ns DESC, id DESC LIMIT $13",
			append(args, after, afterNs, afterID, limit+1)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, err := scanComment(rows)
			if err != nil {
				return err
			}
			if len(page.Comments) == limit {
				page.HasMore = true
				break
			}
			page.Comments = append(page.Comments, c)
		}
		return rows.Err()
	})
	if err != nil {
		return ledger.CommentPage{}, l.fail(err)
	}
	if page.HasMore {
		last := page.Comments[len(page.Comments)-1]
		page.NextCursor = ledger.EncodeCursor(l.cursorKey, accountID, &f, last.CreatedAt, last.ID)
	}
	return page, nil
}

// dayNs is one UTC day in nanoseconds: comments and usage are grouped by
// day in SQL and folded into periods by the ledger's builders.
const dayNs = 86_400_000_000_000

// Analytics aggregates the account's comments in [From, To] (defaults as
// *Store) from the node's comment index, caught up first; an account not
// indexed is aggregated in SQL, grouped by day and value, folded by
// ledger.AnalyticsBuilder.
func (l *Ledger) Analytics(ctx context.Context, accountID string, q ledger.AnalyticsQuery) (ledger.Analytics, error) {
	now := l.now()
	b, err := ledger.NewAnalyticsBuilder(q, now)
	if err != nil {
		return ledger.Analytics{}, err
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var out *ledger.Analytics
	err = pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := l.accountExists(ctx, tx, esc(accountID)); err != nil {
			return err
		}
		idx, err := l.commentIndex(ctx, tx, accountID)
		if err != nil || idx == nil {
			return err
		}
		a, err := idx.Analytics(q, now)
		out = &a
		return err
	})
	if err != nil {
		return ledger.Analytics{}, l.fail(err)
	}
	if out != nil {
		return *out, nil
	}
	return l.analyticsSQL(ctx, accountID, b)
}

// analyticsSQL is Analytics of an account without an index.
func (l *Ledger) analyticsSQL(ctx context.Context, accountID string, b *ledger.AnalyticsBuilder) (ledger.Analytics, error) {
	q := b.Query()
	err := pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT div(created_ns, $6) AS day, intent, sentiment, dialect, toxicity, count(*)
			FROM comments WHERE account_id = $1 AND ($2 = '' OR channel_id = $2) AND ($3 = '' OR platform = $3)
			AND created_ns BETWEEN $4 AND $5 GROUP BY 1, 2, 3, 4, 5`,
			esc(accountID), esc(q.ChannelID), esc(q.Platform), ns(q.From), ns(q.To), dayNs)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var day int64
			var intent, sentiment, dialect, toxicity string
			var n int
			if err := rows.Scan(&day, &intent, &sentiment, &dialect, &toxicity, &n); err != nil {
				return err
			}
			b.Add(atv(day*dayNs), unesc(intent), unesc(sentiment), unesc(dialect), unesc(toxicity), n)
		}
		return rows.Err()
	})
	if err != nil {
		return ledger.Analytics{}, l.fail(err)
	}
	return b.Result(), nil
}

// Usage aggregates the account's usage in [From, To] (defaults as *Store)
// plus the balance now, in one snapshot: whole days and hours from
// usage_totals, the pieces shorter than an hour at the ends from the usage
// rows (ledger.UsageBuilder.Spans), grouped by day and endpoint in SQL.
func (l *Ledger) Usage(ctx context.Context, accountID string, q ledger.UsageQuery) (ledger.UsageSummary, error) {
	b, err := ledger.NewUsageBuilder(q, l.now())
	if err != nil {
		return ledger.UsageSummary{}, err
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var v ledger.AccountView
	acct := esc(accountID)
	err = pgx.BeginTxFunc(ctx, l.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		if v, err = figures(ctx, tx, acct); err != nil {
			return err
		}
		for _, sp := range b.Spans() {
			var rows pgx.Rows
			if sp.Level == ledger.UsageRecords {
				rows, err = tx.Query(ctx, `SELECT endpoint, div(at_ns, $4) * $4, count(*), sum(charged), count(*) FILTER (WHERE cache_hit),
					sum(latency_us) FROM usage WHERE account_id = $1 AND at_ns >= $2 AND at_ns < $3 GROUP BY 1, 2`,
					acct, ns(sp.From), ns(sp.To), dayNs)
			} else {
				rows, err = tx.Query(ctx, `SELECT endpoint, bucket_ns, requests, charged, cache_hits, latency_us
					FROM usage_totals WHERE account_id = $1 AND level = $2 AND bucket_ns >= $3 AND bucket_ns < $4`,
					acct, string(sp.Level), ns(sp.From), ns(sp.To))
			}
			if err != nil {
				return err
			}
			for rows.Next() {
				var endpoint string
				var start int64
				var t ledger.UsageTotal
				if err := rows.Scan(&endpoint, &start, &t.Requests, &t.Charged, &t.CacheHits, &t.LatencyMicros); err != nil {
					rows.Close()
					return err
				}
				b.AddTotal(unesc(endpoint), atv(start), t)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return ledger.UsageSummary{}, l.fail(err)
	}
	sum := b.Result()
	sum.BalanceCredits = v.BalanceCredits
	sum.CreditsPurchased = v.CreditsPurchased - v.CreditsRefunded
	sum.CreditsUsed = v.CreditsUsed
	return sum, nil
}

const feedbackCols = `id, account_id, classification_id, rating, corrected_intent, corrected_sentiment, corrected_dialect, comment, text, created_ns`

func scanFeedback(row pgx.Row) (ledger.Feedback, error) {
	var f ledger.Feedback
	var created int64
	err := row.Scan(&f.ID, &f.AccountID, &f.ClassificationID, &f.Rating, &f.CorrectedIntent, &f.CorrectedSentiment,
		&f.CorrectedDialect, &f.Comment, &f.Text, &created)
	f.CreatedAt = atv(created)
	for _, s := range []*string{&f.ClassificationID, &f.Rating, &f.CorrectedSentiment, &f.CorrectedDialect, &f.Comment, &f.Text} {
		*s = unesc(*s)
	}
	unescAll(f.CorrectedIntent)
	return f, err
}

// RecentFeedback returns up to max (at most ledger.MaxFeedbackPerAccount)
// of the account's feedback, one per classification, newest first.
func (l *Ledger) RecentFeedback(ctx context.Context, accountID string, max int) ([]ledger.Feedback, error) {
	if max <= 0 {
		return nil, nil
	}
	max = min(max, ledger.MaxFeedbackPerAccount)
	ctx, cancel := l.bound(ctx)
	defer cancel()
	rows, err := l.pool.Query(ctx, "SELECT "+feedbackCols+` FROM feedback WHERE account_id = $1
		ORDER BY created_ns DESC, id DESC LIMIT $2`, esc(accountID), max)
	if err != nil {
		return nil, l.fail(err)
	}
	defer rows.Close()
	var out []ledger.Feedback
	for rows.Next() {
		f, err := scanFeedback(rows)
		if err != nil {
			return nil, l.fail(err)
		}
		out = append(out, f)
	}
	return out, l.fail(rows.Err())
}
