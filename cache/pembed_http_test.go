package cache_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"svc/cache"
	"svc/engine/provider"
	"svc/engine/provider/mock"
)

// These tests run the provider embedder over real loopback HTTP: mockllm's
// handler (engine/provider/mock) serves POST /v1/embeddings and the cache
// calls it through the provider client, as svc serve --cache-embedder does.

type upstream struct {
	srv   *httptest.Server
	mock  *mock.Server
	pc    *provider.Client
	calls atomic.Int64 // embedder calls made by the cache
}

func newUpstream(t *testing.T) *upstream {
	t.Helper()
	u := &upstream{mock: mock.New(mock.Options{})}
	u.srv = httptest.NewServer(u.mock)
	t.Cleanup(u.srv.Close)
	pc, err := provider.New(provider.Config{Name: "llm_a", BaseURL: u.srv.URL + "/v1", Model: "mock-large", EmbedModel: "mock-embed",
		MaxInFlight: 16, QueueWait: time.Second, ConnectTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pc.Close)
	u.pc = pc
	return u
}

func (u *upstream) embedder(ctx context.Context, text string) ([]float32, error) {
	u.calls.Add(1)
	return u.pc.Embed(ctx, text)
}

// opts gives each embedding call a deadline that only bounds a hang: these
// tests check what is embedded and found, not how fast. The 200 ms default
// abandoned one loopback call under -race on a loaded 2-core machine
// (EmbedFallbacks 1, a near hit missed); the timeout itself is tested
// with a hung server below.
func (u *upstream) opts(dir string) cache.Options {
	return cache.Options{Dir: dir, Embedder: u.embedder, EmbedderID: "mock-embed " + u.srv.URL, EmbedTimeout: 30 * time.Second}
}

func openC(t *testing.T, o cache.Options) *cache.Cache {
	t.Helper()
	c, err := cache.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func k(text string) cache.Key {
	return cache.Key{Account: "acct", Op: "classify", Params: "p", Text: text}
}

var (
	stored = map[string]string{
		"I love this product so much 😍":    "love",
		"the delivery took 3 days, not ok": "late",
		"والله المنتج حلو كثير":            "ar",
	}
	nearHits = map[string]string{
		"I loooove this product, so much!!! 😍": "love",
		"i love   the product so much😍":        "", // word swap: must miss
		"The delivery took 3 days... not OK":   "late",
		"واللــــه المنتج حلوووو كثير":         "ar",
		"والله، المنتج حلو كثير!!":             "ar",
	}
	mustMissEdits = []string{
		"I don't love this product so much 😍",
		"I do not love this product so much 😍",
		"the delivery took 4 days, not ok",
		"the delivery took 3 weeks, not ok",
		"والله المنتج مش حلو كثير",
	}
)

func putAll(c *cache.Cache) {
	for text, v := range stored {
		c.Put(k(text), []byte(v))
	}
}

func checkNear(t *testing.T, c *cache.Cache) {
	t.Helper()
	for q, want := range nearHits {
		v, hit := c.Get(k(q))
		switch {
		case want == "" && hit:
			t.Errorf("%q must miss, got %q", q, v)
		case want != "" && !hit:
			t.Errorf("%q must hit %q", q, want)
		case want != "" && string(v) != want:
			t.Errorf("%q hit %q, want %q", q, v, want)
		}
	}
	for _, q := range mustMissEdits {
		if v, hit := c.Get(k(q)); hit {
			t.Errorf("%q must miss (meaning changed), got %q", q, v)
		}
	}
}

func TestProviderEmbedderNearHits(t *testing.T) {
	u := newUpstream(t)
	c := openC(t, u.opts(""))
	putAll(c)
	checkNear(t, c)
	s := c.Stats()
	if s.NearHits == 0 || s.EmbedCalls == 0 || s.EmbedFallbacks != 0 {
		t.Fatalf("stats %+v", s)
	}
	if got := u.mock.Stats().Embeddings; got != int64(s.EmbedCalls) {
		t.Fatalf("mockllm served %d embeddings, the cache counted %d calls", got, s.EmbedCalls)
	}
	// a lookup whose core skeleton is in no entry is a proven miss: no call
	before := u.calls.Load()
	if _, hit := c.Get(k("completely different words here")); hit {
		t.Fatal("unexpected hit")
	}
	if u.calls.Load() != before {
		t.Fatal("the embedder was called for a proven miss")
	}
	// Lookup's vector is reused by the PutProbe after the miss (same core
	// skeleton, so the lookup embedded; the question flag makes it miss)
	before = u.calls.Load()
	_, hit, p := c.Lookup(k("I love this product so much 😍?"))
	if hit || u.calls.Load() != before+1 {
		t.Fatalf("hit %v, calls %d", hit, u.calls.Load()-before)
	}
	c.PutProbe(k("I love this product so much 😍?"), []byte("q"), p)
	if u.calls.Load() != before+1 {
		t.Fatal("PutProbe called the embedder again")
	}
	if v, hit := c.Get(k("i love this product so much😍 ?")); !hit || string(v) != "q" {
		t.Fatalf("the re-used vector's entry: %q %v", v, hit)
	}
}

func TestProviderEmbedderFailureDegradesToExact(t *testing.T) {
	t.Run("closed server", func(t *testing.T) {
		u := newUpstream(t)
		c := openC(t, u.opts(""))
		putAll(c) // embeds: graph nodes
		u.srv.Close()
		for text, v := range stored { // exact hits need no embedder
			got, hit := c.Get(k(text))
			if !hit || string(got) != v {
				t.Fatalf("exact %q: hit %v %q", text, hit, got)
			}
		}
		if _, hit := c.Get(k("I loooove this product, so much!!! 😍")); hit {
			t.Fatal("near hit without the embedder")
		}
		c.Put(k("a brand new comment"), []byte("new")) // stored without a graph node
		if got, hit := c.Get(k("a brand new comment")); !hit || string(got) != "new" {
			t.Fatal("entry stored during the outage does not hit exactly")
		}
		if s := c.Stats(); s.EmbedFallbacks < 2 {
			t.Fatalf("fallbacks not counted: %+v", s)
		}
	})
	t.Run("hung server", func(t *testing.T) {
		release := make(chan struct{})
		hung := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-release:
			}
		}))
		defer hung.Close()
		defer close(release)
		pc, err := provider.New(provider.Config{Name: "llm_a", BaseURL: hung.URL + "/v1", Model: "m", EmbedModel: "e",
			MaxInFlight: 4, QueueWait: 10 * time.Millisecond, ConnectTimeout: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer pc.Close()
		c := openC(t, cache.Options{Embedder: pc.Embed, EmbedderID: "e", EmbedTimeout: 100 * time.Millisecond})
		start := time.Now()
		c.Put(k("I love this product so much"), []byte("v"))
		// The server hangs until the test ends: returning at all shows the
		// embedder was abandoned; the minute only tells that from a hang.
		if d := time.Since(start); d > time.Minute {
			t.Fatalf("Put took %v with a hung embedder", d)
		}
		start = time.Now()
		if _, hit := c.Get(k("I loooove this product so much")); hit {
			t.Fatal("near hit: the entry has no graph node")
		}
		if got, hit := c.Get(k("I love this product so much")); !hit || string(got) != "v" {
			t.Fatal("exact hit lost")
		}
		if d := time.Since(start); d > time.Minute {
			t.Fatalf("lookups took %v with a hung embedder", d)
		}
		if s := c.Stats(); s.EmbedFallbacks == 0 {
			t.Fatalf("%+v", s)
		}
	})
}

