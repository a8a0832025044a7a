package builtin

import (
	"math"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Example comments written for these tests (not taken from any dataset).
var sampleComments = []string{
	"وش رايكم بالحلقة الجاية؟",
	"ازاي اشترك في القناة؟",
	"شو اسم الأغنية يلي بالآخر؟",
	"متى تنزل الحلقة القادمة؟",
	"How do I reset my password?",
	"The app keeps crashing and support never answers. Terrible!",
	"ما شاء الله مبدع والله، استمر",
	"ياريت تسوي حلقة عن السفر",
	"You should add subtitles to your videos",
	"Check out my channel http://bit.ly/abc and subscribe!!",
	"I love the video but the sound is terrible and awful",
	"يا حمار انت ما تفهم",
	"ok",
	"👍👍👍",
	"الخدمة زفت والطلب ما وصل لحد الحين، ليش كذا؟",
}

func checkClassification(t *testing.T, text string, c op.Classification) {
	t.Helper()
	if len(c.Intent) == 0 {
		t.Fatalf("%q: empty intent", text)
	}
	seen := map[string]bool{}
	for _, k := range c.Intent {
		if !op.In(k, op.Intents) || seen[k] {
			t.Fatalf("%q: bad intents %v", text, c.Intent)
		}
		seen[k] = true
	}
	if (seen["other"] || seen["spam"]) && len(c.Intent) > 1 {
		t.Fatalf("%q: other/spam not alone: %v", text, c.Intent)
	}
	if !op.In(c.Sentiment, op.Sentiments) || !op.In(c.Language, op.Languages) || !op.In(c.Priority, op.Priorities) || !op.In(c.Toxicity, op.Toxicities) {
		t.Fatalf("%q: enum out of range: %+v", text, c)
	}
	if c.Dialect != "" && !op.In(c.Dialect, op.Dialects) || c.DialectConfidence < 0 || c.DialectConfidence > 1 {
		t.Fatalf("%q: dialect %q %v", text, c.Dialect, c.DialectConfidence)
	}
	if c.ReplyText == "" || c.ReplyDirection != "rtl" && c.ReplyDirection != "ltr" {
		t.Fatalf("%q: reply %q %q", text, c.ReplyText, c.ReplyDirection)
	}
	if c.Usage.Model != Model || c.Usage.Provider != "" || c.Usage.TokensUsed <= 0 {
		t.Fatalf("%q: usage %+v", text, c.Usage)
	}
	if c.Reasoning == "" {
		t.Fatalf("%q: no reasoning", text)
	}
}

func TestClassifyInvariants(t *testing.T) {
	for _, s := range sampleComments {
		checkClassification(t, s, Classify(op.ClassifyRequest{Text: s}))
	}
}

func TestClassifyIntents(t *testing.T) {
	cases := []struct {
		text string
		want string
	}{
		{"وش رايكم بالحلقة الجاية؟", "question"},
		{"ازاي اشترك في القناة", "question"},
		{"شو اسم الأغنية يلي بالآخر؟", "question"},
		{"متى تنزل الحلقة القادمة", "question"},
		// a "why" with a complaint cue is a grievance (issue 23): complaint
		{"ليش الفيديو ما يشتغل عندي", "complaint"},
		{"How do I reset my password?", "question"},
		{"The app keeps crashing and support never answers. Terrible!", "complaint"},
		{"الخدمة زفت والطلب ما وصل لحد الحين", "complaint"},
		{"ما شاء الله مبدع، الله يعطيك العافية", "praise"},
		{"Amazing video, thank you so much!", "praise"},
		{"ياريت تسوي حلقة عن السفر", "suggestion"},
		{"لو سمحت اعمل فيديو عن الطبخ", "suggestion"},
		{"You should add subtitles to your videos", "suggestion"},
		{"It would be nice to have a dark mode", "suggestion"},
		{"Check out my channel http://bit.ly/abc and subscribe!!", "spam"},
		{"تابعوني على سناب وللتواصل واتس 0551234567", "spam"},
		{"sub4sub sub4sub sub4sub sub4sub sub4sub sub4sub", "spam"},
	}
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if !op.In(c.want, got.Intent) {
			t.Errorf("%q: intents %v, want %s (%s)", c.text, got.Intent, c.want, got.Reasoning)
		}
	}
}

