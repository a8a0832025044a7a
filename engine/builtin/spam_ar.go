package builtin

import (
	"math"
	"strings"
)

// Arabic and Arabizi spam shapes of round 18 (issue 23; Arabizi comments
// reach them through their Arabic reading), which the promotion cues of
// detectSpam missed in cross-validation (docs/quality.md, "Round 18"):
//
//   - betting and forex lures: a word of betting, casinos or forex trading
//     (مراهنات, راهنوا, كازينو, الفوركس). None of the 22 labelled comments
//     with one is a customer's; a customer's page is no place for them
//     (unless ads are what the customer complains of: "الإعلانات كلها
//     مراهنات"). Not the bare راهن: "current" (الوضع الراهن) and, with و,
//     "behind them" ("والشباب نضفوا وراهن").
//   - a follow asked for the writer's own page: an imperative of following
//     or visiting (تابعوا, تبعو, زوروا, فوتوا) or the loan "follow" before
//     the writer's own page or account (صفحتي, حسابي, قناتي: "تابعو صفحتي",
//     "اعملوا follow لحسابي").
//   - a seller's offer: "we have" (عندنا, عنا, لدينا) with a price word of
//     an offer (أرخص, بأسعار) or "visit us" (زورونا), or a price word with
//     "visit us" or "message me" (رسل, مسج): "عنا أرخص ملابس بالبلد". A
//     customer says "you have" (عندكم), not "we have", of a brand's prices.
//   - earnings offered: "do you want to make money" (بدك تطلع مصاري) beside
//     "message me": a lure, as earnToReader's with a contact.
//   - follow for follow with the promise in a verb of doing or giving with
//     "you" as its object ("follow w b3mlak follow", "اعملي follow وانا
//     اعملك follow"): followExchange reads the promise in verbs of
//     returning only.
func arSpamShape(toks []token) (x float64, why string) {
	follows, giveBack := 0, false
	we, price, visit, contact := false, false, false, false
	for i := range toks {
		t := &toks[i]
		k := t.key
		if !t.arabic {
			if strings.Contains(k, "follow") && !strings.Contains(k, "follower") {
				follows++
				if ownAccountAfter(toks, i) || ownAccountAfter(toks, i-4) {
					return 1.2, "follow my page"
				}
			}
			continue
		}
		b := spamShapeKinds[k] // one lookup a token (two with a joined و)
		if kb, ok := strings.CutPrefix(k, "و"); ok {
			b |= spamShapeKinds[kb]
		}
		if b == 0 {
			continue
		}
		// "الإعلانات عندكم كلها مراهنات": a customer's complaint about the
		// ads shown, not a lure
		if b&sbBet != 0 && !precededBy(toks, i, 3, adNouns) {
			return 1.2, "betting or forex"
		}
		if b&sbFollowVisit != 0 && ownAccountAfter(toks, i) {
			return 1.2, "follow my page"
		}
		we = we || b&sbWe != 0
		price = price || b&sbPrice != 0
		giveBack = giveBack || b&sbGive != 0
		visit = visit || b&sbVisit != 0
		contact = contact || b&sbContact != 0
	}
	if we && (price || visit) || price && (visit || contact) {
		return 1.0, "an offer at a price"
	}
	if contact && earnAsked(toks) {
		return 1.0, "earnings and contact me"
	}
	if follows >= 2 && giveBack {
		return 1.2, "follow for follow"
	}
	return 0, ""
}

// The kinds of the words of spamShapeKinds (bits: a word may be of
// several).
const (
	sbBet uint8 = 1 << iota
	sbFollowVisit
	sbWe
	sbPrice
	sbGive
	sbVisit
	sbContact
)

