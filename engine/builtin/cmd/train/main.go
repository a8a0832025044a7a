// Command train learns the built-in engine's learned evidence (the linear
// heads of engine/builtin/learned.go) from the licensed corpora in
// <data>/train (see that directory's README for sources and licences) and
// writes engine/builtin/data/learned_*.tsv: weights only, never texts, each
// with a generated header naming its sources, licences and the SHA-256 of
// its inputs.
//
// Usage: train [-data DIR] [-out DIR] [-sent-ar SOURCES] [-sent-en SOURCES] [-mod-ar SOURCES]
//
// SOURCES is a comma-separated list of source keys (see the sources table
// below); "none" skips the head (its table is removed, so the rules answer
// alone). The defaults are the mix kept after measuring each source's
// contribution on the dev sets (docs/quality.md, "Learned evidence").
//
// The model: multinomial logistic regression over the features of
// builtin.Features (folded words and adjacent word pairs seen at least
// -min-count times), class-balanced, trained by AdaGrad with L2 over a fixed
// number of epochs in a fixed pseudo-random order: the output is a pure
// function of the inputs and flags.
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"svc/engine/builtin"
	"svc/engine/op"
)

// source is one training file with its licence and the labels it gives.
type source struct {
	file, name, licence string
	// label maps a row to a class ("" skips the row)
	label func(r row) string
	// repo: the file is in the repository (-corpus), not in <data>/train
	repo bool
}

type row struct {
	Text    string `json:"text"`
	Label   string `json:"label"`
	InDev   bool   `json:"in_dev"`
	Intent  string `json:"intent"` // the project's comments (corpus/comments.jsonl)
	Variety string `json:"variety"`
	Dialect string `json:"dialect"`
	Flagged bool   `json:"flagged"`
	// Sentiment: the project's comments' label (positive, negative, neutral, mixed)
	Sentiment string `json:"sentiment"`
	Priority  string `json:"priority"` // complaints: high or medium
	// Set: the project's comments' writer set ("blind1".."blind31": one
	// writer wrote every variety on one topic list; "brief": rounds 1-3)
	Set string `json:"set"`
	// Heads: "" for a row that trains every comment head; otherwise the
	// only sources it trains (rowHeads): "dialect" for round 6 of the
	// corpus, whose intent and sentiment labels moved the held-out sets down
	// where its dialect labels moved them up; "priority" for the complaints
	// of the sets written for priority (round 9), which train the priority
	// head alone (engine/builtin/corpus/README.md)
	Heads string `json:"heads"`
}

// rowHeads are, for each value of a row's Heads, the sources that row
// trains. A "dialect" row trains the priority head too: its labels moved
// the held-out complaints' priority up once the head was read only where
// it is all but sure (builtin.learnedHigh; corpus round 9).
var rowHeads = map[string]map[string]bool{
	"dialect":  {"comments-dialect": true, "comments-arabizi-dialect": true, "comments-priority": true},
	"priority": {"comments-priority": true},
	// the dialect heads alone: sets whose complaints moved the priority
	// head where the rules had decided (corpus round 11)
	"dialect-only": {"comments-dialect": true, "comments-arabizi-dialect": true},
}

func sentimentLabel(r row) string {
	switch r.Label {
	case "positive", "negative", "neutral":
		return r.Label
	}
	return ""
}

