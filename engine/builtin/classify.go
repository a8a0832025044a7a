package builtin

import (
	"fmt"
	"math"
	"strings"

	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/textnorm"
)

// urgent words raise a complaint or question to high priority.
var urgentM = func() *matcher {
	m := newMatcher()
	for i, w := range []string{"urgent", "asap", "immediately", "refund", "charged twice", "scam", "lawyer", "legal action", "report you",
		"عاجل", "عاجله", "العاجله", "ضروري", "مستعجل", "فورا", "بسرعه", "فلوسي", "نصب", "محامي", "اشتكي", "شكوى", "حرامية",
		"double charged", "charged me twice", "two payments", "paid twice", "double payment", "money back", "اتخصم", "انخصم", "خصم المبلغ", "انسحبت المصاري", "انسحب المبلغ", "مصرياتي", "اموالي", "استرداد", "مغشوش",
		"took my money", "سحب المبلغ", "اتسحب", "انسحب",
		// a threat to cancel or leave, again and again, a danger (issue 23)
		"سالغي", "هلغي", "رح الغي", "راح الغي", "بسكر حسابي", "هقفل حسابي", "بقفل حسابي", "هسيبكم", "مش هتعامل", "ما راح اتعامل", "ما رح اتعامل", "لن اتعامل",
		"اخر مره اتعامل", "بشتكي", "هشتكي", "حمايه المستهلك", "ثالث مره", "تالت مره", "تالث مره", "للمره الثالثه", "خطر", "خطير", "خطيره", "حريق", "تسمم", "تسممت", "انفجر", "كهربني",
		"سحبتوا", "سحبتو", "خصمتوا", "خصمتو", "سحبتلي", "سحبتولي", "سحبولي", "خصمتلي", "خصمتولي", "خصمولي", "ابي حقي", "ابغى حقي", "عايز حقي", "بدي حقي", "اريد حقي", "بدي مصاري", "بدي مصرياتي", "عايز فلوسي", "ابي فلوسي", "ابغى فلوسي",
		"انسحبت", "اتسحبت", "انخصمت", "اتخصمت", "مش هطلب تاني", "ما راح اطلب", "ما رح اطلب", "ماعاد بطلب", "ماعاد اطلب", "لن اطلب", "ماعاد اتعامل", "هقفل الحساب", "بسكر الحساب",
		"بلغي", "خسرت", "احتيال", "للاحتيال", "اتنصب", "نصبتوا", "حولت", "دخان", "يحترق", "احترق", "ولع",
		"تم سحب", "تم خصم", "لم اقم بها", "بدون علمي", "دون علمي", "دون اذني", "اتسرق", "انسرق", "سرقوا", "من السوق",
		// money taken (English): charged, billed or debited for nothing
		"charged", "billed", "debited", "deducted", "took the money", "taken from my", "from my card", "from my account",
		// safety: a product that can hurt someone
		"dangerous", "hazard", "unsafe", "caught fire", "on fire", "sparked", "sparks", "burning", "overheated", "burned a hole", "exploded", "overheating", "overheats",
		"electric shock", "shocked me", "injured", "got hurt", "food poisoning", "allergic reaction",
		"could have been hurt", "could have hurt", "could have burned", "could have killed", "started smoking", "piece of glass", "burned my", "burnt my", "got so hot",
		"could have been a disaster", "could have died", "could have been killed", "almost fell", "could have fallen", "renewed without", "without my permission", "without my consent",
		// threats to leave
		"cancel my subscription", "cancelling my subscription", "canceling my subscription", "cancel my membership", "close my account", "closing my account",
		"take my business elsewhere", "business elsewhere", "im leaving", "leaving for another", "switch to another", "another provider", "a competitor", "lost a customer", "switching to", "done with this", "done with you", "im done with", "unsubscribing", "unsubscribed",
		"im cancelling", "im canceling", "i am cancelling", "cancel my account", "cancelling my", "canceling my",
		// the same problem reported again and again
		"again and again", "how many times", "times already", "reporting you", "consumer protection",
		// money or purchases lost; poison (every labelled comment of these
		// is high: docs/quality.md, thirteenth session; "not the first
		// time", read here then, is medium by itself since the
		// twenty-third: the later read sets label all eight such medium)
		"راحت فلوسي", "راحت كل فلوسي", "ضاعت فلوسي", "ضاعت كل فلوسي", "راحت مشترياتي", "راحت كل مشترياتي", "ضاعت مشترياتي", "ضاعت كل مشترياتي", "راحت مصرياتي", "راحت كل مصرياتي",
		"lost all my purchases", "lost all my money", "lost my purchases",
		"يسمم", "بيسمم", "هيسمم", "يسممنا", "يسممهم", "يسممني", "مسموم", "مسمومه", "poisoned", "poison",
		// the whole balance taken; tired of chasing an answer
		"سحب كل الرصيد", "سحب الرصيد كله", "سحبت كل الرصيد", "سحب كل رصيدي", "سحبوا كل الرصيد", "خصم كل الرصيد",
		"keep chasing", "tired of chasing", "sick of chasing", "tired of calling", "sick of calling", "tired of emailing",
		// an ultimatum; glass in food; stock ruined (money lost)
		"or i quit", "or im leaving", "or i will leave", "or ill leave", "or i cancel", "or im cancelling",
		"قطعه زجاج", "زجاج في الاكل", "زجاج في الطعام", "قزاز في الاكل", "ازاز في الاكل",
		"ruined my stock", "stock is ruined", "stock was ruined", "اتلف بضائع", "اتلفت البضاعه", "اتلف البضاعه", "خربت البضاعه كلها",
		// deleting the app for good: a customer leaving
		"ساحذف التطبيق", "سأحذف التطبيق", "هحذف التطبيق", "بحذف التطبيق", "رح احذف التطبيق", "راح احذف التطبيق", "همسح التطبيق", "بمسح التطبيق", "رح امسح التطبيق",
		"deleting the app", "delete this app", "uninstalling", "im uninstalling"} {
		m.add(w, i, false)
	}
	return m
}()

