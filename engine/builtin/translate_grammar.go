package builtin

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// The translator's grammar: a few patterns of word classes read before the
// glossary's phrase substitution (translate.go), from a project-written table
// of nouns (with gender), adjectives (with their feminine form), first-person
// verbs, demonstratives and collocations (data/translate_words.tsv).
//
// Arabic -> English:
//   - definite noun + definite adjective(s): "الفيديو الرائع" -> "the amazing video"
//     (adjectives in reverse order, the one nearest the noun nearest it in English);
//   - indefinite noun + adjective(s): "فيديو رائع" -> "an amazing video" (plural: no article);
//   - demonstrative + definite noun: "هذه القناة" -> "this channel" ("these"/"those" before a plural);
//   - a definite noun phrase followed by an indefinite adjective is a sentence:
//     "القناة رائعة" -> "the channel is amazing";
//   - first-person imperfect verbs read with their pronoun: "أحب" -> "I love", "لا أريد" -> "I don't want";
//   - collocations of thanks, waiting and complaint with their preposition: "شكرا على" -> "thanks for".
//
// English -> Arabic:
//   - "this/that (ADJ) NOUN" -> demonstrative of the noun's gender + the noun with ال (+ adjectives with ال):
//     "this channel" -> "هذه القناة" (Egyptian puts the demonstrative after: "القناة دي");
//   - "the ADJ NOUN" -> "NOUN-ال ADJ-ال", "a/an ADJ NOUN" or "ADJ NOUN" -> "NOUN ADJ", the adjective
//     feminine after a feminine noun (and after a non-human plural);
//   - "the NOUN is ADJ" -> "NOUN-ال ADJ" (agreeing);
//   - "I love", "I want", ... -> the first-person verb.
//
// A phrase of the glossary that contains a pattern's words (and cuts no other
// pattern) is left to the glossary, whose rows have each variety's wording
// ("great video" -> gulf "مقطع رهيب"). Nouns and adjectives are written in MSA
// for every variety; only the demonstratives follow the target variety.

type gWord struct {
	class  string   // n, npl, adj, v1, dem, phr
	ar, en []string // alternatives; the first is written
	female bool     // noun gender (npl: agreement), demonstrative's gender
	fem    string   // adjective: feminine form
	neg    string   // v1: negated English
}

const (
	gBare   = iota // form of an Arabic match: as written in the table
	gDef           // with the article ال
	gAndDef        // with و + ال
	gAnd           // with و
	gMy            // a noun with the pronoun suffix ي ("طلبي": my order)
	gYour          // a noun with the pronoun suffix ك ("قناتك": your channel)
	gForms
)

// suffixStem is the form of an Arabic noun a pronoun suffix joins: ة is
// written ت ("قناة" -> "قنات-ك"); "" for a noun ending in a long vowel,
// which takes a possessive word instead ("الفيديو بتاعي").
func suffixStem(a string) string {
	switch {
	case strings.HasSuffix(a, "ة"):
		return strings.TrimSuffix(a, "ة") + "ت"
	case strings.HasSuffix(a, "و"), strings.HasSuffix(a, "ا"), strings.HasSuffix(a, "ى"), strings.HasSuffix(a, "ي"):
		return ""
	}
	return a
}

// postDet is the English determiner of a word written after a definite
// noun: a dialect demonstrative ("الفيديو ده": this video; Egyptian and
// Levantine put it after the noun) or a possessive word ("الطلب بتاعي": my
// order); "" for any other word.
func postDet(key string) string {
	switch key {
	case "ده", "دي", "دا", "هاد", "هاي", "هادا", "هادي", "هذا", "هذه", "هذي":
		return "this"
	case "دول", "هدول", "هذول":
		return "these"
	case "بتاعي", "بتاعتي", "بتوعي", "تبعي", "تبعتي", "حقي", "حقتي":
		return "my"
	case "بتاعك", "بتاعتك", "بتوعك", "تبعك", "تبعتك", "حقك", "حقتك":
		return "your"
	case "بتاعنا", "بتاعتنا", "تبعنا", "تبعتنا", "حقنا":
		return "our"
	case "بتاعكم", "تبعكم", "حقكم":
		return "your"
	}
	return ""
}

var (
	gWords []gWord
	gArM   *matcher // Arabic form -> id*gForms + form
	gEnM   *matcher // English form -> id
)

