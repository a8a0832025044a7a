package dialect

import (
	"bufio"
	"embed"
	"fmt"
	"io/fs"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"svc/engine/textnorm"
)

//go:embed markers/*.txt
var markerFS embed.FS

// Marker kinds.
const (
	kindWord      = iota // the whole token (an optional و/ف proclitic is allowed)
	kindPhrase           // several whole tokens
	kindPrefix           // token starts with it and at least minPrefixRest letters follow
	kindSuffix           // token ends with it and at least minSuffixRest letters precede
	kindCircumfix        // A*B: token starts with A, ends with B, at least minCircumMid letters between
	kindInfix            // anywhere inside a token
)

const (
	minPrefixRest = 3
	minSuffixRest = 2
	minCircumMid  = 3
	// maxRepeat caps how often one marker counts in one text.
	maxRepeat = 3
)

var kindNames = map[string]int{"word": kindWord, "phrase": kindPhrase, "prefix": kindPrefix,
	"suffix": kindSuffix, "circumfix": kindCircumfix, "infix": kindInfix}

var varietyIdx = map[string]int{"gulf": gulfIdx, "egyptian": egyIdx, "levantine": levIdx, "msa": msaIdx, "any": anyIdx, "dial": dialIdx}

// Marker is one line of a marker file, after folding.
type Marker struct {
	Text    string  // folded marker (for a circumfix: "A*B")
	Kind    string  // word, phrase, prefix, suffix, circumfix, infix
	Variety string  // gulf, egyptian, levantine, msa, dial (any dialect, not MSA), or any (Arabizi evidence only)
	Weight  float64 // evidence weight (after learned overrides)
	Why     string
	File    string
	Line    int
}

// entry is a marker as the matcher uses it.
type entry struct {
	id      int32
	kind    uint8
	variety uint8
	latin   bool // an Arabizi marker (Latin letters)
	short   bool // a one-letter marker: no و/ف proclitic allowed (و+ي would match في)
	weight  float64
	suffix  string // circumfix: the B part
}

// matcher is the compiled marker set.
type matcher struct {
	auto *automaton
	// needStart[p]: every entry of pattern p needs a token start (all kinds
	// but suffix and infix), so a raw match right after a letter other than
	// a possible proclitic و/ف is rejected without looking at the entries.
	needStart []bool
	patterns  []string  // folded patterns, index = automaton pattern id
	entries   [][]entry // per pattern
	markers   []Marker  // per entry id
	nEntries  int
}

var (
	compiled   *matcher
	compileErr error
	once       sync.Once
)

// get returns the compiled matcher, compiling it on first use. A broken
// embedded marker file is a programming error: it panics.
func get() *matcher {
	once.Do(func() { compiled, compileErr = compile(markerFS, learnedWeights()) })
	if compileErr != nil {
		panic("dialect: " + compileErr.Error())
	}
	return compiled
}

// Markers returns the compiled marker list (folded), for tools and tests.
func Markers() []Marker {
	m := get()
	out := make([]Marker, len(m.markers))
	copy(out, m.markers)
	return out
}

// MarkerKey identifies a marker for learned weights: "text|kind|variety".
func (mk Marker) Key() string { return mk.Text + "|" + mk.Kind + "|" + mk.Variety }

