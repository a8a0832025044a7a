package ledger

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The comment index answers exactly what a scan of the stored comments
// gives: total_count, pages followed by cursor, and analytics, for random
// comments (times out of order, ties, values outside the enumerations,
// English comments without dialect) and random filters, before and after
// a reopen that rebuilds the index from Pebble.
func TestCommentIndexMatchesStoredComments(t *testing.T) {
	dir := t.TempDir()
	c := newClock()
	s, err := Open(dir, c.Now)
	require.NoError(t, err)
	f := fundedLive(t, s)
	other := fundedLive(t, s) // another account's comments never count
	rng := rand.New(rand.NewPCG(7, 11))
	base := c.Now().Add(-40 * 24 * time.Hour)
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	var all []Comment
	for i := range 400 {
		cm := Comment{
			ID:        fmt.Sprintf("cls_rand_%04d", i),
			Text:      "t",
			Platform:  pick("youtube", "instagram", "", "x"),
			Intent:    pick(append(IntentLabels, "unknown_label")...),
			Sentiment: pick(Sentiments...),
			Dialect:   pick("gulf", "egyptian", "levantine", "msa", ""),
			Toxicity:  pick(Toxicities...),
			ChannelID: pick("ch1", "ch2", ""),
			CreatedAt: base.Add(time.Duration(rng.IntN(45*24)) * time.Hour).Add(time.Duration(rng.IntN(3)) * time.Second),
		}
		addComment(t, s, f, cm)
		all = append(all, cm)
		if i%10 == 0 {
			addComment(t, s, other, Comment{ID: fmt.Sprintf("cls_other_%04d", i), Text: "o", Intent: "praise", Sentiment: "positive", CreatedAt: cm.CreatedAt})
		}
	}
	// Newest first, ties by id descending: the list's order.
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if !a.CreatedAt.Equal(b.CreatedAt) {
			return a.CreatedAt.After(b.CreatedAt)
		}
		return a.ID > b.ID
	})
	filters := []CommentFilter{{}}
	for range 60 {
		q := CommentFilter{Limit: 1 + rng.IntN(40)}
		if rng.IntN(2) == 0 {
			q.Intent = pick(append(IntentLabels, "unknown_label", "never_seen")...)
		}
		if rng.IntN(3) == 0 {
			q.Dialect = pick(Dialects...)
		}
		if rng.IntN(3) == 0 {
			q.ChannelID = pick("ch1", "ch2")
		}
		if rng.IntN(3) == 0 {
			q.Platform = pick("youtube", "x")
		}
		if rng.IntN(2) == 0 {
			q.From = base.Add(time.Duration(rng.IntN(30*24)) * time.Hour)
		}
		if rng.IntN(2) == 0 {
			q.To = base.Add(time.Duration(10*24+rng.IntN(40*24)) * time.Hour)
		}
		filters = append(filters, q)
	}
	check := func(s *Store) {
		for _, q := range filters {
			var want []string
			for _, cm := range all {
				h := commentHeader{platform: []byte(cm.Platform), intent: []byte(cm.Intent), sentiment: []byte(cm.Sentiment), dialect: []byte(cm.Dialect), toxicity: []byte(cm.Toxicity), channel: []byte(cm.ChannelID)}
				if !q.match(&h) || !q.From.IsZero() && cm.CreatedAt.Before(q.From) || !q.To.IsZero() && cm.CreatedAt.After(q.To) {
					continue
				}
				want = append(want, cm.ID)
			}
			if !q.From.IsZero() && !q.To.IsZero() && q.From.After(q.To) {
				continue
			}
			var got []string
			cursor := ""
			for pages := 0; ; pages++ {
				require.Less(t, pages, 1000)
				qq := q
				qq.Cursor = cursor
				p, err := s.ListComments(ctx, f.acct.ID, qq)
				require.NoError(t, err)
				require.Equal(t, len(want), p.TotalCount, "total_count for %+v", q)
				for _, cm := range p.Comments {
					got = append(got, cm.ID)
				}
				if !p.HasMore {
					require.Empty(t, p.NextCursor)
					break
				}
				cursor = p.NextCursor
			}
			require.Equal(t, want, got, "pages for %+v", q)

			// Analytics over the same comments (channel and platform filters only).
			if q.From.IsZero() || q.To.IsZero() || q.Intent != "" || q.Dialect != "" {
				continue
			}
			an, err := s.Analytics(ctx, f.acct.ID, AnalyticsQuery{From: q.From, To: q.To, ChannelID: q.ChannelID, Platform: q.Platform, GroupBy: "week"})
			require.NoError(t, err)
			wantIntent := zeroCounts(IntentLabels)
			wantDialect := zeroCounts(Dialects)
			total := 0
			for _, cm := range all {
				if cm.CreatedAt.Before(q.From) || cm.CreatedAt.After(q.To) || q.ChannelID != "" && cm.ChannelID != q.ChannelID || q.Platform != "" && cm.Platform != q.Platform {
					continue
				}
				total++
				if _, ok := wantIntent[cm.Intent]; ok {
					wantIntent[cm.Intent]++
				}
				if _, ok := wantDialect[cm.Dialect]; ok {
					wantDialect[cm.Dialect]++
				}
			}
			require.Equal(t, total, an.Total)
			require.Equal(t, wantIntent, an.Intent)
			require.Equal(t, wantDialect, an.Dialect)
			sum := 0
			for _, tr := range an.Trends {
				sum += tr.Total
			}
			require.Equal(t, total, sum, "every comment in exactly one period")
		}
	}
	check(s)
	require.NoError(t, s.Close())
	check(openStore(t, dir, c))
}

