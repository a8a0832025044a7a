package builtin

import (
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"svc/engine/op"
)

// Intent cues (data/intent.tsv): phrases with a weight per intent. A weight of
// 1 is decisive alone; weaker cues add up.
type intentCue struct {
	intent    string
	idx       int // index in op.Intents
	weight    float64
	sentStart bool // only counts as the first word of a sentence
}

var (
	intentCues []intentCue
	intentM    *matcher // cues that count anywhere
	intentS    *matcher // cues that count only as the first word of a sentence
	spamCues   []float64
	spamM      *matcher
)

func init() {
	intentM, intentS = newMatcher(), newMatcher()
	for _, f := range tsvRows("intent.tsv") {
		if len(f) < 3 {
			continue
		}
		flags := ""
		if len(f) > 3 {
			flags = f[3]
		}
		ix := -1
		for k, name := range op.Intents {
			if name == f[1] {
				ix = k
			}
		}
		if ix < 0 {
			panic("builtin: intent.tsv: unknown intent " + f[1])
		}
		intentCues = append(intentCues, intentCue{intent: f[1], idx: ix, weight: atof(f[2], 0.5), sentStart: strings.Contains(flags, "s")})
		if strings.Contains(flags, "s") {
			intentS.add(f[0], len(intentCues)-1, true)
		} else {
			intentM.add(f[0], len(intentCues)-1, strings.Contains(flags, "x"))
		}
	}
	spamM = newMatcher()
	for _, f := range tsvRows("spam.tsv") {
		if len(f) >= 2 {
			spamCues = append(spamCues, atof(f[1], 0.5))
			spamM.add(f[0], len(spamCues)-1, len(f) > 2 && strings.Contains(f[2], "x"))
		}
	}
}

// spamResult is the spam evidence of a text: a 0..1 score, the spans of links
// and contact details (masked by moderation) and a list of reasons.
type spamResult struct {
	score   float64
	spans   []op.Span
	reasons []string
	links   int // reURL matches
}

var (
	reURL     = regexp.MustCompile(`(?i)\b(?:https?://|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|ly|be|me|io|co|tk|info|biz|xyz|gl|link|site|online|store|shop)(?:/\S*)?\b`)
	rePhone   = regexp.MustCompile(`(?:\+|00)?[0-9٠-٩][0-9٠-٩ \-]{7,}[0-9٠-٩]`)
	reEmail   = regexp.MustCompile(`(?i)\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b`)
	reYouTube = regexp.MustCompile(`(?i)youtu\.be/|youtube\.com/watch|//t\.co/|twitter\.com/|instagram\.com/p/`)
	reMoney   = regexp.MustCompile(`\$\s?\d|\d\s?\$|\d+\s?(?:usd|dollars|ريال|دولار|جنيه)`)
)

// detectSpam scores promotional and bait signals: links, phone numbers,
// e-mail addresses, self-promotion phrases ("check out my channel",
// "subscribe", "تابعوني", "اشتركوا في قناتي"), money offers and repeated text.
func detectSpam(text string, toks []token) spamResult {
	var s spamResult
	x := 0.0
	hasDot := strings.ContainsAny(text, ".:")
	hasAt := strings.IndexByte(text, '@') >= 0
	digits := 0
	for _, r := range text {
		if r >= '0' && r <= '9' || r >= '٠' && r <= '٩' {
			digits++
		}
	}
	var urls, emails, phones [][]int
	if hasDot {
		urls = reURL.FindAllStringIndex(text, -1)
	}
	if hasAt && hasDot {
		emails = reEmail.FindAllStringIndex(text, -1)
	}
	if digits >= 8 {
		phones = rePhone.FindAllStringIndex(text, -1)
	}
	s.links = len(urls)
	for _, loc := range urls {
		s.spans = append(s.spans, op.Span{Start: loc[0], End: loc[1]})
		if reYouTube.MatchString(text[loc[0]:loc[1]]) {
			x += 0.35 // sharing a video, or a platform's own media link, is common in clean comments
		} else {
			x += 0.7
		}
		s.reasons = append(s.reasons, "link")
	}
	for _, loc := range emails {
		s.spans = append(s.spans, op.Span{Start: loc[0], End: loc[1]})
		x += 1.0
		s.reasons = append(s.reasons, "e-mail address")
	}
	for _, loc := range phones {
		digits := 0
		for _, r := range text[loc[0]:loc[1]] {
			if r >= '0' && r <= '9' || r >= '٠' && r <= '٩' {
				digits++
			}
		}
		if digits >= 8 {
			s.spans = append(s.spans, op.Span{Start: loc[0], End: loc[1]})
			x += 1.2
			s.reasons = append(s.reasons, "phone number")
		}
	}
	if digits > 0 && reMoney.MatchString(strings.ToLower(text)) {
		x += 0.4
		s.reasons = append(s.reasons, "money")
	}
	for _, h := range spamM.find(toks) {
		x += spamCues[h.id]
		s.reasons = append(s.reasons, "promo phrase \""+text[toks[h.ti].start:toks[h.tj-1].end]+"\"")
	}
	// repeated text: the same word many times
	if len(toks) >= 6 && repeatedWord(toks) {
		x += 0.5
		s.reasons = append(s.reasons, "repeated text")
	}
	s.score = 1 - math.Exp(-x)
	s.spans = MergeSpans(s.spans)
	return s
}