// compile parses every markers/*.txt file and builds the automaton. learned
// maps Marker.Key() to a weight that replaces the hand-written one.
func compile(fsys fs.FS, learned map[string]float64) (*matcher, error) {
	names, err := fs.Glob(fsys, "markers/*.txt")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	m := &matcher{}
	patIdx := map[string]int{}
	var patterns []string
	seen := map[string]bool{}
	for _, name := range names {
		f, err := fsys.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		ln := 0
		for sc.Scan() {
			ln++
			line := sc.Text()
			why := ""
			if h := strings.Index(line, "#"); h >= 0 {
				why = strings.TrimSpace(line[h+1:])
				line = line[:h]
			}
			if strings.TrimSpace(line) == "" {
				continue
			}
			parts := strings.Split(line, "|")
			if len(parts) != 4 {
				f.Close()
				return nil, fmt.Errorf("%s:%d: want 4 fields separated by |", name, ln)
			}
			raw := strings.TrimSpace(parts[0])
			kindS := strings.TrimSpace(parts[1])
			varS := strings.TrimSpace(parts[2])
			w, err := strconv.ParseFloat(strings.TrimSpace(parts[3]), 64)
			kind, okK := kindNames[kindS]
			v, okV := varietyIdx[varS]
			if err != nil || !okK || !okV || raw == "" || math.IsNaN(w) || w < 0 {
				f.Close()
				return nil, fmt.Errorf("%s:%d: bad marker line", name, ln)
			}
			text := foldMarker(raw)
			pat, suffix := text, ""
			if kind == kindCircumfix {
				a, b, ok := strings.Cut(text, "*")
				if !ok || a == "" || b == "" {
					f.Close()
					return nil, fmt.Errorf("%s:%d: circumfix must be A*B", name, ln)
				}
				pat, suffix = a, b
			}
			mk := Marker{Text: text, Kind: kindS, Variety: varS, Weight: w, Why: why, File: name, Line: ln}
			if seen[mk.Key()] {
				f.Close()
				return nil, fmt.Errorf("%s:%d: duplicate marker %q", name, ln, mk.Key())
			}
			seen[mk.Key()] = true
			if lw, ok := learned[mk.Key()]; ok {
				mk.Weight = lw
			}
			p, ok := patIdx[pat]
			if !ok {
				p = len(patterns)
				patIdx[pat] = p
				patterns = append(patterns, pat)
				m.entries = append(m.entries, nil)
			}
			e := entry{id: int32(len(m.markers)), kind: uint8(kind), variety: uint8(v), weight: mk.Weight,
				suffix: suffix, latin: isLatinMarker(text), short: utf8.RuneCountInString(pat) < 2}
			m.entries[p] = append(m.entries[p], e)
			m.markers = append(m.markers, mk)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	m.nEntries = len(m.markers)
	m.patterns = patterns
	m.auto = buildAutomaton(patterns)
	m.needStart = make([]bool, len(patterns))
	for p, es := range m.entries {
		m.needStart[p] = true
		for _, e := range es {
			if e.kind == kindSuffix || e.kind == kindInfix {
				m.needStart[p] = false
			}
		}
	}
	return m, nil
}

// foldMarker folds a marker like the text it is matched against. The elongation
// rule must not touch markers, so they are folded rune by rune via Fold on each
// rune (markers never contain elongations).
func foldMarker(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteString(textnorm.Fold(string(r)))
		if r == ' ' {
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

func isLatinMarker(s string) bool {
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			return true
		}
	}
	return false
}

// state is the per-call scratch space, pooled.
type state struct {
	buf     []byte
	counts  []uint8
	touched []int32
}

var statePool = sync.Pool{New: func() any { return &state{buf: make([]byte, 0, 1024)} }}

// evidence is the outcome of matching.
type evidence struct {
	score        [nVar]float64
	generic      float64 // evidence for "some dialect" (variety dial), added to all three dialects
	hits         int     // markers of a variety (not "any") that matched
	dialectHits  int     // markers of gulf/egyptian/levantine that matched
	arabiziWords int     // Latin marker words matched
	digitWords   int     // Latin tokens with an Arabizi digit (2 3 5 6 7 8 9) inside letters
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	if r >= 0x0621 && r <= 0x064A {
		return true
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// midWord is a quick, conservative test that s (> 0) is inside a word: the
// byte before is an ASCII letter or digit, or the end of a common Arabic
// letter other than و and ف (which may be proclitics). False means "check".
func midWord(b []byte, s int) bool {
	c := b[s-1]
	if c < utf8.RuneSelf {
		return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z'
	}
	if s >= 2 && (b[s-2] == 0xD8 || b[s-2] == 0xD9) && c&0xC0 == 0x80 {
		r := rune(b[s-2]&0x1F)<<6 | rune(c&0x3F)
		return r >= 0x0621 && r <= 0x064A && r != 0x0640 && r != 'و' && r != 'ف'
	}
	return false
}

// lastRune decodes the rune ending at b[:s] (s > 0), fast for ASCII and
// two-byte sequences.
func lastRune(b []byte, s int) (rune, int) {
	c := b[s-1]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	if s >= 2 && c&0xC0 == 0x80 {
		if c0 := b[s-2]; c0 >= 0xC2 && c0 <= 0xDF {
			return rune(c0&0x1F)<<6 | rune(c&0x3F), 2
		}
	}
	return utf8.DecodeLastRune(b[:s])
}

// nextRune decodes the rune at b[e:] (e < len(b)), fast for ASCII and
// two-byte sequences.
func nextRune(b []byte, e int) (rune, int) {
	c := b[e]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	if c >= 0xC2 && c <= 0xDF && e+1 < len(b) && b[e+1]&0xC0 == 0x80 {
		return rune(c&0x1F)<<6 | rune(b[e+1]&0x3F), 2
	}
	return utf8.DecodeRune(b[e:])
}

// startOK reports whether a token (or a token after a و/ف proclitic) starts at s.
func startOK(b []byte, s int) bool {
	if s == 0 {
		return true
	}
	r, n := lastRune(b, s)
	if !isWordRune(r) {
		return true
	}
	if (r == 'و' || r == 'ف') && (s-n == 0) {
		return true
	}
	if r == 'و' || r == 'ف' {
		r2, _ := lastRune(b, s-n)
		return !isWordRune(r2)
	}
	return false
}

// strictStart reports whether a token starts exactly at s.
func strictStart(b []byte, s int) bool {
	if s == 0 {
		return true
	}
	r, _ := lastRune(b, s)
	return !isWordRune(r)
}

func endOK(b []byte, e int) bool {
	if e >= len(b) {
		return true
	}
	r, _ := nextRune(b, e)
	return !isWordRune(r)
}

// tokenEnd returns the end of the token containing byte e-1 and the number of
// word runes from e to it.
func tokenEnd(b []byte, e int) (end, runes int) {
	for e < len(b) {
		r, n := nextRune(b, e)
		if !isWordRune(r) {
			break
		}
		e += n
		runes++
	}
	return e, runes
}

// runesBackToStart counts word runes before s inside the token.
func runesBackToStart(b []byte, s int) int {
	n := 0
	for s > 0 {
		r, k := lastRune(b, s)
		if !isWordRune(r) {
			break
		}
		s -= k
		n++
	}
	return n
}

// match runs the automaton over st.buf and accumulates evidence.
func (m *matcher) match(st *state, ev *evidence) { m.matchFn(st, ev, nil) }

// matchFn is match with an optional callback per accepted entry.
func (m *matcher) matchFn(st *state, ev *evidence, hit func(id int32)) {
	if cap(st.counts) < m.nEntries {
		st.counts = make([]uint8, m.nEntries)
	}
	st.counts = st.counts[:m.nEntries]
	st.touched = st.touched[:0]
	b := st.buf
	a := m.auto
	cur := int32(0)
	for i := 0; i < len(b); i++ {
		v := a.trans[cur*a.alpha+int32(a.classes[b[i]])]
		cur = int32(v & 0x7fff)
		if v < 0x8000 {
			continue
		}
		stIdx := cur
		for k := a.outStart[stIdx]; k < a.outStart[stIdx+1]; k++ {
			p := a.outs[k]
			e := i + 1
			s := e - int(a.patLen[p])
			if s > 0 && m.needStart[p] && midWord(b, s) {
				continue
			}
			m.accept(st, ev, hit, b, int(p), s, e)
		}
	}
	for _, id := range st.touched {
		st.counts[id] = 0
	}
}

// accept applies the kind rules to one raw automaton match of pattern p at
// [s, e) and adds the evidence of every entry that passes.
func (m *matcher) accept(st *state, ev *evidence, hit func(int32), b []byte, p, s, e int) {
	{
		for i := range m.entries[p] {
			en := &m.entries[p][i]
			ok := false
			switch en.kind {
			case kindWord, kindPhrase:
				if en.latin || en.short {
					ok = strictStart(b, s) && endOK(b, e)
				} else {
					ok = startOK(b, s) && endOK(b, e)
				}
			case kindPrefix:
				if startOK(b, s) && !endOK(b, e) {
					_, rest := tokenEnd(b, e)
					ok = rest >= minPrefixRest
				}
			case kindSuffix:
				ok = endOK(b, e) && runesBackToStart(b, s) >= minSuffixRest
			case kindCircumfix:
				if startOK(b, s) && !endOK(b, e) {
					te, _ := tokenEnd(b, e)
					if te-e >= len(en.suffix) && string(b[te-len(en.suffix):te]) == en.suffix {
						mid := utf8.RuneCount(b[e : te-len(en.suffix)])
						ok = mid >= minCircumMid
					}
				}
			case kindInfix:
				ok = true
			}
			if !ok {
				continue
			}
			if hit != nil {
				hit(en.id)
			}
			c := st.counts[en.id]
			if c == 0 {
				st.touched = append(st.touched, en.id)
			}
			if c < maxRepeat {
				st.counts[en.id] = c + 1
				w := en.weight
				if c > 0 {
					w *= repeatFactor
				}
				if en.variety == dialIdx {
					ev.generic += w
					ev.hits++
				} else if en.variety != anyIdx {
					ev.score[en.variety] += w
					ev.hits++
					if en.variety != msaIdx {
						ev.dialectHits++
					}
				}
				if en.latin && c == 0 {
					ev.arabiziWords++
				}
			}
		}
	}
}

// countDigitWords counts Latin tokens that mix letters with the Arabizi
// digits 2 3 5 6 7 8 9 (e.g. "7abibi", "3ala", "ma2lesh") and do not look
// like English ordinals, units or times ("2nd", "5km", "7pm", "mp3").
func countDigitWords(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		if !(b[i] >= 'a' && b[i] <= 'z' || b[i] >= '0' && b[i] <= '9') {
			i++
			continue
		}
		j := i
		letters, adigits, other := 0, 0, 0
		for j < len(b) && (b[j] >= 'a' && b[j] <= 'z' || b[j] >= '0' && b[j] <= '9') {
			switch c := b[j]; {
			case c >= 'a' && c <= 'z':
				letters++
			case c == '2' || c == '3' || c == '5' || c == '6' || c == '7' || c == '8' || c == '9':
				adigits++
			default:
				other++
			}
			j++
		}
		if letters >= 2 && adigits >= 1 && adigits <= 3 && other == 0 && !englishDigitToken(b[i:j]) {
			n++
		}
		i = j
	}
	return n
}

func englishDigitToken(t []byte) bool {
	s := string(t)
	for _, suf := range [...]string{"st", "nd", "rd", "th", "am", "pm", "km", "kg", "cm", "mm", "ml", "gb", "mb", "hz", "px", "min", "hrs", "hr", "yo", "k", "g", "s", "d", "x", "p"} {
		if strings.HasSuffix(s, suf) && s[0] >= '0' && s[0] <= '9' && strings.TrimLeft(s, "0123456789") == suf {
			return true
		}
	}
	for _, pre := range [...]string{"mp", "h", "ps", "xbox", "iphone", "galaxy", "covid", "win", "top", "a", "b", "f", "g", "s", "v", "x", "z", "pm", "co"} {
		if strings.HasPrefix(s, pre) && strings.TrimLeft(s[len(pre):], "0123456789") == "" {
			return true
		}
	}
	return false
}
