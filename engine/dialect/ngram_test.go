package dialect

import (
	"strings"
	"testing"
)

// TestNgramFiles checks the embedded learned tables: they parse, every
// feature is folded Arabic (words or one space between two words), the
// merged table keeps its load factor and returns each permissive feature.
func TestNgramFiles(t *testing.T) {
	params := map[string]float64{}
	perm, err := parseNgrams(ngramPermissiveTSV, params)
	if err != nil {
		t.Fatal(err)
	}
	wiki, err := parseNgrams(ngramWikiTSV, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(perm) == 0 || len(wiki) == 0 {
		t.Fatalf("empty table: %d permissive, %d wiki features", len(perm), len(wiki))
	}
	for _, k := range []string{"ngramMix", "wikiMix", "ngramNorm"} {
		if _, ok := params[k]; !ok {
			t.Errorf("param %s missing", k)
		}
	}
	for _, l := range append(perm[:len(perm):len(perm)], wiki...) {
		c := compactString(l.feature)
		if strings.Count(c, " ") > 1 || c != strings.TrimSpace(c) {
			t.Fatalf("feature %q: want one word or two", l.feature)
		}
		for _, w := range strings.Split(c, " ") {
			if w == "" || !arabicToken([]byte(w)) {
				t.Fatalf("feature %q: not folded Arabic", l.feature)
			}
		}
	}
	tab := buildNgrams(perm, nil, 0)
	if len(tab.slots) < 2*tab.n || len(tab.slots)&(len(tab.slots)-1) != 0 {
		t.Fatalf("table of %d slots holds %d features", len(tab.slots), tab.n)
	}
	for _, l := range perm {
		if featureHash(compactString(l.feature)) != featureHashFolded(l.feature) {
			t.Fatalf("feature %q: the two hash paths differ", l.feature)
		}
		w := tab.get(featureHash(compactString(l.feature)))
		if w == nil || *w != l.w {
			t.Fatalf("feature %q: got %v, want %v", l.feature, w, l.w)
		}
	}
}

func TestNgramParseErrors(t *testing.T) {
	for _, bad := range []string{
		"كلمة\t1\t2\t3\n",        // three weights
		"كلمة\t1\t2\t3\t200\n",   // out of int8 range
		"كلمة\t1\tx\t3\t4\n",     // not a number
		"param\tngramMix\tNaN\n", // bad param
		"\t1\t2\t3\t4\n",         // no feature
	} {
		if _, err := parseNgrams(bad, nil); err == nil {
			t.Errorf("parseNgrams(%q) = nil error", bad)
		}
	}
}

// TestNgramScore checks the summing rules on a table built by hand: words
// and adjacent word pairs count, punctuation breaks a pair, Latin tokens
// are ignored.
func TestNgramScore(t *testing.T) {
	lines := []ngramLine{
		{feature: foldMarker("كتير"), w: [nVar]int8{0, 0, 10, -10}},
		{feature: foldMarker("حلو"), w: [nVar]int8{1, 1, 1, -3}},
		{feature: foldMarker("كتير حلو"), w: [nVar]int8{0, 0, 5, -5}},
	}
	tab := buildNgrams(lines, nil, 0)
	for _, c := range []struct {
		text  string
		found int
		lev   int32
	}{
		{"كتير حلو", 3, 16},
		{"كتير، حلو", 2, 11}, // the comma breaks the pair
		{"كتير ok حلو", 2, 11},
		{"hello world", 0, 0},
	} {
		var sum [nVar]int32
		b := compactOf(c.text)
		if n := tab.score(b, &sum); n != c.found || sum[levIdx] != c.lev {
			t.Errorf("score(%q) = %d features, levantine %d; want %d, %d", c.text, n, sum[levIdx], c.found, c.lev)
		}
	}
}
