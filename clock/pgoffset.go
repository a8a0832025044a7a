package clock

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// PGOffset is the OffsetStore of a cluster on PostgreSQL (svc serve
// --database-url --test-clock): one row of the table svc_test_clock, whose
// check constraints keep it single and its offset non-negative. An advance
// is one UPDATE ... RETURNING, so concurrent advances on several nodes add
// up; nodes poll the row (Clock.Share).
type PGOffset struct {
	pool *pgxpool.Pool
}

// pgOffsetSchema creates the row once; the advisory lock serialises nodes
// starting at once (concurrent CREATE TABLE IF NOT EXISTS can fail).
const pgOffsetSchema = `
SELECT pg_advisory_xact_lock(7311500001);
CREATE TABLE IF NOT EXISTS svc_test_clock (
	id        smallint PRIMARY KEY CHECK (id = 1),
	offset_ns bigint   NOT NULL CHECK (offset_ns >= 0)
);
INSERT INTO svc_test_clock (id, offset_ns) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;`

// OpenPGOffset connects to url (at most two connections) and creates the
// row when missing.
func OpenPGOffset(ctx context.Context, url string) (*PGOffset, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("shared clock: %w", err)
	}
	cfg.MaxConns = 2
	cfg.MinConns = 0
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("shared clock: %w", err)
	}
	tx, err := pool.Begin(ctx)
	if err == nil {
		if _, err = tx.Exec(ctx, pgOffsetSchema); err == nil {
			err = tx.Commit(ctx)
		} else {
			tx.Rollback(ctx)
		}
	}
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("shared clock: schema: %w", err)
	}
	return &PGOffset{pool: pool}, nil
}

// Close closes the connections.
func (p *PGOffset) Close() { p.pool.Close() }

// Load returns the stored offset.
func (p *PGOffset) Load(ctx context.Context) (time.Duration, error) {
	var ns int64
	err := p.pool.QueryRow(ctx, `SELECT offset_ns FROM svc_test_clock WHERE id = 1`).Scan(&ns)
	return time.Duration(ns), err
}

// Add adds d to the stored offset and returns the sum.
func (p *PGOffset) Add(ctx context.Context, d time.Duration) (time.Duration, error) {
	var ns int64
	err := p.pool.QueryRow(ctx, `UPDATE svc_test_clock SET offset_ns = offset_ns + $1 WHERE id = 1 RETURNING offset_ns`, int64(d)).Scan(&ns)
	return time.Duration(ns), err
}