// neverAgain reports "never ... again" within a few words ("never shopping
// here again", "never ordering from you again"): a customer threatening to
// leave.
func neverAgain(toks []token) bool { return againThreat(toks, false) }

// notAgainStart: "not ordering again", "wont buy again": a milder form of
// the threat; the labelled sets give it a complaint, not high priority.
func notAgainStart(toks []token, i int) bool {
	k := toks[i].key
	return (k == "not" || k == "wont") && i+1 < len(toks) && (strings.HasSuffix(toks[i+1].key, "ing") || k == "wont")
}

// againThreat is neverAgain; loose also reads "not ... again".
func againThreat(toks []token, loose bool) bool {
	for i := range toks {
		if toks[i].key != "never" && !(loose && notAgainStart(toks, i)) {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+5; j++ {
			if toks[j].key == "again" {
				return true
			}
		}
	}
	return false
}

// repeatedContact reports "third time", "fifth email", "4th call": the
// same problem reported for the third time or more.
func repeatedContact(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		if ordinal3[toks[i].key] && contactNouns[toks[i+1].key] {
			return true
		}
	}
	return false
}

var (
	ordinal3     = map[string]bool{"third": true, "fourth": true, "fifth": true, "sixth": true, "tenth": true, "3rd": true, "4th": true, "5th": true, "6th": true, "10th": true, "nth": true}
	contactNouns = map[string]bool{"time": true, "email": true, "mail": true, "call": true, "message": true, "complaint": true, "attempt": true, "request": true, "ticket": true}
)

// Classify classifies one comment.
//
// Contract: Intent is a non-empty, duplicate-free subset of op.Intents (spam
// alone when the comment is spam; "other" only alone); Sentiment, Language,
// Priority and Toxicity hold enumeration values; Dialect is "" for text
// without Arabic. Rules:
//   - intents: cue phrases per intent (data/intent.tsv), question marks and
//     sentence-initial interrogatives, spam signals (links, contact baits,
//     self-promotion, repeated text) and lexical sentiment;
//   - sentiment: lexicon valences with negation, intensifiers and emoji;
//     "mixed" when positive and negative evidence are both strong;
//   - requires_response: a question (not a proposal phrased as one) or a
//     complaint (never for spam), or any
//     self-harm signal;
//   - priority: high for severe toxicity, threats or self-harm, or a complaint
//     that is angry (strongly negative) or urgent (refund, scam, عاجل...);
//     medium for other complaints, questions, suggestions and moderate
//     toxicity; low otherwise;
//   - hints: when a hint's folded text equals the comment's folded text, its
//     corrected intents and sentiment replace the computed ones.
//
// ReplyText is a template draft in the commenter's language and dialect.
func Classify(req op.ClassifyRequest) op.Classification { return classify(req, nil) }

// ClassifyDetected is Classify for a caller that has already detected the
// text's language and dialect: d must be dialect.Detect(req.Text) (the
// engine detects every text to route it); the text is not detected again.
func ClassifyDetected(req op.ClassifyRequest, d op.Detection) op.Classification {
	return classify(req, &d)
}

// classify is Classify with the detection of req.Text when known (nil:
// detect here).
func classify(req op.ClassifyRequest, known *op.Detection) op.Classification {
	if c, ok := classifyArabizi(req, known); ok { // Arabizi: arabizi.go
		return c
	}
	return classifyText(req, known, "")
}

