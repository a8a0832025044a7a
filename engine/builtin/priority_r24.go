package builtin

import "strings"

// Urgent classes read in issue 23's sixteenth session from the priority
// sets (Levantine and formal Arabic above all), each in a form the older
// rules missed; every one is the writers' high (the spec's safety, money
// taken and money withheld classes):
//
//   - taken to hospital: a verb of being carried or rushed there
//     (نزلو عالعيادة, نقلت إلى المستشفى, اسعفناه) before a hospital noun;
//   - unknown withdrawals (سحوبات) from the writer's own account;
//   - the writer's balance found at zero (رصيدي ... صفر);
//   - paid, and asked for it "a second time" (بدهن ياه مرة تانية);
//   - a dose too large or wrong (جرعة أكبر, جرعة غلط);
//   - money not back after a count of days of a month or more ("٧٠ يوم
//     والمصاري مش راجعة");
//   - withdrawn from the writer in the present ("عم ينسحب مني اشتراك");
//   - wounds or burns come out on the body (طلعلي جروح);
//   - a medicine given that is "not hers" (دواء مش إلها).
func r24Urgent(toks []token) bool {
	paid, demand := false, false
	for i := range toks {
		k := toks[i].key
		if !toks[i].arabic && dayCount(k) == 0 {
			continue // (a count of days is written in digits)
		}
		kb := strings.TrimPrefix(k, "و")
		switch {
		case carriedTo[kb]:
			for j := i + 1; j < len(toks) && j <= i+3; j++ {
				if hospitalNouns[toks[j].key] {
					return true
				}
			}
		case kb == "سحوبات" || kb == "مسحوبات":
			if nearAny(toks, i, 3, ownMoney) {
				return true
			}
		case kb == "رصيدي":
			if nearAny(toks, i, 8, balanceGone) {
				return true
			}
		case kb == "دفعت" || kb == "دفعنا" || kb == "دافع" || kb == "دافعين":
			paid = true
		case toks[i].urgent() == uwDemand:
			demand = true
		case paid && demand && (kb == "مره" || kb == "مرة") && i+1 < len(toks) && secondTime[toks[i+1].key]:
			return true // "دفعنا القسط ... وهلأ بدهن ياه مرة تانية"
		case presentDebit[kb]:
			if i+1 < len(toks) && (toks[i+1].key == "مني" || toks[i+1].key == "منا") {
				return true
			}
		case woundNouns[kb]:
			if i > 0 && cameOut[strings.TrimPrefix(toks[i-1].key, "و")] {
				return true
			}
		case kb == "جرعه" || kb == "جرعة":
			if i+1 < len(toks) && wrongDoseWords[toks[i+1].key] {
				return true
			}
		case toks[i].isW(clMedicineAr):
			// "دواء مش إلها", "دوا مش الو": someone else's medicine
			if i+2 < len(toks) && (toks[i+1].key == "مش" || toks[i+1].key == "مو" || toks[i+1].key == "ليس") && notTheirs[toks[i+2].key] {
				return true
			}
		case dayCount(k) >= 30 && i+1 < len(toks) && dayWords24[toks[i+1].key]:
			// "٧٠ يوم والمصاري مش راجعة": a month or more of days, and
			// the money not back (withheldLong reads the named spans)
			for j := i + 2; j < len(toks) && j <= i+6; j++ {
				if toks[j].isW(clHeldMoney) || toks[j].urgent() == uwMoney {
					return true
				}
			}
		}
	}
	return false
}

var (
	// carriedTo: carried, rushed or gone down to a doctor (not "I went
	// to visit": رحت, زرت are not here)
	carriedTo      = wordSet("نزلو", "نزلوا", "نزلنا", "نقلت", "نقلوا", "نقلناه", "نقلناها", "نقلوه", "نقلوها", "انتقل", "اسعفوا", "اسعفوه", "اسعفناه", "اسعفناها", "انسعف", "انسعفت", "وديناه", "وديناها", "وديته", "وديتها", "اخدناه", "اخدناها", "خدناه", "خدناها", "اسعافه", "بالاسعاف")
	hospitalNouns  = wordSet("المستشفى", "المستشفي", "للمستشفى", "للمستشفي", "عالمستشفى", "عالمستشفي", "مستشفى", "مستشفي", "الطوارئ", "للطوارئ", "عالطوارئ", "الطوارىء", "العياده", "للعياده", "عالعياده", "الاسعاف", "بالاسعاف", "المستوصف", "للمستوصف")
	presentDebit   = wordSet("ينسحب", "بينسحب", "ينخصم", "بينخصم", "بيتخصم", "يتخصم", "تنسحب", "بتنسحب", "تنخصم", "بتنخصم")
	woundNouns     = wordSet("جروح", "حروق", "جرح", "حرق", "فقاعات", "بثور")
	cameOut        = wordSet("طلعلي", "طلعله", "طلعلها", "طلعلو", "طلعتلي", "طلعت", "طلعوا", "طلعو", "ظهرت", "ظهرتلي", "صار", "صارلي", "صارله", "صارلها")
	notTheirs      = wordSet("الها", "إلها", "الو", "إلو", "اله", "إله", "له", "لها", "لي", "الي", "إلي", "بتاعها", "بتاعه", "بتاعي", "تبعها", "تبعه", "تبعي", "مالها", "ماله")
	balanceGone    = wordSet("0", "٠", "صفر", "صفّر", "انصفر", "اتصفر", "تصفر", "اختفى", "اختفي", "طار")
	secondTime     = wordSet("تانيه", "تانية", "ثانيه", "ثانية", "كمان")
	wrongDoseWords = wordSet("اكبر", "أكبر", "زياده", "زيادة", "غلط", "خطا", "خطأ", "مضاعفه", "مضاعفة", "زايده", "زايدة")
	dayWords24     = wordSet("يوم", "يوما", "ايام", "يومًا")
)