func init() {
	gArM, gEnM = newMatcher(), newMatcher()
	seenEn := map[string]bool{}
	for _, f := range tsvRows("translate_words.tsv") {
		if len(f) < 3 {
			continue
		}
		for len(f) < 5 {
			f = append(f, "")
		}
		w := gWord{class: f[2], ar: strings.Split(f[0], "|"), en: strings.Split(f[1], "|"), female: f[3] == "f"}
		switch w.class {
		case "adj":
			w.fem = f[4]
			if fs := strings.Split(f[4], "|"); len(fs) > 1 {
				w.fem = fs[0] // the others are read only
				w.ar = append(w.ar, fs[1:]...)
			}
		case "v1", "w":
			w.neg = f[4]
		}
		gWords = append(gWords, w)
		id := len(gWords) - 1
		if w.class == "w" {
			continue // read after the glossary, Arabic -> English only (wordsArEn)
		}
		forms := append([]string{}, w.ar...)
		if w.fem != "" {
			forms = append(forms, w.fem)
		}
		for _, a := range forms {
			gArM.add(a, id*gForms+gBare, true)
			if w.class == "n" || w.class == "npl" || w.class == "adj" {
				// a definite form the glossary has as another word is left
				// to it ("اليوم": today, not "the day")
				if h := glArM.find(tokenize("ال" + a)); len(h) != 1 || h[0].tj != 1 || strings.HasPrefix(glRows[h[0].id].en, "the ") || containsStr(w.en, glRows[h[0].id].en) {
					gArM.add("ال"+a, id*gForms+gDef, true)
				}
				gArM.add("وال"+a, id*gForms+gAndDef, true)
				gArM.add("و"+a, id*gForms+gAnd, true)
			}
			if st := suffixStem(a); st != "" && (w.class == "n" || w.class == "npl") {
				gArM.add(st+"ي", id*gForms+gMy, true)
				gArM.add(st+"ك", id*gForms+gYour, true)
			}
			if w.class == "dem" {
				gArM.add("و"+a, id*gForms+gAnd, true)
			}
		}
		if w.class == "dem" {
			continue // English demonstratives are read by the patterns
		}
		for _, e := range w.en {
			k := strings.ToLower(e)
			if !seenEn[k] {
				seenEn[k] = true
				gEnM.add(e, id, true)
			}
		}
	}
}

// preVery: the varieties' intensifiers written before an adjective
// (Levantine كتير, Gulf وايد and مرة: "كتير حلوة", "مرة زين").
func preVery(key string) bool { return key == "كتير" || key == "وايد" || key == "مره" }

// isVery: جداً after an adjective is "very" before it, and so are the
// varieties' intensifiers after it (Egyptian أوي, Gulf وايد and مرة,
// Levantine كتير: "حلو أوي", "حلو مرة").
func isVery(key string) bool {
	switch key {
	case "جدا", "جدًا", "اوي", "وايد", "مره", "كتير", "كثير":
		return true
	}
	return false
}

func isNoun(w *gWord) bool { return w.class == "n" || w.class == "npl" }

// span is a replacement of text[start:end].
type span struct {
	start, end int
	out        string
}

func applySpans(text string, sp []span) string {
	if len(sp) == 0 {
		return text
	}
	var b strings.Builder
	prev := 0
	for _, s := range sp {
		b.WriteString(text[prev:s.start])
		b.WriteString(s.out)
		prev = s.end
	}
	b.WriteString(text[prev:])
	return b.String()
}

// indefArticle is "a" or "an" before the English word w.
func indefArticle(w string) string {
	l := strings.ToLower(w)
	if l == "" || !strings.ContainsRune("aeiou", rune(l[0])) || strings.HasPrefix(l, "use") || strings.HasPrefix(l, "uni") || strings.HasPrefix(l, "eu") {
		return "a"
	}
	return "an"
}

