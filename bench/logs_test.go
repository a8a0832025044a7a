package bench

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// make bench and make bench-brownout write their servers' logs outside what
// git tracks (build/, ignored), so that a run leaves only the results it is
// meant to update changed: no ~200 KB log per run in the tree.
func TestBenchLogsOutOfGit(t *testing.T) {
	root, err := filepath.Abs("..")
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
	for _, script := range []string{"scripts/bench.sh", "scripts/bench-brownout.sh"} {
		text, err := os.ReadFile(filepath.Join(root, script))
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`(?m)^LOGS=\$\{BENCH_LOGS:-([^}]+)\}$`).FindSubmatch(text)
		if m == nil {
			t.Errorf("%s sets no LOGS=${BENCH_LOGS:-dir}", script)
			continue
		}
		dir := string(m[1])
		if !strings.Contains(string(text), `>"$LOGS/`) {
			t.Errorf("%s does not write its logs under $LOGS", script)
		}
		if strings.Contains(string(text), `/logs/`) {
			t.Errorf("%s still writes logs under a logs/ folder of its results", script)
		}
		if out, err := git("check-ignore", "-q", "--no-index", filepath.Join(dir, "svc.log")); err != nil {
			t.Errorf("%s: %s is not ignored by git: %v %s", script, dir, err, out)
		}
	}
	out, err := git("ls-files", "--", "build", "bench/results/logs")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Fields(out) {
		t.Errorf("tracked by git: %s", f)
	}
}
