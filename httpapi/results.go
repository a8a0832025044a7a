package httpapi

import (
	"time"

	"svc/engine/op"
)

// The JSON shapes of SPEC.md's resources. Nullable fields are pointers.

type suggestedReply struct {
	Text      string `json:"text"`
	Direction string `json:"direction"`
}

type classificationJSON struct {
	ID                string         `json:"id"`
	Object            string         `json:"object"`
	Intent            []string       `json:"intent"`
	Sentiment         string         `json:"sentiment"`
	Language          string         `json:"language"`
	Dialect           *string        `json:"dialect"`
	DialectConfidence *float64       `json:"dialect_confidence"`
	RequiresResponse  bool           `json:"requires_response"`
	Priority          string         `json:"priority"`
	SuggestedReply    suggestedReply `json:"suggested_reply"`
	Reasoning         string         `json:"reasoning"`
	Provider          string         `json:"provider"`
	Model             string         `json:"model"`
	FallbackUsed      bool           `json:"fallback_used"`
	TokensUsed        int            `json:"tokens_used"`
	Cached            bool           `json:"cached"`
	CostUSD           float64        `json:"cost_usd"`
	CreditsUsed       int64          `json:"credits_used"`
}

func classificationOut(rid string, r *op.Classification, cached bool) classificationJSON {
	return classificationJSON{
		ID: rid, Object: "classification", Intent: r.Intent, Sentiment: r.Sentiment,
		Language: r.Language, Dialect: nullStr(r.Dialect), DialectConfidence: nullConf(r.Dialect, r.DialectConfidence),
		RequiresResponse: r.RequiresResponse, Priority: r.Priority,
		SuggestedReply: suggestedReply{Text: r.ReplyText, Direction: r.ReplyDirection},
		Reasoning:      r.Reasoning, Provider: r.Usage.Provider, Model: r.Usage.Model,
		FallbackUsed: r.Usage.FallbackUsed, TokensUsed: r.Usage.TokensUsed, Cached: cached,
		CostUSD: usdf(priceClassify), CreditsUsed: priceClassify,
	}
}

type translationJSON struct {
	ID             string  `json:"id"`
	Object         string  `json:"object"`
	Text           string  `json:"text"`
	TranslatedText string  `json:"translated_text"`
	SourceLanguage string  `json:"source_language"`
	TargetLanguage string  `json:"target_language"`
	SourceDialect  *string `json:"source_dialect"`
	TargetDialect  *string `json:"target_dialect"`
	Tone           string  `json:"tone"`
	// Partial and Untranslated (an extension of SPEC): words left in the
	// source language (docs/translation.md).
	Partial      bool     `json:"partial"`
	Untranslated []string `json:"untranslated"`
	Model        string   `json:"model"`
	Provider     string   `json:"provider"`
	FallbackUsed bool     `json:"fallback_used"`
	Cached       bool     `json:"cached"`
	CostUSD      float64  `json:"cost_usd"`
	CreditsUsed  int64    `json:"credits_used"`
}

type detectionJSON struct {
	ID                string   `json:"id"`
	Object            string   `json:"object"`
	Text              string   `json:"text"`
	Language          string   `json:"language"`
	Dialect           *string  `json:"dialect"`
	DialectConfidence *float64 `json:"dialect_confidence"`
	Script            string   `json:"script"`
	TextDirection     string   `json:"text_direction"`
	WordCount         int      `json:"word_count"`
	FallbackUsed      bool     `json:"fallback_used"`
	Cached            bool     `json:"cached"`
	CostUSD           float64  `json:"cost_usd"`
	CreditsUsed       int64    `json:"credits_used"`
}

type moderationJSON struct {
	ID             string             `json:"id"`
	Object         string             `json:"object"`
	Text           string             `json:"text"`
	IsSafe         bool               `json:"is_safe"`
	Verdict        string             `json:"verdict"`
	Flags          []string           `json:"flags"`
	Severity       string             `json:"severity"`
	SeverityScore  float64            `json:"severity_score"`
	Language       string             `json:"language"`
	Dialect        *string            `json:"dialect"`
	Categories     map[string]bool    `json:"categories"`
	CategoryScores map[string]float64 `json:"category_scores"`
	FlaggedTerms   []string           `json:"flagged_terms"`
	CleanedText    *string            `json:"cleaned_text"`
	Model          string             `json:"model"`
	Provider       string             `json:"provider"`
	FallbackUsed   bool               `json:"fallback_used"`
	Cached         bool               `json:"cached"`
	CostUSD        float64            `json:"cost_usd"`
	CreditsUsed    int64              `json:"credits_used"`
}

