package scenario

import "testing"

func TestAppendTextUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, nonce := range []uint64{1, 2, 1763700000123456789} {
		for i := uint64(0); i < 20000; i++ {
			b, _ := AppendText(nil, nonce, i)
			if seen[string(b)] {
				t.Fatalf("duplicate text %q", b)
			}
			seen[string(b)] = true
		}
	}
	a, _ := AppendText(nil, 7, 3)
	b, _ := AppendText(nil, 7, 3)
	if string(a) != string(b) {
		t.Fatal("not deterministic")
	}
	t.Log(string(a))
	for i := uint64(0); i < 4; i++ {
		x, _ := AppendText(nil, 99, i)
		t.Log(string(x))
	}
}
