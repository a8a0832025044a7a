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
	FROM keys k
	WHERE a.id = $1 AND k.id = $2 AND k.account_id = a.id
		AND k.revoked_ns IS NULL AND (k.expires_ns IS NULL OR k.expires_ns > $4)
		AND CASE WHEN k.kind = 'live' THEN a.purchased - a.refunded - a.captured - a.held >= $3::bigint
			ELSE a.sandbox_used + a.sandbox_reserved < 100 END
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
	err := l.pool.QueryRow(ctx, reserveSQL, esc(p.Account.ID), esc(p.Key.ID), price, ns(now), h.ID, l.opts.Node,
		l.opts.HoldLease.Seconds()).Scan(&kind, &h.Receipt.BalanceCredits, &h.Receipt.SandboxRemaining)
	if err == nil {
		h.Kind = ledger.KeyKind(kind)
		return h, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return nil, l.fail(err)
	}
	// Refused: say why (a read; nothing was written).
	var usable bool
	var avail int64
	var left int
	err = l.pool.QueryRow(ctx, `SELECT k.kind, k.revoked_ns IS NULL AND (k.expires_ns IS NULL OR k.expires_ns > $3),
		a.purchased - a.refunded - a.captured - a.held, 100 - a.sandbox_used - a.sandbox_reserved
		FROM keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = $2 AND a.id = $1`,
		esc(p.Account.ID), esc(p.Key.ID), ns(now)).Scan(&kind, &usable, &avail, &left)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, ledger.ErrUnauthenticated
	case err != nil:
		return nil, l.fail(err)
	case !usable:
		return nil, ledger.ErrUnauthenticated
	case kind == string(ledger.Sandbox):
		return nil, ledger.ErrQuotaExhausted
	default:
		return nil, &ledger.InsufficientCreditsError{BalanceCredits: max(avail, 0), RequiredCredits: price}
	}
}

