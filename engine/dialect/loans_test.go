package dialect

import "testing"

// TestSocialLoans: social-media loans stay Latin and count as Loan, not
// English ("me"/"back" only after "follow"); other English words still
// count as English.
func TestSocialLoans(t *testing.T) {
	tr := NewTransliterator(nil, []string{"hello"})
	x := tr.Transliterate("follow me 3al insta w e3mel like w share")
	if x.Loan != 4 || x.English != 0 {
		t.Errorf("loans: Loan %d English %d, want 4 and 0 (%q)", x.Loan, x.English, x.Text)
	}
	for _, w := range []string{"follow", "like", "share"} {
		if !contains(x.Text, w) {
			t.Errorf("%q spelled in Arabic letters: %q", w, x.Text)
		}
	}
	if x := tr.Transliterate("hello me 3al insta"); x.Loan != 0 || x.English != 1 {
		t.Errorf("me without follow: Loan %d English %d, want 0 and 1 (%q)", x.Loan, x.English, x.Text)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestEnglishLeet: English words with digits stay English ("gr8" is not
// غرق).
func TestEnglishLeet(t *testing.T) {
	tr := NewTransliterator([]string{"غرق"}, nil)
	if x := tr.Transliterate("gr8 video"); x.English != 1 || contains(x.Text, "غرق") {
		t.Errorf("gr8: English %d, text %q", x.English, x.Text)
	}
}
