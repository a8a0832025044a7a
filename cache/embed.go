package cache

import (
	"math"
)

// Dims is the embedding dimension: character 2-4-gram feature hashing with
// signed buckets, L2-normalised (see README.md for how it was chosen).
const Dims = 128

// embed maps the canonical token sequence to a unit vector. Words contribute
// their character 2-, 3- and 4-grams with word-boundary markers; every other
// token (number, mention, URL, emoji, symbol) contributes one whole-token
// feature, so such tokens weigh like a short word.
func embed(f *features) []float32 {
	v := make([]float32, Dims)
	embedInto(v, f)
	return v
}

// embedInto writes the embedding of f into v (len Dims, zeroed here).
func embedInto(v []float32, f *features) {
	clear(v)
	var buf [96]rune
	rs := buf[:0]
	for _, t := range f.toks {
		if t.kind != kindWord {
			addFeature(v, uint64(t.kind)*0x9E3779B97F4A7C15^fnv(t.canon))
			continue
		}
		rs = rs[:0]
		rs = append(rs, ' ')
		for _, r := range t.canon {
			rs = append(rs, r)
		}
		rs = append(rs, ' ')
		for n := 2; n <= 4; n++ {
			for i := 0; i+n <= len(rs); i++ {
				addFeature(v, fnvRunes(rs[i:i+n])^uint64(n))
			}
		}
	}
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
}

func addFeature(v []float32, h uint64) {
	h = mix(h)
	i := h % Dims
	if h>>63 == 1 {
		v[i]--
	} else {
		v[i]++
	}
}

func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

func fnvRunes(rs []rune) uint64 {
	h := uint64(14695981039346656037)
	for _, r := range rs {
		h ^= uint64(r)
		h *= 1099511628211
	}
	return h
}

// dot is the cosine similarity of two unit vectors.
func dot(a, b []float32) float32 {
	var s0, s1, s2, s3 float32
	n := len(a) &^ 3
	b = b[:len(a)]
	for i := 0; i < n; i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for i := n; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}

// cosineDistance is the HNSW distance for unit vectors.
func cosineDistance(a, b []float32) float32 { return 1 - dot(a, b) }
