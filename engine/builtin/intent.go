package builtin

import (
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"svc/engine/op"
)

// Intent cues (data/intent.tsv): phrases with a weight per intent. A weight of
// 1 is decisive alone; weaker cues add up.
type intentCue struct {
	key       string // the folded first word of the phrase
	intent    string
	idx       int // index in op.Intents
	weight    float64
	sentStart bool // only counts as the first word of a sentence
	manners   bool // a word of manners (flag m): beside an insult at the staff, part of it
}

var (
	intentCues []intentCue
	intentM    *matcher // cues that count anywhere
	intentS    *matcher // cues that count only as the first word of a sentence
	spamCues   []float64
	spamM      *matcher
)

func init() {
	intentM, intentS = newMatcher(), newMatcher()
	for _, f := range tsvRows("intent.tsv") {
		if len(f) < 3 {
			continue
		}
		flags := ""
		if len(f) > 3 {
			flags = f[3]
		}
		ix := -1
		for k, name := range op.Intents {
			if name == f[1] {
				ix = k
			}
		}
		if ix < 0 {
			panic("builtin: intent.tsv: unknown intent " + f[1])
		}
		var key string
		if ws := tokenize(f[0]); len(ws) > 0 {
			key = ws[0].key
		}
		intentCues = append(intentCues, intentCue{key: key, intent: f[1], idx: ix, weight: atof(f[2], 0.5), sentStart: strings.Contains(flags, "s"), manners: strings.Contains(flags, "m")})
		if strings.Contains(flags, "s") {
			intentS.add(f[0], len(intentCues)-1, true)
		} else {
			intentM.add(f[0], len(intentCues)-1, strings.Contains(flags, "x"))
		}
	}
	spamM = newMatcher()
	for _, f := range tsvRows("spam.tsv") {
		if len(f) >= 2 {
			spamCues = append(spamCues, atof(f[1], 0.5))
			spamM.add(f[0], len(spamCues)-1, len(f) > 2 && strings.Contains(f[2], "x"))
		}
	}
}

// spamResult is the spam evidence of a text: a 0..1 score, the spans of links
// and contact details (masked by moderation) and a list of reasons.
type spamResult struct {
	score   float64
	spans   []op.Span
	reasons []string
	links   int // reURL matches
	// bait: a link, a contact detail or a decisive promotion cue (weight
	// >= 1) was found, not only commerce words (عروض, للطلب, offer)
	bait bool
	// lure: bait other than a link (a contact detail, a decisive cue)
	lure bool
}

var (
	reURL     = regexp.MustCompile(`(?i)\b(?:https?://|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|ly|be|me|io|co|tk|info|biz|xyz|gl|link|site|online|store|shop)(?:/\S*)?\b`)
	rePhone   = regexp.MustCompile(`(?:\+|00)?[0-9٠-٩][0-9٠-٩ \-]{7,}[0-9٠-٩]`)
	reEmail   = regexp.MustCompile(`(?i)\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b`)
	reYouTube = regexp.MustCompile(`(?i)youtu\.be/|youtube\.com/watch|//t\.co/|twitter\.com/|instagram\.com/p/`)
	// (Arabic-Indic digits too: "بمرتب ٨٠٠٠ جنيه")
	reMoney = regexp.MustCompile(`\$\s?[0-9٠-٩]|[0-9٠-٩]\s?\$|[0-9٠-٩]+\s?(?:usd|dollars|ريال|دولار|جنيه|دينار|درهم)`)
)

// detectSpam scores promotional and bait signals: links, phone numbers,
// e-mail addresses, self-promotion phrases ("check out my channel",
// "subscribe", "تابعوني", "اشتركوا في قناتي"), money offers and repeated text.
func detectSpam(text string, toks []token) spamResult {
	var s spamResult
	x := 0.0
	hasDot := strings.ContainsAny(text, ".:")
	hasAt := strings.IndexByte(text, '@') >= 0
	digits := 0
	for _, r := range text {
		if r >= '0' && r <= '9' || r >= '٠' && r <= '٩' {
			digits++
		}
	}
	var urls, emails, phones [][]int
	if hasDot && mayHaveURL(text) {
		urls = findURLs(text)
	}
	if hasAt && hasDot {
		emails = reEmail.FindAllStringIndex(text, -1)
	}
	if digits >= 8 {
		phones = rePhone.FindAllStringIndex(text, -1)
	}
	s.links = len(urls)
	for _, loc := range urls {
		s.spans = append(s.spans, op.Span{Start: loc[0], End: loc[1]})
		if reYouTube.MatchString(text[loc[0]:loc[1]]) {
			x += 0.35 // sharing a video, or a platform's own media link, is common in clean comments
		} else {
			x += 0.7
		}
		s.reasons = append(s.reasons, "link")
	}
	for _, loc := range emails {
		s.spans = append(s.spans, op.Span{Start: loc[0], End: loc[1]})
		x += 1.0
		s.reasons = append(s.reasons, "e-mail address")
	}
	for _, loc := range phones {
		digits := 0
		for _, r := range text[loc[0]:loc[1]] {
			if r >= '0' && r <= '9' || r >= '٠' && r <= '٩' {
				digits++
			}
		}
		if digits >= 8 {
			s.spans = append(s.spans, op.Span{Start: loc[0], End: loc[1]})
			x += 1.2
			s.reasons = append(s.reasons, "phone number")
		}
	}
	if digits > 0 && mayHaveMoney(text) && reMoney.MatchString(strings.ToLower(text)) {
		x += 0.4
		s.reasons = append(s.reasons, "money")
	}
	// a domain spelled out to pass link filters ("glowfast dot shop",
	// "freepizzacodes (dot) net"): a link
	if i := spelledDomain(toks); i > 0 {
		s.links++
		s.spans = append(s.spans, op.Span{Start: toks[i-1].start, End: toks[i+1].end})
		x += 0.7
		s.reasons = append(s.reasons, "link spelled out")
	}
	s.lure = len(emails)+len(phones) > 0
	s.bait = s.lure || s.links > 0
	// "follow @account": promoting an account
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].key == "follow" && text[toks[i+1].start] == '@' {
			x += 1.0
			s.reasons = append(s.reasons, "follow an account")
			break
		}
	}
	spamHits := spamM.find(toks)
	otherCue := false // a spam cue other than a messaging app's name
	for _, h := range spamHits {
		otherCue = otherCue || !channelCue(toks, h)
	}
	for _, h := range spamHits {
		// a messaging app named in a proposal to the brand ("اقترح تخلوا
		// الحجز على الواتساب") is what the customer asks for, not a
		// contact bait (no number or link beside it)
		// (so is "bio" where the brand is asked to put its number: "حطو رقم
		// الواتساب بالبايو")
		if len(s.spans) == 0 && (channelCue(toks, h) || bioWords[toks[h.ti].key]) && proposedBefore(toks, h.ti) {
			continue
		}
		// an app named where someone fails to answer ("المدرب ما يرد على
		// الواتساب") is where the customer was let down, no bait
		if len(s.spans) == 0 && channelCue(toks, h) && (precededBy(toks, h.ti, 4, verbNegators) || negatedAfter(toks, h.ti, 3)) {
			continue
		}
		// a messaging app named with no other spam cue, no number, link or
		// "contact me" beside it, no order taken in private and no page of
		// the writer's ("شو
		// رقم الواتساب تبعكن؟", "راسلتكم بالواتس من ثلاث ايام ولا رد",
		// "خلوا خدمة العملاء على الواتساب") is a channel the customer
		// talks about, no bait
		if len(s.spans) == 0 && !otherCue && channelCue(toks, h) && !contactVerb(toks) && !orderInPrivate(toks) && !ownPageNamed(toks) && !saleOffered(toks) {
			continue
		}
		// "أرجو التواصل معي بخصوص الفاتورة": a customer pleading to be
		// contacted (no number or link given) asks the brand for a call
		if len(s.spans) == 0 && h.ti > 0 && toks[h.ti].arabic && precededBy(toks, h.ti, 2, contactPleas) {
			continue
		}
		// "i cant see my balance", "couldnt check my order": a promotion
		// frame after "can't" reports what the writer cannot do
		if h.ti > 0 && cannotWords[toks[h.ti-1].key] {
			continue
		}
		// "log in to see my grades", "tried to check my balance": after
		// "to", what the writer wanted to do with their own thing, not an
		// invitation; "want to check it out", "take a moment to check out
		// my album", "to check my channel" and "come to see my page"
		// (opening the comment) still invite
		if h.ti > 0 && toks[h.ti-1].key == "to" && lookVerbs[toks[h.ti].key] && h.tj-1 < len(toks) && toks[h.tj-1].key == "my" && toks[h.ti+1].key != "out" && !(h.ti == 2 && (toks[0].key == "come" || toks[0].key == "go")) && !(h.tj < len(toks) && promoObjects[toks[h.tj].key]) {
			continue
		}
		// "ما حدا تواصل معي", "محدش كلمني": nobody got in touch, a
		// customer's grievance, no contact bait
		if h.ti > 0 && (nobodyOne[toks[h.ti-1].key] || h.ti > 1 && nobodyAfterNeg[toks[h.ti-1].key] && verbNegators[strings.TrimPrefix(toks[h.ti-2].key, "و")]) {
			continue
		}
		// "باقة للواتس والفيس": an app named as what a package is for
		// (the article and ل joined: للواتس), no contact bait
		if h.tj == h.ti+1 && strings.HasPrefix(toks[h.ti].key, "لل") && channelNames[strings.TrimPrefix(toks[h.ti].key, "لل")] {
			continue
		}
		// "سحب من حسابي 5000", "اتخصم من حسابي": money taken from the
		// writer's account, a loss told, no page promoted
		if h.ti > 1 && h.tj == h.ti+1 && toks[h.ti-1].key == "من" && takenFrom(strings.TrimPrefix(toks[h.ti-2].key, "و")) {
			continue
		}
		// "play with the subs", "مع المتابعين": the creator's audience,
		// with whom a stream is asked for, not a metric promoted
		if len(s.spans) == 0 && withAudience(toks, h.ti) {
			continue
		}
		x += spamCues[h.id]
		s.lure = s.lure || spamCues[h.id] >= 1
		s.bait = s.bait || s.lure
		s.reasons = append(s.reasons, "promo phrase \""+text[toks[h.ti].start:toks[h.tj-1].end]+"\"")
	}
	// follow for follow in an Arabic or Arabizi sentence: the loan
	// "follow" twice, bare or inside Arabizi clitics ("follow la saf7ti w
	// berja3lak el follow", "follow li w afollowk"): asking for a follow
	// and promising one back. Only beside Arabic letters: an English
	// comment says "follow" twice about other things ("I follow your
	// advice and follow the steps")
	if followExchange(text, toks) {
		x += 1.2
		s.lure = true
		s.bait = true
		s.reasons = append(s.reasons, "follow for follow")
	}
	// Arabic and Arabizi shapes (spam_ar.go): betting, a follow asked for
	// the writer's page, a seller's "we have" at a price
	if ax, why := arSpamShape(toks); ax > 0 {
		x += ax
		s.lure = true
		s.bait = true
		s.reasons = append(s.reasons, why)
	}
	// selling engagement: a social metric beside a price word ("cheap
	// followers", "متابعين بأسعار رخيصة") is an offer of followers or likes,
	// never a customer's remark about a brand's product
	if engagementForSale(toks) {
		x += 0.7
		s.reasons = append(s.reasons, "followers or likes for sale")
	}
	// an invitation to the writer's own shop or page: "visit" in the
	// plural imperative before a noun owned by the writer ("زوروا متجرنا",
	// "زوروا موقعنا"): self-promotion, whatever the place is called
	if visitOurPlace(toks) {
		x += 1.2
		s.lure = true
		s.bait = true
		s.reasons = append(s.reasons, "visit our page")
	}
	// "press / enter the link" ("اضغط على الرابط", "ادخلوا على اللينك"):
	// an order to follow a link is bait; a customer mentions a link
	// without ordering the reader to open it
	if clickTheLink(toks) {
		x += 1.0
		s.lure = true
		s.bait = true
		s.reasons = append(s.reasons, "click the link")
	}
	// a salary or a sum of money beside "message me / call me" ("شغل
	// أونلاين بمرتب ٨٠٠٠ جنيه، ابعتلي رسالة"): an earnings lure
	if inStrings(s.reasons, "money") {
		if contactMe(toks) {
			x += 0.8
			s.lure = true
			s.bait = true
			s.reasons = append(s.reasons, "money and contact me")
		}
	}
	// a promise of earnings to the reader ("بدك تربح مصاري؟", "اكسب
	// فلوس") beside "message me": the same lure without a sum
	if !inStrings(s.reasons, "money and contact me") && earnToReader(toks) && contactMe(toks) {
		x += 0.8
		s.lure = true
		s.bait = true
		s.reasons = append(s.reasons, "earnings and contact me")
	}
	// the writer's own page or account and an invitation to come to it
	// ("حسابي فيه عطور ... تعالوا", "صفحتي فيها كل الماركات ادخلوا"):
	// self-promotion
	var sk uint8 // the kinds of shop words present (one lookup a token)
	for i := range toks {
		if toks[i].arabic {
			sk |= shopKinds[toks[i].key]
		}
	}
	if sk&(skPage|skInvite) == skPage|skInvite && ownPageInvite(toks) {
		x += 1.0
		s.lure = true
		s.bait = true
		s.reasons = append(s.reasons, "own page, come")
	}
	// orders taken in private ("الطلب عالخاص", "للطلب واتساب"): a seller's
	// order channel; a customer gives the number of an order placed, or
	// asks ("الطلب عالخاص ولا على الموقع؟")
	if sk&skOrder != 0 && !hasQuestionMark(text) && orderInPrivate(toks) {
		x += 0.8
		s.reasons = append(s.reasons, "orders in private")
	}
	// goods offered and a way to reach the seller: a sale or price word
	// ("للبيع", "بأسعار", "أرخص") beside "contact / message me" ("تواصل
	// خاص", "راسلني واتساب"), no question: a seller's advert (a customer
	// asks "بكم للبيع؟" or tells what it cost without a contact)
	if !s.lure && !hasQuestionMark(text) && saleOffered(toks) && contactMe(toks) {
		x += 0.8
		s.lure = true
		s.bait = true
		s.reasons = append(s.reasons, "offer and contact me")
	}
	// repeated text: the same word many times
	if len(toks) >= 6 && repeatedWord(toks) {
		x += 0.5
		s.reasons = append(s.reasons, "repeated text")
	}
	// a fraud done to the writer or their family ("نصب على اختي",
	// "نصبوا عليا"): a victim reports a page, no page is promoted
	// (twenty-first session); links and numbers still count
	if x > 0 && len(s.spans) == 0 && fraudOnWriter(toks) {
		x = 0
		s.lure, s.bait = false, false
		s.reasons = append(s.reasons[:0], "a fraud reported")
	}
	s.score = 1 - math.Exp(-x)
	s.spans = MergeSpans(s.spans)
	return s
}

