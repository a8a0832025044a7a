package builtin

import "strings"

// Priority classes of round 18 (issue 23), read in Arabic (Arabizi through
// its Arabic reading). The writers' conventions put these complaints high
// whatever dialect tells them; the rules before this round missed their
// Levantine and Egyptian forms (leave-one-writer-out cross-validation,
// docs/quality.md "Round 18: Arabic priority classes"):
//
//   - fire or electric hazard: sparks (شرار, شرر), a fear of the thing
//     catching fire or bursting ("خايف يولع", "خايفة تنفجر"), electricity
//     leaking from it ("بيسرب كهربا"): safety. A device that only runs hot
//     ("اللابتوب بيسخن كتير") stays medium.
//   - expired medicine: a medicine noun (دوا, الدواء, العلاج) up to four
//     words after or five before "expired" (منتهي الصلاحية, "الدوا اللي
//     اشتريته لأمي طلع منتهي"): safety, as wrong medicine is.
//     Expired food or coffee is labelled medium and is not read here.
//   - a legal threat: a verb of filing in the first person (هرفع, رح ارفع,
//     هعمل, سأقدم) up to three words before a lawsuit or police report
//     (قضية, دعوى, محضر): a stronger threat than leaving.
//   - the loanword "refund" (ريفند, الريفاند): a refund claimed, as
//     استرجاع is (urgentWords) and as the Arabizi "refund" is read.
//   - money taken or a plan renewed without consent: a passive or
//     second-person verb of renewing or debiting (اتجدد, بيتسحب, جددتوا)
//     with "by itself" (لوحده, لحاله, تلقائيا) after it or "without my
//     consent" (من غير ما أوافق, بدون موافقتي, دون إذني) up to five words
//     after it.
//   - stranded away: the circumstantial "while I am abroad / travelling /
//     at the airport / on the road" (وأنا مسافر, وأنا برا, وانا بالمطار,
//     واحنا مسافرين) or "stuck on the road" (علقت عالطريق): a failure that
//     leaves the writer without recourse far from home.
func classUrgent(toks []token) bool {
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		k := t.key
		kb := strings.TrimPrefix(k, "و")
		switch classWords[k] | classWords[kb] {
		case 0:
			continue
		case ckSpark, ckRefund:
			return true
		case ckFear:
			for j := i + 1; j < len(toks) && j <= i+3; j++ {
				if fireVerb(toks[j].key) {
					return true
				}
			}
		case ckLeak:
			for j := i + 1; j < len(toks) && j <= i+2; j++ {
				if electricNouns[toks[j].key] {
					return true
				}
			}
		case ckMedicine:
			for j := max(0, i-4); j < len(toks) && j <= i+5; j++ {
				if expired(toks, j) {
					return true
				}
			}
		case ckLegal:
			if precededBy(toks, i, 3, fileVerbs) {
				return true
			}
		case ckRenew:
			if withoutConsent(toks, i) {
				return true
			}
		case ckSelf:
			// "وأنا", or "و أنا" apart as an Arabizi reading writes it
			if (k != kb || i > 0 && toks[i-1].key == "و") && awayAfter(toks, i) {
				return true
			}
		case ckStuck:
			if i+1 < len(toks) && roadWords[toks[i+1].key] {
				return true
			}
		}
	}
	return false
}

// expired: toks[j] says "expired" (منتهي, اكسباير), or a verb of running
// out before its shelf life ("انتهت صلاحيته", "متخلصة صلاحيته"); "the
// medicine ran out" (الدوا خلصان) is not expired.
func expired(toks []token, j int) bool {
	k := toks[j].key
	if expiredWords[k] {
		return true
	}
	return lapseWords[k] && j+1 < len(toks) && (strings.HasPrefix(toks[j+1].key, "صلاحي") || strings.HasPrefix(toks[j+1].key, "الصلاحي"))
}

// withoutConsent: after the renewing or debiting verb toks[i], "by itself"
// right after it (a noun may stand between: "اتجدد الاشتراك لوحده") or
// "without (that) I agree / my consent" up to five words after it.
func withoutConsent(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+5; j++ {
		k := toks[j].key
		if j <= i+2 && chargedSelfWords[k] {
			return true
		}
		if !withoutWords[strings.TrimPrefix(k, "و")] {
			continue
		}
		for n := j + 1; n < len(toks) && n <= j+2; n++ {
			if consentWords[toks[n].key] {
				return true
			}
		}
	}
	return false
}

// awayAfter: after "and I / we" (وأنا, واحنا) toks[i], a word of being away
// from home (مسافر, برا, بالمطار) or "at / on" with the airport or the road.
func awayAfter(toks []token, i int) bool {
	if i+1 >= len(toks) {
		return false
	}
	k := toks[i+1].key
	if awayWords[k] {
		return true
	}
	return (k == "في" || k == "وصل" || k == "واصل" || k == "واصله") && i+2 < len(toks) && roadWords[toks[i+2].key]
}

