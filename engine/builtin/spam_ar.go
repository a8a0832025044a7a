package builtin

import "strings"

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
	pageNouns      = wordSet("صفحه", "الصفحه", "page", "الحساب", "حساب", "بيج", "البيج")
	mineWords      = wordSet("تعي", "تبعي", "تاعي", "بتاعتي", "بتاعي", "تبعنا", "تاعنا", "بتاعنا")
	// "visit us" (زورونا; zoroona read زرونه): a shop's invitation
	visitUs = wordSet("زورونا", "زرونا", "زرونه", "زورونه", "زوروا", "زورو")
	// a seller's "message / contact" (rasel read رسل; msg read مصج)
	sellerContact = wordSet("رسل", "راسل", "راسلونا", "راسلنا", "مصج", "مسج", "ماسج", "msg", "كلمونا", "كلمنا")
	giveBackVerbs = wordSet("بعملك", "اعملك", "هعملك", "حعملك", "بعملكم", "اعملكم", "اعطيك", "بعطيك", "اعتيك", "بعتيك", "بديك", "اديك", "هديك", "بدلك")
)
