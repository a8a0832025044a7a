package pgledger

import (
	"context"
	"errors"
	"net"
	"syscall"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"svc/ledger"
)

// Connections lost to a server restart.
//
// A pooled connection idle across a restart (or a backend killed by an
// operator) is dead, and its socket says so: the server's FATAL message or
// the end of the stream waits in the receive queue. pgxpool pings only a
// connection idle for more than a second, and a node's health probe keeps
// the newest one under that; so every acquire peeks at the socket first
// (prepareConn: recvfrom with MSG_PEEK|MSG_DONTWAIT, one syscall, nothing
// read). An idle PostgreSQL connection receives nothing unasked (the pool's
// connections never LISTEN), so any byte, the end of the stream or a socket
// error condemns it: the pool destroys it and acquires another (a fresh
// connection when none is left), before a statement is written.
//
// A restart between the peek and the write is still possible. Then, as
// database/sql's driver.ErrBadConn draws the line, a call is run again once
// on a fresh connection only where that is harmless:
//   - reads and idempotent writes (Authenticate, Figures, Comment, the
//     feedback reads, Check, Release) whatever was sent (again);
//   - Reserve, if nothing was sent (pgconn.SafeToRetry), or else after its
//     client-made hold id showed the first attempt did not commit (billing.go);
//   - the group commit only if nothing was sent (committer.go): a batch that
//     reached the server may have committed, and a replay would answer
//     ErrHoldEnded for a capture that happened, so it stays "outcome unknown".

// prepareConn is the pool's PrepareConn: false (destroy it, acquire another)
// when the connection's socket shows the server closed or wrote to it while
// it was idle. A connection whose socket cannot be peeked at (TLS, a system
// without MSG_DONTWAIT) passes, as before.
func prepareConn(_ context.Context, c *pgx.Conn) (bool, error) {
	return !idleClosed(c.PgConn().Conn()), nil
}

// idleClosed peeks at nc's socket without waiting and without reading.
func idleClosed(nc net.Conn) bool {
	sc, ok := nc.(syscall.Conn)
	if !ok || recvfrom == nil {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	var buf [1]byte
	var perr error
	if raw.Control(func(fd uintptr) {
		for {
			_, _, perr = recvfrom(int(fd), buf[:], peekFlags)
			if perr != syscall.EINTR {
				return
			}
		}
	}) != nil {
		return false // the descriptor is gone: the statement's write reports it
	}
	switch {
	case perr == syscall.EAGAIN || perr == syscall.EWOULDBLOCK:
		return false // nothing pending: usable
	case perr != nil:
		return true // a pending socket error (a reset)
	default:
		return true // the end of the stream, or bytes nobody asked for
	}
}

// again runs fn, and once more when its first run lost its connection and
// the caller still has time: only for calls whose replay is harmless (see
// above). fn must set its results afresh on each run.
func (l *Ledger) again(ctx context.Context, fn func() error) error {
	err := fn()
	if l.lostConn(ctx, err) {
		err = fn()
	}
	return err
}

// lostConn reports whether err is a lost or refused connection (not the
// server's answer to the statement, not the caller's deadline) while ctx
// still has time: a fresh connection may succeed.
func (l *Ledger) lostConn(ctx context.Context, err error) bool {
	if err == nil || ctx.Err() != nil || errors.Is(err, pgx.ErrNoRows) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false
	}
	select {
	case <-l.stop:
		return false
	default:
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// Only the server going away (57P01 admin shutdown, 57P02 crash
		// shutdown, 57P03 cannot connect now) or the connection's own
		// failure (08...); any other answer stands.
		return pe.Code[:2] == "08" || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03"
	}
	return errors.Is(l.fail(err), ledger.ErrUnavailable)
}
