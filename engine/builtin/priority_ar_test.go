package builtin

import (
	"strings"
	"testing"

	"svc/engine/op"
)

// TestArabicUrgent: money debited (suffixed passive verbs), refunds and a
// threat to stop dealing make an Arabic or Arabizi complaint high priority;
// a plain complaint stays medium.
func TestArabicUrgent(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"اتخصملي الفلوس ومحدش رد", "high"},
		{"ما عاد بدي اتعامل معكن، الطلب اتأخر", "high"},
		{"مش هتعامل معاكو تاني، الطلب وصل غلط", "high"},
		{"صار لي شهر انتظر الاسترجاع ومحد رد", "high"},
		{"etkhasamly el flos w mahadesh rad", "high"},
		{"msh ha2ta3amel ma3ako tany, el order wesel ghalat", "high"},
		{"لم يتم رد المبلغ رغم مرور أسبوعين على الإلغاء", "high"},
		{"الغيت الاشتراك وما رجعتولي المصاري", "high"},
		{"لغيت الطلب ومن اسبوعين لسه مرجعوش الفلوس", "high"},
		{"الطلب اتأخر ومحدش بيرد", "medium"},
		{"رجعت المنتج لانه وصل مكسور", "medium"},
		{"el order et2a5ar w mafeesh 7ad byrod", "medium"},
	} {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if !op.In("complaint", got.Intent) || got.Priority != c.want {
			t.Errorf("%q: intent %v priority %s, want complaint %s", c.text, got.Intent, got.Priority, c.want)
		}
	}
}

// TestArabiziDialectJ: Arabizi comments are reported in a dialect, never
// msa, and not Egyptian when an Arabic word is spelled with "j" (Egyptian
// Arabizi writes it "g"); English words with a j ("just", "join") do not
// count.
func TestArabiziDialectJ(t *testing.T) {
	tr := transliterator()
	if !tr.ReadsJ("emta el video el jay?") || tr.ReadsJ("emta el video el gay?") || tr.ReadsJ("just join el channel 3ashan") {
		t.Error("ReadsJ: want true for jay, false for gay and for English just/join")
	}
	if got := arabiziDialect("egyptian", "emta el video el jay?", "امتي الفيديو الجاي?"); got != "levantine" && got != "gulf" {
		t.Errorf("j: got %s, want levantine or gulf", got)
	}
	if got := arabiziDialect("egyptian", "emta el video el gay?", "امتي الفيديو الجاي?"); got != "egyptian" {
		t.Errorf("g: got %s, want egyptian", got)
	}
	if got := arabiziDialect("msa", "allah y3teek el 3afya", "الله يعطيك العافيه"); got == "msa" {
		t.Errorf("msa: got %s, want a dialect", got)
	}
	for _, s := range []string{"emta el video el jay?", "allah y3teek el 3afya, a7san 5edma"} {
		if c := Classify(op.ClassifyRequest{Text: s}); c.Dialect == "msa" || c.Dialect == "egyptian" || c.Dialect == "" {
			t.Errorf("%q: dialect %q", s, c.Dialect)
		}
	}
}

// TestPlainArabiziLonger: a comment of 7 to 12 words without an Arabizi
// digit is Arabizi ("ar") when every word reads as Arabic; an English
// sentence of that length is not.
func TestPlainArabiziLonger(t *testing.T) {
	if c := Classify(op.ClassifyRequest{Text: "ekseb geneh yomeyan mn el beit w kalemni whatsapp"}); c.Language != "ar" || c.Dialect == "" {
		t.Errorf("plain Arabizi: language %q dialect %q, want ar and a dialect", c.Language, c.Dialect)
	}
	if c := Classify(op.ClassifyRequest{Text: "call me on whatsapp and earn money from home today"}); c.Language != "en" {
		t.Errorf("English: language %q, want en", c.Language)
	}
}