// releaseSQL deletes a hold and gives back what it reserved. $1 hold id.
const releaseSQL = `WITH h AS (DELETE FROM holds WHERE id = $1 RETURNING account_id, kind, price)
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
	_, err := l.pool.Exec(ctx, releaseSQL, esc(h.ID))
	err = l.fail(err)
	if errors.Is(err, ledger.ErrUnavailable) {
		l.releaseLater(esc(h.ID))
	}
	return err
}

// commitSQL ends a hold in one statement: deletes it, captures its price
// ($2: charge, live keys only) or counts its sandbox slot, and inserts the
// usage record and the optional comment and feedback from the hold's own
// account and key. No hold row (committed, released or reaped already):
// no row returned, nothing written.
//
// $1 hold, $2 charge, usage: $3 id, $4 endpoint, $5 list price, $6 cache hit, $7 latency, $8 at;
// comment (when $9): $10 id, $11 text, $12 platform, $13 intent, $14 intents, $15 sentiment,
// $16 language, $17 dialect, $18 toxicity, $19 channel, $20 author, $21 created, $22 classified;
// feedback (when $23): $24 id, $25 classification, $26 rating, $27 corrected intent,
// $28 corrected sentiment, $29 comment, $30 text, $31 text key, $32 created.
const commitSQL = `WITH h AS (
	DELETE FROM holds WHERE id = $1 RETURNING account_id, key_id, kind, price
), a AS (
	UPDATE accounts a SET
		held = a.held - CASE WHEN h.kind = 'live' THEN h.price ELSE 0 END,
		captured = a.captured + CASE WHEN h.kind = 'live' AND $2 THEN h.price ELSE 0 END,
		sandbox_reserved = a.sandbox_reserved - CASE WHEN h.kind = 'sandbox' THEN 1 ELSE 0 END,
		sandbox_used = a.sandbox_used + CASE WHEN h.kind = 'sandbox' THEN 1 ELSE 0 END
	FROM h WHERE a.id = h.account_id
	RETURNING a.id, h.key_id, h.kind, CASE WHEN h.kind = 'live' AND $2 THEN h.price ELSE 0 END AS charged,
		a.purchased - a.refunded - a.captured - a.held AS avail, 100 - a.sandbox_used - a.sandbox_reserved AS slots_left
), u AS (
	INSERT INTO usage (id, account_id, key_id, endpoint, list_price, charged, cache_hit, sandbox, latency_us, at_ns)
	SELECT $3, a.id, a.key_id, $4, $5, a.charged, $6, a.kind = 'sandbox', $7, $8 FROM a
), c AS (
	INSERT INTO comments (id, account_id, text, platform, intent, intents, sentiment, language, dialect, toxicity,
		channel_id, author, created_ns, classified_ns)
	SELECT $10, a.id, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22 FROM a WHERE $9
), f AS (
	INSERT INTO feedback (id, account_id, classification_id, rating, corrected_intent, corrected_sentiment, comment,
		text, text_key, created_ns)
	SELECT $24, a.id, $25, $26, $27, $28, $29, $30, $31, $32 FROM a WHERE $23
)
SELECT charged, avail, slots_left FROM a`

// Commit ends h: captures its price (charge, live keys), counts its sandbox
// slot, and writes r, in one statement committed durably before it returns.
// A hold already ended is ErrHoldEnded. On an error the server answered
// (a duplicate comment id, a broken invariant) nothing was written and the
// hold is released; when the database could not be reached the outcome is
// unknown (ErrUnavailable) and the hold is released in the background once
// the database is back, which gives back nothing if it did commit.
func (l *Ledger) Commit(ctx context.Context, h *ledger.Hold, charge bool, r ledger.Records) (ledger.Receipt, error) {
	if h == nil || h.ID == "" {
		return ledger.Receipt{}, fmt.Errorf("%w: hold of another store", ledger.ErrInvalid)
	}
	u := &r.Usage
	if u.ID == "" {
		return ledger.Receipt{}, fmt.Errorf("%w: usage without id", ledger.ErrInvalid)
	}
	var c ledger.Comment
	if r.Comment != nil {
		c = *r.Comment
		if c.ID == "" {
			return ledger.Receipt{}, fmt.Errorf("%w: comment without id", ledger.ErrInvalid)
		}
		if c.Intents == nil {
			c.Intents = []string{}
		}
	}
	var f ledger.Feedback
	if r.Feedback != nil {
		f = *r.Feedback
		if f.ID == "" {
			return ledger.Receipt{}, fmt.Errorf("%w: feedback without id", ledger.ErrInvalid)
		}
		if f.CorrectedIntent == nil {
			f.CorrectedIntent = []string{}
		}
	}
	ctx, cancel := l.bound(ctx)
	defer cancel()
	var rc ledger.Receipt
	var charged int64
	err := l.pool.QueryRow(ctx, commitSQL, esc(h.ID), charge,
		esc(u.ID), esc(u.Endpoint), u.ListCredits, u.CacheHit, u.LatencyMicros, ns(u.At),
		r.Comment != nil, esc(c.ID), esc(c.Text), esc(c.Platform), esc(c.Intent), escAll(c.Intents), esc(c.Sentiment),
		esc(c.Language), esc(c.Dialect), esc(c.Toxicity), esc(c.ChannelID), esc(c.Author), ns(c.CreatedAt), ns(c.ClassifiedAt),
		r.Feedback != nil, esc(f.ID), esc(f.ClassificationID), esc(f.Rating), escAll(f.CorrectedIntent), esc(f.CorrectedSentiment),
		esc(f.Comment), esc(f.Text), esc(f.TextKey), ns(f.CreatedAt),
	).Scan(&charged, &rc.BalanceCredits, &rc.SandboxRemaining)
	if errors.Is(err, pgx.ErrNoRows) {
		return ledger.Receipt{}, ledger.ErrHoldEnded
	}
	if err != nil {
		err = l.fail(err)
		if errors.Is(err, ledger.ErrUnavailable) {
			l.releaseLater(esc(h.ID)) // a no-op if it did commit
		} else if !errors.Is(err, ledger.ErrClosed) {
			l.Release(ctx, h)
		}
		return ledger.Receipt{}, err
	}
	rc.BalanceCredits = max(rc.BalanceCredits, 0)
	return rc, nil
}

// reapSQL releases up to 500 holds whose lease ran out, one account per
// row update; SKIP LOCKED lets the reapers of several nodes share the work.
const reapSQL = `WITH h AS (
	DELETE FROM holds WHERE id IN (SELECT id FROM holds WHERE expires_at < now() LIMIT 500 FOR UPDATE SKIP LOCKED)
	RETURNING account_id, kind, price
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
