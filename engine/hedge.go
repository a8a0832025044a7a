package engine

import "sync/atomic"

// hedgeBudget bounds hedged calls to a fraction of requests (gRPC's retry
// throttling, Envoy's retry budget): every request that calls a model adds
// ratio tokens (at most hedgeBurst held), a hedge takes one. It starts
// empty, so a fresh engine hedges only once it has served 1/ratio requests,
// and a run of slow calls cannot hedge more than hedgeBurst requests beyond
// the ratio. Tokens are counted in millionths, lock-free.
type hedgeBudget struct {
	ratio  int64 // millionths of a token per request; 0 = never hedge
	tokens atomic.Int64
	hedges atomic.Uint64 // hedges started
	wins   atomic.Uint64 // hedges that answered
}

const (
	hedgeBurst = 10
	tokenUnit  = 1_000_000
)

// DefaultHedgeRatio is Config.HedgeRatio's default: at most 5% of requests
// hedged over time.
const DefaultHedgeRatio = 0.05

func (h *hedgeBudget) request() {
	if h.ratio == 0 {
		return
	}
	for {
		t := h.tokens.Load()
		if t >= hedgeBurst*tokenUnit || h.tokens.CompareAndSwap(t, min(t+h.ratio, hedgeBurst*tokenUnit)) {
			return
		}
	}
}

// take spends one token; false when none is left.
func (h *hedgeBudget) take() bool {
	for {
		t := h.tokens.Load()
		if h.ratio == 0 || t < tokenUnit {
			return false
		}
		if h.tokens.CompareAndSwap(t, t-tokenUnit) {
			h.hedges.Add(1)
			return true
		}
	}
}
