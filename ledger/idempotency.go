package ledger

import (
	"encoding/binary"
	"fmt"
	"time"
)

// Idempotency keys: the rules every implementation keeps.
//
// A caller may send a write (a paid request, a purchase, a refund) under an
// idempotency key of its account, with the fingerprint of the request. The
// first call under the key that commits stores its answer in the same
// durable transaction as the write itself; a later call with the same key
// and fingerprint gets that answer back (a replay) and writes nothing,
// charges nothing, reserves nothing. So a client that lost the answer (its
// connection broke after the commit) retries safely, on any node.
//
//   - Scope: one account. Two accounts may use the same key.
//   - A key is claimed by at most one call in flight: a second call while the
//     first has not ended is ErrIdemInFlight, never a second execution.
//   - The same key with another fingerprint is ErrIdemMismatch, whatever the
//     key's state (stored or in flight).
//   - Only writes that committed store an answer. A call that failed or was
//     refused (insufficient credits, quota, a failed engine, a refused
//     refund) frees the key: a retry runs again.
//   - An answer is kept IdemRetention after its commit (the service clock,
//     so a test clock moves it). After that the key is free again; expired
//     answers are deleted in bounded passes (ExpireAnswers).
//   - Answers survive a restart; claims do not (their holds do not either).

// Limits of idempotency keys and their answers.
const (
	MaxIdemKeyLen  = 255              // bytes of a key (printable ASCII)
	MaxAnswerBytes = 8 << 20          // body and headers of a stored answer
	IdemRetention  = 24 * time.Hour   // how long an answer is replayed
	maxAnswerPairs = 32               // header name/value pairs of an answer
	expirePass     = 1000             // answers one ExpireAnswers pass deletes at most
	expireEvery    = 30 * time.Second // the Pebble janitor's period
)

// IdemKey is an idempotency key as a call carries it.
type IdemKey struct {
	Key         string   // 1..MaxIdemKeyLen bytes of printable ASCII (0x20-0x7e)
	Fingerprint [32]byte // the caller's digest of the request (SHA-256 of what makes it this request)
}

// Answer is the response stored under an idempotency key by the commit of
// the first call and returned to its retries.
type Answer struct {
	Status    int      // HTTP status
	RequestID string   // the first call's request id
	Header    []string // name, value pairs the replay sends again
	Body      []byte
	CreatedAt time.Time // when it was stored (set by the store)
}

// ValidIdemKey reports whether k is a well-formed key: 1 to MaxIdemKeyLen
// bytes, each printable ASCII (space to tilde).
func ValidIdemKey(k string) bool {
	if len(k) == 0 || len(k) > MaxIdemKeyLen {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// CheckIdem validates a key and an answer before a store writes them.
func CheckIdem(k IdemKey, a *Answer) error {
	if !ValidIdemKey(k.Key) {
		return fmt.Errorf("%w: idempotency key must be 1-%d printable ASCII bytes", ErrInvalid, MaxIdemKeyLen)
	}
	if a == nil {
		return nil
	}
	n := len(a.Body) + len(a.RequestID)
	for _, h := range a.Header {
		n += len(h)
	}
	switch {
	case a.Status < 100 || a.Status > 599:
		return fmt.Errorf("%w: answer status %d", ErrInvalid, a.Status)
	case len(a.Header)%2 != 0 || len(a.Header) > 2*maxAnswerPairs:
		return fmt.Errorf("%w: answer headers must be at most %d name/value pairs", ErrInvalid, maxAnswerPairs)
	case n > MaxAnswerBytes:
		return fmt.Errorf("%w: answer of %d bytes (at most %d)", ErrInvalid, n, MaxAnswerBytes)
	}
	return nil
}

// Expired reports whether an answer stored at created is past its retention at now.
func Expired(created, now time.Time) bool { return !now.Before(created.Add(IdemRetention)) }

// Pebble encoding (FORMAT.md): idem/<accountID>/<key> holds the answer,
// idmx/<time12(expiry)><accountID>/<key> indexes it by expiry.

const (
	pIdem       = "idem/"
	pIdemExpiry = "idmx/"
)

// idemRecord is the value of idem/: the fingerprint and the answer.
type idemRecord struct {
	fp  [32]byte
	ans Answer
}

// encodeIdem: 0x01, 32 bytes fingerprint, time12 CreatedAt, uvarint status,
// str request id, uvarint number of header strings, each a str, then the body
// to the end.
func encodeIdem(fp [32]byte, a *Answer) []byte {
	n := 64 + len(a.RequestID) + len(a.Body)
	for _, h := range a.Header {
		n += len(h) + 4
	}
	b := make([]byte, 0, n)
	b = append(b, recordV1)
	b = append(b, fp[:]...)
	b = appendTime(b, a.CreatedAt)
	b = binary.AppendUvarint(b, uint64(a.Status))
	b = appendStr(b, a.RequestID)
	b = binary.AppendUvarint(b, uint64(len(a.Header)))
	for _, h := range a.Header {
		b = appendStr(b, h)
	}
	return append(b, a.Body...)
}

func decodeIdem(v []byte) (idemRecord, error) {
	var r idemRecord
	if len(v) < 1+32+timeLen || v[0] != recordV1 {
		return r, errShort
	}
	copy(r.fp[:], v[1:33])
	t, ok := readTime(v[33:])
	if !ok {
		return r, errShort
	}
	r.ans.CreatedAt = t
	rd := reader{b: v[33+timeLen:]}
	st, k := binary.Uvarint(rd.b)
	if k <= 0 || st > 999 {
		return r, errShort
	}
	rd.b = rd.b[k:]
	r.ans.Status = int(st)
	r.ans.RequestID = rd.str()
	nh, k := binary.Uvarint(rd.b)
	if k <= 0 || nh > 2*maxAnswerPairs {
		return r, errShort
	}
	rd.b = rd.b[k:]
	for range nh {
		r.ans.Header = append(r.ans.Header, rd.str())
	}
	if rd.err != nil {
		return r, rd.err
	}
	r.ans.Body = append([]byte{}, rd.b...)
	return r, nil
}

// idemKey is idem/<accountID>/<key>.
func idemKey(accountID, k string) []byte { return key(pIdem, accountID, "/", k) }

// idemExpiryKey is idmx/<time12(expiry)><accountID>/<key>.
func idemExpiryKey(expiry time.Time, accountID, k string) []byte {
	b := appendTime([]byte(pIdemExpiry), expiry)
	b = append(b, accountID...)
	b = append(b, '/')
	return append(b, k...)
}
