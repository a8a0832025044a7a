package ledger

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// The account list of the admin API (GET /admin/v1/accounts): every
// account, newest first, optionally only those matching a search, paged
// like the account's purchases and keys.
//
// Order: (CreatedAt, ID) descending, so a page's last account is the
// StartingAfter of the next page. Search: Matches below.

// MaxAccountSearch bounds AccountQuery.Search in bytes.
const MaxAccountSearch = 200

// AccountQuery asks for one page of the account list.
type AccountQuery struct {
	Limit int // 1..MaxAccountPage; 0 means DefaultAccountPage
	// StartingAfter is "" for the first (newest) page, else the ID of an
	// existing account: the page holds the (matching) accounts older than
	// it. Any other ID is ErrBadCursor.
	StartingAfter string
	// Search, when not "", keeps the accounts it Matches; at most
	// MaxAccountSearch bytes (ErrInvalid).
	Search string
}

// AccountPage is one page of the account list.
type AccountPage struct {
	Accounts []Account // newest first; never nil
	HasMore  bool      // older matching accounts follow the last one
	Total    int       // all the accounts matching the search
}

// Matches reports whether an account matches a search: the search is a
// substring of its name or of its ID, ASCII letters compared without case
// (other characters, Arabic included, compared as they are). "" matches
// every account.
func Matches(a Account, search string) bool {
	if search == "" {
		return true
	}
	s := asciiLower(search)
	return strings.Contains(asciiLower(a.Name), s) || strings.Contains(asciiLower(a.ID), s)
}

// asciiLower lowers ASCII letters only (as PostgreSQL's lower() under the
// "C" collation does, so both stores match alike).
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// CheckAccountQuery returns the page size of q (DefaultAccountPage for 0)
// or ErrInvalid for a limit outside 1..MaxAccountPage or a search over
// MaxAccountSearch bytes.
func CheckAccountQuery(q AccountQuery) (int, error) {
	if len(q.Search) > MaxAccountSearch {
		return 0, fmt.Errorf("%w: search longer than %d bytes", ErrInvalid, MaxAccountSearch)
	}
	return pageLimit(q.Limit)
}

// accountOlder orders accounts by creation: CreatedAt, then ID.
func accountOlder(a, b Account) bool {
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return a.CreatedAt.Before(b.CreatedAt)
	}
	return a.ID < b.ID
}

// Accounts returns one page of the account list, newest first. It reads the
// in-memory accounts (never Pebble): O(accounts) per call to filter and
// count, plus sorting the matching accounts older than the cursor.
func (s *Store) Accounts(ctx context.Context, q AccountQuery) (AccountPage, error) {
	limit, err := CheckAccountQuery(q)
	if err != nil {
		return AccountPage{}, err
	}
	s.mu.RLock()
	var after *Account
	if q.StartingAfter != "" {
		a := s.accounts[q.StartingAfter]
		if a == nil {
			s.mu.RUnlock()
			return AccountPage{}, ErrBadCursor
		}
		after = &a.info
	}
	page := AccountPage{Accounts: []Account{}}
	var older []Account
	for _, a := range s.accounts {
		if !Matches(a.info, q.Search) {
			continue
		}
		page.Total++
		if after == nil || accountOlder(a.info, *after) {
			older = append(older, a.info)
		}
	}
	s.mu.RUnlock()
	slices.SortFunc(older, func(a, b Account) int {
		switch {
		case accountOlder(b, a):
			return -1
		case accountOlder(a, b):
			return 1
		}
		return 0
	})
	page.HasMore = len(older) > limit
	page.Accounts = append(page.Accounts, older[:min(limit, len(older))]...)
	return page, nil
}
