package httpapi

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"sync"

	"github.com/fasthttp/router"
	"github.com/valyala/fasthttp"
)

// The API reference page: GET /docs on the public listener renders
// GET /v1/openapi.json with Redoc (github.com/Redocly/redoc, MIT; npm
// package redoc 2.5.4, bundles/redoc.standalone.js, unmodified; licences in
// redoc/ and NOTICE). Everything is embedded: the page loads nothing but
// these files and the document from this server, and needs no key.
var (
	//go:embed redoc/index.html
	docsPage []byte
	//go:embed redoc/init.js
	docsInit []byte
	//go:embed redoc/redoc.standalone.js
	redocJS []byte

	redocGz     []byte // redocJS gzipped once, on first request
	redocGzOnce sync.Once
)

// docsCSP allows only this origin; Redoc needs inline styles
// (styled-components), blob: workers (search) and data: images.
const docsCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'"

// docsRoutes registers GET /docs and its two scripts.
func docsRoutes(r *router.Router) {
	r.GET("/docs", docsAsset(docsPage, "text/html; charset=utf-8"))
	r.GET("/docs/init.js", docsAsset(docsInit, "text/javascript; charset=utf-8"))
	r.GET("/docs/redoc.standalone.js", redocAsset)
}

func docsHeaders(ctx *fasthttp.RequestCtx, ct string) {
	newRequestID(ctx)
	h := &ctx.Response.Header
	h.Set("Cache-Control", "public, max-age=300")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", docsCSP)
	ctx.SetStatusCode(fasthttp.StatusOK)
	ctx.SetContentType(ct)
}

func docsAsset(body []byte, ct string) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		docsHeaders(ctx, ct)
		ctx.SetBody(body)
	}
}

// redocAsset serves the 1.1 MB bundle, gzipped (330 KB) when the client
// accepts it.
func redocAsset(ctx *fasthttp.RequestCtx) {
	docsHeaders(ctx, "text/javascript; charset=utf-8")
	ctx.Response.Header.Set("Vary", "Accept-Encoding")
	if !ctx.Request.Header.HasAcceptEncoding("gzip") {
		ctx.SetBody(redocJS)
		return
	}
	redocGzOnce.Do(func() {
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		_, _ = w.Write(redocJS)
		_ = w.Close()
		redocGz = b.Bytes()
	})
	ctx.Response.Header.Set("Content-Encoding", "gzip")
	ctx.SetBody(redocGz)
}
