package engine_test

import (
	"net/http/httptest"
	"testing"
	"time"

	"svc/engine"
	"svc/engine/op"
	"svc/engine/provider/mock"
)

// upstream is one mockllm on real loopback HTTP.
type upstream struct {
	m   *mock.Server
	srv *httptest.Server
}

func startMock(t *testing.T) *upstream {
	t.Helper()
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	t.Cleanup(srv.Close)
	return &upstream{m: m, srv: srv}
}

func (u *upstream) set(t *testing.T, mode string, count int) {
	t.Helper()
	if err := u.m.Set(mock.Behaviour{Mode: mode, Count: count}); err != nil {
		t.Fatal(err)
	}
}

func (u *upstream) chats() int64 { return u.m.Stats().Chat }

func (u *upstream) cfg(model string) engine.ProviderConfig {
	return engine.ProviderConfig{BaseURL: u.srv.URL + "/v1", APIKey: "test", Model: model, FallbackModel: model + "-fb"}
}

// twoProviders: llm_a and llm_b each on their own mockllm. The objectives
// are generous (10 s: attempts get Timeout, 2 s) so that a loaded test
// machine does not turn a slow answer into a fallback. The chain's failures
// are tested under the "fail" policy (what every caller got before the
// built-in degrade); degrade_test.go tests "builtin", the default.
func twoProviders(t *testing.T, mut func(*engine.Config)) (*engine.Engine, *upstream, *upstream) {
	t.Helper()
	a, b := startMock(t), startMock(t)
	cfg := engine.Config{LLMA: a.cfg("a-main"), LLMB: b.cfg("b-main"), Timeout: 2 * time.Second, Objectives: engine.UniformObjectives(10 * time.Second),
		WhenProvidersDown: engine.ProvidersDownFail}
	if mut != nil {
		mut(&cfg)
	}
	e, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e, a, b
}

func wantUsage(t *testing.T, what string, u op.Usage, provider, model string, fallback bool) {
	t.Helper()
	if u.Provider != provider || u.Model != model || u.FallbackUsed != fallback {
		t.Fatalf("%s: usage %+v, want provider %s model %s fallback %v", what, u, provider, model, fallback)
	}
	if u.TokensUsed <= 0 {
		t.Fatalf("%s: tokens_used %d", what, u.TokensUsed)
	}
}

const (
	en = "Where is my order? It has been two weeks"
	ar = "وين طلبي؟ صار لي أسبوعين أنتظر"
)

func reportReq(tier string) op.ReportRequest {
	texts := []string{"great video, thanks", "when is the next episode?", "the audio is terrible in this one",
		"you should cover the history of Petra", "برنامج رائع الله يعطيك العافية", "ليش الحلقة قصيرة؟",
		"buy followers at cheap.example", "love the editing", "can you explain the second part again?",
		"الصوت سيء جدا", "please make a video about Cairo", "amazing work as always"}
	cs := make([]op.ReportComment, len(texts))
	for i, text := range texts {
		cs[i] = op.ReportComment{Text: text, Author: "user" + string(rune('a'+i%3)), Likes: i}
	}
	return op.ReportRequest{Comments: cs, Tier: tier, Title: "Episode 1"}
}
