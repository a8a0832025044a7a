package cache

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newClock() *testClock { return &testClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }

func open(t *testing.T, o Options) *Cache {
	t.Helper()
	c, err := Open(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func key(acct, text string) Key { return Key{Account: acct, Op: "classify", Params: "p=1", Text: text} }

func mustHit(t *testing.T, c *Cache, k Key, want string) {
	t.Helper()
	v, ok := c.Get(k)
	if !ok {
		t.Fatalf("want hit for %q", k.Text)
	}
	if string(v) != want {
		t.Fatalf("hit for %q = %q, want %q", k.Text, v, want)
	}
}

func mustMiss(t *testing.T, c *Cache, k Key) {
	t.Helper()
	if v, ok := c.Get(k); ok {
		t.Fatalf("want miss for %q, got %q", k.Text, v)
	}
}

func TestExactHit(t *testing.T) {
	c := open(t, Options{Dir: t.TempDir()})
	k := key("acct_a", "I love this product")
	mustMiss(t, c, k)
	val := []byte(`{"sentiment":"positive"}`)
	c.Put(k, val)
	val[2] = 'X' // Put copies
	mustHit(t, c, k, `{"sentiment":"positive"}`)
	v, _ := c.Get(k)
	v[0] = 'Z' // Get returns a copy
	mustHit(t, c, k, `{"sentiment":"positive"}`)
	// other op / params miss
	mustMiss(t, c, Key{Account: "acct_a", Op: "moderate", Params: "p=1", Text: k.Text})
	mustMiss(t, c, Key{Account: "acct_a", Op: "classify", Params: "p=2", Text: k.Text})
	s := c.Stats()
	if s.Entries != 1 || s.ExactHits != 3 || s.Misses != 3 || s.Bytes <= 0 {
		t.Fatalf("stats %+v", s)
	}
	// replacing keeps one entry
	c.Put(k, []byte("v2"))
	mustHit(t, c, k, "v2")
	if s := c.Stats(); s.Entries != 1 {
		t.Fatalf("entries %d", s.Entries)
	}
}

func TestNearHitPerturbations(t *testing.T) {
	c := open(t, Options{})
	base := map[string][]string{
		"I love this product so much 😍 http://t.co/AbC": {
			"i LOVE this product so much😍 http://t.co/AbC",
			"I loooove this product so much!!! 😍 http://t.co/AbC",
			"I love this product, so much... 😍😍 http://t.co/AbC",
			"I  love   this product so much 😍 http://t.co/AbC.",
			"I love the product so much 😍 http://t.co/AbC" + "", // not a stopword insert: this->the is a swap; see below
		},
		"والله المنتج حلو كثير": {
			"واللــــه المنتج حلوووو كثير",
			"وَاللهِ المُنتَج حِلو كَثِير",
			"والله، المنتج حلو كثير!!",
			"والله المنتج حلو كثير 👍",
		},
		"don't buy it, the battery is bad": {
			"dont buy it the battery is bad",
			"Don’t buy it. The battery is baaaad!",
			"don't buy it, battery is bad",
		},
	}
	for text := range base {
		c.Put(key("a", text), []byte(text))
	}
	for text, vars := range base {
		for _, v := range vars {
			_, hit := c.Get(key("a", v))
			switch v {
			case "I love the product so much 😍 http://t.co/AbC", "والله المنتج حلو كثير 👍":
				if hit {
					t.Errorf("%q must miss (word swap / extra emoji)", v)
				}
			default:
				if !hit {
					t.Errorf("%q must hit %q", v, text)
				}
			}
		}
	}
	if s := c.Stats(); s.NearHits == 0 {
		t.Fatalf("no near hits: %+v", s)
	}
}

func TestNearMisses(t *testing.T) {
	c := open(t, Options{})
	stored := []string{
		"I love this phone",
		"the delivery took 3 days",
		"thanks @ahmed for the help",
		"الخدمة ممتازة",
		"احب هذا المنتج",
		"this is good",
		"are you open today",
		"check https://t.co/AbC",
		"المنتج كويس اوي",
	}
	for _, s := range stored {
		c.Put(key("a", s), []byte(s))
	}
	for _, q := range []string{
		"I don't love this phone", "I do not love this phone", "I never love this phone", "I hate this phone",
		"I love this phones", "the delivery took 4 days", "the delivery took 3 weeks", "the delivery took 30 days",
		"thanks @ahmad for the help", "thanks for the help", "الخدمة مش ممتازة", "الخدمة سيئة", "ما احب هذا المنتج",
		"مش احب هذا المنتج", "احب هذا المنتج 😡", "this is not good", "this is bad", "this is god",
		"are you open today?", "check https://t.co/abc", "المنتج كويس قوي", "المنتج منيح اوي", "I love this phone 2",
		"الخدمه ممتازه جدا", "I love this phone!?",
	} {
		mustMiss(t, c, key("a", q))
	}
}

func TestAccountScope(t *testing.T) {
	c := open(t, Options{})
	c.Put(key("acct_a", "great video"), []byte("A"))
	mustHit(t, c, key("acct_a", "great video"), "A")
	mustHit(t, c, key("acct_a", "Great video!!"), "A")
	mustMiss(t, c, key("acct_b", "great video"))
	mustMiss(t, c, key("acct_b", "Great video!!"))
}

func TestGlobalScope(t *testing.T) {
	c := open(t, Options{Scope: ScopeGlobal})
	c.Put(key("acct_a", "great video"), []byte("A"))
	mustHit(t, c, key("acct_b", "great video"), "A")
	mustHit(t, c, key("acct_b", "GREAT video!!!"), "A")
	c.Forget("acct_c", "great video")
	mustMiss(t, c, key("acct_a", "great video"))
	if _, err := Open(Options{Scope: "tenant"}); err == nil {
		t.Fatal("bad scope accepted")
	}
}

func TestTTL(t *testing.T) {
	clk := newClock()
	dir := t.TempDir()
	c := open(t, Options{Dir: dir, TTL: time.Hour, Now: clk.Now})
	c.Put(key("a", "hello there friend"), []byte("v"))
	clk.Advance(59 * time.Minute)
	mustHit(t, c, key("a", "hello there friend"), "v")
	mustHit(t, c, key("a", "Hello there, friend!"), "v")
	clk.Advance(2 * time.Minute)
	mustMiss(t, c, key("a", "hello there friend"))
	mustMiss(t, c, key("a", "Hello there, friend!"))
	c.Close()
	// expired entries are skipped (and deleted) at load
	c2 := open(t, Options{Dir: dir, TTL: time.Hour, Now: clk.Now})
	if s := c2.Stats(); s.Entries != 0 {
		t.Fatalf("expired entry reloaded: %+v", s)
	}
}

func TestForget(t *testing.T) {
	c := open(t, Options{Dir: t.TempDir()})
	for _, op := range []string{"classify", "moderate"} {
		c.Put(Key{Account: "a", Op: op, Text: "the app keeps crashing"}, []byte(op))
		c.Put(Key{Account: "b", Op: op, Text: "the app keeps crashing"}, []byte(op))
	}
	c.Put(Key{Account: "a", Op: "classify", Text: "The app keeps CRASHING!!"}, []byte("variant"))
	c.Put(Key{Account: "a", Op: "classify", Text: "the app never crashes"}, []byte("other"))
	c.Forget("a", "The app keeps crashing.")
	for _, op := range []string{"classify", "moderate"} {
		mustMiss(t, c, Key{Account: "a", Op: op, Text: "the app keeps crashing"})
		mustHit(t, c, Key{Account: "b", Op: op, Text: "the app keeps crashing"}, op)
	}
	mustMiss(t, c, Key{Account: "a", Op: "classify", Text: "The app keeps CRASHING!!"})
	mustHit(t, c, Key{Account: "a", Op: "classify", Text: "the app never crashes"}, "other")
	if s := c.Stats(); s.Forgotten != 3 || s.Entries != 3 {
		t.Fatalf("stats %+v", s)
	}
}

func TestWarmRestart(t *testing.T) {
	dir := t.TempDir()
	clk := newClock()
	c, err := Open(Options{Dir: dir, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 500; i++ {
		c.Put(key(fmt.Sprint("acct", i%3), fmt.Sprintf("comment number %d about the show", i)), []byte(fmt.Sprint(i)))
	}
	c.Put(key("a", "شكرا على الفيديو الرائع"), []byte("ar"))
	c.Forget("acct1", "comment number 1 about the show")
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c2 := open(t, Options{Dir: dir, Now: clk.Now})
	if s := c2.Stats(); s.Entries != 500 {
		t.Fatalf("reloaded %d entries, want 500", s.Entries)
	}
	mustHit(t, c2, key("acct2", "comment number 2 about the show"), "2")
	mustHit(t, c2, key("acct2", "Comment number 2 about the show!"), "2")
	mustHit(t, c2, key("a", "شكراً على الفيديو الرائع"), "ar")
	mustMiss(t, c2, key("acct1", "comment number 1 about the show"))
	mustMiss(t, c2, key("acct0", "comment number 1 about the show"))
	// new writes continue after the reloaded sequence
	c2.Put(key("a", "new after restart"), []byte("n"))
	mustHit(t, c2, key("a", "new after restart"), "n")
}

func TestEvictionGenerations(t *testing.T) {
	dir := t.TempDir()
	c := open(t, Options{Dir: dir, MaxEntries: 200})
	for i := 0; i < 2000; i++ {
		c.Put(key("a", fmt.Sprintf("review %d of the blue kettle", i)), []byte(fmt.Sprint(i)))
		if s := c.Stats(); s.Entries > 200 {
			t.Fatalf("entries %d > 200 after %d puts", s.Entries, i)
		}
	}
	s := c.Stats()
	if s.Generations < 15 || s.Evictions < 1700 {
		t.Fatalf("stats %+v", s)
	}
	// the newest entries still hit, exactly and near; the oldest are gone
	mustHit(t, c, key("a", "review 1999 of the blue kettle"), "1999")
	mustHit(t, c, key("a", "Review 1950 of the BLUE kettle!"), "1950")
	mustMiss(t, c, key("a", "review 5 of the blue kettle"))
	c.Close()
	c2 := open(t, Options{Dir: dir, MaxEntries: 200})
	if n := c2.Stats().Entries; n > 200 || n < 100 {
		t.Fatalf("reloaded %d", n)
	}
	mustHit(t, c2, key("a", "review 1999 of the blue kettle!"), "1999")
	mustMiss(t, c2, key("a", "review 5 of the blue kettle"))
}

func TestConcurrent(t *testing.T) {
	c := open(t, Options{Dir: t.TempDir(), MaxEntries: 300})
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				k := key(fmt.Sprint("acct", w%2), fmt.Sprintf("message %d from worker", i))
				if i%3 == 0 {
					c.Put(k, []byte(fmt.Sprint(i)))
				} else if v, ok := c.Get(k); ok && string(v) != fmt.Sprint(i) {
					t.Errorf("wrong value %q for %q", v, k.Text)
				}
				c.Get(key(fmt.Sprint("acct", w%2), fmt.Sprintf("Message %d from worker!", i)))
				if i%50 == 0 {
					c.Forget("acct0", fmt.Sprintf("message %d from worker", i))
					_ = c.Stats()
				}
			}
		}(w)
	}
	wg.Wait()
	if s := c.Stats(); s.Entries > 300 {
		t.Fatalf("entries %d", s.Entries)
	}
}

func TestAnalyzeOddInput(t *testing.T) {
	for _, s := range []string{"İSTANBUL https://x.co/A K http://y", "HTTP://", "www.", "https://a.b/Ç?x=İ www.x", "\u212a http://k", ""} {
		f := analyze(s)
		_ = embed(f)
	}
}

// The elongation marker must survive textnorm.Fold (the near path relies on it).
func TestElongationMarkerSurvivesFold(t *testing.T) {
	f := analyze("soooo goooood")
	if len(f.toks) != 2 || f.toks[0].runs != "1E" || f.toks[1].runs != "1E1" {
		t.Fatalf("tokens %+v", f.toks)
	}
	c := open(t, Options{})
	c.Put(key("a", "so good, the battery lasts"), []byte("v"))
	mustHit(t, c, key("a", "soooo goooood the battery lasts"), "v")
	mustMiss(t, c, key("a", "so god, the battery lasts"))
	c.Put(key("a", "thanks @xxuser"), []byte("m"))
	mustMiss(t, c, key("a", "thanks @xuser"))
	mustMiss(t, c, key("a", "thanks @xxxxuser"))
	mustHit(t, c, key("a", "Thanks!! @xxuser"), "m")
}

func TestMeaningChangesMissArabic(t *testing.T) {
	c := open(t, Options{})
	c.Put(key("a", "الله يعطيك العافية على الشرح"), []byte("v"))
	for _, q := range []string{
		"اله يعطيك العافية على الشرح",       // a god / God
		"الله ما يعطيك العافية على الشرح",   // negation
		"الله يعطيك العافيه على الشرح 2",    // number
		"الله يعطيك العافية على الشرح؟",     // question
		"@ali الله يعطيك العافية على الشرح", // mention
		"الله يعطيك العافية على الشرح God",  // language mix
	} {
		mustMiss(t, c, key("a", q))
	}
	mustHit(t, c, key("a", "اللـــه يعطيييك العافيةةة على الشرح!!"), "v")
	mustHit(t, c, key("a", "يا الله يعطيك العافية على الشرح"), "v") // one stopword
}

func TestURLDetection(t *testing.T) {
	f := analyze("sliding into the viewwww. see www.example.com/A and HTTPS://X.co/b")
	if len(f.urls) != 2 || f.urls[0] != "www.example.com/A" || f.urls[1] != "HTTPS://X.co/b" {
		t.Fatalf("urls %q", f.urls)
	}
}

func TestExpiredGenerationDropped(t *testing.T) {
	clk := newClock()
	c := open(t, Options{MaxEntries: 20, TTL: time.Minute, Now: clk.Now})
	for i := 0; i < 15; i++ {
		c.Put(key("a", fmt.Sprintf("old comment %d here", i)), []byte("o"))
	}
	clk.Advance(2 * time.Minute)
	c.Put(key("a", "fresh comment"), []byte("f"))
	if s := c.Stats(); s.Entries != 6 { // 5 (expired) in the current generation + the fresh one
		t.Fatalf("entries %d", s.Entries)
	}
	mustHit(t, c, key("a", "fresh comment"), "f")
	mustMiss(t, c, key("a", "old comment 1 here"))
}

// Close while Puts, Gets and Forgets run: no race, no panic, no use of the
// closed store (run with -race).
func TestCloseWhileBusy(t *testing.T) {
	c, err := Open(Options{Dir: t.TempDir(), MaxEntries: 64})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				k := key("a", fmt.Sprintf("busy text %d from %d", i%50, w))
				if _, ok, p := c.Lookup(k); !ok {
					c.PutProbe(k, []byte("v"), p)
				}
				if i%20 == 0 {
					c.Forget("a", k.Text)
				}
			}
		}(w)
	}
	time.Sleep(5 * time.Millisecond)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
}

