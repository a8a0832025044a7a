// Package evidence learns from one account's feedback: every correction
// (and every confirmation, rating correct) teaches labels for a comment's
// text, and a Model built from them adjusts the labels the engine computed
// for that account's later comments.
//
// Two kinds of evidence, applied by Decide:
//   - near duplicates: the corrected comment whose token set is most similar
//     to the new comment's (Jaccard >= NearJaccard, found through a MinHash
//     index, lsh.go) gives its labels outright;
//   - a naive-Bayes model over hashed folded words (Arabic article and
//     conjunction stripped; Arabic words' character 3-grams too) of every
//     labelled comment, with the built-in engine's answer as one more piece
//     of evidence (how the account's labels relate to it), blended with
//     that answer: the model's label replaces the engine's only when its
//     posterior beats the engine's label by more than a margin chosen, with
//     the weights of the evidence, on the account's own examples
//     (leave-one-out, calibrate.go), and n >= minExamples. The built-in
//     answer alone is kept unless the model would have fixed significantly
//     more of the account's examples than it broke. One example never moves
//     an unrelated comment; many consistent ones move similar comments. Only
//     for an unbiased sample (see unbiased).
//
// Invariants: one example per Key (a classification id): a newer example of
// the same key replaces the older (the counts are those of the newest
// example of every key, whatever the order of Add calls); at most
// MaxExamples examples; counts never negative. A Model is safe for
// concurrent use.
package evidence

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"svc/engine/op"
)

// Bounds. The blend of the learned and the built-in answers is chosen per
// account (calibrate.go). MaxExamples is the ledger's per-account cap on
// stored feedback (ledger.MaxFeedbackPerAccount); a model never holds more.
const (
	MaxExamples = 3000
	// minExamples: fewer labelled examples of a head never change it
	// (near duplicates excepted).
	minExamples = 50
	// minAgree: see unbiased.
	minAgree = 0.15
	// NearJaccard is the token-set similarity from which a corrected
	// comment counts as a near duplicate of a new one.
	NearJaccard = 0.8

	// maxExampleRunes cuts the text kept per example (few-shot examples are
	// cut shorter still, to the engine's HintRunes).
	maxExampleRunes = 300
	// maxPosting: a token carried by more examples than this is too common
	// to rank examples by in Similar; it is left out of its candidates.
	maxPosting = 256
)

// alpha is the naive-Bayes (Lidstone) smoothing of feature counts.
const alpha = 0.5

const (
	nSent = 4 // op.Sentiments
	nInt  = 6 // op.Intents
	nLab  = nSent + nInt
)

// Example is one feedback as the model learns it.
type Example struct {
	Key       string    // classification id: one example per key, the newest wins
	ID        string    // feedback id (the Model's Version is the newest one)
	At        time.Time // feedback time: the newer of two examples of a key
	Text      string
	Intents   []string // taught intents (empty: none taught)
	Sentiment string   // taught sentiment ("" none)
	Dialect   string   // taught dialect ("" none); applied to near duplicates only
	// The built-in engine's own answer for Text (without any evidence):
	// the model learns how the account's labels relate to it.
	GivenIntents   []string
	GivenSentiment string
	// GivenScores are the built-in engine's sentiment scores for Text,
	// binned to tokens by the engine (ScoreTokens): evidence of the same
	// kind as GivenSentiment, weighted with it (calib.confW).
	GivenScores []string
}

// entry is an example as held: its features, token set and label indexes.
type entry struct {
	ex             Example
	feats          []uint32
	set            []uint32
	bands          [lshBands]uint64
	sent           int8    // -1 none
	ints           uint8   // bit i: op.Intents[i]
	gSent          int8    // the built-in sentiment, -1 unknown
	gInt           int8    // the built-in first intent, -1 unknown
	gKnown, gAgree [2]bool // per head: built-in answer known; taught labels equal it
	slot           int32
}

