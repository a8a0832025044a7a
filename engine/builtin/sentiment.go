package builtin

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentiment lexicons: VADER's word valences (MIT, see NOTICE.md) for English,
// project-written valences for Arabic and emoji. Values are on VADER's -4..4 scale.
var (
	sentVal []float64
	sentM   *matcher
)

// Negators flip (and damp) the valence of a following word within three
// tokens; intensifiers scale the next word.
var (
	negators = map[string]bool{}
	boosters = map[string]float64{}
)

func init() {
	sentM = newMatcher()
	add := func(term string, v float64, exact bool) {
		sentVal = append(sentVal, v)
		sentM.add(term, len(sentVal)-1, exact)
	}
	seen := map[string]bool{}
	rows := tsvRows("sentiment_ar.tsv")
	for _, f := range rows {
		if len(f) >= 2 {
			add(f[0], atof(f[1], 0), len(f) > 2 && strings.Contains(f[2], "x"))
			seen[foldKey(f[0])] = true
		}
	}
	// a noun in ة with a possessive (حلاوة -> حلاوته "its beauty", روعتها,
	// جودتكم): the ة is written ت before the pronoun; same valence
	for _, f := range rows {
		k := foldKey(f[0])
		if len(f) < 2 || strings.ContainsRune(k, ' ') || !strings.HasSuffix(k, "ه") || utf8.RuneCountInString(k) < 4 || len(f) > 2 && strings.Contains(f[2], "x") {
			continue
		}
		for _, p := range []string{"ته", "تها", "تهم", "تك", "تكم", "تنا"} {
			if d := strings.TrimSuffix(k, "ه") + p; !seen[d] {
				seen[d] = true
				add(d, atof(f[1], 0), false)
			}
		}
	}
	for _, f := range tsvRows("emoji_sentiment.tsv") {
		if len(f) >= 2 {
			add(f[0], atof(f[1], 0), true)
		}
	}
	for _, f := range tsvRows("vader_lexicon.tsv") {
		// word entries only: VADER's emoticons ("8)", "</3") would reduce
		// to digits or HTML-entity fragments; they are scored in emoticons
		if len(f) >= 2 && len(tokenize(f[0])) > 0 && isWordEntry(f[0]) {
			add(f[0], atof(f[1], 0), true)
		}
	}
	for _, w := range []string{"not", "no", "never", "dont", "doesnt", "didnt", "isnt", "arent", "wasnt", "werent", "cant", "cannot", "couldnt",
		"wont", "wouldnt", "shouldnt", "aint", "nothing", "nobody", "neither", "nor", "without", "hardly", "barely",

		"ما", "مش", "مو", "مب", "موب", "هب", "لا", "ليس", "ليست", "لم", "لن", "مافي", "ماني", "مهو", "مهي", "بلاش", "بدون", "دون", "غير", "مش", "مانيش", "مهوش", "ولا",
		"مكانش", "ماكانش", "مكنش", "مكانتش", "مبقاش", "مابقاش", "مهوب", "ماعاد", "مهيش",
		// lacking: "عديمو الكفاءة والأخلاق" (devoid of competence and morals)
		"عديم", "عديمو", "عديمي", "عديمه", "عديمين", "فاقد", "فاقدين", "فاقدي", "بلا"} {
		negators[foldKey(w)] = true
	}
	for w, v := range map[string]float64{"very": 0.3, "so": 0.3, "really": 0.3, "extremely": 0.4, "too": 0.2, "super": 0.3, "totally": 0.3, "absolutely": 0.4,
		"incredibly": 0.4, "most": 0.3, "much": 0.2, "sooo": 0.4, "completely": 0.3, "utterly": 0.4, "highly": 0.3, "truly": 0.3,
		"جدا": 0.4, "كتير": 0.3, "كثير": 0.3, "وايد": 0.4, "اوي": 0.4, "قوي": 0.3, "مره": 0.3, "حيل": 0.4, "بزاف": 0.4, "خالص": 0.3, "كتيير": 0.3, "بالمره": 0.3, "موت": 0.4, "مرا": 0.3, "للغايه": 0.4, "بشده": 0.3, "تماما": 0.3, "اكثر": 0.2} {
		boosters[foldKey(w)] = v
	}
}

// contrastWords shift the weight of evidence to what follows them.
var contrastWords = map[string]bool{"but": true, "however": true, "although": true, "though": true,
	"لكن": true, "ولكن": true, "لكنه": true, "لكنها": true, "بس": true, "بيد": true, "بينما": true, "رغم": true}

