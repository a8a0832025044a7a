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
				// and without its article: the Latin article is a word
				// of its own ("el tayara" ال + طياره)
				if f := foldKey(w); strings.HasPrefix(f, "ال") && len(f) >= 10 {
					ar = append(ar, f[len("ال"):])
				}
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
						alt = strings.TrimPrefix(alt, "=") // dialect_lexicon's output-only forms
						for _, w := range strings.Fields(foldKey(alt)) {
							if w[0] >= 0x80 {
								add(w)
							}
						}
					}
				}
			}
		}
		// the words of the urgency classes (priority_r26.go,
		// priority_r27.go): a balance, a medicine, a flight read in
		// Arabic script ("raseed" رصيد, "dawa" دوا, "tayara" طيارة), so an
		// Arabizi complaint reaches the classes its Arabic twin does
		// (measured on the Arabizi read sets: these two tables gain
		// azprio1 priority 77.5 -> 80.8%, az3-5 unchanged; every word of
		// every rule's word set was no better, nor English loans kept Latin)
		for _, m := range []map[string]uint8{r26Words, r27Words, r28Words} {
			for w := range m {
				if !strings.Contains(w, " ") {
					add(w)
				}
			}
		}
		// and the words the older urgency rules read in Arabic script
		// (a driver speeding or drunk, a smell of gas, a break, the
		// emergency room, a scam): read without them, "sayeq" was سيق,
		// "nasab" نسب, "9aidaliyya" قيدليه
		for _, w := range urgentReadings {
			add(w)
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
		// the Arabizi spellings of the moderation table stay Latin as
		// loans: words of an Arabic sentence ("ya 7a2eer ya kalb"), not
		// English
		var loans []string
		for _, f := range tsvRows("moderation_ar.tsv") {
			if f[0] != "" && f[0][0] < 0x80 {
				loans = append(loans, strings.Fields(strings.ToLower(f[0]))...)
			}
		}
		for _, f := range tsvRows("intent.tsv") {
			if f[0] != "" && f[0][0] < 0x80 && !strings.Contains(f[0], " ") {
				add(strings.ToLower(f[0]))
			}
		}
		// strong single-word promotion cues of the spam table ("subscribe",
		// "followers", "whatsapp") stay Latin too: Arabizi spam mixes them
		// in ("e3melo subscribe 3andi")
		for _, f := range tsvRows("spam.tsv") {
			if len(f) >= 2 && f[0] != "" && f[0][0] < 0x80 && !strings.Contains(f[0], " ") && atof(f[1], 0) >= 0.6 {
				add(strings.ToLower(f[0]))
			}
		}
		translit = dialect.NewTransliterator(ar, en)
		translit.AddLoans(loans)
		// the words (three letters or more) of the Arabic sentiment
		// head, learned from licensed Arabic corpora: evidence that a
		// Latin word outside the lexicons is an Arabic word ("masaref"
		// مصاريف, "agdar" اقدر), read only to decide whether a text is
		// Arabizi (vocabEvidence); the reading itself does not change
		var vocab []string
		for _, f := range tsvRowsRaw("learned_sentiment_ar.tsv") {
			if w := f[0]; len(w) >= 6 && w[0] >= 0x80 && !strings.ContainsAny(w, " :") {
				vocab = append(vocab, w)
			}
		}
		translit.AddVocabulary(vocab)
		// the Arabic words of the moderation table are read only through
		// the preferred reading of every Latin consonant (Guard): a clean
		// word spelled with z, s, t, d, h, k or g must not turn into an
		// insult by swapping that letter for its emphatic or dental
		// twin ("3ersna" عرسنا, not عرصنا; "tnazel" not تنذل)
		var offensive, obscene []string
		for _, f := range tsvRows("moderation_ar.tsv") {
			if f[0] != "" && f[0][0] >= 0x80 && !strings.Contains(f[0], " ") {
				offensive = append(offensive, f[0])
				if len(f) >= 3 && f[2] == "3" {
					obscene = append(obscene, f[0])
				}
			}
		}
		translit.Guard(offensive)
		// (and the severe ones not even through a digit's second letter:
		// "el ma3ra9" is the showroom, not معرص)
		translit.GuardObscene(obscene)
	})
	return translit
}

