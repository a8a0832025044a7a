// Package pairgen builds the cache's evaluation pair set at run time from
// texts: meaning-preserving perturbations that must hit, and
// meaning-changing edits that must miss. cmd/pairs reads the texts of the
// labelled data sets (LoadTexts; not in the repository, see docs/quality.md);
// the package's tests use the fixture in internal/testcorpus.
package pairgen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/internal/datasets"
)

// Pair is one query against an original text.
type Pair struct {
	Orig    int    // index into the originals
	Text    string // the perturbed or edited text
	Kind    string // perturbation or edit name
	MustHit bool
}

// DefaultDataDir is where cmd/pairs looks for the data sets by default.
const DefaultDataDir = datasets.DefaultDir

// LoadTexts reads the "text" field of every dir/*/<file> line (file e.g.
// "dev.jsonl"), de-duplicated, in a deterministic order.
func LoadTexts(dir, file string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*", file))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, &datasets.MissingError{Dir: dir, Missing: []string{filepath.Join("*", file)}}
	}
	sort.Strings(paths)
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var row struct {
				Text string `json:"text"`
			}
			if json.Unmarshal(sc.Bytes(), &row) != nil {
				continue
			}
			t := strings.TrimSpace(row.Text)
			if t == "" || seen[t] {
				continue
			}
			seen[t] = true
			out = append(out, t)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Sample picks n texts (deterministically by seed) of 3 to 60 words.
func Sample(texts []string, n int, seed int64) []string {
	r := rand.New(rand.NewSource(seed))
	idx := r.Perm(len(texts))
	var out []string
	for _, i := range idx {
		w := len(strings.Fields(texts[i]))
		if w < 3 || w > 60 {
			continue
		}
		out = append(out, texts[i])
		if len(out) == n {
			break
		}
	}
	return out
}

// Generate returns every applicable perturbation and edit of each original.
func Generate(origs []string, seed int64) []Pair {
	r := rand.New(rand.NewSource(seed))
	var out []Pair
	for i, t := range origs {
		for _, g := range preserving {
			if v, ok := g.fn(r, t); ok && v != t {
				out = append(out, Pair{Orig: i, Text: v, Kind: g.name, MustHit: true})
			}
		}
		for _, g := range changing {
			if v, ok := g.fn(r, t); ok && v != t {
				out = append(out, Pair{Orig: i, Text: v, Kind: g.name, MustHit: false})
			}
		}
	}
	return out
}

type gen struct {
	name string
	fn   func(r *rand.Rand, s string) (string, bool)
}

var preserving = []gen{
	{"case", perturbCase},
	{"diacritics", perturbDiacritics},
	{"tatweel", perturbTatweel},
	{"elongation", perturbElongation},
	{"punctuation", perturbPunctuation},
	{"spacing", perturbSpacing},
	{"emoji_spacing", perturbEmojiSpacing},
	{"interjection", perturbInterjection},
}

var changing = []gen{
	{"negation", editNegation},
	{"number", editNumber},
	{"antonym", editAntonym},
	{"dialect_word", editDialectWord},
	{"mention", editMention},
}

// ---- helpers ----

func isArabic(r rune) bool { return r >= 0x0600 && r <= 0x06FF }

func hasArabic(s string) bool { return strings.IndexFunc(s, isArabic) >= 0 }

func isURL(w string) bool {
	l := strings.ToLower(w)
	return strings.Contains(l, "http") || strings.Contains(l, "www.")
}

func isProtected(w string) bool { return isURL(w) || strings.Contains(w, "@") }

// mapWords applies fn to the words of s selected by pick (URLs and mentions
// are never touched), keeping the original separators.
func mapWords(s string, fn func(w string) string) string {
	parts := strings.Split(s, " ")
	for i, p := range parts {
		if p == "" || isProtected(p) {
			continue
		}
		parts[i] = fn(p)
	}
	return strings.Join(parts, " ")
}

