package builtin

import (
	"os"
	"regexp"
	"testing"

	"svc/engine/dialect"
	"svc/engine/op"
)

// Round 15: the Arabizi spelling of the imperfect plural keeping -oon rules
// Egyptian and Levantine out for the learned head, as the Arabic -uun form
// does (Signs.NotEgyLev); own sentences.
func TestArabiziOonClosesEgyLev(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"lesh ma trodoon 3al rasayel?", true},
		{"mata t7ottoon el as3ar 3al menu", true},
		{"lesh ma btrodo 3al rasayel?", false},
		{"el akl kan tayeb", false},
	} {
		if got := arabiziOon(c.text); got != c.want {
			t.Errorf("arabiziOon(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	// a head certain of levantine against a Latin -oon: gulf, not levantine
	orig := "lesh ma trodoon 3al rasayel?"
	sg := dialect.MarkerSigns(orig)
	sg.NotEgyLev = sg.NotEgyLev || arabiziOon(orig)
	d := op.Detection{Language: "ar", Dialect: "gulf", DialectConfidence: 0.5, Arabizi: true}
	classes := []string{"gulf", "egyptian", "levantine", "msa"}
	if got := pickDialect(d, sg, classes, [4]float64{1e-7, 1e-9, 1 - 1e-7 - 1e-9, 0}).Dialect; got != "gulf" {
		t.Errorf("%q with a head sure of levantine: %s, want gulf", orig, got)
	}
	// the shipped head with 40 nats towards levantine: the -oon comments
	// the detector is unsure of stay gulf, one without -oon goes levantine
	table, err := os.ReadFile("data/learned_dialect_comments.tsv")
	if err != nil {
		t.Fatal(err)
	}
	sure := regexp.MustCompile(`(?m)^bias\t.*$`).ReplaceAllString(string(table), "bias\t0\t0\t40\t0")
	restore, err := SetLearnedTable("learned_dialect_comments.tsv", sure)
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	for _, text := range []string{"lesh ma trodoon 3al rasayel?", "mata t7ottoon el as3ar 3al menu"} {
		if got := Classify(op.ClassifyRequest{Text: text}); got.Dialect != "gulf" {
			t.Errorf("%q, a head sure of levantine: dialect %s, want gulf", text, got.Dialect)
		}
	}
	if got := Classify(op.ClassifyRequest{Text: "el akl kan tayeb bas el khedme bati2a"}); got.Dialect != "levantine" {
		t.Errorf("no -oon, a head sure of levantine: dialect %s, want levantine (the head not consulted?)", got.Dialect)
	}
}
