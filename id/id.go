// Package id makes the identifiers of created records: "<prefix>_<26 chars>",
// where the 26 characters are a ULID (48-bit millisecond time, 80 random bits)
// in Crockford base32, so identifiers of one prefix sort by creation time
// (to the millisecond).
package id

import (
	"encoding/binary"
	"math/rand/v2"
	"time"
)

const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// Len is the length of the part after "<prefix>_".
const Len = 26

// New returns a fresh identifier "<prefix>_<ULID>" stamped with t.
func New(prefix string, t time.Time) string {
	var b [16]byte
	ms := uint64(t.UnixMilli())
	b[0] = byte(ms >> 40)
	b[1] = byte(ms >> 32)
	b[2] = byte(ms >> 24)
	b[3] = byte(ms >> 16)
	b[4] = byte(ms >> 8)
	b[5] = byte(ms)
	// The random part comes from the runtime's per-thread ChaCha8 generator,
	// seeded by the OS: unpredictable and unique enough for identifiers, and
	// no system call on the request path. Identifiers are not secrets.
	binary.BigEndian.PutUint16(b[6:], uint16(rand.Uint32()))
	binary.BigEndian.PutUint64(b[8:], rand.Uint64())
	out := make([]byte, 0, len(prefix)+1+Len)
	out = append(out, prefix...)
	out = append(out, '_')
	return string(appendULID(out, b))
}

// appendULID encodes 128 bits as 26 base32 characters (the first carries 3 bits).
func appendULID(dst []byte, b [16]byte) []byte {
	hi := binary.BigEndian.Uint64(b[:8])
	lo := binary.BigEndian.Uint64(b[8:])
	var s [Len]byte
	for i := Len - 1; i >= 0; i-- {
		s[i] = alphabet[lo&31]
		lo = lo>>5 | hi<<59
		hi >>= 5
	}
	return append(dst, s[:]...)
}

// Valid reports whether s looks like an identifier with the given prefix.
func Valid(s, prefix string) bool {
	if len(s) != len(prefix)+1+Len || s[:len(prefix)] != prefix || s[len(prefix)] != '_' {
		return false
	}
	for i := len(prefix) + 1; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') || c == 'I' || c == 'L' || c == 'O' || c == 'U' {
			return false
		}
	}
	return true
}
