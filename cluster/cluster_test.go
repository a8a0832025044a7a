package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/internal/testpg"
	"svc/internal/testproc"
	"svc/internal/testredis"
)

// The cluster under test: one PostgreSQL, one Redis and three nodes shared
// by every subtest (subtests that stop a part restore it before they end).
// Deadlines below only bound hangs (generous: CI is a loaded 2-core
// machine); no assertion is on elapsed time.

const token = "cluster-admin-token"

var binary string

func TestMain(m *testing.M) {
	bin, cleanup, err := testproc.Build()
	if err != nil {
		panic(err)
	}
	binary = bin
	testpg.Main(m, cleanup) // runs the tests, stops the shared PostgreSQL, removes the binary, exits
}

// node is one svc process.
type node struct{ *testproc.Proc }

var client = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

func startNode(t *testing.T, name, dbURL, redisURL string) *node {
	return &node{testproc.Start(t, binary, name, nil, "--data-dir", t.TempDir(), "--admin-token", token,
		"--database-url", dbURL, "--redis-url", redisURL, "--test-clock", "--no-demo",
		// The limits are exact while Redis answers within the deadline; a
		// loaded CI machine missed the default once (docs/scaling.md).
		"--redis-timeout", "10s")}
}

// restart starts a killed node again with the same arguments.
func (n *node) restart(t *testing.T) {
	n.Start(t)
	n.WaitHealthy(t)
}

type resp struct {
	status int
	header http.Header
	body   map[string]any
	err    error // transport error: the outcome is unknown
}

func do(method, url, auth string, body any) resp { return doWith(method, url, auth, body, nil) }

