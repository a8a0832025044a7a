// Package wire is the JSON the engine sends to a model and expects back, one
// Input/Output pair per operation. It is the contract between the engine's
// prompts and schemas (engine/prompts) and cmd/mockllm, which parses the same
// inputs and answers with the same outputs.
//
// Request shape: the system message is the operation's prompt; the single
// user message is the operation's Input as one JSON document; the
// response_format is json_schema named Schema<Op> ("svc_classify", ...).
// Every prompt also starts with the line "svc-task: <op>".
package wire

// Schema names, one per operation; the json_schema name identifies the operation.
const (
	SchemaClassify  = "svc_classify"
	SchemaRubric    = "svc_rubric"
	SchemaTranslate = "svc_translate"
	SchemaModerate  = "svc_moderate"
	SchemaReply     = "svc_reply"
	SchemaReport    = "svc_report"
)

// Ops maps a task name ("classify") to its schema name.
var Ops = map[string]string{
	"classify": SchemaClassify, "rubric": SchemaRubric, "translate": SchemaTranslate,
	"moderate": SchemaModerate, "reply": SchemaReply, "report": SchemaReport,
}

// Detected is what the local detector found; given to the model as context.
type Detected struct {
	Language string `json:"language"`          // ar, en, mixed
	Dialect  string `json:"dialect,omitempty"` // "" for English
}

// Example is one of the account's past corrections (few-shot).
type Example struct {
	Text      string   `json:"text"`
	Intent    []string `json:"intent,omitempty"`
	Sentiment string   `json:"sentiment,omitempty"`
}

// ClassifyInput is the user message of classify.
type ClassifyInput struct {
	Text     string    `json:"text"`
	Platform string    `json:"platform,omitempty"`
	Detected Detected  `json:"detected"`
	Examples []Example `json:"examples,omitempty"`
}

// ClassifyOutput is the answer of classify.
type ClassifyOutput struct {
	Intent            []string `json:"intent"`
	Sentiment         string   `json:"sentiment"`
	Language          string   `json:"language"`
	Dialect           *string  `json:"dialect"`
	DialectConfidence *float64 `json:"dialect_confidence"`
	RequiresResponse  bool     `json:"requires_response"`
	Priority          string   `json:"priority"`
	ReplyText         string   `json:"reply_text"`
	Reasoning         string   `json:"reasoning"`
}

// RubricCategory is one caller category.
type RubricCategory struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// RubricInput is the user message of rubric classify.
type RubricInput struct {
	Text       string           `json:"text"`
	Categories []RubricCategory `json:"categories"`
	MultiLabel bool             `json:"multi_label"`
	Threshold  float64          `json:"confidence_threshold"`
}

// RubricScore is one scored category.
type RubricScore struct {
	Name       string  `json:"name"`
	Confidence float64 `json:"confidence"`
}

// RubricOutput is the answer of rubric classify.
type RubricOutput struct {
	Categories []RubricScore `json:"categories"`
}

// TranslateInput is the user message of translate. Source is "ar" or "en"
// (resolved locally from "auto"); Dialect is the target dialect when Target is "ar".
type TranslateInput struct {
	Text     string `json:"text"`
	Source   string `json:"source"`
	Target   string `json:"target"`
	Dialect  string `json:"dialect,omitempty"`
	Tone     string `json:"tone"`
	Platform string `json:"platform,omitempty"`
}

// TranslateOutput is the answer of translate.
type TranslateOutput struct {
	TranslatedText string `json:"translated_text"`
}

// ModerateInput is the user message of moderate.
type ModerateInput struct {
	Text       string `json:"text"`
	Context    string `json:"context,omitempty"`
	Strictness string `json:"strictness"`
	Platform   string `json:"platform,omitempty"`
}

// ModerateOutput is the answer of moderate. CategoryScores has one key per
// moderation category.
type ModerateOutput struct {
	Flags          []string           `json:"flags"`
	CategoryScores map[string]float64 `json:"category_scores"`
	FlaggedTerms   []string           `json:"flagged_terms"`
	Severity       string             `json:"severity"`
	SeverityScore  float64            `json:"severity_score"`
}

// ReplyInput is the user message of reply. Language is "ar" or "en"
// (resolved locally from "auto"); Dialect is the reply's dialect when Arabic.
type ReplyInput struct {
	Text      string   `json:"text"`
	Intent    string   `json:"intent"`
	Intents   []string `json:"intents,omitempty"` // every stored intent, Intent first (a question that complains)
	Script    string   `json:"script,omitempty"`  // "latin": answer an Arabizi comment in Latin letters
	Language  string   `json:"language"`
	Dialect   string   `json:"dialect,omitempty"`
	Tone      string   `json:"tone"`
	MaxLength int      `json:"max_length"`
	Context   string   `json:"context,omitempty"`
}

// ReplyOutput is the answer of reply.
type ReplyOutput struct {
	ReplyText string `json:"reply_text"`
}

// ReportComment is one supplied comment.
type ReportComment struct {
	Text      string `json:"text"`
	Author    string `json:"author,omitempty"`
	Likes     int    `json:"likes,omitempty"`
	CreatedAt string `json:"created_at,omitempty"`
}

// ReportInput is the user message of report. Computed holds the sections as
// computed locally (COUNT tables); the model writes narrative around them.
type ReportInput struct {
	Tier           string            `json:"tier"`
	Title          string            `json:"title,omitempty"`
	ChannelContext string            `json:"channel_context,omitempty"`
	Sections       []string          `json:"sections"`
	Computed       map[string]string `json:"computed"`
	Comments       []ReportComment   `json:"comments"`
}

// ReportOutput is the answer of report: narrative Markdown per section key.
type ReportOutput struct {
	Narrative map[string]string `json:"narrative"`
}
