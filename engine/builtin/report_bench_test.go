package builtin

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"strings"
	"testing"

	"svc/engine/op"
)

// Report benchmark corpus: 500 comments built from project-written word
// lists (like bench/scenario: 40% Arabic, 6-13 words, a unique reference word
// in letters so no text repeats), plus a few fixed comments with links,
// mentions, emoji and insults so every report path runs.
var (
	benchEnWords = strings.Fields(`the delivery was late again and support never answered my question love this video great work please make more
		about cooking why is price so high app keeps crashing after update thanks for sharing order arrived broken refund when will you restock
		blue size medium awesome channel subscribe terrible service quality amazing how do I change password account locked shipping to Dubai
		Cairo Amman tomorrow but not very bad idiot`)
	benchArWords = strings.Fields(`شلونك وايد حلو الطلب تأخر ليه كده التوصيل عايز أعرف السعر شو هيك كتير منيح الخدمة سيئة جدا شكرا على الفيديو
		المنتج وصل مكسور متى يرجع المقاس الأزرق التطبيق يعلق بعد التحديث أحسن قناة والله يعطيك العافية ممكن تشرح أكثر عن الطبخ دايما مبدع
		الدعم ما رد علي أبي استرجاع فلوسي حساب مقفل كيف أغير بس لكن مش زفت`)
	benchExtra = []string{
		"Check out my channel www.example.com and subscribe!!",
		"@brand my order never arrived, I want a refund now!!!",
		"يا حمار انت ما تفهم 😡",
		"ما شاء الله 😍👍 استمر",
		"great video :) <3",
	}
)

func mix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

func letters(alphabet []rune, x uint64) string {
	var b []rune
	for k := 0; k < 3 || x > 0; k++ {
		b = append(b, alphabet[x%uint64(len(alphabet))])
		x /= uint64(len(alphabet))
	}
	return string(b)
}

func reportComments(n int) []op.ReportComment {
	en, ar := []rune("abcdefghijklmnopqrstuvwxyz"), []rune("ابتثجحخدذرزسشصضطظعغفقكلمنهوي")
	authors := []string{"sara", "ali", "omar", "lee", "mona", "bot1", "x", ""}
	cs := make([]op.ReportComment, n)
	for i := range cs {
		h := mix64(uint64(i) * 0x100000001B3)
		var text string
		if i%50 < len(benchExtra) {
			text = benchExtra[i%50]
		} else {
			arabic := h%10 < 4
			words, alpha, ref := benchEnWords, en, "ref"
			if arabic {
				words, alpha, ref = benchArWords, ar, "مرجع"
			}
			k := 6 + int((h>>8)%8)
			parts := make([]string, 0, k+2)
			for j := 0; j < k; j++ {
				h = mix64(h)
				parts = append(parts, words[h%uint64(len(words))])
			}
			parts = append(parts, ref, letters(alpha, uint64(i)))
			text = strings.Join(parts, " ")
		}
		cs[i] = op.ReportComment{Text: text, Author: authors[h%uint64(len(authors))], Likes: int(h>>20) % 40,
			CreatedAt: "2026-01-" + string(rune('1'+i%2)) + string(rune('0'+i%9+1)) + "T10:00:00Z"}
	}
	return cs
}

var updateGolden = flag.Bool("update-report-golden", false, "rewrite testdata/report500.sha256")

// TestReport500Golden pins the markdown of the 500-comment benchmark report
// (basic and pro): performance work must not change it. A deliberate change
// of the analyzers regenerates it with -update-report-golden.
func TestReport500Golden(t *testing.T) {
	cs := reportComments(500)
	var sums []string
	for _, tier := range []string{"basic", "pro"} {
		r := Report(op.ReportRequest{Comments: cs, Tier: tier, Title: "Weekly channel comments"})
		s := sha256.Sum256([]byte(r.Markdown))
		sums = append(sums, tier+" "+hex.EncodeToString(s[:]))
	}
	got := strings.Join(sums, "\n") + "\n"
	const path = "testdata/report500.sha256"
	if *updateGolden {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("report output changed:\n got %s\nwant %s", got, want)
	}
}

func BenchmarkReport500(b *testing.B) {
	req := op.ReportRequest{Comments: reportComments(500), Tier: "basic", Title: "Weekly channel comments"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Report(req)
	}
}