// TestOrderRefusal: refusing to order again is urgent; "whenever I want to
// order" (كل ما بدي اطلب) and a one-off "I didn't order" are not.
func TestOrderRefusal(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"ma 3ad rah etlob menkon abadan, el order et2a5ar", "high"},
		{"الطلب اتأخر ومش هطلب منكم تاني", "high"},
		{"التطبيق بيعلق كل ما بدي اطلب", "medium"},
	} {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if !op.In("complaint", got.Intent) || got.Priority != c.want {
			t.Errorf("%q: intent %v priority %s, want complaint %s", c.text, got.Intent, got.Priority, c.want)
		}
	}
}

// TestTwoWordArabizi: a two-word comment whose words are both Arabic, one
// of them a word of the Arabizi table, is Arabizi ("ya zbala": ar, flagged);
// two English words are not.
func TestTwoWordArabizi(t *testing.T) {
	c := Classify(op.ClassifyRequest{Text: "ya zbala"})
	m := Moderate(op.ModerateRequest{Text: "ya zbala", Strictness: "medium"})
	if c.Language != "ar" || m.IsSafe {
		t.Errorf("ya zbala: language %q safe %v, want ar and flagged", c.Language, m.IsSafe)
	}
	if c := Classify(op.ClassifyRequest{Text: "hello habibi"}); c.Language == "ar" {
		t.Errorf("hello habibi: language %q", c.Language)
	}
	if c := Classify(op.ClassifyRequest{Text: "nice video"}); c.Language != "en" {
		t.Errorf("nice video: language %q, want en", c.Language)
	}
}

// TestPaidTwiceAndModerationLoans: "I paid twice" is urgent; an Arabizi
// insult spelled as in the moderation table stays Latin without making the
// comment English.
func TestPaidTwiceAndModerationLoans(t *testing.T) {
	if c := Classify(op.ClassifyRequest{Text: "dafa3t el flos marteen w ma7adesh rad"}); c.Priority != "high" {
		t.Errorf("paid twice: priority %s, want high", c.Priority)
	}
	if c := Classify(op.ClassifyRequest{Text: "دفعت مرة واحدة والطلب اتأخر"}); c.Priority == "high" {
		t.Errorf("paid once: priority high")
	}
	if c := Classify(op.ClassifyRequest{Text: "ya 7a2eer ya kalb"}); c.Language != "ar" {
		t.Errorf("ya 7a2eer ya kalb: language %q, want ar", c.Language)
	}
}

// A deduction from the writer's own balance, account or card is money
// taken (high); a discount offered is not urgent.
func TestDeductionFromOwnMoney(t *testing.T) {
	for _, s := range []string{"لم يتم تفعيل الخدمة رغم خصم قيمتها من رصيدي", "تم سحب مبلغ من بطاقتي دون علمي"} {
		if c := Classify(op.ClassifyRequest{Text: s}); c.Priority != "high" || !op.In("complaint", c.Intent) {
			t.Errorf("%q: intent %v priority %s, want a high complaint", s, c.Intent, c.Priority)
		}
	}
	if c := Classify(op.ClassifyRequest{Text: "خصم 20% على كل المنتجات من اليوم"}); c.Priority == "high" {
		t.Errorf("a discount offered: priority %s", c.Priority)
	}
}

// TestDebitAt: debitAt holds for every word debitedFromMe's stems or
// debitVerb read (its gate loses none).
func TestDebitAt(t *testing.T) {
	for _, w := range []string{"خصم", "سحب", "خصموا", "سحبوا", "تخصمون", "يخصموا", "بتسحبوا", "نسحب", "بيخصم", "بنسحب"} {
		if !debitAt(w) {
			t.Errorf("%s: debitAt false", w)
		}
	}
	for _, w := range []string{"خص", "مسحوب", "الخصم", "وسحب", "كتب", "بخصم"} {
		want := strings.HasPrefix(w, "خصم") || strings.HasPrefix(w, "سحب") || debitVerb(w)
		if want && !debitAt(w) {
			t.Errorf("%s: debitAt false", w)
		}
	}
}
