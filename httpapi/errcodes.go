package httpapi

import (
	"fmt"
	"strings"
)

// ErrorCode is one entry of the error catalogue: the code of an error object,
// the type it is sent with, its HTTP status, what it means, and where it can
// occur. A code may appear with two types (rubric classify sends its field
// errors with the SPEC's types missing_field and invalid_field): each pair is
// its own entry.
type ErrorCode struct {
	Code    string
	Type    string
	Status  int
	Meaning string
	// Scope says which operations of the OpenAPI document can send it:
	// "v1" (every operation that takes an API key), "admin" (every
	// operation that takes the admin token), "body" (operations with a
	// request body), "paid" (operations with a 402 response), "idem"
	// (operations taking Idempotency-Key), "id" (operations with an {id}
	// in the path), "transport" (any request the HTTP server cannot parse:
	// not listed per operation), or operation ids; joined with "&" for
	// "all of", "," for "any of", "!" for "not" (e.g. "admin&id,feedback",
	// "body&!rubricClassify").
	Scope string
}

// errorCatalogue lists every (type, code) pair errf may build. It is the one
// source of the Error.code enum of openapi.json, the per-operation error
// lists and the error table of docs/api.md (go generate, cmd/apidoc);
// TestErrorCatalogue checks every errf call against it.
var errorCatalogue = []ErrorCode{
	{"malformed_json", typeInvalidRequest, 400, "The body is not one JSON object in UTF-8 (or is empty where a body is required).", "body"},
	{"missing_field", typeInvalidRequest, 400, "A required field is absent or null; param names it.", "body&!rubricClassify"},
	{"invalid_value", typeInvalidRequest, 400, "A field or query parameter has the wrong type, is out of range, or is not one of the allowed values; param names it and the message lists the allowed values or range.", "v1&!rubricClassify,admin"},
	{"too_long", typeInvalidRequest, 400, "A string field is longer than its limit (text 5,000 characters; context, comment, title, channel_context 2,000; ids and names 200); param names it.", "body&!rubricClassify"},
	{"empty_field", typeInvalidRequest, 400, "A required text field is empty or only white space (rubric classify: missing_field); param names it.", "body&!rubricClassify"},
	{"invalid_idempotency_key", typeInvalidRequest, 400, "The Idempotency-Key header is not 1 to 255 printable ASCII characters; param is Idempotency-Key.", "idem"},
	{"backup_unsupported", typeInvalidRequest, 400, "The ledger is PostgreSQL: back it up with the database's own tools.", "adminBackup"},
	{"malformed_request", typeInvalidRequest, 400, "The HTTP request could not be parsed.", "transport"},
	{"missing_field", typeMissingField, 400, "Rubric classify only (the SPEC's type): text or rubric is absent, or rubric.categories is empty; param names the field.", "rubricClassify"},
	{"invalid_value", typeInvalidField, 400, "Rubric classify only (the SPEC's type): a category without a non-empty name, a bare string as a category, more than 20 categories, a wrong type, or a provider other than llm_a and llm_b; param names the field.", "rubricClassify"},
	{"too_long", typeInvalidField, 400, "Rubric classify only (the SPEC's type): text longer than 5,000 characters, a category name longer than 200 or a description longer than 2,000; param names the field.", "rubricClassify"},
	{"missing_api_key", typeAuthentication, 401, "No Authorization: Bearer header.", "v1"},
	{"invalid_api_key", typeAuthentication, 401, "The API key is unknown, malformed, revoked or expired (sandbox keys expire 14 days after creation).", "v1"},
	{"invalid_admin_token", typeAuthentication, 401, "The admin token is missing or wrong (the message says which).", "admin"},
	{"insufficient_credits", typeInsufficient, 402, "A live key's balance is below the operation's price; the error carries balance_credits and required_credits. Free operations keep working; a credit pack restores access at once.", "paid"},
	{"classification_not_found", typeNotFound, 404, "No classification with this id for this account (ids of other accounts are never revealed).", "feedback"},
	{"comment_not_found", typeNotFound, 404, "No comment with this id for this account.", "reply"},
	{"not_found", typeNotFound, 404, "No account, key or purchase with this id.", "admin&id"},
	{"route_not_found", typeNotFound, 404, "No route matches the method and path; on the admin clock, test clocks are off (--test-clock).", "adminClock"},
	{"method_not_allowed", typeMethodNotAllowed, 405, "The path exists but not with this method.", "v1,admin"},
	{"request_timeout", typeInvalidRequest, 408, "The request was not received in time.", "transport"},
	{"refund_not_allowed", typeRefundNotAllowed, 409, "The purchase is older than 14 days or has nothing unconsumed left.", "adminRefund"},
	{"idempotency_key_in_use", typeIdempotency, 409, "A request under this Idempotency-Key is still running; retry after Retry-After (1 s).", "idem"},
	{"backup_dir_exists", typeInvalidRequest, 409, "The backup directory already exists.", "adminBackup"},
	{"feedback_limit_reached", typeInvalidRequest, 409, "The account has feedback on 3,000 classifications, the most it keeps: feedback on a classification already rated still replaces the older one; feedback on a new one is refused (param classification_id). Nothing was stored.", "feedback"},
	{"body_too_large", typeInvalidRequest, 413, "The body is larger than 256 KiB (report: 4 MiB).", "v1,admin"},
	{"idempotency_key_reused", typeIdempotency, 422, "This Idempotency-Key was used in the last 24 hours for a different request.", "idem"},
	{"rate_limited", typeRateLimit, 429, "The key's per-minute limit (X-RateLimit-Limit: 10 for sandbox keys, the account's rate_limit_per_minute for live keys) is used up; Retry-After gives the seconds to the window's reset.", "v1"},
	{"report_rate_limited", typeRateLimit, 429, "More than 5 reports in a minute on this account; Retry-After gives the seconds to wait.", "report"},
	{"sandbox_quota_exhausted", typeRateLimit, 429, "The account's 100 sandbox requests are used up. The quota is for the account's lifetime, across all its sandbox keys: it never resets and no Retry-After is sent. Use a live key.", "paid,feedback"},
	{"too_many_auth_failures", typeRateLimit, 429, "More than 600 failed authentications within a minute from this client address (the address a trusted proxy reports, see docs/operations.md); a key that authenticates is never refused; Retry-After gives the seconds until a slot frees.", "v1"},
	{"headers_too_large", typeInvalidRequest, 431, "The request headers are too large.", "transport"},
	{"internal_error", typeAPI, 500, "An internal or provider failure; the message is one constant string, request_id identifies the cause to support.", "v1,admin"},
	{"rubric_unparseable", typeRubricUnparseable, 502, "Rubric classify: no usable model output after one automatic retry. Nothing was charged.", "rubricClassify"},
	{"clock_unavailable", typeAPI, 503, "The shared test clock could not be advanced; nothing changed.", "adminClock"},
}

