package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// These tests run the real binary as a separate process: first start with the
// demo account, kill -9 and restart on the same data directory, and a clean
// shutdown on SIGTERM.

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "svcbin")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "svc")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		panic("build: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().String()
}

type proc struct {
	cmd         *exec.Cmd
	addr, admin string
	out         *bytes.Buffer
	logs        *tailBuffer // the node's stderr (its log), printed when the test fails
}

// tailBuffer keeps the last tailMax bytes written to it.
type tailBuffer struct {
	mu sync.Mutex
	b  []byte
}

const tailMax = 64 << 10

func (w *tailBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b = append(w.b, p...)
	if len(w.b) > tailMax {
		w.b = append(w.b[:0], w.b[len(w.b)-tailMax:]...)
	}
	return len(p), nil
}

func (w *tailBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return string(w.b)
}

func start(t *testing.T, dataDir string, extra ...string) *proc {
	t.Helper()
	return startEnv(t, dataDir, nil, extra...)
}

// startEnv starts the real binary with extra environment variables (the
// providers unset unless env sets them) and waits for /v1/health.
func startEnv(t *testing.T, dataDir string, env []string, extra ...string) *proc {
	t.Helper()
	p := &proc{addr: freeAddr(t), admin: freeAddr(t), out: &bytes.Buffer{}, logs: &tailBuffer{}}
	args := append([]string{"serve", "--addr", p.addr, "--admin-addr", p.admin, "--data-dir", dataDir}, extra...)
	p.cmd = exec.Command(binary, args...)
	p.cmd.Env = append(append(os.Environ(), "SVC_LLM_A_BASE_URL=", "SVC_LLM_B_BASE_URL="), env...)
	p.cmd.Stdout = p.out
	p.cmd.Stderr = p.logs
	require.NoError(t, p.cmd.Start())
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		_, _ = p.cmd.Process.Wait()
		if t.Failed() { // a 500 is explained by the node's log, not by the test's
			t.Logf("log of the node on %s (last %d KiB):\n%s", p.addr, tailMax>>10, p.logs.String())
		}
	})
	deadline := time.Now().Add(time.Minute) // bounds a hang: a loaded machine starts slowly
	for time.Now().Before(deadline) {
		if r, err := http.Get("http://" + p.addr + "/v1/health"); err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return p
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("server did not come up; output:\n%s", p.out.String())
	return nil
}

func call(t *testing.T, method, url, bearer string, body any) (int, http.Header, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Authorization", "Bearer "+bearer)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	var m map[string]any
	require.NoError(t, json.NewDecoder(res.Body).Decode(&m))
	return res.StatusCode, res.Header, m
}

func TestDemoKeysOnFirstStart(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir)
	out := p.out.String()
	live := regexp.MustCompile(`svc_live_sk_[0-9A-Za-z]{32}`).FindString(out)
	sandbox := regexp.MustCompile(`svc_test_sk_[0-9A-Za-z]{32}`).FindString(out)
	require.NotEmpty(t, live, out)
	require.NotEmpty(t, sandbox, out)
	require.Contains(t, out, "admin token")
	code, h, _ := call(t, "POST", "http://"+p.addr+"/v1/detect", live, map[string]any{"text": "hello"})
	require.Equal(t, 200, code)
	require.Equal(t, "24.998", h.Get("X-SVC-Balance"))
	code, h, _ = call(t, "POST", "http://"+p.addr+"/v1/detect", sandbox, map[string]any{"text": "hello"})
	require.Equal(t, 200, code)
	require.Equal(t, "sandbox", h.Get("X-SVC-Environment"))
	tok, err := os.ReadFile(filepath.Join(dir, "admin.token"))
	require.NoError(t, err)
	require.Contains(t, out, strings.TrimSpace(string(tok)))
}

func TestKill9KeepsLedger(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir, "--no-demo", "--admin-token", "tok", "--test-clock")
	require.NotContains(t, p.out.String(), "svc_live_sk_", "--no-demo prints no keys")
	_, _, acc := call(t, "POST", "http://"+p.admin+"/admin/v1/accounts", "tok", map[string]any{"name": "k9"})
	accID := acc["result"].(map[string]any)["id"].(string)
	_, _, k := call(t, "POST", "http://"+p.admin+"/admin/v1/accounts/"+accID+"/keys", "tok", map[string]any{"kind": "live"})
	key := k["result"].(map[string]any)["key"].(string)
	call(t, "POST", "http://"+p.admin+"/admin/v1/accounts/"+accID+"/purchases", "tok", map[string]any{"pack_usd": 25})
	var ids []string
	for i := 0; i < 20; i++ {
		code, _, m := call(t, "POST", "http://"+p.addr+"/v1/classify", key, map[string]any{"text": fmt.Sprintf("distinct comment number %d about episode %d", i, i*7)})
		require.Equal(t, 200, code)
		ids = append(ids, m["result"].(map[string]any)["id"].(string))
	}
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGKILL))
	_, _ = p.cmd.Process.Wait()

	q := start(t, dir, "--no-demo", "--admin-token", "tok", "--test-clock")
	code, h, m := call(t, "GET", "http://"+q.addr+"/v1/comments?limit=100", key, nil)
	require.Equal(t, 200, code, "the key survives kill -9")
	require.Equal(t, "24.880", h.Get("X-SVC-Balance"), "every acknowledged charge survives kill -9")
	require.Len(t, m["result"].(map[string]any)["comments"], len(ids))
}

func TestSIGTERMShutsDownCleanly(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir, "--no-demo", "--admin-token", "tok")
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		require.NoError(t, err, "exit status 0 after SIGTERM")
	case <-time.After(time.Minute):
		t.Fatal("no exit within a minute of SIGTERM")
	}
	// The store opens again without recovery problems.
	q := start(t, dir, "--no-demo", "--admin-token", "tok")
	sc := bufio.NewScanner(strings.NewReader(q.out.String()))
	require.True(t, sc.Scan())
}
