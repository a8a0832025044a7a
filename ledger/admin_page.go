package ledger

import (
	"cmp"
	"container/heap"
	"context"
	"fmt"
	"slices"
)

// Bounded reads of an account's purchases and keys, for the admin API. They
// read the in-memory state under the account's lock, as AccountView does,
// and never scan Pebble. Unlike AccountView, every answer holds at most
// MaxAccountPage purchases and MaxAccountPage keys, however many the account
// has.
//
// Order: purchases and keys are ordered by (CreatedAt, ID). Pages run newest
// first; the StartingAfter of the next page is the ID of the last element of
// the previous one.

const (
	// MaxAccountPage bounds a page of purchases or keys (and the newest
	// purchases and keys of an AccountSummary).
	MaxAccountPage = 100
	// DefaultAccountPage is the page size when PageQuery.Limit is 0.
	DefaultAccountPage = 20
)

// PageQuery asks for one page of an account's purchases or keys, newest first.
type PageQuery struct {
	Limit int // 1..MaxAccountPage; 0 means DefaultAccountPage
	// StartingAfter is "" for the first (newest) page, else the ID of a
	// purchase (key) of the account: the page holds the ones older than it.
	// Any other ID is ErrBadCursor.
	StartingAfter string
}

// PurchasePage is one page of an account's purchases.
type PurchasePage struct {
	Purchases []Purchase // newest first; never nil
	HasMore   bool       // older purchases follow the last one
	Total     int        // all the account's purchases
}

// KeyPage is one page of an account's keys (revoked and expired included).
type KeyPage struct {
	Keys    []Key // newest first; never nil
	HasMore bool  // older keys follow the last one
	Total   int   // all the account's keys
}

// AccountSummary is an AccountView whose Purchases and Keys are only the
// newest (at most the max given to Store.AccountSummary), in AccountView's
// order (oldest first), plus how many the account has in all. The figures
// (balance, credits) cover every purchase.
type AccountSummary struct {
	AccountView
	PurchasesTotal int
	KeysTotal      int
}

// pageLimit checks a page size: 0 is DefaultAccountPage.
func pageLimit(n int) (int, error) {
	if n == 0 {
		return DefaultAccountPage, nil
	}
	if n < 1 || n > MaxAccountPage {
		return 0, fmt.Errorf("%w: limit %d outside 1..%d", ErrInvalid, n, MaxAccountPage)
	}
	return n, nil
}