// urgentReadings: Arabic words the urgency rules (priority_*.go) read that
// no lexicon holds, so that their Arabizi spellings are read as them.
var urgentReadings = strings.Fields("سايق سايقه يسوق بيسوق سكران سكرانه نعسان نعسانه سرعه مسرع فرامل حادث حادثه ريحه غاز دخان حريق ولعت تولع انكسرت انكسر مكسور مكسوره نزيف نزف طاحت وقعت جرح طوارئ الطوارئ مستشفى سخونه حراره تسمم حساسيه صيدليه جرعه نصب نصاب نصابين نصابه احتيال محتال حراميه سرقه سرقوا منشور منشورين نشروا تسربت تسريب بياناتي قضيه محكمه محامي شكوى عيال ولاد ولادي عيالي اتهكر انهكر مخترق اخترقوا")

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
// none spelled letter by letter ("el sot wati kteer"; in a comment of at
// most shortArabiziWords words, up to two spelled words for three read:
// "ya reit tzido size akbar"). Texts without such a digit or marker go to
// shortArabizi. Of the 19,256 texts of the English dev sets three are read
// so (a list of names with digits, "Jesse3. Sookie4.", one Italian and one
// French comment); of the 138 of the Arabizi dev set, 133 (Detect: 131).
func arabiziReading(text string) (x dialect.Translit, d op.Detection, ok bool) {
	return arabiziReadingDetected(text, nil)
}

// arabiziReadingDetected is arabiziReading with the detection of text when
// known (nil: detected here when needed).
func arabiziReadingDetected(text string, known *op.Detection) (x dialect.Translit, d op.Detection, ok bool) {
	if !dialect.MayBeArabizi(text) { // cheap: other texts pay no detection here
		return shortArabizi(text)
	}
	d = detection(text, known)
	x = vocabEvidence(transliterator().Transliterate(text))
	if x.Changed == 0 {
		return x, d, false
	}
	if d.Arabizi {
		return x, d, true
	}
	spelled := x.Spelled
	if x.Digit >= 1 {
		if x.Known >= 3 && x.Table >= 1 && x.Known >= 3*x.English && spelled <= x.Known {
			// three words read as Arabic, one of them a particle or
			// dialect word of the Arabizi table, beside a word with an
			// Arabizi digit: the words spelled letter by letter are
			// names and loans ("wen wa2ef el food truck", "fi
			// 3andkon charger type c"), not an English sentence
			return x, d, true
		}
		if x.Known >= 2 && x.Known >= 3*x.English && 2*spelled <= x.Known {
			return x, d, true
		}
		return x, d, fewWordsArabizi(x)
	}
	nw := len(strings.Fields(text))
	if nw == 2 && x.Known == 2 && x.Table >= 1 && spelled == 0 && x.English == 0 {
		return x, d, true // as in shortArabizi: "ezay ashtarek?"
	}
	if fewWordsArabizi(x) {
		return x, d, true
	}
	short := nw <= shortArabiziWords && 3*spelled <= 2*x.Known
	// a longer comment of Arabic words with loans or names among them
	// ("ya reit tfatho dorous rasm lal kbar bl masa": seven words read, two
	// spelled letter by letter): two words of the Arabizi table and at
	// most one spelled word in three read (round 18; no English word, so
	// no English sentence: the English dev sets read the same)
	withLoans := x.Table >= 2 && 3*spelled <= x.Known
	return x, d, x.Known >= 3 && x.English == 0 && (spelled == 0 || short || withLoans)
}

// shortArabiziWords is the most words a comment without an Arabizi digit or
// strong marker may have to be read as Arabizi by shortArabizi.
const shortArabiziWords = 6

