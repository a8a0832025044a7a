package pgledger

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"sync/atomic"

	"github.com/jackc/pgx/v5"

	"svc/ledger"
)

// keyCreatedChannel carries the SHA-256 (hex) of each created key, sent by
// the creating transaction (delivered at its commit).
const keyCreatedChannel = "svc_key_created"

// keyFilter is a Bloom filter of the SHA-256 of every key in the database,
// so that a node can tell without a database round trip that a secret is
// no key (MayHaveKey). httpapi asks it only for client addresses over their
// failed-authentication limit: a flood of random keys from such an address
// then costs a SHA-256 and four bit tests per request, not a query.
//
// It is (re)loaded by the listener each time it connects, after its LISTEN
// (a key created before the load's snapshot is in it, one created after is
// notified on keyCreatedChannel); the creating node adds its own key at
// once. While the listener is not connected the filter is not ready and
// MayHaveKey says true (a lookup in the database): it never refuses a key
// it could have missed. A key created on another node becomes known here
// when its NOTIFY arrives (milliseconds): until then MayHaveKey is false for
// it, which only matters for an address over its failure limit.
//
// Size: a fixed 2^24 bits (2 MiB) whatever the number of keys, four bits
// per key: false positives (a lookup for nothing) ~3e-7 at 100,000 keys,
// ~2e-3 at 1,000,000. Revoked keys stay in it (Authenticate refuses them).
type keyFilter struct {
	bits  atomic.Pointer[[filterWords]atomic.Uint64]
	ready atomic.Bool
}

const (
	filterBits  = 1 << 24
	filterWords = filterBits / 64
)

// positions are the four bits of a key's hash.
func positions(sum *[32]byte) [4]uint32 {
	var p [4]uint32
	for i := range p {
		p[i] = binary.LittleEndian.Uint32(sum[4*i:]) & (filterBits - 1)
	}
	return p
}

func setBits(b *[filterWords]atomic.Uint64, sum *[32]byte) {
	for _, x := range positions(sum) {
		b[x/64].Or(1 << (x % 64))
	}
}

// add records a key's hash in the current filter.
func (f *keyFilter) add(sum *[32]byte) {
	if b := f.bits.Load(); b != nil {
		setBits(b, sum)
	}
}

// unready marks the filter unusable until the next load.
func (f *keyFilter) unready() { f.ready.Store(false) }

// load builds a new filter from every key's hash read on conn and makes it
// the current one.
func (f *keyFilter) load(ctx context.Context, conn *pgx.Conn) error {
	b := new([filterWords]atomic.Uint64)
	rows, err := conn.Query(ctx, "SELECT sha256 FROM keys")
	if err != nil {
		return err
	}
	var raw []byte
	_, err = pgx.ForEachRow(rows, []any{&raw}, func() error {
		if len(raw) == 32 {
			setBits(b, (*[32]byte)(raw))
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.bits.Store(b)
	f.ready.Store(true)
	return nil
}

// MayHaveKey reports whether secret may be a key of the database: false
// only when it certainly is not (malformed, or not in the filter while the
// filter is current). It does no I/O.
func (l *Ledger) MayHaveKey(secret string) bool {
	if _, ok := ledger.ParseSecret(secret); !ok {
		return false
	}
	b := l.filter.bits.Load()
	if !l.filter.ready.Load() || b == nil {
		return true
	}
	sum := sha256.Sum256([]byte(secret))
	for _, x := range positions(&sum) {
		if b[x/64].Load()&(1<<(x%64)) == 0 {
			return false
		}
	}
	return true
}
