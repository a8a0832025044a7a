package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Flags out of range are a usage error naming the flag, before anything
// starts (-cycles 0 used to start svc and panic in a client: an account
// without sandbox keys).
func TestFlagsValidated(t *testing.T) {
	for _, args := range [][]string{
		{"-cycles", "0"}, {"-cycles", "-3"}, {"-cycles", "100001"}, {"-clients", "0"}, {"-clients", "5000"},
		{"-min-load", "0s"}, {"-min-load", "2s", "-max-load", "1s"}, {"-max-load", "11m"},
		{"-fault-requests", "0"}, {"-start-timeout", "0s"}, {"extra"},
	} {
		var out bytes.Buffer
		_, err := parseFlags(args, &out)
		flagName := strings.TrimPrefix(args[0], "-")
		if err == nil || !strings.Contains(out.String(), "soak: ") || !strings.Contains(out.String(), "Usage of soak") {
			t.Errorf("%v: err %v, output %q: want a usage error", args, err, out.String())
		}
		if strings.HasPrefix(args[0], "-") && !strings.Contains(err.Error(), "-"+flagName) && !strings.Contains(err.Error(), "-max-load") {
			t.Errorf("%v: %v does not name the flag", args, err)
		}
	}
	o, err := parseFlags([]string{"-cycles", "1", "-clients", "2", "-min-load", "1s", "-max-load", "1s"}, &bytes.Buffer{})
	if err != nil || o.cycles != 1 || o.clients != 2 || o.minLoad != o.maxLoad {
		t.Fatalf("valid flags: %+v %v", o, err)
	}
}

// The command itself exits 2 with the usage error, starting nothing (bin
// points nowhere: a start would fail differently).
func TestZeroCyclesExitsWithUsage(t *testing.T) {
	if os.Getenv("SOAK_TEST_MAIN") == "1" {
		os.Args = []string{"soak", "-cycles", "0", "-bin", "/nonexistent/svc"}
		main()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestZeroCyclesExitsWithUsage$")
	cmd.Env = append(os.Environ(), "SOAK_TEST_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), "soak: -cycles 0: want 1 to") {
		t.Fatalf("soak -cycles 0: %v, stderr %q: want exit 2 and the usage error", err, stderr.String())
	}
}