// shortArabizi reads a short Latin comment with no Arabizi digit and no
// strong marker ("bkam el shanta di?", "fi menno lon aswad?"): Arabizi when
// the transliterator reads at least two of its words as words of the Arabic
// lexicons, keeps none as English and spells at most half as many letter by
// letter, and has no hashtag or @mention. Short questions and requests are
// where Detect's marker evidence falls short. The language is then "ar" and
// the dialect that of the Arabic reading. Of the 19,256 texts of the English
// dev sets two more are read so (one Italian, one French).
func shortArabizi(text string) (x dialect.Translit, d op.Detection, ok bool) {
	// at most shortArabiziWords words (counted without allocating; most
	// texts stop here), no hashtag or @mention, no Arabic letter
	words, inWord := 0, false
	for i := 0; i < len(text); i++ {
		sp := text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '\r'
		if !sp && !inWord {
			if words++; words > plainArabiziWords {
				return x, d, false
			}
		}
		inWord = !sp
	}
	if words < 2 || strings.ContainsAny(text, "#@") {
		return x, d, false
	}
	for _, r := range text {
		if r >= 0x600 && r <= 0x6ff {
			return x, d, false
		}
	}
	x = vocabEvidence(transliterator().Transliterate(text))
	if words == 2 && x.Known == 2 && x.Table >= 1 && x.Spelled == 0 && x.English == 0 {
		// two words, both read as Arabic words, one of them through the
		// Arabizi table (a particle or dialect word): "ya zbala", "wein
		// el talab"
		return x, dialect.Detect(text), true
	}
	if fewWordsArabizi(x) {
		return x, dialect.Detect(text), true
	}
	if x.Known < shortArabiziKnown || x.English > 0 || 3*x.Spelled > 2*x.Known {
		return x, d, false
	}
	if words > shortArabiziWords && (x.Spelled > 0 || x.Known < plainArabiziKnown) && !plainLongArabizi(x) {
		return x, d, false
	}
	return x, dialect.Detect(text), true
}

// fewWordsArabizi: a comment of at most shortArabiziWords Latin words none
// of which the transliterator keeps as English is Arabizi when at least two
// of its words read as Arabic, two of them through the Arabizi table
// (particles and dialect words: "ya reet", "mashallah el") or one with an
// Arabizi digit, and no more are spelled letter by letter than so read.
// The spelled words of such a comment are Arabic words outside the
// lexicons and loans ("ya reet tzawdo zaitoon ka topping", "atyab shawarma
// b 3amman"); an English comment has an English word. One table word is
// not enough: the table also reads loans ("account", "videos"), so
// "Subscribe me Secret videos" would pass. The count is the
// transliterator's (an emoji is no word). Of the 19,256 texts of the English
// dev sets this reads none more.
func fewWordsArabizi(x dialect.Translit) bool {
	latin := x.Known + x.Spelled + x.English + x.Loan
	return latin <= shortArabiziWords && x.English == 0 && x.Known >= 2 && x.Spelled <= x.Known && (x.Table >= 2 || x.Digit >= 1)
}

// plainLongArabizi: a comment of shortArabiziWords+1 to plainArabiziWords
// words without an Arabizi digit and with no word kept as English may have
// one word spelled letter by letter for every four read as Arabic when at
// least two of those are words of the Arabizi table ("mata tiftahoon el
// tasjeel lel sana el jaya?": "jaya" is outside the lexicons).
func plainLongArabizi(x dialect.Translit) bool {
	return x.English == 0 && x.Known >= plainArabiziKnown && 4*x.Spelled <= x.Known && x.Table >= 2
}

// plainArabiziWords: a comment of shortArabiziWords+1 to plainArabiziWords
// words without an Arabizi digit or marker is read as Arabizi only when
// every Latin word reads as an Arabic word (none spelled letter by letter,
// none kept as English) and at least plainArabiziKnown do: "eksab 1000
// geneh yomeyan mn el beet" has no digit inside a word. The English dev
// texts read as Arabizi stay the 3 of shortArabizi (an English sentence of
// that length has English words).
const (
	plainArabiziWords = 12
	plainArabiziKnown = 5
)

// shortArabiziKnown is the number of lexicon words shortArabizi needs.
var shortArabiziKnown = 3

