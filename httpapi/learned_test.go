package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/engine/provider/mock"
	"svc/engine/provider/wire"
	"svc/id"
	"svc/ledger"
)

// learnedTexts are comments an account corrects, each with a near duplicate
// (same words, other case and punctuation) and the labels it teaches.
// reordered has the same words in another order: a near duplicate for the
// evidence (token sets), new text for the cache.
var learnedTexts = []struct{ text, near, reordered, intent, sentiment string }{
	{"the new update is interesting", "The new update is interesting!!", "interesting is the new update", "complaint", "negative"},
	{"I watched the whole video yesterday", "i watched the whole video yesterday.", "yesterday I watched the whole video", "praise", "positive"},
	{"ok this is the third time", "OK, this is the third time", "the third time this is ok", "complaint", "negative"},
	{"where did you buy that jacket", "Where did you buy that jacket??", "that jacket where did you buy", "spam", "neutral"},
	{"شفت الحلقة امس كاملة", "شفت الحلقة امس كاملة!!", "امس شفت الحلقة كاملة", "praise", "positive"},
}

// answerOf is what a classification answers, without its ids and usage.
func answerOf(t *testing.T, r resp) string {
	t.Helper()
	c := requireOK(t, r)
	return fmt.Sprint(c["intent"], c["sentiment"], c["dialect"], c["priority"], c["requires_response"], c["suggested_reply"], c["toxicity"])
}

// One account's corrections never change another account's answers, in
// either cache scope (issue 20, issue 26.6): B's answers after A's
// corrections equal B's answers before them, a fresh account answers as B
// did, and A's own near duplicates answer with A's corrections. The
// reordered texts are first computed for A after its corrections (a cache
// miss): their answers for B must equal those of a node that never saw a
// correction, so the correction was not cached under a shared key.
func TestEvidenceNeverCrossesAccounts(t *testing.T) {
	ref := startNode(t, "")
	_, keyRef := ref.liveKey()
	for _, scope := range []string{"account", "global"} {
		t.Run(scope, func(t *testing.T) {
			n, _ := startNodeFull(t, "", engineConfig(t), nodeOptions{scope: scope})
			_, keyA := n.liveKey()
			_, keyB := n.liveKey()
			before := map[string]string{}
			for _, x := range learnedTexts {
				for _, text := range []string{x.text, x.near} {
					before[text] = answerOf(t, n.post("/v1/classify", keyB, map[string]any{"text": text}))
				}
			}
			for _, x := range learnedTexts {
				cls := requireOK(t, n.post("/v1/classify", keyA, map[string]any{"text": x.text}))
				requireOK(t, n.post("/v1/feedback", keyA, map[string]any{"classification_id": cls["id"], "rating": "incorrect",
					"corrected_intent": []string{x.intent}, "corrected_sentiment": x.sentiment}))
			}
			for _, x := range learnedTexts {
				for _, text := range []string{x.near, x.reordered} {
					a := requireOK(t, n.post("/v1/classify", keyA, map[string]any{"text": text}))
					require.Equal(t, []any{x.intent}, a["intent"], "A's near duplicate %q", text)
					require.Equal(t, x.sentiment, a["sentiment"], "A's near duplicate %q", text)
				}
			}
			for _, x := range learnedTexts {
				want := answerOf(t, ref.post("/v1/classify", keyRef, map[string]any{"text": x.reordered}))
				require.Equal(t, want, answerOf(t, n.post("/v1/classify", keyB, map[string]any{"text": x.reordered})),
					"B's answer to %q, first computed for A after A's corrections", x.reordered)
			}
			_, keyC := n.liveKey()
			for _, x := range learnedTexts {
				for _, text := range []string{x.text, x.near} {
					r := n.post("/v1/classify", keyB, map[string]any{"text": text})
					require.Equal(t, before[text], answerOf(t, r), "B's answer to %q changed after A's corrections", text)
					if scope == "global" {
						require.Equal(t, "HIT", r.header.Get("X-SVC-Cache"), "the shared cache still holds the uncorrected answer")
					}
					require.Equal(t, before[text], answerOf(t, n.post("/v1/classify", keyC, map[string]any{"text": text})),
						"a fresh account's answer to %q", text)
				}
			}
		})
	}
}

// A correction is learned from the stored feedback when the node starts
// again (the evidence is rebuilt, not kept in memory only).
func TestEvidenceRebuiltAfterRestart(t *testing.T) {
	dir := t.TempDir()
	n := startNode(t, dir)
	_, key := n.liveKey()
	x := learnedTexts[0]
	cls := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": x.text}))
	require.NotEqual(t, x.sentiment, cls["sentiment"], "the correction must change the answer")
	requireOK(t, n.post("/v1/feedback", key, map[string]any{"classification_id": cls["id"], "rating": "incorrect",
		"corrected_intent": []string{x.intent}, "corrected_sentiment": x.sentiment}))
	n.stop()

	n = startNode(t, dir)
	a := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": x.near}))
	require.Equal(t, []any{x.intent}, a["intent"])
	require.Equal(t, x.sentiment, a["sentiment"])
}