func wordIndexes(parts []string, ok func(string) bool) []int {
	var out []int
	for i, p := range parts {
		if p != "" && !isProtected(p) && ok(p) {
			out = append(out, i)
		}
	}
	return out
}

func isEmoji(r rune) bool {
	return r >= 0x1F300 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF
}

// ---- meaning-preserving perturbations ----

func perturbCase(r *rand.Rand, s string) (string, bool) {
	if strings.IndexFunc(s, func(c rune) bool { return c < 0x250 && unicode.IsLetter(c) }) < 0 {
		return "", false
	}
	switch r.Intn(3) {
	case 0:
		return mapWords(s, strings.ToUpper), true
	case 1:
		return mapWords(s, strings.ToLower), true
	default:
		return mapWords(s, func(w string) string {
			rs := []rune(strings.ToLower(w))
			if len(rs) > 0 {
				rs[0] = unicode.ToUpper(rs[0])
			}
			return string(rs)
		}), true
	}
}

func perturbDiacritics(r *rand.Rand, s string) (string, bool) {
	if !hasArabic(s) {
		return "", false
	}
	n := 0
	out := mapWords(s, func(w string) string {
		var b strings.Builder
		for _, c := range w {
			if c >= 0x064B && c <= 0x0652 && r.Intn(2) == 0 {
				n++
				continue // drop an existing diacritic
			}
			b.WriteRune(c)
			if isArabic(c) && unicode.IsLetter(c) && c != 'ـ' && r.Intn(3) == 0 {
				b.WriteRune(rune(0x064B + r.Intn(8))) // fathatan .. sukun
				n++
			}
		}
		return b.String()
	})
	return out, n > 0
}

// non-joining Arabic letters: tatweel after them is not written.
const nonJoining = "اأإآدذرزوؤةء"

func perturbTatweel(r *rand.Rand, s string) (string, bool) {
	if !hasArabic(s) {
		return "", false
	}
	n := 0
	out := mapWords(s, func(w string) string {
		rs := []rune(w)
		var b strings.Builder
		for i, c := range rs {
			b.WriteRune(c)
			if i+1 < len(rs) && isArabic(c) && isArabic(rs[i+1]) && unicode.IsLetter(rs[i+1]) &&
				!strings.ContainsRune(nonJoining, c) && r.Intn(3) == 0 {
				b.WriteString(strings.Repeat("ـ", 1+r.Intn(4)))
				n++
			}
		}
		return b.String()
	})
	return out, n > 0
}

func perturbElongation(r *rand.Rand, s string) (string, bool) {
	parts := strings.Split(s, " ")
	cands := wordIndexes(parts, func(w string) bool {
		return utf8.RuneCountInString(w) >= 3 && strings.IndexFunc(w, unicode.IsLetter) >= 0
	})
	if len(cands) == 0 {
		return "", false
	}
	i := cands[r.Intn(len(cands))]
	rs := []rune(parts[i])
	// elongate the last letter, or a vowel / long vowel inside the word
	var pos []int
	for j, c := range rs {
		if strings.ContainsRune("aeiouyاويى", unicode.ToLower(c)) {
			pos = append(pos, j)
		}
	}
	for j := len(rs) - 1; j >= 0; j-- {
		if unicode.IsLetter(rs[j]) {
			pos = append(pos, j)
			break
		}
	}
	j := pos[r.Intn(len(pos))]
	rep := strings.Repeat(string(rs[j]), 2+r.Intn(5)) // the letter then appears 3 to 7 times
	parts[i] = string(rs[:j+1]) + rep + string(rs[j+1:])
	return strings.Join(parts, " "), true
}

var marks = []string{"!", "!!!", ".", "...", "،", ",", "!!", "…"}

