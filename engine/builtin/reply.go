package builtin

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Reply templates (data/reply_templates.tsv, project-written): one per
// variety (english, gulf, egyptian, levantine, msa) x register (informal,
// formal) x intent.
var replyTemplates = map[string]string{}

func init() {
	for _, f := range tsvRows("reply_templates.tsv") {
		if len(f) >= 4 {
			replyTemplates[f[0]+"|"+f[1]+"|"+f[2]] = f[3]
		}
	}
}

// friendlyKind maps a friendly (informal) template's text back to its kind,
// so that a draft made in one variety can be made again in another
// (redraftIn).
var friendlyKind = map[string]string{}

// friendlyArabizi holds dialect.ToArabizi of every friendly template: an
// Arabizi comment's draft (classifyArabizi) is one of them, spelled in
// Arabizi once at start-up rather than on every call.
var friendlyArabizi = map[string]string{}

func init() {
	for k, t := range replyTemplates {
		if f := strings.SplitN(k, "|", 3); len(f) == 3 && f[1] == "informal" {
			friendlyKind[t] = f[2]
			friendlyArabizi[t] = dialect.ToArabizi(t)
		}
	}
}

// toArabiziReply is dialect.ToArabizi of a reply draft, read from
// friendlyArabizi when the draft is a friendly template.
func toArabiziReply(text string) string {
	if s, ok := friendlyArabizi[text]; ok {
		return s
	}
	return dialect.ToArabizi(text)
}

// redraftIn is the friendly draft text (a template of draftReply's, tone
// friendly) written again in variety; text itself when it is no such
// draft or variety is not one of the templates'.
func redraftIn(text, variety string) string {
	kind, ok := friendlyKind[text]
	if _, known := casualOpener[variety]; !ok || !known {
		return text
	}
	return draftReply(kind, variety, "friendly")
}

// Tone openers and closers layered on the register templates.
var (
	casualOpener = map[string]string{"english": "Hey! ", "gulf": "هلا! ", "egyptian": "أهلاً! ", "levantine": "أهلين! ", "msa": "مرحباً! "}
	formalCloser = map[string]string{"english": " Kind regards.", "gulf": " مع خالص التحية.", "egyptian": " مع خالص التحية.", "levantine": " مع خالص التحية.", "msa": " مع خالص التحية والتقدير."}
)

// draftReply returns the template reply of a kind (an intent label, "abuse"
// or "negative": see replyKind) in a variety ("english" or an Arabic dialect)
// and tone.
func draftReply(intent, variety, tone string) string {
	if !op.In(intent, op.Intents) && intent != "abuse" && intent != "negative" {
		intent = "other"
	}
	if _, ok := casualOpener[variety]; !ok {
		variety = "msa"
	}
	register := "informal"
	if tone == "professional" || tone == "formal" {
		register = "formal"
	}
	t := replyTemplates[variety+"|"+register+"|"+intent]
	switch tone {
	case "casual":
		t = casualOpener[variety] + t
	case "formal":
		t += formalCloser[variety]
	}
	return t
}

// dialectOf is d, the detection of the comment, or that of its Arabic
// reading when read (the analysis needs the reading's language).
func dialectOf(text string, d op.Detection, read bool) op.Detection {
	if read {
		return dialect.Detect(text)
	}
	return d
}

// cutReply cuts a draft to at most max runes: after its last whole
// sentence that fits when that keeps at least a quarter of max ("Great
// question!" rather than "... and get back to"), else at a word boundary
// (truncateRunes).
func cutReply(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	rs := []rune(s)
	for i := max - 1; i+1 >= max/4 && i > 0; i-- {
		if strings.ContainsRune(".!?؟", rs[i]) && (i+1 == len(rs) || unicode.IsSpace(rs[i+1])) {
			return string(rs[:i+1])
		}
	}
	return truncateRunes(s, max)
}

