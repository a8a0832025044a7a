package pgledger_test

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/valyala/fasthttp"

	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/pgledger"
)

// Benchmarks against a durable PostgreSQL 15 (fsync and synchronous_commit
// on) on this machine, 64 accounts, 32 concurrent callers:
//
//	go test ./ledger/pgledger -run '^$' -bench . -benchtime 3s
//
// ConditionalDebit is one synced conditional UPDATE (the shape of every
// reserve); PaidFlow is the ledger's part of a paid request (Authenticate
// from the node's cache, Reserve, Commit: two synced statements);
// Charge is Authenticate + Charge (one statement, group-committed);
// PaidDetect is a whole paid POST /v1/detect through httpapi's handler.

const benchAccounts = 64

func benchLedger(b *testing.B) (*pgledger.Ledger, string, []ledger.Principal, []string) {
	// One durable server for the run; a database per benchmark round.
	url := testpg.SharedDurable(b).Database(b)
	l, err := pgledger.Open(context.Background(), url, pgledger.Options{Now: time.Now, MaxConns: 32})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { l.Close() })
	var ps []ledger.Principal
	var secrets []string
	for i := range benchAccounts {
		a, err := l.CreateAccount(ctx, fmt.Sprint("bench", i), 1_000_000)
		if err != nil {
			b.Fatal(err)
		}
		for range 4 {
			if _, err := l.Purchase(ctx, a.ID, 500); err != nil {
				b.Fatal(err)
			}
		}
		_, secret, err := l.CreateKey(ctx, a.ID, ledger.Live)
		if err != nil {
			b.Fatal(err)
		}
		p, err := l.Authenticate(ctx, secret)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
		secrets = append(secrets, secret)
	}
	return l, url, ps, secrets
}

func BenchmarkConditionalDebit(b *testing.B) {
	_, url, ps, _ := benchLedger(b)
	pool := openPool(b, url)
	var n atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			a := ps[n.Add(1)%benchAccounts].Account.ID
			tag, err := pool.Exec(ctx, `UPDATE accounts SET captured = captured + 2
				WHERE id = $1 AND purchased - refunded - captured - held >= 2`, a)
			if err != nil || tag.RowsAffected() != 1 {
				b.Error(err, tag)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "debits/s")
}

func BenchmarkPaidFlow(b *testing.B) {
	l, _, ps, secrets := benchLedger(b)
	var n atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1) % benchAccounts
			p, err := l.Authenticate(ctx, secrets[i])
			if err != nil {
				b.Error(err)
				return
			}
			h, err := l.Reserve(ctx, p, 2)
			if err != nil {
				b.Error(err)
				return
			}
			now := time.Now()
			if _, err := l.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", now), Endpoint: "/v1/detect", ListCredits: 2, At: now}}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	_ = ps
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
}

// BenchmarkCharge is the ledger's part of a paid detect: Authenticate and
// one Charge (reserve and capture in one statement, group-committed).
func BenchmarkCharge(b *testing.B) {
	l, _, _, secrets := benchLedger(b)
	var n atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := n.Add(1) % benchAccounts
			p, err := l.Authenticate(ctx, secrets[i])
			if err != nil {
				b.Error(err)
				return
			}
			now := time.Now()
			if _, err := l.Charge(ctx, p, 2, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", now), Endpoint: "/v1/detect", ListCredits: 2, At: now}}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	batches, ops := l.BatchStats()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
	b.ReportMetric(float64(ops)/float64(max(batches, 1)), "ops/batch")
}

// BenchmarkPaidFlowOnce is PaidFlow under an Idempotency-Key (a fresh key
// per request): ReserveOnce inserts the claim with the hold, the commit
// (its own statement, not the group commit) stores a 1 KiB answer.
func BenchmarkPaidFlowOnce(b *testing.B) {
	l, _, _, secrets := benchLedger(b)
	var n atomic.Int64
	body := make([]byte, 1024)
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			seq := n.Add(1)
			p, err := l.Authenticate(ctx, secrets[seq%benchAccounts])
			if err != nil {
				b.Error(err)
				return
			}
			h, _, err := l.ReserveOnce(ctx, p, 2, ledger.IdemKey{Key: fmt.Sprint("bench-", seq)})
			if err != nil {
				b.Error(err)
				return
			}
			now := time.Now()
			r := ledger.Records{Usage: ledger.Usage{ID: id.New("use", now), Endpoint: "/v1/detect", ListCredits: 2, At: now},
				Answer: &ledger.Answer{Status: 200, RequestID: "req_bench", Header: []string{"X-SVC-Cache", "MISS"}, Body: body}}
			if _, err := l.Commit(ctx, h, true, r); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
}

func BenchmarkPaidDetect(b *testing.B) {
	l, _, _, secrets := benchLedger(b)
	dir := b.TempDir()
	clk := clock.New()
	ch, err := cache.Open(cache.Options{Dir: filepath.Join(dir, "cache"), Scope: "account", Now: clk.Now})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ch.Close() })
	eng, err := engine.New(engine.Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(eng.Close)
	h := httpapi.New(httpapi.Config{AdminToken: "T"}, l, eng, ch, clk).Handler()
	addr := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 4000}
	var n atomic.Int64
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var req fasthttp.Request
		var rc fasthttp.RequestCtx
		for pb.Next() {
			i := n.Add(1)
			req.Reset()
			req.Header.SetMethod("POST")
			req.SetRequestURI("/v1/detect")
			req.Header.Set("Authorization", "Bearer "+secrets[i%benchAccounts])
			req.Header.SetContentType("application/json")
			req.SetBodyString(fmt.Sprintf(`{"text":"is this comment number %d in arabic or english"}`, i))
			rc.Init(&req, addr, nil)
			h(&rc)
			if rc.Response.StatusCode() != 200 || string(rc.Response.Header.Peek("X-SVC-Credits-Charged")) == "0" {
				b.Errorf("status %d charged %q: %s", rc.Response.StatusCode(), rc.Response.Header.Peek("X-SVC-Credits-Charged"), rc.Response.Body())
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "requests/s")
}

func openPool(b *testing.B, url string) *pgxpool.Pool {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		b.Fatal(err)
	}
	cfg.MaxConns = 32
	p, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(p.Close)
	return p
}
