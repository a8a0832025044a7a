// Package testproc runs the real svc binary as separate processes for tests
// (cmd/svc's process tests, the cluster test): build it once, start `svc
// serve` on free loopback ports, wait for /v1/health, kill -9 and restart
// it with the same arguments.
//
// A process's stdout is kept in memory (Output: the demo keys, the admin
// token); stdout and stderr both go to a log file whose tail is printed
// when the test fails. Waits are bounded by a minute: a bound on hangs on a
// loaded machine, not a speed check.
package testproc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/freeport"
)

// StartWait bounds how long a start may take to answer health 200.
const StartWait = time.Minute

// Build builds svc/cmd/svc into a fresh temporary folder and returns the
// binary's path and a function that removes the folder. For TestMain.
func Build() (bin string, cleanup func(), err error) {
	dir, err := os.MkdirTemp("", "svcbin")
	if err != nil {
		return "", nil, err
	}
	bin = filepath.Join(dir, "svc")
	if out, err := exec.Command("go", "build", "-o", bin, "svc/cmd/svc").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("build svc: %v\n%s", err, out)
	}
	return bin, func() { os.RemoveAll(dir) }, nil
}

// FreeAddr returns a loopback address whose port was free a moment ago and
// that no earlier call of this process returned: the kernel may hand a
// port just closed out again, and two processes of one test given the same
// port fail to start ("address already in use", seen with three nodes
// started at once). The port comes from internal/freeport, the one
// allocator of the process (testpg and testredis take theirs there too),
// below the kernel's ephemeral range when there is room.
func FreeAddr(t testing.TB) string {
	t.Helper()
	a, err := freeport.Addr()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TakenAddr returns a free address that another server holds until the
// test ends: it answers 200 to every request (health included), as a
// process that bound the port first would. Tests of the starters' retry
// give it to a server to start.
func TakenAddr(t testing.TB) string {
	t.Helper()
	a := FreeAddr(t)
	Occupy(t, a)
	return a
}

// Occupy listens on addr and answers 200 to every request until the test
// ends.
func Occupy(t testing.TB, addr string) {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
}

// Proc is one `svc serve` process (restartable).
type Proc struct {
	Name        string
	Addr, Admin string   // host:port of the public and admin listeners
	Args        []string // serve's arguments, --addr and --admin-addr included
	Env         []string // added to the environment (the providers are unset unless set here)
	bin, log    string

	mu      sync.Mutex
	cmd     *exec.Cmd
	logf    *os.File // open while the process runs: stdout is copied to it
	logFrom int64    // the log's size when this run started
	out     Buffer   // stdout of every run
	served  bool     // was healthy once: its addresses are known to others
}

// Buffer is a bytes.Buffer safe for concurrent writers and readers (a
// process's output, a logger's).
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// New prepares `svc serve --addr A --admin-addr B args...` of bin on free
// ports; Start runs it. The process is killed when the test ends, and its
// log tail printed if the test failed.
func New(t testing.TB, bin, name string, env []string, args ...string) *Proc {
	t.Helper()
	p := &Proc{Name: name, Addr: FreeAddr(t), Admin: FreeAddr(t), Env: env, bin: bin,
		log: filepath.Join(t.TempDir(), name+".log")}
	p.Args = append([]string{"serve", "--addr", p.Addr, "--admin-addr", p.Admin}, args...)
	t.Cleanup(func() {
		p.Kill()
		if t.Failed() {
			b, _ := os.ReadFile(p.log)
			if len(b) > 16<<10 {
				b = b[len(b)-16<<10:]
			}
			t.Logf("%s log tail:\n%s", p.Name, b)
		}
	})
	return p
}

// Start starts the process (again, after Kill) and waits for health 200.
// A first start whose port another process took in between (the process
// exits with "address already in use") is made again on new ports, at
// most freeport.Attempts starts in all (WaitHealthy).
func Start(t testing.TB, bin, name string, env []string, args ...string) *Proc {
	t.Helper()
	p := New(t, bin, name, env, args...)
	p.Start(t)
	p.WaitHealthy(t)
	return p
}

// Start runs the process without waiting for it to serve.
func (p *Proc) Start(t testing.TB) {
	t.Helper()
	f, err := os.OpenFile(p.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	var from int64
	if st, err := f.Stat(); err == nil {
		from = st.Size()
	}
	cmd := exec.Command(p.bin, p.Args...)
	cmd.Env = append(append(os.Environ(), "SVC_LLM_A_BASE_URL=", "SVC_LLM_B_BASE_URL="), p.Env...)
	// stdout is copied through a pipe to f and Output: f stays open until
	// Kill (closed early, the copy would fail and the process die of
	// SIGPIPE at its first line).
	cmd.Stdout, cmd.Stderr = io.MultiWriter(f, &p.out), f
	if err := cmd.Start(); err != nil {
		f.Close()
		t.Fatal(err)
	}
	p.mu.Lock()
	p.cmd, p.logf, p.logFrom = cmd, f, from
	p.mu.Unlock()
}

// newAddr gives the addresses of a start made again (tests replace it).
var newAddr = FreeAddr

// errInUse marks a start that failed because a port was taken.
var errInUse = errors.New("address already in use")

// WaitHealthy waits until /v1/health answers 200 from this process (not
// from another one that holds the port), at most StartWait. If the process
// exits because its port was taken before it bound it, and it never served
// (no one knows its addresses yet), it is started again on new ports, at
// most freeport.Attempts starts in all; then the test fails naming the
// ports and the log's tail.
func (p *Proc) WaitHealthy(t testing.TB) {
	t.Helper()
	for attempt := 1; ; attempt++ {
		err := p.waitHealthy()
		p.mu.Lock()
		served := p.served
		if err == nil {
			p.served = true
		}
		p.mu.Unlock()
		if err == nil {
			return
		}
		if !errors.Is(err, errInUse) || served {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if attempt >= freeport.Attempts {
			t.Fatalf("%s: gave up after %d starts on new ports: %v", p.Name, attempt, err)
		}
		t.Logf("%s: %v; starting it again on new ports", p.Name, err)
		p.Kill()
		p.Addr, p.Admin = newAddr(t), newAddr(t)
		for i := 0; i+1 < len(p.Args); i++ {
			switch p.Args[i] {
			case "--addr":
				p.Args[i+1] = p.Addr
			case "--admin-addr":
				p.Args[i+1] = p.Admin
			}
		}
		p.Start(t)
	}
}

func (p *Proc) waitHealthy() error {
	p.mu.Lock()
	cmd, from := p.cmd, p.logFrom
	p.mu.Unlock()
	if cmd == nil {
		return errors.New("not started")
	}
	_, ps, _ := net.SplitHostPort(p.Addr)
	port, _ := strconv.Atoi(ps)
	c := &http.Client{Timeout: 10 * time.Second}
	deadline := time.Now().Add(StartWait)
	for time.Now().Before(deadline) {
		if exited(cmd.Process.Pid) {
			log := p.Log()
			if int64(len(log)) >= from {
				log = log[from:]
			}
			if freeport.InUse(log) {
				return fmt.Errorf("%w: --addr %s or --admin-addr %s was taken before it bound it; log tail:\n%s",
					errInUse, p.Addr, p.Admin, freeport.Tail(log, 2000))
			}
			return fmt.Errorf("exited during start; log tail:\n%s", freeport.Tail(log, 4000))
		}
		if r, err := c.Get("http://" + p.Addr + "/v1/health"); err == nil {
			r.Body.Close()
			// Another process holding the port would answer too.
			if r.StatusCode == 200 && freeport.Owns(cmd.Process.Pid, port) {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("did not become healthy on %s within %v; output:\n%s", p.Addr, StartWait, p.Output())
}

// exited reports whether child pid has exited (a zombie not reaped yet, as
// nothing waits for it before Kill) without reaping it: tests Wait for
// their process's exit status themselves.
func exited(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	return len(f) == 0 || f[0] == "Z" || f[0] == "X"
}

// Output is what the process (all its runs) wrote to stdout so far.
func (p *Proc) Output() string { return p.out.String() }

// Log returns the process's log file so far: stdout and stderr of every run.
func (p *Proc) Log() string {
	b, _ := os.ReadFile(p.log)
	return string(b)
}

// FirstStart returns what the process wrote to <data-dir>/first-start.txt
// (the admin token it generated, the demo keys: svc reveals secrets there
// when its stdout is not a terminal, as here), or "" when it wrote none.
func (p *Proc) FirstStart() string {
	for i, a := range p.Args {
		if a == "--data-dir" && i+1 < len(p.Args) {
			b, _ := os.ReadFile(filepath.Join(p.Args[i+1], "first-start.txt"))
			return string(b)
		}
	}
	return ""
}

// Cmd is the running process (nil after Kill).
func (p *Proc) Cmd() *exec.Cmd {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cmd
}

// Kill sends SIGKILL (a crash: nothing drained or flushed) and reaps it.
func (p *Proc) Kill() {
	p.mu.Lock()
	cmd, f := p.cmd, p.logf
	p.cmd, p.logf = nil, nil
	p.mu.Unlock()
	if cmd != nil {
		cmd.Process.Kill()
		cmd.Wait()
	}
	if f != nil {
		f.Close()
	}
}
