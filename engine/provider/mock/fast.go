package mock

import (
	"io"
	"net"
	"time"

	"github.com/valyala/fasthttp"
)

// ServeFast serves the mock on fasthttp (cmd/mockllm). A hung request
// (timeout mode) takes the connection over and holds it, sending nothing,
// until the client closes it or MaxHang passes.
func (s *Server) ServeFast(ctx *fasthttp.RequestCtx) {
	var body []byte
	if ctx.IsPost() {
		body = ctx.PostBody()
	}
	rp := s.route(string(ctx.Method()), string(ctx.Path()), body)
	if rp.hang {
		ctx.HijackSetNoResponse(true)
		maxHang := s.opt.MaxHang
		ctx.Hijack(func(c net.Conn) {
			_ = c.SetReadDeadline(time.Now().Add(maxHang))
			_, _ = io.Copy(io.Discard, c) // until the client gives up
		})
		return
	}
	if rp.delay > 0 {
		time.Sleep(rp.delay)
	}
	ctx.SetStatusCode(rp.status)
	if rp.retryAfter != "" {
		ctx.Response.Header.Set("Retry-After", rp.retryAfter)
	}
	ctx.SetContentType("application/json")
	ctx.SetBody(rp.body)
}

// NewFastServer is the fasthttp server cmd/mockllm runs: s as its handler,
// request bodies up to 8 MiB.
func NewFastServer(s *Server) *fasthttp.Server {
	return &fasthttp.Server{
		Handler:              s.ServeFast,
		Name:                 "mockllm",
		MaxRequestBodySize:   maxBody,
		ReadTimeout:          0, // hung and slow requests are the point
		IdleTimeout:          120 * time.Second,
		ReadBufferSize:       16 << 10,
		NoDefaultDate:        true,
		NoDefaultContentType: true,
		CloseOnShutdown:      true,
		TCPKeepalive:         true,
	}
}