// promoObjects: what a self-promoter asks people to look at ("take a
// second to check my channel" invites, after "to" too).
var promoObjects = wordSet("channel", "page", "profile", "video", "videos", "music", "song", "songs", "cover", "covers", "art", "playlist", "vlog", "vlogs", "blog", "website", "site", "account", "insta", "instagram", "youtube", "new", "latest", "stuff", "work", "content", "shop", "store", "album", "mixtape", "track", "tracks")

// lookVerbs open the English invitations to look at the writer's page
// ("see my", "check my", "look at my", "visit my profile").
var lookVerbs = wordSet("see", "check", "look", "visit", "watch")

var cannotWords = wordSet("cant", "cannot", "couldnt", "can't", "couldn't", "unable", "didnt", "doesnt")

// visitOurPlace: a plural imperative of visiting (زوروا, زورونا,
// تفضلوا بزيارة) before, within two words, a noun with the writer's
// possessive (-نا "our", -ي "my": متجرنا, صفحتي, موقعنا).
func visitOurPlace(toks []token) bool {
	for i := range toks {
		if !toks[i].is(clVisitVerbs) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+2; j++ {
			k := toks[j].key
			if toks[j].arabic && (strings.HasSuffix(k, "نا") || strings.HasSuffix(k, "ي")) && len([]rune(k)) >= 4 {
				return true
			}
		}
	}
	return false
}

var visitVerbs = wordSet("زوروا", "زورو", "وزوروا", "بزياره", "بزيارة")

// clickTheLink: an imperative of pressing, entering or opening
// (اضغط, ادخل, افتح, كليك) up to two words before "the link" (الرابط,
// اللينك, link).
func clickTheLink(toks []token) bool {
	for i := range toks {
		if !clickVerbs[toks[i].key] {
			continue
		}
		// "لما اضغط على الرابط", "لو ادخل": the writer's own attempt (the
		// same letters as the imperative), not an order to the reader
		if i > 0 && (clickNotOrder[toks[i-1].key] || i > 1 && clickNotOrder[toks[i-2].key]) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if linkNouns[toks[j].key] {
				return true
			}
		}
	}
	return false
}

var (
	clickVerbs    = wordSet("اضغط", "اضغطي", "اضغطوا", "واضغط", "ادخل", "ادخلي", "ادخلوا", "وادخل", "ادخلو", "كليك", "اكبس", "دوس", "دوسوا")
	clickNotOrder = wordSet("لما", "لمن", "لو", "اذا", "إذا", "كل", "ما", "بس", "انا", "أنا", "عندما", "حين", "وقت", "كيف", "ليش", "ليه", "مش", "لا", "لم", "كنت", "بحاول", "حاولت", "عم")
	linkNouns     = wordSet("الرابط", "رابط", "اللينك", "لينك", "link", "الرابط،")
	// "بعتلي": the Levantine imperative without its alef (b3atli)
	contactMeW = wordSet("ابعتلي", "بعتلي", "ابعثلي", "راسلني", "كلمني", "كلميني", "تواصل", "تواصلي", "تواصلوا", "واتس", "واتساب", "whatsapp", "dm", "ارسلي", "ارسللي", "اتصل")
)

// earnVerbs are the verbs of earning addressed to the reader ("you earn":
// تربح، تكسب with و, ب, the feminine and the plural) or commanded to
// many (اربحوا، اكسبوا). Not اربح/اكسب: also "I earn", a customer's own
// question ("كيف اكسب نقاط؟"); not the past, a writer's own win (ربحت).
var earnVerbs = wordSet("تربح", "تكسب", "وتربح", "وتكسب", "بتربح", "بتكسب", "تربحي", "تكسبي", "تربحو", "تكسبو", "تربحوا", "تكسبوا", "اربحوا", "اكسبوا", "اربحو", "اكسبو")

// moneyWords are the nouns of money an earnings lure promises (مصاري،
// فلوس، دولارات، دخل، ارباح and currencies), with the article or و.
var moneyWords = wordSet("مصاري", "مصريات", "فلوس", "الفلوس", "مال", "المال", "دولار", "دولارات", "الدولارات", "دخل", "ارباح", "الارباح", "راتب", "ريال", "ريالات", "جنيه", "دينار", "دراهم", "درهم", "مبلغ", "مبالغ", "الاف", "كاش")

// earnNegators are the negations before a verb ("ما بتربح", "مش هتكسب").
var earnNegators = wordSet("ما", "مش", "مو", "مب", "لا", "لن", "مارح", "ماراح", "مابتربح")

// earnToReader: a verb of earning addressed to the reader (earnVerbs) with
// money among the next three words ("تربح مصاري", "تكسب دخل اضافي"): the
// promise of a lure, not "you save time" or "you win the round".
func earnToReader(toks []token) bool {
	for i := range toks {
		if !toks[i].is(clEarnVerbs) || i > 0 && earnNegators[toks[i-1].key] {
			continue // "ما بتربح فلوس": a warning, not a promise
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if moneyWords[toks[j].key] {
				return true
			}
		}
	}
	return false
}

// saleOffered reports a sale word (للبيع, للايجار) or an offer's price word
// (priceWords: بأسعار, أرخص, رخيصة).
func saleOffered(toks []token) bool {
	for i := range toks {
		if toks[i].arabic && toks[i].is(clPriceWords|clSaleWords) {
			return true
		}
	}
	return false
}

var saleWords = wordSet("للبيع", "للايجار", "للإيجار", "للبيع،")

// contactMe: a request to be contacted (ابعتلي, راسلني, كلمني, واتساب).
func contactMe(toks []token) bool {
	for i := range toks {
		// (not a caller reported: "واحد كلمني على انه من البنك")
		if contactMeW[toks[i].key] && !(i > 0 && (callerNouns[toks[i-1].key] || callerNouns[strings.TrimPrefix(toks[i-1].key, "و")])) {
			return true
		}
	}
	return false
}

// fraudOnWriter reports a verb of defrauding (نصب, نصبوا, احتال) before
// "on me / us / my family" (علي, عليا, علينا, على اختي).
func fraudOnWriter(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].arabic || !fraudVerbs[strings.TrimPrefix(toks[i].key, "و")] {
			continue
		}
		n := toks[i+1].key
		if onWriter[n] || (n == "علي" || n == "على" || n == "ع") && i+2 < len(toks) && familyOwn(toks[i+2].key) {
			return true
		}
	}
	return false
}

// familyOwn: a member of the writer's family (اختي, امي, ابوي, اخوي...).
func familyOwn(k string) bool {
	return strings.HasSuffix(k, "ي") && (strings.HasPrefix(k, "اخ") || strings.HasPrefix(k, "ام") || strings.HasPrefix(k, "اب") || strings.HasPrefix(k, "بنت") || strings.HasPrefix(k, "ول") || strings.HasPrefix(k, "زوج") || strings.HasPrefix(k, "جد"))
}

var (
	fraudVerbs = wordSet("نصب", "نصبوا", "نصبو", "نصبت", "احتال", "احتالوا", "ضحك", "ضحكوا")
	onWriter   = wordSet("عليا", "علي", "علينا", "عليه", "عليها", "عليهم")
)

// whAuxWeight: the question evidence of whAux (with the wh-word's own
// cue, 0.6, a question).
const whAuxWeight = 0.5

// whAux reports a wh-word opening an English comment (after at most one
// vocative: "bro which ...") and an auxiliary within the next four words
// ("what settings did you use", "which laptop would you get"); not a
// subject "I" right after it ("what i love is ...", told).
func whAux(toks []token) bool {
	i := 0
	if len(toks) > 0 && enVocatives[toks[0].key] {
		i = 1
	}
	if i >= len(toks) || !enWhWords[toks[i].key] {
		return false
	}
	// ("when" and "where" ask only with the auxiliary right after them:
	// "when does it open"; "when the app is deployed ..." is a clause)
	last := i + 4
	if k := toks[i].key; k == "when" || k == "where" {
		last = i + 1
	}
	for j := i + 1; j < len(toks) && j <= last; j++ {
		k := toks[j].key
		if k == "i" || k == "we" && j == i+1 {
			return false
		}
		if enAuxWords[k] {
			return true
		}
	}
	return false
}

var (
	enVocatives = wordSet("bro", "hey", "hi", "guys", "sir", "mate", "pls", "please", "yo", "hello", "dude", "sis")
	enWhWords   = wordSet("what", "which", "where", "when", "who", "whats", "wheres", "whens")
	enAuxWords  = wordSet("did", "do", "does", "would", "should", "can", "could", "will", "is", "are", "was", "were", "have", "has")
)

// absentTrouble: troubles whose absence ("من غير", "بدون") is good news.
var absentTrouble = wordSet("اعلانات", "إعلانات", "الاعلانات", "تاخير", "تأخير", "مشاكل", "مشكله", "مشكلة", "اخطاء", "أخطاء", "تقطيع", "تعليق", "لاق", "عطل", "اعطال")

// negatedVerbForm reports an Egyptian verb negated in one word (مبتجيش,
// مفيش, مابيشتغلش) or a negation word.
func negatedVerbForm(k string) bool {
	return verbNegators[k] || len(k) > len("ماش") && strings.HasPrefix(k, "م") && strings.HasSuffix(k, "ش")
}

// atAllAfterNegation reports واصل at toks[i] right after a negated verb
// ("مبتجيش واصل"): Upper Egyptian "at all", not "keep it up" (read by
// the intent cues and the sentiment lexicon alike).
func atAllAfterNegation(toks []token, i int) bool {
	return toks[i].key == "واصل" && i > 0 && negatedVerbForm(toks[i-1].key)
}

// mayAsked reports a comment opened by "may I / can one" (ينفع, ممكن,
// هل, اقدر): a question whether something is allowed.
func mayAsked(toks []token) bool {
	for i := 0; i < len(toks) && i < 2; i++ {
		if mayOpeners[toks[i].key] {
			return true
		}
	}
	return false
}

// howAskedAr reports a comment opened by "how" (arHowWords: كيف, ازاي,
// شلون).
func howAskedAr(toks []token) bool {
	return len(toks) > 0 && arHowWords[toks[0].key]
}

var mayOpeners = wordSet("ينفع", "ممكن", "هل", "اقدر", "أقدر", "بقدر", "نقدر", "فيني", "يصير", "بيصير", "مسموح", "يمكن", "يمكنني")

// callerNouns: someone who called the writer ("واحد كلمني", "حد اتصل بيا").
var callerNouns = wordSet("واحد", "حد", "حدا", "شخص", "موظف", "مندوب", "رقم", "ناس", "وحده", "واحده")

// contactVerb: a request to be contacted other than a messaging app's name
// alone (راسلني, كلمني, تواصل, "whatsapp me").
func contactVerb(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if contactMeW[k] && !channelNames[k] || reachNouns[k] {
			return true
		}
		if channelNames[k] && i+1 < len(toks) && (toks[i+1].key == "me" || toks[i+1].key == "us") {
			return true
		}
	}
	return false
}

// reachNouns: "add me" or "for contact / enquiries / orders" before a
// channel ("ضيفوني سناب", "للتواصل واتساب", "للاستفسار واتس").
var reachNouns = wordSet("ضيفوني", "ضيفني", "ضيفيني", "اضيفوني", "أضيفوني", "ضيفونا", "حطوني", "للتواصل", "التواصل", "وللتواصل", "للاستفسار", "للاستفسارات", "للاستعلام", "للطلب", "للطلبات", "للحجز", "للاشتراك", "اطلب", "اطلبي", "اطلبوا", "اطلبو", "contact", "inbox")

// ownPageNamed: a page, shop or account of the writer's (صفحتي, متجرنا,
// عندنا).
func ownPageNamed(toks []token) bool {
	for i := range toks {
		if ownPages[strings.TrimPrefix(toks[i].key, "و")] {
			return true
		}
		// "عالصفحة تبعي", "الصفحة حقتي": the page named, then "mine"
		// (spam_ar.go's pageNouns, mineWords)
		if i+1 < len(toks) && pageNouns[strings.TrimPrefix(toks[i].key, "و")] && mineWords[toks[i+1].key] {
			return true
		}
	}
	return false
}

// followExchange reports the loan "follow" in two words of a text with
// Arabic letters (an Arabic comment, or an Arabizi one as read in Arabic
// script) and a promise to return it: a verb of returning (رجع, رد:
// "berja3lak el follow", "bred follow") or "back", or the loan inside
// Arabizi clitics ("afollowk", I'll follow you). "followers" does not
// count: a count of followers is not a follow; nor does a fan's "I
// followed from the first video, that follow was the best thing I did".
func followExchange(text string, toks []token) bool {
	// the loan or the Arabic verb is in the text, or nothing is to scan
	if !strings.Contains(text, "ollow") && !strings.Contains(text, "OLLOW") && !strings.Contains(text, "تابع") {
		return false
	}
	n, back := 0, false
	asked, promised := false, false // Arabic: "follow me" and "I'll follow you"
	for i := range toks {
		k := toks[i].key
		if j := strings.Index(k, "follow"); j >= 0 && !strings.HasPrefix(k[j:], "follower") {
			n++
			back = back || j > 0 || len(k) > j+len("follow")
		}
		back = back || k == "back" || strings.Contains(k, "رجع") || returnVerbs[k] ||
			// "follow ly w hab3atlak follow": "I'll send you one" (هبعتلك,
			// بعملك): a follow promised to the reader
			toks[i].arabic && strings.HasSuffix(k, "لك") && len(k) >= 8 && (strings.HasPrefix(k, "وه") || strings.HasPrefix(k, "ه") || strings.HasPrefix(k, "وب") || strings.HasPrefix(k, "ب") || strings.HasPrefix(k, "ح"))
		if toks[i].arabic && strings.Contains(k, "تابع") {
			asked = asked || followAsked(k)
			promised = promised || followPromised(k)
		}
	}
	// "تابعوا حسابي وسأتابعكم", "تابعني وارد المتابعة": a follow asked and
	// one promised back, in the verb itself
	if asked && (promised || back) {
		return true
	}
	if n < 2 || !back {
		return false
	}
	for _, r := range text {
		if r >= 0x600 && r <= 0x6ff {
			return true
		}
	}
	return false
}

