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
// partial result, so the caller charges nothing.
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
// URL is one built-in step that always answers. Per model step: one call,
// one retry when the output is unusable; a provider error (HTTP status) moves
// on; a timeout, refused connection or full in-flight queue also skips that
// provider's fallback model (same endpoint). Usage reports the step that
// answered: Provider, Model (as the endpoint names it), FallbackUsed (true
// when not the first step; a retry of the first model is not a fallback).
// Rubric's failed chain ends in ErrUnparseable (SPEC lists 502 as rubric's
// upstream failure), unless nothing reached an upstream (queues full) or the
// caller's context ended: then ErrUpstream, as every other operation.
//
// # Time
//
// Each upstream call is bounded by Config.Timeout, the whole operation by
// Config.Budget (default 2*Timeout) and by the caller's context; a call
// waits at most QueueWait for one of MaxInFlight slots per provider.
//
// # tokens_used
//
// The sum of prompt+completion tokens the endpoints reported for every call
// made for this answer, including attempts whose output was unusable (they
// were spent on it); when a built-in step answers, its own count is added.
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
