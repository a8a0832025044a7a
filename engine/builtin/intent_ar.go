package builtin

import (
	"strings"
	"unicode/utf8"
)

// Arabic intent patterns that a list of phrases cannot state: they look at
// the shape of the words around a cue (an elative before a noun, a verb in
// the second person, a possessive suffix), the way a reader does. Each
// returns evidence that intentScores adds to the cue evidence.

// arIntentPatterns adds the evidence of the Arabic patterns below to sc:
//   - elative praise: an elative of a good quality (أحسن، أجمل، أروع،
//     أحلى، أفضل...) before a noun ("أحسن قناة", "أروع شرح", "من أجمل
//     الفيديوهات") praises, unless the text asks ("ايه احسن موبايل؟") or
//     the elative opens a comparison or a condition (أحسن من، أحسن لو);
//   - love of the work: a love verb (أحب، بحب، بعشق...) before a noun
//     with a second-person possessive ("بحب فيديوهاتك", "احب محتواكم") or
//     a word for the channel or its content praises;
//   - "why don't you" + a second-person verb that is not a response verb
//     ("ليش ما تفتحون فرع", "ليه ما تعملوا") proposes: it is a suggestion,
//     not the failure that "why doesn't it" or "why don't you answer"
//     reports; proposal is true then, and the complaint evidence of the
//     negation is taken back by the caller;
//   - "what do you think" + a verb ("شو رأيكن تفتحو", "ايه رايكم لو
//     تعملوا") proposes too.
func arIntentPatterns(text string, toks []token, sc *[numIntents]float64) (proposal bool) {
	asks := hasQuestionMark(text)
	// an elative in a tweet-shaped text (a hashtag, a link, or long: the
	// stacker's shape) is news ("أفضل لاعب في أفريقيا"), not praise of the
	// brand
	tweet := len(text) >= StackShapeMin || strings.Contains(text, "#") || strings.Contains(text, "http")
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		k := t.key
		kind, ok := arPatternWords[k]
		if !ok && strings.HasPrefix(k, "و") {
			// "وأحسن", "وبحب": only the elative and the love verb take و here
			if kind = arPatternWords[k[len("و"):]]; kind != patElative && kind != patLove {
				kind = 0
			}
		}
		switch {
		case kind == 0:
			continue
		case kind == patElative:
			if asks || tweet || i+1 >= len(toks) || !toks[i+1].arabic || elativeStop[toks[i+1].key] {
				continue
			}
			if precededBy(toks, i, 3, elativeAsk) {
				continue
			}
			sc[iPraise] += elativePraise
		case kind == patLove:
			if precededBy(toks, i, 2, negators) {
				continue
			}
			for j := i + 1; j < len(toks) && j <= i+2; j++ {
				if n := toks[j].key; toks[j].arabic && (secondPersonNoun(n) || workNouns[n] || workNouns[strings.TrimPrefix(n, "ال")]) {
					sc[iPraise] += 1
					break
				}
			}
		case kind == patWhy && (sentenceStart(text, toks, i) || clauseStart(text, toks, i)):
			j := i + 1
			if j < len(toks) && toks[j].arabic {
				// Egyptian/Levantine ma-...-sh: "ليه متعملوش", "ليش ما بتفتحوش"
				if v, ok := negatedSecondPerson(toks[j].key); ok && !responseVerb(v) {
					sc[iSuggestion] += 1.2
					proposal = true
					continue
				}
			}
			if j < len(toks) && (negators[toks[j].key] || toks[j].key == "ما") {
				j++
				if j < len(toks) && toks[j].key == "عم" {
					j++
				}
				if j < len(toks) && toks[j].arabic && secondPersonVerb(toks[j].key) && !responseVerb(toks[j].key) {
					sc[iSuggestion] += 1.2
					proposal = true
				}
				// "ليش ما عندكم فرع بالشارقة؟": why don't you have (a
				// thing the brand could offer, indefinite) proposes it
				if j+1 < len(toks) && youHave[toks[j].key] && toks[j+1].arabic && wantedThing(toks[j+1].key) {
					sc[iSuggestion] += 1.2
					proposal = true
				}
			}
		case kind == patWish:
			// a wish or a condition on what the brand could do: "نفسي
			// تعملوا حلقة", "بتمنى تعملو", "ارجو توفير", "لو بتحطو ترجمة"
			if i+1 < len(toks) && toks[i+1].arabic {
				n := toks[i+1].key
				// Egyptian "ودي" is "and this" before a count or an ordinal
				// ("ودي تالت مرة"), no wish
				if manyCounts[n] || ordinal3Ar[n] {
					continue
				}
				switch {
				case k == "لو" && secondPersonVerb(n) && !responseVerb(n):
					// a condition: a proposal with another cue ("لو بتحطو
					// ترجمة بيكون أحلى"), not alone ("لو تحاول تقنعها")
					sc[iSuggestion] += wishVerb - 0.2
				// (the service owed, "ياريت تصلحوه", "ياليت تلتزمون بالمواعيد",
				// asks no new thing: responseVerb, owedVerb)
				case secondPersonVerb(n) && !responseVerb(n) || k != "لو" && strings.HasPrefix(n, "ت") && utf8.RuneCountInString(n) >= 5 && !owedVerb(n):
					sc[iSuggestion] += wishVerb
				case k != "لو" && (n == "لو" || n == "ان"):
					// "بتمنى لو في خيار", "اتمنى ان يكون": a wish clause
					sc[iSuggestion] += wishVerb
				}
			}
		case kind == patCan:
			// "ممكن تعملوا فيديو عن ...؟": a proposal put as a question;
			// "ممكن تقولي السعر؟", "ممكن ترد علي؟" ask for an answer
			if i+1 < len(toks) && toks[i+1].arabic {
				if n := toks[i+1].key; secondPersonVerb(n) && !responseVerb(n) && !askVerb(n) {
					sc[iSuggestion] += 0.4
					proposal = true
				} else if contentNouns[n] && i+2 < len(toks) && (toks[i+2].key == "عن" || toks[i+2].key == "على") {
					// "ممكن حلقة عن أكلات سريعة؟": content asked for
					sc[iSuggestion] += proposalWeight
					proposal = true
				}
			}
		case kind == patWant:
			// "we want" before an indefinite noun ("نبي تعليق عربي",
			// "عايزين حجم صغير"): something the brand could offer. Not
			// before a verb (نعرف), the article, an owned thing
			// (فلوسنا) or what a customer is owed (حل, رد, تعويض)
			// (a comment's; a tweet's "نريد" demands of the world at large)
			if !tweet && i+1 < len(toks) && toks[i+1].arabic && wantedThing(toks[i+1].key) {
				sc[iSuggestion] += wantWeight
			}
		case kind == patCredit:
			// "thanks to you / your trainers" (بفضلكم, بفضل مدربيكم): the
			// brand credited for what went well
			if k != "بفضل" || i+1 < len(toks) && toks[i+1].arabic && secondPersonNoun(toks[i+1].key) {
				sc[iPraise] += creditPraise
			}
		case kind == patRecommend:
			// "I recommend (everyone, you, it)": بنصح الكل, انصحكم;
			// negated it warns ("ما بنصح حدا")
			if precededBy(toks, i, 2, negators) {
				sc[iComplaint] += creditPraise
			} else if !asks {
				sc[iPraise] += creditPraise
			}
		case kind == patOpinion && precededBy(toks, i, 2, askWords):
			for j := i + 1; j < len(toks) && j <= i+2; j++ {
				n := toks[j].key
				if n == "لو" || n == "ان" {
					continue
				}
				if toks[j].arabic && (secondPersonVerb(n) || strings.HasPrefix(n, "ن") && utf8.RuneCountInString(n) >= 4) {
					sc[iSuggestion] += 1.2
					proposal = true
				}
				break
			}
		}
	}
	return proposal
}

