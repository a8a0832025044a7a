package pgledger_test

import (
	"strings"
	"testing"

	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

// MayHaveKey: true for every key, created on this node or on another (by
// NOTIFY), and for keys that existed before the node started (the load);
// false for malformed secrets and, the filter being ready, for unknown ones.
func TestMayHaveKey(t *testing.T) {
	url := testpg.DB(t)
	a := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now})
	_, before := fixture(t, a) // exists before b starts
	b := open(t, url, pgledger.Options{Now: ledgertest.NewClock().Now})
	waitUntil(t, "both listeners listening", func() bool { return pgledger.Listening(a) == 1 && pgledger.Listening(b) == 1 })
	waitUntil(t, "b knows the key made before it started", func() bool { return b.MayHaveKey(before) })
	if !a.MayHaveKey(before) {
		t.Fatal("a does not know the key it made")
	}
	p, _ := fixture(t, b)
	_, made, err := a.CreateKey(ctx, p.Account.ID, ledger.Live)
	must(t, err)
	if !a.MayHaveKey(made) {
		t.Fatal("the creating node does not know its key at once")
	}
	waitUntil(t, "b hears of the key made on a", func() bool { return b.MayHaveKey(made) })
	for _, unknown := range []string{"svc_live_sk_" + strings.Repeat("Z", 32), "svc_test_sk_" + strings.Repeat("0", 32), made[:len(made)-1] + "!"} {
		if a.MayHaveKey(unknown) || b.MayHaveKey(unknown) {
			t.Errorf("%q: may be a key", unknown)
		}
	}
	if a.MayHaveKey("not a key") {
		t.Error("a malformed secret may be a key")
	}
}
