package httpapi

import (
	_ "embed"

	"github.com/valyala/fasthttp"
)

// openAPIDoc is the OpenAPI 3.1 document of /v1 and /admin/v1. Its prose is
// kept by hand beside the handlers; the error code enum and error tables are
// generated from errorCatalogue (errcodes.go) by `go generate`, which also
// writes docs/api.md. TestOpenAPI validates live responses of every
// operation against it; svc/internal/apidoc's TestGenerated fails when
// regenerating would change a byte.
//
//go:generate go run ../cmd/apidoc -openapi openapi.json -md ../docs/api.md
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
