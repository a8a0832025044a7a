package pgledger

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// feedbackChannel carries the id of each feedback, sent by the trigger
// feedback_notify of the inserting transaction (schema.sql; delivered at its
// commit): every node's listener reads the feedback and tells its watcher,
// so a correction on node A stops node B from serving what its cache
// answered for the corrected text.
const feedbackChannel = "svc_feedback"

// feedbackWatch is what WatchFeedback registered.
type feedbackWatch struct {
	forget func(accountID, text string, correction bool)
	flush  func()
}

// WatchFeedback has forget called for every feedback committed on any node
// (this one included): the account, the classified text, and whether it
// corrects (rating incorrect or partial). flush is called now and whenever
// the listener reconnects: feedback committed while it was away (or before
// this node started: a cache on disk outlives the process) was not heard.
func (l *Ledger) WatchFeedback(forget func(accountID, text string, correction bool), flush func()) {
	l.feedback.Store(&feedbackWatch{forget: forget, flush: flush})
	flush()
}

// feedbackFlush tells the watcher that notifications may have been missed.
func (l *Ledger) feedbackFlush() {
	if w := l.feedback.Load(); w != nil {
		w.flush()
	}
}

// feedbackHeard reads the feedback a notification names (on the listener's
// connection) and tells the watcher; a feedback it cannot read flushes.
func (l *Ledger) feedbackHeard(ctx context.Context, conn *pgx.Conn, feedbackID string) {
	w := l.feedback.Load()
	if w == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, l.opts.CallTimeout)
	defer cancel()
	var account, text, rating string
	err := conn.QueryRow(ctx, "SELECT account_id, text, rating FROM feedback WHERE id = $1", feedbackID).Scan(&account, &text, &rating)
	if err != nil {
		logErr("pgledger: reading a notified feedback", err)
		w.flush()
		return
	}
	w.forget(unesc(account), unesc(text), unesc(rating) != "correct")
}