// grammarArEn writes the patterns of the package note in English; the rest
// of text is kept as it is for the glossary.
func grammarArEn(text string) string {
	toks := tokenize(text)
	hits := gArM.find(toks)
	prot := protectedSpans(text)
	at := make([]int, len(toks)) // token -> hit index + 1
	for k, h := range hits {
		if !inSpans(prot, toks[h.ti].start) {
			at[h.ti] = k + 1
		}
	}
	word := func(i int) (*gWord, int, bool) { // the table word starting at token i, its form
		if i < 0 || i >= len(toks) || at[i] == 0 {
			return nil, 0, false
		}
		h := hits[at[i]-1]
		return &gWords[h.id/gForms], h.id % gForms, true
	}
	next := func(i int) int { return hits[at[i]-1].tj } // token after the hit at i
	var sp []span
	for i := 0; i < len(toks); {
		w, form, ok := word(i)
		if !ok {
			// أنا / لا / ما before a first-person verb
			if v, vf, ok2 := word(i + 1); ok2 && v.class == "v1" && vf == gBare {
				out := ""
				switch toks[i].key {
				case "انا", "نحن":
					// the pronoun is in the verb's English, when it is the verb's person
					if strings.HasPrefix(v.en[0], "I ") == (toks[i].key == "انا") {
						out = v.en[0]
					}
				case "لا", "ما":
					out = v.neg
				case "ولا", "وما":
					out = "and " + v.neg
				}
				if out != "" {
					sp = append(sp, span{toks[i].start, toks[i+1].end, out})
					i += 2
					continue
				}
			}
			i++
			continue
		}
		and := ""
		if form == gAnd || form == gAndDef {
			and = "and "
		}
		def := form == gDef || form == gAndDef || form == gMy || form == gYour
		j := next(i)
		switch w.class {
		case "phr", "v1":
			sp = append(sp, span{toks[i].start, toks[j-1].end, and + w.en[0]})
			i = j
			continue
		case "adj":
			out := w.en[0]
			if def {
				out = "the " + out
			}
			start := toks[i].start
			if p := i - 1; def && and == "" && p >= 0 && at[p] == 0 && toks[p].arabic && strings.HasPrefix(toks[p].key, "ال") &&
				strings.TrimSpace(text[toks[p].end:toks[i].start]) == "" && (len(sp) == 0 || sp[len(sp)-1].end <= toks[p].start) {
				// a definite adjective after a definite noun the table does
				// not know goes before it, as in English: "المجهود الرائع"
				// -> "the amazing المجهود" (the noun left as written)
				start, out = toks[p].start, out+" "+text[toks[p].start:toks[p].end]
				if a, af, ok := word(j); ok && a.class == "adj" && af == gBare {
					out += " is " + a.en[0] // "الكاميرا الجديدة ممتازة"
					j = next(j)
				}
			}
			sp = append(sp, span{start, toks[j-1].end, and + out})
			i = j
			continue
		}
		// a noun phrase: [dem] noun adj*
		det, subj, plural := "", "", false
		nounAt := i
		if w.class == "dem" {
			n, nf, ok := word(j)
			if !ok || !isNoun(n) || nf != gDef && nf != gBare {
				sp = append(sp, span{toks[i].start, toks[j-1].end, and + w.en[0]})
				i = j
				continue
			}
			if nf == gBare {
				// a demonstrative before an indefinite noun is the subject:
				// "هذا فيديو رائع" -> "this is an amazing video"
				subj = w.en[0] + " is "
				if n.class == "npl" {
					subj = map[string]string{"this": "these are ", "that": "those are "}[w.en[0]]
				}
				w, def, nounAt = n, false, j
			} else {
				det, w, def, nounAt = w.en[0], n, true, j
			}
			j = next(j)
		}
		if form == gMy {
			det = "my"
		} else if form == gYour {
			det = "your"
		}
		// a demonstrative or possessive word after a definite noun
		if def && det == "" && j < len(toks) && strings.TrimSpace(text[toks[j-1].end:toks[j].start]) == "" {
			if pd := postDet(toks[j].key); pd != "" {
				det = pd
				j++
			}
		}
		plural = w.class == "npl"
		if det != "" && plural {
			if pl, ok := map[string]string{"this": "these", "that": "those", "هؤلاء": "these"}[det]; ok {
				det = pl
			} else if det != "my" && det != "your" && det != "our" && det != "these" {
				det = "these"
			}
		}
		var adjs []string
		joined := false
		for {
			a, af, ok := word(j)
			if !ok || a.class != "adj" {
				break
			}
			adef := af == gDef || af == gAndDef
			if adef != def {
				break
			}
			if af == gAnd || af == gAndDef {
				if len(adjs) == 0 {
					break
				}
				joined = true
			}
			adjs = append(adjs, a.en[0])
			j = next(j)
			if j < len(toks) && isVery(toks[j].key) {
				adjs[len(adjs)-1] = "very " + adjs[len(adjs)-1]
				j++
			}
		}
		if joined {
			adjs = []string{strings.Join(adjs[:len(adjs)-1], ", ") + " and " + adjs[len(adjs)-1]}
		} else {
			for l, r := 0, len(adjs)-1; l < r; l, r = l+1, r-1 {
				adjs[l], adjs[r] = adjs[r], adjs[l]
			}
		}
		np := strings.Join(append(adjs, w.en[0]), " ")
		if n, nf, ok := word(j); ok && isNoun(n) && !def && form == gBare && det == "" && subj == "" && len(adjs) == 0 &&
			(nf == gDef || nf == gMy || nf == gYour) && strings.TrimSpace(text[toks[j-1].end:toks[j].start]) == "" {
			// a noun before a definite one is its construct state: "غرفة
			// الفندق" -> "the room of the hotel" (the next phrase is read next)
			sp = append(sp, span{toks[i].start, toks[j-1].end, and + "the " + np + " of"})
			i = j
			continue
		}
		switch {
		case det != "":
			np = det + " " + np
		case def:
			np = "the " + np
		case (len(adjs) > 0 || subj != "") && !plural:
			np = indefArticle(np) + " " + np
		}
		// a definite noun phrase + an indefinite adjective: a sentence
		if def {
			pre := ""
			if j+1 < len(toks) && preVery(toks[j].key) {
				// an intensifier before the adjective: "القناة كتير حلوة"
				if a, af, ok := word(j + 1); ok && a.class == "adj" && af == gBare {
					pre = "very "
					j++
				}
			}
			if a, af, ok := word(j); ok && a.class == "adj" && af == gBare {
				cop := " is " + pre
				if plural {
					cop = " are " + pre
				}
				np += cop + a.en[0]
				j = next(j)
				if pre == "" && j < len(toks) && isVery(toks[j].key) {
					np = strings.TrimSuffix(np, a.en[0]) + "very " + a.en[0]
					j++
				}
			}
		}
		_ = nounAt
		sp = append(sp, span{toks[i].start, toks[j-1].end, and + subj + np})
		i = j
	}
	return applySpans(text, sp)
}