// classifyText is classify of a text that is not Arabizi; latin is the
// original spelling when req.Text is an Arabizi comment's reading (the
// learned intent head reads both), else "".
func classifyText(req op.ClassifyRequest, known *op.Detection, latin string) op.Classification {
	buf := getTokBuf() // the result keeps no token
	defer putTokBuf(buf)
	buf.latin = latin
	ta := analyseTextBuf(req.Text, detection(req.Text, known), buf)
	d, toks, sent, tx, sc, intents, label := ta.d, ta.toks, ta.sent, ta.tx, &ta.sc, ta.intents, ta.label

	var why []string
	hinted := false
	if len(req.Hints) > 0 {
		folded := textnorm.Fold(req.Text)
		for _, h := range req.Hints {
			if textnorm.Fold(h.Text) != folded {
				continue
			}
			if hi := cleanIntents(h.Intent); len(hi) > 0 {
				intents = hi
				hinted = true
			}
			if op.In(h.Sentiment, op.Sentiments) {
				label = h.Sentiment
				hinted = true
			}
			break
		}
	}

	intents = reportedIntents(intents)
	c := op.Classification{Intent: intents, Sentiment: label, Language: d.Language, Dialect: d.Dialect, DialectConfidence: d.DialectConfidence, ReplyDirection: "ltr"}
	c.Toxicity = toxicityLevel(tx.maxNonSpam())
	c.SentimentScores = sentimentScores(&ta)
	has := func(k string) bool { return op.In(k, intents) }
	threat := tx.scores[catViolence] >= 0.85 || tx.scores[catSelfHarm] >= 0.6
	urgent := hardUrgentHit(req.Text, toks) || neverAgain(toks) || repeatedContact(toks) || ta.arabicUrgentOnce() || conceptUrgent(toks) || englishUrgent(req.Text, toks) || harmUrgent(toks) || emergencyCalled(toks) || billDisputed(req.Text, toks) || arWrongMedicine(toks) || classUrgent(toks) || r19Urgent(toks) || r22Urgent(ta.r22)
	// strong anger: a strongly negative text, or a complaint that repeats
	// its exclamation mark ("!!", "؟!!"): across the labelled sets 130 of
	// 131 complaints with two or more are high (one mark alone is not)
	angry := sent.compound <= -0.9 || exclaims(req.Text) >= 2
	// a reply is needed for a question or a complaint, never for spam or
	// for abuse (a complaint voiced with insults included: its draft is the
	// calm line, replyKind); a proposal phrased as a question ("could you
	// add cash on delivery?", a suggestion beside the question) is noted,
	// not answered
	asks := has("question") && !has("suggestion")
	// an English insult aimed at someone (flagged by moderation) is not
	// answered as a grievance even when it names what went wrong ("worst
	// service ever, run by clowns"): a calm word, no follow-up owed
	insult := insulting(&tx, intents)
	c.RequiresResponse = !has("spam") && !insult && (asks || has("complaint")) || tx.scores[catSelfHarm] >= 0.6
	// (the classes of the sixteenth and seventeenth sessions are read last,
	// for a complaint no other rule made high: they cost passes over the
	// tokens)
	lateUrgent := false
	switch {
	case c.Toxicity == "severe" || threat || has("complaint") && (angry || urgent || lateUrgentOf(&ta, &lateUrgent) || learnedHigh(req.Text, toks, sent.arabic)):
		c.Priority = "high"
	case has("complaint") || has("question") || has("suggestion") || c.Toxicity == "moderate":
		c.Priority = "medium"
	default:
		c.Priority = "low"
	}
	variety := "english"
	if d.Dialect != "" && d.Language != "en" {
		variety = d.Dialect
		c.ReplyDirection = "rtl"
	}
	c.ReplyText = draftReply(replyKind(intents, label, insult), variety, "friendly")

	// reasoning: the evidence, briefly
	for k, name := range op.Intents[:iSpam] {
		if sc.v[k] >= 0.3 {
			why = append(why, fmt.Sprintf("%s cues %.2f", name, sc.v[k]))
		}
	}
	if len(tx.spam.reasons) > 0 {
		why = append(why, "spam signals: "+strings.Join(uniq(tx.spam.reasons), ", "))
	}
	why = append(why, fmt.Sprintf("sentiment evidence +%.1f/-%.1f (compound %.2f)", sent.pos, sent.neg, sent.compound))
	if t := describeToxicity(&tx, req.Text); t != "" {
		why = append(why, "toxicity: "+t)
	}
	if urgent || lateUrgent {
		why = append(why, "urgency words")
	}
	if hinted {
		why = append(why, "corrected by account feedback on the same text")
	}
	c.Reasoning = "Rule-based: " + strings.Join(why, "; ") + "."
	c.Usage = op.Usage{Model: Model, TokensUsed: tokens(req.Text, c.ReplyText, c.Reasoning)}
	return c
}

// textAnalysis is the analysis of one text that Classify and Report share:
// the text is tokenized once and its tokens feed sentiment, moderation, spam
// and intent scoring.
type textAnalysis struct {
	text    string // the analysed text
	d       op.Detection
	toks    []token
	sent    sentScore
	tx      toxicity
	sc      intentEv
	intents []string
	label   string // sentiment
	rules   string // the rules' sentiment (label before the stacker)
	// stackX: the stacker's inputs when it decided the text (stacked), so
	// that sentimentScores does not compute them again
	stackX  [stackN]float64
	stackOK bool
	arabizi bool  // an Arabizi comment's reading (sentiment_comments.go)
	r22     uint8 // the urgent class of priority_r22.go (r22Class), 0 for none
	// arUrgent caches arabicUrgent(toks): 0 not yet read, 1 false, 2 true
	// (an "other" comment reads it while its intent is decided, Classify
	// again for its priority)
	arUrgent uint8
	// r26 caches the eighteenth session's classes (r26Read): r26Read bit
	// set once read, then which of the Arabic and English readings are
	// urgent or a grievance
	r26 uint8
}

// The bits of textAnalysis.r26.
const (
	r26Read uint8 = 1 << iota
	r26ArUrgent
	r26ArGrievance
	r26EnUrgent
	r26EnGrievance
)

