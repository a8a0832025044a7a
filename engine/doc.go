// Package engine is the analysis facade httpapi calls: it routes each
// operation to a model provider (llm_a or llm_b, any OpenAI-compatible
// endpoint) or, for a provider that is not configured, to the built-in
// analyzers under that provider's name; it runs the fallback chain and checks
// every model output before it reaches the caller.
//
// # Error contract
//
// Every method returns either a complete result or an error wrapping exactly
// one of ErrUpstream (500 api_error) or ErrUnparseable (rubric only, 502
// rubric_unparseable); test with errors.Is. A failed call never yields a
// partial result, so the caller charges nothing. With
// Config.WhenProvidersDown "builtin" (the default) a run no provider could
// answer returns the built-in analyzers' result instead, Usage.Degraded set
// (degrade.go); rubric's ErrUnparseable stays for unusable model output.
//
// # Routing
//
// Classify, rubric and reply: the explicit provider (classify and rubric
// only) or else the detected language: "ar" or "mixed" (Arabizi included) ->
// RouteAR (default llm_b), "en" -> RouteEN (default llm_a). Translate,
// moderate and report always use llm_a.
//
// # Fallback chain
//
// primary model -> the same provider's fallback model -> the other
// provider's model (classify, rubric, reply only). A provider without a base
// URL is one built-in step that always answers. Usage reports the step that
// answered: Provider, Model (as the endpoint names it), FallbackUsed (true
// when not the first step; a retry of the first model is not a fallback).
// Each attempt ends in one verdict (chain.go, judge), and the loop acts on it:
//
//	attempt's result                               verdict       next
//	usable output                                  answered      return it
//	unusable output or body (bad JSON, empty,      retrySame     the same model once more,
//	  rejected by the checker)                                   then the next step
//	HTTP error status, other I/O failure           nextStep      the next step
//	timeout, refused connection, full in-flight    skipProvider  the next step of another
//	  queue, 429/503 with Retry-After                            provider (same endpoint)
//
// Rubric's failed chain ends in ErrUnparseable (SPEC lists 502 as rubric's
// upstream failure), unless nothing reached an upstream (queues full) or the
// caller's context ended: then ErrUpstream, as every other operation.
//
// # Circuit breakers (breaker.go)
//
// Each configured provider model has a breaker (closed, open, half-open)
// fed by every call: timeouts, refused connections, 5xx and 429 are
// failures (a timeout or refused connection also counts for the provider's
// other model: same endpoint); 5 in a row, or half of the last 10-20 calls,
// open it. A call past its per-try timeout (below) counts at once toward
// the 5 in a row only; its late answer resets that count, closes a breaker
// it opened and is a latency sample (a model that became slower is not a
// failing one), and its hard timeout enters the window without counting
// twice. A step
// whose breaker is open is skipped without a call; after a cooldown (1 s,
// doubling per failed probe up to 2 s) it is half-open and lets up to 3
// probe calls through; a success closes it, a failure opens it again, and
// so does a probe that lost to its hedge (another call of its run answered
// first; any other canceled call is neutral). A 429 or 503 with Retry-After
// holds the breakers of every model of that provider open until then (at
// most 60 s), and nothing calls them before. When every step left in a run was refused, the run calls the
// first refused step of each provider anyway (a forced probe), so a request
// never fails only because of a breaker's memory; a success closes it.
// Status (GET /v1/health's classifier) and Breakers (/metrics, the admin
// API) report them.
//
// # Time (budget.go)
//
// Each operation has an end-to-end objective (Config.Objectives: 2 s, 30 s
// for report): every attempt, retry, hedge and fallback of the run ends
// within it, and so does a failure. A call may take all that remains of
// the objective (at most Config.Timeout, 10 s): its hard timeout. When
// another provider's step comes after it, it also has a per-try timeout,
// 3x the model's observed p99 for that operation (at least 500 ms;
// Config.Timeout before 16 samples), leaving the expected time of the next
// provider's step (but at least half of what remains). At the per-try
// timeout the call is not canceled (Envoy's hedge_on_per_try_timeout): the
// run starts the other provider's step, the first usable answer wins and
// the other call is canceled, so a hung primary costs a fraction of the
// objective and a slow one can still answer. A wait for an in-flight slot
// is not the endpoint's time: passing the per-try timeout there moves on
// without counting. A call also waits at most QueueWait for one of
// MaxInFlight slots per provider.
//
// With the "builtin" policy a run whose remaining steps are all on breakers
// not closed answers from the built-in engine (degrade.go), but a call
// already running holds it until a third of its objective has passed.
//
// # Hedging (hedge.go)
//
// When the running step has not answered by its hedge delay (the model's
// observed p95 for the operation, at least 150 ms; half the attempt timeout
// before 16 samples), the next pending step of the other provider (else of
// the same provider: translate, moderate and report stay on llm_a) starts
// in parallel; the first usable answer wins and the other call is canceled
// (the cancellation reaches its connection: its in-flight slot is free at
// once, not at its deadline).
// At most one hedge per run, and at most Config.HedgeRatio (5%) of runs
// over time (a token bucket that starts empty, burst 10).
//
// # tokens_used
//
// The sum of prompt+completion tokens the endpoints reported for every call
// that returned for this answer, including attempts whose output was
// unusable (an answer cut at the token limit, finish_reason length,
// included) and a hedge's other call when it returned first (they were
// spent on it); when a built-in step answers, its own count is added.
//
// # Prompts and checks
//
// prompts/<op>.txt is each operation's system prompt, prompts/<op>.schema.json
// the JSON schema requested as structured output (strict); the user message
// is the operation's input as one JSON document (package provider/wire), which
// is also what cmd/mockllm parses. Each operation's file documents its checker.
// Feedback hints travel in the classify input as few-shot examples (at most
// MaxHints, each cut to HintRunes runes).
package engine
