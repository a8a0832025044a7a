package httpapi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every test of the package runs with errf checking its (type, code) pair
// against the catalogue: an uncatalogued pair panics (a 500 in a handler).
func init() { strictCatalogue = true }

// typeConsts maps the names of the error-type constants to their values.
var typeConsts = map[string]string{
	"typeInvalidRequest": typeInvalidRequest, "typeAuthentication": typeAuthentication,
	"typeInsufficient": typeInsufficient, "typeRateLimit": typeRateLimit, "typeAPI": typeAPI,
	"typeMissingField": typeMissingField, "typeInvalidField": typeInvalidField,
	"typeRubricUnparseable": typeRubricUnparseable, "typeNotFound": typeNotFound,
	"typeMethodNotAllowed": typeMethodNotAllowed, "typeRefundNotAllowed": typeRefundNotAllowed,
	"typeIdempotency": typeIdempotency,
}

// TestErrorCatalogue reads every errf call of the package's source: a call
// with a literal type constant and a literal code must name a catalogued
// pair; calls whose type or code is a variable are the few helpers listed
// here, whose literal inputs are checked where they are passed
// (rateLimited's code, transportError's codes, the decoder's types).
func TestErrorCatalogue(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	calls := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name := ""
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			pos := fset.Position(call.Pos())
			switch name {
			case "errf":
				calls++
				typ, typOK := typeConsts[identName(call.Args[0])]
				code, codeOK := stringLit(call.Args[1])
				switch {
				case !codeOK:
					// rateLimited, authFailed and transportError pass a
					// variable code: its values are checked at rateLimited's
					// and authFailed's calls and below.
					if !(f == "call.go" || f == "server.go" || f == "authfail.go") || identName(call.Args[1]) != "code" {
						t.Errorf("%s: errf with a code the test cannot read; use a code literal", pos)
					}
					return true
				case !typOK:
					// The decoder and classify's provider check pass the
					// operation's field-error type (rubric's or the default):
					// the code must be catalogued with the default type.
					typ = typeInvalidRequest
				}
				if _, ok := catalogued[typ+"/"+code]; !ok {
					t.Errorf("%s: errf(%s, %q) is not in errorCatalogue", pos, typ, code)
				}
			case "authFailed":
				code, ok := stringLit(call.Args[1])
				if !ok {
					t.Errorf("%s: authFailed with a non-literal code", pos)
				} else if _, ok := catalogued[typeAuthentication+"/"+code]; !ok {
					t.Errorf("%s: authentication code %q is not in errorCatalogue", pos, code)
				}
			case "rateLimited":
				code, ok := stringLit(call.Args[1])
				if !ok {
					t.Errorf("%s: rateLimited with a non-literal code", pos)
				} else if _, ok := catalogued[typeRateLimit+"/"+code]; !ok {
					t.Errorf("%s: rate-limit code %q is not in errorCatalogue", pos, code)
				}
			}
			return true
		})
	}
	if calls < 30 {
		t.Fatalf("found only %d errf calls: the scan is broken", calls)
	}
	// The codes the helpers build from variables.
	for _, p := range [][2]string{
		{typeInvalidRequest, "malformed_request"}, {typeInvalidRequest, "headers_too_large"},
		{typeInvalidRequest, "request_timeout"}, {typeInvalidRequest, "body_too_large"},
		{typeInvalidRequest, "missing_field"}, {typeMissingField, "missing_field"},
		{typeInvalidRequest, "invalid_value"}, {typeInvalidField, "invalid_value"},
		{typeInvalidRequest, "too_long"}, {typeInvalidField, "too_long"},
	} {
		if _, ok := catalogued[p[0]+"/"+p[1]]; !ok {
			t.Errorf("%s/%s is built by a helper but not catalogued", p[0], p[1])
		}
	}
	// Every entry is unique, has a meaning, a known type and a scope.
	types := map[string]bool{}
	for _, v := range typeConsts {
		types[v] = true
	}
	for _, tv := range ErrorTypes() {
		if !types[tv[0]] {
			t.Errorf("ErrorTypes lists %q, not a type constant", tv[0])
		}
	}
	if len(ErrorTypes()) != len(typeConsts) {
		t.Errorf("ErrorTypes has %d types, the package %d", len(ErrorTypes()), len(typeConsts))
	}
	if len(catalogued) != len(errorCatalogue) {
		t.Errorf("errorCatalogue has a duplicate (type, code) pair")
	}
	for _, e := range errorCatalogue {
		if !types[e.Type] || e.Meaning == "" || e.Scope == "" || e.Status < 400 || e.Status > 599 {
			t.Errorf("catalogue entry %+v is incomplete", e)
		}
	}
}

func identName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// TestStrictCatalogue: errf panics on an uncatalogued pair in tests.
func TestStrictCatalogue(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("errf accepted a code missing from the catalogue")
		}
	}()
	errf(typeInvalidRequest, "no_such_code", "", "x")
}
