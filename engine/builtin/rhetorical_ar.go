package builtin

// whatThisIndignant reports the Levantine and Gulf "what is this ...?!"
// (شو هالرسوم؟, وش هالخدمة, ايش هالتأخير): "what" before a noun of charges,
// delay or service with the demonstrative ها- joined to its article. Of
// the labelled comments with "شو/وش هال-" none is a question (39 are
// complaints, the rest insults); it is the Egyptian "ايه المسخرة دي",
// which the cues already read as a complaint. Other nouns may be asked of
// in curiosity ("شو هالمطعم؟ أول مرة بشوفه", "شو هالحلا؟ من وين جبتوه").
// A question so told becomes a complaint, a neutral sentiment negative
// (analyseTextBuf).
func whatThisIndignant(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].arabic || !whatWordsLevGulf[toks[i].key] {
			continue
		}
		if indignantNouns[toks[i+1].key] {
			return true
		}
		// "وش السالفة" after what went wrong ("القناة صايرة تعيد أخبار
		// أمس، وش السالفة"): "what is this about?", asked of nobody
		// (concepts.go's storyNouns)
		if i >= 2 && storyNouns[toks[i+1].key] {
			return true
		}
	}
	return false
}

var (
	whatWordsLevGulf = wordSet("شو", "وش", "ايش", "إيش", "شنو", "وشو")
	indignantNouns   = wordSet("هالرسوم", "هالاسعار", "هالأسعار", "هالسعر", "هالفاتوره", "هالفاتورة", "هالمبلغ", "هالتاخير", "هالتأخير", "هالخدمه", "هالخدمة",
		"هالحكي", "هالشغل", "هالشغله", "هالمهزله", "هالمسخره", "هالجوده", "هالجودة", "هالمعامله", "هالبطء", "هالزحمه", "هالاستغلال", "هالنصب")
)