// wantedThing reports a word after "we want" that names a thing to be
// offered: an indefinite noun, not a first-person verb (ن...), the article,
// a possessive, a remedy owed or "someone / something".
func wantedThing(k string) bool {
	if utf8.RuneCountInString(k) < 3 || strings.HasPrefix(k, "ال") || strings.HasPrefix(k, "ن") || owedNouns[k] {
		return false
	}
	for _, sf := range []string{"نا", "ي", "كم", "ك"} {
		if strings.HasSuffix(k, sf) {
			return false
		}
	}
	return true
}

// youHave: "you have" (عندكم) said to the brand.
var youHave = wordSet("عندكم", "عندكن", "عندكو", "عندك", "لديكم", "فيكم", "في", "فيه")

// wantWeight is the suggestion weight of "we want" before a thing.
var wantWeight = 0.6

var (
	wantWords = wordSet("نبي", "نبغى", "نبغي", "بدنا", "عايزين", "عاوزين", "نريد", "ودنا")
	owedNouns = wordSet("حل", "رد", "جواب", "تعويض", "فلوس", "مصاري", "حق", "تفسير", "توضيح", "اعتذار", "حد", "حدا", "احد", "واحد", "شي", "حاجه", "اجابه", "استرجاع", "استرداد",
		// what a customer reproaches the brand for lacking ("ليش ما عندكم احترام")
		"احترام", "ذوق", "ضمير", "اخلاق", "ادب", "مصداقيه", "مسؤوليه", "نظام", "تنظيم", "دم", "رحمه", "اهتمام")
)

