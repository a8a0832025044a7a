package builtin

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"svc/engine/op"
)

// Category indexes of op.ModerationCategories.
const (
	catProfanity = iota
	catHate
	catHarassment
	catSexual
	catSpam
	catSelfHarm
	catViolence
)

// Severity levels of lexicon entries (0 weak hint, 1 mild, 2 moderate, 3
// severe) and the score each contributes.
var sevScore = [4]float64{0.28, 0.45, 0.72, 0.92}

// Strictness thresholds: a category is flagged when its score reaches the
// threshold of the requested strictness. low = severe only, medium = moderate
// and severe, high = mild too.
var strictThreshold = map[string]float64{"low": 0.85, "medium": 0.6, "high": 0.35}

// spamStrictThreshold is where the spam category may be flagged below the
// strictness threshold. At medium it is the score from which Classify may
// call a comment spam (spamIntentMin); between it and the threshold,
// moderate flags spam exactly when Classify's intents say spam, so that a
// comment is never "spam" in one answer and safe in the other.
var spamStrictThreshold = map[string]float64{"low": 0.85, "medium": spamIntentMin, "high": 0.35}

// spamIntentMin is the spam score from which pickIntents reads a comment
// as spam (intent evidence spam.score*1.2 >= 0.6).
const spamIntentMin = 0.5

type modTerm struct {
	cat   int
	sev   int
	exact bool // matched only as the whole word ("nig", not "night")
}

var (
	modTerms  []modTerm
	modM      *matcher
	allowM    *matcher
	addressed = map[string]bool{}
	// linkers may stand between an address and an insult ("you are a", "انت يا").
	linkers = map[string]bool{"a": true, "an": true, "are": true, "is": true, "so": true, "r": true, "such": true, "the": true, "fucking": true, "يا": true, "واحد": true, "وحده": true, "شو": true, "ya": true, "re": true,
		"complete": true, "total": true, "absolute": true, "big": true, "real": true, "stupid": true, "lil": true, "little": true, "لك": true, "من": true,
		// "a bunch of" (انتو شوية لصوص, أنتم مجموعة من الكاذبين)
		"شويه": true, "شويت": true, "مجموعه": true, "شله": true, "عصابه": true,
		// insulting adjectives before the noun ("you clueless fraud", "you lying crooks")
		"clueless": true, "lying": true, "thieving": true, "greedy": true, "dirty": true, "filthy": true, "useless": true, "worthless": true, "pathetic": true, "ignorant": true,
		// (twenty-third session) "a greasy little weasel", "a sneaky slimy liar"
		"greasy": true, "sneaky": true, "slimy": true, "smug": true,
		// the same for manners and competence ("rude idiots", "incompetent clowns")
		"rude": true, "incompetent": true, "lazy": true, "arrogant": true, "utter": true, "talentless": true, "shameless": true,
		// the addressees counted or restricted ("you are all clowns", "you're just frauds")
		"all": true, "just": true, "both": true,
		// (twenty-first session) superlatives and qualities between the
		// subject and the insult ("the rudest lowlifes", "the most boring
		// idiot")
		"most": true, "rudest": true, "dumbest": true, "stupidest": true, "laziest": true, "ugliest": true, "biggest": true, "worst": true,
		"boring": true, "annoying": true, "stuck": true, "up": true,
		// (nineteenth session) intensifiers between "you" and the insult
		// ("enti wayed sa5eefa", "انت حيل تافه"; the Arabic ones of veryWords
		// are read beside this map: "انتي وايد سخيفه")
		"حيل": true, "wayed": true, "kteer": true, "ktir": true, "awy": true, "marra": true,
		// "just" (أنتِ مجرد مدعية)
		"مجرد": true}
	// groupOf: "bunch of", "full of" ... before an insult name a group of
	// people by it ("a company full of thieves"): aimed at them as if
	// addressed
	groupOf    = map[string]bool{"bunch": true, "pack": true, "band": true, "gang": true, "full": true, "load": true, "den": true, "nest": true}
	peopleSubj = map[string]bool{"people": true, "guys": true, "staff": true, "owners": true, "employees": true, "workers": true,
		// the people who serve a customer, named by their job (plural)
		"drivers": true, "waiters": true, "agents": true, "managers": true, "cashiers": true, "barbers": true, "hosts": true, "sellers": true,
		"admins": true, "mods": true, "moderators": true, "developers": true, "devs": true, "reps": true, "technicians": true, "doctors": true,
		"nurses": true, "teachers": true, "guards": true, "team": true, "crew": true, "management": true, "mechanics": true, "cleaners": true, "couriers": true, "players": true, "refs": true,
		"referees": true, "officials": true, "coaches": true, "trainers": true, "designers": true, "chefs": true, "cooks": true, "streamers": true, "youtubers": true, "influencers": true, "riders": true,
		// (twenty-first session) more of the people who serve a customer
		"baristas": true, "bartenders": true, "servers": true, "clerks": true, "supervisors": true, "operators": true, "salesmen": true, "assistants": true,
		"attendants": true, "stewards": true, "pilots": true, "engineers": true, "electricians": true, "plumbers": true, "installers": true, "tailors": true}
	runBy = map[string]bool{"run": true, "managed": true, "staffed": true, "owned": true, "made": true}
	// personSubj: a person named as the subject of an insult ("this guy is
	// a total moron", "the host is an idiot"): aimed at them as if addressed
	personSubj = map[string]bool{"he": true, "she": true, "hes": true, "shes": true, "guy": true, "guys": true, "dude": true, "host": true,
		"man": true, "woman": true, "lady": true, "person": true,
		"owner": true, "owners": true, "manager": true, "ceo": true, "youtuber": true, "creator": true,
		"reviewer": true, "streamer": true, "chef": true, "coach": true, "comedian": true, "presenter": true, "influencer": true,
		"vlogger": true, "blogger": true, "seller": true, "driver": true, "waiter": true, "cashier": true, "agent": true, "guide": true,
		"barber": true, "doctor": true, "dentist": true, "teacher": true, "mechanic": true, "courier": true, "admin": true, "mod": true, "moderator": true,
		"narrator": true, "author": true, "instructor": true, "trainer": true, "receptionist": true, "technician": true, "landlord": true, "boss": true,
		"designer": true, "photographer": true, "nurse": true, "pharmacist": true, "tutor": true, "referee": true, "ref": true, "player": true, "artist": true, "singer": true, "editor": true,
		"commentator": true, "girl": true, "boy": true, "rep": true, "employee": true, "worker": true, "anchor": true, "pundit": true,
		"vet": true, "planner": true, "organiser": true, "organizer": true, "dentist's": true, "rider": true,
		// (twenty-first session) more of the people who serve a customer
		"barista": true, "bartender": true, "clerk": true, "supervisor": true, "operator": true, "salesman": true, "saleswoman": true, "salesperson": true,
		"attendant": true, "steward": true, "stewardess": true, "pilot": true, "engineer": true, "electrician": true, "plumber": true, "installer": true, "tailor": true,
		"principal": true, "lecturer": true, "professor": true}
	// likeYou follow an insult aimed at the reader ("حيوانات متلك").
	likeYou = map[string]bool{"مثلك": true, "متلك": true, "امثالك": true, "زيك": true, "مثلكم": true, "متلكن": true, "امثالكم": true, "زيكم": true}
)

// Entries of the LDNOOBW English list whose everyday sense is not sexual:
// "this app sucks" is a verdict on the app (moderation_en.tsv keeps the
// sexual phrases: "suck my").
var ldnoobwEnSkip = map[string]bool{"suck": true, "sucks": true}

// Ambiguous entries of the LDNOOBW Arabic list that are everyday words
// (names, medicine, verbs with benign senses); not loaded.
var ldnoobwArSkip = map[string]bool{"فرج": true, "مص": true, "تمص": true, "لحس": true, "لعق": true, "شهوة": true, "بيضان": true,
	"جماع": true, "احتلام": true, "حلمة": true, "ثدي": true, "شرج": true, "مبادل": true, "لبوة": true, "خنثي": true, "اغتصاب": true}

func catIndex(name string) int {
	for i, c := range op.ModerationCategories {
		if c == name {
			return i
		}
	}
	panic("builtin: unknown moderation category " + name)
}

func init() {
	modM, allowM = newMatcher(), newMatcher()
	modM.vocative = true
	seen := map[string]bool{}
	for _, file := range []string{"moderation_ar.tsv", "moderation_en.tsv", "emoji_moderation.tsv"} {
		for _, f := range tsvRows(file) {
			if len(f) < 3 {
				continue
			}
			sev := int(atof(f[2], 2))
			if sev < 0 || sev > 3 {
				sev = 2
			}
			exact := len(f) > 3 && strings.Contains(f[3], "x")
			modTerms = append(modTerms, modTerm{cat: catIndex(f[1]), sev: sev, exact: exact})
			modM.add(f[0], len(modTerms)-1, exact)
			if file == "moderation_en.tsv" && asciiLetters(f[0]) { // lexicon.go
				maskable[len(f[0])] = append(maskable[len(f[0])], maskableTerm{strings.ToLower(f[0]), len(modTerms) - 1})
			}
			seen[foldKey(f[0])] = true
		}
	}
	for _, w := range jsonList("ldnoobw_en.json") {
		if k := foldKey(w); !seen[k] && !ldnoobwEnSkip[w] {
			seen[k] = true
			modTerms = append(modTerms, modTerm{cat: catSexual, sev: 2})
			modM.add(w, len(modTerms)-1, true)
		}
	}
	for _, w := range jsonList("ldnoobw_ar.json") {
		if k := foldKey(w); !seen[k] && !ldnoobwArSkip[w] {
			seen[k] = true
			modTerms = append(modTerms, modTerm{cat: catSexual, sev: 2})
			modM.add(w, len(modTerms)-1, true)
		}
	}
	for i, f := range tsvRows("allow.tsv") {
		allowM.add(f[0], i, false)
	}
	for _, w := range []string{"يا", "ya", "you", "u", "ur", "your", "youre", "yo", "انت", "انتي", "انتو", "انتم", "انتى", "enta", "inta", "enti", "inti", "انتا", "هو", "هي", "هذا", "هاد", "هذي", "هاي", "دا", "ده", "دي",
		// MSA vocatives (اصمت أيها الأحمق), "that you" (والله انك تافه),
		// and the owner or host of the
		// channel named beside it (قناة ... وصاحبها دلخ): an insult aimed at a person
		"ايها", "ايتها", "انك", "انكم", "انكو", "انكي", "صاحبها", "وصاحبها", "صاحبه", "وصاحبه", "مقدمها", "ومقدمها", "مقدمه", "ومقدمه",
		// the addressee's face, looks or mind (وجهك يقرف, شكلك غبي,
		// خلقتك تقرف): an insult aimed at the person
		"وجهك", "وجهكم", "شكلك", "شكلكم", "خلقتك", "خلقتكم", "منظرك", "منظركم", "سحنتك", "عقلك", "مخك"} {
		addressed[foldKey(w)] = true
	}
}

