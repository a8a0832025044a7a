package builtin

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestWordClasses: a token's class bits say what looking its key (and its
// key without a leading و) up in each registered set says, for every token
// of the project's comments and for every word of the sets themselves.
func TestWordClasses(t *testing.T) {
	classes := []struct {
		c   wclass
		set map[string]bool
	}{{clByItself, byItselfWords}, {clDebitedMe, debitedMe}, {clMonthSpans, monthSpans}, {clSpanStarts, spanStarts},
		{clVisitVerbs, visitVerbs}, {clPriceWords, priceWords}, {clSaleWords, saleWords}, {clEngagement, engagementNouns},
		{clBrokeVerbs, brokeVerbs}, {clStillWords, stillWords}, {clEarnVerbs, earnVerbs}, {clDamageVerbs, damageVerbs},
		{clMedicineAr, medicineAr}, {clHeldMoney, heldMoney}, {clLongSpans, longSpans}, {clTimesNouns, timesNouns},
		{clMannerGood, mannerGood}, {clLeftUs, leftUsVerbs}, {clStayed, stayedVerbs}, {clHowLead, howLead},
		{clTopicPrepAr, topicPrepAr}, {clWhyWords, whyWords}}
	if len(classes) != nClasses {
		t.Fatalf("%d classes registered, %d checked", nClasses, len(classes))
	}
	var texts []string
	for _, x := range classes {
		for w := range x.set {
			texts = append(texts, w, "و"+w)
		}
	}
	f, err := os.Open("corpus/comments.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var row struct{ Text string }
		if json.Unmarshal(sc.Bytes(), &row) == nil {
			texts = append(texts, row.Text)
		}
	}
	n := 0
	for _, s := range texts {
		toks := tokenize(s)
		for i := range toks {
			tk := &toks[i]
			for _, x := range classes {
				if tk.is(x.c) != x.set[tk.key] || tk.isW(x.c) != x.set[strings.TrimPrefix(tk.key, "و")] {
					t.Fatalf("%q in %q: is %v isW %v", tk.key, s, tk.is(x.c), tk.isW(x.c))
				}
				n++
			}
		}
	}
	if n < 100000 {
		t.Errorf("only %d checks", n)
	}
}