// ErrorCatalogue returns a copy of the error catalogue, in status order.
func ErrorCatalogue() []ErrorCode { return append([]ErrorCode(nil), errorCatalogue...) }

// ErrorTypes returns the error types of the catalogue with what each means,
// in the order of the SPEC's Errors table.
func ErrorTypes() [][2]string {
	return [][2]string{
		{typeInvalidRequest, "400 (and 408, 409, 413, 431 for transport and backup errors): a missing or invalid field, parameter or header, text too long, malformed JSON."},
		{typeAuthentication, "401: a missing, malformed, unknown, revoked or expired API key, or a wrong admin token."},
		{typeInsufficient, "402: a live key's balance is below the price."},
		{typeRateLimit, "429: a per-minute limit, or the sandbox lifetime quota."},
		{typeAPI, "500 (503 for the test clock): an internal or provider failure."},
		{typeMissingField, "400, rubric classify only: text or rubric absent, or rubric.categories empty. The SPEC names these types for rubric classify alone, so rubric keeps them while every other operation reports field errors as invalid_request_error; the code (missing_field, invalid_value, too_long) is the same on every operation."},
		{typeInvalidField, "400, rubric classify only: an invalid category, more than 20 categories, an invalid provider (see missing_field)."},
		{typeRubricUnparseable, "502, rubric classify only: no usable model output after one retry; not charged."},
		{typeNotFound, "404: an unknown route, or an id this account (or this server) does not have."},
		{typeMethodNotAllowed, "405: a known path with the wrong method."},
		{typeRefundNotAllowed, "409, admin refund: past 14 days or nothing unconsumed left."},
		{typeIdempotency, "409 or 422: an Idempotency-Key still in flight or reused for a different request."},
	}
}

// catalogued maps type + "/" + code to its entry.
var catalogued = func() map[string]ErrorCode {
	m := make(map[string]ErrorCode, len(errorCatalogue))
	for _, e := range errorCatalogue {
		m[e.Type+"/"+e.Code] = e
	}
	return m
}()

// strictCatalogue makes errf panic on a (type, code) pair missing from the
// catalogue; the package's tests set it (the panic becomes a 500 there),
// production leaves it off.
var strictCatalogue = false

// checkCatalogued is errf's check of its pair against the catalogue.
func checkCatalogued(typ, code string) {
	if !strictCatalogue {
		return
	}
	if _, ok := catalogued[typ+"/"+code]; !ok {
		panic(fmt.Sprintf("httpapi: error %s/%s is not in errorCatalogue (errcodes.go)", typ, code))
	}
}

// allowedValues is the end of a message naming a parameter's allowed values.
func allowedValues(set []string) string { return "must be one of: " + strings.Join(set, ", ") + "." }

// Messages the catalogue's entries promise.
const (
	msgSandboxQuota = "The sandbox quota of 100 requests for this account is used up. It counts every sandbox key the account ever had and is for the account's lifetime: it does not reset. Use a live key (svc_live_sk_...) to continue."
	msgAdminMissing = "Send the header Authorization: Bearer <admin token> (printed at the first start, kept in <data-dir>/admin.token, or set with --admin-token)."
	msgAdminWrong   = "The admin token is wrong. Use the token printed at the first start, kept in <data-dir>/admin.token (or set with --admin-token)."
)

// adminTokenError is the 401 of the admin listener: present says whether a
// Bearer token was sent (and is wrong) or none was.
func adminTokenError(present bool) apiError {
	if present {
		return errf(typeAuthentication, "invalid_admin_token", "", msgAdminWrong)
	}
	return errf(typeAuthentication, "invalid_admin_token", "", msgAdminMissing)
}