// A Put that finds the generation full releases the lock to rotate; if
// Close runs meanwhile, rotate does nothing and the Put must end, not retry
// the full generation for ever (a 19-minute spin in TestCloseWhileBusy under
// stress-ng). The test holds a read lock so that the Put waits in rotate,
// closes the cache, then lets both go.
func TestPutIntoFullGenerationEndsAtClose(t *testing.T) {
	c, err := Open(Options{Dir: t.TempDir(), MaxEntries: 2}) // one entry a generation
	if err != nil {
		t.Fatal(err)
	}
	c.Put(key("a", "fills the generation"), []byte("v"))
	c.genMu.RLock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.Put(key("a", "needs a rotation"), []byte("v"))
	}()
	// A waiting writer makes TryRLock fail: the Put is in rotate.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
		if !c.genMu.TryRLock() {
			break
		}
		c.genMu.RUnlock()
		if time.Now().After(deadline) {
			t.Fatal("the Put never reached rotate")
		}
	}
	closed := make(chan error, 1)
	go func() { closed <- c.Close() }()
	for !c.closed.Load() {
		time.Sleep(time.Millisecond)
	}
	c.genMu.RUnlock()
	select {
	case <-done:
	case <-time.After(time.Minute): // bounds the spin; the Put returns at once
		t.Fatal("a Put into a full generation spins after Close")
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
}

