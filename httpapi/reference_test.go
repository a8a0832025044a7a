package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/httpapi"
)

// TestEveryPropertyDescribed counts the properties of openapi.json without
// a description (every schema, request and response, at any depth) and
// fails on any; so must every header, parameter and schema component.
func TestEveryPropertyDescribed(t *testing.T) {
	var doc map[string]any
	require.NoError(t, json.Unmarshal(httpapi.OpenAPIDocument(), &doc))
	props, undescribed := 0, []string{}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch n := v.(type) {
		case map[string]any:
			if ps, ok := n["properties"].(map[string]any); ok {
				for name, p := range ps {
					props++
					if d, _ := p.(map[string]any)["description"].(string); strings.TrimSpace(d) == "" {
						undescribed = append(undescribed, path+"."+name)
					}
				}
			}
			for k, c := range n {
				walk(c, path+"/"+k)
			}
		case []any:
			for i, c := range n {
				walk(c, fmt.Sprintf("%s/%d", path, i))
			}
		}
	}
	walk(doc, "")
	sort.Strings(undescribed)
	require.Greater(t, props, 400, "the walk found too few properties")
	require.Empty(t, undescribed, "%d of %d properties have no description", len(undescribed), props)

	comp := doc["components"].(map[string]any)
	for _, kind := range []string{"headers", "parameters", "schemas", "responses"} {
		for name, c := range comp[kind].(map[string]any) {
			d, _ := c.(map[string]any)["description"].(string)
			require.NotEmpty(t, strings.TrimSpace(d), "components.%s.%s has no description", kind, name)
		}
	}
	for p, item := range doc["paths"].(map[string]any) {
		for m, o := range item.(map[string]any) {
			op, ok := o.(map[string]any)
			if !ok || m == "servers" {
				continue
			}
			require.NotEmpty(t, op["description"], "%s %s has no description", m, p)
			ps, _ := op["parameters"].([]any)
			for _, prm := range ps {
				pm := prm.(map[string]any)
				if _, ref := pm["$ref"]; !ref {
					require.NotEmpty(t, pm["description"], "%s %s parameter %v has no description", m, p, pm["name"])
				}
			}
		}
	}
}

// TestUnknownFieldsIgnored: the reference says unknown body fields are
// ignored (forward compatibility), and every request schema says so with
// additionalProperties true; the server answers such bodies like the known
// part alone.
func TestUnknownFieldsIgnored(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	require.NoError(t, json.Unmarshal(httpapi.OpenAPIDocument(), &doc))
	requests := 0
	for name, s := range doc.Components.Schemas {
		if !strings.HasSuffix(name, "Request") {
			continue
		}
		requests++
		require.Equal(t, true, s["additionalProperties"], "%s must allow unknown fields, as the server does", name)
		require.Contains(t, s["description"], "Unknown fields are ignored", name)
	}
	require.GreaterOrEqual(t, requests, 10)

	n := startNode(t, "")
	_, key := n.liveKey()
	r := requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "hi", "foo": 1}))
	require.Equal(t, "en", r["language"])
	requireOK(t, n.post("/v1/rubric/classify", key, map[string]any{"text": "my parcel is late", "x": true,
		"rubric": map[string]any{"y": 1, "categories": []any{map[string]any{"name": "Shipping", "z": "w"}}}}))
	// A known field with a wrong value is still refused, naming it.
	requireError(t, n.post("/v1/detect", key, map[string]any{"text": 5, "foo": 1}), 400, "invalid_request_error", "text")
}