// demAr is the demonstrative of each variety column: [this m, this f, that m, that f].
var demAr = [4][4]string{
	{"هذا", "هذه", "ذلك", "تلك"},   // msa
	{"هذا", "هذي", "ذاك", "ذيك"},   // gulf
	{"ده", "دي", "ده", "دي"},       // egyptian (after the noun)
	{"هاد", "هاي", "هداك", "هديك"}, // levantine
}

// veryAr: "very" after an adjective in each variety column.
var veryAr = [4]string{"جداً", "وايد", "أوي", "كتير"}

// possIndex is 0, 1, 2 for the English possessive determiners my, your,
// our, else -1.
func possIndex(det string) int {
	switch det {
	case "my":
		return 0
	case "your":
		return 1
	case "our":
		return 2
	}
	return -1
}

// possSuffix: the pronoun suffixes of my, your, our.
var possSuffix = [3]string{"ي", "ك", "نا"}

// possAr: the possessive word of each variety column for my, your, our,
// after a masculine and a feminine noun.
var possAr = [4][3][2]string{
	{{"الخاص بي", "الخاصة بي"}, {"الخاص بك", "الخاصة بك"}, {"الخاص بنا", "الخاصة بنا"}}, // msa
	{{"حقي", "حقتي"}, {"حقك", "حقتك"}, {"حقنا", "حقتنا"}},                               // gulf
	{{"بتاعي", "بتاعتي"}, {"بتاعك", "بتاعتك"}, {"بتاعنا", "بتاعتنا"}},                   // egyptian
	{{"تبعي", "تبعتي"}, {"تبعك", "تبعتك"}, {"تبعنا", "تبعتنا"}},                         // levantine
}

// withArticle writes ال before an Arabic word.
func withArticle(a string) string { return "ال" + a }

// adjAr is the adjective w agreeing with a noun of the given gender.
func adjAr(w *gWord, female bool) string {
	if !female {
		return w.ar[0]
	}
	if w.fem != "" {
		return w.fem
	}
	return w.ar[0] + "ة"
}

