package ledger

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"svc/id"
)

// purchaseIDs and keyIDs return the IDs of purchases and keys.
func purchaseIDs(ps []Purchase) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

func keyIDs(ks []Key) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.ID
	}
	return out
}

// allPurchasePages follows the pages of the account's purchases of size
// limit and returns the IDs in the order listed.
func allPurchasePages(t *testing.T, s *Store, accountID string, limit int) []string {
	t.Helper()
	var out []string
	q := PageQuery{Limit: limit}
	for pages := 0; ; pages++ {
		require.Less(t, pages, 1000, "paging does not end")
		p, err := s.AccountPurchases(ctx, accountID, q)
		require.NoError(t, err)
		require.LessOrEqual(t, len(p.Purchases), limit)
		out = append(out, purchaseIDs(p.Purchases)...)
		if !p.HasMore {
			return out
		}
		require.Len(t, p.Purchases, limit, "a page with more after it is full")
		q.StartingAfter = p.Purchases[len(p.Purchases)-1].ID
	}
}

func allKeyPages(t *testing.T, s *Store, accountID string, limit int) []string {
	t.Helper()
	var out []string
	q := PageQuery{Limit: limit}
	for pages := 0; ; pages++ {
		require.Less(t, pages, 1000, "paging does not end")
		p, err := s.AccountKeys(ctx, accountID, q)
		require.NoError(t, err)
		require.LessOrEqual(t, len(p.Keys), limit)
		out = append(out, keyIDs(p.Keys)...)
		if !p.HasMore {
			return out
		}
		require.Len(t, p.Keys, limit, "a page with more after it is full")
		q.StartingAfter = p.Keys[len(p.Keys)-1].ID
	}
}

