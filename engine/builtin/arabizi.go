package builtin

import (
	"strings"
	"sync"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Arabizi (Arabic in Latin letters and digits: "7elw awy el video da") is
// analysed as the same comment in Arabic script: Classify and Moderate
// transliterate it (dialect.Transliterator, guided by the words of this
// package's Arabic tables and keeping the words of its English tables) and
// analyse the Arabic text. What the caller sees stays about the original:
//
//   - language, dialect and confidence are the detection of the original
//     (Arabizi: language "ar" or "mixed", a dialect);
//   - moderation spans, flagged terms and the cleaned text point into the
//     original (each span is mapped back to the original words). Latin words
//     of the moderation tables (Arabizi spellings such as "sharmota") and
//     English words stay Latin, so those entries still match;
//   - the draft reply is written in Latin letters (dialect.ToArabizi of the
//     Arabic draft), left to right: an Arabizi writer reads Latin script;
//   - hints match on the original text (a hint's text is transliterated the
//     same way before the comparison).

var (
	translitOnce sync.Once
	translit     *dialect.Transliterator
)

// transliterator builds the transliterator on first use: its trie holds the
// Arabic words of the lexicons (a few milliseconds, once).
func transliterator() *dialect.Transliterator {
	translitOnce.Do(func() {
		var ar, en []string
		add := func(w string) {
			if w == "" {
				return
			}
			if w[0] >= 0x80 {
				ar = append(ar, w)
			} else if !strings.ContainsAny(w, "0123456789") {
				en = append(en, w)
			}
		}
		for _, file := range []string{"intent.tsv", "sentiment_ar.tsv", "moderation_ar.tsv", "spam.tsv"} {
			for _, f := range tsvRows(file) {
				for _, w := range strings.Fields(foldKey(f[0])) {
					if w[0] >= 0x80 {
						add(w)
					}
				}
			}
		}
		for _, file := range []string{"dialect_lexicon.tsv", "glossary.tsv", "synonyms.tsv"} {
			for _, f := range tsvRows(file) {
				for _, cell := range f {
					for _, alt := range strings.Split(cell, "|") {
						for _, w := range strings.Fields(foldKey(alt)) {
							if w[0] >= 0x80 {
								add(w)
							}
						}
					}
				}
			}
		}
		// Latin words of the tables stay Latin: English words, and the
		// Arabizi spellings of the moderation table
		for _, file := range []string{"vader_lexicon.tsv", "moderation_en.tsv"} {
			for _, f := range tsvRows(file) {
				if !strings.Contains(f[0], " ") {
					add(strings.ToLower(f[0]))
				}
			}
		}
		for _, f := range tsvRows("moderation_ar.tsv") {
			if f[0] != "" && f[0][0] < 0x80 {
				for _, w := range strings.Fields(strings.ToLower(f[0])) {
					en = append(en, w)
				}
			}
		}
		for _, f := range tsvRows("intent.tsv") {
			if f[0] != "" && f[0][0] < 0x80 && !strings.Contains(f[0], " ") {
				add(strings.ToLower(f[0]))
			}
		}
		translit = dialect.NewTransliterator(ar, en)
	})
	return translit
}

// arabiziReading returns the Arabic-script reading of text when text is
// Arabizi, with the detection of the original; ok is false otherwise. Text
// is Arabizi when Detect says so, and also when Detect's marker evidence
// falls short (a short comment: "rabena ykhalleek ya 3am") but the
// transliterator reads it as Arabic: an Arabizi digit word or strong marker
// (dialect.MayBeArabizi), and either a word with an Arabizi digit among its
// letters and at least two words read through the Arabizi table or as words
// of the Arabic lexicons, at least three times as many as the words kept as
// English and twice as many as the words spelled letter by letter, or no
// such digit and at least three words so read, none kept as English and
// none spelled letter by letter ("el sot wati kteer"). Of the 19,256
// texts of the English dev sets one is read so (a list of names with digits,
// "Jesse3. Sookie4."); of the 138 of the Arabizi dev set, 132 (Detect: 131).
func arabiziReading(text string) (x dialect.Translit, d op.Detection, ok bool) {
	return arabiziReadingDetected(text, nil)
}

// arabiziReadingDetected is arabiziReading with the detection of text when
// known (nil: detected here when needed).
func arabiziReadingDetected(text string, known *op.Detection) (x dialect.Translit, d op.Detection, ok bool) {
	if !dialect.MayBeArabizi(text) { // cheap: other texts pay no detection here
		return x, d, false
	}
	d = detection(text, known)
	x = transliterator().Transliterate(text)
	if x.Changed == 0 {
		return x, d, false
	}
	if d.Arabizi {
		return x, d, true
	}
	spelled := x.Spelled
	if x.Digit >= 1 {
		return x, d, x.Known >= 2 && x.Known >= 3*x.English && 2*spelled <= x.Known
	}
	return x, d, x.Known >= 3 && x.English == 0 && spelled == 0
}

// classifyArabizi is Classify for an Arabizi comment: Classify of its
// Arabic reading, reported about the original. ok is false when text is
// not Arabizi (Classify then goes on as for any text).
func classifyArabizi(req op.ClassifyRequest, known *op.Detection) (op.Classification, bool) {
	x, d, ok := arabiziReadingDetected(req.Text, known)
	if !ok {
		return op.Classification{}, false
	}
	r := req
	r.Text = x.Text
	if len(req.Hints) > 0 {
		r.Hints = make([]op.Hint, len(req.Hints))
		for i, h := range req.Hints {
			h.Text = transliterator().Transliterate(h.Text).Text
			r.Hints[i] = h
		}
	}
	// r.Text has Arabic letters: not Arabizi, no recursion. Its detection
	// is needed even when the original's is reported: the reply is drafted
	// in the dialect of the Arabic reading
	c := classify(r, nil)
	if d.Arabizi {
		d = refineDialect(d, req.Text, tokenize(x.Text))
		c.Language, c.Dialect, c.DialectConfidence = d.Language, d.Dialect, d.DialectConfidence
	} // else: the language and dialect of the Arabic reading
	c.ReplyText = dialect.ToArabizi(c.ReplyText)
	c.ReplyDirection = "ltr"
	c.Reasoning = "Arabizi, read as \"" + clip(x.Text, 120) + "\". " + c.Reasoning
	c.Usage.TokensUsed = tokens(req.Text, c.ReplyText, c.Reasoning)
	return c, true
}

// moderateArabizi is Moderate for an Arabizi text: Moderate of its Arabic
// reading with the spans mapped back to the original. ok is false when text
// is not Arabizi.
func moderateArabizi(req op.ModerateRequest, known *op.Detection) (op.Moderation, bool) {
	x, d, ok := arabiziReadingDetected(req.Text, known)
	if !ok {
		return op.Moderation{}, false
	}
	r := req
	r.Text = x.Text
	var m op.Moderation
	if d.Arabizi {
		// the language and dialect reported are the original's: the
		// Arabic reading is not detected
		m = moderate(r, &d)
		m.Language, m.Dialect = d.Language, d.Dialect
	} else {
		m = moderate(r, nil)
	}
	if !m.IsSafe {
		for i := range m.Spans {
			m.Spans[i] = x.Source(m.Spans[i])
		}
		m.Spans = MergeSpans(m.Spans)
		m.FlaggedTerms = m.FlaggedTerms[:0]
		for _, s := range m.Spans {
			m.FlaggedTerms = append(m.FlaggedTerms, req.Text[s.Start:s.End])
		}
		m.CleanedText = MaskSpans(req.Text, m.Spans)
	}
	m.Usage.TokensUsed = tokens(req.Text) + len(m.Flags) + tokens(m.CleanedText)
	return m, true
}

// clip cuts s to at most n bytes at a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "..."
}