func TestClassifyRules(t *testing.T) {
	q := Classify(op.ClassifyRequest{Text: "How do I reset my password?"})
	if !q.RequiresResponse || q.Priority != "medium" {
		t.Errorf("question: requires_response %v priority %s", q.RequiresResponse, q.Priority)
	}
	angry := Classify(op.ClassifyRequest{Text: "Worst service ever, I was charged twice and I want a refund now!!!"})
	if !op.In("complaint", angry.Intent) || angry.Priority != "high" || !angry.RequiresResponse {
		t.Errorf("angry complaint: %v %s %v", angry.Intent, angry.Priority, angry.RequiresResponse)
	}
	praise := Classify(op.ClassifyRequest{Text: "Amazing video, thank you so much!"})
	if praise.RequiresResponse || praise.Priority != "low" || praise.Sentiment != "positive" {
		t.Errorf("praise: %v %s %s", praise.RequiresResponse, praise.Priority, praise.Sentiment)
	}
	spam := Classify(op.ClassifyRequest{Text: "Check out my channel http://bit.ly/abc and subscribe!!"})
	if spam.RequiresResponse {
		t.Errorf("spam must not require a response")
	}
	threat := Classify(op.ClassifyRequest{Text: "والله لاذبحك اذا شفتك"})
	if threat.Priority != "high" {
		t.Errorf("threat priority %s", threat.Priority)
	}
	en := Classify(op.ClassifyRequest{Text: "Thanks a lot"})
	if en.Dialect != "" || en.ReplyDirection != "ltr" {
		t.Errorf("English: dialect %q direction %s", en.Dialect, en.ReplyDirection)
	}
	ar := Classify(op.ClassifyRequest{Text: "شكرا على الفيديو"})
	if ar.Dialect == "" || ar.ReplyDirection != "rtl" || !hasArabic(ar.ReplyText) {
		t.Errorf("Arabic: dialect %q direction %s reply %q", ar.Dialect, ar.ReplyDirection, ar.ReplyText)
	}
}

func TestSentiment(t *testing.T) {
	cases := []struct{ text, want string }{
		{"This is good", "positive"},
		{"This is not good at all", "negative"},
		{"I love the video but the sound is terrible and awful", "mixed"},
		{"The video is out now", "neutral"},
		{"الفيديو حلو مرة 😍", "positive"},
		{"الفيديو مش حلو", "negative"},
		{"سيء جدا ومقرف", "negative"},
		{"👍👍", "positive"},
		{"😡😡", "negative"},
	}
	for _, c := range cases {
		if got := Classify(op.ClassifyRequest{Text: c.text}).Sentiment; got != c.want {
			t.Errorf("%q: sentiment %s, want %s", c.text, got, c.want)
		}
	}
}

func TestClassifyHints(t *testing.T) {
	text := "هذا الفيديو عادي"
	hint := op.Hint{Text: "  هَذا الفيديو   عادي ", Intent: []string{"complaint", "complaint", "bogus"}, Sentiment: "negative"}
	c := Classify(op.ClassifyRequest{Text: text, Hints: []op.Hint{hint}})
	if len(c.Intent) != 1 || c.Intent[0] != "complaint" || c.Sentiment != "negative" {
		t.Fatalf("hint not applied: %v %s", c.Intent, c.Sentiment)
	}
	other := Classify(op.ClassifyRequest{Text: "something else entirely", Hints: []op.Hint{hint}})
	if op.In("complaint", other.Intent) {
		t.Fatalf("hint applied to a different text")
	}
}

