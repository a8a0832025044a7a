package testpg

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
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
