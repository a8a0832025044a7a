package pgledger_test

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"testing"
	"time"

	"svc/id"
	"svc/internal/testpg"
	"svc/ledger"
	"svc/ledger/ledgertest"
	"svc/ledger/pgledger"
)

// classify commits one paid classification with its comment on l.
func classify(t *testing.T, l ledger.Ledger, p ledger.Principal, now time.Time, intent, channel string) ledger.Comment {
	t.Helper()
	h, err := l.Reserve(ctx, p, 1)
	must(t, err)
	c := ledger.Comment{ID: id.New("cls", now), AccountID: p.Account.ID, Text: "text", Platform: "youtube", Intent: intent,
		Intents: []string{intent}, Sentiment: "negative", Language: "en", Toxicity: "none", ChannelID: channel, CreatedAt: now, ClassifiedAt: now}
	_, err = l.Commit(ctx, h, true, ledger.Records{Usage: ledger.Usage{ID: id.New("use", now), Endpoint: "/v1/classify", At: now}, Comment: &c})
	must(t, err)
	return c
}

func count(t *testing.T, l ledger.Ledger, acct string, f ledger.CommentFilter) ledger.CommentPage {
	t.Helper()
	pg, err := l.ListComments(ctx, acct, f)
	must(t, err)
	return pg
}

// A comment committed on node A is counted, listed and aggregated on node B
// at its next read (B's index catches up by seq), and a cursor made on A
// pages on B (the cursor secret is the database's).
func TestCommentIndexAcrossNodes(t *testing.T) {
	url := testpg.DB(t)
	clk := ledgertest.NewClock()
	a := open(t, url, pgledger.Options{Now: clk.Now})
	b := open(t, url, pgledger.Options{Now: clk.Now})
	p, _ := fixture(t, a)
	for i := range 5 {
		classify(t, a, p, clk.Now().Add(time.Duration(i)*time.Second), "complaint", "ch1")
	}
	if pg := count(t, b, p.Account.ID, ledger.CommentFilter{Intent: "complaint"}); pg.TotalCount != 5 || len(pg.Comments) != 5 {
		t.Fatalf("node B: %d of %d complaints, want 5", len(pg.Comments), pg.TotalCount)
	}
	last := classify(t, a, p, clk.Now().Add(time.Minute), "praise", "ch2")
	pg := count(t, b, p.Account.ID, ledger.CommentFilter{})
	if pg.TotalCount != 6 || pg.Comments[0].ID != last.ID {
		t.Fatalf("node B right after a classify on A: total %d, newest %s; want 6 and %s", pg.TotalCount, pg.Comments[0].ID, last.ID)
	}
	an, err := b.Analytics(ctx, p.Account.ID, ledger.AnalyticsQuery{From: clk.Now().Add(-time.Hour), To: clk.Now().Add(time.Hour)})
	must(t, err)
	if an.Total != 6 || an.Intent["complaint"] != 5 || an.Intent["praise"] != 1 || an.Sentiment["negative"] != 6 {
		t.Fatalf("analytics on B: %+v", an)
	}
	first := count(t, a, p.Account.ID, ledger.CommentFilter{Limit: 4, ChannelID: "ch1"})
	if !first.HasMore {
		t.Fatal("want a second page")
	}
	second := count(t, b, p.Account.ID, ledger.CommentFilter{Limit: 4, ChannelID: "ch1", Cursor: first.NextCursor})
	if len(second.Comments) != 1 || second.TotalCount != 5 || second.HasMore {
		t.Fatalf("page 2 on B with A's cursor: %d comments of %d", len(second.Comments), second.TotalCount)
	}
}

