-- The PostgreSQL ledger's schema (package pgledger), version 3.
--
-- Created at Open under an advisory lock, so nodes starting at once create it
-- once. Times are bigint nanoseconds since the Unix epoch, UTC (*_ns): the
-- service clock (which a test clock may move) with Go's precision, so a time
-- written reads back equal. Only a hold's lease is the database's own clock
-- (timestamptz), because a lease must not move with the test clock.
--
-- Money is integer credits. The invariants of the ledger (ledger/api.go) are
-- CHECK constraints here, so no statement, whatever its bug, can commit a
-- state that breaks them:
--   balance = purchased - refunded - captured >= 0
--   0 <= held <= balance                (holds of live keys in flight)
--   0 <= sandbox_used, sandbox_reserved; used + reserved <= 100 (SandboxQuota)
--   per purchase: 0 <= refunded <= credits
--
-- Purchase consumption is FIFO and derived, not stored: the account's
-- captured credits fill its purchases oldest first (created_ns, id), each up
-- to credits - refunded. A refund sets refunded = credits - consumed (capped
-- by the balance less holds) under the account's row lock, so the derivation
-- and the incremental FIFO of the Pebble ledger give the same numbers, and a
-- capture writes one row (the account), not one per purchase it touches.

CREATE TABLE IF NOT EXISTS svc_meta (
	k text PRIMARY KEY,
	v text NOT NULL
);

CREATE TABLE IF NOT EXISTS accounts (
	id               text PRIMARY KEY,
	name             text NOT NULL,
	rate_limit       integer NOT NULL CHECK (rate_limit > 0),
	created_ns       bigint NOT NULL,
	purchased        bigint NOT NULL DEFAULT 0 CHECK (purchased >= 0),
	refunded         bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
	captured         bigint NOT NULL DEFAULT 0 CHECK (captured >= 0),
	held             bigint NOT NULL DEFAULT 0,
	sandbox_used     integer NOT NULL DEFAULT 0,
	sandbox_reserved integer NOT NULL DEFAULT 0,
	comment_seq      bigint NOT NULL DEFAULT 0, -- the seq of the account's newest comment (version 2)
	CONSTRAINT balance_not_negative CHECK (purchased - refunded - captured >= 0),
	CONSTRAINT holds_within_balance CHECK (held >= 0 AND held <= purchased - refunded - captured),
	CONSTRAINT comment_seq_not_negative CHECK (comment_seq >= 0),
	CONSTRAINT sandbox_quota CHECK (sandbox_used >= 0 AND sandbox_reserved >= 0 AND sandbox_used + sandbox_reserved <= 100)
);

CREATE TABLE IF NOT EXISTS keys (
	id         text PRIMARY KEY,
	account_id text NOT NULL REFERENCES accounts (id),
	kind       text NOT NULL CHECK (kind IN ('sandbox', 'live')),
	sha256     bytea NOT NULL UNIQUE CHECK (length(sha256) = 32),
	prefix     text NOT NULL,
	created_ns bigint NOT NULL,
	expires_ns bigint,            -- NULL for live keys
	revoked_ns bigint             -- NULL unless revoked
);
CREATE INDEX IF NOT EXISTS keys_by_account ON keys (account_id, created_ns, id);

CREATE TABLE IF NOT EXISTS purchases (
	id          text PRIMARY KEY,
	account_id  text NOT NULL REFERENCES accounts (id),
	pack_usd    integer NOT NULL,
	credits     bigint NOT NULL CHECK (credits > 0),
	refunded    bigint NOT NULL DEFAULT 0,
	created_ns  bigint NOT NULL,
	refunded_ns bigint,
	CONSTRAINT refund_within_credits CHECK (refunded >= 0 AND refunded <= credits)
);
CREATE INDEX IF NOT EXISTS purchases_by_account ON purchases (account_id, created_ns, id);

