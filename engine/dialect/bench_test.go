package dialect

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// benchText builds a comment of about n characters from hand-written sentences.
func benchText(n int) string {
	parts := []string{
		"والله الفيلم ده حلو اوي بس النهاية مش عاجباني خالص",
		"شو رأيكن بالحلقة الجديدة؟ كتير منيحة بس طويلة شوي",
		"وش السالفة يا جماعة الحين ما ادري ليش التطبيق ما يفتح",
		"لقد كانت التجربة ممتازة ونأمل أن تستمر الخدمة بنفس الجودة",
	}
	var b strings.Builder
	for i := 0; utf8.RuneCountInString(b.String()) < n; i++ {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(parts[i%len(parts)])
	}
	r := []rune(b.String())
	return string(r[:n])
}

func benchDetect(b *testing.B, n int) {
	s := benchText(n)
	Detect(s) // compile outside the timer
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Detect(s)
	}
}

func BenchmarkDetect60(b *testing.B)   { benchDetect(b, 60) }
func BenchmarkDetect300(b *testing.B)  { benchDetect(b, 300) }
func BenchmarkDetect5000(b *testing.B) { benchDetect(b, 5000) }

// BenchmarkStartup measures what the first Detect pays once: parsing the
// marker files and the learned tables, building the automaton and merging
// the two word tables (README.md, "Speed"). It reports the memory the merged
// word table and the automaton keep.
func BenchmarkStartup(b *testing.B) {
	b.ReportAllocs()
	var m *matcher
	for i := 0; i < b.N; i++ {
		var err error
		m, err = compile(markerFS, learnedWeights())
		if err != nil {
			b.Fatal(err)
		}
		if m.ng, err = loadNgrams(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(m.ng.slots)*8), "wordtable-B")
	b.ReportMetric(float64(m.ng.n), "features")
	b.ReportMetric(float64(len(m.auto.trans)*2), "automaton-B")
}