// reversed returns a reversed copy.
func reversed(s []string) []string {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// TestAccountPagesFollowView: paging purchases and keys newest first, at
// every page size, lists exactly AccountView's purchases and keys in reverse
// order, also with several records in one instant (ties broken by ID), a
// clock that steps back, revoked keys, and after a restart.
func TestAccountPagesFollowView(t *testing.T) {
	c := newClock()
	dir := t.TempDir()
	s, err := Open(dir, c.Now)
	require.NoError(t, err)
	f := newFixture(t, s, Live)
	other := newFixture(t, s, Sandbox)
	for i := range 12 {
		switch i % 4 {
		case 0:
			c.Advance(time.Second)
		case 1: // same instant as the previous one
		case 2:
			c.Advance(-3 * time.Millisecond) // the clock steps back
		case 3:
			c.Advance(time.Hour)
		}
		_, err := s.Purchase(ctx, f.acct.ID, 25)
		require.NoError(t, err)
		k, _, err := s.CreateKey(ctx, f.acct.ID, Sandbox)
		require.NoError(t, err)
		if i%5 == 0 {
			_, err = s.RevokeKey(ctx, k.ID)
			require.NoError(t, err)
		}
		_, err = s.Purchase(ctx, other.acct.ID, 50)
		require.NoError(t, err)
	}
	check := func(s *Store) {
		v, err := s.AccountView(f.acct.ID)
		require.NoError(t, err)
		require.Len(t, v.Purchases, 12)
		require.Len(t, v.Keys, 13)
		wantP, wantK := reversed(purchaseIDs(v.Purchases)), reversed(keyIDs(v.Keys))
		for _, limit := range []int{1, 2, 3, 5, 12, 13, 100} {
			require.Equal(t, wantP, allPurchasePages(t, s, f.acct.ID, limit), "limit %d", limit)
			require.Equal(t, wantK, allKeyPages(t, s, f.acct.ID, limit), "limit %d", limit)
		}
		p, err := s.AccountPurchases(ctx, f.acct.ID, PageQuery{Limit: 5})
		require.NoError(t, err)
		require.Equal(t, 12, p.Total)
		require.True(t, p.HasMore)
		require.Equal(t, v.Purchases[11], p.Purchases[0], "the records themselves, not only their ids")
		k, err := s.AccountKeys(ctx, f.acct.ID, PageQuery{Limit: 13})
		require.NoError(t, err)
		require.Equal(t, 13, k.Total)
		require.False(t, k.HasMore)
		require.Equal(t, v.Keys[0], k.Keys[12])
		// The last record as the cursor: an empty last page.
		p, err = s.AccountPurchases(ctx, f.acct.ID, PageQuery{StartingAfter: v.Purchases[0].ID})
		require.NoError(t, err)
		require.Equal(t, PurchasePage{Purchases: []Purchase{}, Total: 12}, p)
		k, err = s.AccountKeys(ctx, f.acct.ID, PageQuery{StartingAfter: v.Keys[0].ID})
		require.NoError(t, err)
		require.Equal(t, KeyPage{Keys: []Key{}, Total: 13}, k)
	}
	check(s)
	require.NoError(t, s.Close())
	s = openStore(t, dir, c)
	check(s)
}

// TestAccountPagesDefaultsAndErrors: limit 0 is 20, outside 1..100 is
// ErrInvalid, an unknown account is ErrNotFound, and a cursor that is not
// one of the account's records of that listing is ErrBadCursor.
func TestAccountPagesDefaultsAndErrors(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	other := newFixture(t, s, Live)
	for range 25 {
		c.Advance(time.Millisecond)
		_, err := s.Purchase(ctx, f.acct.ID, 25)
		require.NoError(t, err)
	}
	otherPur, err := s.Purchase(ctx, other.acct.ID, 25)
	require.NoError(t, err)

	p, err := s.AccountPurchases(ctx, f.acct.ID, PageQuery{})
	require.NoError(t, err)
	require.Len(t, p.Purchases, DefaultAccountPage)
	require.True(t, p.HasMore)
	k, err := s.AccountKeys(ctx, f.acct.ID, PageQuery{})
	require.NoError(t, err)
	require.Equal(t, KeyPage{Keys: []Key{f.key}, Total: 1}, k)

	for _, n := range []int{-1, MaxAccountPage + 1} {
		_, err = s.AccountPurchases(ctx, f.acct.ID, PageQuery{Limit: n})
		require.ErrorIs(t, err, ErrInvalid)
		_, err = s.AccountKeys(ctx, f.acct.ID, PageQuery{Limit: n})
		require.ErrorIs(t, err, ErrInvalid)
	}
	_, err = s.AccountPurchases(ctx, f.acct.ID, PageQuery{Limit: MaxAccountPage})
	require.NoError(t, err)
	_, err = s.AccountPurchases(ctx, "acct_nope", PageQuery{})
	require.ErrorIs(t, err, ErrNotFound)
	_, err = s.AccountKeys(ctx, "acct_nope", PageQuery{})
	require.ErrorIs(t, err, ErrNotFound)

	for _, cur := range []string{"pur_nope", otherPur.ID, f.key.ID, id.New("pur", c.Now()), "x"} {
		_, err = s.AccountPurchases(ctx, f.acct.ID, PageQuery{StartingAfter: cur})
		require.ErrorIs(t, err, ErrBadCursor, cur)
	}
	for _, cur := range []string{"key_nope", other.key.ID, p.Purchases[0].ID, id.New("key", c.Now())} {
		_, err = s.AccountKeys(ctx, f.acct.ID, PageQuery{StartingAfter: cur})
		require.ErrorIs(t, err, ErrBadCursor, cur)
	}
}

// TestAccountSummaryBounded: the summary holds the newest 100 purchases and
// keys, oldest first (AccountView's order), the totals, and AccountView's
// figures.
func TestAccountSummaryBounded(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	for range MaxAccountPage + 4 {
		c.Advance(time.Second)
		_, err := s.Purchase(ctx, f.acct.ID, 25)
		require.NoError(t, err)
		_, _, err = s.CreateKey(ctx, f.acct.ID, Live)
		require.NoError(t, err)
	}
	charge(t, s, f.p, 30_000)
	v, err := s.AccountView(f.acct.ID)
	require.NoError(t, err)
	sum, err := s.AccountSummary(ctx, f.acct.ID, MaxAccountPage)
	require.NoError(t, err)
	require.Equal(t, MaxAccountPage+4, sum.PurchasesTotal)
	require.Equal(t, MaxAccountPage+5, sum.KeysTotal)
	require.Equal(t, v.Purchases[4:], sum.Purchases)
	require.Equal(t, v.Keys[5:], sum.Keys)
	want := v
	want.Purchases, want.Keys = sum.Purchases, sum.Keys
	require.Equal(t, want, sum.AccountView)

	small, err := s.AccountSummary(ctx, f.acct.ID, 3)
	require.NoError(t, err)
	require.Equal(t, v.Purchases[len(v.Purchases)-3:], small.Purchases)
	require.Equal(t, v.Keys[len(v.Keys)-3:], small.Keys)

	for _, n := range []int{0, -1, MaxAccountPage + 1} {
		_, err = s.AccountSummary(ctx, f.acct.ID, n)
		require.ErrorIs(t, err, ErrInvalid)
	}
	_, err = s.AccountSummary(ctx, "acct_nope", 10)
	require.ErrorIs(t, err, ErrNotFound)

	empty, err := s.CreateAccount(ctx, "empty", 0)
	require.NoError(t, err)
	sum, err = s.AccountSummary(ctx, empty.ID, MaxAccountPage)
	require.NoError(t, err)
	require.Equal(t, []Purchase{}, sum.Purchases)
	require.Equal(t, []Key{}, sum.Keys)
	require.Zero(t, sum.PurchasesTotal)
	require.Zero(t, sum.KeysTotal)
}

// TestNewestKeysMatchesSort: the heap selection over keys in any order
// agrees with sorting them, for many sizes, cursors and ties.
func TestNewestKeysMatchesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, n := range []int{0, 1, 2, 50, 101, 102, 1000} {
		a := &account{}
		var all []Key
		for i := range n {
			at := t0.Add(time.Duration(r.IntN(n/3+1)) * time.Millisecond) // many ties
			k := Key{ID: id.New("key", at), CreatedAt: at}
			all = append(all, k)
			a.keys = append(a.keys, newKeyState(a, [32]byte{byte(i)}, k))
		}
		slices.SortFunc(all, func(x, y Key) int {
			if keyBefore(&x, &y) {
				return 1
			}
			return -1
		}) // newest first
		for _, limit := range []int{1, 7, 100} {
			for _, from := range []int{-1, 0, n / 2, n - 1} {
				if from >= n {
					continue
				}
				want := all
				var after *Key
				if from >= 0 {
					after, want = &all[from], all[from+1:]
				}
				got, more := a.newestKeys(after, limit)
				require.Equal(t, append([]Key{}, want[:min(limit, len(want))]...), got, "n %d limit %d from %d", n, limit, from)
				require.Equal(t, len(want) > limit, more)
			}
		}
	}
}