func checkModeration(t *testing.T, text string, m op.Moderation) {
	t.Helper()
	if !op.In(m.Severity, op.Severities) || !op.In(m.Toxicity, op.Toxicities) || m.SeverityScore < 0 || m.SeverityScore > 1 {
		t.Fatalf("%q: severity %s %v toxicity %s", text, m.Severity, m.SeverityScore, m.Toxicity)
	}
	var flags []string
	for i, c := range op.ModerationCategories {
		if m.CategoryScores[i] < 0 || m.CategoryScores[i] > 1 {
			t.Fatalf("%q: score %v", text, m.CategoryScores[i])
		}
		if m.Categories[i] {
			flags = append(flags, c)
		}
	}
	if strings.Join(flags, ",") != strings.Join(m.Flags, ",") {
		t.Fatalf("%q: flags %v vs categories %v", text, m.Flags, flags)
	}
	if m.IsSafe != (len(m.Flags) == 0) {
		t.Fatalf("%q: is_safe %v with flags %v", text, m.IsSafe, m.Flags)
	}
	if m.IsSafe {
		if m.CleanedText != "" || len(m.Spans) != 0 || len(m.FlaggedTerms) != 0 {
			t.Fatalf("%q: safe but cleaned %q spans %v", text, m.CleanedText, m.Spans)
		}
		return
	}
	if len(m.Spans) != len(m.FlaggedTerms) {
		t.Fatalf("%q: %d spans, %d terms", text, len(m.Spans), len(m.FlaggedTerms))
	}
	prev := 0
	var want strings.Builder
	for i, s := range m.Spans {
		if s.Start < prev || s.End <= s.Start || s.End > len(text) {
			t.Fatalf("%q: bad span %v", text, s)
		}
		if text[s.Start:s.End] != m.FlaggedTerms[i] {
			t.Fatalf("%q: term %q != text at span %q", text, m.FlaggedTerms[i], text[s.Start:s.End])
		}
		if utf8.ValidString(text) && !utf8.ValidString(m.FlaggedTerms[i]) {
			t.Fatalf("%q: span cuts a rune", text)
		}
		want.WriteString(text[prev:s.Start])
		want.WriteString("***")
		prev = s.End
	}
	want.WriteString(text[prev:])
	if m.CleanedText != want.String() {
		t.Fatalf("%q: cleaned %q, want %q", text, m.CleanedText, want.String())
	}
}

func TestModerateEvasions(t *testing.T) {
	cases := []struct{ text, cat string }{
		{"you are a fuuuuuck", "profanity"},
		{"f.u.c.k you", "profanity"},
		{"f u c k you man", "profanity"},
		{"this is sh1t", "profanity"},
		{"b!tch please", ""},
		{"fu\u200bck this", "profanity"},
		{"انت كلللللب", "harassment"},
		{"انت ك.ل.ب", "harassment"},
		{"انت ك ل ب", "harassment"},
		{"انت ك\u200cلب", "harassment"},
		{"يا حمااار", "harassment"},
		{"ya 7mar", "harassment"},
		{"kos omak", "profanity"},
		{"sharmouta", "profanity"},
		{"سأقتلك", "violence"},
		{"والله لاذبحك", "violence"},
		{"I will kill you", "violence"},
		{"i want to kill myself", "self_harm"},
		{"بدي انتحر", "self_harm"},
		{"يا ابن الكلب", "harassment"},
		{"you stupid idiot", "harassment"},
	}
	for _, c := range cases {
		m := Moderate(op.ModerateRequest{Text: c.text, Strictness: "medium"})
		checkModeration(t, c.text, m)
		if c.cat == "" {
			continue
		}
		if m.IsSafe || !op.In(c.cat, m.Flags) {
			t.Errorf("%q: flags %v, want %s", c.text, m.Flags, c.cat)
		}
		if strings.Count(m.CleanedText, "***") == 0 {
			t.Errorf("%q: nothing masked: %q", c.text, m.CleanedText)
		}
	}
}

func TestModerateAllowList(t *testing.T) {
	for _, s := range []string{"الله أكبر", "قتلتني ضحك 😂", "هموت من الضحك", "you killed it!", "she is killing it on stage", "we will shoot a video tomorrow",
		"أعوذ بالله من الشيطان الرجيم", "لعن الله الشيطان", "photo shoot today", "حديقة الحيوان حلوة", "I am dying of laughter", "hell yeah"} {
		m := Moderate(op.ModerateRequest{Text: s, Strictness: "high"})
		checkModeration(t, s, m)
		if !m.IsSafe {
			t.Errorf("%q flagged at high: %v %v", s, m.Flags, m.FlaggedTerms)
		}
	}
}

