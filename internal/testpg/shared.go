package testpg

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"
)

// One server per test binary: Main starts nothing; the first DB call
// launches it, Main closes it after the tests. A database per test keeps
// tests apart while the server's start (about a second) is paid once.
var shared struct {
	sync.Mutex
	inMain bool
	srv    *Server
	err    error
	// durable is the second shared server, with fsync on (SharedDurable).
	durable    *Server
	durableErr error
}

// Main runs the package's tests, then stops the shared server and runs
// after (cleanups of TestMain: Main exits). Use it from TestMain:
//
//	func TestMain(m *testing.M) { testpg.Main(m) }
func Main(m *testing.M, after ...func()) {
	shared.Lock()
	shared.inMain = true
	shared.Unlock()
	code := m.Run()
	shared.Lock()
	if shared.srv != nil {
		shared.srv.Close()
	}
	if shared.durable != nil {
		shared.durable.Close()
	}
	shared.Unlock()
	for _, f := range after {
		f()
	}
	os.Exit(code)
}

// DB returns the URL of a fresh database on the package's shared server (fast
// settings: not for durability tests, which use New with Options.Durable).
// The package's TestMain must call Main.
func DB(t TB) string {
	t.Helper()
	s := Shared(t)
	return s.Database(t)
}

// Shared returns the package's shared server, launching it on first use.
func Shared(t TB) *Server {
	t.Helper()
	shared.Lock()
	defer shared.Unlock()
	if !shared.inMain {
		t.Fatalf("testpg: the package's TestMain must call testpg.Main(m) to use the shared server")
	}
	if shared.srv == nil && shared.err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		shared.srv, shared.err = Launch(ctx, Options{})
		cancel()
	}
	if shared.err != nil {
		t.Fatalf("%v", fmt.Errorf("shared server: %w", shared.err))
	}
	return shared.srv
}

// SharedDurable is the package's second shared server, launched on first use
// with Options.Durable (fsync and synchronous_commit on) and closed by Main:
// for benchmarks of durable writes, which run their setup once per round.
func SharedDurable(t TB) *Server {
	t.Helper()
	shared.Lock()
	defer shared.Unlock()
	if !shared.inMain {
		t.Fatalf("testpg: the package's TestMain must call testpg.Main(m) to use the shared server")
	}
	if shared.durable == nil && shared.durableErr == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		shared.durable, shared.durableErr = Launch(ctx, Options{Durable: true})
		cancel()
	}
	if shared.durableErr != nil {
		t.Fatalf("%v", fmt.Errorf("shared durable server: %w", shared.durableErr))
	}
	return shared.durable
}
