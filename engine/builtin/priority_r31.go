package builtin

import "strings"

// enR31 reads English money, data and deadline urgencies the priority read
// sets of the twenty-third session (engprio8, engprio9) told in words no
// earlier rule read: each is urgent and a grievance.
//
//   - money owed and kept ("owes me 22 bucks", "still owe me Rs 1,250"),
//     charges the writer does not recognise, a cheque cashed twice, a fee
//     for a payment declined, billing that goes on after a cancellation or
//     a freeze ("still billing me after i froze my membership", "the hotel
//     was cancelled but 340 dollars still came off my card");
//   - other people's data shown to the writer or the writer's to others
//     ("showing other kids home addresses", "someone elses transactions",
//     "everyones phone numbers");
//   - an account taken over or a SIM swapped;
//   - a report or a dispute to come ("filing a BBB complaint", "disputing
//     the charge with my bank");
//   - a fake page, site or listing that took money, a seller gone with
//     the deposit;
//   - a deadline that cannot move told with "in N" ("client deadline in 2
//     hours", "my shift starts in 20 min"), medicine run out tonight.
//
// Later (engprio10): a card used by someone now, a refund owed, billing
// after a cancellation, a regulator written to, a rival named, an exam or
// a closing within the day, labour, an epipen, an account emptied, money
// taken from the writer, a stranger's trips shown, doors locked by a
// driver, charged for more than taken, units vanished, a new job tomorrow.
//
// It also reads grievances that name no complaint word, not urgent:
// paying for one thing and getting less ("paying for 100mbps and getting
// 45"), a wait told as a duration taken ("took 45 mins to reply", "took 40
// min for one pickup"), turned away, rushed out, a no-show, a colour unlike
// the photo.
func enR31(toks []token) (urgent, grievance bool) {
	if bbbNamed(toks) {
		return true, true
	}
	var buf [512]byte
	s, ok := enPhrases(toks, enR31Keys, &buf) // priority_r28.go
	if !ok {
		return false, false
	}
	has := func(ps ...string) bool { return phraseIn(s, ps...) }
	money := func() bool {
		if has(" bucks ", " dollars ", " quid ", " pounds ", " rs ", " rupees ", " credit ", " refund ", " money ", " deposit ") {
			return true
		}
		for i := range toks {
			if !toks[i].arabic && priceFigure(toks[i].key) {
				return true
			}
		}
		return false
	}
	switch {
	case has(" owes me ", " owe me ") && money(),
		has(" dont recognise ", " dont recognize ", " didnt make ", " never made ") && has(" charges ", " charge ", " transactions ", " payments "),
		has(" cashed ", " deducted ", " debited ") && has(" twice ", " two times "),
		has(" fee ", " fees ") && has(" declined ", " got rejected ", " bounced "),
		has(" cancelled ", " canceled ", " froze ", " frozen ", " paused ") && has(" still billing ", " still charging ", " still taking ", " still came off ", " came off my card ", " still pulling "),
		has(" someone elses ", " another patients ", " other kids ", " other peoples ", " everyones ", " other customers ", " another customers ", " other patients ", " other users ") &&
			has(" addresses ", " address ", " phone numbers ", " numbers ", " transactions ", " results ", " details ", " info ", " records ", " statements "),
		has(" took over my ", " taken over my ", " hijacked my ") && has(" account ", " profile ", " page ", " email ", " whatsapp "),
		has(" sim got swapped ", " sim swapped ", " swapped my sim ", " sim swap "),
		has(" better business bureau ", " consumer protection ", " small claims ", " disputing the charge ", " dispute the charge ", " chargeback ", " charge back "),
		has(" fake page ", " fake insta ", " fake account ", " fake site ", " fake website ", " fake profile ", " fake number ", " fake agent ", " fake seller ") && has(" paid ", " deposit ", " payments ", " money ", " card "),
		has(" took my money ") && has(" blocked me ", " vanished ", " disappeared ", " fraud "),
		has(" deposit ") && has(" vanished ", " disappeared ", " ghosted "),
		has(" deadline in ", " shift starts in ", " exam in ", " exam starts in ", " interview in "),
		has(" meds ran out ", " ran out of meds ", " medicine ran out ", " inhaler ran out ", " insulin ran out ") && has(" tonight ", " today "),
		has(" babys formula ", " baby formula ", " for my baby ", " for the baby ", " for my babys ") && has(" today ", " tonight ", " right now "),
		// (engprio10) a card used by someone now, a refund owed, billing
		// after a cancellation, a regulator written to, a rival named, a
		// final or a closing today, labour, an epipen, an account emptied,
		// money taken from the writer, a stranger's trips and address
		// shown, doors locked by a driver, charged for more than taken,
		// units vanished, a new job tomorrow
		has(" someone ") && has(" on my card ", " my card ", " on my account ") && has(" right now ", " taking ", " using "),
		has(" owed me ", " owes me a refund ") && money(),
		has(" cancelled ", " canceled ") && has(" keeps taking ", " keep taking ", " keeps charging ", " keep charging ", " keeps billing "),
		has(" writing to the ", " reporting this ", " reporting you to ", " report you to ", " a complaint to the ") &&
			has(" ncc ", " fcc ", " regulator ", " ombudsman ", " council ", " authority ", " commission ", " bureau ", " college ", " board ", " ministry ", " police ", " trading standards "),
		has(" porting to ", " im porting ", " porting my number "),
		has(" final starts ", " exam starts ", " starts in an hour ", " close today ", " closes today ", " closes tonight "),
		has(" water broke ", " in labour ", " in labor ", " to the hospital now ", " to hospital now "),
		has(" epipen ", " epi pen ", " anaphylactic ", " had a reaction "),
		has(" emptied ", " drained ", " cleaned out ") && has(" account ", " wallet ", " card "),
		has(" took ") && has(" from me ", " off my ", " off me ") && money(),
		has(" strangers ", " another kids ", " another childs ") && has(" trips ", " address ", " report card ", " medical ", " details ", " records "),
		has(" locked the doors ", " locked me in ", " wouldnt let me out ", " wouldnt let me get out "),
		has(" rang up ", " charged for ", " billed for ") && has(" only took ", " only got ", " only received ", " only bought "),
		has(" where did my units go ", " where did my money go ", " where did my credit go ", " where did my balance go "),
		has(" start a new job ", " new job tomorrow ", " starting a new job ") && has(" tomorrow "):
		return true, true
	case has(" paying for ", " paid for ", " pay for ") && has(" and getting ", " and get ", " and only get ", " and only getting ", " buffers "),
		tookDuration(toks),
		has(" turned away ", " rushed me out ", " rushed us out "),
		has(" no showed ", " noshowed ", " for nothing "),
		has(" different colour ", " different color ") && has(" picture ", " photo ", " pic ", " website ", " site "),
		has(" barely looked ", " in and out in "),
		has(" is never right ", " never gets a reply ", " never get a reply ", " price rise again "):
		return false, true
	}
	return false, false
}

