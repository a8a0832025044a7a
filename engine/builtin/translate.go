package builtin

import (
	"strings"
	"unicode/utf8"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Translation is lexical: a curated equivalence lexicon of the four Arabic
// varieties (data/dialect_lexicon.tsv) for dialect conversion and a curated
// glossary of social-media phrases (data/glossary.tsv) for English <-> Arabic.
// Phrases are matched longest first; every word that is in neither table
// passes through unchanged, and word order is the source's. It is a
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
			r.out[c] = alts[0]
		}
		dlRows = append(dlRows, r)
		id := len(dlRows) - 1
		for c := 0; c < 4; c++ {
			for _, a := range strings.Split(f[c], "|") {
				if strings.ContainsAny(a, "ـ") {
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
	toks := tokenize(text)
	hits := m.find(toks)
	var b strings.Builder
	prev, n, hi := 0, 0, 0
	for i := 0; i < len(toks); i++ {
		if hi < len(hits) && hits[hi].ti == i {
			h := hits[hi]
			b.WriteString(text[prev:toks[h.ti].start])
			b.WriteString(repl(h.id))
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
		r, w := utf8.DecodeRuneInString(text[t.start:])
		if r != 'و' && r != 'ف' || t.end-t.start-w < 4 {
			continue
		}
		rest := tokenize(text[t.start+w : t.end])
		if len(rest) != 1 {
			continue
		}
		if rh := m.find(rest); len(rh) == 1 {
			b.WriteString(text[prev : t.start+w])
			b.WriteString(repl(rh[0].id))
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
// unchanged (see the package note on quality limits).
func Translate(req op.TranslateRequest) op.Translation {
	d := dialect.Detect(req.Text)
	t := op.Translation{SourceLanguage: req.Source, TargetLanguage: req.Target, Tone: req.Tone}
	if !op.In(t.Tone, op.TranslateTones) {
		t.Tone = "formal"
	}
	if t.SourceLanguage != "ar" && t.SourceLanguage != "en" {
		t.SourceLanguage = "en"
		if d.Dialect != "" {
			t.SourceLanguage = "ar"
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
	out := req.Text
	switch {
	case t.SourceLanguage == "ar" && t.TargetLanguage == "ar":
		out, _ = substitute(req.Text, dlM, func(id int) string { return dlRows[id].out[col] })
	case t.SourceLanguage == "en" && t.TargetLanguage == "ar":
		out, _ = substitute(req.Text, glEnM, func(id int) string { return glRows[id].ar[col] })
		out = strings.NewReplacer("?", "؟", ",", "،").Replace(out)
	case t.SourceLanguage == "ar" && t.TargetLanguage == "en":
		out, _ = substitute(req.Text, glArM, func(id int) string { return glRows[id].en })
		// dialect words not in the glossary: try through their MSA form
		out, _ = substitute(out, dlM, func(id int) string {
			msa := dlRows[id].out[0]
			if s, n := substitute(msa, glArM, func(g int) string { return glRows[g].en }); n > 0 {
				return s
			}
			return msa
		})
		out = strings.NewReplacer("؟", "?", "،", ",").Replace(out)
	}
	if t.TargetLanguage == "ar" && t.SourceLanguage == "en" {
		// drop the articles and copulas left over
		out, _ = substitute(out, articleM, func(int) string { return "" })
		out = strings.Join(strings.Fields(out), " ")
	}
	t.TranslatedText = applyTone(out, t.Tone, t.TargetLanguage)
	t.Usage = op.Usage{Model: Model, TokensUsed: tokens(req.Text, t.TranslatedText)}
	return t
}
