package cluster

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/internal/freeport"
	"svc/internal/testpg"
	"svc/internal/testproc"
	"svc/internal/testredis"
)

// haproxy runs haproxy in front of nodes with the configuration of `make
// run-cluster` (scripts/haproxy_cfg.sh) and returns its public host:port.
// A port another process took before haproxy bound it is replaced by a new
// one, at most freeport.Attempts starts in all.
func haproxy(t *testing.T, nodes ...*node) string {
	t.Helper()
	bin, err := exec.LookPath("haproxy")
	if err != nil {
		bin = "/usr/sbin/haproxy"
	}
	_, err = os.Stat(bin)
	require.NoError(t, err, "haproxy is needed (make deps / scripts/deps.sh installs it)")
	dir := t.TempDir()
	var tried []string
	for {
		public, admin := haproxyAddr(t), haproxyAddr(t)
		err := startHaproxy(t, bin, filepath.Join(dir, fmt.Sprint(len(tried))), public, admin, nodes)
		if err == nil {
			return public
		}
		tried = append(tried, public+" "+admin)
		if !errors.Is(err, errInUse) {
			t.Fatal(err)
		}
		if len(tried) >= freeport.Attempts {
			t.Fatalf("haproxy: gave up after %d starts, a port taken every time (%s); last: %v", len(tried), strings.Join(tried, ", "), err)
		}
		t.Logf("%v; starting haproxy again on new ports", err)
	}
}

// haproxyAddr gives haproxy's addresses (tests replace it).
var haproxyAddr = testproc.FreeAddr

// errInUse marks a start whose port another process took first.
var errInUse = errors.New("address already in use")

// startHaproxy starts haproxy on public and admin (files in dir) and waits
// until it serves health on public, itself: not another process holding
// the port. It is killed when the test ends.
func startHaproxy(t *testing.T, bin, dir, public, admin string, nodes []*node) error {
	args := []string{public, admin}
	for _, n := range nodes {
		args = append(args, n.Addr+","+n.Admin)
	}
	cfg, err := exec.Command("../scripts/haproxy_cfg.sh", args...).Output()
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(dir, 0o700))
	path := filepath.Join(dir, "haproxy.cfg")
	require.NoError(t, os.WriteFile(path, cfg, 0o600))
	logf, err := os.Create(filepath.Join(dir, "haproxy.log"))
	require.NoError(t, err)
	cmd := exec.Command(bin, "-f", path, "-db")
	cmd.Stdout, cmd.Stderr = logf, logf
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop := func() {
		cmd.Process.Kill()
		<-exited
		logf.Close()
	}
	t.Cleanup(func() {
		stop()
		if t.Failed() {
			b, _ := os.ReadFile(logf.Name())
			t.Logf("haproxy log:\n%s", b)
		}
	})
	port := func(a string) int {
		_, p, _ := net.SplitHostPort(a)
		n, _ := strconv.Atoi(p)
		return n
	}
	for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(20 * time.Millisecond) { // bounds a hang only
		select {
		case <-exited:
			b, _ := os.ReadFile(logf.Name())
			log := freeport.Tail(string(b), 2000)
			if freeport.InUse(log) {
				return fmt.Errorf("%w: %s or %s taken before haproxy bound it; log tail:\n%s", errInUse, public, admin, log)
			}
			return fmt.Errorf("haproxy exited during start; log tail:\n%s", log)
		default:
		}
		r := do("GET", "http://"+public+"/v1/health", "", nil)
		if r.err == nil && r.status == 200 && freeport.Owns(cmd.Process.Pid, port(public)) && freeport.Owns(cmd.Process.Pid, port(admin)) {
			return nil
		}
	}
	return fmt.Errorf("haproxy on %s did not serve health within a minute", public)
}

// clientFrom is an HTTP client whose connections leave from the loopback
// address src (127.0.0.2, 127.0.0.3: every 127/8 address is local on Linux).
func clientFrom(src string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 10 * time.Second}
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64}}
}

// detectFrom posts a detect with key through c to base and returns the
// status and error code.
func detectFrom(c *http.Client, base, key string) (int, string) {
	req, _ := http.NewRequest("POST", base+"/v1/detect", strings.NewReader(`{"text":"hello there"}`))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := resp{status: res.StatusCode}
	_ = json.Unmarshal(raw, &r.body)
	return r.status, code(r)
}

func randomKey() string {
	const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	b := make([]byte, 32)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return "svc_live_sk_" + string(b)
}

