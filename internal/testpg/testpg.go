// Package testpg starts a throwaway PostgreSQL 15 on loopback for tests (and
// for any program that needs one, such as a local cluster).
//
// A Server is a private cluster: initdb into a fresh directory under the
// system temp dir, one postgres process listening on 127.0.0.1 at a free port
// and on a unix socket in that directory, trust authentication for the
// superuser "postgres". When the process runs as root the directory is
// chowned to the postgres user and the server runs with its credentials
// (PostgreSQL refuses to run as root). The server gets SIGQUIT (immediate
// shutdown) if the process that started it dies, so a killed test binary does
// not leave it running.
//
// Settings: by default the server is tuned for tests (fsync, synchronous_commit
// and full_page_writes off: a crash of the machine loses recent commits, a
// crash of postgres does not). Options.Durable keeps PostgreSQL's defaults
// (fsync on, synchronous_commit on); durability and kill tests use it.
//
// The binaries are looked up in Options.BinDir, else $SVC_PG_BIN, else
// /usr/lib/postgresql/15/bin. Missing binaries are an error that says so;
// nothing here skips.
package testpg

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"svc/internal/freeport"
)

// DefaultBinDir is where Debian's postgresql-15 installs its server binaries.
const DefaultBinDir = "/usr/lib/postgresql/15/bin"

// Options configure Launch. The zero value is a fast, non-durable server.
type Options struct {
	// BinDir holds initdb and postgres; "" means $SVC_PG_BIN or DefaultBinDir.
	BinDir string
	// Durable keeps fsync, synchronous_commit and full_page_writes on.
	Durable bool
	// MaxConnections bounds the server's connections (default 300).
	MaxConnections int
	// Port to listen on; 0 picks a free one (from internal/freeport, the
	// allocator every test helper shares), and a new one when another
	// process took it before postgres bound it (freeport.Attempts starts at
	// most). A given port is not replaced.
	Port int
}

// Server is one running (or stopped) private PostgreSQL cluster.
type Server struct {
	opts    Options
	bin     string
	base    string // owned by the server's user: data/ and the socket
	port    int
	cred    *syscall.Credential
	mu      sync.Mutex
	cmd     *exec.Cmd
	exited  chan struct{}
	logFile *os.File
	dbSeq   int
}

