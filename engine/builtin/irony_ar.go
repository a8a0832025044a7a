package builtin

import "strings"

// Arabic irony that greets a failure with a good word, the Arabic of
// "Great, another update that broke everything" (issue 23): "رائع، تحديث
// آخر يعطل الإشعارات", "حلو، عطلتوا الخدمة في اول يوم راتب 👏", "جميل اوي
// يا جماعة، استنيت المندوب طول اليوم على الفاضي 👏". The good word opens the
// comment alone in its clause; what follows reports something bad and
// likes nothing.

// arIronicOpener reports an Arabic comment opened by one to four words
// with a good word among them and nothing else but degree words,
// vocatives and "والله" ("حلو،", "جميل اوي يا جماعة،", "والله رائع."), a
// comma or a period closing them, and after it a clause with no word of
// liking that holds a bad word or a complaint cue, a repeat ("تحديث آخر",
// "كمان مرة") or a clap or thumbs-up closing the comment.
func arIronicOpener(text string, toks []token) bool {
	end := -1 // the first token after the opening clause
	good := false
	for i := 0; i < len(toks) && i < 4; i++ {
		k := strings.TrimPrefix(toks[i].key, "و")
		switch {
		case !toks[i].arabic:
			return false
		case ironicGoodAr[k]:
			good = true
		case degreeWords[k] || k == "يا" || k == "جماعه" || k == "شباب" || k == "الله" || toks[i].key == "والله" || k == "شي" || k == "شيء":
		default:
			return false
		}
		if i+1 < len(toks) && strings.ContainsAny(text[toks[i].end:toks[i+1].start], "،,.!") {
			end = i + 1
			break
		}
	}
	if !good || end < 0 || len(toks)-end < 2 {
		return false
	}
	rest := toks[end:]
	bad := false
	for _, h := range sentM.find(rest) {
		if !rest[h.ti].arabic { // the clap itself
			continue
		}
		if sentVal[h.id] >= 1.8 { // a word of liking after it: glad, not ironic
			return false
		}
		bad = bad || sentVal[h.id] < 0
	}
	for _, h := range intentM.find(rest) {
		bad = bad || intentCues[h.id].idx == iComplaint && intentCues[h.id].weight > 0
	}
	for _, t := range rest {
		bad = bad || againAr[t.key]
	}
	tail := strings.TrimSpace(text)
	return bad || strings.HasSuffix(tail, "👏") || strings.HasSuffix(tail, "👍")
}

var (
	// ironicGoodAr: the good words that open an ironic comment (not
	// thanks: "مشكورين، المشكلة انحلت" thanks for a fix)
	ironicGoodAr = wordSet("حلو", "حلوه", "جميل", "جميله", "رائع", "رائعه", "ممتاز", "ممتازه", "تحفه", "روعه", "عظيم", "عظيمه", "عظمه", "برافو", "هايل", "زين", "منيح", "واو")
	// againAr: "another / again" (a repeat of the unwanted)
	againAr = wordSet("اخر", "آخر", "اخرى", "أخرى", "تاني", "تانيه", "ثاني", "ثانيه", "كمان", "مجددا", "مجدداً", "كالعاده", "كالعادة")
)