// concessionWords open a concession after the main clause ("... رغم
// اشتراكي في الباقة الممتازة", "despite the great reviews"): the words
// after them up to the end weigh concedeDamp of their value when good.
var concessionWords = map[string]bool{"رغم": true, "برغم": true, "بالرغم": true, "despite": true}

// concedeDamp is the weight of a good word inside a concession.
const concedeDamp = 0.2

// sentScore is the lexical evidence of a text.
type sentScore struct {
	pos, neg float64 // summed positive and (absolute) negative valence
	rawPos   float64 // positive and negative valence before contrast weighting
	rawNeg   float64
	sum      float64    // the valence sum the compound normalises
	learned  bool       // lp holds the learned head's probabilities
	lp       [3]float64 // P(negative), P(neutral), P(positive) of the learned head
	compound float64    // VADER-style normalised sum, -1..1
	hits     int
	arabic   bool // most word tokens are Arabic
	news     bool // newsLike: its evidence was damped
	contrast bool // a contrast word (but, لكن, بس) joins the evidence
	// posBefore: positive valence before the last contrast word ("the food
	// was great but ..."): with a complaint after it the text is mixed
	posBefore float64
	// negAfter: negative valence after the last contrast word ("..., but
	// the wait was long"), before contrast weighting
	negAfter float64
	posAfter float64 // positive valence after the last contrast word
	butAt    int     // token index of the last contrast word, -1 when none
	// concedeAt: token index of a concession word after the main clause
	// (concessionWords), -1 when none
	concedeAt int
	en        uint32 // the English word kinds of the tokens (english.go enScan)
	// topic: the tokens naming what the content or service is about
	// (topic.go; computed at the first negative word, 0 otherwise);
	// topicNeg: the negative valence found there and not counted, the
	// writer's own words not leaning negative; topicRead: topic was
	// computed (intentScores reads it instead of computing it again)
	topic     uint64
	topicNeg  float64
	topicRead bool
	// zeroed: an Arabic text rating a quality zero (concepts.go
	// zeroRated), read by intentScores too
	zeroed bool
}

