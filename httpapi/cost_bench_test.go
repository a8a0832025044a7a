package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/valyala/fasthttp"

	"svc/bench/scenario"
	"svc/cache"
	"svc/clock"
	"svc/engine"
	"svc/httpapi"
	"svc/ledger"
)

// BenchmarkCPUPerCredit runs every operation at its maximum input through
// the public handler (in process: no network, no client) on the built-in
// engine, the Pebble ledger (synced commits) and the cache, and reports
// the process's CPU time (user + system, getrusage, every goroutine:
// handler, ledger, GC) per request and per credit charged. Paid requests
// are cache misses (each text unique). docs/performance.md ("CPU per
// credit") has the table:
//
//	go test ./httpapi -run '^$' -bench CPUPerCredit -benchtime 1s
func BenchmarkCPUPerCredit(b *testing.B) {
	e := newCostEnv(b)
	texts := costTexts()
	uniq := 0
	// text returns a unique text of n characters (so every paid call misses
	// the cache).
	text := func(n int) string {
		uniq++
		return clip(fmt.Sprintf("run %d: %s", uniq, texts), n)
	}
	ops := []struct {
		name    string
		credits int64
		method  string
		path    func() string
		body    func() any
	}{
		{"detect", 2, "POST", fixed("/v1/detect"), func() any { return map[string]any{"text": text(5000)} }},
		{"classify", 6, "POST", fixed("/v1/classify"), func() any {
			return map[string]any{"text": text(5000), "platform": "youtube", "channel_id": clip(texts, 200), "author": clip(texts, 200)}
		}},
		{"translate", 5, "POST", fixed("/v1/translate"), func() any {
			return map[string]any{"text": text(5000), "target": "ar", "dialect": "gulf", "tone": "casual", "platform": "youtube"}
		}},
		{"moderate", 4, "POST", fixed("/v1/moderate"), func() any {
			return map[string]any{"text": text(5000), "context": clip(texts, 2000), "strictness": "high", "platform": "youtube"}
		}},
		{"rubric", 3, "POST", fixed("/v1/rubric/classify"), func() any {
			var cats []map[string]any
			for i := range 20 {
				cats = append(cats, map[string]any{"name": fmt.Sprint("category ", i), "description": clip(tail(texts, i*97), 2000)})
			}
			return map[string]any{"text": text(5000), "rubric": map[string]any{"categories": cats}}
		}},
		{"reply", 8, "POST", func() string { return "/v1/comments/" + e.classified + "/reply" }, func() any {
			return map[string]any{"tone": "friendly", "max_length": 5000, "context": text(2000)}
		}},
		{"report-basic", 500, "POST", fixed("/v1/report"), func() any { e.advance(61); return e.report("basic") }},
		{"report-pro", 1500, "POST", fixed("/v1/report"), func() any { e.advance(61); return e.report("pro") }},
		{"feedback", 0, "POST", fixed("/v1/feedback"), func() any {
			return map[string]any{"classification_id": e.classified, "rating": "incorrect",
				"corrected_intent": ledger.IntentLabels, "corrected_sentiment": "negative", "comment": text(2000)}
		}},
		{"usage", 0, "GET", e.periods("/v1/usage"), nil},
		{"usage-month", 0, "GET", fixed("/v1/usage"), nil},
		{"analytics", 0, "GET", e.periods("/v1/analytics"), nil},
		{"comments", 0, "GET", fixed("/v1/comments?limit=100&platform=youtube"), nil},
		{"detect-hit", 0, "POST", fixed("/v1/detect"), func() any { return map[string]any{"text": clip(texts, 5000)} }},
	}
	e.classified = e.call(b, "POST", "/v1/classify", map[string]any{"text": text(5000)}).result()["id"].(string)
	for _, o := range ops {
		b.Run(o.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				path := o.path()
				var body any
				if o.body != nil {
					body = o.body()
				}
				req := e.request(b, o.method, path, body)
				before := cpuTime()
				status, hdr := e.serve(req)
				cpu += cpuTime() - before
				if status != 200 {
					b.Fatalf("%s %s: %d", o.method, path, status)
				}
				if o.credits > 0 && hdr != "MISS" {
					b.Fatalf("%s: X-SVC-Cache %q, want MISS (a paid request)", o.name, hdr)
				}
			}
			perOp := float64(cpu.Microseconds()) / 1000 / float64(b.N)
			b.ReportMetric(perOp, "cpu-ms/op")
			if o.credits > 0 {
				b.ReportMetric(perOp/float64(o.credits), "cpu-ms/credit")
			}
		})
	}
}

