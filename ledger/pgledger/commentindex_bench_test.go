package pgledger_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/pgledger"
)

// Comment reads of one account with 100k and 1M comments, the node's
// in-memory index against plain SQL (Options.CommentIndexMax -1):
//
//	go test ./ledger/pgledger -run '^$' -bench 'Comment' -benchtime 20x
//
// List is GET /v1/comments' ledger call (a page of 25 and the total count),
// unfiltered and filtered by intent; Analytics is a 30-day analytics by
// week; Load is a node's first reads of the account until its index holds
// every comment (a read loads at most 200k and is answered in SQL until
// then; "reads" says how many). The index's times include its catch-up
// query (nothing new).

var commentBench struct {
	sync.Mutex
	url   string
	accts map[int]string
}

// commentAccount returns the benchmark database and an account with n
// comments over the 30 days before benchNow (seq in time order, as
// classifications mostly come), made once per run in SQL.
func commentAccount(b *testing.B, n int) (string, string) {
	commentBench.Lock()
	defer commentBench.Unlock()
	if commentBench.url == "" {
		commentBench.url = testpg.Shared(b).Database(b)
		commentBench.accts = map[int]string{}
	}
	if acct, ok := commentBench.accts[n]; ok {
		return commentBench.url, acct
	}
	l := openBench(b, commentBench.url, -1)
	a, err := l.CreateAccount(ctx, fmt.Sprint("comments", n), 0)
	if err != nil {
		b.Fatal(err)
	}
	pool, err := pgx.Connect(ctx, commentBench.url)
	if err != nil {
		b.Fatal(err)
	}
	defer pool.Close(context.Background())
	start := time.Now()
	// The seqs are numbered here: the trigger (one account row update per
	// comment) is off for this session (a superuser's setting).
	if _, err := pool.Exec(ctx, "SET session_replication_role = replica"); err != nil {
		b.Fatal(err)
	}
	_, err = pool.Exec(ctx, `INSERT INTO comments (id, seq, account_id, text, platform, intent, intents, sentiment, language,
		dialect, toxicity, channel_id, author, created_ns, classified_ns)
		SELECT 'cls_' || $1 || '_' || i, i, $1, 'comment text number ' || i, (ARRAY['youtube','instagram','x'])[1 + i % 3],
			(ARRAY['question','complaint','praise','suggestion','spam','other'])[1 + i % 6], '{}',
			(ARRAY['positive','negative','neutral','mixed'])[1 + i % 4], 'ar', (ARRAY['gulf','egyptian','levantine','msa'])[1 + i % 4],
			'none', 'ch' || (i % 10), '', $3::bigint - ($2::bigint - i) * (2592000000000000 / $2::bigint), $3::bigint
		FROM generate_series(1, $2::bigint) i`, a.ID, n, benchNow.UnixNano())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "UPDATE accounts SET comment_seq = $2 WHERE id = $1", a.ID, n); err != nil {
		b.Fatal(err)
	}
	if _, err := pool.Exec(ctx, "VACUUM ANALYZE comments"); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d comments inserted in %v", n, time.Since(start))
	commentBench.accts[n] = a.ID
	return commentBench.url, a.ID
}

var benchNow = time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)

func openBench(b *testing.B, url string, indexMax int) *pgledger.Ledger {
	l, err := pgledger.Open(context.Background(), url, pgledger.Options{
		Now: func() time.Time { return benchNow }, CommentIndexMax: indexMax, CallTimeout: time.Minute})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { l.Close() })
	return l
}

func BenchmarkComments(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		for _, mode := range []struct {
			name string
			max  int
		}{{"sql", -1}, {"index", 0}} {
			name := fmt.Sprintf("%dk/%s", n/1000, mode.name)
			b.Run(name+"/List", func(b *testing.B) {
				url, acct := commentAccount(b, n)
				l := openBench(b, url, mode.max)
				benchRead(b, l, n, func() error {
					pg, err := l.ListComments(ctx, acct, ledger.CommentFilter{})
					if err == nil && pg.TotalCount != min(n, ledger.MaxCommentScan) {
						err = fmt.Errorf("total %d", pg.TotalCount)
					}
					return err
				})
			})
			b.Run(name+"/ListIntent", func(b *testing.B) {
				url, acct := commentAccount(b, n)
				l := openBench(b, url, mode.max)
				benchRead(b, l, n, func() error {
					_, err := l.ListComments(ctx, acct, ledger.CommentFilter{Intent: "praise"})
					return err
				})
			})
			b.Run(name+"/Analytics", func(b *testing.B) {
				url, acct := commentAccount(b, n)
				l := openBench(b, url, mode.max)
				benchRead(b, l, n, func() error {
					a, err := l.Analytics(ctx, acct, ledger.AnalyticsQuery{GroupBy: "week"})
					if err == nil && a.Total == 0 {
						err = fmt.Errorf("no comments counted")
					}
					return err
				})
			})
		}
		b.Run(fmt.Sprintf("%dk/index/Load", n/1000), func(b *testing.B) {
			url, acct := commentAccount(b, n)
			for range b.N {
				l := openBench(b, url, 0)
				for reads := 1; ; reads++ {
					if _, err := l.ListComments(ctx, acct, ledger.CommentFilter{}); err != nil {
						b.Fatal(err)
					}
					if _, got := l.CommentIndexSize(); got == n {
						b.ReportMetric(float64(reads), "reads")
						break
					}
				}
				l.Close()
			}
		})
	}
}

// benchRead runs read b.N times after warm-up calls (until l's index holds
// the account's n comments; one call without an index).
func benchRead(b *testing.B, l *pgledger.Ledger, n int, read func() error) {
	for {
		if err := read(); err != nil {
			b.Fatal(err)
		}
		if _, got := l.CommentIndexSize(); got == n || got == 0 {
			break
		}
	}
	b.ResetTimer()
	for range b.N {
		if err := read(); err != nil {
			b.Fatal(err)
		}
	}
}