var spamShapeKinds = func() map[string]uint8 {
	m := map[string]uint8{}
	for _, x := range []struct {
		set  map[string]bool
		kind uint8
	}{{betWords, sbBet}, {followVisitVerbs, sbFollowVisit}, {sellerWe, sbWe}, {priceWords, sbPrice}, {readPriceWords, sbPrice},
		{giveBackVerbs, sbGive}, {visitUs, sbVisit}, {sellerContact, sbContact}, {contactMeW, sbContact}} {
		for w := range x.set {
			m[w] |= x.kind
		}
	}
	return m
}()

// earnAsked: "do you want" (بدك, عايز, تبي) up to two words before a verb
// of making money (تطلع, تكسب, تربح) and money (مصاري, فلوس): "بدك تطلع
// مصاري من البيت؟" offers earnings, with a contact beside it a lure.
func earnAsked(toks []token) bool {
	for i := range toks {
		if !wantYou[toks[i].key] {
			continue
		}
		for j := i + 1; j+1 < len(toks) && j <= i+2; j++ {
			if makeMoneyVerbs[toks[j].key] && moneyWords[toks[j+1].key] {
				return true
			}
		}
	}
	return false
}

// ownAccountAfter: a noun of the writer's own page or account up to three
// words after toks[i] ("تابعو صفحتي", "follow لا حسابي"), or a page noun
// and "mine" (صفحة تبعي, page ta3i read صفحه تعي).
func ownAccountAfter(toks []token, i int) bool {
	for j := max(i+1, 0); j < len(toks) && j <= i+3; j++ {
		k := strings.TrimPrefix(toks[j].key, "و")
		if ownAccounts[k] || pageNouns[k] && j+1 < len(toks) && mineWords[toks[j+1].key] {
			return true
		}
	}
	return false
}

var (
	betWords = wordSet("مراهنات", "المراهنات", "مراهنه", "المراهنه", "بالمراهنه", "بالمراهنات", "مراهنة", "رهان", "رهانات", "الرهان", "راهنوا", "راهنو",
		"كازينو", "الكازينو", "بالكازينو", "فوركس", "الفوركس", "بالفوركس", "فركس", "بالفركس", "مرهنت")
	followVisitVerbs = wordSet("تابعوا", "تابعو", "تبعو", "تابعي", "تابع", "زوروا", "زورو", "فوتوا", "فوتو", "ادخلوا", "ادخلو", "اعملوا", "اعملو", "عملو", "اعملي", "اعمل")
	// (pagti read بقتي)
	ownAccounts    = wordSet("بقتي", "صفحتي", "حسابي", "قناتي", "متجري", "انستي", "بروفايلي", "لصفحتي", "لحسابي", "لقناتي", "عصفحتي", "عحسابي", "صفحتنا", "حسابنا", "قناتنا", "متجرنا", "لصفحتنا", "لحسابنا")
	wantYou        = wordSet("بدك", "بدكم", "بدكن", "عايز", "عاوز", "عايزه", "عايزين", "تبي", "تبغى", "تبغي", "تريد", "حابب")
	makeMoneyVerbs = wordSet("تطلع", "تكسب", "تربح", "تعمل", "تجمع", "تحصل", "تدخل")
	sellerWe       = wordSet("عندنا", "عنا", "لدينا", "عندنا،", "عنا،")
	// the Arabizi readings of ar5as / ar5a9 (أرخص, cheapest)
	readPriceWords = wordSet("ارخس", "بارخس", "وارخس", "ارخق", "بارخق")
	adNouns        = wordSet("اعلانات", "الاعلانات", "اعلان", "الاعلان", "واعلانات", "بالاعلانات", "اعلانات،")
	pageNouns      = wordSet("صفحه", "الصفحه", "عالصفحه", "بالصفحه", "page", "الحساب", "حساب", "بيج", "البيج")
	mineWords      = wordSet("تعي", "تبعي", "تاعي", "بتاعتي", "بتاعي", "تبعنا", "تاعنا", "بتاعنا", "حقي", "حقتي", "حقنا")
	// "visit us" (زورونا; zoroona read زرونه): a shop's invitation
	visitUs = wordSet("زورونا", "زرونا", "زرونه", "زورونه", "زوروا", "زورو")
	// a seller's "message / contact" (rasel read رسل; msg read مصج)
	sellerContact = wordSet("رسل", "راسل", "راسلونا", "راسلنا", "مصج", "مسج", "ماسج", "msg", "كلمونا", "كلمنا")
	giveBackVerbs = wordSet("بعملك", "اعملك", "هعملك", "حعملك", "بعملكم", "اعملكم", "اعطيك", "بعطيك", "اعتيك", "بعتيك", "بديك", "اديك", "هديك", "بدلك")
)