func TestModerateStrictness(t *testing.T) {
	texts := []string{"you are stupid", "this is crap", "fuck you", "يا كلب", "go back to your country you nigger", "nice video", "انت غبي", "I will kill you",
		"Visit http://spam.example.com now for free money", "this video is shit"}
	rank := map[string]int{"low": 0, "medium": 1, "high": 2}
	for _, s := range texts {
		prev := -1
		for _, st := range []string{"low", "medium", "high"} {
			m := Moderate(op.ModerateRequest{Text: s, Strictness: st})
			checkModeration(t, s, m)
			n := len(m.Flags)
			if n < prev {
				t.Errorf("%q: %s flags fewer categories than a laxer level", s, st)
			}
			prev = n
			_ = rank
		}
	}
	mild := "you are stupid"
	if !Moderate(op.ModerateRequest{Text: mild, Strictness: "low"}).IsSafe || Moderate(op.ModerateRequest{Text: mild, Strictness: "high"}).IsSafe {
		t.Errorf("mild insult: want safe at low, flagged at high")
	}
	severe := "go back to your country you nigger"
	if Moderate(op.ModerateRequest{Text: severe, Strictness: "low"}).IsSafe {
		t.Errorf("explicit hate must be flagged at low")
	}
	if m := Moderate(op.ModerateRequest{Text: "nice video", Strictness: "high"}); !m.IsSafe || m.Severity != "none" {
		t.Errorf("clean text flagged: %+v", m)
	}
}

func TestRubric(t *testing.T) {
	cats := []op.RubricCategory{{Name: "Shipping", Description: "delivery delays"}, {Name: "Pricing"}, {Name: "مدح"}, {Name: "Bug report", Description: "app crashes or errors"}}
	cases := []struct {
		text  string
		multi bool
		th    float64
		want  string
	}{
		{"My package is late again, delivery takes forever", false, 0.3, "Shipping"},
		{"too expensive, the price went up", true, 0.3, "Pricing"},
		{"التوصيل متأخر والطلب ما وصل", false, 0.3, "Shipping"},
		{"ما شاء الله عمل رائع", false, 0.3, "مدح"},
		{"the app crashes every time I open it", false, 0.3, "Bug report"},
		{"hello there", true, 0.5, ""},
	}
	for _, c := range cases {
		r := Rubric(op.RubricRequest{Text: c.text, Categories: cats, MultiLabel: c.multi, Threshold: c.th})
		if r.Usage.Model != Model || !op.In(r.Language, op.Languages) {
			t.Fatalf("%q: usage/lang %+v", c.text, r)
		}
		if !c.multi && len(r.Categories) > 1 {
			t.Errorf("%q: %d categories with multi_label false", c.text, len(r.Categories))
		}
		for i, s := range r.Categories {
			found := false
			for _, cat := range cats {
				found = found || cat.Name == s.Name
			}
			if !found {
				t.Errorf("%q: name %q outside the rubric", c.text, s.Name)
			}
			if s.Confidence < c.th || s.Confidence > 1 || math.Abs(s.Confidence*100-math.Round(s.Confidence*100)) > 1e-9 {
				t.Errorf("%q: confidence %v", c.text, s.Confidence)
			}
			if i > 0 && s.Confidence > r.Categories[i-1].Confidence {
				t.Errorf("%q: not sorted", c.text)
			}
		}
		if c.want == "" {
			if len(r.Categories) != 0 {
				t.Errorf("%q: want empty, got %v", c.text, r.Categories)
			}
		} else if len(r.Categories) == 0 || r.Categories[0].Name != c.want {
			t.Errorf("%q: got %v, want %s first", c.text, r.Categories, c.want)
		}
	}
	// threshold 1 keeps nothing short of certainty; the list is never padded
	r := Rubric(op.RubricRequest{Text: "random words", Categories: []op.RubricCategory{{Name: "x"}}, Threshold: 1})
	if r.Categories == nil || len(r.Categories) != 0 {
		t.Errorf("want empty non-nil list, got %#v", r.Categories)
	}
}

