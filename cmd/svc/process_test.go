package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/internal/testproc"
)

// These tests run the real binary as a separate process: first start with the
// demo account, kill -9 and restart on the same data directory, and a clean
// shutdown on SIGTERM.

var binary string

func TestMain(m *testing.M) {
	bin, cleanup, err := testproc.Build()
	if err != nil {
		panic(err)
	}
	binary = bin
	code := m.Run()
	cleanup()
	os.Exit(code)
}

type proc = testproc.Proc

func start(t *testing.T, dataDir string, extra ...string) *proc {
	t.Helper()
	return startEnv(t, dataDir, nil, extra...)
}

// startEnv starts the real binary on dataDir with extra environment
// variables (the providers unset unless env sets them) and waits for
// /v1/health.
func startEnv(t *testing.T, dataDir string, env []string, extra ...string) *proc {
	t.Helper()
	return testproc.Start(t, binary, "svc", env, append([]string{"--data-dir", dataDir}, extra...)...)
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
	out := p.Output()
	live := regexp.MustCompile(`svc_live_sk_[0-9A-Za-z]{32}`).FindString(out)
	sandbox := regexp.MustCompile(`svc_test_sk_[0-9A-Za-z]{32}`).FindString(out)
	require.NotEmpty(t, live, out)
	require.NotEmpty(t, sandbox, out)
	require.Contains(t, out, "admin token")
	code, h, _ := call(t, "POST", "http://"+p.Addr+"/v1/detect", live, map[string]any{"text": "hello"})
	require.Equal(t, 200, code)
	require.Equal(t, "24.998", h.Get("X-SVC-Balance"))
	code, h, _ = call(t, "POST", "http://"+p.Addr+"/v1/detect", sandbox, map[string]any{"text": "hello"})
	require.Equal(t, 200, code)
	require.Equal(t, "sandbox", h.Get("X-SVC-Environment"))
	tok, err := os.ReadFile(filepath.Join(dir, "admin.token"))
	require.NoError(t, err)
	require.Contains(t, out, strings.TrimSpace(string(tok)))
}

func TestKill9KeepsLedger(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir, "--no-demo", "--admin-token", "tok", "--test-clock")
	require.NotContains(t, p.Output(), "svc_live_sk_", "--no-demo prints no keys")
	_, _, acc := call(t, "POST", "http://"+p.Admin+"/admin/v1/accounts", "tok", map[string]any{"name": "k9"})
	accID := acc["result"].(map[string]any)["id"].(string)
	_, _, k := call(t, "POST", "http://"+p.Admin+"/admin/v1/accounts/"+accID+"/keys", "tok", map[string]any{"kind": "live"})
	key := k["result"].(map[string]any)["key"].(string)
	call(t, "POST", "http://"+p.Admin+"/admin/v1/accounts/"+accID+"/purchases", "tok", map[string]any{"pack_usd": 25})
	var ids []string
	for i := 0; i < 20; i++ {
		code, _, m := call(t, "POST", "http://"+p.Addr+"/v1/classify", key, map[string]any{"text": fmt.Sprintf("distinct comment number %d about episode %d", i, i*7)})
		require.Equal(t, 200, code)
		ids = append(ids, m["result"].(map[string]any)["id"].(string))
	}
	require.NoError(t, p.Cmd().Process.Signal(syscall.SIGKILL))
	_, _ = p.Cmd().Process.Wait()

	q := start(t, dir, "--no-demo", "--admin-token", "tok", "--test-clock")
	code, h, m := call(t, "GET", "http://"+q.Addr+"/v1/comments?limit=100", key, nil)
	require.Equal(t, 200, code, "the key survives kill -9")
	require.Equal(t, "24.880", h.Get("X-SVC-Balance"), "every acknowledged charge survives kill -9")
	require.Len(t, m["result"].(map[string]any)["comments"], len(ids))
}

func TestSIGTERMShutsDownCleanly(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir, "--no-demo", "--admin-token", "tok")
	require.NoError(t, p.Cmd().Process.Signal(syscall.SIGTERM))
	done := make(chan error, 1)
	go func() { done <- p.Cmd().Wait() }()
	select {
	case err := <-done:
		require.NoError(t, err, "exit status 0 after SIGTERM")
	case <-time.After(time.Minute):
		t.Fatal("no exit within a minute of SIGTERM")
	}
	// The store opens again without recovery problems.
	q := start(t, dir, "--no-demo", "--admin-token", "tok")
	sc := bufio.NewScanner(strings.NewReader(q.Output()))
	require.True(t, sc.Scan())
}
