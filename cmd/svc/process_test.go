package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

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

// First start with stdout not a terminal (a pipe, as under a service
// manager): the admin token and the demo keys go to a 0600 file in the data
// directory, named in the log; neither stdout nor the log carries them.
func TestDemoKeysOnFirstStart(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir)
	out := p.FirstStart()
	live := regexp.MustCompile(`svc_live_sk_[0-9A-Za-z]{32}`).FindString(out)
	sandbox := regexp.MustCompile(`svc_test_sk_[0-9A-Za-z]{32}`).FindString(out)
	require.NotEmpty(t, live, out)
	require.NotEmpty(t, sandbox, out)
	require.Contains(t, out, "admin token")
	fi, err := os.Stat(filepath.Join(dir, "first-start.txt"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	tok, err := os.ReadFile(filepath.Join(dir, "admin.token"))
	require.NoError(t, err)
	require.Contains(t, out, strings.TrimSpace(string(tok)))
	log := p.Log() // stdout and stderr
	for _, secret := range []string{live, sandbox, strings.TrimSpace(string(tok))} {
		require.NotContains(t, log, secret)
	}
	require.Contains(t, log, filepath.Join(dir, "first-start.txt"), "the log names the file")
	code, h, _ := call(t, "POST", "http://"+p.Addr+"/v1/detect", live, map[string]any{"text": "hello"})
	require.Equal(t, 200, code)
	require.Equal(t, "24.998", h.Get("X-SVC-Balance"))
	code, h, _ = call(t, "POST", "http://"+p.Addr+"/v1/detect", sandbox, map[string]any{"text": "hello"})
	require.Equal(t, 200, code)
	require.Equal(t, "sandbox", h.Get("X-SVC-Environment"))
}

// On a terminal (make run) the first start prints the admin token and the
// demo keys, and writes no file.
func TestDemoKeysPrintedOnTerminal(t *testing.T) {
	ptm, pts := openPTY(t)
	dir := t.TempDir()
	cmd := exec.Command(binary, "serve", "--addr", "127.0.0.1:0", "--admin-addr", "127.0.0.1:0", "--data-dir", dir)
	cmd.Env = append(os.Environ(), "SVC_LLM_A_BASE_URL=", "SVC_LLM_B_BASE_URL=")
	cmd.Stdout = pts
	require.NoError(t, cmd.Start())
	pts.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	var seen strings.Builder
	buf := make([]byte, 4096)
	require.NoError(t, ptm.SetReadDeadline(time.Now().Add(time.Minute))) // bounds a hang only
	for !strings.Contains(seen.String(), "These keys are shown once") {
		n, err := ptm.Read(buf)
		require.NoError(t, err, "terminal output so far: %q", seen.String())
		seen.Write(buf[:n])
	}
	out := seen.String()
	require.Regexp(t, `admin token \(kept in .*admin.token\): svc_admin_[0-9a-f]{48}`, out)
	require.Regexp(t, `live key: +svc_live_sk_[0-9A-Za-z]{32}`, out)
	require.Regexp(t, `sandbox key: svc_test_sk_[0-9A-Za-z]{32}`, out)
	_, err := os.Stat(filepath.Join(dir, "first-start.txt"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// openPTY opens a pseudo-terminal pair (Linux /dev/ptmx).
func openPTY(t *testing.T) (ptm, pts *os.File) {
	t.Helper()
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	require.NoError(t, err)
	t.Cleanup(func() { ptm.Close() })
	fd := int(ptm.Fd())
	require.NoError(t, unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0))
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	require.NoError(t, err)
	pts, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	require.NoError(t, err)
	return ptm, pts
}

func TestKill9KeepsLedger(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir, "--no-demo", "--admin-token", "tok", "--test-clock")
	require.NotContains(t, p.Output(), "svc_live_sk_", "--no-demo prints no keys")
	require.Empty(t, p.FirstStart(), "--no-demo and a given token: no secret to reveal")
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
