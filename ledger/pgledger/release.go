package pgledger

import (
	"context"
	"sync/atomic"
	"time"
)

// Holds whose Commit or Release failed because the database could not be
// reached are released again in the background, so their credits come back
// as soon as the database does, not when their lease ends (Options.HoldLease,
// 2 minutes by default).
//
// This is exact whatever happened to the failed call: a hold that was
// committed (or released) has no row left, and releaseManySQL finds nothing
// to give back; a hold whose commit is still running on the server is
// locked by it, so the release waits for it and then finds the row gone or
// releases it. A shorter lease renewed while the request runs would also
// bound the wait, but costs a write per renewal on every request; retries
// cost nothing until a call fails.
//
// Bounded: at most Options.ReleaseQueue holds wait (more are left to their
// lease and counted in ReleaseStats), each for at most its lease (the
// reaper's job after that), retried every releaseRetry.

// releaseRetry is how often the pending holds are retried.
const releaseRetry = 250 * time.Millisecond

// releaseManySQL releases the holds of $1 (ids) that still exist.
const releaseManySQL = `WITH h AS (
	DELETE FROM holds WHERE id = ANY($1) RETURNING account_id, kind, price
), s AS (
	SELECT account_id, sum(CASE WHEN kind = 'live' THEN price ELSE 0 END) AS held,
		count(*) FILTER (WHERE kind = 'sandbox') AS slots FROM h GROUP BY account_id
)
UPDATE accounts a SET held = a.held - s.held, sandbox_reserved = a.sandbox_reserved - s.slots
FROM s WHERE a.id = s.account_id`

type releaser struct {
	queue   chan string
	dropped atomic.Int64 // holds not queued (queue full): left to their lease
	retried atomic.Int64 // holds released by a retry (or found ended)
}

// releaseLater queues the hold for a background release.
func (l *Ledger) releaseLater(holdID string) {
	select {
	case l.rel.queue <- holdID:
	default:
		l.rel.dropped.Add(1)
	}
}

// ReleaseStats reports the holds released by background retries and those
// left to their lease because the queue was full.
func (l *Ledger) ReleaseStats() (retried, dropped int64) {
	return l.rel.retried.Load(), l.rel.dropped.Load()
}

// releaseLoop retries the queued holds until each is released or its lease
// has passed, until Close.
func (l *Ledger) releaseLoop() {
	defer l.wg.Done()
	pending := map[string]time.Time{} // hold id -> when to give up
	t := time.NewTicker(releaseRetry)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case id := <-l.rel.queue:
			if len(pending) < cap(l.rel.queue) {
				pending[id] = time.Now().Add(l.opts.HoldLease)
			} else {
				l.rel.dropped.Add(1)
			}
			continue
		case <-t.C:
		}
		if len(pending) == 0 {
			continue
		}
		ids := make([]string, 0, len(pending))
		now := time.Now()
		for id, until := range pending {
			if now.After(until) {
				delete(pending, id) // the reaper's now
				continue
			}
			ids = append(ids, id)
		}
		ctx, cancel := context.WithTimeout(context.Background(), l.opts.CallTimeout)
		_, err := l.pool.Exec(ctx, releaseManySQL, ids)
		cancel()
		if err != nil {
			continue // still down: next tick
		}
		for _, id := range ids {
			delete(pending, id)
		}
		l.rel.retried.Add(int64(len(ids)))
	}
}
