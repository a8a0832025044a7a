// Package ledgertest is the conformance suite of ledger.Ledger: what every
// implementation (the Pebble *Store, pgledger) must do, checked through the
// interface only. Run it from each implementation's tests:
//
//	func TestConformance(t *testing.T) { ledgertest.Run(t, open) }
package ledgertest

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"svc/id"
	"svc/ledger"
)

// Opener opens a fresh, empty store for test t on the clock now, and returns
// it with reopen, which closes the store and opens it again on the same data
// (a restart). The opener closes whatever is open at t's end.
type Opener func(t *testing.T, now func() time.Time) (l ledger.Ledger, reopen func() ledger.Ledger)

// Clock is a settable service clock.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock starts at a fixed Monday, 10:00 UTC.
func NewClock() *Clock { return &Clock{t: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)} }

func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

var ctx = context.Background()

// Run runs every conformance test against the stores open makes.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, *env)
	}{
		{"ExactlyNOf100ParallelReserves", testExactlyN},
		{"SandboxQuotaExactUnderRacers", testSandboxQuota},
		{"CommitOnceUnderRacers", testCommitOnce},
		{"ReleaseAndReceipts", testReleaseAndReceipts},
		{"RefundsFIFOAndWindow", testRefunds},
		{"Revocation", testRevocation},
		{"CommentsAnalyticsUsageFeedback", testRecords},
		{"DuplicateCommentIDChargesNothing", testDuplicateComment},
		{"RestartKeepsEverything", testRestart},
		{"TestClockExpiresSandboxKeys", testClock},
		{"AdminPages", testAdminPages},
		{"AccountList", testAccountList},
		{"ChargeExactlyNUnderRacers", testChargeExactlyN},
		{"ChargeSandboxAndRefusalReceipts", testChargeSandboxAndRefusalReceipts},
		{"Idempotency", testIdempotency},
		{"UsageTotalsEqualRecords", testUsageTotals},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClock()
			l, reopen := open(t, c.Now)
			tc.fn(t, &env{t: t, l: l, reopen: reopen, clock: c})
		})
	}
}

type env struct {
	t      *testing.T
	l      ledger.Ledger
	reopen func() ledger.Ledger
	clock  *Clock
}

func (e *env) must(err error) {
	e.t.Helper()
	if err != nil {
		e.t.Fatal(err)
	}
}

// account makes an account with the given packs and one key of kind.
func (e *env) account(kind ledger.KeyKind, packs ...int) (ledger.Account, ledger.Principal, string) {
	e.t.Helper()
	a, err := e.l.CreateAccount(ctx, "acme", 0)
	e.must(err)
	for _, p := range packs {
		_, err := e.l.Purchase(ctx, a.ID, p)
		e.must(err)
		e.clock.Advance(time.Second) // distinct purchase times: FIFO order is by time
	}
	_, secret, err := e.l.CreateKey(ctx, a.ID, kind)
	e.must(err)
	p, err := e.l.Authenticate(ctx, secret)
	e.must(err)
	if p.Account.ID != a.ID || p.Key.Kind != kind {
		e.t.Fatalf("Authenticate = %+v, want account %s kind %s", p, a.ID, kind)
	}
	return a, p, secret
}

func (e *env) balance(acct string) int64 {
	e.t.Helper()
	b, err := e.l.BalanceCredits(ctx, acct)
	e.must(err)
	return b
}

func (e *env) sandboxLeft(acct string) int {
	e.t.Helper()
	n, err := e.l.SandboxRemaining(ctx, acct)
	e.must(err)
	return n
}

func usage(endpoint string, at time.Time) ledger.Usage {
	return ledger.Usage{ID: id.New("use", at), Endpoint: endpoint, At: at}
}

// paid reserves and commits one charged request; the error of whichever failed.
func (e *env) paid(p ledger.Principal, price int64, r ledger.Records) (ledger.Receipt, error) {
	h, err := e.l.Reserve(ctx, p, price)
	if err != nil {
		return ledger.Receipt{}, err
	}
	if r.Usage.ID == "" {
		r.Usage = usage("/v1/detect", e.clock.Now())
	}
	r.Usage.ListCredits = price
	return e.l.Commit(ctx, h, true, r)
}

