package pgledger_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

func records(endpoint string, at time.Time) ledger.Records {
	return ledger.Records{Usage: ledger.Usage{ID: id.New("use", at), Endpoint: endpoint, At: at}}
}

// usageOf returns the account's usage requests and charged credits.
func usageOf(t *testing.T, l *pgledger.Ledger, acct string) (int, int64) {
	t.Helper()
	u, err := l.Usage(ctx, acct, ledger.UsageQuery{})
	must(t, err)
	return u.TotalRequests, u.TotalCharged
}

// One live account 40 times and one sandbox account 120 times in ONE
// transaction, interleaved with another account's hold commits: each
// capture is a conditional statement run in order inside the transaction,
// so exactly as many pass as the balance (25 x 1,000 of 25,000 credits) and
// the quota (100) cover, and the refused ones write nothing.
func TestBatchOneAccountManyTimesIsExact(t *testing.T) {
	clk := ledgertest.NewClock()
	l := open(t, testpg.DB(t), pgledger.Options{Now: clk.Now})
	live, _ := fixture(t, l)
	other, _ := fixture(t, l)
	sa, err := l.CreateAccount(ctx, "sandbox", 0)
	must(t, err)
	_, ssecret, err := l.CreateKey(ctx, sa.ID, ledger.Sandbox)
	must(t, err)
	sbx, err := l.Authenticate(ctx, ssecret)
	must(t, err)

	var in []pgledger.BatchOp
	for i := range 120 {
		if i < 40 {
			in = append(in, pgledger.BatchOp{P: live, Price: 1_000, Charge: true, R: records("/v1/detect", clk.Now())})
		}
		if i%20 == 0 {
			h, err := l.Reserve(ctx, other, 300)
			must(t, err)
			in = append(in, pgledger.BatchOp{Hold: h, Charge: true, R: records("/v1/classify", clk.Now())})
		}
		in = append(in, pgledger.BatchOp{P: sbx, Price: 2, Charge: true, R: records("/v1/detect", clk.Now())})
	}
	out := pgledger.RunOneBatch(l, in)
	var liveOK, sbxOK, holdOK int
	lastLive := int64(-1)
	for i, r := range out {
		if r.Err != nil {
			t.Fatalf("op %d: %v", i, r.Err)
		}
		if !r.Captured {
			continue
		}
		switch {
		case in[i].Hold != nil:
			holdOK++
		case in[i].P.Key.Kind == ledger.Sandbox:
			sbxOK++
			if want := 100 - sbxOK; r.Receipt.SandboxRemaining != want {
				t.Fatalf("sandbox capture %d: receipt %+v, want %d slots left", sbxOK, r.Receipt, want)
			}
		default:
			liveOK++
			if lastLive >= 0 && r.Receipt.BalanceCredits != lastLive-1_000 {
				t.Fatalf("live receipts out of order: %d after %d", r.Receipt.BalanceCredits, lastLive)
			}
			lastLive = r.Receipt.BalanceCredits
		}
	}
	if liveOK != 25 || sbxOK != 100 || holdOK != 6 {
		t.Fatalf("captured live %d (want 25), sandbox %d (want 100), holds %d (want 6)", liveOK, sbxOK, holdOK)
	}
	if b, _ := l.BalanceCredits(ctx, live.Account.ID); b != 0 {
		t.Fatalf("live balance %d, want 0", b)
	}
	if n, c := usageOf(t, l, live.Account.ID); n != 25 || c != 25_000 {
		t.Fatalf("live usage %d requests %d credits, want 25 and 25000", n, c)
	}
	if n, _ := l.SandboxRemaining(ctx, sa.ID); n != 0 {
		t.Fatalf("sandbox slots left %d, want 0", n)
	}
	if n, _ := usageOf(t, l, sa.ID); n != 100 {
		t.Fatalf("sandbox usage %d requests, want 100", n)
	}
	if b, _ := l.BalanceCredits(ctx, other.Account.ID); b != 25_000-6*300 {
		t.Fatalf("other balance %d, want %d", b, 25_000-6*300)
	}
}

// The connection dies in the middle of a batch (its backend is terminated
// between two ops): every op of the batch fails with ErrUnavailable and
// nothing is charged, no usage written, no hold ended.
func TestBatchConnectionDiesMidBatchChargesNothing(t *testing.T) {
	clk := ledgertest.NewClock()
	l := open(t, testpg.DB(t), pgledger.Options{Now: clk.Now})
	a, _ := fixture(t, l)
	b, _ := fixture(t, l)
	var in []pgledger.BatchOp
	var holds []*ledger.Hold
	for i := range 10 {
		in = append(in, pgledger.BatchOp{P: a, Price: 100, Charge: true, R: records("/v1/detect", clk.Now())})
		h, err := l.Reserve(ctx, b, 100)
		must(t, err)
		holds = append(holds, h)
		in = append(in, pgledger.BatchOp{Hold: h, Charge: true, R: records("/v1/classify", clk.Now())})
		_ = i
	}
	pgledger.SetBatchHook(l, func(bt *pgx.Batch, i int) int {
		if i != len(in)/2 {
			return 0
		}
		bt.Queue("SELECT pg_terminate_backend(pg_backend_pid())")
		return 1
	})
	out := pgledger.RunOneBatch(l, in)
	pgledger.SetBatchHook(l, nil)
	for i, r := range out {
		if !errors.Is(r.Err, ledger.ErrUnavailable) || r.Captured {
			t.Fatalf("op %d: captured %v err %v, want ErrUnavailable", i, r.Captured, r.Err)
		}
	}
	if bal, _ := l.BalanceCredits(ctx, a.Account.ID); bal != 25_000 {
		t.Fatalf("balance %d after a failed batch, want 25000", bal)
	}
	// b's holds are still held (left to their lease or a release), none captured.
	if bal, _ := l.BalanceCredits(ctx, b.Account.ID); bal != 25_000-10*100 {
		t.Fatalf("b's balance less holds %d, want %d", bal, 25_000-10*100)
	}
	for _, id := range []string{a.Account.ID, b.Account.ID} {
		if n, c := usageOf(t, l, id); n != 0 || c != 0 {
			t.Fatalf("usage after a failed batch: %d requests %d credits", n, c)
		}
	}
	// The same ops succeed on the next batch: the holds were not ended.
	for i := range in {
		in[i].R = records(in[i].R.Usage.Endpoint, clk.Now())
	}
	for i, r := range pgledger.RunOneBatch(l, in) {
		if r.Err != nil || !r.Captured {
			t.Fatalf("op %d after the failure: captured %v err %v", i, r.Captured, r.Err)
		}
	}
	for _, id := range []string{a.Account.ID, b.Account.ID} {
		if bal, _ := l.BalanceCredits(ctx, id); bal != 25_000-1_000 {
			t.Fatalf("balance %d, want 24000", bal)
		}
	}
}