// doWith is do with extra request headers.
func doWith(method, url, auth string, body any, hdr map[string]string) resp {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if auth != "" {
		req.Header.Set("Authorization", "Bearer "+auth)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		return resp{err: err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	r := resp{status: res.StatusCode, header: res.Header, err: err}
	json.Unmarshal(raw, &r.body)
	return r
}

func (n *node) post(path, key string, body any) resp {
	return do("POST", "http://"+n.Addr+path, key, body)
}
func (n *node) get(path, key string) resp { return do("GET", "http://"+n.Addr+path, key, nil) }

// adm calls the admin API of n and requires 200; it returns the result.
func (n *node) adm(t *testing.T, method, path string, body any) map[string]any {
	t.Helper()
	r := do(method, "http://"+n.Admin+path, token, body)
	require.NoError(t, r.err)
	require.Equal(t, 200, r.status, "admin %s %s on %s: %v", method, path, n.Name, r.body)
	return r.body["result"].(map[string]any)
}

func code(r resp) string {
	if errs, ok := r.body["errors"].([]any); ok && len(errs) > 0 {
		c, _ := errs[0].(map[string]any)["code"].(string)
		return c
	}
	return ""
}

func balance(t *testing.T, n *node, acc string) int64 {
	t.Helper()
	return int64(n.adm(t, "GET", "/admin/v1/accounts/"+acc, nil)["balance_credits"].(float64))
}

// waitFor polls cond until it holds; the deadline only bounds a hang.
func waitFor(t *testing.T, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		require.True(t, time.Since(start) < 60*time.Second, "never: %s", what)
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

// otherAnswer is the labels an account gets for a comment on n.
func otherAnswer(t *testing.T, n *node, key string, body map[string]any) any {
	t.Helper()
	r := n.post("/v1/classify", key, body)
	require.Equal(t, 200, r.status, "%v", r.body)
	res := r.body["result"].(map[string]any)
	return fmt.Sprint(res["intent"], res["sentiment"], res["priority"], res["suggested_reply"])
}

func reportBody() map[string]any {
	cs := make([]map[string]any, 10)
	for i := range cs {
		cs[i] = map[string]any{"text": fmt.Sprintf("great service %d", i)}
	}
	return map[string]any{"comments": cs, "tier": "pro"}
}

func TestCluster(t *testing.T) {
	pg := testpg.Shared(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	dbURL, err := pg.CreateDatabase(ctx, "cluster")
	cancel()
	require.NoError(t, err)
	rs := testredis.Start(t)
	nodes := []*node{
		startNode(t, "a", dbURL, rs.URL), startNode(t, "b", dbURL, rs.URL), startNode(t, "c", dbURL, rs.URL),
	}
	a, b, c := nodes[0], nodes[1], nodes[2]
	account := func(name string, rate int) string {
		return a.adm(t, "POST", "/admin/v1/accounts", map[string]any{"name": name, "rate_limit_per_minute": rate})["id"].(string)
	}
	newKey := func(acc, kind string) (string, string) {
		m := a.adm(t, "POST", "/admin/v1/accounts/"+acc+"/keys", map[string]any{"kind": kind})
		return m["id"].(string), m["key"].(string)
	}
	buy := func(acc string) {
		a.adm(t, "POST", "/admin/v1/accounts/"+acc+"/purchases", map[string]any{"pack_usd": 25})
	}
	advance := func(n *node, seconds int) time.Time {
		now, err := time.Parse(time.RFC3339Nano, n.adm(t, "POST", "/admin/v1/clock", map[string]any{"advance_seconds": seconds})["now"].(string))
		require.NoError(t, err)
		return now
	}

	// 600 parallel detects over the three nodes against a balance for 500:
	// exactly 500 succeed, every other one is 402, and the balance ends at 0.
	t.Run("balance for N gives exactly N", func(t *testing.T) {
		acc := account("exact", 100_000)
		buy(acc)
		_, key := newKey(acc, "live")
		// 25,000 credits; 16 pro reports (1,500 each, 5 a minute per
		// account across nodes) leave 1,000: 500 detects at 2.
		for i := range 16 {
			if i > 0 && i%5 == 0 {
				advance(nodes[i%3], 61)
			}
			r := nodes[i%3].post("/v1/report", key, reportBody())
			require.Equal(t, 200, r.status, "report %d: %v", i, r.body)
		}
		require.Equal(t, int64(1000), balance(t, b, acc))
		var ok, refused atomic.Int64
		var wg sync.WaitGroup
		jobs := make(chan int)
		for w := range 24 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range jobs {
					r := nodes[(w+i)%3].post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("parallel %d", i)})
					switch {
					case r.err != nil:
						t.Errorf("request %d: %v", i, r.err)
					case r.status == 200 && r.header.Get("X-SVC-Credits-Charged") == "2":
						ok.Add(1)
					case r.status == 402 && code(r) == "insufficient_credits":
						refused.Add(1)
					default:
						t.Errorf("request %d: %d %v", i, r.status, r.body)
					}
				}
			}()
		}
		for i := range 600 {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		require.Equal(t, int64(500), ok.Load())
		require.Equal(t, int64(100), refused.Load())
		for _, n := range nodes {
			require.Equal(t, int64(0), balance(t, n, acc), "on %s", n.Name)
		}
	})

	// One sandbox key: 10 a minute across the nodes, exactly. An account's
	// sandbox allowance: 100 counted requests across its keys and nodes.
	t.Run("sandbox rate limit and quota exact across nodes", func(t *testing.T) {
		acc := account("sandbox", 600)
		_, key := newKey(acc, "sandbox")
		var allowed, limited atomic.Int64
		var wg sync.WaitGroup
		for i := range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := nodes[i%3].post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("rate %d", i)})
				switch {
				case r.status == 200:
					allowed.Add(1)
				case r.status == 429 && code(r) == "rate_limited" && r.header.Get("Retry-After") != "":
					limited.Add(1)
				default:
					t.Errorf("request %d: %d %v %v", i, r.status, r.body, r.err)
				}
			}()
		}
		wg.Wait()
		require.Equal(t, int64(10), allowed.Load(), "10 per minute per sandbox key, over three nodes")
		require.Equal(t, int64(20), limited.Load())

		// 10 used; 12 more keys send 10 each: 90 more succeed, 30 are refused.
		var quota atomic.Int64
		allowed.Store(0)
		for k := range 12 {
			_, kk := newKey(acc, "sandbox")
			for i := range 10 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := nodes[(k+i)%3].post("/v1/detect", kk, map[string]any{"text": fmt.Sprintf("quota %d %d", k, i)})
					switch {
					case r.status == 200:
						allowed.Add(1)
					case r.status == 429 && code(r) == "sandbox_quota_exhausted":
						quota.Add(1)
					default:
						t.Errorf("key %d request %d: %d %v %v", k, i, r.status, r.body, r.err)
					}
				}()
			}
		}
		wg.Wait()
		require.Equal(t, int64(90), allowed.Load(), "100 per account in all")
		require.Equal(t, int64(30), quota.Load())
	})

	// Revoked on a: a counted request on b and c is 401 at once (the reserve
	// re-checks the key); a free read follows within the eviction delay.
	t.Run("revocation holds on every node", func(t *testing.T) {
		acc := account("revoke", 600)
		buy(acc)
		id, key := newKey(acc, "live")
		for _, n := range nodes { // every node has the key cached
			require.Equal(t, 200, n.post("/v1/detect", key, map[string]any{"text": "warm"}).status)
			require.Equal(t, 200, n.get("/v1/usage", key).status)
		}
		a.adm(t, "POST", "/admin/v1/keys/"+id+"/revoke", nil)
		for _, n := range []*node{b, c} {
			r := n.post("/v1/detect", key, map[string]any{"text": "after revoke"})
			require.Equal(t, 401, r.status, "counted request on %s right after the revoke", n.Name)
		}
		for _, n := range []*node{b, c} {
			d := waitFor(t, "free read refused on "+n.Name, func() bool { return n.get("/v1/usage", key).status == 401 })
			t.Logf("free read refused on %s %v after the revoke", n.Name, d)
		}
		require.Equal(t, int64(25_000-6), balance(t, c, acc), "three detects, none after the revoke")
	})

	// Classified on a: listed on b and replied to on c at once.
	t.Run("comments are shared", func(t *testing.T) {
		acc := account("comments", 600)
		buy(acc)
		_, key := newKey(acc, "live")
		r := a.post("/v1/classify", key, map[string]any{"text": "The delivery was late and the box was damaged", "platform": "instagram"})
		require.Equal(t, 200, r.status, "%v", r.body)
		id := r.body["result"].(map[string]any)["id"].(string)
		l := b.get("/v1/comments", key)
		require.Equal(t, 200, l.status)
		require.Contains(t, fmt.Sprint(l.body["result"]), id, "the comment classified on a is listed on b")
		rr := c.post("/v1/comments/"+id+"/reply", key, map[string]any{})
		require.Equal(t, 200, rr.status, "reply on c to the comment classified on a: %v", rr.body)
	})

	// A correction on a changes a near-duplicate comment's answer on b and
	// c (which cached their answers before it), through the NOTIFY of the
	// feedback's transaction; another account's answers do not change. The
	// delay is logged (issue 20: within a second), not asserted: CI is a
	// loaded machine.
	t.Run("feedback reaches every node", func(t *testing.T) {
		acc := account("feedback", 600)
		buy(acc)
		_, key := newKey(acc, "live")
		other := account("feedback-other", 600)
		buy(other)
		_, otherKey := newKey(other, "live")
		text := map[string]any{"text": "the new update is interesting"}
		near := map[string]any{"text": "The new update is interesting!!"}
		first := b.post("/v1/classify", key, text)
		require.Equal(t, 200, first.status, "%v", first.body)
		cls := first.body["result"].(map[string]any)
		require.NotEqual(t, []any{"complaint"}, cls["intent"], "the correction must change the answer")
		before := map[*node]any{}
		for _, n := range []*node{b, c} {
			r := n.post("/v1/classify", key, near)
			require.Equal(t, 200, r.status, "%v", r.body)
			before[n] = otherAnswer(t, n, otherKey, near)
		}
		fb := a.post("/v1/feedback", key, map[string]any{"classification_id": cls["id"], "rating": "incorrect",
			"corrected_intent": []string{"complaint"}, "corrected_sentiment": "negative"})
		require.Equal(t, 200, fb.status, "%v", fb.body)
		start := time.Now()
		for _, n := range []*node{b, c} {
			waitFor(t, n.Name+" answers with a's correction", func() bool {
				r := n.post("/v1/classify", key, near)
				return r.status == 200 && fmt.Sprint(r.body["result"].(map[string]any)["intent"]) == "[complaint]"
			})
			t.Logf("%s answered a near duplicate with the correction made on a %v after its response", n.Name, time.Since(start))
			require.Equal(t, before[n], otherAnswer(t, n, otherKey, near), "another account's answer on %s", n.Name)
		}
	})

	// An advance on one node holds on every node: a sandbox key expires on
	// b and c after its 14 days are advanced on a.
	t.Run("test clock is shared", func(t *testing.T) {
		acc := account("clock", 600)
		_, key := newKey(acc, "sandbox")
		require.Equal(t, 200, c.post("/v1/detect", key, map[string]any{"text": "before"}).status)
		nowA := advance(a, 14*24*3600+1)
		for _, n := range []*node{b, c} {
			d := waitFor(t, "the advance reaches "+n.Name, func() bool { return !advance(n, 0).Before(nowA) })
			t.Logf("clock of %s followed a's advance after %v", n.Name, d)
			r := n.post("/v1/detect", key, map[string]any{"text": "expired"})
			require.Equal(t, 401, r.status, "the sandbox key expired on %s", n.Name)
		}
	})

	// Redis stopped: paid requests keep working (limits per node meanwhile),
	// health says redis unavailable; Redis back: health ok again.
	t.Run("redis stopped", func(t *testing.T) {
		acc := account("redis", 600)
		buy(acc)
		_, key := newKey(acc, "live")
		rs.Stop()
		for i, n := range nodes {
			r := n.post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("no redis %d", i)})
			require.Equal(t, 200, r.status, "paid request on %s without Redis: %v", n.Name, r.body)
			require.Equal(t, "2", r.header.Get("X-SVC-Credits-Charged"))
			h := n.get("/v1/health", "")
			require.Equal(t, 200, h.status)
			require.Equal(t, "unavailable", h.body["redis"])
			require.Equal(t, "ok", h.body["database"])
		}
		require.Equal(t, int64(25_000-6), balance(t, a, acc))
		rs.Restart(t)
		for _, n := range nodes {
			waitFor(t, "redis ok on "+n.Name, func() bool { return n.get("/v1/health", "").body["redis"] == "ok" })
		}
	})

	// kill -9 of c under paid load: every acknowledged charge is kept and
	// none is invented (requests cut by the kill may have been charged).
	t.Run("kill -9 under paid load", func(t *testing.T) {
		acc := account("kill", 100_000)
		buy(acc)
		_, key := newKey(acc, "live")
		var acked, unknown, unsent, failed atomic.Int64
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for w := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					r := nodes[w%3].post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("load %d %d", w, i)})
					switch {
					case r.err != nil && errors.Is(r.err, syscall.ECONNREFUSED):
						unsent.Add(1) // c is down: never reached it
					case r.err != nil:
						unknown.Add(1) // cut by the kill: charged or not
					case r.status == 200:
						acked.Add(1)
					default:
						failed.Add(1)
					}
				}
			}()
		}
		waitFor(t, "load under way", func() bool { return acked.Load() > 100 })
		c.Kill()
		time.Sleep(300 * time.Millisecond)
		close(stop)
		wg.Wait()
		c.restart(t)
		spent := int64(25_000) - balance(t, a, acc)
		t.Logf("acknowledged %d, cut by the kill %d, not sent %d, refused %d; charged %d credits", acked.Load(), unknown.Load(), unsent.Load(), failed.Load(), spent)
		require.GreaterOrEqual(t, spent, 2*acked.Load(), "an acknowledged charge was lost")
		require.LessOrEqual(t, spent, 2*(acked.Load()+unknown.Load()), "a charge was invented")
		require.Equal(t, int64(0), failed.Load())
		require.Equal(t, 200, c.post("/v1/detect", key, map[string]any{"text": "after restart"}).status)
	})

	// PostgreSQL stopped: paid requests fail (5xx, no charge), health 503;
	// restarted: they succeed again.
	t.Run("postgres stopped", func(t *testing.T) {
		acc := account("pgdown", 600)
		buy(acc)
		_, key := newKey(acc, "live")
		for _, n := range nodes { // keys cached on every node
			require.Equal(t, 200, n.post("/v1/detect", key, map[string]any{"text": "before"}).status)
		}
		require.NoError(t, pg.Stop())
		restarted := false
		defer func() {
			if !restarted {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				pg.Start(ctx)
				cancel()
			}
		}()
		for i, n := range nodes {
			r := n.post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("down %d", i)})
			require.NoError(t, r.err)
			require.GreaterOrEqual(t, r.status, 500, "paid request on %s with PostgreSQL down: %v", n.Name, r.body)
			require.Empty(t, r.header.Get("X-SVC-Credits-Charged"))
			h := n.get("/v1/health", "")
			require.Equal(t, 503, h.status)
			require.Equal(t, "unavailable", h.body["database"])
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		require.NoError(t, pg.Start(ctx))
		cancel()
		restarted = true
		for i, n := range nodes {
			d := waitFor(t, "paid requests back on "+n.Name, func() bool {
				return n.post("/v1/detect", key, map[string]any{"text": "back " + strconv.Itoa(i)}).status == 200
			})
			t.Logf("%s served a paid request %v after PostgreSQL's restart", n.Name, d)
		}
		// 3 before, 3 after (a failed attempt while reconnecting charges nothing).
		require.Equal(t, int64(25_000-12), balance(t, a, acc))
		require.Equal(t, 200, a.get("/v1/health", "").status)
	})

	// PostgreSQL restarted (pg_ctl -m immediate) under paid load on the three
	// nodes, ten times: every request sent once PostgreSQL accepts
	// connections again is answered 200 at the first attempt, on every node,
	// also on the node that had no traffic since a request just before the
	// restart (its pooled connections used under a second ago: pgxpool does
	// not ping them). Every acknowledged charge is kept, none invented, and
	// the requests after the restart are charged exactly.
	t.Run("postgres restarted under load", func(t *testing.T) {
		for round := range 10 {
			acc := account(fmt.Sprintf("restart%d", round), 100_000)
			buy(acc)
			_, key := newKey(acc, "live")
			for _, n := range nodes { // keys cached, connections pooled on every node
				require.Equal(t, 200, n.post("/v1/detect", key, map[string]any{"text": "warm"}).status)
			}
			idle := nodes[round%3] // no load: its connections sit idle across the restart
			var back atomic.Bool   // PostgreSQL accepts connections again
			var acked, failed, failedAfter atomic.Int64
			var firstFailure atomic.Value
			stop := make(chan struct{})
			var wg sync.WaitGroup
			for w := range 6 {
				n := nodes[(round+1+w%2)%3]
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; ; i++ {
						select {
						case <-stop:
							return
						default:
						}
						after := back.Load()
						r := n.post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("load %d %d %d", round, w, i)})
						switch {
						case r.err == nil && r.status == 200 && r.header.Get("X-SVC-Credits-Charged") == "2":
							acked.Add(1)
						case r.err == nil && r.status < 500:
							t.Errorf("%s: %d %v", n.Name, r.status, r.body)
							return
						default: // cut by the restart: charged or not
							failed.Add(1)
							if after {
								failedAfter.Add(1)
								firstFailure.CompareAndSwap(nil, fmt.Sprintf("%s: %d %v %v", n.Name, r.status, r.body, r.err))
							}
							time.Sleep(10 * time.Millisecond)
						}
					}
				}()
			}
			waitFor(t, "load under way", func() bool { return acked.Load() > 20 })
			require.Equal(t, 200, idle.post("/v1/detect", key, map[string]any{"text": "just before"}).status)
			require.NoError(t, pg.StopImmediate())
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			require.NoError(t, pg.Start(ctx))
			cancel()
			back.Store(true)
			before := acked.Load()
			waitFor(t, "load served after the restart", func() bool { return acked.Load() > before+20 })
			close(stop)
			wg.Wait()
			require.Zero(t, failedAfter.Load(), "round %d: requests sent after the restart failed, the first: %v", round, firstFailure.Load())
			mid := balance(t, a, acc)
			for i, n := range nodes {
				r := n.post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("after %d %d", round, i)})
				require.NoError(t, r.err)
				require.Equal(t, 200, r.status, "round %d: first request on %s after the load: %v", round, n.Name, r.body)
				require.Equal(t, "2", r.header.Get("X-SVC-Credits-Charged"))
			}
			require.Equal(t, mid-6, balance(t, a, acc), "round %d: the requests after the restart were not charged exactly", round)
			spent := int64(25_000) - mid
			paid := acked.Load() + 4 // the warm-up requests and the idle node's
			t.Logf("round %d: %d acknowledged, %d failed during the restart; charged %d credits", round, acked.Load(), failed.Load(), spent)
			require.GreaterOrEqual(t, spent, 2*paid, "round %d: an acknowledged charge was lost", round)
			require.LessOrEqual(t, spent, 2*(paid+failed.Load()), "round %d: a charge was invented", round)
		}
	})
}