// sellerBaits adds to s (detectSpam's evidence) the seller's baits of the
// fourteenth session (issue 23), which need the whole text (a question is
// a customer's) and which promotion cues alone missed:
//
//   - an order channel with an offer: an order noun or the imperative
//     "order" (الطلب, للطلب, اطلبي, order) before a way to reach the seller
//     (عن طريق / عبر / على / من + الواتساب, الخاص, الصفحة, البايو; "on
//     whatsapp", "via dm", "from our page"), in a comment that offers goods
//     (a seller's "we have", a price or discount word, half price,
//     "original"). A customer names the channel to complain of it or asks
//     through it ("where do I order?", "ردوا على الواتساب"): no offer.
//   - a job offer: a noun of jobs (وظائف, فرص عمل, jobs, hiring) with a
//     remote or salaried work cue (عن بعد, من البيت, براتب, remote, from
//     home, salary) and an imperative to send one's CV or to get in touch
//     (أرسل سيرتك, ابعتي السي في, "send your CV", "dm me"). A customer tells
//     of the CV they sent (أرسلت سيرتي) or asks about jobs.
//   - a weight-loss promise: a verb of slimming said to the reader (the
//     imperative خسسي, نزلي, انزلي or the second person تخسي, هتنزلي,
//     "you lose", a bare "lose") with a count of kilos or pounds, and a
//     time span (في أسبوع, خلال شهر, "in 2 weeks") or a way to order. The
//     writer's own loss (نزلت ٧ كيلو, "helped me lose 5 kg") is praise.
//   - a like or a follow asked with a return promised to the reader: an
//     engagement noun (لايك, متابعة, اشتراك, follow) beside a
//     first-person verb of returning with "you" as its object (بردلك,
//     برجعلك, اردلك) or before "it" or the noun itself (برد المتابعة,
//     برجعها): the follow-for-follow of the Levantine comment.
//   - a prize won from a site or a link (ربحت ايفون من هالموقع، جربو انتو
//     كمان; "i won from this site, try it"): a first-person verb of winning
//     and a site, a link or a pointing emoji, with an imperative to try.
//   - the writer's own page named with an invitation to come and see
//     (ادخلو شوفو عالصفحة تبعي).
//   - a loan offered (قرض, قروض, تمويل, loan) with a contact imperative
//     (حاكينا, راسلنا, كلمنا, تواصل) or a messaging app.
//
// None but the loan applies to a text with a question mark (a customer's);
// a loan's question is its bait ("بدك قرض سريع بلا كفيل؟ حاكينا عالواتس").
func sellerBaits(text string, toks []token, s *spamResult) {
	if len(toks) < 3 {
		return
	}
	var why string
	switch {
	case loanOffered(toks):
		why = "a loan offered, contact us"
	case hasQuestionMark(text):
		return
	case orderChannelOffer(toks):
		why = "an offer, order through a channel"
	case dmClosedOffer(toks):
		why = "an offer closed with 'DM'"
	case jobOffered(toks):
		why = "a job offered, send your CV"
	case weightLossPromised(toks):
		why = "kilos lost in days"
	case engagementReturned(toks):
		why = "a like or follow returned"
	case wonFromSite(toks):
		why = "a prize won from a site, try it too"
	case ownPageInvited(toks):
		why = "the writer's own page, come and see"
	default:
		return
	}
	// the score is 1-exp(-x) of the summed evidence: add 1.2 to x
	s.score = 1 - (1-s.score)*math.Exp(-1.2)
	s.lure, s.bait = true, true
	s.reasons = append(s.reasons, why)
}