// Launch initialises a new cluster and starts it. The caller must Close it.
func Launch(ctx context.Context, opts Options) (*Server, error) {
	bin := opts.BinDir
	if bin == "" {
		bin = os.Getenv("SVC_PG_BIN")
	}
	if bin == "" {
		bin = DefaultBinDir
	}
	for _, name := range []string{"initdb", "postgres"} {
		if _, err := os.Stat(filepath.Join(bin, name)); err != nil {
			return nil, fmt.Errorf("testpg: PostgreSQL 15 binary %s not found in %s (install Debian's postgresql-15 or set SVC_PG_BIN): %w", name, bin, err)
		}
	}
	if opts.MaxConnections == 0 {
		opts.MaxConnections = 300
	}
	s := &Server{opts: opts, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("testpg: running as root needs the postgres user to run the server: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		s.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	}
	base, err := os.MkdirTemp("", "testpg-")
	if err != nil {
		return nil, fmt.Errorf("testpg: %w", err)
	}
	s.base = base
	if s.cred != nil {
		if err := os.Chown(base, int(s.cred.Uid), int(s.cred.Gid)); err != nil {
			os.RemoveAll(base)
			return nil, fmt.Errorf("testpg: chown %s: %w", base, err)
		}
	}
	initdb := exec.CommandContext(ctx, filepath.Join(bin, "initdb"),
		"-D", s.DataDir(), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	initdb.Dir = base
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(base)
		return nil, fmt.Errorf("testpg: initdb: %w\n%s", err, out)
	}
	s.port = opts.Port
	var tried []string
	for {
		if opts.Port == 0 {
			if s.port, err = nextPort(); err != nil {
				os.RemoveAll(base)
				return nil, fmt.Errorf("testpg: %w", err)
			}
		}
		err := s.Start(ctx)
		if err == nil {
			return s, nil
		}
		tried = append(tried, strconv.Itoa(s.port))
		if opts.Port != 0 || !errors.Is(err, errInUse) || ctx.Err() != nil {
			s.Close()
			return nil, err
		}
		if len(tried) >= freeport.Attempts {
			s.Close()
			return nil, fmt.Errorf("testpg: gave up after %d starts, every port taken before postgres bound it (%s); last: %w",
				len(tried), strings.Join(tried, ", "), err)
		}
	}
}

// nextPort hands out Launch's ports (tests replace it).
var nextPort = freeport.Port

// errInUse marks a start whose port another process took first.
var errInUse = errors.New("address already in use")

// New launches a server for one test (or benchmark) and closes it in
// t.Cleanup. It fails the test with the reason if the server cannot start.
func New(t TB, opts Options) *Server {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := Launch(ctx, opts)
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TB is the part of testing.TB that New and DB use.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Cleanup(func())
	Name() string
}

// DataDir is the cluster's data directory.
func (s *Server) DataDir() string { return filepath.Join(s.base, "data") }

// Dir is the server's base directory (data/, the unix socket, postgres.log).
func (s *Server) Dir() string { return s.base }

// Port is the TCP port on 127.0.0.1.
func (s *Server) Port() int { return s.port }

// URL is the connection URL of database db as the superuser over TCP.
func (s *Server) URL(db string) string {
	// connect_timeout: generous, since a loaded CI machine may take seconds
	// to fork a backend; it bounds a hang, not a speed.
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable&connect_timeout=30", s.port, db)
}

// Start starts the server (again, after Stop) on the same port and data and
// waits until it accepts connections.
func (s *Server) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return errors.New("testpg: already running")
	}
	args := []string{
		"-D", s.DataDir(),
		"-p", strconv.Itoa(s.port),
		"-k", s.base,
		"-c", "listen_addresses=127.0.0.1",
		"-c", "max_connections=" + strconv.Itoa(s.opts.MaxConnections),
		"-c", "shared_buffers=64MB",
		"-c", "log_min_messages=warning",
		"-c", "logging_collector=off",
	}
	if !s.opts.Durable {
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	logPath := filepath.Join(s.base, "postgres.log")
	lf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("testpg: %w", err)
	}
	var from int64 // this start's part of the log
	if st, err := lf.Stat(); err == nil {
		from = st.Size()
	}
	cmd := exec.Command(filepath.Join(s.bin, "postgres"), args...)
	cmd.Dir = s.base
	cmd.Stdout = lf
	cmd.Stderr = lf
	// Pdeathsig: an immediate shutdown if the starting process dies.
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred, Pdeathsig: syscall.SIGQUIT}
	if err := cmd.Start(); err != nil {
		lf.Close()
		return fmt.Errorf("testpg: start postgres: %w", err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	s.cmd, s.exited, s.logFile = cmd, exited, lf
	deadline := time.Now().Add(60 * time.Second)
	for {
		select {
		case <-exited:
			s.cmd = nil
			lf.Close()
			b, _ := os.ReadFile(logPath)
			log := tail(string(b[min(from, int64(len(b))):]), 2000)
			if freeport.InUse(log) {
				return fmt.Errorf("testpg: %w: port %d taken before postgres bound it; log tail:\n%s", errInUse, s.port, log)
			}
			return fmt.Errorf("testpg: postgres exited at start on port %d: %s", s.port, log)
		default:
		}
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		c, err := pgx.Connect(cctx, s.URL("postgres"))
		cancel()
		if err == nil {
			c.Close(context.Background())
			// Another server holding the port would accept too.
			if freeport.Owns(cmd.Process.Pid, s.port) {
				return nil
			}
			err = fmt.Errorf("another process answers on port %d", s.port)
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			s.stopLocked(syscall.SIGQUIT)
			return fmt.Errorf("testpg: postgres did not accept connections: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop shuts the server down (fast shutdown: open transactions roll back,
// clients are disconnected) and waits for it to exit. The data stays.
func (s *Server) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopLocked(syscall.SIGINT)
}

// StopImmediate is pg_ctl -m immediate: SIGQUIT, every backend exits at once
// without a checkpoint (clients see their connection end), and Start runs
// crash recovery. The data stays.
func (s *Server) StopImmediate() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopLocked(syscall.SIGQUIT)
}

// Kill stops the server the way a crash would (SIGKILL to the postmaster;
// its children exit when they notice). The data stays; Start recovers it.
func (s *Server) Kill() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopLocked(syscall.SIGKILL)
}

func (s *Server) stopLocked(sig syscall.Signal) error {
	if s.cmd == nil {
		return nil
	}
	var children []int
	if sig == syscall.SIGKILL {
		// Each backend is its own session leader (InitPostmasterChild calls
		// setsid), so they are found by parent before the postmaster dies.
		children = childrenOf(s.cmd.Process.Pid)
	}
	s.cmd.Process.Signal(sig)
	select {
	case <-s.exited:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			s.cmd.Process.Kill()
			<-s.exited
		}
	}
	if sig == syscall.SIGKILL {
		// A crash takes the backends with it; a new postmaster refuses to
		// start while any of them holds the old shared memory.
		for _, pid := range children {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		for _, pid := range children {
			for i := 0; i < 1000 && syscall.Kill(pid, 0) == nil; i++ {
				time.Sleep(5 * time.Millisecond)
			}
		}
	}
	s.cmd = nil
	s.logFile.Close()
	return nil
}

// childrenOf lists the processes whose parent is pid (from /proc).
func childrenOf(pid int) []int {
	entries, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces and parens.
		i := strings.LastIndexByte(string(stat), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) > 1 {
			if ppid, _ := strconv.Atoi(f[1]); ppid == pid {
				out = append(out, child)
			}
		}
	}
	return out
}

// Running reports whether the server process is up.
func (s *Server) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cmd != nil
}

// Close stops the server and removes its directory.
func (s *Server) Close() error {
	s.Stop()
	return os.RemoveAll(s.base)
}

// CreateDatabase creates a new empty database and returns its URL.
func (s *Server) CreateDatabase(ctx context.Context, name string) (string, error) {
	c, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return "", fmt.Errorf("testpg: %w", err)
	}
	defer c.Close(context.Background())
	if _, err := c.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("testpg: create database %s: %w", name, err)
	}
	return s.URL(name), nil
}

// Database creates a fresh database named after the test and returns its URL.
func (s *Server) Database(t TB) string {
	t.Helper()
	s.mu.Lock()
	s.dbSeq++
	name := fmt.Sprintf("t%d_%s", s.dbSeq, sanitize(t.Name()))
	s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url, err := s.CreateDatabase(ctx, name)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return url
}

func sanitize(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
		if b.Len() >= 40 {
			break
		}
	}
	return b.String()
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