// wishVerb is the suggestion weight of a wish word before a second-person
// verb or a verbal noun (decisive with the wish word's own cue, if any).
var wishVerb = 0.8

// elativePraise is the praise weight of an elative before a noun.
var elativePraise = 0.5

// precededBy reports a word of set among the n tokens before toks[i].
func precededBy(toks []token, i, n int, set map[string]bool) bool {
	for k := i - 1; k >= 0 && k >= i-n; k-- {
		if set[toks[k].key] {
			return true
		}
	}
	return false
}

// secondPersonVerb reports an imperfect verb in the second person: ت...
// (تفتحون، تعملوا، تسوي، تزيدو), with the Egyptian/Levantine ب prefix (بتعملوا).
func secondPersonVerb(k string) bool {
	k = strings.TrimPrefix(k, "ب")
	return strings.HasPrefix(k, "ت") && utf8.RuneCountInString(k) >= 4
}

// negatedSecondPerson returns the verb of a ma-...-sh negated
// second-person verb (متعملوش -> تعملو, مابتفتحوش -> بتفتحو).
func negatedSecondPerson(k string) (string, bool) {
	if !strings.HasSuffix(k, "ش") {
		return "", false
	}
	v := strings.TrimSuffix(k, "ش")
	switch {
	case strings.HasPrefix(v, "ما"):
		v = v[len("ما"):]
	case strings.HasPrefix(v, "م"):
		v = v[len("م"):]
	default:
		return "", false
	}
	return v, secondPersonVerb(v)
}

// askVerb reports a second-person verb that asks for information (tell,
// send, show, explain to me: "ممكن تقولي" is a question) or a verb of
// being ("ممكن تكون" proposes nothing).
func askVerb(k string) bool {
	k = strings.TrimPrefix(k, "ب")
	k = strings.TrimPrefix(k, "ت")
	for _, st := range []string{"قول", "قل", "بعت", "رسل", "خبر", "عرف", "ورج", "فرج", "دل", "شرحل", "وضح",
		// being, not doing: "ممكن تكون ..." (you may be)
		"كون", "بقي", "بقى", "صير"} {
		if strings.HasPrefix(k, st) {
			return true
		}
	}
	return false
}

// responseVerb reports a second-person verb of the things a company owes a
// customer (answer, reply, solve, refund, help, call back): "why don't you
// answer" is a complaint, not a proposal.
func responseVerb(k string) bool { return stemmedAs(verbBody(k), responseStems) }

// verbBody is k without the present's ب and the second person's ت
// (بتصلحوه: صلحوه).
func verbBody(k string) string { return strings.TrimPrefix(strings.TrimPrefix(k, "ب"), "ت") }

// stemmedAs reports a body that begins with one of stems.
func stemmedAs(body string, stems []string) bool {
	for _, st := range stems {
		if strings.HasPrefix(body, st) {
			return true
		}
	}
	return false
}

var responseStems = []string{"رد", "جاوب", "جيب", "حل", "رجع", "ساعد", "هتم", "تصل", "صلح", "ستجيب", "عوض", "شوف", "لتزم"}

// secondPersonNoun reports a noun with a second-person possessive suffix
// (فيديوهاتك، محتواكم، مقاطعكن، قناتكو).
func secondPersonNoun(k string) bool {
	if utf8.RuneCountInString(k) < 4 {
		return false
	}
	for _, sf := range []string{"ك", "كم", "كن", "كو", "كي"} {
		if strings.HasSuffix(k, sf) {
			return true
		}
	}
	return false
}

