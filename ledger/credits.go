package ledger

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"svc/id"
)

// Purchase buys a pack (a key of Packs) for the account. The credits are
// available at once. Batch: pur/<accountID>/<purchaseID>.
func (s *Store) Purchase(ctx context.Context, accountID string, packUSD int) (Purchase, error) {
	p, _, _, err := s.purchase(accountID, packUSD, nil, nil)
	return p, err
}

// PurchaseOnce is Purchase under an idempotency key; the batch also holds
// the answer (idem/, idmx/).
func (s *Store) PurchaseOnce(ctx context.Context, accountID string, packUSD int, k IdemKey, answer func(Purchase) Answer) (Answer, bool, error) {
	if err := CheckIdem(k, nil); err != nil {
		return Answer{}, false, err
	}
	_, ans, replayed, err := s.purchase(accountID, packUSD, &k, answer)
	return ans, replayed, err
}

// purchase is Purchase, and PurchaseOnce when k is not nil.
func (s *Store) purchase(accountID string, packUSD int, k *IdemKey, answer func(Purchase) Answer) (Purchase, Answer, bool, error) {
	credits, ok := Packs[packUSD]
	if !ok {
		return Purchase{}, Answer{}, false, fmt.Errorf("%w: pack %d USD", ErrInvalid, packUSD)
	}
	a, err := s.account(accountID)
	if err != nil {
		return Purchase{}, Answer{}, false, err
	}
	if err := s.enterWrite(); err != nil {
		return Purchase{}, Answer{}, false, err
	}
	defer s.leave()
	now := s.nowUTC()
	p := &Purchase{ID: id.New("pur", now), AccountID: accountID, PackUSD: packUSD, Credits: credits, CreatedAt: now}
	v, _ := json.Marshal(p)
	b := s.db.NewBatch()
	b.Set(key(pPur, accountID, "/", p.ID), v, nil)
	var ans Answer

	s.acquire()
	defer s.release()
	a.mu.Lock()
	if k != nil {
		if stored, err := s.lookupIdem(a, *k); stored != nil || err != nil {
			a.mu.Unlock()
			b.Close()
			if err != nil {
				return Purchase{}, Answer{}, false, err
			}
			return Purchase{}, *stored, true, nil
		}
		c := a.claimIdem(*k)
		defer func() {
			a.mu.Lock()
			a.unclaim(c)
			a.mu.Unlock()
		}()
		ans = answer(*p)
		if err := CheckIdem(*k, &ans); err != nil {
			a.mu.Unlock()
			b.Close()
			return Purchase{}, Answer{}, false, err
		}
		ans = putAnswer(b, accountID, c, ans, now)
	}
	if err := s.apply(b); err != nil {
		a.mu.Unlock()
		return Purchase{}, Answer{}, false, err
	}
	// Keep consumption order (oldest first) even if the clock stepped back.
	i := sort.Search(len(a.purchases), func(i int) bool { return purchaseBefore(p, a.purchases[i]) })
	a.purchases = append(a.purchases, nil)
	copy(a.purchases[i+1:], a.purchases[i:])
	a.purchases[i] = p
	a.purchased += credits
	out := *p
	a.mu.Unlock()
	s.mu.Lock()
	s.purOwner[p.ID] = a
	s.mu.Unlock()
	return out, ans, false, s.wait(b)
}

// Refund returns the purchase's unconsumed credits, once, within
// RefundWindow of its creation (inclusive). Credits held by holds in flight
// are not refundable: the refund is min(unconsumed, balance - held), so the
// balance never drops below what is held. ErrRefundNotAllowed past the window,
// after an earlier refund, or when that amount is 0.
// Batch: pur/<accountID>/<purchaseID> with Refunded and RefundedAt set.
func (s *Store) Refund(ctx context.Context, purchaseID string) (Purchase, int64, error) {
	p, n, _, _, err := s.refund(purchaseID, nil, nil)
	return p, n, err
}

// RefundOnce is Refund under an idempotency key of the purchase's account;
// the batch also holds the answer (idem/, idmx/).
func (s *Store) RefundOnce(ctx context.Context, purchaseID string, k IdemKey, answer func(Purchase, int64) Answer) (Answer, bool, error) {
	if err := CheckIdem(k, nil); err != nil {
		return Answer{}, false, err
	}
	_, _, ans, replayed, err := s.refund(purchaseID, &k, answer)
	return ans, replayed, err
}

