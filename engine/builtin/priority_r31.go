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
// It also reads grievances that name no complaint word, not urgent:
// paying for one thing and getting less ("paying for 100mbps and getting
// 45"), a wait told as a duration taken ("took 45 mins to reply", "took 40
// min for one pickup"), turned away, rushed out.
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
		has(" babys formula ", " baby formula ", " for my baby ", " for the baby ", " for my babys ") && has(" today ", " tonight ", " right now "):
		return true, true
	case has(" paying for ", " paid for ", " pay for ") && has(" and getting ", " and get ", " and only get ", " and only getting ", " buffers "),
		tookDuration(toks),
		has(" turned away ", " rushed me out ", " rushed us out "):
		return false, true
	}
	return false, false
}

// enR31Keys: a word of every phrase enR31 reads.
var enR31Keys = wordSet("owes", "owe", "recognise", "recognize", "make", "made", "cashed", "deducted", "debited", "declined", "rejected", "bounced",
	"billing", "charging", "taking", "came", "pulling", "elses", "patients", "kids", "peoples", "everyones", "customers", "users",
	"over", "hijacked", "swapped", "swap", "bureau", "protection", "claims", "disputing", "dispute", "chargeback", "charge",
	"fake", "money", "deposit", "deadline", "shift", "exam", "interview", "ran", "babys", "baby", "paying", "paid", "pay", "took", "turned", "rushed")

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