// r26Of reads r26Classes and enR26 of a's tokens at most once (intent asks
// up to three times, priority once more).
func (a *textAnalysis) r26Of() uint8 {
	if a.r26 == 0 {
		a.r26 = r26Read
		u, g := r26Classes(a.toks)
		if u2, g2 := r27Classes(a.toks); u2 || g2 { // priority_r27.go
			u, g = u || u2, g || g2
		}
		if u2, g2 := r28Classes(a.toks); u2 || g2 { // priority_r28.go
			u, g = u || u2, g || g2
		}
		if u2, g2 := arR30(a.toks); u2 || g2 { // priority_r30.go
			u, g = u || u2, g || g2
		}
		if u2, g2 := arR31(a.toks); u2 || g2 { // priority_r31.go
			u, g = u || u2, g || g2
		}
		if u || g {
			a.r26 |= bit(u, r26ArUrgent) | bit(g, r26ArGrievance)
		}
		u, g = enR26(a.toks)
		if u2, g2 := enR27(a.toks); u2 || g2 { // priority_r27.go
			u, g = u || u2, g || g2
		}
		if u2, g2 := enR28(a.toks); u2 || g2 { // priority_r28.go
			u, g = u || u2, g || g2
		}
		if u2, g2 := enR29(a.toks); u2 || g2 { // priority_r29.go
			u, g = u || u2, g || g2
		}
		if u2, g2 := enR30(a.toks); u2 || g2 { // priority_r30.go
			u, g = u || u2, g || g2
		}
		if u2, g2 := enR31(a.toks); u2 || g2 { // priority_r31.go
			u, g = u || u2, g || g2
		}
		if u || g {
			a.r26 |= bit(u, r26EnUrgent) | bit(g, r26EnGrievance)
		}
	}
	return a.r26
}

// bit is b if ok, else 0.
func bit(ok bool, b uint8) uint8 {
	if ok {
		return b
	}
	return 0
}

// r26Urgent reports an urgent class of r26Classes or enR26.
func (a *textAnalysis) r26Urgent() bool { return a.r26Of()&(r26ArUrgent|r26EnUrgent) != 0 }

// arabicUrgentOnce is arabicUrgent(a.toks), read at most once.
func (a *textAnalysis) arabicUrgentOnce() bool {
	if a.arUrgent == 0 {
		a.arUrgent = 1
		if arabicUrgent(a.toks) {
			a.arUrgent = 2
		}
	}
	return a.arUrgent == 2
}

// r26Grievance reports the classes of r26Urgent and enR26 that only a
// grievance tells (illness, a fever, glass in food, money, data or trust
// taken): a comment left "other" or a question, or read as praise by the
// learned head alone, that tells one is a complaint. A deadline is not
// one ("عرسي بكرا" is news). English is read so in comments only, not in
// tweets (the news and politics of the dev sets name fraud and police).
func (a *textAnalysis) r26Grievance() bool {
	r := a.r26Of()
	return r&r26ArGrievance != 0 || r&r26EnGrievance != 0 && !a.sent.arabic && commentShaped(a.text) && !tweetMarks(a.text)
}

// toComplaint makes a's one intent a complaint and a neutral reading
// negative: the grievances analyseTextBuf finds beside the cues.
func (a *textAnalysis) toComplaint() {
	a.intents = []string{"complaint"}
	if a.label == "neutral" {
		a.label = "negative"
	}
}

func analyseText(text string) textAnalysis { return analyseTextBuf(text, dialect.Detect(text), nil) }

