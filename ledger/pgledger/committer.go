package pgledger

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"svc/ledger"
)

// Group commit. Every Commit and Charge is an op queued to the node's
// committers; a committer takes what is queued (at most
// Options.CommitBatch ops, never waiting for more: an idle queue means a
// batch of one) and writes it as one pgx.Batch: one round trip and one
// implicit transaction (the statements up to the batch's Sync), so one WAL
// flush for all of them. Each op's caller waits for the batch's durable
// commit and gets its own answer.
//
// Invariants:
//   - Ops run in account id order (stable: one account's ops keep their
//     queue order), so the row locks of two batches, on this node or
//     another, are taken in the same order and cannot deadlock.
//   - Each op's capture is one conditional statement executed in order
//     inside the transaction: an account appearing k times in a batch passes
//     exactly as many captures as its balance covers, as k separate
//     transactions would.
//   - An op's rows are a list of statements (rowStmt): the capture writes the
//     usage row, and every other row (comment, feedback) inserts from that
//     usage row, so a refused or ended op writes nothing.
//   - A batch either commits whole or writes nothing. A batch the server
//     refused (a statement failed: a duplicate comment id, a deadlock) was
//     rolled back: its ops are retried one per transaction, so only the op
//     at fault fails. A batch whose connection failed may or may not have
//     committed: every op gets ErrUnavailable (Commit's "outcome unknown").

// op is one Commit (hold set) or Charge (hold nil) waiting for its batch.
type op struct {
	account string
	hold    *ledger.Hold // Commit
	p       ledger.Principal
	price   int64 // Charge
	charge  bool
	now     int64 // the service clock (ns) when queued: key expiry
	r       ledger.Records
	nrows   int // statements after the capture in the batch being written

	// The answer, set by the committer before done is closed.
	done     chan struct{}
	captured bool // the capture statement returned its row
	rc       ledger.Receipt
	err      error
}

// rowStmt is one statement of an op after its capture.
type rowStmt struct {
	sql  string
	args []any
}

// totalLevelsSQL is the two totals every usage row adds to (schema.sql,
// usage_totals): its hour and its UTC day, as (level, width in ns).
const totalLevelsSQL = `(VALUES ('h', 3600000000000::bigint), ('d', 86400000000000::bigint)) w(level, width)`

// totalUpsertSQL adds the inserted row (EXCLUDED) to an existing total.
// Each capture statement adds one usage row, so it touches each total at
// most once; the account row it updates first is locked until the commit,
// so the totals of one account are updated in the order of its captures,
// and two transactions never wait for each other's totals.
const totalUpsertSQL = `ON CONFLICT (account_id, level, bucket_ns, endpoint) DO UPDATE SET requests = t.requests + 1,
		charged = t.charged + EXCLUDED.charged, cache_hits = t.cache_hits + EXCLUDED.cache_hits,
		latency_us = t.latency_us + EXCLUDED.latency_us`

// captureCommitSQL ends a hold: deletes it, captures its price ($2: charge,
// live keys only) or counts its sandbox slot, and writes the usage record
// and adds it to its hour and day totals.
// No hold row (committed, released or reaped already): no row, nothing
// written. $1 hold, $2 charge, usage: $3 id, $4 endpoint, $5 list price,
// $6 cache hit, $7 latency, $8 at.
const captureCommitSQL = `WITH h AS (
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
), t AS (
	INSERT INTO usage_totals AS t (account_id, level, bucket_ns, endpoint, requests, charged, cache_hits, latency_us)
	SELECT a.id, w.level, $8::bigint - (($8::bigint % w.width) + w.width) % w.width, $4, 1, a.charged,
		CASE WHEN $6 THEN 1 ELSE 0 END, $7 FROM a, ` + totalLevelsSQL + `
	` + totalUpsertSQL + `
)
SELECT charged, avail, slots_left FROM a`