// parallel runs n calls of f at once and counts nil errors and errors
// matching want; any other error fails the test.
func parallel(t *testing.T, n int, want error, f func(i int) error) (ok, refused int) {
	t.Helper()
	var okN, refusedN atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			err := f(i)
			switch {
			case err == nil:
				okN.Add(1)
			case errors.Is(err, want):
				refusedN.Add(1)
			default:
				errs <- err
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("unexpected error: %v", err)
	}
	return int(okN.Load()), int(refusedN.Load())
}

// 100 parallel paid requests against a balance for exactly 10: 10 succeed,
// 90 are refused for credits, the balance ends at 0 and never below.
func testExactlyN(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Live, 25) // 25,000 credits
	const price = 2_500
	ok, refused := parallel(t, 100, ledger.ErrInsufficientCredit, func(int) error {
		_, err := e.paid(p, price, ledger.Records{})
		return err
	})
	if ok != 10 || refused != 90 {
		t.Fatalf("%d succeeded, %d refused; want exactly 10 and 90", ok, refused)
	}
	if b := e.balance(a.ID); b != 0 {
		t.Fatalf("balance %d, want 0", b)
	}
	_, err := e.paid(p, 1, ledger.Records{})
	var ic *ledger.InsufficientCreditsError
	if !errors.As(err, &ic) || ic.BalanceCredits != 0 || ic.RequiredCredits != 1 {
		t.Fatalf("reserve on an empty balance: %v (%+v), want InsufficientCreditsError{0, 1}", err, ic)
	}
}

// An account with 95 of 100 sandbox requests used takes exactly 5 more of
// 100 parallel ones; every other is ErrQuotaExhausted.
func testSandboxQuota(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Sandbox)
	for i := range 95 {
		if _, err := e.paid(p, 6, ledger.Records{}); err != nil {
			t.Fatalf("sandbox request %d: %v", i+1, err)
		}
	}
	if n := e.sandboxLeft(a.ID); n != 5 {
		t.Fatalf("SandboxRemaining %d after 95, want 5", n)
	}
	ok, refused := parallel(t, 100, ledger.ErrQuotaExhausted, func(int) error {
		_, err := e.paid(p, 6, ledger.Records{})
		return err
	})
	if ok != 5 || refused != 95 {
		t.Fatalf("%d succeeded, %d refused; want exactly 5 and 95", ok, refused)
	}
	if n := e.sandboxLeft(a.ID); n != 0 {
		t.Fatalf("SandboxRemaining %d, want 0", n)
	}
	if b := e.balance(a.ID); b != 0 {
		t.Fatalf("a sandbox request moved the balance to %d", b)
	}
	// A second sandbox key shares the account's quota.
	_, secret, err := e.l.CreateKey(ctx, a.ID, ledger.Sandbox)
	e.must(err)
	p2, err := e.l.Authenticate(ctx, secret)
	e.must(err)
	if _, err := e.l.Reserve(ctx, p2, 6); !errors.Is(err, ledger.ErrQuotaExhausted) {
		t.Fatalf("second sandbox key: %v, want ErrQuotaExhausted", err)
	}
}

// 20 racers commit one hold: one succeeds, 19 get ErrHoldEnded, the price
// is captured once; a Release after the Commit gives nothing back.
func testCommitOnce(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Live, 25)
	h, err := e.l.Reserve(ctx, p, 100)
	e.must(err)
	ok, ended := parallel(t, 20, ledger.ErrHoldEnded, func(i int) error {
		_, err := e.l.Commit(ctx, h, true, ledger.Records{Usage: usage("/v1/detect", e.clock.Now())})
		return err
	})
	if ok != 1 || ended != 19 {
		t.Fatalf("%d commits succeeded, %d ended; want 1 and 19", ok, ended)
	}
	e.must(e.l.Release(ctx, h))
	if b := e.balance(a.ID); b != 25_000-100 {
		t.Fatalf("balance %d, want %d", b, 25_000-100)
	}
	u, err := e.l.Usage(ctx, a.ID, ledger.UsageQuery{})
	e.must(err)
	if u.TotalRequests != 1 || u.TotalCharged != 100 {
		t.Fatalf("usage %d requests %d charged, want 1 and 100", u.TotalRequests, u.TotalCharged)
	}
}