// corrected_dialect (an extension) is validated against the dialect
// enumeration and taught to near duplicates.
func TestFeedbackCorrectedDialect(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	text := "والله الحلقة حلوة مرة"
	cls := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": text}))
	requireError(t, n.post("/v1/feedback", key, map[string]any{"classification_id": cls["id"], "rating": "incorrect", "corrected_dialect": "klingon"}),
		400, "invalid_request_error", "corrected_dialect")
	want := "levantine"
	if cls["dialect"] == want {
		want = "egyptian"
	}
	requireOK(t, n.post("/v1/feedback", key, map[string]any{"classification_id": cls["id"], "rating": "partial", "corrected_dialect": want}))
	a := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": text + "!!"}))
	require.Equal(t, want, a["dialect"])
	require.Equal(t, cls["sentiment"], a["sentiment"], "partial: the uncorrected sentiment is confirmed, not changed")
}

// An account keeping feedback on ledger.MaxFeedbackPerAccount
// classifications gets 409 feedback_limit_reached for one more; feedback
// on a classification already rated is still taken (issue 26.3).
func TestFeedbackLimitReached(t *testing.T) {
	var led ledger.Ledger
	n, _ := startNodeFull(t, "", engineConfig(t), nodeOptions{wrap: func(l ledger.Ledger) ledger.Ledger { led = l; return l }})
	_, key := n.liveKey()
	rated := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "rated already"}))
	fresh := requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "not rated yet"}))
	requireOK(t, n.post("/v1/feedback", key, map[string]any{"classification_id": rated["id"], "rating": "correct"}))

	// The other MaxFeedbackPerAccount-1 straight into the ledger, in
	// parallel (group commits).
	ctx := context.Background()
	p, err := led.Authenticate(ctx, key)
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < ledger.MaxFeedbackPerAccount-1; i += 16 {
				now := time.Now()
				h, err := led.Reserve(ctx, p, 0)
				if err == nil {
					_, err = led.Commit(ctx, h, true, ledger.Records{
						Usage:    ledger.Usage{ID: id.New("use", now), Endpoint: "/v1/feedback", At: now},
						Feedback: &ledger.Feedback{ID: id.New("fb", now), ClassificationID: fmt.Sprint("cls_filler_", i), Rating: "correct", Text: "t", CreatedAt: now},
					})
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	require.NoError(t, <-errs)

	r := n.post("/v1/feedback", key, map[string]any{"classification_id": fresh["id"], "rating": "incorrect", "corrected_sentiment": "negative"})
	requireError(t, r, 409, "invalid_request_error", "classification_id")
	require.Equal(t, "feedback_limit_reached", r.err0()["code"])
	requireOK(t, n.post("/v1/feedback", key, map[string]any{"classification_id": rated["id"], "rating": "incorrect", "corrected_sentiment": "negative"}))
}

// Provider path: the few-shot examples are the account's corrections most
// similar to the comment (not the newest), and an answer computed with one
// account's examples is never served to another account from a global
// cache (the key names the account and its evidence version).
func TestProviderExamplesMostSimilar(t *testing.T) {
	var mu sync.Mutex
	var prompts []wire.ClassifyInput
	m := mock.New(mock.Options{MaxHang: 5 * time.Second, OnChat: func(task, _, input string) {
		var in wire.ClassifyInput
		if task == "classify" && json.Unmarshal([]byte(input), &in) == nil {
			mu.Lock()
			prompts = append(prompts, in)
			mu.Unlock()
		}
	}})
	up := httptest.NewServer(m)
	t.Cleanup(up.Close)
	cfg := mockConfig(up.URL)
	cfg.HedgeRatio = -1
	n, _ := startNodeFull(t, "", cfg, nodeOptions{scope: "global"})
	_, keyA := n.liveKey()
	_, keyB := n.liveKey()
	last := func() wire.ClassifyInput {
		mu.Lock()
		defer mu.Unlock()
		require.NotEmpty(t, prompts)
		return prompts[len(prompts)-1]
	}
	corrections := []string{"the parcel arrived broken and late", "what a beautiful song, thank you", "when is the next episode coming out"}
	for _, text := range corrections {
		cls := requireOK(t, n.post("/v1/classify", keyA, map[string]any{"text": text}))
		requireOK(t, n.post("/v1/feedback", keyA, map[string]any{"classification_id": cls["id"], "rating": "incorrect", "corrected_sentiment": "mixed"}))
	}
	text := "my parcel arrived broken again"
	requireOK(t, n.post("/v1/classify", keyA, map[string]any{"text": text}))
	in := last()
	require.NotEmpty(t, in.Examples)
	require.Equal(t, corrections[0], in.Examples[0].Text, "the most similar correction first, not the newest")

	r := n.post("/v1/classify", keyB, map[string]any{"text": text})
	requireOK(t, r)
	require.Equal(t, "MISS", r.header.Get("X-SVC-Cache"), "A's answer was computed with A's examples: not B's to share")
	require.Empty(t, last().Examples, "B has no feedback: no examples")
}
