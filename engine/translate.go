package engine

import (
	"context"
	"strings"

	"svc/engine/builtin"
	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/provider/wire"
)

// Translate translates on llm_a only (its fallback model allowed, never
// llm_b). Source "auto" is resolved locally (Arabic letters -> "ar").
//
// Checks on model output: non-empty text. The output's script is not
// verified: names, brands and numbers legitimately stay as they are, and the
// built-in analyzer (which mockllm serves) may leave words untranslated.
// SourceDialect is the detector's (source
// Arabic), TargetDialect the requested one (target Arabic; default msa), Tone
// as requested.
func (e *Engine) Translate(ctx context.Context, req op.TranslateRequest) (op.Translation, error) {
	det := dialect.Detect(req.Text)
	src := req.Source
	if src != "ar" && src != "en" {
		src = "en"
		if det.Dialect != "" {
			src = "ar"
		}
	}
	tone := req.Tone
	if tone == "" {
		tone = "formal"
	}
	tdial := ""
	if req.Target == "ar" {
		tdial = req.Dialect
		if !op.In(tdial, op.Dialects) {
			tdial = "msa"
		}
	}
	in := wire.TranslateInput{Text: req.Text, Source: src, Target: req.Target, Dialect: tdial, Tone: tone, Platform: req.Platform}
	t := task[op.Translation]{
		op: opTranslate, schemaName: wire.SchemaTranslate, system: prompts["translate"], schema: schemas["translate"],
		input: in, maxTokens: 4000,
		check: func(content string) (op.Translation, error) {
			var out wire.TranslateOutput
			if err := decode(content, &out); err != nil {
				return op.Translation{}, err
			}
			text := strings.TrimSpace(out.TranslatedText)
			if text == "" {
				return op.Translation{}, unusable("empty translated_text")
			}
			tr := op.Translation{TranslatedText: text, SourceLanguage: src, TargetLanguage: req.Target, TargetDialect: tdial, Tone: tone}
			if src == "ar" {
				tr.SourceDialect = det.Dialect
			}
			return tr, nil
		},
		local: func() op.Translation { return builtin.TranslateDetected(req, det) }, // det: not detected again
		usage: func(r *op.Translation) *op.Usage { return &r.Usage },
	}
	return run(ctx, e, e.chain(LLMA, false), t)
}