// enR31Keys: a word of every phrase enR31 reads.
var enR31Keys = wordSet("owes", "owe", "recognise", "recognize", "make", "made", "cashed", "deducted", "debited", "declined", "rejected", "bounced",
	"billing", "charging", "taking", "came", "pulling", "elses", "patients", "kids", "peoples", "everyones", "customers", "users",
	"over", "hijacked", "swapped", "swap", "bureau", "protection", "claims", "disputing", "dispute", "chargeback", "charge",
	"fake", "money", "deposit", "deadline", "shift", "exam", "interview", "ran", "babys", "baby",
	"ncc", "fcc", "ombudsman", "council", "authority", "commission", "college", "board", "ministry", "police",
	"someone", "owed", "keeps", "keep", "writing", "reporting", "report", "complaint", "porting", "final", "starts", "close", "closes",
	"water", "labour", "labor", "hospital", "epipen", "epi", "anaphylactic", "reaction", "emptied", "drained", "cleaned", "strangers", "childs",
	"locked", "wouldnt", "rang", "charged", "billed", "where", "job", "no", "noshowed", "nothing", "different", "barely", "never", "rise", "paying", "paid", "pay", "took", "turned", "rushed")

// bbbNamed reports the Better Business Bureau named by its initials: "BBB"
// is keyed "bb" (a run of a letter squeezed to two), told from "BB" (a
// phone's name) by the run.
func bbbNamed(toks []token) bool {
	for i := range toks {
		if toks[i].key == "bb" && toks[i].elong {
			return true
		}
	}
	return false
}

