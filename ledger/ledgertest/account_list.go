package ledgertest

import (
	"errors"
	"strings"
	"testing"
	"time"

	"svc/ledger"
)

// The account list: newest first (ties by ID), paged by the last account's
// ID, searched by name or ID (ASCII letters without case), counted; the
// same after a restart; bad limits, searches and cursors refused.
func testAccountList(t *testing.T, e *env) {
	names := []string{"Acme Media", "other shop", "متجر الرياض", "acme games", "Zed"}
	var made []ledger.Account // oldest first
	for i, n := range names {
		a, err := e.l.CreateAccount(ctx, n, 0)
		e.must(err)
		made = append(made, a)
		if i != 3 { // "acme games" and "Zed" share a creation instant: ordered by ID
			e.clock.Advance(time.Second)
		}
	}
	newest := make([]string, len(made))
	for i, a := range made {
		newest[len(made)-1-i] = a.ID
	}
	if made[4].CreatedAt.Equal(made[3].CreatedAt) && made[4].ID < made[3].ID {
		newest[0], newest[1] = newest[1], newest[0]
	}
	ids := func(as []ledger.Account) string {
		var s []string
		for _, a := range as {
			s = append(s, a.ID)
		}
		return strings.Join(s, ",")
	}
	check := func(l ledger.Ledger) {
		t.Helper()
		// every account, two at a time
		var got []string
		after := ""
		for pages := 0; ; pages++ {
			p, err := l.Accounts(ctx, ledger.AccountQuery{Limit: 2, StartingAfter: after})
			e.must(err)
			if p.Total != 5 || len(p.Accounts) == 0 || len(p.Accounts) > 2 || pages > 3 {
				t.Fatalf("page %d: %+v", pages, p)
			}
			for _, a := range p.Accounts {
				got = append(got, a.ID)
			}
			if !p.HasMore {
				break
			}
			after = p.Accounts[len(p.Accounts)-1].ID
		}
		if strings.Join(got, ",") != strings.Join(newest, ",") {
			t.Fatalf("pages %v, want newest first %v", got, newest)
		}
		p, err := l.Accounts(ctx, ledger.AccountQuery{})
		e.must(err)
		if len(p.Accounts) != 5 || p.HasMore || p.Accounts[4] != made[0] {
			t.Fatalf("default page %+v, oldest want %+v", p, made[0])
		}
		// search: ASCII case-insensitive substring of the name
		p, err = l.Accounts(ctx, ledger.AccountQuery{Search: "ACME"})
		e.must(err)
		if p.Total != 2 || p.HasMore || ids(p.Accounts) != made[3].ID+","+made[0].ID {
			t.Fatalf("search ACME: %+v", p)
		}
		p, err = l.Accounts(ctx, ledger.AccountQuery{Search: "acme", Limit: 1})
		e.must(err)
		if p.Total != 2 || !p.HasMore || ids(p.Accounts) != made[3].ID {
			t.Fatalf("search acme, limit 1: %+v", p)
		}
		p, err = l.Accounts(ctx, ledger.AccountQuery{Search: "acme", Limit: 1, StartingAfter: made[3].ID})
		e.must(err)
		if p.Total != 2 || p.HasMore || ids(p.Accounts) != made[0].ID {
			t.Fatalf("search acme, second page: %+v", p)
		}
		p, err = l.Accounts(ctx, ledger.AccountQuery{Search: "الرياض"})
		e.must(err)
		if ids(p.Accounts) != made[2].ID || p.Accounts[0].Name != "متجر الرياض" {
			t.Fatalf("Arabic search: %+v", p)
		}
		// search: a part of the ID, in lower case
		p, err = l.Accounts(ctx, ledger.AccountQuery{Search: strings.ToLower(made[1].ID[len(made[1].ID)-12:])})
		e.must(err)
		if ids(p.Accounts) != made[1].ID {
			t.Fatalf("search by id: %+v", p)
		}
		p, err = l.Accounts(ctx, ledger.AccountQuery{Search: "nobody%_"})
		e.must(err)
		if p.Total != 0 || p.HasMore || p.Accounts == nil || len(p.Accounts) != 0 {
			t.Fatalf("no match: %+v", p)
		}
		// refusals
		if _, err := l.Accounts(ctx, ledger.AccountQuery{StartingAfter: "acct_01ZZZZZZZZZZZZZZZZZZZZZZZZ"}); !errors.Is(err, ledger.ErrBadCursor) {
			t.Fatalf("unknown cursor: %v", err)
		}
		if _, err := l.Accounts(ctx, ledger.AccountQuery{Limit: ledger.MaxAccountPage + 1}); !errors.Is(err, ledger.ErrInvalid) {
			t.Fatalf("limit over the bound: %v", err)
		}
		if _, err := l.Accounts(ctx, ledger.AccountQuery{Search: strings.Repeat("a", ledger.MaxAccountSearch+1)}); !errors.Is(err, ledger.ErrInvalid) {
			t.Fatalf("search over the bound: %v", err)
		}
	}
	check(e.l)
	check(e.reopen())
}
