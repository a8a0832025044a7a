package builtin

import (
	"strings"
	"sync"
	"unicode/utf8"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Translation is lexical: a curated equivalence lexicon of the four Arabic
// varieties (data/dialect_lexicon.tsv) for dialect conversion and a curated
// glossary of social-media phrases (data/glossary.tsv) for English <-> Arabic.
// Before the glossary, a small grammar over word classes (translate_grammar.go)
// reorders and inflects noun phrases, demonstratives and first-person verbs.
// Phrases are matched longest first; every word that is in no table passes
// through unchanged, and outside the grammar's patterns word order is the
// source's. It is a
// phrase-substitution engine, not machine translation: good for short
// formulaic comments ("thank you so much", "great video", "ليش ما يشتغل"),
// poor for free sentences.

var dialectCol = map[string]int{"msa": 0, "gulf": 1, "egyptian": 2, "levantine": 3}

type transRow struct{ out [4]string } // output form per dialect column

var (
	dlRows []transRow
	dlM    *matcher // any variety's form -> row
	glRows []struct {
		en string
		ar [4]string
	}
	glEnM *matcher // English phrase -> glossary row
	glArM *matcher // any Arabic form -> glossary row
	// articleM finds English articles and present-tense copulas, which have no
	// separate Arabic word.
	articleM = func() *matcher {
		m := newMatcher()
		for i, w := range []string{"the", "a", "an", "is", "are", "am"} {
			m.add(w, i, true)
		}
		return m
	}()
)

func init() {
	dlM, glEnM, glArM = newMatcher(), newMatcher(), newMatcher()
	for _, f := range tsvRows("dialect_lexicon.tsv") {
		if len(f) < 4 {
			continue
		}
		var r transRow
		for c := 0; c < 4; c++ {
			alts := strings.Split(f[c], "|")
			r.out[c] = strings.TrimPrefix(alts[0], "=")
		}
		dlRows = append(dlRows, r)
		id := len(dlRows) - 1
		for c := 0; c < 4; c++ {
			for _, a := range strings.Split(f[c], "|") {
				// "=X": an output form only (the same letters mostly
				// mean something else: MSA من "from", not "who")
				if strings.ContainsAny(a, "ـ") || strings.HasPrefix(a, "=") {
					continue
				}
				dlM.add(a, id, true)
			}
		}
	}
	for _, f := range tsvRows("glossary.tsv") {
		if len(f) < 2 {
			continue
		}
		var row struct {
			en string
			ar [4]string
		}
		row.en = f[0]
		for c := 0; c < 4; c++ {
			cell := ""
			if c+1 < len(f) {
				cell = f[c+1]
			}
			if cell == "" {
				cell = f[1]
			}
			row.ar[c] = strings.Split(cell, "|")[0]
		}
		glRows = append(glRows, row)
		id := len(glRows) - 1
		glEnM.add(f[0], id, true)
		for c := 1; c < len(f); c++ {
			for _, a := range strings.Split(f[c], "|") {
				if a != "" {
					glArM.add(a, id, true)
				}
			}
		}
	}
}

// substitute replaces every match of m in text by repl(id), keeping the text
// between matches as it is. An Arabic word that is not found as written is
// also tried without a leading conjunction و or ف, which is kept
// ("والحين" -> "ودلوقتي").
func substitute(text string, m *matcher, repl func(id int) string) (string, int) {
	return substituteOrig(text, m, func(id int, _ string) string { return repl(id) })
}

// substituteOrig is substitute with the matched original text passed to repl.
func substituteOrig(text string, m *matcher, repl func(id int, orig string) string) (string, int) {
	toks := tokenize(text)
	hits := m.find(toks)
	prot := protectedSpans(text)
	if len(prot) > 0 {
		// links, @mentions and #hashtags are never translated
		keep := hits[:0]
		for _, h := range hits {
			if !inSpans(prot, toks[h.ti].start) {
				keep = append(keep, h)
			}
		}
		hits = keep
	}
	var b strings.Builder
	prev, n, hi := 0, 0, 0
	for i := 0; i < len(toks); i++ {
		if hi < len(hits) && hits[hi].ti == i {
			h := hits[hi]
			b.WriteString(text[prev:toks[h.ti].start])
			b.WriteString(repl(h.id, text[toks[h.ti].start:toks[h.tj-1].end]))
			prev = toks[h.tj-1].end
			i = h.tj - 1
			hi++
			n++
			continue
		}
		t := toks[i]
		if !t.arabic {
			continue
		}
		if inSpans(prot, t.start) {
			continue
		}
		r, w := utf8.DecodeRuneInString(text[t.start:])
		if r != 'و' && r != 'ف' || t.end-t.start-w < 4 || isVarietyWord(t.key) {
			continue // a dialect's own word is no conjunction + word (Gulf ودي "I'd like")
		}
		rest := tokenize(text[t.start+w : t.end])
		if len(rest) != 1 {
			continue
		}
		if rh := m.find(rest); len(rh) == 1 {
			b.WriteString(text[prev : t.start+w])
			b.WriteString(repl(rh[0].id, text[t.start+w:t.end]))
			prev = t.end
			n++
		}
	}
	b.WriteString(text[prev:])
	return b.String(), n
}

var (
	expand   = [][2]string{{"don't", "do not"}, {"doesn't", "does not"}, {"didn't", "did not"}, {"can't", "cannot"}, {"won't", "will not"}, {"isn't", "is not"}, {"aren't", "are not"}, {"I'm", "I am"}, {"it's", "it is"}, {"you're", "you are"}, {"we're", "we are"}, {"they're", "they are"}, {"I'll", "I will"}, {"we'll", "we will"}}
	informal = [][2]string{{"do not", "don't"}, {"does not", "doesn't"}, {"did not", "didn't"}, {"cannot", "can't"}, {"will not", "won't"}, {"is not", "isn't"}, {"are not", "aren't"}, {"I am", "I'm"}, {"it is", "it's"}, {"you are", "you're"}}
)

// applyTone adjusts register: formal expands English contractions, casual and
// social_media contract them; social_media also keeps emoji and hashtags as
// they are. Arabic output is already in the register of the chosen variety.
func applyTone(s, tone, lang string) string {
	if lang != "en" {
		return s
	}
	pairs := informal
	if tone == "formal" {
		pairs = expand
	}
	for _, p := range pairs {
		s = strings.ReplaceAll(s, p[0], p[1])
	}
	return s
}

// Translate converts text between English and Arabic or between Arabic
// varieties.
//
// Contract: Source "auto" is detected (Arabic letters -> "ar", else "en");
// SourceDialect is set when the source is Arabic (detected), TargetDialect
// when the target is Arabic (the request's dialect, default "msa"); Tone echoes
// the request (default "formal"). Words outside the lexicons pass through
// unchanged (see the package note on quality limits), and between English
// and Arabic they are listed in Untranslated (each once, as written in
// TranslatedText) with Partial true: output that mixes the two languages
// never passes for a translation. Arabic to English reads the negator ما
// before a word as "not"/"don't" (not "what", except at the start of a
// question) and writes the article of a word the glossary knows without it.
func Translate(req op.TranslateRequest) op.Translation {
	return TranslateDetected(req, dialect.Detect(req.Text))
}

// TranslateDetected is Translate for a caller that has already detected the
// text: d must be dialect.Detect(req.Text); the text is not detected again.
func TranslateDetected(req op.TranslateRequest, d op.Detection) op.Translation {
	t := op.Translation{SourceLanguage: req.Source, TargetLanguage: req.Target, Tone: req.Tone}
	if !op.In(t.Tone, op.TranslateTones) {
		t.Tone = "formal"
	}
	if t.SourceLanguage != "ar" && t.SourceLanguage != "en" {
		t.SourceLanguage = "en"
		if d.Dialect != "" {
			t.SourceLanguage = "ar"
		} else if !hasArabicLetter(req.Text) {
			// a short Arabizi comment the detector's markers miss ("el
			// tatbee2 bayez") is Arabic when the transliterator reads it so,
			// as classify reads it
			if x, _, ok := arabiziReadingDetected(req.Text, &d); ok {
				t.SourceLanguage = "ar"
				d.Dialect = dialect.Detect(x.Text).Dialect
			}
		}
	}
	if t.TargetLanguage != "ar" && t.TargetLanguage != "en" {
		t.TargetLanguage = "ar"
		if t.SourceLanguage == "ar" {
			t.TargetLanguage = "en"
		}
	}
	if t.SourceLanguage == "ar" {
		t.SourceDialect = d.Dialect
		if t.SourceDialect == "" {
			t.SourceDialect = "msa"
		}
	}
	col := 0
	if t.TargetLanguage == "ar" {
		t.TargetDialect = req.Dialect
		if !op.In(t.TargetDialect, op.Dialects) {
			t.TargetDialect = "msa"
		}
		col = dialectCol[t.TargetDialect]
	}
	// Arabizi (Arabic in Latin letters) is translated as its Arabic-script
	// reading: unread, its Latin words would pass through and look like
	// English. Between Arabic varieties the result is in Arabic script.
	src := req.Text
	var ax *dialect.Translit
	latinArabic := t.SourceLanguage == "ar" && !hasArabicLetter(req.Text)
	if latinArabic {
		if x, _, ok := arabiziReadingDetected(req.Text, &d); ok {
			src, ax = x.Text, &x
		}
	}
	out := src
	switch {
	case t.SourceLanguage == "ar" && t.TargetLanguage == "ar":
		out, _ = substitute(src, dlM, func(id int) string { return dlRows[id].out[col] })
	case t.SourceLanguage == "en" && t.TargetLanguage == "ar":
		out = grammarEnAr(req.Text, col)
		out, _ = substitute(out, glEnM, func(id int) string { return glRows[id].ar[col] })
		out = strings.NewReplacer("?", "؟", ",", "،").Replace(out)
	case t.SourceLanguage == "ar" && t.TargetLanguage == "en":
		out = splitArticles(markNegators(particlesArEn(grammarArEn(phrasesArEn(src)))))
		out, _ = substitute(out, glArM, func(id int) string { return glRows[id].en })
		// dialect words not in the glossary: try through their MSA form; a
		// word with no English stays as written (and is reported untranslated)
		out, _ = substituteOrig(out, dlM, func(id int, orig string) string {
			msa := dlRows[id].out[0]
			if s, n := substitute(msa, glArM, func(g int) string { return glRows[g].en }); n > 0 && !hasArabicLetter(s) {
				return s
			}
			return orig
		})
		out = wordsArEn(out)
		out = questionCopula(dropVocative(negatedEnglish(out)))
		out = strings.NewReplacer("؟", "?", "،", ",").Replace(out)
		out = tidyEnglish(andBeforeLatin(out))
	}
	if t.TargetLanguage == "ar" && t.SourceLanguage == "en" {
		// drop the articles and copulas left over
		out, _ = substitute(out, articleM, func(int) string { return "" })
		// و joins the next word once the articles are gone, an Arabic one
		// only ("and a thief" was "وa thief": thief is left as written)
		fs := strings.Fields(out)
		for i := 0; i+1 < len(fs); i++ {
			if fs[i] == "و" && hasArabicLetter(fs[i+1]) {
				fs[i+1] = "و" + fs[i+1]
				fs = append(fs[:i], fs[i+1:]...)
			}
		}
		out = strings.Join(fs, " ")
	}
	t.TranslatedText = applyTone(out, t.Tone, t.TargetLanguage)
	if t.SourceLanguage == "ar" && t.TargetLanguage == "ar" {
		// words of another variety the lexicon could not convert are left
		// in the source's variety: listed, so that the output does not pass
		// for the target variety ("شلونكم" stays Gulf in an Egyptian text)
		if left := otherVarietyWords(t.TranslatedText, t.TargetDialect); len(left) > 0 {
			t.Untranslated, t.Partial = left, true
		}
	}
	if t.SourceLanguage != t.TargetLanguage {
		switch {
		case ax != nil:
			// the words left in Arabic are given back as the commenter
			// spelled them, and listed
			t.TranslatedText, t.Untranslated = arabiziBack(t.TranslatedText, req.Text, ax)
		case latinArabic:
			// Latin text taken for Arabic but not read as Arabizi: nothing
			// was translated, and its words are not English
			t.Untranslated = untranslatedWords(t.TranslatedText, "en")
		default:
			t.Untranslated = untranslatedWords(t.TranslatedText, t.SourceLanguage)
		}
		t.Partial = len(t.Untranslated) > 0
	}

	t.Usage = op.Usage{Model: Model, TokensUsed: tokens(req.Text, t.TranslatedText)}
	return t
}

var (
	varietyWordsOnce sync.Once
	varietyWords     map[string][]string // folded word -> the dialects it is a strong marker of
)

// strongMarker is the weight from which a dialect's word marker counts as
// a word of that dialect only ("عايز", "شلونكم", "هلق": 3; "حلو", shared
// by several, under 1).
const strongMarker = 1.5

// otherVarietyWords lists, in order and once each, the words of out that
// are strong word markers of a dialect (gulf, egyptian, levantine) other
// than target and no marker of target. MSA words are understood in every
// variety and are not listed.
func otherVarietyWords(out, target string) []string {
	loadVarietyWords()
	ws := []string{}
	for _, t := range tokenize(out) {
		if !t.arabic {
			continue
		}
		vs := varietyWords[t.key]
		other, ofTarget := false, false
		for _, v := range vs {
			name, strong := strings.TrimSuffix(v, "+"), strings.HasSuffix(v, "+")
			if name == target {
				ofTarget = true
			} else if strong && name != "msa" {
				other = true
			}
		}
		if w := out[t.start:t.end]; other && !ofTarget && !containsStr(ws, w) {
			ws = append(ws, w)
		}
	}
	return ws
}

func loadVarietyWords() {
	varietyWordsOnce.Do(func() {
		varietyWords = map[string][]string{}
		for _, m := range dialect.Markers() {
			if m.Kind == "word" && op.In(m.Variety, op.Dialects) {
				varietyWords[m.Text] = append(varietyWords[m.Text], m.Variety+weightTag(m.Weight))
			}
		}
	})
}

// isVarietyWord: the folded word k is a word marker of a variety.
func isVarietyWord(k string) bool {
	loadVarietyWords()
	return len(varietyWords[k]) > 0
}

// weightTag marks a strong marker's variety with "+".
func weightTag(w float64) string {
	if w >= strongMarker {
		return "+"
	}
	return ""
}

// arabiziBack writes each Arabic word left in out (the translation of an
// Arabizi comment's reading x) in Latin letters, as the commenter spelled
// it when the word is one of the reading's (orig is the comment), else by
// dialect.ToArabizi, and returns the text and those words, each once.
func arabiziBack(out, orig string, x *dialect.Translit) (string, []string) {
	rt := tokenize(x.Text)
	used := make([]bool, len(rt))
	left := []string{}
	var b strings.Builder
	prev := 0
	for _, t := range tokenize(out) {
		if !t.arabic {
			continue
		}
		w, latin := out[t.start:t.end], ""
		for i, r := range rt {
			if !used[i] && x.Text[r.start:r.end] == w {
				used[i] = true
				sp := x.Source(op.Span{Start: r.start, End: r.end})
				if sp.Start >= 0 && sp.End <= len(orig) && sp.Start < sp.End {
					latin = orig[sp.Start:sp.End]
				}
				break
			}
		}
		if latin == "" || hasArabicLetter(latin) {
			latin = dialect.ToArabizi(w)
		}
		b.WriteString(out[prev:t.start])
		b.WriteString(latin)
		prev = t.end
		if !containsStr(left, latin) {
			left = append(left, latin)
		}
	}
	b.WriteString(out[prev:])
	return b.String(), left
}

// splitArticles writes the article of an Arabic word in English ("الطلب"
// -> "the طلب") when the glossary knows the word without it but not with it.
func splitArticles(text string) string {
	toks := tokenize(text)
	var b strings.Builder
	prev := 0
	for i, t := range toks {
		if !t.arabic {
			continue
		}
		for _, p := range []struct{ ar, en string }{{"وال", "and the "}, {"ال", "the "}} {
			rest := strings.TrimPrefix(t.key, p.ar)
			if rest == t.key || utf8.RuneCountInString(rest) < 2 || len(glArM.find(toks[i:i+1])) > 0 || len(arWM.find(toks[i:i+1])) > 0 {
				continue
			}
			rt := tokenize(rest)
			if len(rt) != 1 || len(glArM.find(rt)) == 0 {
				continue
			}
			b.WriteString(text[prev:t.start])
			b.WriteString(p.en)
			b.WriteString(rest)
			prev = t.end
			break
		}
	}
	b.WriteString(text[prev:])
	return b.String()
}

// negMark stands for an Arabic negator until the English is written
// (negatedEnglish); no glossary row matches it.
const negMark = "NEGX"

// markNegators replaces the negator ما (also وما, فما) by negMark: ما
// before a word is "not" ("ما تفهم", "ما وصل"), except at the start of a
// question, where it is "what" ("ما اسمك؟"); ما في is "there is no".
func markNegators(text string) string {
	toks := tokenize(text)
	question := hasQuestionMark(text)
	var b strings.Builder
	prev := 0
	for i, t := range toks {
		k := t.key
		conj := ""
		switch k {
		case "وما":
			conj = "و "
		case "فما":
			conj = "ف "
		case "ما":
		default:
			continue
		}
		if i+1 >= len(toks) || !toks[i+1].arabic || i == 0 && question {
			continue
		}
		if startsWordPhrase(toks, i) {
			continue // "ما شاء الله", "ما حدا": a phrase of the word table
		}
		if i > 0 && conjunctiveMa[toks[i-1].key] {
			continue // "كل ما افتحه": every time I open it, not a negation
		}
		b.WriteString(text[prev:t.start])
		b.WriteString(conj)
		if toks[i+1].key == "في" {
			b.WriteString("there is no")
			prev = toks[i+1].end
			continue
		}
		b.WriteString(negMark)
		prev = t.end
	}
	b.WriteString(text[prev:])
	return b.String()
}

// questionCopula writes the copula an Arabic nominal question has none of:
// a question word followed by a short noun phrase that ends the sentence
// ("فين الطلب بتاعي؟" -> "where is my order?", "ما اسمك؟" -> "what is your
// name?"); "are" before these, those and a plural possessed by our/their
// is not told apart: "is" but for these/those.
func questionCopula(s string) string {
	ws := strings.Fields(s)
	if len(ws) < 3 || len(ws) > 5 {
		return s
	}
	q := strings.ToLower(ws[0])
	if q != "where" && q != "what" && q != "when" && q != "how" {
		return s
	}
	cop := ""
	switch strings.ToLower(ws[1]) {
	case "the", "my", "your", "our", "this", "that":
		cop = "is"
	case "these", "those":
		cop = "are"
	default:
		return s
	}
	last := ws[len(ws)-1]
	if !strings.HasSuffix(last, "?") && !strings.HasSuffix(last, "؟") {
		return s
	}
	return strings.Join(append([]string{ws[0], cop}, ws[1:]...), " ")
}

// conjunctiveMa: words before which ما is a conjunction ("كل ما" every
// time, "بعد ما" after, "قبل ما" before, "زي ما"/"مثل ما" as), not a
// negator.
var conjunctiveMa = map[string]bool{"كل": true, "بعد": true, "قبل": true, "زي": true, "مثل": true, "حسب": true, "طالما": true, "عند": true, "وقت": true, "متل": true, "لحد": true}

// dropVocative removes the vocative particle يا left before a word once
// the glossary has read its phrases ("يا ريت"): English has none ("يا غبي"
// -> "stupid").
func dropVocative(text string) string {
	toks := tokenize(text)
	var b strings.Builder
	prev := 0
	for i, t := range toks {
		if t.key != "يا" || i+1 >= len(toks) {
			continue
		}
		b.WriteString(text[prev:t.start])
		prev = toks[i+1].start
	}
	b.WriteString(text[prev:])
	return b.String()
}

// negatedEnglish writes the negators marked by markNegators: "not" before
// a past participle or an adjective-like word ending in -ed, "don't"
// otherwise; "something" within the next four words becomes "anything".
func negatedEnglish(s string) string {
	if !strings.Contains(s, negMark) {
		return s
	}
	ws := strings.Fields(s)
	for i, w := range ws {
		if w != negMark {
			continue
		}
		ws[i] = "don't"
		if i+1 < len(ws) && strings.HasSuffix(strings.ToLower(ws[i+1]), "ed") {
			ws[i] = "not"
		}
		for j := i + 1; j < len(ws) && j <= i+4; j++ {
			if strings.EqualFold(strings.TrimRight(ws[j], ".,!?"), "something") {
				ws[j] = strings.Replace(ws[j], "something", "anything", 1)
			}
		}
	}
	return strings.Join(ws, " ")
}

func hasArabicLetter(s string) bool {
	for _, r := range s {
		if r >= 0x0600 && r <= 0x06FF {
			return true
		}
	}
	return false
}

// untranslatedWords lists, in order and once each, the words of out still
// written in the source language: Arabic words of an Arabic-to-English
// translation, Latin words of an English-to-Arabic one (links, @mentions,
// #hashtags and numbers are not words to translate).
func untranslatedWords(out, source string) []string {
	var ws []string
	prot := protectedSpans(out)
	for _, t := range tokenize(out) {
		raw := out[t.start:t.end]
		if t.emoji || inSpans(prot, t.start) {
			continue
		}
		left := false
		if source == "ar" {
			left = t.arabic
		} else {
			for _, r := range raw {
				if r < 0x80 && (r|0x20 >= 'a' && r|0x20 <= 'z') {
					left = true
					break
				}
			}
		}
		if left && !containsStr(ws, raw) {
			ws = append(ws, raw)
		}
	}
	if ws == nil {
		ws = []string{}
	}
	return ws
}

// protectedSpans returns the byte ranges of the white-space separated
// fields of text that are links (http://, https://, www.), @mentions or
// #hashtags.
func protectedSpans(text string) [][2]int {
	var out [][2]int
	for i := 0; i < len(text); {
		for i < len(text) && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '\r') {
			i++
		}
		j := i
		for j < len(text) && text[j] != ' ' && text[j] != '\n' && text[j] != '\t' && text[j] != '\r' {
			j++
		}
		f := strings.ToLower(text[i:j])
		if strings.HasPrefix(f, "http://") || strings.HasPrefix(f, "https://") || strings.HasPrefix(f, "www.") || strings.HasPrefix(f, "@") || strings.HasPrefix(f, "#") {
			out = append(out, [2]int{i, j})
		}
		i = j
	}
	return out
}

func inSpans(spans [][2]int, off int) bool {
	for _, s := range spans {
		if off >= s[0] && off < s[1] {
			return true
		}
	}
	return false
}

// andBeforeLatin writes the conjunction و left joined to a translated word
// as "and" ("ومحدش بيرد" came out "وnobody answers").
func andBeforeLatin(s string) string {
	if !strings.Contains(s, "و") && !strings.Contains(s, "ف") {
		return s
	}
	fs := strings.Fields(s)
	for i, f := range fs {
		if r, ok := strings.CutPrefix(f, "و"); ok && r != "" && r[0] < 0x80 && (r[0]|0x20 >= 'a' && r[0]|0x20 <= 'z') {
			fs[i] = "and " + r
		} else if r, ok := strings.CutPrefix(f, "ف"); ok && r != "" && r[0] < 0x80 && (r[0]|0x20 >= 'a' && r[0]|0x20 <= 'z') {
			fs[i] = "so " + r // "فنعم" came out "فyes"
		}
	}
	return strings.Join(fs, " ")
}