// scoreSentiment sums lexicon valences over tokens with negation, intensifiers,
// "but"/"لكن" contrast weighting, capitals and exclamation emphasis.
func scoreSentiment(text string, toks []token) sentScore {
	var s sentScore
	hits := sentM.find(toks)
	ar, lat := 0, 0
	for _, t := range toks {
		if t.arabic {
			ar++
		} else if !t.emoji {
			lat++
			s.en |= enKinds[t.key] // enScan, in the same pass
		}
	}
	s.arabic = ar > lat
	butAt, concede := -1, -1
	for i, t := range toks {
		// "الجودة منخفضة رغم اشتراكي في الباقة الممتازة": رغم after the
		// main clause opens a concession; the good word in it is no
		// verdict (concedeAt). At the start it is a contrast as before.
		if concessionWords[t.key] && i > 1 {
			concede = i
			continue
		}
		if contrastWords[t.key] && !onlyAfterPrice(toks, i) {
			butAt = i
		}
	}
	s.concedeAt = concede
	prevEnd := 0
	topicDone := false
	var tRaw, tW, tAfter float64 // negative valence inside a topic phrase
	tHits := 0
	// a problem reported solved (concepts.go): relief, not a grievance
	cb := conceptScan(toks)
	solvedLo, solvedHi := -1, -1
	if cb&cwProblem != 0 {
		solvedLo, solvedHi = problemSolved(text, toks)
	}
	// a repair told done ("fixed my cracked screen", english.go): the
	// damage it ended is no bad news
	fixLo, fixHi := -1, -1
	if !s.arabic && s.en&ewRepair != 0 {
		fixLo, fixHi = repairedDamage(text, toks)
	}
	if solvedLo >= 0 {
		s.pos += solvedValence
		s.rawPos += solvedValence
		s.hits++
	}
	asks := cb&cwWhich != 0 && hasQuestionMark(text) // "which plan is best?"
	never := neverOnceIn(toks)                       // "ولا مرة", read at each hit only when present
	slang := -1
	if cb&cwSlang != 0 {
		slang = slangPraise(toks) // "your editing skills are insane"
	}
	for _, h := range hits {
		v := sentVal[h.id]
		if h.ti >= solvedLo && h.ti < solvedHi || v < 0 && h.ti >= fixLo && h.tj <= fixHi {
			prevEnd = h.tj
			continue
		}
		if h.ti == slang {
			v = slangValence
			slang = -2 // used
		}
		// "which plan is best?": a recommendation asked (concepts.go)
		if v > 0 && asks && recommendationAsked(toks, h.ti) {
			v *= hypotheticalDamp
		}
		negFrom := prevEnd
		prevEnd = h.tj
		if v == 0 {
			continue
		}
		t := toks[h.ti]
		// "no issues at all", "no problems": "no" before a noun of trouble
		// says there was none; its own negative valence would read the
		// absence as a grievance (english.go absentBad)
		if v < 0 && t.key == "no" && !t.arabic && h.tj < len(toks) && absentBad[toks[h.tj].key] {
			for _, n := range hits {
				if n.ti == h.tj {
					prevEnd = negFrom // "no" still negates a rated noun after it ("no problems")
				}
			}
			continue
		}
		// intensifier right before
		if h.ti > 0 {
			if b, ok := boosters[toks[h.ti-1].key]; ok {
				v += math.Copysign(b*2, v)
			}
		}
		// an Arabic intensifier after the word (بطيئة جدا, حلو اوي, سيئة مرة)
		if h.tj < len(toks) && toks[h.tj].arabic {
			if b, ok := boosters[toks[h.tj].key]; ok {
				v += math.Copysign(b*2, v)
			}
		}
		// an animal named with the article inside a clause about pets is
		// the animal ("الدكتور فحص الكلب"): no valence (moderate.go)
		if v < 0 && animalLiteral(toks, h.ti, h.tj) {
			continue
		}
		// "طيب" opening its clause is "well, OK" ("طيب ليش ما ردّيتوا؟"),
		// after what it rates it is "tasty, good" ("الأكل طيب")
		// (only said of something: after a noun with the article or "was",
		// or before "very"; elsewhere it is the particle again, "اه طيب")
		if t.key == "طيب" && !tastyAt(text, toks, h.ti) {
			continue
		}
		// "الاحترام عندكم صفر": the good quality is rated zero
		if v > 0 && t.arabic && zeroAfter(toks, h.tj) {
			v *= -0.74
		}
		// "رح بطّل اتعامل معكن": the verb "stop doing", not "hero"
		if v > 0 && h.tj == h.ti+1 && t.arabic && stopDoing(toks, h.ti) {
			continue
		}
		// "بتحب القناة موووت", "ضحكتني موت": "death" after a word is the
		// Egyptian "to death", an intensifier (boosters), not a death
		if v < 0 && h.tj == h.ti+1 && h.ti > 0 && (t.key == "موت" || t.sq == "موت") && !deathPrepositions[toks[h.ti-1].key] {
			continue
		}
		// "تعب جامد": جامد ("awesome") after a bad word is "badly", an
		// intensifier of it, not praise
		if v > 0 && (t.key == "جامد" || t.key == "جامده") && badBefore(hits, h.ti) {
			continue
		}
		// "في الأوقات المتأخرة": late hours, no delay (concepts.go)
		if v < 0 && h.tj == h.ti+1 && lateHour(toks, h.ti) {
			continue
		}
		// "بيتزا خطيرة": the slang "awesome" (priority_harm.go dangerSlang)
		if v < 0 && t.arabic && h.tj == h.ti+1 && dangerSlang(toks, h.ti) {
			v = slangValence
		}
		// "horror games", "scary stories", "crime series": a genre named,
		// nothing rated (english.go genreAt)
		if v < 0 && !t.arabic && genreAt(toks, h.ti, h.tj) {
			continue
		}
		// "student discounts pls 😭": the crying face of a plea, no grief
		if v < 0 && t.emoji && pleadingFace(toks, h.ti) {
			continue
		}
		// "please help", "help me urgently": a call for help, no thanks
		if v > 0 && !t.arabic && pleaForHelp(toks, h.ti) {
			continue
		}
		// "good morning": a greeting, no opinion (english.go)
		if v > 0 && greeting(toks, h.ti) {
			continue
		}
		// "مبتجيش واصل": Upper Egyptian "at all", not "keep going"
		if v > 0 && h.tj == h.ti+1 && atAllAfterNegation(toks, h.ti) {
			continue
		}
		// "impossible to work like this", "looks like rain": "like" as a
		// preposition compares; it likes nothing (english.go)
		if v > 0 && h.tj == h.ti+1 && t.key == "like" && !t.arabic && likePreposition(toks, h.ti) {
			continue
		}
		// "called support", "your customer support": the help desk, a
		// place people write to, not support given (english.go)
		if v > 0 && h.tj == h.ti+1 && !t.arabic && helpDesk(toks, h.ti) {
			continue
		}
		// a good word in a hypothetical ("it would be great to have",
		// "بيكون حلو لو"): it rates a proposal, not the brand (concepts.go)
		if v > 0 && (hypothetical(toks, h.ti) || loveItIf(toks, h.ti)) {
			v *= hypotheticalDamp
		}
		if t.elong {
			v += math.Copysign(0.5, v)
		}
		if isUpperWord(text[t.start:t.end]) {
			v += math.Copysign(0.5, v)
		}
		// "ولا مرة بيوصل الطلب بوقته": "not once" negates its clause
		if never && neverOnceBefore(text, toks, h.ti) {
			v *= -0.74
			negFrom = h.ti // the loop below negates nothing more
		}
		// negation within the three previous tokens; Arabic "ما" before an
		// elative (ما احلى, ما اجمل) is an exclamation, not a negation
		// (a negator inside an earlier hit, like the ما of ما شاء الله, is
		// part of that phrase)
		for k := h.ti - 1; k >= negFrom && k >= h.ti-3; k-- {
			// a negation ends at its clause: "قالوا احنا مو مسؤولين، عيب
			// عليكم" (the shame is not negated), "not cheap, but great"
			if strings.ContainsAny(text[toks[k].end:toks[h.ti].start], "،,.!؟?;؛") {
				break
			}
			// "لم أجد إلا الأمانة", "ما شفت غير الاحترام": nothing but,
			// the good word affirmed
			if k < h.ti-1 && exceptiveBetween(toks, k+1, h.ti) {
				break
			}
			if toks[k].key == "ما" && isElative(toks[k+1].key) {
				break
			}
			// "ولا أطيب", "ولا أحلى": nothing better, the superlative
			// said by denying any rival (لا alone only closing the clause:
			// "لا أفضل" is also "I do not prefer")
			if noneBetter(text, toks, k) {
				break
			}
			// "بعد ما", "قبل ما", "كل ما": ما joins a clause, it negates
			// nothing ("انحلت بعد ما كلمتكم، يعطيكم العافية")
			if toks[k].key == "ما" && k > 0 && conjunctionMa[toks[k-1].key] {
				break
			}
			// "ما وقفت ضحك", "مبطلتش ضحك": not stopping negates nothing
			if k < h.ti-1 && stopVerb(toks[k+1].key) {
				break
			}
			// "can't believe how easy": amazement, the good word affirmed
			if k+2 < h.ti && toks[k+1].key == "believe" && (toks[k+2].key == "how" || toks[k+2].key == "what") {
				break
			}
			// "zero pain", "zero help": zero negates the noun right after it
			// (not further: "zero bugs now, great update")
			if toks[k].key == "zero" && k == h.ti-1 {
				v *= -0.74
				break
			}
			// غير negates only the word it is joined to ("غير نظيف"); further
			// on it is "other than" or the verb "changed" ("الكورس ده غير
			// حياتي بجد شكرا": the thanks is not negated)
			if k < h.ti-1 && strings.TrimPrefix(toks[k].key, "و") == "غير" {
				continue
			}
			// a negator joined to "and" negates as well ("ومو مستوي زين")
			if negators[toks[k].key] || toks[k].arabic && negators[strings.TrimPrefix(toks[k].key, "و")] || ntNegation(toks[k].key) {
				v *= -0.74
				break
			}
		}
		// "too sweet", "too strong": a good quality in excess is a fault
		// (not "too good", "too cute": praise)
		if v > 0 && !t.arabic && h.ti > 0 && toks[h.ti-1].key == "too" && excessFaults[t.key] {
			v *= -0.74
		}
		// "my back pain is finally gone": a bad thing gone is relief (and
		// the word saying it is gone no loss)
		if v < 0 && !t.arabic && reliefAfter(toks, h.tj) {
			v *= -0.74
		} else if v < 0 && !t.arabic && reliefWords[t.key] && reliefOf(toks, h.ti) {
			continue
		}
		// a bad noun naming the topic ("the video about cancer", "فيديو
		// عن حوادث الطرق"): held aside (topic.go)
		if v < 0 && !topicDone {
			s.topic, topicDone = topicSpan(text, toks), true
			s.topicRead = true
		}
		if v < 0 && inTopic(s.topic, h.ti, h.tj) {
			tRaw -= v
			if butAt >= 0 && h.ti > butAt {
				tAfter -= v
				v *= 1.5
			} else if butAt >= 0 && h.ti < butAt {
				v *= 0.5
			}
			tW -= v
			tHits++
			continue
		}
		if v > 0 && concede >= 0 && h.ti > concede && (butAt < 0 || butAt < concede) {
			v *= concedeDamp
		}
		if v > 0 {
			s.rawPos += v
		} else {
			s.rawNeg -= v
		}
		if butAt >= 0 && h.ti < butAt && v > 0 {
			s.posBefore += v
		}
		if butAt >= 0 && h.ti > butAt && v < 0 {
			s.negAfter -= v
		}
		if butAt >= 0 && h.ti > butAt && v > 0 {
			s.posAfter += v
		}
		if butAt >= 0 {
			if h.ti < butAt {
				v *= 0.5
			} else if h.ti > butAt {
				v *= 1.5
			}
		}
		if v > 0 {
			s.pos += v
		} else {
			s.neg -= v
		}
		s.hits++
	}
	if cb&cwThink != 0 && mockery(toks) { // "فاكر نفسك شيف؟", "who do you think you are"
		s.neg -= mockeryValence
		s.rawNeg -= mockeryValence
		s.hits++
	}
	if slang >= 0 { // a slang word with no lexicon entry ("unreal")
		s.pos += slangValence
		s.rawPos += slangValence
		s.hits++
	}
	// ASCII emoticons (the tokenizer drops punctuation): VADER's valences
	for _, e := range emoticons {
		if n := strings.Count(text, e.s); n > 0 {
			v := e.v * float64(n)
			if v > 0 {
				s.pos += v
				s.rawPos += v
			} else {
				s.neg -= v
				s.rawNeg -= v
			}
			s.hits += n
		}
	}
	// English laughter written out at any length ("hahahaha", "hehehe"):
	// VADER's valence of "haha"
	for i := range toks {
		if t := &toks[i]; !t.arabic && !t.emoji && isLaughter(t.key) && !coveredTok(hits, i) {
			s.pos += 2
			s.rawPos += 2
			s.hits++
		}
	}
	// Egyptian/Levantine circumfix negation ma-...-sh (ماعجبنيش, منفعش,
	// مبحبهاش): the stem's valence, negated
	hi := 0 // hits are ordered by position
	for i, t := range toks {
		for hi < len(hits) && hits[hi].ti < i {
			hi++
		}
		if !t.arabic || hi < len(hits) && hits[hi].ti == i || !strings.HasPrefix(t.key, "م") || !strings.HasSuffix(t.key, "ش") || utf8.RuneCountInString(t.key) < 5 {
			continue
		}
		v := circumfixValence(t.key)
		if v == 0 {
			continue
		}
		v *= -0.74
		if butAt >= 0 && i > butAt && v < 0 {
			s.negAfter -= v
		}
		if v > 0 {
			s.rawPos += v
			s.pos += v
		} else {
			s.rawNeg -= v
			s.neg -= v
		}
		s.hits++
	}
	// "التغطية عندكم صفر": a quality rated zero (concepts.go zeroRated)
	if s.zeroed = s.arabic && zeroRated(toks); s.zeroed {
		s.rawNeg += zeroValence
		s.neg += zeroValence
		s.hits++
	}
	// the topic's bad words count only when the writer's own words lean
	// negative ("a video about cancer, so sad and useless"): the writer's
	// evaluation, positive or none, is not the subject's
	if tRaw > 0 {
		if s.rawNeg > 0 && s.rawNeg >= s.rawPos {
			s.rawNeg += tRaw
			s.neg += tW
			s.negAfter += tAfter
			s.hits += tHits
		} else {
			s.topicNeg = tRaw
		}
	}
	sum := s.pos - s.neg
	if ex := strings.Count(text, "!"); ex > 0 && sum != 0 {
		sum += math.Copysign(0.3*math.Min(float64(ex), 4), sum)
	}
	s.butAt = butAt
	s.contrast = butAt >= 0 && s.rawPos > 0 && s.rawNeg > 0
	if s.news = newsLike(text, toks); s.news {
		sum *= newsDamp
	}
	s.sum = sum
	s.compound = sum / math.Sqrt(sum*sum+15)
	return s
}