var sources = map[string]source{
	// in_dev rows also occur in an evaluation dev file (ArSarcasm reuses
	// ASTD tweets): left out so that dev figures do not flatter the mix
	"arsarcasm": {"arsarcasm_v2_sentiment.jsonl", "ArSarcasm-v2 (Abu Farha, Zaghouani & Magdy, WANLP 2021), iabufarha/ArSarcasm-v2 @ eb85513", "MIT",
		func(r row) string {
			if r.InDev {
				return ""
			}
			return sentimentLabel(r)
		}, false},
	"astad":      {"astad_sentiment.jsonl", "ASTAD Arabic tweets labelled by emoji (Abu Kwaik, Saad et al. 2020), motazsaad/arabic-sentiment-analysis @ 5ea372a", "Apache-2.0", sentimentLabel, false},
	"goemotions": {"goemotions_sentiment.jsonl", "GoEmotions (Demszky et al., ACL 2020), Google Research", "CC BY 4.0", sentimentLabel, false},
	"mpold":      {"mpold_moderation.jsonl", "MPOLD (Chowdhury et al., LREC 2020), shammur/Arabic-Offensive-Multi-Platform-SocialMedia-Comment-Dataset @ 7c5a7d2", "Apache-2.0", modLabel, false},
	"mlma":       {"mlma_ar_moderation.jsonl", "MLMA hate speech, Arabic (Ousidhoum et al., EMNLP 2019), HKUST-KnowComp/MLMA_hate_speech @ 4798369", "MIT", modLabel, false},
	"osact2020":  {"osact2020_moderation.jsonl", "OSACT 2020 shared task (Mubarak et al.), motazsaad/arabic-hatespeech-data @ a6c43a8", "CC BY 4.0", modLabel, false},
	// round 18: licensed dialect corpora, a weighted prior of the comment
	// dialect head (-dialect-prior; nbTable): tweets, out of domain
	"shami":       {"shami.jsonl", "Shami corpus (Abu Kwaik et al., LREC 2018), GU-CLASP/shami-corpus @ 897e088", "Apache-2.0", dialectLabel, false},
	"saudi-irony": {"saudi_irony.jsonl", "Saudi dialect irony dataset, iwan-rg/Saudi-Dialect-Irony-Dataset @ c5320f1", "CC BY 4.0", dialectLabel, false},
	// ArSarcasm-v2's dialect field from the sentiment file, which marks the
	// texts of the evaluation dev files (in_dev, left out)
	"arsarcasm-dialect": {"arsarcasm_v2_sentiment.jsonl", "ArSarcasm-v2 (Abu Farha, Zaghouani & Magdy, WANLP 2021), iabufarha/ArSarcasm-v2 @ eb85513", "MIT",
		func(r row) string {
			if r.InDev {
				return ""
			}
			return dialectLabel(row{Label: r.Dialect})
		}, false},
	"comments-dialect": {"comments.jsonl", "svc's own comments (engine/builtin/corpus), written by the project", "this repository's licence", func(r row) string {
		return r.Dialect // "" for English: skipped
	}, true},
	"comments-insult": {"comments.jsonl", "svc's own comments (engine/builtin/corpus), written by the project", "this repository's licence", func(r row) string {
		switch {
		case r.Variety == "english":
			return "" // the head reads Arabic comments only
		case r.Flagged && r.Intent != "spam":
			return "flagged" // an insult (spam is flagged by its own detector)
		}
		return "clean"
	}, true},
	// round 14: the sentiment of the project's comments, every variety
	// (Arabizi read in Arabic script, English as written)
	"comments-sentiment": {"comments.jsonl", "svc's own comments (engine/builtin/corpus), written by the project", "this repository's licence", func(r row) string {
		return r.Sentiment
	}, true},
	"comments-priority": {"comments.jsonl", "svc's own comments (engine/builtin/corpus), written by the project", "this repository's licence", func(r row) string {
		if r.Variety == "english" || r.Intent != "complaint" || r.Priority != "high" && r.Priority != "medium" {
			return "" // Arabic complaints only (builtin.learnedHigh)
		}
		return r.Priority
	}, true},
	// the project's Arabizi comments (those the analyzers read through an
	// Arabic-script reading: builtin.ArabiziLatinFeatures)
	"comments-arabizi": {"comments.jsonl", "svc's own comments (engine/builtin/corpus), written by the project", "this repository's licence", func(r row) string {
		if r.Variety == "english" || builtin.ArabiziLatinFeatures(r.Text, "words") == nil {
			return ""
		}
		return r.Intent
	}, true},
	"comments-arabizi-dialect": {"comments.jsonl", "svc's own comments (engine/builtin/corpus), written by the project", "this repository's licence", func(r row) string {
		if builtin.ArabiziLatinFeatures(r.Text, "words") == nil {
			return ""
		}
		return r.Dialect
	}, true},
	// round 18: the intent of the project's English comments
	// (builtin.withLearnedIntentEn: alone, where the rules found none)
	"comments-en": {"comments.jsonl", "svc's own comments (engine/builtin/corpus), written by the project", "this repository's licence", func(r row) string {
		if r.Variety != "english" {
			return ""
		}
		return r.Intent
	}, true},
	// written by the project (engine/builtin/corpus/README.md): short
	// comments to brands and channels in the six varieties, each with the
	// intent a reader expects
	"comments": {"comments.jsonl", "svc's own comments (engine/builtin/corpus), written by the project", "this repository's licence", func(r row) string {
		if r.Variety == "english" {
			return "" // the head reads Arabic comments only (builtin.withLearnedIntent)
		}
		return r.Intent
	}, true},
}

// latinDefault: the heads that read an Arabizi comment's Latin spelling too
// (round 14, chosen by leave-one-set-out CV: docs/quality.md).
const latinDefault = "intent-latin=words+pairs,dialect-latin=words+char2-4"

// charLo, charHi: the character n-gram lengths of the -chars heads.
var charLo, charHi int

// dialectLabel: the four dialects of the comment head (maghrebi skipped).
func dialectLabel(r row) string {
	switch r.Label {
	case "gulf", "egyptian", "levantine", "msa":
		return r.Label
	}
	return ""
}

// dialectPrior, priorMinCount: the weight of the licensed corpora in a
// naive Bayes head that reads both them and the project's comments (each
// class's counts from them scaled to dialectPrior times the comments' own
// count of that class), and the floor (texts of those corpora) from which a
// feature the comments lack joins the table (0: none joins).
var dialectPrior float64
var priorMinCount int

// priorNewOnly: the corpora's counts only for the features the comments
// lack (their vocabulary), the comments' own counts and totals untouched.
var priorNewOnly bool