// analyseTextBuf is analyseText of a text whose detection d is known, its
// tokens in buf (nil: new memory).
func analyseTextBuf(text string, d op.Detection, buf *tokBuf) textAnalysis {
	a := analyseRulesBuf(text, d, buf)
	a.rules = a.label
	a.label = stacked(&a, a.tx.abuse() >= abusiveMin)
	// a positive comment with no other intent praises: ordinary praise
	// needs no thanks word ("احسن قناة على يوتيوب", "ما توقعت يكون هيك
	// منيح"). Decided on the final sentiment, after the stacker, so that
	// the sentiment does not lean on it.
	if len(a.intents) == 1 && a.intents[0] == "other" && a.label == "positive" && a.tx.abuse() < abusiveMin {
		a.intents = []string{"praise"}
	}
	// a threat to leave, money taken from the writer or a wrong medicine
	// given is a grievance whatever else the comment says ("not ordering again", "آخر مرة
	// بتعامل معكن", "سحبوا مني مصاري ... ليش!!!"): a comment left as
	// "other", or a "why" without a question mark, is a complaint, and a
	// neutral one negative
	// (money vanished or charged after cancelling is a grievance even
	// asked: "رصيد المحفظة اختفى، راحوا فين؟؟")
	if len(a.intents) == 1 && (a.intents[0] == "other" || a.intents[0] == "question" && (!hasQuestionMark(text) || moneyGoneR22(a.r22) || a.r26Grievance())) &&
		a.label != "positive" && a.tx.abuse() < abusiveMin && (leavingOrDebited(a.toks) || grievanceClass(a.toks) || arWrongMedicine(a.toks) || grievanceR22(a.r22) ||
		a.intents[0] == "other" && (a.arabicUrgentOnce() || r25Urgent(a.toks)) || a.r26Grievance()) {
		a.toComplaint()
	}
	// money taken by a fake page or a scammer in the brand's name, told by
	// its victim with the words of the offer it made ("a fake page ...
	// selling cheap tickets, my mum paid them 300 dollars"): a complaint,
	// not spam, when it carries no link or contact of its own
	if len(a.intents) == 1 && a.intents[0] == "spam" && !a.sc.spamContact && a.r26Urgent() && a.r26Grievance() {
		a.intents, a.label = []string{"complaint"}, "negative"
	}
	// a product praised by what never went wrong in years ("الغسالة صرلها
	// ١١ سنة ما خربت", "had it 9 years and it still works"): praise, read
	// as a grievance or nothing by its failure words (praise_r26.go)
	if len(a.intents) == 1 && (a.intents[0] == "complaint" || a.intents[0] == "other") && a.tx.abuse() < abusiveMin && !a.sent.contrast && !hasQuestionMark(text) && durableGood(a.toks) {
		a.intents, a.label = []string{"praise"}, "positive"
	}
	// moving to a rival after years of custom is no praise ("3 years with
	// this network and im porting my number tomorrow"): a complaint
	// (nor is money taken, an intruder, harm or a hazard told with thanks
	// to God or a plea: "الحمدلله العيال ما صار فيهم شي", "ban him")
	// (and a threat to leave or money taken is no praise the intent head
	// alone found, without a praise cue: "والله ماعاد اشتري منكم!!! ثالث
	// جوال يخرب عندي")
	// (nor is harm told with no praise cue, which the head alone read as
	// praise: "في ريحة غاز قوية بالمطبخ", "طول الليل عم نستفرغ")
	if len(a.intents) == 1 && (a.intents[0] == "praise" || a.intents[0] == "suggestion") && a.tx.abuse() < abusiveMin && (strongR22(a.r22) || a.intents[0] == "praise" && a.sc.cue[iPraise] <= 0 && (leavingOrDebited(a.toks) || grievanceClass(a.toks) || r25Urgent(a.toks) || a.r26Grievance() || a.arabicUrgentOnce()) ||
		// (twentieth session) a suggestion read from weak cues beside a
		// harm told ("بعد ما سووا له حشوة وجهه منتفخ وحرارته مرتفعة")
		a.intents[0] == "suggestion" && a.sc.cue[iSuggestion] < 1 && a.r26Grievance()) {
		a.intents, a.label = []string{"complaint"}, "negative"
	}
	// (nor beside a complaint that tells harm or an urgent grievance,
	// praise found by the head alone: "الغسالة الجديدة طلع منه دخان" is a
	// complaint, not praise too)
	if len(a.intents) == 2 && a.intents[0] == "praise" && a.intents[1] == "complaint" && a.sc.cue[iPraise] <= 0 && a.tx.abuse() < abusiveMin && a.sent.arabic &&
		(a.r26Grievance() || a.arabicUrgentOnce() || grievanceClass(a.toks) || hardUrgentHit(text, a.toks)) {
		a.intents, a.label = []string{"complaint"}, "negative"
	}
	// a question shouted with two exclamation marks or more ("ويييين
	// الاكل؟؟؟؟ ساعتين ونص!!!", "عم تضحكو علينا ولا شو!!!") is anger, not
	// a request for information: a complaint
	// (with a grievance's cue, a negative reading or the hours waited:
	// "وين التوصيل؟ صار ٣ ساعات!!!"; "متى بتفتحوا الفرع الجديد؟!!" is
	// eager)
	if len(a.intents) == 1 && a.intents[0] == "question" && a.label != "positive" && a.tx.abuse() < abusiveMin && exclaims(text) >= 2 && (a.sc.cue[iComplaint] > 0 || a.label == "negative" || conceptScan(a.toks)&cwDuration != 0) && commentShaped(text) {
		a.toComplaint()
	}
	// "where / when" asked with the time already waited ("وين الطلب؟ صار
	// 3 ايام", "wen el order? sar 3 ayam"): an order overdue, a complaint
	// (every such comment of the labelled sets is one, a question allowed
	// beside it)
	if len(a.intents) == 1 && a.intents[0] == "question" && a.label != "positive" && a.tx.abuse() < abusiveMin && waitedWhereWhen(a.toks) {
		a.toComplaint()
	}
	// "شو هالرسوم الزيادة؟": indignation, not a question (rhetorical_ar.go)
	if len(a.intents) == 1 && a.intents[0] == "question" && a.label != "positive" && a.tx.abuse() < abusiveMin && whatThisIndignant(a.toks) {
		a.toComplaint()
	}
	a.intents, a.label = r19Question(&a) // intent_r19.go
	a.label = withCommentSentiment(&a)   // sentiment_comments.go
	// (in English, a clearly negative comment, not a tweet, with no
	// evidence against a complaint: English comments tell what went wrong
	// in words of every kind, "the listing said 3 bedrooms, drove 40 miles
	// for a 2 bed"; tweets to a company's account are read by the rules
	// alone, where the complaints dev set lost 0.005 F1)
	// a negative comment left "other" with some complaint evidence and no
	// offensive word complains: what went wrong told without a decisive
	// complaint word ("وقاعدين مستنيين بقالنا ٣ ساعات والدكتور لسه مجاش",
	// "Drove 40 miles to find a 2 bed. Wasted my Saturday"). Decided on
	// the final sentiment (after the comments' head), as praise is above;
	// not when the learned head, confident of "other", overruled the cue.
	if len(a.intents) == 1 && a.intents[0] == "other" && a.label == "negative" && a.tx.maxNonSpam() == 0 && (a.sc.cue[iComplaint] > 0 || !a.sent.arabic && a.sc.cue[iComplaint] >= 0 && a.sent.compound <= negativeOtherEn && !grievingEn(a.toks) && commentShaped(a.text) && !tweetMarks(a.text)) && a.sc.overruled&(1<<iComplaint) == 0 {
		a.intents = []string{"complaint"}
	}
	// "charged half what I expected. legends": a price praised, which the
	// cue "charged" alone made a complaint (intent_r26en.go)
	if (len(a.intents) == 1 || len(a.intents) == 2 && op.In("praise", a.intents)) && op.In("complaint", a.intents) && !a.sent.arabic && a.sc.cue[iComplaint] <= 0.8 && a.tx.abuse() < abusiveMin && chargedFairly(a.toks) {
		a.intents, a.label = []string{"praise"}, "positive"
	}
	// an English comment left "other" that finds a price too high ("nappies
	// went from 9.99 to 12.49 in a month", "3% on every card payment is
	// steep"): a complaint (intent_r26en.go)
	if len(a.intents) == 1 && a.intents[0] == "other" && a.label != "positive" && !a.sent.arabic && a.tx.maxNonSpam() == 0 && commentShaped(a.text) && !tweetMarks(a.text) && priceComplaintEn(a.toks) {
		a.toComplaint()
	}
	// a comment left "other", not positive, that tells a thing or a person
	// failing in the negated present ("التطبيق لا يحدد موقعي بدقة", "لا
	// تأتي الحافلة في موعدها", "لا يوجد ماء ساخن"): a complaint told as a
	// fact (negatedService; formal Arabic above all, where the dialects'
	// cue phrases are not written)
	if len(a.intents) == 1 && a.intents[0] == "other" && a.label != "positive" && a.sent.arabic && a.tx.maxNonSpam() == 0 && !strings.ContainsAny(a.text, "?؟") && commentShaped(a.text) && negatedService(a.toks) {
		a.toComplaint()
	}
	// and a comment the comments' head found positive, with some praise
	// evidence, praises, as above ("فريق التنضيف كانوا محترفين ومرتبين،
	// أكيد رح نعيد معكن")
	if len(a.intents) == 1 && a.intents[0] == "other" && a.label == "positive" && a.tx.abuse() < abusiveMin && a.sc.cue[iPraise] > 0 && a.sc.overruled&(1<<iPraise) == 0 {
		a.intents = []string{"praise"}
	}
	// a customer who vows to come back ("الأكل طيب وهروح تاني أكيد",
	// "ورشة محترمة، هرجعلكم تاني") praises: the comments' intent head reads
	// "again" (تاني) as the repeat of a failure, and so does only the head
	// here (no complaint cue of the rules), the writer's own words good
	if len(a.intents) == 1 && a.intents[0] == "complaint" && a.sc.cue[iComplaint] <= 0 && a.sent.rawPos > a.sent.rawNeg && a.tx.abuse() < abusiveMin && returnVow(a.toks) {
		a.intents, a.label = []string{"praise"}, "positive"
	}
	// a wish whose reason is the writer's own eyes or age ("ياريت تكبروا
	// الخط عشان أنا كبير في السن ومش بشوف كويس"): a proposal, the
	// weakness told is the writer's, no failure of the brand's (concepts.go)
	if op.In("complaint", a.intents) && a.sent.arabic && wishForOwnLimit(a.toks) {
		a.intents = []string{"suggestion"}
		if a.label == "negative" {
			a.label = "neutral"
		}
	}
	return a
}

