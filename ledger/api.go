// Package ledger is the durable state of the service: accounts,
// API keys (SHA-256 only), credit purchases, holds and captures, refunds, the
// account-wide sandbox quota, comments, feedback and usage records.
//
// Rules the ledger keeps:
//   - Money is integer credits (1 credit = 0.001 USD).
//   - Every mutation is atomic and durable before the call returns.
//   - balance = purchased - refunded - captured, and never negative.
//   - Credits are consumed oldest purchase first; a purchase is refundable within
//     14 days of its creation for its unconsumed credits only.
//   - A sandbox account uses at most 100 counted requests in its lifetime,
//     across all its sandbox keys; in-flight reservations count against it.
//
// This file is the contract (Ledger) that httpapi calls. Two implementations
// keep it: *Store here (Pebble, embedded, one node) and ledger/pgledger
// (PostgreSQL, any number of nodes); ledger/ledgertest is the conformance
// suite both pass. The rules above are the contract's; how each store keeps
// them is its own:
//   - *Store (FORMAT.md has the key layout): every mutation is one atomic
//     Pebble batch written with Sync. Pebble is the source of truth; the
//     in-memory state (keys by hash, balances, quota counters) is rebuilt from
//     it by Open. Holds live only in memory and never survive a restart.
//   - pgledger (schema.sql has the tables): every reserve is one conditional
//     statement; commits (and Charge, a reserve and capture in one statement)
//     of concurrent requests share one transaction committed with
//     synchronous_commit on (group commit); holds are rows with a lease;
//     CHECK constraints carry the invariants.
package ledger

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// Constants of the contract.
const (
	SandboxQuota       = 100                 // counted requests per account, lifetime
	SandboxKeyLifetime = 14 * 24 * time.Hour // sandbox keys expire after this
	RefundWindow       = 14 * 24 * time.Hour // purchases are refundable within this
	DefaultRateLimit   = 600                 // live keys' per-minute ceiling unless set per account
	CreditsPerUSD      = 1000
)

// Packs lists the purchasable packs (USD -> credits).
var Packs = map[int]int64{25: 25_000, 50: 50_000, 100: 100_000, 500: 500_000}

// Errors. Callers test with errors.Is / errors.As.
var (
	ErrNotFound           = errors.New("ledger: not found")
	ErrUnauthenticated    = errors.New("ledger: unknown, malformed, revoked or expired key")
	ErrQuotaExhausted     = errors.New("ledger: sandbox quota exhausted")
	ErrRefundNotAllowed   = errors.New("ledger: refund not allowed")
	ErrBadCursor          = errors.New("ledger: invalid cursor")
	ErrInvalid            = errors.New("ledger: invalid argument")
	ErrClosed             = errors.New("ledger: closed")
	ErrInsufficientCredit = errors.New("ledger: insufficient credits")

	// ErrFeedbackLimit: the account already stores feedback on
	// MaxFeedbackPerAccount classifications; feedback on one of them
	// (replacing its older feedback) is still taken. Nothing was written.
	ErrFeedbackLimit = errors.New("ledger: feedback limit reached")

	// ErrUnavailable: the store cannot take the call now (its database is
	// down or unreachable, a write's durability is unknown, the caller's
	// deadline passed). Nothing was charged by the call that got it, except
	// that a Commit's outcome may be unknown (see Commit). Health is 503.
	ErrUnavailable = errors.New("ledger: store unavailable")

	// ErrHoldEnded is returned by Commit for a hold already committed or
	// released (or expired: a hold's lease ran out before its commit).
	ErrHoldEnded = errors.New("ledger: hold already ended")

	// ErrIdemInFlight: another call under the same idempotency key has
	// not ended yet (ReserveOnce, PurchaseOnce, RefundOnce). Nothing was
	// reserved or written; retry later.
	ErrIdemInFlight = errors.New("ledger: idempotency key in use by a call in flight")

	// ErrIdemMismatch: the idempotency key was used before with a different
	// request (another fingerprint). Nothing was reserved or written.
	ErrIdemMismatch = errors.New("ledger: idempotency key used with a different request")

	// ErrInvariant is returned when a mutation would break a ledger
	// invariant (negative balance, holds above the balance, consumption above
	// a purchase's credits, quota above SandboxQuota). Nothing is written.
	ErrInvariant = errors.New("ledger: invariant violated")
)