// newsDamp scales the evidence of news-like text: reports of events use
// loaded words (crisis, attack, victory) without evaluating them.
var newsDamp = 0.3

// newsReport are markers of headline and report style: outlet tags, "breaking",
// video/photo captions and reporting verbs.
var newsReport = map[string]bool{}

func init() {
	for _, w := range []string{"عاجل", "خبر", "اخبار", "الاخباري", "بالفيديو", "بالصور", "فيديو", "صور", "تقرير", "مصادر", "مراسل", "رسميا", "بيان",
		"قال", "قالت", "اعلن", "اعلنت", "يعلن", "تعلن", "اكد", "اكدت", "يؤكد", "تؤكد", "صرح", "تصريح", "تصريحات", "يلتقي", "يستقبل", "يبحث", "يكشف", "تكشف", "يصل", "وصل", "موعد", "ملخص", "مباشر", "بث",
		"breaking", "news", "report", "reports", "announces", "announced", "via", "live", "update", "says", "said"} {
		newsReport[foldKey(w)] = true
	}
}

// newsLike reports a text with a link or headline markers and no first or
// second person, emoji or exclamation: the shape of a shared news item.
func newsLike(text string, toks []token) bool {
	link := strings.Contains(text, "http") || strings.Contains(text, "www.")
	markers := 0
	for _, t := range toks {
		if t.emoji || personal[t.key] {
			return false
		}
		if newsReport[t.key] {
			markers++
		}
	}
	if strings.Contains(text, "!") {
		return false
	}
	return link && markers > 0 || markers >= 2 || strings.Contains(text, "|") && markers > 0
}