// captureChargeSQL is a reserve and a commit in one conditional statement
// (no hold row): the account row is updated only if the key is usable and
// the invariant holds after (reserveWhereSQL), capturing the price ($5:
// charge, live keys only) or counting the sandbox slot, and the usage
// record is written from the updated row and added to its totals. Refused: no row, nothing written.
// $1 account, $2 key, $3 price, $4 now, $5 charge, usage: $6 id,
// $7 endpoint, $8 cache hit, $9 latency, $10 at.
const captureChargeSQL = `WITH a AS (
	UPDATE accounts a SET
		captured = a.captured + CASE WHEN k.kind = 'live' AND $5 THEN $3::bigint ELSE 0 END,
		sandbox_used = a.sandbox_used + CASE WHEN k.kind = 'sandbox' THEN 1 ELSE 0 END
	FROM keys k` + reserveWhereSQL + `
	RETURNING a.id, k.id AS key_id, k.kind, CASE WHEN k.kind = 'live' AND $5 THEN $3::bigint ELSE 0 END AS charged,
		a.purchased - a.refunded - a.captured - a.held AS avail, 100 - a.sandbox_used - a.sandbox_reserved AS slots_left
), u AS (
	INSERT INTO usage (id, account_id, key_id, endpoint, list_price, charged, cache_hit, sandbox, latency_us, at_ns)
	SELECT $6, a.id, a.key_id, $7, $3, a.charged, $8, a.kind = 'sandbox', $9, $10 FROM a
), t AS (
	INSERT INTO usage_totals AS t (account_id, level, bucket_ns, endpoint, requests, charged, cache_hits, latency_us)
	SELECT a.id, w.level, $10::bigint - (($10::bigint % w.width) + w.width) % w.width, $7, 1, a.charged,
		CASE WHEN $8 THEN 1 ELSE 0 END, $9 FROM a, ` + totalLevelsSQL + `
	` + totalUpsertSQL + `
)
SELECT charged, avail, slots_left FROM a`

// commentSQL inserts a comment if its op's usage row ($1) was written in
// this transaction. $2 id, $3 text, $4 platform, $5 intent, $6 intents,
// $7 sentiment, $8 language, $9 dialect, $10 toxicity, $11 channel,
// $12 author, $13 created, $14 classified.
const commentSQL = `INSERT INTO comments (id, account_id, text, platform, intent, intents, sentiment, language, dialect,
	toxicity, channel_id, author, created_ns, classified_ns)
SELECT $2, u.account_id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14 FROM usage u WHERE u.id = $1`

// feedbackSQL inserts a feedback record if its op's usage row ($1) was
// written in this transaction, or replaces the classification's stored one
// when it is newer (created, then id). $2 id, $3 classification, $4 rating,
// $5 corrected intent, $6 corrected sentiment, $7 comment, $8 text,
// $9 corrected dialect, $10 created. The trigger feedback_limit refuses a
// classification beyond the account's cap (schema.sql).
const feedbackSQL = `INSERT INTO feedback AS f (id, account_id, classification_id, rating, corrected_intent, corrected_sentiment,
	comment, text, text_key, corrected_dialect, created_ns)
SELECT $2, u.account_id, $3, $4, $5, $6, $7, $8, '', $9, $10 FROM usage u WHERE u.id = $1
ON CONFLICT (account_id, classification_id) DO UPDATE SET id = EXCLUDED.id, rating = EXCLUDED.rating,
	corrected_intent = EXCLUDED.corrected_intent, corrected_sentiment = EXCLUDED.corrected_sentiment,
	corrected_dialect = EXCLUDED.corrected_dialect, comment = EXCLUDED.comment, text = EXCLUDED.text,
	created_ns = EXCLUDED.created_ns
WHERE (f.created_ns, f.id) < (EXCLUDED.created_ns, EXCLUDED.id)`

// capture returns the op's capture statement and its arguments.
func (o *op) capture() (string, []any) {
	u := &o.r.Usage
	if o.hold != nil {
		return captureCommitSQL, []any{esc(o.hold.ID), o.charge,
			esc(u.ID), esc(u.Endpoint), u.ListCredits, u.CacheHit, u.LatencyMicros, ns(u.At)}
	}
	return captureChargeSQL, []any{esc(o.p.Account.ID), esc(o.p.Key.ID), o.price, o.now, o.charge,
		esc(u.ID), esc(u.Endpoint), u.CacheHit, u.LatencyMicros, ns(u.At)}
}

// rows returns the statements that write the op's other rows, in order.
// A new kind of row (written atomically with the capture) is one more
// statement here, inserting from the usage row like these.
func (o *op) rows() []rowStmt {
	var out []rowStmt
	use := esc(o.r.Usage.ID)
	if c := o.r.Comment; c != nil {
		intents := c.Intents
		if intents == nil {
			intents = []string{}
		}
		out = append(out, rowStmt{commentSQL, []any{use, esc(c.ID), esc(c.Text), esc(c.Platform), esc(c.Intent),
			escAll(intents), esc(c.Sentiment), esc(c.Language), esc(c.Dialect), esc(c.Toxicity), esc(c.ChannelID),
			esc(c.Author), ns(c.CreatedAt), ns(c.ClassifiedAt)}})
	}
	if f := o.r.Feedback; f != nil {
		corrected := f.CorrectedIntent
		if corrected == nil {
			corrected = []string{}
		}
		out = append(out, rowStmt{feedbackSQL, []any{use, esc(f.ID), esc(f.ClassificationID), esc(f.Rating),
			escAll(corrected), esc(f.CorrectedSentiment), esc(f.Comment), esc(f.Text), esc(f.CorrectedDialect), ns(f.CreatedAt)}})
	}
	return out
}

