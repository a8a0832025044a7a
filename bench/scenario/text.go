// Package scenario defines the requests of svc's load tests: varied comment
// texts (unique per request, so the cache misses), fixed texts (so it hits),
// the /v1 bodies, and the equivalent chat completion sent straight to
// cmd/mockllm, so that the gateway's own overhead is a difference measured
// in one run.
package scenario

import (
	"unicode/utf8"
)

// Words the generator draws from. Texts contain no quote, backslash or
// control character, so they are appended to JSON without escaping.
var (
	enWords = []string{
		"the", "delivery", "was", "late", "again", "and", "support", "never", "answered", "my", "question",
		"love", "this", "video", "great", "work", "please", "make", "more", "about", "cooking", "why", "is",
		"price", "so", "high", "app", "keeps", "crashing", "after", "update", "thanks", "for", "sharing",
		"order", "arrived", "broken", "refund", "when", "will", "you", "restock", "blue", "size", "medium",
		"awesome", "channel", "subscribe", "terrible", "service", "quality", "amazing", "how", "do", "I",
		"change", "password", "account", "locked", "shipping", "to", "Dubai", "Cairo", "Amman", "tomorrow",
	}
	arWords = []string{
		"شلونك", "وايد", "حلو", "الطلب", "تأخر", "ليه", "كده", "التوصيل", "عايز", "أعرف", "السعر",
		"شو", "هيك", "كتير", "منيح", "الخدمة", "سيئة", "جدا", "شكرا", "على", "الفيديو", "المنتج",
		"وصل", "مكسور", "متى", "يرجع", "المقاس", "الأزرق", "التطبيق", "يعلق", "بعد", "التحديث",
		"أحسن", "قناة", "والله", "يعطيك", "العافية", "ممكن", "تشرح", "أكثر", "عن", "الطبخ", "دايما",
		"مبدع", "الدعم", "ما", "رد", "علي", "أبي", "استرجاع", "فلوسي", "حساب", "مقفل", "كيف", "أغير",
	}
)

// splitmix64 is a small, good, stateless mixer.
func splitmix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// AppendText appends the i-th varied comment of a run with nonce: 6 to 13
// words, Arabic for 40% of indices, English otherwise, ending in a unique
// reference word spelled in letters of the text's script (digits would make
// long numbers that the spam rules read as phone numbers), so no two texts
// of any run are equal or near-equal.
func AppendText(dst []byte, nonce, i uint64) ([]byte, bool) {
	h := splitmix64(nonce*0x100000001B3 ^ i)
	arabic := h%10 < 4
	words := enWords
	if arabic {
		words = arWords
	}
	n := 6 + int((h>>8)%8)
	for k := 0; k < n; k++ {
		h = splitmix64(h)
		if k > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, words[h%uint64(len(words))]...)
	}
	if arabic {
		dst = append(dst, " مرجع "...)
		dst = appendLetters(dst, arLetters, nonce%(28*28*28))
		dst = append(dst, ' ')
		dst = appendLetters(dst, arLetters, i)
	} else {
		dst = append(dst, " ref "...)
		dst = appendLetters(dst, enLetters, nonce%(26*26*26))
		dst = append(dst, ' ')
		dst = appendLetters(dst, enLetters, i)
	}
	return dst, arabic
}

var (
	enLetters = []rune("abcdefghijklmnopqrstuvwxyz")
	arLetters = []rune("ابتثجحخدذرزسشصضطظعغفقكلمنهوي")
)

// appendLetters writes x in bijective base len(alphabet), at least 3 letters.
func appendLetters(dst []byte, alphabet []rune, x uint64) []byte {
	var buf [16]rune
	k := len(buf)
	b := uint64(len(alphabet))
	for j := 0; j < 3 || x > 0; j++ {
		k--
		buf[k] = alphabet[x%b]
		x /= b
	}
	for _, r := range buf[k:] {
		dst = utf8.AppendRune(dst, r)
	}
	return dst
}

// HitText is the one text of the cache-hit scenarios.
const HitText = "شلونك يا خوي؟ الطلب وصل متأخر وايد، متى يرجع المقاس الأزرق؟"

// ReportComments returns n varied comments for a report body.
func ReportComments(nonce uint64, n int) [][]byte {
	out := make([][]byte, n)
	for i := range out {
		out[i], _ = AppendText(nil, nonce, uint64(i))
	}
	return out
}