// grammarEnAr writes the English patterns of the package note in Arabic of
// variety column col; the rest of text is kept for the glossary.
func grammarEnAr(text string, col int) string {
	toks := tokenize(text)
	hits := gEnM.find(toks)
	prot := protectedSpans(text)
	at := make([]int, len(toks))
	for k, h := range hits {
		if !inSpans(prot, toks[h.ti].start) {
			at[h.ti] = k + 1
		}
	}
	word := func(i int) (*gWord, bool) {
		if i < 0 || i >= len(toks) || at[i] == 0 {
			return nil, false
		}
		return &gWords[hits[at[i]-1].id], true
	}
	next := func(i int) int { return hits[at[i]-1].tj }
	type pat struct {
		ti, tj int
		out    string
	}
	var pats []pat
	for i := 0; i < len(toks); {
		if (toks[i].key == "very" || toks[i].key == "so") && i+1 < len(toks) {
			// very ADJ (no noun after): the intensifier after the adjective
			if a, ok := word(i + 1); ok && a.class == "adj" {
				if _, isN := word(next(i + 1)); !isN {
					pats = append(pats, pat{i, next(i + 1), a.ar[0] + " " + veryAr[col]})
					i = next(i + 1)
					continue
				}
			}
		}
		det := ""
		switch toks[i].key {
		case "this", "that", "these", "those", "the", "a", "an", "my", "your", "our":
			det = toks[i].key
		}
		j := i
		if det != "" {
			j = i + 1
		}
		var adjs []*gWord
		for {
			a, ok := word(j)
			if !ok || a.class != "adj" {
				break
			}
			// an adjective that is also a noun's English ("old" is not) ends here
			adjs = append(adjs, a)
			j = next(j)
		}
		n, ok := word(j)
		if !ok || !isNoun(n) {
			if det == "" && len(adjs) == 0 {
				if w, ok := word(i); ok && (w.class == "v1" || w.class == "phr") {
					pats = append(pats, pat{i, next(i), w.ar[0]})
					i = next(i)
					continue
				}
			}
			if det == "" && len(adjs) > 0 {
				// adjectives with no noun of the table ("it was fast"):
				// written alone, masculine
				var ws []string
				for _, a := range adjs {
					ws = append(ws, a.ar[0])
				}
				pats = append(pats, pat{i, j, strings.Join(ws, " ")})
				i = j
				continue
			}
			i++
			continue
		}
		j = next(j)
		female := n.female
		noun := n.ar[0]
		poss := possIndex(det)
		def := det == "this" || det == "that" || det == "these" || det == "those" || det == "the" || poss >= 0
		var parts []string
		possWord := ""
		switch {
		case poss >= 0 && suffixStem(noun) != "":
			// my/your/our NOUN: the pronoun suffix ("my order" -> "طلبي")
			parts = append(parts, suffixStem(noun)+possSuffix[poss])
		case poss >= 0:
			// a noun ending in a long vowel takes the variety's possessive
			// word after its adjectives ("my video" -> Egyptian "الفيديو بتاعي")
			parts = append(parts, withArticle(noun))
			g := 0
			if female {
				g = 1
			}
			possWord = possAr[col][poss][g]
		case def:
			parts = append(parts, withArticle(noun))
		default:
			parts = append(parts, noun)
		}
		for k := len(adjs) - 1; k >= 0; k-- { // Arabic order: the English order reversed
			a := adjAr(adjs[k], female)
			if def {
				a = withArticle(a)
			}
			parts = append(parts, a)
		}
		if possWord != "" {
			parts = append(parts, possWord)
		}
		np := strings.Join(parts, " ")
		if det != "" && det != "the" && det != "a" && det != "an" && poss < 0 {
			d := 0
			if det == "that" || det == "those" {
				d = 2
			}
			if female {
				d++
			}
			if col == dialectCol["egyptian"] {
				np = np + " " + demAr[col][d]
			} else {
				np = demAr[col][d] + " " + np
			}
		}
		// the NOUN is ADJ: the predicate agrees
		// (the NOUN is very ADJ: the variety's intensifier after it)
		if def && j+1 < len(toks) && (toks[j].key == "is" || toks[j].key == "are") {
			k, very := j+1, false
			if k+1 < len(toks) && (toks[k].key == "very" || toks[k].key == "so") {
				k, very = k+1, true
			}
			if a, ok := word(k); ok && a.class == "adj" && next(k) <= len(toks) {
				if _, isN := word(next(k)); !isN {
					np += " " + adjAr(a, female)
					if very {
						np += " " + veryAr[col]
					}
					j = next(k)
				}
			}
		}
		if det == "" && len(adjs) == 0 {
			// a bare noun: the glossary's, or the table's
			np = noun
		}
		pats = append(pats, pat{i, j, np})
		i = j
	}
	// a glossary phrase holding a pattern (and cutting no other) keeps its wording
	gl := glEnM.find(toks)
	cuts := func(a, b int) bool {
		// pats are in text order and do not overlap: look only at those near [a,b)
		k := sort.Search(len(pats), func(k int) bool { return pats[k].tj > a })
		for ; k < len(pats) && pats[k].ti < b; k++ {
			if !(a <= pats[k].ti && pats[k].tj <= b) {
				return true
			}
		}
		return false
	}
	var sp []span
	for _, p := range pats {
		inGl := false
		for _, g := range gl {
			if g.ti <= p.ti && p.tj <= g.tj && !cuts(g.ti, g.tj) {
				inGl = true
				break
			}
		}
		if inGl || inSpans(prot, toks[p.ti].start) {
			continue
		}
		sp = append(sp, span{toks[p.ti].start, toks[p.tj-1].end, p.out})
	}
	return applySpans(text, sp)
}

// Arabic -> English words read after the glossary (translate.go): the
// table's class w (a word or fixed phrase of the comments, read in this
// direction only: function words, dialect verb forms, time spans,
// formulas; extra = its English after a negator) and, for a word no table
// knows as written, its clitics around a word of the table: the
// conjunctions و "and" and ف "so", the article ال "the" and the
// prepositions joined to it (بال "in the", لل "for the", عال "on the"),
// ب "with" and ل "for" before a noun, and a noun's pronoun suffix
// ("فلوسي" -> "my money", "بطلبك" -> "with your order").
var (
	arWM   *matcher       // class w forms -> gWords id
	arStem map[string]int // folded bare form of a w, n, npl or adj word -> gWords id
)

