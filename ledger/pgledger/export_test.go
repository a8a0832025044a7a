package pgledger

import (
	"github.com/jackc/pgx/v5"

	"svc/ledger"
)

// BatchOp is one Commit (Hold set) or Charge for RunOneBatch.
type BatchOp struct {
	Hold   *ledger.Hold
	P      ledger.Principal
	Price  int64
	Charge bool
	R      ledger.Records
}

// BatchResult is an op's answer: Captured false is a refused Charge or an
// ended hold.
type BatchResult struct {
	Captured bool
	Receipt  ledger.Receipt
	Err      error
}

// RunOneBatch runs in as one group commit, as a committer would, bypassing
// the queue, and returns the answers in the order of in.
func RunOneBatch(l *Ledger, in []BatchOp) []BatchResult {
	ops := make([]*op, len(in))
	now := ns(l.now())
	for i, b := range in {
		acct := b.P.Account.ID
		if b.Hold != nil {
			acct = b.Hold.AccountID
		}
		ops[i] = &op{account: acct, hold: b.Hold, p: b.P, price: b.Price, charge: b.Charge, now: now, r: b.R,
			done: make(chan struct{})}
	}
	l.runBatch(append([]*op(nil), ops...))
	out := make([]BatchResult, len(in))
	for i, o := range ops {
		<-o.done
		out[i] = BatchResult{Captured: o.captured, Receipt: o.rc, Err: o.err}
	}
	return out
}

// Listening is how many times the key listener has connected, LISTENed and
// flushed the caches.
func Listening(l *Ledger) uint64 { return l.listening.Load() }

// ListenerApp prefixes the application_name of every node's listener.
const ListenerApp = listenerApp

// SetBatchHook makes every batch call f before op i (and after the last,
// i = number of ops); f returns how many statements it queued.
func SetBatchHook(l *Ledger, f func(b *pgx.Batch, i int) int) { l.batchHook = f }
