package builtin

import (
	"testing"

	"svc/engine/op"
)

// TestTranslateEverydayArEn: everyday comments to shops and creators,
// written for this test (Egyptian, Gulf, Levantine, MSA), read whole into
// English: formulas (يعطيك العافية, ما شاء الله, إن شاء الله, الحمد لله),
// dialect verbs and their negation (اتأخر, وصلني, ما حدا عم يرد, ولم
// يصلني), time spans (يومين, مرتين), clitics (فلوسي, للطلاب) and function
// words of the word table.
func TestTranslateEverydayArEn(t *testing.T) {
	cases := []struct{ in, want string }{
		{"يعطيكم العافية على التوصيل السريع", "thank you for the fast delivery"},
		{"الطلبية اتأخرت يومين", "the order was late two days"},
		{"ما حدا عم يرد على التلفون", "nobody answers the phone"},
		{"ما شاء الله عليك، الشرح واضح", "God bless you, the explanation is clear"},
		{"إن شاء الله بكرة", "God willing tomorrow"},
		{"الحمد لله وصلني الطرد اليوم", "thank God I received the package today"},
		{"المندوب ما وصل لحد الآن", "the courier did not arrive until now"},
		{"بدي فلوسي", "I want my money"},
		{"محدش بيرد على الواتساب", "nobody answers on WhatsApp"},
		{"تسلم ايدك يا شيف، الأكل لذيذ", "thank you chef, the food is delicious"},
		{"طلبت مرتين ولم يصلني شيء", "I ordered twice and I haven't received anything"},
		{"أحسن مطعم في الرياض", "the best restaurant in Riyadh"},
		{"الله يوفقكم، المحتوى مفيد جدا", "good luck, the content is very useful"},
		{"الموظفين محترمين والمكان نظيف", "the employees are respectful and the place is clean"},
		{"التطبيق بيعلق كل مرة", "the app cuts out every time"},
		{"حرام عليكم، الطلب ناقص", "shame on you, the order is incomplete"},
		{"مبروك على الفرع الجديد", "congratulations on the new branch"},
		{"الطلب وصل بارد ومش كامل", "the order arrived cold and not complete"},
		{"الفلوس اتخصمت مرتين من البطاقة", "the money was deducted twice from the card"},
		{"كل مرة نفس المشكلة", "every time the same problem"},
		{"والله المطعم نظيف والأكل طازج", "honestly the restaurant is clean and the food is fresh"},
		{"ما في حدا يرد؟", "nobody answers?"},
	}
	for _, c := range cases {
		tr := Translate(op.TranslateRequest{Text: c.in, Target: "en"})
		if tr.TranslatedText != c.want || tr.Partial || len(tr.Untranslated) != 0 {
			t.Errorf("%q: got %q partial=%v %q, want %q whole", c.in, tr.TranslatedText, tr.Partial, tr.Untranslated, c.want)
		}
	}
}
