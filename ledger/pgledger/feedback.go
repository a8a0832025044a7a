package pgledger

import (
	"context"

	"github.com/jackc/pgx/v5"

	"svc/ledger"
)

// feedbackChannel carries the id of each feedback, sent by the trigger
// feedback_notify of the inserting (or replacing) transaction (schema.sql;
// delivered at its commit): every node's listener reads the feedback and
// tells its watcher, so a correction on node A teaches node B too.
const feedbackChannel = "svc_feedback"

// feedbackLimitCode is the SQLSTATE the trigger feedback_limit raises
// (schema.sql): ledger.ErrFeedbackLimit.
const feedbackLimitCode = "SVFB1"

// The literal 3000 in schema.sql's feedback_limit: this fails to compile if
// ledger.MaxFeedbackPerAccount is ever changed without it.
const _ = uint(ledger.MaxFeedbackPerAccount-3000) + uint(3000-ledger.MaxFeedbackPerAccount)

// feedbackWatch is what WatchFeedback registered.
type feedbackWatch struct {
	heard func(ledger.Feedback)
	flush func()
}

// WatchFeedback has heard called with every feedback committed on any node
// (this one included), read whole from its row. flush is called now and
// whenever the listener reconnects: feedback committed while it was away
// (or before this node started) was not heard.
func (l *Ledger) WatchFeedback(heard func(ledger.Feedback), flush func()) {
	l.feedback.Store(&feedbackWatch{heard: heard, flush: flush})
	flush()
}

// feedbackFlush tells the watcher that notifications may have been missed.
func (l *Ledger) feedbackFlush() {
	if w := l.feedback.Load(); w != nil {
		w.flush()
	}
}

// feedbackHeard reads the feedback a notification names (on the listener's
// connection) and tells the watcher; a feedback it cannot read flushes. A
// feedback replaced since the notification is not found by its id: the
// replacing one has its own notification.
func (l *Ledger) feedbackHeard(ctx context.Context, conn *pgx.Conn, feedbackID string) {
	w := l.feedback.Load()
	if w == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, l.opts.CallTimeout)
	defer cancel()
	f, err := scanFeedback(conn.QueryRow(ctx, "SELECT "+feedbackCols+" FROM feedback WHERE id = $1", feedbackID))
	if err == pgx.ErrNoRows {
		return
	}
	if err != nil {
		logErr("pgledger: reading a notified feedback", err)
		w.flush()
		return
	}
	f.AccountID = unesc(f.AccountID)
	w.heard(f)
}