// arabiziLoanShare: an Arabizi comment Detect calls "mixed" is "ar" when the
// transliterator reads at least this many words as Arabic per word it keeps
// as English.
var arabiziLoanShare = 3

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
	// r.Text has Arabic letters: not Arabizi. Its detection is needed even
	// when the original's is reported: the reply is drafted in the dialect
	// of the Arabic reading. The learned intent head reads the original
	// spelling too (learned_latin.go)
	c := classifyText(r, nil, req.Text)
	detected := d // before refineDialect: how sure the markers are
	if d.Arabizi {
		if dialectUnsure(d, req.Text) { // tokens of the reading only then
			buf := getTokBuf()
			d = refineDialect(d, req.Text, tokenizeBuf(x.Text, buf))
			putTokBuf(buf)
		}
		c.Language, c.Dialect, c.DialectConfidence = d.Language, d.Dialect, d.DialectConfidence
	} // else: the language and dialect of the Arabic reading
	if c.Language == "mixed" && x.Known >= arabiziLoanShare*x.English {
		// English words the reading keeps are loans of an Arabic sentence
		// ("follow me 3al insta w ...", social-media loans not even
		// counted: Translit.Loan), not an English clause; so for the
		// reading's own detection, which sees those Latin words
		c.Language = "ar"
	}
	c.Reasoning = "Arabizi, read as \"" + clip(x.Text, 120) + "\". " + c.Reasoning
	c.Dialect = arabiziDialectDetected(c.Dialect, req.Text, x.Text, detected)
	// the draft was made in the reading's dialect; the reply is in the
	// dialect reported (as every reply is: the commenter's own)
	if c.Dialect != "" {
		c.ReplyText = redraftIn(c.ReplyText, c.Dialect)
	}
	c.ReplyText = toArabiziReply(c.ReplyText)
	c.ReplyDirection = "ltr"
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
	m.Dialect = arabiziDialectDetected(m.Dialect, req.Text, x.Text, d)
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

// arabiziDialect is the dialect reported for orig, an Arabizi comment
// whose Arabic reading is reading, given dl, the detector's (or the
// reading's) answer. Two corrections, each to the learned head's likeliest
// allowed dialect on the reading:
//   - not "msa": Arabizi is how dialect is written in Latin letters; none of
//     the Arabizi comments of the project's corpus or of the Arabizi dev set
//     is MSA ("allah y3teek el 3afya" reads يعطيك العافيه, a dialect
//     blessing, though no marker says which dialect);
//   - not "egyptian" when a word read as Arabic is spelled with "j"
//     (dialect.ReadsJ): Egyptian Arabizi writes that letter "g".
//
// The head reads the Latin words as written too (scoreDialect, round 14).
// Without the head (or when it cannot score the reading) dl stands, except
// that an Egyptian answer with a "j" becomes Levantine.
func arabiziDialect(dl, orig, reading string) string {
	if dl != "egyptian" && dl != "msa" {
		return dl
	}
	noEgyptian := transliterator().ReadsJ(orig)
	if dl == "egyptian" && !noEgyptian {
		return dl
	}
	best, bestP := dl, -1.0
	if dl == "egyptian" {
		best = "levantine"
	}
	if h := learnedDialect; h != nil && len(h.classes) == 4 {
		var p [4]float64
		if scoreDialect(h, op.Detection{Arabizi: true}, orig, tokenize(reading), &p) {
			for k, c := range h.classes {
				if c != "msa" && (c != "egyptian" || !noEgyptian) && p[k] > bestP {
					best, bestP = c, p[k]
				}
			}
		}
	}
	return best
}

// englishVocab reports a lower-case Latin word of the English sentiment
// head's vocabulary (words of English comments): an English loan of an
// Arabizi comment ("el page", "dark mode") rather than an Arabic word.
func englishVocab(w string) bool {
	return learnedSentEn != nil && learnedSentEn.weights(fnvString(w)) != nil
}

// arabiziDialectDetected is arabiziDialect given d, the detection of orig.
// When d is not sure of the dialect (orig is not detected as Arabizi, or
// with a dialect confidence below arabiziCuesBelow), the spelling of orig
// decides when it points to one dialect alone (spellingDialect).
func arabiziDialectDetected(dl, orig, reading string, d op.Detection) string {
	if levantineProgressive(orig) {
		return "levantine"
	}
	if w := arabiziWordDialect(orig); w != "" {
		return w // dialect_arabizi_words.go
	}
	if !d.Arabizi || d.DialectConfidence < arabiziCuesBelow {
		if s := spellingDialect(orig); s != "" {
			return s
		}
	}
	return arabiziDialect(dl, orig, reading)
}

