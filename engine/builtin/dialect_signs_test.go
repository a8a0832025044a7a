package builtin

import (
	"math"
	"testing"

	"svc/engine/dialect"
	"svc/engine/op"
)

// The hand-written markers bound the learned dialect head (openVarieties,
// refineDialect): each concept with comments of our own, written for this
// test (none from a data set or from the blind sets).

func classifyDialect(text string) string {
	return Classify(op.ClassifyRequest{Text: text}).Dialect
}

func TestOpenVarieties(t *testing.T) {
	all := [4]bool{true, true, true, true}
	cases := []struct {
		name     string
		sg       dialect.Signs
		detected string
		want     [4]bool
	}{
		{"no sign: the head decides", dialect.Signs{}, "msa", all},
		{"formal sign, no dialect sign, read as msa: stays msa", dialect.Signs{MSA: 0.8}, "msa", [4]bool{false, false, false, true}},
		{"formal sign, read as a dialect by the word evidence: open", dialect.Signs{MSA: 0.8}, "gulf", all},
		{"formal signs outweigh a weak dialect sign", dialect.Signs{Dialect: [3]float64{0.4, 0, 0}, Clear: 0.4, MSA: 0.8}, "msa", [4]bool{false, false, false, true}},
		{"clear Levantine/Egyptian word: no msa, no gulf", dialect.Signs{Dialect: [3]float64{0, 1.3, 2}, Clear: 2}, "levantine", [4]bool{false, true, true, false}},
		{"clear word shared by gulf and levantine", dialect.Signs{Dialect: [3]float64{1.5, 0, 1.5}, Clear: 1.5}, "gulf", [4]bool{true, false, true, false}},
		{"clear dialect word beside a formal one: msa stays open", dialect.Signs{Dialect: [3]float64{0, 1.5, 1.2}, Clear: 1.5, MSA: 0.6}, "egyptian", [4]bool{false, true, true, true}},
		{"a dialect word (بس) and no formal sign: never msa", dialect.Signs{Dialect: [3]float64{0.9, 0.9, 0.9}, Clear: 0.9}, "levantine", [4]bool{true, true, true, false}},
		{"strong dialect words beside a faint formal sign: never msa", dialect.Signs{Dialect: [3]float64{1.5, 1, 1.6}, Clear: 1.6, MSA: 0.3}, "gulf", [4]bool{true, true, true, false}},
		{"a dialect word beside formal signs of half its weight: msa stays open", dialect.Signs{Dialect: [3]float64{0, 1.5, 0}, Clear: 1.5, MSA: 0.8}, "egyptian", [4]bool{false, true, false, true}},
		{"a faint dialect sign: the head decides", dialect.Signs{Dialect: [3]float64{0.3, 0, 0}, Clear: 0.3}, "msa", all},
		{"the only formal sign is one every dialect writes (جدا): the head decides", dialect.Signs{MSA: 1.5, Shared: 1.5}, "msa", all},
		{"a formal sign beside جدا: stays msa", dialect.Signs{MSA: 2.5, Shared: 1.5}, "msa", [4]bool{false, false, false, true}},
		{"-uun imperfect plural (Gulf or MSA) and no other sign: no egyptian, no levantine", dialect.Signs{Dialect: [3]float64{0.4, 0, 0}, Clear: 0.4, NotEgyLev: true}, "msa", [4]bool{true, false, false, true}},
		{"-uun imperfect plural beside a word every dialect shares: no egyptian, no levantine", dialect.Signs{Dialect: [3]float64{1, 0.6, 0.6}, Clear: 1, NotEgyLev: true}, "levantine", [4]bool{true, false, false, false}},
		{"-uun imperfect plural beside a clear Levantine word: levantine stays open", dialect.Signs{Dialect: [3]float64{0.4, 0, 2}, Clear: 2, NotEgyLev: true}, "levantine", [4]bool{false, false, true, false}},
	}
	for _, c := range cases {
		if got := openVarieties(c.sg, c.detected); got != c.want {
			t.Errorf("%s: openVarieties = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestShortDialectConcepts: one concept per group, in every variety it
// concerns; want lists the acceptable answers.
func TestShortDialectConcepts(t *testing.T) {
	cases := []struct {
		concept, text string
		want          []string
	}{
		// a clear dialect word (كتير، مش، وين، منو) is never msa, whatever the head says
		{"clear dialect word", "السعر غالي كتير اليوم", []string{"levantine", "egyptian"}},
		{"clear dialect word", "الشحن مش سريع", []string{"egyptian", "levantine"}},
		{"clear dialect word", "وين المندوب؟", []string{"gulf", "levantine"}},
		{"clear dialect word", "منو المسؤول عن الطلبات؟", []string{"gulf"}},
		{"clear dialect word", "الفكرة حلوة بس التنفيذ ضعيف", []string{"gulf", "egyptian", "levantine"}},
		// the head chooses among the dialects the markers point to: b-imperfect
		// and a plural without -n are Egyptian/Levantine, not Gulf
		{"dialects the markers leave open", "بقترح تعملوا مسابقة للمتابعين", []string{"egyptian", "levantine"}},
		{"dialects the markers leave open", "بفكر تنزلوا حلقة عن الأكل", []string{"egyptian", "levantine"}},
		// formal signs and no dialect word: msa (case endings, لم/لن/سوف/هل، أن + subjunctive)
		{"formal signs", "أنت لا تفهم شيئا", []string{"msa"}},
		{"formal signs", "لم أفهم شيئا من الشرح", []string{"msa"}},
		{"formal signs", "وصل المنتج تالفا تماما", []string{"msa"}},
		{"formal signs", "نقترح أن تفتحوا فرعا في الشمال", []string{"msa"}},
		{"formal signs", "أتمنى أن تضيفوا ترجمة للمقاطع", []string{"msa"}},
		{"formal signs", "هل لديكم فرع في المدينة؟", []string{"msa"}},
		{"formal signs", "سوف أطلب منكم مرة أخرى", []string{"msa"}},
		// Levantine في منّو "is there some of it" (Gulf منو "who" does not follow في)
		{"في منو", "في منو مقاس كبير؟", []string{"levantine"}},
		{"في منو", "في منو باللون الأحمر؟", []string{"levantine"}},
		{"في منو", "منو صاحب المحل؟", []string{"gulf"}},
		// Gulf ج -> ي: ياي / الياية "coming, next"
		{"Gulf yaay", "الحلقة الياية متى تنزل؟", []string{"gulf"}},
		{"Gulf yaay", "متى الفيديو الياي؟", []string{"gulf"}},
		// a verb of suggesting or wishing + 2pl imperfect keeping -oon and no أن: Gulf
		{"suggest + -oon", "اقترح تسوون مسابقة للمتابعين", []string{"gulf"}},
		// the everyday words for swindler and thief are dialect (MSA محتال، لص)
		{"swindler, thief", "المحل هذا نصاب ويغش الناس", []string{"gulf", "egyptian", "levantine"}},
		{"swindler, thief", "البائع نصاب", []string{"gulf", "egyptian", "levantine"}},
		{"swindler, thief", "موقع نصاب لا تشترون منه", []string{"gulf"}},
		{"swindler, thief", "هؤلاء محتالون ولا يستحقون الثقة", []string{"msa"}},
		// the imperfect plural keeping -uun is Gulf or MSA, never Egyptian or Levantine
		{"-uun plural", "لو تكبرون الخط في التطبيق", []string{"gulf", "msa"}},
		{"-uun plural", "الموظفين ما يبتسمون أبد", []string{"gulf", "msa"}},
		{"-uun plural", "متى تنزلون الحلقة الثانية؟", []string{"gulf", "msa"}},
		{"suggest + -oon", "نقترح تضيفون قسم للأطفال", []string{"gulf"}},
		{"suggest + -oon", "اتمنى تنزلون مقاطع اكثر", []string{"gulf"}},
		// ... while a plural without -n after the same verb is Egyptian/Levantine
		{"suggest + -oon", "اقترح تعملوا عرض للطلبة", []string{"egyptian", "levantine"}},
		// انتم is the Gulf pronoun as well as the MSA one: beside a Gulf sign
		// it no longer keeps the comment msa; with formal words it stays msa
		{"Gulf antum", "انتم نصابين ما عندكم ذمة", []string{"gulf"}},
		{"Gulf antum", "أنتم لا تحترمون العملاء", []string{"msa"}},
		{"Gulf antum", "هل أنتم متاحون يوم السبت؟", []string{"msa"}},
		// Arabizi: the Gulf 2pl imperfect keeps -oon (t*oon), Egyptian/Levantine drop the -n
		{"Arabizi 2pl -oon", "momkin tiftahoon far3 fel 5obar?", []string{"gulf"}},
		{"Arabizi 2pl -oon", "ya reet tnazloon el 7alaqat badri", []string{"gulf"}},
		{"Arabizi 2pl -oon", "momkin tefta7o far3 fe eskendereya?", []string{"egyptian", "levantine"}},
		// Egyptian وش "face": وشي is a word, not و + شي "something"
		{"Egyptian wesh", "قفل الباب في وشي", []string{"egyptian"}},
		// round 9: Levantine 2pl -kon of everyday prepositions
		{"Levantine -kon", "في عندكن شنط جلد؟", []string{"levantine"}},
		{"Levantine -kon", "معكن حق، الخدمة تأخرت", []string{"levantine"}},
		// Egyptian 1sg h-future and جه / جالي "came (to me)"
		{"Egyptian h-future", "هبعتلكم رقم الطلب على الخاص", []string{"egyptian"}},
		{"Egyptian h-future", "هدفع الباقي لما الطلب يوصل", []string{"egyptian"}},
		{"Egyptian geh", "الفني جه بعد الميعاد بساعتين", []string{"egyptian"}},
		{"Egyptian gali", "الطرد جالي مفتوح", []string{"egyptian"}},
		// Gulf شين "bad" (f) and the participle of سوّى with an object
		{"Gulf sheen", "الكيكة طعمها شينه", []string{"gulf"}},
		{"Gulf msawi", "اللي مسوينها ما يعرفون شي", []string{"gulf"}},
		// shared dialect words (شفت + object, ريحة, نص ساعة): a dialect, never msa
		{"dialect words", "ما شفتها بالمحل", []string{"gulf", "egyptian", "levantine"}},
		{"dialect words", "العلبة ريحتها غريبة", []string{"gulf", "egyptian", "levantine"}},
		{"dialect words", "استنيت نص ساعة على الخط", []string{"gulf", "egyptian", "levantine"}},
		// ... and their MSA look-alikes stay msa: relative ما + 2pl -oon,
		// نص "text", a lone Gulf word MSA shares (مقطع)
		{"jiddan is no formal sign", "الفني كان محترم جدا ربنا يخليه", []string{"gulf", "egyptian", "levantine"}},
		{"jiddan is no formal sign", "التطبيق بطيء جدا عند التحميل", []string{"msa"}},
		{"MSA relative ma", "نشكركم على كل ما تقدمون من جهد", []string{"msa"}},
		{"MSA relative ma", "أرجو توضيح ما تقصدون بهذا البند", []string{"msa"}},
		{"MSA nass", "نص الإعلان لا يوضح الشروط", []string{"msa"}},
		{"MSA maqta", "شاهدت المقطع كاملا واستفدت منه", []string{"msa"}},
		{"MSA smell", "انبعثت رائحة كريهة من الطرد", []string{"msa"}},
		// يرجى, the formal passive request, is MSA (dialects: لو سمحت، ياريت، تكفى)
		{"formal request", "يرجى تحديث التطبيق في أقرب وقت", []string{"msa"}},
		{"formal request", "يرجى الرد على رسائلنا", []string{"msa"}},
		// Arabizi: طيب "tasty" under the negator is Levantine, as in Arabic script
		{"msh tayeb", "el akl msh tayeb abadan", []string{"levantine"}},
		{"msh tayeb", "el 7alawiyat mish tayyeb w ghalyin", []string{"levantine"}},
		{"msh tayeb", "el akl msh 7elw khales", []string{"egyptian"}},
		// the -oon plural of a verb MSA shares is no clear Gulf sign by itself
		{"shared -oon", "هل تضيفون خيار الدفع عند الاستلام؟", []string{"msa"}},
	}
	for _, c := range cases {
		got := classifyDialect(c.text)
		ok := false
		for _, w := range c.want {
			ok = ok || got == w
		}
		if !ok {
			t.Errorf("%s: %q: dialect %q, want one of %v", c.concept, c.text, got, c.want)
		}
	}
}

// TestHeadBoundedByMarkers: whatever the learned head says (here a head
// sure of one wrong variety), its answer stays within what the markers of
// the comment leave open; own comments, the detector's own reading as d.
func TestHeadBoundedByMarkers(t *testing.T) {
	classes := []string{"gulf", "egyptian", "levantine", "msa"}
	sure := func(c string) (p [4]float64) {
		for k := range p {
			p[k] = 0.01
			if classes[k] == c {
				p[k] = 0.97
			}
		}
		return p
	}
	cases := []struct {
		text, head string
		want       []string
	}{
		// a clear dialect word: the head's msa is refused
		{"الانترنت بطيء كتير اليوم", "msa", []string{"levantine", "egyptian"}},
		{"وين محلاتكم بالدمام؟", "msa", []string{"gulf", "levantine"}},
		{"الطلب مش كامل", "msa", []string{"egyptian", "levantine"}},
		{"السعر مناسب بس التغليف سيء", "msa", []string{"gulf", "egyptian", "levantine"}},
		// round 11: clear dialect words beside a faint formal one (كيف, 0.3):
		// the head's msa is refused too (signsOutweigh)
		{"كيف بقدر غير كلمة السر من التطبيق؟", "msa", []string{"levantine", "gulf"}},
		// the head's dialect must be one the markers point to
		{"بقترح تعملوا قسم للحلويات", "gulf", []string{"egyptian", "levantine"}},
		{"شلون اشترك بالعرض؟", "levantine", []string{"gulf"}},
		{"عايز اعرف السعر", "gulf", []string{"egyptian"}},
		// formal signs and no dialect word: the head's dialect is refused
		{"أنتم لا تفهمون شيئا", "egyptian", []string{"msa"}},
		{"لم يصلني الطلب حتى الآن", "gulf", []string{"msa"}},
		{"هل يوجد خصم للطلاب؟", "levantine", []string{"msa"}},
		// no sign either way: the head decides
		{"المطعم نظيف والاكل لذيذ", "gulf", []string{"gulf"}},
	}
	for _, c := range cases {
		d := dialect.Detect(c.text)
		got := pickDialect(d, dialect.MarkerSigns(c.text), classes, sure(c.head)).Dialect
		ok := false
		for _, w := range c.want {
			ok = ok || got == w
		}
		if !ok {
			t.Errorf("%q (detected %s, head sure of %s): %s, want one of %v", c.text, d.Dialect, c.head, got, c.want)
		}
	}
}

// ownShortComments: short, obvious comments written for this test, 22 per
// variety, none a concept sentence above: the over-firing check.
var ownShortComments = []struct{ dialect, text string }{
	{"gulf", "وش صار على طلبي؟ صار له أسبوع"},
	{"gulf", "ابي اعرف متى يوصل الطلب"},
	{"gulf", "الخدمة عندكم وايد زينة"},
	{"gulf", "ليش ما تردون على الرسايل؟"},
	{"gulf", "تكفون نزلوا الحلقة الياية بسرعة"},
	{"gulf", "المقطع حلو بس الصوت واطي شوي"},
	{"gulf", "شلون اطلب من التطبيق؟"},
	{"gulf", "والله انكم مبدعين، الله يعطيكم العافية"},
	{"gulf", "اقترح تسوون مسابقة للمتابعين"},
	{"gulf", "الطلب وصلني خربان وابي ارجعه"},
	{"gulf", "وين اقرب فرع لكم في الدمام؟"},
	{"gulf", "نبي عروض اكثر في رمضان"},
	{"gulf", "انت ما تستحي على وجهك؟"},
	{"gulf", "الحين الطلب وصل ولا لا؟"},
	{"gulf", "يا ليت تنزلون فيديو عن السيارات"},
	{"gulf", "ترى التوصيل عندكم متأخر دايم"},
	{"gulf", "المنتج يجنن وسعره حلو"},
	{"gulf", "ما عجبني الاكل ابد"},
	{"gulf", "اتمنى تسوون خصم للطلاب"},
	{"gulf", "هذا الشي ما يصير يا جماعة"},
	{"gulf", "بغيت اسأل عن سعر الاشتراك"},
	{"gulf", "نقترح تضيفون قسم للأطفال"},
	{"egyptian", "الطلب اتأخر ومحدش بيرد عليا"},
	{"egyptian", "عايز اعرف السعر كام"},
	{"egyptian", "الفيديو ده جامد جدا"},
	{"egyptian", "ازاي اشترك في العرض؟"},
	{"egyptian", "انتو مش بتردوا ليه؟"},
	{"egyptian", "الاكل كان وحش خالص"},
	{"egyptian", "ربنا يخليكم، شغل عالي"},
	{"egyptian", "ياريت تعملوا عرض للطلبة"},
	{"egyptian", "فين اقرب فرع ليكم في مدينة نصر؟"},
	{"egyptian", "المنتج باظ بعد يومين"},
	{"egyptian", "انت فاكر نفسك مين؟"},
	{"egyptian", "بصراحة الخدمة بقت زي الزفت"},
	{"egyptian", "عاوز ارجع الاوردر"},
	{"egyptian", "حلو اوي الكلام ده"},
	{"egyptian", "امتى هتنزلوا الحلقة الجديدة؟"},
	{"egyptian", "مفيش حد بيرد على التليفون"},
	{"egyptian", "الشحن بياخد وقت طويل قوي"},
	{"egyptian", "كده كتير بجد"},
	{"egyptian", "هو انتو فاتحين النهارده؟"},
	{"egyptian", "يا جماعة فين الاوردر بتاعي؟"},
	{"egyptian", "متابعكم من زمان وبحب شغلكم"},
	{"egyptian", "شكلكم نسيتوا طلبي"},
	{"levantine", "الطلب تأخر وما حدا عم يرد"},
	{"levantine", "بدي اعرف قديش السعر"},
	{"levantine", "الفيديو كتير حلو"},
	{"levantine", "كيف فيني اشترك؟"},
	{"levantine", "ليش ما عم تردوا؟"},
	{"levantine", "الاكل ما كان طيب ابدا"},
	{"levantine", "يسلمو ايديكن على هالشغل"},
	{"levantine", "لو بتعملوا خصم للطلاب بيكون منيح"},
	{"levantine", "وين في فرع بطرابلس؟"},
	{"levantine", "المنتج خرب بعد يومين"},
	{"levantine", "شو هالحكي الفاضي"},
	{"levantine", "هلق وصل الطلب بس ناقص"},
	{"levantine", "بدي رجع الغرض"},
	{"levantine", "في منو بلون تاني؟"},
	{"levantine", "التطبيق عم يعلق كل شوي"},
	{"levantine", "منيح كتير هالمحل"},
	{"levantine", "ايمتى رح تنزلوا الحلقة الجاية؟"},
	{"levantine", "ما في حدا بيرد عالتلفون"},
	{"levantine", "بتمنى تعملوا فرع بالشام"},
	{"levantine", "شي بيجنن، تسلم ايدك"},
	{"levantine", "عنجد خدمة زبالة"},
	{"levantine", "هيك ما بيصير يا جماعة"},
	{"msa", "لم يصل طلبي حتى الآن"},
	{"msa", "هل يوجد فرع في المدينة؟"},
	{"msa", "أرجو إضافة خيار الدفع عند الاستلام"},
	{"msa", "الخدمة ممتازة وأشكركم على سرعة الرد"},
	{"msa", "لماذا لا تردون على الرسائل؟"},
	{"msa", "المنتج ليس جيدا على الإطلاق"},
	{"msa", "سوف أشتري منكم مرة أخرى"},
	{"msa", "لم أفهم شيئا من الشرح"},
	{"msa", "هذا المحتوى الذي نحتاجه"},
	{"msa", "أتمنى أن تضيفوا ترجمة للمقاطع"},
	{"msa", "ما هو سعر الاشتراك السنوي؟"},
	{"msa", "تأخر الطلب كثيرا ولم يتصل بي أحد"},
	{"msa", "أنتم الأفضل دائما"},
	{"msa", "متى سيتم شحن الطلب؟"},
	{"msa", "لا أستطيع تسجيل الدخول إلى حسابي"},
	{"msa", "كيف يمكنني إلغاء الاشتراك؟"},
	{"msa", "شكرا لكم على هذا المحتوى المفيد"},
	{"msa", "أنت شخص وقح ولا تحترم أحدا"},
	{"msa", "وصل المنتج تالفا تماما"},
	{"msa", "نقترح أن تفتحوا فرعا في الشمال"},
	{"msa", "الشرح واضح جدا ومفيد"},
	{"msa", "لن أتعامل معكم مرة أخرى"},
}

// TestShortDialectOverFiring: the concepts must not push ordinary comments
// into the wrong variety: at least 90% right in each variety.
func TestShortDialectOverFiring(t *testing.T) {
	right, n := map[string]int{}, map[string]int{}
	for _, c := range ownShortComments {
		n[c.dialect]++
		if got := classifyDialect(c.text); got == c.dialect {
			right[c.dialect]++
		} else {
			t.Logf("%s read as %s: %q", c.dialect, got, c.text)
		}
	}
	for _, d := range op.Dialects {
		if n[d] < 20 {
			t.Errorf("%s: %d comments, want at least 20", d, n[d])
		}
		if right[d]*10 < n[d]*9 {
			t.Errorf("%s: %d of %d right, want at least 90%%", d, right[d], n[d])
		}
	}
}

// TestRound9MarkerSigns: the round-9 markers give their variety evidence
// (comments of our own), and the MSA look-alikes of the weak ones give no
// clear dialect sign (below signsClear, so the head may still say msa).
func TestRound9MarkerSigns(t *testing.T) {
	const gulf, egyptian, levantine = 0, 1, 2
	cases := []struct {
		text    string
		variety int
	}{
		{"ما يردون على الرسايل", gulf},       // ما + 3pl -oon
		{"ما عندكم فرع قريب؟", gulf},         // ما عندكم
		{"الطعم شينه", gulf},                 // شين (f)
		{"الشباب مسوينها صح", gulf},          // مسوين + object
		{"التوصيل مره سريع", gulf},           // مره + adjective
		{"عندكن توصيل؟", levantine},          // -kon
		{"كلكن ذوق", levantine},              // -kon
		{"نزلنا سوا عالبحر", levantine},      // سوا "together"
		{"هرد عليك بكرة", egyptian},          // 1sg h-future
		{"الشنطة جالي مقطوعة", egyptian},     // جالي
		{"المندوب جه بدري", egyptian},        // جه
		{"تسلم ايديكم على الأكل", egyptian},  // ايديكم
		{"تسلم ايديكم على الأكل", levantine}, // idem
		{"ما شفتهم من زمان", egyptian},       // شفت + object (every dialect)
		{"حبايبي نورتوا", levantine},         // حبايبي (every dialect)
		{"ريحته حلوة", gulf},                 // ريحة (every dialect)
	}
	for _, c := range cases {
		if sg := dialect.MarkerSigns(c.text); sg.Dialect[c.variety] <= 0 {
			t.Errorf("%q: no evidence for %s (%+v)", c.text, op.Dialects[c.variety], sg)
		}
	}
	// جدا "very" is written in every dialect: no formal sign (notFormalMSA)
	if sg := dialect.MarkerSigns("الفني كان محترم جدا ربنا يخليه"); sg.MSA != 0 {
		t.Errorf("جدا beside a dialect word: formal sign %.2f, want none", sg.MSA)
	}
	if sg := dialect.MarkerSigns("لم يصل الطلب وهذا مزعج جدا"); sg.MSA <= 0 {
		t.Errorf("لم: no formal sign (%+v)", sg)
	}
	// ... but beside a word every dialect shares with an MSA homograph
	// (يجيب "brings" / "answers") it stays formal
	if sg := dialect.MarkerSigns("الخدمة بطيئة جدا ولا أحد يجيب"); sg.MSA <= 0 {
		t.Errorf("جدا beside a shared word: no formal sign (%+v)", sg)
	}
	for _, text := range []string{
		"نشكركم على كل ما تقدمون",     // relative ما + 2pl: no Gulf sign
		"هذا ما يقولون دائما",         // relative ما + 3pl: weak only
		"اقرأ نص المقال",              // نص "text"
		"شاهدت المقطع كاملا",          // مقطع: a Gulf word MSA shares
		"حدد الميعاد النهائي للتسليم", // ميعاد: MSA too
	} {
		if sg := dialect.MarkerSigns(text); sg.Clear >= signsClear {
			t.Errorf("%q: clear dialect sign %.2f on an MSA sentence", text, sg.Clear)
		}
	}
}

// TestSharedOnlyMSA: a comment read as msa only because of جدا, the
// intensifier every dialect writes, is unsure (the head may answer); one
// with a formal word of its own is not. Sentences written for this test.
func TestSharedOnlyMSA(t *testing.T) {
	msa := op.Detection{Language: "ar", Dialect: "msa", DialectConfidence: 0.8}
	for _, text := range []string{"الموظفة كانت ذوق جدا", "المندوب محترم جدا وخلصلي الطلب"} {
		if sg := dialect.MarkerSigns(text); sg.Shared == 0 || sg.MSA != sg.Shared {
			t.Errorf("%q: signs %+v, want all the MSA evidence shared", text, sg)
		}
		if !sharedOnlyMSA(msa, text) {
			t.Errorf("%q: not unsure", text)
		}
	}
	for _, text := range []string{"هل الخدمة جيدة جدا؟", "لم يكن الشرح واضحا جدا"} {
		if sharedOnlyMSA(msa, text) {
			t.Errorf("%q: formal words beside جدا, yet unsure", text)
		}
	}
	if sharedOnlyMSA(op.Detection{Language: "ar", Dialect: "egyptian", DialectConfidence: 0.8}, "الشغل حلو جدا") {
		t.Error("a dialect detection counted as shared-only msa")
	}
}

// TestFormalBesideDialectWords (round 11, signsOutweigh): formal comments of
// our own, several with a word the dialects share, stay msa through
// classify; short dialect comments with one faint formal word are not msa.
func TestFormalBesideDialectWords(t *testing.T) {
	formal := []string{
		"هل يمكنكم توضيح طريقة استرجاع المبلغ؟",
		"لم يصلني الطلب حتى الآن رغم مرور أسبوع",
		"أرجو إضافة خيار الدفع عند الاستلام",
		"كيف يمكنني تفعيل البطاقة من التطبيق؟",
		"الخدمة ممتازة والموظفون متعاونون جدا",
		"لقد تأخر الطلب كثيرا ولم يرد أحد على رسائلي",
		"نشكركم على هذا المحتوى المفيد",
		"متى سيتم افتتاح الفرع الجديد؟",
		"سوف أقوم بإلغاء الاشتراك إذا تكرر الانقطاع",
		"الحلقة رائعة وننتظر المزيد منكم",
		"هذا المنتج لا يستحق السعر المطلوب",
		"أتمنى أن تقدموا حلقة عن تاريخ المدينة",
		"ما هي مواعيد العمل يوم الجمعة؟",
		"تم خصم المبلغ مرتين من حسابي",
		"يجب أن تداوم على تناول الدواء في موعده",
		"التطبيق لا يعمل منذ التحديث الأخير",
		"شكرا لكم على سرعة الاستجابة",
		"أين يمكنني العثور على رقم الطلب؟",
		"الفندق نظيف والموقع مناسب للعائلات",
		"لماذا لا يوجد دعم للغة العربية في التطبيق؟",
		"حدث هذا للمرة الثالثة خلال شهر واحد",
		"نأمل تحسين جودة البث في المباريات القادمة",
	}
	for _, s := range formal {
		if got := classifyDialect(s); got != "msa" {
			t.Errorf("%q: %s, want msa", s, got)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"كيف بقدر غير كلمة السر من التطبيق؟", "levantine"},
		{"شو بدي اعمل هلق؟ الطلب ما وصل", "levantine"},
	} {
		if got := classifyDialect(c.text); got != c.want {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}

// A Gulf place, currency or dish tilts the head towards gulf, never over a
// formal sign and not after the formal apposition (مدينة الدمام).
func TestGulfPlace(t *testing.T) {
	for _, c := range []string{"التوصيل للكويت متأخر", "كم سعر الشحن للرياض", "دفعت خمسين ريال", "وبالدوحة ما عندكم فرع", "أفضل مطعم مندي جربته"} {
		if !namesGulfPlace(tokenize(c)) {
			t.Errorf("%q: no Gulf place found", c)
		}
	}
	for _, c := range []string{"نتمنى افتتاح فرع في مدينة الدمام", "قرأت الخبر اليوم", "عيني تؤلمني", "السعر عشرون دينارا"} {
		if namesGulfPlace(tokenize(c)) {
			t.Errorf("%q: read as naming a Gulf place", c)
		}
	}
	classes := []string{"gulf", "egyptian", "levantine", "msa"}
	p := [4]float64{0.25, 0.05, 0.05, 0.65}
	if got := gulfPlaceTilt(dialect.Signs{}, classes, p); got[0] <= got[3] || math.Abs(got[0]+got[1]+got[2]+got[3]-1) > 1e-9 {
		t.Errorf("no formal sign: gulfPlaceTilt = %v, want gulf above msa and a distribution", got)
	}
	if got := gulfPlaceTilt(dialect.Signs{MSA: 0.8}, classes, p); got != p {
		t.Errorf("formal sign: gulfPlaceTilt = %v, want %v unchanged", got, p)
	}
}