// InsufficientCreditsError is returned by Reserve and Charge when a live
// balance (less holds in flight) is below the price.
// errors.Is(err, ErrInsufficientCredit) holds.
type InsufficientCreditsError struct {
	BalanceCredits  int64 // the balance available to this request
	RequiredCredits int64
	Receipt         Receipt // the account's figures when it was refused
}

func (e *InsufficientCreditsError) Error() string { return ErrInsufficientCredit.Error() }
func (e *InsufficientCreditsError) Unwrap() error { return ErrInsufficientCredit }

// RefusalError is a refusal of Reserve or Charge other than credits
// (Err is ErrQuotaExhausted, or ErrUnauthenticated for a key revoked or
// expired since Authenticate) with the account's figures when it was
// refused, so the response needs no read for its headers.
type RefusalError struct {
	Err     error
	Receipt Receipt
}

func (e *RefusalError) Error() string { return e.Err.Error() }
func (e *RefusalError) Unwrap() error { return e.Err }

// RefusalReceipt returns the account's figures a refusal of Reserve or
// Charge carries; ok false for any other error.
func RefusalReceipt(err error) (rc Receipt, ok bool) {
	var ic *InsufficientCreditsError
	if errors.As(err, &ic) {
		return ic.Receipt, true
	}
	var re *RefusalError
	if errors.As(err, &re) {
		return re.Receipt, true
	}
	return Receipt{}, false
}

// KeyKind is "sandbox" or "live".
type KeyKind string

const (
	Sandbox KeyKind = "sandbox"
	Live    KeyKind = "live"
)

// Account is a customer.
type Account struct {
	ID                 string // "acct_..."
	Name               string
	RateLimitPerMinute int
	CreatedAt          time.Time
}

// AccountView is an account with its balance, quota, purchases and keys (no secrets).
type AccountView struct {
	Account
	BalanceCredits      int64
	CreditsPurchased    int64 // sum of purchases
	CreditsRefunded     int64
	CreditsUsed         int64 // sum of captures
	SandboxRequestsUsed int
	Purchases           []Purchase
	Keys                []Key
}

// Key is an API key record; the secret itself is never stored.
type Key struct {
	ID        string // "key_..."
	AccountID string
	Kind      KeyKind
	Prefix    string // first 16 characters of the secret, e.g. "svc_live_sk_AbCd", for display
	CreatedAt time.Time
	ExpiresAt time.Time // zero for live keys
	RevokedAt time.Time // zero unless revoked
}

// Purchase is a credit pack bought by an account.
type Purchase struct {
	ID         string // "pur_..."
	AccountID  string
	PackUSD    int
	Credits    int64
	Consumed   int64
	Refunded   int64
	CreatedAt  time.Time
	RefundedAt time.Time // zero unless refunded
}

// Principal is an authenticated caller: its key and account.
type Principal struct {
	Key     Key
	Account Account
}

// Hold is a reservation taken by Reserve and ended exactly once by Commit or
// Release. It holds Price credits (live) or one quota slot (sandbox). It is
// opaque to callers: only the implementation that made it acts on it, from
// its own record of what was reserved (the exported fields are for the
// caller to read and are never trusted back).
type Hold struct {
	ID        string // the implementation's handle ("hld_..." in pgledger; "" in *Store)
	AccountID string
	KeyID     string
	Kind      KeyKind
	Price     int64   // list price in credits; 0 for free counted operations (feedback)
	Receipt   Receipt // the account right after the hold was taken
	Once      string  // the idempotency key the hold claims (ReserveOnce); "" for none

	// *Store's own copy of what was reserved.

	s     *Store
	a     *account
	keyID string
	kind  KeyKind
	price int64
	ended bool   // guarded by a.mu: set by the first Commit or Release
	claim *claim // the idempotency claim of ReserveOnce, nil for none

	// committing is set by the first Commit before it does anything: a
	// concurrent or later Commit of the same hold returns ErrHoldEnded at
	// once, without touching the hold or claiming its comment id.
	committing atomic.Bool
}

