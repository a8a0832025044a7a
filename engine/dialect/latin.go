package dialect

import "bytes"

// Arabizi spelling is not standard: the same word is written "kteer",
// "ktir" and "kteeer", "shlonak" and "shlonk", "keda" and "kida". Before
// matching, Latin letters of the compact text are reduced to a skeleton that
// merges the common variants, and the Latin markers are reduced the same way
// when they are compiled (so "keefak" and "kifak" are one marker):
//
//   - e -> i and o -> u (vowel quality is not written consistently);
//   - y at the end of a word after a consonant -> i ("awy" = "awi");
//   - kh -> 5 (both spell خ);
//   - a letter or digit repeated inside a word counts once ("kteeer").
//
// Arabic bytes (>= 0x80) and everything else are left as they are, so
// Arabic markers match exactly as before. The skeleton is never longer than
// its input and is computed in place.
func latinSkeleton(b []byte) []byte {
	w := 0
	var prevIn byte // the previous input byte
	for i := 0; i < len(b); i++ {
		c := b[i]
		in := c
		switch {
		case c == 'e':
			c = 'i'
		case c == 'o':
			c = 'u'
		case c == 'y':
			if (i+1 == len(b) || !wordByte[b[i+1]]) && isConsonant(prevIn) {
				c = 'i'
			}
		case c == 'k' && i+1 < len(b) && b[i+1] == 'h':
			c = '5'
			i++
			in = 'h'
		}
		prevIn = in
		if w > 0 && b[w-1] == c && (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			continue
		}
		b[w] = c
		w++
	}
	return b[:w]
}

func isConsonant(c byte) bool {
	return c >= 'a' && c <= 'z' && c != 'a' && c != 'e' && c != 'i' && c != 'o' && c != 'u' && c != 'y' || c >= '0' && c <= '9'
}

// skeletonString is latinSkeleton for a marker.
func skeletonString(s string) string { return string(latinSkeleton([]byte(s))) }

// blankLinks overwrites the URLs and @mentions of the compact text b with
// spaces, in place: their letters are no evidence (the Rules table), so no
// marker may match inside them ("www.win-cash.xyz" is no "win"/"ween").
// The compact text has letters repeated 3+ times folded to 2 (encode.go), so
// "www." arrives as "ww.": both are links.
func blankLinks(b []byte) {
	for i := 0; i < len(b); {
		if b[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(b) && b[j] != ' ' {
			j++
		}
		if t := b[i:j]; len(t) > 1 && t[0] == '@' || bytes.HasPrefix(t, []byte("http://")) || bytes.HasPrefix(t, []byte("https://")) || bytes.HasPrefix(t, []byte("www.")) || bytes.HasPrefix(t, []byte("ww.")) {
			for k := i; k < j; k++ {
				b[k] = ' '
			}
		}
		i = j
	}
}
