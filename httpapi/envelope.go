package httpapi

import (
	"github.com/bytedance/sonic"
	"github.com/valyala/fasthttp"
)

// Error types of SPEC.md's Errors table, plus DESIGN.md's routing errors.
const (
	typeInvalidRequest    = "invalid_request_error"
	typeAuthentication    = "authentication_error"
	typeInsufficient      = "insufficient_credits"
	typeRateLimit         = "rate_limit_error"
	typeAPI               = "api_error"
	typeMissingField      = "missing_field"
	typeInvalidField      = "invalid_field"
	typeRubricUnparseable = "rubric_unparseable"
	typeNotFound          = "not_found_error"
	typeMethodNotAllowed  = "method_not_allowed_error"
	typeRefundNotAllowed  = "refund_not_allowed"
)

// internalMessage is the one constant message of every 500.
const internalMessage = "An internal error occurred. Quote the request_id to support."

// apiError is one element of the envelope's errors array.
type apiError struct {
	Type            string  `json:"type"`
	Code            string  `json:"code"`
	Message         string  `json:"message"`
	Param           *string `json:"param"`
	BalanceCredits  *int64  `json:"balance_credits,omitempty"`
	RequiredCredits *int64  `json:"required_credits,omitempty"`
}

// envelope is the body of every /v1 and /admin/v1 response except health.
// On success Errors is empty; on failure Success is false and Result null.
type envelope struct {
	Success   bool       `json:"success"`
	Result    any        `json:"result"`
	Errors    []apiError `json:"errors"`
	RequestID string     `json:"request_id"`
}

var noErrors = []apiError{}

// writeJSON writes v as the JSON body with the given status.
func writeJSON(ctx *fasthttp.RequestCtx, status int, v any) {
	b, err := sonic.ConfigStd.Marshal(v)
	if err != nil {
		status = fasthttp.StatusInternalServerError
		b = []byte(`{"success":false,"result":null,"errors":[{"type":"api_error","code":"internal_error","message":"` + internalMessage + `","param":null}],"request_id":""}`)
	}
	ctx.SetStatusCode(status)
	ctx.SetContentType("application/json")
	ctx.SetBody(b)
}

func writeOK(ctx *fasthttp.RequestCtx, reqID string, result any) {
	writeJSON(ctx, fasthttp.StatusOK, envelope{Success: true, Result: result, Errors: noErrors, RequestID: reqID})
}

func writeError(ctx *fasthttp.RequestCtx, reqID string, status int, e apiError) {
	writeJSON(ctx, status, envelope{Success: false, Result: nil, Errors: []apiError{e}, RequestID: reqID})
}

func strp(s string) *string { return &s }

// errf builds an error with an optional param ("" = null). The (typ, code)
// pair must be an entry of errorCatalogue (errcodes.go); tests enforce it.
func errf(typ, code, param, msg string) apiError {
	checkCatalogued(typ, code)
	e := apiError{Type: typ, Code: code, Message: msg}
	if param != "" {
		e.Param = strp(param)
	}
	return e
}