// bareKey is a token's key without the article or a preposition with it
// (بال, عال, ال, لل), and the conjunction و before the article.
func bareKey(k string) string {
	if r, ok := strings.CutPrefix(k, "و"); ok && strings.HasPrefix(r, "ال") {
		k = r
	}
	for _, p := range [...]string{"بال", "عال", "لل", "ال"} {
		if r, ok := strings.CutPrefix(k, p); ok && len(r) >= 4 {
			return r
		}
	}
	return k
}

// inSetW: k, or k without the conjunction و, is in set (a word that
// begins with و, واتساب or وظائف, is looked up whole too).
func inSetW(set map[string]bool, k string) bool {
	if set[k] {
		return true
	}
	r, ok := strings.CutPrefix(k, "و")
	return ok && set[r]
}

// orderChannelOffer: an order word followed within four words by an order
// channel (orderChannelAfter) in a comment with an offer (offerSignal),
// not after a negation ("ما في طلب عن طريق الواتساب").
func orderChannelOffer(toks []token) bool {
	found := false
	for i := range toks {
		k := toks[i].key
		if !inSetW(orderWordsR22, k) && !(k == "order" || k == "orders") {
			continue
		}
		if precededBy(toks, i, 2, verbNegators) || orderNotOffered(toks, i) {
			continue
		}
		if orderChannelAfter(toks, i) {
			found = true
			break
		}
	}
	return found && offerSignal(toks) && !brandAddressed(toks)
}

// dmClosedOffer: a comment that offers goods (offerSignal) and ends with
// the bare word for a private message ("عندي اشتراكات بأسعار حلوة، خاص",
// "... بسعر رمزي خاص", "cheap prices dm"): the seller's sign-off. A
// customer who names the DM says where ("ردوا عالخاص"), with a verb.
func dmClosedOffer(toks []token) bool {
	n := len(toks)
	if n < 4 || !dmWords[toks[n-1].key] || brandAddressed(toks) {
		return false
	}
	return offerSignal(toks)
}

var dmWords = wordSet("خاص", "بالخاص", "عالخاص", "الخاص", "dm", "inbox", "pm")

// brandAddressed: the brand spoken to in the plural (عندكم, انتو, منكم):
// a customer's comment, where a seller speaks of "we" ("الأسعار عندكم
// أرخص بس الطلب عالواتس بطيء" compares prices).
func brandAddressed(toks []token) bool { return anyKey(toks, brandYou) }

// orderNotOffered: the English "order" of a customer: the object of a
// verb or possessive ("my order", "your order", "to order", "the order").
func orderNotOffered(toks []token, i int) bool {
	if toks[i].arabic || i == 0 {
		return false
	}
	return orderOwners[toks[i-1].key]
}

// orderChannelAfter: up to four words after toks[i], through a preposition
// of means or place only (عن طريق, عبر, على, من, on, via, through), a
// channel the seller takes orders by.
func orderChannelAfter(toks []token, i int) bool {
	for j := i + 1; j < len(toks) && j <= i+4; j++ {
		k := toks[j].key
		if orderChannels[bareKey(k)] || orderChannels[k] {
			return true
		}
		if !orderVia[k] {
			return false
		}
	}
	return false
}