// topicFactor, topicKinds: the topic-consistency filter of the comment
// dialect head (round 19; engine/dialect's TrainOptions.Consistent for the
// comments). Pooled over the writer sets (each set written by one writer
// on one topic list in every variety, so topic is balanced inside it), a
// feature of a kind in topicKinds (words, pairs, chars) keeps a positive
// weight for a class only if its rate in that class's rows is at least
// topicFactor x its mean rate over the classes; otherwise that weight is
// clipped to 0 (the class mean after centring). A feature the writer sets
// never saw is not contradicted and stays. 0: off.
var topicFactor float64
var topicKinds string

// topicPerSet: -topic-filter's rates per writer set, averaged over the
// sets, instead of pooled over their rows.
var topicPerSet bool

func modLabel(r row) string {
	if r.Label == "flagged" || r.Label == "clean" {
		return r.Label
	}
	return ""
}

type head struct {
	flagName, out, what string
	classes             []string
	defaults            string
	chars               bool // character n-grams too (builtin.FeaturesChars)
	minCount            int  // features kept from this many texts (0: -min-count)
	nb                  bool // naive Bayes instead of logistic regression (-nb; with chars: character n-grams -char-lo..-char-hi)
	neg                 bool // negated words marked (builtin.FeaturesNeg; -neg)
	// a naive Bayes head's own character n-gram lengths and smoothing
	// (0: the -char-lo, -char-hi and -alpha flags)
	nbLo, nbHi int
	nbAlpha    float64
}

// headLatin: the Latin features an Arabizi comment adds for the head being
// trained (builtin.LatinFeatures; "": none), from -latin.
var headLatin string

var heads = []head{
	{"sent-ar", "learned_sentiment_ar.tsv", "Arabic sentiment", []string{"negative", "neutral", "positive"}, "arsarcasm", false, 0, false, false, 0, 0, 0},
	{"sent-ar-stack", "learned_sentiment_ar_stack.tsv", "Arabic sentiment, the stacker's second head", []string{"negative", "neutral", "positive"}, "arsarcasm", true, 0, true, false, 0, 0, 0},
	{"sent-en", "learned_sentiment_en.tsv", "English sentiment", []string{"negative", "neutral", "positive"}, "goemotions", false, 0, false, false, 0, 0, 0},
	{"mod-ar", "learned_moderation_ar.tsv", "Arabic moderation", []string{"clean", "flagged"}, "mpold,mlma,osact2020", false, 0, false, false, 0, 0, 0},
	// round 13: naive Bayes over words, pairs and character 2-4-grams
	// (the prefixes and suffixes of dialect morphology: <ب، <ح، ش>، كن>)
	// instead of logistic regression over 3-4-grams, add-0.2 smoothing.
	// Chosen by leaving each of the 28 tuned comment sets out of training
	// in turn and scoring the whole pipeline on it (docs/quality.md, round 13).
	// (Round 15: features of one text too, min count 1, gained 24 rows of
	// cmd/cvcomments and lost on the held-out sets: not kept; docs/quality.md.)
	{"dialect", "learned_dialect_comments.tsv", "Dialect of short comments (Arabic, Arabizi read in Arabic script)", []string{"gulf", "egyptian", "levantine", "msa"}, "comments-dialect", true, 2, true, false, 2, 4, 0.2},
	{"insult", "learned_insult_comments.tsv", "Insults in short comments (Arabic, Arabizi read in Arabic script)", []string{"clean", "flagged"}, "comments-insult", true, 2, false, false, 0, 0, 0},
	{"sent-comments", "learned_sentiment_comments.tsv", "Sentiment of short comments (Arabic, Arabizi read in Arabic script, English)", []string{"negative", "neutral", "positive", "mixed"}, "comments-sentiment", false, 2, false, false, 0, 0, 0},
	// round 14: naive Bayes over words and pairs, add-1, read for a
	// complaint the rules call medium (builtin.learnedHigh); chosen by
	// leave-one-set-out cross-validation (docs/quality.md, round 14)
	{"priority", "learned_priority.tsv", "Priority of complaints (Arabic, Arabizi read in Arabic script)", []string{"high", "medium"}, "comments-priority", false, 2, true, false, 0, 0, 0},
	{"intent", "learned_intent.tsv", "Intent of comments (Arabic, Arabizi read in Arabic script, English)", op.Intents, "comments", false, 2, false, false, 0, 0, 0},
	// round 18: English comments' intent, read alone where the rules found none (builtin.withLearnedIntentEn)
	{"intent-en", "learned_intent_en.tsv", "Intent of English comments", op.Intents, "comments-en", false, 2, false, false, 0, 0, 0},
	// round 14: the Latin spelling of Arabizi comments (-latin; builtin.LatinFeatures only)
	{"dialect-latin", "learned_dialect_latin.tsv", "Dialect of Arabizi comments, read as written (Latin words)", []string{"gulf", "egyptian", "levantine", "msa"}, "comments-arabizi-dialect", false, 3, true, false, 0, 0, 0.2},
	{"intent-latin", "learned_intent_latin.tsv", "Intent of Arabizi comments, read as written (Latin words)", op.Intents, "comments-arabizi", false, 2, false, false, 0, 0, 0},
}