// AccountSummary returns the account with its figures, its newest max
// (1..MaxAccountPage) purchases and keys, oldest first, and their totals,
// all read at one instant.
func (s *Store) AccountSummary(ctx context.Context, accountID string, max int) (AccountSummary, error) {
	if max < 1 || max > MaxAccountPage {
		return AccountSummary{}, fmt.Errorf("%w: max %d outside 1..%d", ErrInvalid, max, MaxAccountPage)
	}
	a, err := s.account(accountID)
	if err != nil {
		return AccountSummary{}, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	ps := a.purchases[len(a.purchases)-min(max, len(a.purchases)):]
	v := AccountSummary{AccountView: a.figures(), PurchasesTotal: len(a.purchases), KeysTotal: len(a.keys)}
	v.Purchases = make([]Purchase, len(ps))
	for i, p := range ps {
		v.Purchases[i] = *p
	}
	v.Keys, _ = a.newestKeys(nil, max)
	slices.Reverse(v.Keys)
	return v, nil
}

// AccountPurchases returns one page of the account's purchases, newest
// first. ErrNotFound for an unknown account, ErrInvalid for a limit outside
// 1..MaxAccountPage, ErrBadCursor when StartingAfter is not one of the
// account's purchases.
func (s *Store) AccountPurchases(ctx context.Context, accountID string, q PageQuery) (PurchasePage, error) {
	a, err := s.account(accountID)
	if err != nil {
		return PurchasePage{}, err
	}
	limit, err := pageLimit(q.Limit)
	if err != nil {
		return PurchasePage{}, err
	}
	if q.StartingAfter != "" {
		s.mu.RLock()
		owner := s.purOwner[q.StartingAfter]
		s.mu.RUnlock()
		if owner != a {
			return PurchasePage{}, ErrBadCursor
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	end := len(a.purchases) // the page is taken from a.purchases[:end], from the end
	if q.StartingAfter != "" {
		if end = a.purchaseIndex(q.StartingAfter); end < 0 {
			return PurchasePage{}, ErrBadCursor
		}
	}
	n := min(limit, end)
	page := PurchasePage{Purchases: make([]Purchase, n), HasMore: end > n, Total: len(a.purchases)}
	for i := range n {
		page.Purchases[i] = *a.purchases[end-1-i]
	}
	return page, nil
}

// AccountKeys returns one page of the account's keys, newest first.
// ErrNotFound for an unknown account, ErrInvalid for a limit outside
// 1..MaxAccountPage, ErrBadCursor when StartingAfter is not one of the
// account's keys.
func (s *Store) AccountKeys(ctx context.Context, accountID string, q PageQuery) (KeyPage, error) {
	a, err := s.account(accountID)
	if err != nil {
		return KeyPage{}, err
	}
	limit, err := pageLimit(q.Limit)
	if err != nil {
		return KeyPage{}, err
	}
	var after *Key
	if q.StartingAfter != "" {
		s.mu.RLock()
		ks := s.keyByID[q.StartingAfter]
		s.mu.RUnlock()
		if ks == nil || ks.acct != a {
			return KeyPage{}, ErrBadCursor
		}
		// CreatedAt and ID never change (revocation publishes a copy with
		// only RevokedAt set), so the cursor's position is read without a lock.
		after = ks.key.Load()
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	keys, more := a.newestKeys(after, limit)
	return KeyPage{Keys: keys, HasMore: more, Total: len(a.keys)}, nil
}

// keyBefore orders keys by creation: CreatedAt, then ID.
func keyBefore(k, l *Key) bool {
	if !k.CreatedAt.Equal(l.CreatedAt) {
		return k.CreatedAt.Before(l.CreatedAt)
	}
	return k.ID < l.ID
}

// keyHeap is a min-heap of keys by keyBefore: the oldest on top.
type keyHeap []*Key

func (h keyHeap) Len() int           { return len(h) }
func (h keyHeap) Less(i, j int) bool { return keyBefore(h[i], h[j]) }
func (h keyHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *keyHeap) Push(x any)        { *h = append(*h, x.(*Key)) }
func (h *keyHeap) Pop() any {
	old := *h
	k := old[len(old)-1]
	*h = old[:len(old)-1]
	return k
}

// newestKeys returns the newest limit keys of the account older than after
// (all keys when after is nil), newest first, and whether more such keys
// exist. a.keys is in no guaranteed order, so this is one pass over it
// keeping the newest limit+1 in a heap: O(n log limit) time at worst,
// O(limit) memory. a.keys is in creation order but for ties and clock
// steps (CreateKey appends, Open sorts by ID), so the pass runs from its
// end: once the heap is full, nearly every older key costs one comparison
// with the heap's oldest. mu held.
func (a *account) newestKeys(after *Key, limit int) ([]Key, bool) {
	h := make(keyHeap, 0, limit+1)
	for i := len(a.keys) - 1; i >= 0; i-- {
		k := a.keys[i].key.Load()
		full := len(h) == limit+1
		if full && !keyBefore(h[0], k) {
			continue // not newer than the oldest kept, so older than after too
		}
		if after != nil && !keyBefore(k, after) {
			continue
		}
		if !full {
			heap.Push(&h, k)
			continue
		}
		h[0] = k
		heap.Fix(&h, 0)
	}
	more := len(h) > limit
	if more {
		heap.Pop(&h) // the oldest of limit+1: only tells that more exist
	}
	out := make([]Key, len(h))
	for i := len(h) - 1; i >= 0; i-- {
		out[i] = *heap.Pop(&h).(*Key)
	}
	return out, more
}

// purchaseIndex returns the index of the purchase in a.purchases, -1 if
// absent. The millisecond stamped in a purchase ID is that of its
// CreatedAt, so a binary search finds that millisecond's purchases; a full
// scan covers IDs that disagree with their CreatedAt. mu held.
func (a *account) purchaseIndex(purchaseID string) int {
	if ms, ok := idMillis(purchaseID); ok {
		i, _ := slices.BinarySearchFunc(a.purchases, ms, func(p *Purchase, ms int64) int {
			return cmp.Compare(p.CreatedAt.UnixMilli(), ms)
		})
		for ; i < len(a.purchases) && a.purchases[i].CreatedAt.UnixMilli() == ms; i++ {
			if a.purchases[i].ID == purchaseID {
				return i
			}
		}
	}
	for i := len(a.purchases) - 1; i >= 0; i-- {
		if a.purchases[i].ID == purchaseID {
			return i
		}
	}
	return -1
}

// idMillis decodes the millisecond time of an identifier made by id.New
// ("<prefix>_<ULID>"): the first 10 of the ULID's 26 Crockford base32
// characters (2 zero bits, then 48 bits of Unix milliseconds).
func idMillis(s string) (int64, bool) {
	const ulidLen, timeChars = 26, 10
	if len(s) < ulidLen+2 || s[len(s)-ulidLen-1] != '_' {
		return 0, false
	}
	var ms int64
	for _, c := range []byte(s[len(s)-ulidLen : len(s)-ulidLen+timeChars]) {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'A' && c <= 'Z':
			d = crockford[c-'A']
			if d == 0xff {
				return 0, false
			}
		default:
			return 0, false
		}
		ms = ms<<5 | int64(d)
	}
	return ms, true
}

// crockford maps 'A'..'Z' to their Crockford base32 values (0xff: not a
// digit: I, L, O, U).
var crockford = func() (t [26]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for v, c := range "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[10:] {
		t[c-'A'] = byte(10 + v)
	}
	return t
}()