// arR31 reads Arabic urgencies the Gulf and Arabizi priority read sets of
// the twenty-third session (gulfprio1, azprio8; Arabizi read in the Arabic
// spelling the transliterator gives) told in words no earlier rule read.
// Urgent and a grievance:
//
//   - someone stuck in a lift ("علق فيه جاري المسن ساعة"); a car broken
//     down at night with children in it or nobody come ("وقفت ... بالليل
//     ومحد جه يساعدنا، وياي عيالي");
//   - a child sick after drinking or eating what the brand sent ("ابني
//     الصغير تعب بعد ما شرب منها"), an allergy told and ignored ("قايل لهم
//     عندي حساسية، وتعبت بعدها");
//   - a bill for what the writer never subscribed to or asked for
//     ("الفاتورة ياتني 45 دينار على باقة ما اشتركت فيها");
//   - a fraud named as a verdict ("هذا غش", "هيدا غش");
//   - a code the writer never asked for ("كود تحقق ما طلبته"), a record
//     sent to a wrong number ("نتايج تحليلي لرقم غلط");
//   - a child who drank or ate what had expired ("ولدي شرب حليب ... منتهيه");
//   - a crash nearly had ("كنت بصدم"), keys locked inside the car;
//   - an old person at home in a power cut ("عندنا شيبة مريض");
//   - a passport held and the journey in days ("جوازي عندكم ... وسفري بعد
//     يومين").
//
// Urgent only (a date is news, not a grievance): a wedding tomorrow.
func arR31(toks []token) (urgent, grievance bool) {
	var car, carDown, night, kids, nobodyCame, sick, allergy, ate, lift, stuck, bill, unsubscribed, fraud, code, unasked, record, wrongNo, drank, expired, crash, keysIn, old, powerCut, doc, travel, soon, wedding, tomorrow bool
	for i := range toks {
		t := &toks[i]
		if !t.arabic {
			continue
		}
		k := strings.TrimPrefix(t.key, "و")
		prev := ""
		if i > 0 {
			prev = toks[i-1].key
		}
		switch {
		case k == "السياره" || k == "سيارتي" || k == "العربيه" || k == "عربيتي" || k == "السيارة":
			car = true
		case carStopped[k] || carStopped[t.key]: // (وقفت as written: the و is its own)
			carDown = true
		case k == "بالليل" || k == "الليل" || k == "بالفجر" || k == "الفجر":
			night = true
		case childNouns[t.key] || childNouns[k]: // priority_harm.go (ولدي as written)
			kids = true
		case (k == "جه" || k == "جا" || k == "اجا" || k == "اجى" || k == "يجي") && (prev == "محد" || prev == "محدش" || prev == "حد" || prev == "حدا" || prev == "احد"):
			nobodyCame = true
		case sickAfter[k]:
			sick = true
		case k == "حساسيه" || k == "حساسية":
			allergy = true
		case liftNouns[k]:
			lift = true
		case stuckWords[k]:
			stuck = true
		case k == "الفاتوره" || k == "الفاتورة" || k == "فاتوره" || k == "فاتورة" || currencies[k]: // priority_r22.go
			bill = true
		case (k == "اشتركت" || k == "اشتركنا") && (prev == "ما" || prev == "مو" || prev == "مش" || prev == "لم"):
			unsubscribed = true
		case fraudWords[k] && demonstratives[prev]: // priority_r28.go
			fraud = true
		case k == "كود" || k == "الكود" || k == "رمز" || k == "الرمز":
			code = true
		case (k == "طلبته" || k == "طلبتو" || k == "طلبتها") && (prev == "ما" || prev == "مو" || prev == "مش"):
			unasked = true
		case k == "نتايج" || k == "نتائج" || k == "نتءج" || k == "تحاليلي" || k == "تحليلي" || k == "ملفي" || k == "تقريري":
			record = true
		case k == "غلط" && (prev == "رقم" || prev == "لرقم"):
			wrongNo = true
		case k == "شرب" || k == "شربت" || k == "اكل" || k == "اكلت" || k == "شربو" || k == "اكلو":
			ate = true
			// (the child's word as written: nearAny reads ولدي as لدي)
			for j := max(0, i-2); j < len(toks) && j <= i+2; j++ {
				drank = drank || childNouns[toks[j].key] // priority_harm.go
			}
		case k == "منتهي" || k == "منتهيه" || k == "منتهية" || k == "اكسباير" || k == "اكسبير":
			expired = true
		case crashNear[k]:
			crash = true
		case (k == "المفتاح" || k == "المفاتيح" || k == "مفتاحها") && i+1 < len(toks) && keysInside[toks[i+1].key]:
			keysIn = true
		case k == "شيبه" || k == "شيبة" || k == "شايب" || k == "عجوز":
			old = true
		case r28Words[k] == r28Power:
			powerCut = true
		case r28Words[k] == r28Doc:
			doc = true
		case k == "سفري" || k == "سفرتي" || k == "رحلتي" || k == "طيارتي":
			travel = true
		case k == "يومين" || k == "بكره" || k == "بكرة" || k == "بكرا" || k == "باكر" || k == "باجر":
			soon = true
			tomorrow = tomorrow || k != "يومين"
		case k == "فرح" || k == "عرس" || k == "عرسي" || k == "فرحي" || k == "زفافي" || k == "فرحها" || k == "عرسها" || k == "زفاف" || k == "الفرح" || k == "العرس":
			wedding = true
		}
	}
	// "لا رقم غلط": Levantine "la" (to) read as the negation لا
	if !wrongNo {
		for i := 1; i+1 < len(toks); i++ {
			if toks[i].key == "رقم" && toks[i+1].key == "غلط" {
				wrongNo = true
			}
		}
	}
	if car && carDown && night && (kids || nobodyCame) || ate && kids && sick || allergy && sick || lift && stuck || bill && (unsubscribed || unasked) || fraud || code && unasked || record && wrongNo || drank && expired || crash || keysIn || old && powerCut || doc && travel && soon {
		return true, true
	}
	return wedding && tomorrow, false
}

var (
	carStopped     = wordSet("وقفت", "عطلت", "خربت", "طفت", "بنشرت", "تعطلت", "اتعطلت", "وقفت،")
	sickAfter      = wordSet("تعب", "تعبت", "تعبان", "تعبانه", "مريض", "مرض", "مرضت", "استفرغ", "استفرغت", "بيستفرغ", "اسهال", "تسمم")
	liftNouns      = wordSet("المصعد", "مصعد", "الاسانسير", "اسانسير", "الأسانسير", "الاصنصير", "الليفت", "بالمصعد", "بالاسانسير")
	stuckWords     = wordSet("علق", "علقت", "علقنا", "علقوا", "عالق", "عالقين", "انحبس", "انحبست", "انحبسنا", "محبوس", "محبوسين", "حبسنا", "اتحبس", "اتحبست", "اتحبسنا")
	demonstratives = wordSet("هذا", "هاذا", "هذي", "هاد", "هادا", "هيدا", "هايدا", "هيدي", "هاي", "ده", "دا", "دي", "هو")
	crashNear      = wordSet("بصدم", "بنصدم", "بيصدمني", "بيصدمنا", "بتصدم", "يصدمني")
	keysInside     = wordSet("داخلها", "داخل", "بداخلها", "جواها", "جوا", "جوه", "جوّا", "فيها", "جواتها")
)
