package builtin

import (
	"strings"
	"unicode/utf8"

	"svc/engine/op"
)

// Round 19: the form of an Arabic question that is not a request for
// information. Read only for a comment whose one intent is "question" and
// which carries a question mark (analyseTextBuf), so it costs nothing
// elsewhere. Two classes:
//
//   - a rhetorical question that reports a grievance is a complaint:
//     incredulity ("هل يعقل ...؟", "هل من المعقول ...؟"), "how/why do you
//     (all) ...?" with a second-person verb ("كيف تبيعون شي كذا؟", "ازاي
//     تبعتوا فاتورة ...؟", "ليش سكرتو الفرع؟": asking the way is said in the
//     first person, "كيف أرجع ...؟", arHowTo), "where/when ...?" beside the
//     time already waited ("وين الطلب؟ صار لها أسبوع") and "until when
//     must I wait?" ("إلى متى سأنتظر؟");
//   - a question that proposes an action is a suggestion: "what do you
//     think of doing ..." (ما رأيكم تعملوا, شو رأيكن تفتحو), the MSA hallā
//     and alā ("هلا أضفتم ...؟", "ألا يمكن إضافة ...؟") and "what if you
//     did ..." (شو بيصير لو عملتو ...).
//
// r19QuestionIntent returns the intent the question stands for, or "".
func r19QuestionIntent(toks []token, positive bool) string {
	if !positive && r19AgainYou(toks) {
		return "complaint"
	}
	if r19WhyDontYouMake(toks) {
		return "suggestion"
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if !t.arabic {
			continue
		}
		k := t.key
		next := ""
		if i+1 < len(toks) && toks[i+1].arabic {
			next = toks[i+1].key
		}
		switch {
		case r19Incredulous[k]:
			// "يعقل" in any form; "معقول" after هل/من ("هل من المعقول")
			if k == r19Yaqil || precededBy(toks, i, 2, r19IncredulityLead) {
				if !positive {
					return "complaint"
				}
			}
		case arHowWords[k]: // intent_ar.go
			if !positive && r19PluralYou(next) {
				return "complaint"
			}
		case r19Why[k]:
			if !positive && (r19PluralYou(next) || secondPersonVerb(next) && !r19Negation[next]) {
				return "complaint"
			}
		case r19WhereWhen[k]:
			if !positive && (r19Waited(toks) || r19WaitVerb[next]) {
				return "complaint"
			}
		case r19Until[k]:
			// إلى متى + a first-person verb ("الى متى انتظر؟"); "العرض الى
			// متى؟" and "الى متى يستمر العرض؟" ask
			if next == r19Mata && i+2 < len(toks) && !positive && r19FirstPerson(toks[i+2].key) {
				return "complaint"
			}
		case r19Opinion[k]:
			// "ما رأيكم تعملوا ..." proposes; "شو رأيكم بالتحديث؟" asks
			if precededBy(toks, i, 1, r19WhatWords) && (r19PluralYou(next) || secondPersonVerb(next) || r19Proposal[next] ||
				r19In[next] && i+2 < len(toks) && r19ProposalNoun[toks[i+2].key]) {
				return "suggestion"
			}
		case k == r19Halla:
			if strings.HasSuffix(next, "تم") && utf8.RuneCountInString(next) >= 4 || r19PluralYou(next) {
				return "suggestion"
			}
		case r19Ala[k]:
			if r19CanYou[next] {
				return "suggestion"
			}
		case r19If[k]:
			// "شو بيصير لو عملتو ...": a condition on what "you all" do
			if r19PluralYou(next) && precededBy(toks, i, 2, r19Happens) {
				return "suggestion"
			}
		}
	}
	return ""
}

// r19PluralYou reports a verb of "you (plural)": the imperfect ت...ون/وا/و
// (تبيعون, تبعتوا, بتحطو) or the perfect ...تو/توا/تم (سكرتو, رفعتم).
func r19PluralYou(k string) bool {
	if utf8.RuneCountInString(k) < 4 || r19Negation[k] {
		return false
	}
	if secondPersonVerb(k) && (strings.HasSuffix(k, "ون") || strings.HasSuffix(k, "وا") || strings.HasSuffix(k, "و")) {
		return true
	}
	return strings.HasSuffix(k, "توا") || strings.HasSuffix(k, "تو") || strings.HasSuffix(k, "تم")
}

