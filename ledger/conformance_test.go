package ledger_test

import (
	"testing"
	"time"

	"svc/ledger"
	"svc/ledger/ledgertest"
)

// The conformance suite against the Pebble store (ledger/pgledger runs it
// against PostgreSQL).
func TestConformance(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T, now func() time.Time) (ledger.Ledger, func() ledger.Ledger) {
		dir := t.TempDir()
		s, err := ledger.Open(dir, now)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s, func() ledger.Ledger {
			s.Close()
			s2, err := ledger.Open(dir, now)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s2.Close() })
			return s2
		}
	})
}
