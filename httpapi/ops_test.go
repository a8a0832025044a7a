package httpapi_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var intents = []any{"question", "complaint", "praise", "suggestion", "spam", "other"}

func requirePrefix(t *testing.T, v any, prefix string) {
	t.Helper()
	s, ok := v.(string)
	require.True(t, ok, "not a string: %v", v)
	require.True(t, strings.HasPrefix(s, prefix+"_"), "%q lacks prefix %s_", s, prefix)
	require.Len(t, s, len(prefix)+1+26)
}

func requireBillingHeaders(t *testing.T, r resp, env string) {
	t.Helper()
	require.Equal(t, env, r.header.Get("X-SVC-Environment"))
	require.NotEmpty(t, r.header.Get("X-SVC-Balance"))
	require.NotEmpty(t, r.header.Get("X-SVC-Latency"))
	require.Contains(t, []string{"HIT", "MISS"}, r.header.Get("X-SVC-Cache"))
	require.NotEmpty(t, r.header.Get("X-RateLimit-Limit"))
	require.NotEmpty(t, r.header.Get("X-RateLimit-Remaining"))
	require.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`, r.header.Get("X-RateLimit-Reset"))
}

func TestClassifyShape(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	r := n.post("/v1/classify", key, map[string]any{"text": "وش السالفة؟ المنتج وايد زين بس التوصيل متأخر", "platform": "youtube"})
	res := requireOK(t, r)
	requireBillingHeaders(t, r, "live")
	require.Equal(t, "MISS", r.header.Get("X-SVC-Cache"))
	require.Equal(t, "default", r.header.Get("X-SVC-Calibration-Version"))
	require.Equal(t, "600", r.header.Get("X-RateLimit-Limit"))
	require.Equal(t, "24.994", r.header.Get("X-SVC-Balance"))
	require.Equal(t, "6", r.header.Get("X-SVC-Credits-Charged"))
	requirePrefix(t, res["id"], "cls")
	require.Equal(t, "classification", res["object"])
	in := res["intent"].([]any)
	require.NotEmpty(t, in)
	for _, x := range in {
		require.Contains(t, intents, x)
	}
	require.Contains(t, []any{"positive", "negative", "neutral", "mixed"}, res["sentiment"])
	require.Equal(t, "ar", res["language"])
	require.Contains(t, []any{"gulf", "egyptian", "levantine", "msa"}, res["dialect"])
	conf := res["dialect_confidence"].(float64)
	require.True(t, conf >= 0 && conf <= 1)
	require.IsType(t, true, res["requires_response"])
	require.Contains(t, []any{"low", "medium", "high"}, res["priority"])
	sr := res["suggested_reply"].(map[string]any)
	require.NotEmpty(t, sr["text"])
	require.Equal(t, "rtl", sr["direction"])
	require.IsType(t, "", res["reasoning"])
	require.Equal(t, "llm_b", res["provider"], "Arabic routes to llm_b by default")
	require.Equal(t, r.header.Get("X-SVC-Provider"), res["provider"])
	require.NotEmpty(t, res["model"])
	require.Equal(t, false, res["fallback_used"])
	require.Greater(t, res["tokens_used"].(float64), 0.0)
	require.Equal(t, 0.006, res["cost_usd"])
	require.Equal(t, 6.0, res["credits_used"])

	en := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "How do I reset my password? The app keeps crashing."}))
	require.Equal(t, "en", en["language"])
	require.Nil(t, en["dialect"])
	require.Nil(t, en["dialect_confidence"])
	require.Equal(t, "llm_a", en["provider"])
	require.Equal(t, "ltr", en["suggested_reply"].(map[string]any)["direction"])

	p := requireOK(t, n.post("/v1/classify?provider=llm_b", key, map[string]any{"text": "Great video, thanks!"}))
	require.Equal(t, "llm_b", p["provider"])
}

func TestClassifyCacheHitIsFree(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	body := map[string]any{"text": "I really love this channel, keep going!"}
	first := n.post("/v1/classify", key, body)
	a := requireOK(t, first)
	second := n.post("/v1/classify", key, body)
	b := requireOK(t, second)
	require.Equal(t, "HIT", second.header.Get("X-SVC-Cache"))
	require.Equal(t, "0", second.header.Get("X-SVC-Credits-Charged"))
	require.Equal(t, first.header.Get("X-SVC-Balance"), second.header.Get("X-SVC-Balance"), "a hit deducts nothing")
	require.NotEqual(t, a["id"], b["id"], "a hit has a fresh id")
	require.Equal(t, true, b["cached"])
	require.Equal(t, a["intent"], b["intent"])
	require.Equal(t, 6.0, b["credits_used"], "credits_used is the list price")
}

func TestTranslateShape(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	r := n.post("/v1/translate", key, map[string]any{"text": "Thank you so much for the support", "target": "ar", "dialect": "egyptian", "tone": "casual", "metadata": map[string]any{"ref": "x1"}})
	res := requireOK(t, r)
	requireBillingHeaders(t, r, "live")
	requirePrefix(t, res["id"], "trn")
	require.Equal(t, "translation", res["object"])
	require.Equal(t, "Thank you so much for the support", res["text"])
	require.NotEmpty(t, res["translated_text"])
	require.Equal(t, "en", res["source_language"])
	require.Equal(t, "ar", res["target_language"])
	require.Nil(t, res["source_dialect"])
	require.Equal(t, "egyptian", res["target_dialect"])
	require.Equal(t, "casual", res["tone"])
	require.Equal(t, "llm_a", res["provider"])
	require.NotEmpty(t, res["model"])
	require.Equal(t, false, res["fallback_used"])
	require.Equal(t, false, res["cached"])
	require.Equal(t, 0.005, res["cost_usd"])
	require.Equal(t, 5.0, res["credits_used"])

	ar := requireOK(t, n.post("/v1/translate", key, map[string]any{"text": "عايز أعرف إزاي أشترك", "source": "ar", "target": "ar", "dialect": "gulf"}))
	require.Equal(t, "ar", ar["source_language"])
	require.NotNil(t, ar["source_dialect"])
	require.Equal(t, "gulf", ar["target_dialect"])
	require.Equal(t, "formal", ar["tone"])
}

func TestDetectShape(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	r := n.post("/v1/detect", key, map[string]any{"text": "شلونك يا خوي، وايد مشتاق لك"})
	res := requireOK(t, r)
	requirePrefix(t, res["id"], "det")
	require.Equal(t, "detection", res["object"])
	require.Equal(t, "ar", res["language"])
	require.Contains(t, []any{"gulf", "egyptian", "levantine", "msa"}, res["dialect"])
	require.Equal(t, "arabic", res["script"])
	require.Equal(t, "rtl", res["text_direction"])
	require.Equal(t, 6.0, res["word_count"])
	require.Equal(t, false, res["fallback_used"])
	require.Equal(t, 0.002, res["cost_usd"])
	require.Equal(t, 2.0, res["credits_used"])

	en := requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "hello there friend"}))
	require.Equal(t, "en", en["language"])
	require.Nil(t, en["dialect"])
	require.Nil(t, en["dialect_confidence"])
	require.Equal(t, "latin", en["script"])
	require.Equal(t, "ltr", en["text_direction"])

	mixed := requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "الفيديو هذا great جدا"}))
	require.Equal(t, "mixed", mixed["language"])
	require.Equal(t, "mixed", mixed["script"])
	require.Equal(t, "rtl", mixed["text_direction"])
	require.NotNil(t, mixed["dialect"], "mixed text still gets a dialect")

	hit := n.post("/v1/detect", key, map[string]any{"text": "hello there friend"})
	require.Equal(t, "HIT", hit.header.Get("X-SVC-Cache"))
	require.Equal(t, true, requireOK(t, hit)["cached"])

	// A hit answers exactly what a miss would: an emoji-only token is no
	// word, on the miss and on the (exact and near-duplicate) hits alike.
	emo := "thanks for the video 😀"
	miss := requireOK(t, n.post("/v1/detect", key, map[string]any{"text": emo}))
	require.Equal(t, float64(4), miss["word_count"])
	for _, text := range []string{emo, "Thanks for the video   😀", "thanks for the video 😀 ."} {
		r := n.post("/v1/detect", key, map[string]any{"text": text})
		require.Equal(t, "HIT", r.header.Get("X-SVC-Cache"), text)
		got := requireOK(t, r)
		for _, f := range []string{"language", "dialect", "dialect_confidence", "script", "text_direction", "word_count"} {
			require.Equal(t, miss[f], got[f], "%s of %q", f, text)
		}
	}
}

func TestModerateShape(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	cats := []string{"profanity", "hate_speech", "harassment", "sexual", "spam", "self_harm", "violence"}
	safe := requireOK(t, n.post("/v1/moderate", key, map[string]any{"text": "What a lovely recipe, thank you"}))
	requirePrefix(t, safe["id"], "mod")
	require.Equal(t, "moderation", safe["object"])
	require.Equal(t, true, safe["is_safe"])
	require.Equal(t, "safe", safe["verdict"])
	require.Equal(t, []any{}, safe["flags"])
	require.Equal(t, "none", safe["severity"])
	require.Nil(t, safe["cleaned_text"])
	require.Equal(t, []any{}, safe["flagged_terms"])
	require.Equal(t, 0.004, safe["cost_usd"])
	require.Equal(t, 4.0, safe["credits_used"])
	for _, c := range cats {
		require.Contains(t, safe["categories"], c)
		require.Contains(t, safe["category_scores"], c)
	}

	text := "you are a fucking idiot, subscribe to my channel http://spam.example"
	bad := requireOK(t, n.post("/v1/moderate", key, map[string]any{"text": text, "strictness": "high", "platform": "youtube"}))
	require.Equal(t, false, bad["is_safe"])
	require.Equal(t, "flagged", bad["verdict"])
	require.NotEmpty(t, bad["flags"])
	require.Contains(t, []any{"low", "medium", "high"}, bad["severity"])
	terms := bad["flagged_terms"].([]any)
	require.NotEmpty(t, terms)
	cleaned := bad["cleaned_text"].(string)
	require.Contains(t, cleaned, "***")
	for _, term := range terms {
		require.Contains(t, text, term.(string), "flagged terms are substrings of the text")
		require.NotContains(t, cleaned, term.(string))
	}
	for _, f := range bad["flags"].([]any) {
		require.Equal(t, true, bad["categories"].(map[string]any)[f.(string)])
	}
}

func TestRubricShape(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	rubric := map[string]any{
		"categories": []any{
			map[string]any{"name": "Shipping problem", "description": "late, lost or damaged delivery"},
			map[string]any{"name": "سؤال عن السعر", "description": "price question"},
			map[string]any{"name": "Praise"},
		},
		"multi_label": true, "confidence_threshold": 0.0,
	}
	r := n.post("/v1/rubric/classify", key, map[string]any{"text": "My order arrived late and the box was damaged", "rubric": rubric})
	res := requireOK(t, r)
	requirePrefix(t, res["id"], "rcl")
	require.Equal(t, "rubric_classification", res["object"])
	require.Equal(t, true, res["multi_label"])
	require.Equal(t, "en", res["language"])
	require.Contains(t, []any{"llm_a", "llm_b"}, res["provider"])
	require.Equal(t, r.header.Get("X-SVC-Provider"), res["provider"])
	require.Equal(t, "MISS", r.header.Get("X-SVC-Cache"))
	require.Equal(t, 0.003, res["cost_usd"])
	require.Equal(t, 3.0, res["credits_used"])
	names := map[any]bool{"Shipping problem": true, "سؤال عن السعر": true, "Praise": true}
	prev := 2.0
	for _, c := range res["categories"].([]any) {
		m := c.(map[string]any)
		require.True(t, names[m["name"]], "name outside the rubric: %v", m["name"])
		conf := m["confidence"].(float64)
		require.True(t, conf >= 0 && conf <= 1 && conf <= prev)
		require.Equal(t, float64(int(conf*100+0.5))/100, conf, "two decimals")
		prev = conf
	}

	single := requireOK(t, n.post("/v1/rubric/classify", key, map[string]any{"text": "My order arrived late", "rubric": map[string]any{"categories": rubric["categories"], "confidence_threshold": 0}}))
	require.LessOrEqual(t, len(single["categories"].([]any)), 1)
	require.Equal(t, false, single["multi_label"])

	none := requireOK(t, n.post("/v1/rubric/classify", key, map[string]any{"text": "zzz qqq", "rubric": map[string]any{"categories": []any{map[string]any{"name": "Billing"}}, "confidence_threshold": 1}}))
	require.Equal(t, []any{}, none["categories"], "nothing at the threshold: empty, never padded")
	again := n.post("/v1/rubric/classify", key, map[string]any{"text": "zzz qqq", "rubric": map[string]any{"categories": []any{map[string]any{"name": "Billing"}}, "confidence_threshold": 1}})
	require.Equal(t, "MISS", again.header.Get("X-SVC-Cache"), "rubric never uses the cache")
}

func TestReplyShape(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	cls := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "ليه التوصيل اتأخر كده؟ عايز أعرف فين الطلب"}))
	r := n.post("/v1/comments/"+cls["id"].(string)+"/reply", key, map[string]any{"tone": "professional", "max_length": 80})
	res := requireOK(t, r)
	require.Equal(t, cls["id"], res["comment_id"])
	require.NotEmpty(t, res["reply_text"])
	require.LessOrEqual(t, len([]rune(res["reply_text"].(string))), 80)
	require.Equal(t, cls["dialect"], res["reply_dialect"])
	require.Equal(t, "professional", res["tone"])
	require.Equal(t, cls["intent"].([]any)[0], res["original_intent"])
	require.Equal(t, cls["dialect"], res["original_dialect"])
	require.Equal(t, "8", r.header.Get("X-SVC-Credits-Charged"))

	// the reply is in the dialect the comment is stored with (classify's
	// answer), also for short comments the detector alone reads otherwise
	// (a new user saw Gulf replies to comments classified Egyptian)
	for _, text := range []string{"بكم الاشتراك الشهري؟", "أفضل قناة على يوتيوب", "الفيديو حلو بس الصوت ضعيف", "أجمل قناة في العالم كله"} {
		c := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": text}))
		rr := requireOK(t, n.post("/v1/comments/"+c["id"].(string)+"/reply", key, map[string]any{"tone": "professional"}))
		require.Equal(t, c["dialect"], rr["reply_dialect"], "%s", text)
		require.Equal(t, c["dialect"], rr["original_dialect"], "%s", text)
	}

	// the reply to a stored comment is classify's draft (friendly, the
	// commenter's language): drafted from every stored intent (a question
	// that is a complaint gets the apology), in Latin letters for Arabizi
	for _, text := range []string{"where is my refund? it's been a month", "el app bey2fel kol shwaya w mafeesh 7ad byrod"} {
		c := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": text}))
		rr := requireOK(t, n.post("/v1/comments/"+c["id"].(string)+"/reply", key, nil))
		require.Equal(t, c["suggested_reply"].(map[string]any)["text"], rr["reply_text"], "%s", text)
		require.Equal(t, c["dialect"], rr["reply_dialect"], "%s", text)
	}

	en := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "When is the next episode coming out?"}))
	er := requireOK(t, n.post("/v1/comments/"+en["id"].(string)+"/reply", key, nil))
	require.Nil(t, er["reply_dialect"])
	require.Equal(t, "friendly", er["tone"])
	require.LessOrEqual(t, len([]rune(er["reply_text"].(string))), 500)
}

func TestReportShape(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	texts := []string{"Love this video!", "Please make a part 2", "Audio is too low, fix it", "Check my channel http://x.example", "How long did this take?"}
	body := map[string]any{"comments": comments(20, func(i int) string { return texts[i%len(texts)] }), "title": "Episode 4", "channel_context": "cooking"}
	r := n.post("/v1/report", key, body)
	res := requireOK(t, r)
	require.Equal(t, "llm_a", r.header.Get("X-SVC-Provider"))
	require.Equal(t, "basic", r.header.Get("X-SVC-Tier"))
	requirePrefix(t, res["id"], "rpt")
	require.Equal(t, "intelligence_report", res["object"])
	require.Equal(t, "basic", res["tier"])
	require.Equal(t, 20.0, res["comments_analyzed"])
	require.Equal(t, 0.5, res["cost_usd"])
	require.Equal(t, 500.0, res["credits_used"])
	require.NotEmpty(t, res["report_markdown"])
	basic := []string{"tldr", "executive_summary", "headline_finding", "sentiment", "clusters", "narratives", "comment_types", "top_commenters", "spam_detected", "recommendations", "channel_health"}
	secs := res["sections"].(map[string]any)
	for _, k := range basic {
		require.NotEmpty(t, secs[k], "section %s", k)
	}
	require.NotContains(t, secs, "repeat_commenters")

	body["tier"] = "pro"
	pr := n.post("/v1/report", key, body)
	pro := requireOK(t, pr)
	require.Equal(t, "pro", pr.header.Get("X-SVC-Tier"))
	require.Equal(t, 1.5, pro["cost_usd"])
	require.Equal(t, 1500.0, pro["credits_used"])
	ps := pro["sections"].(map[string]any)
	for _, k := range append(basic, "repeat_commenters", "content_brief") {
		require.NotEmpty(t, ps[k], "section %s", k)
	}
	require.Equal(t, "23.000", pr.header.Get("X-SVC-Balance"))
}

func TestFeedbackAndHints(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	text := "the new update is interesting"
	cls := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": text}))
	r := n.post("/v1/feedback", key, map[string]any{"classification_id": cls["id"], "rating": "incorrect", "corrected_intent": []string{"complaint"}, "corrected_sentiment": "negative", "comment": "sarcasm"})
	res := requireOK(t, r)
	requirePrefix(t, res["id"], "fb")
	require.Equal(t, "feedback", res["object"])
	require.Equal(t, cls["id"], res["classification_id"])
	require.Equal(t, "incorrect", res["rating"])
	require.Equal(t, true, res["acknowledged"])
	require.Equal(t, "live", r.header.Get("X-SVC-Environment"))
	require.NotEmpty(t, r.header.Get("X-RateLimit-Limit"))

	// A near duplicate answers with the correction, and what follows from
	// the corrected intent (priority, requires_response, the reply) is
	// derived from it, not from the old answer.
	again := n.post("/v1/classify", key, map[string]any{"text": "The new update is interesting!"})
	a := requireOK(t, again)
	require.Equal(t, []any{"complaint"}, a["intent"])
	require.Equal(t, "negative", a["sentiment"])
	require.Equal(t, true, a["requires_response"], "a complaint requires a response")
	require.NotEqual(t, "low", a["priority"], "a complaint is never low priority")
	require.NotEqual(t, cls["suggested_reply"], a["suggested_reply"], "the draft answers the complaint, not the old intent")
}

func TestCommentsListFiltersAndCursor(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	for i := 0; i < 7; i++ {
		ch := "chan-a"
		if i%2 == 1 {
			ch = "chan-b"
		}
		requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "comment number " + strings.Repeat("x", i+1) + " is great", "platform": "instagram", "channel_id": ch}))
	}
	first := requireOK(t, n.get("/v1/comments?limit=3", key))
	cs := first["comments"].([]any)
	require.Len(t, cs, 3)
	pg := first["pagination"].(map[string]any)
	require.Equal(t, true, pg["has_more"])
	require.Equal(t, 7.0, pg["total_count"])
	c0 := cs[0].(map[string]any)
	for _, f := range []string{"id", "text", "platform", "intent", "sentiment", "dialect", "toxicity", "created_at", "channel_id"} {
		require.Contains(t, c0, f)
	}
	require.Equal(t, "instagram", c0["platform"])
	require.Contains(t, intents, c0["intent"])
	require.Contains(t, []any{"none", "mild", "moderate", "severe"}, c0["toxicity"])
	seen := map[any]bool{}
	cursor := pg["next_cursor"].(string)
	for _, c := range cs {
		seen[c.(map[string]any)["id"]] = true
	}
	for cursor != "" {
		page := requireOK(t, n.get("/v1/comments?limit=3&cursor="+cursor, key))
		for _, c := range page["comments"].([]any) {
			id := c.(map[string]any)["id"]
			require.False(t, seen[id], "duplicate across pages")
			seen[id] = true
		}
		p := page["pagination"].(map[string]any)
		if p["has_more"] == true {
			cursor = p["next_cursor"].(string)
		} else {
			cursor = ""
		}
	}
	require.Len(t, seen, 7)

	b := requireOK(t, n.get("/v1/comments?channel_id=chan-b", key))
	require.Equal(t, 3.0, b["pagination"].(map[string]any)["total_count"])
	for _, c := range b["comments"].([]any) {
		require.Equal(t, "chan-b", c.(map[string]any)["channel_id"])
	}
	requireError(t, n.get("/v1/comments?cursor=AAAA"+cursor+"tampered", key), 400, "invalid_request_error", "cursor")
	requireError(t, n.get("/v1/comments?limit=0", key), 400, "invalid_request_error", "limit")
	requireError(t, n.get("/v1/comments?limit=101", key), 400, "invalid_request_error", "limit")
	requireError(t, n.get("/v1/comments?dialect=klingon", key), 400, "invalid_request_error", "dialect")
	requireError(t, n.get("/v1/comments?from=yesterday", key), 400, "invalid_request_error", "from")
}

func TestAnalyticsUsageHealth(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "I love it"}))
	requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "This is terrible, refund me"}))
	requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "I love it"})) // a cache hit
	requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "مرحبا"}))

	a := requireOK(t, n.get("/v1/analytics?group_by=day", key))
	require.Equal(t, 3.0, a["total_comments"])
	sum := a["summary"].(map[string]any)
	for _, k := range []string{"intent", "sentiment", "dialect", "toxicity"} {
		require.Contains(t, sum, k)
	}
	for _, x := range intents {
		require.Contains(t, sum["intent"], x)
	}
	p := a["period"].(map[string]any)
	require.NotEmpty(t, p["from"])
	require.NotEmpty(t, p["to"])
	tr := a["trends"].([]any)
	require.NotEmpty(t, tr)
	last := tr[len(tr)-1].(map[string]any)
	require.Regexp(t, `^\d{4}-\d\d-\d\d/\d{4}-\d\d-\d\d$`, last["period"])
	require.Equal(t, 3.0, last["total"])
	require.Contains(t, intents, last["top_intent"])
	requireError(t, n.get("/v1/analytics?group_by=year", key), 400, "invalid_request_error", "group_by")
	requireError(t, n.get("/v1/analytics?platform=myspace", key), 400, "invalid_request_error", "platform")

	u := requireOK(t, n.get("/v1/usage", key))
	require.Equal(t, 4.0, u["total_requests"])
	require.Equal(t, 0.014, u["total_cost"])
	require.Equal(t, 0.25, u["cache_hit_rate"])
	bal := u["balance"].(map[string]any)
	require.Equal(t, 24.986, bal["current"])
	require.Equal(t, 25.0, bal["credits_purchased"])
	require.Equal(t, 0.014, bal["credits_used"])
	var cl map[string]any
	for _, e := range u["by_endpoint"].([]any) {
		if e.(map[string]any)["endpoint"] == "/v1/classify" {
			cl = e.(map[string]any)
		}
	}
	require.NotNil(t, cl)
	require.Equal(t, 3.0, cl["requests"])
	require.Equal(t, 0.012, cl["cost"])
	require.Equal(t, 1.0, cl["cache_hits"])
	require.Contains(t, cl, "avg_latency_ms")
	requireError(t, n.get("/v1/usage?group_by=hour", key), 400, "invalid_request_error", "group_by")

	h := n.get("/v1/health", "")
	require.Equal(t, 200, h.status)
	for _, k := range []string{"database", "redis", "classifier"} {
		require.Equal(t, "ok", h.body[k])
	}
	require.NotContains(t, h.body, "success", "health is a bare object")
}