// analyseRules is analyseText before the sentiment stacker: the rules' label
// (with the learned evidence they add).
func analyseRules(text string) textAnalysis { return analyseRulesBuf(text, dialect.Detect(text), nil) }

// analyseRulesBuf is analyseRules of a text whose detection d is known, its
// tokens in buf (nil: new memory).
func analyseRulesBuf(text string, d op.Detection, buf *tokBuf) textAnalysis {
	var a textAnalysis
	a.text = text
	a.toks = tokenizeCommentBuf(text, buf)
	a.d = refineDialect(d, text, a.toks)
	a.sent = scoreSentiment(text, a.toks)
	a.tx = analyzeTokens(text, a.toks)
	a.sent = withAbuse(a.sent, &a.tx)
	a.sent = withLearned(a.sent, a.toks)
	latin := ""
	if buf != nil {
		latin = buf.latin
	}
	a.arabizi = latin != ""
	a.sc = intentScores(text, latin, a.toks, a.sent, a.tx.spam)
	a.r22 = r22Class(a.toks)
	abusive := a.tx.abuse() >= abusiveMin
	// a curse said of a thing beside a grievance ("يلعن هيك خدمة، صرلي ساعة
	// ناطر"): the grievance is read as if the curse were not there
	// (insulting decides the reply the same way)
	intentAbusive := abusive && !(a.sc.cue[iComplaint] > 0 && saidOfThing(&a.tx))
	a.intents = pickIntents(&a.sc, intentContext{abusive: intentAbusive, staffInsult: intentAbusive && a.tx.staffInsult, contrast: a.sent.contrast || a.sent.posBefore > 0 || a.sc.praiseBefore, questionMark: hasQuestionMark(text), englishInsult: !a.sent.arabic && a.d.Language == "en" && a.tx.scores[catHarassment] >= abusiveMin})
	a.label, _ = sentimentLabel(a.sent)
	a.label = labelWithIntent(a.label, reportedIntents(a.intents), &a.sc, &a.sent, abusive)
	return a
}

