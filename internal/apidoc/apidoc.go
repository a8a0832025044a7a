// Package apidoc generates the parts of the API reference that have one
// source elsewhere, and docs/api.md.
//
// httpapi/openapi.json is the source of every prose description (kept by
// hand beside the handlers). The error catalogue (httpapi.ErrorCatalogue) is
// the source of the errors: Generate writes the Error.code enum, the error
// tables of info.description (between <!-- errors:begin --> and
// <!-- errors:end -->) and each operation's error list (after the
// errorsHeading line of its description), then renders the whole document as
// Markdown for reading on GitHub. `go generate ./httpapi/` runs it
// (cmd/apidoc); TestGenerated fails when regenerating would change a byte.
package apidoc

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"svc/httpapi"
)

const (
	beginMarker   = "<!-- errors:begin -->"
	endMarker     = "<!-- errors:end -->"
	errorsHeading = "**Errors of this operation** (generated from the error catalogue):"
)

// methods in the order operations are listed.
var methods = []string{"get", "post", "put", "patch", "delete"}

// Generate returns openapi.json with its generated parts rewritten from the
// error catalogue, and docs/api.md rendered from that document.
func Generate(doc []byte) (openapi, markdown []byte, err error) {
	v, err := parse(doc)
	if err != nil {
		return nil, nil, err
	}
	root, ok := v.(*object)
	if !ok {
		return nil, nil, fmt.Errorf("apidoc: the document is not an object")
	}
	cat := httpapi.ErrorCatalogue()
	if err := setCodeEnum(root, cat); err != nil {
		return nil, nil, err
	}
	if err := setInfoTables(root, cat); err != nil {
		return nil, nil, err
	}
	if err := setOperationErrors(root, cat); err != nil {
		return nil, nil, err
	}
	copyHeaderDescriptions(root)
	return format(root), render(root), nil
}

// setCodeEnum writes components.schemas.Error.properties.code.enum: every
// catalogued code once, sorted.
func setCodeEnum(root *object, cat []httpapi.ErrorCode) error {
	code := path(root, "components", "schemas", "Error", "properties", "code")
	if code == nil {
		return fmt.Errorf("apidoc: components.schemas.Error.properties.code is missing")
	}
	seen := map[string]bool{}
	var codes []string
	for _, e := range cat {
		if !seen[e.Code] {
			seen[e.Code] = true
			codes = append(codes, e.Code)
		}
	}
	sort.Strings(codes)
	enum := make([]any, len(codes))
	for i, c := range codes {
		enum[i] = c
	}
	code.set("enum", enum)
	return nil
}

// path follows object members.
func path(o *object, keys ...string) *object {
	for _, k := range keys {
		if o == nil {
			return nil
		}
		o = o.obj(k)
	}
	return o
}

// setInfoTables writes the error type and code tables into info.description.
func setInfoTables(root *object, cat []httpapi.ErrorCode) error {
	info := root.obj("info")
	if info == nil {
		return fmt.Errorf("apidoc: info is missing")
	}
	d := info.str("description")
	i, j := strings.Index(d, beginMarker), strings.Index(d, endMarker)
	if i < 0 || j < i {
		return fmt.Errorf("apidoc: info.description lacks %s ... %s", beginMarker, endMarker)
	}
	var b strings.Builder
	b.WriteString(beginMarker + "\n\n| Type | Meaning |\n|---|---|\n")
	for _, t := range httpapi.ErrorTypes() {
		fmt.Fprintf(&b, "| `%s` | %s |\n", t[0], cell(t[1]))
	}
	b.WriteString("\nEvery error code (the values of `code`):\n\n| Status | Type | Code | Meaning |\n|---|---|---|---|\n")
	for _, e := range sorted(cat) {
		fmt.Fprintf(&b, "| %d | `%s` | `%s` | %s |\n", e.Status, e.Type, e.Code, cell(e.Meaning))
	}
	b.WriteString("\n")
	info.set("description", d[:i]+b.String()+d[j:])
	return nil
}

// sorted orders entries by status, then code, then type.
func sorted(cat []httpapi.ErrorCode) []httpapi.ErrorCode {
	out := append([]httpapi.ErrorCode(nil), cat...)
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].Status != out[b].Status {
			return out[a].Status < out[b].Status
		}
		if out[a].Code != out[b].Code {
			return out[a].Code < out[b].Code
		}
		return out[a].Type < out[b].Type
	})
	return out
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// operation is what a catalogue scope is matched against.
type operation struct {
	id, path, method string
	obj              *object
	v1, admin        bool // security: apiKey, adminToken
	body, paid, idem bool // request body, a 402 response, Idempotency-Key
	idPath           bool // an {id} in the path
	statuses         map[string]bool
}