// offerSignal: a comment that offers goods: a seller's "we have" (عندنا,
// عنا), a price or sale word (بأسعار, أرخص, للبيع, cheap), a discount,
// half price (بنص السعر) or goods called original (أصلية).
func offerSignal(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if inSetW(sellerWe, k) || inSetW(saleWords, k) || inSetW(offerWordsR22, k) {
			return true
		}
		// a price word, not a comparison ("أرخص من التطبيق", "cheaper
		// than the app": a customer's tip)
		if (inSetW(priceWords, k) || inSetW(readPriceWords, k)) && (i+1 == len(toks) || !comparedTo[toks[i+1].key]) {
			return true
		}
		if (k == "بنص" || k == "بنصف" || k == "half") && i+1 < len(toks) && halfOf[toks[i+1].key] {
			return true
		}
		if k == "we" && i+1 < len(toks) && (toks[i+1].key == "have" || toks[i+1].key == "sell") {
			return true
		}
	}
	return false
}

// jobOffered: a noun of jobs, a remote or salaried work cue and an
// imperative to send a CV or to get in touch.
func jobOffered(toks []token) bool {
	if !anyKey(toks, jobOfferNouns) { // the job noun first: one lookup a token
		return false
	}
	cue, send := false, false
	for i := range toks {
		k := toks[i].key
		if remoteCue(toks, i) {
			cue = true
		}
		if sendCV(toks, i) || inSetW(contactMeW, k) && !channelNames[k] {
			send = true
		}
	}
	return cue && send
}

// remoteCue: work from afar or paid (عن بعد, من البيت, براتب, remote,
// "from home", salary).
func remoteCue(toks []token, i int) bool {
	k := toks[i].key
	if inSetW(salaryWords, k) {
		return true
	}
	if i+1 >= len(toks) {
		return false
	}
	n := toks[i+1].key
	return k == "عن" && n == "بعد" || (k == "من" || k == "from") && homeWords[n]
}

// sendCV: an imperative of sending (أرسل, ابعتي, send) before a CV said
// to the reader (سيرتك, "your cv") or named (السيرة الذاتية, cv, resume)
// within three words.
func sendCV(toks []token, i int) bool {
	if !inSetW(sendVerbs, toks[i].key) {
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		if cvWords[toks[j].key] {
			return true
		}
	}
	return false
}

// weightLossPromised: a verb of slimming said to the reader, a count and
// a unit of weight right after it, and a time span or an order channel.
func weightLossPromised(toks []token) bool {
	for i := range toks {
		if !slimToReader(toks, i) {
			continue
		}
		// the count of kilos: a number and a unit within three words
		unit := -1
		for j := i + 1; j+1 < len(toks) && j <= i+2; j++ {
			if toks[j].key != "" && isNumber(toks[j].key) && weightUnits[toks[j+1].key] {
				unit = j + 1
				break
			}
		}
		if unit < 0 {
			continue
		}
		for j := unit + 1; j < len(toks); j++ {
			k := toks[j].key
			if inSetW(slimSpans, k) || inSetW(contactMeW, k) || inSetW(reachNouns, k) || inSetW(inviteVerbs, k) {
				return true
			}
		}
	}
	return false
}

// slimToReader: a verb of slimming in the imperative or the second person
// (خسسي, نزلي, تخسي, هتنزلي), or the English "lose" opening the comment
// or said to "you" (not after "I", "me", "to": the writer's own aim or
// loss).
func slimToReader(toks []token, i int) bool {
	k := toks[i].key
	if toks[i].arabic && !inSetW(slimVerbs, k) || !toks[i].arabic && k != "lose" {
		return false
	}
	// "كيف تنزلي ٥ كيلو بشهر", "ياريت فيديو عن ...": a way asked for or
	// content wished, not a promise
	if precededBy(toks, i, 4, slimAsked) || precededBy(toks, i, 4, wishWords) || precededBy(toks, i, 4, proposeWords) {
		return false
	}
	if toks[i].arabic {
		return true
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if writerSide[toks[j].key] {
			return false
		}
	}
	return true
}

