package ledger

import (
	"encoding/binary"
	"errors"
	"time"
)

// Key prefixes. FORMAT.md is the reference for what each key holds.
const (
	pMeta    = "meta/"
	pAcct    = "acct/"
	pAcctSt  = "acst/"
	pKey     = "key/"
	pPur     = "pur/"
	pCmt     = "cmt/"
	pCmtTime = "cmtt/"
	pUse     = "use/"
	pUseTot  = "ust/"
	// Feedback (records.go): fbl/<acct>/<classification id> holds the one
	// (newest) feedback of a classification, text included; fbt/<acct>/
	// <time12><fbID> indexes it by time (value: the classification id);
	// fbn/<acct> counts the account's fbl/ rows (8 bytes, big endian). The
	// prefixes fb/, fbc/ and fbk/ of earlier versions are no longer written
	// or read.
	pFbLast  = "fbl/"
	pFbTime  = "fbt/"
	pFbCount = "fbn/"
)

var (
	kVersion      = []byte(pMeta + "version")
	kCursorSecret = []byte(pMeta + "cursor_secret")
	kHealth       = []byte(pMeta + "health")
)

// formatVersion is the value of meta/version this code reads and writes.
// Version 2 added the usage totals (ust/); Open upgrades a version 1 store
// in place (upgradeV1), and a version 1 binary refuses a version 2 store, so
// no writer can add records without their totals.
const formatVersion = "2"

// timeLen is the length of an encoded time (see appendTime).
const timeLen = 12

// appendTime appends t as 12 bytes that sort like the times they encode: the
// Unix seconds as a big-endian uint64 with the sign bit flipped, then the
// nanoseconds as a big-endian uint32. Every year of time.Time is representable.
func appendTime(b []byte, t time.Time) []byte {
	b = binary.BigEndian.AppendUint64(b, uint64(t.Unix())^(1<<63))
	return binary.BigEndian.AppendUint32(b, uint32(t.Nanosecond()))
}

// readTime decodes 12 bytes written by appendTime.
func readTime(b []byte) (time.Time, bool) {
	if len(b) < timeLen {
		return time.Time{}, false
	}
	sec := int64(binary.BigEndian.Uint64(b) ^ (1 << 63))
	ns := binary.BigEndian.Uint32(b[8:])
	if ns >= 1e9 {
		return time.Time{}, false
	}
	return time.Unix(sec, int64(ns)).UTC(), true
}

// key concatenates the parts of a key.
func key(parts ...string) []byte {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	b := make([]byte, 0, n+timeLen+32)
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// acctPrefix is "<prefix><accountID>/".
func acctPrefix(prefix, accountID string) []byte { return key(prefix, accountID, "/") }

// timeKey is "<prefix><accountID>/<time12><id>".
func timeKey(prefix, accountID string, t time.Time, id string) []byte {
	b := appendTime(acctPrefix(prefix, accountID), t)
	return append(b, id...)
}

// upperBound returns the smallest key greater than every key with prefix p.
func upperBound(p []byte) []byte {
	u := append([]byte(nil), p...)
	for i := len(u) - 1; i >= 0; i-- {
		if u[i] < 0xff {
			u[i]++
			return u[:i+1]
		}
	}
	return nil // p is all 0xff: no upper bound
}

// Small binary codec for hot records (comments' filter header, usage).

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

var errShort = errors.New("ledger: corrupt record")

// reader consumes a binary record; the first error sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) bytes() []byte {
	if r.err != nil {
		return nil
	}
	n, k := binary.Uvarint(r.b)
	if k <= 0 || uint64(len(r.b)-k) < n {
		r.err = errShort
		return nil
	}
	s := r.b[k : k+int(n)]
	r.b = r.b[k+int(n):]
	return s
}

func (r *reader) str() string { return string(r.bytes()) }

func (r *reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, k := binary.Varint(r.b)
	if k <= 0 {
		r.err = errShort
		return 0
	}
	r.b = r.b[k:]
	return v
}

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if len(r.b) == 0 {
		r.err = errShort
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func binaryAppendVarint(b []byte, v int64) []byte { return binary.AppendVarint(b, v) }
