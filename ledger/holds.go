package ledger

import (
	"context"
	"fmt"

	"github.com/bytedance/sonic"
)

// SandboxRemaining is SandboxQuota less counted and reserved requests of the
// account; ErrNotFound for an unknown account.
func (s *Store) SandboxRemaining(ctx context.Context, accountID string) (int, error) {
	a, err := s.account(accountID)
	if err != nil {
		return 0, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.sandboxLeft(), nil
}

// Figures is the account's balance (less holds) and sandbox slots left.
func (s *Store) Figures(ctx context.Context, accountID string) (Receipt, error) {
	a, err := s.account(accountID)
	if err != nil {
		return Receipt{}, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.receipt(), nil
}

// sandboxLeft is SandboxQuota less counted and reserved requests. a.mu held.
func (a *account) sandboxLeft() int { return SandboxQuota - a.sandboxUsed - a.sandboxReserved }

// receipt is the account's figures now. a.mu held.
func (a *account) receipt() Receipt {
	return Receipt{BalanceCredits: max(a.available(), 0), SandboxRemaining: a.sandboxLeft()}
}

// Reserve takes a hold for one request of principal p at list price price.
// The key is re-checked (revoked or expired since Authenticate ->
// ErrUnauthenticated) and its kind is the ledger's, not the caller's.
//
//   - live: holds price credits; *InsufficientCreditsError when the balance
//     less holds is below price. price 0 (feedback) always succeeds.
//   - sandbox: takes one of the account's SandboxQuota slots (whatever the
//     price); ErrQuotaExhausted when used + reserved reaches the quota.
//
// Nothing is written: holds live in memory and vanish on restart.
func (s *Store) Reserve(ctx context.Context, p Principal, price int64) (*Hold, error) {
	if price < 0 {
		return nil, fmt.Errorf("%w: negative price", ErrInvalid)
	}
	if err := s.enterWrite(); err != nil {
		return nil, err
	}
	defer s.leave()
	s.mu.RLock()
	ks := s.keyByID[p.Key.ID]
	s.mu.RUnlock()
	if ks == nil || ks.acct.info.ID != p.Account.ID {
		return nil, ErrUnauthenticated
	}
	a := ks.acct
	a.mu.Lock()
	defer a.mu.Unlock()
	k := ks.load()
	if !s.usable(k) {
		return nil, &RefusalError{Err: ErrUnauthenticated, Receipt: a.receipt()}
	}
	h := &Hold{AccountID: a.info.ID, KeyID: k.ID, Kind: k.Kind, Price: price, s: s, a: a, keyID: k.ID, kind: k.Kind, price: price}
	if k.Kind == Sandbox {
		// Invariant: sandboxUsed + sandboxReserved <= SandboxQuota.
		if a.sandboxUsed+a.sandboxReserved >= SandboxQuota {
			return nil, &RefusalError{Err: ErrQuotaExhausted, Receipt: a.receipt()}
		}
		a.sandboxReserved++
		h.Receipt = a.receipt()
		return h, nil
	}
	// Invariant: held <= balance.
	if avail := a.available(); avail < price {
		return nil, &InsufficientCreditsError{BalanceCredits: max(avail, 0), RequiredCredits: price, Receipt: a.receipt()}
	}
	a.held += price
	h.Receipt = a.receipt()
	return h, nil
}

// Charge is Reserve and Commit in one call (ledger.Ledger's contract): the
// hold lives only in memory until the commit's batch, so one step saves
// nothing here but keeps the two stores interchangeable.
func (s *Store) Charge(ctx context.Context, p Principal, price int64, charge bool, r Records) (Receipt, error) {
	h, err := s.Reserve(ctx, p, price)
	if err != nil {
		return Receipt{}, err
	}
	rc, err := s.Commit(ctx, h, charge, r)
	if err != nil {
		s.Release(ctx, h)
	}
	return rc, err
}

// indexComment adds a comment whose batch was applied to the account's index.
func (a *account) indexComment(c *Comment) {
	if c != nil {
		a.comments.add(c.ID, c.CreatedAt, commentFields(c))
	}
}

// unhold gives back what h reserved. a.mu held; h not ended.
func (a *account) unhold(h *Hold) {
	h.ended = true
	if h.kind == Sandbox {
		a.sandboxReserved--
	} else {
		a.held -= h.price
	}
}

// Release ends a hold without charging or counting anything. Releasing a
// hold already ended (or nil, or of another store) does nothing. It never
// fails: holds live in memory.
func (s *Store) Release(ctx context.Context, h *Hold) error {
	if h == nil || h.s != s || h.a == nil {
		return nil
	}
	h.a.mu.Lock()
	if !h.ended {
		h.a.unhold(h)
		h.a.unclaim(h.claim)
	}
	h.a.mu.Unlock()
	return nil
}

// Commit ends h and writes, in one batch synced before it returns:
//   - live, charge true: a capture of h.Price, consumed from the purchases
//     oldest first (the touched pur/ records with their new Consumed);
//   - sandbox: the slot counted for good (acst/ with SandboxUsed + 1),
//     whatever charge says (cache hits count too);
//   - r.Usage with AccountID, KeyID, Sandbox from the hold and Charged set to
//     the credits actually captured (0 unless live and charge);
//   - r.Comment (the comment and its time index) and r.Feedback (the one
//     feedback row of its classification, replacing an older one, and its
//     time index; ErrFeedbackLimit for a new classification beyond
//     MaxFeedbackPerAccount), when given.
//
// A second Commit of the same hold returns ErrHoldEnded and writes nothing:
// no double charge. On any other error nothing was written and the hold is
// released; if the fsync itself failed the store is broken (ErrBroken).
func (s *Store) Commit(ctx context.Context, h *Hold, charge bool, r Records) (Receipt, error) {
	var rc Receipt
	err := s.commit(h, charge, r, &rc)
	return rc, err
}

// commit is Commit; it fills *rc under the account lock.
func (s *Store) commit(h *Hold, charge bool, r Records, rc *Receipt) error {
	if h == nil || h.s != s || h.a == nil {
		return fmt.Errorf("%w: hold of another store", ErrInvalid)
	}
	if !h.committing.CompareAndSwap(false, true) {
		return ErrHoldEnded
	}
	if (h.claim != nil) != (r.Answer != nil) {
		s.Release(context.Background(), h)
		return fmt.Errorf("%w: an answer is stored with, and only with, a hold of ReserveOnce", ErrInvalid)
	}
	if h.claim != nil {
		// The key stays claimed until the batch is durable (or failed):
		// a retry meanwhile is ErrIdemInFlight, then finds the answer.
		defer func() {
			h.a.mu.Lock()
			h.a.unclaim(h.claim)
			h.a.mu.Unlock()
		}()
	}
	if err := s.enterWrite(); err != nil {
		s.Release(context.Background(), h)
		return err
	}
	defer s.leave()
	if r.Feedback != nil {
		h.a.fbMu.Lock() // until the batch is durable (deferred after s.wait)
		defer h.a.fbMu.Unlock()
	}
	var amount int64
	if charge && h.kind == Live {
		amount = h.price
	}
	s.acquire()
	defer s.release()
	// Records do not depend on the account's state: encode them unlocked.
	b := s.db.NewBatch()
	cmt, u, err := s.putRecords(b, h, amount, r)
	if err != nil {
		b.Close()
		a := h.a
		a.mu.Lock()
		ended := h.ended
		if !ended {
			a.unhold(h)
		}
		a.mu.Unlock()
		if ended {
			return ErrHoldEnded
		}
		return err
	}

	// The comment's id stays claimed in the index only if its batch is applied.
	applied := false
	defer func() {
		if cmt != nil && !applied {
			h.a.comments.unclaim(cmt.ID)
		}
	}()
	a := h.a
	a.mu.Lock()
	if h.ended {
		a.mu.Unlock()
		b.Close()
		return ErrHoldEnded
	}
	a.unhold(h)
	// The usage totals (ust/) are absolute values: computed and applied
	// under the lock, like pur/ and acst/, whatever else the batch holds.
	day, err := s.addTotals(a, b, &u)
	if err != nil {
		a.mu.Unlock()
		b.Close()
		return err
	}
	var plan []consumption
	if amount > 0 {
		// Invariant: balance - captured >= held (never negative): the hold
		// guaranteed it; verify rather than trust.
		if a.balance()-amount < a.held {
			a.mu.Unlock()
			b.Close()
			return fmt.Errorf("%w: capture %d with balance %d, held %d", ErrInvariant, amount, a.balance(), a.held)
		}
		if plan, err = a.planConsume(amount); err != nil {
			a.mu.Unlock()
			b.Close()
			return err
		}
		for _, c := range plan {
			np := *c.p
			np.Consumed = c.consumed
			v, _ := sonic.ConfigStd.Marshal(&np)
			b.Set(key(pPur, a.info.ID, "/", np.ID), v, nil)
		}
	}
	if h.kind == Sandbox {
		// Invariant: the slot was reserved, so used + 1 <= SandboxQuota.
		if a.sandboxUsed+a.sandboxReserved+1 > SandboxQuota {
			a.mu.Unlock()
			b.Close()
			return fmt.Errorf("%w: sandbox slot over quota", ErrInvariant)
		}
		v, _ := sonic.ConfigStd.Marshal(accountState{SandboxUsed: a.sandboxUsed + 1})
		b.Set(key(pAcctSt, a.info.ID), v, nil)
	}
	// pur/ and acst/ values are absolute, so batches writing them reach the
	// WAL in the order of the account lock. apply does not block here: the
	// slot taken above keeps Pebble's queue of pending syncs below its bound.
	if err := s.apply(b); err != nil {
		a.mu.Unlock()
		return err
	}
	// The batch is in the WAL queue, ordered after every earlier batch of this
	// account: memory may now claim it.
	a.setDayTotal(UsageBucketStart(u.At, UsageDay), u.Endpoint, day)
	for _, c := range plan {
		c.p.Consumed = c.consumed
	}
	a.captured += amount
	if h.kind == Sandbox {
		a.sandboxUsed++
	}
	*rc = a.receipt()
	a.mu.Unlock()
	applied = true
	a.indexComment(cmt)
	return s.wait(b)
}
