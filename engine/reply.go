package engine

import (
	"context"

	"svc/engine/builtin"
	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/provider/wire"
)

// Reply drafts a reply to a stored comment. It is routed like classify (by
// the comment's detected language, no explicit provider) with the same
// fallback chain.
//
// Reply language: req.Language, or with "auto" the comment's ("ar" for
// Arabic or mixed text). Arabic replies use the comment's dialect (req.Dialect,
// else the detector's, else msa). Checks on model output: non-empty after
// being cut to MaxLength runes at a word boundary. ReplyDialect is that
// dialect when the reply text has Arabic letters, "" (null) otherwise.
func (e *Engine) Reply(ctx context.Context, req op.ReplyRequest) (op.Reply, error) {
	det := dialect.Detect(req.Text)
	lang := req.Language
	if lang != "ar" && lang != "en" {
		lang = "en"
		if det.Dialect != "" {
			lang = "ar"
		}
	}
	origDialect := req.Dialect
	if !op.In(origDialect, op.Dialects) {
		origDialect = det.Dialect
	}
	replyDialect := ""
	if lang == "ar" {
		replyDialect = origDialect
		if replyDialect == "" {
			replyDialect = "msa"
		}
	}
	tone := req.Tone
	if tone == "" {
		tone = "friendly"
	}
	maxLen := req.MaxLength
	if maxLen <= 0 {
		maxLen = 500
	}
	// an Arabizi comment answered in the commenter's language ("auto") is
	// answered in Latin letters, as the built-in draft is
	script := ""
	if det.Arabizi && req.Language != "ar" && req.Language != "en" {
		script = "latin"
	}
	in := wire.ReplyInput{Text: req.Text, Intent: req.Intent, Intents: req.Intents, Script: script, Language: lang, Dialect: replyDialect, Tone: tone, MaxLength: maxLen, Context: req.Context}
	t := task[op.Reply]{
		op: opReply, schemaName: wire.SchemaReply, system: prompts["reply"], schema: schemas["reply"],
		input: in, maxTokens: 100 + maxLen,
		check: func(content string) (op.Reply, error) {
			var out wire.ReplyOutput
			if err := decode(content, &out); err != nil {
				return op.Reply{}, err
			}
			text := cutAtWord(out.ReplyText, maxLen)
			if text == "" {
				return op.Reply{}, unusable("empty reply_text")
			}
			rd := ""
			if hasScript(text, "ar") || script == "latin" && lang == "ar" { // Arabizi: Arabic in Latin letters
				rd = replyDialect
				if rd == "" {
					rd = origDialect
				}
				if rd == "" {
					rd = "msa"
				}
			}
			return op.Reply{ReplyText: text, ReplyDialect: rd, Tone: tone, OriginalIntent: req.Intent, OriginalDialect: origDialect}, nil
		},
		local: func() op.Reply { return builtin.ReplyDetected(req, det) }, // det: not detected again
		usage: func(r *op.Reply) *op.Usage { return &r.Usage },
	}
	return run(ctx, e, e.chain(e.route(det, ""), true), t)
}
