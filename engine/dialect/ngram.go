package dialect

import (
	"bufio"
	_ "embed"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Learned word evidence (learned/ngrams_*.tsv, written by `make
// train-dialect`): per-variety log-odds of Arabic word unigrams and bigrams,
// learned from the licensed corpora in ../shared/data/train (see
// README.md, "Learned word evidence"). Two files, because their licences
// differ: ngrams_permissive.tsv (ArSarcasm MIT, Shami Apache-2.0, Saudi
// tweets CC BY 4.0) and ngrams_wiki.tsv (Arabic and Egyptian Wikipedia,
// CC BY-SA 4.0, shipped as its own data file under that licence). At first use
// both are merged into one open-addressing table in memory, so a look-up is
// one probe sequence whatever the number of files.
//
// File format (UTF-8, one feature a line; '#' lines are comments):
//
//	feature<TAB>gulf<TAB>egyptian<TAB>levantine<TAB>msa
//
// feature is one folded word, or two separated by one space (a bigram); the
// four values are integers, log-odds in units of 1/ngramUnit, centred so that
// they sum to about 0 over the varieties. "param<TAB>name<TAB>value" lines set
// the mix (ngramMix, wikiMix) chosen on the dev sets.

//go:embed learned/ngrams_permissive.tsv
var ngramPermissiveTSV string

//go:embed learned/ngrams_wiki.tsv
var ngramWikiTSV string

// ngramUnit is the number of integer steps per nat of a stored weight.
const ngramUnit = 16

// maxNgramEntries bounds the table (a bad file must not take the memory of
// the process): the open-addressing array has at most 2x this many slots.
const maxNgramEntries = 1 << 20

// ngramTable maps the hash of a compact feature to its four weights, in
// one 8-byte slot (key and weights share a cache line).
// Invariant: len(slots) is a power of two, at least twice the number of
// entries, so every probe sequence ends at an empty slot; key 0 marks an
// empty slot (fixHash never returns 0).
type ngramTable struct {
	mask  uint32
	slots []ngramSlot
	n     int
	pairs bool // some feature is a word pair: score looks pairs up too
}

type ngramSlot struct {
	key uint32
	w   [nVar]int8
}

// ngramMix weighs the summed word evidence against the marker scores;
// wikiMix weighs the CC BY-SA table against the permissive one. Both are set
// by param lines of the permissive file (chosen on the dev sets).
var (
	ngramMix = 0.0
	wikiMix  = 1.0
	// ngramNorm divides the summed word evidence by found^ngramNorm (0: the
	// plain sum, 0.5: by the square root of the features found, 1: the mean).
	ngramNorm = 0.0
)

// nbEvidence scales the summed word evidence of found features.
func nbEvidence(ev *evidence, sum *[nVar]int32, found int, mix float64) {
	ev.nbFound = found
	if found == 0 {
		return
	}
	k := mix / ngramUnit
	switch ngramNorm {
	case 0:
	case 0.5:
		k /= math.Sqrt(float64(found))
	case 1:
		k /= float64(found)
	default:
		k /= math.Pow(float64(found), ngramNorm)
	}
	for v := 0; v < nVar; v++ {
		ev.nb[v] = k * float64(sum[v])
	}
}

func fixHash(h uint32) uint32 {
	if h == 0 {
		return 1
	}
	return h
}

// hashToken is FNV-1a over compact bytes.
func hashToken(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h ^= uint32(c)
		h *= 16777619
	}
	return fixHash(h)
}

// hashPair combines two token hashes into a bigram hash.
func hashPair(a, b uint32) uint32 {
	h := a*0x9E3779B1 ^ (b + 0x7F4A7C15)
	h ^= h >> 15
	h *= 0x2C1B3C6D
	h ^= h >> 12
	return fixHash(h)
}

// featureHash hashes a compact feature (one token, or two joined by one space).
func featureHash(c string) uint32 {
	if i := strings.IndexByte(c, ' '); i >= 0 {
		return hashPair(hashToken([]byte(c[:i])), hashToken([]byte(c[i+1:])))
	}
	return hashToken([]byte(c))
}

// featureHashFolded is featureHash(compactString(f)) for a folded UTF-8
// feature, without allocating (start-up parses tens of thousands of them).
func featureHashFolded(f string) uint32 {
	h := uint32(2166136261)
	var first uint32
	pair := false
	for _, r := range f {
		if r == ' ' {
			first, pair = fixHash(h), true
			h = 2166136261
			continue
		}
		h ^= uint32(compactRune(r))
		h *= 16777619
	}
	if pair {
		return hashPair(first, fixHash(h))
	}
	return fixHash(h)
}

func newNgramTable(n int) *ngramTable {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	return &ngramTable{mask: uint32(size - 1), slots: make([]ngramSlot, size)}
}

// add adds w (scaled by mix) to the weights of hash h, saturating at ±127.
func (t *ngramTable) add(h uint32, w [nVar]int8, mix float64) {
	i := h & t.mask
	for t.slots[i].key != 0 && t.slots[i].key != h {
		i = (i + 1) & t.mask
	}
	sl := &t.slots[i]
	if sl.key == 0 {
		sl.key = h
		t.n++
	}
	for v := range w {
		x := float64(sl.w[v]) + math.Round(float64(w[v])*mix)
		sl.w[v] = int8(math.Max(-127, math.Min(127, x)))
	}
}