// refund is Refund, and RefundOnce when k is not nil.
func (s *Store) refund(purchaseID string, k *IdemKey, answer func(Purchase, int64) Answer) (Purchase, int64, Answer, bool, error) {
	s.mu.RLock()
	a := s.purOwner[purchaseID]
	s.mu.RUnlock()
	if a == nil {
		return Purchase{}, 0, Answer{}, false, ErrNotFound
	}
	if err := s.enterWrite(); err != nil {
		return Purchase{}, 0, Answer{}, false, err
	}
	defer s.leave()
	now := s.nowUTC()

	s.acquire()
	defer s.release()
	a.mu.Lock()
	var c *claim
	if k != nil {
		if stored, err := s.lookupIdem(a, *k); stored != nil || err != nil {
			a.mu.Unlock()
			if err != nil {
				return Purchase{}, 0, Answer{}, false, err
			}
			return Purchase{}, 0, *stored, true, nil
		}
		// Claimed until the batch is durable (or the refund refused).
		c = a.claimIdem(*k)
		defer func() {
			a.mu.Lock()
			a.unclaim(c)
			a.mu.Unlock()
		}()
	}
	var p *Purchase
	for _, q := range a.purchases {
		if q.ID == purchaseID {
			p = q
			break
		}
	}
	if p == nil {
		a.mu.Unlock()
		return Purchase{}, 0, Answer{}, false, ErrNotFound
	}
	if !p.RefundedAt.IsZero() || now.After(p.CreatedAt.Add(RefundWindow)) {
		out := *p
		a.mu.Unlock()
		return out, 0, Answer{}, false, ErrRefundNotAllowed
	}
	amount := min(p.Credits-p.Consumed-p.Refunded, a.available())
	if amount <= 0 {
		out := *p
		a.mu.Unlock()
		return out, 0, Answer{}, false, ErrRefundNotAllowed
	}
	np := *p
	np.Refunded += amount
	np.RefundedAt = now
	// Invariant: consumed + refunded <= credits and balance >= held afterwards.
	if np.Consumed+np.Refunded > np.Credits || a.available()-amount < 0 {
		a.mu.Unlock()
		return Purchase{}, 0, Answer{}, false, fmt.Errorf("%w: refund of %s", ErrInvariant, purchaseID)
	}
	v, _ := json.Marshal(&np)
	b := s.db.NewBatch()
	b.Set(key(pPur, a.info.ID, "/", np.ID), v, nil)
	var ans Answer
	if k != nil {
		ans = answer(np, amount)
		if err := CheckIdem(*k, &ans); err != nil {
			a.mu.Unlock()
			b.Close()
			return Purchase{}, 0, Answer{}, false, err
		}
		ans = putAnswer(b, a.info.ID, c, ans, now)
	}
	if err := s.apply(b); err != nil {
		a.mu.Unlock()
		return Purchase{}, 0, Answer{}, false, err
	}
	*p = np
	a.refunded += amount
	a.mu.Unlock()
	return np, amount, ans, false, s.wait(b)
}

// BalanceCredits is the account's balance less live holds in flight;
// ErrNotFound for an unknown account.
func (s *Store) BalanceCredits(ctx context.Context, accountID string) (int64, error) {
	a, err := s.account(accountID)
	if err != nil {
		return 0, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.available(), nil
}

// consumption is the new Consumed of one purchase after a capture.
type consumption struct {
	p        *Purchase
	consumed int64
}

// planConsume spreads amount over the purchases, oldest first, each up to its
// remaining credits (Credits - Consumed - Refunded). It changes nothing; the
// caller applies the plan after its batch was accepted. mu held.
func (a *account) planConsume(amount int64) ([]consumption, error) {
	if amount < 0 || a.balance() < amount {
		return nil, fmt.Errorf("%w: capture %d from balance %d", ErrInvariant, amount, a.balance())
	}
	var plan []consumption
	left := amount
	for _, p := range a.purchases {
		if left == 0 {
			break
		}
		rem := p.Credits - p.Consumed - p.Refunded
		if rem <= 0 {
			continue
		}
		take := min(rem, left)
		plan = append(plan, consumption{p: p, consumed: p.Consumed + take})
		left -= take
	}
	if left != 0 {
		return nil, fmt.Errorf("%w: purchases cannot cover capture of %d", ErrInvariant, amount)
	}
	return plan, nil
}