// personal are first and second person words: opinions are voiced in them.
var personal = map[string]bool{}

func init() {
	for _, w := range []string{"انا", "احنا", "نحن", "انت", "انتي", "انتم", "انتو", "انتوا", "اني", "عندي", "عندنا", "لي", "لنا", "حضرتك",
		"i", "im", "me", "my", "we", "our", "you", "your", "youre", "us"} {
		personal[foldKey(w)] = true
	}
}

// emoticons are matched on the raw text; longer forms first do not matter as
// each form is distinct enough (":-)" does not contain ":)").
var emoticons = []struct {
	s string
	v float64
}{
	{":)", 2}, {":-)", 2}, {"(:", 2}, {":D", 2.3}, {":-D", 2.3}, {";)", 1.5}, {";-)", 1.5}, {":P", 1.5}, {":-P", 1.5}, {";P", 1.5}, {"<3", 2.5}, {"^_^", 2},
	{":(", -2}, {":-(", -2}, {":'(", -2.5}, {"-_-", -1.5}, {":@", -2.5}, {">:(", -2.5},
}

// isWordEntry reports a lexicon entry made of letters (with inner
// apostrophes, hyphens or spaces) and not an HTML-entity fragment.
func isWordEntry(w string) bool {
	if w == "gt" || w == "lt" || w == "amp" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && r != '\'' && r != '-' && r != ' ' {
			return false
		}
	}
	return true
}

