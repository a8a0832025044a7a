package pgledger_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

// watcher records what WatchFeedback reports.
type watcher struct {
	mu      sync.Mutex
	forgot  []string // "account classification text rating sentiment"
	flushes int
}

func (w *watcher) heard(f ledger.Feedback) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.forgot = append(w.forgot, f.AccountID+" "+f.ClassificationID+" "+f.Text+" "+f.Rating+" "+f.CorrectedSentiment)
}

func (w *watcher) flush() { w.mu.Lock(); w.flushes++; w.mu.Unlock() }

func (w *watcher) state() ([]string, int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.forgot...), w.flushes
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second) // bounds a hang only
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Feedback committed on node A is reported to node B's watcher (NOTIFY from
// the feedback's transaction), corrections and confirmations told apart;
// B's listener reconnecting flushes B's watcher.
func TestFeedbackReachesOtherNodes(t *testing.T) {
	url := testpg.DB(t)
	clk := ledgertest.NewClock()
	a := open(t, url, pgledger.Options{Now: clk.Now})
	b := open(t, url, pgledger.Options{Now: clk.Now})
	// Notifications sent before a listener listens are not heard (what the
	// flushes are for): wait for both nodes' listeners, before B's watcher
	// is set, so that the listener's own first flush is not counted below.
	waitUntil(t, "both listeners listening", func() bool { return pgledger.Listening(a) == 1 && pgledger.Listening(b) == 1 })
	var w watcher
	b.WatchFeedback(w.heard, w.flush)
	if _, flushes := w.state(); flushes != 1 {
		t.Fatalf("WatchFeedback flushed %d times, want once (a node may have missed feedback before it started)", flushes)
	}
	p, _ := fixture(t, a)
	c := conn(t, url)
	for i, rating := range []string{"incorrect", "correct"} {
		clk.Advance(time.Second)
		h, err := a.Reserve(ctx, p, 0)
		must(t, err)
		now := clk.Now()
		fb := ledger.Feedback{ID: id.New("fb", now), AccountID: p.Account.ID, ClassificationID: "cls_x", Rating: rating,
			CorrectedSentiment: "negative", Text: "the box was damaged", CreatedAt: now}
		_, err = a.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", now), Endpoint: "/v1/feedback", At: now}, Feedback: &fb})
		must(t, err)
		// One at a time: a notification read after its feedback was
		// replaced finds nothing (the replacing one is reported instead).
		waitUntil(t, "the feedback reported on B", func() bool { f, _ := w.state(); return len(f) == i+1 })
	}
	f, _ := w.state()
	if f[0] != p.Account.ID+" cls_x the box was damaged incorrect negative" || f[1] != p.Account.ID+" cls_x the box was damaged correct negative" {
		t.Fatalf("reported %q (the second replaces the first: an UPDATE notifies too)", f)
	}
	if fbs, err := a.RecentFeedback(ctx, p.Account.ID, 10); err != nil || len(fbs) != 1 || fbs[0].Rating != "correct" {
		t.Fatalf("stored %+v %v, want the newest feedback of cls_x alone", fbs, err)
	}
	// By application_name: a listener's last query is not always its
	// LISTEN (it reads each notified feedback).
	_, err := c.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND starts_with(application_name, $1)`, pgledger.ListenerApp)
	must(t, err)
	waitUntil(t, "B's watcher flushed after its listener reconnected", func() bool { _, n := w.state(); return n >= 2 && pgledger.Listening(b) >= 2 })
}

// An account storing feedback on ledger.MaxFeedbackPerAccount
// classifications gets ErrFeedbackLimit for one more (nothing written, no
// usage row); feedback replacing a stored one still commits.
func TestFeedbackLimit(t *testing.T) {
	url := testpg.DB(t)
	clk := ledgertest.NewClock()
	a := open(t, url, pgledger.Options{Now: clk.Now})
	p, _ := fixture(t, a)
	c := conn(t, url)
	_, err := c.Exec(ctx, `INSERT INTO feedback (id, account_id, classification_id, rating, corrected_intent, corrected_sentiment,
		comment, text, text_key, created_ns) SELECT 'fb_' || i, $1, 'cls_' || i, 'correct', '{}', 'neutral', '', 't', '', i
		FROM generate_series(1, $2) i`, p.Account.ID, ledger.MaxFeedbackPerAccount)
	must(t, err)
	commit := func(cls string) error {
		clk.Advance(time.Second)
		h, err := a.Reserve(ctx, p, 0)
		must(t, err)
		now := clk.Now()
		fb := ledger.Feedback{ID: id.New("fb", now), AccountID: p.Account.ID, ClassificationID: cls, Rating: "incorrect",
			CorrectedSentiment: "negative", Text: "t", CreatedAt: now}
		_, err = a.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", now), Endpoint: "/v1/feedback", At: now}, Feedback: &fb})
		return err
	}
	if err := commit("cls_new"); !errors.Is(err, ledger.ErrFeedbackLimit) {
		t.Fatalf("feedback beyond the cap: %v, want ErrFeedbackLimit", err)
	}
	if err := commit("cls_7"); err != nil {
		t.Fatalf("feedback replacing a stored one: %v", err)
	}
	var n int
	must(t, c.QueryRow(ctx, "SELECT count(*) FROM feedback WHERE account_id = $1", p.Account.ID).Scan(&n))
	if n != ledger.MaxFeedbackPerAccount {
		t.Fatalf("%d feedback rows, want %d", n, ledger.MaxFeedbackPerAccount)
	}
	fbs, err := a.RecentFeedback(ctx, p.Account.ID, 1)
	if err != nil || len(fbs) != 1 || fbs[0].ClassificationID != "cls_7" || fbs[0].CorrectedSentiment != "negative" {
		t.Fatalf("newest %+v %v", fbs, err)
	}
}

// Two transactions storing an account's new feedback at once, one short of
// the cap, cannot both pass the count: the second waits on the account's
// row, counts after the first committed and gets SVFB1.
func TestFeedbackLimitConcurrent(t *testing.T) {
	url := testpg.DB(t)
	clk := ledgertest.NewClock()
	a := open(t, url, pgledger.Options{Now: clk.Now})
	p, _ := fixture(t, a)
	c1, c2 := conn(t, url), conn(t, url)
	_, err := c1.Exec(ctx, `INSERT INTO feedback (id, account_id, classification_id, rating, corrected_intent, corrected_sentiment,
		comment, text, text_key, created_ns) SELECT 'fb_' || i, $1, 'cls_' || i, 'correct', '{}', 'neutral', '', 't', '', i
		FROM generate_series(1, $2) i`, p.Account.ID, ledger.MaxFeedbackPerAccount-1)
	must(t, err)
	insert := `INSERT INTO feedback (id, account_id, classification_id, rating, corrected_intent, corrected_sentiment,
		comment, text, text_key, created_ns) VALUES ($1, $2, $3, 'correct', '{}', 'neutral', '', 't', '', 1)`
	tx1, err := c1.Begin(ctx)
	must(t, err)
	_, err = tx1.Exec(ctx, insert, "fb_a", p.Account.ID, "cls_a")
	must(t, err)
	second := make(chan error, 1)
	go func() {
		_, err := c2.Exec(ctx, insert, "fb_b", p.Account.ID, "cls_b")
		second <- err
	}()
	select {
	case err := <-second:
		t.Fatalf("the second insert did not wait for the first transaction: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	must(t, tx1.Commit(ctx))
	err = <-second
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "SVFB1" {
		t.Fatalf("second insert at the cap: %v, want SQLSTATE SVFB1", err)
	}
	var n int
	must(t, c1.QueryRow(ctx, "SELECT count(*) FROM feedback WHERE account_id = $1", p.Account.ID).Scan(&n))
	if n != ledger.MaxFeedbackPerAccount {
		t.Fatalf("%d feedback rows, want %d", n, ledger.MaxFeedbackPerAccount)
	}
}