func TestProviderEmbedderWarmRestart(t *testing.T) {
	dir := t.TempDir()
	u := newUpstream(t)
	c, err := cache.Open(u.opts(dir))
	if err != nil {
		t.Fatal(err)
	}
	putAll(c)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}

	// Same embedder: vectors come from the records, not from the provider.
	before := u.calls.Load()
	c2 := openC(t, u.opts(dir))
	if u.calls.Load() != before || c2.Stats().Entries != len(stored) || c2.Stats().ExactOnlyLoaded != 0 {
		t.Fatalf("warm open called the embedder %d times; stats %+v", u.calls.Load()-before, c2.Stats())
	}
	checkNear(t, c2) // queries embed; old entries do not
	c2.Close()

	// Another vector space (model or endpoint changed): exact-only, no calls.
	o := u.opts(dir)
	o.EmbedderID = "another-model"
	before = u.calls.Load()
	c3 := openC(t, o)
	if u.calls.Load() != before || c3.Stats().ExactOnlyLoaded != uint64(len(stored)) {
		t.Fatalf("stats %+v", c3.Stats())
	}
	if _, hit := c3.Get(k("I loooove this product, so much!!! 😍")); hit {
		t.Fatal("near hit through a vector of another space")
	}
	if v, hit := c3.Get(k("I love this product so much 😍")); !hit || string(v) != "love" {
		t.Fatal("exact hit lost")
	}
	c3.Close()

	// Back to the n-gram embedder: version-2 records load, vectors recomputed.
	c4 := openC(t, cache.Options{Dir: dir})
	checkNear(t, c4)
}