// circumfixValence looks up the stem of a ma-...-sh negated word: without
// the final ش and the leading م or ما.
func circumfixValence(k string) float64 {
	stem := strings.TrimSuffix(k, "ش")
	for _, p := range []string{"ما", "م"} {
		st := strings.TrimPrefix(stem, p)
		if st == stem || utf8.RuneCountInString(st) < 3 {
			continue
		}
		toks := tokenize(st)
		if hs := sentM.find(toks); len(hs) == 1 {
			return sentVal[hs[0].id]
		}
	}
	return 0
}

// isLaughter reports a Latin token made of three or more "ha"/"he"/"ah"
// syllables (hahaha, hehehe, ahahah); the shorter "haha" is a VADER entry.
func isLaughter(k string) bool {
	if len(k) < 6 || len(k)%2 == 1 && k[len(k)-1] != 'h' {
		return false
	}
	for i := 0; i+1 < len(k); i += 2 {
		switch k[i : i+2] {
		case "ha", "he", "ah", "eh":
		default:
			return false
		}
	}
	return true
}

func coveredTok(hits []hit, i int) bool {
	for _, h := range hits {
		if i >= h.ti && i < h.tj {
			return true
		}
	}
	return false
}

func isUpperWord(w string) bool {
	letters, upper := 0, 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	return letters >= 3 && upper == letters
}

// Decision constants of sentimentLabel.
var (
	mixedMin    = 1.0 // both positive and negative evidence at least this strong
	mixedRatio  = 0.3 // and the weaker at least this fraction of the stronger
	neutralBand = 0.2 // |compound| below this is neutral
	// English follows VADER, which has no mixed class: only clearly balanced,
	// strong evidence on both sides is mixed.
	mixedMinEn    = 3.0
	mixedRatioEn  = 0.7
	neutralBandEn = 0.4
)

// sentimentLabel maps lexical evidence to the sentiment enumeration: mixed
// when both positive and negative evidence are strong, else the sign of the
// compound score outside a neutral band.
func sentimentLabel(s sentScore) (string, float64) {
	mn, mr := mixedMin, mixedRatio
	if !s.arabic {
		mn, mr = mixedMinEn, mixedRatioEn
	}
	if s.arabic && s.contrast && contrastMixed {
		return "mixed", 0.55
	}
	if s.rawPos >= mn && s.rawNeg >= mn && math.Min(s.rawPos, s.rawNeg)/math.Max(s.rawPos, s.rawNeg) >= mr {
		return "mixed", 0.6
	}
	band := neutralBand
	if !s.arabic {
		band = neutralBandEn
	}
	switch {
	case s.compound >= band:
		return "positive", 0.5 + s.compound/2
	case s.compound <= -band*negBandEn(s):
		return "negative", 0.5 - s.compound/2
	}
	return "neutral", 0.6
}