func main() {
	data := flag.String("data", "../shared/data", "directory holding train/ (the licensed corpora)")
	out := flag.String("out", "engine/builtin/data", "directory the tables are written to")
	epochs := flag.Int("epochs", 4, "passes over the data")
	minCount := flag.Int("min-count", 3, "keep features seen in at least this many texts")
	l2 := flag.Float64("l2", 1e-5, "L2 penalty per update")
	keep := flag.Float64("keep", 0.02, "drop features whose largest |weight| is below this")
	chars := flag.String("chars", "", "comma-separated heads (flag names, e.g. sent-ar) that also learn character 3-4-grams of each word")
	nbHeads := flag.String("nb", "sent-en", "comma-separated heads (flag names) learned as naive Bayes (binary features, add-alpha smoothing, uniform class prior) instead of logistic regression")
	alpha := flag.Float64("alpha", 1, "naive Bayes add-alpha smoothing (sent-en, sent-ar-stack)")
	negHeads := flag.String("neg", "sent-en", "comma-separated heads (flag names) whose words after a negator are features of their own (builtin.FeaturesNeg)")
	corpus := flag.String("corpus", "engine/builtin/corpus", "directory holding the project's own comments (comments.jsonl)")
	latin := flag.String("latin", latinDefault, "head=spec,...: heads (flag names) that also read the original Latin spelling of an Arabizi comment (builtin.LatinFeatures: words, words+pairs, words+char3-4...)")
	only := flag.String("only", "", "comma-separated heads (flag names) to train; the others are left as they are (default: all)")
	flag.Float64Var(&dialectPrior, "dialect-prior", 0, "weight of the licensed corpora among a naive Bayes head's sources (dialect: shami, saudi-irony, arsarcasm-dialect), per class relative to the project's comments")
	flag.BoolVar(&priorNewOnly, "prior-new-only", false, "the licensed corpora's counts only for features the project's comments lack (with -prior-min-count)")
	flag.IntVar(&priorMinCount, "prior-min-count", 0, "features the project's comments lack join from this many texts of the licensed corpora (0: never)")
	flag.Float64Var(&topicFactor, "topic-filter", 0, "dialect head: a feature keeps a positive weight for a variety only if its rate there, pooled over the writer sets, is at least this x its mean rate over the varieties (0: off)")
	flag.BoolVar(&topicPerSet, "topic-per-set", false, "-topic-filter: rates per writer set, averaged over the sets (default: pooled)")
	flag.StringVar(&topicKinds, "topic-kinds", "words,pairs", "feature kinds -topic-filter applies to: words, pairs, chars")
	flag.IntVar(&charLo, "char-lo", 3, "shortest character n-gram of the naive Bayes heads (sent-ar-stack)")
	flag.IntVar(&charHi, "char-hi", 3, "longest character n-gram of the naive Bayes heads (sent-ar-stack)")
	choice := map[string]*string{}
	for _, h := range heads {
		choice[h.flagName] = flag.String(h.flagName, h.defaults, h.what+": comma-separated sources, or none")
	}
	flag.Parse()
	// -alpha, -char-lo, -char-hi and -min-count given on the command line
	// overrule a head's own (cmd/cvcomments -trainflags tries them)
	explicit := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { explicit[f.Name] = true })
	selected := func(h head) bool {
		if *only == "" {
			return true
		}
		for _, x := range strings.Split(*only, ",") {
			if strings.TrimSpace(x) == h.flagName {
				return true
			}
		}
		return false
	}
	needData := false
	for _, h := range heads {
		for _, k := range strings.Split(*choice[h.flagName], ",") {
			if src, ok := sources[strings.TrimSpace(k)]; selected(h) && ok && !src.repo {
				needData = true
			}
		}
	}
	dir := filepath.Join(*data, "train")
	if st, err := os.Stat(dir); needData && (err != nil || !st.IsDir()) {
		fmt.Fprintf(os.Stderr, "train: %s not found. The training corpora are not part of the repository: "+
			"put the project's shared data set (its train/ directory, described in its README: ArSarcasm-v2, ASTAD, GoEmotions, MPOLD, MLMA, OSACT2020) "+
			"at ../shared/data, or pass -data DIR (DIR/train/*.jsonl).\n", dir)
		os.Exit(2)
	}
	for _, h := range heads {
		if !selected(h) {
			continue
		}
		keys := strings.Split(*choice[h.flagName], ",")
		path := filepath.Join(*out, h.out)
		if *choice[h.flagName] == "none" {
			_ = os.Remove(path)
			fmt.Fprintf(os.Stderr, "train: %s: none (removed %s)\n", h.what, path)
			continue
		}
		for _, c := range strings.Split(*chars, ",") {
			if strings.TrimSpace(c) == h.flagName {
				h.chars = true
			}
		}
		for _, c := range strings.Split(*nbHeads, ",") {
			if strings.TrimSpace(c) == h.flagName {
				h.nb = true
			}
		}
		h.neg = false
		for _, c := range strings.Split(*negHeads, ",") {
			if strings.TrimSpace(c) == h.flagName {
				h.neg = true
			}
		}
		headLatin = ""
		for _, c := range strings.Split(*latin, ",") {
			if k, v, ok := strings.Cut(strings.TrimSpace(c), "="); ok && k == h.flagName {
				headLatin = v
			}
		}
		if explicit["alpha"] {
			h.nbAlpha = 0
		}
		if explicit["char-lo"] || explicit["char-hi"] {
			h.nbLo, h.nbHi = 0, 0
		}
		if explicit["min-count"] {
			h.minCount = 0
		}
		mc := *minCount
		if h.minCount > 0 {
			mc = h.minCount // the project's comments: 1,800 rows, rarer words count
		}
		a, lo, hi := *alpha, charLo, charHi
		if h.nbAlpha > 0 {
			a = h.nbAlpha
		}
		if h.nbLo > 0 {
			charLo, charHi = h.nbLo, h.nbHi
		}
		table, err := train(dir, *corpus, h, keys, *epochs, mc, *l2, *keep, a)
		charLo, charHi = lo, hi
		if err != nil {
			fmt.Fprintln(os.Stderr, "train:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(path, []byte(table), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "train:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "train: wrote %s\n", path)
	}
}