// submit queues o and waits for its batch. The queue is bounded: a caller
// whose deadline passes while it is full gets ErrUnavailable (nothing
// written). Once queued, o is answered by its batch, which runs under
// CallTimeout: the caller waits for that answer, so no response is sent
// before its commit is durable or known failed.
func (l *Ledger) submit(ctx context.Context, o *op) {
	o.done = make(chan struct{})
	select {
	case l.queue <- o:
	case <-ctx.Done():
		o.err = unavailable(ctx.Err())
		return
	case <-l.stop:
		o.err = ledger.ErrClosed
		return
	}
	select {
	case <-o.done:
	case <-l.committed:
		// The committers have stopped; they answer every op they took
		// before stopping, so check once more before calling it dropped.
		select {
		case <-o.done:
		default:
			o.err = ledger.ErrClosed
		}
	}
}

// commit runs until Close: takes the first queued op, then whatever else is
// queued (up to CommitBatch), and writes them as one batch.
func (l *Ledger) commit() {
	defer l.cwg.Done()
	batch := make([]*op, 0, l.opts.CommitBatch)
	for {
		batch = batch[:0]
		select {
		case <-l.stop:
			return
		case o := <-l.queue:
			batch = append(batch, o)
		}
	more:
		for len(batch) < cap(batch) {
			select {
			case o := <-l.queue:
				batch = append(batch, o)
			default:
				break more
			}
		}
		l.runBatch(batch)
	}
}

// runBatch writes ops as one transaction and answers each of them; on a
// statement's failure, one transaction per op (see the invariants above).
func (l *Ledger) runBatch(ops []*op) {
	slices.SortStableFunc(ops, func(a, b *op) int { return strings.Compare(a.account, b.account) })
	err := l.execBatch(ops)
	if err != nil && pgconn.SafeToRetry(err) && l.lostConn(context.Background(), err) {
		// Nothing of the batch reached the server: sending it on a fresh
		// connection is not a replay. A batch that was sent is never sent
		// again (conncheck.go).
		err = l.execBatch(ops)
	}
	if err == nil {
		for _, o := range ops {
			close(o.done)
		}
		return
	}
	var pe *pgconn.PgError
	if len(ops) > 1 && errors.As(err, &pe) && !errors.Is(l.fail(err), ledger.ErrUnavailable) {
		for _, o := range ops {
			l.runBatch([]*op{o})
		}
		return
	}
	err = l.fail(err)
	for _, o := range ops {
		o.captured, o.rc, o.err = false, ledger.Receipt{}, err
		close(o.done)
	}
}

// execBatch sends ops as one pgx.Batch (one implicit transaction, committed
// at its Sync with synchronous_commit on) and fills each op's captured and
// rc. An error means the transaction did not commit, or, for a connection
// lost while committing, that its outcome is unknown.
func (l *Ledger) execBatch(ops []*op) error {
	ctx, cancel := context.WithTimeout(context.Background(), l.opts.CallTimeout)
	defer cancel()
	b := &pgx.Batch{}
	var injected []int // statements a test hook queued before op i (and after the last)
	for i, o := range ops {
		if l.batchHook != nil {
			injected = append(injected, l.batchHook(b, i))
		}
		sql, args := o.capture()
		b.Queue(sql, args...)
		rows := o.rows()
		for _, s := range rows {
			b.Queue(s.sql, s.args...)
		}
		o.nrows = len(rows)
	}
	if l.batchHook != nil {
		injected = append(injected, l.batchHook(b, len(ops)))
	}
	br := l.pool.SendBatch(ctx, b)
	skip := func(i int) error {
		for j := 0; i < len(injected) && j < injected[i]; j++ {
			if _, err := br.Exec(); err != nil {
				return err
			}
		}
		return nil
	}
	read := func() error {
		for i, o := range ops {
			if err := skip(i); err != nil {
				return err
			}
			var charged int64
			err := br.QueryRow().Scan(&charged, &o.rc.BalanceCredits, &o.rc.SandboxRemaining)
			switch {
			case errors.Is(err, pgx.ErrNoRows):
				o.captured, o.rc = false, ledger.Receipt{}
			case err != nil:
				return err
			default:
				o.captured = true
				o.rc.BalanceCredits = max(o.rc.BalanceCredits, 0)
			}
			for range o.nrows {
				if _, err := br.Exec(); err != nil {
					return err
				}
			}
		}
		return skip(len(ops))
	}
	err := read()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		l.batches.Add(1)
		l.batchedOps.Add(uint64(len(ops)))
	}
	return err
}

// BatchStats returns how many group commits this node made and how many
// Commit and Charge calls they carried (ops / batches is the mean batch).
func (l *Ledger) BatchStats() (batches, ops uint64) {
	return l.batches.Load(), l.batchedOps.Load()
}