// levantineProgressive reports the Levantine progressive in an Arabizi
// comment: "3am" (عم) before an imperfect verb ("3am yrod", "3am bettasel",
// "ma 3am ye2ta3"). Egyptian marks the progressive with b- alone and Gulf
// with "ga3d"; neither puts "3am" before a verb, so the grammar decides the
// dialect over word markers shared or borrowed ("leh", "embare7"). Not
// after "ya" ("ya 3am", Egyptian "man!", a vocative before any word) nor
// before the words that follow the noun "3am" (year): "3am ba3d 3am".
// On the project's corpus and obvious-comment set: most of the 50 uses of
// "3am" before a word in Levantine comments (those before y-, t-, b-, n-),
// none in the others.
func levantineProgressive(orig string) bool {
	if !strings.Contains(orig, "3am ") && !strings.Contains(orig, "3AM ") && !strings.Contains(orig, "3m ") {
		return false
	}
	ws := strings.Fields(strings.ToLower(orig))
	for i := 0; i+1 < len(ws); i++ {
		if w := ws[i]; w != "3am" && w != "3m" || i > 0 && ws[i-1] == "ya" {
			continue
		}
		next := strings.Trim(ws[i+1], ".,!?")
		if len(next) < 3 || nonVerbAfterYear[next] {
			continue
		}
		switch next[0] {
		case 'y', 't', 'b', 'n':
			return true
		}
	}
	return false
}

// nonVerbAfterYear are words starting like an imperfect (b-, t-, y-, n-)
// that follow "3am" the noun: "ba3d" (3am ba3d 3am), "bas", "tani", "ya",
// "tab".
var nonVerbAfterYear = map[string]bool{"ba3d": true, "ba3den": true, "bas": true, "bass": true, "tani": true, "tab": true, "bel": true, "bil": true, "ta7t": true}

// arabiziCuesBelow: a detection of an Arabizi comment with a dialect
// confidence below this leaves the dialect to the spelling cues when they
// point to one dialect (arabiziDialect). Above it the detector's markers
// ("shu", "kteer", "wayed") outweigh a letter convention some writers of
// other dialects share (a Levantine "6" in "a6yab").
var arabiziCuesBelow = 0.5

// spellingDialect is the dialect the letter conventions of the Arabizi
// comment orig point to (dialect.Cues), or "" when they point to none or to
// two: a digit 6 or 9 for ط/ص, a verb ending in -oon, the article
// written "al" or an interdental written "th"/"dh" is Gulf, a feminine ending written "e" Levantine,
// the imperfect prefix written "bey" Egyptian. Answering so where the detector is unsure
// (arabiziCuesBelow) changes no answer on the project's corpus (its
// comments have markers) and turns one wrong dialect of the Arabizi dev set
// right ("el shakil 7ilo bas el ma9na3iya ta3bana": Gulf), none wrong.
func spellingDialect(orig string) string {
	c := transliterator().Cues(orig, englishVocab)
	gulf, lev, egy := c.Six+c.Oon+c.Al+c.Th, c.FinalE, c.Bey
	switch {
	case gulf > 0 && lev == 0 && egy == 0:
		return "gulf"
	case lev > 0 && gulf == 0 && egy == 0:
		return "levantine"
	case egy > 0 && gulf == 0 && lev == 0:
		return "egyptian"
	}
	return ""
}

// vocabEvidence is x with its words of the wide vocabulary (Translit.Vocab:
// words of the Arabic sentiment corpus's vocabulary, outside the lexicons)
// counted as spelled letter by letter unless a word of the Arabizi table
// (a particle or dialect word: "el", "kam", "wain") is in the text too. That
// vocabulary has Arabic spellings of English names and words ("donald",
// "banana"): alone they read a list of names as Arabic.
func vocabEvidence(x dialect.Translit) dialect.Translit {
	if x.Vocab > 0 && x.Table == 0 {
		x.Known -= x.Vocab
		x.Spelled += x.Vocab
		x.Vocab = 0
	}
	return x
}
