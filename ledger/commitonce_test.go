package ledger

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConcurrentCommitsOfOneHoldWithComment: Commit's contract ("a
// second Commit of the same hold returns ErrHoldEnded and writes nothing"),
// which TestCommitIdempotentNoDoubleCharge checks for records without a
// comment, with the records classify really commits (a comment). Found in
// review: the comment-id claim once came before any check of the hold, so a
// concurrent second Commit saw the first one's claim as "in flight", released
// the hold on its error path, and the first then found the hold ended: both
// failed and nothing was written. Commit now marks the hold first.
func TestConcurrentCommitsOfOneHoldWithComment(t *testing.T) {
	s := openStore(t, "", newClock())
	f := fundedLive(t, s)
	for i := range 300 {
		h, err := s.Reserve(ctx, f.p, 6)
		require.NoError(t, err)
		cid := fmt.Sprintf("cls_review_%04d", i)
		n, errs := parallel(4, func() error {
			r := use("/v1/classify")
			r.Comment = &Comment{ID: cid, Text: "t", Intent: "praise", Sentiment: "positive"}
			return s.commitErr(h, true, r)
		})
		require.Equal(t, 1, n, "iteration %d: exactly one Commit of the hold succeeds (errors: %v)", i, errs)
		for _, err := range errs {
			require.ErrorIs(t, err, ErrHoldEnded, "iteration %d: a concurrent second Commit of one hold must fail with ErrHoldEnded", i)
		}
		_, err = s.Comment(ctx, f.acct.ID, cid)
		require.NoError(t, err, "iteration %d: the comment is written once", i)
	}
}