// ownPageInvite reports a noun of the writer's own page or account
// (حسابي, صفحتي, متجري, قناتي), a price word (بأسعار, رخيصة) and a plural
// imperative inviting the readers (تعالوا, ادخلوا, زوروا, اطلبوا): goods
// offered on the writer's page. ("حسابي اتقفل، تعالوا شوفوا المشكلة"
// names no price.)
func ownPageInvite(toks []token) bool {
	page, invite, price := false, false, false
	for i := range toks {
		if !toks[i].arabic {
			continue
		}
		k := strings.TrimPrefix(toks[i].key, "و")
		page = page || ownPages[k]
		invite = invite || inviteVerbs[k]
		price = price || priceWords[k]
	}
	return page && invite && price
}

// negatedAfter reports a verb's negation (or "nobody") among the n
// tokens after toks[i], with the conjunction و taken off ("ومحدش بيرد").
func negatedAfter(toks []token, i, n int) bool {
	for j := i + 1; j < len(toks) && j <= i+n; j++ {
		k := toks[j].key
		if toks[j].arabic && strings.HasPrefix(k, "و") && len(k) > len("و") {
			k = k[len("و"):]
		}
		if verbNegators[k] {
			return true
		}
	}
	return false
}

// contactPleas: a customer's "please" before "contact me".
var contactPleas = wordSet("ارجو", "أرجو", "نرجو", "الرجاء", "يرجى", "رجاء", "ياريت", "سمحت", "سمحتوا", "بليز", "ممكن", "اتمنى", "نتمنى")

// verbNegators negate a verb or say "nobody" (not بدون, "without", which
// offers: "قروض بدون فوائد راسلني واتساب").
var verbNegators = wordSet("ما", "مش", "مو", "مب", "لا", "لم", "لن", "محدش", "محد", "ماحد", "مافي", "مفيش", "ماعاد", "ولا")

var (
	// (and "we have / at ours": "أرخص ايفونات عنا، فوتوا عالصفحة")
	ownPages = wordSet("حسابي", "صفحتي", "متجري", "قناتي", "موقعي", "بروفايلي", "انستي", "حسابنا", "صفحتنا", "متجرنا", "عنا", "عندنا", "لدينا")
	// (the singular imperative invites the one reader: "ادخل على صفحتنا")
	inviteVerbs = wordSet("تعالوا", "تعالو", "ادخلوا", "ادخلو", "زوروا", "زورو", "اطلبوا", "اطلبو", "الحقوا", "الحقو", "سارعوا", "فوتوا", "فوتو", "شوفوا", "شوفو",
		"تعال", "ادخل", "ادخلي", "اطلب", "اطلبي", "الحق", "سارع", "فوت")
	// orderNouns: an order or a booking taken ("للطلب", "الطلب")
	orderNouns = wordSet("للطلب", "الطلب", "والطلب", "للحجز", "الحجز", "للشراء", "للطلبات", "الطلبات")
	// privateWords: a private channel right after an order noun
	privateWords = wordSet("عالخاص", "بالخاص", "واتساب", "واتس", "الواتساب", "عالواتس", "انبوكس", "dm")
	detailNouns  = wordSet("رقم", "تفاصيل", "بيانات", "صوره", "وصل")
)

// Shop word kinds (detectSpam): a page of the writer's, an invitation, an
// order noun, each with and without the conjunction و.
const (
	skPage uint8 = 1 << iota
	skInvite
	skOrder
)

var shopKinds = func() map[string]uint8 {
	m := map[string]uint8{}
	for set, kind := range map[*map[string]bool]uint8{&ownPages: skPage, &inviteVerbs: skInvite, &orderNouns: skOrder} {
		for w := range *set {
			m[w] |= kind
			m["و"+w] |= kind
		}
	}
	return m
}()

// orderInPrivate reports an order noun right before a private channel
// ("الطلب عالخاص", "للطلب واتساب", "للحجز خاص"), not after a noun of its
// details ("رقم الطلب عالخاص": a customer's order sent in private).
func orderInPrivate(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if !orderNouns[toks[i].key] || !privateWords[toks[i+1].key] && !(toks[i+1].key == "على" || toks[i+1].key == "علي") {
			continue
		}
		if toks[i+1].key == "على" || toks[i+1].key == "علي" {
			if i+2 >= len(toks) || toks[i+2].key != "الخاص" && !privateWords[toks[i+2].key] {
				continue
			}
		}
		if i > 0 && detailNouns[toks[i-1].key] {
			continue
		}
		return true
	}
	return false
}

// followAsked reports the imperative "follow (me, us, my page)": تابعني,
// تابعوني, تابعونا, تابعوا (with و "and" before it).
func followAsked(k string) bool {
	k = strings.TrimPrefix(k, "و")
	return followImperatives[k]
}

// followPromised reports a first-person "I/we will follow you": the verb
// تابع with a first-person prefix (ا, سا, ب, بن, ح, ه, ن) and a
// second-person object (ك, كم, كي, كو): اتابعك, وساتابعكم, بتابعك.
func followPromised(k string) bool {
	k = strings.TrimPrefix(k, "و")
	i := strings.Index(k, "تابع")
	if i <= 0 {
		return false
	}
	pre, suf := k[:i], k[i+len("تابع"):]
	return followPrefixes[pre] && (suf == "ك" || suf == "كم" || suf == "كي" || suf == "كو" || suf == "كن")
}

var (
	followImperatives = wordSet("تابعني", "تابعوني", "تابعونا", "تابعوا", "تابعو", "تابعيني")
	followPrefixes    = wordSet("ا", "سا", "ب", "بن", "ح", "ه", "ن", "با")
)

// returnVerbs are forms of رد "return (a favour)" in a follow-for-follow
// promise ("w bred follow"); the bare noun رد ("a reply") is not one.
var returnVerbs = wordSet("برد", "وبرد", "ارد", "وارد", "نرد", "ونرد", "بنرد", "ردلك", "بردلك", "اردلك")

// ownThing reports "my" or "mine" among the first twelve words.
func ownThing(toks []token) bool {
	for i := 0; i < len(toks) && i < 12; i++ {
		if k := toks[i].key; k == "my" || k == "mine" {
			return true
		}
	}
	return false
}

// nobodyOne, nobodyAfterNeg: "nobody" in one word (محدش, ماحدا, محد) or
// after a negation (ما حدا, ولا حد, لا أحد).
var (
	nobodyOne      = wordSet("محدش", "ماحدا", "محد", "ومحدش", "nobody")
	nobodyAfterNeg = wordSet("حدا", "حد", "احد", "أحد")
)

// bioWords: a profile's bio, where a page puts its number or link.
var bioWords = wordSet("بالبايو", "البايو", "بايو", "bio")

// withAudience reports the audience word at toks[i] (subs, subscribers,
// viewers, المتابعين) after "with" (with the subs, مع المتابعين) in a
// comment asking to play or stream: the people a creator is asked to play
// with.
func withAudience(toks []token, i int) bool {
	if !audienceWords[toks[i].key] {
		return false
	}
	with := false
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if k := toks[j].key; k == "with" || k == "مع" || k == "ويا" {
			with = true
		}
	}
	if !with {
		return false
	}
	// a verb of playing or streaming asked for in the comment (concepts.go
	// performVerbs): "check out my channel with 10k subs" promotes
	for j := range toks {
		if k := strings.TrimPrefix(toks[j].key, "و"); enPerformVerbs[k] || arPerformVerbs[k] {
			return true
		}
	}
	return false
}

var audienceWords = wordSet("subs", "subscribers", "viewers", "chat", "fans", "المتابعين", "المشتركين", "المشاهدين", "متابعينك", "متابعينكم")

// engagementForSale reports a social metric (followers, likes, views,
// subscribers) and an offer's price word (cheap, رخيص, بأسعار, بسعر) in one
// comment. Left out: English "likes", "views" and "subs" (a verb, a hotel's
// views, sandwiches), a single follower and bare "prices" ("a follower for
// years, but the prices went up" is a customer's complaint).
func engagementForSale(toks []token) bool {
	metric, price := false, false
	for i := range toks {
		metric = metric || toks[i].is(clEngagement)
		price = price || toks[i].is(clPriceWords)
	}
	return metric && price
}

var engagementNouns, priceWords = wordSet("followers", "subscribers",
	"متابعين", "متابعينك", "لايكات", "لايكس", "فولورز", "فلورز", "مشاهدات", "مشتركين"),
	wordSet("cheap", "cheapest", "رخيص", "رخيصه", "رخيصة", "ارخص", "بارخص", "أرخص", "بأرخص",
		"باسعار", "بأسعار", "بسعر", "رمزي")

// findURLs is reURL.FindAllStringIndex(text, -1) (nil for none), scanning
// only the words that may hold a URL: every match lies inside one run of
// characters outside \s (the regexp's \t \n \f \r and space), and \b sees
// the same non-word context at a run's ends as at the ends of the text.
func findURLs(text string) [][]int {
	var out [][]int
	for i := 0; i < len(text); {
		for i < len(text) && reSpace(text[i]) {
			i++
		}
		j := i
		for j < len(text) && !reSpace(text[j]) {
			j++
		}
		if w := text[i:j]; mayHaveURL(w) {
			for _, loc := range reURL.FindAllStringIndex(w, -1) {
				out = append(out, []int{i + loc[0], i + loc[1]})
			}
		}
		i = j
	}
	return out
}

// reSpace reports the bytes of the regexp class \s.
func reSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// mayHaveURL is false only for texts reURL cannot match (most comments),
// which then skip its backtracking scan: a match needs "http" or "www."
// (ASCII case-insensitive: h, t, p and w have no other case forms) or a
// dot followed by the first letter of one of its domains (an ASCII letter,
// or ſ, which (?i) folds with s).
func mayHaveURL(text string) bool {
	for i := 0; i+1 < len(text); i++ {
		c := text[i] | 0x20
		switch {
		case text[i] == '.':
			if n := text[i+1]; n|0x20 >= 'a' && n|0x20 <= 'z' || n == 0xC5 {
				return true
			}
		case c == 'h':
			if i+4 <= len(text) && text[i+1]|0x20 == 't' && text[i+2]|0x20 == 't' && text[i+3]|0x20 == 'p' {
				return true
			}
		case c == 'w':
			if i+4 <= len(text) && text[i+1]|0x20 == 'w' && text[i+2]|0x20 == 'w' && text[i+3] == '.' {
				return true
			}
		}
	}
	return false
}

// mayHaveMoney is false only for texts reMoney cannot match once lower-cased:
// a match needs "$", "usd" or "dollars" (ASCII letters: only their
// upper-case forms lower-case to them) or one of its Arabic currency words.
func mayHaveMoney(text string) bool {
	if strings.IndexByte(text, '$') >= 0 || strings.Contains(text, "ريال") || strings.Contains(text, "دولار") || strings.Contains(text, "جنيه") || strings.Contains(text, "دينار") || strings.Contains(text, "درهم") {
		return true
	}
	for i := 0; i+3 <= len(text); i++ {
		if c := text[i] | 0x20; (c == 'u' || c == 'd') && (text[i+1]|0x20 == 's' && text[i+2]|0x20 == 'd' || text[i+1]|0x20 == 'o' && text[i+2]|0x20 == 'l') {
			return true
		}
	}
	return false
}

// repeatedWord reports a word of three or more letters that fills at least
// 40% of the tokens, five times or more. Such a word is more frequent than a
// third of the longer words, so the two-counter Misra-Gries pass finds it
// among its candidates without a map; the candidates are then counted.
func repeatedWord(toks []token) bool {
	var cand [2]string
	var cnt [2]int
	long := func(k string) bool { return utf8.RuneCountInString(k) > 2 }
	for i := range toks {
		k := toks[i].key
		if !long(k) {
			continue
		}
		switch {
		case cnt[0] > 0 && cand[0] == k:
			cnt[0]++
		case cnt[1] > 0 && cand[1] == k:
			cnt[1]++
		case cnt[0] == 0:
			cand[0], cnt[0] = k, 1
		case cnt[1] == 0:
			cand[1], cnt[1] = k, 1
		default:
			cnt[0]--
			cnt[1]--
		}
	}
	for c := range cand {
		if cnt[c] == 0 {
			continue
		}
		n := 0
		for i := range toks {
			if toks[i].key == cand[c] {
				n++
			}
		}
		if n >= 5 && float64(n) >= 0.4*float64(len(toks)) {
			return true
		}
	}
	return false
}

// Indexes of op.Intents in intent evidence arrays.
const (
	iQuestion = iota
	iComplaint
	iPraise
	iSuggestion
	iSpam
	iOther
	numIntents
)

// intentEv is the evidence per intent (indexed like op.Intents): cue holds
// what the cue phrases of data/intent.tsv alone give, v the total with
// punctuation, addressing and sentiment support.
type intentEv struct {
	v, cue [numIntents]float64
	why    bool // a "why" interrogative (why, ليه, ليش, لماذا) opens a sentence
	howTo  bool // "how do/can I", "how to" opens a sentence
	// orQuestion: asked between two alternatives, no question mark (orQuestion)
	orQuestion bool
	mayI       bool // one question asking whether the writer may ("can I cancel and get a refund?")
	mayIOwn    bool // mayI, of the writer's own account or booking (mayIOwn)
	// overruled: the intents (bit k) whose weak cues the learned head,
	// confident of another, overruled (withLearnedIntent)
	overruled uint8
	// spamContact: the spam evidence has a link, a phone number or an
	// e-mail address
	spamContact bool
	// maxComplaint: the weight of the strongest complaint cue phrase
	maxComplaint float64
	// mention: the text names an account (@brand): abuse aimed at a brand
	// is a complaint about it
	mention bool
	// enAsk: an English question about what something costs, includes or
	// lasts, without praise or complaint cue (english.go): neutral
	enAsk bool
	// politeAsk: a question closed by a formula of thanks (no praise)
	politeAsk bool
	// strong: one complaint cue alone reports a clear failure (charged
	// twice, arrived broken, deleted all my ...): positive words around it
	// are irony, not praise
	strong bool
	// praiseBefore: a praise cue stands before the last contrast word
	// ("الأكل طيب بس ..."): with a complaint after it the text is mixed
	praiseBefore bool
	// proposal: "ليش ما تفتحون فرع؟", "شو رأيكن تفتحو ...": a suggestion
	// put as a question (intent_ar.go); it asks for no answer
	proposal bool
	spamBait bool // spamResult.bait
	// praiseAfter: a praise cue stands after the last contrast word
	praiseAfter bool
	// complaintAfter is the complaint cue weight after the last contrast word
	complaintAfter float64
	// manners: the complaint cue weight of words of manners (وقح, قليل
	// أدب, ما عنده ذوق)
	manners float64
	// pos, neg: the text's positive and negative valence (sentScore
	// rawPos, rawNeg): evidence the learned head may answer from alone
	pos, neg float64
}

// strongEvent is the weight from which a single complaint cue is a strong event.
const strongEvent = 1.2