func perturbPunctuation(r *rand.Rand, s string) (string, bool) {
	switch r.Intn(3) {
	case 0: // remove existing punctuation at word edges (never question marks, never inside a word)
		rs := []rune(s)
		var b strings.Builder
		removable := func(c rune) bool {
			return unicode.IsPunct(c) && !strings.ContainsRune("?؟@#_%٪&'’", c)
		}
		wordy := func(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }
		for i := 0; i < len(rs); {
			if !removable(rs[i]) {
				b.WriteRune(rs[i])
				i++
				continue
			}
			j := i
			for j < len(rs) && removable(rs[j]) {
				j++
			}
			// a run glued between two words (usual...the, S/o, 3.5) stays
			if i > 0 && j < len(rs) && wordy(rs[i-1]) && wordy(rs[j]) {
				b.WriteString(string(rs[i:j]))
			}
			i = j
		}
		out := b.String()
		// keep URLs intact: only accept when no URL was present
		if out != s && !strings.Contains(strings.ToLower(s), "http") {
			return out, true
		}
		fallthrough
	case 1: // trailing marks
		return strings.TrimRight(s, " ") + marks[r.Intn(len(marks))], true
	default: // a comma or marks after a word
		parts := strings.Split(s, " ")
		cands := wordIndexes(parts, func(string) bool { return true })
		if len(cands) == 0 {
			return "", false
		}
		i := cands[r.Intn(len(cands))]
		parts[i] += marks[r.Intn(len(marks))]
		return strings.Join(parts, " "), true
	}
}

func perturbSpacing(r *rand.Rand, s string) (string, bool) {
	parts := strings.Fields(s)
	if len(parts) < 2 {
		return "", false
	}
	seps := []string{"  ", "   ", " \t", "\n", " "}
	var b strings.Builder
	if r.Intn(2) == 0 {
		b.WriteString("  ")
	}
	for i, p := range parts {
		if i > 0 {
			b.WriteString(seps[r.Intn(len(seps))])
		}
		b.WriteString(p)
	}
	if r.Intn(2) == 0 {
		b.WriteString(" \n")
	}
	return b.String(), true
}

func perturbEmojiSpacing(r *rand.Rand, s string) (string, bool) {
	if strings.IndexFunc(s, isEmoji) < 0 {
		return "", false
	}
	var b strings.Builder
	rs := []rune(s)
	for i, c := range rs {
		if isEmoji(c) {
			// toggle the space before the emoji
			if i > 0 && rs[i-1] == ' ' {
				str := b.String()
				b.Reset()
				b.WriteString(strings.TrimRight(str, " "))
			} else if i > 0 {
				b.WriteRune(' ')
			}
			b.WriteRune(c)
			if i+1 < len(rs) && rs[i+1] != ' ' && !isEmoji(rs[i+1]) && r.Intn(2) == 0 {
				b.WriteRune(' ')
			}
			continue
		}
		b.WriteRune(c)
	}
	return b.String(), true
}

// perturbInterjection prefixes an interjection ("oh", "اه"): the one
// token-level insertion the guards accept.
func perturbInterjection(r *rand.Rand, s string) (string, bool) {
	if hasArabic(s) {
		return []string{"اه ", "اوه "}[r.Intn(2)] + s, true
	}
	return []string{"oh ", "Oh, ", "ah "}[r.Intn(3)] + s, true
}

// ---- meaning-changing edits ----

var negatorsAr = []string{"ما", "مش", "مو", "لا", "لم", "لن", "ليس", "مب"}

var enAux = map[string]bool{"is": true, "are": true, "was": true, "were": true, "do": true, "does": true, "did": true,
	"can": true, "will": true, "would": true, "should": true, "could": true, "have": true, "has": true, "am": true}

var negWords = map[string]bool{"not": true, "no": true, "never": true, "don't": true, "dont": true, "doesn't": true,
	"didn't": true, "isn't": true, "can't": true, "won't": true, "ما": true, "مش": true, "مو": true, "لا": true, "لم": true, "لن": true, "ليس": true, "مب": true}

