// Package textnorm normalises Arabic and Latin text for matching: lookups,
// lexicons, dialect markers and cache keys all compare folded text.
//
// # Folding rules (Fold, Normalize and AppendNormalize apply the same ones)
//
//  1. Unicode NFKC (presentation forms and ligatures such as U+FEFB "ﻻ" become
//     base letters; full-width Latin becomes ASCII).
//  2. Removed: Arabic diacritics (harakat U+064B–U+065F, superscript alef
//     U+0670, Quranic marks U+06D6–U+06ED), tatweel U+0640, zero-width and
//     direction marks (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069, U+061C,
//     U+FEFF, soft hyphen U+00AD).
//  3. Letters folded: أ إ آ ٱ -> ا; ى -> ي; ة -> ه; Persian ی -> ي, ک -> ك,
//     ۀ ہ -> ه. The dialect letters گ چ ڤ پ are kept as they are (they are
//     dialect evidence for the matcher).
//  4. Arabic-Indic and Eastern Arabic-Indic digits -> ASCII 0-9.
//  5. Lower case (unicode.ToLower, rune by rune).
//  6. Elongation: an Arabic letter repeated 3 or more times becomes one
//     ("جمييييل" -> "جميل"; "ممكن" keeps its two meems); any other letter
//     repeated 3 or more times becomes two ("goooood" -> "good", "good" stays).
//  7. White space runs become one ASCII space; leading and trailing space is
//     trimmed.
package textnorm

