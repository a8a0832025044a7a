// Package op holds the inputs and outputs of the analysis operations. It is the
// contract between httpapi (which validates requests and writes responses), the
// built-in analyzers (engine/builtin) and the model providers (engine/provider).
//
// Values here are already validated: enums hold allowed values, defaults are
// filled in, limits are checked. A null of the public contract is an empty
// string here (Dialect == "" means null) unless stated otherwise.
package op

// Enumerations of SPEC.md, in the order responses list them.
var (
	Intents      = []string{"question", "complaint", "praise", "suggestion", "spam", "other"}
	Sentiments   = []string{"positive", "negative", "neutral", "mixed"}
	Dialects     = []string{"gulf", "egyptian", "levantine", "msa"}
	Toxicities   = []string{"none", "mild", "moderate", "severe"}
	Platforms    = []string{"youtube", "instagram", "twitter", "facebook"}
	Languages    = []string{"ar", "en", "mixed"}
	Priorities   = []string{"low", "medium", "high"}
	Severities   = []string{"none", "low", "medium", "high"}
	Strictnesses = []string{"low", "medium", "high"}
	// ModerationCategories are the keys of Moderation.Categories, in this order.
	ModerationCategories = []string{"profanity", "hate_speech", "harassment", "sexual", "spam", "self_harm", "violence"}
	TranslateTones       = []string{"formal", "casual", "social_media"}
	ReplyTones           = []string{"friendly", "professional", "casual", "formal"}
	ReportSectionsBasic  = []string{"tldr", "executive_summary", "headline_finding", "sentiment", "clusters", "narratives", "comment_types", "top_commenters", "spam_detected", "recommendations", "channel_health"}
	ReportSectionsPro    = []string{"repeat_commenters", "content_brief"}
)

// Number of moderation categories; index i of the arrays below is ModerationCategories[i].
const NumModerationCategories = 7

// In reports whether v is one of set.
func In(v string, set []string) bool {
	for _, s := range set {
		if s == v {
			return true
		}
	}
	return false
}

// Usage says who produced a result. Provider is "llm_a" or "llm_b" (never
// "llm_c"); Model names the model (or built-in engine) that actually answered;
// TokensUsed is input plus output tokens. Degraded: no configured provider
// could answer, the built-in engine did (engine.Config.WhenProvidersDown;
// FallbackUsed is set too).
type Usage struct {
	Provider     string
	Model        string
	FallbackUsed bool
	TokensUsed   int
	Degraded     bool
}

// Detection is the result of local language and dialect detection.
type Detection struct {
	Language          string  // "ar", "en", "mixed"
	Dialect           string  // "" when no Arabic in the text
	DialectConfidence float64 // 0..1; meaningful only when Dialect != ""
	Script            string  // "arabic", "latin", "mixed"
	Direction         string  // "rtl" or "ltr"; mixed Arabic/Latin is "rtl"
	WordCount         int
	// Arabizi: Arabic written in Latin letters (Language "ar" or "mixed",
	// Script "latin", a Dialect); builtin analyzers transliterate it.
	Arabizi bool
}

// Hint is a stored correction from feedback, applied to later classifications
// of the same account.
type Hint struct {
	Text      string   // the corrected comment's original text
	Intent    []string // corrected intents (may be empty: not corrected)
	Sentiment string   // corrected sentiment ("" = not corrected)
}

// ClassifyRequest asks for the classification of one comment.
type ClassifyRequest struct {
	Text     string
	Platform string // "" or a platform value
	Hints    []Hint // the account's recent corrections, newest first (at most 20)
}

// Classification is the result of classify.
type Classification struct {
	Intent            []string // non-empty subset of Intents, no duplicates
	Sentiment         string
	Language          string
	Dialect           string  // "" = null (English)
	DialectConfidence float64 // meaningful only when Dialect != ""
	RequiresResponse  bool
	Priority          string
	ReplyText         string // draft reply in the commenter's language and dialect
	ReplyDirection    string // "rtl" or "ltr"
	Reasoning         string
	Toxicity          string // toxicity enumeration, for the comment store
	// SentimentScores are the built-in engine's sentiment scores
	// (builtin.ScoreNames; nil from any other engine): the account's
	// learned evidence reads them (engine.ApplyEvidence). Never in the API.
	SentimentScores []float64
	Usage           Usage
}