// A comment id is stored at most once per account (FORMAT.md invariant 6):
// a second commit with the same id is refused and releases its hold, also
// after a reopen and among concurrent commits; another account may use it.
func TestCommentIDAtMostOncePerAccount(t *testing.T) {
	dir := t.TempDir()
	c := newClock()
	s, err := Open(dir, c.Now)
	require.NoError(t, err)
	f := fundedLive(t, s)
	g := fundedLive(t, s)
	commit := func(s *Store, f fixture, id string) error {
		h, err := s.Reserve(ctx, f.p, 6)
		if err != nil {
			return err
		}
		r := use("/v1/classify")
		r.Comment = &Comment{ID: id, Text: "x", Intent: "praise"}
		return s.commitErr(h, true, r)
	}
	require.NoError(t, commit(s, f, "cls_same"))
	require.ErrorIs(t, commit(s, f, "cls_same"), ErrInvalid)
	require.NoError(t, commit(s, g, "cls_same"), "ids are scoped by account")

	n, errs := parallel(50, func() error { return commit(s, f, "cls_race") })
	require.Equal(t, 1, n, "exactly one concurrent commit of an id wins")
	for _, err := range errs {
		require.ErrorIs(t, err, ErrInvalid)
	}
	before := s.balanceOf(f.acct.ID)
	require.NoError(t, s.Close())

	s2 := openStore(t, dir, c)
	require.ErrorIs(t, commit(s2, f, "cls_same"), ErrInvalid, "the rebuilt index knows the id")
	require.ErrorIs(t, commit(s2, f, "cls_race"), ErrInvalid)
	require.NoError(t, commit(s2, f, "cls_new"))
	require.Equal(t, before-6, s2.balanceOf(f.acct.ID), "refused commits charged nothing")
	p, err := s2.ListComments(ctx, f.acct.ID, CommentFilter{Limit: 100})
	require.NoError(t, err)
	require.Equal(t, 3, p.TotalCount)
}

// AddAll in any order, in batches, counts and aggregates as Add in time
// order does.
func TestCommentIndexAddAllOutOfOrder(t *testing.T) {
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var cs []Comment
	for i := range 1000 {
		cs = append(cs, Comment{CreatedAt: base.Add(time.Duration((i*7919)%1000) * time.Hour), Intent: IntentLabels[i%6],
			Sentiment: Sentiments[i%4], ChannelID: fmt.Sprint("ch", i%3), Platform: "x"})
	}
	var inOrder, batched CommentIndex
	sorted := append([]Comment(nil), cs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].CreatedAt.Before(sorted[j].CreatedAt) })
	for i := range sorted {
		inOrder.Add(&sorted[i])
	}
	for i := 0; i < len(cs); i += 64 {
		batched.AddAll(cs[i:min(i+64, len(cs))])
	}
	if batched.Len() != 1000 {
		t.Fatalf("Len %d", batched.Len())
	}
	for i := 1; i < len(batched.x.entries); i++ {
		if batched.x.entries[i].before(batched.x.entries[i-1].sec, batched.x.entries[i-1].ns) {
			t.Fatalf("entries out of time order at %d", i)
		}
	}
	for _, f := range []CommentFilter{{}, {Intent: "praise"}, {ChannelID: "ch1", From: base.Add(100 * time.Hour), To: base.Add(500 * time.Hour)}} {
		if a, b := inOrder.Count(&f), batched.Count(&f); a != b {
			t.Fatalf("%+v: %d in order, %d batched", f, a, b)
		}
	}
	q := AnalyticsQuery{From: base, To: base.Add(1000 * time.Hour), GroupBy: "week"}
	a, err := inOrder.Analytics(q, base)
	if err != nil {
		t.Fatal(err)
	}
	b, err := batched.Analytics(q, base)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) || a.Total != 1000 {
		t.Fatalf("analytics: in order %+v, batched %+v", a, b)
	}
}