-- A hold is a row with a lease; Commit and Release delete it and give back
-- (or capture) what it reserved in the same statement. The reaper deletes
-- holds whose lease ran out (their node died mid-request).
CREATE TABLE IF NOT EXISTS holds (
	id         text PRIMARY KEY,
	account_id text NOT NULL REFERENCES accounts (id),
	key_id     text NOT NULL,
	kind       text NOT NULL CHECK (kind IN ('sandbox', 'live')),
	price      bigint NOT NULL CHECK (price >= 0),
	node       text NOT NULL,
	expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS holds_by_expiry ON holds (expires_at);

CREATE TABLE IF NOT EXISTS usage (
	id          text PRIMARY KEY,
	account_id  text NOT NULL,
	key_id      text NOT NULL,
	endpoint    text NOT NULL,
	list_price  bigint NOT NULL,
	charged     bigint NOT NULL CHECK (charged >= 0),
	cache_hit   boolean NOT NULL,
	sandbox     boolean NOT NULL,
	latency_us  bigint NOT NULL,
	at_ns       bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS usage_by_account ON usage (account_id, at_ns);

-- Usage totals (version 3): the sums of an account's usage rows of one
-- endpoint in one bucket, level 'h' the UTC hour, 'd' the UTC day starting
-- at bucket_ns. The statement that inserts a usage row adds it to its two
-- totals (committer.go: capture statements), in the same transaction, so
-- every total equals the sum of its rows (the conformance suite checks it
-- through Usage, pgledger_test.go row by row). GET /v1/usage reads whole
-- days and hours here and only the pieces shorter than an hour at the ends
-- of its range from usage (ledger/usagespans.go), so its cost does not grow
-- with the records of the period. Version 2 to 3: upgradeV2 (pgledger.go)
-- sums the existing rows once.
CREATE TABLE IF NOT EXISTS usage_totals (
	account_id text NOT NULL,
	level      text NOT NULL CHECK (level IN ('h', 'd')),
	bucket_ns  bigint NOT NULL,
	endpoint   text NOT NULL,
	requests   bigint NOT NULL CHECK (requests > 0),
	charged    bigint NOT NULL CHECK (charged >= 0),
	cache_hits bigint NOT NULL CHECK (cache_hits >= 0 AND cache_hits <= requests),
	latency_us bigint NOT NULL,
	PRIMARY KEY (account_id, level, bucket_ns, endpoint)
);

-- Comment ids are minted by the caller; PRIMARY KEY makes a reused id fail
-- its commit (nothing charged) instead of overwriting a comment.
--
-- seq numbers an account's comments 1, 2, 3, ... in commit order, with no
-- gap: the trigger comments_seq (below) sets it to accounts.comment_seq + 1
-- by an UPDATE of the account row, whose lock the transaction then holds
-- until it commits, so the next comment of the account can take its number
-- only after this one is visible, and a rolled-back commit rolls its number
-- back. Every statement that inserts a comment (commit, group commit,
-- idempotent commit) gets it without knowing. A node's in-memory comment
-- index (commentindex.go) catches up by reading seq > the last it holds.
-- UNIQUE (account_id, seq) and seq > 0 are the invariant's checks.
CREATE TABLE IF NOT EXISTS comments (
	id            text PRIMARY KEY,
	seq           bigint NOT NULL CONSTRAINT comment_seq_positive CHECK (seq > 0),
	account_id    text NOT NULL,
	text          text NOT NULL,
	platform      text NOT NULL,
	intent        text NOT NULL,
	intents       text[] NOT NULL,
	sentiment     text NOT NULL,
	language      text NOT NULL,
	dialect       text NOT NULL,
	toxicity      text NOT NULL,
	channel_id    text NOT NULL,
	author        text NOT NULL,
	created_ns    bigint NOT NULL,
	classified_ns bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS comments_by_account ON comments (account_id, created_ns DESC, id DESC);

-- Version 1 to 2 in place (a no-op on a new database): the columns are added
-- here, numbered and made NOT NULL by migrate (pgledger.go) under the same lock.
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS comment_seq bigint NOT NULL DEFAULT 0;
ALTER TABLE comments ADD COLUMN IF NOT EXISTS seq bigint;
CREATE UNIQUE INDEX IF NOT EXISTS comments_by_seq ON comments (account_id, seq);

CREATE TABLE IF NOT EXISTS feedback (
	id                  text PRIMARY KEY,
	account_id          text NOT NULL,
	classification_id   text NOT NULL,
	rating              text NOT NULL,
	corrected_intent    text[] NOT NULL,
	corrected_sentiment text NOT NULL,
	comment             text NOT NULL,
	text                text NOT NULL,
	text_key            text NOT NULL,
	created_ns          bigint NOT NULL
);
-- One row per (account, classification): the newest feedback replaces the
-- older (feedbackSQL's ON CONFLICT), so a text is stored once however often
-- it is rated. text_key is no longer written (''). Earlier versions kept
-- every feedback: the older duplicates are dropped here (a no-op once the
-- unique index exists).
ALTER TABLE feedback ADD COLUMN IF NOT EXISTS corrected_dialect text NOT NULL DEFAULT '';
DELETE FROM feedback f USING feedback g WHERE f.account_id = g.account_id AND f.classification_id = g.classification_id
	AND (f.created_ns, f.id) < (g.created_ns, g.id);
CREATE UNIQUE INDEX IF NOT EXISTS feedback_by_classification ON feedback (account_id, classification_id);
CREATE INDEX IF NOT EXISTS feedback_recent ON feedback (account_id, created_ns DESC, id DESC);
DROP INDEX IF EXISTS feedback_corrections;
DROP INDEX IF EXISTS feedback_by_text;

-- At most 3000 classifications with feedback per account
-- (ledger.MaxFeedbackPerAccount; feedback.go asserts the literal): feedback
-- on one more raises SQLSTATE SVFB1 (ledger.ErrFeedbackLimit). Feedback on a
-- classification already stored (an update by ON CONFLICT) always passes.
-- The account's row is locked first, so two transactions storing an
-- account's new feedback at once count one after the other: the second
-- counts after the first committed (each statement of a plpgsql function
-- takes a new snapshot under READ COMMITTED) and the cap holds exactly.
-- FOR NO KEY UPDATE, not FOR UPDATE: it does not conflict with the FOR KEY
-- SHARE locks that inserting rows which reference the account take.
CREATE OR REPLACE FUNCTION svc_feedback_limit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM 1 FROM accounts WHERE id = NEW.account_id FOR NO KEY UPDATE;
	IF NOT EXISTS (SELECT 1 FROM feedback WHERE account_id = NEW.account_id AND classification_id = NEW.classification_id)
		AND (SELECT count(*) FROM feedback WHERE account_id = NEW.account_id) >= 3000 THEN
		RAISE EXCEPTION 'feedback limit reached for account %', NEW.account_id USING ERRCODE = 'SVFB1';
	END IF;
	RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER feedback_limit BEFORE INSERT ON feedback FOR EACH ROW EXECUTE FUNCTION svc_feedback_limit();

-- The comments' seq (see the comments table).
CREATE OR REPLACE FUNCTION svc_comment_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE accounts SET comment_seq = comment_seq + 1 WHERE id = NEW.account_id RETURNING comment_seq INTO NEW.seq;
	IF NEW.seq IS NULL THEN
		RAISE EXCEPTION 'comment % of no account', NEW.id USING ERRCODE = 'foreign_key_violation';
	END IF;
	RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER comments_seq BEFORE INSERT ON comments FOR EACH ROW EXECUTE FUNCTION svc_comment_seq();

-- Every feedback notifies every node at its commit (NOTIFY is delivered
-- when the inserting transaction commits, never if it rolls back): their
-- listeners read it and tell their node (feedback.go). A replacing feedback
-- is an UPDATE of the classification's row.
CREATE OR REPLACE FUNCTION svc_feedback_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('svc_feedback', NEW.id);
	RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER feedback_notify AFTER INSERT OR UPDATE ON feedback FOR EACH ROW EXECUTE FUNCTION svc_feedback_notify();

-- Idempotency keys (ledger/idempotency.go has the rules). One row per
-- (account, key): claimed while a call under the key is in flight (hold_id
-- set, no answer), done once the call committed (hold_id NULL, the answer
-- stored by the same statement or transaction as the call's write).
--   - A paid request's claim is inserted by its reserve statement together
--     with its hold (holds.idem_key names it) and deleted together with the
--     hold by Release and by the reaper, so a claimed row exists exactly as
--     long as its hold; the commit that deletes the hold stores the answer.
--     Two nodes claiming one key at once: the PRIMARY KEY fails the second
--     reserve statement whole (nothing reserved).
--   - A purchase or refund claims its key with hold_id '-' inside its own
--     transaction, where nobody else sees it: a concurrent duplicate waits on
--     the PRIMARY KEY until that transaction ends, then finds the answer (or
--     the key free again after a rollback).
--   - created_ns is the service clock at the commit; an answer is replayed
--     for ledger.IdemRetention after it, then deleted by the reapers in
--     bounded passes (idempotency_by_age).
CREATE TABLE IF NOT EXISTS idempotency (
	account_id  text NOT NULL,
	key         text NOT NULL,
	fingerprint bytea NOT NULL CHECK (length(fingerprint) = 32),
	hold_id     text,             -- the claiming hold ('-': a purchase or refund); NULL once done
	status      integer,          -- the answer: NULL while claimed
	request_id  text,
	header      text[],
	body        bytea,
	created_ns  bigint NOT NULL,
	PRIMARY KEY (account_id, key),
	CONSTRAINT claimed_or_answered CHECK ((hold_id IS NULL) = (status IS NOT NULL)
		AND (status IS NULL OR (request_id IS NOT NULL AND header IS NOT NULL AND body IS NOT NULL)))
);
CREATE INDEX IF NOT EXISTS idempotency_by_age ON idempotency (created_ns) WHERE hold_id IS NULL;
ALTER TABLE holds ADD COLUMN IF NOT EXISTS idem_key text; -- the idempotency key the hold claims
