package ledger

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func addFeedback(t testing.TB, s *Store, f fixture, fb Feedback) {
	t.Helper()
	require.NoError(t, tryFeedback(s, f, fb))
}

func tryFeedback(s *Store, f fixture, fb Feedback) error {
	h, err := s.Reserve(ctx, f.p, 0)
	if err != nil {
		return err
	}
	r := use("/v1/feedback")
	r.Feedback = &fb
	return s.commitErr(h, true, r)
}

func classificationIDs(fbs []Feedback) []string {
	var ids []string
	for _, r := range fbs {
		ids = append(ids, r.ClassificationID)
	}
	return ids
}

// Every rating is kept, one per classification (the newest), newest first,
// scoped per account.
func TestFeedbackNewestPerClassification(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	g := newFixture(t, s, Live)

	addFeedback(t, s, f, Feedback{ClassificationID: "cls_1", Rating: "incorrect", CorrectedSentiment: "negative", Text: "a"})
	c.Advance(time.Second)
	addFeedback(t, s, f, Feedback{ClassificationID: "cls_2", Rating: "correct", CorrectedSentiment: "positive", Text: "b"})
	c.Advance(time.Second)
	addFeedback(t, s, f, Feedback{ClassificationID: "cls_3", Rating: "partial", CorrectedIntent: []string{"praise"}, Text: "c"})
	c.Advance(time.Second)
	addFeedback(t, s, f, Feedback{ClassificationID: "cls_1", Rating: "incorrect", CorrectedSentiment: "mixed", CorrectedDialect: "gulf", Text: "a"})
	addFeedback(t, s, g, Feedback{ClassificationID: "cls_9", Rating: "incorrect", Text: "a"})

	recent, err := s.RecentFeedback(ctx, f.acct.ID, 10)
	require.NoError(t, err)
	assert.Equal(t, []string{"cls_1", "cls_3", "cls_2"}, classificationIDs(recent))
	assert.Equal(t, "mixed", recent[0].CorrectedSentiment, "the newer feedback of cls_1 replaced the older")
	assert.Equal(t, "gulf", recent[0].CorrectedDialect)
	assert.Equal(t, f.acct.ID, recent[0].AccountID)
	recent, err = s.RecentFeedback(ctx, f.acct.ID, 1)
	require.NoError(t, err)
	assert.Len(t, recent, 1)
	recent, err = s.RecentFeedback(ctx, f.acct.ID, 0)
	require.NoError(t, err)
	assert.Empty(t, recent)
	recent, err = s.RecentFeedback(ctx, g.acct.ID, 10)
	require.NoError(t, err)
	assert.Equal(t, []string{"cls_9"}, classificationIDs(recent))
}

// 3,000 feedback on one classification with a 2,000-character comment
// store one row's worth of text (issue 26.3): the store holds one fbl/ row
// and one fbt/ entry for it.
func TestFeedbackOnOneClassificationStoresItsTextOnce(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	text := strings.Repeat("ب", 2000)
	for i := range 3000 {
		c.Advance(time.Millisecond)
		addFeedback(t, s, f, Feedback{ClassificationID: "cls_1", Rating: "incorrect", CorrectedSentiment: "negative", Text: text, Comment: fmt.Sprint(i)})
	}
	rows, bytes := 0, 0
	for _, prefix := range []string{pFbLast, pFbTime} {
		p := acctPrefix(prefix, f.acct.ID)
		it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: p, UpperBound: upperBound(p)})
		require.NoError(t, err)
		for ok := it.First(); ok; ok = it.Next() {
			rows++
			bytes += len(it.Value())
		}
		require.NoError(t, it.Close())
	}
	assert.Equal(t, 2, rows, "one feedback row and its time entry")
	assert.Less(t, bytes, 2*len(text), "the text is stored once")
	recent, err := s.RecentFeedback(ctx, f.acct.ID, 10)
	require.NoError(t, err)
	require.Len(t, recent, 1)
	assert.Equal(t, "2999", recent[0].Comment, "the newest is kept")
}

// Feedback on a new classification beyond MaxFeedbackPerAccount is
// ErrFeedbackLimit and writes nothing; feedback replacing a stored one is
// still taken; another account is not limited. The count survives a restart.
func TestFeedbackLimit(t *testing.T) {
	dir := t.TempDir()
	c := newClock()
	s := openStore(t, dir, c)
	f := newFixture(t, s, Live)
	g := newFixture(t, s, Live)
	for i := range MaxFeedbackPerAccount {
		addFeedback(t, s, f, Feedback{ClassificationID: fmt.Sprint("cls_", i), Rating: "correct", CorrectedSentiment: "neutral", Text: "t"})
	}
	err := tryFeedback(s, f, Feedback{ClassificationID: "cls_new", Rating: "incorrect", Text: "t"})
	assert.ErrorIs(t, err, ErrFeedbackLimit)
	c.Advance(time.Second)
	addFeedback(t, s, f, Feedback{ClassificationID: "cls_7", Rating: "incorrect", CorrectedSentiment: "negative", Text: "t"})
	addFeedback(t, s, g, Feedback{ClassificationID: "cls_new", Rating: "incorrect", Text: "t"})
	recent, err := s.RecentFeedback(ctx, f.acct.ID, MaxFeedbackPerAccount+10)
	require.NoError(t, err)
	assert.Len(t, recent, MaxFeedbackPerAccount)
	assert.Equal(t, "cls_7", recent[0].ClassificationID)

	require.NoError(t, s.Close())
	s = openStore(t, dir, c)
	err = tryFeedback(s, f, Feedback{ClassificationID: "cls_new2", Rating: "incorrect", Text: "t"})
	assert.ErrorIs(t, err, ErrFeedbackLimit, "the count is durable")
}