// Threat verbs: a future/present prefix + stem + second-person object
// ("سأقتلك", "هقتلك", "بذبحك", "راح اضربك").
var (
	threatPrefixes = []string{"راح", "رح", "لا", "سا", "س", "ه", "ح", "ب", "ل", "و", ""}
	threatStems    = []string{"اقتل", "قتل", "ذبح", "اذبح", "اضرب", "ضرب", "ادعس", "دعس", "افجر", "فجر", "احرق", "حرق", "اسحل", "سحل", "اكسر", "طخ", "اطخ", "اخنق", "خنق", "اطعن", "طعن", "ادفن", "دفن"}
	threatObjs     = []string{"ك", "كم", "كي", "ج", "كو", "كن"}
)

func isThreat(key string) bool {
	// every threat form ends in a second-person object
	if !strings.HasSuffix(key, "ك") && !strings.HasSuffix(key, "كم") && !strings.HasSuffix(key, "كي") && !strings.HasSuffix(key, "ج") &&
		!strings.HasSuffix(key, "كو") && !strings.HasSuffix(key, "كن") {
		return false
	}
	for _, p := range threatPrefixes {
		if !strings.HasPrefix(key, p) {
			continue
		}
		rest := key[len(p):]
		for _, s := range threatStems {
			if !strings.HasPrefix(rest, s) {
				continue
			}
			for _, o := range threatObjs {
				if rest[len(s):] == o {
					return true
				}
			}
		}
	}
	return false
}

// modHit is one flagged term with its category and score.
type modHit struct {
	span  op.Span
	cat   int
	score float64
	boost bool // addressed to someone
	// thing: said of a thing (saidOfThingAt), not of a person
	thing bool
}

// toxicity is the shared moderation analysis of a text.
type toxicity struct {
	hits   []modHit
	scores [op.NumModerationCategories]float64
	spam   spamResult
	// learnedFlag: harassment comes from the learned head, not a lexicon hit
	learnedFlag bool
	// staffInsult: an Arabic insult aimed at the brand's people or the
	// content's maker named in the third person (arStaffAimed)
	staffInsult bool
}

// personInsult name a person by what the insult calls them (not "joke",
// "mess", which are said of things).
var personInsult = map[string]bool{"idiot": true, "idiots": true, "moron": true, "morons": true, "clown": true, "clowns": true, "fool": true, "fools": true,
	"loser": true, "losers": true, "imbecile": true, "muppet": true,
	// animals and vices said of a person ("a miserable old cow", "a sellout
	// idiot"; not "pig" or "liars": guinea pigs, "a network full of liars"
	// are not insults by Davidson's labels)
	"cow": true, "donkey": true, "scumbag": true, "scumbags": true, "sellout": true}

// articleBefore reports "a" or "an" at toks[k-1] or toks[k-2] (the
// adjectives of "a miserable old cow" between the article and the noun).
func articleBefore(toks []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-2; j-- {
		if toks[j].key == "a" || toks[j].key == "an" {
			return true
		}
	}
	return false
}

// situationExclaims: words of "what a ...!" said of a situation or a
// service ("paying for fiber and it's down again, what a joke"), not of a
// person.
var situationExclaims = wordSet("joke", "disgrace", "mess", "shambles", "nightmare", "circus", "scam", "ripoff", "rip-off", "shame", "waste")

// intensInsult intensify an insult noun used as an exclamation.
var intensInsult = map[string]bool{"absolute": true, "total": true, "complete": true, "utter": true, "proper": true}

// copulaPerson reports a person (personSubj) named as the subject of the
// copula at toks[k] within the seven words before it, across a
// prepositional phrase ("the host of this channel is") or a relative
// clause ("the guy who runs this shop is": who/that right after the
// person opens the clause that says which one).
func copulaPerson(toks []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-7; j-- {
		if toks[j].key == "whoever" {
			return true // "whoever runs this hospital is a clown"
		}
		if (personSubj[toks[j].key] || peopleSubj[toks[j].key]) && !(j > 0 && relativeWords[toks[j-1].key]) { // ("who hosts": a verb)
			// (not when the clause has a subject of its own before the
			// copula: "the guy who sold it said it was a joke")
			// ("the guy running this page is ...": a participle of what
			// the person does, as a relative clause)
			return j == k-1 || (personPrep[toks[j+1].key] || personDoing[toks[j+1].key] || j < k-2 && relativeWords[toks[j+1].key]) && !clauseSubjects[toks[k-1].key]
		}
	}
	return false
}

// soIsPerson reports "and so is/are/was" (or "as is") at toks[i] before
// a person: "whoever", a pronoun of a person or a person noun after at
// most two words ("so is the guy who runs it", "so are his fans").
func soIsPerson(toks []token, i int) bool {
	if i+3 >= len(toks) || toks[i].arabic {
		return false
	}
	j := i
	if toks[j].key == "and" {
		j++
	}
	if toks[j].key != "so" && toks[j].key != "as" {
		return false
	}
	if c := toks[j+1].key; c != "is" && c != "are" && c != "was" && c != "were" {
		return false
	}
	for n := j + 2; n < len(toks) && n <= j+4; n++ {
		if k := toks[n].key; k == "whoever" || k == "he" || k == "she" || k == "you" || personSubj[k] || peopleSubj[k] {
			return true
		}
	}
	return false
}

// likeCopula: the verbs that make "like" a copula ("sounds like an idiot").
var likeCopula = wordSet("sounds", "looks", "acts", "sound", "look", "act", "sounded", "looked", "acted")

// heShe: a person's pronoun as a subject.
var heShe = wordSet("he", "she", "you", "u", "they")

// superlativeAt reports a superlative at toks[i] ("most", "-est").
func superlativeAt(toks []token, i int) bool {
	k := toks[i].key
	return k == "most" || k == "worst" || !toks[i].arabic && len(k) > 4 && strings.HasSuffix(k, "est") && k != "honest" && k != "interest" && k != "request" && k != "latest"
}

// askOpensAr reports an Arabic comment opened by an interrogative (ايه,
// مين, شو, وش, كيف ...).
func askOpensAr(toks []token) bool {
	return len(toks) > 0 && toks[0].arabic && (askWordsAr[toks[0].key] || whatWordsAr[toks[0].key])
}

// wishOpensAr reports an Arabic comment opened by a wish or a proposal
// (يا ليتكم, ياريت, اقترح): its address asks for something; with no
// insult word the learned head's lean ("يا ليتكم تسوون صالة حق الحريم":
// الحريم leans offensive in the tweets it learned from) flags nothing
// (twenty-second session).
func wishOpensAr(toks []token) bool {
	if len(toks) == 0 || !toks[0].arabic {
		return false
	}
	k := toks[0].key
	if k == "يا" && len(toks) > 1 {
		k = toks[1].key
	}
	return wishOpenersAr[k]
}

var wishOpenersAr = wordSet("ليت", "ليتكم", "ليتك", "ليتكن", "ريت", "ياريت", "ياليت", "ياليتكم", "اتمنى", "نتمنى", "اقترح", "اقتراح", "نقترح", "بقترح")

// relativeWords open a relative clause after a noun ("the guy who runs
// it", "the lady that served us").
var relativeWords = wordSet("who", "that", "whos", "whom")

// clauseSubjects are subject pronouns: one right before a copula is its
// subject.
var clauseSubjects = wordSet("it", "he", "she", "they", "i", "we", "you", "there", "which", "its")

// namesPeople reports a person or a group of people named in toks
// (personSubj, peopleSubj).
func namesPeople(toks []token) bool {
	for i := range toks {
		if personSubj[toks[i].key] || peopleSubj[toks[i].key] {
			return true
		}
	}
	return false
}

// insultAdjectives stand before an insult noun ("useless losers").
var insultAdjectives = map[string]bool{"useless": true, "worthless": true, "pathetic": true, "clueless": true, "lying": true, "greedy": true,
	"stupid": true, "total": true, "complete": true, "absolute": true, "talentless": true, "incompetent": true, "bunch": true, "of": true}

// secondPredicate reports an "and" at toks[k] joining a second predicate
// to "<person> is/are ..." within the five words before it.
func secondPredicate(toks []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-5; j-- {
		if c := toks[j].key; c == "is" || c == "are" || c == "was" || c == "were" {
			return copulaPerson(toks, j)
		}
	}
	return false
}

// personPrep open a phrase that places a person ("the staff at this shop").
var personPrep = map[string]bool{"of": true, "at": true, "in": true, "on": true, "from": true, "here": true, "with": true}

// personDoing: a participle after a person noun that tells what the person
// does ("the guy running this page", "the woman hosting the show").
var personDoing = wordSet("running", "hosting", "managing", "presenting", "making", "doing", "behind", "reading", "editing", "filming", "narrating")

// lowOfThing reports a noun of a measurable thing (sound, price, level,
// signal) among the five tokens before toks[i], no "you" between: واطي
// then says "low" of it, not "vile" of a person (allow.tsv lists the
// fixed phrases; this reads "الصوت كان واطي", "صوت الفيديو جدا واطي",
// "الصوت بالبودكاست مبارح كان كتير واطي").
func lowOfThing(toks []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-5; k-- {
		if youWords[toks[k].key] {
			return false // "انت صوتك واطي"
		}
		if thingNouns[toks[k].key] {
			return true
		}
	}
	return false
}

var (
	lowWords   = wordSet("واطي", "واطيه", "واطية")
	thingNouns = wordSet("الصوت", "صوت", "صوته", "صوتها", "صوتك", "السعر", "سعر", "الاسعار", "اسعار", "سعره", "المستوى", "مستوى", "مستواه",
		"الجوده", "الجودة", "النت", "الانترنت", "الشبكه", "الشبكة", "الاشاره", "الاشارة", "الضغط", "الصوتيه", "الميكروفون", "المايك")
)

// addressedText reports a second-person address (انت, يا, ...) in toks.
func addressedText(toks []token) bool {
	for i := range toks {
		if addressed2[toks[i].key] && !wishParticle(toks, i) && !friendlyVocative(toks, i) {
			return true
		}
	}
	return false
}

// insultBeyondAddress reports that the comments' insult head reads an
// insult in what a text says of its addressee, not in the address alone:
// its words other than the pronouns of address (انت, انتي, انتو, you)
// still lean to an insult (a vocative يا stays: "يا شينك" insults by it). The head learned "انت" from the many insults that open with it,
// so "انت بطل" ("you are a hero"), "انتي بطلة" and "انت اجمد واحد" read
// as insults at P(flagged) 1.00 although بطل, كبير and اجمد alone lean
// the other way; "انت واحد تافه" keeps its insult without انت.
func insultBeyondAddress(toks []token) bool {
	rest := make([]token, 0, len(toks))
	for i := range toks {
		if k := toks[i].key; k == "يا" || !addressed2[k] {
			rest = append(rest, toks[i])
		}
	}
	var p [2]float64
	return len(rest) > 0 && learnedInsult.score(rest, p[:]) && learnedInsult.featureLogOdds(p[:], 1, 0) >= learnedInsultFeatMin
}

// secondPerson reports an English second-person word in toks.
func secondPerson(toks []token) bool {
	for i := range toks {
		switch toks[i].key {
		case "you", "u", "ur", "your", "youre", "yall", "yourself":
			return true
		}
	}
	return false
}

