package builtin

import "strings"

// durableGood reports a product praised by what never went wrong in years
// (issue 23, eighteenth session: four of blind121's praise read as a
// complaint or "other"): a span of years (١٢ سنة, ١١ سنة, عشر سنوات, 9
// years) and a failure negated (ولا مرة عطل, ما خربت, دون أي عطل, never
// broke) or "still works" (لسا شغال, still works); or "you never let me
// down" (ما خيبتوا ظني, never disappointed); or a service praised beside a
// cut that never came (لم ينقطع البث, بلا ولا تقطيعة, never lagged); or a
// delay or a cut that never once came (عمركن ما تأخرتو). Not
// with a contrast ("١٠ سنين ما خربت بس هلق خربت", "ما بيقطع إلا كل شوي")
// nor a question.
func durableGood(toks []token) bool {
	years, failNeg, still, letDown, ever := false, false, false, false, false
	cutNeg, praised := false, false // (nineteenth session) a stream never cut, said with praise
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if !toks[i].arabic {
			k = toks[i].key
		}
		switch {
		case k == "غير" && i > 0 && toks[i-1].key == "من":
			// "من غير" is "without" ("من غير تأخير"), not the
			// contrast "except"
		case delayWords[k]:
			if !negatedNear(toks, i) && !withoutBefore(toks, i) { // (priority_harm.go: من غير, بدون ما)
				return false // "بعد تأخير ساعتين": the delay told
			}
			cutNeg = true // (twenty-first session) a delay that never came, said with thanks
		case yearWords[k]:
			years = true
		case everWords[k]:
			ever = true // (twenty-third session) "عمركن ما تأخرتو": never once
		case failWords[k]:
			if !negatedNear(toks, i) {
				return false // "بس هلق خربت": a failure told
			}
			failNeg = true
		case durableBut[k]:
			return false
		case durableStill[k] && i+1 < len(toks) && worksWords[toks[i+1].key]:
			still = true
		case enduredWords[k]:
			still = true // "مستحمل بقاله سنة" (it has lasted a year)
		case letDownWords[k] && negatedNear(toks, i):
			letDown = true
		case k == "let" && i+2 < len(toks) && toks[i+2].key == "down" && negatedNear(toks, i):
			letDown = true // "never let me down"
		case cutWords[k]:
			if !negatedNear(toks, i) {
				return false // "بيقطع كل شوي": the cut told
			}
			cutNeg = true
		case servicePraise[k]:
			praised = true
		}
	}
	return years && (failNeg || still) || letDown || (cutNeg || failNeg) && (praised || ever)
}

// negatedNear: a negation up to three words before toks[i] (ما, ولا مرة,
// دون أي, never, not once).
func negatedNear(toks []token, i int) bool {
	for j := max(0, i-3); j < i; j++ {
		if durableNeg[strings.TrimPrefix(toks[j].key, "و")] || durableNeg[toks[j].key] {
			return true
		}
	}
	return false
}

var (
	yearWords = wordSet("سنة", "سنه", "سنين", "سنوات", "سنتين", "years", "year", "yrs")
	failWords = wordSet("عطل", "عطلت", "خرب", "خربت", "تعطل", "تعطلت", "اتعطل", "اتعطلت", "باظ", "باظت", "خربان", "عطلان", "broke", "broken", "failed", "died", "stopped", "faulted",
		// (twenty-first session) a scratch or a break in a move or a
		// delivery ("بدون ولا خدش، شغل نظيف", "nothing broken. 10/10")
		"خدش", "خدشه", "خدشة", "scratch", "scratched", "damaged")
	enduredWords = wordSet("مستحمل", "مستحمله", "مستحملة", "صامد", "صامده", "صامدة")
	durableStill = wordSet("لسا", "لسه", "لسة", "للحين", "مازال", "مازالت", "still")
	worksWords   = wordSet("شغال", "شغاله", "شغالة", "يشتغل", "بيشتغل", "تشتغل", "بتشتغل", "يعمل", "تعمل", "works", "working", "runs", "running")
	letDownWords = wordSet("خيبتوا", "خيبتو", "خيبت", "خيبتونا", "disappointed")
	durableBut   = wordSet("بس", "لكن", "بعدين", "الا", "إلا", "غير", "but", "however", "until", "till", "except")
	// a connection or a stream cut, frozen or lagging, and the praise said
	// beside it when it never was ("خدمة الألياف رائعة، لم ينقطع البث طوال
	// المباراة", "النت صار بيطير! حضرت الماتش بلا ولا تقطيعة")
	cutWords      = wordSet("ينقطع", "انقطع", "بينقطع", "تنقطع", "انقطعت", "يقطع", "بيقطع", "قطع", "تقطيعه", "تقطيع", "تقطيعة", "يعلق", "بيعلق", "علق", "يفصل", "بيفصل", "فصل", "lagged", "lag", "buffered", "buffering", "dropped", "drops")
	servicePraise = wordSet("رائع", "رائعه", "رائعة", "ممتاز", "ممتازه", "ممتازة", "بيطير", "طيارة", "طياره", "خرافي", "خرافيه", "تحفه", "تحفة", "جامد", "بيجنن", "يجنن", "flawless", "amazing", "excellent", "perfect", "superb",
		// (twentieth session) thanks beside a cut that never came ("el net
		// 3omro ma fesel ma3aya, teslamo")
		"تسلموا", "تسلمو", "يسلمو", "يسلموا", "تسلم", "شكرا", "مشكورين", "thanks",
		// (twenty-third session) "الخط صار منيح، النت ما عاد يقطع"
		"منيح", "منيحه", "منيحة",
		"solid", "reliable",
		// (twenty-first session) a blessing said to the shop ("ربنا
		// يخليكو", "الله يعطيكم العافية")
		"يخليكو", "يخليكم", "يخليكوا", "يعطيكم", "يعطيكن", "يسعدكم", "يوفقكم", "يبارك",
		// work praised ("شغل نظيف", "10/10", "spotless")
		"نظيف", "نظيفه", "مرتب", "محترف", "محترفين", "spotless", "professional", "10/10")
	// a delay, read like a cut: praised when it never came ("بتوصل كل شهر
	// من غير تأخير، ربنا يخليكو", "ولا مرة تأخروا عليا")
	delayWords = wordSet("تاخير", "تأخير", "تاخر", "تأخر", "تاخروا", "تأخروا", "تاخرو", "اتاخروا", "اتأخروا", "اتاخر", "اتأخر", "يتاخر", "يتأخر", "بيتاخر", "بيتأخر", "تاخرتوا", "تأخرتوا", "تاخرتو", "اتاخرتوا", "اتأخرتوا", "اتاخرتو", "اتأخرتو", "اتاخرتم", "اتأخرتم", "تأخرتو", "تاخرتم", "تأخرتم", "تاخرته", "delay", "delays", "delayed")
	// everWords: "in your life" (عمركن ما ...): never once
	everWords  = wordSet("عمركن", "عمركم", "عمرك", "عمركو", "عمركون", "عمره", "عمرها", "عمرهم", "عمرو")
	durableNeg = wordSet("ما", "ولا", "لا", "دون", "بدون", "بلا", "لم", "مفيش", "never", "not", "didnt", "didn't", "hasnt", "hasn't", "havent", "haven't", "no", "nothing", "without")
)