func TestReply(t *testing.T) {
	texts := []string{"وش رايكم بالحلقة الجاية؟", "ازاي اشترك في القناة؟", "شو اسم الأغنية يلي بالآخر؟", "متى تنزل الحلقة القادمة؟", "How do I reset my password?"}
	for _, s := range texts {
		d := dialect.Detect(s)
		for _, tone := range op.ReplyTones {
			for _, max := range []int{500, 40, 12, 3, 1} {
				r := Reply(op.ReplyRequest{Text: s, Intent: "question", Tone: tone, MaxLength: max, Language: "auto"})
				if n := utf8.RuneCountInString(r.ReplyText); n > max || n == 0 {
					t.Fatalf("%q %s %d: length %d %q", s, tone, max, n, r.ReplyText)
				}
				full := Reply(op.ReplyRequest{Text: s, Intent: "question", Tone: tone, MaxLength: 100000, Language: "auto"}).ReplyText
				if !strings.HasPrefix(full, r.ReplyText) {
					t.Fatalf("%q: truncated reply is not a prefix", s)
				}
				if len(r.ReplyText) < len(full) {
					next, _ := utf8.DecodeRuneInString(full[len(r.ReplyText):])
					if !unicode.IsSpace(next) && strings.ContainsRune(r.ReplyText, ' ') && next != ',' && next != '،' {
						t.Fatalf("%q: cut inside a word: %q | %q", s, r.ReplyText, full)
					}
				}
				if r.Tone != tone || r.OriginalIntent != "question" || r.Usage.Model != Model {
					t.Fatalf("%q: echo %+v", s, r)
				}
				if r.OriginalDialect != d.Dialect {
					t.Fatalf("%q: original dialect %q, detected %q", s, r.OriginalDialect, d.Dialect)
				}
				if d.Dialect == "" && (r.ReplyDialect != "" || hasArabic(r.ReplyText)) {
					t.Fatalf("%q: English comment got %q %q", s, r.ReplyDialect, r.ReplyText)
				}
				if d.Dialect != "" && (r.ReplyDialect != d.Dialect || !hasArabic(full)) {
					t.Fatalf("%q: reply dialect %q, detected %q", s, r.ReplyDialect, d.Dialect)
				}
			}
		}
	}
	// templates differ by dialect
	seen := map[string]bool{}
	for _, dl := range op.Dialects {
		seen[draftReply("praise", dl, "friendly")] = true
	}
	if len(seen) != 4 {
		t.Errorf("dialect templates are not distinct")
	}
	// explicit language
	r := Reply(op.ReplyRequest{Text: "Great video", Intent: "praise", Tone: "formal", MaxLength: 500, Language: "ar"})
	if r.ReplyDialect != "msa" || !hasArabic(r.ReplyText) || r.OriginalDialect != "" {
		t.Errorf("language ar for an English comment: %+v", r)
	}
}

func TestTranslate(t *testing.T) {
	tr := Translate(op.TranslateRequest{Text: "ليش ما تبي تجي الحين؟", Source: "auto", Target: "ar", Dialect: "egyptian", Tone: "casual"})
	if tr.SourceLanguage != "ar" || tr.TargetLanguage != "ar" || tr.TargetDialect != "egyptian" || tr.SourceDialect == "" {
		t.Fatalf("fields: %+v", tr)
	}
	for _, w := range []string{"ليه", "دلوقتي"} {
		if !strings.Contains(tr.TranslatedText, w) {
			t.Errorf("gulf->egyptian: %q lacks %q", tr.TranslatedText, w)
		}
	}
	en := Translate(op.TranslateRequest{Text: "Thank you so much, great video!", Source: "en", Target: "ar", Tone: "formal"})
	if en.TargetDialect != "msa" || en.SourceDialect != "" || !strings.Contains(en.TranslatedText, "شكراً جزيلاً") {
		t.Errorf("en->ar: %+v", en)
	}
	pass := Translate(op.TranslateRequest{Text: "Xylophone", Source: "auto", Target: "ar"})
	if pass.TranslatedText != "Xylophone" || pass.SourceLanguage != "en" || pass.Tone != "formal" {
		t.Errorf("pass-through: %+v", pass)
	}
	back := Translate(op.TranslateRequest{Text: "شكراً، فيديو رائع", Source: "auto", Target: "en", Tone: "casual"})
	if back.SourceLanguage != "ar" || back.TargetDialect != "" || !strings.Contains(strings.ToLower(back.TranslatedText), "thank") {
		t.Errorf("ar->en: %+v", back)
	}
	if back.Usage.Model != Model || back.Usage.TokensUsed <= 0 {
		t.Errorf("usage %+v", back.Usage)
	}
}