// isElative reports an Arabic أفعل-pattern word (folded: ا + three letters,
// e.g. احلى -> احلي, اجمل, اروع), the form of exclamations after "ما".
// tastyAt reports "طيب" at toks[i] rating what comes before it ("الأكل
// طيب", "كان طيب") or intensified after it ("طيب كتير").
func tastyAt(text string, toks []token, i int) bool {
	if i > 0 && !clauseGap(text[toks[i-1].end:toks[i].start]) {
		p := strings.TrimPrefix(toks[i-1].key, "و")
		if strings.HasPrefix(p, "ال") && p != "الله" || pastCopula[p] || veryWords[p] {
			return true
		}
	}
	return i+1 < len(toks) && veryWords[toks[i+1].key]
}

var veryWords = wordSet("كتير", "كثير", "جدا", "مره", "وايد", "اوي", "قوي", "خالص", "مرا")

// noneBetter reports "ولا" (or "لا" closing its clause) right before a
// good elative at toks[k+1]: "nothing better", praise.
func noneBetter(text string, toks []token, k int) bool {
	if k+1 >= len(toks) || !goodElatives[toks[k+1].key] {
		return false
	}
	switch toks[k].key {
	case "ولا":
		return true
	case "لا":
		return k+2 == len(toks) || strings.ContainsAny(text[toks[k+1].end:toks[k+2].start], "،,.!؟?")
	}
	return false
}

func isElative(k string) bool {
	return strings.HasPrefix(k, "ا") && utf8.RuneCountInString(k) == 4
}

// withAbuse adds the moderation hits of a text (insults, profanity, hate,
// threats: mild or worse) to its negative evidence, 1.5 each, and recomputes
// the compound score: abuse is negative whatever words it uses.
func withAbuse(s sentScore, tx *toxicity) sentScore {
	n := 0
	for _, h := range tx.hits {
		if h.cat != catSpam && h.score >= sevScore[1] {
			n++
		}
	}
	if n == 0 {
		return s
	}
	s.neg += 1.5 * float64(n)
	s.rawNeg += 1.5 * float64(n)
	s.sum -= 1.5 * float64(n)
	s.compound = s.sum / math.Sqrt(s.sum*s.sum+15)
	return s
}

// negBandEn scales the negative side of the neutral band: English tweets
// voice negativity with fewer lexicon words than positivity (VADER's
// negative entries are sparser), so a weaker negative score already counts.
func negBandEn(s sentScore) float64 {
	if s.arabic {
		return 1
	}
	return negScaleEn
}

var negScaleEn = 0.5

// contrastMixed: Arabic text weighing a positive against a negative across
// a contrast word is mixed.
var contrastMixed = true

// stopVerb reports a verb of stopping or quitting (وقفت, بطلت, توقف), also
// inside the circumfix ma-...-sh (مبطلتش): after a negation it says the
// thing went on ("ما وقفت ضحك"). Whole forms only: "بطلع", "بطلب" and
// "موقف" are other words.
func stopVerb(k string) bool {
	if stopForms[k] {
		return true
	}
	if strings.HasPrefix(k, "م") && strings.HasSuffix(k, "ش") && len(k) > len("مش") {
		return stopForms[k[len("م"):len(k)-len("ش")]]
	}
	return false
}

// badBefore reports a hit of negative valence ending right at ti.
func badBefore(hits []hit, ti int) bool {
	for _, p := range hits {
		if p.tj == ti && sentVal[p.id] < 0 {
			return true
		}
	}
	return false
}

// deathPrepositions: before them موت is the noun "death" ("بعد موت",
// "من موت", "خبر موت").
var deathPrepositions = wordSet("بعد", "قبل", "من", "عن", "على", "في", "حتى", "لحد", "خبر", "سبب", "حاله", "يوم")

// neverOnceAt reports "ولا مرة" / "ولا يوم" ("not once", "not one day")
// at toks[i], toks[i+1]: the never of Levantine, Gulf and Egyptian ("ولا
// مرة بتردوا على التلفون").
func neverOnceAt(toks []token, i int) bool {
	return i+1 < len(toks) && (toks[i].key == "ولا" || toks[i].key == "لا") && onceNouns[toks[i+1].key]
}

var onceNouns = wordSet("مره", "مرة", "يوم")

// neverOnceIn reports "ولا مرة" anywhere in toks (neverOnceAt).
func neverOnceIn(toks []token) bool {
	for i := range toks {
		if neverOnceAt(toks, i) {
			return true
		}
	}
	return false
}