// TestQueryErrorsNameAllowedValues: a query parameter outside its
// enumeration is 400 invalid_value whose message lists the allowed values,
// as body errors do.
func TestQueryErrorsNameAllowedValues(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	for _, c := range []struct{ path, param, values string }{
		{"/v1/comments?dialect=maghrebi", "dialect", "gulf, egyptian, levantine, msa"},
		{"/v1/comments?platform=tiktok", "platform", "youtube, instagram, twitter, facebook"},
		{"/v1/comments?intent=rant", "intent", "question, complaint, praise, suggestion, spam, other"},
		{"/v1/analytics?group_by=year", "group_by", "day, week, month"},
		{"/v1/usage?group_by=year", "group_by", "day, week, month, endpoint"},
	} {
		r := n.get(c.path, key)
		requireError(t, r, 400, "invalid_request_error", c.param)
		require.Equal(t, "invalid_value", r.err0()["code"])
		require.Contains(t, r.err0()["message"], "must be one of: "+c.values+".", c.path)
	}
}

// TestAdminTokenMessages: a wrong admin token is told it is wrong; a
// missing one is told what to send. Both are 401 invalid_admin_token, on
// the admin API and on /metrics.
func TestAdminTokenMessages(t *testing.T) {
	n := startNode(t, "")
	for _, path := range []string{"/admin/v1/accounts/acct_x", "/metrics"} {
		r := n.do("GET", n.admin+path, "svc_admin_wrong", nil)
		requireError(t, r, 401, "authentication_error", "")
		require.Equal(t, "invalid_admin_token", r.err0()["code"])
		require.Contains(t, r.err0()["message"], "The admin token is wrong", path)
		r = n.do("GET", n.admin+path, "", nil)
		requireError(t, r, 401, "authentication_error", "")
		require.Equal(t, "invalid_admin_token", r.err0()["code"])
		require.Contains(t, r.err0()["message"], "Send the header Authorization: Bearer <admin token>", path)
	}
}

// TestSandboxQuotaMessage: the exhausted sandbox quota is for the account's
// lifetime: the 429 says so and points to a live key, and carries no
// Retry-After (waiting never helps).
func TestSandboxQuotaMessage(t *testing.T) {
	n := startNode(t, "")
	acc := n.account("quota")
	_, key := n.key(acc, "sandbox")
	for i := 0; i < 100; i++ {
		if i > 0 && i%10 == 0 {
			n.advance(61 * time.Second) // past the 10-per-minute limit
		}
		requireOK(t, n.post("/v1/detect", key, map[string]any{"text": fmt.Sprintf("quota %d", i)}))
	}
	n.advance(61 * time.Second)
	r := n.post("/v1/detect", key, map[string]any{"text": "over"})
	requireError(t, r, 429, "rate_limit_error", "")
	require.Equal(t, "sandbox_quota_exhausted", r.err0()["code"])
	require.Empty(t, r.header.Get("Retry-After"), "a lifetime quota promises no reset")
	msg := r.err0()["message"].(string)
	require.Contains(t, msg, "does not reset")
	require.Contains(t, msg, "Use a live key")
}

// TestDocsPage: GET /docs serves the reference page without a key, with a
// Content-Security-Policy that lets it load nothing from elsewhere, and the
// bundled renderer it names, gzipped or not as the client asks.
func TestDocsPage(t *testing.T) {
	n := startNode(t, "")
	get := func(path, encoding string) (*http.Response, []byte) {
		req, err := http.NewRequest("GET", n.base+path, nil)
		require.NoError(t, err)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		require.Equal(t, 200, res.StatusCode, path)
		return res, b
	}
	res, page := get("/docs", "")
	require.Contains(t, res.Header.Get("Content-Type"), "text/html")
	require.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'self'")
	require.Contains(t, string(page), `<script src="/docs/redoc.standalone.js"></script>`)
	require.NotContains(t, string(page), "http://")
	require.NotContains(t, string(page), "https://")
	_, init := get("/docs/init.js", "")
	require.Contains(t, string(init), "Redoc.init('/v1/openapi.json'")

	// The bundle, gzipped when asked (Go's client then decompresses), and
	// the same bytes plain.
	res, js := get("/docs/redoc.standalone.js", "")
	require.Contains(t, res.Header.Get("Content-Type"), "javascript")
	require.True(t, res.Uncompressed, "served gzipped to a client that accepts it")
	require.Greater(t, len(js), 1_000_000)
	require.Contains(t, string(js[:300]), "e.Redoc=")
	res, plain := get("/docs/redoc.standalone.js", "identity")
	require.Empty(t, res.Header.Get("Content-Encoding"))
	require.Equal(t, js, plain)
}