// fireVerb: an imperfect verb (with its person, future or progressive
// prefix) of catching fire, burning, bursting or electrocuting (يولع,
// هتولع, يحترق, تنفجر, يكهرب).
func fireVerb(k string) bool {
	for _, p := range []string{"هي", "هت", "حي", "حت", "بي", "بت", "ي", "ت"} {
		s, ok := strings.CutPrefix(k, p)
		if !ok {
			continue
		}
		for _, st := range fireStems {
			if strings.HasPrefix(s, st) {
				return true
			}
		}
	}
	return false
}

var fireStems = []string{"ولع", "حرق", "حترق", "نحرق", "نفجر", "فرقع", "كهرب"}

// The kinds of the words of classWords.
const (
	ckSpark = iota + 1
	ckRefund
	ckFear
	ckLeak
	ckMedicine
	ckLegal
	ckRenew
	ckSelf
	ckStuck
)

var classWords = func() map[string]uint8 {
	m := map[string]uint8{}
	add := func(kind uint8, ws ...string) {
		for _, w := range ws {
			m[foldKey(w)] = kind
		}
	}
	add(ckSpark, "شرار", "شرارة", "شرر", "بشرار", "شرارات")
	add(ckRefund, "ريفند", "الريفند", "الريفاند", "ريفاند", "بالريفند", "للريفند")
	add(ckFear, "خايف", "خايفة", "خايفين", "خوفي", "بخاف", "خفت")
	add(ckLeak, "يسرب", "بيسرب", "بتسرب", "تسرب", "بيسرّب", "بيطلع", "بتطلع")
	add(ckMedicine, "دوا", "الدوا", "دواء", "الدواء", "دوه", "الدوه", "العلاج", "الادويه", "الأدوية", "ادوية", "للدوا", "الحقن", "الانسولين")
	add(ckLegal, "قضية", "قضيه", "دعوى", "دعوة", "محضر", "مهدر", "بلاغ")
	add(ckRenew, "اتجدد", "اتجددت", "تجدد", "تجددت", "بيتجدد", "جددتو", "جددتوا", "جددوا", "جددو", "جدد", "جددتولي",
		"بيتسحب", "يتسحب", "بتتسحب", "تتسحب", "بينسحب", "ينسحب", "بيتخصم", "يتخصم", "بتتخصم", "تتخصم", "بينخصم", "ينخصم",
		"اتسحب", "انسحب", "انسحبت", "اتسحبت", "اتخصم", "انخصم", "اتخصمت", "انخصمت", "سحبتو", "سحبتوا", "خصمتو", "خصمتوا", "سحبوا", "خصموا")
	add(ckSelf, "انا", "احنا", "نحن", "إحنا")
	add(ckStuck, "علقت", "علقنا", "اتعلقت", "اتعلقنا", "تعلقنا")
	return m
}()

var (
	electricNouns    = wordSet("كهربا", "كهرباء", "الكهربا", "الكهرباء", "كهربه", "الكهربه")
	expiredWords     = wordSet("منتهي", "منتهية", "منتهيه", "منتهى", "اكسباير", "مكسبر")
	lapseWords       = wordSet("انتهت", "خلصت", "متخلصه", "متخلصة", "انتهى", "خالصه")
	fileVerbs        = wordSet("ارفع", "هرفع", "برفع", "حرفع", "سأرفع", "سارفع", "نرفع", "هنرفع", "بنرفع", "حنرفع", "هعمل", "حعمل", "بعمل", "اعمل", "هعملكم", "هعملكو", "هعملك", "هقدم", "حقدم", "بقدم", "اقدم", "سأقدم", "سنرفع", "هنعمل", "رافع", "رافعه", "هبلغ", "ببلغ", "رح بلغ")
	chargedSelfWords = wordSet("لوحده", "لوحدو", "لحاله", "لحالو", "لوحدها", "لحالها", "تلقائي", "تلقائيا", "تلقائياً", "اوتوماتيك", "أوتوماتيك")
	withoutWords     = wordSet("غير", "بدون", "بلا", "دون", "بغير")
	consentWords     = wordSet("اوافق", "أوافق", "موافقتي", "موافقتنا", "استأذن", "استاذن", "تستأذنوني", "تستاذنوني", "استأذنتوني", "استاذنتوني", "اذني", "إذني", "علمي")
	awayWords        = wordSet("مسافر", "مسافرة", "مسافره", "مسافرين", "مسفر", "مسفرين", "برا", "بره", "بالمطار", "بالطريق", "عالطريق", "بالغربه", "بالغربة", "بالسفر", "بالخارج")
	roadWords        = wordSet("الطريق", "المطار", "عالطريق", "بالطريق", "بالمطار", "المتار", "بنص", "بنص الطريق", "بالصحرا")
)