// A hold lowers the balance available until it ends; Release gives it back
// (twice is harmless); receipts carry the figures after each write.
func testReleaseAndReceipts(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Live, 25)
	h, err := e.l.Reserve(ctx, p, 700)
	e.must(err)
	if h.Kind != ledger.Live || h.Price != 700 || h.AccountID != a.ID || h.Receipt.BalanceCredits != 24_300 {
		t.Fatalf("hold %+v", h)
	}
	if b := e.balance(a.ID); b != 24_300 {
		t.Fatalf("balance with a hold of 700: %d, want 24300", b)
	}
	e.must(e.l.Release(ctx, h))
	e.must(e.l.Release(ctx, h))
	if b := e.balance(a.ID); b != 25_000 {
		t.Fatalf("balance after release: %d, want 25000", b)
	}
	if _, err := e.l.Commit(ctx, h, true, ledger.Records{Usage: usage("/v1/detect", e.clock.Now())}); !errors.Is(err, ledger.ErrHoldEnded) {
		t.Fatalf("commit of a released hold: %v, want ErrHoldEnded", err)
	}
	rc, err := e.paid(p, 300, ledger.Records{})
	e.must(err)
	if rc.BalanceCredits != 24_700 {
		t.Fatalf("receipt %+v, want balance 24700", rc)
	}
	// A cache hit (charge false) captures nothing.
	h, err = e.l.Reserve(ctx, p, 300)
	e.must(err)
	rc, err = e.l.Commit(ctx, h, false, ledger.Records{Usage: usage("/v1/detect", e.clock.Now())})
	e.must(err)
	if rc.BalanceCredits != 24_700 || e.balance(a.ID) != 24_700 {
		t.Fatalf("a hit charged: receipt %+v", rc)
	}
	// Sandbox receipts count slots.
	sa, sp, _ := e.account(ledger.Sandbox)
	sh, err := e.l.Reserve(ctx, sp, 6)
	e.must(err)
	if sh.Kind != ledger.Sandbox || sh.Receipt.SandboxRemaining != 99 {
		t.Fatalf("sandbox hold %+v", sh)
	}
	rc, err = e.l.Commit(ctx, sh, true, ledger.Records{Usage: usage("/v1/detect", e.clock.Now())})
	e.must(err)
	if rc.SandboxRemaining != 99 || e.sandboxLeft(sa.ID) != 99 {
		t.Fatalf("sandbox receipt %+v", rc)
	}
	sh, err = e.l.Reserve(ctx, sp, 6)
	e.must(err)
	e.must(e.l.Release(ctx, sh))
	if n := e.sandboxLeft(sa.ID); n != 99 {
		t.Fatalf("released sandbox slot not given back: %d left", n)
	}
}

func (e *env) purchases(acct string) map[string]ledger.Purchase {
	e.t.Helper()
	page, err := e.l.AccountPurchases(ctx, acct, ledger.PageQuery{Limit: 100})
	e.must(err)
	out := map[string]ledger.Purchase{}
	for _, p := range page.Purchases {
		out[p.ID] = p
	}
	return out
}