// BenchmarkUsageAfterRecords is GET /v1/usage (this month up to now, by
// day) through the public handler after 100 and after 100,000 usage
// records of the account spread over the month so far: served from the
// ledger's totals, it costs the same (docs/performance.md, "Free reads").
func BenchmarkUsageAfterRecords(b *testing.B) {
	for _, n := range []int{100, 100_000} {
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			e := newCostEnvWith(b, func(l *ledger.Store, p ledger.Principal, now time.Time) {
				month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
				step := now.Sub(month) / time.Duration(n)
				var wg sync.WaitGroup
				for w := range 64 { // parallel writers: group commit keeps the setup short
					wg.Add(1)
					go func() {
						defer wg.Done()
						for i := w; i < n; i += 64 {
							u := ledger.Usage{Endpoint: []string{"/v1/detect", "/v1/classify"}[i%2], CacheHit: i%3 == 0,
								LatencyMicros: int64(i % 900), At: month.Add(time.Duration(i) * step)}
							if _, err := l.Charge(context.Background(), p, 0, false, ledger.Records{Usage: u}); err != nil {
								panic(err)
							}
						}
					}()
				}
				wg.Wait()
			})
			var cpu time.Duration
			for b.Loop() {
				req := e.request(b, "GET", "/v1/usage", nil)
				before := cpuTime()
				status, _ := e.serve(req)
				cpu += cpuTime() - before
				if status != 200 {
					b.Fatalf("GET /v1/usage: %d", status)
				}
			}
			if got := e.call(b, "GET", "/v1/usage", nil).result()["total_requests"].(float64); int(got) < n {
				b.Fatalf("total_requests %v, want at least %d", got, n)
			}
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}

func fixed(p string) func() string { return func() string { return p } }

// cpuTime is the process's CPU time so far (user + system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// costTexts is a long mixed Arabic and English text (scenario's varied
// comments, joined), cut to each field's maximum by clip.
func costTexts() string {
	var sb strings.Builder
	for i := uint64(0); sb.Len() < 40_000; i++ {
		t, _ := scenario.AppendText(nil, 26, i)
		sb.Write(t)
		sb.WriteString(". ")
	}
	return sb.String()
}

// tail is s from its k-th byte on (moved to a rune boundary), then s again.
func tail(s string, k int) string {
	for k < len(s) && !utf8.RuneStart(s[k]) {
		k++
	}
	return s[k:] + " " + s
}

// clip cuts s to n characters.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// costEnv is one server's handlers and a live key of an account with no
// practical rate limit and 10M credits.
type costEnv struct {
	h, admin   fasthttp.RequestHandler
	key        string
	classified string // a classification id (reply, feedback)
	reportBody map[string][]byte
	addr       net.Addr
}

func newCostEnv(b *testing.B) *costEnv { return newCostEnvWith(b, nil) }

// newCostEnvWith is newCostEnv; fill, when set, writes to the ledger
// (with the account's live principal and the clock's now) before the first
// request.
func newCostEnvWith(b *testing.B, fill func(l *ledger.Store, p ledger.Principal, now time.Time)) *costEnv {
	dir := b.TempDir()
	clk := clock.New()
	led, err := ledger.Open(filepath.Join(dir, "ledger"), clk.Now)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { led.Close() })
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
	srv := httpapi.New(httpapi.Config{AdminToken: adminToken, TestClock: true}, led, eng, ch, clk)
	e := &costEnv{h: srv.Handler(), admin: srv.AdminHandler(), addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 40000},
		reportBody: map[string][]byte{}}
	acct := e.adminCall(b, "POST", "/admin/v1/accounts", map[string]any{"name": "cost", "rate_limit_per_minute": 1_000_000})["id"].(string)
	for range 20 {
		e.adminCall(b, "POST", "/admin/v1/accounts/"+acct+"/purchases", map[string]any{"pack_usd": 500})
	}
	e.key = e.adminCall(b, "POST", "/admin/v1/accounts/"+acct+"/keys", map[string]any{"kind": "live"})["key"].(string)
	if fill != nil {
		p, err := led.Authenticate(context.Background(), e.key)
		if err != nil {
			b.Fatal(err)
		}
		fill(led, p, clk.Now())
		return e
	}
	// The report's 500 comments of 5,000 characters (the maximum; mixed
	// Arabic and English, within the 4 MiB body limit) and a 2,000-character
	// title and channel context.
	texts := costTexts()
	for _, tier := range []string{"basic", "pro"} {
		cs := make([]map[string]any, 500)
		for i := range cs {
			cs[i] = map[string]any{"text": clip(tail(texts, i*61), 5000), "author": fmt.Sprint("author ", i%40), "likes": i,
				"created_at": time.Date(2026, 1, 1+i%28, 10, 0, 0, 0, time.UTC).Format(time.RFC3339)}
		}
		j, _ := json.Marshal(map[string]any{"tier": tier, "comments": cs, "title": clip(texts, 2000), "channel_context": clip(tail(texts, 500), 2000)})
		if len(j) > 4<<20 {
			b.Fatalf("report body %d bytes, over the 4 MiB limit", len(j))
		}
		e.reportBody[tier] = j
	}
	return e
}