// intentScores sums the cues of each intent, adds question marks, sentence
// initial interrogatives and sentiment, and returns per-intent evidence.
func intentScores(text, latin string, toks []token, sent sentScore, spam spamResult) intentEv {
	var ev intentEv
	sc := &ev.v
	var hitsBuf [16]hit
	// a problem reported solved (concepts.go): its problem noun is no
	// grievance
	cb := conceptScan(toks)
	solvedLo, solvedHi := -1, -1
	if cb&cwProblem != 0 {
		solvedLo, solvedHi = problemSolved(text, toks)
	}
	qmark := hasQuestionMark(text)
	tweet := len(text) >= StackShapeMin || strings.Contains(text, "#") || strings.Contains(text, "http")
	// the English word kinds (english.go enScan) and a repair told done
	// ("fixed my cracked screen"): its damage word is no grievance
	eb := sent.en
	fixLo, fixHi := -1, -1
	if !sent.arabic && eb&ewRepair != 0 {
		fixLo, fixHi = repairedDamage(text, toks)
	}
	// a refund told received ("refund came in 2 days"): its cue is no
	// grievance either (english.go refundReceived)
	if !sent.arabic && fixLo < 0 && eb&ewRefund != 0 {
		fixLo, fixHi = refundReceived(text, toks)
	}
	// what nobody knows ("محدش عارف الفلوس راحت فين"): the index of its
	// verb of knowing, or -1
	nobody := -1
	if sent.arabic && cb&cwKnow != 0 {
		nobody = nobodyKnows(toks)
	}
	var topic uint64
	topicDone := false
	topicSkip := 0 // the intents (bit k) whose cue stood inside a topic
	ihits := intentM.appendFind(hitsBuf[:0], toks)
	// the writer's own verdict is good: more good words than bad outside
	// any topic, or a praise cue and no bad word (topic.go)
	ownGood := sent.rawPos > sent.rawNeg
	for _, h := range ihits {
		if c := intentCues[h.id]; !ownGood && sent.rawNeg == 0 && c.idx == iPraise && c.weight > 0 {
			ownGood = true
		}
	}
	// a question word read as a writer lost for words: the negated verb
	// before it (lostLo) and the word itself (lostHi), or -1
	lostLo, lostHi := -1, -1
	if sent.arabic && !qmark {
		lostLo, lostHi = lostForWords(toks, ownGood)
	}
	// a question word read as something else (lostForWords, withYouBefore)
	notAsked := lostLo >= 0
	for _, h := range ihits {
		c := intentCues[h.id]
		if c.idx == iComplaint && (h.ti >= solvedLo && h.ti < solvedHi || h.ti >= fixLo && h.tj <= fixHi) {
			continue
		}
		// an interrogative found inside a longer word through the article
		// or a noun or verb affix ("الفينو" is a bread, "فيني" "I can",
		// "شوي" "a little") is no interrogative (in a comment: tweet-shaped
		// texts go to the sentiment stacker, fitted on the question
		// evidence as it was)
		if c.idx == iQuestion && !tweet && h.tj == h.ti+1 && !particleForm(toks[h.ti].key, c.key) {
			continue
		}
		// a proposal noun in the definite plural ("بحب الاقتراحات تبعه",
		// "وصلت من خلال الاقتراحات") names the platform's recommendations,
		// not a proposal of the writer's
		if c.idx == iSuggestion && h.tj == h.ti+1 && toks[h.ti].arabic && definitePlural(toks[h.ti].key) {
			continue
		}
		// the word after a good elative is the noun it praises ("أحلى
		// فينو أكلته": a bread, not "where is it")
		if c.idx == iQuestion && !qmark && h.ti > 0 && h.tj == h.ti+1 && toks[h.ti].arabic && goodElatives[toks[h.ti-1].key] {
			continue
		}
		// an interrogative after a verb of knowing or telling, with no
		// question mark, opens an embedded clause ("ما أدري ليش", "ما
		// شرحتلي كيف آخد الدوا"): a statement, not a question
		// (in a comment: a tweet's "ما ادري ليش" muses aloud, left as it was)
		// ("مش عارف ازاي اتواصل": not knowing how asks for the way; not
		// knowing why is "for no reason")
		if c.idx == iQuestion && !qmark && !tweet && h.ti > 0 && toks[h.ti].arabic && embeddedAsk(toks[h.ti-1].key, toks[h.ti].key) {
			continue
		}
		// "it would be very helpful if ...": the good word inside the
		// conditional proposes; it praises nothing yet
		if c.idx == iPraise && h.ti >= 2 && !toks[h.ti].arabic && wouldBeBefore(toks, h.ti) {
			continue
		}
		// "في الأوقات المتأخرة": late hours, no delay (concepts.go)
		if c.idx == iComplaint && h.tj == h.ti+1 && lateHour(toks, h.ti) {
			continue
		}
		// "من غير إعلانات", "بدون مشاكل": a trouble that is absent is no
		// grievance (not "بدون رد", "بدون إشعار": a reply or a notice
		// withheld); "كيف ألغي بدون ما يخصموا مني": what should not
		// happen, asked about, is none either
		if c.idx == iComplaint && toks[h.ti].arabic && withoutBefore(toks, h.ti) && (absentTrouble[toks[h.ti].key] || hasQuestionMark(text) || mayAsked(toks) || howAskedAr(toks)) {
			continue
		}
		// "مبتجيش واصل": Upper Egyptian "at all" after a negated verb,
		// not "keep it up"
		if c.idx == iPraise && h.tj == h.ti+1 && atAllAfterNegation(toks, h.ti) {
			continue
		}
		// "ينفع اغير المقاس بعد ما استلمت الطلب؟": after "بعد" in a
		// question whether the writer may, ما is "after", no negation
		// (Gulf and Levantine "بعد ما وصل" told is "not yet" and stays)
		if c.idx == iComplaint && h.ti > 0 && toks[h.ti].key == "ما" && (toks[h.ti-1].key == "بعد" || toks[h.ti-1].key == "قبل") && mayAsked(toks) {
			continue
		}
		// "رح بطّل اتعامل معكن": the verb "stop doing", not "hero"
		if c.idx == iPraise && h.tj == h.ti+1 && toks[h.ti].arabic && stopDoing(toks, h.ti) {
			continue
		}
		// "i wish you all the best", "wish you success": a well-wish
		if c.idx == iSuggestion && !toks[h.ti].arabic && wellWishAfter(toks, h.tj) {
			continue
		}
		// "بكم" after a verb or word that governs "ب" ("نفخر بكم", "أهلا
		// بكم", "نثق بكم") is "of / with you", not "for how much"
		if c.idx == iQuestion && h.ti > 0 && toks[h.ti].key == "بكم" && withYouBefore[strings.TrimPrefix(toks[h.ti-1].key, "و")] {
			notAsked = true
			continue
		}
		// "مش عارفة اشكركم ازاي", "مش عارف اقولك قد ايه الكورس ده جامد":
		// lost for words, nothing asked
		if c.idx == iQuestion && lostLo >= 0 && h.ti > lostLo && h.ti <= lostHi {
			continue
		}
		// an interrogative inside a topic phrase ("فيديو رائع عن حوادث
		// الطرق وكيف نتجنبها", "tips on how to ...") names what the
		// content explains: no question asked (topic.go)
		// a failure named as the topic of content the writer rates well
		// ("نصايحك عن النصب على النت فادتني", "great tips on avoiding
		// scams") reports no failure of the brand's
		if c.idx == iQuestion && !qmark || c.idx == iComplaint && ownGood {
			if !topicDone {
				topic, topicDone = sent.topic, true
				if !sent.topicRead {
					topic = topicSpan(text, toks)
				}
			}
			if inTopic(topic, h.ti, h.tj) {
				topicSkip |= 1 << uint(c.idx)
				continue
			}
		}
		// "محدش عارف الفلوس راحت فين": what nobody knows is told, not asked
		if c.idx == iQuestion && !qmark && toks[h.ti].arabic && nobody >= 0 && nobody < h.ti {
			continue
		}
		// a verb of closing or opening before the hour ("الفرع بيقفل الساعة
		// كام؟"): the opening hours asked, no failure
		if c.idx == iComplaint && qmark && c.weight < strongEvent && h.tj < len(toks) && hourWords[toks[h.tj].key] {
			continue
		}
		// a failure named in a condition asked about ("وين أستلم الشنطة
		// اذا تأخرت؟", "what if it arrives late?"): hypothetical
		if c.idx == iComplaint && qmark && c.weight < strongEvent && h.ti > 0 && toks[h.ti].arabic && (conditionWords[toks[h.ti-1].key] || h.ti > 1 && conditionWords[toks[h.ti-2].key]) {
			continue
		}
		// a quality word said in the vocative ("يا معفنين", "يا نصابين")
		// names the addressee: name-calling, not a report of what went wrong
		if c.idx == iComplaint && h.tj == h.ti+1 && vocativeAt(toks, h.ti) {
			continue
		}
		// a good word inside a concession ("رغم اشتراكي في الباقة
		// الممتازة") praises nothing (sentiment.go concessionWords)
		if c.idx == iPraise && sent.concedeAt >= 0 && h.ti > sent.concedeAt && sent.butAt < sent.concedeAt {
			continue
		}
		sc[c.idx] += c.weight
		if c.manners {
			ev.manners += c.weight
		}
		if c.idx == iComplaint && c.weight >= strongEvent {
			ev.strong = true
		}
		if c.idx == iComplaint {
			ev.maxComplaint = math.Max(ev.maxComplaint, c.weight)
		}
		if c.idx == iPraise && c.weight > 0 && sent.butAt >= 0 && h.tj <= sent.butAt {
			ev.praiseBefore = true
		}
		if c.weight > 0 && sent.butAt >= 0 && h.ti > sent.butAt {
			ev.praiseAfter = ev.praiseAfter || c.idx == iPraise
			if c.idx == iComplaint {
				ev.complaintAfter += c.weight
			}
		}
	}
	for _, h := range intentS.appendFind(hitsBuf[:0], toks) {
		if c := intentCues[h.id]; sentenceStart(text, toks, h.ti) {
			sc[c.idx] += c.weight
		}
	}
	// "عاش" standing alone as a clause ("..., عاش", "عاش يا وحش") is
	// "bravo", as برافو is; inside a clause it is "lived" (عاش في مصر)
	if sent.arabic && bravoAlone(text, toks) {
		sc[iPraise] += bravoWeight
	}
	// a comment that is one "how do I ...", "how can I ..." sentence: a
	// request for instructions (see pickIntents)
	if len(toks) > 2 {
		i := 0
		for i < len(toks)-2 && strings.HasPrefix(text[toks[i].start:], "@") {
			i++
		}
		// "how long does delivery take?": how long a service takes, asked
		// (an information question, as "how do I"); "how long do I have to
		// wait for my refund?!" keeps its decisive cues (pickIntents)
		howLong := toks[i+1].key == "long" && i+2 < len(toks) && howLongAux[toks[i+2].key] && !strings.Contains(text, "!")
		if toks[i].key == "how" && (toks[i+1].key == "do" || toks[i+1].key == "can" || toks[i+1].key == "to" || howLong) &&
			!strings.ContainsAny(strings.TrimRight(text[toks[i].start:], ".!?؟ \n"), ".!?؟\n") {
			ev.howTo = true
		}
	}
	if sent.arabic && arHowTo(text, toks) { // intent_ar.go
		ev.howTo = true
	}
	// "المستشفى بتاخد تأمين النقابة ولا لأ", "el delivery byewsal el
	// ma3adi walla la2": a question between two alternatives with no
	// question mark (intent_ar.go)
	if sent.arabic && !qmark && orQuestion(toks) && commentShaped(text) && !tweetMarks(text) {
		sc[iQuestion] += orQuestionWeight
		ev.orQuestion = true
	}
	// "what settings did you use for ...", "bro which laptop would you
	// get": an English wh-word opening the comment and an auxiliary soon
	// after ask, with no question mark (twenty-first session)
	if !sent.arabic && !qmark && whAux(toks) && commentShaped(text) && !tweetMarks(text) {
		sc[iQuestion] += whAuxWeight
		ev.cue[iQuestion] += whAuxWeight
	}
	ev.mayI = qmark && mayIAsk(text, toks)
	ev.mayIOwn = ev.mayI && toks[0].arabic && mayIOwn(toks)
	// "ordered a large and got a small": what came is not what was ordered
	sc[iComplaint] += orderedGot(toks)
	if cb&cwOrdered != 0 {
		sc[iComplaint] += arOrderedGot(toks)
	}
	// a sentence-initial "why" (see pickIntents)
	for i := range toks {
		if toks[i].is(clWhyWords) && (sentenceStart(text, toks, i) || toks[i].arabic && (clauseStart(text, toks, i) || postWhy(text, toks, i))) {
			ev.why = true
			break
		}
	}
	nf := negatedFailure(toks)
	if nf == keepsWeight && sent.compound >= 0.3 {
		nf = 0 // "keeps getting better"
	}
	sc[iComplaint] += nf
	if nf == 0 && sent.arabic && notDoneWell(text, toks) { // concepts.go
		sc[iComplaint] += notWellWeight
	}
	if sent.arabic && !qmark && nf == 0 && unQuality(toks) { // concepts.go
		sc[iComplaint] += unQualityWeight
	}
	if sent.arabic && !qmark && sent.rawPos == 0 && shoutedAt(toks) { // concepts.go
		sc[iComplaint] += shoutWeight
	}
	if sent.arabic && !qmark && nf == 0 && cb&cwSense != 0 && oddSense(toks) { // concepts.go
		sc[iComplaint] += unQualityWeight
	}
	if sent.arabic && nf == 0 && cb&cwShown != 0 && unlikeShown(toks) { // concepts.go
		sc[iComplaint] += unQualityWeight
	}
	if sent.zeroed && !qmark { // concepts.go zeroRated
		sc[iComplaint] += unQualityWeight
	}
	if sent.arabic && appreciated(text, toks) || cb&cwLearn != 0 && learnedMuch(text, toks) { // concepts.go
		sc[iPraise] += appreciatedWeight
	}
	// "ياريت تصلحوه", "ياليت تلتزمون بالمواعيد": the service owed asked
	// for, a complaint, no proposal (concepts.go)
	if sent.arabic && nf == 0 && cb&cwLevel != 0 && risingOrFalling(toks) { // concepts.go
		sc[iComplaint] += unQualityWeight
	}
	if sent.arabic && nf == 0 && cb&cwCourtesy != 0 && staffNotCourteous(toks) { // concepts.go
		sc[iComplaint] += unQualityWeight
	}
	if sent.arabic && cb&cwIf != 0 && niceIfYou(toks) { // concepts.go
		sc[iSuggestion] += proposalWeight
		sc[iPraise] = math.Min(sc[iPraise], 0.3)
	}
	if sent.arabic && cb&cwWish != 0 && wishOwed(toks) {
		sc[iSuggestion] = 0
		sc[iComplaint] += unQualityWeight
	}
	if sent.arabic && stoppedDealing(toks) { // priority_ar.go
		sc[iComplaint] += stoppedDealingWeight
	}
	if sent.arabic && leftWaiting(toks) { // concepts.go
		sc[iComplaint] += leftWaitingWeight
	}
	if sent.arabic && cb&cwQueue != 0 && waitTooLong(toks) { // concepts.go
		sc[iComplaint] += waitLongWeight
	}
	// (without a good word: "كسرتلي قلبي الحلقة دي، جميلة جدا" is moved,
	// "خربتلي الريجيم بالوصفات دي 😂" teases)
	if sent.arabic && sent.rawPos == 0 && ruinedForMe(toks) { // concepts.go
		sc[iComplaint] += ruinedWeight
	}
	if sent.arabic && byItself(toks) { // concepts.go
		sc[iComplaint] = math.Max(sc[iComplaint], byItselfWeight)
	}
	// "ما شفت أي مشكلة", "شغال بدون أي مشاكل": trouble said to be absent
	// is no grievance (the Arabic of english.go's troubleAbsent)
	if sent.arabic && ev.cue[iComplaint] < 1.2 && !ev.strong && sent.butAt < 0 && !qmark && arTroubleAbsent(toks) {
		sc[iComplaint], ev.cue[iComplaint] = 0, 0
		if sent.rawNeg <= 1 && sent.rawPos > 0 { // a report that all went well
			sc[iPraise] = math.Max(sc[iPraise], intentThreshold[iPraise])
		}
	}
	// nobody there knows (where the money went, what happened): a service
	// that cannot answer, a complaint
	// (asked, "ولا حد يعرف امتى بيفتحوا؟" asks the other readers)
	if !qmark && nobody >= 0 {
		sc[iComplaint] = math.Max(sc[iComplaint], failureWeight)
	}
	if sent.arabic && cb&cwPromise != 0 && promiseBroken(toks) { // concepts.go
		sc[iComplaint] += leftWaitingWeight
	}
	if harmUrgent(toks) || brokeAr(toks) || billDisputed(text, toks) { // care needed, harm done, a loss (priority_harm.go)
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
	}
	// (not in jest, "خربت الريجيم بالوصفات دي 😂", nor beside clear praise)
	if sent.arabic && !qmark && sent.compound < 0.5 && !laughEmoji(text) && damageDone(toks) { // damage done by a worker (priority_harm.go)
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
	}
	if anyRefundWithheld(toks) || extraTaken(toks) { // a refund withheld, extra money taken (priority_ar.go)
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
	}
	if ev.proposal = arIntentPatterns(text, toks, sc); ev.proposal {
		// "ليش ما تفتحون فرع": a proposal; its negation reports no failure
		// and its "ليش ما" is no grievance
		sc[iComplaint] = math.Max(0, sc[iComplaint]-nf-whyNotCue)
	}
	// the concepts of concepts.go
	if solvedLo >= 0 {
		sc[iPraise] += solvedPraise
	}
	if (cb&(cwTime|cwTakeEn) != 0 || cb&cwDuration != 0 && ev.why) && takesLong(text, toks) {
		sc[iComplaint] += delayWeight
	}
	if w := brandProposal(toks, cb); w > 0 {
		sc[iSuggestion] += w
		ev.proposal = true
	} else if !tweet && (sent.arabic && arImperativeProposal(text, toks) || performRequest(text, toks)) { // concepts.go (a tweet's imperatives call on the world)
		sc[iSuggestion] += proposalWeight
		ev.proposal = true
	}
	if cb&cwTell != 0 {
		switch kind := askedToBeTold(toks); kind {
		case toldAnswer, toldHow:
			// "يرجى توضيح طريقة الاسترجاع", "please explain how to ...":
			// the plea asks for an answer, it proposes nothing; told how
			// to do something, a request for instructions (ev.howTo)
			sc[iQuestion] = math.Max(sc[iQuestion], toldWeight)
			sc[iSuggestion] = 0
			ev.proposal = false
			ev.howTo = ev.howTo || kind == toldHow
		case toldContent:
			// "ممكن تشرحلنا في فيديو ...": content to make
			sc[iSuggestion] += proposalWeight
			ev.proposal = true
		}
	}
	if ev.proposal && sent.arabic && sc[iComplaint] < 1 && sc[iSuggestion] >= intentThreshold[iSuggestion] {
		// a proposal with only a weak complaint word beside it ("ليش ما
		// تسوون فيديو عن السيارات المستعملة") proposes
		sc[iComplaint] = 0
	}
	if cb&cwOr != 0 && ultimatum(toks) {
		sc[iComplaint] = math.Max(sc[iComplaint], ultimatumWeight)
	}
	if sc[iComplaint] < 0.6 && yesNoQuestion(text, toks) {
		sc[iQuestion] = math.Max(sc[iQuestion], intentThreshold[iQuestion])
	}
	if cb&cwThanksVerb != 0 {
		sc[iPraise] += thanksVerbPraise
		// thanks before a contrast word ("بشكر حضرتك بس الطلب لسه ماجاش")
		// is a courtesy conceded, as a praise cue there is
		for i := 0; i < sent.butAt && i < len(toks); i++ {
			if thanksVerbs[toks[i].key] {
				ev.praiseBefore = true
			}
		}
	}
	if len(escalationM.find(toks)) > 0 { // "غير مقبول"
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
	}
	// money taken from the writer ("سحبوا مني ٤٩ ريال تجديد اشتراك"), or a
	// grievance class (a plan renewed without consent, priority_classes.go),
	// beside spam words (an amount, "اشتراك") is a customer's grievance, decisive
	// as a failure cue is (pickIntents keeps it from spam)
	if spam.score >= 0.5 && (sent.arabic && (debitedAny(toks) || grievanceClass(toks)) || chargedAfterCancelling(toks)) {
		sc[iComplaint] = math.Max(sc[iComplaint], failureWeight)
		ev.maxComplaint = math.Max(ev.maxComplaint, failureWeight)
	}
	if cb&cwMisuse != 0 && accountMisuse(toks) {
		// a decisive failure: spam words beside it ("الحساب بتاعي اتهكر")
		// are the customer's (pickIntents)
		sc[iComplaint] = math.Max(sc[iComplaint], strongEvent)
		ev.strong = true
		ev.maxComplaint = math.Max(ev.maxComplaint, strongEvent)
	}
	if sent.arabic && cb&cwMaybe != 0 && guessAboutThem(text, toks) { // concepts.go
		sc[iSuggestion] = math.Min(sc[iSuggestion], guessWeight)
	}
	ev.mention = strings.IndexByte(text, '@') >= 0 && reMention.MatchString(text)
	ev.cue, ev.pos, ev.neg = ev.v, sent.rawPos, sent.rawNeg
	// the cue read as the topic is evidence against the learned head's
	// reading of the same word ("كيف" after "فيديو عن ...": no question)
	for _, k := range [...]int{iQuestion, iComplaint} {
		if topicSkip&(1<<uint(k)) != 0 && ev.cue[k] <= 0 {
			ev.cue[k] = topicCue
		}
	}
	// so is a question word read as something else ("ما اعرف كيف
	// اشكركم": the head learned "ما اعرف كيف" from questions; "نفخر بكم")
	if notAsked && ev.cue[iQuestion] <= 0 {
		ev.cue[iQuestion] = topicCue
	}
	withLearnedIntent(&ev, text, latin, toks, sent.arabic) // evidence, not cue phrases
	// a comment addressed to an account (@brand ...) with negative content reads as a complaint
	if t := strings.TrimLeft(text, ". "); strings.HasPrefix(t, "@") {
		if sent.compound <= -0.2 || sc[iComplaint] >= 0.4 {
			sc[iComplaint] += 0.5
		}
		// "why ...?" and "my ..." addressed to an account are usually a grievance
		for _, tk := range toks {
			if whyWords[tk.key] {
				sc[iComplaint] += 0.4
				break
			}
		}
		for _, tk := range toks {
			if tk.key == "my" {
				sc[iComplaint] += 0.2
				break
			}
		}
		// a negated statement addressed to a brand ("@x my card will not
		// work", "still no refund") reports a failure
		for _, tk := range toks {
			if negators[tk.key] {
				sc[iComplaint] += addressedNeg
				break
			}
		}
	}
	// a message to a customer-care account (@XSupport, @X_Help, @XCares)
	// is most often a report of a problem
	if spam.score < 0.5 && strings.IndexByte(text, '@') >= 0 && reCareHandle.MatchString(text) {
		sc[iComplaint] += careHandle
	}
	if hasQuestionMark(text) {
		sc[iQuestion] += 1
	}
	// "why did the app erase my photos": asking why about one's own
	// thing reports that something went wrong with it (in Arabic: why,
	// when the writer has paid: concepts.go whyPaid)
	// ("ليه كده", "ليش كذا": why like this, a reproach)
	// An Arabic comment that opens a sentence or a clause with "why" and
	// proposes nothing ("ليش الباقة تخلص بسرعة؟", "لماذا لا يتم الرد؟")
	// asks the brand to account for what it did or failed to do: across
	// the labelled comments 71 of 75 such questions are grievances (the
	// rest ask why a comment was deleted). A tweet's "why" muses at the
	// world at large and is left as it was.
	if ev.why && (ownThing(toks) || sent.arabic && (whyPaid(toks) || howSo(text, toks) || !tweet && !ev.proposal)) {
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 0.6)
		sc[iComplaint] += 0.3
	}
	if cb&cwThink != 0 && mockery(toks) { // "فاكر نفسك شيف؟": a put-down asks nothing
		sc[iQuestion] = 0
	}
	// sentiment supports complaint and praise
	if sent.compound <= -0.3 {
		sc[iComplaint] += 0.3 + 0.4*math.Min(1, -sent.compound)
	} else if sent.compound >= 0.3 {
		sc[iPraise] += 0.3 + 0.4*math.Min(1, sent.compound)
	}
	if sc[iComplaint] > 0 && sent.compound > 0.5 && ev.cue[iComplaint] < 1 && !ev.strong {
		sc[iComplaint] -= 0.5
	}
	// no complaint cue, no negative word and positive words: the learned
	// head's complaint alone ("الاكل طيب كتير والخدمة منيحة") is not one
	if sent.arabic && ev.cue[iComplaint] <= 0 && sent.rawNeg == 0 && sent.compound >= 0.3 && sc[iComplaint] < 1 {
		sc[iComplaint] = 0
	}
	// a short comment that weighs something good against something bad
	// ("loved the first season but this one is so boring", "الأكل لذيذ
	// لكن الانتظار طويل جدا", "النادي حلو بس المدربة ما بتنتبه علينا")
	// complains about the bad part: good words before the contrast word,
	// bad ones after it (a clearly negative comment without such a
	// contrast is left to the cues: made a complaint, it cost the
	// complaints set 0.002 F1 on general negative tweets)
	if len(toks) <= plainPraiseMaxWords && ev.cue[iQuestion] < 1 && ev.cue[iSuggestion] < 0.8 && !hasQuestionMark(text) &&
		sent.butAt >= 0 && sent.posBefore > 0 && (sent.compound <= -0.2 || sent.negAfter >= contrastNegMin || concession(&sent, toks)) {
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint])
		ev.complaintAfter = math.Max(ev.complaintAfter, intentThreshold[iComplaint])
	}
	englishIntent(text, toks, &sent, &ev, spam, eb)
	// "متى تفتحون؟ مشكورين": thanks closing a question thank in advance
	// for the answer and praise nothing (english.go does the same for
	// "? thank you"); the question is asked politely, not warmly
	if sent.arabic && ev.cue[iPraise] <= 1 && sc[iQuestion] >= intentThreshold[iQuestion] && arThanksAfterQuestion(text, toks) {
		sc[iPraise], ev.cue[iPraise] = 0, 0
		ev.politeAsk = true
	}
	// the Arabic counterpart (concepts.go arReservation): praise granted,
	// then a defect after بس / لكن, often without a negative word
	// ("النظارة جميلة لكن الإطار ضيق جداً")
	if ev.cue[iComplaint] < 1 && arReservation(text, toks, &sent, &ev) {
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint]+0.2)
		ev.complaintAfter = math.Max(ev.complaintAfter, intentThreshold[iComplaint])
		ev.praiseBefore = true
		if !ev.praiseAfter || excessAfter(toks[sent.butAt+1:]) { // "بس كتير سريع": too fast, no praise
			sc[iPraise] = 0
		}
	}
	// an Arabic question with at most a weak complaint cue and no negative
	// word ("الترك بيوقف عند الجامعة يوم الخميس؟", "ما تكلفة الرحلة؟": the
	// interrogative "ما" negates nothing) asks; the learned head's
	// complaint evidence alone does not make it a grievance
	if sent.arabic && hasQuestionMark(text) && !ev.why && sc[iQuestion] >= intentThreshold[iQuestion] && sc[iComplaint] < 1.5 {
		info := arInfoQuestion(text, toks)
		// (a short question: a longer text tells a story before asking,
		// "الطرد بقاله شهر في الجمارك ومحدش فاهم حاجة، هو ده الشحن الدولي؟")
		if info && ev.cue[iComplaint] < 1 || ev.cue[iComplaint] < 0.8 && sent.rawNeg == 0 && len(toks) <= plainQuestionMaxWords && !anyNegator(toks) {
			sc[iComplaint] = 0
		}
	}
	// an indignant "what is this ...?" beside a complaint cue ("سحبتوا
	// المبلغ مرتين وما رجعتوه، وش هالتعامل") asks nothing (concepts.go
	// arRhetorical); a real question word elsewhere keeps the question
	if sent.arabic && (ev.cue[iComplaint] >= 1 || ev.cue[iComplaint] >= 0.5 && sc[iComplaint] >= 1.2) && !ev.why && sc[iQuestion] > 0 && arRhetorical(text, toks) && !askWordAr(toks) {
		sc[iQuestion] = 0
	} else if sent.arabic && exclaims(text) >= 2 && sc[iPraise] < 0.5 && sent.rawPos == 0 && !ev.why && sc[iQuestion] > 0 && arRhetorical(text, toks) && (!askWordAr(toks) || someoneExplainMe(toks)) {
		// the same indignant question beside repeated exclamation marks
		// ("شو هالشغلة؟ قطعتولي الإنترنت ... !!!", "عادي كده؟!!") is outrage
		// without a complaint word: a complaint, not a question
		sc[iQuestion] = 0
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint]+0.2)
	}
	// an upside-down face after good words in Arabic ("دافعين حق الكورس
	// كامل والمدرب بيغيب كل أسبوع؟ حلو كتير 🙃") is irony: the good words
	// mean the opposite, the question is rhetorical
	if sent.arabic && sent.rawPos > 0 && strings.Contains(text, "🙃") && ev.cue[iSuggestion] < 0.5 && !askWordAr(toks) {
		sc[iPraise], sc[iQuestion] = 0, 0
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint]+0.2)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 0.6)
	}
	// a yes/no question asked with an angry face and no question word
	// ("the bundle i bought yesterday is already gone?? 😤", "الطلب لسه
	// موصلش؟ 😡"): indignation at what happened, a complaint
	if qmark && sc[iQuestion] > 0 && !ev.howTo && !ev.mayI && angryFace(text) && !askWordAr(toks) && !enAskWord(toks) {
		sc[iQuestion] = 0
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint]+0.2)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 0.6)
	}
	// a good word opening the comment alone before a failure ("رائع،
	// تحديث آخر يعطل الإشعارات"): irony (irony_ar.go)
	if sent.arabic && !qmark && sc[iPraise] > 0 && ev.cue[iSuggestion] < 0.5 && arIronicOpener(text, toks) {
		sc[iPraise], sc[iQuestion] = 0, 0
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint]+0.2)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 0.6)
	}
	// "what is this ...?" with no good word ("شو هالشغل؟", "وش ذا
	// الشغل؟"): indignation, a complaint that asks nothing
	// (with a bad word or a complaint cue beside it, or about conduct:
	// "شو هالمطعم؟ أول مرة بشوفه" is curiosity)
	if sent.arabic && sent.rawPos == 0 && !ev.why && ev.cue[iSuggestion] < 0.5 && (sent.rawNeg > 0 || ev.cue[iComplaint] > 0 || conductNoun(toks)) &&
		arWhatIsThis(text, toks) && !askWordAr(toks) {
		sc[iQuestion] = 0
		sc[iComplaint] = math.Max(sc[iComplaint], intentThreshold[iComplaint]+0.2)
		ev.cue[iComplaint] = math.Max(ev.cue[iComplaint], 0.6)
	}
	if sc[iPraise] > 0 && sent.compound < -0.3 {
		sc[iPraise] -= 0.6
	}
	// a short, plainly positive English comment (clearly positive words, no
	// negative one, no question, complaint or suggestion cue) is aimed at
	// the content or the brand it is written under: praise even without a
	// praise word ("you explain better than my teacher", "didn't expect it
	// to be this good"). Longer texts narrate rather than address.
	if !sent.arabic && sent.compound >= 0.5 && sent.rawNeg == 0 && len(toks) <= plainPraiseMaxWords &&
		ev.cue[iComplaint] <= 0 && ev.cue[iSuggestion] <= 0 && ev.cue[iQuestion] < 1 && !strings.ContainsAny(text, "?") && spam.score < 0.3 {
		sc[iPraise] = math.Max(sc[iPraise], intentThreshold[iPraise])
	}
	sc[iSpam] = spam.score * 1.2
	// in Arabic the commerce words (عروض, للطلب, خصم) are what customers ask
	// for; an English text's promotion frames ("it would be wonderful if
	// you checked out my ...") stay bait
	ev.spamBait = spam.bait || !sent.arabic
	ev.spamContact = len(spam.spans) > 0
	return ev
}