// Captures consume purchases oldest first; a refund returns a purchase's
// unconsumed credits (less holds in flight) once, within 14 days.
func testRefunds(t *testing.T, e *env) {
	a, err := e.l.CreateAccount(ctx, "refunds", 0)
	e.must(err)
	p1, err := e.l.Purchase(ctx, a.ID, 25)
	e.must(err)
	e.clock.Advance(time.Second)
	p2, err := e.l.Purchase(ctx, a.ID, 50)
	e.must(err)
	_, secret, err := e.l.CreateKey(ctx, a.ID, ledger.Live)
	e.must(err)
	p, err := e.l.Authenticate(ctx, secret)
	e.must(err)
	_, err = e.paid(p, 30_000, ledger.Records{})
	e.must(err)
	ps := e.purchases(a.ID)
	if ps[p1.ID].Consumed != 25_000 || ps[p2.ID].Consumed != 5_000 {
		t.Fatalf("FIFO consumption %d/%d, want 25000/5000", ps[p1.ID].Consumed, ps[p2.ID].Consumed)
	}
	if _, n, err := e.l.Refund(ctx, p1.ID); !errors.Is(err, ledger.ErrRefundNotAllowed) || n != 0 {
		t.Fatalf("refund of a consumed purchase: %d, %v", n, err)
	}
	h, err := e.l.Reserve(ctx, p, 1_000)
	e.must(err)
	got, n, err := e.l.Refund(ctx, p2.ID)
	e.must(err)
	if n != 44_000 || got.Refunded != 44_000 || got.RefundedAt.IsZero() {
		t.Fatalf("refund with a hold of 1000: %d (%+v), want 44000", n, got)
	}
	if _, _, err := e.l.Refund(ctx, p2.ID); !errors.Is(err, ledger.ErrRefundNotAllowed) {
		t.Fatalf("second refund: %v", err)
	}
	_, err = e.l.Commit(ctx, h, true, ledger.Records{Usage: usage("/v1/detect", e.clock.Now())})
	e.must(err)
	if b := e.balance(a.ID); b != 0 {
		t.Fatalf("balance %d, want 0", b)
	}
	ps = e.purchases(a.ID)
	if ps[p2.ID].Consumed != 6_000 || ps[p2.ID].Refunded != 44_000 {
		t.Fatalf("p2 after refund and capture: %+v", ps[p2.ID])
	}
	v, err := e.l.AccountSummary(ctx, a.ID, 10)
	e.must(err)
	if v.CreditsPurchased != 75_000 || v.CreditsRefunded != 44_000 || v.CreditsUsed != 31_000 || v.BalanceCredits != 0 {
		t.Fatalf("summary %+v", v.AccountView)
	}
	// The window: refundable at 14 days, not a second later.
	p3, err := e.l.Purchase(ctx, a.ID, 25)
	e.must(err)
	e.clock.Advance(ledger.RefundWindow + time.Second)
	if _, _, err := e.l.Refund(ctx, p3.ID); !errors.Is(err, ledger.ErrRefundNotAllowed) {
		t.Fatalf("refund past the window: %v", err)
	}
	p4, err := e.l.Purchase(ctx, a.ID, 25)
	e.must(err)
	e.clock.Advance(ledger.RefundWindow)
	if _, n, err := e.l.Refund(ctx, p4.ID); err != nil || n != 25_000 {
		t.Fatalf("refund at the end of the window: %d, %v", n, err)
	}
	if _, _, err := e.l.Refund(ctx, "pur_unknown"); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("refund of an unknown purchase: %v", err)
	}
}

