package evidence

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

// vocabulary of a synthetic account: filler words shared by every label,
// and a few words that carry the account's own labels.
var (
	filler   = strings.Fields("the a this that video channel today we you they was is are be it and or to of in on for with my your our new old time day")
	negWords = strings.Fields("zorblax grindle snark")
	posWords = strings.Fields("lumora fennick brisa")
)

func sentence(r *rand.Rand, marker []string, n int) string {
	w := make([]string, 0, n+1)
	for range n {
		w = append(w, filler[r.IntN(len(filler))])
	}
	if marker != nil {
		w = append(w, marker[r.IntN(len(marker))])
	}
	r.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return strings.Join(w, " ")
}

func ex(i int, text, sent, given string) Example {
	return Example{Key: fmt.Sprintf("cls_%05d", i), ID: fmt.Sprintf("fb_%05d", i), At: time.Unix(int64(i), 0),
		Text: text, Sentiment: sent, GivenSentiment: given, Intents: []string{"other"}, GivenIntents: []string{"other"}}
}

// consistent returns n examples where the account's negative words mean
// negative and its positive words positive, while the built-in answer was
// neutral for all (a third of them plain neutral, confirmed).
func consistent(n int) []Example {
	r := rand.New(rand.NewPCG(1, 2))
	var out []Example
	for i := range n {
		switch i % 3 {
		case 0:
			out = append(out, ex(i, sentence(r, negWords, 6), "negative", "neutral"))
		case 1:
			out = append(out, ex(i, sentence(r, posWords, 6), "positive", "neutral"))
		default:
			out = append(out, ex(i, sentence(r, nil, 6), "neutral", "neutral"))
		}
	}
	return out
}

func TestOneCorrectionMovesNearDuplicatesOnly(t *testing.T) {
	m := Build([]Example{ex(1, "the new update is interesting", "negative", "positive")})
	d := m.Decide("The new update is interesting!!", []string{"other"}, "positive", "", false)
	if !d.Changed || d.Sentiment != "negative" {
		t.Fatalf("near duplicate: %+v, want the corrected sentiment", d)
	}
	for _, text := range []string{"the update is great", "I love this channel", "interesting video, new fan", "شكرا على الفيديو"} {
		if d := m.Decide(text, []string{"praise"}, "positive", "", false); d.Changed {
			t.Errorf("%q changed by one unrelated correction: %+v", text, d)
		}
	}
}

func TestManyConsistentCorrectionsMoveSimilarComments(t *testing.T) {
	m := Build(consistent(300))
	r := rand.New(rand.NewPCG(7, 8))
	moved := 0
	for range 50 {
		text := sentence(r, negWords, 8) // never seen: not a near duplicate
		if d := m.Decide(text, []string{"other"}, "neutral", "", false); d.Sentiment == "negative" {
			moved++
		}
	}
	if moved < 45 {
		t.Fatalf("%d of 50 unseen comments with the account's negative words moved to negative, want >= 45", moved)
	}
	// Comments without the account's words keep the built-in answer.
	kept := 0
	for range 50 {
		if d := m.Decide(sentence(r, nil, 8), []string{"other"}, "neutral", "", false); !d.Changed {
			kept++
		}
	}
	if kept < 45 {
		t.Fatalf("%d of 50 comments without the account's words kept their answer, want >= 45", kept)
	}
	// Near duplicates only: no learned change.
	if d := m.Decide(sentence(r, negWords, 8), []string{"other"}, "neutral", "", true); d.Changed {
		t.Fatalf("nearOnly changed a non-duplicate: %+v", d)
	}
}

// An account that only ever corrects wrong answers teaches a biased sample:
// only near duplicates apply (unbiased).
func TestCorrectionsOfWrongAnswersAloneApplyToNearDuplicatesOnly(t *testing.T) {
	var exs []Example
	for _, e := range consistent(300) {
		if e.Sentiment != e.GivenSentiment {
			exs = append(exs, e)
		}
	}
	m := Build(exs)
	r := rand.New(rand.NewPCG(7, 8))
	if d := m.Decide(sentence(r, negWords, 8), []string{"other"}, "neutral", "", false); d.Changed {
		t.Fatalf("learned change from a biased sample: %+v", d)
	}
	if d := m.Decide(exs[0].Text, []string{"other"}, "neutral", "", false); !d.Changed {
		t.Fatal("a near duplicate of a correction did not change")
	}
}

