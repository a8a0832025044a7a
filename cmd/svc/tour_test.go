package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// liveKeyRE matches a live key's secret.
var liveKeyRE = regexp.MustCompile(`svc_live_sk_[0-9A-Za-z]{32}`)

// demoLiveKey finds the demo live key of a first start: in what the process
// printed or, when it writes its secrets to a file in the data directory
// instead (no terminal), in the data directory's top-level files.
func demoLiveKey(t *testing.T, output, dataDir string) string {
	t.Helper()
	if k := liveKeyRE.FindString(output); k != "" {
		return k
	}
	entries, err := os.ReadDir(dataDir)
	require.NoError(t, err)
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dataDir, e.Name()))
		if err == nil && len(b) < 1<<16 {
			if k := liveKeyRE.FindString(string(b)); k != "" {
				return k
			}
		}
	}
	t.Fatalf("no demo live key in the output or in %s:\n%s", dataDir, output)
	return ""
}

// TestTour runs examples/tour.sh, every /v1 operation end to end, against
// the real binary started as `make run` starts it (svc serve with its
// defaults: demo account on, offline engines) on a fresh data directory
// and free ports, with the demo live key in SVC_KEY and the address in
// SVC_URL. Any status outside 2xx fails the script, and so the test.
func TestTour(t *testing.T) {
	for _, tool := range []string{"bash", "curl", "grep", "sed", "cut"} {
		_, err := exec.LookPath(tool)
		require.NoError(t, err, "examples/tour.sh needs %s", tool)
	}
	dir := t.TempDir()
	p := start(t, dir)
	key := demoLiveKey(t, p.Output(), dir)
	cmd := exec.Command("bash", filepath.Join("..", "..", "examples", "tour.sh"))
	cmd.Env = append(os.Environ(), "SVC_URL=http://"+p.Addr, "SVC_KEY="+key)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "examples/tour.sh:\n%s", out)
	for _, step := range []string{"health", "openapi", "detect", "classify", "reply", "translate", "moderate",
		"rubric", "report", "feedback", "comments", "analytics", "usage"} {
		require.Regexp(t, `\] `+step+` +(GET|POST) +/v1/\S+ +2\d\d`, string(out), "step %s", step)
	}
	require.Contains(t, string(out), "tour: all 13 operations answered 2xx")
	// the paid steps were charged to the demo account: 25 USD less detect 2,
	// classify 6, reply 8, translate 5, moderate 4, rubric 3, report 500 credits
	require.Contains(t, strings.TrimSpace(string(out)), "balance 24.472 USD")
}

// Without SVC_KEY the tour says what to set and calls nothing.
func TestTourNeedsKey(t *testing.T) {
	cmd := exec.Command("bash", filepath.Join("..", "..", "examples", "tour.sh"))
	cmd.Env = append(os.Environ(), "SVC_KEY=", "SVC_URL=http://127.0.0.1:1")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 2, ee.ExitCode())
	require.Contains(t, string(out), "set SVC_KEY")
}

// svc accounts list finds the demo account by name (without case) through
// the admin API; svc accounts show opens the id it gave.
func TestAccountsListCLI(t *testing.T) {
	dir := t.TempDir()
	p := start(t, dir, "--admin-token", "tok")
	admin := func(args ...string) string {
		t.Helper()
		// group verb --admin-addr A --admin-token T rest... (flags before arguments)
		full := append([]string{args[0], args[1], "--admin-addr", p.Admin, "--admin-token", "tok"}, args[2:]...)
		out, err := exec.Command(binary, full...).CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	out := admin("accounts", "list", "--search", "DEMO")
	require.Contains(t, out, `"name": "demo"`)
	require.Contains(t, out, `"total_count": 1`)
	acct := regexp.MustCompile(`acct_[0-9A-Z]{26}`).FindString(out)
	require.NotEmpty(t, acct, out)
	require.Contains(t, admin("accounts", "show", acct), `"credits_purchased": 25000`)
	require.Contains(t, admin("accounts", "list", "--search", "nobody"), `"total_count": 0`)
}
