package id

import (
	"strings"
	"testing"
	"time"
)

func TestNewFormatAndOrder(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	a := New("cls", t0)
	b := New("cls", t0.Add(time.Millisecond))
	if !strings.HasPrefix(a, "cls_") || len(a) != 4+Len {
		t.Fatalf("bad id %q", a)
	}
	if !Valid(a, "cls") || Valid(a, "det") || Valid("cls_short", "cls") {
		t.Fatalf("Valid wrong for %q", a)
	}
	if !(a < b) {
		t.Fatalf("ids not time ordered: %s !< %s", a, b)
	}
	if New("x", t0) == New("x", t0) {
		t.Fatal("two ids in the same millisecond are equal")
	}
}

func BenchmarkNew(b *testing.B) {
	t0 := time.Now()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = New("cls", t0)
	}
}
