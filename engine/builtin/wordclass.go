package builtin

import "strings"

// Word classes: some word sets are read token by token by several rules;
// a token looks its key (and its key without a leading conjunction و) up
// once in classOf, the union of the registered sets, and each rule tests a
// bit (token.is, token.isW) where it looked its own set up.

// wclass is the bit of a registered word set.
type wclass uint64

var (
	classOf  = map[string]uint64{} // word -> the bits of the sets that hold it
	nClasses int
)

// wordClass registers set, which must be complete (built at its
// declaration, never written later) and hold only true values.
func wordClass(set map[string]bool) wclass {
	if nClasses == 64 {
		panic("builtin: more than 64 word classes")
	}
	c := wclass(1) << nClasses
	nClasses++
	for w, ok := range set {
		if !ok {
			panic("builtin: a word class with a false entry: " + w)
		}
		classOf[w] |= uint64(c)
	}
	return c
}

var (
	clByItself    = wordClass(byItselfWords)
	clDebitedMe   = wordClass(debitedMe)
	clMonthSpans  = wordClass(monthSpans)
	clSpanStarts  = wordClass(spanStarts)
	clVisitVerbs  = wordClass(visitVerbs)
	clPriceWords  = wordClass(priceWords)
	clSaleWords   = wordClass(saleWords)
	clEngagement  = wordClass(engagementNouns)
	clBrokeVerbs  = wordClass(brokeVerbs)
	clStillWords  = wordClass(stillWords)
	clEarnVerbs   = wordClass(earnVerbs)
	clDamageVerbs = wordClass(damageVerbs)
	clMedicineAr  = wordClass(medicineAr)
	clHeldMoney   = wordClass(heldMoney)
	clLongSpans   = wordClass(longSpans)
	clTimesNouns  = wordClass(timesNouns)
	clMannerGood  = wordClass(mannerGood)
	clLeftUs      = wordClass(leftUsVerbs)
	clStayed      = wordClass(stayedVerbs)
	clHowLead     = wordClass(howLead)
	clTopicPrepAr = wordClass(topicPrepAr)
	clWhyWords    = wordClass(whyWords)
)

// classBits returns classOf of the token's key and of the key without a
// leading و (the key's own when it has none), looked up on the first call.
func (t *token) classBits() (k, w uint64) {
	if !t.clsDone {
		if !classesReady {
			panic("builtin: word classes read before package initialisation ended")
		}
		t.clsDone = true
		t.cls = classOf[t.key]
		t.clsW = t.cls
		if kw, ok := strings.CutPrefix(t.key, "و"); ok {
			t.clsW = classOf[kw]
		}
	}
	return t.cls, t.clsW
}

var classesReady bool

func init() { classesReady = true }

// is reports the token's key in the set of c (set[t.key]).
func (t *token) is(c wclass) bool {
	k, _ := t.classBits()
	return k&uint64(c) != 0
}

// isW reports the token's key without a leading و in the set of c
// (set[strings.TrimPrefix(t.key, "و")]).
func (t *token) isW(c wclass) bool {
	_, w := t.classBits()
	return w&uint64(c) != 0
}