// TranslateRequest asks for a translation. Source is "ar", "en" or "auto";
// Target "ar" or "en"; Dialect the target dialect for Arabic output (default "msa").
type TranslateRequest struct {
	Text     string
	Source   string
	Target   string
	Dialect  string
	Tone     string
	Platform string
}

// Translation is the result of translate.
type Translation struct {
	TranslatedText string
	SourceLanguage string // "ar" or "en"
	TargetLanguage string
	SourceDialect  string // "" = null; set when the source is Arabic
	TargetDialect  string // "" = null; set when the target is Arabic
	Tone           string
	// Untranslated lists the words of TranslatedText still in the source
	// language (the built-in engine's lexical translation leaves words it
	// does not know as written); nil or empty when none is known to be.
	Untranslated []string
	// Partial is true when Untranslated is not empty: the text is not a
	// whole translation.
	Partial bool
	Usage   Usage
}

// ModerateRequest asks for moderation at a strictness ("low", "medium", "high").
type ModerateRequest struct {
	Text       string
	Context    string
	Strictness string
	Platform   string
}

// Span is a byte range [Start, End) of the original text.
type Span struct{ Start, End int }

// Moderation is the result of moderate.
type Moderation struct {
	IsSafe         bool
	Flags          []string // names of triggered categories, in ModerationCategories order; empty when safe
	Severity       string   // Severities
	SeverityScore  float64
	Language       string
	Dialect        string // "" = null
	Categories     [NumModerationCategories]bool
	CategoryScores [NumModerationCategories]float64
	FlaggedTerms   []string // the original substrings found
	Spans          []Span   // where FlaggedTerms stand in the text (sorted, non-overlapping)
	CleanedText    string   // text with each span replaced by "***"; "" when safe (null)
	Toxicity       string   // toxicity enumeration (none/mild/moderate/severe)
	Usage          Usage
}

// RubricCategory is one caller-defined category.
type RubricCategory struct {
	Name        string
	Description string
}

// RubricRequest asks to score Text against the caller's categories.
type RubricRequest struct {
	Text       string
	Categories []RubricCategory // 1..20, names non-empty
	MultiLabel bool
	Threshold  float64 // already clamped to 0..1
}

// RubricScore is one matching category.
type RubricScore struct {
	Name       string  // exactly one of the request's names
	Confidence float64 // 0..1, rounded to two decimals
}

// RubricResult lists matching categories, highest confidence first; at most one
// when MultiLabel is false; none scored below the threshold; never a name
// outside the request.
type RubricResult struct {
	Categories []RubricScore
	Language   string
	Usage      Usage
}

// ReplyRequest asks for a reply to a stored comment.
type ReplyRequest struct {
	Text      string   // the comment replied to
	Intent    string   // its stored intent
	Intents   []string // its stored intents (Intent first), when known: the built-in draft follows them all, as classify's does
	Dialect   string   // its stored dialect ("" for English)
	Tone      string   // ReplyTones
	MaxLength int      // in characters (runes), >= 1
	Context   string
	Language  string // "ar", "en" or "auto" (match the commenter)
}

// Reply is the result of reply.
type Reply struct {
	ReplyText      string // at most MaxLength characters, cut at a word boundary
	ReplyDialect   string // "" = null (English reply)
	Tone           string
	OriginalIntent string
	// OriginalDialect is the comment's detected dialect; "" when the comment is English.
	OriginalDialect string
	Usage           Usage
}

// ReportComment is one supplied comment.
type ReportComment struct {
	Text      string
	Author    string
	Likes     int
	CreatedAt string // ISO 8601 or ""
}

// ReportRequest asks for an intelligence report. Tier is "basic" or "pro".
type ReportRequest struct {
	Comments       []ReportComment // 10..500
	Tier           string
	Title          string
	ChannelContext string
}

// Report is the result of report. Sections has every key of ReportSectionsBasic,
// plus ReportSectionsPro for the pro tier; every percentage in it is tagged
// COUNT, ESTIMATE or UNVERIFIED.
type Report struct {
	Markdown         string
	Sections         map[string]string
	CommentsAnalyzed int
	Usage            Usage
}