var (
	// goodElatives: elatives of a good quality (folded)
	goodElatives = wordSet("احسن", "اجمل", "اروع", "احلي", "احلا", "افضل", "اجمد", "اعظم", "اطيب", "الذ", "اشطر", "امتع", "انظف", "ارقي", "اسرع")
	// elativeStop: words after an elative that make it a comparison, a
	// condition or a wish ("احسن من", "احسن لو", "احسن ما", "افضل ان")
	elativeStop = wordSet("من", "لو", "ما", "ان", "انك", "انكم", "انه", "اذا", "ازا", "لما", "شي", "حاجه", "حل", "طريقه", "وسيله", "كيف", "واحد", "وحده", "منه", "منها", "منك", "منكم", "بكتير", "بكثير", "بكثير", "شيء")
	// askWords: interrogatives that make an elative a question ("ايه احسن")
	askWords = wordSet("ايه", "ايش", "وش", "شو", "شنو", "مين", "منو", "هل", "ماهو", "ماهي", "انهي", "انهو", "اي", "اني", "ايهما", "كيف", "ازاي", "شلون", "ما")
	// elativeAsk: askWords without ما, which before an elative exclaims
	// ("ما احلى الفيديو"); and the du'a openers, after which أحسن is the
	// imperative "make good" ("اللهم أحسن خاتمتنا")
	elativeAsk = wordSet("اللهم", "ربنا", "يارب", "ايه", "ايش", "وش", "شو", "شنو", "مين", "منو", "هل", "ماهو", "ماهي", "انهي", "انهو", "اي", "اني", "ايهما", "كيف", "ازاي", "شلون")
	// loveVerbs: "I/we love" in the varieties (folded)
	loveVerbs = wordSet("احب", "بحب", "نحب", "بنحب", "منحب", "احبب", "اعشق", "بعشق", "نعشق", "بنعشق", "بموت", "اموت", "حبيت", "حبيتو", "عشقت", "ادمنت")
	// workNouns: the channel or brand's work
	workNouns = wordSet("قناه", "هالقناه", "فيديو", "فيديوهات", "هالفيديو", "مقاطع", "مقطع", "محتوي", "برنامج", "شغل", "شرح", "اسلوب", "حلقات", "منتجات", "تطبيق", "متجر")
	// wishWords: "I wish / we hope / please" before what the brand could do
	wishWords = wordSet("نفسي", "نفسنا", "بتمنى", "بنتمنى", "منتمنى", "اتمنى", "نتمنى", "ياريت", "ريت", "ليت", "ليتكم", "ريتك", "ريتكم", "ريتكن", "ريتكو", "ليتك", "ليتكن", "ودي", "ودنا", "ارجو", "نرجو", "الرجاء", "يرجى", "نامل", "حابين", "بتمني", "اتمني", "نتمني")
	// opinionWords: "your opinion" in "what do you think (we/you do X)"
	opinionWords = wordSet("رايك", "رايكم", "رايكن", "رايكو", "رايكوا")
)

// Pattern words: one lookup per token tells which pattern a word opens.
const (
	patElative = 1 + iota
	patLove
	patWhy
	patWish
	patOpinion
	patCan
	patWant
	patCredit
	patRecommend
)

// creditPraise is the praise weight of a credit or a recommendation.
var creditPraise = 1.0

var (
	creditWords    = wordSet("بفضل", "بفضلكم", "بفضلك", "بفضلكو", "بفضلكن")
	recommendVerbs = wordSet("انصح", "بنصح", "ننصح", "بننصح", "انصحكم", "بنصحكم", "ننصحكم", "انصحك", "بنصحك", "اوصي", "انصحو", "بنصحكو")
)

var arPatternWords = func() map[string]uint8 {
	m := map[string]uint8{"لو": patWish, "ممكن": patCan}
	// a word of two sets ("ودنا": wishWords and wantWords) opens the
	// pattern of the first in arIntentPatterns' order; the sets are read in
	// that order (ranging over a map of them gave the word either kind,
	// process by process)
	for _, s := range arPatternSets() {
		for w := range s.words {
			if _, ok := m[w]; !ok {
				m[w] = s.kind
			}
		}
	}
	return m
}()

// arPatternSets are the pattern word sets in the order of arIntentPatterns'
// cases.
func arPatternSets() []struct {
	words map[string]bool
	kind  uint8
} {
	return []struct {
		words map[string]bool
		kind  uint8
	}{{goodElatives, patElative}, {loveVerbs, patLove}, {whyWords, patWhy}, {wishWords, patWish}, {wantWords, patWant}, {creditWords, patCredit}, {recommendVerbs, patRecommend}, {opinionWords, patOpinion}}
}

func wordSet(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[foldKey(w)] = true
	}
	return m
}

