package pgledger

import (
	"context"
	"encoding/binary"
	"fmt"
	"strconv"
	"sync"

	"github.com/jackc/pgx/v5"

	"svc/ledger"
)

// The node's comment indexes: per account, a ledger.CommentIndex (the Pebble
// ledger's in-memory index, 40 bytes a comment) and the seq of the newest
// comment it holds. Before a comment list's count or an analytics answer,
// the index catches up by reading the account's comments with seq above it
// (one indexed range read, empty when nothing changed), so a list on node B
// right after a classify on node A counts it. Seqs are gap-free per account
// and become visible in order (schema.sql), so "seq > last" misses nothing.
//
// Memory is bounded by Options.CommentIndexMax comments across accounts.
// When catching up would pass it, the indexes of the accounts read least
// recently are dropped (they reload from seq 0 at their next read); an
// account with more comments than the bound alone is not indexed: its reads
// count in SQL (slower, same answers within MaxCommentScan).

// catchUpBatch is how many comments one catch-up query reads, and
// catchUpPerRead how many one read loads at most: a read that finds the
// index further behind (a cold load of a big account) is answered in SQL,
// keeping what it loaded for the next, so no read waits for a whole load.
const (
	catchUpBatch   = 10_000
	catchUpPerRead = 200_000
)

// acctIndex is one account's index. mu serializes catching up; readers of
// idx use its own lock.
type acctIndex struct {
	mu   sync.Mutex
	idx  ledger.CommentIndex
	seq  int64  // the newest seq in idx (guarded by mu)
	dead bool   // a failed catch-up left idx incomplete: dropped, never read (guarded by mu)
	used uint64 // commentIndexes.tick at the last read (guarded by commentIndexes.mu)
}

type commentIndexes struct {
	mu    sync.Mutex
	max   int // comments across accounts; <= 0: no index
	total int
	tick  uint64
	m     map[string]*acctIndex
	big   map[string]bool // accounts with more than max comments: never indexed
}

func (x *commentIndexes) init(max int) {
	x.max, x.m, x.big = max, map[string]*acctIndex{}, map[string]bool{}
}

// get returns the account's index, made empty if absent, marked used; nil
// for an account too big to index.
func (x *commentIndexes) get(accountID string) *acctIndex {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.big[accountID] {
		return nil
	}
	x.tick++
	a := x.m[accountID]
	if a == nil {
		a = &acctIndex{}
		x.m[accountID] = a
	}
	a.used = x.tick
	return a
}

// grew accounts for n comments added to a and makes room: it drops the
// least recently read other accounts until the total fits, and a itself
// (false) when it alone does not.
func (x *commentIndexes) grew(accountID string, a *acctIndex, n int) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.m[accountID] != a { // dropped meanwhile: no longer counted
		return false
	}
	x.total += n
	for x.total > x.max {
		var old string
		var oldest *acctIndex
		for id, o := range x.m {
			if o != a && (oldest == nil || o.used < oldest.used) {
				old, oldest = id, o
			}
		}
		if oldest == nil {
			x.big[accountID] = true
			delete(x.m, accountID)
			x.total -= a.idx.Len()
			return false
		}
		delete(x.m, old)
		x.total -= oldest.idx.Len()
	}
	return true
}

// tooBig marks the account as never indexed.
func (x *commentIndexes) tooBig(accountID string, a *acctIndex) {
	x.drop(accountID, a)
	x.mu.Lock()
	x.big[accountID] = true
	x.mu.Unlock()
}

// drop forgets the account's index after a failed catch-up (a.mu held).
func (x *commentIndexes) drop(accountID string, a *acctIndex) {
	a.dead = true
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.m[accountID] == a {
		delete(x.m, accountID)
		x.total -= a.idx.Len()
	}
}

// commentIndex returns the account's index caught up with what q sees
// (q: the caller's transaction, so the index holds at least the comments
// of its snapshot), or nil when the account is not indexed (no index, or
// too many comments): the caller counts in SQL.
func (l *Ledger) commentIndex(ctx context.Context, q queryer, accountID string) (*ledger.CommentIndex, error) {
	x := &l.comments
	if x.max <= 0 {
		return nil, nil
	}
	a := x.get(accountID)
	if a == nil {
		return nil, nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.dead { // dropped while this read waited: SQL this once
		return nil, nil
	}
	if a.seq == 0 { // a cold load: too big for the bound, it would only evict others
		var n int64
		if err := q.QueryRow(ctx, "SELECT comment_seq FROM accounts WHERE id = $1", esc(accountID)).Scan(&n); err != nil {
			return nil, err
		}
		if n > int64(x.max) {
			x.tooBig(accountID, a)
			return nil, nil
		}
	}
	// Field values repeat: one string per distinct value of this call.
	seen := map[string]string{}
	intern := func(b []byte) string {
		if v, ok := seen[string(b)]; ok {
			return v
		}
		v := unesc(string(b))
		if len(seen) < 10_000 {
			seen[string(b)] = v
		}
		return v
	}
	loaded := 0
	for {
		rows, err := q.Query(ctx, `SELECT seq, created_ns, platform, intent, sentiment, dialect, toxicity, channel_id
			FROM comments WHERE account_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, esc(accountID), a.seq, catchUpBatch)
		if err != nil {
			return nil, err
		}
		var batch []ledger.Comment
		for rows.Next() {
			raw, fd := rows.RawValues(), rows.FieldDescriptions()
			if len(raw) != 8 || len(fd) != 8 {
				rows.Close()
				x.drop(accountID, a)
				return nil, fmt.Errorf("pgledger: comment index: %d columns", len(raw))
			}
			seq, ok1 := rawInt(raw[0], fd[0].Format)
			created, ok2 := rawInt(raw[1], fd[1].Format)
			if !ok1 || !ok2 {
				rows.Close()
				x.drop(accountID, a)
				return nil, fmt.Errorf("pgledger: comment index: undecodable row")
			}
			if seq != a.seq+1 {
				// The invariant of schema.sql is broken: never
				// answer from an index that skipped a comment.
				rows.Close()
				x.drop(accountID, a)
				return nil, fmt.Errorf("%w: account %s: comment seq %d after %d", ledger.ErrInvariant, accountID, seq, a.seq)
			}
			c := ledger.Comment{CreatedAt: atv(created), Platform: intern(raw[2]), Intent: intern(raw[3]),
				Sentiment: intern(raw[4]), Dialect: intern(raw[5]), Toxicity: intern(raw[6]), ChannelID: intern(raw[7])}
			batch = append(batch, c)
			a.seq = seq
		}
		if err := rows.Err(); err != nil {
			x.drop(accountID, a)
			return nil, err
		}
		a.idx.AddAll(batch)
		n := len(batch)
		if n > 0 && !x.grew(accountID, a, n) {
			return nil, nil
		}
		if n < catchUpBatch {
			return &a.idx, nil
		}
		if loaded += n; loaded >= catchUpPerRead {
			return nil, nil // still behind: SQL this time, the next read goes on
		}
	}
}

// rawInt decodes a bigint column in PostgreSQL's binary or text format.
func rawInt(b []byte, format int16) (int64, bool) {
	if format == pgx.BinaryFormatCode {
		if len(b) != 8 {
			return 0, false
		}
		return int64(binary.BigEndian.Uint64(b)), true
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	return n, err == nil
}

// CommentIndexSize is what the node's comment indexes hold: accounts and
// comments (at most Options.CommentIndexMax).
func (l *Ledger) CommentIndexSize() (accounts, comments int) {
	x := &l.comments
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.m), x.total
}
