package httpapi

import (
	"context"

	"github.com/valyala/fasthttp"

	"svc/engine/op"
	"svc/id"
	"svc/ledger"
)

// translate: POST /v1/translate. Body text (required, <= 5,000 characters),
// source (ar, en, auto), target (required: ar or en), dialect, tone, platform,
// metadata (an object of at most 50 keys, accepted and not interpreted).
func (s *Server) translate(c *call) {
	d, e := decodeBody(c.ctx.PostBody(), false)
	if e != nil {
		c.badRequest(e)
		return
	}
	req := op.TranslateRequest{Text: d.text("text", maxText)}
	req.Source = d.enum("source", []string{"ar", "en", "auto"}, "auto")
	if _, ok := d.get("target"); !ok {
		d.missing("target")
	}
	req.Target = d.enum("target", []string{"ar", "en"}, "")
	req.Dialect = d.enum("dialect", op.Dialects, "msa")
	req.Tone = d.enum("tone", op.TranslateTones, "formal")
	req.Platform = d.enum("platform", op.Platforms, "")
	if m := d.object("metadata"); len(m) > maxMetadata {
		d.invalid("metadata", "The field 'metadata' has more than 50 keys.")
	}
	if d.fail != nil {
		c.badRequest(d.fail)
		return
	}
	if req.Source == "en" && req.Target == "en" {
		c.fail(fasthttp.StatusBadRequest, errf(typeInvalidRequest, "invalid_value", "target", "Source and target are both English; only Arabic supports same-language (dialect) conversion."))
		return
	}
	h, ok := c.reserve(priceTranslate)
	if !ok {
		return
	}
	key := c.cacheKey("translate", req.Text, req.Source, req.Target, req.Dialect, req.Tone, req.Platform)
	res, hit, ok := lookup(c, h, &key, false, func(ctx context.Context) (op.Translation, error) { return s.engine.Translate(ctx, req) })
	if !ok || !settle(c, h, &key, &res, hit, ledger.Records{}) {
		return
	}
	c.provider = res.Usage.Provider
	c.ok(translationJSON{
		ID: id.New("trn", s.clock.Now()), Object: "translation", Text: req.Text, TranslatedText: res.TranslatedText,
		SourceLanguage: res.SourceLanguage, TargetLanguage: res.TargetLanguage,
		SourceDialect: nullStr(res.SourceDialect), TargetDialect: nullStr(res.TargetDialect), Tone: res.Tone,
		Partial: len(res.Untranslated) > 0, Untranslated: nonNil(res.Untranslated),
		Model: res.Usage.Model, Provider: res.Usage.Provider, FallbackUsed: res.Usage.FallbackUsed, Cached: hit,
		CostUSD: usdf(priceTranslate), CreditsUsed: priceTranslate,
	})
}
