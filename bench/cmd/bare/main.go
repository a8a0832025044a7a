// Command bare is the ceiling of svc's load tests: a fasthttp server whose
// one handler answers every request with a small fixed JSON body, the least
// work any fasthttp service can do on this machine.
//
//	bare --addr 127.0.0.1:18080
package main

import (
	"flag"
	"log"

	"github.com/valyala/fasthttp"
)

var body = []byte(`{"success":true,"result":{"object":"pong"},"errors":[],"request_id":"req_01JBENCH0000000000000000000"}`)

func main() {
	addr := flag.String("addr", "127.0.0.1:18080", "listen address")
	flag.Parse()
	srv := &fasthttp.Server{
		Handler: func(ctx *fasthttp.RequestCtx) {
			ctx.SetContentType("application/json")
			ctx.SetBody(body)
		},
		Name:                  "bare",
		NoDefaultServerHeader: true,
		Concurrency:           20_000,
	}
	log.Printf("bare: listening on http://%s", *addr)
	if err := srv.ListenAndServe(*addr); err != nil {
		log.Fatal(err)
	}
}
