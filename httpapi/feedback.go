package httpapi

import (
	"errors"
	"strings"
	"unicode"

	"github.com/valyala/fasthttp"

	"svc/engine/op"
	"svc/engine/textnorm"
	"svc/id"
	"svc/ledger"
)

// feedback: POST /v1/feedback. Free, but counts against the sandbox quota.
// Body classification_id and rating (correct, incorrect, partial) required;
// corrected_intent (array of strings), corrected_sentiment, comment optional.
// An unknown classification_id, or another account's, is 404.
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
		CorrectedIntent: intents, CorrectedSentiment: sentiment, Comment: comment,
		Text: cm.Text, TextKey: correctionKey(cm.Text), CreatedAt: now,
	}
	if !c.commit(h, true, ledger.Records{Feedback: &fb}) { // price 0: captures nothing
		return
	}
	c.charged = -1 // free: no credits header
	s.forgetHints(c.p.Account.ID)
	if rating != "correct" {
		s.cache.Forget(c.p.Account.ID, cm.Text)
	}
	c.ok(feedbackJSON{ID: fb.ID, Object: "feedback", ClassificationID: cid, Rating: rating, Acknowledged: true})
}

// feedbackWatcher is a ledger shared by several nodes that tells this node
// of feedback committed on any node (pgledger.Ledger).
type feedbackWatcher interface {
	WatchFeedback(forget func(accountID, text string, correction bool), flush func())
}

// feedbackElsewhere does on this node what feedback does on the node that
// committed it: the account's hints are reloaded, and a correction's text is
// no longer answered from the cache.
func (s *Server) feedbackElsewhere(accountID, text string, correction bool) {
	s.forgetHints(accountID)
	if correction {
		s.cache.Forget(accountID, text)
	}
}

// flushFeedbackState forgets what any feedback may have changed, for a node
// that may have missed some: every account's hints and the whole cache.
func (s *Server) flushFeedbackState() {
	s.hintMu.Lock()
	s.hintGen++
	s.hintCache.Clear()
	s.hintMu.Unlock()
	s.cache.Flush()
}

// correctionKey is the form under which corrections are stored and looked up:
// the folded text with punctuation, symbols and emoji dropped, so that "I love
// it!" and "i love it" share one correction.
func correctionKey(text string) string {
	words := strings.FieldsFunc(textnorm.Fold(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsNumber(r)
	})
	return strings.Join(words, " ")
}
