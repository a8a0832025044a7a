package builtin

import "strings"

// The topic of a comment is not the writer's feeling (round 18). Creators of
// health, news, safety, finance and education content are thanked for
// videos ABOUT sad things: "thank you for the video about cancer awareness",
// "the nurses in the cancer ward were angels", "فيديو رائع عن حوادث الطرق
// وكيف نتجنبها". The bad noun names what the content or the service is
// about; the writer's own verdict is elsewhere (great, شكرا, رائع).
//
// topicSpan marks the tokens of such topic phrases:
//   - after a content noun (video, episode, guide, tips, documentary,
//     explanation, awareness; حلقة, فيديو, شرح, توعية, نصايح) and a topic
//     preposition (about, on, regarding, of; عن, حول, بخصوص) a few words
//     of topic, up to a clause boundary (punctuation, a contrast word, a
//     copula or auxiliary, a negator, the writer in the first person, an
//     intensifier);
//   - the head of a construct that names a subject (مخاطر X, أضرار X,
//     التوعية بـ X, مرضى X, الناجين من X; risks of X, survivors of X):
//     the words after it, the same way;
//   - the modifier of a service or cause noun ("cancer ward", "cancer
//     awareness", "cancer survivors", "accident victims' fund"): the word
//     before it.
//
// scoreSentiment holds the negative valence found inside a topic phrase
// aside and counts it only when the writer's own words (outside any topic)
// lean negative; intentScores does not read an interrogative inside a
// topic phrase ("عن ... وكيف نتجنبها", "tips on how to ...") as a
// question asked when no question mark closes the comment.

// topicCue is the cue evidence of an intent whose only cue stood inside a
// topic phrase: below zero, so that the learned intent head does not
// report that intent alone from the same word (learned.go).
const topicCue = -0.1

// topicMaxWords bounds a topic phrase after its preposition or head.
const topicMaxWords = 6

var (
	// content nouns: what a creator makes or a service gives
	topicContentEn = wordSet("video", "videos", "vid", "vids", "episode", "episodes", "ep", "guide", "guides", "tips", "tip", "documentary",
		"documentaries", "explanation", "explainer", "awareness", "talk", "lecture", "lesson", "lessons", "podcast", "series", "article",
		"post", "thread", "course", "class", "session", "webinar", "workshop", "content", "info", "information", "advice", "breakdown",
		"tutorial", "coverage", "film", "movie", "book", "chapter", "segment", "interview", "discussion", "presentation", "program",
		"programme", "campaign", "seminar", "training", "story", "stories", "reel", "short", "stream", "livestream", "channel", "page",
		"prevention", "survivors", "survivor", "recovery", "risks", "dangers", "facts")
	topicPrepEn = wordSet("about", "on", "regarding", "of", "re", "covering", "concerning", "around", "from")
	// head nouns whose modifier before them is a subject, not a verdict
	// ("cancer ward", "cancer awareness", "stroke survivors")
	// (nouns an adjective of the writer's verdict rarely stands before:
	// "terrible doctor", "awful treatment" are verdicts, "cancer ward" is not)
	topicHeadEn = wordSet("ward", "wards", "awareness", "survivors", "survivor", "prevention", "patients", "charity", "charities",
		"foundation", "month")
	// a topic phrase ends at these words: the clause goes on about the
	// writer or the content itself
	topicStopEn = wordSet("is", "was", "were", "are", "am", "be", "been", "being", "has", "have", "had", "will", "would", "could",
		"should", "can", "did", "does", "do", "never", "not", "no", "dont", "didnt", "doesnt", "cant", "wasnt", "isnt", "wont",
		"got", "get", "gets", "i", "im", "ive", "id", "me", "we", "still", "so", "very", "really", "too", "thanks", "thank",
		"it", "its", "that", "which", "who", "sucks", "sucked", "stinks", "made", "makes", "helped", "helps", "saved",
		"changed", "yet", "again", "please", "plz", "pls")

	topicContentAr = wordSet("حلقه", "حلقات", "فيديو", "فديو", "فيديوهات", "شرح", "توعيه", "نصايح", "نصائح", "نصيحه", "محاضره",
		"محاضرات", "درس", "دروس", "مقال", "مقاله", "بوست", "منشور", "برنامج", "بودكاست", "وثائقي", "فيلم", "كورس", "دوره",
		"معلومات", "تقرير", "كلام", "حكي", "ندوه", "ورشه", "حمله", "قصه", "تغطيه", "بث", "لايف", "فقره", "مقطع", "ريل")
	topicPrepAr = wordSet("عن", "حول", "بخصوص", "بشان", "بشأن", "عالموضوع", "بموضوع")
	// construct heads naming a subject: the words after them are the topic
	// (risks, harms, symptoms, treatment, prevention, awareness, patients,
	// survivors, fighting, recovery of/from X)
	// (the head without the article, its genitive with it: "مخاطر
	// التدخين", "مستشفى السرطان"; an adjective after an indefinite noun is
	// indefinite, "دكتور فاشل" rates the doctor); with the article they
	// take a preposition ("التوعية بمرض السكري", "الناجين من الحروق")
	topicHeadAr = wordSet("مخاطر", "اضرار", "خطوره", "اعراض", "علاج", "وقايه", "توعيه", "مرضى", "ناجين", "ناجيات", "مكافحه",
		"تعافي", "نجاه", "مصابي", "قسم", "عنبر", "جمعيه", "مستشفى")
	topicHeadArDef = wordSet("التوعيه", "الوقايه", "التعافي", "النجاه", "الناجين", "الناجيات")
	topicStopAr    = wordSet("انا", "احنا", "نحن", "بس", "لكن", "ولكن", "شكرا", "جدا", "كتير", "كثير", "اوي", "وايد", "مره", "حيل",
		"مرا", "بزاف", "الله", "والله", "يعطيك", "يعطيكم", "تسلم", "تسلمي", "تسلموا", "ربنا", "بجد", "فعلا", "حقا", "صراحه",
		"كان", "كانت", "صار", "صارت", "بقى", "بقت", "لسه", "لسا", "لحد", "ابدا", "خلاص", "اتمنى", "ياريت",
		"ده", "دي", "دا", "هذا", "هذه", "هذي", "هاد", "هاي", "هيدا", "هيدي", "هاذا")
)

