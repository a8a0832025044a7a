package httpapi

import (
	_ "embed"

	"github.com/valyala/fasthttp"
)

// openAPIDoc is the OpenAPI 3.1 document of /v1 and /admin/v1. It is kept by
// hand beside the handlers; TestOpenAPI validates live responses of every
// operation against it.
//
//go:embed openapi.json
var openAPIDoc []byte

// OpenAPIDocument returns the embedded OpenAPI document (JSON).
func OpenAPIDocument() []byte { return openAPIDoc }

// openAPI serves GET /v1/openapi.json, without authentication.
func openAPI(ctx *fasthttp.RequestCtx) {
	newRequestID(ctx)
	ctx.Response.Header.Set("Cache-Control", "public, max-age=300")
	ctx.SetStatusCode(fasthttp.StatusOK)
	ctx.SetContentType("application/json")
	ctx.SetBody(openAPIDoc)
}
