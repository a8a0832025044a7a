package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/freeport"
	"svc/internal/testproc"
)

var (
	buildOnce sync.Once
	svcBin    string
	buildErr  error
)

// builtSvc builds svc once for the tests that start it.
func builtSvc(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		var cleanup func()
		svcBin, cleanup, buildErr = testproc.Build()
		if buildErr == nil {
			cleanupBin = cleanup
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return svcBin
}

var cleanupBin = func() {}

func TestMain(m *testing.M) {
	code := m.Run()
	cleanupBin()
	os.Exit(code)
}

// svc's public address taken (by a server that answers health) before it
// bound it: it starts again on new ports, and the health that counts is
// its own.
func TestStartSvcRetriesOnTakenPort(t *testing.T) {
	bin := builtSvc(t)
	taken := testproc.TakenAddr(t)
	calls := 0
	nextAddr = func() (string, error) {
		if calls++; calls == 1 {
			return taken, nil
		}
		return freeport.Addr()
	}
	defer func() { nextAddr = freeport.Addr }()
	dir := t.TempDir()
	p, err := startSvc(bin, filepath.Join(dir, "data"), "tok", filepath.Join(dir, "svc.log"), nil, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer p.kill()
	if p.addr == taken {
		t.Fatalf("startSvc took the other server on %s for svc", taken)
	}
	if calls != 4 {
		t.Fatalf("%d addresses asked for, want 4 (two starts)", calls)
	}
}

// Every address taken: startSvc gives up after freeport.Attempts starts,
// naming the addresses and the log's tail.
func TestStartSvcGivesUp(t *testing.T) {
	bin := builtSvc(t)
	var taken []string
	nextAddr = func() (string, error) {
		a := testproc.TakenAddr(t)
		taken = append(taken, a)
		return a, nil
	}
	defer func() { nextAddr = freeport.Addr }()
	dir := t.TempDir()
	p, err := startSvc(bin, filepath.Join(dir, "data"), "tok", filepath.Join(dir, "svc.log"), nil, time.Minute)
	if err == nil {
		p.kill()
		t.Fatalf("started on %s, every address taken", p.addr)
	}
	if len(taken) != 2*freeport.Attempts {
		t.Fatalf("%d addresses, want %d", len(taken), 2*freeport.Attempts)
	}
	for _, want := range append(taken, "gave up after 3 starts", "address already in use") {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("error %q does not say %q", err, want)
		}
	}
}
