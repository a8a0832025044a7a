package builtin

import (
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"svc/engine/op"
)

// Intent cues (data/intent.tsv): phrases with a weight per intent. A weight of
// 1 is decisive alone; weaker cues add up.
type intentCue struct {
	intent    string
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
		intentCues = append(intentCues, intentCue{intent: f[1], weight: atof(f[2], 0.5), sentStart: strings.Contains(flags, "s")})
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

// intentScores sums the cues of each intent, adds question marks, sentence
// initial interrogatives and sentiment, and returns per-intent evidence.
func intentScores(text string, toks []token, sent sentScore, spam spamResult) map[string]float64 {
	sc := map[string]float64{}
	starts := sentenceStarts(text, toks)
	for _, h := range intentM.find(toks) {
		c := intentCues[h.id]
		sc[c.intent] += c.weight
	}
	for _, h := range intentS.find(toks) {
		if c := intentCues[h.id]; starts[h.ti] {
			sc[c.intent] += c.weight
		}
	}
	// a comment addressed to an account (@brand ...) with negative content reads as a complaint
	if t := strings.TrimLeft(text, ". "); strings.HasPrefix(t, "@") {
		if sent.compound <= -0.05 || sc["complaint"] >= 0.4 {
			sc["complaint"] += 0.5
		}
		// "why ...?" and "my ..." addressed to an account are usually a grievance
		for _, tk := range toks {
			if tk.key == "why" || tk.key == "ليش" || tk.key == "ليه" || tk.key == "لماذا" {
				sc["complaint"] += 0.4
				break
			}
		}
		for _, tk := range toks {
			if tk.key == "my" {
				sc["complaint"] += 0.2
				break
			}
		}
		// a negated statement addressed to a brand ("@x my card will not
		// work", "still no refund") reports a failure
		for _, tk := range toks {
			if negators[tk.key] {
				sc["complaint"] += addressedNeg
				break
			}
		}
	}
	// a message to a customer-care account (@XSupport, @X_Help, @XCares)
	// is most often a report of a problem
	if spam.score < 0.5 && strings.IndexByte(text, '@') >= 0 && reCareHandle.MatchString(text) {
		sc["complaint"] += careHandle
	}
	if strings.ContainsAny(text, "?؟") {
		sc["question"] += 1
	}
	// sentiment supports complaint and praise
	if sent.compound <= -0.3 {
		sc["complaint"] += 0.3 + 0.4*math.Min(1, -sent.compound)
	} else if sent.compound >= 0.3 {
		sc["praise"] += 0.3 + 0.4*math.Min(1, sent.compound)
	}
	if sc["complaint"] > 0 && sent.compound > 0.5 {
		sc["complaint"] -= 0.5
	}
	if sc["praise"] > 0 && sent.compound < -0.3 {
		sc["praise"] -= 0.6
	}
	sc["spam"] = spam.score * 1.2
	return sc
}

// sentenceStarts marks tokens that open a sentence (first token, or after . ! ? ؟ or a newline).
func sentenceStarts(text string, toks []token) map[int]bool {
	m := map[int]bool{}
	prev := 0
	for i, t := range toks {
		gap := text[prev:t.start]
		if i == 0 || strings.ContainsAny(gap, ".!?؟\n:;") {
			m[i] = true
		}
		// after an @mention at the very start
		if i > 0 && strings.HasPrefix(strings.TrimSpace(text[:toks[0].start]+text[toks[0].start:toks[0].end]), "@") && i == 1 {
			m[i] = true
		}
		prev = t.end
	}
	return m
}

// intentThreshold is the evidence an intent needs to be reported.
// addressedNeg is the complaint weight of a negator in an @-addressed text.
var addressedNeg = 0.3

// careHandle is the complaint weight of a customer-care handle.
var careHandle = 0.4

var reCareHandle = regexp.MustCompile(`(?i)@\w*(?:support|help|care|cares|service|services|svc|assist|helpdesk|_cs)\b`)

var intentThreshold = map[string]float64{"question": 1, "complaint": 0.6, "praise": 0.9, "suggestion": 0.8}

// pickIntents turns evidence into a non-empty, duplicate-free, ordered list
// of intent labels: every intent whose evidence reaches its threshold, spam alone when the
// comment is spam, "other" when nothing qualifies.
func pickIntents(sc map[string]float64) []string {
	if sc["spam"] >= 0.6 {
		// a strong complaint or question with a weak spam signal (say a
		// screenshot link) stays what it is
		strong := sc["complaint"] >= 1.2 || sc["question"] >= 1.5
		if !strong || sc["spam"] >= 0.9 {
			return []string{"spam"}
		}
	}
	type kv struct {
		k string
		v float64
	}
	var xs []kv
	for _, k := range op.Intents {
		if k != "spam" && k != "other" && sc[k] >= intentThreshold[k] {
			xs = append(xs, kv{k, sc[k]})
		}
	}
	sort.SliceStable(xs, func(i, j int) bool { return xs[i].v > xs[j].v })
	var out []string
	for _, x := range xs {
		out = append(out, x.k)
	}
	if len(out) == 0 {
		return []string{"other"}
	}
	return out
}