// TestPurchaseIndex finds a purchase by the millisecond of its ID, and by a
// full scan when the ID's time disagrees with its CreatedAt.
func TestPurchaseIndex(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	a := &account{}
	for i := range 200 {
		at := t0.Add(time.Duration(i/4) * time.Millisecond)
		stamp := at
		if i%50 == 7 {
			stamp = at.Add(time.Hour) // an ID stamped with another time
		}
		a.purchases = append(a.purchases, &Purchase{ID: id.New("pur", stamp), CreatedAt: at})
	}
	slices.SortFunc(a.purchases, func(p, q *Purchase) int {
		if purchaseBefore(p, q) {
			return -1
		}
		return 1
	})
	for i, p := range a.purchases {
		require.Equal(t, i, a.purchaseIndex(p.ID))
	}
	require.Equal(t, -1, a.purchaseIndex(id.New("pur", t0)))
	require.Equal(t, -1, a.purchaseIndex("pur_"))
	require.Equal(t, -1, a.purchaseIndex(""))

	for _, at := range []time.Time{t0, time.UnixMilli(0), time.UnixMilli(1<<48 - 1)} {
		ms, ok := idMillis(id.New("pur", at))
		require.True(t, ok)
		require.Equal(t, at.UnixMilli(), ms)
	}
	for _, bad := range []string{"", "pur_", "pur_0000000000", "pur_I1234567890123456789012345", "pur_!1234567890123456789012345"} {
		_, ok := idMillis(bad)
		require.False(t, ok, bad)
	}
}

// TestAccountPagesConcurrent: pages read while purchases, keys and
// revocations are written stay consistent (run with -race).
func TestAccountPagesConcurrent(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for range 30 {
			_, err := s.Purchase(ctx, f.acct.ID, 25)
			assert.NoError(t, err)
			k, _, err := s.CreateKey(ctx, f.acct.ID, Live)
			assert.NoError(t, err)
			_, err = s.RevokeKey(ctx, k.ID)
			assert.NoError(t, err)
		}
	}()
	go func() {
		defer wg.Done()
		for i := range 60 {
			p, err := s.AccountPurchases(ctx, f.acct.ID, PageQuery{Limit: 7})
			assert.NoError(t, err)
			assert.LessOrEqual(t, len(p.Purchases), 7)
			k, err := s.AccountKeys(ctx, f.acct.ID, PageQuery{Limit: 7})
			assert.NoError(t, err)
			assert.Equal(t, k.Total > 7, k.HasMore)
			sum, err := s.AccountSummary(ctx, f.acct.ID, 5)
			assert.NoError(t, err)
			assert.Len(t, sum.Purchases, min(sum.PurchasesTotal, 5), "iteration %d", i)
			assert.Len(t, sum.Keys, min(sum.KeysTotal, 5), "iteration %d", i)
		}
	}()
	wg.Wait()
	require.Equal(t, 30, len(allPurchasePages(t, s, f.acct.ID, 4)))
	require.Equal(t, 31, len(allKeyPages(t, s, f.acct.ID, 4)))
}