func reportRequest(tier string) op.ReportRequest {
	cs := []op.ReportComment{}
	texts := []string{"ما شاء الله مبدع", "متى الحلقة الجاية؟", "الصوت واطي مرة ما سمعت شي", "Great video, loved the editing", "Check out my channel http://bit.ly/x",
		"Check out my channel http://bit.ly/x", "ياريت تسوي حلقة عن السفر", "How do you edit your videos?", "The sound is terrible", "يا حمار", "حلقة رائعة عن السفر", "السفر حلو"}
	for i, s := range texts {
		cs = append(cs, op.ReportComment{Text: s, Author: []string{"sara", "ali", "omar", "sara", "bot1", "bot1", "sara", "lee", "ali", "x", "sara", "mona"}[i], Likes: i * 3, CreatedAt: "2026-01-0" + string(rune('1'+i%9)) + "T10:00:00Z"})
	}
	return op.ReportRequest{Comments: cs, Tier: tier, Title: "Travel vlog"}
}

func TestReport(t *testing.T) {
	for _, tier := range []string{"basic", "pro"} {
		r := Report(reportRequest(tier))
		keys := append([]string{}, op.ReportSectionsBasic...)
		if tier == "pro" {
			keys = append(keys, op.ReportSectionsPro...)
		} else {
			for _, k := range op.ReportSectionsPro {
				if _, ok := r.Sections[k]; ok {
					t.Errorf("basic has pro section %s", k)
				}
			}
		}
		for _, k := range keys {
			if strings.TrimSpace(r.Sections[k]) == "" {
				t.Errorf("%s: section %s missing", tier, k)
			}
			if !strings.Contains(r.Markdown, r.Sections[k][:min(40, len(r.Sections[k]))]) {
				t.Errorf("%s: section %s not in markdown", tier, k)
			}
		}
		if r.CommentsAnalyzed != 12 || r.Usage.Model != Model {
			t.Errorf("analyzed %d usage %+v", r.CommentsAnalyzed, r.Usage)
		}
		if TagPercentages(r.Markdown) != r.Markdown || strings.Contains(r.Markdown, "UNVERIFIED") {
			t.Errorf("%s: untagged percentage in report", tier)
		}
		if !strings.HasPrefix(r.Markdown, "## TL;DR") {
			t.Errorf("%s: report does not open with the TL;DR", tier)
		}
		if strings.Count(r.Markdown, "\n## ") != len(keys)-1 {
			t.Errorf("%s: %d headings for %d sections", tier, strings.Count(r.Markdown, "\n## ")+1, len(keys))
		}
		if !strings.Contains(r.Sections["spam_detected"], "bot1") {
			t.Errorf("duplicate poster not reported: %s", r.Sections["spam_detected"])
		}
	}
	pro := Report(reportRequest("pro"))
	if !strings.Contains(pro.Sections["repeat_commenters"], "| sara | 4 |") {
		t.Errorf("repeat commenters: %s", pro.Sections["repeat_commenters"])
	}
	if strings.Count(pro.Sections["content_brief"], "\n1. ")+strings.Count(pro.Sections["content_brief"], "\n2. ")+strings.Count(pro.Sections["content_brief"], "\n3. ") != 3 {
		t.Errorf("content brief needs 3 episode concepts: %s", pro.Sections["content_brief"])
	}
}

func TestTagPercentages(t *testing.T) {
	cases := []struct{ in, out string }{
		{"42% of users", "42% (UNVERIFIED) of users"},
		{"42.5% (COUNT) and 10 % (ESTIMATE)", "42.5% (COUNT) and 10 % (ESTIMATE)"},
		{"| 3.0% | 7% (UNVERIFIED) |", "| 3.0% (UNVERIFIED) | 7% (UNVERIFIED) |"},
		{"٤٠٪ من التعليقات", "٤٠٪ (UNVERIFIED) من التعليقات"},
		{"no numbers", "no numbers"},
		{"100%(COUNT)", "100%(COUNT)"},
	}
	for _, c := range cases {
		if got := TagPercentages(c.in); got != c.out {
			t.Errorf("%q: got %q, want %q", c.in, got, c.out)
		}
	}
}