type example struct {
	feats    []int
	class    int
	external bool // counted as the prior (-dialect-prior)
	writer   bool // a row of a writer set (blind*: -topic-filter)
	set      int  // its writer set's index (-topic-per-set)
}

func train(dir, corpus string, h head, keys []string, epochs, minCount int, l2, keep, alpha float64) (string, error) {
	classIdx := map[string]int{}
	for i, c := range h.classes {
		classIdx[c] = i
	}
	var hdr strings.Builder
	fmt.Fprintf(&hdr, "# Learned by `make train` (engine/builtin/cmd/train). Do not edit by hand; regenerate.\n")
	if h.flagName == "intent-latin" || h.flagName == "dialect-latin" {
		fmt.Fprintf(&hdr, "# %s: %s (nats) of the Latin words of Arabizi comments as written (builtin.LatinFeatures %s).\n", h.what, map[bool]string{true: "naive Bayes log-likelihoods, centred over the classes,", false: "multinomial logistic regression weights"}[h.nb], headLatin)
	} else if h.nb {
		if h.chars {
			fmt.Fprintf(&hdr, "# %s: naive Bayes log-likelihoods (nats, centred over the classes) of folded words, word pairs and character n-grams of each word (builtin.FeaturesCharsN), each counted once per text.\n", h.what)
		} else {
			fmt.Fprintf(&hdr, "# %s: naive Bayes log-likelihoods (nats, centred over the classes) of folded words and word pairs (builtin.Features; %s), present or absent per text.\n", h.what, map[bool]string{true: "a word after a negator is its own feature, \"not_\" + word: builtin.FeaturesNeg", false: "no negation marking"}[h.neg])
		}
	} else if h.chars {
		fmt.Fprintf(&hdr, "# %s: multinomial logistic regression weights (nats) of folded words, word pairs and character 3-4-grams of each word (builtin.FeaturesChars).\n", h.what)
	} else {
		fmt.Fprintf(&hdr, "# %s: multinomial logistic regression weights (nats) of folded words and word pairs (builtin.Features).\n", h.what)
	}
	fmt.Fprintf(&hdr, "# Weights only: no text of any source is stored. Attribution: engine/builtin/NOTICE.md.\n")
	var texts [][]string
	var labels []int
	var external []bool // a licensed corpus's row beside the project's comments
	var writer []bool   // a row of the project's writer sets (blind*)
	var setOf []int     // its set's index
	setIdx := map[string]int{}
	counts := make([]int, len(h.classes))
	for _, k := range keys {
		src, ok := sources[strings.TrimSpace(k)]
		if !ok {
			return "", fmt.Errorf("%s: unknown source %q", h.what, k)
		}
		path := filepath.Join(dir, src.file)
		if src.repo {
			path = filepath.Join(corpus, src.file)
		}
		f, err := os.Open(path)
		if err != nil {
			return "", fmt.Errorf("%s: %v (see -data)", h.what, err)
		}
		sum := sha256.New()
		sc := bufio.NewScanner(io.TeeReader(f, sum))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		n := 0
		for sc.Scan() {
			var r row
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				f.Close()
				return "", fmt.Errorf("%s: %v", src.file, err)
			}
			if r.Heads != "" && rowHeads[r.Heads] == nil {
				f.Close()
				return "", fmt.Errorf("%s: unknown heads %q (want one of dialect, dialect-only, priority)", src.file, r.Heads)
			}
			c := src.label(r)
			if c == "" || r.Heads != "" && !rowHeads[r.Heads][strings.TrimSpace(k)] {
				continue
			}
			text := r.Text
			var latin []string
			if src.repo {
				text = builtin.Reading(text) // Arabizi as the analyzers read it
				if headLatin != "" {
					latin = builtin.ArabiziLatinFeatures(r.Text, headLatin) // and as written
				}
			}
			if h.neg {
				texts = append(texts, builtin.FeaturesNeg(text))
			} else if h.chars {
				if h.nb {
					texts = append(texts, builtin.FeaturesCharsN(text, charLo, charHi))
				} else {
					texts = append(texts, builtin.FeaturesChars(text))
				}
			} else {
				texts = append(texts, builtin.Features(text))
			}
			if k == "comments-arabizi" || k == "comments-arabizi-dialect" {
				texts[len(texts)-1] = latin // the Latin words alone
			} else {
				texts[len(texts)-1] = append(texts[len(texts)-1], latin...)
			}
			labels = append(labels, classIdx[c])
			external = append(external, !src.repo)
			writer = append(writer, src.repo && strings.HasPrefix(r.Set, "blind"))
			if _, ok := setIdx[r.Set]; !ok && writer[len(writer)-1] {
				setIdx[r.Set] = len(setIdx)
			}
			setOf = append(setOf, setIdx[r.Set])
			counts[classIdx[c]]++
			n++
		}
		_, _ = io.Copy(io.Discard, f)
		f.Close()
		if err := sc.Err(); err != nil {
			return "", err
		}
		fmt.Fprintf(&hdr, "# Source: %s; licence %s; %s, %d rows used, sha256 %s\n", src.name, src.licence, src.file, n, hex.EncodeToString(sum.Sum(nil)))
	}
	// vocabulary: features in at least minCount texts, sorted for a stable order
	// (a prior head's: from the project's comments, and from the licensed
	// corpora at -prior-min-count)
	prior := h.nb && h.chars && dialectPrior > 0 && hasRepo(keys) && hasData(keys)
	df, dfExt := map[string]int{}, map[string]int{}
	for i, fs := range texts {
		d := df
		if prior && external[i] {
			d = dfExt
		}
		seen := map[string]bool{}
		for _, f := range fs {
			if !seen[f] {
				seen[f] = true
				d[f]++
			}
		}
	}
	var vocab []string
	for f, n := range df {
		if n >= minCount {
			vocab = append(vocab, f)
		}
	}
	for f, n := range dfExt {
		if df[f] < minCount && priorMinCount > 0 && n >= priorMinCount {
			vocab = append(vocab, f)
		}
	}
	sort.Strings(vocab)
	index := make(map[string]int, len(vocab))
	for i, f := range vocab {
		index[f] = i
	}
	exs := make([]example, 0, len(texts))
	for i, fs := range texts {
		var ids []int
		for _, f := range fs {
			if j, ok := index[f]; ok {
				ids = append(ids, j)
			}
		}
		exs = append(exs, example{ids, labels[i], prior && external[i], writer[i], setOf[i]})
	}
	K := len(h.classes)
	// class weights: balanced (the dev metrics are macro-F1)
	cw := make([]float64, K)
	for k := range cw {
		if counts[k] > 0 {
			cw[k] = float64(len(exs)) / float64(K*counts[k])
		}
	}
	if h.nb && h.chars {
		return nbTable(hdr.String(), h, vocab, exs, counts, alpha, keep, minCount, prior), nil
	}
	var w [][]float64
	var bias []float64
	if h.nb {
		w, bias = naiveBayes(exs, len(vocab), K, alpha)
	} else {
		w, bias = logistic(exs, len(vocab), K, cw, epochs, l2)
	}
	fmt.Fprintf(&hdr, "# Classes (rows used): ")
	for k, c := range h.classes {
		fmt.Fprintf(&hdr, "%s %d ", c, counts[k])
	}
	if h.nb {
		fmt.Fprintf(&hdr, "\n# Training: naive Bayes, add-%g smoothing, uniform class prior (class-balanced), features in >= %d texts, |weight| >= %g kept.\n", alpha, minCount, keep)
	} else {
		fmt.Fprintf(&hdr, "\n# Training: %d epochs, AdaGrad lr %.2f, L2 %g, class-balanced, features in >= %d texts, |weight| >= %g kept.\n", epochs, lrRate, l2, minCount, keep)
	}
	var b strings.Builder
	b.WriteString(hdr.String())
	if h.neg {
		b.WriteString("features\t" + builtin.FeatNeg + "\n")
	} else if h.chars {
		b.WriteString("features\t" + builtin.FeatChars + "\n")
	}
	if headLatin != "" {
		b.WriteString("latin:\t" + headLatin + "\n")
	}
	b.WriteString("classes\t" + strings.Join(h.classes, "\t") + "\n")
	b.WriteString("bias")
	for _, v := range bias {
		fmt.Fprintf(&b, "\t%.3f", v)
	}
	b.WriteString("\n")
	kept := 0
	for i, f := range vocab {
		m := 0.0
		for _, v := range w[i] {
			m = math.Max(m, math.Abs(v))
		}
		// the table's own row names are no features (GoEmotions has the
		// word "bias": its row would replace the bias row)
		if m < keep || strings.ContainsAny(f, "\t\n") || f == "bias" || f == "classes" || f == "features" || f == "latin:" {
			continue
		}
		kept++
		b.WriteString(f)
		for _, v := range w[i] {
			fmt.Fprintf(&b, "\t%.3f", v)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(os.Stderr, "train: %s: %d examples, %d features, %d kept\n", h.what, len(exs), len(vocab), kept)
	return b.String(), nil
}

// hasRepo, hasData: keys name a source of the repository (the project's
// comments), one of <data>/train.
func hasRepo(keys []string) bool {
	for _, k := range keys {
		if sources[strings.TrimSpace(k)].repo {
			return true
		}
	}
	return false
}

func hasData(keys []string) bool {
	for _, k := range keys {
		if src, ok := sources[strings.TrimSpace(k)]; ok && !src.repo {
			return true
		}
	}
	return false
}

// lrRate is the AdaGrad learning rate of the logistic heads.
const lrRate = 0.3

// logistic fits class-balanced multinomial logistic regression by AdaGrad
// with L2 over a fixed number of epochs in a fixed pseudo-random order.
func logistic(exs []example, nv, K int, cw []float64, epochs int, l2 float64) (w [][]float64, bias []float64) {
	w = make([][]float64, nv)
	g := make([][]float64, nv)
	for i := range w {
		w[i] = make([]float64, K)
		g[i] = make([]float64, K)
	}
	bias = make([]float64, K)
	gb := make([]float64, K)
	rng := rand.New(rand.NewSource(1))
	order := rng.Perm(len(exs))
	lr := lrRate
	p := make([]float64, K)
	for ep := 0; ep < epochs; ep++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, oi := range order {
			ex := exs[oi]
			for k := range p {
				p[k] = bias[k]
			}
			for _, f := range ex.feats {
				for k := range p {
					p[k] += w[f][k]
				}
			}
			builtin.Softmax(p)
			for k := range p {
				y := 0.0
				if k == ex.class {
					y = 1
				}
				grad := (p[k] - y) * cw[ex.class]
				gb[k] += grad * grad
				bias[k] -= lr * grad / math.Sqrt(gb[k]+1e-8)
				for _, f := range ex.feats {
					gf := grad + l2*w[f][k]
					g[f][k] += gf * gf
					w[f][k] -= lr * gf / math.Sqrt(g[f][k]+1e-8)
				}
			}
		}
	}
	return w, bias
}

