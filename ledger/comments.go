package ledger

import (
	"bytes"
	"context"
	"fmt"

	"github.com/cockroachdb/pebble/v2"
)

// Limits of comment queries.
const (
	DefaultCommentLimit = 25
	MaxCommentLimit     = 100
	// MaxCommentScan bounds the index entries one ListComments or Analytics
	// call reads. Beyond it, TotalCount and analytics count only the newest
	// MaxCommentScan comments of the range, and later pages are not reached.
	MaxCommentScan = 1_000_000
)

// Comment returns a comment of the account; ErrNotFound when it does not
// exist or belongs to another account (keys are scoped by account).
func (s *Store) Comment(ctx context.Context, accountID, commentID string) (Comment, error) {
	if _, err := s.account(accountID); err != nil {
		return Comment{}, err
	}
	if err := s.enter(); err != nil {
		return Comment{}, err
	}
	defer s.leave()
	tv, err := s.get(key(pCmt, accountID, "/", commentID))
	if err != nil {
		return Comment{}, err
	}
	at, ok := readTime(tv)
	if !ok {
		return Comment{}, fmt.Errorf("ledger: corrupt comment pointer %s", commentID)
	}
	v, err := s.get(timeKey(pCmtTime, accountID, at, commentID))
	if err != nil {
		return Comment{}, err
	}
	return decodeComment(v)
}

// commentRange returns the bounds of cmtt/<accountID>/ for CreatedAt in
// [from, to] (zero: unbounded).
func commentRange(prefix, accountID string, f *CommentFilter) (lo, hi []byte) {
	p := acctPrefix(prefix, accountID)
	lo, hi = p, upperBound(p)
	if !f.From.IsZero() {
		lo = appendTime(bytes.Clone(p), f.From)
	}
	if !f.To.IsZero() {
		hi = appendTime(bytes.Clone(p), f.To.Add(1)) // exclusive: every id at To is below
	}
	return lo, hi
}

// match reports whether a comment header passes the filter's equality fields.
func (f *CommentFilter) match(h *commentHeader) bool {
	eq := func(want string, got []byte) bool { return want == "" || string(got) == want }
	return eq(f.ChannelID, h.channel) && eq(f.Platform, h.platform) && eq(f.Intent, h.intent) &&
		eq(f.Sentiment, h.sentiment) && eq(f.Dialect, h.dialect) && eq(f.Toxicity, h.toxicity)
}

// ListComments returns one page of the account's comments matching f,
// CreatedAt descending (ties: id descending). Limit 0 means 25; outside
// 1..100 is ErrInvalid. TotalCount counts every match of the filter (all
// pages), from the account's comment index. f.Cursor must come from a
// previous page of the same account and filter, else ErrBadCursor. The page
// reads Pebble from the cursor on, up to limit+1 matches; scans are bounded
// by MaxCommentScan.
func (s *Store) ListComments(ctx context.Context, accountID string, f CommentFilter) (CommentPage, error) {
	a, err := s.account(accountID)
	if err != nil {
		return CommentPage{}, err
	}
	limit := f.Limit
	if limit == 0 {
		limit = DefaultCommentLimit
	}
	if limit < 1 || limit > MaxCommentLimit {
		return CommentPage{}, fmt.Errorf("%w: limit %d outside 1..%d", ErrInvalid, f.Limit, MaxCommentLimit)
	}
	if !f.From.IsZero() && !f.To.IsZero() && f.From.After(f.To) {
		return CommentPage{}, fmt.Errorf("%w: from after to", ErrInvalid)
	}
	if err := s.enter(); err != nil {
		return CommentPage{}, err
	}
	defer s.leave()
	lo, hi := commentRange(pCmtTime, accountID, &f)
	if f.Cursor != "" {
		pos, err := s.decodeCursor(accountID, &f, f.Cursor)
		if err != nil {
			return CommentPage{}, err
		}
		// Entries at or above the cursor's key were on earlier pages.
		if after := timeKey(pCmtTime, accountID, pos.at, pos.id); bytes.Compare(after, hi) < 0 {
			hi = after
		}
	}
	page := CommentPage{Comments: []Comment{}, TotalCount: a.comments.count(&f)}
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: lo, UpperBound: hi})
	if err != nil {
		return CommentPage{}, err
	}
	defer it.Close()
	scanned := 0
	for ok := it.Last(); ok && scanned < MaxCommentScan; ok = it.Prev() {
		scanned++
		v, err := it.ValueAndErr()
		if err != nil {
			return CommentPage{}, err
		}
		h, err := decodeCommentHeader(v)
		if err != nil {
			return CommentPage{}, fmt.Errorf("ledger: comment %q: %w", it.Key(), err)
		}
		if !f.match(&h) {
			continue
		}
		if len(page.Comments) == limit {
			page.HasMore = true
			break
		}
		c, err := decodeComment(v)
		if err != nil {
			return CommentPage{}, fmt.Errorf("ledger: comment %q: %w", it.Key(), err)
		}
		page.Comments = append(page.Comments, c)
	}
	if err := it.Error(); err != nil {
		return CommentPage{}, err
	}
	if page.HasMore {
		last := page.Comments[len(page.Comments)-1]
		page.NextCursor = s.encodeCursor(accountID, &f, cursorPos{at: last.CreatedAt, id: last.ID})
	}
	return page, nil
}