// Model is one account's evidence.
type Model struct {
	mu       sync.RWMutex
	byKey    map[string]*entry
	slots    []*entry                 // by slot; a replaced key keeps its slot
	counts   map[uint32]*[nLab]uint16 // feature -> examples of each label having it
	classN   [nLab]int32              // examples per label
	featN    [nFam][nLab]int32        // per feature family (fam), sum over its features of counts (per label)
	vocab    [nFam]int32              // per feature family: features in counts
	conf     [nLab][nLab]int32        // [taught label][built-in label of the same head]: examples
	agree    [2]int32                 // per head (sentiment, intents): examples confirming the built-in answer
	known    [2]int32                 // per head: examples teaching it whose built-in answer is known
	nSent    int32                    // examples teaching a sentiment
	nInt     int32                    // examples teaching intents
	post     map[uint32][]int32       // token -> slots (Similar)
	bands    map[uint64][]int32       // LSH band key -> slots (nearest)
	version  string
	versionT time.Time
	cal      [2]calib // per head (calibrate.go)
	calDirty int      // examples learned or unlearned since cal was computed
	calN     int      // examples held when cal was computed; -1 never
}

// NewModel returns an empty model.
func NewModel() *Model {
	return &Model{calN: -1, byKey: map[string]*entry{}, counts: map[uint32]*[nLab]uint16{}, post: map[uint32][]int32{}, bands: map[uint64][]int32{}}
}

// Build returns a model of the examples (in any order).
func Build(exs []Example) *Model {
	m := NewModel()
	for _, e := range exs {
		m.Add(e)
	}
	return m
}

