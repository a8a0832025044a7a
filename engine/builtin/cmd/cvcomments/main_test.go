package main

import (
	"testing"

	"svc/engine/builtin"
)

func TestMixFlag(t *testing.T) {
	var m mixes
	if err := m.Set("0.6,0.2,0.5"); err != nil {
		t.Fatal(err)
	}
	cur := builtin.CurrentIntentMix()
	if got := m[0]; got.Mix != 0.6 || got.Base != 0.2 || got.Alone != 0.5 || got.Overrule != cur.Overrule || got.Weak != cur.Weak {
		t.Errorf("-mix 0.6,0.2,0.5 = %+v, want the shipped overrule and weak (%+v)", got, cur)
	}
	if err := m.Set("1,0.2,0.4,0.9,0.3"); err != nil || m[1].Overrule != 0.9 || m[1].Weak != 0.3 {
		t.Errorf("-mix 1,0.2,0.4,0.9,0.3 = %+v, %v", m[1], err)
	}
	for _, bad := range []string{"0.6,0.2", "a,b,c", "1,2,3,4,5,6"} {
		if err := m.Set(bad); err == nil {
			t.Errorf("-mix %s: no error", bad)
		}
	}
}

// judge grades a row as TestObviousComments does: every field, intent_ok
// accepted beside the intent.
func TestJudge(t *testing.T) {
	r := row{Variety: "english", Text: "the app crashes every time I open it, fix it", Intent: "complaint", Sentiment: "negative",
		Language: "en", RequiresResponse: true, Priority: "medium"}
	ok, got, _ := judge(r)
	if !ok["intent"] || got != "complaint" {
		t.Fatalf("judge(%q): intent %v, got %q", r.Text, ok["intent"], got)
	}
	r.Intent = "praise"
	if ok, _, _ := judge(r); ok["intent"] || ok["all"] {
		t.Errorf("judge with the wrong intent: %v", ok)
	}
}

func TestSentMixFlag(t *testing.T) {
	var m sentMixes
	cur := builtin.CurrentSentMix()
	if err := m.Set("0.7,,0.8"); err != nil {
		t.Fatal(err)
	}
	want := cur
	want.Ar, want.Free = 0.7, 0.8
	if m[0] != want {
		t.Errorf("-smix 0.7,,0.8 = %+v, want %+v (the rest shipped)", m[0], want)
	}
	if err := m.Set("0.7,0.9,0.85,0.6,0.9,0.95,0.99"); err != nil || m[1] != (builtin.SentMix{Ar: 0.7, En: 0.9, Free: 0.85, Latin: 0.6, Mixed: 0.9, Loose: 0.95, FlipEn: 0.99}) {
		t.Errorf("-smix with seven parts = %+v, %v", m[1], err)
	}
	for _, bad := range []string{"a", "1,2,3,4,5,6,7,8"} {
		if err := m.Set(bad); err == nil {
			t.Errorf("-smix %s: no error", bad)
		}
	}
}

// -dmix parses name=value settings of the dialect decision and set puts
// them in place until restored.
func TestDmix(t *testing.T) {
	var m dmixes
	if err := m.Set("below=0.5,minp=0.9"); err != nil {
		t.Fatal(err)
	}
	if err := m.Set("shipped"); err != nil || len(m) != 2 || len(m[1].names) != 0 {
		t.Fatalf("-dmix shipped: %v %v", err, m)
	}
	for _, bad := range []string{"below", "nosuch=1", "minp=x"} {
		if err := m.Set(bad); err == nil {
			t.Errorf("-dmix %s: no error", bad)
		}
	}
	old, _ := builtin.DialectKnob("minp")
	restore := m[0].set()
	if v, _ := builtin.DialectKnob("minp"); v != 0.9 {
		t.Errorf("minp %g in place, want 0.9", v)
	}
	restore()
	if v, _ := builtin.DialectKnob("minp"); v != old {
		t.Errorf("minp %g restored, want %g", v, old)
	}
}