// One example per key, the newest wins whatever the order of Add calls;
// the version is the newest feedback id.
func TestNewestPerKeyWhateverTheOrder(t *testing.T) {
	old := ex(1, "the parcel came late again", "neutral", "neutral")
	newer := old
	newer.ID, newer.At, newer.Sentiment = "fb_00009", time.Unix(9, 0), "negative"
	for _, order := range [][]Example{{old, newer}, {newer, old}} {
		m := Build(order)
		if m.Len() != 1 || m.Version() != "fb_00009" {
			t.Fatalf("len %d version %q", m.Len(), m.Version())
		}
		if d := m.Decide("The parcel came late again!", []string{"other"}, "neutral", "", false); d.Sentiment != "negative" {
			t.Fatalf("order %v: %+v, want the newest label", order[0].ID, d)
		}
	}
	// Replacing every example by one teaching nothing leaves no evidence.
	m := Build(consistent(300))
	for _, e := range consistent(300) {
		e.ID, e.At, e.Sentiment, e.Intents = e.ID+"x", e.At.Add(time.Hour), "", nil
		m.Add(e)
	}
	if m.nSent != 0 || m.nInt != 0 || len(m.counts) != 0 || m.known != [2]int32{} || m.conf != [nLab][nLab]int32{} {
		t.Fatalf("counts left after unlearning everything: nSent %d nInt %d counts %d", m.nSent, m.nInt, len(m.counts))
	}
}

func TestMaxExamples(t *testing.T) {
	m := NewModel()
	for i := range MaxExamples {
		if !m.Add(ex(i, "text", "neutral", "neutral")) {
			t.Fatalf("example %d refused", i)
		}
	}
	if m.Add(ex(MaxExamples, "text", "neutral", "neutral")) {
		t.Fatal("an example beyond MaxExamples was taken")
	}
	e := ex(5, "text", "negative", "neutral")
	e.At = time.Unix(1e6, 0)
	if !m.Add(e) {
		t.Fatal("a replacing example was refused at the cap")
	}
}

func TestSimilarMostSimilarFirst(t *testing.T) {
	m := Build([]Example{
		ex(1, "the delivery was late", "negative", "neutral"),
		ex(2, "great video thanks", "positive", "positive"),
		ex(3, "delivery late again and the box broken", "negative", "neutral"),
	})
	got := m.Similar("the delivery was late again", 2)
	if len(got) != 2 || got[0].Key != "cls_00001" || got[1].Key != "cls_00003" {
		t.Fatalf("Similar = %+v", got)
	}
	if got := m.Similar("nothing shared here", 2); len(got) != 2 || got[0].Key != "cls_00003" {
		t.Fatalf("Similar without overlap = %+v, want the newest", got)
	}
}