func init() {
	arWM, arStem = newMatcher(), map[string]int{}
	for id := range gWords {
		w := &gWords[id]
		switch w.class {
		case "w", "n", "npl", "adj":
		default:
			continue
		}
		forms := append([]string{}, w.ar...)
		if w.fem != "" {
			forms = append(forms, w.fem)
		}
		for _, a := range forms {
			if w.class == "w" {
				arWM.add(a, id, true)
			}
			k := foldKey(a)
			if _, ok := arStem[k]; !ok && !strings.Contains(k, " ") {
				arStem[k] = id
			}
		}
	}
}

// startsWordPhrase: a phrase of class w of more than one word starts at
// toks[i] ("ما شاء الله"): its ما is no negator.
func startsWordPhrase(toks []token, i int) bool {
	for _, h := range arWM.find(toks[i:]) {
		return h.ti == 0 && h.tj > 1
	}
	return false
}

// arNegatorOf: key is a negator after which a word of class w is written
// in its negated English (negMark stands for ما), and the English of a و
// joined to it ("وما", "ولم": "and ").
func arNegatorOf(key string) (bool, string) {
	and := ""
	if k, ok := strings.CutPrefix(key, "و"); ok && k != "" {
		key, and = k, "and "
	}
	switch key {
	case "negx", "مش", "مو", "مب", "لم", "ما", "لا", "ماني", "ماهو", "مهو":
		return true, and
	}
	return false, ""
}

var (
	// clitics before a word: the article forms take a noun or adjective
	arArticlePre = [][2]string{{"وبال", "and in the "}, {"وال", "and the "}, {"فال", "so the "}, {"بال", "in the "}, {"لل", "for the "}, {"عال", "on the "}, {"كال", "like the "}, {"ال", "the "}}
	arNounPre    = [][2]string{{"وب", "and with "}, {"ول", "and for "}, {"ب", "with "}, {"ل", "for "}, {"و", "and "}, {"ف", "so "}}
	arWordPre    = [][2]string{{"و", "and "}, {"ف", "so "}}
	// a noun's pronoun suffixes
	arPossSuf = [][2]string{{"كم", "your"}, {"كن", "your"}, {"هم", "their"}, {"ها", "its"}, {"نا", "our"}, {"ي", "my"}, {"ك", "your"}, {"ه", "its"}}
)

// glossWord reads a word no table knows as written through its clitics
// around a word of the table (see arWM); ok false when it finds none.
func glossWord(key string) (string, bool) {
	look := func(k string) (*gWord, bool) {
		if utf8.RuneCountInString(k) < 2 {
			return nil, false
		}
		if id, ok := arStem[k]; ok {
			return &gWords[id], true
		}
		return inflected(k, false)
	}
	nounLike := func(w *gWord) bool { return w.class == "n" || w.class == "npl" || w.class == "adj" }
	// noun + pronoun suffix, with or without a preposition or conjunction before it
	suffixed := func(k string) (string, bool) {
		for _, s := range arPossSuf {
			st, ok := strings.CutSuffix(k, s[0])
			if !ok {
				continue
			}
			cands := []string{st}
			if t, ok := strings.CutSuffix(st, "ت"); ok {
				cands = append(cands, t+"ه") // ة is written ت before a suffix
			}
			if t, ok := strings.CutSuffix(st, "ا"); ok {
				cands = append(cands, t+"ي") // and ى is written ا ("محتواك")
			}
			for _, c := range cands {
				if s[0] == "ه" && utf8.RuneCountInString(c) < 3 {
					continue // a short stem + ه is mostly a word ending in ة ("لبنة" is no ل + بن + ه)
				}
				if w, ok := look(c); ok && isNoun(w) {
					return s[1] + " " + w.en[0], true
				}
			}
		}
		return "", false
	}
	if w, ok := look(key); ok {
		return w.en[0], true
	}
	if k, ok := strings.CutSuffix(key, "ا"); ok {
		// the accusative's alif ("موعدا", "رديئا")
		if w, ok := look(k); ok && nounLike(w) {
			return w.en[0], true
		}
	}
	if s, ok := suffixed(key); ok {
		return s, true
	}
	for _, p := range arArticlePre {
		if rest, ok := strings.CutPrefix(key, foldKey(p[0])); ok {
			if w, ok := look(rest); ok && nounLike(w) {
				return p[1] + w.en[0], true
			}
			if w, ok := inflected(rest, true); ok {
				return p[1] + w.en[0], true
			}
		}
	}
	for _, p := range arNounPre {
		rest, ok := strings.CutPrefix(key, p[0])
		if !ok {
			continue
		}
		if w, ok := look(rest); ok && (nounLike(w) || p[0] == "و" || p[0] == "ف") {
			return p[1] + w.en[0], true
		}
		if s, ok := suffixed(rest); ok {
			return p[1] + s, true
		}
	}
	return "", false
}