func moderationOut(rid, text string, m *op.Moderation, cached bool) moderationJSON {
	out := moderationJSON{
		ID: rid, Object: "moderation", Text: text, IsSafe: m.IsSafe, Verdict: "flagged",
		Flags: nonNil(m.Flags), Severity: m.Severity, SeverityScore: m.SeverityScore,
		Language: m.Language, Dialect: nullStr(m.Dialect),
		Categories:     make(map[string]bool, op.NumModerationCategories),
		CategoryScores: make(map[string]float64, op.NumModerationCategories),
		FlaggedTerms:   nonNil(m.FlaggedTerms), Model: m.Usage.Model, Provider: m.Usage.Provider,
		FallbackUsed: m.Usage.FallbackUsed, Cached: cached, CostUSD: usdf(priceModerate), CreditsUsed: priceModerate,
	}
	if m.IsSafe {
		out.Verdict = "safe"
	} else {
		out.CleanedText = strp(m.CleanedText)
	}
	for i, name := range op.ModerationCategories {
		out.Categories[name] = m.Categories[i]
		out.CategoryScores[name] = m.CategoryScores[i]
	}
	return out
}

type rubricCategoryJSON struct {
	Name       string  `json:"name"`
	Confidence float64 `json:"confidence"`
}

type rubricJSON struct {
	ID           string               `json:"id"`
	Object       string               `json:"object"`
	Categories   []rubricCategoryJSON `json:"categories"`
	MultiLabel   bool                 `json:"multi_label"`
	Language     string               `json:"language"`
	Provider     string               `json:"provider"`
	Model        string               `json:"model"`
	FallbackUsed bool                 `json:"fallback_used"`
	TokensUsed   int                  `json:"tokens_used"`
	CostUSD      float64              `json:"cost_usd"`
	CreditsUsed  int64                `json:"credits_used"`
}

type replyJSON struct {
	CommentID       string  `json:"comment_id"`
	ReplyText       string  `json:"reply_text"`
	ReplyDialect    *string `json:"reply_dialect"`
	Tone            string  `json:"tone"`
	OriginalIntent  string  `json:"original_intent"`
	OriginalDialect *string `json:"original_dialect"`
}

type reportJSON struct {
	ID               string            `json:"id"`
	Object           string            `json:"object"`
	Tier             string            `json:"tier"`
	ReportMarkdown   string            `json:"report_markdown"`
	Sections         map[string]string `json:"sections"`
	CommentsAnalyzed int               `json:"comments_analyzed"`
	CostUSD          float64           `json:"cost_usd"`
	CreditsUsed      int64             `json:"credits_used"`
}

type feedbackJSON struct {
	ID               string `json:"id"`
	Object           string `json:"object"`
	ClassificationID string `json:"classification_id"`
	Rating           string `json:"rating"`
	Acknowledged     bool   `json:"acknowledged"`
}

type commentJSON struct {
	ID        string  `json:"id"`
	Text      string  `json:"text"`
	Platform  *string `json:"platform"`
	Intent    string  `json:"intent"`
	Sentiment string  `json:"sentiment"`
	Dialect   *string `json:"dialect"`
	Toxicity  string  `json:"toxicity"`
	CreatedAt string  `json:"created_at"`
	ChannelID *string `json:"channel_id"`
}

func nullStr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func nullConf(dialect string, c float64) *float64 {
	if dialect == "" {
		return nil
	}
	c = round2(c)
	return &c
}

func round2(f float64) float64 {
	if f < 0 {
		return 0
	}
	if f > 1 {
		return 1
	}
	return float64(int64(f*100+0.5)) / 100
}

func nonNil(xs []string) []string {
	if xs == nil {
		return []string{}
	}
	return xs
}

func ts(t time.Time) string { return t.UTC().Format(time.RFC3339) }

type endpointUsageJSON struct {
	Endpoint     string  `json:"endpoint"`
	Requests     int     `json:"requests"`
	Cost         float64 `json:"cost"`
	CacheHits    int     `json:"cache_hits"`
	AvgLatencyMs float64 `json:"avg_latency_ms"`
}

type usageBucketJSON struct {
	Key       string  `json:"key"`
	Requests  int     `json:"requests"`
	Cost      float64 `json:"cost"`
	CacheHits int     `json:"cache_hits"`
}