import (
	"bytes"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Fold returns the lookup form of s (see the package documentation for the
// rules). Fold(s) is always equal to the first result of Normalize(s).
func Fold(s string) string {
	b := bufPool.Get().(*[]byte)
	out, _ := AppendNormalize((*b)[:0], nil, s)
	r := string(out)
	*b = out
	bufPool.Put(b)
	return r
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// Normalize returns the folded form of s (identical to Fold(s)) and an offset
// map back into s.
//
// len(offsets) == len(folded)+1. For i < len(folded), offsets[i] is the byte
// offset in s where the source of folded byte i starts: every byte of one
// folded rune carries the start of the original character (or NFKC segment)
// it came from. offsets[len(folded)] is the end, in s, of the source of the
// last folded rune. Offsets never decrease and always lie in [0, len(s)].
//
// Characters that folding removes (diacritics, tatweel, zero-width and
// direction marks, the extra letters of an elongation, the extra spaces of a
// white-space run) belong to the folded rune before them, so the source of a
// folded rune i runs from offsets[i] up to the offset of the next folded rune.
// Leading white space and removed characters before the first kept rune, and
// trailing white space, belong to nothing.
//
// To map a folded byte span [a, b) back to the original text use
// OriginalSpan(offsets, a, b): it returns [start, end) covering the original
// characters, including their diacritics, tatweel and elongation, e.g.
// masking folded "كلب" in "كـــلـب" replaces the whole "كـــلـب".
func Normalize(s string) (folded string, offsets []int) {
	b := bufPool.Get().(*[]byte)
	out, offs := AppendNormalize((*b)[:0], make([]int, 0, len(s)+1), s)
	folded = string(out)
	*b = out
	bufPool.Put(b)
	return folded, offs
}

// AppendNormalize is the allocation-free form of Normalize for hot paths: it
// appends the folded form of s to dst and its offsets (same meaning as in
// Normalize, including the final end entry) to offs, and returns both. When
// offs is nil no offsets are produced. Reuse dst and offs between calls (for
// example through a sync.Pool); the offsets appended are relative to s and
// the folded bytes appended start at len(dst), so pass dst[:0] and offs[:0]
// unless you know what you are doing.
func AppendNormalize(dst []byte, offs []int, s string) ([]byte, []int) {
	withOffs := offs != nil
	d0, o0 := len(dst), len(offs)
	dst, offs = appendNormalize(dst, offs, s, withOffs)
	// Folding drops and lower-cases characters, which can let NFKC reorder or
	// compose the combining marks that remain ("A" + a dropped mark + U+0300
	// becomes "à" on a second pass). Until the output is a fixed point, fold
	// it again and compose the offset maps. Only text that keeps combining
	// marks takes a second pass; at most maxPasses in all.
	for pass := 1; pass < maxPasses && hasMark(dst[d0:]); pass++ {
		prev := string(dst[d0:])
		var o2 []int
		if withOffs {
			o2 = make([]int, 0, len(prev)+1)
		}
		next, o2 := appendNormalize(make([]byte, 0, len(prev)), o2, prev, withOffs)
		if string(next) == prev {
			break
		}
		if withOffs {
			o1 := offs[o0:]
			for i, o := range o2 {
				o2[i] = o1[o]
			}
			offs = append(offs[:o0], o2...)
		}
		dst = append(dst[:d0], next...)
	}
	return dst, offs
}

// maxPasses bounds the folding passes of AppendNormalize.
const maxPasses = 4

// hasMark reports whether b holds a combining mark outside the Arabic block
// (Arabic marks are dropped by folding) or one of the kept Arabic signs.
func hasMark(b []byte) bool {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r >= 0x0621 && r <= 0x064A { // Arabic letters: the common case, no mark
			i += n
			continue
		}
		if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Mc, r) {
			return true
		}
		i += n
	}
	return false
}

// OriginalSpan maps the folded byte span [a, b) (0 <= a < b <= len(folded))
// to the original byte span [start, end) of s, given the offsets returned by
// Normalize. When b falls inside the expansion of one original character
// (NFKC turned one character into several), end moves forward to the end of
// that character, so the result is never empty for a non-empty span.
func OriginalSpan(offsets []int, a, b int) (start, end int) {
	n := len(offsets) - 1
	if n < 0 {
		return 0, 0
	}
	if a < 0 {
		a = 0
	}
	if b > n {
		b = n
	}
	if a >= b {
		if a > n {
			a = n
		}
		return offsets[a], offsets[a]
	}
	start = offsets[a]
	last := offsets[b-1]
	j := b
	for j < n && offsets[j] <= last {
		j++
	}
	end = offsets[j]
	if end < start {
		end = start
	}
	return start, end
}

// appendNormalize does the work of Fold, Normalize and AppendNormalize.
func appendNormalize(dst []byte, offs []int, s string, withOffs bool) ([]byte, []int) {
	base := len(dst)
	st := folder{dst: dst, offs: offs, withOffs: withOffs, pendingSpace: -1, leading: true}
	i := 0
	for i < len(s) {
		// Fastest path: a common Arabic letter (two bytes, folds to itself,
		// not a repeat of the previous letter) followed by something that
		// cannot compose with it.
		if c := s[i]; (c == 0xD8 || c == 0xD9) && i+1 < len(s) && !st.leading && st.pendingSpace < 0 {
			r := rune(c&0x1F)<<6 | rune(s[i+1]&0x3F)
			if plainLetter(r) && r != st.prev && inertNext(s, i+2) {
				st.dst = append(st.dst, c, s[i+1])
				if st.withOffs {
					st.offs = append(st.offs, i, i)
				}
				st.prev, st.run, st.prevSize, st.lastEnd = r, 1, 2, i+2
				i += 2
				continue
			}
		}
		r, n := DecodeRune(s, i)
		// Fast path: a rune that NFKC leaves alone and that cannot compose
		// with the next one (the next one is also NFKC-inert and not a
		// combining mark that composes, such as U+0654 hamza above).
		if nfkcInert(r) {
			j := i + n
			if j >= len(s) || s[j] < utf8.RuneSelf {
				st.add(r, i, j)
				i = j
				continue
			}
			if r2, n2 := DecodeRune(s, j); nfkcInert(r2) {
				if keepStarter(r, []byte(s[j:j+n2])) { // same rule as the slow path
					st.put(r, i, j)
				} else {
					st.add(r, i, j)
				}
				i = j
				continue
			}
		}
		// Slow path: one NFKC segment (a starter and its combining marks).
		k := norm.NFKC.NextBoundaryInString(s[i:], true)
		if k <= 0 {
			k = len(s) - i
		}
		var tmp [64]byte
		seg := norm.NFKC.AppendString(tmp[:0], s[i:i+k])
		seg = lowerComposed(seg)
		end := i + k
		for j := 0; j < len(seg); {
			r, n := utf8.DecodeRune(seg[j:])
			if j == 0 && keepStarter(r, seg[n:]) {
				st.put(r, i, end)
			} else {
				st.add(r, i, end)
			}
			j += n
		}
		i = end
	}
	if st.withOffs {
		st.offs = append(st.offs, st.lastEnd)
	}
	_ = base
	return st.dst, st.offs
}

// lowerComposed lower-cases an NFKC segment that has an upper-case letter and
// composes it again: a lower-case letter can compose with marks its capital
// cannot (T + U+0308 stays two runes, t + U+0308 is U+1E97), so without this
// Fold would not be idempotent (found by FuzzNormalize).
func lowerComposed(seg []byte) []byte {
	upper := false
	for _, r := range string(seg) {
		if unicode.IsUpper(r) || unicode.IsTitle(r) {
			upper = true
			break
		}
	}
	if !upper {
		return seg
	}
	return norm.NFKC.Bytes(bytes.ToLower(seg))
}

// folder is the streaming state of one normalisation.
type folder struct {
	dst          []byte
	offs         []int
	withOffs     bool
	leading      bool // nothing kept yet
	pendingSpace int  // source start of a white-space run not yet written, or -1
	prev         rune // last kept rune (0 after a space)
	run          int  // how many times prev has been kept in a row
	prevSize     int  // bytes of the last kept rune in dst
	lastEnd      int  // end in s of the source of the last kept non-space rune
}

// keepStarter reports whether a starter that folding removes (tatweel,
// zero-width and direction marks) must stay because combining marks that
// folding keeps follow it in its segment: removing it would make those marks
// adjacent to the previous segment's marks, and a second NFKC pass could
// reorder them, so Fold would not be idempotent (found by FuzzNormalize).
func keepStarter(r rune, rest []byte) bool {
	if foldRune(r) >= 0 || len(rest) == 0 {
		return false
	}
	var buf [utf8.UTFMax]byte
	if norm.NFKC.Properties(buf[:utf8.EncodeRune(buf[:], r)]).CCC() != 0 {
		return false
	}
	for j := 0; j < len(rest); {
		m, n := utf8.DecodeRune(rest[j:])
		if norm.NFKC.Properties(rest[j:j+n]).CCC() == 0 {
			return false // a starter: the marks (if any) end here
		}
		if fm := foldRune(m); fm >= 0 && fm != ' ' {
			return true
		}
		j += n
	}
	return false
}

// add folds r and appends it (or drops it) at source span [start, end).
func (f *folder) add(r rune, start, end int) { f.put(foldRune(r), start, end) }

// put appends the already-folded rune r; r < 0 drops it.
func (f *folder) put(r rune, start, end int) {
	if r < 0 { // removed: belongs to the previous kept rune
		if f.pendingSpace < 0 && !f.leading {
			f.lastEnd = end
		}
		return
	}
	if r == ' ' { // foldRune maps every white-space rune to ' '
		if !f.leading && f.pendingSpace < 0 {
			f.pendingSpace = start
		}
		return
	}
	if f.pendingSpace >= 0 {
		f.dst = append(f.dst, ' ')
		if f.withOffs {
			f.offs = append(f.offs, f.pendingSpace)
		}
		f.pendingSpace = -1
		f.prev, f.run = ' ', 1
	}
	f.leading = false
	if r == f.prev && isLetter(r) {
		f.run++
		arabic := IsArabic(r)
		switch {
		case arabic && f.run == 3:
			// third of a run: drop the second copy already written
			f.dst = f.dst[:len(f.dst)-f.prevSize]
			if f.withOffs {
				f.offs = f.offs[:len(f.offs)-f.prevSize]
			}
			f.lastEnd = end
			return
		case f.run >= 3:
			f.lastEnd = end
			return
		}
	} else {
		f.prev, f.run = r, 1
	}
	n := len(f.dst)
	f.dst = utf8.AppendRune(f.dst, r)
	f.prevSize = len(f.dst) - n
	if f.withOffs {
		for j := 0; j < f.prevSize; j++ {
			f.offs = append(f.offs, start)
		}
	}
	f.lastEnd = end
}

// DecodeRune decodes the rune at s[i:] like utf8.DecodeRuneInString, with an
// inlined fast path for ASCII and two-byte sequences (all of Arabic).
func DecodeRune(s string, i int) (rune, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	if c >= 0xC2 && c <= 0xDF && i+1 < len(s) {
		if c1 := s[i+1]; c1&0xC0 == 0x80 {
			return rune(c&0x1F)<<6 | rune(c1&0x3F), 2
		}
	}
	return utf8.DecodeRuneInString(s[i:])
}

// plainLetter reports whether r is an Arabic letter that folding keeps as it
// is (not an alef with hamza or madda, teh marbuta, alef maksura or tatweel).
func plainLetter(r rune) bool {
	return (r >= 0x0621 && r <= 0x063A || r >= 0x0641 && r <= 0x064A) &&
		r != 0x0622 && r != 0x0623 && r != 0x0625 && r != 0x0629 && r != 0x0649
}

// inertNext reports whether the rune at s[j:] (if any) is ASCII or an
// NFKC-inert Arabic-block rune (so it cannot compose with the rune before).
func inertNext(s string, j int) bool {
	if j >= len(s) || s[j] < utf8.RuneSelf {
		return true
	}
	c := s[j]
	if c < 0xD8 || c > 0xDB || j+1 >= len(s) {
		return false
	}
	if c == 0xD9 {
		c1 := s[j+1]
		return !(c1 >= 0x93 && c1 <= 0x95) && !(c1 >= 0xB5 && c1 <= 0xB8)
	}
	return true
}

// nfkcInert reports whether NFKC leaves r unchanged and r never composes
// with a neighbour: ASCII, and the Arabic block except the marks that compose
// (U+0653..U+0655) and the letters with compatibility decompositions
// (U+0675..U+0678).
func nfkcInert(r rune) bool {
	// U+0610..U+061A are combining marks that folding keeps: NFKC may
	// reorder them with a following mark, so they take the slow path
	// (FuzzNormalize: "B" U+0616 U+0331). The other Arabic marks are
	// dropped by foldRune, so their order cannot show in the output.
	return r < utf8.RuneSelf || r >= 0x0600 && r <= 0x06FF && !(r >= 0x0610 && r <= 0x061A) &&
		!(r >= 0x0653 && r <= 0x0655) && !(r >= 0x0675 && r <= 0x0678)
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return unicode.IsLetter(r)
}

// foldRune maps one rune to its folded form, or -1 to drop it.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if r >= 'A' && r <= 'Z' {
			return r + ('a' - 'A')
		}
		if r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' {
			return ' '
		}
		return r
	}
	if r >= 0x0621 && r <= 0x064A && r != 0x0640 && r != 0x0623 && r != 0x0625 && r != 0x0622 && r != 0x0629 && r != 0x0649 {
		return r // common Arabic letters fold to themselves
	}
	switch {
	case r >= 0x064B && r <= 0x065F, r == 0x0670, r >= 0x06D6 && r <= 0x06ED: // harakat, superscript alef, Quranic marks
		return -1
	case r == 0x0640: // tatweel
		return -1
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0x200E, r == 0x200F, r == 0xFEFF,
		r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x061C, r == 0x00AD:
		return -1
	case r == 'أ', r == 'إ', r == 'آ', r == 'ٱ':
		return 'ا'
	case r == 'ى', r == 'ی':
		return 'ي'
	case r == 'ة', r == 'ۀ', r == 'ہ':
		return 'ه'
	case r == 'ک':
		return 'ك'
	case r >= 0x0660 && r <= 0x0669:
		return '0' + (r - 0x0660)
	case r >= 0x06F0 && r <= 0x06F9:
		return '0' + (r - 0x06F0)
	case r >= 0x0600 && r <= 0x06FF:
		return r
	}
	if unicode.IsSpace(r) {
		return ' '
	}
	return unicode.ToLower(r)
}

// IsArabic reports whether r is an Arabic-script code point (letters, marks,
// digits and punctuation of the Arabic blocks).
func IsArabic(r rune) bool {
	return r >= 0x0600 && r <= 0x06FF || r >= 0x0750 && r <= 0x077F || r >= 0x08A0 && r <= 0x08FF ||
		r >= 0xFB50 && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFC
}

// IsArabicLetter reports whether r is an Arabic-script letter.
func IsArabicLetter(r rune) bool {
	if r >= 0x0621 && r <= 0x064A { // the common letters, without a table lookup
		return r != 0x0640 // tatweel is a modifier letter, not a letter of words
	}
	return IsArabic(r) && unicode.IsLetter(r)
}
