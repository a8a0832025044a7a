package builtin

import (
	"testing"

	"svc/engine/op"
)

// Dialect conversion (Arabic to Arabic) rewrites only the words whose
// letters mean the row's word: the vocative يا is not a Gulf "came", MSA من
// is "from" before it is "who", Gulf إيه "yes" is not read from an Egyptian
// ايه "what" (dialect_lexicon.tsv's output-only forms). Sentences of our own.
func TestDialectConversionKeepsFunctionWords(t *testing.T) {
	for _, c := range []struct{ text, dialect, want string }{
		{"شلونك يا خوي؟", "egyptian", "إزيك يا صاحب؟"},
		{"يا جماعة الخير", "levantine", "يا جماعة الخير"},
		{"وصلني الطلب من المحل متأخر", "egyptian", "وصلني الطلب من المحل متأخر"},
		{"من أين أنت؟", "gulf", "من وين أنت؟"},
		{"مين جاب الأكل؟", "gulf", "منو جاب الأكل؟"},
		{"عامل ايه النهارده", "levantine", "كيفك اليوم"},
		{"الأكل قوي ومفيد", "gulf", "الأكل قوي ومفيد"},
	} {
		tr := Translate(op.TranslateRequest{Text: c.text, Source: "ar", Target: "ar", Dialect: c.dialect})
		if tr.TranslatedText != c.want {
			t.Errorf("%q -> %s: %q, want %q", c.text, c.dialect, tr.TranslatedText, c.want)
		}
	}
}
