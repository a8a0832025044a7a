package httpapi_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"svc/engine"
	"svc/ledger"
)

// figuresLedger counts the reads a response would make only for its headers.
type figuresLedger struct {
	ledger.Ledger
	reads atomic.Int64
}

func (f *figuresLedger) Figures(ctx context.Context, account string) (ledger.Receipt, error) {
	f.reads.Add(1)
	return f.Ledger.Figures(ctx, account)
}

func (f *figuresLedger) BalanceCredits(ctx context.Context, account string) (int64, error) {
	f.reads.Add(1)
	return f.Ledger.BalanceCredits(ctx, account)
}

func (f *figuresLedger) SandboxRemaining(ctx context.Context, account string) (int, error) {
	f.reads.Add(1)
	return f.Ledger.SandboxRemaining(ctx, account)
}

// A paid request's headers come from its commit's receipt and a refused
// one's from the refusal: neither reads the ledger again. A free request
// (it wrote nothing) reads both figures at once.
func TestHeadersFromReceiptsWithoutReads(t *testing.T) {
	var fl *figuresLedger
	n, _ := startHostileNodeWrapped(t, engine.Config{}, nil, func(l ledger.Ledger) ledger.Ledger {
		fl = &figuresLedger{Ledger: l}
		return fl
	})
	_, live := n.liveKey()
	r := n.post("/v1/detect", live, map[string]any{"text": "one"})
	requireOK(t, r)
	require.Equal(t, "24.998", r.header.Get("X-SVC-Balance"))
	require.Equal(t, "2", r.header.Get("X-SVC-Credits-Charged"))

	broke := n.account("broke")
	_, brokeKey := n.key(broke, "live")
	for _, path := range []string{"/v1/detect", "/v1/classify"} {
		r = n.post(path, brokeKey, map[string]any{"text": "no credits"})
		requireError(t, r, 402, "insufficient_credits", "")
		require.Equal(t, "0.000", r.header.Get("X-SVC-Balance"), path)
		require.Equal(t, "low_balance", r.header.Get("X-SVC-Balance-Warning"), path)
	}

	sbxAcct := n.account("sbx")
	_, sbx := n.key(sbxAcct, "sandbox")
	r = n.post("/v1/detect", sbx, map[string]any{"text": "sandbox"})
	requireOK(t, r)
	require.Equal(t, "99", r.header.Get("X-SVC-Sandbox-Remaining"))
	require.Equal(t, "0.000", r.header.Get("X-SVC-Balance"))
	require.Equal(t, int64(0), fl.reads.Load(), "paid and refused responses read the ledger for their headers")

	r = n.get("/v1/comments", sbx)
	requireOK(t, r)
	require.Equal(t, "99", r.header.Get("X-SVC-Sandbox-Remaining"))
	require.Equal(t, int64(1), fl.reads.Load(), "a free request reads its figures once")
}
