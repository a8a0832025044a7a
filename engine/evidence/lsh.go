package evidence

// Near duplicates are found by MinHash locality-sensitive hashing over the
// token sets: lshBands bands of lshRows min-hashes each; an example is a
// candidate when it shares a band (all lshRows min-hashes) with the query,
// and every candidate's Jaccard similarity is then computed exactly. A pair
// of sets with Jaccard J shares a band with probability 1-(1-J^4)^8: 0.9986
// at NearJaccard (0.8), 1 for equal sets, 0.013 at 0.2, so a query verifies
// a handful of candidates whatever the number of examples and however
// common its words are.
const (
	lshBands = 8
	lshRows  = 4
)

// mix is the 64-bit finalizer of MurmurHash3: a bijection that scatters
// bits, so mix(t ^ seed) for distinct seeds behave as independent hashes.
func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// bandKeys returns the band keys of a token set (all zero for an empty set,
// which then matches only other empty sets).
func bandKeys(set []uint32) (keys [lshBands]uint64) {
	if len(set) == 0 {
		return keys
	}
	for b := range lshBands {
		k := mix(uint64(b) + 1)
		for r := range lshRows {
			seed := mix(uint64(b*lshRows+r) + 0x9e3779b97f4a7c15)
			mn := ^uint64(0)
			for _, t := range set {
				mn = min(mn, mix(uint64(t)^seed))
			}
			k = mix(k ^ mn)
		}
		keys[b] = k
	}
	return keys
}