func TestStoreLoadsLearnsAndEvicts(t *testing.T) {
	var mu sync.Mutex
	loads := map[string]int{}
	release := make(chan struct{})
	s := NewStore(func(ctx context.Context, account string) ([]Example, error) {
		mu.Lock()
		loads[account]++
		mu.Unlock()
		if account == "slow" {
			<-release
		}
		if account == "broken" {
			return nil, errors.New("ledger down")
		}
		return []Example{ex(1, "stored "+account, "negative", "neutral")}, nil
	}, 2)
	ctx := context.Background()
	m, err := s.Model(ctx, "a")
	if err != nil || m.Len() != 1 {
		t.Fatalf("a: %v %v", m, err)
	}
	s.Learn("a", ex(2, "learned", "positive", "neutral"))
	if m, _ := s.Model(ctx, "a"); m.Len() != 2 || loads["a"] != 1 {
		t.Fatalf("a after Learn: %d examples, %d loads", m.Len(), loads["a"])
	}
	s.Learn("nobody", ex(3, "x", "positive", "neutral")) // not held: nothing kept
	if s.Held() != 1 {
		t.Fatalf("held %d", s.Held())
	}

	// A Learn during a load is applied when it ends.
	done := make(chan *Model)
	go func() { m, _ := s.Model(ctx, "slow"); done <- m }()
	for s.Held() != 2 {
		time.Sleep(time.Millisecond)
	}
	s.Learn("slow", ex(4, "during the load", "positive", "neutral"))
	close(release)
	if m := <-done; m.Len() != 2 {
		t.Fatalf("slow: %d examples, want the stored one and the one learned during the load", m.Len())
	}

	// LRU: a third account evicts the least recently used (a).
	if _, err := s.Model(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	if s.Held() != 2 {
		t.Fatalf("held %d, want 2", s.Held())
	}
	if m, _ := s.Model(ctx, "a"); m.Len() != 1 || loads["a"] != 2 {
		t.Fatalf("a reloaded: %d examples (the learned one is the ledger's to keep), %d loads", m.Len(), loads["a"])
	}

	// A failed load keeps nothing; Forget drops everything.
	if _, err := s.Model(ctx, "broken"); err == nil {
		t.Fatal("no error from a failed load")
	}
	s.Forget()
	if s.Held() != 0 {
		t.Fatalf("held %d after Forget", s.Held())
	}
}

// Decide's cost with MaxExamples examples against one with none: the
// evidence's share of a classify (issue 20: within 20 µs).
func BenchmarkDecide(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	texts := make([]string, 256)
	for i := range texts {
		texts[i] = sentence(r, append(negWords, posWords...), 30)
	}
	for _, n := range []int{0, MaxExamples} {
		m := Build(consistent(n))
		m.Decide(texts[0], nil, "neutral", "", false) // calibrated (BenchmarkCalibrate)
		b.Run(fmt.Sprint("examples=", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				m.Decide(texts[i%len(texts)], []string{"other"}, "neutral", "", false)
			}
		})
	}
}

// The per-account calibration (calibrate.go) at MaxExamples examples: paid
// by the first Decide after the account's feedback changed.
func BenchmarkCalibrate(b *testing.B) {
	m := Build(consistent(MaxExamples))
	for b.Loop() {
		m.mu.Lock()
		m.calibrate()
		m.mu.Unlock()
	}
}

// An account whose labels have nothing to do with its words (random, the
// built-in answer confirmed 40% of the time): the leave-one-out calibration
// finds the model would not have helped, and it never changes an answer.
func TestCalibrationKeepsTheBuiltinWhenTheModelWouldNotHelp(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	sents := []string{"positive", "negative", "neutral", "mixed"}
	var exs []Example
	for i := range 800 {
		given := sents[r.IntN(4)]
		taught := given
		if r.Float64() >= 0.4 {
			taught = sents[r.IntN(4)]
		}
		exs = append(exs, ex(i, sentence(r, append(negWords, posWords...), 8), taught, given))
	}
	m := Build(exs)
	for range 100 {
		given := sents[r.IntN(4)]
		if d := m.Decide(sentence(r, append(negWords, posWords...), 9), []string{"other"}, given, "", false); d.Changed {
			t.Fatalf("random labels changed an answer: %+v", d)
		}
	}
	if !math.IsInf(m.cal[0].margin, 1) {
		t.Fatalf("sentiment margin %v, want +Inf (built-in kept)", m.cal[0].margin)
	}
}

// The calibration follows the model: recomputed at the first Decide after
// 1/16 of the model changed, kept before.
func TestCalibrationRecomputedAfterChanges(t *testing.T) {
	exs := consistent(320)
	m := Build(exs[:160])
	m.Decide("the video", []string{"other"}, "neutral", "", false)
	if m.calN != 160 || m.calDirty != 0 {
		t.Fatalf("after the first Decide: calN %d dirty %d, want 160 0", m.calN, m.calDirty)
	}
	for _, e := range exs[160:169] { // 9 < 160/16
		m.Add(e)
	}
	m.Decide("the video", []string{"other"}, "neutral", "", false)
	if m.calN != 160 || m.calDirty != 9 {
		t.Fatalf("after 9 changes: calN %d dirty %d, want 160 9 (not stale)", m.calN, m.calDirty)
	}
	m.Add(exs[169])
	m.Decide("the video", []string{"other"}, "neutral", "", false)
	if m.calN != 170 || m.calDirty != 0 {
		t.Fatalf("after 10 changes: calN %d dirty %d, want 170 0 (recalibrated)", m.calN, m.calDirty)
	}
}
