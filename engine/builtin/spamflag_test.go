package builtin

import (
	"testing"

	"svc/engine/op"
)

// Examples written for these tests (not taken from any dataset).

// A comment Classify files as spam is flagged spam by Moderate at the
// default strictness: one answer never calls it spam while the other calls
// it safe. The comments span the spam score range, from a link and a
// contact bait down to follower-selling words alone.
func TestClassifiedSpamIsFlaggedSpam(t *testing.T) {
	spam := 0
	for _, s := range []string{
		"متابعين ولايكات بأرخص سعر، تواصل معي",
		"أرخص متابعين انستقرام، شوفوا حسابي",
		"كسب فلوس من البيت، راسلني خاص",
		"cheap followers and likes, check my page",
		"earn money from home, dm me",
		"Free iPhone giveaway!!! click the link in my bio",
		"ta3alo 3ala saf7ti fi followers b ar5as se3r",
		"bdak tkasseb masari? ib3atli private",
		"badak terba7 masari? ib3atli 3al private",
		"use code GLOW20 at glowshop-deals.com for 40% off",
		"free followers",
	} {
		c := Classify(op.ClassifyRequest{Text: s})
		if !op.In("spam", c.Intent) {
			continue
		}
		spam++
		for _, st := range []string{"medium", ""} {
			if m := Moderate(op.ModerateRequest{Text: s, Strictness: st}); !m.Categories[catSpam] {
				t.Errorf("%q (strictness %q): classify says spam, moderate flags %v (spam score %.2f)", s, st, m.Flags, m.CategoryScores[catSpam])
			}
		}
	}
	if spam < 6 {
		t.Errorf("only %d of 8 spam comments classified spam", spam)
	}
	// and the other way: a question whose commerce words reach the band
	// ("for rent or for sale?") is neither spam nor flagged
	for _, s := range []string{"الشقة للإيجار ولا للبيع؟", "is the car for sale or only for rent?"} {
		c := Classify(op.ClassifyRequest{Text: s})
		m := Moderate(op.ModerateRequest{Text: s})
		if op.In("spam", c.Intent) || m.Categories[catSpam] {
			t.Errorf("%q: intent %v, flags %v (spam score %.2f)", s, c.Intent, m.Flags, m.CategoryScores[catSpam])
		}
	}
	// a shared link alone in the band is left to the threshold (tweets
	// sharing a link are mostly clean), however classify files it
	for _, s := range []string{"RT @someone: the mayor opened the new bridge today http://t.co/abc123"} {
		if m := Moderate(op.ModerateRequest{Text: s}); m.CategoryScores[catSpam] < 0.6 && m.Categories[catSpam] {
			t.Errorf("%q: a link alone flagged spam under the threshold (%.2f)", s, m.CategoryScores[catSpam])
		}
	}
	// the threshold is the intent's: a score under it flags nothing at medium
	if spamStrictThreshold["medium"] != spamIntentMin || spamStrictThreshold["low"] != strictThreshold["low"] || spamStrictThreshold["high"] != strictThreshold["high"] {
		t.Errorf("spam thresholds %v drifted from the intent's %v and the strictness thresholds %v", spamStrictThreshold, spamIntentMin, strictThreshold)
	}
}

// A proposal phrased as a question is noted, not answered; a plain question
// and a complaint phrased as one still need a reply.
func TestProposalQuestionNeedsNoReply(t *testing.T) {
	for _, tc := range []struct {
		text string
		rr   bool
	}{
		{"could you add a dark mode to the app?", false},
		{"ممكن تضيفوا خاصية الدفع عند الاستلام؟", false},
		{"ليش ما تسوون فيديو عن السيارات الكهربائية؟", false},
		{"what time do you open on friday?", true},
		{"متى تفتحون يوم الجمعة؟", true},
		{"why has my order not arrived after two weeks?", true},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		if c.RequiresResponse != tc.rr {
			t.Errorf("%q: intent %v, requires_response %v, want %v", tc.text, c.Intent, c.RequiresResponse, tc.rr)
		}
	}
}

// Followers or likes offered at a price are spam; a follower's complaint
// about prices is not.
func TestEngagementForSale(t *testing.T) {
	for _, s := range []string{"لايكات رخيصة شوف حسابي", "متابعين حقيقيين بأسعار رخيصة", "زيادة متابعين تيك توك بسعر رمزي", "cheapest followers on the market, real accounts"} {
		if c := Classify(op.ClassifyRequest{Text: s}); !op.In("spam", c.Intent) {
			t.Errorf("%q: intent %v, want spam", s, c.Intent)
		}
		if m := Moderate(op.ModerateRequest{Text: s}); !m.Categories[catSpam] {
			t.Errorf("%q: moderate flags %v, want spam", s, m.Flags)
		}
	}
	for _, s := range []string{"انا من متابعين الصفحة من زمان بس الأسعار غليت", "long time follower, the prices are too high now", "great views from the room and cheap breakfast", "المشاهدات قليلة لان الفيديو طويل"} {
		if c := Classify(op.ClassifyRequest{Text: s}); op.In("spam", c.Intent) {
			t.Errorf("%q: classified spam", s)
		}
	}
}

// A customer asking about gift cards is no spam; a gift card given away is.
func TestGiftCards(t *testing.T) {
	if m := Moderate(op.ModerateRequest{Text: "can you add gift cards to the online store?"}); m.Categories[catSpam] {
		t.Errorf("a question about gift cards flagged spam (%.2f)", m.CategoryScores[catSpam])
	}
	if c := Classify(op.ClassifyRequest{Text: "free gift cards for everyone, claim yours now at giftzone.xyz"}); !op.In("spam", c.Intent) {
		t.Errorf("a gift card giveaway: intent %v, want spam", c.Intent)
	}
}

// TestContactBaitFrames: a seller's "message us / send me a message / go
// into the profile" and followers sold by the thousand are spam in every
// variety; a customer who messaged the brand is not.
func TestContactBaitFrames(t *testing.T) {
	for _, tc := range []struct {
		text string
		spam bool
	}{
		{"نبيع متابعين حقيقيين بأسعار رمزية راسلنا الآن", true},
		{"عندنا شنط ماركات بنص التمن ابعتلي رسالة", true},
		{"اكسسوارات موبايل بالجملة ادخل على البروفايل", true},
		{"بدك دخل إضافي؟ احكيني خاص", true},
		{"راسلناكم على الخاص من أسبوع وما حدا رد", false},
		{"هل تبيعون بالجملة للمحلات؟", false},
		{"عطور فرنسية جملة ومفرق، تواصلوا معنا", true},
		{"استثمر ٥٠ دولار واربح الضعف خلال أيام", true},
		{"قروض بدون فوائد خلال ساعة، اتصلوا على الرقم", true},
		{"حاولت اتصل على الرقم ومحدش بيرد", false},
	} {
		c := Classify(op.ClassifyRequest{Text: tc.text})
		m := Moderate(op.ModerateRequest{Text: tc.text})
		isSpam := len(c.Intent) == 1 && c.Intent[0] == "spam"
		flagged := len(m.Flags) > 0 && m.Flags[0] == "spam"
		if isSpam != tc.spam || flagged != tc.spam {
			t.Errorf("%q: intent %v flags %v; want spam=%v", tc.text, c.Intent, m.Flags, tc.spam)
		}
	}
}