func editNegation(r *rand.Rand, s string) (string, bool) {
	parts := strings.Split(s, " ")
	// remove an existing negator half of the time
	if negs := wordIndexes(parts, func(w string) bool { return negWords[strings.ToLower(w)] }); len(negs) > 0 && r.Intn(2) == 0 {
		i := negs[r.Intn(len(negs))]
		return strings.Join(append(parts[:i:i], parts[i+1:]...), " "), true
	}
	if hasArabic(s) {
		cands := wordIndexes(parts, func(w string) bool { return hasArabic(w) })
		if len(cands) == 0 {
			return "", false
		}
		i := cands[r.Intn(len(cands))]
		parts[i] = negatorsAr[r.Intn(len(negatorsAr))] + " " + parts[i]
		return strings.Join(parts, " "), true
	}
	if aux := wordIndexes(parts, func(w string) bool { return enAux[strings.ToLower(w)] }); len(aux) > 0 {
		i := aux[r.Intn(len(aux))]
		parts[i] += " not"
		return strings.Join(parts, " "), true
	}
	cands := wordIndexes(parts, func(w string) bool { return strings.IndexFunc(w, unicode.IsLetter) >= 0 })
	if len(cands) == 0 {
		return "", false
	}
	i := cands[r.Intn(len(cands))]
	parts[i] = []string{"not", "never", "don't", "no"}[r.Intn(4)] + " " + parts[i]
	return strings.Join(parts, " "), true
}

func editNumber(r *rand.Rand, s string) (string, bool) {
	// never inside a URL or mention: only digits of plain words
	parts := strings.Split(s, " ")
	plain := wordIndexes(parts, func(w string) bool { return strings.IndexFunc(w, unicode.IsDigit) >= 0 })
	if len(plain) > 0 {
		i := plain[r.Intn(len(plain))]
		ws := []rune(parts[i])
		for j, c := range ws {
			if c >= '0' && c <= '9' {
				ws[j] = '0' + (c-'0'+1+rune(r.Intn(8)))%10
				parts[i] = string(ws)
				return strings.Join(parts, " "), true
			}
			if c >= '٠' && c <= '٩' {
				ws[j] = '٠' + (c-'٠'+1+rune(r.Intn(8)))%10
				parts[i] = string(ws)
				return strings.Join(parts, " "), true
			}
		}
	}
	cands := wordIndexes(parts, func(string) bool { return true })
	if len(cands) == 0 {
		return "", false
	}
	i := cands[r.Intn(len(cands))]
	parts[i] = fmt.Sprint(2+r.Intn(98)) + " " + parts[i]
	return strings.Join(parts, " "), true
}

// Antonyms: a small hand-written list, used in both directions.
var antonyms = [][2]string{
	{"love", "hate"}, {"good", "bad"}, {"great", "terrible"}, {"best", "worst"}, {"like", "dislike"},
	{"happy", "sad"}, {"beautiful", "ugly"}, {"easy", "hard"}, {"fast", "slow"}, {"cheap", "expensive"},
	{"right", "wrong"}, {"always", "never"}, {"win", "lose"}, {"true", "false"}, {"agree", "disagree"},
	{"nice", "awful"}, {"amazing", "horrible"}, {"better", "worse"}, {"strong", "weak"}, {"yes", "no"},
	{"more", "less"}, {"open", "closed"}, {"up", "down"}, {"new", "old"}, {"love", "hates"}, {"smart", "stupid"},
	{"احب", "اكره"}, {"حلو", "وحش"}, {"جميل", "قبيح"}, {"ممتاز", "سيء"}, {"كويس", "وحش"}, {"زين", "شين"},
	{"افضل", "اسوا"}, {"سعيد", "حزين"}, {"صح", "غلط"}, {"كبير", "صغير"}, {"كثير", "قليل"}, {"الخير", "الشر"},
	{"نجح", "فشل"}, {"فوز", "خسارة"}, {"حق", "باطل"}, {"الحب", "الكره"}, {"اجمل", "اقبح"}, {"يحب", "يكره"},
	{"خير", "شر"}, {"سهل", "صعب"}, {"الجنة", "النار"}, {"حبيبي", "عدوي"}, {"رائع", "سيء"}, {"شكرا", "تبا"},
	{"مع", "ضد"}, {"اول", "اخر"}, {"فوق", "تحت"}, {"قبل", "بعد"}, {"نعم", "لا"}, {"الحق", "الباطل"},
}