// get returns the weights of hash h, or nil.
func (t *ngramTable) get(h uint32) *[nVar]int8 {
	i := h & t.mask
	for {
		sl := &t.slots[i]
		if sl.key == h {
			return &sl.w
		}
		if sl.key == 0 {
			return nil
		}
		i = (i + 1) & t.mask
	}
}

// ngramLine is one parsed feature line.
type ngramLine struct {
	feature string // folded UTF-8
	w       [nVar]int8
}

// parseNgrams parses a table file; params receives the param lines.
func parseNgrams(tsv string, params map[string]float64) ([]ngramLine, error) {
	var out []ngramLine
	sc := bufio.NewScanner(strings.NewReader(tsv))
	ln := 0
	for sc.Scan() {
		ln++
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		if strings.HasPrefix(line, "param\t") {
			name, val, ok := strings.Cut(line[len("param\t"):], "\t")
			v, err := strconv.ParseFloat(val, 64)
			if !ok || err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("ngrams:%d: bad param", ln)
			}
			if params != nil {
				params[name] = v
			}
			continue
		}
		feature, rest, _ := strings.Cut(line, "\t")
		if feature == "" {
			return nil, fmt.Errorf("ngrams:%d: want feature and %d weights", ln, nVar)
		}
		l := ngramLine{feature: feature}
		for v := 0; v < nVar; v++ {
			var field string
			var more bool
			field, rest, more = strings.Cut(rest, "\t")
			x, err := strconv.Atoi(field)
			if err != nil || x < -127 || x > 127 || more != (v < nVar-1) {
				return nil, fmt.Errorf("ngrams:%d: want feature and %d weights in -127..127", ln, nVar)
			}
			l.w[v] = int8(x)
		}
		out = append(out, l)
		if len(out) > maxNgramEntries {
			return nil, fmt.Errorf("ngrams: more than %d features", maxNgramEntries)
		}
	}
	return out, sc.Err()
}

// buildNgrams merges the permissive and the wiki table (scaled by wikiMix).
func buildNgrams(permissive, wiki []ngramLine, wmix float64) *ngramTable {
	t := newNgramTable(len(permissive) + len(wiki))
	for _, l := range permissive {
		t.add(featureHashFolded(l.feature), l.w, 1)
		t.pairs = t.pairs || strings.IndexByte(l.feature, ' ') >= 0
	}
	if wmix != 0 {
		for _, l := range wiki {
			t.add(featureHashFolded(l.feature), l.w, wmix)
			t.pairs = t.pairs || strings.IndexByte(l.feature, ' ') >= 0
		}
	}
	return t
}

// arabicToken reports whether the compact token b is made of Arabic letters
// only (the learned tables hold nothing else).
func arabicToken(b []byte) bool {
	for _, c := range b {
		if c < codeArabicBase || c == codeWord || c == codeOther {
			return false
		}
	}
	return true
}

// score adds the weights of every Arabic word and word pair of the compact
// text b to sum and returns how many features were found. No allocation.
func (t *ngramTable) score(b []byte, sum *[nVar]int32) (found int) {
	var prev uint32
	for i := 0; i < len(b); {
		if !wordByte[b[i]] {
			if b[i] != ' ' {
				prev = 0 // punctuation breaks a pair
			}
			i++
			continue
		}
		j := i
		for j < len(b) && wordByte[b[j]] {
			j++
		}
		tok := b[i:j]
		i = j
		if !arabicToken(tok) {
			prev = 0
			continue
		}
		h := hashToken(tok)
		if w := t.get(h); w != nil {
			found++
			for v := 0; v < nVar; v++ {
				sum[v] += int32(w[v])
			}
		}
		if prev != 0 && t.pairs {
			if w := t.get(hashPair(prev, h)); w != nil {
				found++
				for v := 0; v < nVar; v++ {
					sum[v] += int32(w[v])
				}
			}
		}
		prev = h
	}
	return found
}

// eachFeature calls f with every feature (compact) of the compact text b, in
// the order score visits them; for the trainer.
func eachFeature(b []byte, f func(feature string)) {
	prev := ""
	for i := 0; i < len(b); {
		if !wordByte[b[i]] {
			if b[i] != ' ' {
				prev = ""
			}
			i++
			continue
		}
		j := i
		for j < len(b) && wordByte[b[j]] {
			j++
		}
		tok := string(b[i:j])
		i = j
		if !arabicToken([]byte(tok)) {
			prev = ""
			continue
		}
		f(tok)
		if prev != "" {
			f(prev + " " + tok)
		}
		prev = tok
	}
}

// loadNgrams parses both embedded tables, applies their params and merges them.
func loadNgrams() (*ngramTable, error) {
	params := map[string]float64{}
	perm, err := parseNgrams(ngramPermissiveTSV, params)
	if err != nil {
		return nil, fmt.Errorf("ngrams_permissive.tsv: %w", err)
	}
	if v, ok := params["ngramMix"]; ok && v >= 0 {
		ngramMix = v
	}
	if v, ok := params["wikiMix"]; ok && v >= 0 {
		wikiMix = v
	}
	var wiki []ngramLine
	if wikiMix != 0 { // 0: the dev sets chose not to use it; not even parsed
		if wiki, err = parseNgrams(ngramWikiTSV, nil); err != nil {
			return nil, fmt.Errorf("ngrams_wiki.tsv: %w", err)
		}
	}
	if v, ok := params["ngramNorm"]; ok && v >= 0 && v <= 1 {
		ngramNorm = v
	}
	if v, ok := params["temperature"]; ok && v > 0 {
		temperature = v
	}
	return buildNgrams(perm, wiki, wikiMix), nil
}