// topicStrip is an Arabic key without "و" and the article (and على, ب or
// ل joined to it).
func topicStrip(k string) string {
	k = strings.TrimPrefix(k, "و")
	for _, p := range []string{"عال", "بال", "لل", "ال"} { // "عالفيديو": على + the video
		if strings.HasPrefix(k, p) && len(k) > len(p)+2 {
			return strings.TrimPrefix(k, p)
		}
	}
	return k
}

// topicContentArKey reports an Arabic content noun, bare, with the article,
// "و" or a possessive ("شرحك", "حلقتكم", "فيديوهاتك").
func topicContentArKey(k string) bool {
	k = topicStrip(k)
	if topicContentAr[k] {
		return true
	}
	for _, p := range []string{"كم", "كو", "ك", "ه", "ها", "هم", "نا"} {
		if r, ok := strings.CutSuffix(k, p); ok && len(r) >= 4 {
			if topicContentAr[r] || strings.HasSuffix(r, "ت") && topicContentAr[strings.TrimSuffix(r, "ت")+"ه"] {
				return true
			}
		}
	}
	return false
}

// topicSpan returns the tokens (bit i for token i, the first 64) that name
// what the comment's content or service is about.
func topicSpan(text string, toks []token) uint64 {
	n := min(len(toks), 64)
	var mask uint64
	// gaps: bit i for punctuation between tokens i-1 and i; preps: bit i
	// for an Arabic topic preposition (each read once, not per look-back)
	var gaps, preps uint64
	for i := 0; i < n; i++ {
		if i > 0 && strings.ContainsAny(text[toks[i-1].end:toks[i].start], ",.!?؟،;:()\n") {
			gaps |= 1 << uint(i)
		}
		if toks[i].arabic && toks[i].is(clTopicPrepAr) {
			preps |= 1 << uint(i)
		}
	}
	gap := func(i int) bool { return gaps&(1<<uint(i)) != 0 }
	stop := func(t *token) bool {
		if contrastWords[t.key] {
			return true
		}
		if t.arabic {
			k := strings.TrimPrefix(t.key, "و")
			return topicStopAr[t.key] || negators[t.key] || negators[k] || boosters[t.key] != 0
		}
		return topicStopEn[t.key] || ntNegation(t.key)
	}
	// spanN marks from token i on, up to m words
	spanN := func(i, m int) {
		for j := i; j < n && j < i+m; j++ {
			if toks[j].emoji || j > i && gap(j) || stop(&toks[j]) {
				return
			}
			mask |= 1 << uint(j)
		}
	}
	span := func(i int) { spanN(i, topicMaxWords) }
	for i := 0; i < n; i++ {
		t := &toks[i]
		if t.emoji {
			continue
		}
		if !t.arabic {
			if topicHeadEn[t.key] && i > 0 && !gap(i) && !toks[i-1].arabic && !stop(&toks[i-1]) {
				mask |= 1 << uint(i-1) // "cancer ward"
			}
			if topicContentEn[t.key] {
				// the preposition right after the noun or one word on
				// ("tips on", "video all about", "video by X on")
				for j := i + 1; j < n && j <= i+2; j++ {
					if gap(j) || toks[j].arabic {
						break
					}
					if topicPrepEn[toks[j].key] {
						span(j + 1)
						break
					}
				}
			}
			continue
		}
		if j := i + 1; j < n && !gap(j) && toks[j].arabic {
			k, nx := strings.TrimPrefix(t.key, "و"), toks[j].key
			prep := nx == "من" || nx == "عن"
			switch {
			case topicHeadAr[k] && (strings.HasPrefix(nx, "ال") || strings.HasPrefix(nx, "بال") || prep):
			case topicHeadArDef[k] && (prep || strings.HasPrefix(nx, "ب")):
			default:
				j = -1
			}
			if j > 0 && prep {
				j++
			}
			if j > 0 && j < n && !gap(j) {
				spanN(j, 3)
			}
		}
		// the preposition after a content noun, an adjective or two
		// between ("فيديو رائع عن", "الحلقة الجديدة بتاعتك عن"); or joined
		// to the noun as بـ ("التوعية بمرض السكري" is a head above). The
		// preposition is looked for first: one map lookup a word, where
		// the noun's forms cost seven (most words are followed by none)
		for j := i + 1; j < n && j <= i+3; j++ {
			if gap(j) || !toks[j].arabic {
				break
			}
			if preps&(1<<uint(j)) != 0 {
				if topicContentArKey(t.key) {
					span(j + 1)
				}
				break
			}
		}
	}
	return mask
}

// inTopic reports a hit over tokens [ti, tj) inside the topic mask.
func inTopic(mask uint64, ti, tj int) bool {
	if mask == 0 || tj > 64 {
		return false
	}
	for k := ti; k < tj; k++ {
		if mask&(1<<uint(k)) == 0 {
			return false
		}
	}
	return true
}