// bareVocative reports a noun that only names people by an insult
// (personInsult: idiot, moron, clown) closing a comment addressed to
// "you" without a comma before it ("you cant even boil an egg idiot"): a
// vocative, as it is after a comma. Not after an article, "like", "as" or a
// word that makes it a noun of the sentence ("you made me look like an
// idiot", "you treat us as fools"), nor in a sentence of the writer's own
// ("i feel like such an idiot thank you", "thank you im the idiot").
func bareVocative(toks []token, ti, tj int) bool {
	if tj != len(toks) || ti < 3 || !personInsult[toks[ti].key] {
		return false
	}
	if prev := toks[ti-1].key; nounFrames[prev] || linkers[prev] || insultAdjectives[prev] || addressed[prev] {
		return false
	}
	for k := ti - 1; k >= 0; k-- {
		if writerSelf[toks[k].key] {
			return false
		}
	}
	return true
}

var (
	// nounFrames make the word after them a noun of the sentence
	nounFrames = wordSet("like", "as", "than", "of", "for", "with", "to", "at", "my", "his", "her", "their", "our", "your", "this", "that", "these", "those", "some", "any", "no", "one", "another", "other", "every", "each", "which", "whose", "called", "call", "calling", "named")
	// enImperativeOpen: imperatives that open a comment told to the reader
	enImperativeOpen = wordSet("go", "learn", "stop", "quit", "delete", "uninstall", "grow", "get")
	// writerSelf: the writer speaking of themself
	writerSelf = wordSet("i", "im", "ive", "me", "myself", "id", "ill", "we", "us")
)

// wishParticle reports that toks[i] is the يا of "يا ريت" / "يا ليت" (I
// wish): an interjection, not a vocative addressing anyone.
func wishParticle(toks []token, i int) bool {
	return toks[i].key == "يا" && i+1 < len(toks) && (toks[i+1].key == "ريت" || toks[i+1].key == "ليت")
}

// friendlyVocative reports that toks[i] is the يا of a friendly call ("يا
// زلمة", "يا شباب", "يا حبيبي": "man!", "guys", "my dear"): cheering or
// chatting, not an address an insult head should read as aimed.
func friendlyVocative(toks []token, i int) bool {
	return toks[i].key == "يا" && i+1 < len(toks) && (friendlyCalls[toks[i+1].key] || exclaimCalls[toks[i+1].key])
}

// exclaimCalls: what a vocative يا calls that is no person: God and His
// names in a prayer or a cry ("الله يوفقكم يا رب", "يا ساتر شو صار") and
// the exclamations of pity, shame, loss or joy ("يا حرام", "يا عيب
// الشوم", "يا خسارة", "يا فرحتي"). The comments' insult head learned يا
// from "يا حمار" and read these at P(flagged) 1.00 (seventeenth session:
// "يا رب يوفقكم" was flagged harassment).
var exclaimCalls = wordSet("رب", "ربي", "الله", "لطيف", "ساتر", "رحمن", "كريم", "حرام", "حسره", "حسرتي", "خساره", "ويلي", "ويل", "عيب", "فرحتي", "فرحه",
	"خيبه", "مصيبه", "كارثه", "فضيحه", "سلام", "ريت", "عيني", "حلاوه", "بختي", "هلا", "مرحبا", "اهلا", "حسافه", "لهوي", "نهار", "دي")

var friendlyCalls = wordSet("زلمه", "زلمة", "زلمي", "رجال", "رجل", "شباب", "جماعه", "جماعة", "حبيبي", "حبيبتي", "حبايب", "غالي", "غاليه",
	"اخي", "اخوي", "اخويا", "خوي", "خيي", "بطل", "ابطال", "وحش", "باشا", "معلم", "عمي", "حجي", "ست", "استاذ", "شيخ", "اخت", "اختي", "صاحبي", "صديقي",
	// a title of respect ("الله عليكي يا شيف", "تسلم يا دكتور")
	"شيف", "chef", "شف", "كابتن", "دكتور", "دكتوره", "كوتش", "coach", "مدام", "استاذه", "بشمهندس", "باشمهندس", "ابله", "ريس",
	// an artist called by a title, often "ours" ("الله لا يحرمنا من صوتك يا شاعرنا")
	"شاعر", "شاعرنا", "مبدع", "مبدعه", "مبدعنا", "فنان", "فنانه", "فناننا", "نجم", "نجمنا", "استاذنا", "شيخنا", "دكتورنا", "حبيبنا", "غالينا", "بطلنا")

// addressed2 are second-person address words (a subset of addressed:
// without the demonstratives).
var addressed2 = map[string]bool{"يا": true, "انت": true, "انتي": true, "انتو": true, "انتم": true, "انتا": true, "انتى": true, "you": true, "u": true, "ur": true}

