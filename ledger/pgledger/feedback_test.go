package pgledger_test

import (
	"sync"
	"testing"
	"time"

	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

// watcher records what WatchFeedback reports.
type watcher struct {
	mu      sync.Mutex
	forgot  []string // "account text correction"
	flushes int
}

func (w *watcher) forget(acct, text string, correction bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.forgot = append(w.forgot, acct+" "+text+" "+map[bool]string{true: "correction", false: "confirmation"}[correction])
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
	b.WatchFeedback(w.forget, w.flush)
	if _, flushes := w.state(); flushes != 1 {
		t.Fatalf("WatchFeedback flushed %d times, want once (a node may have missed feedback before it started)", flushes)
	}
	p, _ := fixture(t, a)
	c := conn(t, url)
	for _, rating := range []string{"incorrect", "correct"} {
		h, err := a.Reserve(ctx, p, 0)
		must(t, err)
		now := clk.Now()
		fb := ledger.Feedback{ID: id.New("fb", now), AccountID: p.Account.ID, ClassificationID: "cls_x", Rating: rating,
			Text: "the box was damaged " + rating, TextKey: "k", CreatedAt: now}
		_, err = a.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", now), Endpoint: "/v1/feedback", At: now}, Feedback: &fb})
		must(t, err)
	}
	waitUntil(t, "both feedbacks reported on B", func() bool { f, _ := w.state(); return len(f) == 2 })
	f, _ := w.state()
	if f[0] != p.Account.ID+" the box was damaged incorrect correction" || f[1] != p.Account.ID+" the box was damaged correct confirmation" {
		t.Fatalf("reported %q", f)
	}
	// By application_name: a listener's last query is not always its
	// LISTEN (it reads each notified feedback).
	_, err := c.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND starts_with(application_name, $1)`, pgledger.ListenerApp)
	must(t, err)
	waitUntil(t, "B's watcher flushed after its listener reconnected", func() bool { _, n := w.state(); return n >= 2 && pgledger.Listening(b) >= 2 })
}