// wordsArEn writes in English the words of class w and the words read
// through their clitics (glossWord) left in text after the glossary; a
// word of class w after a negator takes its negated English ("ما وصل" ->
// "didn't arrive").
func wordsArEn(text string) string { return readWordsArEn(text, false) }

// phrasesArEn is the part of wordsArEn read before the negators and the
// glossary: the phrases of class w of more than one word ("ما شاء الله" is
// not "do not" + شاء + God) and a negator + a word with a negated English
// ("ما وصل" -> "didn't arrive"), but for a longer phrase of the glossary
// starting at the same word.
func phrasesArEn(text string) string { return readWordsArEn(text, true) }

func readWordsArEn(text string, early bool) string {
	toks := tokenize(text)
	var glEnd []int // early: the end of a glossary phrase starting at each token
	if early {
		glEnd = make([]int, len(toks))
		for _, h := range glArM.find(toks) {
			glEnd[h.ti] = h.tj
		}
	}
	prot := protectedSpans(text)
	hits := arWM.find(toks)
	at := make([]int, len(toks))
	for k, h := range hits {
		if !inSpans(prot, toks[h.ti].start) {
			at[h.ti] = k + 1
		}
	}
	var sp []span
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if inSpans(prot, t.start) {
			continue
		}
		if neg, and := arNegatorOf(t.key); neg && (at[i] == 0 || hits[at[i]-1].tj == i+1) {
			// a negator + a word with a negated English, the progressive
			// عم between them ("ما عم يوصلني")
			j := i + 1
			for j < len(toks) && at[j] != 0 && hits[at[j]-1].tj == j+1 && gWords[hits[at[j]-1].id].en[0] == "" {
				j++
			}
			if j < len(toks) && at[j] != 0 && !strings.ContainsAny(text[t.end:toks[j].start], ".,!?؟،:;") {
				h := hits[at[j]-1]
				if w := &gWords[h.id]; w.neg != "" && (!early || glEnd[i] < h.tj) {
					sp = append(sp, span{t.start, toks[h.tj-1].end, and + w.neg})
					i = h.tj - 1
					continue
				}
			}
		}
		if at[i] != 0 {
			h := hits[at[i]-1]
			if early && (h.tj-h.ti < 2 || glEnd[i] >= h.tj) {
				continue
			}
			end, en := toks[h.tj-1].end, gWords[h.id].en[0]
			if en == "" {
				// a word with no English ("هل", the progressive عم): its space goes too
				for end < len(text) && text[end] == ' ' {
					end++
				}
			}
			sp = append(sp, span{t.start, end, en})
			i = h.tj - 1
			continue
		}
		if early || !t.arabic {
			continue
		}
		// a word of class w after a conjunction joined to it, else a word
		// of the table through its clitics
		done := false
		for _, p := range arWordPre {
			rest, ok := strings.CutPrefix(t.key, p[0])
			if !ok || utf8.RuneCountInString(rest) < 2 {
				continue
			}
			if rt := tokenize(rest); len(rt) == 1 {
				if rh := arWM.find(rt); len(rh) == 1 {
					sp = append(sp, span{t.start, t.end, strings.TrimSpace(p[1] + gWords[rh[0].id].en[0])})
					done = true
					break
				}
			}
		}
		if en, ok := glossWord(t.key); ok && !done {
			sp = append(sp, span{t.start, t.end, en})
		}
	}
	return applySpans(text, sp)
}

// particlesArEn reads, after the grammar and before the glossary, two
// particles the glossary has in another sense: من is "from" but at the
// start of a question ("من أنت؟": who), أي before a word is "any" ("which"
// in a question), not the Levantine "yes" (إي); a glossary phrase starting
// with them ("من فضلك") is left to the glossary.
func particlesArEn(text string) string {
	toks := tokenize(text)
	glEnd := make([]int, len(toks))
	for _, h := range glArM.find(toks) {
		glEnd[h.ti] = h.tj
	}
	prot := protectedSpans(text)
	question := hasQuestionMark(text)
	var sp []span
	for i, t := range toks {
		if !t.arabic || glEnd[i] > i+1 || inSpans(prot, t.start) {
			continue
		}
		switch {
		case (t.key == "من" || t.key == "ومن") && !(i == 0 && question):
			sp = append(sp, span{t.start, t.end, map[string]string{"من": "from", "ومن": "and from"}[t.key]})
		case t.key == "اي" && i+1 < len(toks) && !toks[i+1].emoji && toks[i+1].key != "والله" &&
			strings.TrimSpace(text[t.end:toks[i+1].start]) == "":
			en := "any"
			if question {
				en = "which"
			}
			sp = append(sp, span{t.start, t.end, en})
		}
	}
	return applySpans(text, sp)
}