// A revoked key fails Reserve at once and Authenticate within
// ledger.KeyRevocationDelay; a hold taken before still commits.
func testRevocation(t *testing.T, e *env) {
	_, p, secret := e.account(ledger.Live, 25)
	h, err := e.l.Reserve(ctx, p, 10)
	e.must(err)
	k, err := e.l.RevokeKey(ctx, p.Key.ID)
	e.must(err)
	if k.RevokedAt.IsZero() {
		t.Fatal("RevokeKey returned no revocation time")
	}
	if _, err := e.l.Reserve(ctx, p, 10); !errors.Is(err, ledger.ErrUnauthenticated) {
		t.Fatalf("Reserve with a revoked key: %v, want ErrUnauthenticated", err)
	}
	deadline := time.Now().Add(ledger.KeyRevocationDelay + time.Second)
	for {
		_, err := e.l.Authenticate(ctx, secret)
		if errors.Is(err, ledger.ErrUnauthenticated) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("revoked key still authenticates after %v: %v", ledger.KeyRevocationDelay, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	_, err = e.l.Commit(ctx, h, true, ledger.Records{Usage: usage("/v1/detect", e.clock.Now())})
	e.must(err)
	k2, err := e.l.RevokeKey(ctx, p.Key.ID)
	e.must(err)
	if !k2.RevokedAt.Equal(k.RevokedAt) {
		t.Fatalf("second revoke moved the time: %v -> %v", k.RevokedAt, k2.RevokedAt)
	}
	if _, err := e.l.RevokeKey(ctx, "key_unknown"); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("revoke unknown: %v", err)
	}
	if _, err := e.l.Authenticate(ctx, "svc_live_sk_"+"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"); !errors.Is(err, ledger.ErrUnauthenticated) {
		t.Fatalf("unknown secret: %v", err)
	}
}

func (e *env) classify(p ledger.Principal, intent, sentiment, channel string, created time.Time) ledger.Comment {
	e.t.Helper()
	now := e.clock.Now()
	c := ledger.Comment{ID: id.New("cls", now), AccountID: p.Account.ID, Text: "text " + intent, Platform: "youtube",
		Intent: intent, Intents: []string{intent}, Sentiment: sentiment, Language: "en", Toxicity: "none",
		ChannelID: channel, Author: "a", CreatedAt: created, ClassifiedAt: now}
	_, err := e.paid(p, 10, ledger.Records{Usage: usage("/v1/classify", now), Comment: &c})
	e.must(err)
	return c
}

// Comments are stored with their commit, listed newest first with a cursor,
// counted and aggregated; usage and feedback are read back.
func testRecords(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Live, 25)
	_, other, _ := e.account(ledger.Live, 25)
	day := e.clock.Now()
	var made []ledger.Comment
	for i := range 7 {
		intent, sentiment := "question", "positive"
		if i%3 == 0 {
			intent, sentiment = "complaint", "negative"
		}
		made = append(made, e.classify(p, intent, sentiment, "ch1", day.Add(time.Duration(i)*time.Minute)))
	}
	got, err := e.l.Comment(ctx, a.ID, made[2].ID)
	e.must(err)
	if got.ID != made[2].ID || got.Text != made[2].Text || !got.CreatedAt.Equal(made[2].CreatedAt) || got.Intents[0] != made[2].Intent {
		t.Fatalf("Comment = %+v, want %+v", got, made[2])
	}
	if _, err := e.l.Comment(ctx, other.Account.ID, made[2].ID); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("another account's comment: %v, want ErrNotFound", err)
	}
	var seen []string
	f := ledger.CommentFilter{Limit: 3}
	for page := 0; ; page++ {
		pg, err := e.l.ListComments(ctx, a.ID, f)
		e.must(err)
		if pg.TotalCount != 7 {
			t.Fatalf("TotalCount %d, want 7", pg.TotalCount)
		}
		for _, c := range pg.Comments {
			seen = append(seen, c.ID)
		}
		if !pg.HasMore {
			break
		}
		f.Cursor = pg.NextCursor
	}
	if len(seen) != 7 || seen[0] != made[6].ID || seen[6] != made[0].ID {
		t.Fatalf("paged ids %v, want newest first", seen)
	}
	pg, err := e.l.ListComments(ctx, a.ID, ledger.CommentFilter{Intent: "complaint"})
	e.must(err)
	if pg.TotalCount != 3 || len(pg.Comments) != 3 {
		t.Fatalf("complaints: %d of %d, want 3", len(pg.Comments), pg.TotalCount)
	}
	bad := ledger.CommentFilter{Limit: 3, Cursor: f.Cursor + "x"}
	if _, err := e.l.ListComments(ctx, a.ID, bad); !errors.Is(err, ledger.ErrBadCursor) {
		t.Fatalf("tampered cursor: %v, want ErrBadCursor", err)
	}
	if _, err := e.l.ListComments(ctx, a.ID, ledger.CommentFilter{Limit: 3, Cursor: f.Cursor, Intent: "spam"}); f.Cursor != "" && !errors.Is(err, ledger.ErrBadCursor) {
		t.Fatalf("cursor of another filter: %v, want ErrBadCursor", err)
	}
	an, err := e.l.Analytics(ctx, a.ID, ledger.AnalyticsQuery{From: day.Add(-time.Hour), To: day.Add(time.Hour), GroupBy: "day"})
	e.must(err)
	if an.Total != 7 || an.Intent["complaint"] != 3 || an.Intent["question"] != 4 || an.Sentiment["negative"] != 3 || an.Intent["spam"] != 0 {
		t.Fatalf("analytics %+v", an)
	}
	if len(an.Trends) != 1 || an.Trends[0].Total != 7 || an.Trends[0].TopIntent != "question" {
		t.Fatalf("trends %+v", an.Trends)
	}
	u, err := e.l.Usage(ctx, a.ID, ledger.UsageQuery{GroupBy: "endpoint"})
	e.must(err)
	if u.TotalRequests != 7 || u.TotalCharged != 70 || len(u.ByEndpoint) != 1 || u.ByEndpoint[0].Endpoint != "/v1/classify" || u.BalanceCredits != 25_000-70 {
		t.Fatalf("usage %+v", u)
	}
	// Feedback: every rating is kept, one per classification (the newest
	// replaces the older), newest first, per account.
	for i, rating := range []string{"incorrect", "correct", "partial"} {
		e.clock.Advance(time.Second)
		now := e.clock.Now()
		fb := ledger.Feedback{ID: id.New("fb", now), AccountID: a.ID, ClassificationID: made[i%2].ID, Rating: rating,
			CorrectedIntent: []string{"praise"}, CorrectedSentiment: "positive", CorrectedDialect: "msa", Text: made[i%2].Text, CreatedAt: now}
		h, err := e.l.Reserve(ctx, p, 0)
		e.must(err)
		_, err = e.l.Commit(ctx, h, true, ledger.Records{Usage: usage("/v1/feedback", now), Feedback: &fb})
		e.must(err)
	}
	fbs, err := e.l.RecentFeedback(ctx, a.ID, 10)
	e.must(err)
	if len(fbs) != 2 || fbs[0].ClassificationID != made[0].ID || fbs[0].Rating != "partial" || fbs[1].Rating != "correct" ||
		fbs[0].CorrectedIntent[0] != "praise" || fbs[0].CorrectedDialect != "msa" || fbs[0].Text != made[0].Text {
		t.Fatalf("RecentFeedback %+v", fbs)
	}
	if fbs, err := e.l.RecentFeedback(ctx, other.Account.ID, 10); err != nil || len(fbs) != 0 {
		t.Fatalf("another account's feedback: %+v %v", fbs, err)
	}
}

