package ledger

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"time"

	"svc/id"
)

// account is the in-memory state of one account, rebuilt from Pebble by Open
// (except holds, which live only in memory).
//
// Invariants, kept under mu and checked by check():
//
//	purchased - refunded - captured = balance >= held >= 0
//	for every purchase: 0 <= Consumed, 0 <= Refunded, Consumed + Refunded <= Credits
//	captured = sum of Consumed; purchased = sum of Credits; refunded = sum of Refunded
//	0 <= sandboxUsed, 0 <= sandboxReserved, sandboxUsed + sandboxReserved <= SandboxQuota
type account struct {
	info Account // immutable after creation

	mu              sync.Mutex
	purchases       []*Purchase // oldest first (CreatedAt, then ID): consumption order
	keys            []*keyState // any order; AccountView sorts
	purchased       int64
	refunded        int64
	captured        int64
	held            int64 // credits of live holds in flight
	sandboxUsed     int   // committed counted sandbox requests (durable, acst/)
	sandboxReserved int   // sandbox holds in flight

	comments commentIndex // its own lock; not guarded by mu

	days []dayTotals // usage totals per UTC day, oldest first (daytotals.go)

	// fbMu orders the account's feedback commits: held from putFeedback's
	// reads (the classification's stored feedback, the fbn/ count) until the
	// batch is durable, so no two feedback batches decide on the same state.
	fbMu sync.Mutex

	claims map[string]*claim // idempotency keys claimed by calls in flight; nil until the first
}

// accountState is the value of acst/<accountID>.
type accountState struct {
	SandboxUsed int
}

// balance is the durable balance: purchased - refunded - captured. mu held.
func (a *account) balance() int64 { return a.purchased - a.refunded - a.captured }

// available is the balance less live holds in flight. mu held.
func (a *account) available() int64 { return a.balance() - a.held }

// check verifies the invariants above. mu held (or exclusive access).
func (a *account) check() error {
	var credits, consumed, refunded int64
	for _, p := range a.purchases {
		if p.Consumed < 0 || p.Refunded < 0 || p.Consumed+p.Refunded > p.Credits {
			return fmt.Errorf("%w: purchase %s consumed %d refunded %d of %d", ErrInvariant, p.ID, p.Consumed, p.Refunded, p.Credits)
		}
		credits += p.Credits
		consumed += p.Consumed
		refunded += p.Refunded
	}
	if credits != a.purchased || consumed != a.captured || refunded != a.refunded {
		return fmt.Errorf("%w: totals disagree with purchases", ErrInvariant)
	}
	if a.held < 0 || a.balance() < a.held {
		return fmt.Errorf("%w: balance %d, held %d", ErrInvariant, a.balance(), a.held)
	}
	if a.sandboxUsed < 0 || a.sandboxReserved < 0 || a.sandboxUsed+a.sandboxReserved > SandboxQuota {
		return fmt.Errorf("%w: sandbox used %d reserved %d", ErrInvariant, a.sandboxUsed, a.sandboxReserved)
	}
	return nil
}

func purchaseBefore(p, q *Purchase) bool {
	if !p.CreatedAt.Equal(q.CreatedAt) {
		return p.CreatedAt.Before(q.CreatedAt)
	}
	return p.ID < q.ID
}

// maxNameLen bounds an account name.
const maxNameLen = 200

// nowUTC is the service clock in UTC without a monotonic reading, so times
// compare equal after a JSON round trip.
func (s *Store) nowUTC() time.Time { return s.now().UTC().Round(0) }

// CreateAccount creates an account. rateLimitPerMinute <= 0 means
// DefaultRateLimit. Batch: acct/<id>, acst/<id>.
func (s *Store) CreateAccount(ctx context.Context, name string, rateLimitPerMinute int) (Account, error) {
	if len(name) > maxNameLen {
		return Account{}, fmt.Errorf("%w: name longer than %d bytes", ErrInvalid, maxNameLen)
	}
	if rateLimitPerMinute <= 0 {
		rateLimitPerMinute = DefaultRateLimit
	}
	if err := s.enterWrite(); err != nil {
		return Account{}, err
	}
	defer s.leave()
	now := s.nowUTC()
	a := Account{ID: id.New("acct", now), Name: name, RateLimitPerMinute: rateLimitPerMinute, CreatedAt: now}
	av, _ := json.Marshal(a)
	sv, _ := json.Marshal(accountState{})
	b := s.db.NewBatch()
	b.Set(key(pAcct, a.ID), av, nil)
	b.Set(key(pAcctSt, a.ID), sv, nil)
	if err := s.commitNew(b); err != nil {
		return Account{}, err
	}
	s.mu.Lock()
	s.accounts[a.ID] = &account{info: a}
	s.mu.Unlock()
	return a, nil
}

// AccountView returns the account with its figures, purchases (oldest first)
// and keys (creation order: CreatedAt, then ID; no secrets). BalanceCredits is the durable
// balance (holds in flight not subtracted). It is unbounded (every purchase
// and key), so it is not part of Ledger: the admin API reads AccountSummary
// and the paged listings; tests use it as the whole-account oracle.
func (s *Store) AccountView(accountID string) (AccountView, error) {
	a, err := s.account(accountID)
	if err != nil {
		return AccountView{}, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	v := a.figures()
	v.Purchases = make([]Purchase, 0, len(a.purchases))
	v.Keys = make([]Key, 0, len(a.keys))
	for _, p := range a.purchases {
		v.Purchases = append(v.Purchases, *p)
	}
	for _, k := range a.keys {
		v.Keys = append(v.Keys, k.load())
	}
	sort.Slice(v.Keys, func(i, j int) bool {
		ki, kj := v.Keys[i], v.Keys[j]
		if !ki.CreatedAt.Equal(kj.CreatedAt) {
			return ki.CreatedAt.Before(kj.CreatedAt)
		}
		return ki.ID < kj.ID
	})
	return v, nil
}

// figures is the account's view without its purchases and keys. a.mu held.
func (a *account) figures() AccountView {
	return AccountView{
		Account:             a.info,
		BalanceCredits:      a.balance(),
		CreditsPurchased:    a.purchased,
		CreditsRefunded:     a.refunded,
		CreditsUsed:         a.captured,
		SandboxRequestsUsed: a.sandboxUsed,
	}
}