// repeatedWord reports a word of three or more letters that fills at least
// 40% of the tokens, five times or more. Such a word is more frequent than a
// third of the longer words, so the two-counter Misra-Gries pass finds it
// among its candidates without a map; the candidates are then counted.
func repeatedWord(toks []token) bool {
	var cand [2]string
	var cnt [2]int
	long := func(k string) bool { return utf8.RuneCountInString(k) > 2 }
	for i := range toks {
		k := toks[i].key
		if !long(k) {
			continue
		}
		switch {
		case cnt[0] > 0 && cand[0] == k:
			cnt[0]++
		case cnt[1] > 0 && cand[1] == k:
			cnt[1]++
		case cnt[0] == 0:
			cand[0], cnt[0] = k, 1
		case cnt[1] == 0:
			cand[1], cnt[1] = k, 1
		default:
			cnt[0]--
			cnt[1]--
		}
	}
	for c := range cand {
		if cnt[c] == 0 {
			continue
		}
		n := 0
		for i := range toks {
			if toks[i].key == cand[c] {
				n++
			}
		}
		if n >= 5 && float64(n) >= 0.4*float64(len(toks)) {
			return true
		}
	}
	return false
}

// Indexes of op.Intents in intent evidence arrays.
const (
	iQuestion = iota
	iComplaint
	iPraise
	iSuggestion
	iSpam
	iOther
	numIntents
)

// intentEv is the evidence per intent (indexed like op.Intents): cue holds
// what the cue phrases of data/intent.tsv alone give, v the total with
// punctuation, addressing and sentiment support.
type intentEv struct {
	v, cue [numIntents]float64
	why    bool // a "why" interrogative (why, ليه, ليش, لماذا) opens a sentence
}

// intentScores sums the cues of each intent, adds question marks, sentence
// initial interrogatives and sentiment, and returns per-intent evidence.
func intentScores(text string, toks []token, sent sentScore, spam spamResult) intentEv {
	var ev intentEv
	sc := &ev.v
	var hitsBuf [16]hit
	for _, h := range intentM.appendFind(hitsBuf[:0], toks) {
		c := intentCues[h.id]
		sc[c.idx] += c.weight
	}
	for _, h := range intentS.appendFind(hitsBuf[:0], toks) {
		if c := intentCues[h.id]; sentenceStart(text, toks, h.ti) {
			sc[c.idx] += c.weight
		}
	}
	// a sentence-initial "why" (see pickIntents)
	for i := range toks {
		if whyWords[toks[i].key] && sentenceStart(text, toks, i) {
			ev.why = true
			break
		}
	}
	ev.cue = ev.v
	// a comment addressed to an account (@brand ...) with negative content reads as a complaint
	if t := strings.TrimLeft(text, ". "); strings.HasPrefix(t, "@") {
		if sent.compound <= -0.05 || sc[iComplaint] >= 0.4 {
			sc[iComplaint] += 0.5
		}
		// "why ...?" and "my ..." addressed to an account are usually a grievance
		for _, tk := range toks {
			if whyWords[tk.key] {
				sc[iComplaint] += 0.4
				break
			}
		}
		for _, tk := range toks {
			if tk.key == "my" {
				sc[iComplaint] += 0.2
				break
			}
		}
		// a negated statement addressed to a brand ("@x my card will not
		// work", "still no refund") reports a failure
		for _, tk := range toks {
			if negators[tk.key] {
				sc[iComplaint] += addressedNeg
				break
			}
		}
	}
	// a message to a customer-care account (@XSupport, @X_Help, @XCares)
	// is most often a report of a problem
	if spam.score < 0.5 && strings.IndexByte(text, '@') >= 0 && reCareHandle.MatchString(text) {
		sc[iComplaint] += careHandle
	}
	if strings.ContainsAny(text, "?؟") {
		sc[iQuestion] += 1
	}
	// sentiment supports complaint and praise
	if sent.compound <= -0.3 {
		sc[iComplaint] += 0.3 + 0.4*math.Min(1, -sent.compound)
	} else if sent.compound >= 0.3 {
		sc[iPraise] += 0.3 + 0.4*math.Min(1, sent.compound)
	}
	if sc[iComplaint] > 0 && sent.compound > 0.5 && ev.cue[iComplaint] < 1 {
		sc[iComplaint] -= 0.5
	}
	if sc[iPraise] > 0 && sent.compound < -0.3 {
		sc[iPraise] -= 0.6
	}
	sc[iSpam] = spam.score * 1.2
	return ev
}