// tookDuration reports a wait told as the time something took: "took" (or
// "takes") and a number of minutes, hours, days or weeks ("took 45 mins to
// reply", "took like 2 days to show up", "took well over an hour" is not:
// no number). "took only 10 mins" praises, and so do minutes under a
// quarter of an hour.
func tookDuration(toks []token) bool {
	for i := range toks {
		if k := toks[i].key; toks[i].arabic || k != "took" && k != "takes" || i > 0 && (toks[i-1].key == "only" || toks[i-1].key == "just") {
			continue
		}
		j := i + 1
		for j < len(toks) && j <= i+3 && durationFillers[toks[j].key] {
			j++
		}
		if j+1 < len(toks) && isNumber(toks[j].key) && durationUnits[toks[j+1].key] {
			// minutes count as a wait from a quarter of an hour ("check
			// in took 2 mins" praises)
			if !minuteUnits[toks[j+1].key] || len(toks[j].key) > 1 && toks[j].key >= "15" || len(toks[j].key) > 2 {
				return true
			}
		}
	}
	return false
}

var (
	durationFillers = wordSet("like", "about", "around", "nearly", "almost", "over", "well", "me", "us", "them", "him", "her", "literally")
	durationUnits   = wordSet("min", "mins", "minutes", "minute", "hr", "hrs", "hour", "hours", "days", "weeks", "months")
	minuteUnits     = wordSet("min", "mins", "minutes", "minute")
)

// arR31 reads Arabic urgencies the read sets of the twenty-third session
// (gulfprio1, azprio8, blind164, egy9 and the leftovers of azprio1-8;
// Arabizi read in the Arabic spelling the transliterator gives) told in
// words no earlier rule read. Urgent and a grievance:
//
//   - money: a bill for a plan never subscribed to ("الفاتورة ياتني 45
//     دينار على باقة ما اشتركت فيها"), a fraud named as a verdict ("هذا
//     غش"), a code never asked for ("كود تحقق ما طلبته") or taken and the
//     wallet drawn;
//   - data: a record sent to a wrong number ("نتايج تحليلي لرقم غلط"),
//     the writer's data leaked ("رقمي القومي ... اتسرب"), children's photos
//     posted;
//   - a child harmed: sick after drinking or eating what was sent, or what
//     had expired; fallen or hurt (not fallen in love); an allergy come
//     out on a child or sent to hospital (not a child who has one: "ابني
//     عنده حساسية" asks); a part swallowed; a seat broken; a chemical
//     within reach; children sick and in hospital;
//   - danger: a crash nearly had ("كنت بصدم"), brakes that do not hold,
//     keys locked inside the car, a car broken down at night with children
//     or nobody come, someone stuck in a lift, an old man at home in a
//     power cut, gas leaking, sparks or a burning smell, an allergy told
//     and ignored ("قايل لهم عندي حساسية، وتعبت بعدها");
//   - time: a passport held and the journey in days, a wedding tomorrow or
//     a flight tonight and the clothes behind a shop that is shut.
//
// Urgent only (a date is news, not a grievance): a wedding tomorrow.
func arR31(toks []token) (urgent, grievance bool) {
	var seen uint64 // the classes met, context checked
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		// one lookup a token, two for a word opened by و (ولدي, وقفت are
		// read as written, "والسياره" without it)
		c := ar31Words[t.key]
		if k := strings.TrimPrefix(t.key, "و"); len(k) != len(t.key) {
			c |= ar31Words[k]
		}
		if c == 0 {
			continue
		}
		prev, next := "", ""
		if i > 0 {
			prev = toks[i-1].key
		}
		if i+1 < len(toks) {
			next = toks[i+1].key
		}
		if c&a31Came != 0 && !nobodyCame31[prev] {
			c &^= a31Came // "محد جه": nobody came
		}
		if c&(a31Subscribed|a31Asked) != 0 && !negBefore31[prev] {
			c &^= a31Subscribed | a31Asked // "ما اشتركت", "ما طلبته"
		}
		if c&a31Fraud != 0 && !demonstratives[prev] {
			c &^= a31Fraud // "هذا غش"
		}
		if c&a31Wrong != 0 && prev != "رقم" && prev != "لرقم" {
			c &^= a31Wrong // "لرقم غلط" (and "لا رقم غلط": Levantine "la" read as لا)
		}
		if c&a31Key != 0 && !keysInside[next] {
			c &^= a31Key // "المفتاح داخلها"
		}
		if c&a31Wedding == 0 && t.key == "الكتاب" && prev == "كتب" {
			c |= a31Wedding // "كتب الكتاب": the marriage contract
		}
		if c&a31NotHold != 0 && !negBefore31[prev] && !(prev == "عم" && i > 1 && negBefore31[toks[i-2].key]) {
			c &^= a31NotHold // "ما يمسك", "ما عم يمسك": brakes that do not hold
		}
		if c&a31Fell != 0 && next == "في" && i+2 < len(toks) && toks[i+2].key == "حب" {
			c &^= a31Fell // "وقع في حب القناة": fell in love
		}
		if c&a31Ate != 0 {
			// (the child's word as written: nearAny reads ولدي as لدي)
			for j := max(0, i-2); j < len(toks) && j <= i+2; j++ {
				if childNouns[toks[j].key] { // priority_harm.go
					c |= a31Drank
				}
			}
		}
		seen |= c
	}
	has := func(m uint64) bool { return seen&m == m }
	if has(a31Fell|a31Kid) || has(a31Allergy|a31Hospital) || has(a31Allergy|a31Kid|a31Reaction) || has(a31Seat|a31Kid|a31Broke) || has(a31Code|a31Took) || has(a31Photos|a31Kid|a31Public) ||
		has(a31Brake|a31NotHold) || has(a31Chemical|a31Kid) ||
		has(a31Car|a31CarDown|a31Night) && seen&(a31Kid|a31Came) != 0 || has(a31Kid|a31Sick|a31Hospital) || has(a31Swallow|a31Kid) || has(a31Leak|a31Gas) || has(a31Sparks) || has(a31Leak|a31MyData) ||
		seen&a31Closed != 0 && (has(a31Wedding) && seen&(a31Tomorrow|a31Tonight) != 0 || has(a31Travel) && seen&(a31Soon|a31Tonight) != 0) || has(a31Ate|a31Kid|a31Sick) || has(a31Allergy|a31Sick) || has(a31Lift|a31Stuck) ||
		seen&a31Bill != 0 && seen&(a31Subscribed|a31Asked) != 0 || has(a31Fraud) || has(a31Code|a31Asked) || has(a31Record|a31Wrong) || has(a31Drank|a31Expired) ||
		has(a31Crash) || has(a31Key) || has(a31Old|a31Power) || has(a31Doc|a31Travel|a31Soon) {
		return true, true
	}
	return has(a31Wedding | a31Tomorrow), false
}

