package testproc

import (
	"fmt"
	"net/http"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
)

var bin string

func TestMain(m *testing.M) {
	b, cleanup, err := Build()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = b
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// A node whose public port another server took (and answers health on)
// between FreeAddr and its bind is started again on new ports: health from
// the other server does not pass for it.
func TestStartRetriesOnTakenPort(t *testing.T) {
	p := New(t, bin, "svc", nil, "--data-dir", t.TempDir(), "--no-demo", "--admin-token", "tok")
	taken := p.Addr
	Occupy(t, taken)
	p.Start(t)
	p.WaitHealthy(t)
	if p.Addr == taken {
		t.Fatalf("WaitHealthy took the other server on %s for the node", taken)
	}
	if !strings.Contains(strings.Join(p.Args, " "), "--addr "+p.Addr+" --admin-addr "+p.Admin) {
		t.Fatalf("args %v do not name the new addresses %s %s", p.Args, p.Addr, p.Admin)
	}
	if !strings.Contains(strings.ToLower(p.Log()), "address already in use") {
		t.Fatalf("the first start did not fail to bind; log:\n%s", p.Log())
	}
	r, err := http.Get("http://" + p.Addr + "/v1/health")
	if err != nil || r.StatusCode != 200 {
		t.Fatalf("health on the new address: %v %v", r, err)
	}
	r.Body.Close()
}

// fatalTB records the first Fatal and ends the goroutine, as testing does.
type fatalTB struct {
	testing.TB
	mu  sync.Mutex
	msg string
}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.mu.Lock()
	f.msg = fmt.Sprintf(format, args...)
	f.mu.Unlock()
	runtime.Goexit()
}

func (f *fatalTB) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }

// When every new port is taken too, the start gives up after
// freeport.Attempts starts, naming the port and the log's tail.
func TestStartGivesUp(t *testing.T) {
	var taken []string
	newAddr = func(t testing.TB) string {
		a := FreeAddr(t)
		Occupy(t, a)
		taken = append(taken, a)
		return a
	}
	defer func() { newAddr = FreeAddr }()
	ft := &fatalTB{TB: t}
	p := New(ft, bin, "svc", nil, "--data-dir", t.TempDir(), "--no-demo", "--admin-token", "tok")
	Occupy(t, p.Addr)
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Start(ft)
		p.WaitHealthy(ft)
	}()
	<-done
	if len(taken) != 4 { // two addresses for each of the two starts made again
		t.Fatalf("%d new addresses taken, want 4 (3 starts in all)", len(taken))
	}
	for _, want := range []string{"gave up after 3 starts", p.Addr, "address already in use"} {
		if !strings.Contains(ft.msg, want) {
			t.Fatalf("failure %q does not say %q", ft.msg, want)
		}
	}
}
