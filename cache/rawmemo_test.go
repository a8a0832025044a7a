package cache

import (
	"fmt"
	"testing"
)

// The raw-key memo is only a shortcut to the exact index: a repeated raw key
// hits exactly as a first lookup does, and it never crosses accounts, ops or
// params (those are part of both hashes).
func TestRawMemoKeepsScope(t *testing.T) {
	c := open(t, Options{MaxEntries: 1000})
	a := key("acct_a", "the delivery was late again, very disappointed")
	c.Put(a, []byte("A"))
	for range 3 { // first lookup fills the memo, the others use it
		mustHit(t, c, a, "A")
	}
	other := []Key{
		key("acct_b", a.Text),
		{Account: a.Account, Op: "translate", Params: a.Params, Text: a.Text},
		{Account: a.Account, Op: a.Op, Params: "p=2", Text: a.Text},
	}
	for _, k := range other {
		for range 2 {
			mustMiss(t, c, k)
		}
	}
	// A different raw text with the same folded form still hits through
	// the exact index (the memo holds one entry per raw text).
	mustHit(t, c, key("acct_a", "THE DELIVERY was late again, very disappointed"), "A")
}

func TestHasReportsHitWithoutValue(t *testing.T) {
	c := open(t, Options{MaxEntries: 1000})
	k := key("acct_a", "is the blue one back in stock?")
	if hit, _ := c.Has(k); hit {
		t.Fatal("Has on an empty cache: hit")
	}
	c.Put(k, []byte("v"))
	hit, p := c.Has(k)
	if !hit || !p.valid {
		t.Fatalf("Has after Put: hit=%v probe valid=%v, want true, true", hit, p.valid)
	}
	if st := c.Stats(); st.Hits != 1 {
		t.Fatalf("Stats.Hits = %d, want 1", st.Hits)
	}
}

// The memo is bounded: a shard past rawMemoPerShard entries starts over,
// and lookups stay correct across the reset (the memo alone: through the
// cache, a reset needs 256k keys; a thousand, spread over every shard,
// check the cache's lookups while the memo fills: 12,288 took 40 s under
// the race detector, for no more shards reached).
func TestRawMemoBounded(t *testing.T) {
	var m rawMemo
	for i := range rawMemoShards * rawMemoPerShard * 3 {
		m.put(uint64(i), uint64(i)+1, uint64(i)+2, uint64(i)+3)
	}
	for i := range m.shards {
		if n := len(m.shards[i].m); n > rawMemoPerShard {
			t.Fatalf("shard %d holds %d entries, bound %d", i, n, rawMemoPerShard)
		}
	}
	if _, _, ok := m.get(7, 7); ok {
		t.Fatal("get with a wrong verify hash: found")
	}
	c := open(t, Options{MaxEntries: 100_000})
	for i := range 1000 {
		k := key("acct_a", fmt.Sprintf("comment number %d about the product", i))
		c.Put(k, []byte("v"))
		mustHit(t, c, k, "v")
	}
}

// BenchmarkExactHitRepeat: the same raw text looked up again (the memo path).
func BenchmarkExactHitRepeat(b *testing.B) {
	c, err := Open(Options{MaxEntries: 1000})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	k := key("acct_bench", "شكرا على الفيديو الرائع، متى الحلقة الجاية؟ I love this channel so much")
	c.Put(k, []byte(benchValue))
	b.ReportAllocs()
	for b.Loop() {
		if hit, _ := c.Has(k); !hit {
			b.Fatal("miss")
		}
	}
}