// naiveBayes returns multinomial naive Bayes log-likelihoods over binary
// features (each feature counted once per text), add-alpha smoothed,
// centred over the classes (the softmax is unchanged; a feature that says
// nothing weighs near zero and is pruned by -keep), with a uniform class
// prior (bias 0: the classes weigh the same, as the dev metrics do).
func naiveBayes(exs []example, nv, K int, alpha float64) (w [][]float64, bias []float64) {
	cnt := make([][]float64, nv)
	for i := range cnt {
		cnt[i] = make([]float64, K)
	}
	tot := make([]float64, K)
	seen := make(map[int]bool)
	for _, ex := range exs {
		clear(seen)
		for _, f := range ex.feats {
			if seen[f] {
				continue
			}
			seen[f] = true
			cnt[f][ex.class]++
			tot[ex.class]++
		}
	}
	w = make([][]float64, nv)
	for i := range w {
		w[i] = make([]float64, K)
		mean := 0.0
		for k := 0; k < K; k++ {
			w[i][k] = math.Log((cnt[i][k] + alpha) / (tot[k] + alpha*float64(nv)))
			mean += w[i][k] / float64(K)
		}
		for k := range w[i] {
			w[i][k] -= mean
		}
	}
	return w, make([]float64, K)
}

// nbTable fits multinomial naive Bayes over binary feature counts (each
// feature once per text), add-alpha smoothed, with uniform class priors
// (class-balanced, as the dev metrics are macro-F1), and writes each
// feature's log-likelihoods centred over the classes (the softmax of their
// sum is the posterior; centring only makes the table sparse). Features
// whose centred weights all stay under keep are dropped.
func nbTable(hdr string, h head, vocab []string, exs []example, counts []int, alpha, keep float64, minCount int, prior bool) string {
	K := len(h.classes)
	n := make([][]float64, len(vocab))
	for i := range n {
		n[i] = make([]float64, 2*K) // the comments' counts, then the prior's
	}
	tot := make([]float64, K)
	totExt := make([]float64, K)
	topic := topicFactor > 0 && h.flagName == "dialect"
	// writer-set rows holding each feature and writer-set rows, per class
	// (per set and class, set*K+class, with -topic-per-set)
	S := 1
	if topicPerSet {
		for _, ex := range exs {
			if ex.writer && ex.set+1 > S {
				S = ex.set + 1
			}
		}
	}
	var wn [][]float64
	wrows := make([]float64, S*K)
	if topic {
		wn = make([][]float64, len(vocab))
		for i := range wn {
			wn[i] = make([]float64, S*K)
		}
	}
	for _, ex := range exs {
		c := ex.class
		if topicPerSet {
			c += ex.set * K
		}
		if topic && ex.writer {
			wrows[c]++
		}
		seen := map[int]bool{}
		for _, f := range ex.feats {
			if !seen[f] {
				seen[f] = true
				if topic && ex.writer {
					wn[f][c]++
				}
				if ex.external {
					n[f][K+ex.class]++
					totExt[ex.class]++
				} else {
					n[f][ex.class]++
					tot[ex.class]++
				}
			}
		}
	}
	newFeat := make([]bool, len(vocab)) // no count from the comments
	for i := range n {
		newFeat[i] = true
		for k := 0; k < K; k++ {
			newFeat[i] = newFeat[i] && n[i][k] == 0
		}
	}
	if prior {
		// counts = comments' + dialectPrior x the corpora's, each class's
		// corpora counts scaled to the comments' total of that class
		for k := range tot {
			scale := 0.0
			if totExt[k] > 0 {
				scale = dialectPrior * tot[k] / totExt[k]
			}
			for i := range n {
				if !priorNewOnly || newFeat[i] {
					n[i][k] += scale * n[i][K+k]
				}
			}
			if !priorNewOnly {
				tot[k] += scale * totExt[k]
			}
		}
	}
	V := float64(len(vocab))
	var b strings.Builder
	b.WriteString(hdr)
	fmt.Fprintf(&b, "# Classes (rows used): ")
	for k, c := range h.classes {
		fmt.Fprintf(&b, "%s %d ", c, counts[k])
	}
	fmt.Fprintf(&b, "\n# Training: naive Bayes, binary counts, add-%g smoothing, uniform priors, features in >= %d texts, |centred weight| >= %g kept.\n", alpha, minCount, keep)
	if topic {
		fmt.Fprintf(&b, "# Topic filter: a %s feature keeps a positive weight for a class only if its rate there, pooled over the writer sets, is >= %g x its mean rate over the classes.\n", topicKinds, topicFactor)
	}
	if prior {
		fmt.Fprintf(&b, "# Prior: the licensed corpora's counts added at %g x the comments' own per class%s (features from them alone: %s).\n", dialectPrior, map[bool]string{true: ", to the features the comments lack only", false: ""}[priorNewOnly], map[bool]string{true: fmt.Sprintf("in >= %d of their texts", priorMinCount), false: "none"}[priorMinCount > 0])
	}
	if h.chars {
		b.WriteString("features\t" + builtin.FeatCharsN(charLo, charHi) + "\n")
	}
	b.WriteString("classes\t" + strings.Join(h.classes, "\t") + "\n")
	b.WriteString("bias")
	for range h.classes {
		b.WriteString("\t0.000")
	}
	b.WriteString("\n")
	kept := 0
	lw := make([]float64, K)
	for i, f := range vocab {
		mean := 0.0
		for k := range lw {
			lw[k] = math.Log((n[i][k] + alpha) / (tot[k] + alpha*V))
			mean += lw[k] / float64(K)
		}
		for k := range lw {
			lw[k] -= mean
		}
		if topic && topicKind(f) {
			clipTopic(lw, wn[i], wrows, K)
		}
		m := 0.0
		for k := range lw {
			m = math.Max(m, math.Abs(lw[k]))
		}
		if m < keep || strings.ContainsAny(f, "\t\n") {
			continue
		}
		kept++
		b.WriteString(f)
		for _, v := range lw {
			fmt.Fprintf(&b, "\t%.3f", v)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(os.Stderr, "train: %s: %d examples, %d features, %d kept (naive Bayes)\n", h.what, len(exs), len(vocab), kept)
	return b.String()
}

// topicKind: f is of a kind -topic-kinds filters (pairs hold a space,
// character n-grams start "c:", the rest are words).
func topicKind(f string) bool {
	kind := "words"
	if strings.HasPrefix(f, "c:") {
		kind = "chars"
	} else if strings.Contains(f, " ") {
		kind = "pairs"
	}
	for _, k := range strings.Split(topicKinds, ",") {
		if strings.TrimSpace(k) == kind {
			return true
		}
	}
	return false
}

// clipTopic clips to 0 the positive centred weights lw of the classes in
// whose writer-set rows the feature is rarer than topicFactor x its mean
// rate over the classes (n: writer-set rows holding it per set and class,
// rows: writer-set rows per set and class, set*K+class; one set when
// pooled; a class's rate is its mean over the sets holding rows of it).
// Unseen in the writer sets: unchanged.
func clipTopic(lw, n, rows []float64, K int) {
	mean, seen := 0.0, false
	rate := make([]float64, K)
	for k := 0; k < K; k++ {
		sets := 0.0
		for j := k; j < len(n); j += K {
			if rows[j] > 0 {
				rate[k] += n[j] / rows[j]
				sets++
			}
			seen = seen || n[j] > 0
		}
		if sets > 0 {
			rate[k] /= sets
		}
		mean += rate[k] / float64(K)
	}
	if !seen {
		return
	}
	for k := range lw {
		if lw[k] > 0 && rate[k] < topicFactor*mean {
			lw[k] = 0
		}
	}
}
