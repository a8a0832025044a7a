// Command apidoc rewrites the generated parts of httpapi/openapi.json (the
// error code enum and error tables, from the error catalogue) and writes
// docs/api.md from it (package svc/internal/apidoc). `go generate ./httpapi/`
// runs it:
//
//	apidoc -openapi httpapi/openapi.json -md docs/api.md
package main

import (
	"flag"
	"fmt"
	"os"

	"svc/internal/apidoc"
)

func main() {
	oa := flag.String("openapi", "httpapi/openapi.json", "the OpenAPI document, rewritten in place")
	md := flag.String("md", "docs/api.md", "the Markdown reference to write")
	flag.Parse()
	if err := run(*oa, *md); err != nil {
		fmt.Fprintln(os.Stderr, "apidoc:", err)
		os.Exit(1)
	}
}

func run(oaPath, mdPath string) error {
	doc, err := os.ReadFile(oaPath)
	if err != nil {
		return err
	}
	out, md, err := apidoc.Generate(doc)
	if err != nil {
		return err
	}
	if err := os.WriteFile(oaPath, out, 0o644); err != nil {
		return err
	}
	return os.WriteFile(mdPath, md, 0o644)
}