func inStrings(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// arabicMajority reports more Arabic word tokens than other word tokens.
func arabicMajority(toks []token) bool {
	ar, other := 0, 0
	for i := range toks {
		switch {
		case toks[i].arabic:
			ar++
		case !toks[i].emoji:
			other++
		}
	}
	return ar > other
}

// replyBoost: an insult in a reply counts as addressed.
var replyBoost = true

func analyzeToxicity(text string) toxicity {
	toks := tokenizeComment(text)
	return analyzeTokens(text, toks)
}

func analyzeTokens(text string, toks []token) toxicity {
	var tx toxicity
	// allowed and matched per token, on the stack for up to 128 tokens
	var flagBuf [256]bool
	var flags []bool
	if 2*len(toks) <= len(flagBuf) {
		flags = flagBuf[:2*len(toks)]
	} else {
		flags = make([]bool, 2*len(toks))
	}
	allowed, matched := flags[:len(toks):len(toks)], flags[len(toks):]
	for _, h := range allowM.find(toks) {
		for k := h.ti; k < h.tj; k++ {
			allowed[k] = true
		}
	}
	var seenEmoji []string // emoji keys scored so far (few per text)
	// a reply (the text opens with an @mention) is addressed to that account
	reply := replyBoost && strings.HasPrefix(strings.TrimSpace(text), "@")
	staffTried := false // arStaffAimed read for a hit aimed already (add)
	add := func(ti, tj int, t modTerm) {
		if toks[ti].emoji {
			// a repeated emoji is one signal: only its first occurrence scores
			if inStrings(seenEmoji, toks[ti].key) {
				tx.hits = append(tx.hits, modHit{span: op.Span{Start: toks[ti].start, End: toks[tj-1].end}, cat: t.cat, score: 0})
				return
			}
			seenEmoji = append(seenEmoji, toks[ti].key)
		}
		for k := ti; k < tj; k++ {
			if allowed[k] {
				return
			}
		}
		if tj == ti+1 && lowWords[toks[ti].key] && lowOfThing(toks, ti) {
			return // "الصوت كان واطي كتير": the sound is low, nobody is vile
		}
		// the object of a verb of ordering or buying is the thing bought
		// ("طلبت جزمة من أسبوعين", "اشتريت شبشب"), nobody insulted
		if tj == ti+1 && ti > 0 && toks[ti].arabic && boughtVerbs[toks[ti-1].key] {
			return
		}
		sev := t.sev
		boost := false
		first := &toks[ti]
		insult := t.cat == catHarassment || t.cat == catProfanity || t.cat == catHate
		if insult && ti > 0 && addressed[toks[ti-1].key] {
			boost = true
		}
		// "you are a complete idiot", "يا لك من احمق": an address, then
		// only linkers up to the insult
		article := false // "a"/"an" between a person subject and the insult
		for k := ti - 1; insult && !boost && k >= 0 && k >= ti-4; k-- {
			if addressed[toks[k].key] {
				boost = k < ti-1
				break
			}
			if personSubj[toks[k].key] {
				boost = article
				break
			}
			// "these people are idiots", "the staff are morons": a plural
			// subject and "are" name a group of people by the insult
			if (toks[k].key == "are" || toks[k].key == "were") && k > 0 && peopleSubj[toks[k-1].key] {
				boost = true
				break
			}
			// "your pharmacists are useless idiots": a noun that only names
			// people (personInsult) predicated of a plural subject names
			// those people, whatever their job is called
			if (toks[k].key == "are" || toks[k].key == "were") && personInsult[first.key] && !first.arabic {
				boost = true
				break
			}

			// "whoever does the voiceover sounds like an absolute moron":
			// "sounds/looks like" a person named before it is the copula
			if toks[k].key == "like" && k > 0 && likeCopula[toks[k-1].key] && (copulaPerson(toks, k-1) || k > 1 && heShe[toks[k-2].key]) && article {
				boost = true
				break
			}
			// "the host of this channel is a clown": the subject of the
			// copula is a person named a few words before it
			if (toks[k].key == "is" || toks[k].key == "was" || toks[k].key == "are" || toks[k].key == "were") && copulaPerson(toks, k) {
				// (an insult to the mind, "this guy is so dumb", insults
				// the person without an article: it criticises no conduct)
				boost = article || toks[k].key == "are" || toks[k].key == "were" || mindInsult[first.key] && !first.arabic
				break
			}
			// "this reviewer is a paid shill and an idiot": a second
			// predicate of the same person
			// ("the host is so annoying and dumb": an insult closing the
			// comment needs no article, unless it is a word of criticism
			// too: "the guy was rude and clueless" is a complaint)
			if toks[k].key == "and" && (article || tj == len(toks) && !first.arabic && !insultAdjectives[first.key]) && secondPredicate(toks, k) {
				boost = true
				break
			}
			// ("the" before a superlative is one too: "is the dumbest
			// person", "the most boring idiot")
			article = article || toks[k].key == "a" || toks[k].key == "an" || toks[k].key == "the" && k+1 < len(toks) && superlativeAt(toks, k+1)
			// "run by clowns", "staffed by idiots": the people behind it
			if toks[k].key == "by" && k > 0 && runBy[toks[k-1].key] {
				boost = true
				break
			}
			if toks[k].key == "of" && k > 0 && groupOf[toks[k-1].key] {
				boost = true
				break
			}
			// "what an idiot": an exclamation aimed at someone (the insult
			// ends the phrase: not "what a trash franchise")
			// ("what an idiot this presenter is": the person named after it)
			// ("what a joke", "what a mess" exclaim about a situation)
			if toks[k].key == "what" && k < ti-1 && (toks[k+1].key == "a" || toks[k+1].key == "an") &&
				(!situationExclaims[first.key] && (tj == len(toks) || strings.TrimSpace(text[toks[tj-1].end:toks[tj].start]) != "") ||
					tj+1 < len(toks) && (toks[tj].key == "this" || toks[tj].key == "that" || toks[tj].key == "the") && (personSubj[toks[tj+1].key] || peopleSubj[toks[tj+1].key])) {
				boost = true
				break
			}
			// "useless idiots": an adjective before a noun of people
			// ("a sellout idiot", "a greedy pig": any one or two words
			// before a noun that only names people by an insult)
			if !linkers[toks[k].key] && !veryWords[toks[k].key] && !(insultAdjectives[toks[k].key] && personInsult[first.key]) && !(personInsult[first.key] && !first.arabic && k >= ti-2 && !toks[k].arabic && articleBefore(toks, k)) {
				break
			}
		}
		// "..., absolute idiot": an insult with an intensifier closing the
		// comment after a comma is an exclamation about the person just
		// described ("(he is an) absolute idiot")
		if insult && !first.arabic && tj == len(toks) && ti >= 2 && intensInsult[toks[ti-1].key] && personInsult[first.key] &&
			strings.ContainsAny(text[toks[ti-2].end:toks[ti-1].start], ",.!-") {
			boost = true
		}
		// "this channel is trash and so is whoever runs it": "and so
		// is/are" extends the insult to the person named after it
		if insult && !first.arabic && !boost && soIsPerson(toks, tj) {
			boost = true
		}
		if insult && tj < len(toks) && likeYou[toks[tj].key] {
			boost = true
		}
		// an insult that opens or closes the comment as a vocative
		// ("fraudsters, every single one of you", "..., loser"), or "shut
		// up" opening it, in a text addressed to "you"
		// ("shut up" opening the comment is an imperative to the reader: an
		// address by itself)
		// (a comment opening with an imperative to the reader, "go learn
		// proper english ..., idiot", addresses them as "you" does)
		if insult && !first.arabic && (secondPerson(toks) || ti == 0 && first.key == "shut" || ti > 0 && enImperativeOpen[toks[0].key]) {
			// ("your voice is so annoying just shut up": "shut up" told to
			// someone the comment addresses, wherever it stands)
			boost = boost || first.key == "shut"
			opens := ti == 0 && tj < len(toks) && (first.key == "shut" || strings.TrimSpace(text[toks[tj-1].end:toks[tj].start]) != "")
			closes := tj == len(toks) && ti > 0 && strings.TrimSpace(text[toks[ti-1].end:toks[ti].start]) != "" && !actNouns[toks[tj-1].key]
			boost = boost || opens || closes || bareVocative(toks, ti, tj)
		}
		// "worst league admins ever, useless losers": an insult (and its
		// adjectives) closing the comment after a comma names the people
		// the comment spoke of
		// (not a word that names the act as well as the person, "...
		// blocked me on whatsapp. total fraud": a verdict on what
		// happened)
		if insult && !first.arabic && !boost && tj == len(toks) && !actNouns[toks[tj-1].key] {
			s := ti
			for s > 0 && insultAdjectives[toks[s-1].key] {
				s--
			}
			if s > 0 && strings.TrimSpace(text[toks[s-1].end:toks[s].start]) != "" && namesPeople(toks[:s]) {
				boost = true
			}
		}
		if first.arabic && strings.HasPrefix(first.key, "يا") && (t.cat == catHarassment || t.cat == catProfanity) {
			boost = true
		}
		// "الفني عندكم فتح جوالي وضيع الشريحة": the verb "and lost", told
		// of the staff named before it, is no insult of them
		if insult && andLostVerb(toks, ti, tj) {
			return
		}
		// a word of manners after a past copula ("الموظف كان وقح معايا": the
		// employee was rude to me) reports how someone behaved, as "was rude"
		// does in English: a grievance told, not an insult thrown
		if insult && first.arabic && !boost && t.cat == catHarassment && (pastConduct(toks, ti) || conductWith(toks, tj)) {
			return
		}
		// (aimed at the staff even when another reading aimed it already:
		// "مدير القاعة ده قليل الأدب")
		// (once a text for a hit aimed already: the scan costs 10% of a
		// comment with many insults)
		if insult && first.arabic && (!boost || !tx.staffInsult && !staffTried) {
			staffTried = staffTried || boost
			if arStaffAimed(text, toks, ti, tj) {
				boost = true
				tx.staffInsult = true
			}
		}
		// an animal named with the article inside a clause of a comment
		// about animals' care, aimed at nobody ("الدكتور فحص القطة والكلب
		// بسرعة"): the animal itself, no insult (opening the comment, "الكلب
		// ده", or after "you", it names a person; without a word of pets or
		// their care, "X الكلب" after a name is an epithet: L-HSAB lost
		// 0.004 when every mid-clause animal was read as one)
		if insult && first.arabic && !boost && (animalLiteral(toks, ti, tj) || garbageLiteral(toks, ti, tj) || literalQuality(text, toks, ti, tj)) {
			return
		}
		if reply && first.arabic && t.cat == catHarassment && sev >= 1 {
			boost = true
		}
		if boost && sev < 3 {
			sev++
		}
		h := modHit{span: op.Span{Start: toks[ti].start, End: toks[tj-1].end}, cat: t.cat, score: sevScore[sev], boost: boost,
			thing: !boost && first.arabic && saidOfThingAt(toks, ti, tj)}
		tx.hits = append(tx.hits, h)
		if boost && t.cat == catProfanity {
			tx.hits = append(tx.hits, modHit{span: h.span, cat: catHarassment, score: sevScore[sev] * 0.9, boost: true})
		}
	}
	// raiseAimed: the lexicon's hit on t is aimed at a person: raised to
	// moderate, not counted twice
	raiseAimed := func(t token) {
		for h := range tx.hits {
			if hh := &tx.hits[h]; hh.span.Start <= t.start && t.end <= hh.span.End && hh.score < sevScore[2] {
				hh.boost, hh.score = true, sevScore[2]
			}
		}
	}
	for _, h := range modM.find(toks) {
		if modTerms[h.id].exact && h.tj == h.ti+1 && cutOff(text, toks[h.ti].end) {
			continue // "... last nig…": "night" cut off by a truncated post
		}
		if h.tj == h.ti+1 && h.ti > 0 && phoneBrands[toks[h.ti-1].key] && strings.ContainsAny(toks[h.ti].key, "0123456789") {
			continue // "samsung a55": a model, not the leet "ass"
		}
		add(h.ti, h.tj, modTerms[h.id])
		for k := h.ti; k < h.tj; k++ {
			matched[k] = true
		}
	}
	for i := range toks {
		// a word written with asterisks for letters ("f***ing", "b*tch"):
		// the lexicon's word whose letters fit the mask
		if !matched[i] && !toks[i].arabic && !toks[i].emoji {
			if raw := text[toks[i].start:toks[i].end]; strings.IndexByte(raw, '*') >= 0 {
				if id, ok := maskedTerm(raw); ok {
					add(i, i+1, modTerms[id])
					matched[i] = true
				}
			}
		}
		if !matched[i] && toks[i].arabic && isThreat(toks[i].key) {
			add(i, i+1, modTerm{cat: catViolence, sev: 3})
		}
		// "ما عندهم سنع ولا أدب": manners denied to people (noManners)
		if !matched[i] && toks[i].arabic {
			if j, sev := noManners(toks, i); j > 0 && !matched[j-1] {
				add(i, j, modTerm{cat: catHarassment, sev: sev})
				for k := i; k < j; k++ {
					matched[k] = true
				}
			}
		}
		// "صوتها زي زن الناموسة", "شكلو متل المهرج": a person's voice,
		// face or looks likened to something (mockedLikeness)
		if !matched[i] && toks[i].arabic {
			if j := mockedLikeness(toks, i); j > 0 {
				add(i, j, modTerm{cat: catHarassment, sev: 2})
				for k := i; k < j; k++ {
					matched[k] = true
				}
			}
		}
		// "your presenter talks like a chipmunk", "the cashier looks like
		// a zombie": a person likened to what mocks (mockedLikenessEn)
		if !matched[i] && !toks[i].arabic {
			if j := mockedLikenessEn(toks, i); j > 0 && matched[j-1] {
				raiseAimed(toks[j-1]) // "act like clowns"
			} else if j > 0 {
				add(i, j, modTerm{cat: catHarassment, sev: 2})
				for k := i; k < j; k++ {
					matched[k] = true
				}
			}
		}
		// "the guy who hosts this is so annoying", "whoever designed
		// this app is brain dead": a bad quality of a person (makerFaults)
		// said with a copula of the person named before it (copulaPerson)
		// (a quality of the work, "terrible at", "boring", is no insult)
		if k := toks[i].key; !toks[i].arabic && personCopula[k] && copulaPerson(toks, i) {
			if j := youAreFault(toks, i); j > 0 && personFaults[toks[j-1].key] && !(j < len(toks) && workPreps[toks[j].key]) {
				if matched[j-1] {
					raiseAimed(toks[j-1])
				} else {
					n := len(tx.hits)
					add(i, j, modTerm{cat: catHarassment, sev: 1})
					if len(tx.hits) > n {
						tx.hits[n].boost, tx.hits[n].score = true, sevScore[2] // aimed at the person
					}
				}
			}
		}
		// "what a useless lazy host": an exclamation that names the
		// content's maker by bad qualities (makerExclaimed) insults them
		if k := toks[i].key; (k == "what" || youAre[k]) && !toks[i].arabic {
			if j := makerExclaimed(toks, i); j > 0 && !matched[j-1] {
				n := len(tx.hits)
				add(i, j, modTerm{cat: catHarassment, sev: 1})
				if len(tx.hits) > n {
					tx.hits[n].boost, tx.hits[n].score = true, sevScore[2] // aimed at the person
				}
			}
		}
	}
	// category scores: noisy-or of the hits
	var keep [op.NumModerationCategories]float64
	for i := range keep {
		keep[i] = 1
	}
	for _, h := range tx.hits {
		keep[h.cat] *= 1 - h.score
	}
	for i := range keep {
		tx.scores[i] = round2(math.Min(0.99, 1-keep[i]))
	}
	// learned evidence (Arabic): a text the learned head reads as offensive
	// (P >= learnedModMin) with a lexicon hint below moderate or a
	// second-person address is harassment at learnedModMix (flagged at
	// medium strictness). Without a hint or an address it flags nothing:
	// that kept L-HSAB from dropping (docs/quality.md, "Learned evidence").
	if learnedModAr != nil && learnedModMix > 0 && tx.scores[catHarassment] < sevScore[2] && arabicMajority(toks) {
		var p [2]float64
		// (an address alone in a question asks, "ايه اسم الروج اللي انتي
		// حاطاه", "مين القارئ ده يا جماعة": no insult word, no flag)
		if learnedModAr.score(toks, p[:]) && p[1] >= learnedModMin && (len(tx.hits) > 0 || addressedText(toks) && !askOpensAr(toks) && !wishOpensAr(toks)) {
			tx.scores[catHarassment] = math.Max(tx.scores[catHarassment], round2(learnedModMix))
			tx.learnedFlag = true
		}
	}
	// the project's comments: a short comment its insult head reads as an
	// insult (P >= learnedInsultMin) is harassment at learnedModMix
	if learnedInsult != nil && learnedInsultMin <= 1 && !tx.learnedFlag && tx.scores[catHarassment] < learnedModMix &&
		len(text) < learnedIntentMaxBytes && arabicMajority(toks) && (len(tx.hits) > 0 || addressedText(toks)) {
		var p [2]float64
		if learnedInsult.score(toks, p[:]) && p[1] >= learnedInsultMin && learnedInsult.featureLogOdds(p[:], 1, 0) >= learnedInsultFeatMin &&
			(len(tx.hits) > 0 || insultBeyondAddress(toks)) {
			tx.scores[catHarassment] = math.Max(tx.scores[catHarassment], round2(learnedModMix))
			tx.learnedFlag = true
		}
	}
	tx.spam = detectSpam(text, toks)
	sellerBaits(text, toks, &tx.spam) // spam_ar.go
	// a comment opening with a wish ("ودنا باقة خاصة للطلاب بسعر رمزي")
	// asks for an offer, it makes none: its commerce words weigh half
	// unless a bait (a link, a contact, a decisive cue) is there
	if !tx.spam.bait && tx.spam.score > 0 && opensWithWish(toks) {
		tx.spam.score = round2(tx.spam.score / 2)
	}
	// a link told as what robbed the writer ("بعتولي رابط ... كبست عليه وطار
	// الرصيد", "clicked the link and my balance was gone"): a victim's
	// complaint, no promotion (unless an address is given)
	// (nor are the links an intruder sends from a stolen account: "حدا
	// سرق حسابي وعم يبعت لينكات")
	if tx.spam.score > 0 && tx.spam.links == 0 && (linkVictim(toks) || accountTaken(toks)) {
		tx.spam = spamResult{}
	}
	tx.scores[catSpam] = round2(tx.spam.score)
	for _, s := range tx.spam.spans {
		tx.hits = append(tx.hits, modHit{span: s, cat: catSpam, score: tx.spam.score})
	}
	return tx
}

// level maps a 0..1 score to the toxicity enumeration.
func toxicityLevel(s float64) string {
	switch {
	case s >= 0.85:
		return "severe"
	case s >= 0.6:
		return "moderate"
	case s >= 0.35:
		return "mild"
	}
	return "none"
}

func severityLevel(s float64) string {
	switch {
	case s >= 0.85:
		return "high"
	case s >= 0.6:
		return "medium"
	case s >= 0.35:
		return "low"
	}
	return "none"
}

func (tx *toxicity) max() float64 {
	m := 0.0
	for _, s := range tx.scores {
		m = math.Max(m, s)
	}
	return m
}

// abuse is the highest score of the categories a reply must not thank or
// welcome: profanity, hate, harassment, sexual content and violence.
func (tx *toxicity) abuse() float64 {
	m := 0.0
	for _, i := range [...]int{catProfanity, catHate, catHarassment, catSexual, catViolence} {
		m = math.Max(m, tx.scores[i])
	}
	return m
}

// abuseBeside is abuse without category skip.
func (tx *toxicity) abuseBeside(skip int) float64 {
	m := 0.0
	for _, i := range [...]int{catProfanity, catHate, catHarassment, catSexual, catViolence} {
		if i != skip {
			m = math.Max(m, tx.scores[i])
		}
	}
	return m
}

// maxNonSpam is the highest score of the abuse categories (spam excluded).
func (tx *toxicity) maxNonSpam() float64 {
	m := 0.0
	for i, s := range tx.scores {
		if i != catSpam {
			m = math.Max(m, s)
		}
	}
	return m
}

// Moderate scores text in the seven moderation categories.
//
// Contract: CategoryScores are in 0..1; a category is flagged when its score
// reaches the strictness threshold (low 0.85 = severe only, medium 0.60 =
// moderate and severe, high 0.35 = mild too); Flags lists flagged categories in
// op.ModerationCategories order; FlaggedTerms are the original substrings at
// Spans (sorted, non-overlapping byte ranges) of the hits in flagged
// categories; CleanedText is the text with exactly those spans replaced by
// "***" ("" when safe). Severity and Toxicity follow the highest category
// score whatever the strictness. Lexicon lookups tolerate elongation, inner
// separators, zero-width characters, spaced-out letters, digit-for-letter and
// Arabizi spellings; allow-listed phrases are never flagged.
func Moderate(req op.ModerateRequest) op.Moderation { return moderate(req, nil) }

// ModerateDetected is Moderate for a caller that has already detected the
// text: d must be dialect.Detect(req.Text); the text is not detected again.
func ModerateDetected(req op.ModerateRequest, d op.Detection) op.Moderation {
	return moderate(req, &d)
}

// moderate is Moderate with the detection of req.Text when known (nil:
// detect here).
func moderate(req op.ModerateRequest, known *op.Detection) op.Moderation {
	if m, ok := moderateArabizi(req, known); ok { // Arabizi: arabizi.go
		return m
	}
	d := detection(req.Text, known)
	buf := getTokBuf() // the result keeps no token
	defer putTokBuf(buf)
	tx := analyzeTokens(req.Text, tokenizeCommentBuf(req.Text, buf))
	th, ok := strictThreshold[req.Strictness]
	thSpam := spamStrictThreshold[req.Strictness]
	if !ok {
		th, thSpam = strictThreshold["medium"], spamStrictThreshold["medium"]
	}
	m := op.Moderation{Flags: []string{}, FlaggedTerms: []string{}, Spans: []op.Span{}, Language: d.Language, Dialect: d.Dialect}
	m.CategoryScores = tx.scores
	for i, s := range tx.scores {
		flag := s >= th
		// (a comment, not a tweet, that Classify files as spam is flagged
		// whatever made it spam: "Visit www.fastcashloans-now.net for
		// instant loans" was spam in classify and safe here)
		if i == catSpam && !flag && s >= thSpam && (promoted(&tx.spam) || commentShaped(req.Text) && !tweetMarks(req.Text)) {
			// under the strictness threshold but where Classify's spam
			// intent starts: flag what Classify calls spam (a question
			// about a flat "for rent or for sale?" is not) when the text
			// promotes (promoted). Links alone, or one weak word alone
			// ("سنابات"), are left to the threshold: tweets that share a
			// link are mostly clean (flagging them cost Davidson 0.01 and
			// OSACT2022 0.002 macro-F1).
			flag, _ = classifiedAs(req.Text, d)
		} else if i == catSpam && flag && s < 0.9 && tx.spam.links == 0 && commentShaped(req.Text) && !tweetMarks(req.Text) {
			// over the threshold but not sure, in a comment without a
			// link: what Classify files as a complaint is not spam, so
			// that the victim of a scam who tells its offer ("took my
			// money ... on whatsapp") is a complaint in one answer and
			// safe in the other (a question or a proposal stays flagged:
			// "مين عايز يشتغل أونلاين؟" asks nothing)
			spam, complaint := classifiedAs(req.Text, d)
			flag = spam || !complaint
		}
		if flag {
			m.Categories[i] = true
			m.Flags = append(m.Flags, op.ModerationCategories[i])
		}
	}
	m.SeverityScore = tx.max()
	m.Severity = severityLevel(m.SeverityScore)
	m.Toxicity = toxicityLevel(tx.maxNonSpam())
	m.IsSafe = len(m.Flags) == 0
	if !m.IsSafe {
		var spans []op.Span
		for _, h := range tx.hits {
			if m.Categories[h.cat] {
				spans = append(spans, h.span)
			}
		}
		m.Spans = MergeSpans(spans)
		for _, s := range m.Spans {
			m.FlaggedTerms = append(m.FlaggedTerms, req.Text[s.Start:s.End])
		}
		m.CleanedText = MaskSpans(req.Text, m.Spans)
	}
	m.Usage = op.Usage{Model: Model, TokensUsed: tokens(req.Text) + len(m.Flags) + tokens(m.CleanedText)}
	return m
}

// promoted reports spam evidence beyond links: two promotion signals, or
// one beside a contact detail or a decisive cue. A link and one promotion
// word ("free pattern at http://...") is left to the threshold: tweets so
// made are mostly clean (flagging them cost Davidson 0.0015 macro-F1).
func promoted(s *spamResult) bool {
	other := len(s.reasons) - s.links
	return other >= 2 || other >= 1 && s.lure
}

// tweetMarks reports a mention, a hashtag or a full link: the marks of a
// tweet, which shares links mostly clean.
func tweetMarks(text string) bool {
	return strings.ContainsAny(text, "@#") || strings.Contains(text, "http")
}

// classifiedAs reports whether Classify files text (detected as d) as
// spam and as a complaint. Moderate asks only for the rare text whose spam
// score lies between spamIntentMin and 0.9.
func classifiedAs(text string, d op.Detection) (spam, complaint bool) {
	buf := getTokBuf()
	defer putTokBuf(buf)
	a := analyseTextBuf(text, d, buf)
	return op.In("spam", a.intents), op.In("complaint", a.intents)
}

// MergeSpans sorts spans and merges overlapping ones (the engine uses it
// for spans it recomputes from a model's flagged terms).
func MergeSpans(spans []op.Span) []op.Span {
	if len(spans) == 0 {
		return []op.Span{}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	out := []op.Span{spans[0]}
	for _, s := range spans[1:] {
		last := &out[len(out)-1]
		if s.Start < last.End {
			if s.End > last.End {
				last.End = s.End
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// MaskSpans replaces each span of text (sorted, non-overlapping) with "***".
func MaskSpans(text string, spans []op.Span) string {
	var b strings.Builder
	prev := 0
	for _, s := range spans {
		b.WriteString(text[prev:s.Start])
		b.WriteString("***")
		prev = s.End
	}
	b.WriteString(text[prev:])
	return b.String()
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// describeToxicity names the evidence of a toxicity analysis for reasoning strings.
func describeToxicity(tx *toxicity, text string) string {
	var parts []string
	for i, s := range tx.scores {
		if s >= 0.35 && i != catSpam {
			parts = append(parts, fmt.Sprintf("%s %.2f", op.ModerationCategories[i], s))
		}
	}
	return strings.Join(parts, ", ")
}

// Toxicity returns the toxicity level (none, mild, moderate, severe) of text
// from the moderation lexicon alone: the same value Classify reports, without
// the cost of a full classification (for the provider path's comment store).
func Toxicity(text string) string {
	// Arabizi (arabizi.go): the toxicity of the Arabic reading, as Moderate
	// reports it, without detecting the reading or building a moderation
	if x, _, ok := arabiziReading(text); ok {
		return Toxicity(x.Text)
	}
	buf := getTokBuf()
	defer putTokBuf(buf)
	tx := analyzeTokens(text, tokenizeCommentBuf(text, buf))
	return toxicityLevel(tx.maxNonSpam())
}

// pastConduct reports a word of manners (mannersWords) right after a past
// copula (كان, كانت, كانوا), the copula after the person it describes, or
// manners denied (ما عنده, ماعندها) after the copula and at most two
// intensifiers.
func pastConduct(toks []token, ti int) bool {
	if ti < 1 {
		return false
	}
	// manners denied after a past copula, an intensifier between at most
	// ("الموظف كان وايد ما عنده ادب": the employee had no manners at all)
	if k := toks[ti].key; k == "ما" || k == "مو" || strings.HasPrefix(k, "ماعند") || strings.HasPrefix(k, "معند") {
		for j := ti - 1; j >= 1 && j >= ti-2; j-- {
			if pastCopula[strings.TrimPrefix(toks[j].key, "و")] {
				return true
			}
			if !veryWords[toks[j].key] {
				break
			}
		}
		return false
	}
	if !mannersWords[toks[ti].key] {
		return false
	}
	// "كلمني بأسلوب وقح": the manner someone spoke in, told
	return ti >= 2 && pastCopula[strings.TrimPrefix(toks[ti-1].key, "و")] || mannerNouns[toks[ti-1].key]
}

// conductWith reports a phrase of manners ending at tj followed by "with"
// and the people it was shown to ("الكاشير قليل ادب مع الزباين", "وقح
// معايا"): how someone treats others, a grievance told, not an insult
// thrown at the reader.
func conductWith(toks []token, tj int) bool {
	if tj >= len(toks) {
		return false
	}
	k := toks[tj].key
	return k == "مع" && tj+1 < len(toks) || conductWithMe[k]
}

var conductWithMe = wordSet("معي", "معايا", "معاي", "معنا", "معانا", "معاهم", "معهم", "معن")

// noManners reports a denial of manners at toks[i]: a negated "have" or
// "without" (ما عندهم, ماعندك, معندهمش, مالهم, بلا, عديمين) before, within
// three words joined by و, ولا or "a grain of" (ذرة, شي), a noun of
// manners or upbringing (سنع, أدب, أخلاق, تربية, حيا): "ما عندهم سنع ولا
// أدب". Not respect, taste or experience: those are denied of a service
// too ("ما عندهم احترام للمواعيد", "ما عندهم ذوق بالديكور"). It returns the end of
// the phrase and a severity: said to "you" (عندك, عندكم) moderate, of
// others mild (the lexicon's "ما عندهم اخلاق"; aimed at the staff named
// it is raised as any insult is).
func noManners(toks []token, i int) (end, sev int) {
	k := strings.TrimPrefix(toks[i].key, "و")
	var who string // the possessor's ending
	switch {
	case k == "بلا" || strings.HasPrefix(k, "عديم"):
		who = "هم"
	case (k == "ما" || k == "مو") && i+1 < len(toks):
		who = mannerOwner(toks[i+1].key, "عند", "ل", "ال", "في")
		i++
	default:
		// (the negation joined: ماعندهم, معندهمش, مالهم, مافيهم)
		for _, p := range [...]string{"ماعند", "معند", "مال", "مافي"} {
			if r, ok := strings.CutPrefix(k, p); ok {
				r = strings.TrimSuffix(r, "ش")
				if mannerOwners[r] && (p == "ماعند" || p == "معند" || peopleOwners[r]) {
					who = r
				}
				break
			}
		}
	}
	if who == "" {
		return 0, 0
	}
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		n := strings.TrimPrefix(toks[j].key, "و")
		if mannerNounsR22[n] || mannerNounsR22[strings.TrimPrefix(n, "ال")] {
			if who == "ك" || who == "كم" || who == "كو" || who == "كي" || who == "كن" {
				return j + 1, 2
			}
			return j + 1, 1
		}
		if !mannerFill[n] {
			return 0, 0
		}
	}
	return 0, 0
}

// mannerOwner is the possessor's ending of k after one of the bases
// ("عندهم" -> "هم"), "" when k is no such word. After ل and في the ending must name people (هم, كم, ك):
// "it has no sense" is said of a thing with ها and ه ("المهاترات اللي
// مالها سنع").
func mannerOwner(k string, bases ...string) string {
	for _, b := range bases {
		r, ok := strings.CutPrefix(k, b)
		if ok && !mannerOwners[r] {
			r = strings.TrimSuffix(r, "ش") // "ما عندهمش ذوق" (Egyptian)
		}
		if !ok || !mannerOwners[r] {
			continue
		}
		if b != "عند" && !peopleOwners[r] {
			return ""
		}
		return r
	}
	return ""
}

var (
	// the endings of عند / ل / في for a person: ه, ها, هم, ك, كم ...
	peopleOwners   = wordSet("هم", "هن", "ك", "كم", "كو", "كي", "كن", "هوم", "ون")
	mannerOwners   = wordSet("ه", "ها", "هم", "هن", "و", "ك", "كم", "كو", "كي", "كن", "هوم", "ون") // (ون: Levantine عندون)
	mannerNounsR22 = wordSet("سنع", "ادب", "اخلاق", "تربيه", "حيا", "حياء", "ضمير")
	mannerFill     = wordSet("ولا", "لا", "و", "ذره", "شي", "شيء", "اي", "ابدا", "نهائيا", "خالص")
)

// andLostVerb reports وضيع read as و + ضيّع, "and lost", before the thing
// lost ("فتح جوالي وضيع الشريحة"): a verb with its object (a definite or
// possessed noun after it), not the insult وضيع ("vile", said of a person:
// "انت وضيع").
func andLostVerb(toks []token, ti, tj int) bool {
	if tj != ti+1 || toks[ti].key != "وضيع" || tj >= len(toks) {
		return false
	}
	n := toks[tj].key
	return strings.HasPrefix(n, "ال") || strings.HasSuffix(n, "ي") || strings.HasSuffix(n, "نا") || strings.HasSuffix(n, "ها")
}

// mannerNouns: "in a manner / a way" before a word of manners.
var mannerNouns = wordSet("باسلوب", "بأسلوب", "اسلوب", "أسلوب", "بطريقه", "بطريقة", "بطريقه", "بشكل", "بتعامل", "تعامل")

// literalQuality reports "cheap" (رخيص), a word that insults people, used
// of a thing in its first sense: of food, prices or goods ("أكلات رخيصة
// للطلبة"). The thing stands up to four words before it in the same
// clause, and no "you" or person noun between them ("انت رخيص", "الموظف
// رخيص" stay insults). lowOfThing reads "low" (واطي) the same way.
func literalQuality(text string, toks []token, ti, tj int) bool {
	if tj != ti+1 {
		return false
	}
	if !cheapWords[strings.TrimPrefix(toks[ti].key, "و")] {
		return false
	}
	// "رخيص ونضيف", "رخيص وحلو": cheap beside a good quality is a price
	// praised (twenty-first session)
	if tj < len(toks) && cheapAnd[toks[tj].key] {
		return true
	}
	for j := ti - 1; j >= 0 && j >= ti-4; j-- {
		if strings.ContainsAny(text[toks[j].end:toks[j+1].start], "،,.!؟?;؛") {
			return false
		}
		jk := strings.TrimPrefix(toks[j].key, "و")
		if youWords[jk] || arStaffNouns[jk] || arStaffNouns[strings.TrimPrefix(jk, "ال")] {
			return false
		}
		if cheapThings[jk] || cheapThings[strings.TrimPrefix(jk, "ال")] {
			return true
		}
	}
	return false
}

var (
	cheapWords  = wordSet("رخيص", "رخيصه", "رخيصين", "رخيصات")
	cheapThings = wordSet("اكلات", "اكل", "وجبات", "وجبه", "اسعار", "سعر", "منتجات", "منتج", "بضاعه", "ملابس", "هدوم", "تذاكر", "تذكره", "رحلات", "رحله", "فنادق", "فندق", "عروض", "عرض",
		"خيارات", "اشياء", "حاجات", "اغراض", "اجهزه", "جهاز", "باقه", "باقات", "اشتراك", "وصفات", "وصفه", "طبخات", "مطاعم", "مطعم", "شقق", "شقه", "سياره", "سيارات", "قطع", "ماركه", "ماركات",
		// (twenty-first session) places and services
		"جيم", "نادي", "محل", "كافيه", "صالون", "مكان", "سوق", "موقع", "تطبيق", "خدمه", "شحن", "توصيل", "كورس", "دوره", "سنتر", "فرع")
	cheapAnd = wordSet("ونضيف", "ونظيف", "وحلو", "وحلوه", "وكويس", "وكويسه", "وسريع", "وممتاز", "ونضيفه", "ونظيفه", "وزاكي", "وطعمه")
)

var (
	pastCopula   = wordSet("كان", "كانت", "كانوا", "كانو")
	mannersWords = wordSet("وقح", "وقحه", "وقحين", "قليل", "قليله", "قليلين")
)

// arStaffAimed reports an Arabic insult aimed at people named in the third
// person, as the English personSubj is: a person of the brand or the
// content's maker (الموظفين, موظفوكم, الستريمر, الميكانيكية) up to five
// words before the insult ("موظفو هذا البنك في غاية الغباء") or right
// after it ("أسخف ستريمر"), or an insult closing a comment of three words
// or more after a comma ("ولا واحد فيهم بيفهم، أغبيا": a vocative).
func arStaffAimed(text string, toks []token, ti, tj int) bool {
	// an insult word with the article away from the person noun names a
	// thing or an animal ("الدكتور ما فحص الكلب"), unless it is the noun
	// of a quality after "the height of" ("في غاية الغباء")
	far := 5
	if strings.HasPrefix(strings.TrimPrefix(toks[ti].key, "و"), "ال") && (ti == 0 || !heightOf[toks[ti-1].key]) {
		far = 1
	}
	for k := ti - 1; k >= 0 && k >= ti-far; k-- {
		if arStaffNoun(toks[k].key) {
			return true
		}
	}
	if tj < len(toks) && arStaffNoun(toks[tj].key) {
		return true
	}
	return tj == len(toks) && ti >= 3 && strings.ContainsAny(text[toks[ti-1].end:toks[ti].start], "،,")
}

// arStaffNoun: a person of the brand or the maker of the content, with its
// article, a possessive or a plural ending.
func arStaffNoun(k string) bool {
	if arStaffNouns[k] || arStaffExact[k] {
		return true
	}
	// (the demonstrative هال "this / these" too: "هالموظفين")
	for _, p := range []string{"وال", "ال", "و", "هال", "وهال"} {
		if r, ok := strings.CutPrefix(k, p); ok && (arStaffNouns[r] || p != "و" && arStaffNouns[trimPlural(r)]) {
			return true
		}
	}
	for _, sfx := range []string{"كم", "كن", "ين", "ون", "و", "ه", "يه", "ينكم", "وكم"} {
		if r, ok := strings.CutSuffix(k, sfx); ok && arStaffNouns[r] {
			return true
		}
		// (and with a joined و: "ومدرسينكم جهلة")
		if r, ok := strings.CutSuffix(strings.TrimPrefix(k, "و"), sfx); ok && len(k) > len(r)+len(sfx) && arStaffNouns[r] {
			return true
		}
	}
	return false
}

// trimPlural is k without a plural or possessive ending (موظفين -> موظف).
func trimPlural(k string) string {
	for _, sfx := range []string{"ين", "ون", "يه"} {
		if r, ok := strings.CutSuffix(k, sfx); ok {
			return r
		}
	}
	return k
}

// animalLiteral reports the animal noun at toks[ti:tj] as the animal: one
// word with the article, inside the clause, not after "you", in a comment
// with a word of pets or their care (petWords).
func animalLiteral(toks []token, ti, tj int) bool {
	if tj != ti+1 {
		return false
	}
	k := strings.TrimPrefix(toks[ti].key, "و")
	// the animal a thing is for ("أكل كلاب", "سرير للكلب", "مستلزمات
	// القطط"), or the one the writer bought ("الكلب اللي اشتريته")
	if ti > 0 && (animalNouns[k] || bareAnimals[k]) && petGoods[strings.TrimPrefix(toks[ti-1].key, "و")] ||
		animalNouns[k] && ti+2 < len(toks) && toks[ti+1].key == "اللي" && boughtVerbs[toks[ti+2].key] {
		return true
	}
	// opening the comment and followed by what befell it ("الكلب تعب
	// جامد بعد الأكل", "القطة ماتت"): the animal, not a person named so
	if ti == 0 && animalNouns[k] && len(toks) > 1 && petStateVerbs[toks[1].key] {
		return true
	}
	if ti == 0 || !animalNouns[k] || youWords[toks[ti-1].key] {
		return false
	}
	for i := range toks {
		if petWords[strings.TrimPrefix(toks[i].key, "و")] {
			return true
		}
	}
	return false
}

// petStateVerbs: what befalls a pet (fell ill, died, vomits, limps).
var petStateVerbs = wordSet("تعب", "تعبت", "مرض", "مرضت", "اتسمم", "اتسممت", "تسمم", "تسممت", "مات", "ماتت", "عيان", "عيانه", "تعبان", "تعبانه", "بيرجع", "بترجع", "استفرغ", "استفرغت",
	"بيعرج", "بتعرج", "انجرح", "انجرحت", "اتجرح", "اتجرحت", "صار", "صارت", "بطل", "بطلت", "وقف", "وقفت")

// petWords: pets and their care (the vet, the clinic, a check-up,
// vaccination, food, the pet shop, other pets).
var petWords = wordSet("الدكتور", "دكتور", "الدكتوره", "البيطري", "بيطري", "العياده", "عياده", "فحص", "فحصت", "فحصو", "التطعيم", "تطعيم", "الاليف", "اليف", "الاليفه",
	"القطه", "قطه", "قطتي", "القطط", "قطط", "كلبي", "كلبنا", "الحيوانات", "حيوانات", "حيواني", "حيوانه", "الطيور", "العصفور", "البغبغان", "الببغاء", "اكل", "الاكل", "طعام", "الطعام", "دوا", "الدوا", "دواء", "الدواء", "محل")

// garbageLiteral reports the garbage itself (الزبالة with the article) in
// a comment about its collection, its smell or the street it lies in ("البلدية
// ما شالت الزبالة من الفريج", "الزبالة متكومة قدام البيت"): a municipal
// complaint, no insult. Said of content or people ("محتواك زبالة", "انت
// زبالة") it has no article and stays one.
func garbageLiteral(toks []token, ti, tj int) bool {
	if tj != ti+1 || !garbageNouns[strings.TrimPrefix(toks[ti].key, "و")] || ti > 0 && youWords[toks[ti-1].key] {
		return false
	}
	for i := range toks {
		if garbageContext[strings.TrimPrefix(toks[i].key, "و")] {
			return true
		}
	}
	return false
}

var (
	garbageNouns   = wordSet("الزباله", "بالزباله", "للزباله", "الزبايل", "الزبالات")
	garbageContext = wordSet("البلديه", "بلديه", "للبلديه", "شالت", "شال", "شالها", "شالوها", "شالو", "يشيلوا", "يشيلون", "بيشيلوا", "بيشيلو", "يشيلها", "متكومه", "متكوم", "متكومين", "مرميه", "مرمي", "متراكمه",
		"الريحه", "ريحه", "ريحتها", "حاويه", "الحاويه", "الحاويات", "صندوق", "كيس", "اكياس", "جمع", "رفع", "الشارع", "الحاره", "الفريج", "الحي", "حينا", "حارتنا", "شارعنا", "الزقاق", "قدام", "بيعدي", "يعدي", "عربيه", "سياره", "البيت", "العماره")
)

// bareAnimals and petGoods: an animal after the goods or care that are
// for it ("أكل كلاب", "طعام قطط").
var (
	bareAnimals = wordSet("كلب", "كلاب", "قطط", "قطه", "للكلب", "للكلاب", "للقطط")
	petGoods    = wordSet("اكل", "أكل", "طعام", "علف", "سرير", "طوق", "شامبو", "لقاح", "دوا", "دواء", "العاب", "ألعاب", "مستلزمات", "فندق", "تدريب", "مدرب", "عياده", "دكتور", "اكسسوارات", "بيت", "قفص", "رمل")
)

var animalNouns = wordSet("الكلب", "الكلبه", "الكلاب", "الحمار", "الحمير", "البقره", "الخنزير", "القرد", "التيس", "الثور", "الجحش", "البهيمه")

// youWords: the second-person pronouns before a noun ("انت الحمار").
var youWords = wordSet("انت", "إنت", "انتي", "انتو", "انتم", "إنتو", "أنت", "أنتم", "انتوا", "يا")

// boughtVerbs: verbs of ordering or buying, before the thing bought.
var boughtVerbs = wordSet("طلبت", "طلبنا", "اشتريت", "اشترينا", "شريت", "شرينا", "جبت", "جبنا", "اشتريته", "اشتريتو", "اشتريناه", "شريته", "جبته", "جبناه", "اخدته", "أخذته", "اخذته", "طالب", "طالبه", "اطلب", "بطلب", "هطلب", "نطلب")

var heightOf = wordSet("غايه", "منتهي", "قمه", "منتهى")

// arStaffExact: staff nouns read only as written, with the article or و
// (not through the suffixes of arStaffNoun: مسؤولية is "responsibility").
var arStaffExact = wordSet("مسؤول", "المسؤول", "ومسؤول", "مسؤولين", "المسؤولين", "مسؤوله", "المسؤوله", "مسئول", "المسئول",
	// the page's moderator, the teacher (Egyptian مستر)
	"مشرف", "المشرف", "مشرفه", "المشرفه", "مستر", "المستر",
	// (twenty-second session) the page's admin
	"ادمن", "الادمن", "والادمن")

var arStaffNouns = wordSet("موظف", "موظفين", "موظفو", "عمال", "عامل", "ستريمر", "يوتيوبر", "يوتبر", "مغني", "مغنيه", "مطرب", "مطربه", "بلوقر", "بلوجر", "كابتن", "مذيع", "مقدم", "شيف", "طباخ", "كاشير", "سواق", "سائق", "مندوب",
	"فني", "فنيين", "ميكانيكي", "ميكانيكيه", "ميكانيكية", "مدرس", "مدرب", "بياع", "بائع", "اداره", "ادارة", "مدير", "صاحب", "ممثل", "لاعيب", "لاعب", "دكتور", "دكاتره", "ممرض", "مضيف",
	// the staff as a body, and trades that serve customers
	"طاقم", "كادر", "حلاق", "كوافير", "صيدلي", "صيدلاني", "مصلح", "سباك", "نجار", "محاسب", "معلم", "استاذ", "مهندس",
	// the makers of a product or of content ("مصمم هاللعبة", "مطور
	// التطبيق", "مخرج الحلقة"): the person behind the thing reviewed
	"مصمم", "مطور", "مبرمج", "مخرج", "مءلف", "كاتب", "صانع", "مونتير", "محرر", "معلق",
	// (seventeenth session) craftsmen, drivers, realtors, doctors and the staff by
	// its loanword ("اسطوات نصابين", "الشوفيرية تبعكم زعران", "عقاريين سراق")
	"اسطى", "اسطوات", "شوفير", "شوفيريه", "ستاف", "عقاري", "عقاريين", "سمسار", "سماسره", "طبيب", "اطباء", "ممرضات", "عاملات", "موظفات", "موظفه", "بياعين", "سواقين",
	// (twenty-second session)
	"سايق", "سايقين", "بياعه", "مصور", "مصوره", "مذيعه", "مقدمه", "كاشيره", "محلل",
	// (nineteenth session) the Levantine workers of a shop, and the staff
	// and developers named in English inside an Arabic or Arabizi comment
	// ("الشغيلة بهالمحل شوية زعران", "el developers 7ag hal game ghanam")
	"شغيله", "شغيلة", "staff", "developers", "devs", "admins", "admin", "moderators", "mods",
	// (twentieth session) the page's admin in Arabic script ("الأدمن
	// تبعكن حمار"; not مسؤول: "مسؤولية كل مواطن"), the presenter (مذيعة) and the
	// receptionist
	"ادمن", "مذيعه", "مذيعة", "موظفة", "منسقه", "منسقة")

// makerExclaimed reports "what a/an" at toks[i], then one to three words of
// bad qualities (makerFaults: useless, lazy, annoying) and a noun naming the
// maker of the content (makerNouns: host, youtuber, guy): an exclamation
// that insults the person (a customer's "what a rude waiter" names staff
// and stays a complaint). It returns the end of the phrase, 0 when none.
func makerExclaimed(toks []token, i int) int {
	if youAre[toks[i].key] {
		return youAreFault(toks, i)
	}
	if i+3 >= len(toks) || toks[i+1].key != "a" && toks[i+1].key != "an" {
		return 0
	}
	faults := 0
	for j := i + 2; j < len(toks) && j <= i+5; j++ {
		k := toks[j].key
		switch {
		case makerFaults[k]:
			faults++
		case makerNouns[k] && faults > 0:
			return j + 1
		default:
			return 0
		}
	}
	return 0
}

// youAreFault reports "you are", "you're", "ur" at toks[i], then only
// degree words and articles ("so", "the most", "such a", "just") before a
// bad quality said of a person (makerFaults): "you are so fake and boring",
// "you're just annoying", "you are the most useless ...". Said to someone's
// face the quality is an insult (the labelled comments flag it, brand or
// creator alike). It returns the end of the phrase, 0 when none.
func youAreFault(toks []token, i int) int {
	j := i + 1
	if k := toks[i].key; k == "you" || k == "u" {
		if j >= len(toks) || !youCopula[toks[j].key] {
			return 0
		}
		j++
	}
	for ; j < len(toks) && j <= i+5; j++ {
		k := toks[j].key
		if makerFaults[k] && !workFaults[k] {
			return j + 1
		}
		if k == "brain" && j+1 < len(toks) && toks[j+1].key == "dead" {
			return j + 2 // "is brain dead"
		}
		if !faultFill[k] {
			return 0
		}
	}
	return 0
}

var (
	youAre = wordSet("you", "u", "youre", "ur")
	// workFaults judge the work more than the person ("you are so lazy with
	// the editing lately"): no insult said to one's face
	workFaults = wordSet("lazy", "overrated")
	youCopula  = wordSet("are", "r", "re", "look", "sound")
	// personCopula: the copula of a person named before it (copulaPerson)
	personCopula = wordSet("is", "was", "looks", "sounds")
	// personFaults: the makerFaults that call the person, not the work,
	// bad; workPreps after one judge a skill ("annoying about refunds")
	personFaults = wordSet("annoying", "talentless", "clueless", "pathetic", "worthless", "dumb", "stupid", "arrogant", "ignorant", "cringe", "cringey",
		"ugly", "ridiculous", "hideous", "obnoxious", "insufferable", "unbearable", "embarrassing", "braindead", "dead")
	workPreps = wordSet("at", "about", "with", "when", "on")
	faultFill = wordSet("so", "soo", "sooo", "such", "a", "an", "the", "most", "just", "really", "very", "literally", "honestly", "truly", "always", "genuinely")
)

var (
	makerFaults = wordSet("useless", "lazy", "annoying", "boring", "talentless", "clueless", "pathetic", "worthless", "dumb", "stupid", "arrogant", "ignorant", "cringe", "cringey", "fake", "overrated", "terrible", "awful",
		// (twenty-first session) how a person looks or sounds
		"ugly", "ridiculous", "hideous", "obnoxious", "insufferable", "unbearable", "embarrassing", "braindead")
	makerNouns = wordSet("host", "youtuber", "creator", "streamer", "presenter", "influencer", "vlogger", "blogger", "narrator", "comedian", "reviewer", "guy", "dude", "clown")
	// mindInsult call a person stupid: said of a person with "is" they
	// insult without an article ("this guy is so dumb")
	// (and the words that call a person worthless: "the owner is trash")
	mindInsult = wordSet("dumb", "stupid", "idiotic", "moronic", "brainless", "braindead", "dense", "thick", "trash", "garbage", "scum", "rubbish")
)

// maskableTerm is a one-word English lexicon entry a masked word may stand
// for; maskable holds them by length.
type maskableTerm struct {
	word string
	id   int // index in modTerms
}

var maskable = map[int][]maskableTerm{}

// maskedTerm returns the moderation term a word written with asterisks for
// some of its letters stands for ("f***ing" fucking, "sh*t" shit, "b*tch"
// bitch): a lexicon word of the same length whose letters equal the word's
// at every position not masked. The word must show its first letter and
// at least two letters in all, or one letter before a closing mask ("f***":
// then only the first fitting profanity of the lexicon's order, whose
// commonest words come first); of several fitting terms the least severe is
// taken ("s**t" is shit before slut: a mask hides which word was meant, not
// that one was).
func maskedTerm(raw string) (int, bool) {
	if len(raw) < 3 || raw[0] == '*' {
		return 0, false
	}
	letters := 0
	for i := 0; i < len(raw); i++ {
		c := raw[i] | 0x20 // ASCII lower case
		switch {
		case raw[i] == '*':
		case c >= 'a' && c <= 'z':
			letters++
		default:
			return 0, false
		}
	}
	if letters == len(raw) || letters < 2 && !(letters == 1 && raw[len(raw)-1] == '*') {
		return 0, false
	}
	best, found := 0, false
	for _, t := range maskable[len(raw)] {
		fits := true
		for i := 0; i < len(raw) && fits; i++ {
			fits = raw[i] == '*' || raw[i]|0x20 == t.word[i]
		}
		if !fits {
			continue
		}
		if letters == 1 {
			// one letter says little: only swearing ("f***", "s***"),
			// never a slur guessed from its initial ("k***")
			if c := modTerms[t.id].cat; c == catProfanity {
				return t.id, true
			}
			continue
		}
		if !found || modTerms[t.id].sev < modTerms[best].sev {
			best, found = t.id, true
		}
	}
	return best, found
}

// saidOfThingAt reports the Arabic hit toks[ti:tj] said of a thing: a
// word of filth with the demonstrative prefix هال ("شو هالزبالة": this
// garbage), or a curse (يلعن, الله يلعن) whose object is "such a" (هيك
// خدمة) or "this" thing (هالتطبيق), not a person (هالزلمة).
func saidOfThingAt(toks []token, ti, tj int) bool {
	if tj == ti+1 {
		if s, ok := strings.CutPrefix(toks[ti].key, "هال"); ok && filthNouns[s] {
			return true
		}
	}
	if toks[tj-1].key != "يلعن" || tj >= len(toks) {
		return false
	}
	next := toks[tj].key
	return next == "هيك" || strings.HasPrefix(next, "هال") && len(next) > len("هال") && !cursedPeople[next]
}

var (
	// filthNouns: garbage, tar, filth: said of a thing pointed at
	filthNouns = wordSet("زباله", "زبالة", "زفت", "خرا", "قرف")
	// cursedPeople: "this man / these people" after a curse: a person
	cursedPeople = wordSet("هالزلمه", "هالزلمة", "هالشب", "هالبنت", "هالولد", "هالموظف", "هالموظفه", "هالناس", "هالعالم", "هالحراميه", "هالحرامية", "هالمدير", "هالكلب", "هالحمار")
)

// mockedLikeness reports a person's voice, face, looks or hair (a noun
// with a pronoun of a person: صوتها, شكلو, وشه, ويهها, شعره), or the way
// the person speaks (speakVerbs: بيحكي, بيتكلم, يسولف), likened with
// زي / متل / مثل / كأن, within four words, to an animal or a thing people
// are mocked with (mockLikeness: "صوتها زي زن الناموسة", "شكلو متل
// المهرج", "وشه منفخ زي البالونة"): mockery of the person (twenty-second
// session, insult1-2). A likeness to anything else praises or describes
// (زي القمر, متل صوت فيروز). It returns the end of the span (the likened
// word), 0 for none.
func mockedLikeness(toks []token, i int) int {
	// (وشه, وجهه, ويهها start with و: the word as written first)
	k := toks[i].key
	if !personFeature[k] && !speakVerbs[k] {
		k = strings.TrimPrefix(k, "و")
	}
	if !personFeature[k] && !speakVerbs[k] || i+2 >= len(toks) {
		return 0
	}
	// the looks (شكله, شكلها) of a thing are no person's: a person named
	// or addressed ("الهدوم ... شكلها زي الخيش" is said of clothes)
	if strings.HasPrefix(k, "شكل") && k != "شكلك" && !personNamedAr(toks) {
		return 0
	}
	// the likening word right after the feature or up to three words on
	// ("وشو منفخ زي البلونة", "صوتها بيوجع الراس، متل المنشار")
	for j := i + 1; j+1 < len(toks) && j <= i+4; j++ {
		if !toks[j].arabic {
			return 0
		}
		if likenWords[toks[j].key] {
			// the thing likened, past a feature named again ("متل صوت
			// الحمار") and a noun before its genitive ("زن الناموسة")
			for e := j + 1; e < len(toks) && e <= j+3; e++ {
				n := strings.TrimPrefix(strings.TrimPrefix(toks[e].key, "و"), "ال")
				if mockLikeness[n] {
					return e + 1
				}
			}
			return 0
		}
	}
	return 0
}

// personNamedAr reports a person named in toks: a staff noun or one of
// personNounsAr, or a second-person address.
func personNamedAr(toks []token) bool {
	for i := range toks {
		k := toks[i].key
		if toks[i].arabic && (arStaffNoun(k) || personNounsAr[strings.TrimPrefix(k, "ال")] || addressed2[k]) {
			return true
		}
		// a reply to someone (@USER): the person written to
		if !toks[i].arabic && (k == "user" || strings.HasPrefix(k, "@")) {
			return true
		}
	}
	return false
}

var (
	personNounsAr = wordSet("بنت", "ولد", "راجل", "رجال", "ست", "مذيع", "مذيعه", "شب", "زلمه", "رجل", "امراه", "مره", "حرمه", "صاحب", "صاحبه", "مشهوره", "مشهور", "ستريمر", "بلوقر", "يوتيوبر")
	personFeature = wordSet("صوته", "صوتها", "صوتك", "صوتو", "صوتهم", "شكله", "شكلها", "شكلك", "شكلو", "شكلهم", "وشه", "وشها", "وشك", "وشو",
		"وجهه", "وجهها", "وجهك", "ويهه", "ويهها", "ويهك", "شعره", "شعرها", "شعرو", "ضحكته", "ضحكتها", "مكياجها", "هيئته", "هيئتها")
	// speakVerbs: a person speaking, told like a feature ("بيحكي متل
	// الطاحونة": talks like a mill; only people speak, so no person need
	// be named)
	speakVerbs = wordSet("بيحكي", "بتحكي", "يحكي", "تحكي", "بيحكو", "بيحكوا", "بيتكلم", "بتتكلم", "يتكلم", "تتكلم", "بيتكلمو", "بيتكلموا",
		"بيرغي", "بترغي", "يرغي", "بيهدر", "بتهدر", "بيصرخ", "بتصرخ", "بيزعق", "بتزعق", "بيصيح", "بتصيح", "يصيح", "يصارخ", "يتحچى", "يتحجى", "يسولف", "تسولف")
	likenWords = wordSet("زي", "متل", "مثل", "كانه", "كأنه", "كانها", "كأنها", "كانك", "كأنك", "تقول", "تقولين", "شبه")
	// the things a person is mocked with: animals, monsters, junk,
	// noises (a whitelist: a likeness to anything else, "متل صوت فيروز",
	// "زي القمر", is no insult)
	mockLikeness = wordSet("حمار", "حماره", "بومه", "مهرج", "ناموسه", "ناموس", "منشار", "ديك", "غراب", "قرد", "قرده", "خنزير", "كلب", "كلبه",
		"بقره", "جاموسه", "ثور", "تيس", "حيطه", "حيط", "خيشه", "بالونه", "بلونه", "شبح", "غول", "طاحونه", "تمثال", "تماثيل", "عجوز", "ساحره", "زفت",
		"مجنون", "مجانين", "كارو", "ابليس", "شيطان", "بطيخه", "خروف", "ضفدع", "فار", "زباله", "مكنسه", "بوري", "صفاره", "جرس", "مسخ", "قطه", "بطه", "وز",
		"غوريلا", "دب", "فيل", "جحش", "بغل", "زومبي", "مومياء", "بعبع", "ميت", "ميته", "جثه")
)

// cutOff reports whether the text ends at byte end with an ellipsis ("…",
// or "&#8230;" as truncated reposts carry it) and nothing after it but
// spaces: the word before it may be cut short, so a term matched only as a
// whole word ("nig", "homo") is not read there.
func cutOff(text string, end int) bool {
	rest, ok := strings.CutPrefix(text[end:], "…")
	if !ok {
		rest, ok = strings.CutPrefix(text[end:], "&#8230;")
	}
	return ok && strings.TrimSpace(rest) == ""
}

// mockedLikenessEn is mockedLikeness for English: a person (a pronoun of
// one, or a person noun of personSubj or peopleSubj) who sounds, looks,
// talks or acts like an animal or a thing people are mocked with
// (mockLikenessEn: "your presenter talks like a chipmunk", "the cashier
// looks like a zombie"). A likeness to anything else praises or describes
// ("sings like an angel", "looks like new"). toks[i] is the verb; it
// returns the end of the span (the likened word), 0 for none.
func mockedLikenessEn(toks []token, i int) int {
	if !likenVerbsEn[toks[i].key] || i == 0 || i+2 >= len(toks) || toks[i+1].key != "like" {
		return 0
	}
	// the person right before the verb, or named a few words before it
	// ("the host of this channel talks like ...": copulaPerson)
	if s := toks[i-1].key; !(personSubj[s] || peopleSubj[s] || likenPronouns[s] || copulaPerson(toks, i)) {
		return 0
	}
	for e := i + 2; e < len(toks) && e <= i+5; e++ {
		k := toks[e].key
		if mockLikenessEn[k] {
			return e + 1
		}
		if !likenFillers[k] {
			return 0
		}
	}
	return 0
}

var (
	likenVerbsEn  = wordSet("sounds", "sound", "looks", "look", "talks", "talk", "acts", "act", "smells", "smell", "sings", "sing", "dresses", "walks", "laughs", "screams", "speaks")
	likenPronouns = wordSet("you", "u", "ya", "they", "he", "she", "hes", "shes")
	// the words between "like" and the thing ("like a dying old goat")
	likenFillers = wordSet("a", "an", "the", "some", "old", "dying", "little", "big", "fat", "drunk", "stuffed", "wet", "sick", "angry", "mad", "rabid", "startled", "confused", "lost")
	// the animals and things people are mocked with (a whitelist, as
	// mockLikeness)
	mockLikenessEn = wordSet("zombie", "zombies", "clown", "clowns", "chipmunk", "chipmunks", "goat", "goats", "pig", "pigs", "donkey", "donkeys", "monkey", "monkeys",
		"ape", "apes", "baboon", "witch", "hag", "ghost", "corpse", "cow", "cows", "walrus", "toad", "rat", "rats", "troll", "trolls", "goblin", "gremlin",
		"hyena", "hyenas", "seal", "duck", "chicken", "headless", "chimp", "chimps", "chimpanzee", "caveman", "cavemen", "neanderthal", "crackhead", "tramp", "scarecrow", "potato", "hippo", "whale", "muppet")
)

// actNouns name an act as well as a person who does it ("fraud"): closing a
// comment after a full stop they judge what happened.
var actNouns = wordSet("fraud", "scam", "robbery", "theft")

// phoneBrands name a maker whose next word is a model number ("samsung
// a55", "galaxy s23"), read as written, not as leet.
var phoneBrands = wordSet("samsung", "galaxy", "iphone", "redmi", "xiaomi", "oppo", "vivo", "huawei", "nokia", "pixel", "honor", "realme", "infinix", "tecno", "poco", "oneplus", "moto", "motorola", "sony", "lg", "note")
