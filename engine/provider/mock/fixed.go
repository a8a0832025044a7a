package mock

import (
	"encoding/json"

	"svc/engine/op"
	"svc/engine/provider/wire"
)

// Precomputed answers of AnswersFixed, encoded once. Each is a valid answer of
// its schema that the engine's checkers accept for any input of the given
// language (the engine takes language and, when sure, dialect from its own
// detector; moderation flags nothing, so no term has to be in the text).

const (
	replyAR = "شكراً لتواصلك معنا، سنراجع طلبك ونرد عليك قريباً."
	replyEN = "Thanks for reaching out! We are looking into it and will get back to you soon."
)

var (
	// classify per detected language and dialect ("ar/gulf", "en/", ...).
	fixedClassify = map[string]answerContent{}
	fixedModerate answerContent
	// translate and reply per language ("ar", anything else is English).
	fixedTranslate = map[string]answerContent{}
	fixedReply     = map[string]answerContent{}
)

func mustContent(v any) answerContent {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return content(string(b))
}

func init() {
	for _, lang := range []string{"ar", "en", "mixed"} {
		for _, d := range append([]string{""}, op.Dialects...) {
			out := wire.ClassifyOutput{
				Intent: []string{"question"}, Sentiment: "neutral", Language: lang,
				RequiresResponse: true, Priority: "medium", ReplyText: replyEN,
				Reasoning: "mockllm: fixed answer",
			}
			if lang != "en" {
				out.ReplyText = replyAR
			}
			if d != "" {
				conf := 0.8
				out.Dialect, out.DialectConfidence = &d, &conf
			}
			fixedClassify[lang+"/"+d] = mustContent(out)
		}
	}
	m := wire.ModerateOutput{Flags: []string{}, CategoryScores: map[string]float64{}, FlaggedTerms: []string{}, Severity: "none"}
	for _, c := range op.ModerationCategories {
		m.CategoryScores[c] = 0
	}
	fixedModerate = mustContent(m)
	fixedTranslate["ar"] = mustContent(wire.TranslateOutput{TranslatedText: "شكراً على المشاهدة! نتمنى لك يوماً سعيداً."})
	fixedTranslate["en"] = mustContent(wire.TranslateOutput{TranslatedText: "Thanks for watching! Have a nice day."})
	fixedReply["ar"] = mustContent(wire.ReplyOutput{ReplyText: replyAR})
	fixedReply["en"] = mustContent(wire.ReplyOutput{ReplyText: replyEN})
}

// fixedAnswer is the AnswersFixed answer of task: precomputed where the
// answer does not depend on the input, computed (rubric, report, a generic
// chat) where it names the caller's categories or sections.
func fixedAnswer(task, input string) (answerContent, error) {
	switch task {
	case "classify":
		var in struct {
			Detected wire.Detected `json:"detected"`
		}
		if err := sonicAPI.UnmarshalFromString(input, &in); err != nil {
			return answerContent{}, badInput(task, err)
		}
		if c, ok := fixedClassify[in.Detected.Language+"/"+in.Detected.Dialect]; ok {
			return c, nil
		}
		return fixedClassify["en/"], nil
	case "moderate":
		var in struct {
			Text string `json:"text"`
		}
		if err := sonicAPI.UnmarshalFromString(input, &in); err != nil {
			return answerContent{}, badInput(task, err)
		}
		return fixedModerate, nil
	case "translate", "reply":
		var in struct {
			Target   string `json:"target"`
			Language string `json:"language"`
		}
		if err := sonicAPI.UnmarshalFromString(input, &in); err != nil {
			return answerContent{}, badInput(task, err)
		}
		if task == "translate" {
			if in.Target == "ar" {
				return fixedTranslate["ar"], nil
			}
			return fixedTranslate["en"], nil
		}
		if in.Language == "ar" {
			return fixedReply["ar"], nil
		}
		return fixedReply["en"], nil
	}
	out, err := answer(task, input, false)
	if err != nil {
		return answerContent{}, err
	}
	return content(out), nil
}
