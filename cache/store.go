package cache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/cockroachdb/pebble/v2"
)

// Stored record: key "e" + seq (8 bytes big-endian), value:
// version byte 1, expires (8 bytes BE, unix ns), then uvarint-length-prefixed
// account, op, params, text, value. Writes are NoSync: this is a cache.
//
// Version 2 (written only with the provider embedder, for entries that have
// a vector) inserts after expires: the vector space (8 bytes BE, spaceOf),
// the provider's source dimension (4 bytes BE) and the projected vector
// (Dims float32, little-endian), so that a restart reuses it instead of
// calling the provider. The rest is version 1's. Memory (the arena) always
// holds the version-1 form; version-1 records still load.

const (
	recVersion   = 1
	recVersionV2 = 2
	vecHeader    = 8 + 4 + 4*Dims // space, source dimension, vector
)

// withVector returns the version-2 stored form of rec (version 1).
func withVector(rec []byte, space uint64, srcDim uint32, vec []float32) []byte {
	b := make([]byte, 0, len(rec)+vecHeader)
	b = append(b, recVersionV2)
	b = append(b, rec[1:9]...)
	b = binary.BigEndian.AppendUint64(b, space)
	b = binary.BigEndian.AppendUint32(b, srcDim)
	for _, x := range vec[:Dims] {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return append(b, rec[9:]...)
}

// storedVec is the vector part of a version-2 record.
type storedVec struct {
	space  uint64
	srcDim uint32
	raw    []byte // 4*Dims bytes (a sub-slice of the record)
}

// vector decodes raw into a new slice.
func (sv storedVec) vector() []float32 {
	v := make([]float32, Dims)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(sv.raw[4*i:]))
	}
	return v
}

func seqKey(seq uint64) []byte {
	k := make([]byte, 9)
	k[0] = 'e'
	binary.BigEndian.PutUint64(k[1:], seq)
	return k
}

// encodeRecord builds the stored record of (k, value); valOff is the offset
// of the value inside it. The same bytes are kept in the generation's arena.
func encodeRecord(k Key, value []byte, expires int64) (rec []byte, valOff int) {
	n := 1 + 8 + 5*binary.MaxVarintLen32 + len(k.Account) + len(k.Op) + len(k.Params) + len(k.Text) + len(value)
	b := make([]byte, 0, n)
	b = append(b, recVersion)
	b = binary.BigEndian.AppendUint64(b, uint64(expires))
	for _, s := range []string{k.Account, k.Op, k.Params, k.Text} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendUvarint(b, uint64(len(value)))
	valOff = len(b)
	b = append(b, value...)
	return b, valOff
}

// splitRecord returns the account, op, params, text and value of a record
// (sub-slices of b).
func splitRecord(b []byte) (acct, op, params, text, value []byte) {
	var parts [5][]byte
	if len(b) >= 9 {
		b = b[9:]
		for i := range parts {
			l, n := binary.Uvarint(b)
			if n <= 0 || uint64(len(b)-n) < l {
				break
			}
			parts[i] = b[n : n+int(l)]
			b = b[n+int(l):]
		}
	}
	return parts[0], parts[1], parts[2], parts[3], parts[4]
}

var errCorrupt = errors.New("cache: corrupt record")

// decodeEntry decodes a stored record of either version; sv.raw (version 2
// only) is a sub-slice of b.
func decodeEntry(b []byte) (k Key, value []byte, expires int64, sv storedVec, err error) {
	if len(b) < 9 || (b[0] != recVersion && b[0] != recVersionV2) {
		return k, nil, 0, sv, errCorrupt
	}
	expires = int64(binary.BigEndian.Uint64(b[1:9]))
	v2 := b[0] == recVersionV2
	b = b[9:]
	if v2 {
		if len(b) < vecHeader {
			return k, nil, 0, sv, errCorrupt
		}
		sv = storedVec{space: binary.BigEndian.Uint64(b), srcDim: binary.BigEndian.Uint32(b[8:]), raw: b[12:vecHeader]}
		b = b[vecHeader:]
	}
	var parts [5][]byte
	for i := range parts {
		l, n := binary.Uvarint(b)
		if n <= 0 || uint64(len(b)-n) < l {
			return k, nil, 0, sv, errCorrupt
		}
		parts[i] = b[n : n+int(l)]
		b = b[n+int(l):]
	}
	k = Key{Account: string(parts[0]), Op: string(parts[1]), Params: string(parts[2]), Text: string(parts[3])}
	value = append([]byte(nil), parts[4]...)
	return k, value, expires, sv, nil
}

