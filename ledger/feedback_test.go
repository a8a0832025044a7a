package ledger

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func addFeedback(t testing.TB, s *Store, f fixture, fb Feedback) {
	t.Helper()
	h, err := s.Reserve(ctx, f.p, 0)
	require.NoError(t, err)
	r := use("/v1/feedback")
	r.Feedback = &fb
	require.NoError(t, s.commitErr(h, true, r))
}

func TestFeedbackCorrections(t *testing.T) {
	c := newClock()
	s := openStore(t, "", c)
	f := newFixture(t, s, Live)
	g := newFixture(t, s, Live)

	addFeedback(t, s, f, Feedback{ClassificationID: "cls_1", Rating: "incorrect", CorrectedSentiment: "negative", TextKey: "a"})
	c.Advance(time.Second)
	addFeedback(t, s, f, Feedback{ClassificationID: "cls_2", Rating: "correct", TextKey: "a"})
	c.Advance(time.Second)
	addFeedback(t, s, f, Feedback{ClassificationID: "cls_3", Rating: "partial", CorrectedIntent: []string{"praise"}, TextKey: "a"})
	c.Advance(time.Second)
	addFeedback(t, s, f, Feedback{ClassificationID: "cls_4", Rating: "incorrect", TextKey: "b"})
	addFeedback(t, s, g, Feedback{ClassificationID: "cls_9", Rating: "incorrect", TextKey: "a"})

	fb, ok := s.correctionOf(f.acct.ID, "a")
	require.True(t, ok)
	assert.Equal(t, "cls_3", fb.ClassificationID, "newest correction; 'correct' is not one")
	assert.Equal(t, f.acct.ID, fb.AccountID)
	assert.NotEmpty(t, fb.ID)
	fb, ok = s.correctionOf(f.acct.ID, "b")
	require.True(t, ok)
	assert.Equal(t, "cls_4", fb.ClassificationID)
	_, ok = s.correctionOf(f.acct.ID, "c")
	assert.False(t, ok)
	fb, ok = s.correctionOf(g.acct.ID, "a")
	require.True(t, ok)
	assert.Equal(t, "cls_9", fb.ClassificationID, "scoped per account")
	_, ok = s.correctionOf(g.acct.ID, "b")
	assert.False(t, ok)

	recent, err := s.RecentFeedback(ctx, f.acct.ID, 10)
	require.NoError(t, err)
	var ids []string
	for _, r := range recent {
		ids = append(ids, r.ClassificationID)
	}
	assert.Equal(t, []string{"cls_4", "cls_3", "cls_1"}, ids)
	recent, err = s.RecentFeedback(ctx, f.acct.ID, 1)
	require.NoError(t, err)
	assert.Len(t, recent, 1)
	recent, err = s.RecentFeedback(ctx, f.acct.ID, 0)
	require.NoError(t, err)
	assert.Empty(t, recent)
}
