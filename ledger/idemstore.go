package ledger

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/cockroachdb/pebble/v2"
)

// The Pebble store's idempotency keys (idempotency.go has the rules). A
// claim lives in memory, in its account's claims map, from ReserveOnce (or
// the start of PurchaseOnce / RefundOnce) until its batch is durable or the
// call fails; the answer is written in the call's own batch (idem/, idmx/).
// Both are guarded by account.mu, so a key's check and claim are one step.

// claim is an idempotency key claimed by a call in flight.
type claim struct {
	key string
	fp  [32]byte
}

// claimIdem claims k for a call in flight. a.mu held; k not claimed.
func (a *account) claimIdem(k IdemKey) *claim {
	if a.claims == nil {
		a.claims = map[string]*claim{}
	}
	c := &claim{key: k.Key, fp: k.Fingerprint}
	a.claims[k.Key] = c
	return c
}

// unclaim frees c's key if c still claims it. a.mu held; c may be nil.
func (a *account) unclaim(c *claim) {
	if c != nil && a.claims[c.key] == c {
		delete(a.claims, c.key)
	}
}

// lookupIdem returns the answer stored under k (nil when none, or expired),
// ErrIdemInFlight while a call claims k, ErrIdemMismatch when k was used
// with another fingerprint. a.mu held: no commit of the account's can store
// an answer between this check and the caller's claim.
func (s *Store) lookupIdem(a *account, k IdemKey) (*Answer, error) {
	if c := a.claims[k.Key]; c != nil {
		if c.fp != k.Fingerprint {
			return nil, ErrIdemMismatch
		}
		return nil, ErrIdemInFlight
	}
	v, err := s.get(idemKey(a.info.ID, k.Key))
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r, err := decodeIdem(v)
	if err != nil {
		return nil, fmt.Errorf("ledger: answer of account %s: %w", a.info.ID, err)
	}
	if Expired(r.ans.CreatedAt, s.nowUTC()) {
		return nil, nil // overwritten by this call's commit; the janitor drops it otherwise
	}
	if r.fp != k.Fingerprint {
		return nil, ErrIdemMismatch
	}
	return &r.ans, nil
}

// putAnswer adds c's answer, stored at now, and its expiry index to b, and
// returns the answer as stored.
func putAnswer(b *pebble.Batch, accountID string, c *claim, ans Answer, now time.Time) Answer {
	ans.CreatedAt = now
	b.Set(idemKey(accountID, c.key), encodeIdem(c.fp, &ans), nil)
	b.Set(idemExpiryKey(now.Add(IdemRetention), accountID, c.key), nil, nil)
	return ans
}

// ReserveOnce is Reserve under an idempotency key (Ledger). The key is
// checked and claimed under the account lock first, so of two calls with
// one key only one gets past it; then Reserve, whose refusal frees the key.
func (s *Store) ReserveOnce(ctx context.Context, p Principal, price int64, k IdemKey) (*Hold, *Answer, error) {
	if err := CheckIdem(k, nil); err != nil {
		return nil, nil, err
	}
	a, err := s.account(p.Account.ID)
	if err != nil {
		return nil, nil, ErrUnauthenticated
	}
	if err := s.enterWrite(); err != nil {
		return nil, nil, err
	}
	a.mu.Lock()
	// A stored answer is replayed whatever the balance or quota now.
	ans, err := s.lookupIdem(a, k)
	var c *claim
	if ans == nil && err == nil {
		c = a.claimIdem(k)
	}
	a.mu.Unlock()
	s.leave()
	if c == nil {
		return nil, ans, err
	}
	h, err := s.Reserve(ctx, p, price)
	if err != nil {
		a.mu.Lock()
		a.unclaim(c)
		a.mu.Unlock()
		return nil, nil, err
	}
	if h.a != a {
		s.Release(ctx, h) // a key of another account than p says: never (Reserve checks)
		return nil, nil, ErrUnauthenticated
	}
	h.claim, h.Once = c, k.Key
	return h, nil, nil
}

// ExpireAnswers deletes up to max answers past IdemRetention (oldest expiry
// first) and returns how many it deleted. Each deletion happens under its
// account's lock after checking that no call claims the key and that the
// stored answer is the expired one (a key reused after its expiry has a new
// answer, which stays). The deletions are not synced: one lost in a crash is
// deleted by a later pass.
func (s *Store) ExpireAnswers(ctx context.Context, max int) (int, error) {
	if err := s.enterWrite(); err != nil {
		return 0, err
	}
	defer s.leave()
	now := s.nowUTC()
	lo := []byte(pIdemExpiry)
	hi := appendTime([]byte(pIdemExpiry), now.Add(time.Nanosecond))
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: hi})
	if err != nil {
		return 0, err
	}
	var due [][]byte
	for ok := it.First(); ok && len(due) < max; ok = it.Next() {
		due = append(due, bytes.Clone(it.Key()))
	}
	if err := it.Close(); err != nil {
		return 0, err
	}
	n := 0
	for _, ik := range due {
		rest := ik[len(pIdemExpiry)+timeLen:]
		i := bytes.IndexByte(rest, '/')
		if i < 0 {
			return n, fmt.Errorf("ledger: corrupt expiry key %q", ik)
		}
		accountID, k := string(rest[:i]), string(rest[i+1:])
		a, err := s.account(accountID)
		if err != nil {
			return n, fmt.Errorf("ledger: expiry key of unknown account %s", accountID)
		}
		deleted, err := s.expireOne(a, k, ik, now)
		if err != nil {
			return n, err
		}
		if deleted {
			n++
		}
	}
	return n, nil
}

// expireOne deletes the expiry index entry ik and, when it is unclaimed and
// expired at now, the answer of key k.
func (s *Store) expireOne(a *account, k string, ik []byte, now time.Time) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.claims[k] != nil {
		return false, nil // a call in flight: its outcome decides; a later pass looks again
	}
	b := s.db.NewBatch()
	defer b.Close()
	b.Delete(ik, nil)
	deleted := false
	v, err := s.get(idemKey(a.info.ID, k))
	switch {
	case err == nil:
		r, derr := decodeIdem(v)
		if derr != nil || Expired(r.ans.CreatedAt, now) {
			b.Delete(idemKey(a.info.ID, k), nil)
			deleted = true
		}
	case !errors.Is(err, ErrNotFound):
		return false, err
	}
	// Under a.mu: ordered before any later batch of the account, so a new
	// answer under k cannot be deleted by this one.
	if err := s.db.Apply(b, pebble.NoSync); err != nil {
		return false, s.fail(err)
	}
	return deleted, nil
}

// janitor runs ExpireAnswers every expireEvery until Close.
func (s *Store) janitor() {
	defer s.bg.Done()
	t := time.NewTicker(expireEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		for {
			n, err := s.ExpireAnswers(context.Background(), expirePass)
			if err != nil {
				if !errors.Is(err, ErrClosed) {
					log.Printf("ledger: expiring idempotency answers: %v", err)
				}
				break
			}
			if n < expirePass {
				break
			}
			select {
			case <-s.stop:
				return
			default:
			}
		}
	}
}