// r19FirstPerson reports an imperfect verb in the first person (أنتظر,
// سأنتظر, ننتظر, نستنى), not a noun with the article.
func r19FirstPerson(k string) bool {
	if strings.HasPrefix(k, r19Article) || utf8.RuneCountInString(k) < 4 {
		return false
	}
	for _, p := range r19FirstPrefixes {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// waitedWhereWhen reports "where" or "when" asked beside the time already
// waited (r19Waited): "وين الطلب؟ صار 3 ايام", "متى يوصل؟ صرلي يومين".
func waitedWhereWhen(toks []token) bool {
	for i := range toks {
		if toks[i].arabic && r19WhereWhen[toks[i].key] {
			return r19Waited(toks)
		}
	}
	return false
}

// r19Waited reports the time already waited: "صار لها/صارلي/صرلي/بقالي"
// or "من + a span" (من امس, من اسبوع, من الظهر).
func r19Waited(toks []token) bool {
	for i, t := range toks {
		if !t.arabic {
			continue
		}
		if r19Elapsed[t.key] {
			return true
		}
		if i+1 < len(toks) && (t.key == r19Sar && r19ToMe[toks[i+1].key] || t.key == r19Min && r19Span[toks[i+1].key]) {
			return true
		}
		// "صار يومين", "صار 3 ايام", "صارت تلت ساعات"
		if (t.key == r19Sar || t.key == r19Sarat) && i+1 < len(toks) && (r19Span[toks[i+1].key] || i+2 < len(toks) && countWord(toks[i+1].key) && r19Spans[toks[i+2].key]) {
			return true
		}
	}
	return false
}

var (
	r19Yaqil           = foldKey("يعقل")
	r19Mata            = foldKey("متى")
	r19Halla           = foldKey("هلا")
	r19Sar             = foldKey("صار")
	r19Sarat           = foldKey("صارت")
	r19Spans           = wordSet("ايام", "أيام", "ساعات", "اسابيع", "أسابيع", "شهور", "اشهر", "أشهر", "دقايق", "دقائق", "سنين", "يوم", "ساعه", "ساعة", "شهر", "اسبوع", "أسبوع")
	r19Min             = foldKey("من")
	r19Article         = foldKey("ال")
	r19FirstPrefixes   = []string{foldKey("سأ"), foldKey("سن"), foldKey("أ"), foldKey("ن")}
	r19Incredulous     = wordSet("يعقل", "معقول", "المعقول")
	r19IncredulityLead = wordSet("هل", "من")
	r19Why             = wordSet("ليش", "ليه", "شحقه", "شحقة", "لماذا", "ليييش")
	r19Negation        = wordSet("ما", "مش", "مو", "لا", "لم", "لن", "مب", "ماش")
	r19WhereWhen       = wordSet("وين", "فين", "وينه", "فينه", "وينها", "فينها", "وينو", "فينو", "متى", "امتى", "إمتى", "أمتى")
	r19WaitVerb        = wordSet("انتظر", "أنتظر", "سأنتظر", "ننتظر", "سننتظر", "نستنى", "استنى", "أستنى", "بستنى", "بنستنى", "ننطر", "بنطر", "نطر")
	r19Until           = wordSet("الى", "إلى")
	r19Elapsed         = wordSet("صارلي", "صارلها", "صارله", "صارلنا", "صرلي", "صرلها", "صرله", "صرلنا", "بقالي", "بقالها", "بقاله", "بقالنا")
	r19ToMe            = wordSet("لي", "لها", "له", "لنا")
	r19Span            = wordSet("امس", "أمس", "اسبوع", "أسبوع", "اسبوعين", "أسبوعين", "يومين", "شهر", "شهرين", "الصبح", "الظهر", "العصر", "صلاة", "خميس", "الخميس", "الجمعة", "السبت", "الأحد", "الاحد", "الاثنين", "الثلاثاء", "الاربعاء", "الأربعاء", "ساعة", "ساعتين", "ايام", "أيام")
	r19Opinion         = wordSet("رأيك", "رايك", "رأيكم", "رايكم", "رأيكن", "رايكن")
	r19WhatWords       = wordSet("ما", "شو", "وش", "ايش", "إيش", "ايه", "إيه")
	r19Proposal        = wordSet("باضافة", "بإضافة", "بعمل", "بفتح", "بتوفير", "بالتعاون")
	r19In              = wordSet("في", "فى")
	r19ProposalNoun    = wordSet("اضافة", "إضافة", "التعاون", "عمل", "فتح", "توفير", "تقديم")
	r19Ala             = wordSet("ألا", "الا")
	r19CanYou          = wordSet("يمكن", "يمكنكم", "تستطيعون", "تفكرون", "يجدر", "ينبغي")
	r19If              = wordSet("لو", "اذا", "إذا")
	r19Happens         = wordSet("بيصير", "يصير", "بيحصل", "يحصل", "يحدث")
)

// r19Question: a comment left as "other" that tells of help or benefit
// the writer got (r19HelpedMe) praises; and it applies r19QuestionIntent to
// a comment whose one intent is a question with a question mark: a grievance so asked becomes a
// complaint (negative, or mixed after praise), a proposal a suggestion.
func r19Question(a *textAnalysis) ([]string, string) {
	if a.tx.abuse() >= abusiveMin {
		return a.intents, a.label
	}
	if len(a.intents) == 1 && a.intents[0] == "other" && a.label != "negative" && a.label != "mixed" && r19HelpedMe(a.toks) {
		return []string{"praise"}, "positive"
	}
	if !hasQuestionMark(a.text) {
		return a.intents, a.label
	}
	// a question alone, or a question read also as a complaint
	// ("كيف تبيعون حليب منتهي؟" is one grievance, not a request too)
	both := len(a.intents) == 2 && op.In("question", a.intents) && op.In("complaint", a.intents)
	if !both && (len(a.intents) != 1 || a.intents[0] != "question") {
		return a.intents, a.label
	}
	switch r19QuestionIntent(a.toks, a.label == "positive") {
	case "complaint":
		// negative, or mixed after praise ("الوصفة طيبة بس ليش ...؟")
		intents := []string{"complaint"}
		return intents, labelWithIntent(a.label, intents, &a.sc, &a.sent, false)
	case "suggestion":
		// "ما تعملوا ...؟" read as a negation ("you don't ...") is still
		// a proposal; the complaint's sentiment goes with it
		if both && a.label == "negative" {
			return []string{"suggestion"}, "neutral"
		}
		return []string{"suggestion"}, a.label
	}
	return a.intents, a.label
}

// r19AgainYou reports an act repeated ("مرة تانية", "للمرة الثانية",
// "تاني", "كل شهر") told of "you (plural)" or asked "why": "غليتو الاسعار
// مرة تانية؟", "كل شهر ترفعون السعر؟" hold a grievance against a repeat;
// "هل سيعود العرض مرة اخرى؟" (no "you") asks.
func r19AgainYou(toks []token) bool {
	// the repeat first (most comments have none), then "you" or "why" in
	// any other word
	again := -1
	for i, t := range toks {
		if !t.arabic {
			continue
		}
		k := t.key
		if r19AgainWord[k] || i+1 < len(toks) && (r19Time[k] && r19Ordinal[toks[i+1].key] || k == r19Kull && r19Period[toks[i+1].key]) {
			again = i
			break
		}
	}
	if again < 0 {
		return false
	}
	for i, t := range toks {
		if i == again || !t.arabic || r19AgainWord[t.key] {
			continue
		}
		if r19Why[t.key] || r19PluralYou(t.key) {
			return true
		}
	}
	return false
}

// r19WhyDontYouMake reports "ما تعملوا ...؟", "ما تجيب ...؟" opening a
// question: "why don't you make/bring/add": a proposal ("ما تكلفة ...؟"
// is a noun and asks).
func r19WhyDontYouMake(toks []token) bool {
	i := 0
	for i < len(toks) && r19Soft[toks[i].key] {
		i++
	}
	if i+1 >= len(toks) || toks[i].key != r19Ma || !secondPersonVerb(toks[i+1].key) {
		return false
	}
	k := strings.TrimPrefix(toks[i+1].key, "ب")
	k = strings.TrimPrefix(k, "ت")
	for _, suf := range []string{"ون", "وا", "و"} {
		if strings.HasSuffix(k, suf) {
			k = strings.TrimSuffix(k, suf)
			break
		}
	}
	return r19MakeStem[k]
}

var (
	r19AgainWord = wordSet("تاني", "للمرة", "مجددا", "مجدداً", "تانية")
	r19Time      = wordSet("مرة", "مره")
	r19Ordinal   = wordSet("تانية", "تانيه", "ثانية", "ثانيه", "أخرى", "اخرى", "اخري", "ثالثة", "ثالثه", "تالتة")
	r19Kull      = foldKey("كل")
	r19Period    = wordSet("شهر", "يوم", "اسبوع", "أسبوع", "سنة", "سنه")
	r19Soft      = wordSet("طب", "طيب", "بس", "طيب")
	r19Ma        = foldKey("ما")
	r19MakeStem  = wordSet("عمل", "جيب", "سوي", "سو", "نزل", "فتح", "ضيف", "حط", "زيد", "جرب", "صور", "سجل")
)

// r19HelpedMe reports praise said through its outcome: a verb of help or
// benefit with the writer as its object (ساعدتني، وفرلي، غيرلي، طمنني،
// أفادني) and no negation before it ("محد ساعدني" complains); the
// imperative "ساعدوني" asks for help and is not in the class. Of the
// labelled comments with such a verb, 17 of 21 praise; the others are the
// negated and imperative ones left out here, and one advertisement.
func r19HelpedMe(toks []token) bool {
	for i, t := range toks {
		if t.arabic && r19Helped[t.key] && !precededBy(toks, i, 2, r19HelpNeg) {
			return true
		}
	}
	return false
}

var (
	r19Helped = wordSet("ساعدني", "ساعدتني", "ساعدنا", "ساعدتنا", "وفرلي", "وفّرلي", "غيرلي", "غيّرلي", "فادني", "فادتني", "أفادني",
		"افادني", "أفادتني", "افادتني", "طمني", "طمنتني", "طمنوني", "ريحني", "ريحتني", "نفعني", "نفعتني", "طمنني")
	r19HelpNeg = wordSet("ما", "مش", "ولا", "محد", "محدا", "ماحد", "ماحدا", "لم", "لا", "مو", "مب", "حدا", "أحد", "احد", "حد")
)

// countWord: a number written in digits (ASCII or Arabic-Indic, dayCount)
// or a count word of three or more (manyCounts: تلات, خمس, عشر).
func countWord(k string) bool { return manyCounts[k] || dayCount(k) > 0 }