// The seq invariant is a constraint: a duplicate or non-positive seq is
// refused; a gap (a number skipped behind the ledger's back) makes a node's
// read fail with ErrInvariant instead of answering from an index that
// missed a comment. A comment inserted by any statement gets its seq from
// the trigger, whatever the statement says.
func TestCommentSeqInvariant(t *testing.T) {
	url := testpg.DB(t)
	clk := ledgertest.NewClock()
	l := open(t, url, pgledger.Options{Now: clk.Now})
	p, _ := fixture(t, l)
	first := classify(t, l, p, clk.Now(), "question", "")
	second := classify(t, l, p, clk.Now(), "question", "")
	c := conn(t, url)
	var seqs []int64
	for _, id := range []string{first.ID, second.ID} {
		var n int64
		must(t, c.QueryRow(ctx, "SELECT seq FROM comments WHERE id = $1", id).Scan(&n))
		seqs = append(seqs, n)
	}
	if seqs[0] != 1 || seqs[1] != 2 {
		t.Fatalf("seqs %v, want [1 2]", seqs)
	}
	if _, err := c.Exec(ctx, "UPDATE comments SET seq = 1 WHERE id = $1", second.ID); !containsCode(err, "23505") {
		t.Fatalf("a second comment with seq 1: %v, want a unique violation", err)
	}
	if _, err := c.Exec(ctx, "UPDATE comments SET seq = 0 WHERE id = $1", second.ID); !containsCode(err, "23514") {
		t.Fatalf("a comment with seq 0: %v, want a check violation", err)
	}
	if _, err := c.Exec(ctx, "UPDATE accounts SET comment_seq = -1 WHERE id = $1", p.Account.ID); !containsCode(err, "23514") {
		t.Fatalf("comment_seq -1: %v, want a check violation", err)
	}
	var n int64
	must(t, c.QueryRow(ctx, `INSERT INTO comments (id, seq, account_id, text, platform, intent, intents, sentiment, language, dialect,
		toxicity, channel_id, author, created_ns, classified_ns) VALUES ('cls_raw', 77, $1, '', '', 'question', '{}', '', '', '', '', '', '', 1, 1)
		RETURNING seq`, p.Account.ID).Scan(&n))
	if n != 3 {
		t.Fatalf("a raw insert saying seq 77 got %d, want the trigger's 3", n)
	}
	_, err := c.Exec(ctx, "UPDATE accounts SET comment_seq = comment_seq + 1 WHERE id = $1", p.Account.ID) // skips 4
	must(t, err)
	classify(t, l, p, clk.Now(), "question", "")
	other := open(t, url, pgledger.Options{Now: clk.Now})
	if _, err := other.ListComments(ctx, p.Account.ID, ledger.CommentFilter{}); !errors.Is(err, ledger.ErrInvariant) {
		t.Fatalf("list over a seq gap: %v, want ErrInvariant", err)
	}
}

// The node's indexes hold at most CommentIndexMax comments: reading another
// account drops the least recently read; an account bigger than the bound
// is counted in SQL. Every answer equals a node without an index.
func TestCommentIndexBounded(t *testing.T) {
	url := testpg.DB(t)
	clk := ledgertest.NewClock()
	small := open(t, url, pgledger.Options{Now: clk.Now, CommentIndexMax: 5})
	plain := open(t, url, pgledger.Options{Now: clk.Now, CommentIndexMax: -1})
	var accts []string
	for n, sizes := range []int{3, 4, 7} {
		p, _ := fixture(t, small)
		accts = append(accts, p.Account.ID)
		for i := range sizes {
			intent := []string{"question", "complaint"}[i%2]
			classify(t, small, p, clk.Now().Add(time.Duration(n*100+i)*time.Hour), intent, fmt.Sprint("ch", i%3))
		}
	}
	q := ledger.AnalyticsQuery{From: clk.Now().Add(-time.Hour), To: clk.Now().Add(30 * 24 * time.Hour), GroupBy: "week"}
	for round := range 2 {
		for _, acct := range append(accts, accts[0]) {
			for _, f := range []ledger.CommentFilter{{}, {Intent: "complaint"}, {ChannelID: "ch1", Limit: 2}} {
				got, want := count(t, small, acct, f), count(t, plain, acct, f)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("round %d, %s %+v: bounded index %+v, SQL %+v", round, acct, f, got, want)
				}
			}
			got, err := small.Analytics(ctx, acct, q)
			must(t, err)
			want, err := plain.Analytics(ctx, acct, q)
			must(t, err)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("round %d, %s: analytics from the bounded index %+v, SQL %+v", round, acct, got, want)
			}
			if n, total := small.CommentIndexSize(); n != 1 || total > 5 {
				t.Fatalf("indexes hold %d accounts, %d comments; want 1 (3+4 > 5, the 7 never) and at most 5", n, total)
			}
		}
	}
}