// Receipt is an account's figures as a write left them, so a response needs
// no second read: the balance less holds in flight, and the sandbox slots left
// (SandboxQuota less counted and reserved requests).
type Receipt struct {
	BalanceCredits   int64
	SandboxRemaining int
}

// Usage is the record of one completed, counted request.
type Usage struct {
	ID            string // "use_..."
	AccountID     string
	KeyID         string
	Endpoint      string // e.g. "/v1/classify"
	ListCredits   int64  // the operation's list price
	Charged       int64  // credits actually captured (0 for cache hits and sandbox keys)
	CacheHit      bool
	Sandbox       bool
	LatencyMicros int64
	At            time.Time
}

// Comment is a classified comment, stored by classify.
type Comment struct {
	ID           string // the classification id, "cls_..."
	AccountID    string
	Text         string
	Platform     string // "" when not given
	Intent       string // the first intent
	Intents      []string
	Sentiment    string
	Language     string
	Dialect      string // "" for English
	Toxicity     string
	ChannelID    string
	Author       string
	CreatedAt    time.Time // from the request when given, else now
	ClassifiedAt time.Time
}

// MaxFeedbackPerAccount caps the classifications an account keeps feedback
// on: a feedback on one more is refused (ErrFeedbackLimit). One feedback is
// kept per classification, the newest: a later one replaces it.
const MaxFeedbackPerAccount = 3000

// Feedback is an account's rating of one classification, and the labels it
// teaches. Stored once per (account, classification): the newest replaces
// the older (by CreatedAt, then ID), so the text is stored once however
// often a classification is rated.
type Feedback struct {
	ID               string // "fb_..."
	AccountID        string
	ClassificationID string
	Rating           string // correct | incorrect | partial
	// The labels the feedback teaches: the corrected ones, and for what the
	// caller did not correct under rating correct or partial, the
	// classification's own (confirmed). Empty: not taught.
	CorrectedIntent    []string
	CorrectedSentiment string
	CorrectedDialect   string
	Comment            string
	Text               string // the classified comment's text
	CreatedAt          time.Time
}

// Records is what a Commit writes besides the capture, atomically with it.
type Records struct {
	Usage    Usage     // always written
	Comment  *Comment  // classify
	Feedback *Feedback // feedback
	// Answer is the response stored under the hold's idempotency key:
	// required for a hold of ReserveOnce, refused (ErrInvalid) for others.
	Answer *Answer
}

// CommentFilter selects comments of one account. Zero values do not filter.
type CommentFilter struct {
	ChannelID, Platform, Intent, Sentiment, Dialect, Toxicity string
	From, To                                                  time.Time // inclusive bounds on CreatedAt
	Limit                                                     int       // 1..100
	Cursor                                                    string    // from a previous page; ErrBadCursor if tampered
}

// CommentPage is one page of comments, CreatedAt descending (ties: id descending).
type CommentPage struct {
	Comments   []Comment
	HasMore    bool
	NextCursor string // "" when !HasMore
	TotalCount int    // comments matching the filter, all pages
}

// AnalyticsQuery selects comments for analytics. GroupBy is day, week or month.
type AnalyticsQuery struct {
	ChannelID, Platform string
	From, To            time.Time
	GroupBy             string
}

// Trend is one period of analytics.
type Trend struct {
	Start, End     time.Time // the period's first and last day (dates)
	Total          int
	SentimentScore float64 // (positive - negative) / total, in -1..1; 0 when total is 0
	TopIntent      string  // most frequent intent ("other" when total is 0)
}

// Analytics aggregates comments. Every map has every enum value as a key (zeros included).
type Analytics struct {
	Total     int
	Intent    map[string]int
	Sentiment map[string]int
	Dialect   map[string]int
	Toxicity  map[string]int
	Trends    []Trend // oldest first, only periods inside [From, To]
}

// UsageQuery selects usage records of one account. GroupBy is day, week, month or endpoint.
type UsageQuery struct {
	From, To time.Time
	GroupBy  string
}

