package engine

import (
	"context"

	"svc/engine/builtin"
	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/provider/wire"
)

// Classify classifies one comment. provider "" routes by detected language;
// otherwise it must satisfy ValidProvider. Fallback: see run.
//
// Checks on model output: intents filtered to the enumeration, deduplicated,
// non-empty; sentiment and priority valid; reply text non-empty (cut to 1000
// runes, reasoning to 2000). Language and dialect come from the local
// detector whenever the model disagrees with it: the detector is
// authoritative for language; for dialect the model's valid answer is kept
// only when the detector is unsure (confidence below 0.5). The reply's
// direction follows its own script (rtl when it has Arabic letters).
// Toxicity always comes from the local lexicon, as the built-in classifier
// computes it. A hint (feedback) whose folded text equals the comment's
// overrides intent and sentiment, as on the built-in path.
func (e *Engine) Classify(ctx context.Context, req op.ClassifyRequest, provider string) (op.Classification, error) {
	if err := checkProvider(provider); err != nil {
		return op.Classification{}, err
	}
	det := dialect.Detect(req.Text)
	in := wire.ClassifyInput{
		Text: req.Text, Platform: req.Platform,
		Detected: wire.Detected{Language: det.Language, Dialect: det.Dialect},
		Examples: e.examples(req.Hints),
	}
	t := task[op.Classification]{
		op: opClassify, schemaName: wire.SchemaClassify, system: prompts["classify"], schema: schemas["classify"],
		input: in, maxTokens: 800,
		check: func(content string) (op.Classification, error) { return checkClassify(content, req, det) },
		local: func() op.Classification { return builtin.ClassifyDetected(req, det) }, // det: not detected again
		usage: func(c *op.Classification) *op.Usage { return &c.Usage },
	}
	return run(ctx, e, e.chain(e.route(det, provider), true), t)
}

func checkClassify(content string, req op.ClassifyRequest, det op.Detection) (op.Classification, error) {
	var out wire.ClassifyOutput
	if err := decode(content, &out); err != nil {
		return op.Classification{}, err
	}
	c := op.Classification{
		Intent:           validSubset(out.Intent, op.Intents),
		Sentiment:        norm(out.Sentiment),
		RequiresResponse: out.RequiresResponse,
		Priority:         norm(out.Priority),
		ReplyText:        cutAtWord(out.ReplyText, maxDraftRunes),
		Reasoning:        cutAtWord(out.Reasoning, maxReasoningRunes),
	}
	switch {
	case len(c.Intent) == 0:
		return c, unusable("no valid intent in %q", out.Intent)
	case !op.In(c.Sentiment, op.Sentiments):
		return c, unusable("sentiment %q", out.Sentiment)
	case !op.In(c.Priority, op.Priorities):
		return c, unusable("priority %q", out.Priority)
	case c.ReplyText == "":
		return c, unusable("empty reply_text")
	}
	c.Language = det.Language
	c.ReplyDirection = "ltr"
	if hasScript(c.ReplyText, "ar") {
		c.ReplyDirection = "rtl"
	}
	var modelDialect string
	var modelConf float64 = -1
	if out.Dialect != nil {
		modelDialect = norm(*out.Dialect)
	}
	if out.DialectConfidence != nil {
		modelConf = *out.DialectConfidence
	}
	c.Dialect, c.DialectConfidence = reconcileDialect(det, modelDialect, modelConf)
	c.Toxicity = builtin.Toxicity(req.Text)
	applyHints(&c, req)
	return c, nil
}

// reconcileDialect keeps the detector's dialect unless the detector is unsure
// (confidence below lowDialectConfidence) and the model named another valid
// dialect. Text the detector gives no dialect (English) has none. When both
// agree the model's confidence (clamped) is reported.
func reconcileDialect(det op.Detection, modelDialect string, modelConf float64) (string, float64) {
	if det.Dialect == "" {
		return "", 0
	}
	if op.In(modelDialect, op.Dialects) && modelDialect != det.Dialect && det.DialectConfidence < lowDialectConfidence {
		if modelConf < 0 {
			modelConf = det.DialectConfidence
		}
		return modelDialect, clamp01(modelConf)
	}
	if modelDialect == det.Dialect && modelConf >= 0 {
		return det.Dialect, clamp01(modelConf)
	}
	return det.Dialect, det.DialectConfidence
}

// Bounds on free text from a model: a draft reply and its reasoning are cut
// (at a word boundary) to these many runes.
const (
	maxDraftRunes     = 1000
	maxReasoningRunes = 2000
)

// lowDialectConfidence: below it the detector's dialect (a calibrated
// probability over four varieties) yields to the model's.
const lowDialectConfidence = 0.5

// applyHints: a correction of the same text (compared folded) overrides the
// model's intent and sentiment, as the built-in path does.
func applyHints(c *op.Classification, req op.ClassifyRequest) {
	key := foldKey(req.Text)
	for _, h := range req.Hints { // newest first: the first match wins
		if foldKey(h.Text) != key {
			continue
		}
		if in := validSubset(h.Intent, op.Intents); len(in) > 0 {
			c.Intent = in
		}
		if op.In(h.Sentiment, op.Sentiments) {
			c.Sentiment = h.Sentiment
		}
		return
	}
}
