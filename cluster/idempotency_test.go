package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/internal/testpg"
	"svc/internal/testredis"
)

// postIdem posts body to path on n with an Idempotency-Key.
func (n *node) postIdem(path, key, idem string, body any) resp {
	return doWith("POST", "http://"+n.Addr+path, key, body, map[string]string{"Idempotency-Key": idem})
}

// Idempotency-Key across nodes on one PostgreSQL (docs/idempotency.md): a
// key sent to two nodes at once runs once and charges once; a request whose
// client gave up before reading the answer, retried on another node,
// replays the first answer and charges once.
func TestClusterIdempotency(t *testing.T) {
	pg := testpg.Shared(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	dbURL, err := pg.CreateDatabase(ctx, fmt.Sprintf("cluster_idem_%d", time.Now().UnixNano()))
	cancel()
	require.NoError(t, err)
	rs := testredis.Start(t)
	a, b := startNode(t, "a", dbURL, rs.URL), startNode(t, "b", dbURL, rs.URL)
	acc := a.adm(t, "POST", "/admin/v1/accounts", map[string]any{"name": "idem", "rate_limit_per_minute": 100_000})["id"].(string)
	a.adm(t, "POST", "/admin/v1/accounts/"+acc+"/purchases", map[string]any{"pack_usd": 25})
	key := a.adm(t, "POST", "/admin/v1/accounts/"+acc+"/keys", map[string]any{"kind": "live"})["key"].(string)

	t.Run("one key on two nodes at once charges once", func(t *testing.T) {
		const keys, copies = 20, 4
		var wg sync.WaitGroup
		out := make([][copies]resp, keys)
		for k := range keys {
			for i := range copies {
				wg.Add(1)
				go func() {
					defer wg.Done()
					n := []*node{a, b}[i%2]
					out[k][i] = n.postIdem("/v1/detect", key, fmt.Sprintf("both-%d", k), map[string]any{"text": fmt.Sprintf("sent twice %d", k)})
				}()
			}
		}
		wg.Wait()
		for k := range keys {
			runs, replays := 0, 0
			var first []byte
			for _, r := range out[k] {
				require.NoError(t, r.err)
				switch {
				case r.status == 409 && code(r) == "idempotency_key_in_use":
				case r.status == 200 && r.header.Get("Idempotent-Replayed") == "true":
					replays++
				case r.status == 200:
					runs++
					first, _ = json.Marshal(r.body)
				default:
					t.Fatalf("key %d: %d %v", k, r.status, r.body)
				}
			}
			require.Equal(t, 1, runs, "key %d ran %d times (%d replays)", k, runs, replays)
			for _, r := range out[k] {
				if r.status == 200 {
					got, _ := json.Marshal(r.body)
					require.Equal(t, string(first), string(got), "key %d: a replay is the first answer", k)
				}
			}
		}
		require.Equal(t, int64(25_000-keys*2), balance(t, b, acc), "each key charged once")
	})

	t.Run("answer lost after the commit, retried on another node", func(t *testing.T) {
		before := balance(t, a, acc)
		body := `{"text":"the answer to this request is never read"}`
		// The client sends the whole request to node a and hangs up
		// without reading: a commits and its answer is lost.
		conn, err := net.Dial("tcp", a.Addr)
		require.NoError(t, err)
		_, err = fmt.Fprintf(conn, "POST /v1/classify HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\n"+
			"Idempotency-Key: lost-1\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", a.Addr, key, len(body), body)
		require.NoError(t, err)
		require.NoError(t, conn.Close())
		// a committed (the balance says so); the client never saw it. The
		// retry goes to node b.
		waitFor(t, "a commits the request its client gave up on", func() bool { return balance(t, b, acc) == before-6 })
		r := b.postIdem("/v1/classify", key, "lost-1", map[string]any{"text": "the answer to this request is never read"})
		require.NoError(t, r.err)
		require.Equal(t, 200, r.status, "%v", r.body)
		require.Equal(t, "true", r.header.Get("Idempotent-Replayed"), "b replays the answer a committed, it does not run it again")
		require.Equal(t, "6", r.header.Get("X-SVC-Credits-Charged"), "what the first request charged")
		require.Equal(t, r.header.Get("X-Request-Id"), r.body["request_id"])
		require.True(t, strings.HasPrefix(r.body["result"].(map[string]any)["id"].(string), "cls_"))
		require.Equal(t, before-6, balance(t, b, acc), "charged once")
		// And once more on a: the same answer.
		again := a.postIdem("/v1/classify", key, "lost-1", map[string]any{"text": "the answer to this request is never read"})
		require.Equal(t, r.body, again.body)
		list := b.get("/v1/comments?limit=100", key)
		require.Equal(t, 200, list.status)
		n := 0
		for _, c := range list.body["result"].(map[string]any)["comments"].([]any) {
			if c.(map[string]any)["text"] == "the answer to this request is never read" {
				n++
			}
		}
		require.Equal(t, 1, n, "one comment stored")
	})
}
