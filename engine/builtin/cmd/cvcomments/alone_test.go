package main

import (
	"testing"

	"svc/engine/builtin"
)

// -alone sets the thresholds alone with evidence, the rest shipped.
func TestAloneFlag(t *testing.T) {
	var a alones
	if err := a.Set("0.5,0.3,0.35,0.4"); err != nil {
		t.Fatal(err)
	}
	cur := builtin.CurrentIntentMix()
	if got := a[0]; got.Gated != [4]float64{0.5, 0.3, 0.35, 0.4} || got.Sent != cur.Sent || got.Margin != cur.Margin || got.Alone != cur.Alone {
		t.Errorf("-alone 0.5,0.3,0.35,0.4 = %+v, want the shipped sent, margin and alone (%+v)", got, cur)
	}
	if err := a.Set("0.5,0.3,0.35,0.4,0.6,0.2"); err != nil || a[1].Sent != 0.6 || a[1].Margin != 0.2 {
		t.Errorf("-alone with sent and margin = %+v, %v", a[1], err)
	}
	for _, bad := range []string{"0.5,0.3,0.35", "a,b,c,d", "1,2,3,4,5,6,7,8"} {
		if err := a.Set(bad); err == nil {
			t.Errorf("-alone %s: no error", bad)
		}
	}
}