// whyWords open a "why" question; with complaint evidence it is a grievance.
var whyWords = map[string]bool{"why": true, "ليه": true, "ليش": true, "لماذا": true, "لمذا": true, "ليييه": true, "لويش": true}

// sentenceStart reports a token that opens a sentence: the first token, a
// token after . ! ? ؟ : ; or a newline, or the token after an @mention that
// opens the text.
func sentenceStart(text string, toks []token, i int) bool {
	if i == 0 {
		return true
	}
	if strings.ContainsAny(text[toks[i-1].end:toks[i].start], ".!?؟\n:;") {
		return true
	}
	return i == 1 && strings.HasPrefix(strings.TrimSpace(text[:toks[0].end]), "@")
}

// intentThreshold is the evidence an intent needs to be reported.
// addressedNeg is the complaint weight of a negator in an @-addressed text.
var addressedNeg = 0.3

// careHandle is the complaint weight of a customer-care handle.
var careHandle = 0.4

var reCareHandle = regexp.MustCompile(`(?i)@\w*(?:support|help|care|cares|service|services|svc|assist|helpdesk|_cs)\b`)

var intentThreshold = [numIntents]float64{iQuestion: 1, iComplaint: 0.6, iPraise: 0.9, iSuggestion: 0.8}

// intentContext is what pickIntents knows beside the evidence: the
// toxicity of the text (abuse alone is no complaint) and its sentiment.
type intentContext struct {
	abusive      bool // an insult, profanity or hate at moderate or worse
	contrast     bool // a contrast word (but, بس, لكن) joins positive and negative evidence
	questionMark bool // the text has ? or ؟
}

// pickIntents turns evidence into a non-empty, duplicate-free, ordered list
// of intent labels: every intent whose evidence reaches its threshold, spam
// alone when the comment is spam, "other" when nothing qualifies. Rules on
// top of the thresholds:
//   - abuse without a complaint cue is not a complaint (an insult is
//     answered calmly or not at all, never as a grievance);
//   - a "why" question that carries complaint cues is a grievance, not a
//     question to answer;
//   - praise next to a strong complaint cue without a contrast word is
//     irony ("great, another update that broke everything");
//   - a question reported with a suggestion only through weak cues
//     ("the next episode ... when?") stays a question.
func pickIntents(ev *intentEv, ctx intentContext) []string {
	sc := ev.v
	if sc[iSpam] >= 0.6 {
		// a strong complaint or question with a weak spam signal (say a
		// screenshot link) stays what it is
		strong := sc[iComplaint] >= 1.2 || sc[iQuestion] >= 1.5
		if !strong || sc[iSpam] >= 0.9 {
			return []string{"spam"}
		}
	}
	if ctx.abusive && ev.cue[iComplaint] < 1 {
		sc[iComplaint] = 0
		sc[iPraise] = 0
		if !ctx.questionMark {
			sc[iQuestion] = 0 // "يا حمار وش هالكلام": rhetorical
		}
	}
	if ev.why && ev.cue[iComplaint] >= 0.6 {
		sc[iQuestion] = 0
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
	}
	if ev.cue[iComplaint] >= 0.8 && !ctx.contrast {
		sc[iPraise] = 0
	}
	// a complaint or a suggestion with a weak suggestion or praise cue
	// beside it ("support never answers", "would be nice if") is only that
	if ev.cue[iComplaint] >= 1 && ev.cue[iSuggestion] < 1 {
		sc[iSuggestion] = 0
	}
	if sc[iSuggestion] >= intentThreshold[iSuggestion] && ev.cue[iPraise] < 0.9 {
		sc[iPraise] = 0
	}
	if sc[iQuestion] >= intentThreshold[iQuestion] && ev.cue[iSuggestion] < 1.5 && sc[iSuggestion] < sc[iQuestion] {
		sc[iSuggestion] = 0
	}
	var idx [numIntents]int
	n := 0
	for k := iQuestion; k <= iSuggestion; k++ {
		if sc[k] >= intentThreshold[k] {
			idx[n] = k
			n++
		}
	}
	// order by evidence, strongest first (insertion sort: at most four)
	for i := 1; i < n; i++ {
		for j := i; j > 0 && sc[idx[j]] > sc[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	if n == 0 {
		return []string{"other"}
	}
	out := make([]string, n)
	for i := 0; i < n; i++ {
		out[i] = op.Intents[idx[i]]
	}
	return out
}
