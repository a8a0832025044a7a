package httpapi

import "svc/engine"

// adminProviders: GET /admin/v1/providers. The classifier's status (as
// /v1/health reports it), each configured provider model's circuit breaker
// and output mode, and the hedged calls since start. Nothing here is a secret: no base URL,
// no key.
func (s *Server) adminProviders(a *adminCall) {
	hedges, wins := s.engine.HedgeStats()
	a.ok(providersJSON{Classifier: s.engine.Status(), Breakers: s.engine.Breakers(), Hedges: hedges, HedgeWins: wins})
}

type providersJSON struct {
	Classifier string                `json:"classifier"`
	Breakers   []engine.BreakerState `json:"breakers"`
	Hedges     uint64                `json:"hedges"`
	HedgeWins  uint64                `json:"hedge_wins"`
}
