package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/bytedance/sonic"

	"svc/engine/builtin"
	"svc/engine/op"
	"svc/engine/provider"
)

// task is one operation ready to run along a fallback chain.
type task[T any] struct {
	schemaName string
	system     string          // prompt
	input      any             // marshalled as the user message
	schema     json.RawMessage // structured-output schema
	maxTokens  int
	// check turns raw model output into a result, or rejects it as unusable.
	check func(content string) (T, error)
	// local computes the built-in result (its Usage.TokensUsed filled).
	local func() T
	// usage points at the result's Usage.
	usage func(*T) *op.Usage
	// unparseable: the chain's final failure is ErrUnparseable instead of
	// ErrUpstream (rubric), unless no call reached an upstream (every step
	// found its in-flight queue full) or the caller's context ended.
	unparseable bool
}

// errUnusable marks model output the checker rejected.
var errUnusable = errors.New("unusable model output")

func unusable(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errUnusable, fmt.Sprintf(format, a...))
}

// run walks the chain. Per model step: one call, and one retry when the
// output is unusable (bad JSON, empty, rejected by the checker, or a body that
// is not a chat completion). A provider error or timeout moves to the next
// step; a timeout, a connect failure or a full in-flight queue also skips
// the rest of that provider's steps (same endpoint, likely hung or down), so
// the other provider still gets its turn within the budget. A built-in step
// always answers.
//
// Each attempt is bounded by Timeout and the whole run by Budget (built-in
// steps run even after the budget, they are local). The caller's context
// ending stops everything with ErrUpstream.
//
// Usage of the answer: Provider and Model of the step that answered (Model as
// the endpoint reports it, else as requested), FallbackUsed when that step is
// not the first, TokensUsed the sum of prompt+completion tokens of every
// upstream call made for this answer (failed-output attempts included: they
// were spent on it), plus the built-in count when a built-in step answered.
func run[T any](ctx context.Context, e *Engine, steps []candidate, t task[T]) (T, error) {
	var zero T
	user, err := sonic.ConfigStd.Marshal(t.input) // encoding/json-compatible (HTML escaped, sorted keys), faster
	if err != nil {
		return zero, fmt.Errorf("%w: marshal input: %v", ErrUpstream, err)
	}
	budget, cancel := context.WithTimeout(ctx, e.cfg.Budget)
	defer cancel()

	tokens, tried := 0, false
	var lastErr error
	skip := ""
	for i, s := range steps {
		if ctx.Err() != nil {
			return zero, fmt.Errorf("%w: %v", ErrUpstream, ctx.Err())
		}
		if s.client == nil {
			r := t.local()
			u := t.usage(&r)
			u.Provider, u.Model, u.FallbackUsed = s.provider, builtin.Model, i > 0
			u.TokensUsed += tokens
			return r, nil
		}
		if s.provider == skip {
			continue
		}
		req := provider.Request{Model: s.model, System: t.system, User: string(user),
			SchemaName: t.schemaName, Schema: t.schema, MaxTokens: t.maxTokens}
		for attempt := 0; attempt < 2; attempt++ {
			if budget.Err() != nil {
				lastErr = budget.Err()
				break
			}
			actx, acancel := context.WithTimeout(budget, e.cfg.Timeout)
			resp, err := s.client.Complete(actx, req)
			acancel()
			if err != nil {
				lastErr = err
				var pe *provider.Error
				if errors.As(err, &pe) {
					switch pe.Kind {
					case provider.BadBody:
						tried = true
						continue // retry once
					case provider.Connect, provider.Busy, provider.Timeout:
						skip = s.provider
					}
					tried = tried || pe.Kind != provider.Busy
				}
				break
			}
			tried = true
			tokens += resp.PromptTokens + resp.CompletionTokens
			r, cerr := t.check(resp.Content)
			if cerr != nil {
				lastErr = cerr
				continue
			}
			u := t.usage(&r)
			u.Provider, u.Model, u.FallbackUsed, u.TokensUsed = s.provider, s.model, i > 0, tokens
			if resp.Model != "" {
				u.Model = resp.Model
			}
			return r, nil
		}
	}
	if ctx.Err() != nil {
		return zero, fmt.Errorf("%w: %v", ErrUpstream, ctx.Err())
	}
	if t.unparseable && tried {
		return zero, fmt.Errorf("%w: %v", ErrUnparseable, lastErr)
	}
	return zero, fmt.Errorf("%w: %v", ErrUpstream, lastErr)
}