// engagementReturned: an engagement noun asked (لايك, متابعة, follow) and
// a first-person verb of returning with the reader as its object or
// before what it returns (بردلك, برجعلك, برد المتابعة, بردها).
func engagementReturned(toks []token) bool {
	asked, returned := false, false
	for i := range toks {
		k := toks[i].key
		asked = asked || inSetW(engagementAsked, k) || engagementAsked[bareKey(k)]
		if !toks[i].arabic {
			continue
		}
		if r, ok := cutReturnVerb(strings.TrimPrefix(k, "و")); ok {
			switch {
			case r == "ها" || r == "هالك":
				returned = true
			// "بردلك ياها", "برجعلك" closing the comment: not "بردلك خبر"
			// (I'll get back to you with news)
			case (r == "لك" || r == "لكم" || r == "لكن" || r == "لكو") && (i+1 == len(toks) || toks[i+1].emoji || returnedThings[toks[i+1].key]):
				returned = true
			case r == "" && i+1 < len(toks) && (returnedThings[toks[i+1].key] || engagementAsked[bareKey(toks[i+1].key)]):
				returned = true
			// an Arabizi article before the loan ("harod el follow" read
			// "هرد ال follow")
			case r == "" && i+2 < len(toks) && toks[i+1].key == "ال" && engagementAsked[toks[i+2].key]:
				returned = true
			}
		}
	}
	return asked && returned
}

// cutReturnVerb: a first-person verb of returning (برد, ارد, نرد, برجع,
// ارجع, بنرجع) and what follows it (لك, ها).
func cutReturnVerb(k string) (rest string, ok bool) {
	for _, v := range [...]string{"بنرجع", "برجع", "ارجع", "نرجع", "بنرد", "برد", "ارد", "نرد", "هنرجع", "هرجع", "هنرد", "هرد", "حرد", "حرجع"} {
		if r, ok := strings.CutPrefix(k, v); ok {
			return r, true
		}
	}
	return "", false
}

