package ledger_test

// Fuzz targets of the ledger's two parsers of untrusted strings: comment
// cursors (ListComments) and API key secrets (Authenticate). Seed corpora:
// the f.Add calls below plus testdata/fuzz/<Target>/.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/id"
	"svc/ledger"
)

var ctx = context.Background()

type fuzzLedger struct {
	s       *ledger.Store
	acct    string
	other   string
	filters []ledger.CommentFilter
	// genuine[i]: every cursor ListComments can issue for filters[i]
	genuine []map[string]bool
	secrets map[string]string // secret -> key id (usable keys)
	revoked string
}

// fuzzFixture opens a store with two accounts, 30 comments in acct (5 in
// other) and keys of every kind; it is closed at the end of the fuzz target.
func fuzzFixture(f *testing.F) *fuzzLedger {
	fx, err := buildFuzzLedger(f.TempDir)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { _ = fx.s.Close() })
	return fx
}

func buildFuzzLedger(tempDir func() string) (*fuzzLedger, error) {
	dir := tempDir()
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clk := func() time.Time { mu.Lock(); defer mu.Unlock(); now = now.Add(time.Second); return now }
	s, err := ledger.Open(dir, clk)
	if err != nil {
		return nil, err
	}
	fx := &fuzzLedger{s: s, secrets: map[string]string{}}
	mk := func(name string, comments int, channels []string) (string, error) {
		a, err := s.CreateAccount(ctx, name, 1000)
		if err != nil {
			return "", err
		}
		if _, err := s.Purchase(ctx, a.ID, 25); err != nil {
			return "", err
		}
		k, secret, err := s.CreateKey(ctx, a.ID, ledger.Live)
		if err != nil {
			return "", err
		}
		sk, ssecret, err := s.CreateKey(ctx, a.ID, ledger.Sandbox)
		if err != nil {
			return "", err
		}
		fx.secrets[secret], fx.secrets[ssecret] = k.ID, sk.ID
		p, err := s.Authenticate(ctx, secret)
		if err != nil {
			return "", err
		}
		for i := 0; i < comments; i++ {
			h, err := s.Reserve(ctx, p, 6)
			if err != nil {
				return "", err
			}
			t := clk()
			if i%7 == 3 {
				t = t.Add(-time.Second) // ties in CreatedAt, ordered by id
			}
			c := &ledger.Comment{ID: id.New("cls", t), AccountID: a.ID, Text: fmt.Sprintf("comment %d", i),
				Platform: []string{"youtube", "", "twitter"}[i%3], Intent: []string{"question", "praise"}[i%2], Intents: []string{"question"},
				Sentiment: "neutral", Language: "en", Toxicity: "none", ChannelID: channels[i%len(channels)], CreatedAt: t, ClassifiedAt: t}
			u := ledger.Usage{ID: id.New("use", t), AccountID: a.ID, KeyID: k.ID, Endpoint: "/v1/classify", ListCredits: 6, At: t}
			if _, err := s.Commit(ctx, h, true, ledger.Records{Usage: u, Comment: c}); err != nil {
				return "", err
			}
		}
		return a.ID, nil
	}
	if fx.acct, err = mk("fuzz", 30, []string{"a", "b"}); err != nil {
		return nil, err
	}
	if fx.other, err = mk("other", 5, []string{"a"}); err != nil {
		return nil, err
	}
	rk, rsecret, err := s.CreateKey(ctx, fx.acct, ledger.Live)
	if err != nil {
		return nil, err
	}
	if _, err := s.RevokeKey(ctx, rk.ID); err != nil {
		return nil, err
	}
	fx.revoked = rsecret
	fx.filters = []ledger.CommentFilter{
		{},
		{ChannelID: "a"},
		{Platform: "youtube", Intent: "question"},
		{From: now.Add(-time.Hour), To: now.Add(time.Hour)},
	}
	for _, f := range fx.filters {
		g := map[string]bool{}
		f.Limit = 1
		for {
			pg, err := s.ListComments(ctx, fx.acct, f)
			if err != nil {
				return nil, err
			}
			if !pg.HasMore {
				break
			}
			g[pg.NextCursor] = true
			f.Cursor = pg.NextCursor
		}
		fx.genuine = append(fx.genuine, g)
	}
	return fx, nil
}