// A commit whose comment id is taken fails, charges nothing and releases
// its hold.
func testDuplicateComment(t *testing.T, e *env) {
	a, p, _ := e.account(ledger.Live, 25)
	c := e.classify(p, "question", "neutral", "", e.clock.Now())
	h, err := e.l.Reserve(ctx, p, 10)
	e.must(err)
	dup := c
	dup.Text = "overwritten?"
	if _, err := e.l.Commit(ctx, h, true, ledger.Records{Usage: usage("/v1/classify", e.clock.Now()), Comment: &dup}); err == nil {
		t.Fatal("a commit reusing a comment id succeeded")
	}
	if b := e.balance(a.ID); b != 25_000-10 {
		t.Fatalf("balance %d after a failed commit, want %d", b, 25_000-10)
	}
	got, err := e.l.Comment(ctx, a.ID, c.ID)
	e.must(err)
	if got.Text != c.Text {
		t.Fatalf("comment overwritten: %q", got.Text)
	}
}

// Everything acknowledged survives a close and reopen.
func testRestart(t *testing.T, e *env) {
	a, p, secret := e.account(ledger.Live, 25)
	sa, sp, ssecret := e.account(ledger.Sandbox)
	c := e.classify(p, "praise", "positive", "ch", e.clock.Now())
	_, err := e.paid(sp, 6, ledger.Records{})
	e.must(err)
	h, err := e.l.Reserve(ctx, p, 500) // in flight at the restart
	e.must(err)
	_ = h
	e.l = e.reopen()
	if b := e.balance(a.ID); b != 25_000-10 && b != 25_000-10-500 {
		t.Fatalf("balance after restart %d", b)
	}
	if _, err := e.l.Authenticate(ctx, secret); err != nil {
		t.Fatalf("live key after restart: %v", err)
	}
	if _, err := e.l.Authenticate(ctx, ssecret); err != nil {
		t.Fatalf("sandbox key after restart: %v", err)
	}
	if n := e.sandboxLeft(sa.ID); n != 99 {
		t.Fatalf("sandbox left after restart %d, want 99", n)
	}
	if got, err := e.l.Comment(ctx, a.ID, c.ID); err != nil || got.Text != c.Text {
		t.Fatalf("comment after restart: %+v %v", got, err)
	}
	u, err := e.l.Usage(ctx, a.ID, ledger.UsageQuery{})
	e.must(err)
	if u.TotalRequests != 1 || u.TotalCharged != 10 {
		t.Fatalf("usage after restart %+v", u)
	}
	if empty, err := e.l.Empty(ctx); err != nil || empty {
		t.Fatalf("Empty after restart: %v %v", empty, err)
	}
	e.must(e.l.Check(ctx))
}