// TestMethodNotAllowedOnFreeRoutes: the routes without a key answer another
// method with the documented 405 envelope.
func TestMethodNotAllowedOnFreeRoutes(t *testing.T) {
	n := startNode(t, "")
	for _, p := range []string{"/v1/health", "/v1/openapi.json", "/docs"} {
		r := n.post(p, "", map[string]any{})
		requireError(t, r, 405, "method_not_allowed_error", "")
		require.Equal(t, "method_not_allowed", r.err0()["code"], p)
	}
}

// documentedErrors returns, per "METHOD /template", the (status, type, code)
// rows of the operation's generated error list.
func documentedErrors(t *testing.T) map[string]map[string]bool {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(httpapi.OpenAPIDocument(), &doc))
	out := map[string]map[string]bool{}
	for p, item := range doc.Paths {
		for m, raw := range item {
			var o struct {
				Description string `json:"description"`
			}
			if json.Unmarshal(raw, &o) != nil {
				continue
			}
			_, list, ok := strings.Cut(o.Description, "**Errors of this operation**")
			if !ok {
				continue
			}
			rows := map[string]bool{}
			for _, line := range strings.Split(list, "\n") {
				f := strings.Split(strings.ReplaceAll(line, "`", ""), "|")
				if len(f) == 5 {
					rows[strings.TrimSpace(f[1])+" "+strings.TrimSpace(f[2])+" "+strings.TrimSpace(f[3])] = true
				}
			}
			out[strings.ToUpper(m)+" "+p] = rows
		}
	}
	return out
}

