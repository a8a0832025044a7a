package httpapi

import (
	"strings"

	"svc/cache"
)

// cacheKey wraps the cache's key for one operation call.
type cacheKey struct{ key cache.Key }

// cacheKey builds the key of an operation: every parameter that changes the
// answer goes into params, joined unambiguously.
func (c *call) cacheKey(op string, text string, params ...string) cacheKey {
	return cacheKey{cache.Key{Account: c.p.Account.ID, Op: op, Params: strings.Join(params, "\x1f"), Text: text}}
}