// FuzzListCommentsCursor: ListComments with an arbitrary cursor either fails
// with ErrBadCursor or succeeds, and it succeeds (for a non-empty cursor)
// only for a cursor the ledger issued for this account and filter.
func FuzzListCommentsCursor(f *testing.F) {
	fx := fuzzFixture(f)
	for i, g := range fx.genuine {
		n := 0
		for c := range g {
			if n++; n > 3 {
				break
			}
			f.Add(c, uint8(i), uint8(10), false)
			f.Add(c, uint8(i+1), uint8(10), false)
			f.Add(c, uint8(i), uint8(10), true)
			f.Add(c[:len(c)-1], uint8(i), uint8(1), false)
			f.Add(c+"A", uint8(i), uint8(1), false)
			f.Add(strings.ToUpper(c), uint8(i), uint8(1), false)
		}
	}
	for _, s := range []string{"", "A", "AQ", "AQID", "====", "%00", "../", strings.Repeat("A", 100), strings.Repeat("_-", 40)} {
		f.Add(s, uint8(0), uint8(25), false)
	}
	f.Fuzz(func(t *testing.T, cursor string, filter uint8, limit uint8, other bool) {
		i := int(filter) % len(fx.filters)
		q := fx.filters[i]
		q.Cursor = cursor
		q.Limit = 1 + int(limit)%100
		acct := fx.acct
		if other {
			acct = fx.other
		}
		pg, err := fx.s.ListComments(ctx, acct, q)
		if err != nil {
			if !errors.Is(err, ledger.ErrBadCursor) {
				t.Fatalf("cursor %q: error %v, want ErrBadCursor", cursor, err)
			}
			return
		}
		if cursor != "" && (other || !fx.genuine[i][cursor]) {
			t.Fatalf("cursor %q accepted for filter %d (other account %v) but never issued for it", cursor, i, other)
		}
		if len(pg.Comments) > q.Limit {
			t.Fatalf("%d comments for limit %d", len(pg.Comments), q.Limit)
		}
		for _, c := range pg.Comments {
			if c.AccountID != acct {
				t.Fatalf("comment %s of account %s listed for %s", c.ID, c.AccountID, acct)
			}
		}
		if pg.HasMore && !other && !fx.genuine[i][pg.NextCursor] {
			t.Fatalf("next cursor %q is not one of the filter's cursors", pg.NextCursor)
		}
	})
}

// FuzzAuthenticate: Authenticate never panics; it accepts exactly the
// usable secrets it issued and answers ErrUnauthenticated for everything else.
func FuzzAuthenticate(f *testing.F) {
	fx := fuzzFixture(f)
	for s := range fx.secrets {
		f.Add(s)
		f.Add(s[:len(s)-1])
		f.Add(s + "0")
		f.Add(strings.ToUpper(s))
		f.Add(" " + s)
		f.Add(strings.Replace(s, "live", "test", 1))
		f.Add(strings.Replace(s, "test", "live", 1))
		f.Add(s[:len(s)-1] + "é")
	}
	f.Add(fx.revoked)
	for _, s := range []string{"", "svc_live_sk_", "svc_test_sk_", "svc_live_sk_" + strings.Repeat("0", 32), "svc_live_sk_" + strings.Repeat("\x00", 32),
		strings.Repeat("a", 44), "Bearer svc_live_sk_x", "svc_admin_0123"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, secret string) {
		p, err := fx.s.Authenticate(ctx, secret)
		want, ok := fx.secrets[secret]
		switch {
		case ok && err != nil:
			t.Fatalf("issued secret refused: %v", err)
		case ok && p.Key.ID != want:
			t.Fatalf("secret maps to key %s, want %s", p.Key.ID, want)
		case !ok && err == nil:
			t.Fatalf("secret %q accepted as key %s", secret, p.Key.ID)
		case !ok && !errors.Is(err, ledger.ErrUnauthenticated):
			t.Fatalf("secret %q: error %v, want ErrUnauthenticated", secret, err)
		}
	})
}