// EndpointUsage aggregates usage of one endpoint.
type EndpointUsage struct {
	Endpoint     string
	Requests     int
	Charged      int64 // credits
	CacheHits    int
	AvgLatencyMs float64
}

// UsageBucket is one element of the breakdown (GroupBy day/week/month/endpoint).
type UsageBucket struct {
	Key       string // period "YYYY-MM-DD/YYYY-MM-DD" or endpoint path
	Requests  int
	Charged   int64
	CacheHits int
}

// UsageSummary is the usage of one account in a period, plus its balance now.
type UsageSummary struct {
	TotalRequests    int
	TotalCharged     int64
	CacheHits        int
	ByEndpoint       []EndpointUsage // sorted by endpoint
	Breakdown        []UsageBucket
	BalanceCredits   int64
	CreditsPurchased int64 // net of refunds
	CreditsUsed      int64
}

// Ledger is the whole API httpapi uses. *Store (Pebble) and pgledger.Ledger
// (PostgreSQL) implement it; ledgertest.Run checks both.
//
// Every method but Close takes the caller's context: a networked store bounds
// each call by its deadline and gives ErrUnavailable (wrapping the cause) when
// the store cannot answer in time; *Store, local, ignores it. Any method may
// return ErrUnavailable; ErrClosed after Close.
//
// Revocation: a key revoked on any node fails Authenticate on every node
// within KeyRevocationDelay, and fails Reserve at once (counted requests
// re-check the key in the reserve itself).
type Ledger interface {
	// Close releases the store. Holds in flight are dropped (never charged).
	Close() error
	// Check reports whether the store accepts a durable write (health).
	Check(ctx context.Context) error
	// Empty reports whether the store has no account yet (first start).
	Empty(ctx context.Context) (bool, error)

	CreateAccount(ctx context.Context, name string, rateLimitPerMinute int) (Account, error)
	// AccountSummary is the account's figures with only the newest max
	// (1..MaxAccountPage) purchases and keys, with their totals.
	AccountSummary(ctx context.Context, accountID string, max int) (AccountSummary, error)
	// AccountPurchases and AccountKeys page an account's purchases and keys,
	// newest first; ErrBadCursor when StartingAfter is not one of the account's.
	AccountPurchases(ctx context.Context, accountID string, q PageQuery) (PurchasePage, error)
	AccountKeys(ctx context.Context, accountID string, q PageQuery) (KeyPage, error)
	// Accounts pages every account, newest first, optionally only those
	// matching q.Search (Matches); ErrBadCursor when StartingAfter is not an
	// account, ErrInvalid for a limit or search out of bounds.
	Accounts(ctx context.Context, q AccountQuery) (AccountPage, error)
	// CreateKey makes a key and returns its record and its secret (shown once).
	CreateKey(ctx context.Context, accountID string, kind KeyKind) (Key, string, error)
	RevokeKey(ctx context.Context, keyID string) (Key, error)
	// Authenticate maps a bearer secret to its key and account, comparing
	// SHA-256 digests in constant time. Unknown, malformed, revoked or expired
	// keys give ErrUnauthenticated.
	Authenticate(ctx context.Context, secret string) (Principal, error)
	Purchase(ctx context.Context, accountID string, packUSD int) (Purchase, error)
	// Refund returns the purchase's unconsumed credits; ErrRefundNotAllowed
	// past RefundWindow or when nothing is left.
	Refund(ctx context.Context, purchaseID string) (p Purchase, refundedCredits int64, err error)

	// BalanceCredits is the account's balance, less holds in flight.
	BalanceCredits(ctx context.Context, accountID string) (int64, error)
	// SandboxRemaining is SandboxQuota less counted and reserved requests.
	SandboxRemaining(ctx context.Context, accountID string) (int, error)
	// Figures is BalanceCredits and SandboxRemaining in one read (the
	// headers of a response that wrote nothing).
	Figures(ctx context.Context, accountID string) (Receipt, error)
	// Reserve takes a hold of price credits (live key) or one quota slot
	// (sandbox key), re-checking that the key is usable (ErrUnauthenticated).
	// Live: *InsufficientCreditsError when the balance less holds is below
	// price. Sandbox: ErrQuotaExhausted when no slot is left.
	Reserve(ctx context.Context, p Principal, price int64) (*Hold, error)
	// Release ends a hold without charging anything. Idempotent; a hold the
	// store cannot release now (unavailable) is released by its lease.
	Release(ctx context.Context, h *Hold) error
	// Commit ends a hold: captures the hold's price when charge is true and the
	// key is live (0 otherwise), counts the sandbox slot, and writes r, all in
	// one durable transaction, and returns the account's figures after it. A
	// second Commit of the same hold is ErrHoldEnded and charges nothing. On
	// other errors nothing was written and the hold is released (or left to
	// its lease), except ErrUnavailable, where the write's outcome may be
	// unknown (a lost connection after COMMIT, a failed fsync).
	Commit(ctx context.Context, h *Hold, charge bool, r Records) (Receipt, error)
	// Charge is Reserve and Commit in one step, for an operation whose
	// answer is computed before it is charged (detect): the key re-checked,
	// price required of the balance less holds (live) or one slot of the
	// quota (sandbox), captured when charge is true (live), the slot counted
	// (sandbox), and r written, in one durable transaction. Refusals are
	// Reserve's (nothing written); other errors are Commit's: nothing was
	// written, except ErrUnavailable, where the outcome may be unknown.
	Charge(ctx context.Context, p Principal, price int64, charge bool, r Records) (Receipt, error)

	// ReserveOnce is Reserve under an idempotency key of p's account
	// (idempotency.go has the rules). An answer stored under k.Key is
	// returned with a nil hold, nothing reserved, when k.Fingerprint is the
	// one it was stored with, else ErrIdemMismatch; a key claimed by a hold
	// in flight is ErrIdemInFlight (ErrIdemMismatch for another fingerprint).
	// Otherwise it is Reserve, and the hold claims the key until it ends:
	// its Commit stores r.Answer under the key in the same transaction; its
	// Release (or the end of its lease) frees the key.
	ReserveOnce(ctx context.Context, p Principal, price int64, k IdemKey) (*Hold, *Answer, error)
	// PurchaseOnce is Purchase under an idempotency key of the account:
	// the answer made by answer from the new purchase is stored in the
	// purchase's transaction and returned; a retry gets the stored answer
	// back (replayed true) and buys nothing. Errors as ReserveOnce's.
	PurchaseOnce(ctx context.Context, accountID string, packUSD int, k IdemKey, answer func(Purchase) Answer) (a Answer, replayed bool, err error)
	// RefundOnce is Refund under an idempotency key of the purchase's
	// account, stored and replayed as PurchaseOnce. A refused refund
	// (ErrRefundNotAllowed) stores nothing.
	RefundOnce(ctx context.Context, purchaseID string, k IdemKey, answer func(p Purchase, refundedCredits int64) Answer) (a Answer, replayed bool, err error)

	// Comment returns a comment of the account; ErrNotFound for another account's.
	Comment(ctx context.Context, accountID, commentID string) (Comment, error)
	ListComments(ctx context.Context, accountID string, f CommentFilter) (CommentPage, error)
	Analytics(ctx context.Context, accountID string, q AnalyticsQuery) (Analytics, error)
	Usage(ctx context.Context, accountID string, q UsageQuery) (UsageSummary, error)
	// RecentFeedback returns up to max (at most MaxFeedbackPerAccount) of
	// the account's feedback, every rating, one per classification (the
	// newest), newest first.
	RecentFeedback(ctx context.Context, accountID string, max int) ([]Feedback, error)
}

// KeyRevocationDelay bounds how long a revoked key may still authenticate on
// another node (its cache's backstop TTL); counted requests never pass it.
const KeyRevocationDelay = 5 * time.Second

// Checkpointer is a store that can copy itself to a directory (the admin
// backup): *Store does; a database-backed store is backed up by the
// database's own tools.
type Checkpointer interface {
	// Checkpoint writes a consistent copy of the store to dir, which must
	// not exist (restore by opening the copy as the ledger).
	Checkpoint(dir string) error
}