var (
	orderWordsR22 = wordSet("طلب", "الطلب", "للطلب", "الطلبات", "للطلبات", "الاوردر", "للاوردر", "اطلب", "اطلبي", "اطلبوا", "اطلبو", "اطلبيها", "اطلبها", "اطلبوها")
	orderOwners   = wordSet("my", "your", "our", "the", "to", "this", "that", "an", "his", "her", "their", "first", "last", "same", "i", "ur", "u")
	// ways and places of taking orders (bareKey: without the article or
	// a preposition with it)
	orderChannels = wordSet("واتساب", "واتس", "وتساب", "واتسب", "خاص", "الخاص", "صفحه", "صفحتنا", "بيج", "انبوكس", "دايركت", "بايو", "رابط", "لينك", "انستا", "انستقرام", "تلجرام", "تليجرام",
		"whatsapp", "dm", "dms", "inbox", "page", "bio", "link", "direct", "telegram", "insta", "instagram")
	orderVia = wordSet("عن", "طريق", "عبر", "على", "علي", "من", "ع", "في", "بواسطه", "on", "via", "through", "thru", "from", "at", "in", "by", "our", "the")
	// an offer's words beside the price words (priceWords): a discount,
	// "original" goods, free delivery
	offerWordsR22 = wordSet("خصم", "خصومات", "تخفيضات", "تخفيض", "اصلي", "اصليه", "اورجينال", "مجاني", "مجانا", "discount", "off", "original", "sale")
	brandYou      = wordSet("عندكم", "عندكو", "عندكن", "انتو", "انتم", "انتوا", "منكم", "منكو", "معكم", "معكو", "فيكم", "فيكو", "لكم", "الكم", "الكو", "اسعاركم", "اسعاركو")
	halfOf        = wordSet("السعر", "التمن", "الثمن", "سعر", "price")
	jobOfferNouns = wordSet("وظاءف", "وظايف", "وظيفه", "وظاءفنا", "فرص", "فرصه", "مطلوب", "مطلوبين", "jobs", "job", "hiring", "vacancies", "vacancy")
	salaryWords   = wordSet("براتب", "راتب", "بمرتب", "مرتب", "بدخل", "اونلاين", "remote", "remotely", "salary", "online")
	homeWords     = wordSet("البيت", "المنزل", "بيتك", "منزلك", "home")
	sendVerbs     = wordSet("ارسل", "ارسلي", "ارسلوا", "ارسلو", "ابعت", "ابعتي", "ابعتوا", "ابعتو", "ابعث", "ابعثي", "ابعثوا", "بعتلي", "ابعتلي", "ارسللي", "send", "submit")
	cvWords       = wordSet("سيرتك", "سيرتكم", "سيرتكو", "السيره", "سيره", "cv", "cvs", "resume", "resumes", "سي")
	slimVerbs     = wordSet("خسسي", "خسس", "خسسو", "خسسوا", "اخسي", "اخسري", "تخسي", "تخسري", "تخس", "تخسر", "تخسو", "تخسوا", "نزلي", "انزلي", "تنزلي", "تنزلو", "تنزلوا",
		"هتخسي", "هتخس", "هتخسري", "هتنزلي", "هتنزل", "حتخسي", "حتنزلي", "بتخسي", "بتنزلي", "بتخس", "تنحفي", "تنحف", "هتنحفي")
	slimAsked   = wordSet("كيف", "ازاي", "ازاى", "شلون", "كيفيه", "طريقه", "طريقة", "فيديو", "how", "tips", "ways", "video")
	comparedTo  = wordSet("من", "than", "then")
	writerSide  = wordSet("i", "me", "to", "we", "us", "im", "ive", "she", "he", "her", "him", "cant", "didnt", "not", "never")
	weightUnits = wordSet("كيلو", "كيلوات", "كيلوهات", "كغ", "كجم", "كيلوجرام", "باوند", "kg", "kgs", "kilo", "kilos", "pounds", "lbs", "lb")
	slimSpans   = wordSet("اسبوع", "اسبوعين", "اسابيع", "ايام", "يوم", "شهر", "شهرين", "بأسبوع", "باسبوع", "بشهر", "week", "weeks", "days", "month", "weeks", "day")
	// engagement asked for (bareKey), and what a return promise returns
	engagementAsked = wordSet("لايك", "لايكات", "متابعه", "فولو", "اشتراك", "سبسكرايب", "اضافه", "follow", "like", "sub", "subscribe")
	returnedThings  = wordSet("المتابعه", "اللايك", "الاضافه", "الاشتراك", "الفولو", "ياها", "ياه", "بالمثل", "follow")
)

// wonFromSite: a first-person verb of winning (ربحت, كسبت, won) and an
// imperative to try (جربو, جربي, try) with a site, a link or 👇 named.
func wonFromSite(toks []token) bool {
	if !anyKey(toks, wonVerbs) { // the rare word first: one lookup a token
		return false
	}
	try, site := false, false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		try = try || tryImperatives[k]
		site = site || siteWords[k] || toks[i].emoji && strings.Contains(toks[i].key, "👇")
	}
	return try && site
}

// anyKey reports a token whose key (or the key without a joined و) is in
// set.
func anyKey(toks []token, set map[string]bool) bool {
	for i := range toks {
		if set[toks[i].key] || set[strings.TrimPrefix(toks[i].key, "و")] {
			return true
		}
	}
	return false
}

// loanOffered: a loan noun (قرض, قروض, تمويل, loan) and a contact
// imperative or a messaging app.
func loanOffered(toks []token) bool {
	if !anyKey(toks, loanNouns) {
		return false
	}
	loan, contact := false, false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		// offered: "do you need" before it or an offer's word after it
		// (سريع, بلا كفيل, فوري); a customer's own loan application
		// ("قدمت على قرض وما حدا تواصل") is not read
		loan = loan || loanNouns[k] && (i > 0 && loanWant[toks[i-1].key] || nearAny(toks, i, 3, loanOfferWords))
		contact = contact || loanContact[k] || channelNames[k]
	}
	return loan && contact
}