// PutProbe reuses the probe of the same key and ignores one of another key.
func TestProbe(t *testing.T) {
	c := open(t, Options{})
	k := key("a", "the battery lasts two days")
	_, ok, p := c.Lookup(k)
	if ok || p.f == nil {
		t.Fatalf("want a miss with an analysis, got hit=%v probe=%+v", ok, p)
	}
	c.PutProbe(k, []byte("v1"), p)
	mustHit(t, c, k, "v1")
	mustHit(t, c, key("a", "The battery lasts two days!!"), "v1")
	// a probe of another key must not be used for this one
	k2 := key("a", "the screen is too dim")
	c.PutProbe(k2, []byte("v2"), p)
	mustHit(t, c, k2, "v2")
	mustHit(t, c, k, "v1")
	// LookupExact: no near-duplicate answers, no analysis
	if _, ok, p := c.LookupExact(key("a", "The battery lasts two days!!")); ok || p.f != nil {
		t.Fatalf("LookupExact answered a near duplicate (or analysed)")
	}
	if v, ok, _ := c.LookupExact(key("a", "THE BATTERY lasts two days")); !ok || string(v) != "v1" {
		t.Fatalf("LookupExact missed the exact entry")
	}
}

// Flush drops every entry, in memory and on disk: a reopened cache has none.
func TestFlushDropsEverything(t *testing.T) {
	dir := t.TempDir()
	c, err := Open(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		c.Put(key("acct_a", fmt.Sprintf("comment number %d about the show", i)), []byte("v"))
	}
	mustHit(t, c, key("acct_a", "comment number 7 about the show"), "v")
	c.Flush()
	mustMiss(t, c, key("acct_a", "comment number 7 about the show"))
	if s := c.Stats(); s.Entries != 0 {
		t.Fatalf("%d entries after Flush", s.Entries)
	}
	c.Put(key("acct_a", "after the flush"), []byte("w"))
	mustHit(t, c, key("acct_a", "after the flush"), "w")
	c.Close()
	c.Flush() // closed: no effect, no panic
	c = open(t, Options{Dir: dir})
	mustMiss(t, c, key("acct_a", "comment number 7 about the show"))
	mustHit(t, c, key("acct_a", "after the flush"), "w")
}
