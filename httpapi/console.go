package httpapi

import (
	"embed"
	"io/fs"
	"mime"
	"path"

	"github.com/valyala/fasthttp"
)

// The console: a small web page on the admin listener (GET /console) that
// drives the admin API with the admin token the operator types in (kept in
// the browser's sessionStorage). Its files are embedded; the page and its
// assets need no token, every API call it makes does.
//
//go:embed console
var consoleFiles embed.FS

// consoleAsset serves GET /console and GET /console/{file}.
func consoleAsset(ctx *fasthttp.RequestCtx) {
	name, _ := ctx.UserValue("file").(string)
	if name == "" {
		name = "index.html"
	}
	b, err := fs.ReadFile(consoleFiles, path.Join("console", path.Clean("/" + name)[1:]))
	if err != nil {
		notFound(ctx)
		return
	}
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = "application/octet-stream"
	}
	h := &ctx.Response.Header
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'")
	ctx.SetStatusCode(fasthttp.StatusOK)
	ctx.SetContentType(ct)
	ctx.SetBody(b)
}