// truncateRunes cuts s to at most max runes, at a word boundary when the cut
// falls inside a word (a single over-long word is cut hard). Trailing spaces
// and dangling punctuation separators are trimmed.
func truncateRunes(s string, max int) string {
	if max <= 0 {
		return ""
	}
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	rs := []rune(s)
	cut := max
	// the cut is at a boundary if the next rune is a space
	if !unicode.IsSpace(rs[cut]) {
		i := cut
		for i > 0 && !unicode.IsSpace(rs[i-1]) {
			i--
		}
		if i > 0 {
			cut = i
		}
	}
	return strings.TrimRightFunc(string(rs[:cut]), func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '،' })
}

// Reply drafts a reply to a comment.
//
// Contract: the reply matches the comment's language when Language is "auto"
// (Arabic in the comment's dialect, else English), or the requested language
// ("ar" uses the stored dialect, else the detected one, msa when none);
// ReplyDialect is "" for English replies; OriginalDialect is the comment's
// stored dialect, else its detected one ("" for English); ReplyText has at most MaxLength runes and is cut
// after its last whole sentence that fits (when that keeps a quarter of MaxLength), else
// at a word boundary; Tone echoes the request (default friendly). The draft
// follows the comment's intent (the request's, else the detected one), its
// sentiment and its toxicity (see replyKind): an insult is never thanked.
func Reply(req op.ReplyRequest) op.Reply { return ReplyDetected(req, dialect.Detect(req.Text)) }

// ReplyDetected is Reply for a caller that has already detected the text: d
// must be dialect.Detect(req.Text); the text is not detected again.
func ReplyDetected(req op.ReplyRequest, d op.Detection) op.Reply {
	// an Arabizi comment is analysed as its Arabic reading and, unless a
	// language is asked for, answered in Latin letters as classify's draft
	// is (an Arabizi writer reads Latin script)
	text, arabizi := req.Text, false
	if x, _, ok := arabiziReadingDetected(req.Text, &d); ok {
		text = x.Text
		arabizi = req.Language != "ar" && req.Language != "en"
	}
	ta := analyseTextBuf(text, dialectOf(text, d, text != req.Text), nil)
	tone := req.Tone
	if !op.In(tone, op.ReplyTones) {
		tone = "friendly"
	}
	intent := req.Intent
	intents := []string{intent}
	if len(req.Intents) > 0 && req.Intents[0] == intent {
		// every stored intent, as classify drafted from ("where is my
		// refund? it's been a month": a question and a complaint, answered
		// as the complaint, never "great question")
		intents = cleanIntents(req.Intents)
	}
	if !op.In(intent, op.Intents) {
		intent, intents = ta.intents[0], ta.intents
	}
	kind := replyKind(intents, ta.label, insulting(&ta.tx, intents))
	// the comment's dialect: the stored one (classify's answer, or the
	// account's correction by feedback) over the detector's, as the
	// providers' path does (engine.Reply): the reply is in the dialect the
	// comment is reported in, never another one
	orig := d.Dialect
	if op.In(req.Dialect, op.Dialects) {
		orig = req.Dialect
	}
	lang := req.Language
	if lang != "ar" && lang != "en" {
		lang = "en"
		if orig != "" {
			lang = "ar"
		}
	}
	r := op.Reply{Tone: tone, OriginalIntent: intent, OriginalDialect: orig}
	variety := "english"
	if lang == "ar" {
		r.ReplyDialect = orig
		if !op.In(r.ReplyDialect, op.Dialects) {
			r.ReplyDialect = "msa"
		}
		variety = r.ReplyDialect
	}
	max := req.MaxLength
	if max <= 0 {
		max = 500
	}
	draft := draftReply(kind, variety, tone)
	if arabizi && lang == "ar" {
		draft = toArabiziReply(draft)
	}
	r.ReplyText = cutReply(draft, max)
	r.Usage = op.Usage{Model: Model, TokensUsed: tokens(req.Text, req.Context, r.ReplyText)}
	return r
}
