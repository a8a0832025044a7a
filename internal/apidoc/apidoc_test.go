package apidoc

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"svc/httpapi"
)

// TestGenerated fails when `go generate ./httpapi/` would change
// httpapi/openapi.json or docs/api.md: the error catalogue, the document and
// the Markdown reference agree.
func TestGenerated(t *testing.T) {
	doc := httpapi.OpenAPIDocument()
	onDisk, err := os.ReadFile(filepath.Join("..", "..", "httpapi", "openapi.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doc, onDisk) {
		t.Fatal("the embedded document differs from httpapi/openapi.json: rebuild")
	}
	out, md, err := Generate(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, doc) {
		t.Errorf("httpapi/openapi.json is not up to date with the error catalogue: run go generate ./httpapi/ (%s)", firstDiff(doc, out))
	}
	mdDisk, err := os.ReadFile(filepath.Join("..", "..", "docs", "api.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(md, mdDisk) {
		t.Errorf("docs/api.md is not up to date: run go generate ./httpapi/ (%s)", firstDiff(mdDisk, md))
	}
}

// firstDiff names the first line where have and want differ.
func firstDiff(have, want []byte) string {
	h, w := strings.Split(string(have), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(h) && i < len(w); i++ {
		if h[i] != w[i] {
			return "line " + strconv.Itoa(i+1) + ": have " + h[i] + ", want " + w[i]
		}
	}
	return "lengths differ"
}

// TestEveryCodeDocumented: every catalogued code is in the Error.code enum,
// in the overview's table and in docs/api.md, and every operation that
// takes a key or the admin token lists its errors.
func TestEveryCodeDocumented(t *testing.T) {
	out, md, err := Generate(httpapi.OpenAPIDocument())
	if err != nil {
		t.Fatal(err)
	}
	v, err := parse(out)
	if err != nil {
		t.Fatal(err)
	}
	root := v.(*object)
	enum := map[string]bool{}
	for _, c := range path(root, "components", "schemas", "Error", "properties", "code").get("enum").([]any) {
		enum[c.(string)] = true
	}
	info := root.obj("info").str("description")
	for _, e := range httpapi.ErrorCatalogue() {
		if !enum[e.Code] {
			t.Errorf("code %s is not in Error.code's enum", e.Code)
		}
		row := "| `" + e.Type + "` | `" + e.Code + "` |"
		if !strings.Contains(info, row) || !strings.Contains(string(md), row) {
			t.Errorf("code %s (%s) is missing from the error table", e.Code, e.Type)
		}
	}
	for _, op := range operations(root) {
		if (op.v1 || op.admin) && !strings.Contains(op.obj.str("description"), errorsHeading) {
			t.Errorf("%s %s lists no errors", op.method, op.path)
		}
		if !strings.Contains(string(md), "### "+opHeading(op)) {
			t.Errorf("docs/api.md lacks %s", opHeading(op))
		}
	}
}

// TestFormatRoundTrip: parse and format keep a document byte for byte.
func TestFormatRoundTrip(t *testing.T) {
	in := "{\n \"a\": [\n  1.50,\n  \"ش\\\"\\n\"\n ],\n \"b\": {},\n \"c\": [],\n \"d\": null,\n \"e\": true\n}\n"
	v, err := parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(format(v)); got != in {
		t.Fatalf("round trip changed the document:\n%s", got)
	}
}
