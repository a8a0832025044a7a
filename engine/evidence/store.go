package evidence

import (
	"container/list"
	"context"
	"sync"
)

// Loader reads an account's stored feedback as examples (at most
// MaxExamples, any order).
type Loader func(ctx context.Context, account string) ([]Example, error)

// DefaultMaxAccounts bounds the accounts whose models a Store holds.
const DefaultMaxAccounts = 32

// Store holds the models of the most recently used accounts (at most
// maxAccounts; the least recently used is dropped and rebuilt from the
// stored feedback when next needed). Memory: a model holds at most
// MaxExamples examples of at most maxTokens tokens and maxExampleRunes
// runes of text each, and at most maxTokens words and maxGrams character
// n-grams as features: measured 9.0 MB for 3,000 Arabic comments of 25
// words from a 20,000-word vocabulary, 28 MB for 3,000 of 64 long words
// never repeated (the adversarial case), so a Store holds at most
// maxAccounts times that (docs/feedback.md).
// Safe for concurrent use.
//
// Invariant: a model held for an account reflects every example the ledger
// held when its load began plus every Learn since (Learn during a load is
// queued and applied when it ends), so a feedback committed before Learn
// returns is never lost.
type Store struct {
	load Loader
	max  int

	mu    sync.Mutex
	slots map[string]*slot
	lru   list.List // of *slot, most recent first
}

type slot struct {
	account string
	elem    *list.Element
	ready   chan struct{} // closed when the load ended
	model   *Model        // set at the end of a successful load
	pending []Example     // Learn calls during the load
}

// NewStore returns a store loading accounts with load; maxAccounts <= 0 is
// DefaultMaxAccounts.
func NewStore(load Loader, maxAccounts int) *Store {
	if maxAccounts <= 0 {
		maxAccounts = DefaultMaxAccounts
	}
	return &Store{load: load, max: maxAccounts, slots: map[string]*slot{}}
}

// Model returns the account's model, loading it when not held (callers of
// the same account wait for one load). An error of the load is returned
// (and nothing kept: the next call loads again); callers answer without
// evidence then.
func (s *Store) Model(ctx context.Context, account string) (*Model, error) {
	s.mu.Lock()
	sl := s.slots[account]
	if sl != nil {
		s.lru.MoveToFront(sl.elem)
		s.mu.Unlock()
		select {
		case <-sl.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if sl.model == nil {
			return s.Model(ctx, account) // that load failed and was dropped: try once more ourselves
		}
		return sl.model, nil
	}
	sl = &slot{account: account, ready: make(chan struct{})}
	sl.elem = s.lru.PushFront(sl)
	s.slots[account] = sl
	for s.lru.Len() > s.max {
		old := s.lru.Back().Value.(*slot)
		s.lru.Remove(old.elem)
		delete(s.slots, old.account)
	}
	s.mu.Unlock()

	exs, err := s.load(ctx, account)
	var m *Model
	if err == nil {
		m = Build(exs)
	}
	s.mu.Lock()
	if err != nil {
		if s.slots[account] == sl {
			s.lru.Remove(sl.elem)
			delete(s.slots, account)
		}
	} else {
		for _, ex := range sl.pending {
			m.Add(ex)
		}
		sl.pending = nil
		sl.model = m
	}
	close(sl.ready)
	s.mu.Unlock()
	return m, err
}

// Learn adds a feedback of the account to its model when held (or being
// loaded); an account not held learns it from the ledger at its next load.
func (s *Store) Learn(account string, ex Example) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sl := s.slots[account]
	switch {
	case sl == nil:
	case sl.model != nil:
		sl.model.Add(ex)
	case len(sl.pending) >= MaxExamples: // a load that long: drop it, the next use loads again
		s.lru.Remove(sl.elem)
		delete(s.slots, account)
	default:
		sl.pending = append(sl.pending, ex)
	}
}

// Forget drops every account's model: each is rebuilt from the stored
// feedback at its next use (after feedback may have been missed).
func (s *Store) Forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.slots = map[string]*slot{}
	s.lru.Init()
}

// Held is the number of accounts whose models are held or loading.
func (s *Store) Held() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.slots)
}