// bravoAlone reports عاش opening or closing a clause on its own: after
// clause punctuation or at the start, and at the end or before يا.
func bravoAlone(text string, toks []token) bool {
	for i := range toks {
		if toks[i].key != "عاش" {
			continue
		}
		opens := i == 0 || strings.ContainsAny(text[toks[i-1].end:toks[i].start], "،,.!؟?\n")
		closes := i+1 == len(toks) || toks[i+1].key == "يا" || strings.ContainsAny(text[toks[i].end:toks[i+1].start], "،,.!؟?\n")
		if opens && closes {
			return true
		}
	}
	return false
}

// bravoWeight is the praise evidence bravoAlone adds to عاش's own cue.
const bravoWeight = 0.4

// definitePlural reports an Arabic noun with the article (ال, وال, بال,
// لل) and the feminine plural ات.
func definitePlural(k string) bool {
	k = strings.TrimPrefix(k, "و")
	return (strings.HasPrefix(k, "ال") || strings.HasPrefix(k, "بال") || strings.HasPrefix(k, "لل")) && strings.HasSuffix(k, "ات")
}

// postWhy reports the dialects' "why" after the verb it asks about,
// closing the question ("الابلكيشن واقع ليه من الصبح؟", "الحساب اتقفل
// ليه؟", "مش بتتحسب ليه كده"): ليه / ليش before a question mark, the end
// of a clause, "since" (من) or "like this". Not after a verb of knowing
// or telling ("ما اعرف ليش": embedded) nor after thanks ("شكرا ليه": to
// him).
func postWhy(text string, toks []token, i int) bool {
	if k := toks[i].key; k != "ليه" && k != "ليش" || i == 0 {
		return false
	}
	if p := strings.TrimPrefix(toks[i-1].key, "و"); knowVerbs[p] || tellToMeVerbs[p] || thanksWords[p] {
		return false
	}
	if i+1 == len(toks) || strings.ContainsAny(text[toks[i].end:toks[i+1].start], "؟?!.,،") {
		return true
	}
	n := toks[i+1].key
	return n == "من" || soWords[n]
}