// Time rules read the injected clock: a sandbox key dies 14 days after its
// creation on that clock.
func testClock(t *testing.T, e *env) {
	if empty, err := e.l.Empty(ctx); err != nil || !empty {
		t.Fatalf("Empty on a fresh store: %v %v", empty, err)
	}
	_, p, secret := e.account(ledger.Sandbox)
	if !p.Key.ExpiresAt.Equal(p.Key.CreatedAt.Add(ledger.SandboxKeyLifetime)) {
		t.Fatalf("sandbox key expiry %v, created %v", p.Key.ExpiresAt, p.Key.CreatedAt)
	}
	e.clock.Advance(ledger.SandboxKeyLifetime - time.Minute)
	if _, err := e.l.Reserve(ctx, p, 6); err != nil {
		t.Fatalf("reserve before expiry: %v", err)
	}
	e.clock.Advance(2 * time.Minute)
	if _, err := e.l.Reserve(ctx, p, 6); !errors.Is(err, ledger.ErrUnauthenticated) {
		t.Fatalf("reserve after expiry: %v, want ErrUnauthenticated", err)
	}
	if _, err := e.l.Authenticate(ctx, secret); !errors.Is(err, ledger.ErrUnauthenticated) {
		t.Fatalf("authenticate after expiry: %v, want ErrUnauthenticated", err)
	}
}

// Purchases and keys page newest first; a foreign cursor is ErrBadCursor.
func testAdminPages(t *testing.T, e *env) {
	a, _, _ := e.account(ledger.Live, 25, 50, 100)
	for range 4 {
		_, _, err := e.l.CreateKey(ctx, a.ID, ledger.Live)
		e.must(err)
		e.clock.Advance(time.Second)
	}
	pp, err := e.l.AccountPurchases(ctx, a.ID, ledger.PageQuery{Limit: 2})
	e.must(err)
	if pp.Total != 3 || len(pp.Purchases) != 2 || !pp.HasMore || pp.Purchases[0].PackUSD != 100 {
		t.Fatalf("purchases page %+v", pp)
	}
	pp, err = e.l.AccountPurchases(ctx, a.ID, ledger.PageQuery{Limit: 2, StartingAfter: pp.Purchases[1].ID})
	e.must(err)
	if len(pp.Purchases) != 1 || pp.HasMore || pp.Purchases[0].PackUSD != 25 {
		t.Fatalf("second purchases page %+v", pp)
	}
	kp, err := e.l.AccountKeys(ctx, a.ID, ledger.PageQuery{Limit: 3})
	e.must(err)
	if kp.Total != 5 || len(kp.Keys) != 3 || !kp.HasMore {
		t.Fatalf("keys page %+v", kp)
	}
	o, err := e.l.CreateAccount(ctx, "other", 0)
	e.must(err)
	if _, err := e.l.AccountKeys(ctx, o.ID, ledger.PageQuery{StartingAfter: kp.Keys[0].ID}); !errors.Is(err, ledger.ErrBadCursor) {
		t.Fatalf("another account's key as cursor: %v", err)
	}
	v, err := e.l.AccountSummary(ctx, a.ID, 2)
	e.must(err)
	if v.PurchasesTotal != 3 || v.KeysTotal != 5 || len(v.Purchases) != 2 || len(v.Keys) != 2 || v.BalanceCredits != 175_000 {
		t.Fatalf("summary %+v", v)
	}
	if _, err := e.l.AccountSummary(ctx, "acct_unknown", 2); !errors.Is(err, ledger.ErrNotFound) {
		t.Fatalf("unknown account: %v", err)
	}
}