// tidyEnglish is the last step of Arabic -> English: the pronoun I is
// written in capitals (the glossary's "i want"), a pronoun read twice (أنا
// + a verb whose English has it: "i I ordered") once, and "something" within
// four words after a negation is "anything" ("ما وصلني شي").
func tidyEnglish(s string) string {
	ws := strings.Split(s, " ")
	out := ws[:0]
	for i, w := range ws {
		if w == "i" {
			w = "I"
		}
		if len(out) > 0 && (w == "I" || w == "we" || w == "you") && out[len(out)-1] == w && i+1 < len(ws) {
			continue
		}
		if w == "the" && len(out) > 1 && out[len(out)-1] == "same" && out[len(out)-2] == "the" {
			continue // نفس + a definite noun: "the same problem"
		}
		if (w == "a" || w == "an") && len(out) > 0 && i+1 < len(ws) && isDeterminer(out[len(out)-1]) {
			continue // an article of the glossary after one read before it ("الأسبوع": the a week)
		}
		if w == "on" && len(out) > 0 && i+1 < len(ws) && answerVerb(out[len(out)-1]) {
			switch ws[i+1] {
			case "me", "us", "the", "my", "our", "your", "his", "its":
				continue // رد على: to answer (someone), not "answer on"
			}
		}
		out = append(out, w)
	}
	neg := -10
	for i, w := range out {
		switch strings.ToLower(strings.Trim(w, ".,!?")) {
		case "not", "don't", "doesn't", "didn't", "haven't", "hasn't", "isn't", "can't", "won't", "no", "nobody":
			neg = i
		case "something":
			if i-neg <= 4 {
				out[i] = strings.Replace(w, "something", "anything", 1)
			}
		}
	}
	return strings.Join(out, " ")
}

func isDeterminer(w string) bool {
	switch strings.ToLower(w) {
	case "the", "a", "an", "my", "your", "our", "his", "her", "its", "their", "this", "that", "these", "those", "every":
		return true
	}
	return false
}

func answerVerb(w string) bool {
	switch w {
	case "answer", "answers", "answered", "reply", "replies", "replied":
		return true
	}
	return false
}

// inflected reads a form of a noun or adjective of the table the table
// does not list: the sound plurals (ات of a feminine noun or a masculine
// one, "وجبات" -> "meals"; ين/ون of a noun or an adjective, "مدربين" ->
// "coaches", "محترمين" -> "respectful") and the feminine ة of a masculine
// noun or adjective after the article ("المدربة" -> "the coach"; without it
// a final ه is read as the pronoun suffix: "سعره", its price). Nouns take
// ين/ون when they are participles (م..., "موظفين", "مدربين"): other nouns
// end so by themselves ("البحرين", "زيتون"). The word returned is a copy
// with the English of that form.
func inflected(k string, definite bool) (*gWord, bool) {
	get := func(stem string) (*gWord, bool) {
		if utf8.RuneCountInString(stem) < 2 {
			return nil, false
		}
		id, ok := arStem[stem]
		if !ok {
			return nil, false
		}
		return &gWords[id], true
	}
	plural := func(w *gWord) (*gWord, bool) {
		c := *w
		c.class, c.en = "npl", []string{englishPlural(w.en[0])}
		return &c, true
	}
	if st, ok := strings.CutSuffix(k, "ات"); ok && utf8.RuneCountInString(st) >= 3 {
		for _, c := range []string{st + "ه", st} {
			if w, ok := get(c); ok && w.class == "n" {
				return plural(w)
			}
		}
	}
	for _, sf := range []string{"ين", "ون"} {
		if st, ok := strings.CutSuffix(k, sf); ok {
			if w, ok := get(st); ok {
				switch w.class {
				case "adj":
					return w, true
				case "n":
					if strings.HasPrefix(st, "م") {
						return plural(w)
					}
				}
			}
		}
	}
	if st, ok := strings.CutSuffix(k, "ه"); ok && definite {
		if w, ok := get(st); ok && (w.class == "n" || w.class == "adj") {
			return w, true
		}
	}
	return nil, false
}

// englishPlural is the regular plural of an English noun (of its last word).
func englishPlural(e string) string {
	l := strings.ToLower(e)
	switch {
	case strings.HasSuffix(l, "y") && len(l) > 1 && !strings.ContainsRune("aeiou", rune(l[len(l)-2])):
		return e[:len(e)-1] + "ies"
	case strings.HasSuffix(l, "s"), strings.HasSuffix(l, "x"), strings.HasSuffix(l, "ch"), strings.HasSuffix(l, "sh"):
		return e + "es"
	}
	return e + "s"
}
