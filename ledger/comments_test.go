package ledger

import (
	"encoding/base64"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// addComment commits a classify of f's key with comment c.
func addComment(t testing.TB, s *Store, f fixture, c Comment) {
	t.Helper()
	h, err := s.Reserve(ctx, f.p, 6)
	require.NoError(t, err)
	r := use("/v1/classify")
	r.Comment = &c
	require.NoError(t, s.commitErr(h, true, r))
}

// seedComments stores n comments, one a minute back from base, with fields
// cycling through the enumerations; several share a CreatedAt to test ties.
func seedComments(t testing.TB, s *Store, f fixture, n int, base time.Time) []Comment {
	t.Helper()
	var out []Comment
	for i := range n {
		c := Comment{
			ID:        fmt.Sprintf("cls_%s_%04d", f.acct.ID[len(f.acct.ID)-4:], i),
			Text:      fmt.Sprintf("comment %d", i),
			Platform:  []string{"youtube", "instagram", "twitter", "facebook"}[i%4],
			Intent:    IntentLabels[i%6],
			Sentiment: Sentiments[i%4],
			Dialect:   Dialects[i%4],
			Toxicity:  Toxicities[i%4],
			ChannelID: []string{"ch1", "ch2"}[i%2],
			Language:  "ar",
			CreatedAt: base.Add(-time.Duration(i/3) * time.Minute), // 3 per minute: ties
		}
		addComment(t, s, f, c)
		out = append(out, c)
	}
	return out
}

func fundedLive(t testing.TB, s *Store) fixture {
	f := newFixture(t, s, Live)
	_, err := s.Purchase(ctx, f.acct.ID, 500)
	require.NoError(t, err)
	return f
}

// listAll follows cursors until the end and returns the ids in order.
func listAll(t *testing.T, s *Store, acct string, f CommentFilter) ([]string, int) {
	t.Helper()
	var ids []string
	total := -1
	for pages := 0; ; pages++ {
		require.Less(t, pages, 1000)
		p, err := s.ListComments(ctx, acct, f)
		require.NoError(t, err)
		if total >= 0 {
			assert.Equal(t, total, p.TotalCount, "total stable across pages")
		}
		total = p.TotalCount
		assert.LessOrEqual(t, len(p.Comments), max(f.Limit, 1))
		for _, c := range p.Comments {
			ids = append(ids, c.ID)
		}
		if !p.HasMore {
			assert.Empty(t, p.NextCursor)
			return ids, total
		}
		require.NotEmpty(t, p.NextCursor)
		f.Cursor = p.NextCursor
	}
}

func TestListCommentsPagination(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := fundedLive(t, s)
	base := c.Now()
	all := seedComments(t, s, f, 250, base)

	// Expected order: CreatedAt desc, ties id desc.
	want := func(keep func(Comment) bool) []string {
		var ids []string
		for i := 0; i < len(all); i += 3 {
			grp := all[i:min(i+3, len(all))]
			for j := len(grp) - 1; j >= 0; j-- { // ids ascend within a minute
				if keep(grp[j]) {
					ids = append(ids, grp[j].ID)
				}
			}
		}
		return ids
	}

	ids, total := listAll(t, s, f.acct.ID, CommentFilter{Limit: 100})
	assert.Equal(t, 250, total)
	assert.Equal(t, want(func(Comment) bool { return true }), ids)

	ids, total = listAll(t, s, f.acct.ID, CommentFilter{Limit: 7, ChannelID: "ch1"})
	assert.Equal(t, 125, total)
	assert.Equal(t, want(func(c Comment) bool { return c.ChannelID == "ch1" }), ids)

	from, to := base.Add(-60*time.Minute), base.Add(-10*time.Minute)
	flt := CommentFilter{Limit: 3, Sentiment: "negative", Platform: "instagram", From: from, To: to}
	ids, total = listAll(t, s, f.acct.ID, flt)
	exp := want(func(c Comment) bool {
		return c.Sentiment == "negative" && c.Platform == "instagram" && !c.CreatedAt.Before(from) && !c.CreatedAt.After(to)
	})
	assert.Equal(t, exp, ids)
	assert.Equal(t, len(exp), total)
	assert.NotEmpty(t, exp)

	flt = CommentFilter{Intent: "spam", Dialect: "levantine", Toxicity: "moderate"}
	p, err := s.ListComments(ctx, f.acct.ID, flt)
	require.NoError(t, err)
	for _, c := range p.Comments {
		assert.Equal(t, "spam", c.Intent)
		assert.Equal(t, "levantine", c.Dialect)
	}
	assert.Equal(t, len(want(func(c Comment) bool {
		return c.Intent == "spam" && c.Dialect == "levantine" && c.Toxicity == "moderate"
	})), p.TotalCount)

	// Default and bad limits.
	p, err = s.ListComments(ctx, f.acct.ID, CommentFilter{})
	require.NoError(t, err)
	assert.Len(t, p.Comments, DefaultCommentLimit)
	for _, l := range []int{-1, 101} {
		_, err = s.ListComments(ctx, f.acct.ID, CommentFilter{Limit: l})
		assert.ErrorIs(t, err, ErrInvalid)
	}

	// Empty result.
	p, err = s.ListComments(ctx, f.acct.ID, CommentFilter{ChannelID: "nope"})
	require.NoError(t, err)
	assert.Equal(t, 0, p.TotalCount)
	assert.NotNil(t, p.Comments)
	assert.False(t, p.HasMore)
}

func TestCursorTamperRejected(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := fundedLive(t, s)
	g := fundedLive(t, s)
	seedComments(t, s, f, 30, c.Now())
	seedComments(t, s, g, 30, c.Now())

	flt := CommentFilter{Limit: 10, ChannelID: "ch1"}
	p, err := s.ListComments(ctx, f.acct.ID, flt)
	require.NoError(t, err)
	require.True(t, p.HasMore)
	cur := p.NextCursor

	raw, err := base64.RawURLEncoding.DecodeString(cur)
	require.NoError(t, err)
	for i := range raw {
		for _, bit := range []byte{0x01, 0x80} {
			b := append([]byte(nil), raw...)
			b[i] ^= bit
			flt.Cursor = base64.RawURLEncoding.EncodeToString(b)
			_, err := s.ListComments(ctx, f.acct.ID, flt)
			require.ErrorIs(t, err, ErrBadCursor, "byte %d", i)
		}
	}
	for _, bad := range []string{"x", "!!!!", cur[:len(cur)-1], cur + "A", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"} {
		flt.Cursor = bad
		_, err := s.ListComments(ctx, f.acct.ID, flt)
		assert.ErrorIs(t, err, ErrBadCursor, "%q", bad)
	}

	// Another account, or another filter, cannot use it.
	_, err = s.ListComments(ctx, g.acct.ID, CommentFilter{Limit: 10, ChannelID: "ch1", Cursor: cur})
	assert.ErrorIs(t, err, ErrBadCursor)
	_, err = s.ListComments(ctx, f.acct.ID, CommentFilter{Limit: 10, ChannelID: "ch2", Cursor: cur})
	assert.ErrorIs(t, err, ErrBadCursor)
	// A different limit is fine.
	_, err = s.ListComments(ctx, f.acct.ID, CommentFilter{Limit: 5, ChannelID: "ch1", Cursor: cur})
	assert.NoError(t, err)
}

func TestCommentLookupScopedToAccount(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := fundedLive(t, s)
	g := fundedLive(t, s)
	addComment(t, s, f, Comment{ID: "cls_f", Text: "mine", Intents: []string{"praise", "question"}})

	cm, err := s.Comment(ctx, f.acct.ID, "cls_f")
	require.NoError(t, err)
	assert.Equal(t, "mine", cm.Text)
	assert.Equal(t, "praise", cm.Intent, "first intent")
	assert.Equal(t, f.acct.ID, cm.AccountID)
	assert.Equal(t, c.Now(), cm.CreatedAt)

	_, err = s.Comment(ctx, g.acct.ID, "cls_f")
	assert.ErrorIs(t, err, ErrNotFound)
	_, err = s.Comment(ctx, f.acct.ID, "cls_none")
	assert.ErrorIs(t, err, ErrNotFound)
	_, err = s.Comment(ctx, "acct_nope", "cls_f")
	assert.ErrorIs(t, err, ErrNotFound)

	p, err := s.ListComments(ctx, g.acct.ID, CommentFilter{})
	require.NoError(t, err)
	assert.Equal(t, 0, p.TotalCount)
	a, err := s.Analytics(ctx, g.acct.ID, AnalyticsQuery{})
	require.NoError(t, err)
	assert.Equal(t, 0, a.Total)
	u, err := s.Usage(ctx, g.acct.ID, UsageQuery{})
	require.NoError(t, err)
	assert.Equal(t, 0, u.TotalRequests)
}