// Len is the number of examples held.
func (m *Model) Len() int {
	if m == nil {
		return 0
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	return len(m.byKey)
}

// Version names the newest example added (its feedback id): equal on every
// node holding the same feedback, and after a restart. "" when empty.
func (m *Model) Version() string {
	if m == nil {
		return ""
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.version
}

// Add learns one example. An example of a key already held replaces it when
// newer (At, then ID); an older one is ignored. A new key beyond
// MaxExamples is ignored (reported false). An example teaching nothing still
// replaces (a later "incorrect" rating with no labels unlearns the key).
func (m *Model) Add(ex Example) bool {
	e := &entry{ex: ex, sent: -1, gSent: -1, gInt: -1}
	e.gSent = int8(index(op.Sentiments, ex.GivenSentiment))
	if len(ex.GivenIntents) > 0 {
		e.gInt = int8(index(op.Intents, ex.GivenIntents[0]))
	}
	if e.gSent >= 0 && op.In(ex.Sentiment, op.Sentiments) {
		e.gKnown[0], e.gAgree[0] = true, ex.Sentiment == ex.GivenSentiment
	}
	if e.gInt >= 0 && len(cleanIntents(ex.Intents)) > 0 {
		e.gKnown[1], e.gAgree[1] = true, sameSet(cleanIntents(ex.Intents), cleanIntents(ex.GivenIntents))
	}
	e.ex.Text = cutRunes(strings.TrimSpace(ex.Text), maxExampleRunes)
	for i, s := range op.Sentiments {
		if ex.Sentiment == s {
			e.sent = int8(i)
		}
	}
	for _, in := range ex.Intents {
		for i, s := range op.Intents {
			if in == s {
				e.ints |= 1 << i
			}
		}
	}
	if !op.In(ex.Dialect, op.Dialects) {
		e.ex.Dialect = ""
	}
	toks := tokens(ex.Text)
	e.set = tokenSet(toks)
	// Exact capacity: an account holds up to MaxExamples of these.
	e.feats = slices.Clone(withScores(features(toks, e.set), ex.GivenScores))
	e.ex.GivenScores = nil // learned as features; not kept
	e.bands = bandKeys(e.set)

	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.byKey[ex.Key]
	if old != nil {
		if !newer(ex, old.ex) {
			return true
		}
		m.unlearn(old)
		e.slot = old.slot
	} else {
		if len(m.byKey) >= MaxExamples {
			return false
		}
		e.slot = int32(len(m.slots))
		m.slots = append(m.slots, nil)
	}
	m.slots[e.slot] = e
	m.byKey[ex.Key] = e
	m.learn(e)
	if ex.At.After(m.versionT) || ex.At.Equal(m.versionT) && ex.ID > m.version {
		m.version, m.versionT = ex.ID, ex.At
	}
	return true
}

func newer(a, b Example) bool {
	if !a.At.Equal(b.At) {
		return a.At.After(b.At)
	}
	return a.ID > b.ID
}

func (m *Model) labels(e *entry) (ls [nLab]bool) {
	if e.sent >= 0 {
		ls[e.sent] = true
	}
	for i := 0; i < nInt; i++ {
		if e.ints&(1<<i) != 0 {
			ls[nSent+i] = true
		}
	}
	return ls
}

// given is the label index of the built-in answer of e in the head of
// label l (-1 unknown).
func (m *Model) given(e *entry, l int) int {
	if l < nSent {
		return int(e.gSent)
	}
	if e.gInt < 0 {
		return -1
	}
	return nSent + int(e.gInt)
}

func (m *Model) learn(e *entry) {
	m.calDirty++
	ls := m.labels(e)
	for h := range 2 {
		if e.gKnown[h] {
			m.known[h]++
			if e.gAgree[h] {
				m.agree[h]++
			}
		}
	}
	if e.sent >= 0 {
		m.nSent++
	}
	if e.ints != 0 {
		m.nInt++
	}
	for l, on := range ls {
		if on {
			m.classN[l]++
			for h, c := range famCounts(e.feats) {
				m.featN[h][l] += c
			}
			if g := m.given(e, l); g >= 0 {
				m.conf[l][g]++
			}
		}
	}
	if e.sent >= 0 || e.ints != 0 {
		for _, f := range e.feats {
			c := m.counts[f]
			if c == nil {
				c = new([nLab]uint16)
				m.counts[f] = c
				m.vocab[fam(f)]++
			}
			for l, on := range ls {
				if on {
					c[l]++
				}
			}
		}
	}
	for _, t := range e.set {
		m.post[t] = append(m.post[t], e.slot)
	}
	for _, k := range e.bands {
		m.bands[k] = append(m.bands[k], e.slot)
	}
}

// removeSlot removes slot from the posting of t in idx.
func removeSlot[K comparable](idx map[K][]int32, t K, slot int32) {
	p := idx[t]
	for i, s := range p {
		if s == slot {
			p = append(p[:i], p[i+1:]...)
			break
		}
	}
	if len(p) == 0 {
		delete(idx, t)
	} else {
		idx[t] = p
	}
}

func (m *Model) unlearn(e *entry) {
	m.calDirty++
	ls := m.labels(e)
	for h := range 2 {
		if e.gKnown[h] {
			m.known[h]--
			if e.gAgree[h] {
				m.agree[h]--
			}
		}
	}
	if e.sent >= 0 {
		m.nSent--
	}
	if e.ints != 0 {
		m.nInt--
	}
	for l, on := range ls {
		if on {
			m.classN[l]--
			for h, c := range famCounts(e.feats) {
				m.featN[h][l] -= c
			}
			if g := m.given(e, l); g >= 0 {
				m.conf[l][g]--
			}
		}
	}
	if e.sent >= 0 || e.ints != 0 {
		for _, f := range e.feats {
			c := m.counts[f]
			if c == nil {
				continue
			}
			zero := true
			for l, on := range ls {
				if on && c[l] > 0 {
					c[l]--
				}
				if c[l] != 0 {
					zero = false
				}
			}
			if zero {
				delete(m.counts, f)
				m.vocab[fam(f)]--
			}
		}
	}
	for _, t := range e.set {
		removeSlot(m.post, t, e.slot)
	}
	for _, k := range e.bands {
		removeSlot(m.bands, k, e.slot)
	}
}

// Decision is what the evidence makes of one comment's computed labels.
type Decision struct {
	Intents   []string // the labels to answer with (the given ones when unchanged)
	Sentiment string
	Dialect   string
	Changed   bool   // intents, sentiment or dialect differ from the given ones
	Why       string // a short reason, for the reasoning field ("" unchanged)
}

// Decide adjusts the computed labels of text with the account's evidence
// (nearOnly: near duplicates only, for labels not computed by the built-in
// engine). A nil or empty model returns them unchanged.
func (m *Model) Decide(text string, intents []string, sentiment, dialect string, nearOnly bool) Decision {
	return m.DecideScored(text, nil, intents, sentiment, dialect, nearOnly)
}

// DecideScored is Decide with the built-in engine's sentiment scores of
// text (as Example.GivenScores).
func (m *Model) DecideScored(text string, scores []string, intents []string, sentiment, dialect string, nearOnly bool) Decision {
	d := Decision{Intents: intents, Sentiment: sentiment, Dialect: dialect}
	if m == nil {
		return d
	}
	m.mu.RLock()
	if !nearOnly && m.stale() {
		m.mu.RUnlock()
		m.mu.Lock()
		if m.stale() {
			m.calibrate()
		}
		m.mu.Unlock()
		m.mu.RLock()
	}
	defer m.mu.RUnlock()
	if len(m.byKey) == 0 {
		return d
	}
	toks := tokens(text)
	set := tokenSet(toks)
	if near, sim := m.nearest(set); near != nil && sim >= NearJaccard {
		if in := near.ex.Intents; near.ints != 0 && !sameSet(in, intents) {
			d.Intents, d.Changed = cleanIntents(in), true
		}
		if near.sent >= 0 && op.Sentiments[near.sent] != sentiment {
			d.Sentiment, d.Changed = op.Sentiments[near.sent], true
		}
		if near.ex.Dialect != "" && dialect != "" && near.ex.Dialect != dialect {
			d.Dialect, d.Changed = near.ex.Dialect, true
		}
		if d.Changed {
			d.Why = "Corrected by this account's feedback on a near-identical comment."
		}
		return d
	}
	if nearOnly {
		return d
	}
	feats := withScores(features(toks, set), scores)
	var why []string
	if m.nSent >= minExamples && m.unbiased(0) {
		var post [nSent]float64
		m.posterior(feats, 0, 0, nSent, m.nSent, index(op.Sentiments, sentiment), post[:])
		if k, ok := pick(post[:], []int{index(op.Sentiments, sentiment)}, m.cal[0].margin); ok {
			d.Sentiment, d.Changed = op.Sentiments[k], true
			why = append(why, "sentiment")
		}
	}
	if m.nInt >= minExamples && m.unbiased(1) {
		var post [nInt]float64
		g := -1
		if len(intents) > 0 {
			g = index(op.Intents, intents[0])
		}
		m.posterior(feats, 1, nSent, nInt, m.nInt, g, post[:])
		cur := make([]int, 0, len(intents))
		for _, in := range intents {
			cur = append(cur, index(op.Intents, in))
		}
		if k, ok := pick(post[:], cur, m.cal[1].margin); ok {
			d.Intents, d.Changed = []string{op.Intents[k]}, true
			why = append(why, "intent")
		}
	}
	if d.Changed {
		d.Why = "The " + strings.Join(why, " and ") + " learned from this account's feedback replaced the built-in one."
	}
	return d
}

// pick returns the label the blended answer takes when it is not one of
// cur: the posterior's best label, when it beats the best of cur by more
// than margin (cur labels missing (-1) count as posterior 0).
func pick(post []float64, cur []int, margin float64) (int, bool) {
	best := 0
	for i := range post {
		if post[i] > post[best] {
			best = i
		}
	}
	base := 0.0
	for _, c := range cur {
		if c == best {
			return 0, false
		}
		if c >= 0 && post[c] > base {
			base = post[c]
		}
	}
	return best, post[best]-base > margin
}

// unbiased reports whether the examples of a head (0 sentiment, 1 intents)
// are a fair sample of the account's comments: at least minAgree of those
// whose built-in answer is known confirm it (teach exactly its labels). An account that sends corrections of
// wrong answers only teaches a sample where the built-in answer is always
// wrong; a model of it lowers macro-F1 on the rest (docs/quality/adapt.md,
// "wrong-only"), so such an account's evidence applies to near duplicates
// only.
// logCount[c] is log(c + alpha): the numerator of a word's smoothed
// likelihood, for every count a model can hold (at most MaxExamples).
var logCount = func() []float64 {
	t := make([]float64, MaxExamples+1)
	for c := range t {
		t[c] = math.Log(float64(c) + alpha)
	}
	return t
}()

func (m *Model) unbiased(head int) bool {
	return m.known[head] > 0 && float64(m.agree[head]) >= minAgree*float64(m.known[head])
}

// posterior fills post with the naive-Bayes posterior of the labels
// [off, off+k) for feats, the terms weighted by the head's calibration
// (calibrate.go).
func (m *Model) posterior(feats []uint32, head, off, k int, n int32, given int, post []float64) {
	var t terms
	m.terms(feats, nil, off, k, n, given, &t)
	c := &m.cal[head]
	t.combine(k, c.gramW, c.confW, &c.bias, post)
}

// nearest returns the example whose token set is most similar to set
// (Jaccard) among the candidates of the LSH index (lsh.go: any example
// sharing a band with set), each verified; the newest wins a tie. Called
// with m.mu held.
func (m *Model) nearest(set []uint32) (*entry, float64) {
	var best *entry
	bestSim := 0.0
	for _, k := range bandKeys(set) {
		for _, s := range m.bands[k] {
			e := m.slots[s]
			sim := jaccard(set, e.set)
			if sim > bestSim || sim == bestSim && best != nil && newer(e.ex, best.ex) {
				best, bestSim = e, sim
			}
		}
	}
	return best, bestSim
}

// hasNear reports whether another example than e is a near duplicate of
// it (Jaccard >= NearJaccard): Decide answers e's text by that one, never
// by the learned model. Called with m.mu held.
func (m *Model) hasNear(e *entry) bool {
	for _, k := range e.bands {
		for _, s := range m.bands[k] {
			if o := m.slots[s]; o != e && jaccard(e.set, o.set) >= NearJaccard {
				return true
			}
		}
	}
	return false
}

// Similar returns up to k examples that teach a label, most similar to text
// first (token Jaccard), then the newest; for few-shot prompts.
func (m *Model) Similar(text string, k int) []Example {
	if m == nil || k <= 0 {
		return nil
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	set := tokenSet(tokens(text))
	type cand struct {
		e   *entry
		sim float64
	}
	var cs []cand
	seen := map[int32]struct{}{}
	for _, t := range set {
		p := m.post[t]
		if len(p) > maxPosting {
			continue
		}
		for _, s := range p {
			if _, ok := seen[s]; ok {
				continue
			}
			seen[s] = struct{}{}
			if e := m.slots[s]; e.sent >= 0 || e.ints != 0 {
				cs = append(cs, cand{e, jaccard(set, e.set)})
			}
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].sim != cs[j].sim {
			return cs[i].sim > cs[j].sim
		}
		return newer(cs[i].e.ex, cs[j].e.ex)
	})
	out := make([]Example, 0, k)
	for _, c := range cs {
		if len(out) == k {
			return out
		}
		out = append(out, c.e.ex)
	}
	if len(out) < k { // fill with the newest others
		rest := make([]*entry, 0, len(m.slots))
		for _, e := range m.slots {
			if _, ok := seen[e.slot]; !ok && (e.sent >= 0 || e.ints != 0) {
				rest = append(rest, e)
			}
		}
		sort.Slice(rest, func(i, j int) bool { return newer(rest[i].ex, rest[j].ex) })
		for _, e := range rest {
			if len(out) == k {
				break
			}
			out = append(out, e.ex)
		}
	}
	return out
}

// jaccard is the Jaccard similarity of two sorted, duplicate-free sets.
func jaccard(a, b []uint32) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	inter, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			inter++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

func index(xs []string, x string) int {
	for i, s := range xs {
		if s == x {
			return i
		}
	}
	return -1
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !op.In(x, b) {
			return false
		}
	}
	return true
}

// cleanIntents keeps the valid, distinct intents, "spam" and "other" only
// alone (the first of them when mixed with others is dropped).
func cleanIntents(xs []string) []string {
	var out []string
	for _, x := range xs {
		if op.In(x, op.Intents) && !op.In(x, out) {
			out = append(out, x)
		}
	}
	if len(out) > 1 {
		keep := out[:0:0]
		for _, x := range out {
			if x != "other" && x != "spam" {
				keep = append(keep, x)
			}
		}
		if len(keep) > 0 {
			out = keep
		} else {
			out = out[:1]
		}
	}
	return out
}

func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