// TestErrorListsMatchServer provokes errors on every operation and checks
// each answer's status, type and code is in that operation's generated
// error list: the catalogue's scopes say where each error happens.
func TestErrorListsMatchServer(t *testing.T) {
	lists := documentedErrors(t)
	n := startNode(t, "")
	_, key := n.liveKey()
	long := strings.Repeat("a", 5001)
	type probe struct {
		tmpl, path string
		admin      bool
		token      string
		hdr        map[string]string
		body       any
	}
	var probes []probe
	v1 := func(method, tmpl, path string, bodies ...any) {
		m := method + " " + tmpl
		probes = append(probes, probe{tmpl: m, path: path, body: bodies[0]})
		probes = append(probes, probe{tmpl: m, path: path, token: "svc_live_sk_wrong", body: bodies[0]})
		for _, b := range bodies {
			probes = append(probes, probe{tmpl: m, path: path, token: key, body: b})
		}
		if method == "POST" {
			probes = append(probes, probe{tmpl: m, path: path, token: key, body: "{", hdr: map[string]string{"Idempotency-Key": strings.Repeat("k", 300)}})
			probes = append(probes, probe{tmpl: m, path: path, token: key, body: "{"})
		}
	}
	v1("POST", "/v1/classify", "/v1/classify", map[string]any{}, map[string]any{"text": " "}, map[string]any{"text": 5}, map[string]any{"text": long})
	v1("POST", "/v1/classify", "/v1/classify?provider=llm_c", map[string]any{"text": "hi"})
	v1("POST", "/v1/translate", "/v1/translate", map[string]any{"text": "hi"}, map[string]any{"text": "hi", "target": "fr"}, map[string]any{"text": "hi", "target": "en", "source": "en"})
	v1("POST", "/v1/detect", "/v1/detect", map[string]any{}, map[string]any{"text": ""}, map[string]any{"text": long})
	v1("POST", "/v1/moderate", "/v1/moderate", map[string]any{"text": "x", "strictness": "max"}, map[string]any{"text": "x", "context": strings.Repeat("c", 2001)})
	rub := map[string]any{"categories": []any{map[string]any{"name": "A"}}}
	v1("POST", "/v1/rubric/classify", "/v1/rubric/classify", map[string]any{}, map[string]any{"text": "", "rubric": rub},
		map[string]any{"text": "x", "rubric": map[string]any{"categories": []any{}}}, map[string]any{"text": "x", "rubric": map[string]any{"categories": []any{"bare"}}},
		map[string]any{"text": long, "rubric": rub})
	v1("POST", "/v1/rubric/classify", "/v1/rubric/classify?provider=llm_c", map[string]any{"text": "x", "rubric": rub})
	v1("POST", "/v1/comments/{id}/reply", "/v1/comments/cls_01ARZ3NDEKTSV4RRFFQ69G5FAV/reply", map[string]any{}, map[string]any{"tone": "rude"})
	v1("POST", "/v1/report", "/v1/report", map[string]any{"comments": []any{}}, map[string]any{"tier": "gold"})
	v1("POST", "/v1/feedback", "/v1/feedback", map[string]any{}, map[string]any{"classification_id": "cls_01ARZ3NDEKTSV4RRFFQ69G5FAV", "rating": "correct"}, map[string]any{"classification_id": "x", "rating": "meh"})
	v1("GET", "/v1/comments", "/v1/comments?limit=0", nil)
	v1("GET", "/v1/comments", "/v1/comments?cursor=bogus", nil)
	v1("GET", "/v1/analytics", "/v1/analytics?group_by=year", nil)
	v1("GET", "/v1/usage", "/v1/usage?from=yesterday", nil)
	adm := func(method, tmpl, path string, body any) {
		m := method + " " + tmpl
		probes = append(probes, probe{tmpl: m, path: path, admin: true, token: adminToken, body: body})
		probes = append(probes, probe{tmpl: m, path: path, admin: true, token: "wrong", body: body})
	}
	adm("POST", "/admin/v1/accounts", "/admin/v1/accounts", map[string]any{})
	adm("POST", "/admin/v1/accounts", "/admin/v1/accounts", "{")
	adm("GET", "/admin/v1/accounts/{id}", "/admin/v1/accounts/acct_nope", nil)
	adm("POST", "/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/acct_nope/keys", map[string]any{"kind": "gold"})
	adm("POST", "/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/acct_nope/purchases", map[string]any{"pack_usd": 7})
	adm("POST", "/admin/v1/purchases/{id}/refund", "/admin/v1/purchases/pur_nope/refund", nil)
	adm("POST", "/admin/v1/keys/{id}/revoke", "/admin/v1/keys/key_nope/revoke", nil)
	adm("POST", "/admin/v1/clock", "/admin/v1/clock", map[string]any{"advance_seconds": -1})
	adm("POST", "/admin/v1/backup", "/admin/v1/backup", map[string]any{})

	seen := map[string]bool{}
	for _, p := range probes {
		method, _, _ := strings.Cut(p.tmpl, " ")
		base := n.base
		if p.admin {
			base = n.admin
		}
		r := n.doH(method, base+p.path, p.token, p.hdr, p.body)
		if r.status == 200 {
			continue
		}
		e := r.err0()
		require.NotNil(t, e, "%s %s: %s", p.tmpl, p.path, r.raw)
		row := fmt.Sprintf("%d %s %s", r.status, e["type"], e["code"])
		list, ok := lists[p.tmpl]
		require.True(t, ok, "%s has no error list", p.tmpl)
		require.True(t, list[row], "%s %s answered %s, not in its documented errors", p.tmpl, p.path, row)
		seen[row] = true
	}
	require.GreaterOrEqual(t, len(seen), 15, "the probes provoked too few distinct errors: %v", seen)
}