// The classes of words arR31 reads, one bit each.
const (
	a31Car uint64 = 1 << iota
	a31CarDown
	a31Night
	a31Kid
	a31Came
	a31Sick
	a31Allergy
	a31Lift
	a31Stuck
	a31Bill
	a31Subscribed
	a31Asked
	a31Fraud
	a31Code
	a31Record
	a31Wrong
	a31Ate
	a31Drank
	a31Expired
	a31Crash
	a31Key
	a31Old
	a31Power
	a31Doc
	a31Travel
	a31Soon
	a31Tomorrow
	a31Wedding
	a31Hospital
	a31Swallow
	a31Leak
	a31Gas
	a31Sparks
	a31MyData
	a31Closed
	a31Tonight
	a31Fell
	a31Broke
	a31Took
	a31Photos
	a31Public
	a31Brake
	a31NotHold
	a31Chemical
	a31Reaction
	a31Seat
)

// ar31Words maps each word arR31 reads to its classes.
var ar31Words = map[string]uint64{}

func init() {
	add := func(c uint64, ws ...string) {
		for _, w := range ws {
			ar31Words[w] |= c
		}
	}
	add(a31Car, "السياره", "سيارتي", "العربيه", "عربيتي")
	add(a31CarDown, "وقفت", "عطلت", "خربت", "طفت", "بنشرت", "تعطلت", "اتعطلت")
	add(a31Night, "بالليل", "الليل", "بالفجر", "الفجر")
	for w := range childNouns { // priority_harm.go
		add(a31Kid, w)
	}
	add(a31Kid, "ولادنا", "اولادنا", "عيالنا", "اطفالنا", "يهالنا", "ولادي", "الولد", "البنت", "ابنها", "بنتها", "اليهال")
	add(a31Came, "جه", "جا", "اجا", "اجى", "يجي")
	add(a31Sick, "تعبوا", "تعبو", "تعب", "تعبت", "تعبان", "تعبانه", "مريض", "مرض", "مرضت", "استفرغ", "استفرغت", "بيستفرغ", "اسهال", "تسمم")
	add(a31Allergy, "حساسيه")
	add(a31Lift, "المصعد", "مصعد", "الاسانسير", "اسانسير", "الأسانسير", "الاصنصير", "الليفت", "بالمصعد", "بالاسانسير")
	add(a31Stuck, "علق", "علقت", "علقنا", "علقوا", "عالق", "عالقين", "انحبس", "انحبست", "انحبسنا", "محبوس", "محبوسين", "حبسنا", "اتحبس", "اتحبست", "اتحبسنا")
	add(a31Bill, "الفاتوره", "فاتوره")
	for w := range currencies { // priority_r22.go
		add(a31Bill, w)
	}
	add(a31Subscribed, "اشتركت", "اشتركنا")
	add(a31Asked, "طلبته", "طلبتو", "طلبتها")
	for w := range fraudWords { // priority_r28.go
		add(a31Fraud, w)
	}
	add(a31Code, "كود", "الكود", "رمز", "الرمز")
	add(a31Record, "نتايج", "نتائج", "نتءج", "تحاليلي", "تحليلي", "ملفي", "تقريري")
	add(a31Wrong, "غلط")
	add(a31Ate, "شرب", "شربت", "اكل", "اكلت", "شربو", "اكلو")
	add(a31Expired, "منتهي", "منتهيه", "اكسباير", "اكسبير")
	add(a31Crash, "بصدم", "بنصدم", "بيصدمني", "بيصدمنا", "بتصدم", "يصدمني")
	add(a31Key, "المفتاح", "المفاتيح", "مفتاحها")
	add(a31Old, "شيبه", "شايب", "عجوز")
	for w, c := range r28Words { // priority_r28.go
		switch c {
		case r28Power:
			add(a31Power, w)
		case r28Doc:
			add(a31Doc, w)
		}
	}
	add(a31Travel, "سفري", "سفرتي", "رحلتي", "طيارتي")
	add(a31Soon, "يومين", "بكره", "بكرا", "باكر", "باجر", "باچر")
	add(a31Tomorrow, "بكره", "بكرا", "باكر", "باجر", "باچر")
	add(a31Tonight, "الليله", "الليلة")
	add(a31Closed, "مسكر", "مسكّر", "مسكره", "مقفول", "مقفوله", "مسكرين")
	add(a31Hospital, "المستشفى", "المستشفي", "بالمستشفى", "بالمستشفي", "فالمستشفى", "فالمستشفي", "الطوارئ", "بالطوارئ")
	add(a31Swallow, "بلع", "بلعت", "ابتلع", "ابتلعت", "بلعها", "بلعته")
	add(a31Leak, "يتسرب", "بيتسرب", "تسرب", "اتسرب", "اتسربت", "تسربت", "يسرب", "بيسرب", "بيهرب")
	add(a31Gas, "الغاز", "غاز")
	add(a31Sparks, "شرار", "شرر", "شراره", "شياط", "تقدح", "بتقدح", "تجدح")
	add(a31MyData, "رقمي", "بياناتي", "معلوماتي", "صوري", "عنواني")
	add(a31Fell, "طاح", "طاحت", "وقع", "وقعت", "انعور", "انعورت", "اتعور", "اتعورت", "انجرح", "انجرحت", "اتجرح", "اتجرحت")
	add(a31Broke, "انكسر", "انكسرت", "اتكسر", "اتكسرت", "تكسر")
	add(a31Took, "سحب", "سحبوا", "سحبو", "خدوا", "اخذ", "اخذوا") // (not خد: "خد كود خصم" is an offer)
	add(a31Reaction, "طلعت", "طلع", "طلعله", "طلعلها", "صار", "صارت", "جاتله", "جاله", "جاتها")
	add(a31Seat, "كرسي", "كورسي", "الكرسي", "مقعد", "المقعد")
	add(a31Photos, "صور", "صورهم", "صوره", "فيديوهات")
	add(a31Public, "الانستا", "انستا", "بالانستا", "بحساب", "الفيس", "بالفيس", "منشوره", "مطروحه", "نشروا", "نشرو")
	add(a31Brake, "الفرامل", "فرامل", "البريك", "بريك", "الفريم", "الفرام")
	add(a31NotHold, "يمسك", "بيمسك", "تمسك", "بتمسك", "ماسك", "ماسكه")
	add(a31Chemical, "الكيماوي", "كيماوي", "الكلور", "كلور", "مبيد", "المبيد", "الفلاش")
	add(a31Wedding, "فرح", "عرس", "عرسي", "فرحي", "زفافي", "فرحها", "عرسها", "زفاف", "الفرح", "العرس")
}

var (
	nobodyCame31   = wordSet("محد", "محدش", "حد", "حدا", "احد")
	negBefore31    = wordSet("ما", "مو", "مش", "لم")
	demonstratives = wordSet("هذا", "هاذا", "هذي", "هاد", "هادا", "هيدا", "هايدا", "هيدي", "هاي", "ده", "دا", "دي", "هو")
	keysInside     = wordSet("داخلها", "داخل", "بداخلها", "جواها", "جوا", "جوه", "جوّا", "فيها", "جواتها")
)
