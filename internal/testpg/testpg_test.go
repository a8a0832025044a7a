package testpg

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"svc/internal/freeport"
)

func TestMain(m *testing.M) { Main(m) }

func TestSharedDatabasesAreSeparate(t *testing.T) {
	a, b := DB(t), DB(t)
	if a == b {
		t.Fatalf("two databases share the URL %s", a)
	}
	// After DB, which may start the server (a minute at load 30 once used
	// up a deadline taken before it); the deadline only bounds a hang.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ca, err := pgx.Connect(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer ca.Close(ctx)
	if _, err := ca.Exec(ctx, "CREATE TABLE x (v int); INSERT INTO x VALUES (7)"); err != nil {
		t.Fatal(err)
	}
	cb, err := pgx.Connect(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	defer cb.Close(ctx)
	var n int
	if err := cb.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE tablename = 'x'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("table x visible in the other database: n=%d err=%v", n, err)
	}
	var version string
	if err := ca.QueryRow(ctx, "SHOW server_version").Scan(&version); err != nil || version[:3] != "15." {
		t.Fatalf("server_version %q, %v; want 15.x", version, err)
	}
}

// A durable server keeps a committed row across Kill (a crash) and Start.
func TestDurableSurvivesKillAndStart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s := New(t, Options{Durable: true})
	url, err := s.CreateDatabase(ctx, "d")
	if err != nil {
		t.Fatal(err)
	}
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	var fsync string
	if err := c.QueryRow(ctx, "SHOW fsync").Scan(&fsync); err != nil || fsync != "on" {
		t.Fatalf("fsync = %q (%v), want on", fsync, err)
	}
	if _, err := c.Exec(ctx, "CREATE TABLE x (v int); INSERT INTO x VALUES (42)"); err != nil {
		t.Fatal(err)
	}
	c.Close(ctx)
	if err := s.Kill(); err != nil {
		t.Fatal(err)
	}
	if s.Running() {
		t.Fatal("Running after Kill")
	}
	if _, err := pgx.Connect(ctx, url); err == nil {
		t.Fatal("connected to a killed server")
	}
	if err := s.Start(ctx); err != nil {
		t.Fatal(err)
	}
	c, err = pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var v int
	if err := c.QueryRow(ctx, "SELECT v FROM x").Scan(&v); err != nil || v != 42 {
		t.Fatalf("after restart v=%d err=%v, want 42", v, err)
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(ctx); err != nil {
		t.Fatalf("start after a clean stop: %v", err)
	}
}

func TestMissingBinariesSayWhere(t *testing.T) {
	_, err := Launch(context.Background(), Options{BinDir: "/nonexistent/pg/bin"})
	if err == nil {
		t.Fatal("Launch with no binaries succeeded")
	}
	if want := "/nonexistent/pg/bin"; !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not name %s", err, want)
	}
}

// A port another PostgreSQL took before ours bound it is replaced: the
// other server, which accepts the same URL, does not pass for ours.
func TestLaunchRetriesOnTakenPort(t *testing.T) {
	other := Shared(t)
	first := true
	nextPort = func() (int, error) {
		if first {
			first = false
			return other.Port(), nil
		}
		return freeport.Port()
	}
	defer func() { nextPort = freeport.Port }()
	s := New(t, Options{})
	if s.Port() == other.Port() {
		t.Fatalf("Launch took the other server on port %d for its own", s.Port())
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var dir string
	if err := c.QueryRow(ctx, "SHOW data_directory").Scan(&dir); err != nil || dir != s.DataDir() {
		t.Fatalf("data_directory %q (%v), want %q", dir, err, s.DataDir())
	}
	log, _ := os.ReadFile(filepath.Join(s.Dir(), "postgres.log"))
	if !freeport.InUse(string(log)) {
		t.Fatalf("the first start did not fail to bind; log:\n%s", log)
	}
}

// When every port is taken, Launch gives up after freeport.Attempts starts,
// naming the ports and the log's tail.
func TestLaunchGivesUp(t *testing.T) {
	var taken []string
	nextPort = func() (int, error) {
		p, err := freeport.Port()
		if err != nil {
			return 0, err
		}
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
		if err != nil {
			return 0, err
		}
		t.Cleanup(func() { l.Close() })
		go func() { // hang up at once: the start need not wait for a connect timeout
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		taken = append(taken, strconv.Itoa(p))
		return p, nil
	}
	defer func() { nextPort = freeport.Port }()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := Launch(ctx, Options{})
	if err == nil {
		s.Close()
		t.Fatalf("started on port %d, every port taken", s.Port())
	}
	if len(taken) != freeport.Attempts {
		t.Fatalf("%d starts, want %d", len(taken), freeport.Attempts)
	}
	for _, want := range append(taken, "gave up after 3 starts", "Address already in use") {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("error %q does not say %q", err, want)
		}
	}
	t.Logf("%v", err)
}
