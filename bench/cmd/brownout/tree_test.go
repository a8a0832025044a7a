package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// make bench-brownout writes its servers' logs outside what git tracks
// (build/, ignored), so that a run leaves only the results it is meant to
// update changed: no ~200 KB log per run in the tree.
func TestBenchLogsOutOfGit(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) (string, error) {
		out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput()
		return string(out), err
	}
	if out, err := git("rev-parse", "--show-toplevel"); err != nil {
		t.Fatalf("this test needs git and the repository: %v: %s", err, out)
	}
	script, err := os.ReadFile(filepath.Join(root, "scripts/bench-brownout.sh"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^LOGS=\$\{BENCH_LOGS:-([^}]+)\}$`).FindSubmatch(script)
	if m == nil {
		t.Fatal("scripts/bench-brownout.sh sets no LOGS=${BENCH_LOGS:-dir}")
	}
	dir := string(m[1])
	if !strings.Contains(string(script), `"$LOGS/`) {
		t.Fatal("scripts/bench-brownout.sh does not write its logs under $LOGS")
	}
	if out, err := git("check-ignore", "-q", "--no-index", filepath.Join(dir, "svc.log")); err != nil {
		t.Fatalf("%s is not ignored by git: %v %s", dir, err, out)
	}
	out, err := git("ls-files", "--", dir, "bench/results/logs")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Fields(out) {
		if strings.Contains(f, "brownout") || strings.HasPrefix(f, dir) {
			t.Errorf("tracked by git: %s", f)
		}
	}
}