// orderedGot is the complaint evidence of "ordered ... got/received/only
// ..." or "got/received ...
// instead of ...": the commenter contrasts what was ordered with what
// came.
func orderedGot(toks []token) float64 {
	for i := range toks {
		switch toks[i].key {
		case "ordered":
			for j := i + 1; j < len(toks) && j <= i+6; j++ {
				if k := toks[j].key; k == "got" || k == "received" || k == "recieved" || k == "only" {
					return 0.4 // beside the cue "ordered" (0.4)
				}
			}
		case "got", "received", "recieved", "sent":
			// "I got a used item instead of a new one"
			for j := i + 1; j < len(toks) && j <= i+6; j++ {
				if toks[j].key == "instead" {
					return 0.6
				}
			}
		}
	}
	return 0
}

// concession reports clear praise conceded before a contrast word and a
// clause after it with no good word ("great haircut but they made me
// wait an hour", "الكنافة تحفة بس الكاشير كان قليل الذوق"): what follows
// "but" after praise is what went wrong, even in words no lexicon rates.
// "تحفة بس كده" (that's all) and a clause of one word are no clause.
func concession(s *sentScore, toks []token) bool {
	if s.posBefore < 1 || s.posAfter > 0 || len(toks)-1-s.butAt < 2 {
		return false
	}
	k := toks[s.butAt+1].key
	if k == "كده" || k == "كدا" || k == "خلاص" || k == "هيك" {
		return false
	}
	for i := s.butAt + 1; i < len(toks); i++ {
		if clauseAskWords[toks[i].key] && !modalStatement(toks, i) {
			return false // "great video but I have a question", "..., but can you also add"
		}
		if betterWords[toks[i].key] {
			return false // "الفيلم رائع لكن النهاية كانت أروع": better still
		}
	}
	return true
}

// betterWords are Arabic elatives of praise, which the sentiment lexicon
// may not rate: after "but" they say "better still".
var betterWords = wordSet("اروع", "أروع", "احلى", "أحلى", "احسن", "أحسن", "افضل", "أفضل", "اجمل", "أجمل", "اطيب", "أطيب", "الذ", "ألذ")

// modalStatement reports an English modal that states rather than asks:
// after a subject other than "you" ("I can barely hear it", "it would
// freeze"); "can you", "could we" and a modal opening the clause ask.
func modalStatement(toks []token, i int) bool {
	switch toks[i].key {
	case "can", "could", "would":
	default:
		return false
	}
	if i+1 < len(toks) && (toks[i+1].key == "you" || toks[i+1].key == "u" || toks[i+1].key == "we" || toks[i+1].key == "yall") {
		return false
	}
	return i > 0 && (toks[i-1].key == "i" || toks[i-1].key == "it" || toks[i-1].key == "they" || toks[i-1].key == "he" || toks[i-1].key == "she")
}

// clauseAskWords after a contrast word turn the clause into a question or a
// request, not a grievance.
var clauseAskWords = wordSet("question", "questions", "ask", "asking", "wondering", "wonder", "can", "could", "would", "please", "pls", "plz",
	"suggest", "suggestion", "idea", "hope", "wish", "سؤال", "اسأل", "اسال", "استفسار", "ممكن", "ياريت", "ريت", "اتمنى", "أتمنى", "نتمنى",
	"ودي", "حبيت", "اقترح", "اقتراح", "لو", "ياريت", "بتمنى", "نفسي", "يارب")

// howLongAux follow "how long" in an information question.
var howLongAux = wordSet("does", "do", "will", "would", "is", "are", "can", "should")

// contrastNegMin is the negative valence after a contrast word from which
// "good ..., but bad ..." is a complaint.
const contrastNegMin = 0.5

// plainPraiseMaxWords is the length (tokens) up to which a plainly positive
// English comment counts as praise without a praise cue.
const plainPraiseMaxWords = 20

// whyWords open a "why" question; with complaint evidence it is a grievance.
var whyWords = map[string]bool{"why": true, "ليه": true, "ليش": true, "لماذا": true, "لمذا": true, "ليييه": true, "لويش": true}

// sentenceStart reports a token that opens a sentence: the first token, a
// token after . ! ? ؟ : ; or a newline, or the token after an @mention that
// opens the text.
func sentenceStart(text string, toks []token, i int) bool {
	if i == 0 {
		return true
	}
	if strings.ContainsAny(text[toks[i-1].end:toks[i].start], ".!?؟\n:;") {
		return true
	}
	return i == 1 && strings.HasPrefix(strings.TrimSpace(text[:toks[0].end]), "@")
}

// clauseStart reports a token after a comma: an Arabic clause opened by
// "why" ("المدرب ما يرد، ليش ندفع اشتراك؟") asks it as a sentence does.
func clauseStart(text string, toks []token, i int) bool {
	return i > 0 && strings.ContainsAny(text[toks[i-1].end:toks[i].start], "،,")
}

// intentThreshold is the evidence an intent needs to be reported.
// addressedNeg is the complaint weight of a negator in an @-addressed text.
var addressedNeg = 0.3

// careHandle is the complaint weight of a customer-care handle.
var careHandle = 0.4

var reMention = regexp.MustCompile(`(?:^|\s|\.)@\w`)

var reCareHandle = regexp.MustCompile(`(?i)@\w*(?:support|help|care|cares|service|services|svc|assist|helpdesk|_cs)\b`)

var intentThreshold = [numIntents]float64{iQuestion: 1, iComplaint: 0.6, iPraise: 0.9, iSuggestion: 0.8}

// intentContext is what pickIntents knows beside the evidence: the
// toxicity of the text (abuse alone is no complaint) and its sentiment.
type intentContext struct {
	abusive      bool // an insult, profanity or hate at moderate or worse
	contrast     bool // a contrast word (but, بس, لكن) joins positive and negative evidence
	questionMark bool // the text has ? or ؟
	// englishInsult: an English text with an insult aimed at someone
	// (harassment flagged at medium strictness), not profanity alone
	englishInsult bool
	staffInsult   bool // abusive, its insult aimed at the brand's people (arStaffAimed)
}