// openStore opens Pebble at opts.Dir and reloads every unexpired record in
// seq order (expired and corrupt records are deleted).
func (c *Cache) openStore() error {
	db, err := pebble.Open(c.opts.Dir, &pebble.Options{Logger: quietLogger{}})
	if err != nil {
		return fmt.Errorf("cache: open store: %w", err)
	}
	c.db = db
	if err := c.load(); err != nil {
		db.Close()
		c.db = nil
		return err
	}
	return nil
}

func (c *Cache) load() error {
	now := c.now().UnixNano()
	it, err := c.db.NewIter(&pebble.IterOptions{LowerBound: []byte{'e'}, UpperBound: []byte{'f'}})
	if err != nil {
		return fmt.Errorf("cache: load: %w", err)
	}
	var stale [][]byte
	type rec struct {
		seq     uint64
		k       Key
		v       []byte
		expires int64
		srcDim  uint32    // provider embedder: the vector's source dimension
		vec     []float32 // provider embedder: the stored vector of the configured space
	}
	var recs []rec
	for ok := it.First(); ok; ok = it.Next() {
		key := it.Key()
		if len(key) != 9 {
			stale = append(stale, append([]byte(nil), key...))
			continue
		}
		raw, err := it.ValueAndErr()
		if err != nil {
			it.Close()
			return fmt.Errorf("cache: load: %w", err)
		}
		k, v, exp, sv, err := decodeEntry(raw)
		if err != nil || exp <= now {
			if err == nil {
				c.expired.Add(1)
			}
			stale = append(stale, append([]byte(nil), key...))
			continue
		}
		r := rec{seq: binary.BigEndian.Uint64(key[1:]), k: k, v: v, expires: exp}
		if c.pe != nil && sv.raw != nil && sv.space == c.pe.space {
			r.srcDim, r.vec = sv.srcDim, sv.vector()
		}
		recs = append(recs, r)
	}
	if err := it.Close(); err != nil {
		return fmt.Errorf("cache: load: %w", err)
	}
	// Only the newest MaxEntries records can survive; skip building the rest.
	if len(recs) > c.opts.MaxEntries {
		for _, r := range recs[:len(recs)-c.opts.MaxEntries] {
			stale = append(stale, seqKey(r.seq))
		}
		recs = recs[len(recs)-c.opts.MaxEntries:]
	}
	if len(recs) > 0 {
		c.cur.Load().start = recs[0].seq
	}
	// Provider embedder: the newest stored vector fixes the source dimension;
	// vectors of another dimension (the model changed its output under the
	// same name) are not reused: those entries load exact-only.
	if c.pe != nil {
		for i := len(recs) - 1; i >= 0; i-- {
			if recs[i].vec != nil {
				c.pe.pinDim(int(recs[i].srcDim))
				break
			}
		}
		for i := range recs {
			if recs[i].vec != nil && recs[i].srcDim != c.pe.srcDim.Load() {
				recs[i].vec = nil
			}
		}
	}
	// Analysis and embedding in parallel; graph insertion is sequential.
	preps := make([]*prepared, len(recs))
	parallel(len(recs), func(i int) {
		r := recs[i]
		preps[i] = c.prepare(r.k, r.v, r.expires, nil, true, r.vec)
		recs[i].vec = nil
	})
	for i, p := range preps {
		c.insert(p, recs[i].seq)
		preps[i] = nil
	}
	for _, k := range stale {
		_ = c.db.Delete(k, pebble.NoSync)
	}
	return nil
}

func (c *Cache) store(seq uint64, rec []byte) {
	if c.db != nil {
		_ = c.db.Set(seqKey(seq), rec, pebble.NoSync)
	}
}

func (c *Cache) deleteStored(seq uint64) {
	if c.db != nil {
		_ = c.db.Delete(seqKey(seq), pebble.NoSync)
	}
}

func (c *Cache) deleteStoredRange(from, to uint64) {
	if c.db != nil && from < to {
		_ = c.db.DeleteRange(seqKey(from), seqKey(to), pebble.NoSync)
	}
}

type quietLogger struct{}

func (quietLogger) Infof(string, ...interface{})  {}
func (quietLogger) Errorf(string, ...interface{}) {}
func (quietLogger) Fatalf(format string, args ...interface{}) {
	panic(fmt.Sprintf(format, args...))
}
