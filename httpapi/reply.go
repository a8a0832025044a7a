package httpapi

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/valyala/fasthttp"

	"svc/engine/op"
	"svc/ledger"
)

// maxReplyLength bounds max_length (characters).
const maxReplyLength = 5000

// reply: POST /v1/comments/{id}/reply. The comment must be one of the
// account's stored comments (404 otherwise, also for other accounts' ids).
// Body (optional): tone, max_length (1..5000, default 500), context, language.
func (s *Server) reply(c *call) {
	cid, _ := c.ctx.UserValue("id").(string)
	d, e := decodeBody(c.ctx.PostBody(), true)
	if e != nil {
		c.badRequest(e)
		return
	}
	req := op.ReplyRequest{
		Tone:      d.enum("tone", op.ReplyTones, "friendly"),
		MaxLength: d.integer("max_length", 500, 1, maxReplyLength),
		Context:   d.str("context", maxFreeText),
		Language:  d.enum("language", []string{"ar", "en", "auto"}, "auto"),
	}
	if d.fail != nil {
		c.badRequest(d.fail)
		return
	}
	cm, err := s.ledger.Comment(c.ctx, c.p.Account.ID, cid)
	if errors.Is(err, ledger.ErrNotFound) {
		c.fail(fasthttp.StatusNotFound, errf(typeNotFound, "comment_not_found", "id", "No comment with this id exists for this account."))
		return
	} else if err != nil {
		c.internal(err)
		return
	}
	req.Text, req.Intent, req.Intents, req.Dialect = cm.Text, cm.Intent, cm.Intents, cm.Dialect
	h, ok := c.reserve(priceReply)
	if !ok {
		return
	}
	key := c.cacheKey("reply", cm.Text, strings.Join(cm.Intents, ","), cm.Intent, cm.Dialect, req.Tone, strconv.Itoa(req.MaxLength), req.Context, req.Language)
	res, hit, ok := lookup(c, h, &key, false, func(ctx context.Context) (op.Reply, error) { return s.engine.Reply(ctx, req) })
	if !ok || !settle(c, h, &key, &res, hit, ledger.Records{}) {
		return
	}
	c.provider = res.Usage.Provider
	c.ok(replyJSON{
		CommentID: cm.ID, ReplyText: res.ReplyText, ReplyDialect: nullStr(res.ReplyDialect), Tone: res.Tone,
		OriginalIntent: cm.Intent, OriginalDialect: nullStr(cm.Dialect),
	})
}