// Issue 25's scenario through run-cluster's haproxy (PROXY protocol v2 to
// nodes that trust 127.0.0.1 only), PostgreSQL and Redis: 2,100 random
// wrong keys from 127.0.0.2 within a minute, spread over the three nodes by
// haproxy's hashing. Exactly 600 are 401 (one count for all nodes, in
// Redis), the rest 429; then a valid key from 127.0.0.3 is 200 every time,
// a valid key from 127.0.0.2 is 200, 127.0.0.2's further wrong keys are 429
// too_many_auth_failures, and 127.0.0.3's wrong key is 401. The access log
// names 127.0.0.2, not haproxy.
func TestClusterAuthFailuresPerClient(t *testing.T) {
	pg := testpg.Shared(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	dbURL, err := pg.CreateDatabase(ctx, fmt.Sprintf("cluster_authfail_%d", time.Now().UnixNano()))
	cancel()
	require.NoError(t, err)
	rs := testredis.Start(t)
	var nodes []*node
	for _, name := range []string{"a", "b", "c"} {
		nodes = append(nodes, &node{testproc.Start(t, binary, name, nil, "--data-dir", t.TempDir(), "--admin-token", token,
			"--database-url", dbURL, "--redis-url", rs.URL, "--no-demo", "--redis-timeout", "10s",
			"--trusted-proxies", "127.0.0.1/32")})
	}
	a := nodes[0]
	base := "http://" + haproxy(t, nodes...)

	liveKey := func(name string) string {
		acc := a.adm(t, "POST", "/admin/v1/accounts", map[string]any{"name": name, "rate_limit_per_minute": 10_000})["id"].(string)
		a.adm(t, "POST", "/admin/v1/accounts/"+acc+"/purchases", map[string]any{"pack_usd": 25})
		return a.adm(t, "POST", "/admin/v1/accounts/"+acc+"/keys", map[string]any{"kind": "live"})["key"].(string)
	}
	other, own := liveKey("other customer"), liveKey("the failing client")
	from2, from3 := clientFrom("127.0.0.2"), clientFrom("127.0.0.3")

	start := time.Now()
	var unauthorized, tooMany atomic.Int64
	var wg sync.WaitGroup
	jobs := make(chan struct{})
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				switch status, c := detectFrom(from2, base, randomKey()); {
				case status == 401 && c == "invalid_api_key":
					unauthorized.Add(1)
				case status == 429 && c == "too_many_auth_failures":
					tooMany.Add(1)
				default:
					t.Errorf("wrong key from 127.0.0.2: %d %s", status, c)
				}
			}
		}()
	}
	// Another customer's valid key meanwhile: 200 every time.
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 20 {
			if status, c := detectFrom(from3, base, other); status != 200 {
				t.Errorf("valid key from 127.0.0.3 during the flood (%d): %d %s", i, status, c)
			}
		}
	}()
	for range 2100 {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
	t.Logf("2,100 wrong keys from 127.0.0.2 in %v: %d answered 401, %d 429", time.Since(start), unauthorized.Load(), tooMany.Load())
	require.Equal(t, int64(600), unauthorized.Load(), "600 failures a minute per address, counted once for all nodes")
	require.Equal(t, int64(1500), tooMany.Load())

	for i := range 20 {
		status, c := detectFrom(from3, base, other)
		require.Equal(t, 200, status, "valid key from 127.0.0.3 after the flood (%d): %s", i, c)
	}
	for i := range 5 {
		status, c := detectFrom(from2, base, own)
		require.Equal(t, 200, status, "valid key from 127.0.0.2, the failing address (%d): %s", i, c)
	}
	for i := range 30 { // random keys: spread over the three nodes
		status, c := detectFrom(from2, base, randomKey())
		require.Equal(t, 429, status, "further wrong key from 127.0.0.2 (%d)", i)
		require.Equal(t, "too_many_auth_failures", c)
	}
	status, c := detectFrom(from3, base, randomKey())
	require.Equal(t, 401, status, "127.0.0.3's own failures are not 127.0.0.2's")
	require.Equal(t, "invalid_api_key", c)
	t.Logf("checks done %v after the first wrong key (the failure window is 60 s)", time.Since(start))

	logged := false
	for _, n := range nodes {
		if strings.Contains(n.Log(), `"client":"127.0.0.2"`) {
			logged = true
		}
		require.NotContains(t, n.Log(), `"client":"127.0.0.1","account":"","endpoint":"/v1/detect"`, "a request through haproxy logged with haproxy's address")
	}
	require.True(t, logged, "the access log records the client address haproxy passed")
}