func TestTruncate(t *testing.T) {
	cases := []struct {
		in   string
		max  int
		want string
	}{
		{"hello world again", 11, "hello world"},
		{"hello world again", 13, "hello world"},
		{"hello world again", 5, "hello"},
		{"hello world again", 3, "hel"},
		{"مرحبا بك في القناة", 9, "مرحبا بك"},
		{"short", 10, "short"},
	}
	for _, c := range cases {
		if got := truncateRunes(c.in, c.max); got != c.want {
			t.Errorf("truncate(%q,%d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

func hasArabic(s string) bool {
	for _, r := range s {
		if r >= 0x0600 && r <= 0x06FF {
			return true
		}
	}
	return false
}

// A 300-character comment mixing Arabic and English, praise, a question and a mild insult.
var benchText = strings.Repeat("ما شاء الله الفيديو رائع جدا بس الصوت واطي شوي، متى الحلقة الجاية؟ ", 3) + "Great video but the sound was bad, you idiot editor! Check it"

func BenchmarkClassify(b *testing.B) {
	text := benchText[:300]
	for !utf8.ValidString(text) {
		text = text[:len(text)-1]
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Classify(op.ClassifyRequest{Text: text})
	}
}

func BenchmarkModerate(b *testing.B) {
	text := benchText[:300]
	for !utf8.ValidString(text) {
		text = text[:len(text)-1]
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Moderate(op.ModerateRequest{Text: text, Strictness: "medium"})
	}
}

func TestEdgeInputs(t *testing.T) {
	for _, s := range []string{"", " ", "\xff\xfe bad utf8 \xc3", "؟؟؟", "😂", strings.Repeat("ا", 5000), "a b c d e f g", "ك ل ب ك ل ب", "f.u.c.k.", "@", "$$$ 100$", "...---..."} {
		checkClassification(t, s, Classify(op.ClassifyRequest{Text: s}))
		for _, st := range op.Strictnesses {
			checkModeration(t, s, Moderate(op.ModerateRequest{Text: s, Strictness: st}))
		}
		Rubric(op.RubricRequest{Text: s, Categories: []op.RubricCategory{{Name: s + "x"}}, Threshold: 0})
		Translate(op.TranslateRequest{Text: s, Source: "auto", Target: "ar"})
		if r := Reply(op.ReplyRequest{Text: s, Tone: "friendly", MaxLength: 5, Language: "auto"}); utf8.RuneCountInString(r.ReplyText) > 5 {
			t.Fatalf("%q: reply too long", s)
		}
	}
	// a report of comments with no shared topic, no questions and no authors still has 3 concepts
	var cs []op.ReportComment
	for i := 0; i < 10; i++ {
		cs = append(cs, op.ReportComment{Text: "ok"})
	}
	r := Report(op.ReportRequest{Comments: cs, Tier: "pro"})
	if !strings.Contains(r.Sections["content_brief"], "\n3. ") {
		t.Fatalf("content brief: %s", r.Sections["content_brief"])
	}
}

func FuzzModerate(f *testing.F) {
	for _, s := range []string{"يا كلللب", "f u c k you", "sh1t", "الله أكبر", "http://x.com call 0551234567"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, st := range op.Strictnesses {
			checkModeration(t, s, Moderate(op.ModerateRequest{Text: s, Strictness: st}))
		}
	})
}

func TestToxicityMatchesClassify(t *testing.T) {
	for _, s := range append(sampleComments, "fuck you", "يا ابن الكلب", "I will kill you") {
		if got, want := Toxicity(s), Classify(op.ClassifyRequest{Text: s}).Toxicity; got != want {
			t.Errorf("%q: Toxicity %s, Classify %s", s, got, want)
		}
	}
}

func TestArabicExclamation(t *testing.T) {
	for _, s := range []string{"ما احلى هالفيديو", "ما أجمل صوتك"} {
		if got := Classify(op.ClassifyRequest{Text: s}).Sentiment; got != "positive" {
			t.Errorf("%q: %s, want positive", s, got)
		}
	}
	if got := Classify(op.ClassifyRequest{Text: "ما عجبني الفيديو"}).Sentiment; got != "negative" {
		t.Errorf("negated praise: %s", got)
	}
}

func TestTranslateConjunction(t *testing.T) {
	tr := Translate(op.TranslateRequest{Text: "والحين ليش", Source: "ar", Target: "ar", Dialect: "egyptian"})
	if tr.TranslatedText != "ودلوقتي ليه" {
		t.Errorf("got %q", tr.TranslatedText)
	}
}