func TestProviderEmbedderLoadsVersion1Records(t *testing.T) {
	dir := t.TempDir()
	c := openC(t, cache.Options{Dir: dir}) // n-gram: version-1 records
	putAll(c)
	c.Close()
	u := newUpstream(t)
	c2 := openC(t, u.opts(dir))
	if u.calls.Load() != 0 || c2.Stats().ExactOnlyLoaded != uint64(len(stored)) || c2.Stats().Entries != len(stored) {
		t.Fatalf("calls %d, stats %+v", u.calls.Load(), c2.Stats())
	}
	for text, v := range stored {
		if got, hit := c2.Get(k(text)); !hit || string(got) != v {
			t.Fatalf("exact %q lost", text)
		}
	}
	// A new Put of the same text embeds it: near hits come back for it.
	c2.Put(k("I love this product so much 😍"), []byte("love"))
	if v, hit := c2.Get(k("I loooove this product, so much!!! 😍")); !hit || string(v) != "love" {
		t.Fatal("re-put entry has no graph node")
	}
}

// BenchmarkProviderLookup: CPU and wall time of lookups with the provider
// embedder over loopback (mockllm in process): a near-duplicate hit (one
// embedding call) and a proven miss (no call).
func BenchmarkProviderLookup(b *testing.B) {
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	defer srv.Close()
	pc, err := provider.New(provider.Config{Name: "llm_a", BaseURL: srv.URL + "/v1", Model: "m", EmbedModel: "e",
		MaxInFlight: 64, QueueWait: time.Second, ConnectTimeout: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	defer pc.Close()
	for _, mode := range []string{"ngram", "llm"} {
		o := cache.Options{}
		if mode == "llm" {
			o.Embedder, o.EmbedderID = pc.Embed, "e"
		}
		c, err := cache.Open(o)
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 1000; i++ {
			c.Put(k("the delivery of order "+itoa(i)+" was late again"), []byte("x"))
		}
		b.Run(mode+"/near-hit", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, hit := c.Get(k("The delivery of order " + itoa(i%1000) + " was late again!!")); !hit {
					b.Fatal("miss")
				}
			}
		})
		b.Run(mode+"/proven-miss", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, hit := c.Get(k("nothing like " + itoa(i%1000) + " this at all")); hit {
					b.Fatal("hit")
				}
			}
		})
		c.Close()
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for ; i > 0; i /= 10 {
		n--
		b[n] = byte('0' + i%10)
	}
	return string(b[n:])
}