var (
	wonVerbs       = wordSet("ربحت", "كسبت", "فزت", "won")
	tryImperatives = wordSet("جربو", "جربوا", "جربي", "جرب", "try")
	siteWords      = wordSet("الموقع", "هالموقع", "الرابط", "اللينك", "site", "link", "website", "app")
	loanNouns      = wordSet("قرض", "قروض", "تمويل", "سلفه", "سلفة", "loan", "loans")
	loanWant       = wordSet("بدك", "بدكم", "تبي", "تبغى", "محتاج", "عايز", "عاوز", "need", "want")
	loanOfferWords = wordSet("سريع", "فوري", "كفيل", "ميسر", "ميسره", "بدون", "بلا", "instant", "fast", "quick", "guarantor")
	loanContact    = wordSet("حاكينا", "حاكيني", "راسلنا", "راسلني", "كلمنا", "كلمني", "تواصل", "تواصلوا", "اتصل", "اتصلوا", "عالواتس", "عالخاص", "بالخاص", "dm", "contact", "call")
)

// ownPageInvited: the writer's own page named (صفحتي, عالصفحة تبعي) and an
// invitation to come and see (ادخلو, شوفو, زوروا, فوتو): a page promoted.
func ownPageInvited(toks []token) bool {
	page, invite := false, false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		// a page or a shop, not the customer's own account (حسابي)
		page = page || ownShopPages[k] || i+1 < len(toks) && pageNouns[k] && k != "الحساب" && k != "حساب" && mineWords[toks[i+1].key]
		invite = invite || pageInvites[k]
	}
	return page && invite
}

var (
	ownShopPages = wordSet("صفحتي", "صفحتنا", "قناتي", "قناتنا", "متجري", "متجرنا", "عصفحتي", "عصفحتنا", "لصفحتي", "لصفحتنا")
	pageInvites  = wordSet("ادخلوا", "ادخلو", "شوفوا", "شوفو", "زوروا", "زورو", "فوتوا", "فوتو", "تابعوا", "تابعو")
)

// linkVictim reports a link told as what robbed the writer: a first-person
// verb of clicking or opening (كبست, ضغطت, فتحتو; clicked, opened) and a
// loss (points or a balance gone, a verb of taking from "my account").
func linkVictim(toks []token) bool {
	clicked, lost := false, false
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		switch {
		case clickedWords[k]:
			clicked = true
		case r26Words[k] == r26Gone, linkLossWords[k]:
			lost = true
		}
	}
	return clicked && lost
}

var (
	clickedWords = wordSet("كبست", "كبستو", "كبسته", "كبستها", "ضغطت", "ضغطتو", "ضغطته", "ضغطتها", "فتحتو", "فتحته", "فتحتها", "دوست", "دوستو", "دوسته",
		"clicked", "tapped", "opened")
	linkLossWords = wordSet("انسحب", "انسحبت", "انسحبو", "انسحبوا", "اتسحب", "اتسحبت", "انخصم", "انخصمت", "اتخصم", "اتخصمت", "انسرق", "انسرقت", "اتسرق", "اتسرقت", "انهكر", "اتهكر",
		"lost", "gone", "stolen", "drained", "emptied", "hacked")
)

// accountTaken reports an account told stolen or hacked: a verb of
// stealing, entering or hacking (سرق, اتهكر, hacked) up to two words
// before or after an account ("حدا سرق حسابي", "حسابي انهكر", "my account
// got hacked"). Links named after it are what the intruder sends, not a
// promotion (moderate.go).
func accountTaken(toks []token) bool {
	for i := range toks {
		k := strings.TrimPrefix(toks[i].key, "و")
		if !(intrudeWords[k] || passiveHacked[k] || k == "hacked" || k == "stolen") {
			continue
		}
		for j := max(0, i-2); j < len(toks) && j <= i+2; j++ {
			if j != i && (r22Account[toks[j].key] || hackedThings[toks[j].key]) {
				return true
			}
		}
	}
	return false
}