func (e *costEnv) report(tier string) any { return e.reportBody[tier] }

// periods is a read over the most periods a query may have: 3,660 days.
func (e *costEnv) periods(path string) func() string {
	return func() string {
		from := time.Now().UTC().AddDate(0, 0, -3659).Format(time.RFC3339)
		return path + "?group_by=day&from=" + from
	}
}

// advance moves the test clock (the report limit is 5 a minute).
func (e *costEnv) advance(seconds int) {
	e.adminCall(nil, "POST", "/admin/v1/clock", map[string]any{"advance_seconds": seconds})
}

func (e *costEnv) request(tb testing.TB, method, path string, body any) *fasthttp.Request {
	req := fasthttp.AcquireRequest()
	req.Header.SetMethod(method)
	req.SetRequestURI("http://svc" + path)
	req.Header.Set("Authorization", "Bearer "+e.key)
	if body != nil {
		j, ok := body.([]byte)
		if !ok {
			var err error
			if j, err = json.Marshal(body); err != nil {
				tb.Fatal(err)
			}
		}
		req.Header.SetContentType("application/json")
		req.SetBody(j)
	}
	return req
}

// serve runs req through the public handler; its status and X-SVC-Cache.
func (e *costEnv) serve(req *fasthttp.Request) (int, string) {
	var ctx fasthttp.RequestCtx
	ctx.Init(req, e.addr, nil)
	e.h(&ctx)
	fasthttp.ReleaseRequest(req)
	ctx.Response.Header.DisableNormalizing() // the server sets "X-SVC-Cache" as spelled
	return ctx.Response.StatusCode(), string(ctx.Response.Header.Peek("X-SVC-Cache"))
}

// call runs a request and returns its decoded response (status 200 required).
func (e *costEnv) call(tb testing.TB, method, path string, body any) resp {
	var ctx fasthttp.RequestCtx
	ctx.Init(e.request(tb, method, path, body), e.addr, nil)
	e.h(&ctx)
	r := resp{status: ctx.Response.StatusCode(), raw: ctx.Response.Body()}
	if err := json.Unmarshal(r.raw, &r.body); err != nil || r.status != 200 {
		tb.Fatalf("%s %s: %d %s", method, path, r.status, r.raw)
	}
	return r
}

// adminCall runs an admin request (status 200 required) and returns its result.
func (e *costEnv) adminCall(tb testing.TB, method, path string, body any) map[string]any {
	var ctx fasthttp.RequestCtx
	req := fasthttp.AcquireRequest()
	req.Header.SetMethod(method)
	req.SetRequestURI("http://svc" + path)
	req.Header.Set("Authorization", "Bearer "+adminToken)
	req.Header.SetContentType("application/json")
	j, _ := json.Marshal(body)
	req.SetBody(j)
	ctx.Init(req, e.addr, nil)
	e.admin(&ctx)
	var out map[string]any
	if err := json.Unmarshal(ctx.Response.Body(), &out); err != nil || ctx.Response.StatusCode() != 200 {
		panic(fmt.Sprintf("admin %s %s: %d %s", method, path, ctx.Response.StatusCode(), ctx.Response.Body()))
	}
	res, _ := out["result"].(map[string]any)
	return res
}