// Dialect equivalents (different dialects, same meaning): replacing one by
// another changes the dialect a classifier reports, so the cache must miss.
var dialectSets = [][]string{
	{"كتير", "واجد", "وايد", "كثير", "بزاف"},
	{"عايز", "ابغى", "بدي", "اريد", "ابي"},
	{"ازاي", "كيف", "شلون", "كيفاش"},
	{"دلوقتي", "هلق", "الحين", "الان", "توا"},
	{"اوي", "كتير", "جدا", "مرة", "وايد"},
	{"ايه", "شو", "ايش", "وش", "ماذا"},
	{"كده", "هيك", "كذا", "هكذا"},
	{"فين", "وين", "اين"},
	{"عشان", "لانه", "علشان", "مشان", "لان"},
	{"بتاع", "حق", "تبع", "مال"},
	{"زي", "مثل", "متل", "شرات"},
	{"حلو", "زين", "منيح", "كويس", "جميل"},
	{"مش", "مو", "مب", "ليس"},
	{"بس", "لكن"},
	{"يعني", "اي"},
}

func replaceWord(r *rand.Rand, s string, from func(w string) (string, bool)) (string, bool) {
	parts := strings.Split(s, " ")
	type hit struct {
		i  int
		to string
	}
	var hits []hit
	for i, p := range parts {
		if p == "" || isProtected(p) {
			continue
		}
		core := strings.TrimFunc(p, func(c rune) bool { return !unicode.IsLetter(c) })
		if to, ok := from(core); ok {
			hits = append(hits, hit{i, strings.Replace(p, core, to, 1)})
		}
	}
	if len(hits) == 0 {
		return "", false
	}
	h := hits[r.Intn(len(hits))]
	parts[h.i] = h.to
	return strings.Join(parts, " "), true
}

func matchCase(model, w string) string {
	if model != "" && unicode.IsUpper([]rune(model)[0]) {
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		return string(rs)
	}
	return w
}

func editAntonym(r *rand.Rand, s string) (string, bool) {
	return replaceWord(r, s, func(w string) (string, bool) {
		lw := strings.ToLower(w)
		var opts []string
		for _, p := range antonyms {
			if lw == p[0] {
				opts = append(opts, p[1])
			} else if lw == p[1] {
				opts = append(opts, p[0])
			}
		}
		if len(opts) == 0 {
			return "", false
		}
		return matchCase(w, opts[r.Intn(len(opts))]), true
	})
}

func editDialectWord(r *rand.Rand, s string) (string, bool) {
	return replaceWord(r, s, func(w string) (string, bool) {
		for _, set := range dialectSets {
			for _, x := range set {
				if x == w {
					var opts []string
					for _, y := range set {
						if y != w {
							opts = append(opts, y)
						}
					}
					return opts[r.Intn(len(opts))], true
				}
			}
		}
		return "", false
	})
}

func editMention(r *rand.Rand, s string) (string, bool) {
	parts := strings.Split(s, " ")
	var ms []int
	for i, p := range parts {
		if strings.HasPrefix(p, "@") && len(p) > 1 {
			ms = append(ms, i)
		}
	}
	if len(ms) > 0 {
		i := ms[r.Intn(len(ms))]
		if r.Intn(2) == 0 {
			parts[i] = "@" + fmt.Sprintf("user%d", r.Intn(10000))
		} else {
			parts[i] = parts[i] + fmt.Sprint(r.Intn(10))
		}
		return strings.Join(parts, " "), true
	}
	return fmt.Sprintf("@user%d %s", r.Intn(10000), s), true
}