// neverOnceBefore reports "ولا مرة" up to five words before toks[i] in
// the same clause, with a word between (the word right after it is read
// by the ordinary negation): "ولا مرة بيوصل الطلب بوقته".
func neverOnceBefore(text string, toks []token, i int) bool {
	for j := i - 2; j >= 0 && j >= i-6; j-- {
		if strings.ContainsAny(text[toks[j].end:toks[i].start], "،,.!؟?;؛") {
			return false
		}
		if neverOnceAt(toks, j) && j+1 < i {
			return true
		}
	}
	return false
}

// pleadingFace reports a crying face (😭) up to eight words after a word
// of asking (please, pls, ياريت, بليز): "student
// discounts on tickets pls 🎫😭", "نزلوا الجزء التاني بليز 😭". It begs; it
// grieves over nothing.
func pleadingFace(toks []token, i int) bool {
	if toks[i].key != "😭" {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		if k := toks[j].key; pleaseWords[k] || k == "pleaseee" || k == "plsss" || k == "بليز" || k == "ياريت" {
			return true
		}
	}
	return false
}

// stopDoing reports that toks[i] is بطّل, "to stop (doing)", not بطل
// "hero, champion": a form only the verb has (هبطل, ببطل, بطلت, بطلوا),
// or بطل / بطلنا after a particle of the future or of wanting (رح بطل,
// بدي بطل) or before an imperfect verb (بطلنا نطلب, بطل اتابع). "انت بطل",
// "بطل العالم" and "بطلنا صلاح" stay the noun. Levantine and Egyptian
// write the threat to leave with it ("رح بطّل اتعامل معكن", "هبطل اشتري
// منكم"), which read as praise.
func stopDoing(toks []token, i int) bool {
	k := strings.TrimPrefix(toks[i].key, "و")
	if stopVerbOnly[k] {
		return true
	}
	// the Gulf and Levantine "no longer" (ما عاد اشتري منكم)
	if (k == "عاد" || k == "عدت" || k == "عدنا") && i > 0 && (toks[i-1].key == "ما" || toks[i-1].key == "وما") {
		return true
	}
	if k != "بطل" && k != "بطلنا" {
		return false
	}
	if i > 0 && futureWant[toks[i-1].key] {
		return true
	}
	return i+1 < len(toks) && imperfectShaped(toks[i+1])
}

// imperfectShaped: an Arabic word opening with a person prefix of the
// imperfect (ا, ن, ت, ي) that is not the article (اتعامل, نطلب, اشتري).
func imperfectShaped(t token) bool {
	k := t.key
	if !t.arabic || strings.HasPrefix(k, "ال") || utf8.RuneCountInString(k) < 4 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(k)
	return r == 'ا' || r == 'ن' || r == 'ت' || r == 'ي'
}

var (
	stopVerbOnly = wordSet("هبطل", "حبطل", "ببطل", "نبطل", "هنبطل", "بنبطل", "ابطل", "بطلت", "بطلتو", "بطلتوا", "بطلوا", "بطلو",
		// "no longer" written as one word (ماعاد اشتري منكم)
		"ماعاد", "ماعدت", "ماعدنا")
	futureWant = wordSet("رح", "راح", "ح", "بدي", "بدنا", "لازم", "خلاص", "هلق", "هلا")
)

// excessFaults: English qualities good in measure and a fault in excess
// ("too sweet", "too strong", "too soft").
var excessFaults = wordSet("sweet", "strong", "soft", "rich", "bright", "creamy", "sugary", "thick", "heavy", "fancy", "big", "hot", "warm", "spicy")

var stopForms = wordSet("وقفت", "وقفنا", "وقفوا", "وقف", "توقفت", "توقفنا", "توقف", "بطلت", "بطلنا", "بطلوا", "بطل", "مليت", "ملينا")

// exceptiveBetween reports "except / but" (exceptWords, سوى) in toks[a:b]:
// after a negation it says "nothing but" (لم أجد إلا الأمانة).
func exceptiveBetween(toks []token, a, b int) bool {
	for i := a; i < b; i++ {
		if k := toks[i].key; exceptWords[k] || k == "سوى" {
			return true
		}
	}
	return false
}

// onlyAfterPrice reports "بس" right after a price ("ب 80 جنيه بس", "بـ 3
// دنانير بس", "b 80 geneh bas"): "only", praising the price, no contrast
// (twenty-second session).
func onlyAfterPrice(toks []token, i int) bool {
	if toks[i].key != "بس" || i == 0 {
		return false
	}
	p := toks[i-1].key
	return currencies[p] || priceFigure(p) // priority_r22.go, intent_r26en.go
}
