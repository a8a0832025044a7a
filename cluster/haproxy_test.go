package cluster

import (
	"testing"

	"svc/internal/testproc"
)

// A second haproxy given the port of a first one (another test binary's, a
// run-cluster's) fails to bind (noreuseport: by default haproxy would share
// the port silently) and starts again on a new port.
func TestHaproxyStartsAgainOnTakenPort(t *testing.T) {
	n := &node{testproc.Start(t, binary, "a", nil, "--data-dir", t.TempDir(), "--admin-token", token,
		"--no-demo", "--trusted-proxies", "127.0.0.1/32")}
	first := haproxy(t, n)
	calls := 0
	haproxyAddr = func(t testing.TB) string {
		if calls++; calls == 1 {
			return first
		}
		return testproc.FreeAddr(t)
	}
	defer func() { haproxyAddr = testproc.FreeAddr }()
	second := haproxy(t, n)
	if second == first {
		t.Fatalf("the second haproxy shares %s with the first", first)
	}
	if calls != 4 {
		t.Fatalf("%d addresses asked for, want 4 (two starts)", calls)
	}
	if r := do("GET", "http://"+second+"/v1/health", "", nil); r.err != nil || r.status != 200 {
		t.Fatalf("health through the second haproxy: %d %v", r.status, r.err)
	}
}