// detection returns *known, or the detection of text when known is nil.
func detection(text string, known *op.Detection) op.Detection {
	if known != nil {
		return *known
	}
	return dialect.Detect(text)
}

// labelWithIntent reconciles the lexical sentiment with the intents found:
// a complaint reports something that went wrong, so it is negative (mixed
// when a contrast word weighs praise against it); spam voices no opinion on
// the content; a plain question or suggestion is neutral unless its words
// are strongly evaluative; praise found by its cues is positive.
func labelWithIntent(label string, intents []string, ev *intentEv, s *sentScore, abusive bool) string {
	has := func(k string) bool { return op.In(k, intents) }
	switch {
	case has("spam"):
		return "neutral"
	case abusive:
		return "negative"
	case has("complaint") && (has("praise") || s.posBefore > 0 || ev.praiseBefore):
		return "mixed"
	// a grievance then praise after the contrast word ("the delivery was
	// late but the food was great")
	case has("complaint") && s.butAt >= 0 && s.posAfter > 0 && ev.praiseAfter:
		return "mixed"
	case has("complaint") && ev.cue[iComplaint] >= 0.6:
		return "negative"
	case has("complaint") && label != "mixed":
		return "negative"
	case ev.enAsk && has("question") && !has("praise") && !has("complaint") && s.rawNeg < 1:
		return "neutral"
	// thanks in advance are politeness, no verdict ("could you tell me if
	// it comes in oak? thank you so much")
	case ev.politeAsk && has("question") && !has("praise") && !has("complaint") && !has("suggestion") && s.rawNeg < 1:
		return "neutral"
	case has("praise") && (label == "neutral" || label == "mixed" && s.rawNeg < 1):
		return "positive"
	// Arabic praise with a praise cue, no complaint cue and no contrast word,
	// its good words at least as strong as its bad ones: the bad words are
	// slang intensifiers and idioms ("جامدة موت", "خطير ❤️", "بدون مبالغة"),
	// not a reservation
	case has("praise") && label == "mixed" && s.arabic && s.butAt < 0 && ev.cue[iComplaint] <= 0 && (ev.cue[iPraise] >= 0.5 && s.rawPos >= s.rawNeg || s.rawPos > s.rawNeg && s.rawNeg <= slangNegMax):
		return "positive"
	case has("suggestion") && !has("praise") && label != "mixed" && math.Abs(s.compound) < 0.8:
		return "neutral"
	// a proposal's good and bad words describe what it proposes ("ياريت
	// تعملوا أكلات سريعة للي بيرجعوا متأخر", "احسن سماعات رخيصة"), not
	// the writer's verdict: with no contrast word, a proposal put to the
	// brand (a wish or "can you" before its verb) is neutral even when its
	// words weigh both ways
	case has("suggestion") && !has("praise") && !has("complaint") && label == "mixed" && s.butAt < 0 && s.arabic && ev.proposal:
		return "neutral"
	case has("question") && !has("praise") && label != "mixed" && math.Abs(s.compound) < 0.6:
		return "neutral"
	}
	return label
}

// cleanIntents keeps the valid, distinct intent labels of a correction, with
// spam and other only alone.
func cleanIntents(xs []string) []string {
	var out []string
	for _, x := range xs {
		x = strings.ToLower(strings.TrimSpace(x))
		if op.In(x, op.Intents) && !op.In(x, out) {
			out = append(out, x)
		}
	}
	if len(out) > 1 {
		var keep []string
		for _, x := range out {
			if x != "other" {
				keep = append(keep, x)
			}
		}
		out = keep
	}
	return out
}

func uniq(xs []string) []string {
	var out []string
	for _, x := range xs {
		if !op.In(x, out) {
			out = append(out, x)
		}
	}
	return out
}

// replyKind picks the template a single draft reply answers, from the final
// intents, sentiment and toxicity: abuse gets a calm, short answer (never
// thanks, a welcome, "great question" or an apology drafted as if no reply
// were owed: an insult voiced with a complaint or a question gets the calm
// line too, which asks what went wrong, and requires_response says no reply
// is owed); then a complaint, then the stronger of a question and a
// suggestion, then praise; a negative comment with no other intent gets an
// acknowledgement, not a welcome.
func replyKind(intents []string, sentiment string, abusive bool) string {
	if abusive {
		return "abuse"
	}
	if op.In("complaint", intents) {
		return "complaint"
	}
	// intents are ordered by evidence: "can you make a video about X?" is
	// answered as the suggestion it mostly is
	for _, k := range intents {
		if k == "question" || k == "suggestion" {
			return k
		}
	}
	for _, k := range []string{"praise", "spam"} {
		if op.In(k, intents) {
			return k
		}
	}
	if sentiment == "negative" || sentiment == "mixed" {
		return "negative"
	}
	return "other"
}