// operations lists the document's operations in path order.
func operations(root *object) []operation {
	var ops []operation
	paths := root.obj("paths")
	if paths == nil {
		return nil
	}
	for _, p := range paths.keys {
		item := paths.obj(p)
		for _, m := range methods {
			o := item.obj(m)
			if o == nil {
				continue
			}
			op := operation{id: o.str("operationId"), path: p, method: m, obj: o,
				body: o.get("requestBody") != nil, idPath: strings.Contains(p, "{id}"), statuses: map[string]bool{}}
			if sec, ok := o.get("security").([]any); ok {
				for _, s := range sec {
					if so, ok := s.(*object); ok {
						op.v1 = op.v1 || so.get("apiKey") != nil
						op.admin = op.admin || so.get("adminToken") != nil
					}
				}
			}
			if rs := o.obj("responses"); rs != nil {
				for _, st := range rs.keys {
					op.statuses[st] = true
				}
			}
			op.paid = op.statuses["402"]
			if ps, ok := o.get("parameters").([]any); ok {
				for _, prm := range ps {
					if po, ok := prm.(*object); ok && strings.HasSuffix(po.str("$ref"), "/IdempotencyKey") {
						op.idem = true
					}
				}
			}
			ops = append(ops, op)
		}
	}
	return ops
}

// matches reports whether a catalogue scope covers op: alternatives joined
// by ",", each a conjunction of terms joined by "&", a term negated by "!".
func matches(scope string, op operation) bool {
	for _, alt := range strings.Split(scope, ",") {
		all := true
		for _, term := range strings.Split(alt, "&") {
			neg := strings.HasPrefix(term, "!")
			term = strings.TrimPrefix(term, "!")
			var ok bool
			switch term {
			case "v1":
				ok = op.v1
			case "admin":
				ok = op.admin
			case "body":
				ok = op.body
			case "paid":
				ok = op.paid
			case "idem":
				ok = op.idem
			case "id":
				ok = op.idPath
			case "transport":
				ok = false
			default:
				ok = term == op.id
			}
			all = all && ok != neg
		}
		if all {
			return true
		}
	}
	return false
}

// names reports whether scope names the operation id itself.
func names(scope, id string) bool {
	for _, t := range strings.FieldsFunc(scope, func(r rune) bool { return r == ',' || r == '&' }) {
		if t == id { // "!id" excludes it: not named
			return true
		}
	}
	return false
}

// errorsOf returns the catalogue entries whose scope covers op, by status.
func errorsOf(op operation, cat []httpapi.ErrorCode) []httpapi.ErrorCode {
	var out []httpapi.ErrorCode
	for _, e := range sorted(cat) {
		if matches(e.Scope, op) {
			out = append(out, e)
		}
	}
	return out
}

// setOperationErrors appends each operation's error list to its
// description, and checks every listed status is one of its responses.
func setOperationErrors(root *object, cat []httpapi.ErrorCode) error {
	for _, op := range operations(root) {
		errs := errorsOf(op, cat)
		d := op.obj.str("description")
		if i := strings.Index(d, "\n\n"+errorsHeading); i >= 0 {
			d = d[:i]
		}
		if len(errs) == 0 {
			op.obj.set("description", d)
			continue
		}
		var b strings.Builder
		b.WriteString(d + "\n\n" + errorsHeading + "\n\n| Status | Type | Code |\n|---|---|---|\n")
		for _, e := range errs {
			st := strconv.Itoa(e.Status)
			if !op.statuses[st] {
				// A group scope (v1, admin, ...) covers the operations
				// that document the status; one naming the operation
				// must find it documented.
				if names(e.Scope, op.id) {
					return fmt.Errorf("apidoc: %s %s can send %s %s (error catalogue) but its responses lack %s", op.method, op.path, st, e.Code, st)
				}
				continue
			}
			fmt.Fprintf(&b, "| %s | `%s` | `%s` |\n", st, e.Type, e.Code)
		}
		op.obj.set("description", strings.TrimRight(b.String(), "\n"))
	}
	return nil
}

// copyHeaderDescriptions gives every inline response header that has a
// component of the same name (components.headers) that component's
// description: the component is the one source of a header's prose.
func copyHeaderDescriptions(root *object) {
	comps := path(root, "components", "headers")
	if comps == nil {
		return
	}
	fix := func(resp *object) {
		hs := resp.obj("headers")
		if hs == nil {
			return
		}
		for _, name := range hs.keys {
			h, c := hs.obj(name), comps.obj(name)
			if h != nil && c != nil && h.str("$ref") == "" && c.str("description") != "" {
				h.set("description", c.str("description"))
			}
		}
	}
	if rs := path(root, "components", "responses"); rs != nil {
		for _, k := range rs.keys {
			fix(rs.obj(k))
		}
	}
	for _, op := range operations(root) {
		if rs := op.obj.obj("responses"); rs != nil {
			for _, k := range rs.keys {
				fix(rs.obj(k))
			}
		}
	}
}