// arHowTo reports an Arabic request for instructions: the comment opens
// (after طب, هو, بس) with "how" (كيف, ازاي, شلون) before a verb in the
// first person (ارجع, أغير, نحجز, بقدر, فيني, ممكن): "ازاي ارجع البنطلون لو
// المقاس طلع مش مظبوط؟" asks the way, whatever failure its condition
// names (137 of 138 such labelled comments are plain questions). A
// second-person verb ("كيف بتحطو حد أدنى ١٥ دينار؟") reproaches.
func arHowTo(text string, toks []token) bool {
	i := 0
	for i < len(toks) && i < 2 && toks[i].is(clHowLead) {
		i++
	}
	if i+1 >= len(toks) || !arHowWords[toks[i].key] || !sentenceStart(text, toks, i) && i == 0 {
		return false
	}
	n := toks[i+1].key
	if howAble[n] {
		return true
	}
	// first person: ا (أ folded), ن, or the ب of the dialects before them
	v := strings.TrimPrefix(n, "ب")
	return utf8.RuneCountInString(v) >= 3 && (strings.HasPrefix(v, "ا") || strings.HasPrefix(v, "ن")) && !strings.HasPrefix(v, "ال")
}

var (
	howLead    = wordSet("طب", "طيب", "هو", "بس", "يعني")
	arHowWords = wordSet("كيف", "ازاي", "إزاي", "شلون", "اشلون", "كيفاش", "كيفية")
	howAble    = wordSet("فيني", "فينا", "بقدر", "اقدر", "نقدر", "بنقدر", "ممكن", "يمكنني", "يمكننا", "يمكن", "بيمكنني", "استطيع", "نستطيع", "ينفع", "يصير")
)

// orQuestionWeight: the question cue of orQuestion, decisive alone.
const orQuestionWeight = 1.2

// orQuestion reports a comment that asks between two alternatives without
// a question mark: "X ولا لأ" (or not), "X ولا لسه" (or not yet), or
// "X ولا Y" with no negation before it and Y no word a negation takes
// ("ولا حد", "ولا حاجة": "not anyone", "nothing"). At most fifteen words
// (a question, not a story), and at least two before ولا.
func orQuestion(toks []token) bool {
	if len(toks) > 15 {
		return false
	}
	for i := 2; i+1 < len(toks); i++ {
		// (the Arabizi "walla la2" is read والله لا: "or not" closing a
		// question too)
		if toks[i].key == "والله" && orNot[toks[i+1].key] && i+2 == len(toks) {
			return true
		}
		if toks[i].key != "ولا" {
			continue
		}
		next := toks[i+1].key
		if orNot[next] {
			// (and a vocative after it: "... ولا لسه يا معلم")
			return i+2 == len(toks) || i+3 == len(toks) || i+4 == len(toks) && toks[i+2].key == "يا"
		}
		// (not "ولا يعرفون", "and they do not know", nor the tag "ولا
		// ايه", "or what?")
		if npiWords[next] || orNeverAfter[next] || !toks[i+1].arabic || imperfectAr(next) && !strings.HasPrefix(next, "ال") {
			return false
		}
		asked := false // a present or second-person verb, or "is there", asked about
		for j := 0; j < i; j++ {
			k := toks[j].key
			if askedAbout[k] || len(k) >= 8 && (strings.HasPrefix(k, "بي") || strings.HasPrefix(k, "بت") || strings.HasSuffix(k, "توا") || strings.HasSuffix(k, "تو")) {
				asked = true
				break
			}
		}
		if !asked {
			return false
		}
		if anyNegator(toks[:i]) { // (concepts.go: a negation or "still" before it)
			return false
		}
		// the alternative closes the comment ("... متشطبة ولا نص
		// تشطيب", "... للأطفال ولا الكبار بس"): at most three words after
		return len(toks)-i-1 <= 3
	}
	return false
}

var (
	// orNot: "or not", "or not yet" after ولا
	orNot = wordSet("لا", "لأ", "لاء", "لاا", "لسه", "لسا", "لسة", "لأه")
	// orNeverAfter: words after a negating ولا ("ولا مرة", "ولا حتى")
	// (and the nouns "not a single" takes: ولا غلطة, ولا قرش, ولا ليرة)
	orNeverAfter = wordSet("حتى", "مره", "مرة", "يوم", "ساعه", "دقيقه", "كلمه", "ذره", "اشي", "وحده", "وحدة", "ايه", "اية", "ايش", "شو", "ايه؟",
		"غلطه", "غلطة", "قرش", "ليره", "ليرة", "جنيه", "مليم", "فلس", "هلله", "درهم", "دينار", "ريال", "خبر", "اتصال", "مسج", "رساله", "غلط", "عيب")
	// askedAbout: "is there", "do you have" before an either-or
	askedAbout = wordSet("فيه", "فيها", "عندكم", "عندكو", "عندكن", "عندك", "ينفع", "هل", "ممكن")
)