// A statement of one op fails (its comment id is taken): the transaction
// is rolled back and every op retried alone, so only that op fails (charging
// nothing, its hold released) and each other op is charged exactly once.
func TestBatchFailedStatementFailsOnlyItsOp(t *testing.T) {
	clk := ledgertest.NewClock()
	l := open(t, testpg.DB(t), pgledger.Options{Now: clk.Now})
	a, _ := fixture(t, l)
	now := clk.Now()
	c := ledger.Comment{ID: id.New("cls", now), Text: "first", Intent: "question", Intents: []string{"question"},
		Sentiment: "neutral", Language: "en", Toxicity: "none", CreatedAt: now, ClassifiedAt: now}
	h, err := l.Reserve(ctx, a, 10)
	must(t, err)
	r := records("/v1/classify", now)
	r.Comment = &c
	_, err = l.Commit(ctx, h, true, r)
	must(t, err)

	var in []pgledger.BatchOp
	for i := range 9 {
		h, err := l.Reserve(ctx, a, 10)
		must(t, err)
		r := records("/v1/classify", clk.Now())
		cc := c
		cc.ID = id.New("cls", clk.Now())
		cc.Text = fmt.Sprint("comment ", i)
		if i == 4 {
			cc.ID = c.ID // taken
		}
		r.Comment = &cc
		in = append(in, pgledger.BatchOp{Hold: h, Charge: true, R: r})
	}
	out := pgledger.RunOneBatch(l, in)
	for i, r := range out {
		if i == 4 {
			if !errors.Is(r.Err, ledger.ErrInvalid) || r.Captured {
				t.Fatalf("the op reusing a comment id: captured %v err %v, want ErrInvalid", r.Captured, r.Err)
			}
			continue
		}
		if r.Err != nil || !r.Captured {
			t.Fatalf("op %d: captured %v err %v", i, r.Captured, r.Err)
		}
	}
	// The failed op is Commit's to release (RunOneBatch is the committer alone).
	must(t, l.Release(ctx, in[4].Hold))
	if bal, _ := l.BalanceCredits(ctx, a.Account.ID); bal != 25_000-10-8*10 {
		t.Fatalf("balance %d, want %d", bal, 25_000-10-8*10)
	}
	if n, ch := usageOf(t, l, a.Account.ID); n != 9 || ch != 90 {
		t.Fatalf("usage %d requests %d credits, want 9 and 90", n, ch)
	}
	got, err := l.Comment(ctx, a.Account.ID, c.ID)
	must(t, err)
	if got.Text != "first" {
		t.Fatalf("comment overwritten: %q", got.Text)
	}
}

// Through the queue: 100 concurrent Charges of one account against a
// balance for 25 pass exactly 25 times, every refusal is
// *InsufficientCreditsError with the account's figures, and Close answers
// every caller.
func TestChargeQueuedExact(t *testing.T) {
	clk := ledgertest.NewClock()
	l := open(t, testpg.DB(t), pgledger.Options{Now: clk.Now, Committers: 2, CommitBatch: 8})
	a, _ := fixture(t, l)
	var mu sync.Mutex
	ok, refused := 0, 0
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rc, err := l.Charge(ctx, a, 1_000, true, records("/v1/detect", clk.Now()))
			mu.Lock()
			defer mu.Unlock()
			var ic *ledger.InsufficientCreditsError
			switch {
			case err == nil:
				ok++
				if rc.BalanceCredits < 0 || rc.BalanceCredits%1_000 != 0 {
					t.Errorf("receipt %+v", rc)
				}
			case errors.As(err, &ic):
				refused++
				if ic.Receipt.BalanceCredits != ic.BalanceCredits || ic.BalanceCredits >= 1_000 {
					t.Errorf("refusal %+v", ic)
				}
			default:
				t.Errorf("charge: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok != 25 || refused != 75 {
		t.Fatalf("%d charged, %d refused; want 25 and 75", ok, refused)
	}
	if n, c := usageOf(t, l, a.Account.ID); n != 25 || c != 25_000 {
		t.Fatalf("usage %d requests %d credits, want 25 and 25000", n, c)
	}
	batches, ops := l.BatchStats()
	t.Logf("%d ops in %d batches", ops, batches)
	l.Close()
	if _, err := l.Charge(ctx, a, 1, true, records("/v1/detect", clk.Now())); !errors.Is(err, ledger.ErrClosed) {
		t.Fatalf("charge after Close: %v, want ErrClosed", err)
	}
}
