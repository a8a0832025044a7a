package builtin

import (
	"testing"

	"svc/engine/op"
)

// The learned priority head raises a complaint the rules call medium when
// it is all but sure (a charger that melted and nearly set the house on
// fire: safety; money taken from the account for an order that never
// came), and leaves the ordinary
// complaints medium. Sentences written for this test.
func TestLearnedPriorityHead(t *testing.T) {
	if learnedPriority == nil {
		t.Fatal("learned_priority.tsv missing: run make train-comments")
	}
	cases := []struct{ text, want string }{
		{"المصاري انقطعت من حسابي وما اجت الطلبية", "high"},
		{"الاكل كان بارد شوي", "medium"},
		{"اللون مش زي الصورة", "medium"},
		{"التطبيق بطيء شوي", "medium"},
	}
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if !op.In("complaint", got.Intent) {
			t.Fatalf("%q: intent %v, want a complaint", c.text, got.Intent)
		}
		if got.Priority != c.want {
			t.Errorf("%q: priority %s, want %s", c.text, got.Priority, c.want)
		}
	}
	// the rules alone call the first medium: the head decides it (the
	// charger that nearly set the house on fire is a rule's since the
	// twentieth session: priority_r28.go)
	saved := learnedPriority
	defer func() { learnedPriority = saved }()
	learnedPriority = nil
	for _, c := range cases[:1] {
		if got := Classify(op.ClassifyRequest{Text: c.text}); got.Priority != "medium" {
			t.Errorf("%q without the head: priority %s, want medium (the test no longer shows the head)", c.text, got.Priority)
		}
	}
}

// The head reads Arabic comments only (learnedHigh's arabic: most word
// tokens Arabic): on English it flipped the in-repo English complaints
// labelled medium (long waits, rude staff) to high.
func TestLearnedPriorityArabicOnly(t *testing.T) {
	text := "الشاحن سخن وساح وكان رح يولع البيت"
	toks := tokenize(text)
	if !learnedHigh(text, toks, true) {
		t.Fatal("the head does not call the melted charger high")
	}
	if learnedHigh(text, toks, false) {
		t.Error("the head read a comment whose words are not mostly Arabic")
	}
}
