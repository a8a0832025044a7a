package builtin

import (
	"math"
	"sort"
	"strings"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Synonym groups (data/synonyms.tsv): a concept and its English and Arabic words.
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
		for _, w := range g.words {
			synByWord[w] = append(synByWord[w], len(synGroups)-1)
		}
	}
	for _, w := range strings.Fields("a an the of for and or to about with in on at by from is are be this that these those any all some it its as e.g eg etc " +
		"comment comments text message messages post posts user users customer customers people someone something related regarding mentions mention " +
		"من في على عن الى او و ال هذا هذه ذلك التي الذي كل اي تعليق تعليقات المستخدم") {
		rubricStop[foldKey(w)] = true
	}
}

// stem strips common English inflections and the Arabic article for fuzzy
// keyword comparison.
func stem(k string) string {
	for _, suf := range []string{"ing", "ed", "es", "s"} {
		if len(k) > len(suf)+3 && strings.HasSuffix(k, suf) {
			return k[:len(k)-len(suf)]
		}
	}
	if strings.HasPrefix(k, "ال") && len([]rune(k)) > 4 {
		return strings.TrimPrefix(k, "ال")
	}
	return k
}

// trigrams returns the set of character 3-grams of " k ".
func trigrams(k string) map[string]bool {
	rs := []rune(" " + k + " ")
	m := map[string]bool{}
	for i := 0; i+3 <= len(rs); i++ {
		m[string(rs[i:i+3])] = true
	}
	return m
}

func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter := 0
	for k := range a {
		if b[k] {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

type keyword struct {
	key    string
	weight float64
}

// categoryKeywords returns the weighted keywords of a category (name words 1.0,
// description words 0.8, synonym expansions 0.7) and its concepts.
func categoryKeywords(c op.RubricCategory) ([]keyword, []string) {
	best := map[string]float64{}
	var concepts []string
	addWords := func(s string, w float64) {
		full := foldKey(s)
		for _, t := range strings.Fields(full) {
			if !rubricStop[t] && len([]rune(t)) >= 2 && best[t] < w {
				best[t] = w
			}
		}
		// synonym expansion by word and by whole phrase
		var keys []string
		keys = append(keys, strings.Fields(full)...)
		keys = append(keys, full)
		for _, k := range keys {
			for _, gi := range append(synByWord[k], synByWord[stem(k)]...) {
				g := synGroups[gi]
				if !op.In(g.concept, concepts) {
					concepts = append(concepts, g.concept)
				}
				for _, gw := range g.words {
					if best[gw] < 0.7*w {
						best[gw] = 0.7 * w
					}
				}
			}
		}
	}
	addWords(c.Name, 1.0)
	addWords(c.Description, 0.8)
	var kws []keyword
	for k, w := range best {
		kws = append(kws, keyword{k, w})
	}
	sort.Slice(kws, func(i, j int) bool { return kws[i].key < kws[j].key })
	return kws, concepts
}

// Rubric scores text against the caller's categories.
//
// Contract: every returned name is one of the request's names, verbatim;
// confidences are in 0..1 rounded to two decimals; none is below Threshold;
// highest confidence first (ties in rubric order); at most one when MultiLabel
// is false; an empty list is valid and never padded.
//
// Evidence per category: keyword hits of the text against the category's name
// and description words, expanded through a bilingual synonym table (exact,
// stemmed or clitic-stripped matches, and character-trigram similarity for
// near spellings), plus the classifier's verdict when the category names a
// concept it decides (intents, sentiment, toxicity). Confidence is
// 1 - exp(-1.2 x evidence).
func Rubric(req op.RubricRequest) op.RubricResult {
	d := dialect.Detect(req.Text)
	toks := tokenize(req.Text)
	type tk struct {
		keys []string
		tri  map[string]bool
	}
	var tt []tk
	var phrase []string
	for i := range toks {
		t := &toks[i]
		ks := []string{t.key, stem(t.key)}
		if t.arabic {
			ks = append(ks, arabicStrips(t.key)...)
		}
		tt = append(tt, tk{ks, trigrams(t.key)})
		phrase = append(phrase, t.key)
	}
	joined := " " + strings.Join(phrase, " ") + " "
	cl := Classify(op.ClassifyRequest{Text: req.Text})
	tx := analyzeTokens(req.Text, toks)

	type scored struct {
		name string
		conf float64
		idx  int
	}
	var out []scored
	for ci, c := range req.Categories {
		kws, concepts := categoryKeywords(c)
		ev := 0.0
		var gains []float64
		for _, kw := range kws {
			g := 0.0
			if strings.Contains(kw.key, " ") {
				if strings.Contains(joined, " "+kw.key+" ") {
					g = kw.weight
				}
			} else {
				kt := trigrams(kw.key)
				ks := stem(kw.key)
				for _, t := range tt {
					for _, k := range t.keys {
						if k == kw.key || k == ks {
							g = kw.weight
						}
					}
					if g < kw.weight && len([]rune(kw.key)) >= 4 {
						if s := jaccard(t.tri, kt); s >= 0.5 {
							g = math.Max(g, kw.weight*s)
						}
					}
				}
			}
			if g > 0 {
				gains = append(gains, g)
			}
		}
		sort.Sort(sort.Reverse(sort.Float64Slice(gains)))
		for i, g := range gains {
			ev += g / float64(i+1) // diminishing returns
		}
		for _, cc := range concepts {
			switch {
			case strings.HasPrefix(cc, "intent:") && op.In(strings.TrimPrefix(cc, "intent:"), cl.Intent):
				ev += 1.0
			case cc == "sentiment:positive" && cl.Sentiment == "positive", cc == "sentiment:negative" && cl.Sentiment == "negative":
				ev += 0.8
			case cc == "toxicity" && tx.maxNonSpam() >= 0.6:
				ev += 1.0
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

func rubricTokens(cs []op.RubricCategory) int {
	n := 0
	for _, c := range cs {
		n += tokens(c.Name, c.Description)
	}
	return n
}
