package dialect

import (
	"hash/fnv"
	"sort"

	"svc/engine/op"
)

// Analysis explains one detection: the result plus the evidence behind it.
// It allocates; use Detect on the hot path.
type Analysis struct {
	op.Detection
	// Scores is the evidence per variety (op.Dialects order) before the MSA
	// prior is added.
	Scores [4]float64
	// Hits lists the markers that matched (folded text, kind, variety), in
	// marker-file order, without repeats.
	Hits []Marker
	// Arabizi tells whether the text was read as Arabizi.
	Arabizi bool
}

// Covered reports whether any dialect or MSA marker matched (the quality
// suite's "coverage").
func (a Analysis) Covered() bool { return len(a.Hits) > 0 }

// Analyze is Detect plus the evidence behind it.
func Analyze(text string) Analysis {
	a := Analysis{Detection: Detect(text)}
	m := get()
	st := &state{}
	var sc scan
	st.buf = encode(nil, text, &sc, &st.tmp)
	if sc.lat > 0 {
		blankLinks(st.buf)
		st.buf = latinSkeleton(st.buf)
	}
	var ev evidence
	m.match(st, &ev)
	copy(a.Scores[:], ev.score[:4])
	ids := map[int32]bool{}
	m.collect(st.buf, ids)
	for id := range ids {
		if m.markers[id].Variety != "en" { // English words are counted, not evidence
			a.Hits = append(a.Hits, m.markers[id])
		}
	}
	sort.Slice(a.Hits, func(i, j int) bool {
		if a.Hits[i].File != a.Hits[j].File {
			return a.Hits[i].File < a.Hits[j].File
		}
		return a.Hits[i].Line < a.Hits[j].Line
	})
	a.Arabizi = a.Detection.Arabizi
	return a
}

// collect records the ids of the entries that match b (same rules as match).
func (m *matcher) collect(b []byte, ids map[int32]bool) {
	st := &state{buf: b}
	st.counts = make([]uint8, m.nEntries)
	var ev evidence
	m.matchFn(st, &ev, func(id int32) { ids[id] = true })
}

// InTrainSplit reports whether a labelled text belongs to the training part
// (about 70%) of a data set, by an FNV-1a hash of the text. The learnweights
// command fits only on texts where it is true; the quality suite reports the
// rest as held-out.
func InTrainSplit(text string) bool {
	h := fnv.New32a()
	h.Write([]byte(text))
	return h.Sum32()%10 < 7
}