// pickIntents turns evidence into a non-empty, duplicate-free, ordered list
// of intent labels: every intent whose evidence reaches its threshold, spam
// alone when the comment is spam, "other" when nothing qualifies. Rules on
// top of the thresholds:
//   - abuse without a complaint cue is not a complaint (an insult is
//     answered calmly or not at all, never as a grievance);
//   - a "why" question that carries complaint cues is a grievance, not a
//     question to answer;
//   - praise next to a strong complaint cue without a contrast word is
//     irony ("great, another update that broke everything");
//   - a question reported with a suggestion only through weak cues
//     ("the next episode ... when?") stays a question.
func pickIntents(ev *intentEv, ctx intentContext) []string {
	sc := ev.v
	if sc[iSpam] >= 0.6 {
		// a strong complaint or question with a weak spam signal (say a
		// screenshot link) stays what it is
		// (a proposal made of commerce words, "ودي لو تسوون عروض للطلاب",
		// is a suggestion)
		strong := sc[iComplaint] >= 1.2 || sc[iQuestion] >= 1.5 || ev.cue[iSuggestion] >= 1 && !ev.spamBait
		// spam words alone (no link or contact) beside a decisive failure
		// cue ("the promo code doesn't work at checkout") are a customer's
		// words, not promotion
		if ev.maxComplaint >= 1 && !ev.spamContact {
			strong, sc[iSpam] = true, 0
		}
		if !strong || sc[iSpam] >= 0.9 {
			return []string{"spam"}
		}
	}
	if ev.strong && !ctx.contrast {
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
	}
	if ctx.abusive && ev.cue[iSuggestion] < 1 {
		sc[iSuggestion] = 0 // "you crooks should be in jail": a reproach, not a proposal
	}
	// an insult aimed at the staff with only words of their manners beside
	// it ("موظفوكم أغبياء وعديمو الاحترام": وقح, عديم الاحترام are the
	// insult) reports nothing that happened: an insult
	// (words of manners, however many: "الموظف تبعكن وقح وقليل أدب")
	// (twenty-second session: below 1 beside the manners, not 0.5: a topic
	// named beside the insult, "خدمة العملاء" at 0.5, or a person judged,
	// reports nothing that happened either)
	if ctx.staffInsult && !ev.strong && (ev.cue[iComplaint] <= 1 || ev.cue[iComplaint]-ev.manners < 1) && !ev.mention {
		ev.cue[iComplaint] = 0
	}
	// (English: an insult aimed at someone stays an insult even beside a
	// verdict like "worst service ever"; only a concrete failure, a strong
	// cue, makes it a complaint)
	if ctx.abusive && (ev.cue[iComplaint] < 1 || ctx.englishInsult && !ev.strong) && !ev.mention {
		sc[iComplaint] = 0
		sc[iPraise] = 0
		// "يا حمار وش هالكلام": rhetorical; "انت غبي ولا تسوي نفسك غبي؟":
		// an insult with only a question mark asks nothing
		if !ctx.questionMark || ev.cue[iQuestion] < 0.5 && ev.cue[iComplaint] <= 0 {
			sc[iQuestion] = 0
		}
	}
	// "how do I cancel my order?": a how-to question with no decisive
	// failure cue asks for instructions; it reports no grievance
	if ev.howTo && !ev.strong && ev.cue[iComplaint] < 1.2 && sc[iQuestion] >= intentThreshold[iQuestion] {
		sc[iComplaint] = 0
	}
	// "بتوصلوا المعادي ولا لأ": an either-or question with no decisive
	// failure or praise cue asks; it reports nothing
	if ev.orQuestion && sc[iQuestion] >= intentThreshold[iQuestion] {
		if !ev.strong && ev.cue[iComplaint] < 1 {
			sc[iComplaint] = 0
		}
		if ev.cue[iPraise] < 1 {
			sc[iPraise] = 0
		}
	}
	// "can I cancel my booking and get a refund?", "هل يمكن إلغاء الحجز
	// واسترداد المبلغ؟": asking whether one may is asking the policy; the
	// words of refunds and cancelling report no failure (a decisive one,
	// "it arrived broken", still complains)
	if ev.mayI && ev.cue[iComplaint] < 1.6 && sc[iQuestion] >= intentThreshold[iQuestion] {
		sc[iComplaint] = 0
		// "هل يمكن فتح حساب من خارج البلاد؟": what the writer may do with
		// their own account or booking is asked, not proposed ("هل يمكن
		// فتح فرع في جدة؟" still proposes a branch)
		if ev.mayIOwn {
			sc[iSuggestion] = 0
		}
	}
	if ev.why && ev.cue[iComplaint] >= 0.6 {
		sc[iQuestion] = 0
		sc[iComplaint] = math.Max(sc[iComplaint], 1)
	}
	if (ev.cue[iComplaint] >= 0.8 || ev.strong) && !ctx.contrast {
		sc[iPraise] = 0
	}
	// praise conceded before a contrast word and a complaint after it
	// ("great product but shipping is so slow"): the complaint is the
	// point, the praise a concession (the sentiment stays mixed)
	if ev.praiseBefore && !ev.praiseAfter && ev.complaintAfter >= 0.6 && sc[iComplaint] >= intentThreshold[iComplaint] {
		sc[iPraise] = 0
	}
	// a complaint or a suggestion with a weak suggestion or praise cue
	// beside it ("support never answers", "would be nice if") is only that
	if ev.cue[iComplaint] >= 1 && ev.cue[iSuggestion] < 1 {
		sc[iSuggestion] = 0
	}
	if sc[iSuggestion] >= intentThreshold[iSuggestion] && ev.cue[iPraise] < 0.9 {
		sc[iPraise] = 0
	}
	if ev.proposal && sc[iSuggestion] >= intentThreshold[iSuggestion] {
		sc[iQuestion] = 0
	}
	if sc[iQuestion] >= intentThreshold[iQuestion] && ev.cue[iSuggestion] < 1 {
		sc[iSuggestion] = 0
	}
	// a question with only a weak praise word ("which plan is best for
	// me?") asks; it does not praise
	if ctx.questionMark && sc[iQuestion] >= intentThreshold[iQuestion] && ev.cue[iPraise] < 0.6 {
		sc[iPraise] = 0
	}
	// a wish the rules' cues hold at least as strong as the praise beside
	// it ("ياريت ترجعوا الكيك بالتمر، كان كتير طيب": the praise is why
	// it is wished) leads, whatever the learned head adds to the praise
	if ev.cue[iSuggestion] >= 1 && ev.cue[iSuggestion] >= ev.cue[iPraise] && sc[iSuggestion] >= intentThreshold[iSuggestion] && sc[iPraise] > sc[iSuggestion] {
		sc[iSuggestion] = sc[iPraise] + 0.01
	}
	var idx [numIntents]int
	n := 0
	for k := iQuestion; k <= iSuggestion; k++ {
		if sc[k] >= intentThreshold[k] {
			idx[n] = k
			n++
		}
	}
	// order by evidence, strongest first (insertion sort: at most four)
	for i := 1; i < n; i++ {
		for j := i; j > 0 && sc[idx[j]] > sc[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	if n == 0 {
		return []string{"other"}
	}
	out := make([]string, n)
	for i := 0; i < n; i++ {
		out[i] = op.Intents[idx[i]]
	}
	return out
}

// reportedIntents are the intents Classify reports of those the analysis
// found (pickIntents, strongest first), which the sentiment and its
// stacker read whole.
// A second intent only where it says what the first does not: a
// question that also complains ("why is my refund not here yet?") or
// proposes ("can you add a dark mode?"), a proposal put as a question,
// praise with a grievance beside it, a proposal beside a grievance or
// praise (the suggestions dev set counts those: 0.739 -> 0.734 without
// them). Over the 17,815 labelled comments of corpus/comments.jsonl the
// rules reported one of the other pairs for 108 comments; 56 were
// right with both intents, 100 with the first alone ("الطلب اتأخر، فين
// فلوسي؟؟" complains: its question is the grievance; "where is this
// place? looks amazing" asks) (docs/quality.md, "A second intent").
func reportedIntents(intents []string) []string {
	if len(intents) > 1 && !secondIntentKept(intents[0], intents[1]) {
		return intents[:1]
	}
	return intents
}

// secondIntentKept reports whether a second intent is reported beside the
// first (reportedIntents).
func secondIntentKept(first, second string) bool {
	switch first {
	case "question":
		return second == "complaint" || second == "suggestion"
	case "suggestion":
		return second == "question"
	case "praise":
		return second == "complaint" || second == "suggestion"
	case "complaint":
		return second == "suggestion"
	}
	return false
}

// negatedFailure is the complaint evidence of a negated service verb: "لا
// يعمل", "ما عم يفتح", "محدش اهتم", "مبيشتغلش", "doesn't open", "nobody
// answers". A service verb names what a product or a company is expected
// to do (work, open, load, arrive, answer, refund); its negation reports a
// failure whatever the noun.
func negatedFailure(toks []token) float64 {
	for i := range toks {
		t := &toks[i]
		if t.arabic && circumfixFailure(t.key) {
			return failureWeight
		}
		k := t.key
		if t.arabic && strings.HasPrefix(k, "و") && len(k) > len("و") {
			k = k[len("و"):] // ومحدش, وما
		}
		// "stopped charging", "stops loading": a product that quit doing its
		// job; "keeps crashing", "kept cutting out": one that fails again and
		// again (the imperative "keep going" is no report)
		// ("hasn't stopped smiling" is enthusiasm: english.go cantStop)
		// ("my calls keep dropping": "keep" after its subject, not the
		// imperative opening a sentence, "keep going")
		keepAfterSubject := k == "keep" && i > 0 && !pleaseWords[toks[i-1].key] && toks[i-1].key != "and" && toks[i-1].key != "just" && toks[i-1].key != "pls" && toks[i-1].key != "to" && !toks[i-1].arabic && !keepPeople[toks[i-1].key]
		if !t.arabic && (k == "stopped" || k == "stops" || k == "keeps" || k == "kept" || keepAfterSubject) && i+1 < len(toks) && len(toks[i+1].key) > 5 && strings.HasSuffix(toks[i+1].key, "ing") &&
			!(i > 0 && (negators[toks[i-1].key] || ntNegation(toks[i-1].key))) {
			if k == "keeps" || k == "kept" || k == "keep" {
				return keepsWeight
			}
			return failureWeight
		}
		if !failNeg[k] && !negators[k] || k == "غير" { // غير + noun: "other than"
			continue
		}
		// "قبل لا تفتح", "قبل ما يوصل": "before", a time clause, no negation
		if i > 0 && beforeWords[toks[i-1].key] && (k == "لا" || k == "ما") {
			continue
		}
		// "متل ما بتعملها ستي", "زي ما قلتوا": "like how", a comparison
		if i > 0 && likeWords[toks[i-1].key] && k == "ما" {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			k := toks[j].key
			if failSkip[k] || j == i+1 && neverOnceAt(toks, i) {
				continue // "ولا مرة بتردوا": not once
			}
			if toks[j].arabic && arServiceVerb(k) || !toks[j].arabic && enServiceVerbs[k] {
				if dismissal(toks, j) {
					break // "لا أحد يهتم برأيك": nobody cares what you say
				}
				// "لا يدوم إلا بالصبر": "not ... except" states a condition
				if j+2 < len(toks) && (exceptWords[toks[j+1].key] || exceptWords[toks[j+2].key]) {
					break
				}
				return failureWeight
			}
			break
		}
	}
	return 0
}

// particleForm reports whether key (a token matched by the cue word cue)
// can be the interrogative particle cue: the word itself, or the word with
// the clitics a particle takes, a conjunction or preposition before it
// (وين، فوين، لوين، بكيف) and an object pronoun after it (وينك، فينه،
// فينكم). An article, a verb prefix or a plural or first-person ending
// makes another word. Words other than the particles are not checked.
func particleForm(key, cue string) bool {
	if key == cue || !interrogatives[cue] {
		return true
	}
	i := strings.Index(key, cue)
	if i < 0 {
		return true // an elongated or squeezed spelling
	}
	pre, suf := key[:i], key[i+len(cue):]
	return particlePre[pre] && particleSuf[suf]
}

var (
	interrogatives = wordSet("وش", "ويش", "ايش", "شو", "شنو", "شلون", "اشلون", "ازاي", "ليه", "ليش", "لماذا", "كيف", "متى", "امتى", "ايمتى", "فين", "وين", "اين", "ماذا", "مين", "منو", "قديش", "اديش", "بكام", "وشو")
	particlePre    = wordSet("", "و", "ف", "ب", "ل", "وب", "ول", "يا")
	particleSuf    = wordSet("", "ك", "كم", "كن", "كو", "ه", "ها", "هم", "هن", "و")
)

// hourWords: the hour or time of day asked after a verb of closing.
var hourWords = wordSet("الساعه", "امتى", "امتي", "متى", "متي", "كام", "كم", "بدري", "الصبح", "بالليل")

// likeWords: "like, as" before a relative ما (زي ما, متل ما, حسب ما).
var likeWords = wordSet("زي", "مثل", "متل", "حسب", "وزي", "ومتل", "ومثل")

// conditionWords open a condition ("if", "in case").
var conditionWords = wordSet("اذا", "إذا", "لو", "ان", "إن", "حال", "لما")

// arThanksAfterQuestion reports an Arabic text whose words after its last
// question mark are only a formula of thanks ("؟ شكرا", "؟ مشكورين
// مقدما", "؟ الله يعطيكم العافية").
func arThanksAfterQuestion(text string, toks []token) bool {
	q := max(strings.LastIndex(text, "؟"), strings.LastIndexByte(text, '?'))
	return formulaAfter(toks, q, arThanksWords, arThanksFormula) // english.go
}

var (
	arThanksWords   = wordSet("شكرا", "مشكور", "مشكورين", "مشكوره", "تسلم", "تسلمو", "تسلموا", "يسلمو", "يعطيك", "يعطيكم", "جزاك", "جزاكم", "ممنون", "ممنونه", "ممنونين", "متشكر", "متشكرين", "متشكره", "ميرسي", "شكرًا")
	arThanksFormula = wordSet("الله", "العافيه", "خير", "خيرا", "مقدما", "سلفا", "لك", "لكم", "الك", "الكم", "جزيلا", "كتير", "كثير", "مره", "الف", "يا", "جماعه", "اخوي", "اخي", "اختي", "جدا", "اوي", "وايد", "حبايب")
)

// arTroubleAbsent reports a noun of trouble (arTroubleNouns) said to be
// absent: a negator, "without" or "there is no" up to two words before it
// ("ما شفت أي مشكلة", "بدون أي مشاكل", "مافي ولا عطل"), in a comment that
// says nothing is "still" pending.
func arTroubleAbsent(toks []token) bool {
	found := false
	for i := range toks {
		if toks[i].isW(clStillWords) {
			return false
		}
		k := strings.TrimPrefix(toks[i].key, "و")
		if !arTroubleNouns[k] {
			continue
		}
		// (one verb may stand between: "ما شفت أي", "ما واجهت ولا")
		verb := false
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			p := toks[j].key
			if p == "اي" || p == "ولا" && j == i-1 {
				continue
			}
			if negators[p] || negators[strings.TrimPrefix(p, "و")] || absenceWords[p] {
				found = true
				break
			}
			// (a verb of meeting trouble: "you did not mention a single
			// flaw" criticises, it reports no absence)
			if verb || !metTrouble[p] && !metTrouble[strings.TrimPrefix(p, "و")] {
				break
			}
			verb = true
		}
	}
	return found
}

var (
	arTroubleNouns = wordSet("مشكله", "مشاكل", "مشكلة", "عطل", "اعطال", "خلل", "تاخير", "اخطاء", "شكاوي", "تعليق", "لاق")
	metTrouble     = wordSet("شفت", "شفنا", "واجهت", "واجهنا", "لقيت", "لقينا", "صار", "صارت", "حصل", "حصلت", "حصلي", "صادفت", "صادفنا", "عندي", "عندنا", "كان", "فيه", "في", "يوجد", "توجد", "جاني", "جاتني")
	absenceWords   = wordSet("مافي", "مفيش", "مافيش", "مافيه", "ماكو", "بلا", "بدون", "دون", "ولا", "ماشفت", "ماواجهت", "مواجهتش", "مشفتش")
)

// nobodyKnows returns the index of a verb of knowing whose subject is
// "nobody" (محدش عارف, ما حدا بيعرف, محد يدري, ولا أحد يعرف), or -1.
func nobodyKnows(toks []token) int {
	for i := 1; i < len(toks); i++ {
		if !knowVerbs[toks[i].key] {
			continue
		}
		p := strings.TrimPrefix(toks[i-1].key, "و")
		if nobodyWords[p] {
			return i
		}
		// ما حدا, ولا أحد, لا حد: a negator before "anyone"
		if i > 1 && anyoneWords[p] && (negators[toks[i-2].key] || toks[i-2].key == "ولا") {
			return i
		}
	}
	return -1
}

var (
	nobodyWords = wordSet("محدش", "محد", "ماحد", "محدا", "ماحدا", "مافيش", "مفيش")
	anyoneWords = wordSet("حد", "حدا", "احد")
)

// embeddedAsk reports an interrogative ask opening a clause embedded after
// verb: any after a verb of telling or explaining ("ما شرحتلي كيف آخد
// الدوا"), "why" after a verb of knowing ("ما أدري ليش": for no reason).
func embeddedAsk(verb, ask string) bool {
	verb = strings.TrimPrefix(verb, "و")
	return tellToMeVerbs[verb] || knowVerbs[verb] && whyWords[ask]
}

// wouldBeBefore reports "would be" (or "would be very/really/so") right
// before toks[i].
func wouldBeBefore(toks []token, i int) bool {
	j := i - 1
	if degreeEn[toks[j].key] {
		j--
	}
	return j >= 1 && toks[j].key == "be" && (toks[j-1].key == "would" || toks[j-1].key == "itd" || toks[j-1].key == "wouldd")
}

// wellWishAfter reports a blessing right after a wish ("... all the best",
// "... success", "... the best", "... good luck").
func wellWishAfter(toks []token, j int) bool {
	for j < len(toks) && (toks[j].key == "you" || toks[j].key == "u" || toks[j].key == "all" || toks[j].key == "the" || toks[j].key == "more" || toks[j].key == "much" || toks[j].key == "continued" || toks[j].key == "good") {
		j++
	}
	return j < len(toks) && (toks[j].key == "best" || toks[j].key == "success" || toks[j].key == "luck")
}

var degreeEn = wordSet("very", "really", "so", "super", "extremely", "truly")

// angryFace reports an angry or exasperated face (😤 😡 🤬 😠 👿).
func angryFace(text string) bool { return emojiIn(text, "😤😡🤬😠👿") }

// enAskWord reports an English question word (whOpeners, "why", and their
// contractions written without the apostrophe: whats, wheres, hows).
func enAskWord(toks []token) bool {
	for i := range toks {
		if k := toks[i].key; whOpeners[strings.TrimSuffix(k, "s")] || k == "why" {
			return true
		}
	}
	return false
}

// mayIAsk reports a comment that is one question opened by "may I / is it
// possible" (can I, could we, is it possible to, هل يمكن, ممكن, ينفع, هل
// أستطيع, بقدر, فيني): the writer asks what the rules allow.
func mayIAsk(text string, toks []token) bool {
	if len(toks) < 3 || strings.ContainsAny(strings.TrimRight(text, "?؟ \n"), ".!?؟\n") {
		return false
	}
	a, b := toks[0].key, toks[1].key
	switch {
	case (a == "can" || a == "could" || a == "may") && (b == "i" || b == "we"):
		return true
	case a == "is" && b == "it" && toks[2].key == "possible":
		return true
	case a == "هل" && (mayWords[b] || b == "من" && toks[2].key == "الممكن"):
		return true
	}
	return mayWords[a] && toks[0].arabic
}

// mayIOwn reports an Arabic may-I question (mayIAsk) whose verbal noun
// acts on the writer's own account, booking, order or payment, the noun
// right after it: "هل يمكن فتح حساب ...؟", "ممكن تغيير موعد الحجز؟".
func mayIOwn(toks []token) bool {
	i := 1
	if toks[0].key == "هل" {
		i = 2
	}
	if i+1 >= len(toks) {
		return false
	}
	// (a verb of "you" there proposes: "ممكن تضيفوا الدفع كاش؟")
	if v := toks[i].key; strings.HasPrefix(v, "ت") && (strings.HasSuffix(v, "وا") || strings.HasSuffix(v, "و") || strings.HasSuffix(v, "ون")) {
		return false
	}
	return ownObjects[toks[i+1].key]
}

var ownObjects = wordSet("حساب", "حسابي", "الحساب", "الحجز", "حجز", "حجزي", "الطلب", "طلبي", "الاشتراك", "اشتراكي", "موعد", "موعدي", "الموعد", "البطاقه", "بطاقتي", "الباقه", "باقتي", "كلمه", "الرقم", "رقمي")

// mayWords: "is it possible / can I" opening an Arabic question.
var mayWords = wordSet("يمكن", "ممكن", "يمكنني", "يمكننا", "ينفع", "استطيع", "أستطيع", "نستطيع", "بقدر", "اقدر", "أقدر", "نقدر", "فيني", "فينا", "بامكاني", "بإمكاني", "بالامكان", "بالإمكان")

// lostForWords finds an interrogative that exclaims rather than asks: it
// follows, up to three words after it, a negated verb of knowing or telling
// ("مش عارف اقولك قد ايه", "ما بعرف كيف بدي", "لا أعرف كيف") in a comment
// that thanks ("مش عارفة اشكركم ازاي") or whose own verdict is good (good:
// "مش عارف اقولك اد ايه الكورس ده جامد"). It returns the index of the verb
// and of the interrogative, or -1, -1. Not knowing how to do something,
// without thanks or praise ("مش عارف ازاي اغير الباسورد"), still asks.
func lostForWords(toks []token, good bool) (verb, ask int) {
	verb, ask = -1, -1
	for i := 1; i < len(toks) && ask < 0; i++ {
		k := strings.TrimPrefix(toks[i].key, "و")
		if !(knowVerbs[k] || tellYouVerbs[k]) || !negators[toks[i-1].key] {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if interrogatives[toks[j].key] || toks[j].key == "ايه" || toks[j].key == "إيه" {
				verb, ask = i, j
				break
			}
		}
	}
	if ask < 0 || good {
		return verb, ask
	}
	for _, t := range toks {
		if thanksVerbs[t.key] {
			return verb, ask
		}
	}
	return -1, -1
}

// withYouBefore: words after which "بكم" is "of / with / in you" (pride,
// trust, welcome, honour, joy), not the price question "for how much".
var withYouBefore = wordSet("نفخر", "نفتخر", "فخورين", "فخور", "فخوره", "مفتخرين", "نعتز", "نثق", "اثق", "أثق", "نرحب", "ارحب", "أرحب", "اهلا", "أهلا", "مرحبا", "اهلين", "هلا", "سهلا",
	"نتشرف", "تشرفنا", "سعداء", "سعيد", "سعيده", "سعدنا", "فرحانين", "فرحان", "نحتفل", "يليق", "نؤمن", "مؤمنين", "ثقتنا", "ثقتي")

var (
	// tellYouVerbs: "(how can I) tell you / describe" before a wonder
	// ("مش عارف اقولك قد ايه")
	tellYouVerbs = wordSet("اقولك", "أقولك", "اقلك", "اقولكم", "أقولكم", "اوصف", "أوصف", "اوصفلك", "أوصفلك", "اعبر", "أعبر", "اعبرلك", "أعبرلك", "اقدر")
	knowVerbs    = wordSet("ادري", "أدري", "ندري", "يدري", "تدري", "اعرف", "بعرف", "نعرف", "بنعرف", "يعرف", "بيعرف", "عارف", "عارفه", "عارفين", "فاهم", "فاهمه", "فاهمين", "عرفت", "فهمت")
	// tellToMeVerbs: told or explained to the writer
	tellToMeVerbs = wordSet("شرحلي", "شرحتلي", "شرحولي", "شرحلنا", "وضحلي", "وضحتلي", "قالولي", "قالي", "قلي", "قاللي", "فهموني", "فهمني", "علموني")
)

// vocativeAt reports an Arabic word addressed with the vocative يا, apart
// ("يا حرامية") or attached ("ياحرامية").
func vocativeAt(toks []token, i int) bool {
	if !toks[i].arabic {
		return false
	}
	if i > 0 && toks[i-1].key == vocativeYa {
		return true
	}
	k := toks[i].key
	return strings.HasPrefix(k, vocativeYa) && utf8.RuneCountInString(k) >= 5 && !wishWords[k]
}

// beforeWords: "before", which with لا or ما opens a time clause.
var beforeWords = wordSet("قبل", "وقبل")

var exceptWords = wordSet("الا", "إلا", "غير", "except", "unless")

// whyNotCue is the complaint weight of "ليش ما" / "ليه ما" (data/intent.tsv).
const whyNotCue = 0.6

// failureWeight is decisive alone (a complaint cue of weight 1).
const failureWeight = 1.0

// keepPeople: subjects of "keep <verb>ing" that keep a habit ("I keep
// coming back", "the kids keep asking for more"), not a failure.
var keepPeople = wordSet("i", "we", "colleagues", "coworkers", "customers", "clients", "neighbours", "neighbors", "guests", "followers", "they're", "we're", "you", "u", "they", "kids", "children", "people", "ppl", "guys", "everyone", "everybody", "fans", "viewers", "subscribers", "friends", "son", "daughter", "wife", "husband", "mom", "dad", "family", "students", "all")

// keepsWeight: "keeps <verb>ing" is most often a failure ("keeps crashing")
// but not always ("keeps getting better"): intentScores drops it in a
// positive text.
const keepsWeight = 0.8

var (
	// failNeg: negators and "nobody" words that precede a service verb
	failNeg = map[string]bool{"محدش": true, "محد": true, "ماحد": true, "مفيش": true, "مافيش": true, "مافي": true, "دون": true, "بدون": true, "بلا": true, "nobody": true, "noone": true, "never": true, "hasnt": true, "havent": true, "hadnt": true}
	// failSkip: words that may stand between the negator and the verb
	failSkip = map[string]bool{"عم": true, "حد": true, "حدا": true, "احد": true, "بعد": true, "لسه": true, "لسا": true, "one": true, "even": true, "still": true, "yet": true, "ever": true, "حتي": true, "قادر": true, "راضي": true,
		// "دون أي حل", "ما في حل": a determiner or "there is" before the noun
		"اي": true, "في": true, "فيه": true}
	enServiceVerbs = map[string]bool{}
	arServiceStems = map[string]bool{}
	// verb prefixes and suffixes removed before the stem lookup
	arVerbPrefixes = []string{"بيت", "بت", "بي", "بن", "هي", "هت", "رح", "ي", "ت", "ن", "ا", "ب", "ح"}
	arVerbSuffixes = []string{"وش", "ش", "وا", "ون", "ين", "وني", "ني", "لي", "ونا", "نا", "وه", "ها", "ه"}
)

func init() {
	for _, w := range []string{"work", "works", "working", "worked", "open", "opens", "opening", "load", "loads", "loading", "start", "starts",
		"turn", "turns", "respond", "responds", "responded", "responding", "answer", "answers", "answered", "answering", "reply", "replies", "replied",
		"arrive", "arrives", "arrived", "charge", "charges", "charging", "connect", "connects", "help", "helps", "helped", "refund", "refunded",
		"deliver", "delivered", "came", "come", "show", "shows", "showed", "call", "called", "fix", "fixed",
		// what a product or an order is expected to do (issue 23)
		"close", "closes", "lock", "locks", "update", "updated", "updates", "sync", "syncs", "synced", "play", "plays", "stream", "download", "downloads",
		"install", "installs", "save", "saves", "saved", "fit", "fits", "print", "prints", "pair", "pairs", "boot", "boots",
		"accept", "accepts", "accepted", "recognize", "recognizes", "ship", "shipped", "dispatched", "processed", "appear", "appears", "appeared",
		"heat", "heats", "spin", "spins", "receive", "received",
		// refunding by other names
		"reimburse", "reimbursed", "compensated"} {
		enServiceVerbs[w] = true
	}
	for _, w := range []string{"عمل", "شتغل", "اشتغل", "فتح", "رد", "ردو", "وصل", "صل", "شحن", "حمل", "رجع", "اهتم", "هتم", "ساعد", "جاوب", "جاب", "ظبط", "زبط", "نفع", "مشي", "رجعل", "حل", "تحل", "جاوب", "استجاب", "ستجيب", "تصل", "اتصل",
		// give (ما احد عطاني حل), and the nouns of an answer (بدون جواب, ما في نتيجة)
		"عطا", "عطي", "اعطي", "جواب", "نتيجه", "استجابه",
		// send (محدش بعتلي اللينك), come, inform
		"بعت", "بعتل", "ارسل", "رسل", "اجا", "خبر", "بلغ",
		// keep an appointment or a promise (المعلم لا يلتزم بالمواعيد), be
		// counted (النقاط مش بتتحسب), examine (الدكتور ما فحص)
		"لتزم", "التزم", "تحسب", "نحسب", "فحص",
		// the jussive after لم (لم تستجب العيادة), and what a product is
		// expected to keep doing: last, hold (العطر لا يدوم, ما بيثبت)
		"ستجب", "دوم", "ثبت",
		// compensate (شركة النقل ضيعوا كرتونين وما عوضونا)
		"عوض",
		// money or credit expected in an account: added, transferred,
		// credited (شحنت الرصيد وما انضاف، التحويل ما اتحول)
		"انضاف", "نضاف", "اتضاف", "انحول", "اتحول"} {
		arServiceStems[foldKey(w)] = true
	}
}

// arServiceVerb reports an Arabic word that is a service verb once its verb
// prefixes and object or plural suffixes are removed.
func arServiceVerb(k string) bool {
	if arServiceStems[k] {
		return true
	}
	for _, p := range arVerbPrefixes {
		if !strings.HasPrefix(k, p) {
			continue
		}
		rest := k[len(p):]
		if arServiceStems[rest] {
			return true
		}
		for _, sf := range arVerbSuffixes {
			if strings.HasSuffix(rest, sf) && arServiceStems[rest[:len(rest)-len(sf)]] {
				return true
			}
		}
	}
	for _, sf := range arVerbSuffixes {
		if strings.HasSuffix(k, sf) && arServiceStems[k[:len(k)-len(sf)]] {
			return true
		}
	}
	return false
}

// circumfixFailure reports an Egyptian/Levantine ma-...-sh negated service
// verb (مبيشتغلش, موصلش, منفعش, مابيردش).
func circumfixFailure(k string) bool {
	if !strings.HasSuffix(k, "ش") || !strings.HasPrefix(k, "م") || utf8.RuneCountInString(k) < 4 {
		return false
	}
	stem := strings.TrimSuffix(k, "ش")
	for _, p := range []string{"ما", "م"} {
		if st := strings.TrimPrefix(stem, p); st != stem && utf8.RuneCountInString(st) >= 2 && arServiceVerb(st) {
			return true
		}
	}
	return false
}

// laughEmoji reports 😂 🤣 😅 or 😆 in text.
func laughEmoji(text string) bool { return emojiIn(text, "😂🤣😅😆") }

// emojiIn reports one of the four-byte emoji of set in text:
// strings.ContainsAny, which decodes every rune of the text, only when the
// text has a four-byte character (a lead byte 0xF0).
func emojiIn(text, set string) bool {
	return strings.IndexByte(text, 0xF0) >= 0 && strings.ContainsAny(text, set)
}

// spelledDomain returns i > 0 when toks[i-1:i+2] is a domain spelled out,
// "name dot com" (a Latin word, "dot", a top-level domain), else -1.
func spelledDomain(toks []token) int {
	for i := 1; i+1 < len(toks); i++ {
		if toks[i].key == "dot" && spelledTLDs[toks[i+1].key] && !toks[i-1].arabic && len(toks[i-1].key) >= 3 && !stopDomain[toks[i-1].key] {
			return i
		}
	}
	return -1
}

var (
	spelledTLDs = wordSet("com", "net", "org", "shop", "store", "site", "online", "xyz", "info", "biz", "io", "co", "me", "link", "top", "club")
	stopDomain  = wordSet("the", "and", "you", "your", "this", "that", "with", "for")
)

// takenFrom: a verb of money taken (سحب, خصم, سرق, قطع and their forms,
// خد/أخد) before "من حسابي".
func takenFrom(k string) bool {
	for _, st := range []string{"سحب", "خصم", "سرق", "قطع"} {
		if strings.Contains(k, st) {
			return true
		}
	}
	return k == "خد" || k == "اخد" || k == "أخد" || k == "اخذ" || k == "أخذ" || k == "خدو" || k == "اخدو" || k == "شالو" || k == "شال"
}