// A version 1 database (testdata/schema_v1.sql, comments without seq) is
// upgraded in place at Open: its comments numbered per account in
// classification order, comment_seq set, the constraints added; new
// comments continue the numbering and are counted with the old ones.
func TestUpgradeFromVersion1(t *testing.T) {
	v1, err := os.ReadFile("testdata/schema_v1.sql")
	must(t, err)
	url := testpg.DB(t)
	c := conn(t, url)
	_, err = c.Exec(ctx, string(v1))
	must(t, err)
	_, err = c.Exec(ctx, `INSERT INTO svc_meta (k, v) VALUES ('schema_version', '1'), ('cursor_secret', repeat('ab', 32)), ('health', '');
		INSERT INTO accounts (id, name, rate_limit, created_ns, purchased) VALUES ('acct_old', 'old', 60, 1, 25000);
		INSERT INTO keys (id, account_id, kind, sha256, prefix, created_ns) VALUES ('key_old', 'acct_old', 'live', decode(repeat('cd', 32), 'hex'), 'svc_live_sk_old', 1);
		INSERT INTO comments (id, account_id, text, platform, intent, intents, sentiment, language, dialect, toxicity, channel_id, author, created_ns, classified_ns)
		VALUES ('cls_b', 'acct_old', 't', '', 'praise', '{praise}', 'positive', 'en', '', 'none', '', '', 20, 20),
		       ('cls_a', 'acct_old', 't', '', 'question', '{question}', 'neutral', 'en', '', 'none', '', '', 10, 10)`)
	must(t, err)
	clk := ledgertest.NewClock()
	l := open(t, url, pgledger.Options{Now: clk.Now})
	var seqA, seqB, last int64
	must(t, c.QueryRow(ctx, `SELECT (SELECT seq FROM comments WHERE id = 'cls_a'), (SELECT seq FROM comments WHERE id = 'cls_b'),
		(SELECT comment_seq FROM accounts WHERE id = 'acct_old')`).Scan(&seqA, &seqB, &last))
	if seqA != 1 || seqB != 2 || last != 2 {
		t.Fatalf("after the upgrade: seqs %d, %d, comment_seq %d; want 1, 2, 2", seqA, seqB, last)
	}
	var version string
	must(t, c.QueryRow(ctx, "SELECT v FROM svc_meta WHERE k = 'schema_version'").Scan(&version))
	if version != "3" { // version 1 -> 2 (comment seqs) -> 3 (usage totals)
		t.Fatalf("schema version %q after the upgrade", version)
	}
	if _, err := c.Exec(ctx, "UPDATE comments SET seq = 0 WHERE id = 'cls_a'"); !containsCode(err, "23514") {
		t.Fatalf("seq 0 after the upgrade: %v, want a check violation", err)
	}
	p := ledger.Principal{Account: ledger.Account{ID: "acct_old"}, Key: ledger.Key{ID: "key_old", AccountID: "acct_old", Kind: ledger.Live}}
	classify(t, l, p, clk.Now(), "complaint", "")
	if pg := count(t, l, "acct_old", ledger.CommentFilter{}); pg.TotalCount != 3 {
		t.Fatalf("total %d after the upgrade and one more comment, want 3", pg.TotalCount)
	}
	// A second Open (another node) finds version 2 and changes nothing.
	open(t, url, pgledger.Options{Now: clk.Now})
}
