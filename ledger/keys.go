package ledger

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"sync/atomic"

	"svc/id"
)

// Secret format: one of the two prefixes, then secretRandLen base62 characters.
const (
	sandboxPrefix  = "svc_test_sk_"
	livePrefix     = "svc_live_sk_"
	secretRandLen  = 32
	secretLen      = len(livePrefix) + secretRandLen
	displayLen     = 16 // Key.Prefix: the first characters of the secret
	base62Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
)

// keyState is a key in memory. Its Key is immutable once published: RevokeKey
// (under acct.mu, which orders revocations) stores a new copy, so readers such
// as Authenticate load it without any lock.
type keyState struct {
	acct *account
	hash [32]byte // SHA-256 of the secret
	key  atomic.Pointer[Key]
}

func newKeyState(a *account, hash [32]byte, k Key) *keyState {
	ks := &keyState{acct: a, hash: hash}
	ks.key.Store(&k)
	return ks
}

// load returns the key as last published.
func (ks *keyState) load() Key { return *ks.key.Load() }

// keyRecord is the value of key/<keyID>: the key and the SHA-256 of its secret.
type keyRecord struct {
	Key
	SHA256 []byte
}

// newSecret returns prefix + 32 base62 characters from crypto/rand
// (rejection sampling: bytes >= 248 are redrawn, so each character is uniform).
func newSecret(kind KeyKind) (string, error) {
	prefix := sandboxPrefix
	if kind == Live {
		prefix = livePrefix
	}
	out := make([]byte, 0, secretLen)
	out = append(out, prefix...)
	var buf [64]byte
	for len(out) < secretLen {
		if _, err := rand.Read(buf[:]); err != nil {
			return "", err
		}
		for _, c := range buf {
			if c < 248 && len(out) < secretLen {
				out = append(out, base62Alphabet[c%62])
			}
		}
	}
	return string(out), nil
}

// parseSecret checks the shape of a secret without any lookup and returns
// the kind its prefix names.
func parseSecret(secret string) (KeyKind, bool) {
	if len(secret) != secretLen {
		return "", false
	}
	var kind KeyKind
	switch secret[:len(livePrefix)] {
	case livePrefix:
		kind = Live
	case sandboxPrefix:
		kind = Sandbox
	default:
		return "", false
	}
	for i := len(livePrefix); i < len(secret); i++ {
		c := secret[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z') {
			return "", false
		}
	}
	return kind, true
}

// CreateKey makes a key for the account and returns its record and secret.
// The secret is shown once: only its SHA-256 is stored. Sandbox keys expire
// SandboxKeyLifetime after creation. Batch: key/<keyID>.
func (s *Store) CreateKey(ctx context.Context, accountID string, kind KeyKind) (Key, string, error) {
	if kind != Sandbox && kind != Live {
		return Key{}, "", fmt.Errorf("%w: key kind %q", ErrInvalid, kind)
	}
	a, err := s.account(accountID)
	if err != nil {
		return Key{}, "", err
	}
	secret, err := newSecret(kind)
	if err != nil {
		return Key{}, "", err
	}
	if err := s.enterWrite(); err != nil {
		return Key{}, "", err
	}
	defer s.leave()
	now := s.nowUTC()
	k := Key{ID: id.New("key", now), AccountID: accountID, Kind: kind, Prefix: secret[:displayLen], CreatedAt: now}
	if kind == Sandbox {
		k.ExpiresAt = now.Add(SandboxKeyLifetime)
	}
	ks := newKeyState(a, sha256.Sum256([]byte(secret)), k)
	v, _ := json.Marshal(keyRecord{Key: k, SHA256: ks.hash[:]})
	b := s.db.NewBatch()
	b.Set(key(pKey, k.ID), v, nil)
	if err := s.commitNew(b); err != nil {
		return Key{}, "", err
	}
	s.mu.Lock()
	s.keyByHash[ks.hash] = ks
	s.keyByID[k.ID] = ks
	s.mu.Unlock()
	a.mu.Lock()
	a.keys = append(a.keys, ks)
	a.mu.Unlock()
	return k, secret, nil
}

// RevokeKey sets the key's RevokedAt (once; revoking again returns the record
// unchanged). Holds already taken with the key still commit. Batch: key/<keyID>.
func (s *Store) RevokeKey(ctx context.Context, keyID string) (Key, error) {
	s.mu.RLock()
	ks := s.keyByID[keyID]
	s.mu.RUnlock()
	if ks == nil {
		return Key{}, ErrNotFound
	}
	if err := s.enterWrite(); err != nil {
		return Key{}, err
	}
	defer s.leave()
	a := ks.acct
	s.acquire()
	defer s.release()
	a.mu.Lock()
	k := ks.load()
	if !k.RevokedAt.IsZero() {
		a.mu.Unlock()
		return k, nil
	}
	k.RevokedAt = s.nowUTC()
	v, _ := json.Marshal(keyRecord{Key: k, SHA256: ks.hash[:]})
	b := s.db.NewBatch()
	b.Set(key(pKey, k.ID), v, nil)
	if err := s.apply(b); err != nil {
		a.mu.Unlock()
		return Key{}, err
	}
	ks.key.Store(&k)
	a.mu.Unlock()
	return k, s.wait(b)
}

// Authenticate maps a bearer secret to its key and account. A malformed
// secret (prefix, length, charset) fails before any lookup. The SHA-256 of
// the secret selects the record and is compared with the stored digest in
// constant time. Unknown, revoked or expired (sandbox, now >= ExpiresAt) keys,
// and keys whose prefix names the other kind, give ErrUnauthenticated.
func (s *Store) Authenticate(ctx context.Context, secret string) (Principal, error) {
	kind, ok := parseSecret(secret)
	if !ok {
		return Principal{}, ErrUnauthenticated
	}
	if err := s.enter(); err != nil {
		return Principal{}, err
	}
	defer s.leave()
	sum := sha256.Sum256([]byte(secret))
	s.mu.RLock()
	ks := s.keyByHash[sum]
	s.mu.RUnlock()
	if ks == nil || subtle.ConstantTimeCompare(ks.hash[:], sum[:]) != 1 {
		return Principal{}, ErrUnauthenticated
	}
	a := ks.acct
	k := ks.load() // lock-free: a request never queues behind the account's commits
	if k.Kind != kind || !s.usable(k) {
		return Principal{}, ErrUnauthenticated
	}
	return Principal{Key: k, Account: a.info}, nil
}

// usable reports whether k is neither revoked nor expired now.
func (s *Store) usable(k Key) bool {
	if !k.RevokedAt.IsZero() {
		return false
	}
	return k.ExpiresAt.IsZero() || s.now().Before(k.ExpiresAt)
}