// insulting reports a comment owed no reply and drafted the calm line
// (classify's requires_response and suggested reply, Reply's draft): abuse
// at moderation's medium strictness, except swearing that names no one in
// a complaint ("this is f***ing ridiculous, third time the app crashed"),
// a grievance said strongly and owed the reply a complaint is (profanity
// aimed at someone is a harassment hit too, moderate.go, and stays an
// insult).
//
// A curse or a word of contempt said of a thing in a complaint ("الله يلعن
// هالتطبيق كل شوي بيعلق", "شو هالزبالة؟ الطلب وصل بارد": this app, this
// garbage) is such a grievance too: when every lexicon hit is swearing or
// a demonstrative noun (هال...) aimed at no one and the rest of the abuse
// is the learned head's reading of those same words, the complaint is
// owed its reply (moderation still flags the words).
func insulting(tx *toxicity, intents []string) bool {
	if tx.abuse() < abusiveMin {
		return false
	}
	if !op.In("complaint", intents) {
		return true
	}
	if tx.abuseBeside(catProfanity) < abusiveMin {
		return false
	}
	return !saidOfThing(tx)
}

// saidOfThing reports abuse whose every lexicon hit is said of a thing
// (modHit.thing: "هالزبالة", "يلعن هيك خدمة"), the rest of it the learned
// head's reading of those words.
func saidOfThing(tx *toxicity) bool {
	for _, i := range [...]int{catHate, catSexual, catViolence} {
		if tx.scores[i] >= abusiveMin {
			return false
		}
	}
	n := 0
	for _, h := range tx.hits {
		if h.cat == catSpam {
			continue
		}
		if !h.thing {
			return false
		}
		n++
	}
	return n > 0
}

// abusiveMin is the abuse score from which a comment counts as abusive for
// intent, requires_response and the reply: moderation's own verdict at the
// default (medium) strictness, so classify and moderate agree.
var abusiveMin = strictThreshold["medium"]

// slangNegMax bounds the bad words that praise without a praise cue may
// carry and stay positive: one slang intensifier ("خطييير 😍": خطير's -2),
// not a reservation of several bad words.
const slangNegMax = 2.0

// negativeOtherEn is the compound sentiment at or under which an English
// comment left "other", with no offensive word and no evidence against a
// complaint, complains (analyseTextBuf); a variable for the tests that
// check the learned head alone.
var negativeOtherEn = -0.25

// grievingEn reports words of grief or sympathy ("rip", "so sad", "rest in
// peace", "condolences"): sadness shared, not a grievance.
func grievingEn(toks []token) bool {
	for i := range toks {
		switch toks[i].key {
		case "rip", "condolences", "sad", "sadly", "saddest", "heartbreaking", "heartbroken", "tragic", "tragedy", "mourning", "peace", "prayers", "miss", "missed", "cry", "crying", "cried", "tears":
			return true
		}
	}
	return false
}

// negatedService reports "لا" or "لم" before a present verb (ي..., ت...):
// something that does not work, come or answer. Not a verb aimed at the
// reader ("لا تملكون ذرة احترام", "لا تفقهين": the second person plural or
// feminine, an insult or an order), a curse ("الله لا يوفقكن"), or
// contempt ("لا تستحق المتابعة").
func negatedService(toks []token) bool {
	for i := 0; i+1 < len(toks); i++ {
		k := toks[i].key
		if k != "لا" && k != "ولا" && k != "لم" && k != "ولم" {
			continue
		}
		n := toks[i+1].key
		if strings.HasPrefix(n, "ت") && (strings.HasSuffix(n, "ون") || strings.HasSuffix(n, "ين")) || strings.HasPrefix(n, "تستحق") || strings.HasPrefix(n, "يستحق") || strings.HasPrefix(n, "يوفق") || i > 0 && toks[i-1].key == "الله" {
			continue // "لا تملكون", "لا تفقهين": aimed at you; "الله لا يوفقكن": a curse; "لا تستحق": contempt
		}
		if strings.HasPrefix(n, "ي") || strings.HasPrefix(n, "ت") {
			return true
		}
	}
	return false
}

// lateUrgentOf reports (and records in *hit) the urgent classes read only
// for a complaint no other rule made high: charged against the writer's
// own side (chargedAgainst) and the sixteenth and seventeenth sessions'
// classes (r24Urgent, r25Urgent, enR25Urgent) and the eighteenth's
// (textAnalysis.r26Urgent).
func lateUrgentOf(a *textAnalysis, hit *bool) bool {
	toks := a.toks
	*hit = chargedAgainst(toks) || r24Urgent(toks) || r25Urgent(toks) || enR25Urgent(toks) || a.r26Urgent()
	return *hit
}
