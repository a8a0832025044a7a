package builtin

import (
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Synonym groups (data/synonyms.tsv): a concept and its English and Arabic
// words, the bilingual glossary of the words categories use.
type synGroup struct {
	concept string
	words   []string // folded keys (multi-word phrases joined by spaces)
}

var (
	synGroups  []synGroup
	synByWord  = map[string][]int{}
	rubricStop = map[string]bool{}
)

func init() {
	for _, f := range tsvRows("synonyms.tsv") {
		if len(f) < 2 {
			continue
		}
		g := synGroup{concept: f[0]}
		for _, w := range strings.Split(f[1], "|") {
			if k := foldKey(w); k != "" {
				g.words = append(g.words, k)
			}
		}
		synGroups = append(synGroups, g)
		gi := len(synGroups) - 1
		for _, w := range g.words {
			for _, form := range wordForms(w) {
				if !containsInt(synByWord[form], gi) {
					synByWord[form] = append(synByWord[form], gi)
				}
			}
		}
	}
	for _, w := range strings.Fields("a an the of for and or to about with in on at by from is are be this that these those any all some it its as e.g eg etc " +
		"comment comments text message messages post posts user users customer customers people someone something related regarding mentions mention " +
		"new want wanted other others more less very " +
		"من في على عن الى او و ال هذا هذه ذلك التي الذي كل اي تعليق تعليقات المستخدم المستخدمين") {
		rubricStop[foldKey(w)] = true
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Rubric cost bounds (issue 26: the rubric must cost about what classify
// costs, whatever the caller sends). With them a request at the documented
// maxima (20 categories, 2,000-character descriptions, a 5,000-character
// text) stays within a few milliseconds (BenchmarkRubricMax).
const (
	// maxNameWords and maxDescWords: the content words a category's name and
	// description contribute, in order of appearance (a description is a
	// hint, not a document: its first words carry it).
	maxNameWords = 8
	maxDescWords = 24
	// maxGroups: the synonym groups one category expands into.
	maxGroups = 8
	// maxPosting: a character trigram shared by more distinct text words
	// than this is not used for near-spelling matches (it tells nothing).
	maxPosting = 48
	// maxTrigramWord: longer words take no part in near-spelling matches.
	maxTrigramWord = 32
)

// Match strengths of a keyword against a text word (times the keyword's
// weight).
const (
	matchExact = 1.0  // same word, stem or clitic-stripped form
	matchAffix = 0.85 // the text word's light root is the keyword itself
	matchRoot  = 0.55 // same light root (Arabic affixes and long vowels removed)
)

// stem strips common English inflections and the Arabic article for fuzzy
// keyword comparison.
func stem(k string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(k) > len(suf)+3 && strings.HasSuffix(k, suf) {
			return k[:len(k)-len(suf)]
		}
	}
	if strings.HasPrefix(k, "ال") && utf8.RuneCountInString(k) > 4 {
		return strings.TrimPrefix(k, "ال")
	}
	return k
}

// wordForms lists the exact-match forms of a folded word: itself, its stem
// and, for Arabic, its clitic-stripped forms.
func wordForms(k string) []string {
	out := []string{k}
	if s := stem(k); s != k {
		out = append(out, s)
	}
	if k != "" && k[0] >= 0x80 {
		for _, s := range arabicStrips(k) {
			if !containsStr(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

func containsStr(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Light Arabic root: the word without its article, verbal and derivational
// prefixes, pronoun and plural suffixes and inner long vowels, so that
// اتأخر, تأخير and متأخر (and والخصم, اتخصم) meet. Only results of 3 or 4
// letters are roots; the match is weaker than an exact one, since unrelated
// words share short roots.
var (
	rootArticles = []string{"وال", "بال", "فال", "كال", "لل", "ال"}
	rootVerbal   = []string{"است", "مست", "ات", "مت", "يت", "نت", "تت", "ي", "ت", "ن", "م"}
	rootSuffixes = []string{"تها", "ته", "ها", "هم", "كم", "نا", "ين", "ون", "ات", "ان", "وا", "يه", "ه", "ك", "ي", "ت"}
)

func arRoot(k string) string {
	if k == "" || k[0] < 0x80 {
		return ""
	}
	rs := []rune(k)
	strip := func(ps []string, front bool) {
		for _, p := range ps {
			pr := []rune(p)
			if len(rs)-len(pr) < 3 {
				continue
			}
			if front && string(rs[:len(pr)]) == p {
				rs = rs[len(pr):]
				return
			}
			if !front && string(rs[len(rs)-len(pr):]) == p {
				rs = rs[:len(rs)-len(pr)]
				return
			}
		}
	}
	if len(rs) >= 5 && rs[0] == 'م' && rs[len(rs)-1] == 'ش' {
		// the negation circumfix of Egyptian and Levantine verbs (ما...ش
		// written as one word): موصلتش "did not arrive" is وصلت
		rs = rs[1 : len(rs)-1]
	}
	strip(rootArticles, true)
	strip(rootVerbal, true)
	strip(rootSuffixes, false)
	for i := 1; len(rs) > 3 && i < len(rs)-1; {
		if rs[i] == 'ا' || rs[i] == 'و' || rs[i] == 'ي' {
			rs = append(rs[:i], rs[i+1:]...)
			continue
		}
		i++
	}
	if len(rs) < 3 || len(rs) > 4 {
		return ""
	}
	return string(rs)
}

// textIndex indexes the words of one text once: exact forms, roots and
// character trigrams, each to the distinct words that have them.
type textIndex struct {
	words  []string           // distinct folded words
	exact  map[string][]int32 // form -> word ids
	root   map[string][]int32
	tri    map[uint64][]int32 // trigram -> word ids (words of 4+ runes)
	ntri   []int32            // trigram count per word id
	joined string             // " w1 w2 ... " for phrase keywords
}

func newTextIndex(toks []token) *textIndex {
	ix := &textIndex{exact: map[string][]int32{}, root: map[string][]int32{}, tri: map[uint64][]int32{}}
	ids := map[string]int32{}
	var b strings.Builder
	b.WriteByte(' ')
	var tg []uint64
	for i := range toks {
		k := toks[i].key
		b.WriteString(k)
		b.WriteByte(' ')
		if _, seen := ids[k]; seen || k == "" {
			continue
		}
		id := int32(len(ix.words))
		ids[k] = id
		ix.words = append(ix.words, k)
		for _, f := range wordForms(k) {
			ix.exact[f] = append(ix.exact[f], id)
		}
		for _, s := range toks[i].strips {
			if l := ix.exact[s]; len(l) == 0 || l[len(l)-1] != id {
				ix.exact[s] = append(ix.exact[s], id)
			}
		}
		if r := arRoot(k); r != "" {
			ix.root[r] = append(ix.root[r], id)
		}
		tg = trigramKeys(k, tg[:0])
		ix.ntri = append(ix.ntri, int32(len(tg)))
		if utf8.RuneCountInString(k) >= 4 {
			for _, t := range tg {
				ix.tri[t] = append(ix.tri[t], id)
			}
		}
	}
	ix.joined = b.String()
	return ix
}

// trigramKeys appends the distinct character 3-grams of " k " packed in
// uint64s (21 bits a rune). Words longer than maxTrigramWord runes have none
// (no near-spelling match: a bound on the cost of one absurd token).
func trigramKeys(k string, out []uint64) []uint64 {
	if utf8.RuneCountInString(k) > maxTrigramWord {
		return out
	}
	var a, b rune = 0, ' '
	n := 1 // runes of " k " seen so far
	push := func(c rune) {
		if n >= 2 {
			t := uint64(a)<<42 | uint64(b)<<21 | uint64(c)
			for _, x := range out {
				if x == t {
					goto shift
				}
			}
			out = append(out, t)
		}
	shift:
		a, b = b, c
		n++
	}
	for _, r := range k {
		push(r)
	}
	push(' ')
	return out
}

// wordGain is how well a keyword matches one text word (0..1).
type wordGain struct {
	id   int32
	gain float64
}

// rubricScratch is the per-request working memory.
type rubricScratch struct {
	ix    *textIndex
	cache map[string][]wordGain // keyword -> the text words it matches
	count []int32               // trigram overlap per word id
	best  []float64             // best gain per word id, one category
	hit   []int32               // word ids with best > 0
	tg    []uint64
}

// match returns the text words a single-word keyword matches and how well.
func (s *rubricScratch) match(kw string) []wordGain {
	if g, ok := s.cache[kw]; ok {
		return g
	}
	var out []wordGain
	add := func(id int32, g float64) {
		for i := range out {
			if out[i].id == id {
				out[i].gain = math.Max(out[i].gain, g)
				return
			}
		}
		out = append(out, wordGain{id, g})
	}
	for _, f := range wordForms(kw) {
		for _, id := range s.ix.exact[f] {
			add(id, matchExact)
		}
		for _, id := range s.ix.root[f] {
			add(id, matchAffix) // the text word is this word with affixes (اتخصم, خصم)
		}
	}
	if r := arRoot(kw); r != "" {
		for _, id := range s.ix.root[r] {
			add(id, matchRoot)
		}
	}
	if utf8.RuneCountInString(kw) >= 4 {
		s.tg = trigramKeys(kw, s.tg[:0]) // none for a word over maxTrigramWord
		var touched []int32
		for _, t := range s.tg {
			p := s.ix.tri[t]
			if len(p) > maxPosting {
				continue
			}
			for _, id := range p {
				if s.count[id] == 0 {
					touched = append(touched, id)
				}
				s.count[id]++
			}
		}
		for _, id := range touched {
			inter := float64(s.count[id])
			j := inter / (float64(len(s.tg)) + float64(s.ix.ntri[id]) - inter)
			if j >= 0.5 {
				add(id, j)
			}
			s.count[id] = 0
		}
	}
	s.cache[kw] = out
	return out
}

type keyword struct {
	key    string
	weight float64
}

// categoryKeywords returns the weighted keywords of a category (name words
// 1.0, description words 0.8, their glossary translations and synonyms 0.85
// of that) and its concepts, within the cost bounds above.
//
// topical is true when the name also has a content word outside the
// classifier's concepts ("App bugs", "Content requests"): the classifier's
// verdict then counts only beside evidence of the category's own words, or
// when no category's words are in the text (Rubric): a complaint about
// shoes, with the words of "Product quality", is no app bug, while a
// request naming no topic is still a content request.
func categoryKeywords(c op.RubricCategory) (kws []keyword, concepts []string, topical bool) {
	best := map[string]float64{}
	var order []string
	put := func(k string, w float64) {
		if old, ok := best[k]; !ok {
			order = append(order, k)
			best[k] = w
		} else if old < w {
			best[k] = w
		}
	}
	var expanded []int
	// expand adds the glossary groups of k; a category whose name names a
	// concept the classifier decides (named true) also takes its verdict
	expand := func(k string, w float64, named bool) {
		for _, f := range wordForms(k) {
			for _, gi := range synByWord[f] {
				g := synGroups[gi]
				if named && !op.In(g.concept, concepts) {
					concepts = append(concepts, g.concept)
				}
				if containsInt(expanded, gi) {
					continue
				}
				if len(expanded) >= maxGroups {
					return
				}
				expanded = append(expanded, gi)
				for _, gw := range g.words {
					put(gw, 0.85*w)
				}
			}
		}
	}
	addWords := func(s string, w float64, max int, named bool) {
		full := foldKey(firstFields(s, 3*max)) // stop words are skipped: read a few more
		n := 0
		for _, t := range strings.Fields(full) {
			if rubricStop[t] || utf8.RuneCountInString(t) < 2 {
				continue
			}
			if n++; n > max {
				break
			}
			put(t, w)
			expand(t, w, named)
			if named && !conceptWord(t) {
				topical = true
			}
		}
		if strings.Contains(full, " ") && len(full) < 64 {
			expand(full, w, named) // a phrase of the glossary ("customer service")
		}
	}
	addWords(c.Name, 1.0, maxNameWords, true)
	addWords(c.Description, 0.8, maxDescWords, false)
	kws = make([]keyword, 0, len(order))
	for _, k := range order {
		kws = append(kws, keyword{k, best[k]})
	}
	return kws, concepts, topical
}

// conceptWord: every glossary group of the folded word k names a concept
// the classifier decides (intent:*, sentiment:*, toxicity), and it has one.
func conceptWord(k string) bool {
	found := false
	for _, f := range wordForms(k) {
		for _, gi := range synByWord[f] {
			c := synGroups[gi].concept
			if !strings.HasPrefix(c, "intent:") && !strings.HasPrefix(c, "sentiment:") && c != "toxicity" {
				return false
			}
			found = true
		}
	}
	return found
}

// Rubric scores text against the caller's categories.
//
// Contract: every returned name is one of the request's names, verbatim;
// confidences are in 0..1 rounded to two decimals; none is below Threshold;
// highest confidence first (ties in rubric order); at most one when MultiLabel
// is false; an empty list is valid and never padded.
//
// Evidence per category: its keywords (name and description words, and
// their translations and synonyms from the bilingual glossary
// data/synonyms.tsv, at 0.85 of the word's weight) against the words of the text: the same word, stem or
// clitic-stripped form (full strength), a text word whose light Arabic root
// is the keyword (0.85), the same light root (0.55),
// or a near spelling (character-trigram Jaccard >= 0.5, at that strength).
// Each text word counts once per category, at its best keyword, and the
// words' gains add with diminishing returns (the i-th best counts 1/i); the
// classifier's verdict adds to categories that name a concept it decides
// (intents, sentiment, toxicity). Confidence is 1 - exp(-1.2 x evidence).
// Arabizi text is matched as its Arabic reading.
//
// Cost: the text is indexed once (forms, roots, trigrams -> words); each
// distinct keyword is looked up once per request; the keywords of a
// category are bounded (maxNameWords, maxDescWords, maxGroups).
func Rubric(req op.RubricRequest) op.RubricResult { return rubric(req, nil) }

// RubricDetected is Rubric for a caller that has already detected the text:
// d must be dialect.Detect(req.Text); the text is not detected again.
func RubricDetected(req op.RubricRequest, d op.Detection) op.RubricResult { return rubric(req, &d) }

// rubric is Rubric with the detection of req.Text when known (nil: detect
// here).
func rubric(req op.RubricRequest, known *op.Detection) op.RubricResult {
	text := req.Text
	x, d, ok := arabiziReadingDetected(req.Text, known)
	if ok {
		text = x.Text
	} else if !dialect.MayBeArabizi(req.Text) {
		d = detection(req.Text, known) // arabiziReading detected it otherwise
	}
	toks := tokenize(text)
	ix := newTextIndex(toks)
	s := &rubricScratch{ix: ix, cache: map[string][]wordGain{}, count: make([]int32, len(ix.words)), best: make([]float64, len(ix.words))}
	var cl *op.Classification
	classified := func() *op.Classification {
		if cl == nil {
			c := classify(op.ClassifyRequest{Text: req.Text}, &d) // d: the detection of req.Text
			cl = &c
		}
		return cl
	}

	type scored struct {
		name string
		conf float64
		idx  int
	}
	var out []scored
	var gains []float64
	type lexical struct {
		ev       float64
		concepts []string
		topical  bool
	}
	lex := make([]lexical, len(req.Categories))
	anyWords := false // some category's own words are in the text
	for ci, c := range req.Categories {
		kws, concepts, topical := categoryKeywords(c)
		s.hit = s.hit[:0]
		for _, kw := range kws {
			if strings.Contains(kw.key, " ") {
				if strings.Contains(ix.joined, " "+kw.key+" ") {
					gains = append(gains, kw.weight) // a phrase counts on its own
				}
				continue
			}
			for _, m := range s.match(kw.key) {
				g := m.gain * kw.weight
				if s.best[m.id] == 0 {
					s.hit = append(s.hit, m.id)
				}
				if g > s.best[m.id] {
					s.best[m.id] = g
				}
			}
		}
		for _, id := range s.hit {
			gains = append(gains, s.best[id])
			s.best[id] = 0
		}
		sort.Sort(sort.Reverse(sort.Float64Slice(gains)))
		ev := 0.0
		for i, g := range gains {
			ev += g / float64(i+1) // diminishing returns
		}
		gains = gains[:0]
		lex[ci] = lexical{ev, concepts, topical}
		anyWords = anyWords || ev > 0
	}
	for ci, c := range req.Categories {
		ev, concepts := lex[ci].ev, lex[ci].concepts
		verdict := 1.0
		if lex[ci].topical && ev == 0 && anyWords {
			concepts = nil // another category's words are in the text
		}
		for _, cc := range concepts {
			switch {
			case strings.HasPrefix(cc, "intent:"):
				if op.In(strings.TrimPrefix(cc, "intent:"), classified().Intent) {
					ev += verdict
				}
			case cc == "sentiment:positive", cc == "sentiment:negative":
				if cc == "sentiment:"+classified().Sentiment {
					ev += 0.8 * verdict
				}
			case cc == "toxicity":
				if t := classified().Toxicity; t == "moderate" || t == "severe" {
					ev += verdict
				}
			}
		}
		conf := round2(1 - math.Exp(-1.2*ev))
		if conf > 0 && conf >= req.Threshold {
			out = append(out, scored{c.Name, conf, ci})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].conf != out[j].conf {
			return out[i].conf > out[j].conf
		}
		return out[i].idx < out[j].idx
	})
	if !req.MultiLabel && len(out) > 1 {
		out = out[:1]
	}
	res := op.RubricResult{Categories: []op.RubricScore{}, Language: d.Language}
	for _, s := range out {
		res.Categories = append(res.Categories, op.RubricScore{Name: s.name, Confidence: s.conf})
	}
	names := make([]string, 0, len(res.Categories))
	for _, s := range res.Categories {
		names = append(names, s.Name)
	}
	res.Usage = op.Usage{Model: Model, TokensUsed: tokens(req.Text) + rubricTokens(req.Categories) + tokens(strings.Join(names, " "))}
	return res
}

// firstFields returns the prefix of s holding its first n white-space
// separated fields.
func firstFields(s string, n int) string {
	in := false
	for i, r := range s {
		sp := r == ' ' || r == '\t' || r == '\n' || r == '\r'
		if !sp && !in {
			if n == 0 {
				return s[:i]
			}
			n--
		}
		in = !sp
	}
	return s
}

func rubricTokens(cs []op.RubricCategory) int {
	n := 0
	for _, c := range cs {
		n += tokens(c.Name, c.Description)
	}
	return n
}
