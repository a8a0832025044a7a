-- The version 1 schema (main before the comment seq), for TestUpgradeFromVersion1.
-- The PostgreSQL ledger's schema (package pgledger), version 1.
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
	CONSTRAINT balance_not_negative CHECK (purchased - refunded - captured >= 0),
	CONSTRAINT holds_within_balance CHECK (held >= 0 AND held <= purchased - refunded - captured),
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

-- Comment ids are minted by the caller; PRIMARY KEY makes a reused id fail
-- its commit (nothing charged) instead of overwriting a comment.
CREATE TABLE IF NOT EXISTS comments (
	id            text PRIMARY KEY,
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
CREATE INDEX IF NOT EXISTS feedback_corrections ON feedback (account_id, created_ns DESC, id DESC) WHERE rating <> 'correct';
CREATE INDEX IF NOT EXISTS feedback_by_text ON feedback (account_id, text_key, created_ns DESC, id DESC) WHERE rating <> 'correct';
