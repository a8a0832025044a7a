package httpapi

import (
	"errors"
	"fmt"

	"github.com/valyala/fasthttp"

	"svc/engine/op"
	"svc/id"
	"svc/ledger"
)

// feedback: POST /v1/feedback. Free, but counts against the sandbox quota.
// Body classification_id and rating (correct, incorrect, partial) required;
// corrected_intent (array of strings), corrected_sentiment,
// corrected_dialect (an extension: gulf, egyptian, levantine, msa) and
// comment optional. An unknown classification_id, or another account's, is
// 404. The ledger keeps one feedback per classification (the newest) and
// feedback on at most ledger.MaxFeedbackPerAccount classifications per
// account: one more is 409 feedback_limit_reached (feedbackLimitReached).
//
// What the feedback teaches the account's later classifications
// (learned.go): the corrected labels; under rating correct the
// classification's own labels, and under partial those the caller did not
// correct (confirmed); under incorrect only the corrected ones.
func (s *Server) feedback(c *call) {
	d, e := decodeBody(c.ctx.PostBody(), false)
	if e != nil {
		c.badRequest(e)
		return
	}
	cid := d.text("classification_id", maxShortString)
	if _, ok := d.get("rating"); !ok {
		d.missing("rating")
	}
	rating := d.enum("rating", []string{"correct", "incorrect", "partial"}, "")
	intents := d.strings("corrected_intent", maxIntents, maxShortString)
	sentiment := d.enum("corrected_sentiment", op.Sentiments, "")
	dialect := d.enum("corrected_dialect", op.Dialects, "")
	comment := d.str("comment", maxFreeText)
	if d.fail != nil {
		c.badRequest(d.fail)
		return
	}
	cm, err := s.ledger.Comment(c.ctx, c.p.Account.ID, cid)
	if errors.Is(err, ledger.ErrNotFound) {
		c.fail(fasthttp.StatusNotFound, errf(typeNotFound, "classification_not_found", "classification_id", "No classification with this id exists for this account."))
		return
	} else if err != nil {
		c.internal(err)
		return
	}
	h, ok := c.reserve(priceFeedback)
	if !ok {
		return
	}
	now := s.clock.Now()
	fb := ledger.Feedback{
		ID: id.New("fb", now), AccountID: c.p.Account.ID, ClassificationID: cid, Rating: rating,
		CorrectedIntent: validIntents(intents), CorrectedSentiment: sentiment, CorrectedDialect: dialect, Comment: comment,
		Text: cm.Text, CreatedAt: now,
	}
	if rating != "incorrect" { // confirmed: what the caller did not correct
		if len(fb.CorrectedIntent) == 0 {
			fb.CorrectedIntent = cm.Intents
		}
		if fb.CorrectedSentiment == "" {
			fb.CorrectedSentiment = cm.Sentiment
		}
		if fb.CorrectedDialect == "" {
			fb.CorrectedDialect = cm.Dialect
		}
	}
	if !c.commit(h, true, ledger.Records{Feedback: &fb}) { // price 0: captures nothing
		return
	}
	c.charged = -1 // free: no credits header
	learn := func() { s.learn(fb) }
	if c.pending != nil { // committed by ok (an Idempotency-Key): learn after
		c.pending.after = learn
	} else {
		learn()
	}
	c.ok(feedbackJSON{ID: fb.ID, Object: "feedback", ClassificationID: cid, Rating: rating, Acknowledged: true})
}

// feedbackWatcher is a ledger shared by several nodes that tells this node
// of feedback committed on any node (pgledger.Ledger).
type feedbackWatcher interface {
	WatchFeedback(heard func(ledger.Feedback), flush func())
}

// feedbackLimitReached answers a feedback refused by the ledger's cap
// (ledger.ErrFeedbackLimit): 409, invalid_request_error,
// feedback_limit_reached.
func (c *call) feedbackLimitReached() {
	c.fail(fasthttp.StatusConflict, errf(typeInvalidRequest, "feedback_limit_reached", "classification_id",
		fmt.Sprintf("This account already keeps feedback on %d classifications, the limit. Feedback on a classification already rated replaces its older feedback and is still accepted.", ledger.MaxFeedbackPerAccount)))
}
